/* aiperf-handler-server.c — single-run plots of server metrics:
 * percentile_bands as aiperf draws it, and the other time-series types.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-artifacts.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-handler-server.h"

typedef struct {
  const AiperfServerMetric *metric;
  GPtrArray                *series;   /* AiperfServerSeries*, transfer none */
  char                    **legend;   /* one short label per series */
  char                     *display;  /* "vLLM: KV Cache Usage" */
} Selection;

static void
selection_clear (Selection *sel)
{
  g_clear_pointer (&sel->series, g_ptr_array_unref);
  g_clear_pointer (&sel->legend, g_strfreev);
  g_clear_pointer (&sel->display, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Selection, selection_clear)

static gboolean
has_table_column (AiperfTable *table,
                  const char  *name)
{
  return table != NULL && aiperf_table_find_column (table, name) >= 0;
}

gboolean
aiperf_plot_wants_server_metric (const AiperfPlotSpec *spec,
                                 AiperfRun            *run)
{
  AiperfServerMetrics *metrics;
  g_autofree char *name = NULL;
  AiperfDataSource source;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  source = spec->y.source != AIPERF_SOURCE_AUTO ? spec->y.source : spec->source;
  if (source == AIPERF_SOURCE_SERVER_METRICS || source == AIPERF_SOURCE_SERVER_METRICS_AGGREGATED)
    return spec->y.metric != NULL;
  if (source != AIPERF_SOURCE_AUTO || spec->y.metric == NULL)
    return FALSE;
  /* aiperf's order: summary tags, request columns, time slices and GPU
   * fields come before the server-metric heuristic. */
  if (aiperf_metric_registry_lookup (spec->y.metric) != NULL ||
      aiperf_metric_registry_lookup_display_name (spec->y.metric) != NULL ||
      has_table_column (aiperf_run_get_requests (run), spec->y.metric) ||
      has_table_column (aiperf_run_get_gpu_telemetry (run), spec->y.metric) ||
      has_table_column (aiperf_run_get_throughput (run), spec->y.metric))
    return FALSE;
  if (!aiperf_server_metric_spec_parse (spec->y.metric, &name, NULL, NULL))
    return FALSE;
  metrics = aiperf_run_get_server_metrics (run);
  if (metrics != NULL && aiperf_server_metrics_lookup (metrics, name) != NULL)
    return TRUE;
  return aiperf_server_metric_name_looks_like (spec->y.metric);
}

static gboolean
select_from (AiperfRun           *run,
             AiperfServerMetrics *metrics,
             const char          *spec,
             Selection           *sel,
             GError             **error)
{
  g_autofree char *name = NULL;
  g_autofree char *endpoint = NULL;
  g_autoptr(GHashTable) labels = NULL;

  if (!aiperf_server_metric_spec_parse (spec, &name, &endpoint, &labels))
    {
      aiperf_plot_no_data (error, _("“%s” is not a server-metric spec (expected name, "
                                    "name[endpoint] or name{label=value,…})"), spec);
      return FALSE;
    }
  if (metrics == NULL)
    {
      aiperf_plot_no_data (error, _("Run “%s” has no server metrics (no server_metrics_export.json)."),
                           aiperf_run_get_name (run));
      return FALSE;
    }
  sel->metric = aiperf_server_metrics_lookup (metrics, name);
  if (sel->metric == NULL)
    {
      aiperf_plot_no_data (error, _("Run “%s” has no server metric “%s”."),
                           aiperf_run_get_name (run), name);
      return FALSE;
    }
  sel->series = g_ptr_array_new ();
  aiperf_server_metric_select (sel->metric, endpoint, labels, sel->series);
  if (sel->series->len == 0)
    {
      aiperf_plot_no_data (error, _("No series of the server metric “%s” matches “%s”."), name, spec);
      return FALSE;
    }
  sel->legend = aiperf_server_series_legend_labels (sel->series);
  sel->display = aiperf_server_metric_display_name (name);
  return TRUE;
}

static gboolean
select_series (AiperfRun  *run,
               const char *spec,
               Selection  *sel,
               GError    **error)
{
  return select_from (run, aiperf_run_get_server_metrics (run), spec, sel, error);
}

/* Seconds are counted from the first request, as for every other time
 * series; a run without per-request data counts from its first slice. */
static double
time_origin_ns (AiperfRun *run,
                GPtrArray *series,
                gboolean  *out_from_requests)
{
  AiperfTable *requests = aiperf_run_get_requests (run);
  const double *start = requests != NULL ? aiperf_table_get_column (requests, "request_start_ns") : NULL;
  double origin = NAN;

  if (start != NULL)
    for (guint i = 0; i < aiperf_table_get_n_rows (requests); i++)
      if (!isnan (start[i]) && (isnan (origin) || start[i] < origin))
        origin = start[i];
  *out_from_requests = !isnan (origin);
  if (!isnan (origin))
    return origin;
  for (guint s = 0; s < series->len; s++)
    {
      AiperfServerSeries *one = g_ptr_array_index (series, s);

      for (guint i = 0; i < one->slices->len; i++)
        {
          double t = (double) g_array_index (one->slices, AiperfServerSlice, i).start_ns;

          if (isnan (origin) || t < origin)
            origin = t;
        }
    }
  return isnan (origin) ? 0 : origin;
}

static double
slice_x (const AiperfServerSlice *slice,
         double                   origin)
{
  /* The midpoint, like aiperf when it plots the JSON time slices. */
  return ((double) slice->start_ns + ((double) slice->end_ns - (double) slice->start_ns) / 2 - origin) / 1e9;
}

/* The value a scatter or area shows for one slice. */
static double
slice_value (AiperfServerMetricType   type,
             const AiperfServerSlice *slice)
{
  switch (type)
    {
    case AIPERF_SERVER_METRIC_COUNTER:
      return slice->rate;
    case AIPERF_SERVER_METRIC_HISTOGRAM:
      return slice->count > 0 ? slice->avg : NAN;
    case AIPERF_SERVER_METRIC_GAUGE:
    case AIPERF_SERVER_METRIC_UNKNOWN:
    default:
      return slice->avg;
    }
}

static char *
value_unit (const AiperfServerMetric *metric)
{
  if (metric->type == AIPERF_SERVER_METRIC_COUNTER)
    return metric->unit != NULL ? g_strdup_printf ("%s/s", metric->unit) : g_strdup ("per second");
  return g_strdup (metric->unit);
}

static AiperfChart *
server_chart_new (const AiperfPlotSpec *spec,
                  AiperfRun            *run,
                  const Selection      *sel,
                  double               *out_origin)
{
  AiperfChart *chart = aiperf_plot_chart_new_over_time (spec, sel->display);
  g_autofree char *unit = value_unit (sel->metric);
  gboolean from_requests;

  *out_origin = time_origin_ns (run, sel->series, &from_requests);
  if (spec->x_label != NULL)
    aiperf_axis_set_label (&chart->x, spec->x_label, NULL);
  else if (from_requests)
    aiperf_axis_set_label (&chart->x, "Time since the first request", "s");
  else
    aiperf_axis_set_label (&chart->x, "Time since the first time slice", "s");
  aiperf_axis_set_label (&chart->y, spec->y_label != NULL ? spec->y_label : sel->display,
                         spec->y_label != NULL ? NULL : unit);
  return chart;
}

/* "p50" for one series, "host:8001 p50" for several. */
static char *
legend_name (const Selection *sel,
             guint            i,
             const char      *what)
{
  if (sel->series->len == 1 || sel->legend[i][0] == '\0')
    return g_strdup (what);
  return g_strdup_printf ("%s %s", sel->legend[i], what);
}

static AiperfLayer *
add_layer (AiperfChart     *chart,
           const Selection *sel,
           guint            i,
           const char      *what,
           AiperfLayerKind  kind,
           double           fill_opacity)
{
  g_autofree char *label = legend_name (sel, i, what);
  int series = aiperf_chart_add_series (chart, label, aiperf_color_palette (i), kind);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, kind, series);

  layer->line_width = AIPERF_PLOT_LINE_WIDTH;
  layer->fill_opacity = fill_opacity;
  return layer;
}

