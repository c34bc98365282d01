/* aiperf-renderer-layers.c — draws each kind of chart layer.
 *
 * Everything is drawn in widget pixels after mapping through the axes, so
 * markers and lines keep their size whatever the zoom. Many-point layers go
 * through the decimators of aiperf-decimate.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>

#define COL aiperf_layer_col

typedef struct {
  AiperfRenderer      *self;
  cairo_t             *cr;
  const AiperfLayer   *layer;
  const AiperfAxisMap *ym;
  AiperfRGBA           color;
  double               lw;
} Ctx;

static double
px_x (Ctx *c, double v)
{
  return aiperf_axis_map_to_px (&c->self->mx, v);
}

static double
px_y (Ctx *c, double v)
{
  return aiperf_axis_map_to_px (c->ym, v);
}

/* Pixel row of y = 0, or the bottom edge when 0 is not on the axis (log). */
static double
baseline (Ctx *c)
{
  const AiperfRect *a = &c->self->area;
  double b = px_y (c, 0.0);

  if (!isfinite (b))
    return a->y + a->height;
  return CLAMP (b, a->y - a->height, a->y + 2 * a->height);
}

static void
set_line (Ctx *c, double width)
{
  double s = c->self->s;

  cairo_set_line_width (c->cr, width);
  cairo_set_line_join (c->cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (c->cr, c->layer->dashed ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
  if (c->layer->dashed)
    {
      double dash[2] = { 6 * s, 4 * s };

      cairo_set_dash (c->cr, dash, 2, 0);
    }
  else
    cairo_set_dash (c->cr, NULL, 0, 0);
}

static void
draw_points (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  const AiperfRect *a = &c->self->area;
  guint n = aiperf_layer_get_n (layer);
  double size = layer->marker_size * c->self->s;
  AiperfPixelMask mask;
  AiperfStamp stamp;
  gboolean stamping = FALSE;
  guint64 drawn = 0;

  /* Worth it only for many markers; a few stay true paths everywhere. */
  if (n > 2000)
    stamping = aiperf_stamp_begin (&stamp, c->cr, &c->self->clip, layer->marker, size, c->color,
                                   layer->opacity);
  aiperf_pixel_mask_init (&mask, a);
  for (guint i = 0; i < n; i++)
    {
      double px = px_x (c, g_array_index (layer->x, double, i));
      double py = px_y (c, g_array_index (layer->y, double, i));

      if (!isfinite (px) || !isfinite (py) ||
          px < a->x - size || px > a->x + a->width + size ||
          py < a->y - size || py > a->y + a->height + size)
        continue;
      /* One marker per pixel: a second one there would not change the picture. */
      if (!aiperf_pixel_mask_claim (&mask, px, py))
        continue;
      if (stamping)
        aiperf_stamp_put (&stamp, px, py);
      else
        aiperf_renderer_draw_marker_path (c->cr, layer->marker, px, py, size);
      drawn++;
    }
  aiperf_pixel_mask_clear (&mask);
  if (stamping)
    aiperf_stamp_end (&stamp);
  else
    {
      aiperf_set_rgba (c->cr, c->color, layer->opacity);
      cairo_fill (c->cr);
    }
  c->self->primitives += drawn;
}

/* Feeds the line (or its hv step shape) through the column decimator. */
static void
trace_line (Ctx                 *c,
            AiperfLineDecimator *d,
            gboolean             step)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);
  double prev_py = NAN;

  for (guint i = 0; i < n; i++)
    {
      double px = px_x (c, g_array_index (layer->x, double, i));
      double py = px_y (c, g_array_index (layer->y, double, i));

      if (!isfinite (px) || !isfinite (py))
        {
          aiperf_line_decimator_break (d);
          prev_py = NAN;
          continue;
        }
      if (step && isfinite (prev_py))
        aiperf_line_decimator_add (d, px, prev_py);
      aiperf_line_decimator_add (d, px, py);
      prev_py = py;
    }
}

static void
draw_line (Ctx      *c,
           gboolean  step)
{
  AiperfLineDecimator d;

  set_line (c, c->lw);
  aiperf_set_rgba (c->cr, c->color, c->layer->opacity);
  aiperf_line_decimator_init (&d, c->cr);
  /* Overlapping chunks would double a translucent or dashed line. */
  if (c->layer->opacity >= 1.0 && !c->layer->dashed && c->color.a >= 1.0)
    d.chunk = 96;
  trace_line (c, &d, step);
  c->self->primitives += aiperf_line_decimator_end (&d);
  cairo_stroke (c->cr);
}

