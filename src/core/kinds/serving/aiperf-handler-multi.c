/* aiperf-handler-multi.c — comparison plots: pareto, scatter_line and
 * latency_throughput_uncertainty.
 *
 * Unlike aiperf 0.11's PNG export (which always took p50), the value of each
 * run is the preset's stat.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-handler-peers-private.h"
#include "aiperf-serving-handlers.h"
#include "aiperf-handler-server.h"
#include "aiperf-pareto.h"
#include "aiperf-student-t.h"
#include "aiperf-plot-names.h"
#include "aiperf-point-labels-private.h"

typedef struct {
  guint   position;  /* in the run set */
  double  x, y;
  char   *label;
  char   *group;
  gboolean show_label;  /* FALSE for "labels: []" */
} RunPoint;

typedef struct {
  char       *id;
  char       *display;
  gboolean    baseline;
  GArray     *points;  /* RunPoint */
} Group;

static void
run_point_clear (RunPoint *p)
{
  g_free (p->label);
  g_free (p->group);
}

static void
group_free (Group *g)
{
  g_free (g->id);
  g_free (g->display);
  g_array_unref (g->points);
  g_free (g);
}

/* A run's value of a metric, a computed column or an input_config parameter. */
static gboolean
run_value (AiperfRun  *run,
           const char *name,
           AiperfStat  stat,
           double     *out)
{
  const AiperfMetricInfo *info;
  const char *tag = aiperf_plot_resolve_tag (name);
  const char *text;

  if (strcmp (tag, "concurrency") == 0)
    {
      *out = aiperf_run_get_concurrency (run);
      return !isnan (*out);
    }
  if (strcmp (tag, "request_rate") == 0)
    {
      *out = aiperf_run_get_request_rate (run);
      return !isnan (*out);
    }
  if (aiperf_run_get_metric (run, tag, stat, out) && !isnan (*out))
    return TRUE;
  info = aiperf_metric_registry_lookup (tag);
  /* Derived and aggregate metrics carry only avg: that is their value. */
  if ((info == NULL || info->kind != AIPERF_METRIC_KIND_RECORD) && stat != AIPERF_STAT_AVG &&
      aiperf_run_get_metric (run, tag, AIPERF_STAT_AVG, out) && !isnan (*out))
    return TRUE;
  /* Per-GPU throughput when the loader did not derive it: GPUs are counted
   * once per UUID (aiperf counted them once per telemetry endpoint). */
  if (strcmp (tag, "output_token_throughput_per_gpu") == 0 && aiperf_run_get_gpu_count (run) > 0)
    {
      double total;

      if (run_value (run, "output_token_throughput", stat, &total))
        {
          *out = total / aiperf_run_get_gpu_count (run);
          return TRUE;
        }
      return FALSE;
    }
  /* Tools without telemetry may still say how many GPUs served (a ccl-bench
   * workload card's gpu_count). */
  if (strcmp (tag, "output_token_throughput_per_gpu") == 0 && aiperf_run_get_parameter (run, "gpu_count") != NULL)
    {
      double total, gpus = g_ascii_strtod (aiperf_run_get_parameter (run, "gpu_count"), NULL);

      if (gpus >= 1 && run_value (run, "output_token_throughput", stat, &total))
        {
          *out = total / gpus;
          return TRUE;
        }
      return FALSE;
    }
  /* Server metrics: counters summed over series, the rest averaged. */
  if (info == NULL && aiperf_server_metric_name_looks_like (name) &&
      aiperf_run_get_parameter (run, name) == NULL)
    {
      *out = aiperf_plot_server_metric_value (run, name, NULL, NULL);
      return !isnan (*out);
    }
  text = aiperf_run_get_parameter (run, name);
  if (text != NULL)
    {
      char *end = NULL;

      *out = g_ascii_strtod (text, &end);
      return end != text && *end == '\0';
    }
  return FALSE;
}

/* The text of a grouping / label column for a run. */
static char *
run_text (AiperfRun  *run,
          const char *column)
{
  char *text = aiperf_plot_run_text (run, column);
  double value;

  if (text != NULL)
    return text;
  if (run_value (run, column, AIPERF_STAT_AVG, &value))
    return aiperf_plot_format_value (value);
  return g_strdup ("Unknown");
}

