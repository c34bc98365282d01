/* aiperf-compare.c — comparison records: measuring one metric of a paired
 * configuration, the false discovery rate over all of them, verdicts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "aiperf-compare.h"

/* Fewer repeats than this on a side: the p-value comes from every
 * permutation of the run-level values rather than Welch's t (whose df
 * would be 1). Two against two can never reach p < 0.05 that way (1/3 at
 * best): the verdict then says no significant change, honestly. */
#define PERMUTATION_BELOW 3
#define MAX_SPLITS 20000

void
aiperf_compare_settings_init (AiperfCompareSettings *settings)
{
  g_return_if_fail (settings != NULL);

  settings->min_effect = 0.02;
  settings->level = 0.95;
  settings->alpha = 0.05;
  settings->n_boot = 2000;
  settings->seed = 20240601;
}

static void
record_free (gpointer data)
{
  AiperfCompareRecord *record = data;

  g_free (record->configuration);
  g_free (record->kind);
  g_free (record->metric);
  g_free (record->label);
  g_free (record->stat);
  g_free (record->unit);
  g_free (record->reason);
  g_free (record);
}

static void
unpaired_free (gpointer data)
{
  AiperfCompareUnpaired *unpaired = data;

  g_free (unpaired->configuration);
  g_free (unpaired->kind);
  g_ptr_array_unref (unpaired->runs);
  g_free (unpaired);
}

AiperfComparison *
aiperf_comparison_new (const AiperfCompareSettings *settings)
{
  AiperfComparison *comparison = g_new0 (AiperfComparison, 1);

  if (settings != NULL)
    comparison->settings = *settings;
  else
    aiperf_compare_settings_init (&comparison->settings);
  comparison->records = g_ptr_array_new_with_free_func (record_free);
  comparison->unpaired = g_ptr_array_new_with_free_func (unpaired_free);
  comparison->notes = g_ptr_array_new_with_free_func (g_free);
  return comparison;
}

void
aiperf_comparison_free (AiperfComparison *comparison)
{
  if (comparison == NULL)
    return;
  g_ptr_array_unref (comparison->records);
  g_ptr_array_unref (comparison->unpaired);
  g_ptr_array_unref (comparison->notes);
  g_free (comparison);
}

AiperfCompareRecord *
aiperf_comparison_add_record (AiperfComparison *comparison,
                              const char       *configuration,
                              const char       *kind,
                              const char       *metric,
                              const char       *label,
                              const char       *stat,
                              const char       *unit,
                              AiperfBetter      better)
{
  AiperfCompareRecord *record;

  g_return_val_if_fail (comparison != NULL, NULL);

  record = g_new0 (AiperfCompareRecord, 1);
  record->configuration = g_strdup (configuration);
  record->kind = g_strdup (kind);
  record->metric = g_strdup (metric);
  record->label = g_strdup (label != NULL ? label : metric);
  record->stat = g_strdup (stat);
  record->unit = g_strdup (unit != NULL ? unit : "");
  record->better = better;
  record->baseline = record->candidate = record->change = NAN;
  record->ci_lo = record->ci_hi = record->p = record->q = NAN;
  record->within_run_se = record->between_run_sd = NAN;
  record->verdict = AIPERF_VERDICT_NOT_ENOUGH_DATA;
  g_ptr_array_add (comparison->records, record);
  return record;
}

/* Each run's value of estimator @e: from its samples when it has them,
 * else its summary's. Finite ones only. */
static guint
run_values (const AiperfCompareSide *side,
            const AiperfEstimator   *estimators,
            guint                    n_est,
            guint                    e,
            double                  *out)
{
  guint n = 0;

  for (guint r = 0; r < side->n_runs; r++)
    {
      double v = side->samples != NULL && side->samples[r].n >= 2
               ? aiperf_compare_estimate (&estimators[e], &side->samples[r], 1)
               : side->values != NULL ? side->values[r * n_est + e] : NAN;

      if (isfinite (v))
        out[n++] = v;
    }
  return n;
}

static gboolean
side_has_samples (const AiperfCompareSide *side)
{
  if (side->n_runs == 0 || side->samples == NULL)
    return FALSE;
  for (guint r = 0; r < side->n_runs; r++)
    if (side->samples[r].n < 2)
      return FALSE;
  return TRUE;
}

