/* aiperf-renderer-bars.c — bars (vertical, horizontal, grouped, with error
 * bars) and reference lines, and picking bars by their area.
 *
 * Bars are merged per pixel column (per pixel row when horizontal) before
 * anything is drawn: bars narrower than a pixel that share one become one
 * rectangle spanning them all, so a layer never draws more rectangles and
 * whiskers than the plot has pixels across, however many bars it holds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>

#define COL aiperf_layer_col

/* One pixel column (row) of a layer: the envelope of its bars. Coordinates
 * are pixels; "a" runs along the category axis, "b" along the value axis. */
typedef struct {
  gboolean used;
  double   a0, a1;        /* bar edges across the category axis */
  double   b0, b1;        /* bar extent along the value axis */
  double   e0, e1;        /* error bar extent (NaN when none) */
  double   tip;           /* value end of the tallest bar */
  double   tallest;       /* its length */
  guint    rep;           /* row of the tallest bar */
} BarColumn;

static void
column_add (BarColumn *col,
            double     a0,
            double     a1,
            double     base,
            double     tip,
            double     e0,
            double     e1,
            guint      row)
{
  double b0 = MIN (base, tip), b1 = MAX (base, tip);
  double len = fabs (tip - base);

  if (!col->used)
    {
      col->used = TRUE;
      col->a0 = a0;
      col->a1 = a1;
      col->b0 = b0;
      col->b1 = b1;
      col->e0 = col->e1 = NAN;
      col->tip = tip;
      col->tallest = len;
      col->rep = row;
    }
  else
    {
      col->a0 = MIN (col->a0, a0);
      col->a1 = MAX (col->a1, a1);
      col->b0 = MIN (col->b0, b0);
      col->b1 = MAX (col->b1, b1);
      if (len > col->tallest)
        {
          col->tallest = len;
          col->tip = tip;
          col->rep = row;
        }
    }
  if (isfinite (e0) && isfinite (e1))
    {
      col->e0 = isfinite (col->e0) ? MIN (col->e0, MIN (e0, e1)) : MIN (e0, e1);
      col->e1 = isfinite (col->e1) ? MAX (col->e1, MAX (e0, e1)) : MAX (e0, e1);
    }
}

/* Pixel of the value axis' zero, or the axis' start when 0 is not on it
 * (log axes), kept near the plot (@lo..@hi) so huge rectangles stay sane. */
static double
value_base (const AiperfAxisMap *m,
            double               lo,
            double               hi)
{
  double b = aiperf_axis_map_to_px (m, 0.0);
  double span = fabs (hi - lo);

  if (!isfinite (b))
    b = m->p0;
  return CLAMP (b, MIN (lo, hi) - span, MAX (lo, hi) + span);
}