static int
compare_groups (gconstpointer a,
                gconstpointer b)
{
  const Group *ga = *(Group * const *) a, *gb = *(Group * const *) b;

  g_autofree char *ka = NULL, *kb = NULL;

  if (ga->baseline != gb->baseline)
    return ga->baseline ? -1 : 1;
  /* Natural order: concurrency2 before concurrency10, in the legend and
   * in the order colours are handed out. */
  ka = g_utf8_collate_key_for_filename (ga->id, -1);
  kb = g_utf8_collate_key_for_filename (gb->id, -1);
  return strcmp (ka, kb);
}

static int
compare_points_x (gconstpointer a,
                  gconstpointer b)
{
  const RunPoint *pa = a, *pb = b;

  return pa->x < pb->x ? -1 : pa->x > pb->x ? 1 : (int) pa->position - (int) pb->position;
}

/* A run's value on an axis; a run of another tool that lacks the metric
 * uses its stand-in (aiperf-handler-peers.c), and @substituted says so. */
static gboolean
axis_value (AiperfRun  *run,
            const char *tag,
            AiperfStat  stat,
            double     *out,
            gboolean   *substituted)
{
  const char *substitute;

  *substituted = FALSE;
  if (run_value (run, tag, stat, out))
    return TRUE;
  substitute = aiperf_peer_substitute (run, tag);
  if (substitute == NULL || !run_value (run, substitute, stat, out))
    return FALSE;
  *substituted = TRUE;
  return TRUE;
}

/* A label that reads the same on every point ("inf req/s" on a whole
 * collection driven at an infinite rate) says nothing: the points then
 * show the parameters that tell them apart, and @out_columns says which
 * (NULL when the labels stay). */
static void
relabel_if_constant (const AiperfPlotSpec *spec,
                     AiperfRunSet         *runs,
                     GPtrArray            *groups,
                     GPtrArray           **out_columns)
{
  g_autoptr(GArray) positions = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) columns = NULL;
  const char *first = NULL;
  gboolean constant = TRUE;

  *out_columns = NULL;
  for (guint i = 0; i < groups->len; i++)
    {
      GArray *points = ((Group *) g_ptr_array_index (groups, i))->points;

      for (guint j = 0; j < points->len; j++)
        {
          const RunPoint *point = &g_array_index (points, RunPoint, j);

          if (!point->show_label)
            return;
          if (first == NULL)
            first = point->label;
          constant = constant && g_strcmp0 (first, point->label) == 0;
          g_array_append_val (positions, point->position);
        }
    }
  if (!constant || positions->len < 2)
    return;
  columns = aiperf_point_label_columns (runs, (const guint *) positions->data, positions->len, spec->group_by);
  if (columns->len == 0)
    return;
  for (guint i = 0; i < groups->len; i++)
    {
      GArray *points = ((Group *) g_ptr_array_index (groups, i))->points;

      for (guint j = 0; j < points->len; j++)
        {
          RunPoint *point = &g_array_index (points, RunPoint, j);

          g_free (point->label);
          point->label = aiperf_point_label_text (aiperf_run_set_get_run (runs, point->position), columns);
        }
    }
  *out_columns = g_steal_pointer (&columns);
}

/* Groups the runs that have both values; @out_missing counts the others.
 * @x_axis and @y_axis count the stand-ins; @out_by_rate the points
 * labelled by request rate; @out_label_columns the parameters the points
 * show instead of a label that was the same on all of them. */
