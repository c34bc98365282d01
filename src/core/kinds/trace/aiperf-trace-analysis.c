/* aiperf-trace-analysis.c — what a trace's kernels and iterations add up
 * to, as acelyzer writes it: kernel_summary.csv (one row per device kernel
 * name), categories.csv and categories.txt (time by kernel category),
 * streams.csv (each GPU stream's busy time and idle fraction), the
 * iterations chart and the trace section of summary.txt.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-store.h"

static char *
kernel_summary_csv (AiperfKernelSource *source)
{
  GString *s = g_string_new ("name,calls,total_us,avg_us,min_us,max_us,percent\n");

  for (guint k = 0; k < source->kernels->len; k++)
    {
      AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);

      aiperf_csv_append_field (s, stat->name);
      g_string_append_printf (s, ",%.0f,%.3f,%.3f,%.3f,%.3f,%.2f\n", stat->calls, stat->total / 1e3,
                              stat->avg / 1e3, stat->min / 1e3, stat->max / 1e3,
                              source->total > 0 ? 100.0 * stat->total / source->total : 0.0);
    }
  return g_string_free (s, FALSE);
}

static char *
categories_text (AiperfKernelData   *data,
                 AiperfKernelSource *source,
                 gboolean            csv)
{
  GString *s = g_string_new (csv ? "category,total_us,fraction,calls\n"
                                 : "Category            Total (us)   Fraction      Calls\n");

  for (guint c = 0; c < data->categories->len; c++)
    {
      const char *category = g_ptr_array_index (data->categories, c);
      double calls, total = aiperf_kernel_source_category_total (source, category, &calls);
      double fraction = source->total > 0 ? total / source->total : 0.0;

      if (total <= 0)
        continue;
      if (csv)
        g_string_append_printf (s, "%s,%.3f,%.4f,%.0f\n", category, total / 1e3, fraction, calls);
      else
        g_string_append_printf (s, "%-18s %12.3f %9.2f%% %10.0f\n", category, total / 1e3, 100 * fraction, calls);
    }
  if (!csv)
    g_string_append_printf (s, "%-18s %12.3f %9.2f%% %10s\n", "total", source->total / 1e3, 100.0, "");
  return g_string_free (s, FALSE);
}

/* Per GPU stream: busy time (the union of its kernels, memcpys and
 * memsets), the span from its first one to its last, and the idle fraction
 * of that span (not of the trace: a stream that ran one burst reads busy). */
static char *
streams_text (AiperfRun *run,
              gboolean   csv)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  GString *s = g_string_new (csv ? "stream,busy_us,span_us,idle_fraction\n" : "");
  const char *name;
  gint64 busy, span;

  for (guint i = 0; store != NULL && aiperf_trace_store_get_stream (store, i, &name, &busy, &span); i++)
    {
      double idle = span > 0 ? 1.0 - (double) busy / (double) span : 0.0;

      if (csv)
        {
          aiperf_csv_append_field (s, name);
          g_string_append_printf (s, ",%.3f,%.3f,%.4f\n", busy / 1e3, span / 1e3, idle);
        }
      else
        g_string_append_printf (s, _("  %s: busy %.3f ms of its own %.3f ms, idle %.1f%% of that\n"), name,
                                busy / 1e6, span / 1e6, 100 * idle);
    }
  return g_string_free (s, FALSE);
}

typedef struct {
  const char *name;
  gint64      ns[3];
  guint       counts[3];
  gint64      sum;
} OpRow;

static int
compare_op_rows (gconstpointer a,
                 gconstpointer b)
{
  const OpRow *x = a, *y = b;

  return x->sum > y->sum ? -1 : x->sum < y->sum;
}

/* Device time by the CPU op that launched it (joined by correlation id):
 * where the GPU time comes from in the model's code, kernels, memcpys and
 * memsets apart, each op's share taken of all the GPU time of the window
 * (the device events no op launched are the "unattributed" row). At most
 * @limit rows of text, all of them as CSV. */
