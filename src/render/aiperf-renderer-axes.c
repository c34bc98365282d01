/* aiperf-renderer-axes.c — title, grid, axes, tick labels and colour bar.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>

/* viridis: readable in both themes and for colour-blind readers */
static const double viridis[][3] = {
  { 0.267, 0.005, 0.329 }, { 0.231, 0.322, 0.545 }, { 0.129, 0.569, 0.549 },
  { 0.369, 0.788, 0.384 }, { 0.992, 0.906, 0.145 },
};

AiperfRGBA
aiperf_color_scale_at (double t)
{
  AiperfRGBA c = { 0, 0, 0, 1 };
  double f;
  guint i;

  if (!isfinite (t))
    t = 0;
  t = CLAMP (t, 0.0, 1.0) * (G_N_ELEMENTS (viridis) - 1);
  i = MIN ((guint) floor (t), G_N_ELEMENTS (viridis) - 2);
  f = t - i;
  c.r = viridis[i][0] + f * (viridis[i + 1][0] - viridis[i][0]);
  c.g = viridis[i][1] + f * (viridis[i + 1][1] - viridis[i][1]);
  c.b = viridis[i][2] + f * (viridis[i + 1][2] - viridis[i][2]);
  return c;
}

void
aiperf_renderer_draw_grid (AiperfRenderer *self,
                           cairo_t        *cr)
{
  const AiperfRect *a = &self->area;
  double lw = MAX (1.0, self->s);

  cairo_save (cr);
  cairo_set_line_width (cr, lw);
  aiperf_set_rgba (cr, self->style->grid, 1.0);
  for (guint i = 0; self->xt.values != NULL && i < self->xt.values->len; i++)
    {
      double p = aiperf_axis_map_to_px (&self->mx, g_array_index (self->xt.values, double, i));

      if (!isfinite (p) || p < a->x - 0.5 || p > a->x + a->width + 0.5)
        continue;
      p = aiperf_snap (cr, p, lw, TRUE);
      cairo_move_to (cr, p, a->y);
      cairo_line_to (cr, p, a->y + a->height);
    }
  for (guint i = 0; self->yt.values != NULL && i < self->yt.values->len; i++)
    {
      double p = aiperf_axis_map_to_px (&self->my, g_array_index (self->yt.values, double, i));

      if (!isfinite (p) || p < a->y - 0.5 || p > a->y + a->height + 0.5)
        continue;
      p = aiperf_snap (cr, p, lw, FALSE);
      cairo_move_to (cr, a->x, p);
      cairo_line_to (cr, a->x + a->width, p);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Tick marks and labels along one side of the plot area. */
static void
draw_ticks (AiperfRenderer      *self,
            cairo_t             *cr,
            const AiperfTickSet *t,
            const AiperfAxisMap *m,
            char                 side)
{
  const AiperfRect *a = &self->area;
  double s = self->s, tick_len = 5 * s, gap = 6 * s, lw = MAX (1.0, s);

  if (t->values == NULL)
    return;
  aiperf_renderer_set_font (self, self->style->font_size * s, FALSE);
  for (guint i = 0; i < t->values->len; i++)
    {
      const char *label = g_ptr_array_index (t->labels, i);
      double p = aiperf_axis_map_to_px (m, g_array_index (t->values, double, i));

      if (!isfinite (p))
        continue;
      aiperf_set_rgba (cr, self->style->foreground, 0.55);
      cairo_set_line_width (cr, lw);
      if (side == 'b')
        {
          if (p < a->x - 0.5 || p > a->x + a->width + 0.5)
            continue;
          p = aiperf_snap (cr, p, lw, TRUE);
          cairo_move_to (cr, p, a->y + a->height);
          cairo_line_to (cr, p, a->y + a->height + tick_len);
          cairo_stroke (cr);
          aiperf_set_rgba (cr, self->style->foreground, 1.0);
          if (t->rotated)
            aiperf_renderer_show_text (self, cr, label, p, a->y + a->height + tick_len + gap / 2,
                                       1.0, 0.5, -G_PI / 4);
          else
            aiperf_renderer_show_text (self, cr, label, p, a->y + a->height + tick_len + gap / 2,
                                       0.5, 0.0, 0);
        }
      else
        {
          double x0 = side == 'l' ? a->x : a->x + a->width;
          double dir = side == 'l' ? -1 : 1;

          if (p < a->y - 0.5 || p > a->y + a->height + 0.5)
            continue;
          p = aiperf_snap (cr, p, lw, FALSE);
          cairo_move_to (cr, x0, p);
          cairo_line_to (cr, x0 + dir * tick_len, p);
          cairo_stroke (cr);
          aiperf_set_rgba (cr, self->style->foreground, 1.0);
          aiperf_renderer_show_text (self, cr, label, x0 + dir * (tick_len + gap / 2), p,
                                     side == 'l' ? 1.0 : 0.0, 0.5, 0);
        }
    }
}

static void
draw_axis_title (AiperfRenderer   *self,
                 cairo_t          *cr,
                 const AiperfAxis *axis,
                 double            x,
                 double            y,
                 double            ax,
                 double            ay,
                 double            angle,
                 double            max_len)
{
  g_autofree char *text = aiperf_axis_title_text (axis);

  if (text == NULL)
    return;
  aiperf_renderer_set_font (self, (self->style->font_size + 1) * self->s, FALSE);
  aiperf_set_rgba (cr, self->style->foreground, 1.0);
  /* Never longer than the side it names: a long title ends in "…". */
  pango_layout_set_width (self->layout, (int) (MAX (max_len, 10) * PANGO_SCALE));
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_END);
  aiperf_renderer_show_text (self, cr, text, x, y, ax, ay, angle);
  pango_layout_set_width (self->layout, -1);
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_NONE);
}

