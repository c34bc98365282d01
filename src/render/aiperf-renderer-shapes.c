/* aiperf-renderer-shapes.c — draws error bars, bars, boxes, cells, ellipses,
 * horizontal lines and text layers, each bounded by pixels.
 *
 * A chart of 16,000 time slices must not cost 16,000 strokes: error bars
 * merge per pixel column into the union of their extents and drop their
 * caps once caps would overlap; bars and boxes narrower than a few pixels
 * merge per column; sub-pixel cells, dot-sized ellipses, repeated rows and
 * crowded text keep one item per pixel (or text cell). Sparse data is
 * drawn exactly as given.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>

#define COL aiperf_layer_col

typedef AiperfLayerCtx Ctx;

static inline double
px_x (Ctx *c, double v)
{
  return aiperf_layer_ctx_px (c, v);
}

static inline double
px_y (Ctx *c, double v)
{
  return aiperf_layer_ctx_py (c, v);
}

static void
cap_pair (cairo_t  *cr,
          gboolean  vertical,
          double    at,
          double    lo,
          double    hi,
          double    cap)
{
  if (vertical)
    {
      cairo_move_to (cr, at - cap, lo);
      cairo_line_to (cr, at + cap, lo);
      cairo_move_to (cr, at - cap, hi);
      cairo_line_to (cr, at + cap, hi);
    }
  else
    {
      cairo_move_to (cr, lo, at - cap);
      cairo_line_to (cr, lo, at + cap);
      cairo_move_to (cr, hi, at - cap);
      cairo_line_to (cr, hi, at + cap);
    }
}

void
aiperf_renderer_draw_error_bars (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  const AiperfRect *a = &c->self->area;
  guint n = aiperf_layer_get_n (layer);
  double cap = 4 * c->self->s, lw = MAX (c->lw * 0.75, c->self->s);
  g_autoptr(GArray) vspans = g_array_new (FALSE, FALSE, sizeof (AiperfSpan));
  g_autoptr(GArray) hspans = g_array_new (FALSE, FALSE, sizeof (AiperfSpan));
  gboolean vcaps, hcaps, chunked = layer->opacity >= 1.0 && c->color.a >= 1.0;

  for (guint i = 0; i < n; i++)
    {
      double px = px_x (c, g_array_index (layer->x, double, i));
      double py = px_y (c, g_array_index (layer->y, double, i));
      double lo = px_y (c, COL (layer->lo, i)), hi = px_y (c, COL (layer->hi, i));
      double xlo = px_x (c, COL (layer->xlo, i)), xhi = px_x (c, COL (layer->xhi, i));

      if (isfinite (px) && px >= a->x - cap && px <= a->x + a->width + cap)
        aiperf_spans_add (vspans, px, lo, hi);
      if (isfinite (py) && py >= a->y - cap && py <= a->y + a->height + cap)
        aiperf_spans_add (hspans, py, xlo, xhi);
    }
  /* Caps tell where one bar ends; once neighbours are closer than a cap is
   * wide they only smear into a ragged band that hides the bars. */
  vcaps = vspans->len * 2 * cap <= a->width;
  hcaps = hspans->len * 2 * cap <= a->height;
  for (guint i = 0; vcaps && i < vspans->len; i++)
    {
      const AiperfSpan *sp = &g_array_index (vspans, AiperfSpan, i);

      cap_pair (c->cr, TRUE, sp->at_lo, sp->lo, sp->hi, cap);
    }
  for (guint i = 0; hcaps && i < hspans->len; i++)
    {
      const AiperfSpan *sp = &g_array_index (hspans, AiperfSpan, i);

      cap_pair (c->cr, FALSE, sp->at_lo, sp->lo, sp->hi, cap);
    }
  aiperf_layer_ctx_set_line (c, lw);
  aiperf_set_rgba (c->cr, c->color, layer->opacity);
  cairo_stroke (c->cr);
  /* The bars of one pixel column that overlap are one line: their union,
   * filled as a rectangle (cairo fills rectangles far faster than it
   * strokes thousands of overlapping lines). */
  aiperf_spans_merge (vspans, 0.5);
  aiperf_spans_merge (hspans, 0.5);
  for (guint i = 0; i < vspans->len; i++)
    {
      const AiperfSpan *sp = &g_array_index (vspans, AiperfSpan, i);

      cairo_rectangle (c->cr, sp->at_lo - lw / 2, sp->lo - lw / 2, lw, sp->hi - sp->lo + lw);
      /* as with markers: opaque bars look the same filled a chunk at a time */
      if (chunked && i % 64 == 63)
        cairo_fill (c->cr);
    }
  for (guint i = 0; i < hspans->len; i++)
    {
      const AiperfSpan *sp = &g_array_index (hspans, AiperfSpan, i);

      cairo_rectangle (c->cr, sp->lo - lw / 2, sp->at_lo - lw / 2, sp->hi - sp->lo + lw, lw);
    }
  c->self->primitives += vspans->len + hspans->len;
  cairo_fill (c->cr);
}

