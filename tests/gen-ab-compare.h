/* gen-ab-compare.h — generated pairs (gen-ab.h) through the comparison's
 * measuring, in memory: the detection rates of test-compare-detect and
 * bench-compare.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-compare.h"
#include "gen-ab.h"

/* Completion-ordered (count, seconds since the previous completion) of the
 * successful requests' tokens (@tokens 0: requests), as the serving
 * comparison builds them. */
static inline void
gen_ab_rate_samples (const GenAbRun *run,
                     double          tokens,
                     GArray         *x,
                     GArray         *w)
{
  guint n = run->end_ns->len;
  g_autofree guint *order = g_new (guint, n);
  gint64 previous = G_MAXINT64;

  for (guint i = 0; i < n; i++)
    {
      order[i] = i;
      previous = MIN (previous, g_array_index (run->start_ns, gint64, i));
    }
  /* Insertion sort by end: the ends are nearly in order already. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && g_array_index (run->end_ns, gint64, order[j]) <
                              g_array_index (run->end_ns, gint64, order[j - 1]); j--)
      {
        guint t = order[j];

        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  for (guint i = 0; i < n; i++)
    {
      gint64 end = g_array_index (run->end_ns, gint64, order[i]);
      double count = g_array_index (run->failed, gboolean, order[i]) ? 0 : tokens > 0 ? tokens : 1;
      double gap = MAX (end - previous, 0) / 1e9;

      g_array_append_val (x, count);
      g_array_append_val (w, gap);
      previous = MAX (previous, end);
    }
}

/* Baseline and candidate of @p with @n_runs runs a side, compared on TTFT,
 * ITL and request latency (avg, p50, p90, p99) and output and request
 * throughput: 14 records, verdicts given. */
static inline AiperfComparison *
gen_ab_compare (const GenAbParams *p,
                guint              n_runs,
                guint              n_boot)
{
  static const char * const tags[] = { "time_to_first_token", "inter_token_latency", "request_latency" };
  static const char * const stats[] = { "avg", "p50", "p90", "p99" };
  static const AiperfEstimator latency[] = {
    { AIPERF_ESTIMATOR_MEAN, 0 }, { AIPERF_ESTIMATOR_PERCENTILE, 50 },
    { AIPERF_ESTIMATOR_PERCENTILE, 90 }, { AIPERF_ESTIMATOR_PERCENTILE, 99 },
  };
  static const AiperfEstimator rate = { AIPERF_ESTIMATOR_RATIO, 0 };
  AiperfCompareSettings settings;
  AiperfComparison *comparison;
  g_autofree GenAbRun *runs = g_new0 (GenAbRun, 2 * n_runs);
  g_autoptr(GPtrArray) arrays = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autofree AiperfSampleRun *samples = g_new0 (AiperfSampleRun, 2 * n_runs);

  aiperf_compare_settings_init (&settings);
  settings.n_boot = n_boot;
  comparison = aiperf_comparison_new (&settings);
  for (guint r = 0; r < 2 * n_runs; r++)
    gen_ab_run (p, r >= n_runs, r % n_runs, &runs[r]);

  for (guint m = 0; m < G_N_ELEMENTS (tags) + 2; m++)
    {
      AiperfCompareRecord *records[4];
      AiperfCompareSide base = { n_runs, samples, NULL, runs[0].n_failed };
      AiperfCompareSide cand = { n_runs, samples + n_runs, NULL, runs[n_runs].n_failed };
      gboolean is_rate = m >= G_N_ELEMENTS (tags);
      guint n_est = is_rate ? 1 : 4;

      for (guint r = 0; r < 2 * n_runs; r++)
        {
          if (!is_rate)
            {
              GArray *x = m == 0 ? runs[r].ttft : m == 1 ? runs[r].itl : runs[r].latency;

              samples[r] = (AiperfSampleRun) { (const double *) x->data, NULL, x->len };
            }
          else
            {
              GArray *x = g_array_new (FALSE, FALSE, sizeof (double));
              GArray *w = g_array_new (FALSE, FALSE, sizeof (double));

              gen_ab_rate_samples (&runs[r], m == G_N_ELEMENTS (tags) ? 200 : 0, x, w);
              g_ptr_array_add (arrays, x);
              g_ptr_array_add (arrays, w);
              samples[r] = (AiperfSampleRun) { (const double *) x->data, (const double *) w->data, x->len };
            }
        }
      for (guint e = 0; e < n_est; e++)
        records[e] = aiperf_comparison_add_record (comparison, "generated",
                                                   "serving", is_rate ? (m == G_N_ELEMENTS (tags)
                                                                         ? "output_token_throughput"
                                                                         : "request_throughput")
                                                                      : tags[m],
                                                   NULL, is_rate ? "avg" : stats[e], NULL,
                                                   is_rate ? AIPERF_BETTER_HIGHER : AIPERF_BETTER_LOWER);
      aiperf_compare_measure (comparison, records, is_rate ? &rate : latency, n_est, &base, &cand);
    }
  aiperf_comparison_finish (comparison);
  for (guint r = 0; r < 2 * n_runs; r++)
    gen_ab_run_clear (&runs[r]);
  return comparison;
}

/* Of @comparison's records with @stat (NULL: all; "throughput": the two
 * throughputs), how many are flagged
 * (regression or improvement) and how many were tested at all. */
static inline void
gen_ab_count (const AiperfComparison *comparison,
              const char             *stat,
              guint                  *flagged,
              guint                  *total)
{
  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *r = g_ptr_array_index (comparison->records, i);

      gboolean is_rate = g_str_has_suffix (r->metric, "_throughput");

      if (stat != NULL && g_str_equal (stat, "throughput") ? !is_rate
          : stat != NULL && (is_rate || g_strcmp0 (r->stat, stat) != 0))
        continue;
      (*total)++;
      if (r->verdict == AIPERF_VERDICT_REGRESSION || r->verdict == AIPERF_VERDICT_IMPROVEMENT)
        (*flagged)++;
    }
}