static AiperfChart *
percentile_bands (const AiperfPlotSpec *spec,
                  AiperfRun            *run,
                  const Selection      *sel)
{
  double origin;
  AiperfChart *chart = server_chart_new (spec, run, sel, &origin);
  AiperfServerMetricType type = sel->metric->type;
  guint n_points = 0;

  for (guint i = 0; i < sel->series->len; i++)
    {
      AiperfServerSeries *series = g_ptr_array_index (sel->series, i);
      GArray *slices = series->slices;

      if (type == AIPERF_SERVER_METRIC_HISTOGRAM)
        {
          AiperfLayer *band = add_layer (chart, sel, i, "p95–p99", AIPERF_LAYER_BAND, 0.25);
          AiperfLayer *line = add_layer (chart, sel, i, "p50", AIPERF_LAYER_LINE, 0);

          for (guint k = 0; k < slices->len; k++)
            {
              const AiperfServerSlice *slice = &g_array_index (slices, AiperfServerSlice, k);
              const AiperfServerBucket *b;
              double x = slice_x (slice, origin), p50;

              if (slice->buckets == NULL)
                continue;
              b = (const AiperfServerBucket *) slice->buckets->data;
              p50 = aiperf_histogram_quantile (0.50, b, slice->buckets->len);
              /* An empty slice breaks the line and band rather than bridging them. */
              aiperf_layer_append_point (line, x, p50, (int) k);
              if (isnan (p50))
                {
                  aiperf_layer_append_band (band, x, NAN, NAN);
                  continue;
                }
              aiperf_layer_append_band (band, x, aiperf_histogram_quantile (0.95, b, slice->buckets->len),
                                        aiperf_histogram_quantile (0.99, b, slice->buckets->len));
              n_points++;
            }
        }
      else if (type == AIPERF_SERVER_METRIC_COUNTER)
        {
          AiperfLayer *line = add_layer (chart, sel, i, "rate", AIPERF_LAYER_LINE, 0);

          for (guint k = 0; k < slices->len; k++)
            {
              const AiperfServerSlice *slice = &g_array_index (slices, AiperfServerSlice, k);

              aiperf_layer_append_point (line, slice_x (slice, origin), slice->rate, (int) k);
              n_points += !isnan (slice->rate);
            }
        }
      else
        {
          AiperfLayer *upper = add_layer (chart, sel, i, "avg–max", AIPERF_LAYER_BAND, 0.25);
          AiperfLayer *lower = add_layer (chart, sel, i, "min–avg", AIPERF_LAYER_BAND, 0.12);
          AiperfLayer *line = add_layer (chart, sel, i, "avg", AIPERF_LAYER_LINE, 0);

          for (guint k = 0; k < slices->len; k++)
            {
              const AiperfServerSlice *slice = &g_array_index (slices, AiperfServerSlice, k);
              double x = slice_x (slice, origin);

              aiperf_layer_append_point (line, x, slice->avg, (int) k);
              aiperf_layer_append_band (upper, x, slice->avg, slice->max);
              aiperf_layer_append_band (lower, x, slice->min, slice->avg);
              n_points += !isnan (slice->avg);
            }
        }
    }
  if (n_points == 0)
    {
      aiperf_chart_free (chart);
      return NULL;
    }
  if (type == AIPERF_SERVER_METRIC_HISTOGRAM)
    chart->note = g_strdup ("Percentiles estimated from each time slice’s histogram buckets "
                            "(Prometheus linear interpolation)");
  return chart;
}