static void
draw_area (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);
  double base = baseline (c);
  guint i = 0;

  /* Each unbroken run is filled down to the baseline on its own. */
  while (i < n)
    {
      AiperfLineDecimator d;
      double first = NAN, last = NAN, prev_py = NAN;

      aiperf_line_decimator_init (&d, c->cr);
      for (; i < n; i++)
        {
          double px = px_x (c, g_array_index (layer->x, double, i));
          double py = px_y (c, g_array_index (layer->y, double, i));

          if (!isfinite (px) || !isfinite (py))
            {
              if (isfinite (first))
                break;
              continue;
            }
          if (!isfinite (first))
            first = px;
          if (layer->step && isfinite (prev_py))
            aiperf_line_decimator_add (&d, px, prev_py);
          aiperf_line_decimator_add (&d, px, py);
          prev_py = py;
          last = px;
        }
      i++;
      if (!isfinite (first))
        continue;
      c->self->primitives += aiperf_line_decimator_end (&d);
      cairo_line_to (c->cr, last, base);
      cairo_line_to (c->cr, first, base);
      cairo_close_path (c->cr);
    }
  aiperf_set_rgba (c->cr, c->color, layer->fill_opacity);
  cairo_fill (c->cr);
  draw_line (c, layer->step);
}

typedef struct {
  double row, x0, x1;
} Span;

static int
span_compare (gconstpointer a,
              gconstpointer b)
{
  const Span *sa = a, *sb = b;

  if (sa->row != sb->row)
    return sa->row < sb->row ? -1 : 1;
  return sa->x0 < sb->x0 ? -1 : sa->x0 > sb->x0;
}

static void
draw_segments (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);
  double min_len = MAX (1.5 * c->self->s, c->lw / 2);
  g_autoptr(GArray) spans = g_array_sized_new (FALSE, FALSE, sizeof (Span), n);
  Span cur = { NAN, 0, 0 };

  for (guint i = 0; i < n; i++)
    {
      double x0 = px_x (c, g_array_index (layer->x, double, i));
      double x1 = px_x (c, COL (layer->x2, i));
      double py = px_y (c, g_array_index (layer->y, double, i));
      Span sp;

      if (!isfinite (x0) || !isfinite (x1) || !isfinite (py))
        continue;
      sp.row = py;
      sp.x0 = MIN (x0, x1);
      sp.x1 = MAX (x0, x1);
      /* Keep very short segments (prefill at a long time scale) visible. */
      if (sp.x1 - sp.x0 < min_len)
        sp.x1 = sp.x0 + min_len;
      g_array_append_val (spans, sp);
    }
  /* Segments in the same pixel row that touch are one stroke: a request
   * timeline of 50,000 requests draws no more than its rows allow. */
  g_array_sort (spans, span_compare);
  for (guint i = 0; i <= spans->len; i++)
    {
      const Span *sp = i < spans->len ? &g_array_index (spans, Span, i) : NULL;

      if (sp != NULL && isfinite (cur.row) && fabs (sp->row - cur.row) < 0.5 &&
          sp->x0 <= cur.x1 + 0.5)
        {
          cur.x1 = MAX (cur.x1, sp->x1);
          continue;
        }
      if (isfinite (cur.row))
        {
          cairo_move_to (c->cr, cur.x0, cur.row);
          cairo_line_to (c->cr, cur.x1, cur.row);
          c->self->primitives++;
        }
      if (sp != NULL)
        cur = *sp;
    }
  set_line (c, c->lw);
  cairo_set_line_cap (c->cr, CAIRO_LINE_CAP_BUTT);
  aiperf_set_rgba (c->cr, c->color, layer->opacity);
  cairo_stroke (c->cr);
}

