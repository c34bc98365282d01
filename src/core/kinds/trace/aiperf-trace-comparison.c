/* aiperf-trace-comparison.c — the trace kind's comparison.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-compare-measure.h"
#include "aiperf-trace-kind-private.h"

/* Traces: each iteration's elapsed time (ProfilerStep spans, in step
 * order) resampled in blocks like requests, the GPU time breakdown part
 * by part, then the trace's kernels. */
void
aiperf_compare_trace (AiperfComparison *comparison,
                      const char       *configuration,
                      GPtrArray        *baseline,
                      GPtrArray        *candidate,
                      GCancellable     *cancellable)
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
  aiperf_compare_kernels (comparison, configuration, baseline, candidate, cancellable);
}
