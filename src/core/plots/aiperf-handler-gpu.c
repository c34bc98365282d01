/* aiperf-handler-gpu.c — dual_axis: a request-side series on the left axis
 * and a GPU telemetry field on the right.
 *
 * aiperf averaged GPU utilisation over rows with an identical timestamp,
 * which differs per exporter, so nothing was averaged (quirk 4). Here the
 * samples are binned by the scrape interval: within a bin each GPU (by UUID
 * slot, however many endpoints saw it) is averaged first, then the GPUs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-handler-private.h"

/* The typical interval between two samples of one GPU on one endpoint. */
static double
scrape_interval (const double *ts,
                 const double *slots,
                 const double *endpoints,
                 guint         n)
{
  g_autoptr(GHashTable) first = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(GArray) intervals = g_array_new (FALSE, FALSE, sizeof (double));
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; i < n; i++)
    {
      gint64 k = (gint64) (isnan (slots[i]) ? -1 : slots[i]) * 4096 +
                 (gint64) (endpoints == NULL || isnan (endpoints[i]) ? 0 : endpoints[i]);
      double *span = g_hash_table_lookup (first, &k);

      if (isnan (ts[i]))
        continue;
      if (span == NULL)
        {
          span = g_new (double, 3);
          span[0] = span[1] = ts[i];
          span[2] = 0;
          g_hash_table_insert (first, g_memdup2 (&k, sizeof k), span);
        }
      span[0] = MIN (span[0], ts[i]);
      span[1] = MAX (span[1], ts[i]);
      span[2] += 1;
    }
  g_hash_table_iter_init (&iter, first);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      double *span = value;

      if (span[2] >= 2 && span[1] > span[0])
        {
          double interval = (span[1] - span[0]) / (span[2] - 1);

          g_array_append_val (intervals, interval);
        }
    }
  if (intervals->len == 0)
    return 1.0;
  g_array_sort (intervals, (GCompareFunc) aiperf_compare_doubles);
  return g_array_index (intervals, double, intervals->len / 2);
}

