/* aiperf-handler-gemm.c — the roofline of GEMM kernel measurements, and
 * the split charts: arithmetic intensity and TFLOP/s per kernel shape.
 *
 * The roofline is log-log: achieved TFLOP/s against FLOP/byte, one point
 * per measurement coloured by dtype (or model, library: "color_by"), the
 * memory diagonal AI × bandwidth and one ceiling per precision in the data
 * with its ridge point (peak ÷ bandwidth) marked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-gemm-private.h"
#include "aiperf-number.h"

#define BAR_THICKNESS 0.8
#define DEFAULT_TOP   30
/* Up to this many points are named on the roofline itself. */
#define MAX_NAMED_POINTS 24

/* The colour of a group: kept for the whole export or window when @colors
 * is given, else the next palette colour of this chart. */
static AiperfColor
group_color (AiperfChart      *chart,
             AiperfPlotColors *colors,
             const char       *name)
{
  if (colors != NULL)
    return aiperf_color_palette (aiperf_plot_colors_get (colors, name));
  return aiperf_color_palette (chart->series->len);
}

/* The text a point is grouped and coloured by. */
static const char *
point_group (const AiperfGemmPoint *p,
             const char            *by)
{
  const char *v = g_str_equal (by, "model") ? p->model
                  : g_str_equal (by, "library") ? p->library
                  : g_str_equal (by, "kernel") ? p->kernel
                  : p->dtype;

  return v != NULL ? v : _("unknown");
}

/* A roofline series: the point's group, and within a dtype the provider
 * of a triton perf_report table (its rows' kernel is their library:
 * cuBLAS and Triton are different series). Interned in @names. */
static const char *
roof_group (const AiperfGemmPoint *p,
            const char            *by,
            GHashTable            *names)
{
  const char *group = point_group (p, by);
  g_autofree char *name = NULL;
  gpointer known;

  if (!g_str_equal (by, "dtype") || p->library == NULL || g_strcmp0 (p->kernel, p->library) != 0)
    return group;
  name = g_strdup_printf ("%s · %s", group, p->library);
  if (!g_hash_table_lookup_extended (names, name, &known, NULL))
    {
      known = g_steal_pointer (&name);
      g_hash_table_add (names, known);
    }
  return known;
}

static const char *
color_by (const AiperfPlotSpec *spec)
{
  const char *by = aiperf_plot_spec_get_extra (spec, "color_by");

  if (by != NULL && (g_str_equal (by, "model") || g_str_equal (by, "library") || g_str_equal (by, "kernel")))
    return by;
  return "dtype";
}

/* The chart's note: what is missing, what is filtered, where the numbers
 * came from. */
static void
set_note (AiperfChart    *chart,
          AiperfGemmData *data,
          const char     *extra)
{
  g_autoptr(GString) note = g_string_new (NULL);
  g_autofree char *sources = aiperf_gemm_data_sources (data);

  if (data->gpu_problem != NULL)
    g_string_append (note, data->gpu_problem);
  if (data->filter != NULL)
    g_string_append_printf (note, "%s%s %s (%u of %u rows)", note->len > 0 ? " · " : "", _("Filter:"),
                            data->filter, data->points->len, data->n_total);
  if (sources != NULL)
    g_string_append_printf (note, "%s%s", note->len > 0 ? " · " : "", sources);
  if (extra != NULL)
    g_string_append_printf (note, "%s%s", note->len > 0 ? " · " : "", extra);
  chart->note = aiperf_gemm_note_text (note);
}

/* Precisions with the same peak share one ceiling: "BF16/FP16". */
typedef struct {
  double   peak;
  GString *names;
} Ceiling;

static GArray *
ceilings (AiperfGemmData *data)
{
  GArray *list = g_array_new (FALSE, FALSE, sizeof (Ceiling));

  for (guint d = 0; d < data->dtypes->len; d++)
    {
      const char *dtype = g_ptr_array_index (data->dtypes, d);
      double peak = aiperf_gemm_data_peak (data, dtype);
      g_autofree char *upper = g_ascii_strup (dtype, -1);
      guint i;

      if (!isfinite (peak))
        continue;
      for (i = 0; i < list->len; i++)
        if (g_array_index (list, Ceiling, i).peak == peak)
          break;
      if (i < list->len)
        g_string_append_printf (g_array_index (list, Ceiling, i).names, "/%s", upper);
      else
        {
          Ceiling c = { peak, g_string_new (upper) };

          g_array_append_val (list, c);
        }
    }
  return list;
}

