/* aiperf-kernels-comparison.c — the kernels kind's comparison: kernel
 * summaries.
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

#include "aiperf-compare-measure.h"
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
                        GPtrArray        *candidate,
                        GCancellable     *cancellable)
{
  g_autoptr(AiperfKernelData) a = data_of (baseline);
  g_autoptr(AiperfKernelData) b = data_of (candidate);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GPtrArray *categories;

  if (a == NULL || b == NULL)
    {
      aiperf_compare_summaries (comparison, configuration, baseline, candidate, cancellable);
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
