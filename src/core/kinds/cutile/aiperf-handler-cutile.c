/* aiperf-handler-cutile.c — the charts of cutileGPT's profiling dashboard.
 *
 * Latency and throughput per config as bars (grouped by file when an AS-IS
 * and a TO-BE profile are open, ±std error bars), the percentile profile
 * (min → median → p95 → p99 → max), the architecture (layers, embedding
 * size, heads: small multiples), efficiency (throughput per layer) and,
 * with two files, the speedup per config against a 1.0 line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-cutile-private.h"

#define BAR_WIDTH 0.8

static AiperfCutileData *
load_data (AiperfRunSet  *runs,
           GError       **error)
{
  AiperfCutileData *data = aiperf_cutile_data_new (runs);

  if (data == NULL)
    aiperf_plot_no_data (error, _("no cutileGPT profile is open"));
  return data;
}

static int
file_id (AiperfCutileData *data,
         guint             f,
         guint             c)
{
  return ((AiperfCutileFile *) g_ptr_array_index (data->files, f))->ids[c];
}

static void
set_config_axis (AiperfChart      *chart,
                 AiperfCutileData *data)
{
  aiperf_axis_set_categories (&chart->x, (const char * const *) data->configs->pdata,
                              data->configs->len);
  aiperf_axis_set_label (&chart->x, _("Model Configuration"), NULL);
  chart->label_title = g_strdup (_("config"));
  chart->id_kind = g_strdup ("run");
}

/* A comparison file and a profiling file name their configs apart
 * ("nano", "gpt_nano"), and a file may lack the metric (throughput):
 * drawn as they were, half the configs were empty slots and the bars
 * thin slivers beside the slots of files with nothing. The configs with
 * no bar and the files with no bar leave @chart: the kept bars close
 * up, the empty files leave the legend. */
static void
drop_empty_slots (AiperfChart *chart)
{
  GPtrArray *labels = chart->x.tick_labels;
  guint n = labels != NULL ? labels->len : 0, kept = 0, n_slots = 0;
  g_autofree int *to = g_new0 (int, n + 1);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint l = 0; l < chart->layers->len; l++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind != AIPERF_LAYER_BARS)
        continue;
      for (guint i = 0; i < aiperf_layer_get_n (layer); i++)
        {
          double x = g_array_index (layer->x, double, i);

          if (x >= 0 && x < n)
            to[(guint) x] = 1;
        }
      if (aiperf_layer_get_n (layer) > 0)
        n_slots++;
    }
  for (guint c = 0; c < n; c++)
    {
      if (to[c])
        g_ptr_array_add (names, g_strdup (g_ptr_array_index (labels, c)));
      to[c] = to[c] ? (int) kept++ : -1;
    }
  for (guint l = 0, slot = 0; l < chart->layers->len; l++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind == AIPERF_LAYER_BARS && aiperf_layer_get_n (layer) == 0)
        {
          if (layer->series >= 0)
            ((AiperfSeries *) g_ptr_array_index (chart->series, layer->series))->in_legend = FALSE;
          continue;
        }
      if (layer->kind == AIPERF_LAYER_BARS && layer->n_groups > 1)
        aiperf_layer_set_group (layer, slot++, n_slots);
      if (layer->kind != AIPERF_LAYER_BARS && layer->kind != AIPERF_LAYER_TEXT)
        continue;
      for (guint i = 0; i < aiperf_layer_get_n (layer); i++)
        {
          double *x = &g_array_index (layer->x, double, i);

          if (*x >= 0 && *x < n && to[(guint) *x] >= 0)
            *x = to[(guint) *x];
        }
    }
  if (kept > 0 && kept < n)
    aiperf_axis_set_categories (&chart->x, (const char * const *) names->pdata, names->len);
}

/* One series per file, coloured by its label for the whole export. */
static int
add_file_series (AiperfChart      *chart,
                 AiperfCutileData *data,
                 guint             f,
                 AiperfPlotColors *colors,
                 AiperfLayerKind   swatch)
{
  return aiperf_chart_add_series (chart, aiperf_cutile_data_get_label (data, f),
                                  aiperf_color_palette (aiperf_plot_colors_get (colors, aiperf_cutile_data_get_label (data, f))),
                                  swatch);
}

