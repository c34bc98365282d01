/* aiperf-handler-timeseries.c — single-run plots over requests or time:
 * scatter, scatter_with_percentiles, area and percentile_bands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-serving-handlers.h"
#include "aiperf-plot-names.h"
#include "aiperf-stats.h"

/* x and y of a per-request plot, rows where both are numbers. */
static gboolean
request_xy (const AiperfPlotSpec *spec,
            AiperfRun            *run,
            GArray              **out_x,
            GArray              **out_y,
            GArray              **out_rows,
            const char          **out_x_tag,
            const char          **out_y_tag,
            const char          **out_y_unit,
            GError              **error)
{
  const double *xs, *ys;
  guint n;

  if (spec->y.metric == NULL)
    {
      aiperf_plot_no_data (error, _("The preset “%s” has no y metric."), spec->name);
      return FALSE;
    }
  /* Raw nanosecond clocks are read as seconds since the first request,
   * which is what their axis says. */
  ys = aiperf_plot_request_column (run, aiperf_plot_request_tag (spec->y.metric), out_y_tag, out_y_unit, error);
  if (ys == NULL)
    return FALSE;
  xs = aiperf_plot_request_column (run, aiperf_plot_request_tag (spec->x.metric ? spec->x.metric : "request_number"),
                                   out_x_tag, NULL, error);
  if (xs == NULL)
    return FALSE;
  n = aiperf_table_get_n_rows (aiperf_run_get_requests (run));
  *out_x = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  *out_y = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  *out_rows = g_array_sized_new (FALSE, FALSE, sizeof (int), n);
  for (guint i = 0; i < n; i++)
    if (!isnan (xs[i]) && !isnan (ys[i]))
      {
        int row = (int) i;

        g_array_append_val (*out_x, xs[i]);
        g_array_append_val (*out_y, ys[i]);
        g_array_append_val (*out_rows, row);
      }
  if ((*out_x)->len == 0)
    {
      g_clear_pointer (out_x, g_array_unref);
      g_clear_pointer (out_y, g_array_unref);
      g_clear_pointer (out_rows, g_array_unref);
      aiperf_plot_no_data (error, _("No request of run “%s” has a %s value."),
                           aiperf_run_get_name (run), *out_y_tag);
      return FALSE;
    }
  return TRUE;
}

