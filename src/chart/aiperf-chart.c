/* aiperf-chart.c — a plain description of what to draw.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-chart.h"

#include <math.h>
#include <string.h>

AiperfColor
aiperf_color_palette (guint index)
{
  AiperfColor c = { AIPERF_COLOR_PALETTE, index, 0, 0, 0, 1 };
  return c;
}

AiperfColor
aiperf_color_role (AiperfColorRole role)
{
  AiperfColor c = { AIPERF_COLOR_ROLE, role, 0, 0, 0, 1 };
  return c;
}

AiperfColor
aiperf_color_rgba (double r,
                   double g,
                   double b,
                   double a)
{
  AiperfColor c = { AIPERF_COLOR_RGBA, 0, r, g, b, a };
  return c;
}

static int
hex_digit (char c)
{
  return g_ascii_xdigit_value (c);
}

gboolean
aiperf_color_parse (const char  *text,
                    AiperfColor *out)
{
  double channel[4] = { 0, 0, 0, 1 };
  gsize len;

  g_return_val_if_fail (out != NULL, FALSE);

  if (text == NULL || text[0] != '#')
    return FALSE;
  len = strlen (text + 1);
  if (len != 6 && len != 8)
    return FALSE;
  for (gsize i = 0; i < len / 2; i++)
    {
      int hi = hex_digit (text[1 + 2 * i]);
      int lo = hex_digit (text[2 + 2 * i]);

      if (hi < 0 || lo < 0)
        return FALSE;
      channel[i] = (hi * 16 + lo) / 255.0;
    }
  *out = aiperf_color_rgba (channel[0], channel[1], channel[2], channel[3]);
  return TRUE;
}

static void
axis_clear (AiperfAxis *axis)
{
  g_clear_pointer (&axis->title, g_free);
  g_clear_pointer (&axis->unit, g_free);
  g_clear_pointer (&axis->tick_positions, g_array_unref);
  g_clear_pointer (&axis->tick_labels, g_ptr_array_unref);
}

static void
axis_init (AiperfAxis *axis)
{
  memset (axis, 0, sizeof *axis);
  axis->scale = AIPERF_SCALE_LINEAR;
  axis->include_zero = TRUE;
  axis->min = NAN;
  axis->max = NAN;
}

static void
axis_copy (AiperfAxis       *dest,
           const AiperfAxis *src)
{
  *dest = *src;
  dest->title = g_strdup (src->title);
  dest->unit = g_strdup (src->unit);
  dest->tick_positions = NULL;
  dest->tick_labels = NULL;
  if (src->tick_positions != NULL)
    for (guint i = 0; i < src->tick_positions->len; i++)
      aiperf_axis_add_tick (dest, g_array_index (src->tick_positions, double, i),
                            g_ptr_array_index (src->tick_labels, i));
}

static GArray *
double_array_copy (GArray *src)
{
  GArray *copy;

  if (src == NULL)
    return NULL;
  copy = g_array_sized_new (FALSE, FALSE, g_array_get_element_size (src), src->len);
  g_array_append_vals (copy, src->data, src->len);
  return copy;
}

static void
layer_free (gpointer data)
{
  AiperfLayer *layer = data;
  GArray **arrays[] = { &layer->x, &layer->y, &layer->x2, &layer->lo, &layer->hi,
                        &layer->xlo, &layer->xhi, &layer->value, &layer->ids };

  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    g_clear_pointer (arrays[i], g_array_unref);
  g_clear_pointer (&layer->labels, g_ptr_array_unref);
  g_free (layer);
}

static AiperfLayer *
layer_copy (const AiperfLayer *src)
{
  AiperfLayer *layer = g_memdup2 (src, sizeof *src);

  layer->x = double_array_copy (src->x);
  layer->y = double_array_copy (src->y);
  layer->x2 = double_array_copy (src->x2);
  layer->lo = double_array_copy (src->lo);
  layer->hi = double_array_copy (src->hi);
  layer->xlo = double_array_copy (src->xlo);
  layer->xhi = double_array_copy (src->xhi);
  layer->value = double_array_copy (src->value);
  layer->ids = double_array_copy (src->ids);
  layer->labels = NULL;
  if (src->labels != NULL)
    {
      layer->labels = g_ptr_array_new_full (src->labels->len, g_free);
      for (guint i = 0; i < src->labels->len; i++)
        g_ptr_array_add (layer->labels, g_strdup (g_ptr_array_index (src->labels, i)));
    }
  return layer;
}

static void
series_free (gpointer data)
{
  AiperfSeries *series = data;

  g_free (series->name);
  g_free (series);
}

AiperfChart *
aiperf_chart_new (const char *title)
{
  AiperfChart *chart = g_new0 (AiperfChart, 1);

  chart->title = g_strdup (title);
  axis_init (&chart->x);
  axis_init (&chart->y);
  axis_init (&chart->y2);
  axis_init (&chart->color_axis);
  chart->series = g_ptr_array_new_with_free_func (series_free);
  chart->layers = g_ptr_array_new_with_free_func (layer_free);
  return chart;
}

void
aiperf_chart_free (AiperfChart *chart)
{
  if (chart == NULL)
    return;
  g_free (chart->title);
  g_free (chart->note);
  g_free (chart->label_title);
  g_free (chart->id_kind);
  axis_clear (&chart->x);
  axis_clear (&chart->y);
  axis_clear (&chart->y2);
  axis_clear (&chart->color_axis);
  g_ptr_array_unref (chart->series);
  g_ptr_array_unref (chart->layers);
  g_clear_pointer (&chart->panels, g_ptr_array_unref);
  g_free (chart);
}

AiperfChart *
aiperf_chart_copy (const AiperfChart *chart)
{
  AiperfChart *copy;

  g_return_val_if_fail (chart != NULL, NULL);

  copy = aiperf_chart_new (chart->title);
  copy->note = g_strdup (chart->note);
  copy->label_title = g_strdup (chart->label_title);
  copy->id_kind = g_strdup (chart->id_kind);
  copy->has_y2 = chart->has_y2;
  copy->has_color_scale = chart->has_color_scale;
  axis_clear (&copy->x);
  axis_clear (&copy->y);
  axis_clear (&copy->y2);
  axis_clear (&copy->color_axis);
  axis_copy (&copy->x, &chart->x);
  axis_copy (&copy->y, &chart->y);
  axis_copy (&copy->y2, &chart->y2);
  axis_copy (&copy->color_axis, &chart->color_axis);
  for (guint i = 0; i < chart->series->len; i++)
    {
      AiperfSeries *series = g_memdup2 (g_ptr_array_index (chart->series, i), sizeof (AiperfSeries));

      series->name = g_strdup (series->name);
      g_ptr_array_add (copy->series, series);
    }
  for (guint i = 0; i < chart->layers->len; i++)
    g_ptr_array_add (copy->layers, layer_copy (g_ptr_array_index (chart->layers, i)));
  copy->panel_columns = chart->panel_columns;
  for (guint i = 0; chart->panels != NULL && i < chart->panels->len; i++)
    aiperf_chart_add_panel (copy, aiperf_chart_copy (g_ptr_array_index (chart->panels, i)));
  return copy;
}

void
aiperf_axis_set_label (AiperfAxis *axis,
                       const char *title,
                       const char *unit)
{
  g_return_if_fail (axis != NULL);

  g_free (axis->title);
  axis->title = g_strdup (title);
  g_free (axis->unit);
  axis->unit = (unit != NULL && *unit != '\0') ? g_strdup (unit) : NULL;
}

void
aiperf_axis_set_range (AiperfAxis *axis,
                       double      min,
                       double      max)
{
  g_return_if_fail (axis != NULL);

  axis->fixed_range = TRUE;
  axis->min = MIN (min, max);
  axis->max = MAX (min, max);
}

void
aiperf_axis_add_tick (AiperfAxis *axis,
                      double      position,
                      const char *label)
{
  g_return_if_fail (axis != NULL);

  if (axis->tick_positions == NULL)
    {
      axis->tick_positions = g_array_new (FALSE, FALSE, sizeof (double));
      axis->tick_labels = g_ptr_array_new_with_free_func (g_free);
    }
  g_array_append_val (axis->tick_positions, position);
  g_ptr_array_add (axis->tick_labels, g_strdup (label != NULL ? label : ""));
}

#define MIN_CATEGORY_ROOM 3u

void
aiperf_axis_set_categories (AiperfAxis         *axis,
                            const char * const *labels,
                            guint               n)
{
  double center, half;

  g_return_if_fail (axis != NULL);
  g_return_if_fail (labels != NULL || n == 0);

  g_clear_pointer (&axis->tick_positions, g_array_unref);
  g_clear_pointer (&axis->tick_labels, g_ptr_array_unref);
  for (guint i = 0; i < n; i++)
    aiperf_axis_add_tick (axis, i, labels[i]);
  /* Half a category of room each side, so end bars are whole; room for
   * three at least, so one GPU's or one kernel's bars are not a wall. */
  center = n > 0 ? (n - 1) / 2.0 : 0.0;
  half = MAX (n, MIN_CATEGORY_ROOM) / 2.0;
  aiperf_axis_set_range (axis, center - half, center + half);
  axis->scale = AIPERF_SCALE_LINEAR;
}

