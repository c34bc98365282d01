/* aiperf-handler-sweep.c — parameter_sweep: a metric against a swept
 * parameter, one line per series, another parameter held fixed.
 *
 * ccl-bench's group_12 plots, drawn properly: TTFT (or TPOT, throughput)
 * against max_num_seqs with max_num_batched_tokens fixed at 8192, one line
 * per variant, with error bars from the repeats averaged into each run and
 * the fixed value written under the title. Preset keys:
 *   x_param: the swept parameter (a run parameter, or concurrency/request_rate;
 *     a parameter is not a metric, so it is not the common "x" key)
 *   y: the metric and its stat (avg by default)
 *   groups: [the series parameter] (default variant)
 *   fixed_param, fixed_value: the parameter held fixed and its value; when
 *     no run has that value, the most common one is used and the chart says so.
 * Runs with an excluded_from_sweep parameter (ccl-bench's _eplboff/_eplbon
 * folders) are left out, as ccl-bench leaves them out.
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
  double  x;
  double  sum, sum_sq;
  double  spread;     /* the run's own spread over repeats, NaN when none */
  guint   n;          /* runs at this x */
  int     position;   /* of the first run, for hover */
} SweepPoint;

typedef struct {
  char   *name;
  GArray *points;  /* SweepPoint, sorted by x at the end */
} Series;

static void
series_free (Series *s)
{
  g_free (s->name);
  g_array_unref (s->points);
  g_free (s);
}

/* A parameter of @run as a number: run parameters, else the run's own
 * concurrency / request rate. */
static gboolean
param_value (AiperfRun  *run,
             const char *name,
             double     *out)
{
  const char *text = aiperf_run_get_parameter (run, name);
  char *end = NULL;

  if (text != NULL)
    {
      *out = g_ascii_strtod (text, &end);
      return end != text && *end == '\0' && !isnan (*out);
    }
  if (strcmp (name, "concurrency") == 0)
    *out = aiperf_run_get_concurrency (run);
  else if (strcmp (name, "request_rate") == 0)
    *out = aiperf_run_get_request_rate (run);
  else
    return FALSE;
  return !isnan (*out);
}

static gboolean
excluded (AiperfRun *run)
{
  return aiperf_run_get_parameter (run, "excluded_from_sweep") != NULL;
}

static const char *
x_parameter (const AiperfPlotSpec *spec)
{
  const char *name = aiperf_plot_spec_get_extra (spec, "x_param");

  return name != NULL ? name : spec->x.metric;
}

gboolean
aiperf_handler_sweep_applies (const AiperfPlotSpec *spec,
                              AiperfRunSet         *runs)
{
  const char *x_param = x_parameter (spec);
  double value, seen = NAN;

  if (x_param == NULL)
    return FALSE;
  /* A sweep needs two settings: one value is not a curve. */
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);

      if (excluded (run) || aiperf_run_get_parameter (run, x_param) == NULL ||
          !param_value (run, x_param, &value))
        continue;
      if (isnan (seen))
        seen = value;
      else if (value != seen)
        return TRUE;
    }
  return FALSE;
}

static int
compare_counts (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  GHashTable *counts = user_data;
  const char *ka = *(const char * const *) a, *kb = *(const char * const *) b;
  guint ca = GPOINTER_TO_UINT (g_hash_table_lookup (counts, ka));
  guint cb = GPOINTER_TO_UINT (g_hash_table_lookup (counts, kb));
  double va = g_ascii_strtod (ka, NULL), vb = g_ascii_strtod (kb, NULL);

  /* Most runs first; a tie goes to the smaller value, so it is stable. */
  if (ca != cb)
    return ca > cb ? -1 : 1;
  return va < vb ? -1 : va > vb ? 1 : strcmp (ka, kb);
}

/* The value of @fixed_param to keep: @wanted when some run has it, else the
 * most common one (and *@out_fallback TRUE). NULL when no run has it. */
static char *
choose_fixed_value (GPtrArray  *candidates,
                    const char *fixed_param,
                    const char *wanted,
                    gboolean   *out_fallback)
{
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer text;
  double wanted_value = wanted != NULL ? g_ascii_strtod (wanted, NULL) : NAN;

  *out_fallback = FALSE;
  for (guint i = 0; i < candidates->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (candidates, i);
      double value;
      g_autofree char *key = NULL;

      if (!param_value (run, fixed_param, &value))
        continue;
      if (wanted != NULL && value == wanted_value)
        return g_strdup (wanted);
      key = aiperf_plot_format_value (value);
      g_hash_table_replace (counts, g_strdup (key),
                            GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) + 1));
    }
  if (g_hash_table_size (counts) == 0)
    return NULL;
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &text, NULL))
    g_ptr_array_add (keys, text);
  g_ptr_array_sort_with_data (keys, compare_counts, counts);
  *out_fallback = TRUE;
  return g_strdup (g_ptr_array_index (keys, 0));
}