AiperfChart *
aiperf_handler_scatter (const AiperfPlotSpec *spec,
                        AiperfRun            *run,
                        GError              **error)
{
  g_autoptr(GArray) x = NULL, y = NULL, rows = NULL;
  g_autofree char *name = NULL;
  const char *x_tag = NULL, *y_tag = NULL, *y_unit = NULL;
  AiperfChart *chart;
  AiperfLayer *layer;
  int series;

  if (!request_xy (spec, run, &x, &y, &rows, &x_tag, &y_tag, &y_unit, error))
    return NULL;
  name = aiperf_plot_display_name (y_tag);
  chart = aiperf_plot_chart_new (spec, name);
  aiperf_plot_set_time_axis (&chart->x, x_tag, spec->x_label);
  aiperf_plot_set_metric_axis (&chart->y, y_tag, FALSE, AIPERF_STAT_AVG, y_unit, spec->y_label);
  chart->id_kind = g_strdup ("request");
  series = aiperf_chart_add_series (chart, name, aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
  /* Few requests read better as larger dots; thousands as aiperf's small ones. */
  layer->marker_size = x->len <= 500 ? AIPERF_PLOT_MARKER_MEDIUM + 2 : AIPERF_PLOT_MARKER_SMALL + 1;
  layer->opacity = 0.95;
  layer->pickable = TRUE;
  for (guint i = 0; i < x->len; i++)
    aiperf_layer_append_point (layer, g_array_index (x, double, i), g_array_index (y, double, i),
                               g_array_index (rows, int, i));
  /* A lone series named like the y axis tells nothing the axis does not:
   * leave the plot its full width instead of a one-line legend. */
  if (g_strcmp0 (name, chart->y.title) == 0)
    ((AiperfSeries *) g_ptr_array_index (chart->series, series))->in_legend = FALSE;
  return chart;
}

static int
compare_index_by_x (gconstpointer a,
                    gconstpointer b,
                    gpointer      data)
{
  const double *x = data;
  double xa = x[*(const guint *) a], xb = x[*(const guint *) b];

  return xa < xb ? -1 : xa > xb ? 1 : (int) *(const guint *) a - (int) *(const guint *) b;
}

AiperfChart *
aiperf_handler_scatter_percentiles (const AiperfPlotSpec *spec,
                                    AiperfRun            *run,
                                    GError              **error)
{
  static const double pcts[] = { 50, 95, 99 };
  static const char * const names[] = { "P50", "P95", "P99" };
  g_autoptr(GArray) x = NULL, y = NULL, rows = NULL;
  g_autofree char *name = NULL;
  g_autofree guint *order = NULL;
  const char *x_tag = NULL, *y_tag = NULL, *y_unit = NULL;
  AiperfLayer *lines[3], *points;
  AiperfChart *chart;
  guint n, window;
  double buffer[10];
  int series;

  if (!request_xy (spec, run, &x, &y, &rows, &x_tag, &y_tag, &y_unit, error))
    return NULL;
  n = x->len;
  order = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, n, sizeof (guint), compare_index_by_x, x->data);

  name = aiperf_plot_display_name (y_tag);
  chart = aiperf_plot_chart_new (spec, name);
  aiperf_plot_set_time_axis (&chart->x, x_tag, spec->x_label);
  aiperf_plot_set_metric_axis (&chart->y, y_tag, FALSE, AIPERF_STAT_AVG, y_unit, spec->y_label);
  chart->id_kind = g_strdup ("request");

  series = aiperf_chart_add_series (chart, name, aiperf_color_role (AIPERF_ROLE_SECONDARY),
                                    AIPERF_LAYER_POINTS);
  points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
  points->marker_size = AIPERF_PLOT_MARKER_MEDIUM;
  points->opacity = 0.4;
  points->pickable = TRUE;
  for (guint k = 0; k < 3; k++)
    {
      series = aiperf_chart_add_series (chart, names[k], aiperf_color_palette (k), AIPERF_LAYER_LINE);
      lines[k] = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, series);
      lines[k]->line_width = AIPERF_PLOT_LINE_WIDTH;
    }

  /* pandas rolling(window=min(10, n), min_periods=1) over the x-sorted rows. */
  window = MIN (10, n);
  for (guint i = 0; i < n; i++)
    {
      guint row = order[i], m = 0;
      double xi = g_array_index (x, double, row);

      aiperf_layer_append_point (points, xi, g_array_index (y, double, row),
                                 g_array_index (rows, int, row));
      for (guint j = i + 1 >= window ? i + 1 - window : 0; j <= i; j++)
        buffer[m++] = g_array_index (y, double, order[j]);
      qsort (buffer, m, sizeof (double), (int (*) (const void *, const void *)) aiperf_compare_doubles);
      for (guint k = 0; k < 3; k++)
        aiperf_layer_append_point (lines[k], xi, aiperf_percentile_sorted (buffer, m, pcts[k]),
                                   g_array_index (rows, int, row));
    }
  return chart;
}

AiperfChart *
aiperf_handler_area (const AiperfPlotSpec *spec,
                     AiperfRun            *run,
                     GError              **error)
{
  AiperfTable *table = aiperf_run_get_throughput (run);
  const char *y_tag = spec->y.metric ? spec->y.metric : "throughput_tokens_per_sec";
  const char *x_tag = spec->x.metric ? spec->x.metric : "timestamp_s";
  const double *xs, *ys;
  g_autofree char *name = NULL;
  AiperfChart *chart;
  AiperfLayer *layer;
  double width;
  guint n;
  int series;

  if (table == NULL)
    return aiperf_plot_no_data (error, _("Run “%s” has no dispersed throughput: it needs per-request "
                                         "start, end, TTFT and output lengths."),
                                aiperf_run_get_name (run));
  xs = aiperf_table_get_column (table, x_tag);
  ys = aiperf_table_get_column (table, y_tag);
  if (xs == NULL || ys == NULL)
    return aiperf_plot_no_data (error, _("The dispersed throughput of run “%s” has no “%s” column."),
                                aiperf_run_get_name (run), xs == NULL ? x_tag : y_tag);
  n = aiperf_table_get_n_rows (table);
  name = aiperf_plot_display_name (y_tag);
  chart = aiperf_plot_chart_new (spec, name);
  aiperf_plot_set_time_axis (&chart->x, x_tag, spec->x_label);
  aiperf_plot_set_metric_axis (&chart->y, y_tag, FALSE, AIPERF_STAT_AVG,
                               strcmp (y_tag, "throughput_tokens_per_sec") == 0 ? "tokens/sec" : NULL,
                               spec->y_label);
  series = aiperf_chart_add_series (chart, name, aiperf_color_palette (0), AIPERF_LAYER_AREA);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_AREA, series);
  layer->step = TRUE;
  layer->fill_opacity = 0.2;
  layer->line_width = AIPERF_PLOT_LINE_WIDTH;
  width = aiperf_plot_append_step (layer, xs, ys, n, AIPERF_PLOT_MAX_STEPS);
  if (width > 0)
    chart->note = g_strdup_printf ("Each step is the mean over a %.3g s window", width);
  return chart;
}