void
aiperf_chart_add_panel (AiperfChart *chart,
                        AiperfChart *panel)
{
  g_return_if_fail (chart != NULL);
  g_return_if_fail (panel != NULL && panel != chart);

  if (chart->panels == NULL)
    chart->panels = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_chart_free);
  g_ptr_array_add (chart->panels, panel);
}

int
aiperf_chart_add_series (AiperfChart     *chart,
                         const char      *name,
                         AiperfColor      color,
                         AiperfLayerKind  swatch)
{
  AiperfSeries *series;

  g_return_val_if_fail (chart != NULL, -1);

  series = g_new0 (AiperfSeries, 1);
  series->name = g_strdup (name != NULL ? name : "");
  series->color = color;
  series->swatch = swatch;
  series->marker = AIPERF_MARKER_CIRCLE;
  series->visible = TRUE;
  series->in_legend = TRUE;
  g_ptr_array_add (chart->series, series);
  return (int) chart->series->len - 1;
}

int
aiperf_chart_find_series (const AiperfChart *chart,
                          const char        *name)
{
  g_return_val_if_fail (chart != NULL, -1);

  for (guint i = 0; i < chart->series->len; i++)
    {
      const AiperfSeries *series = g_ptr_array_index (chart->series, i);

      if (g_strcmp0 (series->name, name) == 0)
        return (int) i;
    }
  return -1;
}

