/* aiperf-handler-timeslice.c — timeslice (markers) and histogram (bars):
 * one value per time slice with ±std error bars, the run average and its
 * ±1 std band, and outliers in red.
 *
 * Any stat the slices carry can be shown (aiperf only read avg and std from
 * the 2-decimal CSV); the loader prefers the full-precision JSON export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-serving-handlers.h"
#include "aiperf-stats.h"

static void
add_slice_ticks (AiperfAxis *axis,
                 guint       n_slices,
                 double      duration)
{
  guint step = MAX (1, (n_slices + 39) / 40);  /* at most 40 labels (drawn rotated) */

  for (guint i = 0; i < n_slices; i += step)
    {
      g_autofree char *a = aiperf_plot_format_value (i * duration);
      g_autofree char *b = aiperf_plot_format_value ((i + 1) * duration);
      g_autofree char *label = g_strdup_printf ("%s-%s", a, b);

      aiperf_axis_add_tick (axis, (i + 0.5) * duration, label);
    }
}

/* Decimals that show @spread to two significant digits: the run's average
 * is printed with as many, so the legend reads "14.270 ms" beside
 * "0.096 ms", not "14.27" beside "0.09597". */
static int
shared_decimals (double spread)
{
  if (!isfinite (spread) || spread <= 0)
    return -1;
  return CLAMP (1 - (int) floor (log10 (spread)), 0, 6);
}

static char *
format_decimals (double value,
                 int    decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *format = NULL;

  if (decimals < 0)
    return aiperf_plot_format_value (value);
  format = g_strdup_printf ("%%.%df", decimals);
  return g_strdup (g_ascii_formatd (buf, sizeof buf, format, value));
}

/* Values that sit far from 0 (the empty space under them would be more
 * than twice their spread) get a y axis that starts near them: 14.1–14.4 ms
 * on an axis from 0 fills the top 2 % of the plot. aiperf keeps 0; the
 * chart says it does not. Bars keep 0, their length is the value. */
#define AIPERF_TIMESLICE_ZERO_GAP 2.0

static void
fit_y_to_data (AiperfChart *chart)
{
  double lo, hi;
  const char *cut = _("The y axis does not start at 0");

  if (!chart->y.include_zero || chart->y.scale != AIPERF_SCALE_LINEAR ||
      !aiperf_chart_get_data_bounds (chart, 'y', FALSE, &lo, &hi) ||
      !(lo > AIPERF_TIMESLICE_ZERO_GAP * (hi - lo)))
    return;
  chart->y.include_zero = FALSE;
  if (chart->note != NULL)
    {
      char *joined = g_strdup_printf ("%s. %s", cut, chart->note);

      g_free (chart->note);
      chart->note = joined;
    }
  else
    chart->note = g_strdup (cut);
}

static gboolean
lengths_vary (AiperfRun *run)
{
  double std;

  return (aiperf_run_get_metric (run, "input_sequence_length", AIPERF_STAT_STD, &std) && std > 0) ||
         (aiperf_run_get_metric (run, "output_sequence_length", AIPERF_STAT_STD, &std) && std > 0);
}

