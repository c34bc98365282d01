/* aiperf-handler-gpu.c — dual_axis: a request-side series on the left axis
 * and a GPU telemetry field on the right.
 *
 * aiperf averaged GPU utilisation over rows with an identical timestamp,
 * which differs per exporter, so nothing was averaged (quirk 4). Here a GPU
 * seen by several exporters (one UUID, several endpoints) is read from one
 * of them only, so each scrape is one point at its own timestamp: samples of
 * one GPU at one timestamp are averaged, then the GPUs scraped at that same
 * timestamp. Nothing is binned: the renderer decimates to the pixel grid
 * when there are more samples than pixels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-serving-handlers.h"

typedef struct {
  double t, value;
  guint  gpu;
} Sample;

/* A row that can be drawn: a time, a value and a GPU (slot ≥ 0, not NaN). */
static inline gboolean
usable (const double *ts,
        const double *slots,
        const double *values,
        guint         i)
{
  return !isnan (ts[i]) && !isnan (values[i]) && slots[i] >= 0;
}

static int
sample_compare (gconstpointer a,
                gconstpointer b)
{
  const Sample *sa = a, *sb = b;

  if (sa->t != sb->t)
    return sa->t < sb->t ? -1 : 1;
  return sa->gpu < sb->gpu ? -1 : sa->gpu > sb->gpu;
}

/* For each GPU the endpoint slot its samples are read from: the one with
 * the most samples (the first seen on a tie). Two exporters scraping one GPU
 * a millisecond apart are the same measurement; taking both would draw every
 * scrape twice. Returned as slot + 1, so 0 stands for "no endpoint". */
static int *
pick_endpoints (const double *ts,
                const double *slots,
                const double *endpoints,
                const double *values,
                guint         n,
                guint         n_gpus)
{
  g_autofree guint *count = NULL;
  int *best = g_new0 (int, n_gpus);
  guint n_ep = 1;

  for (guint i = 0; i < n; i++)
    if (endpoints != NULL && !isnan (endpoints[i]) && endpoints[i] >= 0)
      n_ep = MAX (n_ep, (guint) endpoints[i] + 2);
  count = g_new0 (guint, (gsize) n_gpus * n_ep);
  for (guint i = 0; i < n; i++)
    if (usable (ts, slots, values, i))
      {
        guint ep = endpoints != NULL && !isnan (endpoints[i]) && endpoints[i] >= 0
                   ? (guint) endpoints[i] + 1 : 0;

        count[(gsize) slots[i] * n_ep + ep]++;
      }
  for (guint g = 0; g < n_gpus; g++)
    for (guint ep = 1; ep < n_ep; ep++)
      if (count[(gsize) g * n_ep + ep] > count[(gsize) g * n_ep + best[g]])
        best[g] = (int) ep;
  return best;
}

/* One (time, value) per distinct scrape timestamp, in time order; the number
 * of GPUs that contributed is returned in @n_seen, and each GPU's own
 * points (its samples of one scrape averaged) in @per_gpu (GArray* per slot,
 * created by the caller). */
