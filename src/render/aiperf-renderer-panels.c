/* aiperf-renderer-panels.c — small multiples: several panels in one chart.
 *
 * A chart with panels is drawn as its title and note over a grid of cells,
 * each panel a whole chart of its own (axes, layers, legend) drawn by a
 * renderer of its own, which also answers picks inside its cell. Panels
 * smaller than a readable minimum are not drawn, so a chart with very many
 * panels draws only as many as its pixels can show. The chart's own series
 * (no layers) make one legend for all panels, right of the grid.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>

/* The smallest cell a panel is drawn in, px at scale 1. */
#define MIN_PANEL_W 160.0
#define MIN_PANEL_H 120.0

void
aiperf_renderer_panels_free (AiperfRenderer *self)
{
  g_clear_pointer (&self->panels, g_ptr_array_unref);
  g_clear_pointer (&self->panel_rects, g_array_unref);
  self->n_panels = 0;
}

/* Columns whose cells are closest to square, with empty cells counted
 * against a layout (three panels side by side, not two over one). */
static guint
choose_columns (guint  n,
                double width,
                double height)
{
  guint best = 1;
  double best_score = INFINITY;

  for (guint cols = 1; cols <= n; cols++)
    {
      guint rows = (n + cols - 1) / cols;
      double aspect = (width / cols) / MAX (height / rows, 1.0);
      double score = fabs (log (aspect)) + (double) (rows * cols - n) / n;

      if (score < best_score)
        {
          best_score = score;
          best = cols;
        }
    }
  return best;
}

/* Title and note at the top left, as a single chart has them; returns
 * the height they take. */
static double
draw_heading (AiperfRenderer *self,
              cairo_t        *cr)
{
  const AiperfChart *chart = self->chart;
  const AiperfStyle *style = self->style;
  double s = self->s, pad = 14 * s, y = pad;

  pango_layout_set_width (self->layout, (int) (MAX (self->width - 2 * pad, 10) * PANGO_SCALE));
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_END);
  if (chart->title != NULL && chart->title[0] != '\0')
    {
      double h;

      aiperf_renderer_set_font (self, style->title_size * s, TRUE);
      aiperf_set_rgba (cr, style->foreground, 1.0);
      aiperf_renderer_text_size (self, chart->title, NULL, &h);
      aiperf_renderer_show_text (self, cr, chart->title, pad, y, 0, 0, 0);
      y += h + 2 * s;
    }
  if (chart->note != NULL && chart->note[0] != '\0')
    {
      double h;

      aiperf_renderer_set_font (self, style->font_size * s, FALSE);
      aiperf_set_rgba (cr, style->foreground, 0.8);
      aiperf_renderer_text_size (self, chart->note, NULL, &h);
      aiperf_renderer_show_text (self, cr, chart->note, pad, y, 0, 0, 0);
      y += h + 2 * s;
    }
  pango_layout_set_width (self->layout, -1);
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_NONE);
  return y > pad ? y : 0;
}

/* @panel with the series hidden whose namesakes are hidden in the shared
 * legend (a click there hides a file in every panel); NULL when none is. */
static AiperfChart *
follow_legend (const AiperfChart *chart,
               const AiperfChart *panel)
{
  AiperfChart *copy = NULL;

  for (guint i = 0; i < chart->series->len; i++)
    {
      const AiperfSeries *shared = g_ptr_array_index (chart->series, i);
      int own;

      if (shared->visible || (own = aiperf_chart_find_series (panel, shared->name)) < 0)
        continue;
      if (copy == NULL)
        copy = aiperf_chart_copy (panel);
      aiperf_chart_set_series_visible (copy, own, FALSE);
    }
  return copy;
}