static int
compare_points (gconstpointer a,
                gconstpointer b)
{
  const SweepPoint *pa = a, *pb = b;

  return pa->x < pb->x ? -1 : pa->x > pb->x;
}

static int
compare_series (gconstpointer a,
                gconstpointer b)
{
  return g_utf8_collate ((*(Series * const *) a)->name, (*(Series * const *) b)->name);
}

static void
add_point (Series *series,
           double  x,
           double  y,
           double  spread,
           int     position)
{
  for (guint i = 0; i < series->points->len; i++)
    {
      SweepPoint *p = &g_array_index (series->points, SweepPoint, i);

      /* Two runs of one configuration (two clusters, two collections):
       * their mean, as ccl-bench averages them. */
      if (p->x == x)
        {
          p->sum += y;
          p->sum_sq += y * y;
          p->n++;
          return;
        }
    }
  g_array_append_val (series->points, ((SweepPoint) { x, y, y * y, spread, 1, position }));
}

/* Ticks at the swept values themselves: they are settings, not a scale.
 * Returns the span of the values. */
static double
set_x_ticks (AiperfChart *chart,
             GPtrArray   *series)
{
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  double lo = INFINITY, hi = -INFINITY;

  for (guint s = 0; s < series->len; s++)
    {
      Series *one = g_ptr_array_index (series, s);

      for (guint i = 0; i < one->points->len; i++)
        g_array_append_val (xs, g_array_index (one->points, SweepPoint, i).x);
    }
  g_array_sort (xs, (GCompareFunc) aiperf_compare_doubles);
  for (guint i = 0; i < xs->len; i++)
    {
      double x = g_array_index (xs, double, i);
      g_autofree char *label = NULL;

      if (i > 0 && x == g_array_index (xs, double, i - 1))
        continue;
      label = aiperf_plot_format_value (x);
      aiperf_axis_add_tick (&chart->x, x, label);
      lo = MIN (lo, x);
      hi = MAX (hi, x);
    }
  /* Powers of two (8, 16, … 256; 2048 … 16384) are evenly apart on a log axis. */
  if (lo > 0 && hi / lo >= 4)
    chart->x.scale = AIPERF_SCALE_LOG;
  return chart->x.scale == AIPERF_SCALE_LOG ? log (hi / lo) : hi - lo;
}

/* Series drawn at the same x would hide each other's error bars: each is
 * moved aside by a little (seaborn's "dodge"), on a log axis by a factor. */
static double
dodge (const AiperfChart *chart,
       double             x,
       double             span,
       guint              series,
       guint              n_series)
{
  double shift = ((double) series - (n_series - 1) / 2.0) * 0.012 * (span > 0 ? span : 1);

  if (n_series < 2)
    return x;
  return chart->x.scale == AIPERF_SCALE_LOG ? x * exp (shift) : x + shift;
}