/* Bars narrower than this many pixels merge per pixel column. */
#define THIN_PX 2.0

/* Boxes narrower than this many pixels have no room for their details. */
#define THIN_BOX_PX 3.0

static void
stroke_box_layer (Ctx *c)
{
  aiperf_layer_ctx_set_line (c, MAX (c->self->s, c->lw * 0.75));
  aiperf_set_rgba (c->cr, c->color, c->layer->opacity);
  cairo_stroke (c->cr);
}

void
aiperf_renderer_draw_boxes (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  const AiperfRect *a = &c->self->area;
  guint n = aiperf_layer_get_n (layer);
  g_autoptr(GArray) iqr = g_array_new (FALSE, FALSE, sizeof (AiperfSpan));
  g_autoptr(GArray) whiskers = g_array_new (FALSE, FALSE, sizeof (AiperfSpan));

  for (guint i = 0; i < n; i++)
    {
      double x = g_array_index (layer->x, double, i), w = COL (layer->x2, i);
      double x0 = px_x (c, x - w / 2), x1 = px_x (c, x + w / 2), xc = px_x (c, x);
      double q1 = px_y (c, COL (layer->lo, i)), q3 = px_y (c, COL (layer->hi, i));
      double lo = px_y (c, COL (layer->xlo, i)), hi = px_y (c, COL (layer->xhi, i));
      double med = px_y (c, g_array_index (layer->y, double, i));
      double cap = fabs (x1 - x0) / 4;

      if (!isfinite (x0) || !isfinite (x1) || !isfinite (q1) || !isfinite (q3) ||
          MAX (x0, x1) < a->x || MIN (x0, x1) > a->x + a->width)
        continue;
      if (fabs (x1 - x0) < THIN_BOX_PX)
        {
          /* Thin boxes of one column: the union of their boxes and of
           * their whiskers, as a box plot squeezed that far looks. */
          aiperf_spans_add (iqr, xc, q1, q3);
          if (isfinite (lo) && isfinite (hi))
            aiperf_spans_add (whiskers, xc, lo, hi);
          continue;
        }
      cairo_rectangle (c->cr, MIN (x0, x1), MIN (q1, q3), fabs (x1 - x0), fabs (q3 - q1));
      aiperf_layer_ctx_fill_and_outline (c);
      if (isfinite (lo) && isfinite (hi))
        {
          cairo_move_to (c->cr, xc, MAX (q1, q3));
          cairo_line_to (c->cr, xc, lo);
          cairo_move_to (c->cr, xc - cap, lo);
          cairo_line_to (c->cr, xc + cap, lo);
          cairo_move_to (c->cr, xc, MIN (q1, q3));
          cairo_line_to (c->cr, xc, hi);
          cairo_move_to (c->cr, xc - cap, hi);
          cairo_line_to (c->cr, xc + cap, hi);
        }
      if (isfinite (med))
        {
          cairo_move_to (c->cr, MIN (x0, x1), med);
          cairo_line_to (c->cr, MAX (x0, x1), med);
        }
      stroke_box_layer (c);
      c->self->primitives++;
    }
  if (iqr->len == 0)
    return;
  aiperf_spans_merge (whiskers, 0.5);
  for (guint i = 0; i < whiskers->len; i++)
    {
      const AiperfSpan *sp = &g_array_index (whiskers, AiperfSpan, i);

      cairo_move_to (c->cr, sp->lane + 0.5, sp->lo);
      cairo_line_to (c->cr, sp->lane + 0.5, sp->hi);
    }
  stroke_box_layer (c);
  aiperf_spans_merge (iqr, 0);
  for (guint i = 0; i < iqr->len; i++)
    {
      const AiperfSpan *sp = &g_array_index (iqr, AiperfSpan, i);

      cairo_rectangle (c->cr, (double) sp->lane, sp->lo, 1.0, sp->hi - sp->lo);
    }
  aiperf_layer_ctx_fill_and_outline (c);
  c->self->primitives += iqr->len + whiskers->len;
}

