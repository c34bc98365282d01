/* aiperf-kernels-diff.c — two kernel sources compared as HTA's trace diff
 * and TraceLens's compare report set them side by side: every kernel's
 * and category's count and total time on each side and their
 * differences (kernel_diff.csv, category_diff.csv), and the GPU time
 * breakdown row by row (gpu_timeline_diff.csv, TraceLens's
 * gpu_timeline rows). The baseline is the first compared source (the
 * run opened first, or a lone run's first rank); each other source is
 * compared with it.
 *
 * A source's breakdown comes from its trace (the trace store's, summed
 * over its GPUs, or the one GPU of a rank) or from a TraceLens report's
 * own gpu_timeline.csv.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-kernels-private.h"
#include "aiperf-trace-store.h"
#include "aiperf-tracelens.h"

const char * const aiperf_kernel_breakdown_types[AIPERF_KERNEL_N_BREAKDOWN] = {
  "computation_time", "exposed_comm_time", "exposed_memcpy_time", "busy_time",
  "idle_time", "total_time", "total_comm_time", "total_memcpy_time",
};

static gboolean
from_trace (const AiperfKernelSource *source,
            gboolean                  steps_window,
            double                   *out_ms)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (source->run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  const GArray *all = store != NULL ? aiperf_trace_store_get_breakdowns (store, steps_window) : NULL;
  gboolean any = FALSE;

  for (guint i = 0; all != NULL && i < all->len; i++)
    {
      const AiperfTraceBreakdown *b = &g_array_index (all, AiperfTraceBreakdown, i);
      const double us[AIPERF_KERNEL_N_BREAKDOWN] = {
        b->computation_us, b->exposed_comm_us, b->exposed_memcpy_us, b->busy_us,
        b->idle_us, b->total_us, b->total_comm_us, b->total_memcpy_us,
      };

      /* A rank is its one GPU; a whole run is the sum of its GPUs. */
      if (source->group != NULL && g_strcmp0 (b->gpu, source->group) != 0)
        continue;
      for (guint p = 0; p < AIPERF_KERNEL_N_BREAKDOWN; p++)
        out_ms[p] += us[p] / 1e3;
      any = TRUE;
    }
  return any;
}

static gboolean
from_report (const AiperfKernelSource *source,
             double                   *out_ms)
{
  AiperfTable *timeline = aiperf_run_get_table (source->run, AIPERF_TRACELENS_DATASET_TIMELINE);
  int type = timeline != NULL ? aiperf_table_find_column (timeline, AIPERF_TRACELENS_TIMELINE_TYPE) : -1;
  int ms = timeline != NULL ? aiperf_table_find_column (timeline, AIPERF_TRACELENS_TIMELINE_MS) : -1;
  guint found = 0;

  if (type < 0 || ms < 0 || source->group != NULL)
    return FALSE;
  for (guint r = 0; r < aiperf_table_get_n_rows (timeline); r++)
    for (guint p = 0; p < AIPERF_KERNEL_N_BREAKDOWN; p++)
      if (g_strcmp0 (aiperf_table_get_string (timeline, type, r), aiperf_kernel_breakdown_types[p]) == 0)
        {
          out_ms[p] = aiperf_table_get (timeline, ms, r);
          found++;
        }
  return found > 0;
}

gboolean
aiperf_kernel_source_breakdown (const AiperfKernelSource *source,
                                gboolean                  steps_window,
                                double                   *out_ms)
{
  g_return_val_if_fail (source != NULL && out_ms != NULL, FALSE);

  for (guint p = 0; p < AIPERF_KERNEL_N_BREAKDOWN; p++)
    out_ms[p] = 0;
  if (from_trace (source, steps_window, out_ms))
    return TRUE;
  for (guint p = 0; p < AIPERF_KERNEL_N_BREAKDOWN; p++)
    out_ms[p] = NAN;
  return from_report (source, out_ms);
}

/* A number, or an empty cell for one that is unknown. */
static void
append_number (GString    *s,
               const char *format,
               double      value)
{
  g_string_append_c (s, ',');
  if (isfinite (value))
    g_string_append_printf (s, format, value);
}

