/* aiperf-compare-kernels.c — kernel summaries and other kinds' summary
 * metrics.
 *
 * An Nsight summary (or a trace's kernels table) gives each kernel's
 * instance count, mean and standard deviation, not the instances: Welch's
 * test is made from those three numbers on each side (labelled
 * welch-from-summary). Repeats of a side are pooled instance by instance.
 * A category is the pool of its kernels. A kernel's total time changes
 * with its mean and its count; the count is no noise, so the total's
 * spread is that of the sum of its instances (n σ² a side).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-compare-private.h"
#include "aiperf-kernels-private.h"
#include "aiperf-metric-registry.h"

/* Kernels compared one by one: the largest by the baseline's total. */
#define TOP_KERNELS 15

static void
stat_init (AiperfKernelStat *stat)
{
  *stat = (AiperfKernelStat) { 0 };
  stat->calls = stat->total = stat->min = stat->max = stat->avg = stat->med = stat->std = NAN;
  stat->med_weight = NAN;
  stat->sum_sq = 0;
}

/* Every source's kernels (or one category's) pooled into @out. */
static void
pool (AiperfKernelData *data,
      const char       *name,
      const char       *category,
      AiperfKernelStat *out)
{
  stat_init (out);
  for (guint s = 0; data != NULL && s < data->sources->len; s++)
    {
      const AiperfKernelSource *source = g_ptr_array_index (data->sources, s);

      for (guint k = 0; k < source->kernels->len; k++)
        {
          const AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);

          if ((name != NULL && g_str_equal (stat->name, name)) ||
              (category != NULL && g_strcmp0 (stat->category, category) == 0))
            aiperf_kernel_stat_combine (out, stat);
        }
    }
}

static AiperfKernelData *
data_of (GPtrArray *runs)
{
  g_autoptr(AiperfRunSet) set = aiperf_run_set_new ();

  for (guint r = 0; r < runs->len; r++)
    aiperf_run_set_add (set, g_ptr_array_index (runs, r));
  return aiperf_kernel_data_new (set);
}

static void
measure_pair (AiperfComparison       *comparison,
              const char             *configuration,
              const char             *metric,
              const char             *label,
              const AiperfKernelStat *a,
              const AiperfKernelStat *b,
              guint                   runs_a,
              guint                   runs_b)
{
  double scale_ns, total_scale;
  const char *unit = aiperf_kernel_time_unit (isnan (a->avg) ? b->avg : a->avg, &scale_ns);
  const char *total_unit = aiperf_kernel_time_unit (isnan (a->total) ? b->total : a->total, &total_scale);
  AiperfCompareRecord *avg = aiperf_comparison_add_record (comparison, configuration, "kernels", metric,
                                                           label, "avg", unit, AIPERF_BETTER_LOWER);
  AiperfCompareRecord *total = aiperf_comparison_add_record (comparison, configuration, "kernels", metric,
                                                             label, "total", total_unit, AIPERF_BETTER_LOWER);

  avg->runs_baseline = total->runs_baseline = runs_a;
  avg->runs_candidate = total->runs_candidate = runs_b;
  if (isnan (a->calls) || isnan (b->calls))
    {
      const char *why = isnan (a->calls) ? _("only in the candidate") : _("only in the baseline");

      avg->baseline = a->avg / scale_ns;
      avg->candidate = b->avg / scale_ns;
      total->baseline = a->total / total_scale;
      total->candidate = b->total / total_scale;
      avg->reason = g_strdup (why);
      total->reason = g_strdup (why);
      return;
    }
  aiperf_compare_measure_summary (avg, a->calls, a->avg / scale_ns, a->std / scale_ns,
                                  b->calls, b->avg / scale_ns, b->std / scale_ns,
                                  comparison->settings.level);
  total->baseline = a->total / total_scale;
  total->candidate = b->total / total_scale;
  total->change = b->total / a->total - 1;
  total->n_baseline = avg->n_baseline;
  total->n_candidate = avg->n_candidate;
  total->test = avg->test;
  if (isfinite (avg->ci_lo))
    {
      /* A total is count × mean; the count is no noise, the instances'
       * times are: Var(total) = n σ² on each side. */
      double se = sqrt (a->calls * a->std * a->std + b->calls * b->std * b->std);
      double diff = b->total - a->total, z = 1.959963984540054;

      if (se > 0)
        {
          total->p = 2 * aiperf_compare_normal_cdf (-fabs (diff / se));
          total->ci_lo = (diff - z * se) / a->total;
          total->ci_hi = (diff + z * se) / a->total;
        }
      else
        {
          total->p = diff == 0 ? 1.0 : 0.0;
          total->ci_lo = total->ci_hi = total->change;
        }
      if (a->calls != b->calls)
        total->reason = g_strdup_printf (_("instances differ: %.0f → %.0f"), a->calls, b->calls);
    }
  else
    total->reason = g_strdup (avg->reason);
}