static void
draw_error_bars (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);
  double cap = 4 * c->self->s;

  for (guint i = 0; i < n; i++)
    {
      double px = px_x (c, g_array_index (layer->x, double, i));
      double py = px_y (c, g_array_index (layer->y, double, i));
      double lo = px_y (c, COL (layer->lo, i)), hi = px_y (c, COL (layer->hi, i));
      double xlo = px_x (c, COL (layer->xlo, i)), xhi = px_x (c, COL (layer->xhi, i));

      if (isfinite (px) && isfinite (lo) && isfinite (hi))
        {
          cairo_move_to (c->cr, px, lo);
          cairo_line_to (c->cr, px, hi);
          cairo_move_to (c->cr, px - cap, lo);
          cairo_line_to (c->cr, px + cap, lo);
          cairo_move_to (c->cr, px - cap, hi);
          cairo_line_to (c->cr, px + cap, hi);
          c->self->primitives++;
        }
      if (isfinite (py) && isfinite (xlo) && isfinite (xhi))
        {
          cairo_move_to (c->cr, xlo, py);
          cairo_line_to (c->cr, xhi, py);
          cairo_move_to (c->cr, xlo, py - cap);
          cairo_line_to (c->cr, xlo, py + cap);
          cairo_move_to (c->cr, xhi, py - cap);
          cairo_line_to (c->cr, xhi, py + cap);
          c->self->primitives++;
        }
    }
  set_line (c, MAX (c->lw * 0.75, c->self->s));
  aiperf_set_rgba (c->cr, c->color, layer->opacity);
  cairo_stroke (c->cr);
}

static void
draw_band (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);
  guint i = 0;

  while (i < n)
    {
      guint start, end;

      while (i < n && !(isfinite (px_x (c, g_array_index (layer->x, double, i))) &&
                        isfinite (px_y (c, COL (layer->lo, i))) &&
                        isfinite (px_y (c, COL (layer->hi, i)))))
        i++;
      start = i;
      while (i < n && isfinite (px_x (c, g_array_index (layer->x, double, i))) &&
             isfinite (px_y (c, COL (layer->lo, i))) && isfinite (px_y (c, COL (layer->hi, i))))
        i++;
      end = i;
      if (end <= start)
        continue;
      for (guint k = start; k < end; k++)
        cairo_line_to (c->cr, px_x (c, g_array_index (layer->x, double, k)),
                       px_y (c, COL (layer->hi, k)));
      for (guint k = end; k-- > start;)
        cairo_line_to (c->cr, px_x (c, g_array_index (layer->x, double, k)),
                       px_y (c, COL (layer->lo, k)));
      cairo_close_path (c->cr);
      cairo_new_sub_path (c->cr);
      c->self->primitives += 2 * (end - start);
    }
  aiperf_set_rgba (c->cr, c->color, layer->fill_opacity);
  cairo_fill (c->cr);
}

static void
fill_and_outline (Ctx *c)
{
  aiperf_set_rgba (c->cr, c->color, c->layer->fill_opacity);
  cairo_fill_preserve (c->cr);
  set_line (c, MAX (c->self->s, c->lw * 0.5));
  aiperf_set_rgba (c->cr, c->color, c->layer->opacity);
  cairo_stroke (c->cr);
}

static void
draw_boxes (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);

  for (guint i = 0; i < n; i++)
    {
      double x = g_array_index (layer->x, double, i), w = COL (layer->x2, i);
      double x0 = px_x (c, x - w / 2), x1 = px_x (c, x + w / 2), xc = px_x (c, x);
      double q1 = px_y (c, COL (layer->lo, i)), q3 = px_y (c, COL (layer->hi, i));
      double lo = px_y (c, COL (layer->xlo, i)), hi = px_y (c, COL (layer->xhi, i));
      double med = px_y (c, g_array_index (layer->y, double, i));
      double cap = fabs (x1 - x0) / 4;

      if (!isfinite (x0) || !isfinite (x1) || !isfinite (q1) || !isfinite (q3))
        continue;
      cairo_rectangle (c->cr, MIN (x0, x1), MIN (q1, q3), fabs (x1 - x0), fabs (q3 - q1));
      fill_and_outline (c);
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
      set_line (c, MAX (c->self->s, c->lw * 0.75));
      aiperf_set_rgba (c->cr, c->color, c->layer->opacity);
      cairo_stroke (c->cr);
      c->self->primitives++;
    }
}