/* scatter, scatter_with_percentiles, timeslice: one point per slice and series. */
static AiperfChart *
per_slice_points (const AiperfPlotSpec *spec,
                  AiperfRun            *run,
                  const Selection      *sel,
                  gboolean              lines)
{
  double origin;
  AiperfChart *chart = server_chart_new (spec, run, sel, &origin);
  guint n_points = 0;

  for (guint i = 0; i < sel->series->len; i++)
    {
      AiperfServerSeries *series = g_ptr_array_index (sel->series, i);
      const char *label = sel->series->len > 1 && sel->legend[i][0] != '\0' ? sel->legend[i] : sel->display;
      int index = aiperf_chart_add_series (chart, label, aiperf_color_palette (i), AIPERF_LAYER_POINTS);
      AiperfLayer *points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, index);
      AiperfLayer *line = NULL;

      points->marker_size = AIPERF_PLOT_MARKER_MEDIUM + 2;
      points->pickable = TRUE;
      if (lines)
        {
          line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, index);
          line->line_width = AIPERF_PLOT_LINE_WIDTH;
        }
      for (guint k = 0; k < series->slices->len; k++)
        {
          const AiperfServerSlice *slice = &g_array_index (series->slices, AiperfServerSlice, k);
          double x = slice_x (slice, origin), y = slice_value (sel->metric->type, slice);

          if (line != NULL)
            aiperf_layer_append_point (line, x, y, (int) k);
          if (isnan (y))
            continue;
          aiperf_layer_append_point (points, x, y, (int) k);
          n_points++;
        }
    }
  if (n_points == 0)
    {
      aiperf_chart_free (chart);
      return NULL;
    }
  chart->id_kind = g_strdup ("timeslice");
  return chart;
}