void
aiperf_chart_set_series_visible (AiperfChart *chart,
                                 int          series,
                                 gboolean     visible)
{
  g_return_if_fail (chart != NULL);
  g_return_if_fail (series >= 0 && (guint) series < chart->series->len);

  ((AiperfSeries *) g_ptr_array_index (chart->series, series))->visible = !!visible;
}

AiperfLayer *
aiperf_chart_add_layer (AiperfChart     *chart,
                        AiperfLayerKind  kind,
                        int              series)
{
  AiperfLayer *layer;

  g_return_val_if_fail (chart != NULL, NULL);
  g_return_val_if_fail (series < (int) chart->series->len, NULL);

  layer = g_new0 (AiperfLayer, 1);
  layer->kind = kind;
  layer->series = series;
  layer->color = series >= 0
    ? ((AiperfSeries *) g_ptr_array_index (chart->series, series))->color
    : aiperf_color_role (AIPERF_ROLE_FOREGROUND);
  layer->line_width = 2.0;
  layer->marker_size = 8.0;
  layer->marker = AIPERF_MARKER_CIRCLE;
  layer->opacity = 1.0;
  /* aiperf's fills: areas and bands are washes, bars (α .7) and heatmap
   * cells must read as solid. */
  layer->fill_opacity = kind == AIPERF_LAYER_CELLS ? 1.0
                        : kind == AIPERF_LAYER_BARS || kind == AIPERF_LAYER_HBARS ? 0.7 : 0.3;
  layer->pickable = (kind == AIPERF_LAYER_POINTS);
  layer->x = g_array_new (FALSE, FALSE, sizeof (double));
  layer->y = g_array_new (FALSE, FALSE, sizeof (double));
  layer->ids = g_array_new (FALSE, FALSE, sizeof (int));
  g_ptr_array_add (chart->layers, layer);
  return layer;
}

