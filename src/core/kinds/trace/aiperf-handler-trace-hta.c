/* aiperf-handler-trace-hta.c — HTA's headline charts of traces: each
 * GPU's (rank's) temporal breakdown side by side, the slowest rank named,
 * each stream's idle time split into host wait, kernel wait and other,
 * and each GPU's kernel-type breakdown.
 * The numbers are the trace store's (aiperf-trace-store-hta.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-store.h"

#define BAR_WIDTH 0.8

/* The GPUs of every open trace with device events, in order, named after
 * their trace when several are open. */
typedef struct {
  GPtrArray *labels;   /* char* */
  GArray    *temporal; /* AiperfTraceTemporal (names borrowed) */
  GArray    *splits;   /* AiperfTraceIdleSplit (names borrowed) */
  GPtrArray *streams;  /* char*: each split's stream, after its trace's name when several are open */
} Gpus;

static void
gpus_clear (Gpus *g)
{
  g_ptr_array_unref (g->labels);
  g_array_unref (g->temporal);
  g_array_unref (g->splits);
  g_ptr_array_unref (g->streams);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Gpus, gpus_clear)

static void
gather (AiperfRunSet *runs,
        Gpus         *g)
{
  guint n_with = 0;

  g->labels = g_ptr_array_new_with_free_func (g_free);
  g->temporal = g_array_new (FALSE, FALSE, sizeof (AiperfTraceTemporal));
  g->splits = g_array_new (FALSE, FALSE, sizeof (AiperfTraceIdleSplit));
  g->streams = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    n_with += aiperf_trace_temporal_of (aiperf_run_set_get_run (runs, i)) != NULL;
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      const GArray *temporal = aiperf_trace_temporal_of (run);
      AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
      const GArray *splits;

      if (temporal == NULL)
        continue;
      for (guint k = 0; k < temporal->len; k++)
        {
          const AiperfTraceTemporal *t = &g_array_index (temporal, AiperfTraceTemporal, k);

          g_array_append_vals (g->temporal, t, 1);
          g_ptr_array_add (g->labels, n_with > 1 ? g_strdup_printf ("%s · %s", aiperf_run_get_name (run), t->gpu)
                                                 : g_strdup (t->gpu));
        }
      splits = aiperf_trace_store_get_idle_split (store);
      g_array_append_vals (g->splits, splits->data, splits->len);
      /* Two traces' "GPU 0 · stream 7" told apart. */
      for (guint k = 0; k < splits->len; k++)
        {
          const char *stream = g_array_index (splits, AiperfTraceIdleSplit, k).stream;

          g_ptr_array_add (g->streams, n_with > 1 ? g_strdup_printf ("%s · %s", aiperf_run_get_name (run), stream)
                                                  : g_strdup (stream));
        }
    }
}

gboolean
aiperf_handler_trace_hta_applies (const AiperfPlotSpec *spec,
                                  AiperfRunSet         *runs)
{
  (void) spec;
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    if (aiperf_trace_temporal_of (aiperf_run_set_get_run (runs, i)) != NULL)
      return TRUE;
  return FALSE;
}

/* A chart of @n_parts bars side by side per category (@categories), one
 * series per part, its layers in @layers. */
static AiperfChart *
parts_chart (const AiperfPlotSpec *spec,
             const char           *title,
             GPtrArray            *categories,
             const char           *x_label,
             const char           *y_label,
             const char           *y_unit,
             const char * const   *parts,
             const AiperfColor    *part_colors,
             guint                 n_parts,
             AiperfLayer         **layers)
{
  AiperfChart *chart = aiperf_plot_chart_new (spec, title);

  aiperf_axis_set_categories (&chart->x, (const char * const *) categories->pdata, categories->len);
  aiperf_axis_set_label (&chart->x, x_label, NULL);
  aiperf_axis_set_label (&chart->y, y_label, y_unit);
  chart->y.include_zero = TRUE;
  for (guint p = 0; p < n_parts; p++)
    {
      int series = aiperf_chart_add_series (chart, _(parts[p]), part_colors[p], AIPERF_LAYER_BARS);

      layers[p] = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series);
      layers[p]->pickable = TRUE;
      layers[p]->fill_opacity = 0.85;
      aiperf_layer_set_group (layers[p], p, n_parts);
    }
  return chart;
}