static gboolean
add_gpu_series (AiperfChart          *chart,
                const AiperfPlotSpec *spec,
                AiperfRun            *run,
                const char           *field,
                GError              **error)
{
  AiperfTable *telemetry = aiperf_run_get_gpu_telemetry (run);
  const double *ts, *slots, *endpoints, *values;
  g_autofree double *sum = NULL, *count = NULL;
  g_autofree char *name = NULL, *series_name = NULL;
  double t0 = INFINITY, t1 = -INFINITY, width;
  guint n, n_bins, n_gpus = 0, n_seen = 0;
  AiperfLayer *layer;
  const AiperfTraceStyle *style = &spec->secondary_style;
  int column, series;

  if (telemetry == NULL || aiperf_table_get_n_rows (telemetry) == 0)
    {
      aiperf_plot_no_data (error, _("run %s has no GPU telemetry (gpu_telemetry_export.jsonl)"),
                           aiperf_run_get_name (run));
      return FALSE;
    }
  column = aiperf_table_find_column (telemetry, field);
  ts = aiperf_table_get_column (telemetry, "timestamp_s");
  slots = aiperf_table_get_column (telemetry, "gpu_slot");
  endpoints = aiperf_table_get_column (telemetry, "endpoint_slot");
  if (column < 0 || ts == NULL || slots == NULL)
    {
      aiperf_plot_no_data (error, _("the GPU telemetry of run %s has no “%s” field"),
                           aiperf_run_get_name (run), field);
      return FALSE;
    }
  values = aiperf_table_get_column_values (telemetry, column);
  n = aiperf_table_get_n_rows (telemetry);
  for (guint i = 0; i < n; i++)
    if (!isnan (ts[i]) && !isnan (values[i]) && !isnan (slots[i]))
      {
        t0 = MIN (t0, ts[i]);
        t1 = MAX (t1, ts[i]);
        n_gpus = MAX (n_gpus, (guint) slots[i] + 1);
      }
  if (n_gpus == 0)
    {
      aiperf_plot_no_data (error, _("the GPU telemetry of run %s has no “%s” values"),
                           aiperf_run_get_name (run), field);
      return FALSE;
    }
  /* Bins of one scrape interval, but no more than about one per pixel:
   * finer bins of a long run only draw noise as a solid block. */
  width = scrape_interval (ts, slots, endpoints, n);
  if ((t1 - t0) / width > AIPERF_PLOT_MAX_STEPS)
    width = (t1 - t0) / AIPERF_PLOT_MAX_STEPS;
  n_bins = (guint) floor ((t1 - t0) / width) + 1;
  sum = g_new0 (double, (gsize) n_bins * n_gpus);
  count = g_new0 (double, (gsize) n_bins * n_gpus);
  for (guint i = 0; i < n; i++)
    if (!isnan (ts[i]) && !isnan (values[i]) && !isnan (slots[i]))
      {
        guint b = MIN ((guint) ((ts[i] - t0) / width), n_bins - 1);
        gsize k = (gsize) b * n_gpus + (guint) slots[i];

        sum[k] += values[i];
        count[k] += 1;
      }

  /* GPUs actually sampled (slots index every GPU the run knows of). */
  for (guint g = 0; g < n_gpus; g++)
    {
      gboolean seen = FALSE;

      for (guint b = 0; b < n_bins && !seen; b++)
        seen = count[(gsize) b * n_gpus + g] > 0;
      n_seen += seen;
    }
  name = aiperf_plot_display_name (field);
  series_name = n_seen > 1 ? g_strdup_printf (_("%s (mean of %u GPUs)"), name, n_seen)
                           : g_strdup (name);
  series = aiperf_chart_add_series (chart, series_name, aiperf_color_palette (1),
                                    style->fill ? AIPERF_LAYER_AREA : AIPERF_LAYER_LINE);
  layer = aiperf_chart_add_layer (chart, style->fill ? AIPERF_LAYER_AREA :
                                         style->lines ? AIPERF_LAYER_LINE : AIPERF_LAYER_POINTS,
                                  series);
  layer->on_y2 = TRUE;
  layer->step = style->line_shape == AIPERF_LINE_SHAPE_HV;
  layer->line_width = style->line_width;
  layer->fill_opacity = style->fill_opacity;
  layer->marker_size = style->marker_size;
  layer->opacity = style->marker_opacity;
  layer->pickable = TRUE;
  for (guint b = 0; b < n_bins; b++)
    {
      double total = 0;
      guint gpus = 0;

      for (guint g = 0; g < n_gpus; g++)
        if (count[(gsize) b * n_gpus + g] > 0)
          {
            total += sum[(gsize) b * n_gpus + g] / count[(gsize) b * n_gpus + g];
            gpus++;
          }
      if (gpus > 0)
        aiperf_layer_append_point (layer, t0 + (b + 0.5) * width, total / gpus, -1);
    }

  aiperf_plot_set_metric_axis (&chart->y2, field, FALSE, AIPERF_STAT_AVG,
                               aiperf_table_get_column_unit (telemetry, column), NULL);
  chart->has_y2 = TRUE;
  if (g_strcmp0 (chart->y2.unit, "%") == 0)
    {
      aiperf_axis_set_range (&chart->y2, 0, 100);
      chart->y2.fixed_range = TRUE;
    }
  return TRUE;
}

