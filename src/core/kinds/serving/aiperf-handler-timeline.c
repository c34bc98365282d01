/* aiperf-handler-timeline.c — request_timeline: one bar per request at the
 * height of its metric, split into the prefill (start → first token) and
 * decode (first token → end) phases.
 *
 * aiperf drew two Plotly traces per request; here each phase is one
 * SEGMENTS layer, so 100 000 requests cost two layers. Prefill is usually a
 * few pixels wide at run scale, so a green marker also marks each first
 * token: the "Prefill Phase" legend entry always has something behind it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-serving-handlers.h"

/* Above this many requests the first-token markers are left out. */
#define AIPERF_TIMELINE_MAX_MARKERS 2000

AiperfChart *
aiperf_handler_request_timeline (const AiperfPlotSpec *spec,
                                 AiperfRun            *run,
                                 GError              **error)
{
  const double *start, *end, *ttft, *ys;
  const char *y_tag = NULL, *y_unit = NULL;
  g_autofree char *name = NULL;
  AiperfLayer *prefill, *decode, *first_token;
  AiperfChart *chart;
  double origin = INFINITY;
  guint n, dropped = 0;
  int prefill_series, decode_series;

  ys = aiperf_plot_request_column (run, spec->y.metric ? spec->y.metric : "time_to_first_token",
                                   &y_tag, &y_unit, error);
  if (ys == NULL)
    return NULL;
  ttft = aiperf_plot_request_column (run, "time_to_first_token", NULL, NULL, error);
  if (ttft == NULL)
    return NULL;
  start = aiperf_plot_request_column (run, "request_start_ns", NULL, NULL, error);
  if (start == NULL)
    return NULL;
  end = aiperf_plot_request_column (run, "request_end_ns", NULL, NULL, error);
  if (end == NULL)
    return NULL;
  n = aiperf_table_get_n_rows (aiperf_run_get_requests (run));
  for (guint i = 0; i < n; i++)
    if (!isnan (start[i]))
      origin = MIN (origin, start[i]);
  if (isinf (origin))
    return aiperf_plot_no_data (error, _("Run “%s” has no request start times."), aiperf_run_get_name (run));

  name = aiperf_plot_display_name (y_tag);
  chart = aiperf_plot_chart_new (spec, name);
  aiperf_axis_set_label (&chart->x, spec->x_label ? spec->x_label : "Time since the first request",
                         spec->x_label ? NULL : "s");
  aiperf_plot_set_metric_axis (&chart->y, y_tag, FALSE, AIPERF_STAT_AVG, y_unit, spec->y_label);
  chart->id_kind = g_strdup ("request");

  prefill_series = aiperf_chart_add_series (chart, "Prefill Phase",
                                            aiperf_color_role (AIPERF_ROLE_ACCENT),
                                            AIPERF_LAYER_SEGMENTS);
  /* A fixed blue, not palette 0: the dark palette starts with the same
   * NVIDIA green as the prefill phase. */
  decode_series = aiperf_chart_add_series (chart, "Decode Phase",
                                           aiperf_color_rgba (0x4c / 255.0, 0x72 / 255.0, 0xb0 / 255.0, 1.0),
                                           AIPERF_LAYER_SEGMENTS);
  /* Decode first, so the short prefill bars and markers are drawn on top. */
  decode = aiperf_chart_add_layer (chart, AIPERF_LAYER_SEGMENTS, decode_series);
  decode->line_width = 3;
  decode->opacity = 0.8;
  decode->pickable = TRUE;
  prefill = aiperf_chart_add_layer (chart, AIPERF_LAYER_SEGMENTS, prefill_series);
  prefill->line_width = 4;
  prefill->pickable = TRUE;
  /* Markers help while requests are few; with thousands they would bury
   * the decode bars, so dense runs get a note instead. */
  first_token = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, prefill_series);
  first_token->marker = AIPERF_MARKER_CIRCLE;
  first_token->marker_size = 6;
  first_token->pickable = FALSE;

  for (guint i = 0; i < n; i++)
    {
      double s, t, e;

      if (isnan (start[i]) || isnan (end[i]) || isnan (ttft[i]) || isnan (ys[i]))
        continue;
      s = (start[i] - origin) / 1e9;
      e = (end[i] - origin) / 1e9;
      t = s + ttft[i] / 1e3;
      /* A TTFT longer than the request is a broken record (aiperf drops it too). */
      if (t > e + 1e-9)
        {
          dropped++;
          continue;
        }
      aiperf_layer_append_segment (prefill, s, t, ys[i], (int) i);
      if (n <= AIPERF_TIMELINE_MAX_MARKERS)
        aiperf_layer_append_point (first_token, t, ys[i], (int) i);
      aiperf_layer_append_segment (decode, t, e, ys[i], (int) i);
    }
  if (aiperf_layer_get_n (prefill) == 0)
    {
      aiperf_chart_free (chart);
      return aiperf_plot_no_data (error, _("No request of run “%s” has a start, an end and a TTFT."),
                                  aiperf_run_get_name (run));
    }
  if (n > AIPERF_TIMELINE_MAX_MARKERS)
    chart->note = g_strdup ("Prefill phases are shorter than a pixel at this scale: zoom in "
                            "to see them");
  if (dropped > 0)
    {
      g_free (chart->note);
      chart->note = g_strdup_printf (dropped == 1
                                     ? "%u request with a TTFT longer than the request is not shown"
                                     : "%u requests with a TTFT longer than the request are not shown",
                                     dropped);
    }
  return chart;
}