static GPtrArray *
collect_groups (const AiperfPlotSpec       *spec,
                AiperfRunSet               *runs,
                const AiperfClassification *classification,
                AiperfStat                  x_stat,
                AiperfStat                  y_stat,
                AiperfPeerAxis             *x_axis,
                AiperfPeerAxis             *y_axis,
                guint                      *out_missing,
                guint                      *out_by_rate,
                GPtrArray                 **out_label_columns)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  const char *label_by = aiperf_plot_spec_label_by (spec);
  /* Without labels, operating points of the uncertainty plot are still
   * told apart by concurrency. */
  const char *op_by = *label_by != '\0' ? label_by : "concurrency";
  guint n = aiperf_run_set_get_n_runs (runs);
  /* Runs of other tools: series say which tool (by model only). */
  AiperfPeerGroups *peers = classification == NULL && g_strcmp0 (spec->group_by, "model") == 0
                              ? aiperf_peer_groups_new (runs) : NULL;

  *out_missing = 0;
  *out_by_rate = 0;
  for (guint i = 0; i < n; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      RunPoint point = { i, NAN, NAN, NULL, NULL, TRUE };
      gboolean baseline = FALSE, x_sub, y_sub;
      Group *group;

      if (!axis_value (run, x_axis->tag, x_stat, &point.x, &x_sub) ||
          !axis_value (run, y_axis->tag, y_stat, &point.y, &y_sub))
        {
          (*out_missing)++;
          continue;
        }
      aiperf_peer_axis_count (x_axis, run, x_sub);
      aiperf_peer_axis_count (y_axis, run, y_sub);
      if (classification != NULL)
        baseline = aiperf_plot_classify_run (classification, run, &point.group);
      else if (peers != NULL)
        point.group = aiperf_peer_groups_label (peers, run);
      else
        point.group = run_text (run, spec->group_by);
      point.label = aiperf_peer_point_label (run, op_by);
      if (point.label != NULL)
        (*out_by_rate)++;
      else
        point.label = run_text (run, op_by);
      point.show_label = *label_by != '\0';

      group = g_hash_table_lookup (by_id, point.group);
      if (group == NULL)
        {
          const char *display = NULL;

          group = g_new0 (Group, 1);
          group->id = g_strdup (point.group);
          group->baseline = baseline;
          if (classification != NULL)
            display = g_hash_table_lookup (classification->group_display_names, group->id);
          group->display = g_strdup (display != NULL ? display : group->id);
          group->points = g_array_new (FALSE, FALSE, sizeof (RunPoint));
          g_array_set_clear_func (group->points, (GDestroyNotify) run_point_clear);
          g_ptr_array_add (groups, group);
          g_hash_table_insert (by_id, group->id, group);
        }
      g_array_append_val (group->points, point);
    }
  relabel_if_constant (spec, runs, groups, out_label_columns);
  if (*out_label_columns != NULL)
    *out_by_rate = 0;
  g_ptr_array_sort (groups, compare_groups);
  for (guint i = 0; i < groups->len; i++)
    {
      Group *group = g_ptr_array_index (groups, i);

      g_array_sort (group->points, compare_points_x);
    }
  aiperf_peer_groups_free (peers);
  return g_steal_pointer (&groups);
}

/* aiperf's colours: baselines grey, the first treatment NVIDIA green, then
 * the palette; without classification one palette colour per group, kept
 * across plots (aiperf paints a lone uncertainty group green; here it
 * keeps its colour, as in the other tabs). */
static AiperfColor
group_color (const Group                *group,
             const AiperfClassification *classification,
             guint                      *n_treatments,
             AiperfPlotColors           *colors)
{
  if (classification != NULL)
    {
      if (group->baseline)
        return aiperf_color_role (AIPERF_ROLE_BASELINE);
      if ((*n_treatments)++ == 0)
        return aiperf_color_role (AIPERF_ROLE_ACCENT);
    }
  return aiperf_color_palette (aiperf_plot_colors_get (colors, group->id));
}

/* Past the palette a colour comes round again: the series then takes
 * another marker shape, and every other round dashed lines, so 100 runs
 * grouped by run stay told apart (in the legend too). */
static void
distinguish_past_palette (AiperfChart *chart,
                          int          series,
                          guint        first_layer,
                          AiperfColor  color)
{
  static const AiperfMarker markers[] = {
    AIPERF_MARKER_CIRCLE, AIPERF_MARKER_DIAMOND, AIPERF_MARKER_SQUARE,
    AIPERF_MARKER_TRIANGLE, AIPERF_MARKER_CROSS,
  };
  AiperfSeries *s = g_ptr_array_index (chart->series, series);
  guint round;

  if (color.kind != AIPERF_COLOR_PALETTE || color.index < AIPERF_PLOT_PALETTE_SIZE)
    return;
  round = color.index / AIPERF_PLOT_PALETTE_SIZE;
  s->marker = markers[round % G_N_ELEMENTS (markers)];
  s->dashed = round % 2 == 1;
  for (guint l = first_layer; l < chart->layers->len; l++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->series != series)
        continue;
      if (layer->kind == AIPERF_LAYER_POINTS)
        layer->marker = s->marker;
      else if (layer->kind == AIPERF_LAYER_LINE)
        layer->dashed = s->dashed;
    }
}