static char *
ops_text (AiperfRun *run,
          gboolean   csv,
          guint      limit,
          gboolean   steps)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (OpRow));
  GString *s = g_string_new (NULL);
  const GArray *gpus = store != NULL ? aiperf_trace_store_get_breakdowns (store, steps) : NULL;
  double total = 0, attributed = 0, rest;
  OpRow row;

  for (guint i = 0; store != NULL && aiperf_trace_store_get_op_split (store, i, steps, &row.name, row.ns, row.counts); i++)
    {
      row.sum = row.ns[0] + row.ns[1] + row.ns[2];
      if (row.sum > 0)
        g_array_append_val (rows, row);
      attributed += (double) row.sum;
    }
  if (rows->len == 0)
    return g_string_free (s, FALSE);
  g_array_sort (rows, compare_op_rows);
  /* All the GPU time of the window: what every GPU ran in it. */
  for (guint i = 0; gpus != NULL && i < gpus->len; i++)
    {
      const AiperfTraceBreakdown *b = &g_array_index (gpus, AiperfTraceBreakdown, i);

      total += (b->kernel_sum_us + b->memcpy_sum_us + b->memset_sum_us) * 1e3;
    }
  total = MAX (total, attributed);
  rest = total - attributed;
  if (csv)
    g_string_append (s, "cpu_op,kernel_us,memcpy_us,memset_us,gpu_us,fraction,kernels,memcpys,memsets\n");
  for (guint i = 0; i < rows->len && (csv || i < limit); i++)
    {
      const OpRow *r = &g_array_index (rows, OpRow, i);

      if (csv)
        {
          aiperf_csv_append_field (s, r->name);
          g_string_append_printf (s, ",%.3f,%.3f,%.3f,%.3f,%.4f,%u,%u,%u\n", r->ns[0] / 1e3, r->ns[1] / 1e3,
                                  r->ns[2] / 1e3, r->sum / 1e3, r->sum / total, r->counts[0], r->counts[1],
                                  r->counts[2]);
        }
      else
        g_string_append_printf (s, _("  %-40s %10.3f ms %6.1f%%  (kernels %.3f ms, memcpy %.3f ms, memset %.3f ms)\n"),
                                r->name, r->sum / 1e6, 100.0 * r->sum / total, r->ns[0] / 1e6, r->ns[1] / 1e6,
                                r->ns[2] / 1e6);
    }
  /* What no op launched; under half a µs it is the rounding of the
   * window's clipped times, no event (Qwen's trace: 10 ns, shown as an
   * "(unattributed) 0.000 ms" row). */
  if (rest >= 500.0)
    {
      if (csv)
        g_string_append_printf (s, "unattributed,,,,%.3f,%.4f,,,\n", rest / 1e3, rest / total);
      else
        g_string_append_printf (s, _("  %-40s %10.3f ms %6.1f%%\n"), _("(unattributed)"), rest / 1e6, 100.0 * rest / total);
    }
  return g_string_free (s, FALSE);
}

static gboolean
write_one (const char *directory,
           const char *name,
           const char *text,
           GPtrArray  *files,
           GError    **error)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);

  /* One output written twice in one run would lose the first. */
  for (guint i = 0; i < files->len; i++)
    if (g_strcmp0 (g_ptr_array_index (files, i), name) == 0)
      {
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
                     _("%s: written already in this export; not overwritten"), path);
        return FALSE;
      }
  if (!g_file_set_contents (path, text, -1, error))
    return FALSE;
  g_ptr_array_add (files, g_strdup (name));
  return TRUE;
}

/* iterations.csv: each ProfilerStep#N once, its duration from the side
 * the summary names (duration_side), and both sides' spans where the
 * trace has both; a merged trace's rows name their rank's file. */
static char *
iterations_csv (AiperfRun   *run,
                AiperfTable *steps)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  const char *side = aiperf_run_get_parameter (run, "iterations from");
  const char *columns[] = { "step", "start_us", "duration_ms", "cpu_duration_ms", "gpu_duration_ms" };
  int file = aiperf_table_find_column (steps, "file");
  GString *s = g_string_new (file >= 0 ? "trace," : "");

  for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
    if (aiperf_table_find_column (steps, columns[k]) >= 0)
      g_string_append_printf (s, "%s,", columns[k]);
  g_string_append (s, "duration_side\n");
  for (guint r = 0; r < aiperf_table_get_n_rows (steps); r++)
    {
      if (file >= 0)
        {
          aiperf_csv_append_field (s, store != NULL ? aiperf_trace_store_get_file_label (
                                                        store, (guint) aiperf_table_get (steps, file, r)) : "");
          g_string_append_c (s, ',');
        }
      for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
        {
          int c = aiperf_table_find_column (steps, columns[k]);
          double v = c >= 0 ? aiperf_table_get (steps, c, r) : NAN;

          if (c < 0)
            continue;
          if (isfinite (v))
            g_string_append_printf (s, k == 0 ? "%.0f" : k == 1 ? "%.3f" : "%.6f", v);
          g_string_append_c (s, ',');
        }
      g_string_append_printf (s, "%s\n", side != NULL ? side : "CPU");
    }
  return g_string_free (s, FALSE);
}