static void
ceilings_free (GArray *list)
{
  for (guint i = 0; i < list->len; i++)
    g_string_free (g_array_index (list, Ceiling, i).names, TRUE);
  g_array_unref (list);
}

static void
add_roof (AiperfChart    *chart,
          AiperfGemmData *data,
          GArray         *roofs,
          double          x_lo,
          double          x_hi)
{
  double bw = data->gpu->bandwidth_tbs, top_ridge = 0;
  g_autofree char *bw_text = aiperf_number_format (bw, 3);
  g_autofree char *memory = g_strdup_printf (_("Memory %s TB/s"), bw_text);
  int s_mem = aiperf_chart_add_series (chart, memory, aiperf_color_role (AIPERF_ROLE_FOREGROUND), AIPERF_LAYER_LINE);
  AiperfLayer *diag = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, s_mem);
  AiperfLayer *ridges = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, -1);
  AiperfLayer *text = aiperf_chart_add_layer (chart, AIPERF_LAYER_TEXT, -1);

  ridges->color = aiperf_color_role (AIPERF_ROLE_FOREGROUND);
  ridges->marker = AIPERF_MARKER_DIAMOND;
  ridges->marker_size = AIPERF_PLOT_MARKER_LARGE;
  text->color = aiperf_color_role (AIPERF_ROLE_FOREGROUND);
  /* a wish: the renderer slides a label along its ceiling off the points */
  text->text_slides = TRUE;
  for (guint i = 0; i < roofs->len; i++)
    {
      Ceiling *c = &g_array_index (roofs, Ceiling, i);
      double ridge = c->peak / bw;
      AiperfLayer *line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, -1);
      g_autofree char *peak_text = aiperf_number_format (c->peak, 4);
      g_autofree char *ridge_text = aiperf_number_format (ridge, 3);
      g_autofree char *label = g_strdup_printf (_("%s %s TFLOP/s · ridge %s FLOP/B"), c->names->str, peak_text,
                                                ridge_text);

      line->color = aiperf_color_role (AIPERF_ROLE_MUTED);
      line->line_width = AIPERF_PLOT_LINE_WIDTH;
      line->dashed = TRUE;
      aiperf_layer_append_point (line, ridge, c->peak, -1);
      aiperf_layer_append_point (line, x_hi, c->peak, -1);
      aiperf_layer_append_point (ridges, ridge, c->peak, -1);
      /* right of the ridge, over the flat part where few points are */
      aiperf_layer_append_labeled (text, MAX (sqrt (MAX (ridge, x_lo) * x_hi), x_hi / 4), c->peak * 1.35, -1, label);
      top_ridge = MAX (top_ridge, ridge);
    }
  diag->line_width = AIPERF_PLOT_LINE_WIDTH;
  aiperf_layer_append_point (diag, x_lo, x_lo * bw, -1);
  aiperf_layer_append_point (diag, MIN (top_ridge, x_hi), MIN (top_ridge, x_hi) * bw, -1);
}

/* What hovering a point says beyond its x and y: the shape, and how far
 * it is from what the GPU allows. */
static char *
hover_label (const AiperfGemmPoint *p)
{
  g_autofree char *shape = aiperf_gemm_point_label (p);
  GString *s = g_string_new (shape);
  g_autofree char *gflop = aiperf_number_format (p->flops / 1e9, 4);
  g_autofree char *mb = aiperf_number_format (p->bytes / 1e6, 4);

  if (p->model != NULL)
    g_string_append_printf (s, " · %s", p->model);
  if (p->library != NULL)
    g_string_append_printf (s, " · %s", p->library);
  if (isfinite (p->efficiency))
    {
      g_autofree char *attainable = aiperf_number_format (p->attainable, 4);

      g_string_append_printf (s, _("\n%.1f%% of %s TFLOP/s attainable"), 100 * p->efficiency, attainable);
    }
  if (isfinite (p->time_us))
    {
      g_autofree char *us = aiperf_number_format (p->time_us, 4);

      g_string_append_printf (s, _("\n%s µs, %s GFLOP, %s MB"), us, gflop, mb);
    }
  else
    g_string_append_printf (s, _("\n%s GFLOP, %s MB"), gflop, mb);
  return g_string_free (s, FALSE);
}

/* A few points also get their shape written beside them: a copy of each
 * point layer, not pickable, whose labels are drawn. */