/* The bar of category @i in @layer, with @hover (taken) as its hover text. */
static void
add_part (AiperfLayer *layer,
          guint        i,
          double       value,
          char        *hover)
{
  aiperf_layer_append_bar (layer, i, BAR_WIDTH, value, (int) i);
  if (layer->labels == NULL)
    layer->labels = g_ptr_array_new_with_free_func (g_free);
  while (layer->labels->len + 1 < aiperf_layer_get_n (layer))
    g_ptr_array_add (layer->labels, NULL);
  g_ptr_array_add (layer->labels, hover);
}

/* Idle, compute and non-compute time of each GPU, in % of its span. */
AiperfChart *
aiperf_handler_temporal_breakdown (const AiperfPlotSpec       *spec,
                                   AiperfRunSet               *runs,
                                   const AiperfClassification *classification,
                                   AiperfPlotColors           *colors,
                                   GError                    **error)
{
  g_auto(Gpus) g = { 0 };
  g_autoptr(AiperfChart) chart = NULL;
  const char *parts[3] = { N_("Compute"), N_("Non-compute"), N_("Idle") };
  AiperfColor part_colors[3] = { aiperf_color_palette (0), aiperf_color_palette (1),
                                 aiperf_color_role (AIPERF_ROLE_BASELINE) };
  AiperfLayer *layers[3];

  (void) classification;
  (void) colors;
  gather (runs, &g);
  if (g.temporal->len == 0)
    return aiperf_plot_no_data (error, _("no trace ran anything on a GPU"));
  chart = parts_chart (spec, _("GPU Time by Rank"), g.labels, _("GPU (rank)"),
                       _("Share of the span of its device events"), "%", parts, part_colors, 3, layers);
  for (guint i = 0; i < g.temporal->len; i++)
    {
      const AiperfTraceTemporal *t = &g_array_index (g.temporal, AiperfTraceTemporal, i);
      gint64 values[3] = { t->compute_us, t->non_compute_us, t->idle_us };

      for (guint p = 0; p < 3; p++)
        {
          double pct = t->kernel_time_us > 0 ? 100.0 * (double) values[p] / (double) t->kernel_time_us : 0;

          add_part (layers[p], i, pct,
                    g_strdup_printf (_("%s: %.3f ms of %.3f ms"), (const char *) g_ptr_array_index (g.labels, i),
                                     values[p] / 1e3, t->kernel_time_us / 1e3));
        }
    }
  if (g.temporal->len > 1)
    {
      guint slowest = aiperf_trace_slowest_gpu (g.temporal);

      chart->note = g_strdup_printf (_("Slowest rank: %s (computing %.3f ms; the others wait for it). Compute = "
                                       "computation kernels; non-compute = communication and memory; idle = no "
                                       "device event, as HTA's temporal breakdown (Holistic Trace Analysis)."),
                                     (const char *) g_ptr_array_index (g.labels, slowest),
                                     g_array_index (g.temporal, AiperfTraceTemporal, slowest).compute_us / 1e3);
    }
  else
    chart->note = g_strdup (_("Compute = computation kernels; non-compute = communication and memory; idle = no "
                              "device event, as HTA's temporal breakdown (Holistic Trace Analysis)."));
  return g_steal_pointer (&chart);
}

/* HTA's kernel-type breakdown of each GPU, in % of its busy time: each
 * type alone, and the time two types or more run at once. */