/* Each trace's iterations.csv (named as its other files when there are
 * several traces), written whether or not it ran kernels. */
static gboolean
write_iterations (AiperfRunSet *runs,
                  GHashTable   *names,
                  const char   *directory,
                  GPtrArray    *files,
                  GError      **error)
{
  guint n_traces = 0;

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    n_traces += aiperf_run_has_dataset (aiperf_run_set_get_run (runs, i), AIPERF_DATASET_EVENTS);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *steps = aiperf_run_get_table (run, "iterations");
      g_autofree char *csv = NULL, *name = NULL;

      if (steps == NULL || aiperf_table_get_n_rows (steps) == 0)
        continue;
      csv = iterations_csv (run, steps);
      name = n_traces > 1 ? g_strdup_printf ("%s_iterations.csv", (const char *) g_hash_table_lookup (names, run))
                          : g_strdup ("iterations.csv");
      if (!write_one (directory, name, csv, files, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
aiperf_trace_write_files (AiperfRunSet *runs,
                          GHashTable   *options,
                          const char   *directory,
                          GPtrArray    *files,
                          GError      **error)
{
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (runs);
  g_autoptr(GHashTable) names = aiperf_trace_output_names (runs);
  gboolean several, steps = aiperf_trace_steps_window (options);

  if (!write_iterations (runs, names, directory, files, error))
    return FALSE;
  if (data == NULL)
    return TRUE;
  /* One trace: acelyzer's names; several: the trace's name first. */
  several = data->sources->len > 1;
  for (guint s = 0; s < data->sources->len; s++)
    {
      AiperfKernelSource *source = g_ptr_array_index (data->sources, s);
      const char *label = g_hash_table_lookup (names, source->run) != NULL
                          ? g_hash_table_lookup (names, source->run) : source->label;
      g_autofree char *summary = kernel_summary_csv (source);
      g_autofree char *csv = categories_text (data, source, TRUE);
      g_autofree char *txt = categories_text (data, source, FALSE);
      g_autofree char *n1 = several ? g_strdup_printf ("%s_kernel_summary.csv", label) : g_strdup ("kernel_summary.csv");
      g_autofree char *n2 = several ? g_strdup_printf ("%s_categories.csv", label) : g_strdup ("categories.csv");
      g_autofree char *n3 = several ? g_strdup_printf ("%s_categories.txt", label) : g_strdup ("categories.txt");

      g_autofree char *streams = streams_text (source->run, TRUE);
      g_autofree char *n4 = several ? g_strdup_printf ("%s_streams.csv", label) : g_strdup ("streams.csv");
      g_autofree char *ops = ops_text (source->run, TRUE, 0, steps);
      g_autofree char *n5 = several ? g_strdup_printf ("%s_cpu_ops.csv", label) : g_strdup ("cpu_ops.csv");

      g_autofree char *timeline = aiperf_trace_gpu_timeline_csv (source->run, steps);
      g_autofree char *notes = aiperf_trace_gpu_timeline_notes (source->run, steps);
      g_autofree char *n6 = several ? g_strdup_printf ("%s_gpu_timeline.csv", label) : g_strdup ("gpu_timeline.csv");
      g_autofree char *n7 = several ? g_strdup_printf ("%s_gpu_timeline.txt", label) : g_strdup ("gpu_timeline.txt");
      g_autofree char *types = aiperf_trace_kernel_types_csv (source->run);
      g_autofree char *n8 = several ? g_strdup_printf ("%s_kernel_types.csv", label) : g_strdup ("kernel_types.csv");
      g_autofree char *temporal = aiperf_trace_temporal_csv (source->run);
      g_autofree char *n9 = several ? g_strdup_printf ("%s_temporal_breakdown.csv", label)
                                    : g_strdup ("temporal_breakdown.csv");
      g_autofree char *idle = aiperf_trace_idle_time_csv (source->run);
      g_autofree char *n10 = several ? g_strdup_printf ("%s_idle_time.csv", label) : g_strdup ("idle_time.csv");
      g_autofree char *kernels = aiperf_trace_kernel_breakdown_csv (source->run);
      g_autofree char *n11 = several ? g_strdup_printf ("%s_kernel_breakdown.csv", label)
                                     : g_strdup ("kernel_breakdown.csv");
      g_autofree char *streams_notes = g_strconcat (aiperf_trace_hta_definitions (), "\n\n", _("streams.csv: per GPU stream, busy_us = the union of its kernels, "
                                                      "memcpys and memsets; span_us = from its first one's start to "
                                                      "its last one's end; idle_fraction = 1 - busy/span (of the "
                                                      "stream's own span, not of the trace: see gpu_timeline.csv for "
                                                      "the GPU's idle time).\n\n"), notes, NULL);

      if (!write_one (directory, n1, summary, files, error) ||
          !write_one (directory, n2, csv, files, error) ||
          !write_one (directory, n3, txt, files, error) ||
          !write_one (directory, n4, streams, files, error) ||
          (*ops != '\0' && !write_one (directory, n5, ops, files, error)) ||
          (timeline != NULL && !write_one (directory, n6, timeline, files, error)) ||
          (timeline != NULL && !write_one (directory, n7, streams_notes, files, error)) ||
          (types != NULL && !write_one (directory, n8, types, files, error)) ||
          (kernels != NULL && !write_one (directory, n11, kernels, files, error)) ||
          (temporal != NULL && !write_one (directory, n9, temporal, files, error)) ||
          (idle != NULL && !write_one (directory, n10, idle, files, error)))
        return FALSE;
    }
  /* Two traces (or a merged trace's ranks): what changed against the first. */
  return aiperf_kernels_write_diffs (data, steps, directory, files, error);
}

/* A PyTorch profiler trace: CPU ops (cpu_op) that launched device work.
 * Only such a trace is expected to have ProfilerStep#N iterations. */
static gboolean
launches_gpu_work (AiperfRun *run)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  const char *name;
  gint64 ns;
  guint n;

  return store != NULL && aiperf_trace_store_get_op (store, 0, &name, &ns, &n);
}

char *
aiperf_trace_summary_section (AiperfRunSet *runs)
{
  return aiperf_trace_summary_with_options (runs, NULL);
}

char *
aiperf_trace_summary_with_options (AiperfRunSet *runs,
                                   GHashTable   *options)
{
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (runs);
  GString *s = g_string_new (_("Traces\n======\n"));
  gboolean steps_window = aiperf_trace_steps_window (options), any_gpu = FALSE, any_kernels = FALSE;

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *steps = aiperf_run_get_table (run, "iterations");

      if (aiperf_run_get_parameter (run, "events left out") != NULL)
        g_string_append_printf (s, _("\n%s (%s): %s events, not counting %s with a negative duration (left out, as "
                                     "acelyzer leaves them out)\n"),
                                aiperf_run_get_name (run), aiperf_run_get_locator (run),
                                aiperf_run_get_parameter (run, "events"),
                                aiperf_run_get_parameter (run, "events left out"));
      else
        g_string_append_printf (s, _("\n%s (%s): %s events\n"), aiperf_run_get_name (run),
                                aiperf_run_get_locator (run), aiperf_run_get_parameter (run, "events"));
      /* Damage and what was left out, as said on stderr while loading. */
      for (guint w = 0; aiperf_run_get_warnings (run) != NULL && w < aiperf_run_get_warnings (run)->len; w++)
        g_string_append_printf (s, _("  Note: %s\n"), (const char *) g_ptr_array_index (aiperf_run_get_warnings (run), w));
      if (aiperf_run_get_start_time (run) != NULL)
        g_string_append_printf (s, _("  from %s to %s\n"), aiperf_run_get_start_time (run), aiperf_run_get_end_time (run));
      for (guint k = 0; data != NULL && k < data->sources->len; k++)
        {
          AiperfKernelSource *source = g_ptr_array_index (data->sources, k);
          g_autofree char *table = NULL;

          if (source->run != run)
            continue;
          table = categories_text (data, source, FALSE);
          any_kernels = TRUE;
          g_string_append_printf (s, _("  %u kernel names, %.3f ms of kernel time\n"),
                                  source->kernels->len, source->total / 1e6);
          g_string_append (s, table);
        }
      {
        g_autofree char *timeline = aiperf_trace_gpu_timeline_text (run, steps_window);
        g_autofree char *streams = streams_text (run, FALSE);

        g_autofree char *hta = aiperf_trace_hta_text (run);

        g_string_append (s, timeline);
        g_string_append (s, hta);
        any_gpu |= *timeline != '\0' || *hta != '\0';
        if (*streams != '\0')
          g_string_append_printf (s, _("  GPU streams (busy: the union of their kernels, memcpys and memsets, "
                                       "within the stream's own first-to-last span):\n%s"), streams);
      }
      {
        g_autofree char *ops = ops_text (run, FALSE, 10, steps_window);

        if (*ops != '\0')
          g_string_append_printf (s, _("  GPU time by the CPU op that launched it (top 10; shares of all GPU time "
                                       "in the window):\n%s"), ops);
      }
      if (steps != NULL && aiperf_table_get_n_rows (steps) > 0)
        {
          const double *d = aiperf_table_get_column (steps, "duration_ms");
          guint n = aiperf_table_get_n_rows (steps);
          g_autofree double *sorted = g_memdup2 (d, n * sizeof (double));
          double sum = 0;

          for (guint r = 0; r < n; r++)
            sum += d[r];
          qsort (sorted, n, sizeof (double), (int (*) (const void *, const void *)) aiperf_compare_doubles);
          g_string_append_printf (s, ngettext ("  %u iteration (%s-side ProfilerStep span): mean %.3f ms, median %.3f ms\n",
                                               "  %u iterations (%s-side ProfilerStep spans): mean %.3f ms, median %.3f ms\n",
                                               n),
                                  n, aiperf_run_get_parameter (run, "iterations from") != NULL
                                     ? aiperf_run_get_parameter (run, "iterations from") : "CPU",
                                  sum / n, n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
        }
      else if (launches_gpu_work (run))
        g_string_append (s, _("  No iterations: the trace has no ProfilerStep#N annotations (the PyTorch profiler "
                              "writes one for each step the profiled loop marks with prof.step()), so it has "
                              "no iterations to chart.\n"));
    }
  if (any_kernels)
    g_string_append (s, _("\nKernel times add up over all streams and GPUs: they can exceed the wall time.\n"));
  if (any_gpu)
    g_string_append_printf (s, "%s\n%s\n", aiperf_trace_breakdown_definitions (), aiperf_trace_hta_definitions ());
  return g_string_free (s, FALSE);
}

gboolean
aiperf_handler_iterations_applies (const AiperfPlotSpec *spec,
                                   AiperfRunSet         *runs)
{
  (void) spec;
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    if (aiperf_run_get_table (aiperf_run_set_get_run (runs, i), "iterations") != NULL)
      return TRUE;
  return FALSE;
}

/* The rank files of @steps' rows (its "file" column, a merged trace's),
 * in order; one entry (-1) when the table has no such column. */
static GArray *
step_files (AiperfTable *steps)
{
  GArray *files = g_array_new (FALSE, FALSE, sizeof (int));
  int column = aiperf_table_find_column (steps, "file");

  for (guint r = 0; column >= 0 && r < aiperf_table_get_n_rows (steps); r++)
    {
      int file = (int) aiperf_table_get (steps, column, r);
      gboolean seen = FALSE;

      for (guint k = 0; k < files->len && !seen; k++)
        seen = g_array_index (files, int, k) == file;
      if (!seen)
        g_array_append_val (files, file);
    }
  if (files->len == 0)
    g_array_append_val (files, column);
  return files;
}

/* The step numbers of every trace, sorted, each once: the categories of
 * the x axis. Traces whose steps are far apart (1; 101–105; 551) put their
 * bars side by side, each labelled with its step: at their numbers, on an
 * axis from 1 to 552, each bar would be a hairline; and one step is one
 * bar of a category's width, not a wall across the plot. */
static GArray *
step_positions (AiperfRunSet *runs)
{
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *distinct = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfTable *steps = aiperf_run_get_table (aiperf_run_set_get_run (runs, i), "iterations");
      const double *step = steps != NULL ? aiperf_table_get_column (steps, "step") : NULL;

      for (guint r = 0; step != NULL && r < aiperf_table_get_n_rows (steps); r++)
        if (isfinite (step[r]))
          g_array_append_val (all, step[r]);
    }
  g_array_sort (all, (GCompareFunc) aiperf_compare_doubles);
  for (guint i = 0; i < all->len; i++)
    if (distinct->len == 0 || g_array_index (all, double, i) != g_array_index (distinct, double, distinct->len - 1))
      g_array_append_val (distinct, g_array_index (all, double, i));
  return distinct;
}

/* Where the bar of @step stands: its place in @positions. */
static double
step_x (GArray *positions,
        double  step)
{
  guint lo = 0, hi = positions->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (positions, double, mid) < step)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Which span a bar is, as the summary says it: the GPU-side one where a
 * trace has it (what TraceLens and HTA time), else the CPU-side one. */
static char *
iterations_note (AiperfRunSet *runs)
{
  guint gpu = 0, cpu = 0;

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);

      if (aiperf_run_get_table (run, "iterations") == NULL)
        continue;
      if (g_strcmp0 (aiperf_run_get_parameter (run, "iterations from"), "GPU") == 0)
        gpu++;
      else
        cpu++;
    }
  if (cpu == 0)
    return g_strdup (_("Each step's span on the GPU (its GPU-side ProfilerStep#N), as TraceLens and HTA time "
                       "an iteration."));
  if (gpu == 0)
    return g_strdup (_("Each step's span on the CPU (its ProfilerStep#N annotation): there are no GPU-side "
                       "step spans."));
  return g_strdup (_("Each step's span on the GPU where a trace has GPU-side ProfilerStep#N spans, else on "
                     "the CPU."));
}