static guint
side_n_samples (const AiperfCompareSide *side)
{
  guint n = 0;

  for (guint r = 0; side->samples != NULL && r < side->n_runs; r++)
    n += side->samples[r].n;
  return n;
}

static double
mean_of (const double *x,
         guint         n)
{
  double sum = 0;

  for (guint i = 0; i < n; i++)
    sum += x[i];
  return sum / n;
}

static double
sd_of (const double *x,
       guint         n)
{
  double mean = mean_of (x, n), ss = 0;

  for (guint i = 0; i < n; i++)
    ss += (x[i] - mean) * (x[i] - mean);
  return n > 1 ? sqrt (ss / (n - 1)) : NAN;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Linear-interpolated percentile of sorted values. */
static double
sorted_percentile (const double *sorted,
                   guint         n,
                   double        pct)
{
  double rank = pct / 100.0 * (n - 1);
  guint k = (guint) floor (rank);

  if (k + 1 >= n)
    return sorted[n - 1];
  return sorted[k] + (sorted[k + 1] - sorted[k]) * (rank - k);
}

/* A run's own uncertainty, relative: the bootstrap spread of each run's
 * estimate over the estimate, averaged over @side's runs. */
static void
within_run_se (const AiperfCompareSide *side,
               const AiperfEstimator   *estimators,
               guint                    n_est,
               guint                    n_boot,
               guint64                  seed,
               double                  *out)
{
  g_autofree double *reps = g_new (double, (gsize) n_boot * n_est);
  g_autofree double *column = g_new (double, n_boot);
  guint n_runs = 0;

  for (guint e = 0; e < n_est; e++)
    out[e] = 0;
  for (guint r = 0; r < side->n_runs; r++)
    {
      if (side->samples == NULL || side->samples[r].n < 2)
        continue;
      aiperf_compare_block_bootstrap (&side->samples[r], 1, estimators, n_est, n_boot, seed + r, reps);
      for (guint e = 0; e < n_est; e++)
        {
          double estimate = aiperf_compare_estimate (&estimators[e], &side->samples[r], 1);

          for (guint b = 0; b < n_boot; b++)
            column[b] = reps[(gsize) b * n_est + e];
          out[e] += sd_of (column, n_boot) / fabs (estimate);
        }
      n_runs++;
    }
  for (guint e = 0; e < n_est; e++)
    out[e] = n_runs > 0 ? out[e] / n_runs : NAN;
}

static void
measure_repeats (AiperfCompareRecord *record,
                 const double        *vb,
                 guint                nb,
                 const double        *vc,
                 guint                nc,
                 double               level,
                 guint64              seed)
{
  AiperfWelch welch;
  double base = mean_of (vb, nb), sb = sd_of (vb, nb), sc = sd_of (vc, nc);

  record->baseline = base;
  record->candidate = mean_of (vc, nc);
  record->change = record->candidate / base - 1;
  record->n_baseline = nb;
  record->n_candidate = nc;
  record->between_run_sd = sqrt (((nb - 1) * sb * sb + (nc - 1) * sc * sc) / (nb + nc - 2)) / fabs (base);
  aiperf_compare_welch (vb, nb, vc, nc, level, &welch);
  record->ci_lo = welch.ci_lo / base;
  record->ci_hi = welch.ci_hi / base;
  if (MIN (nb, nc) < PERMUTATION_BELOW)
    {
      record->test = AIPERF_TEST_PERMUTATION;
      record->p = aiperf_compare_permutation_test (vb, nb, vc, nc, MAX_SPLITS, seed);
    }
  else
    {
      record->test = AIPERF_TEST_WELCH;
      record->p = isnan (welch.p) ? (record->change == 0 ? 1.0 : NAN) : welch.p;
      if (isnan (record->p))
        record->reason = g_strdup (_("no spread between repeats to test"));
    }
  if (base < 0)
    {
      double lo = record->ci_lo;

      record->ci_lo = record->ci_hi;
      record->ci_hi = lo;
    }
}

/* Block bootstrap of both sides for every estimator. */
static void
measure_samples (AiperfCompareRecord   **records,
                 const AiperfEstimator  *estimators,
                 guint                   n_est,
                 const AiperfCompareSide *baseline,
                 const AiperfCompareSide *candidate,
                 const AiperfCompareSettings *settings,
                 guint64                 seed)
{
  guint n_boot = MAX (settings->n_boot, 50);
  g_autofree double *rb = g_new (double, (gsize) n_boot * n_est);
  g_autofree double *rc = g_new (double, (gsize) n_boot * n_est);
  g_autofree double *rel = g_new (double, n_boot);
  g_autofree double *logs = g_new (double, n_boot);

  aiperf_compare_block_bootstrap (baseline->samples, baseline->n_runs, estimators, n_est,
                                  n_boot, seed ^ 0xB, rb);
  aiperf_compare_block_bootstrap (candidate->samples, candidate->n_runs, estimators, n_est,
                                  n_boot, seed ^ 0xC, rc);
  for (guint e = 0; e < n_est; e++)
    {
      AiperfCompareRecord *record = records[e];
      double base = aiperf_compare_estimate (&estimators[e], baseline->samples, baseline->n_runs);
      double cand = aiperf_compare_estimate (&estimators[e], candidate->samples, candidate->n_runs);
      gboolean positive = base > 0 && cand > 0;
      guint n = 0;
      double spread, shift, half = (1 - settings->level) / 2 * 100;

      record->test = AIPERF_TEST_BLOCK_BOOTSTRAP;
      record->baseline = base;
      record->candidate = cand;
      record->change = cand / base - 1;
      record->n_baseline = side_n_samples (baseline);
      record->n_candidate = side_n_samples (candidate);
      for (guint b = 0; b < n_boot; b++)
        {
          double xb = rb[(gsize) b * n_est + e], xc = rc[(gsize) b * n_est + e];

          if (!isfinite (xb) || !isfinite (xc) || xb == 0)
            continue;
          rel[n] = xc / xb - 1;
          logs[n] = positive && xb > 0 && xc > 0 ? log (xc / xb) : rel[n];
          n++;
        }
      if (n < 10 || !isfinite (record->change))
        {
          g_free (record->reason);
          record->reason = g_strdup (_("the resamples gave no finite values"));
          continue;
        }
      qsort (rel, n, sizeof (double), compare_doubles);
      record->ci_lo = sorted_percentile (rel, n, half);
      record->ci_hi = sorted_percentile (rel, n, 100 - half);
      /* Normal approximation of the log ratio's resampling distribution:
       * a continuous p (the fraction of resamples past zero is at best
       * 1/n_boot, too coarse for an FDR over dozens of metrics). */
      spread = sd_of (logs, n);
      shift = positive ? log (cand / base) : record->change;
      if (spread > 0)
        record->p = 2 * aiperf_compare_normal_cdf (-fabs (shift / spread));
      else
        record->p = shift == 0 ? 1.0 : 0.0;
      record->within_run_se = sd_of (rel, n);
    }
}

static char *
lacking_reason (const AiperfCompareSide *side,
                guint                    n_values,
                const char              *name)
{
  if (n_values >= 2 || side_has_samples (side))
    return NULL;
  return g_strdup_printf (_("%s: %u run, no per-request data"), name, n_values);
}

typedef enum {
  MODE_ONE_SIDE,
  MODE_REPEATS,
  MODE_SAMPLES,
  MODE_LACKING,
} Mode;

static void
record_reset (AiperfCompareRecord *record)
{
  record->test = AIPERF_TEST_NONE;
  record->ci_lo = record->ci_hi = record->p = NAN;
  record->within_run_se = record->between_run_sd = NAN;
  g_clear_pointer (&record->reason, g_free);
}

void
aiperf_compare_measure (AiperfComparison        *comparison,
                        AiperfCompareRecord    **records,
                        const AiperfEstimator   *estimators,
                        guint                    n_est,
                        const AiperfCompareSide *baseline,
                        const AiperfCompareSide *candidate)
{
  g_autofree double *vb = g_new (double, MAX (baseline->n_runs, 1));
  g_autofree double *vc = g_new (double, MAX (candidate->n_runs, 1));
  g_autofree double *within_b = g_new (double, MAX (n_est, 1));
  g_autofree double *within_c = g_new (double, MAX (n_est, 1));
  g_autofree Mode *modes = g_new (Mode, MAX (n_est, 1));
  gboolean samples = side_has_samples (baseline) && side_has_samples (candidate);
  gboolean any_samples = FALSE, any_repeats = FALSE;
  guint64 seed;

  g_return_if_fail (comparison != NULL && records != NULL && estimators != NULL);

  seed = aiperf_compare_seed_for (comparison->settings.seed, records[0]->configuration);
  seed = aiperf_compare_seed_for (seed, records[0]->metric);
  for (guint e = 0; e < n_est; e++)
    {
      guint nb = run_values (baseline, estimators, n_est, e, vb);
      guint nc = run_values (candidate, estimators, n_est, e, vc);

      if (nb == 0 || nc == 0)
        modes[e] = MODE_ONE_SIDE;
      else if (nb >= 2 && nc >= 2)
        modes[e] = MODE_REPEATS;
      else if (samples)
        modes[e] = MODE_SAMPLES;
      else
        modes[e] = MODE_LACKING;
      any_samples |= modes[e] == MODE_SAMPLES;
      any_repeats |= modes[e] == MODE_REPEATS;
    }
  /* One resampling serves every estimator; those measured otherwise are
   * set again below. */
  if (any_samples)
    measure_samples (records, estimators, n_est, baseline, candidate,
                     &comparison->settings, seed);
  if (any_repeats && samples)
    {
      /* Repeats with requests: a run's own spread, kept apart from the
       * spread between runs. */
      guint n_boot = MAX (comparison->settings.n_boot / 4, 50);

      within_run_se (baseline, estimators, n_est, n_boot, seed ^ 0x1B, within_b);
      within_run_se (candidate, estimators, n_est, n_boot, seed ^ 0x1C, within_c);
    }

  for (guint e = 0; e < n_est; e++)
    {
      AiperfCompareRecord *record = records[e];
      guint nb = run_values (baseline, estimators, n_est, e, vb);
      guint nc = run_values (candidate, estimators, n_est, e, vc);

      record->runs_baseline = baseline->n_runs;
      record->runs_candidate = candidate->n_runs;
      record->failed_baseline = baseline->n_failed;
      record->failed_candidate = candidate->n_failed;
      if (modes[e] == MODE_SAMPLES)
        continue;
      record_reset (record);
      if (modes[e] == MODE_ONE_SIDE)
        {
          record->baseline = nb > 0 ? mean_of (vb, nb) : NAN;
          record->candidate = nc > 0 ? mean_of (vc, nc) : NAN;
          record->change = NAN;
          record->reason = g_strdup (nb == 0 && nc == 0 ? _("no value on either side")
                                     : nb == 0 ? _("only in the candidate")
                                     : _("only in the baseline"));
        }
      else if (modes[e] == MODE_REPEATS)
        {
          measure_repeats (record, vb, nb, vc, nc, comparison->settings.level, seed + e);
          if (samples)
            record->within_run_se = 0.5 * (within_b[e] + within_c[e]);
        }
      else
        {
          record->baseline = mean_of (vb, nb);
          record->candidate = mean_of (vc, nc);
          record->change = record->candidate / record->baseline - 1;
          record->n_baseline = nb;
          record->n_candidate = nc;
          if (nb == 1 && nc == 1)
            record->reason = g_strdup (_("one run per side and no per-request data"));
          else
            {
              g_autofree char *b = lacking_reason (baseline, nb, _("baseline"));
              g_autofree char *c = lacking_reason (candidate, nc, _("candidate"));

              record->reason = g_strdup_printf ("%s%s%s", b != NULL ? b : "",
                                                b != NULL && c != NULL ? "; " : "",
                                                c != NULL ? c : "");
            }
        }
    }
}

void
aiperf_compare_measure_summary (AiperfCompareRecord *record,
                                double n_a, double mean_a, double std_a,
                                double n_b, double mean_b, double std_b,
                                double level)
{
  AiperfWelch welch;

  g_return_if_fail (record != NULL);

  record->baseline = mean_a;
  record->candidate = mean_b;
  record->change = mean_b / mean_a - 1;
  record->n_baseline = isfinite (n_a) && n_a > 0 ? (guint) n_a : 0;
  record->n_candidate = isfinite (n_b) && n_b > 0 ? (guint) n_b : 0;
  record->test = AIPERF_TEST_WELCH_SUMMARY;
  if (!aiperf_compare_welch_summary (n_a, mean_a, std_a, n_b, mean_b, std_b, level, &welch) ||
      mean_a == 0)
    {
      record->test = AIPERF_TEST_NONE;
      g_free (record->reason);
      record->reason = g_strdup (_("fewer than two instances on a side, or no spread"));
      return;
    }
  record->p = welch.p;
  record->ci_lo = welch.ci_lo / mean_a;
  record->ci_hi = welch.ci_hi / mean_a;
}