/* area: the series combined per slice index, counters summed, the rest averaged. */
static AiperfChart *
combined_area (const AiperfPlotSpec *spec,
               AiperfRun            *run,
               const Selection      *sel)
{
  double origin;
  AiperfChart *chart = server_chart_new (spec, run, sel, &origin);
  AiperfServerSeries *first = g_ptr_array_index (sel->series, 0);
  gboolean sum = sel->metric->type == AIPERF_SERVER_METRIC_COUNTER;
  int index = aiperf_chart_add_series (chart, sel->display, aiperf_color_palette (0), AIPERF_LAYER_AREA);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_AREA, index);
  guint n_points = 0;
  double last = NAN, last_end = NAN;

  layer->step = TRUE;
  layer->fill_opacity = 0.2;
  layer->line_width = AIPERF_PLOT_LINE_WIDTH;
  for (guint k = 0; k < first->slices->len; k++)
    {
      const AiperfServerSlice *slice = &g_array_index (first->slices, AiperfServerSlice, k);
      double total = 0;
      guint n = 0;

      for (guint i = 0; i < sel->series->len; i++)
        {
          AiperfServerSeries *series = g_ptr_array_index (sel->series, i);
          double y;

          if (k >= series->slices->len)
            continue;
          y = slice_value (sel->metric->type, &g_array_index (series->slices, AiperfServerSlice, k));
          if (!isnan (y))
            {
              total += y;
              n++;
            }
        }
      if (n == 0)
        continue;
      /* A step holds its value from the slice start. */
      last = sum ? total : total / n;
      last_end = ((double) slice->end_ns - origin) / 1e9;
      aiperf_layer_append_point (layer, ((double) slice->start_ns - origin) / 1e9, last, (int) k);
      n_points++;
    }
  /* Hold the last value to the end of its slice. */
  if (n_points > 0)
    aiperf_layer_append_point (layer, last_end, last, -1);
  if (n_points == 0)
    {
      aiperf_chart_free (chart);
      return NULL;
    }
  if (sel->series->len > 1)
    chart->note = g_strdup (sum ? "Sum over all series" : "Mean over all series");
  return chart;
}

/* histogram: the run's bucket counts (aiperf looks for them inside "stats",
 * where the export never puts them, so its plot comes out empty). */
static AiperfChart *
bucket_bars (const AiperfPlotSpec *spec,
             const Selection      *sel,
             GError              **error)
{
  AiperfServerSeries *first = g_ptr_array_index (sel->series, 0);
  AiperfChart *chart;
  AiperfLayer *layer;
  double previous = 0;
  int index;

  if (sel->metric->type != AIPERF_SERVER_METRIC_HISTOGRAM || first->buckets == NULL)
    return aiperf_plot_no_data (error, _("The server metric “%s” has no histogram buckets."),
                                sel->metric->name);
  chart = aiperf_plot_chart_new (spec, sel->display);
  aiperf_axis_set_label (&chart->x, spec->x_label != NULL ? spec->x_label : "Bucket upper bound",
                         spec->x_label != NULL ? NULL : sel->metric->unit);
  aiperf_axis_set_label (&chart->y, spec->y_label != NULL ? spec->y_label : "Observations", NULL);
  chart->y.integer_ticks = TRUE;
  index = aiperf_chart_add_series (chart, sel->display, aiperf_color_palette (0), AIPERF_LAYER_BARS);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, index);
  layer->fill_opacity = 0.7;
  for (guint b = 0; b < first->buckets->len; b++)
    {
      const AiperfServerBucket *bucket = &g_array_index (first->buckets, AiperfServerBucket, b);
      double count = 0;
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      /* Same bound summed over the selected series. */
      for (guint i = 0; i < sel->series->len; i++)
        {
          AiperfServerSeries *series = g_ptr_array_index (sel->series, i);

          for (guint j = 0; series->buckets != NULL && j < series->buckets->len; j++)
            if (g_array_index (series->buckets, AiperfServerBucket, j).le == bucket->le)
              count += g_array_index (series->buckets, AiperfServerBucket, j).count;
        }
      aiperf_layer_append_bar (layer, b, 0.9, MAX (count - previous, 0), (int) b);
      previous = MAX (previous, count);
      aiperf_axis_add_tick (&chart->x, b, isinf (bucket->le) ? "+Inf"
                            : g_ascii_formatd (buf, sizeof buf, "%g", bucket->le));
    }
  chart->x.include_zero = FALSE;
  return chart;
}