AiperfChart *
aiperf_handler_timeslice (const AiperfPlotSpec *spec,
                          AiperfRun            *run,
                          gboolean              histogram,
                          GError              **error)
{
  AiperfTimeslices *slices = aiperf_run_get_timeslices (run);
  g_autoptr(AiperfChart) chart = NULL;
  g_autofree char *name = NULL;
  const char *tag;
  AiperfStat stat = aiperf_plot_spec_get_y_stat (spec, AIPERF_STAT_AVG);
  AiperfLayer *values, *errors, *outliers, *outlier_errors, *line, *band;
  double duration, run_avg = NAN, run_std = NAN;
  guint n_slices, n_values = 0, last = 0;
  gboolean lower_is_worse;
  int series;

  if (slices == NULL || aiperf_timeslices_get_n_slices (slices) == 0)
    {
      if (!g_str_equal (aiperf_run_get_source (run), "aiperf"))
        /* Translators: %s: a run; %s: the tool that made it (GuideLLM, vLLM, …) */
        return aiperf_plot_no_data (error, _("Run “%s” has no time slices: %s does not record them, only AIPerf "
                                             "does."),
                                    aiperf_run_get_name (run), aiperf_run_get_tool (run));
      /* In the window's words: its Group By calls the setting "Time Slice
       * Duration". Short enough for the toast that leaves the charts out. */
      return aiperf_plot_no_data (error, _("Run “%s” has no time slices: AIPerf records them only when "
                                           "its Time Slice Duration is set."),
                                  aiperf_run_get_name (run));
    }
  if (spec->y.metric == NULL)
    return aiperf_plot_no_data (error, _("The preset “%s” has no y metric."), spec->name);
  tag = aiperf_plot_resolve_tag (spec->y.metric);
  n_slices = aiperf_timeslices_get_n_slices (slices);
  duration = aiperf_timeslices_get_slice_duration (slices);
  if (isnan (duration) || duration <= 0 || !spec->use_slice_duration)
    duration = isnan (duration) || duration <= 0 ? 1.0 : duration;

  name = aiperf_plot_display_name (tag);
  chart = aiperf_plot_chart_new (spec, name);
  aiperf_axis_set_label (&chart->x, spec->x_label ? spec->x_label : "Time Slice",
                         spec->x_label ? NULL : "s");
  aiperf_plot_set_metric_axis (&chart->y, tag, TRUE, stat, aiperf_timeslices_get_unit (slices, tag),
                               spec->y_label);

  {
    g_autofree char *values_name = stat == AIPERF_STAT_AVG
      ? g_strdup ("Time Slice Average")
      : g_strdup_printf ("Time Slice %s", aiperf_stat_to_string (stat));

    series = aiperf_chart_add_series (chart, values_name, aiperf_color_palette (0),
                                      histogram ? AIPERF_LAYER_BARS : AIPERF_LAYER_POINTS);
  }
  if (histogram)
    {
      values = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series);
      values->fill_opacity = 0.7;
    }
  else
    {
      values = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
      values->marker_size = AIPERF_PLOT_MARKER_LARGE;
      /* thousands of slices: a line through each pixel's extremes */
      values->dense_as_line = TRUE;
    }
  values->pickable = TRUE;
  if (stat == AIPERF_STAT_AVG)
    series = aiperf_chart_add_series (chart, "±1 Time Slice Std Dev", aiperf_color_palette (0),
                                      AIPERF_LAYER_ERROR_BARS);
  errors = aiperf_chart_add_layer (chart, AIPERF_LAYER_ERROR_BARS, series);
  errors->line_width = 1.5;

  lower_is_worse = strstr (tag, "throughput") != NULL;
  aiperf_run_get_metric (run, tag, stat, &run_avg);
  aiperf_run_get_metric (run, tag, AIPERF_STAT_STD, &run_std);
  if (stat != AIPERF_STAT_AVG)
    run_std = NAN;  /* the run's std spreads around its mean, not around a percentile */

  series = aiperf_chart_add_series (chart, "Outlier", aiperf_color_role (AIPERF_ROLE_ALERT),
                                    AIPERF_LAYER_POINTS);
  ((AiperfSeries *) g_ptr_array_index (chart->series, series))->marker = AIPERF_MARKER_DIAMOND;
  outlier_errors = aiperf_chart_add_layer (chart, AIPERF_LAYER_ERROR_BARS, series);
  outlier_errors->line_width = 1.5;
  outliers = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
  outliers->marker = AIPERF_MARKER_DIAMOND;
  outliers->marker_size = AIPERF_PLOT_MARKER_LARGE + 4;
  outliers->pickable = TRUE;

  for (guint i = 0; i < n_slices; i++)
    {
      const AiperfStats *stats = aiperf_timeslices_get_stats (slices, tag, i);
      double v, s, x = (i + 0.5) * duration;
      gboolean outlier = FALSE;

      if (stats == NULL || !aiperf_stats_has (stats, stat))
        continue;
      v = aiperf_stats_get (stats, stat);
      s = stat == AIPERF_STAT_AVG ? aiperf_stats_get (stats, AIPERF_STAT_STD) : NAN;
      n_values++;
      last = i;
      if (histogram)
        aiperf_layer_append_bar (values, x, duration, v, (int) i);
      if (!isnan (run_avg) && !isnan (run_std))
        {
          double margin = run_std + (isnan (s) ? 0 : s);

          outlier = lower_is_worse ? v < run_avg - margin : v > run_avg + margin;
        }
      if (!isnan (s))
        aiperf_layer_append_error (outlier ? outlier_errors : errors, x, v, v - s, v + s, NAN, NAN);
      if (outlier)
        aiperf_layer_append_point (outliers, x, v, (int) i);
      else if (!histogram)
        aiperf_layer_append_point (values, x, v, (int) i);
    }
  if (n_values == 0)
    {
      if (aiperf_timeslices_get_stats (slices, tag, 0) == NULL)
        return aiperf_plot_no_data (error, _("The time slices of run “%s” have no %s."),
                                    aiperf_run_get_name (run), name);
      return aiperf_plot_no_data (error, _("The time slices of run “%s” carry no %s of %s."),
                                  aiperf_run_get_name (run), aiperf_stat_to_string (stat), name);
    }
  if (aiperf_layer_get_n (outliers) == 0)
    ((AiperfSeries *) g_ptr_array_index (chart->series, series))->in_legend = FALSE;
  /* The legend lists what is drawn: no "±1 Time Slice Std Dev" without
   * a bar (slices without a std, or only outliers' red ones). */
  if (errors->series != values->series && aiperf_layer_get_n (errors) == 0)
    ((AiperfSeries *) g_ptr_array_index (chart->series, errors->series))->in_legend = FALSE;

  if (!isnan (run_avg))
    {
      int decimals = shared_decimals (run_std);

      if (!isnan (run_std))
        {
          g_autofree char *std_text = format_decimals (run_std, decimals);
          g_autofree char *std_name = g_strdup_printf ("Run ±1 Std Dev: %s %s", std_text,
                                                       chart->y.unit ? chart->y.unit : "");

          series = aiperf_chart_add_series (chart, g_strstrip (std_name),
                                            aiperf_color_role (AIPERF_ROLE_BAND), AIPERF_LAYER_BAND);
          band = aiperf_chart_add_layer (chart, AIPERF_LAYER_BAND, series);
          band->fill_opacity = 0.15;
          aiperf_layer_append_band (band, 0, run_avg - run_std, run_avg + run_std);
          aiperf_layer_append_band (band, (last + 1) * duration, run_avg - run_std, run_avg + run_std);
        }
      g_autofree char *avg_text = format_decimals (run_avg, decimals);
      g_autofree char *avg_name = g_strdup_printf (stat == AIPERF_STAT_AVG ? "Run Average: %s %s"
                                                                           : "Run Value: %s %s",
                                                   avg_text, chart->y.unit ? chart->y.unit : "");

      series = aiperf_chart_add_series (chart, g_strstrip (avg_name),
                                        aiperf_color_role (AIPERF_ROLE_MUTED), AIPERF_LAYER_HLINE);
      ((AiperfSeries *) g_ptr_array_index (chart->series, series))->dashed = TRUE;
      line = aiperf_chart_add_layer (chart, AIPERF_LAYER_HLINE, series);
      line->dashed = TRUE;
      line->line_width = 1.5;
      aiperf_layer_append_point (line, 0, run_avg, -1);
    }

  add_slice_ticks (&chart->x, last + 1, duration);
  aiperf_axis_set_range (&chart->x, 0, (last + 1) * duration);
  chart->x.fixed_range = TRUE;
  if (lower_is_worse && lengths_vary (run))
    chart->note = g_strdup ("Throughput per slice also depends on the input and output lengths, "
                            "which vary in this run");
  if (!histogram)
    fit_y_to_data (chart);
  chart->id_kind = g_strdup ("timeslice");
  return g_steal_pointer (&chart);
}