void
aiperf_renderer_draw_panels (AiperfRenderer *self,
                             cairo_t        *cr)
{
  const AiperfChart *chart = self->chart;
  const AiperfStyle *style = self->style;
  double s = self->s, pad = 14 * s;
  double top, grid_h, grid_w;
  guint n = chart->panels->len, cols, rows, max_cols, max_rows;
  AiperfStyle child_style;

  if (self->panels == NULL)
    {
      self->panels = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_renderer_free);
      self->panel_rects = g_array_new (FALSE, FALSE, sizeof (AiperfRect));
    }
  g_array_set_size (self->panel_rects, 0);

  cairo_save (cr);
  aiperf_set_rgba (cr, style->background, 1.0);
  cairo_paint (cr);
  top = draw_heading (self, cr);
  grid_h = MAX (self->height - top, 1.0);
  /* One column right of the grid, as tall as the grid: the layout of a
   * chart drawn before may have left a row-wise or shorter legend set. */
  self->legend_name_max = self->width * 0.26;
  self->legend_below = FALSE;
  aiperf_renderer_legend_forget_names (self);
  self->legend_max_w = self->width * 0.32;
  self->legend_max_h = MAX (grid_h - 40 * s, 0);
  aiperf_renderer_legend_measure (self, &self->legend_w, &self->legend_h);
  self->legend_inside = FALSE;
  grid_w = MAX (self->width - (self->legend_w > 0 ? self->legend_w + pad : 0), 1.0);

  max_cols = MAX (1u, (guint) (grid_w / (MIN_PANEL_W * s)));
  max_rows = MAX (1u, (guint) (grid_h / (MIN_PANEL_H * s)));
  n = MIN (n, max_cols * max_rows);
  cols = chart->panel_columns > 0 ? chart->panel_columns : choose_columns (n, grid_w, grid_h);
  cols = CLAMP (cols, 1u, MIN (n, max_cols));
  rows = MIN ((n + cols - 1) / cols, max_rows);
  n = MIN (n, cols * rows);

  self->valid = TRUE;
  self->area = (AiperfRect) { 0, top, grid_w, grid_h };
  /* Panel titles a step below the chart's own. */
  child_style = *style;
  child_style.title_size = MAX (style->font_size + 2, style->title_size * 0.8);

  for (guint i = 0; i < n; i++)
    {
      const AiperfChart *panel = g_ptr_array_index (chart->panels, i);
      g_autoptr(AiperfChart) followed = follow_legend (chart, panel);
      double cw = grid_w / cols, ch = grid_h / rows;
      AiperfRect cell = { (i % cols) * cw, top + (i / cols) * ch, cw, ch };
      AiperfRenderer *child;

      if (i >= self->panels->len)
        g_ptr_array_add (self->panels, aiperf_renderer_new ());
      child = g_ptr_array_index (self->panels, i);
      child->legend_whole = self->legend_whole;
      g_array_append_val (self->panel_rects, cell);
      cairo_save (cr);
      /* The panel paints its own background: keep it inside its cell. */
      cairo_rectangle (cr, cell.x, cell.y, cell.width, cell.height);
      cairo_clip (cr);
      cairo_translate (cr, cell.x, cell.y);
      aiperf_renderer_draw (child, cr, followed != NULL ? followed : panel, NULL, &child_style,
                            cell.width, cell.height);
      cairo_restore (cr);
      /* A series a panel drew as a line (markers too dense to draw) is a
       * line in the shared legend too, as in a chart of its own. */
      for (guint j = 0; j < child->drawn_as_line->len && j < panel->series->len; j++)
        {
          const AiperfSeries *own = g_ptr_array_index (panel->series, j);
          int shared = child->drawn_as_line->data[j] && own->name != NULL ? aiperf_chart_find_series (chart, own->name) : -1;

          if (shared >= 0 && (guint) shared < self->drawn_as_line->len)
            self->drawn_as_line->data[shared] = TRUE;
        }
      self->primitives += aiperf_renderer_get_primitive_count (child);
    }
  self->n_panels = n;
  /* Level with the panels' plot areas, below their titles. */
  self->legend_box = (AiperfRect) { self->width - pad - self->legend_w, top + 40 * s,
                                    self->legend_w, self->legend_h };
  aiperf_renderer_draw_legend (self, cr);
  cairo_restore (cr);
}

gboolean
aiperf_renderer_pick_panels (AiperfRenderer *self,
                             double          px,
                             double          py,
                             double          radius,
                             AiperfPick     *out)
{
  for (guint i = 0; i < self->n_panels; i++)
    {
      const AiperfRect *cell = &g_array_index (self->panel_rects, AiperfRect, i);
      AiperfPick pick;

      if (px < cell->x || px >= cell->x + cell->width ||
          py < cell->y || py >= cell->y + cell->height)
        continue;
      if (!aiperf_renderer_pick (g_ptr_array_index (self->panels, i), px - cell->x,
                                 py - cell->y, radius, &pick))
        return FALSE;
      pick.px += cell->x;
      pick.py += cell->y;
      pick.panel = (int) i;
      if (out != NULL)
        *out = pick;
      return TRUE;
    }
  return FALSE;
}