/* How a single-run type draws a server metric. */
typedef enum {
  FORM_BANDS,                /* percentile_bands */
  FORM_POINTS,               /* scatter */
  FORM_POINTS_PERCENTILES,   /* scatter_with_percentiles, timeslice */
  FORM_AREA,                 /* area */
  FORM_HISTOGRAM,            /* histogram */
} Form;

static AiperfChart *
server_metric_chart (const AiperfPlotSpec *spec,
                     AiperfRun            *run,
                     Form                  form,
                     GError              **error)
{
  g_auto(Selection) sel = { 0 };
  AiperfChart *chart = NULL;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (AIPERF_IS_RUN (run), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (spec->y.metric == NULL)
    return aiperf_plot_no_data (error, _("The preset “%s” has no y metric."), spec->name);
  if (!select_series (run, spec->y.metric, &sel, error))
    return NULL;
  switch (form)
    {
    case FORM_BANDS:
      chart = percentile_bands (spec, run, &sel);
      break;
    case FORM_POINTS:
    case FORM_POINTS_PERCENTILES:
      chart = per_slice_points (spec, run, &sel, form == FORM_POINTS_PERCENTILES);
      break;
    case FORM_AREA:
      chart = combined_area (spec, run, &sel);
      break;
    case FORM_HISTOGRAM:
    default:
      return bucket_bars (spec, &sel, error);
    }
  if (chart == NULL)
    return aiperf_plot_no_data (error, _("The server metric “%s” of run “%s” has no time slices."),
                                spec->y.metric, aiperf_run_get_name (run));
  return chart;
}

AiperfChart *
aiperf_handler_server_bands (const AiperfPlotSpec *spec,
                             AiperfRun            *run,
                             GError              **error)
{
  return server_metric_chart (spec, run, FORM_BANDS, error);
}

AiperfChart *
aiperf_handler_server_points (const AiperfPlotSpec *spec,
                              AiperfRun            *run,
                              GError              **error)
{
  return server_metric_chart (spec, run, FORM_POINTS, error);
}

AiperfChart *
aiperf_handler_server_points_percentiles (const AiperfPlotSpec *spec,
                                          AiperfRun            *run,
                                          GError              **error)
{
  return server_metric_chart (spec, run, FORM_POINTS_PERCENTILES, error);
}

AiperfChart *
aiperf_handler_server_area (const AiperfPlotSpec *spec,
                            AiperfRun            *run,
                            GError              **error)
{
  return server_metric_chart (spec, run, FORM_AREA, error);
}

AiperfChart *
aiperf_handler_server_histogram (const AiperfPlotSpec *spec,
                                 AiperfRun            *run,
                                 GError              **error)
{
  return server_metric_chart (spec, run, FORM_HISTOGRAM, error);
}

double
aiperf_plot_server_metric_value (AiperfRun   *run,
                                 const char  *spec,
                                 char       **out_unit,
                                 GError     **error)
{
  g_auto(Selection) sel = { 0 };
  g_autoptr(AiperfServerMetrics) own = NULL;
  AiperfServerMetrics *metrics;
  double total = 0;
  guint n = 0;
  gboolean counter;

  g_return_val_if_fail (AIPERF_IS_RUN (run), NAN);
  g_return_val_if_fail (spec != NULL, NAN);

  /* Comparison plots read only summaries; read the export just for this
   * rather than store it on a run whose details may be loading elsewhere. */
  metrics = aiperf_run_get_server_metrics (run);
  if (metrics == NULL && !aiperf_run_has_details (run))
    {
      g_autofree char *path = g_build_filename (aiperf_run_get_directory (run),
                                                AIPERF_FILE_SERVER_METRICS_JSON, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        metrics = own = aiperf_server_metrics_load (path, NULL);
    }
  if (!select_from (run, metrics, spec, &sel, error))
    return NAN;
  counter = sel.metric->type == AIPERF_SERVER_METRIC_COUNTER;
  for (guint i = 0; i < sel.series->len; i++)
    {
      double value = aiperf_server_series_get_stat (g_ptr_array_index (sel.series, i),
                                                    counter ? "rate" : "avg");

      if (!isnan (value))
        {
          total += value;
          n++;
        }
    }
  if (n == 0)
    {
      aiperf_plot_no_data (error, _("The server metric “%s” of run “%s” has no %s statistic."),
                           spec, aiperf_run_get_name (run), counter ? "rate" : "avg");
      return NAN;
    }
  if (out_unit != NULL)
    *out_unit = g_strdup (sel.metric->unit);
  return counter ? total : total / n;
}