AiperfChart *
aiperf_handler_dual_axis (const AiperfPlotSpec *spec,
                          AiperfRun            *run,
                          GError              **error)
{
  g_autoptr(AiperfChart) chart = NULL;
  const char *y_tag = spec->y.metric ? spec->y.metric : "throughput_tokens_per_sec";
  const char *y2_tag = spec->y2.metric ? aiperf_plot_resolve_tag (spec->y2.metric) : "gpu_utilization";
  const AiperfTraceStyle *style = &spec->primary_style;
  AiperfTable *table = aiperf_run_get_throughput (run);
  const double *xs = NULL, *ys = NULL;
  const char *unit = NULL;
  g_autofree char *name = NULL;
  AiperfLayerKind kind;
  AiperfLayer *layer;
  double window = 0;
  guint n = 0;
  int series;

  /* The left series: dispersed throughput, or any per-request column. */
  if (table != NULL && aiperf_table_find_column (table, y_tag) >= 0)
    {
      xs = aiperf_table_get_column (table, "timestamp_s");
      ys = aiperf_table_get_column (table, y_tag);
      n = aiperf_table_get_n_rows (table);
      unit = strcmp (y_tag, "throughput_tokens_per_sec") == 0 ? "tokens/sec" : NULL;
    }
  else if (strcmp (y_tag, "throughput_tokens_per_sec") == 0 || strcmp (y_tag, "active_requests") == 0)
    return aiperf_plot_no_data (error, _("run %s has no dispersed throughput (it needs per-request "
                                         "data with TTFT and output lengths)"), aiperf_run_get_name (run));
  else
    {
      ys = aiperf_plot_request_column (run, y_tag, &y_tag, &unit, error);
      if (ys == NULL)
        return NULL;
      xs = aiperf_plot_request_column (run, "timestamp_s", NULL, NULL, error);
      if (xs == NULL)
        return NULL;
      n = aiperf_table_get_n_rows (aiperf_run_get_requests (run));
    }
  if (xs == NULL || ys == NULL)
    return aiperf_plot_no_data (error, _("run %s has no “%s” over time"), aiperf_run_get_name (run), y_tag);

  name = aiperf_plot_display_name (y_tag);
  chart = aiperf_plot_chart_new (spec, name);
  aiperf_plot_set_time_axis (&chart->x, "timestamp_s", spec->x_label);
  aiperf_plot_set_metric_axis (&chart->y, y_tag, FALSE, AIPERF_STAT_AVG, unit, spec->y_label);
  kind = style->fill ? AIPERF_LAYER_AREA :
         !style->lines ? AIPERF_LAYER_POINTS :
         style->line_shape == AIPERF_LINE_SHAPE_HV ? AIPERF_LAYER_STEP : AIPERF_LAYER_LINE;
  series = aiperf_chart_add_series (chart, name, aiperf_color_palette (0), kind);
  layer = aiperf_chart_add_layer (chart, kind, series);
  layer->step = style->line_shape == AIPERF_LINE_SHAPE_HV;
  layer->line_width = style->line_width;
  layer->fill_opacity = style->fill_opacity;
  layer->marker_size = style->marker_size;
  layer->opacity = style->marker_opacity;
  if (layer->step || kind == AIPERF_LAYER_STEP)
    window = aiperf_plot_append_step (layer, xs, ys, n, AIPERF_PLOT_MAX_STEPS);
  else
    for (guint i = 0; i < n; i++)
      if (!isnan (xs[i]) && !isnan (ys[i]))
        aiperf_layer_append_point (layer, xs[i], ys[i], (int) i);
  if (window > 0)
    chart->note = g_strdup_printf (_("Each step is the mean over a %.3g s window"), window);
  if (g_strcmp0 (chart->y.unit, "%") == 0)
    {
      aiperf_axis_set_range (&chart->y, 0, 100);
      chart->y.fixed_range = TRUE;
    }

  if (!add_gpu_series (chart, spec, run, y2_tag, error))
    return NULL;
  /* The filled GPU area goes under the throughput line, not over it. */
  {
    gpointer gpu_layer = g_ptr_array_steal_index (chart->layers, chart->layers->len - 1);

    g_ptr_array_insert (chart->layers, 0, gpu_layer);
  }
  return g_steal_pointer (&chart);
}