void
aiperf_compare_kernels (AiperfComparison *comparison,
                        const char       *configuration,
                        GPtrArray        *baseline,
                        GPtrArray        *candidate)
{
  g_autoptr(AiperfKernelData) a = data_of (baseline);
  g_autoptr(AiperfKernelData) b = data_of (candidate);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GPtrArray *categories;

  if (a == NULL || b == NULL)
    {
      aiperf_compare_summaries (comparison, configuration, baseline, candidate);
      return;
    }
  /* The largest kernels of either side (a kernel gone or new is news). */
  for (guint side = 0; side < 2; side++)
    {
      AiperfKernelData *data = side == 0 ? a : b;
      GPtrArray *ranked = aiperf_kernel_data_ranked_names (data);

      for (guint i = 0; i < ranked->len && i < TOP_KERNELS; i++)
        if (g_hash_table_add (seen, g_ptr_array_index (ranked, i)))
          g_ptr_array_add (names, g_ptr_array_index (ranked, i));
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *label = aiperf_kernel_short_name (name, 60);
      AiperfKernelStat sa, sb;

      pool (a, name, NULL, &sa);
      pool (b, name, NULL, &sb);
      measure_pair (comparison, configuration, name, label, &sa, &sb, baseline->len, candidate->len);
    }
  categories = a->categories;
  for (guint i = 0; i < categories->len; i++)
    {
      const char *category = g_ptr_array_index (categories, i);
      g_autofree char *metric = g_strdup_printf ("category:%s", category);
      g_autofree char *label = g_strdup_printf (_("Category %s"), category);
      AiperfKernelStat sa, sb;

      pool (a, NULL, category, &sa);
      pool (b, NULL, category, &sb);
      if (isnan (sa.calls) && isnan (sb.calls))
        continue;
      measure_pair (comparison, configuration, metric, label, &sa, &sb, baseline->len, candidate->len);
    }
}

static AiperfStat summary_stats[] = { AIPERF_STAT_AVG };

/* One run a side whose summary keeps count, mean and std (cutileGPT's
 * timed iterations): Welch from those. */
static gboolean
welch_from_stats (AiperfCompareRecord *record,
                  AiperfRun           *a,
                  AiperfRun           *b,
                  const char          *tag,
                  double               level)
{
  double na, ma, sa, nb, mb, sb;

  if (!aiperf_run_get_metric (a, tag, AIPERF_STAT_COUNT, &na) || !aiperf_run_get_metric (a, tag, AIPERF_STAT_AVG, &ma) ||
      !aiperf_run_get_metric (a, tag, AIPERF_STAT_STD, &sa) || !aiperf_run_get_metric (b, tag, AIPERF_STAT_COUNT, &nb) ||
      !aiperf_run_get_metric (b, tag, AIPERF_STAT_AVG, &mb) || !aiperf_run_get_metric (b, tag, AIPERF_STAT_STD, &sb) ||
      !(na >= 2 && nb >= 2 && isfinite (sa) && isfinite (sb)))
    return FALSE;
  record->runs_baseline = record->runs_candidate = 1;
  aiperf_compare_measure_summary (record, na, ma, sa, nb, mb, sb, level);
  return TRUE;
}

