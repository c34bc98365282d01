/* aiperf-renderer-layers.c — draws the point, line, area, segment and band
 * layers, and dispatches the other kinds (aiperf-renderer-shapes.c).
 *
 * Everything is drawn in widget pixels after mapping through the axes, so
 * markers and lines keep their size whatever the zoom. Every painter is
 * bounded by pixels, not by data: lines and bands go through the column
 * decimator, markers and segments are merged per pixel column or row
 * (aiperf-decimate.c), so a chart never costs more than its pixel count.
 * A series of values along x too dense for markers (time slices) is drawn
 * as a decimated line: each pixel column's extremes, where markers would
 * only heap into a block.
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

/* Pixel row of y = 0, or the bottom edge when 0 is not on the axis (log). */
double
aiperf_layer_ctx_baseline (Ctx *c)
{
  const AiperfRect *a = &c->self->area;
  double b = px_y (c, 0.0);

  if (!isfinite (b))
    return a->y + a->height;
  return CLAMP (b, a->y - a->height, a->y + 2 * a->height);
}

void
aiperf_layer_ctx_set_line (Ctx    *c,
                           double  width)
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

void
aiperf_layer_ctx_fill_and_outline (Ctx *c)
{
  aiperf_set_rgba (c->cr, c->color, c->layer->fill_opacity);
  cairo_fill_preserve (c->cr);
  aiperf_layer_ctx_set_line (c, MAX (c->self->s, c->lw * 0.5));
  aiperf_set_rgba (c->cr, c->color, c->layer->opacity);
  cairo_stroke (c->cr);
}

/* Whether the layer's markers in view, side by side, would need more than
 * the plot's width: then they only overlap into a block. */
static gboolean
too_dense_for_markers (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  const AiperfRect *a = &c->self->area;
  guint n = aiperf_layer_get_n (layer), in_view = 0;
  double room = a->width / MAX (layer->marker_size * c->self->s, 1.0);

  for (guint i = 0; i < n && in_view <= room; i++)
    {
      double px = px_x (c, g_array_index (layer->x, double, i));

      in_view += isfinite (px) && px >= a->x && px <= a->x + a->width;
    }
  return in_view > room;
}

/* The values as a line through each pixel column's extremes, broken
 * where values are missing for longer than a marker is wide (slices drawn
 * as outliers, or without the statistic): the line never bridges them. */
static void
draw_dense_line (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);
  double gap = MAX (layer->marker_size * c->self->s, 2.0), prev_px = NAN;
  AiperfLineDecimator d;

  aiperf_layer_ctx_set_line (c, MAX (c->lw, 1.5 * c->self->s));
  aiperf_set_rgba (c->cr, c->color, layer->opacity);
  aiperf_line_decimator_init (&d, c->cr);
  for (guint i = 0; i < n; i++)
    {
      double px = px_x (c, g_array_index (layer->x, double, i));
      double py = px_y (c, g_array_index (layer->y, double, i));

      if (!isfinite (px) || !isfinite (py))
        continue;
      if (isfinite (prev_px) && px - prev_px > gap)
        aiperf_line_decimator_break (&d);
      aiperf_line_decimator_add (&d, px, py);
      prev_px = px;
    }
  c->self->primitives += aiperf_line_decimator_end (&d);
  cairo_stroke (c->cr);
}

/* Markers are merged per pixel column: markers of one column closer than
 * the chain gap are drawn as the shape swept from the first to the last,
 * which is their union to within a quarter pixel. A timeline of 16,000
 * slices then costs about one shape per column, not 16,000. */