static void
hide_from_legend (AiperfChart *chart,
                  int          series)
{
  ((AiperfSeries *) g_ptr_array_index (chart->series, series))->in_legend = FALSE;
}

typedef double (*BarValue) (AiperfRun *run, gconstpointer user, double *out_err);

/* Bars per config, one slot per file; a single file has a single series. */
static void
add_grouped_bars (AiperfChart      *chart,
                  AiperfCutileData *data,
                  AiperfPlotColors *colors,
                  BarValue          value,
                  gconstpointer     user)
{
  guint n_files = data->files->len;

  for (guint f = 0; f < n_files; f++)
    {
      int series = add_file_series (chart, data, f, colors, AIPERF_LAYER_BARS);
      AiperfLayer *bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series);

      bars->pickable = TRUE;
      aiperf_layer_set_group (bars, f, n_files);
      for (guint c = 0; c < data->configs->len; c++)
        {
          AiperfRun *run = aiperf_cutile_data_get (data, f, c);
          double err = NAN, v = run != NULL ? value (run, user, &err) : NAN;

          if (!isfinite (v))
            continue;
          aiperf_layer_append_bar_error (bars, c, BAR_WIDTH, v,
                                         isfinite (err) ? v - err : NAN,
                                         isfinite (err) ? v + err : NAN, file_id (data, f, c));
        }
    }
}

typedef struct {
  const char *tag;
  AiperfStat  stat;
  gboolean    has_error;
  AiperfStat  error_stat;
} MetricBar;

static double
metric_bar_value (AiperfRun     *run,
                  gconstpointer  user,
                  double        *out_err)
{
  const MetricBar *m = user;

  if (m->has_error)
    *out_err = aiperf_cutile_metric (run, m->tag, m->error_stat);
  return aiperf_cutile_metric (run, m->tag, m->stat);
}

/* y: a metric and stat per config; "error: std" adds ±error bars. */
AiperfChart *
aiperf_handler_cutile_bars (const AiperfPlotSpec       *spec,
                            AiperfRunSet               *runs,
                            const AiperfClassification *classification,
                            AiperfPlotColors           *colors,
                            GError                    **error)
{
  g_autoptr(AiperfCutileData) data = load_data (runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autofree char *title = NULL;
  const char *error_name = aiperf_plot_spec_get_extra (spec, "error");
  const char *unit;
  MetricBar m = { 0 };

  (void) classification;
  if (data == NULL)
    return NULL;
  if (spec->y.metric == NULL)
    return aiperf_plot_no_data (error, _("%s names no “y” metric"), spec->name);
  m.tag = aiperf_plot_resolve_tag (spec->y.metric);
  m.stat = aiperf_plot_spec_get_y_stat (spec, AIPERF_STAT_AVG);
  m.has_error = error_name != NULL && aiperf_stat_from_string (error_name, &m.error_stat);
  title = aiperf_cutile_metric_title (data, m.tag, &unit);

  chart = aiperf_plot_chart_new (spec, title);
  set_config_axis (chart, data);
  if (spec->y_label != NULL)
    aiperf_axis_set_label (&chart->y, spec->y_label, NULL);
  else if (g_str_equal (m.tag, AIPERF_CUTILE_THROUGHPUT) || m.stat == AIPERF_STAT_AVG)
    aiperf_axis_set_label (&chart->y, title, unit);
  else
    {
      g_autofree char *with_stat = g_strdup_printf ("%s %s", title, aiperf_stat_to_string (m.stat));

      aiperf_axis_set_label (&chart->y, with_stat, unit);
    }
  if (m.has_error)
    chart->note = g_strdup_printf (_("Error bars: ±%s"), aiperf_stat_to_string (m.error_stat));
  add_grouped_bars (chart, data, colors, metric_bar_value, &m);
  if (aiperf_chart_count_points (chart, AIPERF_LAYER_BARS) == 0)
    return aiperf_plot_no_data (error, _("no cutileGPT profile has %s"), m.tag);
  drop_empty_slots (chart);
  return g_steal_pointer (&chart);
}

/* The stats along the x axis of the percentile profile. */
static guint
profile_stats (const AiperfPlotSpec *spec,
               AiperfStat           *stats,
               const char          **labels,
               guint                 max)
{
  const char *list = aiperf_plot_spec_get_extra (spec, "stats");
  g_auto(GStrv) names = g_strsplit (list != NULL ? list : "min,p50,p95,p99,max", ",", -1);
  guint n = 0;

  for (guint i = 0; names[i] != NULL && n < max; i++)
    {
      g_strstrip (names[i]);
      if (!aiperf_stat_from_string (names[i], &stats[n]))
        continue;
      labels[n] = stats[n] == AIPERF_STAT_P50 ? "median" : aiperf_stat_to_string (stats[n]);
      n++;
    }
  return n;
}

static AiperfChart *
profile_chart (const char       *title,
               const AiperfStat *stats,
               const char      **labels,
               guint             n_stats)
{
  AiperfChart *chart = aiperf_chart_new (title);

  aiperf_axis_set_categories (&chart->x, labels, n_stats);
  aiperf_axis_set_label (&chart->x, _("Statistic"), NULL);
  aiperf_axis_set_label (&chart->y, _("Forward Latency"), "ms");
  chart->id_kind = g_strdup ("run");
  return chart;
}

/* A line with markers through the stats of @run. */
static void
add_profile_line (AiperfChart      *chart,
                  int               series,
                  AiperfRun        *run,
                  int               id,
                  const AiperfStat *stats,
                  guint             n_stats)
{
  AiperfLayer *line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, series);
  AiperfLayer *points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);

  points->pickable = TRUE;
  points->marker_size = AIPERF_PLOT_MARKER_LARGE;
  line->line_width = AIPERF_PLOT_LINE_WIDTH;
  for (guint s = 0; s < n_stats; s++)
    {
      double v = aiperf_cutile_metric (run, AIPERF_CUTILE_LATENCY, stats[s]);

      aiperf_layer_append_point (line, s, v, id);
      if (isfinite (v))
        aiperf_layer_append_point (points, s, v, id);
    }
}