static void
add_labeled_points (AiperfLayer *layer,
                    Group       *group,
                    gboolean    *only)
{
  for (guint j = 0; j < group->points->len; j++)
    {
      RunPoint *p = &g_array_index (group->points, RunPoint, j);

      if (only == NULL || only[j])
        aiperf_layer_append_labeled (layer, p->x, p->y, (int) p->position,
                                     p->show_label ? p->label : NULL);
    }
}

/* Which corner is best, as aiperf's subtitle says it ("Optimal: upper-left"),
 * and what the line is, when a series has one (@joined: it has two
 * runs on its frontier or more; a series of one run has no line). */
static char *
pareto_note (const AiperfChart *chart,
             gboolean           x_higher,
             gboolean           y_higher,
             gboolean           joined)
{
  /* whole sentences, one per corner, so that each reads right translated */
  const char *best = y_higher ? (x_higher ? _("Best: upper right (higher %s, higher %s)")
                                          : _("Best: upper left (higher %s, lower %s)"))
                              : (x_higher ? _("Best: lower right (lower %s, higher %s)")
                                          : _("Best: lower left (lower %s, lower %s)"));
  g_autofree char *note = g_strdup_printf (best, chart->y.title, chart->x.title);

  if (!joined)
    return g_steal_pointer (&note);
  /* TRANSLATORS: %s is the sentence "Best: upper left (…)" */
  return g_strdup_printf (_("%s; the line joins the runs no other run beats"), note);
}

/* Returns how many points the line joins. */
static guint
draw_pareto_or_line (AiperfChart *chart,
                     Group       *group,
                     int          series,
                     gboolean     pareto,
                     gboolean     x_higher,
                     gboolean     y_higher)
{
  guint n = group->points->len;
  g_autofree double *xs = g_new (double, MAX (n, 1));
  g_autofree double *ys = g_new (double, MAX (n, 1));
  g_autofree gboolean *on = g_new0 (gboolean, MAX (n, 1));
  g_autofree gboolean *off = g_new0 (gboolean, MAX (n, 1));
  AiperfLayer *layer;
  guint n_on = 0;

  for (guint j = 0; j < n; j++)
    {
      xs[j] = g_array_index (group->points, RunPoint, j).x;
      ys[j] = g_array_index (group->points, RunPoint, j).y;
    }
  if (pareto)
    aiperf_pareto_frontier (xs, ys, n, x_higher, y_higher, on);
  else
    for (guint j = 0; j < n; j++)
      on[j] = TRUE;
  for (guint j = 0; j < n; j++)
    {
      off[j] = !on[j];
      n_on += on[j];
    }

  /* The frontier joins only the optimal points, in x order. */
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, series);
  layer->line_width = pareto ? AIPERF_PLOT_FRONTIER_WIDTH : AIPERF_PLOT_LINE_WIDTH;
  for (guint j = 0; j < n; j++)
    if (on[j])
      aiperf_layer_append_point (layer, xs[j], ys[j], (int) g_array_index (group->points, RunPoint, j).position);

  if (pareto)
    {
      /* Dominated runs stay visible but step back, so the frontier reads at
       * a glance: faded in lightness, not in alpha, which on a dark
       * background turns blue and green into navy and olive. */
      layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
      layer->marker_size = AIPERF_PLOT_MARKER_LARGE;
      layer->fade = 0.5;
      layer->pickable = TRUE;
      add_labeled_points (layer, group, off);
    }
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
  layer->marker_size = AIPERF_PLOT_MARKER_LARGE;
  layer->opacity = 1.0;
  layer->pickable = TRUE;
  add_labeled_points (layer, group, on);
  return n_on;
}