void
aiperf_renderer_draw_cells (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  const AiperfRect *a = &c->self->area;
  guint n = aiperf_layer_get_n (layer);
  double span = c->self->c_max - c->self->c_min;
  AiperfPixelMask mask;

  aiperf_pixel_mask_init (&mask, a);
  for (guint i = 0; i < n; i++)
    {
      double x0 = px_x (c, g_array_index (layer->x, double, i)), x1 = px_x (c, COL (layer->x2, i));
      double y0 = px_y (c, COL (layer->lo, i)), y1 = px_y (c, COL (layer->hi, i));
      double v = COL (layer->value, i);
      AiperfRGBA col;

      if (!isfinite (x0) || !isfinite (x1) || !isfinite (y0) || !isfinite (y1) || !isfinite (v) ||
          MAX (x0, x1) < a->x || MIN (x0, x1) > a->x + a->width ||
          MAX (y0, y1) < a->y || MIN (y0, y1) > a->y + a->height)
        continue;
      /* A cell smaller than a pixel shares it: the first one takes it. */
      if ((fabs (x1 - x0) < 1 || fabs (y1 - y0) < 1) &&
          !aiperf_pixel_mask_claim (&mask, (x0 + x1) / 2, (y0 + y1) / 2))
        continue;
      col = span > 0 ? aiperf_color_scale_at ((v - c->self->c_min) / span) : c->color;
      /* Edges on whole pixels: neighbouring cells meet without seams. */
      x0 = aiperf_snap (c->cr, x0, 2, TRUE);
      x1 = aiperf_snap (c->cr, x1, 2, TRUE);
      y0 = aiperf_snap (c->cr, y0, 2, FALSE);
      y1 = aiperf_snap (c->cr, y1, 2, FALSE);
      cairo_rectangle (c->cr, MIN (x0, x1), MIN (y0, y1), MAX (fabs (x1 - x0), 1),
                       MAX (fabs (y1 - y0), 1));
      aiperf_set_rgba (c->cr, col, layer->fill_opacity);
      cairo_fill (c->cr);
      c->self->primitives++;
    }
  aiperf_pixel_mask_clear (&mask);
}

void
aiperf_renderer_draw_ellipses (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  const AiperfRect *a = &c->self->area;
  guint n = aiperf_layer_get_n (layer);
  AiperfPixelMask mask;

  aiperf_pixel_mask_init (&mask, a);
  for (guint i = 0; i < n; i++)
    {
      double x = g_array_index (layer->x, double, i), y = g_array_index (layer->y, double, i);
      double rx = COL (layer->xlo, i), ry = COL (layer->lo, i);
      double x0 = px_x (c, x - rx), x1 = px_x (c, x + rx);
      double y0 = px_y (c, y - ry), y1 = px_y (c, y + ry);

      if (!isfinite (x0) || !isfinite (x1) || !isfinite (y0) || !isfinite (y1) ||
          fabs (x1 - x0) < 0.5 || fabs (y1 - y0) < 0.5)
        continue;
      /* Dot-sized ellipses: one per pixel, like markers. */
      if (fabs (x1 - x0) < 3 && fabs (y1 - y0) < 3 &&
          !aiperf_pixel_mask_claim (&mask, (x0 + x1) / 2, (y0 + y1) / 2))
        continue;
      cairo_save (c->cr);
      cairo_translate (c->cr, (x0 + x1) / 2, (y0 + y1) / 2);
      cairo_scale (c->cr, fabs (x1 - x0) / 2, fabs (y1 - y0) / 2);
      cairo_new_sub_path (c->cr);
      cairo_arc (c->cr, 0, 0, 1, 0, 2 * G_PI);
      cairo_restore (c->cr);
      aiperf_layer_ctx_fill_and_outline (c);
      c->self->primitives++;
    }
  aiperf_pixel_mask_clear (&mask);
}