guint
aiperf_layer_get_n (const AiperfLayer *layer)
{
  g_return_val_if_fail (layer != NULL, 0);

  return layer->x != NULL ? layer->x->len : 0;
}

double
aiperf_layer_x (const AiperfLayer *layer,
                guint              i)
{
  g_return_val_if_fail (layer != NULL && i < aiperf_layer_get_n (layer), NAN);

  return g_array_index (layer->x, double, i);
}

double
aiperf_layer_y (const AiperfLayer *layer,
                guint              i)
{
  g_return_val_if_fail (layer != NULL && i < aiperf_layer_get_n (layer), NAN);

  return g_array_index (layer->y, double, i);
}

/* Appends @value to the optional column *@array, creating it (NaN-filled
 * for earlier rows) on first use so every column keeps n rows. */
static void
column_append (GArray **array,
               guint    row,
               double   value)
{
  if (*array == NULL)
    {
      double nan_value = NAN;

      *array = g_array_sized_new (FALSE, FALSE, sizeof (double), row + 1);
      for (guint i = 0; i < row; i++)
        g_array_append_val (*array, nan_value);
    }
  g_array_append_val (*array, value);
}

static guint
append_row (AiperfLayer *layer,
            double       x,
            double       y,
            int          id)
{
  guint row = layer->x->len;

  g_array_append_val (layer->x, x);
  g_array_append_val (layer->y, y);
  g_array_append_val (layer->ids, id);
  if (layer->labels != NULL)
    g_ptr_array_add (layer->labels, NULL);
  return row;
}

void
aiperf_layer_append_point (AiperfLayer *layer,
                           double       x,
                           double       y,
                           int          id)
{
  g_return_if_fail (layer != NULL);

  append_row (layer, x, y, id);
}

void
aiperf_layer_append_labeled (AiperfLayer *layer,
                             double       x,
                             double       y,
                             int          id,
                             const char  *label)
{
  guint row;

  g_return_if_fail (layer != NULL);

  row = append_row (layer, x, y, id);
  if (layer->labels == NULL)
    {
      layer->labels = g_ptr_array_new_full (row + 1, g_free);
      for (guint i = 0; i <= row; i++)
        g_ptr_array_add (layer->labels, NULL);
    }
  g_free (g_ptr_array_index (layer->labels, row));
  g_ptr_array_index (layer->labels, row) = g_strdup (label);
}

void
aiperf_layer_append_segment (AiperfLayer *layer,
                             double       x0,
                             double       x1,
                             double       y,
                             int          id)
{
  g_return_if_fail (layer != NULL);

  column_append (&layer->x2, append_row (layer, x0, y, id), x1);
}