/* One file: a line per config. Several: a panel per config, a line per file. */
/* Drops the stats no run has (comparison_data.json has only mean, std,
 * min and max): an empty column says nothing. Returns how many are left. */
static guint
keep_known_stats (AiperfCutileData *data,
                  AiperfStat       *stats,
                  const char      **labels,
                  guint             n_stats)
{
  guint kept = 0;

  for (guint i = 0; i < n_stats; i++)
    {
      gboolean known = FALSE;

      for (guint f = 0; f < data->files->len && !known; f++)
        for (guint c = 0; c < data->configs->len && !known; c++)
          known = isfinite (aiperf_cutile_metric (aiperf_cutile_data_get (data, f, c), AIPERF_CUTILE_LATENCY,
                                                  stats[i]));
      if (known)
        {
          stats[kept] = stats[i];
          labels[kept] = labels[i];
          kept++;
        }
    }
  return kept;
}

AiperfChart *
aiperf_handler_cutile_percentiles (const AiperfPlotSpec       *spec,
                                   AiperfRunSet               *runs,
                                   const AiperfClassification *classification,
                                   AiperfPlotColors           *colors,
                                   GError                    **error)
{
  g_autoptr(AiperfCutileData) data = load_data (runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  AiperfStat stats[AIPERF_N_STATS];
  const char *labels[AIPERF_N_STATS];
  guint n_stats = profile_stats (spec, stats, labels, AIPERF_N_STATS);
  const char *title = spec->title != NULL ? spec->title : _("Latency Percentile Profile");

  (void) classification;
  if (data == NULL)
    return NULL;
  n_stats = keep_known_stats (data, stats, labels, n_stats);
  if (n_stats < 2)
    return aiperf_plot_no_data (error, _("%s needs at least two stats"), spec->name);
  if (data->files->len == 1)
    {
      chart = profile_chart (title, stats, labels, n_stats);
      for (guint c = 0; c < data->configs->len; c++)
        {
          const char *config = g_ptr_array_index (data->configs, c);
          AiperfRun *run = aiperf_cutile_data_get (data, 0, c);
          int series;

          if (run == NULL)
            continue;
          series = aiperf_chart_add_series (chart, config,
                                            aiperf_color_palette (aiperf_plot_colors_get (colors, config)),
                                            AIPERF_LAYER_LINE);
          add_profile_line (chart, series, run, file_id (data, 0, c), stats, n_stats);
        }
      return g_steal_pointer (&chart);
    }

  chart = aiperf_chart_new (title);
  for (guint f = 0; f < data->files->len; f++)
    add_file_series (chart, data, f, colors, AIPERF_LAYER_LINE);
  for (guint c = 0; c < data->configs->len; c++)
    {
      AiperfChart *panel = profile_chart (g_ptr_array_index (data->configs, c), stats, labels, n_stats);

      for (guint f = 0; f < data->files->len; f++)
        {
          AiperfRun *run = aiperf_cutile_data_get (data, f, c);
          int series = add_file_series (panel, data, f, colors, AIPERF_LAYER_LINE);

          hide_from_legend (panel, series);
          if (run != NULL)
            add_profile_line (panel, series, run, file_id (data, f, c), stats, n_stats);
        }
      aiperf_chart_add_panel (chart, panel);
    }
  return g_steal_pointer (&chart);
}

typedef struct {
  const char *key;
} ParamBar;

static double
param_bar_value (AiperfRun     *run,
                 gconstpointer  user,
                 double        *out_err)
{
  (void) out_err;
  return aiperf_cutile_parameter (run, ((const ParamBar *) user)->key);
}

static const char *
param_title (const char *key)
{
  if (g_str_equal (key, "n_layer"))
    return _("Layers");
  if (g_str_equal (key, "n_embd"))
    return _("Embedding Size");
  if (g_str_equal (key, "n_head"))
    return _("Attention Heads");
  return key;
}

/* A panel per config parameter ("params", default layers, embedding
 * size, heads), bars per config. */
AiperfChart *
aiperf_handler_cutile_architecture (const AiperfPlotSpec       *spec,
                                    AiperfRunSet               *runs,
                                    const AiperfClassification *classification,
                                    AiperfPlotColors           *colors,
                                    GError                    **error)
{
  g_autoptr(AiperfCutileData) data = load_data (runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  const char *list = aiperf_plot_spec_get_extra (spec, "params");
  g_auto(GStrv) keys = g_strsplit (list != NULL ? list : "n_layer,n_embd,n_head", ",", -1);

  (void) classification;
  if (data == NULL)
    return NULL;
  chart = aiperf_plot_chart_new (spec, _("Model Architecture"));
  /* One file needs no legend. */
  for (guint f = 0; data->files->len > 1 && f < data->files->len; f++)
    add_file_series (chart, data, f, colors, AIPERF_LAYER_BARS);
  if (aiperf_plot_spec_get_extra (spec, "columns") != NULL)
    chart->panel_columns = (guint) g_ascii_strtoull (aiperf_plot_spec_get_extra (spec, "columns"), NULL, 10);
  for (guint k = 0; keys[k] != NULL; k++)
    {
      ParamBar p = { g_strstrip (keys[k]) };
      AiperfChart *panel = aiperf_chart_new (param_title (p.key));

      set_config_axis (panel, data);
      aiperf_axis_set_label (&panel->y, param_title (p.key), NULL);
      panel->y.integer_ticks = TRUE;
      add_grouped_bars (panel, data, colors, param_bar_value, &p);
      /* The files are in the chart's shared legend. */
      for (guint s = 0; s < panel->series->len; s++)
        hide_from_legend (panel, (int) s);
      if (aiperf_chart_count_points (panel, AIPERF_LAYER_BARS) == 0)
        {
          aiperf_chart_free (panel);
          continue;
        }
      drop_empty_slots (panel);
      aiperf_chart_add_panel (chart, panel);
    }
  if (chart->panels == NULL)
    return aiperf_plot_no_data (error, _("the profiles record no model configuration (%s)"), list != NULL ? list : "n_layer, n_embd, n_head");
  return g_steal_pointer (&chart);
}

/* Throughput per layer against layers, a point per config and file. */
AiperfChart *
aiperf_handler_cutile_efficiency (const AiperfPlotSpec       *spec,
                                  AiperfRunSet               *runs,
                                  const AiperfClassification *classification,
                                  AiperfPlotColors           *colors,
                                  GError                    **error)
{
  g_autoptr(AiperfCutileData) data = load_data (runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  const char *per = aiperf_plot_spec_get_extra (spec, "per");
  const char *x_param = aiperf_plot_spec_get_extra (spec, "x_param");
  g_autofree char *y_title = NULL;

  (void) classification;
  if (data == NULL)
    return NULL;
  per = per != NULL ? per : "n_layer";
  x_param = x_param != NULL ? x_param : per;
  chart = aiperf_plot_chart_new (spec, _("Efficiency: Throughput per Layer"));
  chart->x.include_zero = FALSE;
  chart->x.integer_ticks = TRUE;
  aiperf_axis_set_label (&chart->x, param_title (x_param), NULL);
  y_title = g_strdup_printf (_("Throughput per %s"), g_str_equal (per, "n_layer") ? _("Layer") : per);
  aiperf_axis_set_label (&chart->y, spec->y_label != NULL ? spec->y_label : y_title,
                         spec->y_label != NULL ? NULL : "tokens/s");
  chart->label_title = g_strdup (_("config"));
  chart->id_kind = g_strdup ("run");
  for (guint f = 0; f < data->files->len; f++)
    {
      int series = add_file_series (chart, data, f, colors, AIPERF_LAYER_POINTS);
      AiperfLayer *points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);

      points->pickable = TRUE;
      points->marker_size = AIPERF_PLOT_MARKER_LARGE + 4;
      points->marker = f % 2 == 0 ? AIPERF_MARKER_CIRCLE : AIPERF_MARKER_DIAMOND;
      ((AiperfSeries *) g_ptr_array_index (chart->series, series))->marker = points->marker;
      for (guint c = 0; c < data->configs->len; c++)
        {
          AiperfRun *run = aiperf_cutile_data_get (data, f, c);
          double divisor = aiperf_cutile_parameter (run, per);
          double x = aiperf_cutile_parameter (run, x_param);
          double y = aiperf_cutile_metric (run, AIPERF_CUTILE_THROUGHPUT, AIPERF_STAT_AVG) / divisor;

          if (isfinite (x) && isfinite (y) && divisor > 0)
            aiperf_layer_append_labeled (points, x, y, file_id (data, f, c),
                                         g_ptr_array_index (data->configs, c));
        }
    }
  if (aiperf_chart_count_points (chart, AIPERF_LAYER_POINTS) == 0)
    return aiperf_plot_no_data (error, _("no cutileGPT profile has both a throughput and %s"), per);
  return g_steal_pointer (&chart);
}

/* AS-IS mean ÷ TO-BE mean per config, ±1σ propagated from both stds. */
static double
speedup (AiperfRun  *base,
         AiperfRun  *run,
         const char *tag,
         AiperfStat  stat,
         double     *out_err)
{
  double a = aiperf_cutile_metric (base, tag, stat), b = aiperf_cutile_metric (run, tag, stat);
  double sa = aiperf_cutile_metric (base, tag, AIPERF_STAT_STD);
  double sb = aiperf_cutile_metric (run, tag, AIPERF_STAT_STD);
  double v = a / b;

  *out_err = stat == AIPERF_STAT_AVG && isfinite (sa) && isfinite (sb)
               ? v * sqrt ((sa / a) * (sa / a) + (sb / b) * (sb / b)) : NAN;
  return a > 0 && b > 0 ? v : NAN;
}

AiperfChart *
aiperf_handler_cutile_speedup (const AiperfPlotSpec       *spec,
                               AiperfRunSet               *runs,
                               const AiperfClassification *classification,
                               AiperfPlotColors           *colors,
                               GError                    **error)
{
  g_autoptr(AiperfCutileData) data = load_data (runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autofree char *title = NULL;
  const char *tag;
  AiperfStat stat;
  guint n_others;
  AiperfLayer *rule, *text = NULL;
  double top = 0;

  (void) classification;
  if (data == NULL)
    return NULL;
  if (data->files->len < 2)
    return aiperf_plot_no_data (error, _("a speedup compares two profiles (AS-IS and TO-BE), and only one is open: open the other one too"));
  tag = spec->y.metric != NULL ? aiperf_plot_resolve_tag (spec->y.metric) : AIPERF_CUTILE_LATENCY;
  stat = aiperf_plot_spec_get_y_stat (spec, AIPERF_STAT_AVG);
  n_others = data->files->len - 1;
  title = n_others == 1
    ? g_strdup_printf (_("Speedup: %s ÷ %s"), aiperf_cutile_data_get_label (data, 0), aiperf_cutile_data_get_label (data, 1))
    : g_strdup_printf (_("Speedup over %s"), aiperf_cutile_data_get_label (data, 0));
  chart = aiperf_plot_chart_new (spec, title);
  set_config_axis (chart, data);
  aiperf_axis_set_label (&chart->y, _("Speedup"), "×");
  {
    g_autofree char *what = g_str_equal (tag, AIPERF_CUTILE_LATENCY)
      ? g_strdup_printf (_("forward latency %s"), stat == AIPERF_STAT_AVG ? "mean" : aiperf_stat_to_string (stat))
      : g_strdup_printf ("%s %s", tag, aiperf_stat_to_string (stat));

    chart->note = n_others == 1
      ? g_strdup_printf (_("%s ÷ %s (%s): above 1, %s is faster. Error bars: ±1σ from both stds"),
                         aiperf_cutile_data_get_label (data, 0), aiperf_cutile_data_get_label (data, 1),
                         what, aiperf_cutile_data_get_label (data, 1))
      : g_strdup_printf (_("%s ÷ each other profile (%s): above 1, that profile is faster. "
                           "Error bars: ±1σ from both stds"),
                         aiperf_cutile_data_get_label (data, 0), what);
  }
  for (guint f = 1; f < data->files->len; f++)
    {
      int series = add_file_series (chart, data, f, colors, AIPERF_LAYER_BARS);
      AiperfLayer *bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series);

      bars->pickable = TRUE;
      aiperf_layer_set_group (bars, f - 1, n_others);
      if (n_others == 1)
        {
          hide_from_legend (chart, series);
          text = aiperf_chart_add_layer (chart, AIPERF_LAYER_TEXT, -1);
        }
      for (guint c = 0; c < data->configs->len; c++)
        {
          AiperfRun *base = aiperf_cutile_data_get (data, 0, c), *run = aiperf_cutile_data_get (data, f, c);
          double err = NAN, v = base != NULL && run != NULL ? speedup (base, run, tag, stat, &err) : NAN;

          if (!isfinite (v))
            continue;
          aiperf_layer_append_bar_error (bars, c, BAR_WIDTH, v, isfinite (err) ? v - err : NAN,
                                         isfinite (err) ? v + err : NAN, file_id (data, f, c));
          top = MAX (top, v + (isfinite (err) ? err : 0));
          if (text != NULL)
            {
              g_autofree char *label = g_strdup_printf ("%.2f×", v);

              aiperf_layer_append_labeled (text, c, v + (isfinite (err) ? err : 0), -1, label);
            }
        }
    }
  if (aiperf_chart_count_points (chart, AIPERF_LAYER_BARS) == 0)
    return aiperf_plot_no_data (error, _("no config is in both profiles with a %s"), tag);
  drop_empty_slots (chart);
  /* The labels sit just above the bars and their error bars. */
  for (guint i = 0; text != NULL && i < aiperf_layer_get_n (text); i++)
    g_array_index (text->y, double, i) += MAX (top, 1.0) * 0.05;
  rule = aiperf_chart_add_layer (chart, AIPERF_LAYER_HLINE, -1);
  rule->color = aiperf_color_role (AIPERF_ROLE_MUTED);
  rule->dashed = TRUE;
  rule->line_width = 1.5;
  aiperf_layer_append_rule (rule, 1.0, _("1.0 = no change"));
  /* Keep the labels inside the plot. */
  aiperf_axis_set_range (&chart->y, 0, MAX (top, 1.0) * 1.14);
  return g_steal_pointer (&chart);
}