static void
name_points (AiperfChart *chart)
{
  guint n = chart->layers->len;

  for (guint l = 0; l < n; l++)
    {
      AiperfLayer *src = g_ptr_array_index (chart->layers, l);
      AiperfLayer *named;

      if (src->kind != AIPERF_LAYER_POINTS || !src->pickable)
        continue;
      named = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, src->series);
      named->marker_size = src->marker_size;
      named->pickable = FALSE;
      for (guint i = 0; i < aiperf_layer_get_n (src); i++)
        {
          const char *label = g_ptr_array_index (src->labels, i);
          const char *newline = strchr (label, '\n');
          g_autofree char *first = g_strndup (label, newline != NULL ? (gsize) (newline - label) : strlen (label));
          /* the shape, without the model and library after it */
          char *dot = strstr (first, " · ");

          if (dot != NULL)
            *dot = '\0';
          aiperf_layer_append_labeled (named, aiperf_layer_x (src, i), aiperf_layer_y (src, i), -1, first);
        }
    }
}

/* A ring around the point the window's table has selected. */
static void
add_highlight (AiperfChart    *chart,
               AiperfGemmData *data,
               const char     *id_text)
{
  const AiperfGemmPoint *p;
  AiperfLayer *ring;
  char *end = NULL;
  gint64 id;

  if (id_text == NULL || *id_text == '\0')
    return;
  id = g_ascii_strtoll (id_text, &end, 10);
  p = end != id_text && *end == '\0' ? aiperf_gemm_data_find (data, (int) id) : NULL;
  if (p == NULL || !(p->ai > 0) || !(p->tflops > 0))
    return;
  ring = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, -1);
  ring->color = aiperf_color_role (AIPERF_ROLE_ALERT);
  ring->marker = AIPERF_MARKER_DIAMOND;
  ring->marker_size = AIPERF_PLOT_MARKER_LARGE * 2;
  ring->opacity = 0.6;
  ring->pickable = FALSE;
  aiperf_layer_append_point (ring, p->ai, p->tflops, -1);
}