/* Draws the merged columns: fill and outline, then the error bars. */
static void
paint_columns (AiperfRenderer    *self,
               cairo_t           *cr,
               const AiperfLayer *layer,
               const BarColumn   *cols,
               guint              n_cols,
               gboolean           horizontal)
{
  AiperfRGBA color = aiperf_style_resolve (self->style, layer->color);
  double s = self->s, lw = layer->line_width * s;
  gboolean any_error = FALSE;

  cairo_new_path (cr);
  for (guint k = 0; k < n_cols; k++)
    {
      const BarColumn *c = &cols[k];
      /* Narrow merged columns still get one whole pixel of ink. */
      double a0 = c->a0, a1 = MAX (c->a1, c->a0 + 1.0);

      if (!c->used)
        continue;
      if (horizontal)
        cairo_rectangle (cr, c->b0, a0, c->b1 - c->b0, a1 - a0);
      else
        cairo_rectangle (cr, a0, c->b0, a1 - a0, c->b1 - c->b0);
      any_error |= isfinite (c->e0);
      self->primitives++;
    }
  aiperf_set_rgba (cr, color, layer->fill_opacity);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (s, lw * 0.5));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_dash (cr, NULL, 0, 0);
  aiperf_set_rgba (cr, color, layer->opacity);
  cairo_stroke (cr);
  if (!any_error)
    return;

  /* Whiskers in the text colour: a bar's own colour would vanish on it. */
  for (guint k = 0; k < n_cols; k++)
    {
      const BarColumn *c = &cols[k];
      double mid = (c->a0 + c->a1) / 2;
      double cap = MIN (6 * s, (c->a1 - c->a0) * 0.3);

      if (!c->used || !isfinite (c->e0))
        continue;
      if (horizontal)
        {
          cairo_move_to (cr, c->e0, mid);
          cairo_line_to (cr, c->e1, mid);
          if (cap >= 1.0)
            {
              cairo_move_to (cr, c->e0, mid - cap);
              cairo_line_to (cr, c->e0, mid + cap);
              cairo_move_to (cr, c->e1, mid - cap);
              cairo_line_to (cr, c->e1, mid + cap);
            }
        }
      else
        {
          cairo_move_to (cr, mid, c->e0);
          cairo_line_to (cr, mid, c->e1);
          if (cap >= 1.0)
            {
              cairo_move_to (cr, mid - cap, c->e0);
              cairo_line_to (cr, mid + cap, c->e0);
              cairo_move_to (cr, mid - cap, c->e1);
              cairo_line_to (cr, mid + cap, c->e1);
            }
        }
      self->primitives++;
    }
  /* A halo of the plot's background keeps them readable on light and
   * dark bars in either theme. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_width (cr, MAX (s, lw * 0.75) + 2 * s);
  aiperf_set_rgba (cr, self->style->plot_background, 0.6 * layer->opacity);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, MAX (s, lw * 0.75));
  aiperf_set_rgba (cr, self->style->foreground, 0.9 * layer->opacity);
  cairo_stroke (cr);
}

static void
record_hits (AiperfRenderer    *self,
             const AiperfLayer *layer,
             guint              index,
             const BarColumn   *cols,
             guint              n_cols,
             gboolean           horizontal)
{
  if (!layer->pickable)
    return;
  for (guint k = 0; k < n_cols; k++)
    {
      const BarColumn *c = &cols[k];
      AiperfBarHit hit;
      double mid;

      if (!c->used)
        continue;
      mid = (c->a0 + c->a1) / 2;
      if (horizontal)
        hit.rect = (AiperfRect) { c->b0, c->a0, MAX (c->b1 - c->b0, 1.0), MAX (c->a1 - c->a0, 1.0) };
      else
        hit.rect = (AiperfRect) { c->a0, c->b0, MAX (c->a1 - c->a0, 1.0), MAX (c->b1 - c->b0, 1.0) };
      hit.entry.layer = index;
      hit.entry.index = c->rep;
      hit.entry.series = layer->series;
      hit.entry.id = layer->ids != NULL && c->rep < layer->ids->len
        ? g_array_index (layer->ids, int, c->rep) : -1;
      hit.entry.x = g_array_index (layer->x, double, c->rep);
      hit.entry.y = g_array_index (layer->y, double, c->rep);
      hit.entry.px = (float) (horizontal ? c->tip : mid);
      hit.entry.py = (float) (horizontal ? mid : c->tip);
      g_array_append_val (self->bar_hits, hit);
    }
}

void
aiperf_renderer_draw_bars (AiperfRenderer    *self,
                           cairo_t           *cr,
                           const AiperfLayer *layer,
                           guint              index)
{
  gboolean horizontal = layer->kind == AIPERF_LAYER_HBARS;
  const AiperfAxisMap *cat = horizontal ? aiperf_renderer_y_map (self, layer->on_y2) : &self->mx;
  const AiperfAxisMap *val = horizontal ? &self->mx : aiperf_renderer_y_map (self, layer->on_y2);
  const AiperfRect *area = &self->area;
  double lo_px = horizontal ? area->y : area->x;
  double span_px = horizontal ? area->height : area->width;
  GArray *err_lo = horizontal ? layer->xlo : layer->lo;
  GArray *err_hi = horizontal ? layer->xhi : layer->hi;
  guint n = aiperf_layer_get_n (layer);
  guint slots = MAX (layer->n_groups, 1u);
  guint n_cols = (guint) ceil (span_px) + 2;
  double base = value_base (val, horizontal ? area->x : area->y + area->height,
                            horizontal ? area->x + area->width : area->y);
  g_autofree BarColumn *cols = g_new0 (BarColumn, n_cols);

  for (guint i = 0; i < n; i++)
    {
      double pos = horizontal ? g_array_index (layer->y, double, i) : g_array_index (layer->x, double, i);
      double v = horizontal ? g_array_index (layer->x, double, i) : g_array_index (layer->y, double, i);
      double w = COL (layer->x2, i);
      /* The slot of this layer within the category's width. */
      double left = pos - w / 2 + w * layer->group / slots;
      double right = left + w / slots;
      double p0 = aiperf_axis_map_to_px (cat, left), p1 = aiperf_axis_map_to_px (cat, right);
      double tip = aiperf_axis_map_to_px (val, v);
      double a0, a1;
      int key;

      if (!isfinite (p0) || !isfinite (p1) || !isfinite (tip))
        continue;
      a0 = MIN (p0, p1);
      a1 = MAX (p0, p1);
      if (a1 < lo_px - 1 || a0 > lo_px + span_px + 1)
        continue;
      key = CLAMP ((int) floor (a0 - lo_px) + 1, 0, (int) n_cols - 1);
      column_add (&cols[key], a0, a1, base, tip,
                  aiperf_axis_map_to_px (val, COL (err_lo, i)),
                  aiperf_axis_map_to_px (val, COL (err_hi, i)), i);
    }
  paint_columns (self, cr, layer, cols, n_cols, horizontal);
  record_hits (self, layer, index, cols, n_cols, horizontal);
}