static void
draw_points (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  const AiperfRect *a = &c->self->area;
  guint n = aiperf_layer_get_n (layer);
  double size = layer->marker_size * c->self->s;
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (AiperfSpan));
  AiperfPixelMask mask;
  AiperfStamp stamp;
  gboolean stamping = FALSE, chunked;

  /* A value per time slice, thousands of them: each pixel column's
   * lowest and highest, joined, as any long series is drawn. */
  if (layer->dense_as_line && too_dense_for_markers (c))
    {
      if (layer->series >= 0 && (guint) layer->series < c->self->drawn_as_line->len)
        c->self->drawn_as_line->data[layer->series] = TRUE;
      draw_dense_line (c);
      return;
    }
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
      if (aiperf_pixel_mask_claim (&mask, px, py))
        aiperf_spans_add (spans, px, py, py);
    }
  aiperf_pixel_mask_clear (&mask);
  aiperf_spans_merge (spans, aiperf_marker_chain_gap (layer->marker, size));

  chunked = layer->opacity >= 1.0 && c->color.a >= 1.0;
  /* The chunks below are filled as they go: in this colour, not in
   * whatever the previous layer left set. */
  aiperf_set_rgba (c->cr, c->color, layer->opacity);
  /* Worth it only for many markers; a few stay true paths everywhere. */
  if (spans->len > 2000)
    stamping = aiperf_stamp_begin (&stamp, c->cr, &c->self->clip, layer->marker, size, c->color,
                                   layer->opacity);
  for (guint i = 0; i < spans->len; i++)
    {
      const AiperfSpan *sp = &g_array_index (spans, AiperfSpan, i);

      if (sp->hi - sp->lo < 0.25)
        {
          if (stamping)
            aiperf_stamp_put (&stamp, sp->at_lo, sp->lo);
          else
            aiperf_renderer_draw_marker_path (c->cr, layer->marker, sp->at_lo, sp->lo, size);
        }
      else
        aiperf_renderer_sweep_marker_path (c->cr, layer->marker, size,
                                           sp->at_lo, sp->lo, sp->at_hi, sp->hi);
      /* cairo's fill is superlinear in many overlapping shapes; opaque
       * ones look the same filled a chunk at a time. */
      if (chunked && i % 64 == 63)
        cairo_fill (c->cr);
    }
  if (stamping)
    aiperf_stamp_end (&stamp);
  aiperf_set_rgba (c->cr, c->color, layer->opacity);
  cairo_fill (c->cr);
  c->self->primitives += spans->len;
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

  aiperf_layer_ctx_set_line (c, c->lw);
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
  double base = aiperf_layer_ctx_baseline (c);
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

/* Segments in the same pixel row that overlap or touch (within half a
 * pixel) are one stroke, drawn at the row of the first: a request timeline
 * of 50,000 requests draws no more than its rows allow, and every request
 * keeps its true extent (a prefill shorter than a pixel stays that short:
 * the first-token dot shows where it is). */
/* Hover anywhere along a segment picks it (a request's phase, not only
 * its start); as thick as drawn, a pixel at least. */
static void
add_segment_hit (Ctx    *c,
                 guint   i,
                 double  x0,
                 double  x1,
                 double  py)
{
  const AiperfLayer *layer = c->layer;
  double thick = MAX (c->lw, 1.0);
  AiperfBarHit hit;

  hit.rect = (AiperfRect) { MIN (x0, x1), py - thick / 2, MAX (fabs (x1 - x0), 1.0), thick };
  hit.entry.layer = c->index;
  hit.entry.index = i;
  hit.entry.series = layer->series;
  hit.entry.id = layer->ids != NULL && i < layer->ids->len ? g_array_index (layer->ids, int, i) : -1;
  hit.entry.x = g_array_index (layer->x, double, i);
  hit.entry.y = g_array_index (layer->y, double, i);
  hit.entry.px = (float) MIN (x0, x1);
  hit.entry.py = (float) py;
  g_array_append_val (c->self->segment_hits, hit);
  c->self->segment_thick = MAX (c->self->segment_thick, thick);
}

static void
draw_segments (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  const AiperfRect *a = &c->self->area;
  guint n = aiperf_layer_get_n (layer);
  g_autoptr(GArray) spans = g_array_sized_new (FALSE, FALSE, sizeof (AiperfSpan), n);

  for (guint i = 0; i < n; i++)
    {
      double x0 = px_x (c, g_array_index (layer->x, double, i));
      double x1 = px_x (c, COL (layer->x2, i));
      double py = px_y (c, g_array_index (layer->y, double, i));

      if (!isfinite (x0) || !isfinite (x1) || !isfinite (py) ||
          py < a->y - c->lw || py > a->y + a->height + c->lw ||
          MAX (x0, x1) < a->x || MIN (x0, x1) > a->x + a->width)
        continue;
      aiperf_spans_add (spans, py, x0, x1);
      if (layer->pickable)
        add_segment_hit (c, i, x0, x1, py);
    }
  aiperf_spans_merge (spans, 0.5);
  for (guint i = 0; i < spans->len; i++)
    {
      const AiperfSpan *sp = &g_array_index (spans, AiperfSpan, i);

      cairo_move_to (c->cr, sp->lo, sp->at_lo);
      cairo_line_to (c->cr, sp->hi, sp->at_lo);
    }
  c->self->primitives += spans->len;
  aiperf_layer_ctx_set_line (c, c->lw);
  cairo_set_line_cap (c->cr, CAIRO_LINE_CAP_BUTT);
  aiperf_set_rgba (c->cr, c->color, layer->opacity);
  cairo_stroke (c->cr);
}