AiperfChart *
aiperf_handler_gemm_roofline (const AiperfPlotSpec       *spec,
                              AiperfRunSet               *runs,
                              const AiperfClassification *classification,
                              AiperfPlotColors           *colors,
                              GError                    **error)
{
  g_autoptr(AiperfGemmData) data = aiperf_gemm_data_for_spec (spec, runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GHashTable) layers = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *skipped = NULL;
  GArray *roofs = NULL;
  const char *by = color_by (spec);
  double x_lo = INFINITY, x_hi = -INFINITY, y_lo = INFINITY, y_hi = -INFINITY;
  guint n_drawn = 0;

  (void) classification;
  if (data == NULL)
    return NULL;
  if (data->points->len == 0)
    return aiperf_plot_no_data (error, _("no GEMM row matches the filter %s"), data->filter);
  chart = aiperf_plot_chart_new (spec, _("Roofline"));
  if (data->gpu != NULL)
    {
      char *title = g_strdup_printf ("%s — %s", chart->title, data->gpu->name);

      g_free (chart->title);
      chart->title = title;
    }
  chart->x.scale = chart->y.scale = AIPERF_SCALE_LOG;
  chart->x.include_zero = chart->y.include_zero = FALSE;
  aiperf_axis_set_label (&chart->x, _("Arithmetic Intensity"), "FLOP/byte");
  aiperf_axis_set_label (&chart->y, _("Achieved Performance"), "TFLOP/s");
  chart->label_title = g_strdup (_("kernel"));
  chart->id_kind = g_strdup ("gemm");

  /* dtypes in precision order (and each dtype's providers as they come);
   * other groupings as they come */
  if (g_str_equal (by, "dtype"))
    for (guint d = 0; d < data->dtypes->len; d++)
      for (guint i = 0; i < data->points->len; i++)
        {
          const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, i);
          const char *name;

          if (g_strcmp0 (p->dtype, g_ptr_array_index (data->dtypes, d)) != 0 || !(p->ai > 0) || !(p->tflops > 0))
            continue;
          name = roof_group (p, by, names);
          if (g_hash_table_lookup (layers, name) == NULL)
            {
              int s = aiperf_chart_add_series (chart, name, group_color (chart, colors, name), AIPERF_LAYER_POINTS);

              g_hash_table_insert (layers, (gpointer) name, aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s));
            }
        }
  for (guint i = 0; i < data->points->len; i++)
    {
      const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, i);
      const char *group;
      AiperfLayer *layer;

      if (!(p->ai > 0) || !(p->tflops > 0))
        continue;
      group = roof_group (p, by, names);
      layer = g_hash_table_lookup (layers, group);
      if (layer == NULL)
        {
          int s = aiperf_chart_add_series (chart, group, group_color (chart, colors, group),
                                           AIPERF_LAYER_POINTS);

          layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
          g_hash_table_insert (layers, (gpointer) group, layer);
        }
      if (layer->labels == NULL)
        {
          layer->pickable = TRUE;
          layer->hover_labels = TRUE;
          layer->marker_size = AIPERF_PLOT_MARKER_LARGE;
        }
      {
        g_autofree char *label = hover_label (p);

        aiperf_layer_append_labeled (layer, p->ai, p->tflops, AIPERF_GEMM_ID_BASE + p->id, label);
      }
      x_lo = MIN (x_lo, p->ai);
      x_hi = MAX (x_hi, p->ai);
      y_lo = MIN (y_lo, p->tflops);
      y_hi = MAX (y_hi, p->tflops);
      n_drawn++;
    }
  if (n_drawn == 0)
    return aiperf_plot_no_data (error, _("no GEMM row has both an arithmetic intensity and a TFLOP/s "
                                         "(rows of unknown dtype have no bytes)"));
  if (n_drawn <= MAX_NAMED_POINTS)
    name_points (chart);
  if (n_drawn < data->points->len)
    skipped = g_strdup_printf (_("%u rows without bytes (unknown dtype) not drawn"), data->points->len - n_drawn);

  if (data->gpu != NULL)
    {
      roofs = ceilings (data);
      for (guint i = 0; i < roofs->len; i++)
        {
          double peak = g_array_index (roofs, Ceiling, i).peak;

          x_lo = MIN (x_lo, peak / data->gpu->bandwidth_tbs);
          x_hi = MAX (x_hi, peak / data->gpu->bandwidth_tbs);
          y_hi = MAX (y_hi, peak * 1.6);
        }
    }
  /* A decade's margin on the log axes, whole decades where it lands. */
  x_lo = pow (10, floor (log10 (x_lo / 2)));
  x_hi = pow (10, ceil (log10 (x_hi * 2)));
  y_lo = pow (10, floor (log10 (y_lo / 2)));
  y_hi = pow (10, ceil (log10 (y_hi * 1.2)));
  if (roofs != NULL && roofs->len > 0)
    add_roof (chart, data, roofs, x_lo, x_hi);
  if (roofs != NULL)
    ceilings_free (roofs);
  aiperf_axis_set_range (&chart->x, x_lo, x_hi);
  aiperf_axis_set_range (&chart->y, y_lo, y_hi);
  add_highlight (chart, data, aiperf_plot_spec_get_extra (spec, AIPERF_GEMM_OPTION_HIGHLIGHT));
  set_note (chart, data, skipped);
  return g_steal_pointer (&chart);
}

/* --- AI and TFLOP/s per kernel shape --- */

typedef struct {
  /* what tells one bar from another: the shape, and the dtype, model and
   * run where they vary (strings are the tables', compared by pointer
   * within one table and by text across runs) */
  const char *kernel, *dtype, *model;
  double      M, N, K, batch;
  int         run;
  const char *series;  /* the dtype it is coloured by */
  char       *label;
  double      sum;
  guint       n;
} Bar;

static guint
bar_hash (gconstpointer key)
{
  const Bar *b = key;

  /* The sizes hashed as doubles: a file can give ones no integer holds. */
  return g_str_hash (b->kernel != NULL ? b->kernel : "") ^ g_double_hash (&b->M) * 31u ^ g_double_hash (&b->N) * 131u ^
         g_double_hash (&b->K) * 521u ^ g_double_hash (&b->batch) ^ (guint) b->run * 7919u;
}

static gboolean
bar_equal (gconstpointer a,
           gconstpointer b)
{
  const Bar *x = a, *y = b;

  return x->M == y->M && x->N == y->N && x->K == y->K && x->batch == y->batch && x->run == y->run &&
         g_strcmp0 (x->kernel, y->kernel) == 0 && g_strcmp0 (x->dtype, y->dtype) == 0 &&
         g_strcmp0 (x->model, y->model) == 0;
}

static void
bar_free (gpointer p)
{
  Bar *bar = p;

  g_free (bar->label);
  g_free (bar);
}

static int
compare_bars (gconstpointer a,
              gconstpointer b)
{
  const Bar *ba = *(Bar * const *) a, *bb = *(Bar * const *) b;
  double va = ba->sum / ba->n, vb = bb->sum / bb->n;

  /* ascending: the largest is the last category, at the top */
  return va < vb ? -1 : va > vb ? 1 : strcmp (ba->label, bb->label);
}