static void
draw_uncertainty (AiperfChart *chart,
                  Group       *group,
                  int          series,
                  double       level,
                  GPtrArray   *low_layers,
                  guint        trials_range[2])
{
  g_autoptr(GHashTable) ops = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                    (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  AiperfLayer *points, *bars, *ellipses, *low = NULL;
  AiperfColor color = ((AiperfSeries *) g_ptr_array_index (chart->series, series))->color;

  /* One operating point per label value (concurrency); its runs are the trials. */
  for (guint j = 0; j < group->points->len; j++)
    {
      RunPoint *p = &g_array_index (group->points, RunPoint, j);

      if (!g_hash_table_contains (ops, p->label))
        {
          g_hash_table_insert (ops, p->label, g_ptr_array_new ());
          g_ptr_array_add (order, p->label);
        }
      g_ptr_array_add (g_hash_table_lookup (ops, p->label), p);
    }

  ellipses = aiperf_chart_add_layer (chart, AIPERF_LAYER_ELLIPSES, series);
  ellipses->fill_opacity = 0.18;
  bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_ERROR_BARS, series);
  bars->line_width = 1.5;
  points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
  points->marker_size = AIPERF_PLOT_MARKER_LARGE;
  points->pickable = TRUE;

  for (guint k = 0; k < order->len; k++)
    {
      GPtrArray *trials = g_hash_table_lookup (ops, g_ptr_array_index (order, k));
      double sx = 0, sy = 0, vx = 0, vy = 0, mx, my, hx = 0, hy = 0;
      guint n = trials->len;

      for (guint t = 0; t < n; t++)
        {
          RunPoint *p = g_ptr_array_index (trials, t);

          sx += p->x;
          sy += p->y;
        }
      mx = sx / n;
      my = sy / n;
      for (guint t = 0; t < n; t++)
        {
          RunPoint *p = g_ptr_array_index (trials, t);

          vx += (p->x - mx) * (p->x - mx);
          vy += (p->y - my) * (p->y - my);
        }
      if (n >= 2)
        {
          hx = aiperf_confidence_half_width (level, n, sqrt (vx / (n - 1)));
          hy = aiperf_confidence_half_width (level, n, sqrt (vy / (n - 1)));
          trials_range[0] = trials_range[0] == 0 ? n : MIN (trials_range[0], n);
          trials_range[1] = MAX (trials_range[1], n);
        }
      aiperf_layer_append_labeled (points, mx, my,
                                   (int) ((RunPoint *) g_ptr_array_index (trials, 0))->position,
                                   ((RunPoint *) g_ptr_array_index (trials, 0))->show_label
                                   ? g_ptr_array_index (order, k) : NULL);
      if (n < 2)
        continue;
      aiperf_layer_append_error (bars, mx, my, my - hy, my + hy, mx - hx, mx + hx);
      if (n >= 3)
        aiperf_layer_append_ellipse (ellipses, mx, my, hx, hy, -1);
      else
        {
          if (low == NULL)
            {
              /* Its legend series is added after all groups (see the caller). */
              low = aiperf_chart_add_layer (chart, AIPERF_LAYER_ELLIPSES, -1);
              g_ptr_array_add (low_layers, low);
              low->color = color;
              low->dashed = TRUE;
              low->fill_opacity = 0.07;
              low->opacity = 0.6;
            }
          aiperf_layer_append_ellipse (low, mx, my, hx, hy, -1);
        }
    }
}

/* Every run's throughput on the per-GPU axis is its total (no GPU count
 * recorded): the title says "per GPU" no more than the axis does. */
static void
drop_per_gpu (AiperfChart *chart)
{
  char *at = chart->title != NULL ? strstr (chart->title, " per GPU") : NULL;

  if (at != NULL)
    memmove (at, at + strlen (" per GPU"), strlen (at + strlen (" per GPU")) + 1);
}

/* How the runs' points are joined. */
typedef enum {
  JOIN_LINE,         /* scatter_line: each group's points in x order */
  JOIN_PARETO,       /* pareto: each group's frontier */
  JOIN_UNCERTAINTY,  /* latency_throughput_uncertainty: trial means with intervals */
} Join;