void
aiperf_layer_append_error (AiperfLayer *layer,
                           double       x,
                           double       y,
                           double       y_lo,
                           double       y_hi,
                           double       x_lo,
                           double       x_hi)
{
  guint row;

  g_return_if_fail (layer != NULL);

  row = append_row (layer, x, y, -1);
  column_append (&layer->lo, row, y_lo);
  column_append (&layer->hi, row, y_hi);
  column_append (&layer->xlo, row, x_lo);
  column_append (&layer->xhi, row, x_hi);
}

void
aiperf_layer_append_band (AiperfLayer *layer,
                          double       x,
                          double       lo,
                          double       hi)
{
  guint row;

  g_return_if_fail (layer != NULL);

  row = append_row (layer, x, (lo + hi) / 2.0, -1);
  column_append (&layer->lo, row, lo);
  column_append (&layer->hi, row, hi);
}

void
aiperf_layer_append_bar (AiperfLayer *layer,
                         double       x,
                         double       width,
                         double       y,
                         int          id)
{
  g_return_if_fail (layer != NULL);

  column_append (&layer->x2, append_row (layer, x, y, id), width);
}

void
aiperf_layer_append_bar_error (AiperfLayer *layer,
                               double       x,
                               double       width,
                               double       y,
                               double       lo,
                               double       hi,
                               int          id)
{
  guint row;

  g_return_if_fail (layer != NULL);

  row = append_row (layer, x, y, id);
  column_append (&layer->x2, row, width);
  column_append (&layer->lo, row, lo);
  column_append (&layer->hi, row, hi);
}

void
aiperf_layer_append_hbar (AiperfLayer *layer,
                          double       y,
                          double       thickness,
                          double       x,
                          double       lo,
                          double       hi,
                          int          id)
{
  guint row;

  g_return_if_fail (layer != NULL);

  row = append_row (layer, x, y, id);
  column_append (&layer->x2, row, thickness);
  column_append (&layer->xlo, row, lo);
  column_append (&layer->xhi, row, hi);
}

void
aiperf_layer_append_rule (AiperfLayer *layer,
                          double       value,
                          const char  *label)
{
  g_return_if_fail (layer != NULL);

  if (layer->kind == AIPERF_LAYER_VLINE)
    aiperf_layer_append_labeled (layer, value, NAN, -1, label);
  else
    aiperf_layer_append_labeled (layer, NAN, value, -1, label);
}

void
aiperf_layer_set_group (AiperfLayer *layer,
                        guint        group,
                        guint        n_groups)
{
  g_return_if_fail (layer != NULL);
  g_return_if_fail (n_groups == 0 || group < n_groups);

  layer->group = group;
  layer->n_groups = n_groups;
}

void
aiperf_layer_append_box (AiperfLayer *layer,
                         double       x,
                         double       width,
                         double       min,
                         double       q1,
                         double       median,
                         double       q3,
                         double       max,
                         int          id)
{
  guint row;

  g_return_if_fail (layer != NULL);

  row = append_row (layer, x, median, id);
  column_append (&layer->x2, row, width);
  column_append (&layer->lo, row, q1);
  column_append (&layer->hi, row, q3);
  column_append (&layer->xlo, row, min);
  column_append (&layer->xhi, row, max);
}

void
aiperf_layer_append_cell (AiperfLayer *layer,
                          double       x0,
                          double       x1,
                          double       y0,
                          double       y1,
                          double       value)
{
  guint row;

  g_return_if_fail (layer != NULL);

  row = append_row (layer, x0, (y0 + y1) / 2.0, -1);
  column_append (&layer->x2, row, x1);
  column_append (&layer->lo, row, y0);
  column_append (&layer->hi, row, y1);
  column_append (&layer->value, row, value);
}

void
aiperf_layer_append_ellipse (AiperfLayer *layer,
                             double       cx,
                             double       cy,
                             double       rx,
                             double       ry,
                             int          id)
{
  guint row;

  g_return_if_fail (layer != NULL);

  row = append_row (layer, cx, cy, id);
  column_append (&layer->xlo, row, rx);
  column_append (&layer->lo, row, ry);
}