/* A label on a light plate, so it reads over bars and grid alike. */
static void
show_plate_label (AiperfRenderer *self,
                  cairo_t        *cr,
                  const char     *label,
                  double          x,
                  double          y,
                  double          ax,
                  double          ay,
                  AiperfRGBA      color,
                  double          alpha)
{
  double w, h, m = 2 * self->s;

  aiperf_renderer_text_size (self, label, &w, &h);
  cairo_rectangle (cr, x - ax * w - m, y - ay * h, w + 2 * m, h);
  aiperf_set_rgba (cr, self->style->plot_background, 0.85);
  cairo_fill (cr);
  aiperf_set_rgba (cr, color, alpha);
  aiperf_renderer_show_text (self, cr, label, x, y, ax, ay, 0);
}

typedef struct {
  double x, y, ax, ay;
} PlateSpot;

static gboolean
rects_meet (const AiperfRect *a,
            const AiperfRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* Whether a plate at @r is inside the plot and clear of the labels placed
 * so far (point labels, sliding text, other reference lines' labels). */
static gboolean
plate_free (AiperfRenderer   *self,
            const AiperfRect *r)
{
  const AiperfRect *a = &self->area;

  if (r->x < a->x || r->y < a->y || r->x + r->width > a->x + a->width ||
      r->y + r->height > a->y + a->height)
    return FALSE;
  for (guint k = 0; k < self->labels->len; k++)
    if (rects_meet (&g_array_index (self->labels, AiperfPlacedLabel, k).rect, r))
      return FALSE;
  for (guint k = 0; k < self->rule_labels->len; k++)
    if (rects_meet (&g_array_index (self->rule_labels, AiperfPlacedLabel, k).rect, r))
      return FALSE;
  return TRUE;
}

/* Where a reference line at @p has its label: the usual place (right end,
 * above a horizontal line; top, right of a vertical one) unless a label is
 * already there; then across the line; then further along it. Failing
 * all, the usual place. The chosen plate is kept so later labels avoid it. */
static PlateSpot
place_rule_label (AiperfRenderer *self,
                  gboolean        vertical,
                  double          p,
                  const char     *label,
                  AiperfRGBA      color)
{
  const AiperfRect *a = &self->area;
  double s = self->s, m = 2 * s, w, h;
  PlateSpot spots[18], chosen;
  guint n = 0;

  aiperf_renderer_text_size (self, label, &w, &h);
  if (vertical)
    {
      /* right of the line, or left of it near the right edge; stacked down */
      gboolean flip = p + 4 * s + w > a->x + a->width;

      for (guint k = 0; k < 8; k++)
        {
          double y = a->y + 4 * s + k * (h + 2 * s);

          spots[n++] = (PlateSpot) { flip ? p - 4 * s : p + 4 * s, y, flip ? 1.0 : 0.0, 0.0 };
          spots[n++] = (PlateSpot) { flip ? p + 4 * s : p - 4 * s, y, flip ? 0.0 : 1.0, 0.0 };
        }
    }
  else
    for (guint k = 0; k < 9; k++)
      {
        double x = a->x + a->width - 4 * s - k * (w + 4 * m);

        spots[n++] = (PlateSpot) { x, p - 2 * s, 1.0, 1.0 };
        spots[n++] = (PlateSpot) { x, p + 2 * s, 1.0, 0.0 };
      }
  chosen = spots[0];
  for (guint i = 0; i < n; i++)
    {
      AiperfRect r = { spots[i].x - spots[i].ax * w - m, spots[i].y - spots[i].ay * h, w + 2 * m, h };

      if (plate_free (self, &r))
        {
          chosen = spots[i];
          break;
        }
    }
  {
    AiperfPlacedLabel kept = { { chosen.x - chosen.ax * w - m, chosen.y - chosen.ay * h, w + 2 * m, h },
                               label, p, p, color };

    g_array_append_val (self->rule_labels, kept);
  }
  return chosen;
}

void
aiperf_renderer_draw_rules (AiperfRenderer    *self,
                            cairo_t           *cr,
                            const AiperfLayer *layer)
{
  gboolean vertical = layer->kind == AIPERF_LAYER_VLINE;
  const AiperfRect *a = &self->area;
  const AiperfAxisMap *m = vertical ? &self->mx : aiperf_renderer_y_map (self, layer->on_y2);
  GArray *values = vertical ? layer->x : layer->y;
  AiperfRGBA color = aiperf_style_resolve (self->style, layer->color);
  double s = self->s, lo = vertical ? a->x : a->y, span = vertical ? a->width : a->height;
  guint n = aiperf_layer_get_n (layer);
  guint n_slots = (guint) ceil (span) + 1;
  g_autofree guint8 *taken = g_new0 (guint8, n_slots);

  if (layer->dashed)
    {
      double dash[2] = { 6 * s, 4 * s };

      cairo_set_dash (cr, dash, 2, 0);
    }
  aiperf_renderer_set_font (self, self->style->font_size * s, FALSE);
  for (guint i = 0; i < n; i++)
    {
      double p = aiperf_axis_map_to_px (m, g_array_index (values, double, i));
      const char *label = layer->labels != NULL && i < layer->labels->len
        ? g_ptr_array_index (layer->labels, i) : NULL;
      int slot;

      if (!isfinite (p) || p < lo - 0.5 || p > lo + span + 0.5)
        continue;
      /* One line per pixel column (row): a second one there would not show. */
      slot = CLAMP ((int) floor (p - lo), 0, (int) n_slots - 1);
      if (taken[slot])
        continue;
      taken[slot] = 1;
      p = aiperf_snap (cr, p, layer->line_width * s, vertical);
      if (vertical)
        {
          cairo_move_to (cr, p, a->y);
          cairo_line_to (cr, p, a->y + a->height);
        }
      else
        {
          cairo_move_to (cr, a->x, p);
          cairo_line_to (cr, a->x + a->width, p);
        }
      cairo_set_line_width (cr, layer->line_width * s);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      aiperf_set_rgba (cr, color, layer->opacity);
      cairo_stroke (cr);
      if (label != NULL && label[0] != '\0')
        {
          PlateSpot spot = place_rule_label (self, vertical, p, label, color);

          cairo_save (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          show_plate_label (self, cr, label, spot.x, spot.y, spot.ax, spot.ay, color, layer->opacity);
          cairo_restore (cr);
        }
      self->primitives++;
    }
}

static double
distance_to_rect (const AiperfRect *r,
                  double            px,
                  double            py)
{
  double dx = MAX (MAX (r->x - px, 0.0), px - (r->x + r->width));
  double dy = MAX (MAX (r->y - py, 0.0), py - (r->y + r->height));

  return sqrt (dx * dx + dy * dy);
}

static int
cmp_top (gconstpointer a,
         gconstpointer b)
{
  const AiperfBarHit *x = a, *y = b;

  if (x->rect.y != y->rect.y)
    return x->rect.y < y->rect.y ? -1 : 1;
  /* then in drawing order: the one on top last */
  if (x->entry.layer != y->entry.layer)
    return x->entry.layer < y->entry.layer ? -1 : 1;
  return (x->entry.index > y->entry.index) - (x->entry.index < y->entry.index);
}

void
aiperf_renderer_sort_segment_hits (AiperfRenderer *self)
{
  g_array_sort (self->segment_hits, cmp_top);
}

/* The segments whose band of rows reaches (px, py) within @best_d: from
 * the first whose top is low enough, until the tops pass below it. */
static const AiperfBarHit *
pick_segment (AiperfRenderer *self,
              double          px,
              double          py,
              double         *best_d)
{
  const AiperfBarHit *hits = (const AiperfBarHit *) (gpointer) self->segment_hits->data;
  const AiperfBarHit *best = NULL;
  double from = py - *best_d - self->segment_thick;
  guint lo = 0, hi = self->segment_hits->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (hits[mid].rect.y < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo; i < self->segment_hits->len && hits[i].rect.y <= py + *best_d; i++)
    {
      double d = distance_to_rect (&hits[i].rect, px, py);

      /* On a tie, the later layer: it is drawn on top (the prefill over
       * the decode at the first token). */
      if (d < *best_d || (d == *best_d && (best == NULL || hits[i].entry.layer >= best->entry.layer)))
        {
          *best_d = d;
          best = &hits[i];
        }
    }
  return best;
}

gboolean
aiperf_renderer_pick_bars (AiperfRenderer *self,
                           double          px,
                           double          py,
                           double          radius,
                           AiperfPick     *out)
{
  const AiperfBarHit *best = NULL, *segment;
  double best_d = radius;

  for (guint i = 0; i < self->bar_hits->len; i++)
    {
      const AiperfBarHit *hit = &g_array_index (self->bar_hits, AiperfBarHit, i);
      double d = distance_to_rect (&hit->rect, px, py);

      /* Later layers are drawn on top and win ties. */
      if (d <= best_d)
        {
          best_d = d;
          best = hit;
        }
    }
  segment = pick_segment (self, px, py, &best_d);
  if (segment != NULL)
    best = segment;
  if (best == NULL)
    return FALSE;
  if (out != NULL)
    {
      out->layer = best->entry.layer;
      out->index = best->entry.index;
      out->series = best->entry.series;
      out->id = best->entry.id;
      out->x = best->entry.x;
      out->y = best->entry.y;
      /* Along a segment the ring stays under the pointer. */
      out->px = segment != NULL ? CLAMP (px, best->rect.x, best->rect.x + best->rect.width) : best->entry.px;
      out->py = best->entry.py;
      out->distance = best_d;
      out->panel = -1;
    }
  return TRUE;
}