static AiperfChart *
multi_run (const AiperfPlotSpec       *spec,
           AiperfRunSet               *runs,
           const AiperfClassification *classification,
           AiperfPlotColors           *colors,
           Join                        join,
           GError                    **error)
{
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GPtrArray) groups = NULL;
  const char *x_tag, *y_tag;
  AiperfStat x_stat, y_stat;
  guint missing = 0, n_runs = aiperf_run_set_get_n_runs (runs), n_treatments = 0;
  gboolean x_higher, y_higher;
  guint longest_line = 0;  /* points joined by the longest line */
  guint trials_range[2] = { 0, 0 };  /* fewest and most trials of an interval */
  g_autoptr(GPtrArray) low_layers = g_ptr_array_new ();
  AiperfRun *first = n_runs > 0 ? aiperf_run_set_get_run (runs, 0) : NULL;
  AiperfPeerAxis x_axis, y_axis;
  g_autofree char *x_note = NULL;
  g_autofree char *y_note = NULL;
  char *note = NULL;
  guint by_rate = 0, n_points = 0;
  g_autoptr(GPtrArray) label_columns = NULL;
  gboolean totals_only;  /* the per-GPU axis shows totals: no run records a GPU count */

  if (spec->x.metric == NULL || spec->y.metric == NULL)
    return aiperf_plot_no_data (error, _("A comparison plot needs both an x and a y metric."));
  x_tag = aiperf_plot_resolve_tag (spec->x.metric);
  y_tag = aiperf_plot_resolve_tag (spec->y.metric);
  x_stat = spec->x.has_stat ? spec->x.stat : AIPERF_STAT_AVG;
  y_stat = aiperf_plot_spec_get_y_stat (spec, AIPERF_STAT_AVG);

  aiperf_peer_axis_init (&x_axis, x_tag);
  aiperf_peer_axis_init (&y_axis, y_tag);
  groups = collect_groups (spec, runs, classification, x_stat, y_stat, &x_axis, &y_axis,
                           &missing, &by_rate, &label_columns);
  n_points = x_axis.n_points;
  /* An axis where every run's value is the stand-in is that metric's axis. */
  if (x_axis.n_substituted > 0 && x_axis.n_substituted == x_axis.n_points)
    x_tag = x_axis.substitute;
  if (y_axis.n_substituted > 0 && y_axis.n_substituted == y_axis.n_points)
    y_tag = y_axis.substitute;
  x_note = aiperf_peer_axis_note (&x_axis);
  y_note = aiperf_peer_axis_note (&y_axis);
  totals_only = (g_strcmp0 (x_tag, "output_token_throughput") == 0 && x_axis.substitute != NULL)
                || (g_strcmp0 (y_tag, "output_token_throughput") == 0 && y_axis.substitute != NULL);
  aiperf_peer_axis_clear (&x_axis);
  aiperf_peer_axis_clear (&y_axis);
  if (groups->len == 0)
    {
      guint with_x = 0, with_y = 0;

      /* The true reason: which of the two no run has. */
      for (guint i = 0; i < n_runs; i++)
        {
          with_x += aiperf_run_get_metric (aiperf_run_set_get_run (runs, i), x_tag, x_stat, NULL);
          with_y += aiperf_run_get_metric (aiperf_run_set_get_run (runs, i), y_tag, y_stat, NULL);
        }
      if ((with_y == 0 && strcmp (y_tag, "output_token_throughput_per_gpu") == 0) ||
          (with_x == 0 && strcmp (x_tag, "output_token_throughput_per_gpu") == 0))
        return aiperf_plot_no_data (error, _("No run has Output Token Throughput Per GPU: it needs GPU "
                                             "telemetry in the run summary."));
      if (with_x == 0 || with_y == 0)
        return aiperf_plot_no_data (error, _("No run has %s (%s)."), with_x == 0 ? x_tag : y_tag,
                                    aiperf_stat_to_string (with_x == 0 ? x_stat : y_stat));
      return aiperf_plot_no_data (error, _("No run has both %s (%s) and %s (%s)."), x_tag,
                                  aiperf_stat_to_string (x_stat), y_tag, aiperf_stat_to_string (y_stat));
    }

  chart = aiperf_plot_chart_new (spec, spec->name);
  if (totals_only)
    drop_per_gpu (chart);
  aiperf_plot_set_metric_axis (&chart->x, x_tag, TRUE, x_stat,
                               first ? aiperf_run_get_metric_unit (first, x_tag) : NULL, spec->x_label);
  aiperf_plot_set_metric_axis (&chart->y, y_tag, TRUE, y_stat,
                               first ? aiperf_run_get_metric_unit (first, y_tag) : NULL, spec->y_label);
  /* Points of rate-driven runs are labelled by their request rate; hover
   * says "Concurrency: 4", in the sidebar's words. */
  if (label_columns != NULL)
    chart->label_title = aiperf_point_label_title (label_columns);
  else if (by_rate > 0)
    chart->label_title = g_strdup (by_rate == n_points ? aiperf_plot_parameter_label ("request_rate")
                                                       : "Concurrency or Request Rate");
  else if (*aiperf_plot_spec_label_by (spec) != '\0')
    chart->label_title = g_strdup (aiperf_plot_parameter_label (aiperf_plot_spec_label_by (spec)));
  chart->id_kind = g_strdup ("run");
  x_higher = aiperf_metric_registry_larger_is_better (x_tag);
  y_higher = aiperf_metric_registry_larger_is_better (y_tag);

  for (guint i = 0; i < groups->len; i++)
    {
      Group *group = g_ptr_array_index (groups, i);
      AiperfColor color = group_color (group, classification, &n_treatments, colors);
      int series = aiperf_chart_add_series (chart, group->display, color, AIPERF_LAYER_POINTS);
      guint first_layer = chart->layers->len;

      if (join == JOIN_UNCERTAINTY)
        draw_uncertainty (chart, group, series, spec->ci_level, low_layers, trials_range);
      else
        {
          guint joined = draw_pareto_or_line (chart, group, series, join == JOIN_PARETO, x_higher, y_higher);

          longest_line = MAX (longest_line, joined);
        }
      distinguish_past_palette (chart, series, first_layer, color);
    }

  if (low_layers->len > 0)
    {
      int low_series = aiperf_chart_add_series (chart, "Low sample (n < 3)",
                                                aiperf_color_role (AIPERF_ROLE_SECONDARY),
                                                AIPERF_LAYER_ELLIPSES);

      ((AiperfSeries *) g_ptr_array_index (chart->series, low_series))->dashed = TRUE;
      for (guint i = 0; i < low_layers->len; i++)
        ((AiperfLayer *) g_ptr_array_index (low_layers, i))->series = low_series;
    }
  if (join == JOIN_UNCERTAINTY && trials_range[1] == 0)
    note = g_strdup (("Every operating point has a single run, so there is no confidence "
                      "interval; repeat runs (aiperf --num-profile-runs) to see one"));
  else if (join == JOIN_UNCERTAINTY)
    {
      /* What the crosses and ellipses are, so nobody reads them as ±1 σ. */
      g_autofree char *trials = trials_range[0] == trials_range[1]
                                  ? g_strdup_printf ("%u", trials_range[0])
                                  : g_strdup_printf ("%u–%u", trials_range[0], trials_range[1]);

      note = g_strdup_printf ("Error bars and ellipses: %g %% confidence intervals of the mean "
                              "(Student's t) over %s trials per operating point",
                              spec->ci_level * 100, trials);
    }
  else if (join == JOIN_PARETO && missing == 0)
    note = pareto_note (chart, x_higher, y_higher, longest_line >= 2);
  else if (missing > 0)
    note = g_strdup_printf (missing == 1 ? "%u run lacks these metrics and is not shown"
                                         : "%u runs lack these metrics and are not shown",
                            missing);
  /* What stood in for a metric comes first: it changes what the axis means. */
  if (x_note != NULL || y_note != NULL)
    {
      g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
      g_auto(GStrv) parts = NULL;

      if (y_note != NULL)
        g_strv_builder_add (lines, y_note);
      if (x_note != NULL)
        g_strv_builder_add (lines, x_note);
      if (note != NULL)
        g_strv_builder_add (lines, note);
      parts = g_strv_builder_end (lines);
      g_free (note);
      note = g_strjoinv ("\n", parts);
    }
  chart->note = note;
  return g_steal_pointer (&chart);
}

AiperfChart *
aiperf_handler_scatter_line (const AiperfPlotSpec       *spec,
                             AiperfRunSet               *runs,
                             const AiperfClassification *classification,
                             AiperfPlotColors           *colors,
                             GError                    **error)
{
  return multi_run (spec, runs, classification, colors, JOIN_LINE, error);
}

AiperfChart *
aiperf_handler_pareto (const AiperfPlotSpec       *spec,
                       AiperfRunSet               *runs,
                       const AiperfClassification *classification,
                       AiperfPlotColors           *colors,
                       GError                    **error)
{
  return multi_run (spec, runs, classification, colors, JOIN_PARETO, error);
}

AiperfChart *
aiperf_handler_uncertainty (const AiperfPlotSpec       *spec,
                            AiperfRunSet               *runs,
                            const AiperfClassification *classification,
                            AiperfPlotColors           *colors,
                            GError                    **error)
{
  return multi_run (spec, runs, classification, colors, JOIN_UNCERTAINTY, error);
}
