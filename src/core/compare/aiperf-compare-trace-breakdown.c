/* aiperf-compare-trace-breakdown.c — two traces' GPU time breakdowns
 * compared part by part, as TraceLens's compare report sets two
 * gpu_timeline sheets side by side: busy, idle, computation, exposed
 * communication and memcpy, and the window, each summed over a run's
 * GPUs (GPU-side ProfilerStep window, as gpu_timeline.csv), and HTA's
 * idle share of the span of its device events. A side's repeats are its
 * runs; one run a side is one value a side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-compare-measure.h"
#include "aiperf-trace-store.h"

typedef enum {
  PART_BUSY,
  PART_IDLE,
  PART_COMPUTATION,
  PART_EXPOSED_COMM,
  PART_EXPOSED_MEMCPY,
  PART_WINDOW,
  PART_HTA_IDLE_SHARE,
  N_PARTS
} Part;

static const struct {
  const char *metric, *label, *unit;
} parts[N_PARTS] = {
  { "gpu_busy_time", N_("GPU Busy Time"), "ms" },
  { "gpu_idle_time", N_("GPU Idle Time"), "ms" },
  { "gpu_computation_time", N_("GPU Computation Time"), "ms" },
  { "gpu_exposed_comm_time", N_("Exposed Communication Time"), "ms" },
  { "gpu_exposed_memcpy_time", N_("Exposed Memcpy Time"), "ms" },
  { "gpu_window_time", N_("GPU Time Window"), "ms" },
  { "hta_idle_share", N_("GPU Idle Share (HTA)"), "%" },
};

/* @run's value of @part, NaN when it ran nothing on a GPU. */
static double
part_of (AiperfRun *run,
         Part       part)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  const GArray *all;
  double sum = 0, idle = 0, span = 0;

  if (store == NULL)
    return NAN;
  if (part == PART_HTA_IDLE_SHARE)
    {
      all = aiperf_trace_store_get_temporal (store);
      for (guint i = 0; i < all->len; i++)
        {
          idle += g_array_index (all, AiperfTraceTemporal, i).idle_us;
          span += g_array_index (all, AiperfTraceTemporal, i).kernel_time_us;
        }
      return span > 0 ? 100 * idle / span : NAN;
    }
  all = aiperf_trace_store_get_breakdowns (store, TRUE);
  if (all->len == 0)
    return NAN;
  for (guint i = 0; i < all->len; i++)
    {
      const AiperfTraceBreakdown *b = &g_array_index (all, AiperfTraceBreakdown, i);
      double v[] = { b->busy_us, b->idle_us, b->computation_us, b->exposed_comm_us, b->exposed_memcpy_us, b->total_us };

      sum += v[part] / 1e3;
    }
  return sum;
}

void
aiperf_compare_trace_breakdown (AiperfComparison *comparison,
                                const char       *configuration,
                                GPtrArray        *baseline,
                                GPtrArray        *candidate)
{
  static const AiperfEstimator estimator = { AIPERF_ESTIMATOR_MEAN, 0 };

  for (guint p = 0; p < N_PARTS; p++)
    {
      g_autoptr(GArray) vb = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) vc = g_array_new (FALSE, FALSE, sizeof (double));
      AiperfCompareSide sb = { 0 }, sc = { 0 };
      AiperfCompareRecord *record;
      gboolean any[2] = { FALSE, FALSE };

      for (guint side = 0; side < 2; side++)
        {
          GPtrArray *runs = side == 0 ? baseline : candidate;

          for (guint r = 0; r < runs->len; r++)
            {
              double v = part_of (g_ptr_array_index (runs, r), p);

              any[side] |= !isnan (v);
              g_array_append_val (side == 0 ? vb : vc, v);
            }
        }
      /* A part neither side has (a CPU-only trace) is no row. */
      if (!any[0] && !any[1])
        continue;
      record = aiperf_comparison_add_record (comparison, configuration, "trace", parts[p].metric, _(parts[p].label),
                                             "avg", parts[p].unit, AIPERF_BETTER_LOWER);
      sb = (AiperfCompareSide) { baseline->len, NULL, (const double *) vb->data, 0 };
      sc = (AiperfCompareSide) { candidate->len, NULL, (const double *) vc->data, 0 };
      aiperf_compare_measure (comparison, &record, &estimator, 1, &sb, &sc);
    }
}