static void
draw_cells (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);
  double span = c->self->c_max - c->self->c_min;

  for (guint i = 0; i < n; i++)
    {
      double x0 = px_x (c, g_array_index (layer->x, double, i)), x1 = px_x (c, COL (layer->x2, i));
      double y0 = px_y (c, COL (layer->lo, i)), y1 = px_y (c, COL (layer->hi, i));
      double v = COL (layer->value, i);
      AiperfRGBA col;

      if (!isfinite (x0) || !isfinite (x1) || !isfinite (y0) || !isfinite (y1) || !isfinite (v))
        continue;
      col = span > 0 ? aiperf_color_scale_at ((v - c->self->c_min) / span) : c->color;
      /* Edges on whole pixels: neighbouring cells meet without seams. */
      x0 = aiperf_snap (c->cr, x0, 2, TRUE);
      x1 = aiperf_snap (c->cr, x1, 2, TRUE);
      y0 = aiperf_snap (c->cr, y0, 2, FALSE);
      y1 = aiperf_snap (c->cr, y1, 2, FALSE);
      cairo_rectangle (c->cr, MIN (x0, x1), MIN (y0, y1), fabs (x1 - x0), fabs (y1 - y0));
      aiperf_set_rgba (c->cr, col, layer->fill_opacity);
      cairo_fill (c->cr);
      c->self->primitives++;
    }
}

static void
draw_ellipses (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);

  for (guint i = 0; i < n; i++)
    {
      double x = g_array_index (layer->x, double, i), y = g_array_index (layer->y, double, i);
      double rx = COL (layer->xlo, i), ry = COL (layer->lo, i);
      double x0 = px_x (c, x - rx), x1 = px_x (c, x + rx);
      double y0 = px_y (c, y - ry), y1 = px_y (c, y + ry);

      if (!isfinite (x0) || !isfinite (x1) || !isfinite (y0) || !isfinite (y1) ||
          fabs (x1 - x0) < 0.5 || fabs (y1 - y0) < 0.5)
        continue;
      cairo_save (c->cr);
      cairo_translate (c->cr, (x0 + x1) / 2, (y0 + y1) / 2);
      cairo_scale (c->cr, fabs (x1 - x0) / 2, fabs (y1 - y0) / 2);
      cairo_new_sub_path (c->cr);
      cairo_arc (c->cr, 0, 0, 1, 0, 2 * G_PI);
      cairo_restore (c->cr);
      fill_and_outline (c);
      c->self->primitives++;
    }
}

static void
draw_text (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);

  if (layer->labels == NULL)
    return;
  aiperf_renderer_set_font (c->self, c->self->style->font_size * c->self->s, FALSE);
  aiperf_set_rgba (c->cr, c->color, layer->opacity);
  for (guint i = 0; i < n && i < layer->labels->len; i++)
    {
      const char *label = g_ptr_array_index (layer->labels, i);
      double px = px_x (c, g_array_index (layer->x, double, i));
      double py = px_y (c, g_array_index (layer->y, double, i));

      if (label == NULL || !isfinite (px) || !isfinite (py))
        continue;
      aiperf_renderer_show_text (c->self, c->cr, label, px, py, 0.5, 0.5, 0);
      c->self->primitives++;
    }
}

void
aiperf_renderer_draw_layer (AiperfRenderer    *self,
                            cairo_t           *cr,
                            const AiperfLayer *layer,
                            guint              index)
{
  Ctx c = { self, cr, layer, aiperf_renderer_y_map (self, layer->on_y2),
            aiperf_style_resolve (self->style, layer->color), layer->line_width * self->s };

  if (layer->x == NULL || layer->y == NULL)
    return;
  cairo_save (cr);
  cairo_new_path (cr);
  switch (layer->kind)
    {
    case AIPERF_LAYER_POINTS:     draw_points (&c); break;
    case AIPERF_LAYER_LINE:       draw_line (&c, FALSE); break;
    case AIPERF_LAYER_STEP:       draw_line (&c, TRUE); break;
    case AIPERF_LAYER_AREA:       draw_area (&c); break;
    case AIPERF_LAYER_SEGMENTS:   draw_segments (&c); break;
    case AIPERF_LAYER_ERROR_BARS: draw_error_bars (&c); break;
    case AIPERF_LAYER_BAND:       draw_band (&c); break;
    case AIPERF_LAYER_BARS:
    case AIPERF_LAYER_HBARS:      aiperf_renderer_draw_bars (self, cr, layer, index); break;
    case AIPERF_LAYER_BOXES:      draw_boxes (&c); break;
    case AIPERF_LAYER_CELLS:      draw_cells (&c); break;
    case AIPERF_LAYER_ELLIPSES:   draw_ellipses (&c); break;
    case AIPERF_LAYER_HLINE:
    case AIPERF_LAYER_VLINE:      aiperf_renderer_draw_rules (self, cr, layer); break;
    case AIPERF_LAYER_TEXT:       draw_text (&c); break;
    default: break;
    }
  cairo_restore (cr);
}
