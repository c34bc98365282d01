/* aiperf-compare-summaries.c — the comparison of a kind without a
 * measuring of its own: every summary metric of the runs, run-level values
 * (Welch from count, mean and std when one run a side keeps them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-compare-measure.h"
#include "aiperf-metric-registry.h"

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

/* @run has @tag's mean and spread but no count: what a Welch from the
 * summary lacks (a cutileGPT timing without n_iterations). */
static gboolean
lacks_count (AiperfRun  *run,
             const char *tag)
{
  double v;

  return aiperf_run_get_metric (run, tag, AIPERF_STAT_AVG, &v) && aiperf_run_get_metric (run, tag, AIPERF_STAT_STD, &v) &&
         !aiperf_run_get_metric (run, tag, AIPERF_STAT_COUNT, &v);
}

void
aiperf_compare_summaries (AiperfComparison *comparison,
                          const char       *configuration,
                          GPtrArray        *baseline,
                          GPtrArray        *candidate,
                          GCancellable     *cancellable)
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
      if (baseline->len == 1 && candidate->len == 1 && record->test == AIPERF_TEST_NONE &&
          lacks_count (g_ptr_array_index (baseline, 0), tag) + lacks_count (g_ptr_array_index (candidate, 0), tag) > 0)
        {
          g_free (record->reason);
          record->reason = g_strdup (_("a mean and a spread but not how many iterations they are over"));
        }
    }
}