static void
append_pair (GString                  *s,
             const AiperfKernelSource *a,
             const AiperfKernelSource *b)
{
  aiperf_csv_append_field (s, a->label);
  g_string_append_c (s, ',');
  aiperf_csv_append_field (s, b->label);
  g_string_append_c (s, ',');
}

/* HTA's ops_diff by count: added, deleted, increased, decreased, unchanged. */
static const char *
count_status (double before,
              double after)
{
  if (before == 0 && after > 0)
    return "added";
  if (after == 0 && before > 0)
    return "deleted";
  return after > before ? "increased" : after < before ? "decreased" : "unchanged";
}

/* count, total (µs) and their differences, then the change in percent. */
static void
append_deltas (GString *s,
               double   count_a,
               double   count_b,
               double   total_a,
               double   total_b)
{
  g_string_append_printf (s, "%.0f,%.0f,%+.0f", count_a, count_b, count_b - count_a);
  append_number (s, "%.3f", total_a / 1e3);
  append_number (s, "%.3f", total_b / 1e3);
  append_number (s, "%+.3f", (total_b - total_a) / 1e3);
  append_number (s, "%+.2f", total_a > 0 ? 100.0 * (total_b - total_a) / total_a : NAN);
}

typedef struct {
  const char *name;
  double      change;
} Ranked;

static int
compare_ranked (gconstpointer x,
                gconstpointer y)
{
  const Ranked *a = x, *b = y;

  if (a->change != b->change)
    return a->change < b->change ? 1 : -1;
  return strcmp (a->name, b->name);
}

/* Every kernel of either side, the largest change in total time first. */
static void
append_kernels (GString                  *s,
                const AiperfKernelSource *a,
                const AiperfKernelSource *b)
{
  g_autoptr(GArray) names = g_array_new (FALSE, FALSE, sizeof (Ranked));
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint side = 0; side < 2; side++)
    {
      const AiperfKernelSource *source = side == 0 ? a : b;

      for (guint k = 0; k < source->kernels->len; k++)
        {
          const AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);
          const AiperfKernelStat *x = aiperf_kernel_source_find (a, stat->name);
          const AiperfKernelStat *y = aiperf_kernel_source_find (b, stat->name);
          Ranked r = { stat->name, fabs ((y != NULL ? y->total : 0) - (x != NULL ? x->total : 0)) };

          if (g_hash_table_add (seen, stat->name))
            g_array_append_val (names, r);
        }
    }
  g_array_sort (names, compare_ranked);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_array_index (names, Ranked, i).name;
      const AiperfKernelStat *x = aiperf_kernel_source_find (a, name);
      const AiperfKernelStat *y = aiperf_kernel_source_find (b, name);
      const AiperfKernelStat *any = x != NULL ? x : y;
      double ca = x != NULL ? x->calls : 0, cb = y != NULL ? y->calls : 0;

      append_pair (s, a, b);
      aiperf_csv_append_field (s, name);
      g_string_append_c (s, ',');
      aiperf_csv_append_field (s, any->category != NULL ? any->category : "");
      g_string_append_c (s, ',');
      append_deltas (s, ca, cb, x != NULL ? x->total : 0, y != NULL ? y->total : 0);
      append_number (s, "%.3f", x != NULL ? x->avg / 1e3 : NAN);
      append_number (s, "%.3f", y != NULL ? y->avg / 1e3 : NAN);
      g_string_append_printf (s, ",%s\n", count_status (ca, cb));
    }
}

static void
append_categories (GString                  *s,
                   AiperfKernelData         *data,
                   const AiperfKernelSource *a,
                   const AiperfKernelSource *b)
{
  for (guint c = 0; c < data->categories->len; c++)
    {
      const char *category = g_ptr_array_index (data->categories, c);
      double ca = 0, cb = 0;
      double ta = aiperf_kernel_source_category_total (a, category, &ca);
      double tb = aiperf_kernel_source_category_total (b, category, &cb);

      ca = isnan (ca) ? 0 : ca;
      cb = isnan (cb) ? 0 : cb;
      if (ca == 0 && cb == 0)
        continue;
      append_pair (s, a, b);
      aiperf_csv_append_field (s, category);
      g_string_append_c (s, ',');
      append_deltas (s, ca, cb, ta, tb);
      g_string_append_printf (s, ",%s\n", count_status (ca, cb));
    }
}