void
aiperf_compare_summaries (AiperfComparison *comparison,
                          const char       *configuration,
                          GPtrArray        *baseline,
                          GPtrArray        *candidate)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  static const AiperfEstimator estimator = { AIPERF_ESTIMATOR_MEAN, 0 };

  for (guint side = 0; side < 2; side++)
    {
      GPtrArray *runs = side == 0 ? baseline : candidate;

      for (guint r = 0; r < runs->len; r++)
        {
          g_autoptr(GPtrArray) listed = aiperf_run_list_metrics (g_ptr_array_index (runs, r));

          for (guint i = 0; i < listed->len; i++)
            if (!g_hash_table_contains (seen, g_ptr_array_index (listed, i)))
              {
                char *tag = g_strdup (g_ptr_array_index (listed, i));

                g_ptr_array_add (tags, tag);
                g_hash_table_add (seen, tag);
              }
        }
    }
  for (guint i = 0; i < tags->len; i++)
    {
      const char *tag = g_ptr_array_index (tags, i);
      const AiperfMetricInfo *info = aiperf_metric_registry_lookup (tag);
      g_autoptr(GArray) vb = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) vc = g_array_new (FALSE, FALSE, sizeof (double));
      AiperfCompareSide sb = { 0 }, sc = { 0 };
      AiperfCompareRecord *record;
      const char *unit = NULL;

      for (guint side = 0; side < 2; side++)
        {
          GPtrArray *runs = side == 0 ? baseline : candidate;

          for (guint r = 0; r < runs->len; r++)
            {
              AiperfRun *run = g_ptr_array_index (runs, r);
              double v;

              if (!aiperf_run_get_metric (run, tag, summary_stats[0], &v))
                v = NAN;
              g_array_append_val (side == 0 ? vb : vc, v);
              if (unit == NULL)
                unit = aiperf_run_get_metric_unit (run, tag);
            }
        }
      record = aiperf_comparison_add_record (comparison, configuration,
                                             aiperf_run_get_kind (g_ptr_array_index (baseline, 0)),
                                             tag, info != NULL ? info->display_name : tag, "avg", unit,
                                             aiperf_metric_registry_larger_is_better (tag)
                                             ? AIPERF_BETTER_HIGHER : AIPERF_BETTER_LOWER);
      if (baseline->len == 1 && candidate->len == 1 &&
          welch_from_stats (record, g_ptr_array_index (baseline, 0), g_ptr_array_index (candidate, 0), tag,
                            comparison->settings.level))
        continue;
      sb.n_runs = baseline->len;
      sb.values = (const double *) vb->data;
      sc.n_runs = candidate->len;
      sc.values = (const double *) vc->data;
      aiperf_compare_measure (comparison, &record, &estimator, 1, &sb, &sc);
    }
}

/* Traces: each iteration's elapsed time (ProfilerStep spans, in step
 * order) resampled in blocks like requests, the GPU time breakdown part
 * by part, then the trace's kernels. */
void
aiperf_compare_trace (AiperfComparison *comparison,
                      const char       *configuration,
                      GPtrArray        *baseline,
                      GPtrArray        *candidate)
{
  static const AiperfEstimator estimators[] = {
    { AIPERF_ESTIMATOR_MEAN, 0 }, { AIPERF_ESTIMATOR_PERCENTILE, 50 }, { AIPERF_ESTIMATOR_PERCENTILE, 90 },
  };
  static const char * const stats[] = { "avg", "p50", "p90" };
  g_autofree AiperfSampleRun *samples = g_new0 (AiperfSampleRun, baseline->len + candidate->len);
  gboolean any = FALSE;

  for (guint r = 0; r < baseline->len + candidate->len; r++)
    {
      AiperfRun *run = g_ptr_array_index (r < baseline->len ? baseline : candidate,
                                          r < baseline->len ? r : r - baseline->len);
      AiperfTable *steps = aiperf_run_get_table (run, "iterations");
      const double *duration = steps != NULL ? aiperf_table_get_column (steps, "duration_ms") : NULL;

      if (duration != NULL)
        {
          samples[r] = (AiperfSampleRun) { duration, NULL, aiperf_table_get_n_rows (steps) };
          any = TRUE;
        }
    }
  if (any)
    {
      AiperfCompareRecord *records[G_N_ELEMENTS (stats)];
      AiperfCompareSide base = { baseline->len, samples, NULL, 0 };
      AiperfCompareSide cand = { candidate->len, samples + baseline->len, NULL, 0 };

      for (guint e = 0; e < G_N_ELEMENTS (stats); e++)
        records[e] = aiperf_comparison_add_record (comparison, configuration, "trace", "iteration_time",
                                                   _("Iteration Time"), stats[e], "ms", AIPERF_BETTER_LOWER);
      aiperf_compare_measure (comparison, records, estimators, G_N_ELEMENTS (stats), &base, &cand);
    }
  aiperf_compare_trace_breakdown (comparison, configuration, baseline, candidate);
  aiperf_compare_kernels (comparison, configuration, baseline, candidate);
}