/* Each unbroken run is one polygon: the hi edge forward, the lo edge
 * back, both through the column decimator (a band of 50,000 slices keeps
 * the extent of each pixel column, four vertices at most per edge). */
static void
draw_band (Ctx *c)
{
  const AiperfLayer *layer = c->layer;
  guint n = aiperf_layer_get_n (layer);
  guint i = 0;

#define BAND_OK(k) (isfinite (px_x (c, g_array_index (layer->x, double, (k)))) && \
                    isfinite (px_y (c, COL (layer->lo, (k)))) && \
                    isfinite (px_y (c, COL (layer->hi, (k)))))
  while (i < n)
    {
      AiperfLineDecimator d;
      guint start, end;

      while (i < n && !BAND_OK (i))
        i++;
      start = i;
      while (i < n && BAND_OK (i))
        i++;
      end = i;
      if (end <= start)
        continue;
      aiperf_line_decimator_init (&d, c->cr);
      for (guint k = start; k < end; k++)
        aiperf_line_decimator_add (&d, px_x (c, g_array_index (layer->x, double, k)),
                                   px_y (c, COL (layer->hi, k)));
      aiperf_line_decimator_flush (&d);
      for (guint k = end; k-- > start;)
        aiperf_line_decimator_add (&d, px_x (c, g_array_index (layer->x, double, k)),
                                   px_y (c, COL (layer->lo, k)));
      c->self->primitives += aiperf_line_decimator_end (&d);
      cairo_close_path (c->cr);
    }
#undef BAND_OK
  aiperf_set_rgba (c->cr, c->color, layer->fill_opacity);
  cairo_fill (c->cr);
}

void
aiperf_renderer_draw_layer (AiperfRenderer    *self,
                            cairo_t           *cr,
                            const AiperfLayer *layer,
                            guint              index)
{
  Ctx c = { self, cr, layer, aiperf_renderer_y_map (self, layer->on_y2),
            aiperf_style_resolve (self->style, layer->color), layer->line_width * self->s, index };

  if (layer->x == NULL || layer->y == NULL)
    return;
  if (layer->fade > 0)
    c.color = aiperf_style_fade (self->style, c.color, layer->fade);
  cairo_save (cr);
  cairo_new_path (cr);
  switch (layer->kind)
    {
    case AIPERF_LAYER_POINTS:     draw_points (&c); break;
    case AIPERF_LAYER_LINE:       draw_line (&c, FALSE); break;
    case AIPERF_LAYER_STEP:       draw_line (&c, TRUE); break;
    case AIPERF_LAYER_AREA:       draw_area (&c); break;
    case AIPERF_LAYER_SEGMENTS:   draw_segments (&c); break;
    case AIPERF_LAYER_ERROR_BARS: aiperf_renderer_draw_error_bars (&c); break;
    case AIPERF_LAYER_BAND:       draw_band (&c); break;
    case AIPERF_LAYER_BARS:
    case AIPERF_LAYER_HBARS:      aiperf_renderer_draw_bars (self, cr, layer, index); break;
    case AIPERF_LAYER_BOXES:      aiperf_renderer_draw_boxes (&c); break;
    case AIPERF_LAYER_CELLS:      aiperf_renderer_draw_cells (&c); break;
    case AIPERF_LAYER_ELLIPSES:   aiperf_renderer_draw_ellipses (&c); break;
    case AIPERF_LAYER_HLINE:
    case AIPERF_LAYER_VLINE:      aiperf_renderer_draw_rules (self, cr, layer); break;
    case AIPERF_LAYER_TEXT:       aiperf_renderer_draw_text (&c); break;
    default: break;
    }
  cairo_restore (cr);
}
