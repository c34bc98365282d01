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

#include "aiperf-trace-private-plots.h"
#include "aiperf-trace-store.h"

/* A CSV field: quoted when it holds a comma, a quote or a line break. */
static void
append_field (GString    *s,
              const char *text)
{
  if (strpbrk (text, ",\"\n\r") == NULL)
    {
      g_string_append (s, text);
      return;
    }
  g_string_append_c (s, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

static char *
kernel_summary_csv (AiperfKernelSource *source)
{
  GString *s = g_string_new ("name,calls,total_us,avg_us,min_us,max_us,percent\n");

  for (guint k = 0; k < source->kernels->len; k++)
    {
      AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);

      append_field (s, stat->name);
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

/* Per GPU stream: busy time (union of its kernels), the span from its
 * first kernel to its last, and the idle fraction of that span. */
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
          append_field (s, name);
          g_string_append_printf (s, ",%.3f,%.3f,%.4f\n", busy / 1e3, span / 1e3, idle);
        }
      else
        g_string_append_printf (s, _("  %s: busy %.3f ms of %.3f ms, idle %.1f%%\n"), name, busy / 1e6, span / 1e6,
                                100 * idle);
    }
  return g_string_free (s, FALSE);
}

/* Kernel time by the CPU op that launched it (joined by correlation id):
 * where the GPU time comes from in the model's code. At most @limit rows
 * of text, all of them as CSV. */
static char *
ops_text (AiperfRun *run,
          gboolean   csv,
          guint      limit)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  GString *s = g_string_new (NULL);
  const char *name;
  gint64 ns, total = 0;
  guint kernels;

  for (guint i = 0; store != NULL && aiperf_trace_store_get_op (store, i, &name, &ns, &kernels); i++)
    total += ns;
  if (total == 0)
    return g_string_free (s, FALSE);
  if (csv)
    g_string_append (s, "cpu_op,kernel_us,fraction,kernels\n");
  for (guint i = 0; aiperf_trace_store_get_op (store, i, &name, &ns, &kernels) && (csv || i < limit); i++)
    if (csv)
      {
        append_field (s, name);
        g_string_append_printf (s, ",%.3f,%.4f,%u\n", ns / 1e3, (double) ns / (double) total, kernels);
      }
    else
      g_string_append_printf (s, _("  %-40s %12.3f ms %6.1f%% %8u kernels\n"), name, ns / 1e6, 100.0 * ns / total,
                              kernels);
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

  if (!g_file_set_contents (path, text, -1, error))
    return FALSE;
  g_ptr_array_add (files, g_strdup (name));
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
  gboolean several;

  (void) options;
  if (data == NULL)
    return TRUE;
  /* One trace: acelyzer's names; several: the trace's name first. */
  several = data->sources->len > 1;
  for (guint s = 0; s < data->sources->len; s++)
    {
      AiperfKernelSource *source = g_ptr_array_index (data->sources, s);
      g_autofree char *summary = kernel_summary_csv (source);
      g_autofree char *csv = categories_text (data, source, TRUE);
      g_autofree char *txt = categories_text (data, source, FALSE);
      g_autofree char *n1 = several ? g_strdup_printf ("%s_kernel_summary.csv", source->label) : g_strdup ("kernel_summary.csv");
      g_autofree char *n2 = several ? g_strdup_printf ("%s_categories.csv", source->label) : g_strdup ("categories.csv");
      g_autofree char *n3 = several ? g_strdup_printf ("%s_categories.txt", source->label) : g_strdup ("categories.txt");

      g_autofree char *streams = streams_text (source->run, TRUE);
      g_autofree char *n4 = several ? g_strdup_printf ("%s_streams.csv", source->label) : g_strdup ("streams.csv");
      g_autofree char *ops = ops_text (source->run, TRUE, 0);
      g_autofree char *n5 = several ? g_strdup_printf ("%s_cpu_ops.csv", source->label) : g_strdup ("cpu_ops.csv");

      if (!write_one (directory, n1, summary, files, error) ||
          !write_one (directory, n2, csv, files, error) ||
          !write_one (directory, n3, txt, files, error) ||
          !write_one (directory, n4, streams, files, error) ||
          (*ops != '\0' && !write_one (directory, n5, ops, files, error)))
        return FALSE;
    }
  return TRUE;
}