AiperfChart *
aiperf_handler_parameter_sweep (const AiperfPlotSpec       *spec,
                                AiperfRunSet               *runs,
                                const AiperfClassification *classification,
                                AiperfPlotColors           *colors,
                                GError                    **error)
{
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  g_autoptr(GArray) positions = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GPtrArray) series = g_ptr_array_new_with_free_func ((GDestroyNotify) series_free);
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *fixed = NULL, *x_name = NULL, *fixed_name = NULL;
  const char *x_param, *y_tag, *series_param, *fixed_param, *fixed_wanted, *unit = NULL;
  const char *reason = NULL;
  AiperfStat y_stat;
  gboolean fallback = FALSE;
  double span;
  guint n_excluded = 0, n_missing = 0, n_points = 0, n_bars = 0;
  GString *note = g_string_new (NULL);

  x_param = x_parameter (spec);
  if (x_param == NULL || spec->y.metric == NULL)
    return aiperf_plot_no_data (error, _("a parameter sweep needs an x_param and a y metric"));
  y_tag = aiperf_plot_resolve_tag (spec->y.metric);
  y_stat = aiperf_plot_spec_get_y_stat (spec, AIPERF_STAT_AVG);
  series_param = spec->group_by != NULL ? spec->group_by : "variant";
  fixed_param = aiperf_plot_spec_get_extra (spec, "fixed_param");
  fixed_wanted = aiperf_plot_spec_get_extra (spec, "fixed_value");
  x_name = aiperf_plot_display_name (x_param);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      double x;

      if (!param_value (run, x_param, &x))
        continue;
      if (excluded (run))
        {
          reason = aiperf_run_get_parameter (run, "excluded_from_sweep");
          n_excluded++;
        }
      else
        {
          int position = (int) i;

          g_ptr_array_add (candidates, run);
          g_array_append_val (positions, position);
        }
    }
  if (candidates->len == 0)
    {
      g_string_free (note, TRUE);
      return aiperf_plot_no_data (error, _("no run open has the parameter %s: it comes from the names of "
                                           "ccl-bench or vllm bench sweep folders, or from a pattern that "
                                           "reads parameters from folder names"), x_param);
    }

  if (fixed_param != NULL)
    fixed = choose_fixed_value (candidates, fixed_param, fixed_wanted, &fallback);
  for (guint i = 0; i < candidates->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (candidates, i);
      const char *name;
      double x, y, f, spread = NAN;
      Series *one;

      if (fixed != NULL && !(param_value (run, fixed_param, &f) && f == g_ascii_strtod (fixed, NULL)))
        continue;
      param_value (run, x_param, &x);
      if (!aiperf_run_get_metric (run, y_tag, y_stat, &y) || isnan (y))
        {
          n_missing++;
          continue;
        }
      aiperf_run_get_metric_spread (run, y_tag, y_stat, &spread);
      if (unit == NULL)
        unit = aiperf_run_get_metric_unit (run, y_tag);
      name = aiperf_run_get_parameter (run, series_param);
      if (name == NULL)
        name = aiperf_run_get_model (run);
      one = g_hash_table_lookup (by_name, name);
      if (one == NULL)
        {
          one = g_new0 (Series, 1);
          one->name = g_strdup (name);
          one->points = g_array_new (FALSE, FALSE, sizeof (SweepPoint));
          g_ptr_array_add (series, one);
          g_hash_table_insert (by_name, one->name, one);
        }
      add_point (one, x, y, spread, g_array_index (positions, int, i));
      n_points++;
    }
  if (n_points == 0)
    {
      g_string_free (note, TRUE);
      return aiperf_plot_no_data (error, _("no run with the parameter %s has %s (%s)"), x_param, y_tag,
                                  aiperf_stat_to_string (y_stat));
    }
  g_ptr_array_sort (series, compare_series);

  chart = aiperf_plot_chart_new (spec, spec->name);
  aiperf_axis_set_label (&chart->x, spec->x_label != NULL ? spec->x_label : x_name, NULL);
  aiperf_plot_set_metric_axis (&chart->y, y_tag, TRUE, y_stat, unit, spec->y_label);
  chart->label_title = g_strdup (x_param);
  chart->id_kind = g_strdup ("run");
  span = set_x_ticks (chart, series);

  for (guint s = 0; s < series->len; s++)
    {
      Series *one = g_ptr_array_index (series, s);
      AiperfColor color = aiperf_color_palette (colors != NULL ? aiperf_plot_colors_get (colors, one->name) : s);
      int index = aiperf_chart_add_series (chart, one->name, color, AIPERF_LAYER_LINE);
      AiperfLayer *line, *bars, *points;

      g_array_sort (one->points, compare_points);
      bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_ERROR_BARS, index);
      bars->line_width = 1.5;
      line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, index);
      line->line_width = AIPERF_PLOT_LINE_WIDTH;
      points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, index);
      points->marker_size = AIPERF_PLOT_MARKER_LARGE;
      points->pickable = TRUE;
      for (guint i = 0; i < one->points->len; i++)
        {
          SweepPoint *p = &g_array_index (one->points, SweepPoint, i);
          double y = p->sum / p->n;
          double half = p->n >= 2 ? sqrt (MAX (0, (p->sum_sq - p->n * y * y) / (p->n - 1))) : p->spread;
          double x = dodge (chart, p->x, span, s, series->len);

          /* No text by the markers: the x ticks already name every value. */
          aiperf_layer_append_point (line, x, y, p->position);
          aiperf_layer_append_point (points, x, y, p->position);
          if (!isnan (half) && half > 0)
            {
              aiperf_layer_append_error (bars, x, y, y - half, y + half, NAN, NAN);
              n_bars++;
            }
        }
    }

  /* What is held fixed and what is left out, under the title. */
  if (fixed != NULL)
    {
      fixed_name = aiperf_plot_display_name (fixed_param);
      if (fallback && fixed_wanted != NULL)
        /* TRANSLATORS: "Max Num Batched Tokens fixed at 4096, the most common value (no run has 8192)" */
        g_string_append_printf (note, _("%s fixed at %s, the most common value (no run has %s)"),
                                fixed_name, fixed, fixed_wanted);
      else
        g_string_append_printf (note, _("%s fixed at %s"), fixed_name, fixed);
    }
  if (n_excluded > 0)
    {
      if (note->len > 0)
        g_string_append (note, " · ");
      /* TRANSLATORS: "1 run left out of sweeps (eplb)"; the reason is a parameter value */
      g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE, "%u run left out of sweeps (%s)",
                                                 "%u runs left out of sweeps (%s)", n_excluded),
                              n_excluded, reason);
    }
  if (n_bars > 0)
    {
      if (note->len > 0)
        g_string_append (note, " · ");
      g_string_append (note, _("error bars: ±1 standard deviation over repeats"));
    }
  if (n_missing > 0)
    {
      if (note->len > 0)
        g_string_append (note, " · ");
      g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE, "%u run lacks this metric",
                                                 "%u runs lack this metric", n_missing), n_missing);
    }
  if (note->len > 0)
    chart->note = g_string_free (note, FALSE);
  else
    g_string_free (note, TRUE);
  return g_steal_pointer (&chart);
}