AiperfChart *
aiperf_handler_iterations (const AiperfPlotSpec       *spec,
                           AiperfRunSet               *runs,
                           const AiperfClassification *classification,
                           AiperfPlotColors           *colors,
                           GError                    **error)
{
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GArray) positions = NULL;
  guint n_groups = 0, group = 0;

  (void) classification;
  /* a group of bars per trace, or per rank of a merged one */
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfTable *steps = aiperf_run_get_table (aiperf_run_set_get_run (runs, i), "iterations");
      g_autoptr(GArray) files = steps != NULL ? step_files (steps) : NULL;

      n_groups += files != NULL ? files->len : 0;
    }
  if (n_groups == 0)
    return aiperf_plot_no_data (error, _("no trace has ProfilerStep#N annotations, so there are no iterations to "
                                         "show: the PyTorch profiler writes one for each step the profiled loop "
                                         "marks with prof.step()"));
  chart = aiperf_plot_chart_new (spec, _("Elapsed Time per Iteration"));
  chart->note = iterations_note (runs);
  aiperf_axis_set_label (&chart->x, _("Iteration (ProfilerStep)"), NULL);
  aiperf_axis_set_label (&chart->y, _("Elapsed Time"), "ms");
  chart->x.integer_ticks = TRUE;
  positions = step_positions (runs);
  {
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

    for (guint i = 0; i < positions->len; i++)
      g_ptr_array_add (names, g_strdup_printf ("%.0f", g_array_index (positions, double, i)));
    aiperf_axis_set_categories (&chart->x, (const char * const *) names->pdata, names->len);
  }
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *steps = aiperf_run_get_table (run, "iterations");
      AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
      g_autoptr(GArray) files = NULL;
      int file_column;
      const double *step, *dur;

      if (steps == NULL)
        continue;
      files = step_files (steps);
      file_column = aiperf_table_find_column (steps, "file");
      step = aiperf_table_get_column (steps, "step");
      dur = aiperf_table_get_column (steps, "duration_ms");
      for (guint f = 0; f < files->len; f++)
        {
          int file = g_array_index (files, int, f);
          const char *rank = file >= 0 && store != NULL ? aiperf_trace_store_get_file_label (store, (guint) file)
                                                        : NULL;
          g_autofree char *label = rank == NULL ? g_strdup (aiperf_run_get_name (run))
                                   : aiperf_run_set_get_n_runs (runs) == 1 ? g_strdup (rank)
                                   : g_strdup_printf ("%s · %s", aiperf_run_get_name (run), rank);
          AiperfColor color = aiperf_color_palette (aiperf_plot_colors_get (colors, label));
          int series = aiperf_chart_add_series (chart, label, color, AIPERF_LAYER_BARS);
          AiperfLayer *bars;

          if (n_groups < 2)
            ((AiperfSeries *) g_ptr_array_index (chart->series, series))->in_legend = FALSE;
          bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series);
          bars->pickable = TRUE;
          bars->fill_opacity = 0.85;
          aiperf_layer_set_group (bars, group++, n_groups);
          for (guint r = 0; r < aiperf_table_get_n_rows (steps); r++)
            if (file < 0 || (int) aiperf_table_get (steps, file_column, r) == file)
              aiperf_layer_append_bar (bars, step_x (positions, step[r]), 0.8, dur[r], (int) r);
        }
    }
  return g_steal_pointer (&chart);
}