static double
bar_metric (const AiperfGemmPoint *p,
            const char            *metric)
{
  if (g_str_equal (metric, "ai"))
    return p->ai;
  if (g_str_equal (metric, "efficiency"))
    return 100 * p->efficiency;
  return p->tflops;
}

/* "metric: ai" or "tflops" (or "efficiency", % of attainable): the mean
 * over the rows of each kernel shape, the "top" highest by that value. */
AiperfChart *
aiperf_handler_gemm_bars (const AiperfPlotSpec       *spec,
                          AiperfRunSet               *runs,
                          const AiperfClassification *classification,
                          AiperfPlotColors           *colors,
                          GError                    **error)
{
  g_autoptr(AiperfGemmData) data = aiperf_gemm_data_for_spec (spec, runs, error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GHashTable) by_label = g_hash_table_new (bar_hash, bar_equal);
  g_autoptr(GPtrArray) bars = g_ptr_array_new_with_free_func (bar_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GHashTable) layers = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *trimmed = NULL;
  const char *metric = aiperf_plot_spec_get_extra (spec, "metric");
  const char *top_text = aiperf_plot_spec_get_extra (spec, "top");
  guint top = top_text != NULL ? (guint) g_ascii_strtoull (top_text, NULL, 10) : DEFAULT_TOP;
  gboolean several_runs, several_dtypes, several_models;
  guint first;

  (void) classification;
  if (data == NULL)
    return NULL;
  metric = metric != NULL ? metric : "tflops";
  if (g_str_equal (metric, "efficiency") && data->gpu == NULL)
    return aiperf_plot_no_data (error, "%s", data->gpu_problem);
  several_runs = data->run_labels->len > 1;
  several_dtypes = data->dtypes->len > 1;
  several_models = FALSE;
  for (guint i = 1; i < data->points->len && !several_models; i++)
    several_models = g_strcmp0 (g_array_index (data->points, AiperfGemmPoint, i).model,
                                g_array_index (data->points, AiperfGemmPoint, 0).model) != 0;
  for (guint i = 0; i < data->points->len; i++)
    {
      const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, i);
      double v = bar_metric (p, metric);
      Bar key = { p->kernel, several_dtypes ? p->dtype : NULL, several_models ? p->model : NULL,
                  p->M, p->N, p->K, p->batch, several_runs ? p->run : 0, NULL, NULL, 0, 0 };
      Bar *bar;

      if (!isfinite (v))
        continue;
      bar = g_hash_table_lookup (by_label, &key);
      if (bar == NULL)
        {
          g_autofree char *shape = aiperf_gemm_point_label (p);
          g_autoptr(GString) label = g_string_new (shape);

          if (several_dtypes && p->dtype != NULL)
            g_string_append_printf (label, " %s", p->dtype);
          if (several_models && p->model != NULL)
            g_string_append_printf (label, " · %s", p->model);
          if (several_runs)
            g_string_append_printf (label, " (%s)", (const char *) g_ptr_array_index (data->run_labels, p->run));
          bar = g_new0 (Bar, 1);
          *bar = key;
          bar->series = p->dtype != NULL ? p->dtype : _("unknown");
          bar->label = g_strdup (label->str);
          g_ptr_array_add (bars, bar);
          g_hash_table_insert (by_label, bar, bar);
        }
      bar->sum += v;
      bar->n++;
    }
  if (bars->len == 0)
    return aiperf_plot_no_data (error, g_str_equal (metric, "ai") ? _("no GEMM row has an arithmetic intensity")
                                                                 : _("no GEMM row has a value to show"));
  g_ptr_array_sort (bars, compare_bars);
  first = top > 0 && bars->len > top ? bars->len - top : 0;
  {
    /* Say what was kept (the bars are ranked by the value they show, not
     * by the shape's size) and when a bar is a mean of several rows. */
    const char *by = g_str_equal (metric, "ai") ? _("arithmetic intensity")
                     : g_str_equal (metric, "efficiency") ? _("efficiency") : _("TFLOP/s");
    g_autoptr(GString) extra = g_string_new (NULL);
    guint n_mean = 0, most = 0;

    if (first > 0)
      g_string_append_printf (extra, _("the %u kernel shapes with the highest %s, of %u"), top, by, bars->len);
    for (guint i = first; i < bars->len; i++)
      {
        const Bar *bar = g_ptr_array_index (bars, i);

        n_mean += bar->n > 1;
        most = MAX (most, bar->n);
      }
    if (n_mean > 0)
      g_string_append_printf (extra, ngettext ("%s%u bar is the mean of several rows of one shape (up to %u: "
                                               "layers, batch sizes or repeats)",
                                               "%s%u bars are the mean of several rows of one shape (up to %u: "
                                               "layers, batch sizes or repeats)", n_mean),
                              extra->len > 0 ? " · " : "", n_mean, most);
    if (extra->len > 0)
      trimmed = g_strdup (extra->str);
  }
  for (guint i = first; i < bars->len; i++)
    g_ptr_array_add (names, ((Bar *) g_ptr_array_index (bars, i))->label);

  chart = aiperf_plot_chart_new (spec, g_str_equal (metric, "ai") ? _("Arithmetic Intensity per Kernel")
                                                                  : _("Achieved TFLOP/s per Kernel"));
  aiperf_axis_set_categories (&chart->y, (const char * const *) names->pdata, names->len);
  aiperf_axis_set_label (&chart->y, _("Kernel shape (M×N×K)"), NULL);
  if (g_str_equal (metric, "ai"))
    aiperf_axis_set_label (&chart->x, _("Arithmetic Intensity"), "FLOP/byte");
  else if (g_str_equal (metric, "efficiency"))
    aiperf_axis_set_label (&chart->x, _("Efficiency (achieved ÷ attainable)"), "%");
  else
    aiperf_axis_set_label (&chart->x, _("Achieved Performance"), "TFLOP/s");
  chart->x.include_zero = TRUE;
  chart->id_kind = g_strdup ("run");
  for (guint d = 0; d < data->dtypes->len; d++)
    {
      const char *name = g_ptr_array_index (data->dtypes, d);
      int s = aiperf_chart_add_series (chart, name, group_color (chart, colors, name),
                                       AIPERF_LAYER_HBARS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_HBARS, s);

      layer->pickable = TRUE;
      g_hash_table_insert (layers, (gpointer) name, layer);
    }
  for (guint i = first; i < bars->len; i++)
    {
      Bar *bar = g_ptr_array_index (bars, i);
      AiperfLayer *layer = g_hash_table_lookup (layers, bar->series);

      if (layer == NULL)
        {
          int s = aiperf_chart_add_series (chart, bar->series, aiperf_color_role (AIPERF_ROLE_SECONDARY),
                                           AIPERF_LAYER_HBARS);

          layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_HBARS, s);
          layer->pickable = TRUE;
          g_hash_table_insert (layers, (gpointer) bar->series, layer);
        }
      aiperf_layer_append_hbar (layer, i - first, BAR_THICKNESS, bar->sum / bar->n, NAN, NAN,
                                several_runs ? bar->run : 0);
    }
  /* Where memory-bound ends (AI) or the peaks are (TFLOP/s). */
  if (data->gpu != NULL && !g_str_equal (metric, "efficiency"))
    {
      g_autoptr(GArray) done = g_array_new (FALSE, FALSE, sizeof (double));
      AiperfLayer *rules = aiperf_chart_add_layer (chart, AIPERF_LAYER_VLINE, -1);

      rules->color = aiperf_color_role (AIPERF_ROLE_MUTED);
      rules->dashed = TRUE;
      rules->line_width = 1.5;
      for (guint d = 0; d < data->dtypes->len; d++)
        {
          const char *name = g_ptr_array_index (data->dtypes, d);
          double peak = aiperf_gemm_data_peak (data, name);
          double at = g_str_equal (metric, "ai") ? peak / data->gpu->bandwidth_tbs : peak;
          g_autofree char *label = NULL;
          g_autofree char *at_text = NULL;
          gboolean seen = FALSE;

          for (guint k = 0; k < done->len; k++)
            seen = seen || g_array_index (done, double, k) == at;
          if (!isfinite (at) || seen)
            continue;
          g_array_append_val (done, at);
          at_text = aiperf_number_format (at, g_str_equal (metric, "ai") ? 3 : 4);
          label = g_str_equal (metric, "ai")
            ? g_strdup_printf (_("ridge %s %s FLOP/B"), name, at_text)
            : g_strdup_printf (_("peak %s %s TFLOP/s"), name, at_text);
          aiperf_layer_append_rule (rules, at, label);
        }
    }
  set_note (chart, data, trimmed);
  return g_steal_pointer (&chart);
}