AiperfChart *
aiperf_handler_percentile_bands (const AiperfPlotSpec *spec,
                                 AiperfRun            *run,
                                 GError              **error)
{
  const double *ts, *ys;
  const char *y_tag = NULL, *y_unit = NULL;
  g_autofree char *name = NULL;
  g_autofree double *values = NULL;
  g_autofree guint *order = NULL;
  AiperfTimeslices *slices = aiperf_run_get_timeslices (run);
  AiperfLayer *band, *line;
  AiperfChart *chart;
  double t0 = INFINITY, t1 = -INFINITY, width;
  guint n, n_valid = 0, n_windows;
  int series;

  if (spec->y.metric == NULL)
    return aiperf_plot_no_data (error, _("The preset “%s” has no y metric."), spec->name);
  ys = aiperf_plot_request_column (run, aiperf_plot_request_tag (spec->y.metric), &y_tag, &y_unit, error);
  if (ys == NULL)
    return NULL;
  ts = aiperf_plot_request_column (run, "timestamp_s", NULL, NULL, error);
  if (ts == NULL)
    return NULL;
  n = aiperf_table_get_n_rows (aiperf_run_get_requests (run));
  for (guint i = 0; i < n; i++)
    if (!isnan (ts[i]) && !isnan (ys[i]))
      {
        t0 = MIN (t0, ts[i]);
        t1 = MAX (t1, ts[i]);
        n_valid++;
      }
  if (n_valid == 0)
    return aiperf_plot_no_data (error, _("No request of run “%s” has a %s value."),
                                aiperf_run_get_name (run), y_tag);

  /* Windows of the run's time slices when it has them, else about 30. */
  width = slices != NULL ? aiperf_timeslices_get_slice_duration (slices) : NAN;
  if (isnan (width) || width <= 0)
    width = MAX ((t1 - MIN (t0, 0)) / CLAMP (n_valid / 10, 1, 30), 1e-3);
  t0 = MIN (t0, 0);
  n_windows = (guint) CLAMP (floor ((t1 - t0) / width) + 1, 1, 100000);

  name = aiperf_plot_display_name (y_tag);
  chart = aiperf_plot_chart_new_over_time (spec, name);
  aiperf_plot_set_time_axis (&chart->x, "timestamp_s", spec->x_label);
  aiperf_plot_set_metric_axis (&chart->y, y_tag, FALSE, AIPERF_STAT_AVG, y_unit, spec->y_label);
  series = aiperf_chart_add_series (chart, "p95–p99", aiperf_color_palette (0), AIPERF_LAYER_BAND);
  band = aiperf_chart_add_layer (chart, AIPERF_LAYER_BAND, series);
  band->fill_opacity = 0.25;
  series = aiperf_chart_add_series (chart, "p50", aiperf_color_palette (0), AIPERF_LAYER_LINE);
  line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, series);
  line->line_width = AIPERF_PLOT_LINE_WIDTH;

  /* Bucket the rows by window once (counting sort), then one pass per window. */
  values = g_new (double, n_valid);
  order = g_new0 (guint, n_windows + 1);
  for (guint i = 0; i < n; i++)
    if (!isnan (ts[i]) && !isnan (ys[i]))
      order[MIN ((guint) ((ts[i] - t0) / width), n_windows - 1) + 1]++;
  for (guint w = 0; w < n_windows; w++)
    order[w + 1] += order[w];
  {
    g_autofree guint *fill = g_memdup2 (order, sizeof (guint) * (n_windows + 1));

    for (guint i = 0; i < n; i++)
      if (!isnan (ts[i]) && !isnan (ys[i]))
        values[fill[MIN ((guint) ((ts[i] - t0) / width), n_windows - 1)]++] = ys[i];
  }
  for (guint w = 0; w < n_windows; w++)
    {
      double *v = values + order[w];
      guint m = order[w + 1] - order[w];
      double centre = t0 + (w + 0.5) * width;

      if (m == 0)
        continue;
      qsort (v, m, sizeof (double), (int (*) (const void *, const void *)) aiperf_compare_doubles);
      aiperf_layer_append_band (band, centre, aiperf_percentile_sorted (v, m, 95),
                                aiperf_percentile_sorted (v, m, 99));
      aiperf_layer_append_point (line, centre, aiperf_percentile_sorted (v, m, 50), -1);
    }
  chart->note = g_strdup ("Percentiles of per-request values in each time window");
  return chart;
}