char *
aiperf_trace_summary_section (AiperfRunSet *runs)
{
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (runs);
  GString *s = g_string_new (_("Traces\n======\n"));

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *steps = aiperf_run_get_table (run, "iterations");

      g_string_append_printf (s, _("\n%s (%s): %s events\n"), aiperf_run_get_name (run),
                              aiperf_run_get_locator (run), aiperf_run_get_parameter (run, "events"));
      if (aiperf_run_get_start_time (run) != NULL)
        g_string_append_printf (s, _("  from %s to %s\n"), aiperf_run_get_start_time (run), aiperf_run_get_end_time (run));
      for (guint k = 0; data != NULL && k < data->sources->len; k++)
        {
          AiperfKernelSource *source = g_ptr_array_index (data->sources, k);
          g_autofree char *table = NULL;

          if (source->run != run)
            continue;
          table = categories_text (data, source, FALSE);
          g_string_append_printf (s, _("  %u kernel names, %.3f ms of kernel time\n"),
                                  source->kernels->len, source->total / 1e6);
          g_string_append (s, table);
        }
      {
        g_autofree char *streams = streams_text (run, FALSE);

        if (*streams != '\0')
          g_string_append_printf (s, _("  GPU streams (busy: the union of their kernels):\n%s"), streams);
      }
      {
        g_autofree char *ops = ops_text (run, FALSE, 10);

        if (*ops != '\0')
          g_string_append_printf (s, _("  Kernel time by the CPU op that launched it (top 10):\n%s"), ops);
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
          g_string_append_printf (s, _("  %u iterations: mean %.3f ms, median %.3f ms\n"), n, sum / n,
                                  n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
        }
    }
  g_string_append (s, _("\nKernel times add up over all streams and GPUs: they can exceed the wall time.\n"));
  return g_string_free (s, FALSE);
}

AiperfChart *
aiperf_handler_iterations (const AiperfPlotSpec       *spec,
                           AiperfRunSet               *runs,
                           const AiperfClassification *classification,
                           AiperfPlotColors           *colors,
                           GError                    **error)
{
  g_autoptr(AiperfChart) chart = NULL;
  guint n_runs = 0, n_with = 0;

  (void) classification;
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    n_with += aiperf_run_get_table (aiperf_run_set_get_run (runs, i), "iterations") != NULL;
  if (n_with == 0)
    return aiperf_plot_no_data (error, _("no trace has ProfilerStep#N annotations"));
  chart = aiperf_plot_chart_new (spec, _("Elapsed Time per Iteration"));
  aiperf_axis_set_label (&chart->x, _("Iteration (ProfilerStep)"), NULL);
  aiperf_axis_set_label (&chart->y, _("Elapsed Time"), "ms");
  chart->x.integer_ticks = TRUE;
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *steps = aiperf_run_get_table (run, "iterations");
      AiperfColor color = aiperf_color_palette (aiperf_plot_colors_get (colors, aiperf_run_get_name (run)));
      const double *step, *dur;
      AiperfLayer *bars;
      int series;

      if (steps == NULL)
        continue;
      series = aiperf_chart_add_series (chart, aiperf_run_get_name (run), color, AIPERF_LAYER_BARS);
      if (n_with < 2)
        ((AiperfSeries *) g_ptr_array_index (chart->series, series))->in_legend = FALSE;
      bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series);
      bars->pickable = TRUE;
      bars->fill_opacity = 0.85;
      aiperf_layer_set_group (bars, n_runs++, n_with);
      step = aiperf_table_get_column (steps, "step");
      dur = aiperf_table_get_column (steps, "duration_ms");
      for (guint r = 0; r < aiperf_table_get_n_rows (steps); r++)
        aiperf_layer_append_bar (bars, step[r], 0.8, dur[r], (int) r);
    }
  return g_steal_pointer (&chart);
}