static GArray *
gpu_points (const double *ts,
            const double *slots,
            const double *endpoints,
            const double *values,
            guint         n,
            guint         n_gpus,
            guint        *n_seen,
            GPtrArray    *per_gpu)
{
  g_autofree int *endpoint_of = pick_endpoints (ts, slots, endpoints, values, n, n_gpus);
  g_autofree gboolean *seen = g_new0 (gboolean, n_gpus);
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  GArray *points = g_array_new (FALSE, FALSE, sizeof (double));
  guint i = 0;

  for (guint r = 0; r < n; r++)
    if (usable (ts, slots, values, r))
      {
        guint gpu = (guint) slots[r];
        int ep = endpoints != NULL && !isnan (endpoints[r]) && endpoints[r] >= 0
                 ? (int) endpoints[r] + 1 : 0;
        Sample s = { ts[r], values[r], gpu };

        if (ep != endpoint_of[gpu])
          continue;
        g_array_append_val (samples, s);
        seen[gpu] = TRUE;
      }
  *n_seen = 0;
  for (guint g = 0; g < n_gpus; g++)
    *n_seen += seen[g];

  /* Scrapes are written in time order: sort only when they were not. */
  for (guint k = 1; k < samples->len; k++)
    if (sample_compare (&g_array_index (samples, Sample, k - 1), &g_array_index (samples, Sample, k)) > 0)
      {
        g_array_sort (samples, sample_compare);
        break;
      }
  while (i < samples->len)
    {
      double t = g_array_index (samples, Sample, i).t, total = 0;
      guint gpus = 0;

      /* Per GPU first (a repeated row), then across the GPUs of the scrape. */
      while (i < samples->len && g_array_index (samples, Sample, i).t == t)
        {
          guint gpu = g_array_index (samples, Sample, i).gpu;
          double sum = 0;
          guint k = 0;

          for (; i < samples->len && g_array_index (samples, Sample, i).t == t &&
                 g_array_index (samples, Sample, i).gpu == gpu; i++, k++)
            sum += g_array_index (samples, Sample, i).value;
          total += sum / k;
          gpus++;
          {
            GArray *own = g_ptr_array_index (per_gpu, gpu);
            double mean = sum / k;

            g_array_append_val (own, t);
            g_array_append_val (own, mean);
          }
        }
      total /= gpus;
      g_array_append_val (points, t);
      g_array_append_val (points, total);
    }
  return points;
}

/* "GPU 3": the index the telemetry gives the GPU in slot @slot, else the slot. */
static char *
gpu_label (AiperfTable  *telemetry,
           const double *slots,
           guint         n,
           guint         slot)
{
  const double *index = aiperf_table_get_column (telemetry, "gpu_index");

  for (guint i = 0; index != NULL && i < n; i++)
    if (slots[i] == slot && isfinite (index[i]) && index[i] >= 0 && index[i] < 1e6)
      return g_strdup_printf (_("GPU %u"), (guint) index[i]);
  return g_strdup_printf (_("GPU %u"), slot);
}