void
aiperf_renderer_draw_axes (AiperfRenderer *self,
                           cairo_t        *cr)
{
  const AiperfChart *chart = self->chart;
  const AiperfStyle *style = self->style;
  const AiperfRect *a = &self->area;
  double s = self->s, pad = 14 * s, gap = 6 * s, tick_len = 5 * s;
  double lw = MAX (1.0, s);
  double y, xl, yb, xr;

  cairo_save (cr);
  /* Axis lines on the crisp pixel grid. */
  cairo_set_line_width (cr, lw);
  aiperf_set_rgba (cr, style->foreground, 0.55);
  xl = aiperf_snap (cr, a->x, lw, TRUE);
  yb = aiperf_snap (cr, a->y + a->height, lw, FALSE);
  cairo_move_to (cr, xl, a->y);
  cairo_line_to (cr, xl, yb);
  cairo_line_to (cr, a->x + a->width, yb);
  if (chart->has_y2)
    {
      xr = aiperf_snap (cr, a->x + a->width, lw, TRUE);
      cairo_move_to (cr, xr, a->y);
      cairo_line_to (cr, xr, yb);
    }
  cairo_stroke (cr);

  draw_ticks (self, cr, &self->xt, &self->mx, 'b');
  draw_ticks (self, cr, &self->yt, &self->my, 'l');
  if (chart->has_y2)
    draw_ticks (self, cr, &self->y2t, &self->my2, 'r');

  /* Axis titles sit beyond the tick labels. */
  {
    double label_h = self->xt.rotated ? (self->xt.max_w + self->xt.max_h) * 0.7071
                                      : self->xt.max_h;

    draw_axis_title (self, cr, &chart->x, a->x + a->width / 2,
                     a->y + a->height + tick_len + gap + label_h + gap / 2, 0.5, 0.0, 0,
                     a->width);
  }
  draw_axis_title (self, cr, &chart->y, pad, a->y + a->height / 2, 0.5, 0.0, -G_PI / 2,
                   a->height);
  if (chart->has_y2)
    draw_axis_title (self, cr, &chart->y2,
                     a->x + a->width + tick_len + gap + self->y2t.max_w + gap,
                     a->y + a->height / 2, 0.5, 0.0, -G_PI / 2, a->height);

  /* Title and note, aligned with the plot's left edge like aiperf; too
   * long for the width, they end in "…" rather than run off the image. */
  y = pad;
  pango_layout_set_width (self->layout, (int) (MAX (self->width - a->x - pad, 10) * PANGO_SCALE));
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_END);
  if (chart->title != NULL && chart->title[0] != '\0')
    {
      double h;

      aiperf_renderer_set_font (self, style->title_size * s, TRUE);
      aiperf_set_rgba (cr, style->foreground, 1.0);
      aiperf_renderer_text_size (self, chart->title, NULL, &h);
      aiperf_renderer_show_text (self, cr, chart->title, a->x, y, 0, 0, 0);
      y += h + 2 * s;
    }
  if (aiperf_renderer_note (self) != NULL)
    {
      aiperf_renderer_set_font (self, style->font_size * s, FALSE);
      aiperf_set_rgba (cr, style->foreground, 0.8);
      aiperf_renderer_show_text (self, cr, aiperf_renderer_note (self), a->x, y, 0, 0, 0);
    }
  pango_layout_set_width (self->layout, -1);
  pango_layout_set_ellipsize (self->layout, PANGO_ELLIPSIZE_NONE);
  cairo_restore (cr);
}

void
aiperf_renderer_draw_color_bar (AiperfRenderer *self,
                                cairo_t        *cr)
{
  const AiperfRect *b = &self->color_bar;
  double s = self->s, gap = 6 * s, tick_len = 5 * s;
  cairo_pattern_t *gradient;
  AiperfAxisMap m;

  if (!self->chart->has_color_scale || self->ct.values == NULL)
    return;
  cairo_save (cr);
  gradient = cairo_pattern_create_linear (0, b->y + b->height, 0, b->y);
  for (guint i = 0; i <= 16; i++)
    {
      AiperfRGBA c = aiperf_color_scale_at (i / 16.0);

      cairo_pattern_add_color_stop_rgb (gradient, i / 16.0, c.r, c.g, c.b);
    }
  cairo_rectangle (cr, b->x, b->y, b->width, b->height);
  cairo_set_source (cr, gradient);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);

  m.scale = AIPERF_SCALE_LINEAR;
  m.lo = self->c_min;
  m.hi = self->c_max;
  m.p0 = b->y + b->height;
  m.p1 = b->y;
  aiperf_renderer_set_font (self, self->style->font_size * s, FALSE);
  cairo_set_line_width (cr, MAX (1.0, s));
  for (guint i = 0; i < self->ct.values->len; i++)
    {
      double p = aiperf_axis_map_to_px (&m, g_array_index (self->ct.values, double, i));

      aiperf_set_rgba (cr, self->style->foreground, 0.55);
      cairo_move_to (cr, b->x + b->width, p);
      cairo_line_to (cr, b->x + b->width + tick_len, p);
      cairo_stroke (cr);
      aiperf_set_rgba (cr, self->style->foreground, 1.0);
      aiperf_renderer_show_text (self, cr, g_ptr_array_index (self->ct.labels, i),
                                 b->x + b->width + tick_len + gap / 2, p, 0, 0.5, 0);
    }
  draw_axis_title (self, cr, &self->chart->color_axis,
                   b->x + b->width + tick_len + gap + self->ct.max_w + gap,
                   b->y + b->height / 2, 0.5, 0.0, -G_PI / 2, b->height);
  cairo_restore (cr);
}