AiperfChart *
aiperf_handler_kernel_types (const AiperfPlotSpec       *spec,
                             AiperfRunSet               *runs,
                             const AiperfClassification *classification,
                             AiperfPlotColors           *colors,
                             GError                    **error)
{
  g_auto(Gpus) g = { 0 };
  g_autoptr(AiperfChart) chart = NULL;
  const char *parts[4] = { N_("Computation"), N_("Communication"), N_("Memory"), N_("Two types or more at once") };
  AiperfColor part_colors[4] = { aiperf_color_palette (0), aiperf_color_palette (2), aiperf_color_palette (1),
                                 aiperf_color_role (AIPERF_ROLE_BASELINE) };
  AiperfLayer *layers[4];

  (void) classification;
  (void) colors;
  gather (runs, &g);
  if (g.temporal->len == 0)
    return aiperf_plot_no_data (error, _("no trace ran anything on a GPU"));
  chart = parts_chart (spec, _("Kernel Types by Rank"), g.labels, _("GPU (rank)"), _("Share of its busy time"), "%",
                       parts, part_colors, 4, layers);
  for (guint i = 0; i < g.temporal->len; i++)
    {
      const AiperfTraceTemporal *t = &g_array_index (g.temporal, AiperfTraceTemporal, i);
      gint64 values[4] = { t->type_us[AIPERF_TRACE_TYPE_COMPUTATION], t->type_us[AIPERF_TRACE_TYPE_COMMUNICATION],
                           t->type_us[AIPERF_TRACE_TYPE_MEMORY], 0 };
      gint64 busy = 0;

      for (guint k = 1; k < 8; k++)
        busy += t->type_us[k];
      values[3] = busy - values[0] - values[1] - values[2];
      for (guint p = 0; p < 4; p++)
        {
          add_part (layers[p], i, busy > 0 ? 100.0 * (double) values[p] / (double) busy : 0,
                    g_strdup_printf (_("%s: %.3f ms of %.3f ms"), (const char *) g_ptr_array_index (g.labels, i),
                                     values[p] / 1e3, busy / 1e3));
        }
    }
  chart->note = g_strdup (_("Time when only computation, only communication (NCCL) or only memory operations "
                            "(Memcpy, Memset, DMA) ran, and when two types or more ran at once, as HTA's kernel-type "
                            "breakdown (Holistic Trace Analysis); kernel_types.csv has each overlap apart."));
  return g_steal_pointer (&chart);
}

/* Each stream's idle time, split as HTA splits it, in ms. */
AiperfChart *
aiperf_handler_idle_time (const AiperfPlotSpec       *spec,
                          AiperfRunSet               *runs,
                          const AiperfClassification *classification,
                          AiperfPlotColors           *colors,
                          GError                    **error)
{
  g_auto(Gpus) g = { 0 };
  g_autoptr(AiperfChart) chart = NULL;
  const char *parts[3] = { N_("Host wait"), N_("Kernel wait"), N_("Other") };
  AiperfColor part_colors[3] = { aiperf_color_role (AIPERF_ROLE_ALERT), aiperf_color_palette (1),
                                 aiperf_color_role (AIPERF_ROLE_BASELINE) };
  AiperfLayer *layers[3];

  (void) classification;
  (void) colors;
  gather (runs, &g);
  if (g.splits->len == 0)
    return aiperf_plot_no_data (error, _("no trace ran anything on a GPU"));
  chart = parts_chart (spec, _("Idle Time per Stream"), g.streams, _("Stream"), _("Idle time"), "ms", parts,
                       part_colors, 3, layers);
  for (guint i = 0; i < g.splits->len; i++)
    {
      const AiperfTraceIdleSplit *s = &g_array_index (g.splits, AiperfTraceIdleSplit, i);
      gint64 values[3] = { s->host_wait_us, s->kernel_wait_us, s->other_us };

      for (guint p = 0; p < 3; p++)
        {
          add_part (layers[p], i, values[p] / 1e3,
                    g_strdup_printf (_("%s: %u gaps, %.3f ms"), (const char *) g_ptr_array_index (g.streams, i),
                                     s->n_gaps[p], values[p] / 1e3));
        }
    }
  chart->note = g_strdup_printf (_("Each gap before a device event: host wait when its launch began after the "
                                   "previous event ended (the CPU was late); kernel wait when under %d µs (launch "
                                   "overhead); other otherwise (waiting on another stream or an event). As HTA's idle "
                                   "time breakdown."),
                                 AIPERF_TRACE_KERNEL_WAIT_US);
  return g_steal_pointer (&chart);
}