/* FALSE (nothing appended) when either side has no breakdown. */
static gboolean
append_breakdown (GString                  *s,
                  const AiperfKernelSource *a,
                  const AiperfKernelSource *b,
                  gboolean                  steps_window)
{
  double x[AIPERF_KERNEL_N_BREAKDOWN], y[AIPERF_KERNEL_N_BREAKDOWN];
  const guint total = 5;

  if (!aiperf_kernel_source_breakdown (a, steps_window, x) || !aiperf_kernel_source_breakdown (b, steps_window, y))
    return FALSE;
  for (guint p = 0; p < AIPERF_KERNEL_N_BREAKDOWN; p++)
    {
      double pa = x[total] > 0 ? 100 * x[p] / x[total] : NAN;
      double pb = y[total] > 0 ? 100 * y[p] / y[total] : NAN;

      append_pair (s, a, b);
      g_string_append (s, aiperf_kernel_breakdown_types[p]);
      append_number (s, "%.6f", x[p]);
      append_number (s, "%.6f", y[p]);
      append_number (s, "%+.6f", y[p] - x[p]);
      append_number (s, "%.4f", pa);
      append_number (s, "%.4f", pb);
      append_number (s, "%+.4f", pb - pa);
      g_string_append_c (s, '\n');
    }
  return TRUE;
}

char *
aiperf_kernels_diff_csv (AiperfKernelData    *data,
                         AiperfKernelDiffKind kind,
                         gboolean             steps_window)
{
  GPtrArray *sources;
  GString *s;
  gboolean any = FALSE;

  g_return_val_if_fail (data != NULL, NULL);

  sources = aiperf_kernel_data_compared (data);
  if (sources->len < 2)
    return NULL;
  switch (kind)
    {
    case AIPERF_KERNEL_DIFF_KERNELS:
      s = g_string_new ("baseline,candidate,name,category,baseline_count,candidate_count,diff_count,"
                        "baseline_total_us,candidate_total_us,diff_total_us,diff_percent,"
                        "baseline_avg_us,candidate_avg_us,status\n");
      break;
    case AIPERF_KERNEL_DIFF_CATEGORIES:
      s = g_string_new ("baseline,candidate,category,baseline_count,candidate_count,diff_count,"
                        "baseline_total_us,candidate_total_us,diff_total_us,diff_percent,status\n");
      break;
    case AIPERF_KERNEL_DIFF_BREAKDOWN:
    default:
      s = g_string_new ("baseline,candidate,type,baseline_ms,candidate_ms,diff_ms,"
                        "baseline_percent,candidate_percent,diff_percent_points\n");
      break;
    }
  for (guint i = 1; i < sources->len; i++)
    {
      const AiperfKernelSource *a = g_ptr_array_index (sources, 0), *b = g_ptr_array_index (sources, i);

      if (kind == AIPERF_KERNEL_DIFF_KERNELS)
        append_kernels (s, a, b);
      else if (kind == AIPERF_KERNEL_DIFF_CATEGORIES)
        append_categories (s, data, a, b);
      else if (!append_breakdown (s, a, b, steps_window))
        continue;
      any = TRUE;
    }
  if (!any)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

gboolean
aiperf_kernels_write_diffs (AiperfKernelData *data,
                            gboolean          steps_window,
                            const char       *directory,
                            GPtrArray        *files,
                            GError          **error)
{
  static const char * const names[] = { "kernel_diff.csv", "category_diff.csv", "gpu_timeline_diff.csv" };

  g_return_val_if_fail (data != NULL, FALSE);

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autofree char *csv = aiperf_kernels_diff_csv (data, (AiperfKernelDiffKind) k, steps_window);
      g_autofree char *path = NULL;

      if (csv == NULL)
        continue;
      path = g_build_filename (directory, names[k], NULL);
      /* One output written twice in one run would lose the first. */
      if (g_ptr_array_find_with_equal_func (files, names[k], g_str_equal, NULL))
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: written already in this export; not overwritten"),
                       path);
          return FALSE;
        }
      if (!g_file_set_contents (path, csv, -1, error))
        return FALSE;
      g_ptr_array_add (files, g_strdup (names[k]));
    }
  return TRUE;
}