static void
add_one_gpu (AiperfChart            *chart,
             const AiperfTraceStyle *style,
             char                   *label,
             GArray                 *points)
{
  g_autofree char *name = label;
  AiperfLayer *layer;
  int series;

  if (points->len == 0)
    return;
  series = aiperf_chart_add_series (chart, name, aiperf_color_palette (chart->series->len),
                                    AIPERF_LAYER_LINE);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, series);
  layer->on_y2 = TRUE;
  layer->step = style->line_shape == AIPERF_LINE_SHAPE_HV;
  layer->line_width = style->line_width * 0.75;
  layer->opacity = 0.6;
  layer->pickable = TRUE;
  for (guint p = 0; p + 1 < points->len; p += 2)
    aiperf_layer_append_point (layer, g_array_index (points, double, p),
                               g_array_index (points, double, p + 1), -1);
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
  g_autoptr(GArray) points = NULL;
  g_autoptr(GPtrArray) per_gpu = NULL;
  g_autofree char *name = NULL, *series_name = NULL;
  guint n, n_gpus = 0, n_seen = 0;
  AiperfLayer *layer;
  const AiperfTraceStyle *style = &spec->secondary_style;
  int column, series;

  if (telemetry == NULL || aiperf_table_get_n_rows (telemetry) == 0)
    {
      aiperf_plot_no_data (error, _("Run “%s” has no GPU telemetry (no gpu_telemetry_export.jsonl)."),
                           aiperf_run_get_name (run));
      return FALSE;
    }
  column = aiperf_table_find_column (telemetry, field);
  ts = aiperf_table_get_column (telemetry, "timestamp_s");
  slots = aiperf_table_get_column (telemetry, "gpu_slot");
  endpoints = aiperf_table_get_column (telemetry, "endpoint_slot");
  if (column < 0 || ts == NULL || slots == NULL)
    {
      aiperf_plot_no_data (error, _("The GPU telemetry of run “%s” has no “%s” field."),
                           aiperf_run_get_name (run), field);
      return FALSE;
    }
  values = aiperf_table_get_column_values (telemetry, column);
  n = aiperf_table_get_n_rows (telemetry);
  for (guint i = 0; i < n; i++)
    if (usable (ts, slots, values, i))
      n_gpus = MAX (n_gpus, (guint) slots[i] + 1);
  if (n_gpus == 0)
    {
      aiperf_plot_no_data (error, _("The GPU telemetry of run “%s” has no “%s” values."),
                           aiperf_run_get_name (run), field);
      return FALSE;
    }
  per_gpu = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint g = 0; g < n_gpus; g++)
    g_ptr_array_add (per_gpu, g_array_new (FALSE, FALSE, sizeof (double)));
  points = gpu_points (ts, slots, endpoints, values, n, n_gpus, &n_seen, per_gpu);

  name = aiperf_plot_display_name (field);
  series_name = n_seen > 1 ? g_strdup_printf ("%s (mean of %u GPUs)", name, n_seen)
                           : g_strdup (name);
  series = aiperf_chart_add_series (chart, series_name, aiperf_color_palette (1),
                                    style->fill ? AIPERF_LAYER_AREA : AIPERF_LAYER_LINE);
  layer = aiperf_chart_add_layer (chart, style->fill ? AIPERF_LAYER_AREA :
                                         style->lines ? AIPERF_LAYER_LINE : AIPERF_LAYER_POINTS,
                                  series);
  layer->on_y2 = TRUE;
  layer->step = style->line_shape == AIPERF_LINE_SHAPE_HV;
  /* With several GPUs the mean is the thick line and each GPU a thin one
   * over it: a GPU that idles while the others work shows as its own dip. */
  layer->line_width = n_seen > 1 ? style->line_width * 2 : style->line_width;
  layer->fill_opacity = style->fill_opacity;
  layer->marker_size = style->marker_size;
  layer->opacity = style->marker_opacity;
  layer->pickable = TRUE;
  for (guint p = 0; p + 1 < points->len; p += 2)
    aiperf_layer_append_point (layer, g_array_index (points, double, p),
                               g_array_index (points, double, p + 1), -1);
  for (guint g = 0; n_seen > 1 && g < n_gpus; g++)
    add_one_gpu (chart, style, gpu_label (telemetry, slots, n, g), g_ptr_array_index (per_gpu, g));

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
  else if ((strcmp (y_tag, "throughput_tokens_per_sec") == 0 || strcmp (y_tag, "active_requests") == 0) &&
           aiperf_run_get_requests (run) != NULL)
    /* The true reason: vLLM's and LLMPerf's per-request data has no times. */
    return aiperf_plot_no_data (error, _("Run “%s” has no dispersed throughput: its per-request data has no "
                                         "start and end times."), aiperf_run_get_name (run));
  else if (strcmp (y_tag, "throughput_tokens_per_sec") == 0 || strcmp (y_tag, "active_requests") == 0)
    return aiperf_plot_no_data (error, _("Run “%s” has no dispersed throughput: it has no per-request data."),
                                aiperf_run_get_name (run));
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
    return aiperf_plot_no_data (error, _("Run “%s” has no “%s” over time."), aiperf_run_get_name (run), y_tag);

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
    chart->note = g_strdup_printf ("Each step is the mean over a %.3g s window", window);
  if (g_strcmp0 (chart->y.unit, "%") == 0)
    {
      aiperf_axis_set_range (&chart->y, 0, 100);
      chart->y.fixed_range = TRUE;
    }

  if (!add_gpu_series (chart, spec, run, y2_tag, error))
    return NULL;
  /* The GPU layers (a filled area) go under the throughput line, not over it. */
  {
    gpointer throughput_layer = g_ptr_array_steal_index (chart->layers, 0);

    g_ptr_array_add (chart->layers, throughput_layer);
  }
  return g_steal_pointer (&chart);
}