/* The colour of the heatmap cell under (@x, @y), as drawn over the plot
 * background; FALSE where no cell is. @hint: the cell tried first (a
 * value's text is usually added in its cell's order). */
static gboolean
cell_color_at (Ctx        *c,
               double      x,
               double      y,
               guint       hint,
               AiperfRGBA *out)
{
  const AiperfChart *chart = c->self->chart;
  double span = c->self->c_max - c->self->c_min;

  for (guint l = 0; chart != NULL && l < chart->layers->len; l++)
    {
      const AiperfLayer *cells = g_ptr_array_index (chart->layers, l);
      guint n;

      if (cells->kind != AIPERF_LAYER_CELLS || cells->value == NULL)
        continue;
      n = aiperf_layer_get_n (cells);
      for (guint k = 0; k < n; k++)
        {
          guint i = (hint + k) % n;
          double x0 = g_array_index (cells->x, double, i), x1 = COL (cells->x2, i);
          double y0 = COL (cells->lo, i), y1 = COL (cells->hi, i);
          double v = COL (cells->value, i);
          AiperfRGBA fill, bg = c->self->style->plot_background;

          if (!(x >= MIN (x0, x1) && x <= MAX (x0, x1) && y >= MIN (y0, y1) && y <= MAX (y0, y1)) ||
              !isfinite (v))
            continue;
          fill = span > 0 ? aiperf_color_scale_at ((v - c->self->c_min) / span)
                          : aiperf_style_resolve (c->self->style, cells->color);
          out->r = fill.r * cells->fill_opacity + bg.r * (1 - cells->fill_opacity);
          out->g = fill.g * cells->fill_opacity + bg.g * (1 - cells->fill_opacity);
          out->b = fill.b * cells->fill_opacity + bg.b * (1 - cells->fill_opacity);
          out->a = 1;
          return TRUE;
        }
    }
  return FALSE;
}

/* Text on a heatmap cell: the layer's colour where it reads on the cell,
 * else whichever of the text and background colours reads better (a
 * dark label on a dark viridis cell cannot be read). */
static AiperfRGBA
text_color_on_cell (Ctx       *c,
                    double     x,
                    double     y,
                    guint      hint)
{
  AiperfRGBA cell, fg = c->self->style->foreground, bg = c->self->style->plot_background;

  if (!cell_color_at (c, x, y, hint, &cell) || aiperf_rgba_contrast (c->color, cell) >= 4.5)
    return c->color;
  return aiperf_rgba_contrast (fg, cell) >= aiperf_rgba_contrast (bg, cell) ? fg : bg;
}

void
aiperf_renderer_draw_text (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  const AiperfRect *a = &c->self->area;
  guint n = aiperf_layer_get_n (layer);
  double cell = c->self->style->font_size * c->self->s;
  g_autoptr(GHashTable) cells = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64 *keys = NULL;
  guint used = 0;

  /* Sliding text is placed and drawn with the point labels. */
  if (layer->labels == NULL || layer->text_slides)
    return;
  keys = g_new (gint64, MIN (n, layer->labels->len) + 1);
  aiperf_renderer_set_font (c->self, cell, FALSE);
  aiperf_set_rgba (c->cr, c->color, layer->opacity);
  for (guint i = 0; i < n && i < layer->labels->len; i++)
    {
      const char *label = g_ptr_array_index (layer->labels, i);
      double px = px_x (c, g_array_index (layer->x, double, i));
      double py = px_y (c, g_array_index (layer->y, double, i));

      if (label == NULL || !isfinite (px) || !isfinite (py) ||
          px < a->x - a->width || px > a->x + 2 * a->width ||
          py < a->y - a->height || py > a->y + 2 * a->height)
        continue;
      /* One text per text-sized cell: more would print on top of each other. */
      keys[used] = ((gint64) floor ((py - a->y) / cell) << 32) ^
                   (gint64) (guint32) (gint32) floor ((px - a->x) / cell);
      if (!g_hash_table_add (cells, &keys[used]))
        continue;
      used++;
      aiperf_set_rgba (c->cr, text_color_on_cell (c, g_array_index (layer->x, double, i),
                                                  g_array_index (layer->y, double, i), i),
                       layer->opacity);
      aiperf_renderer_show_text (c->self, c->cr, label, px, py, 0.5, 0.5, 0);
      c->self->primitives++;
    }
}
