/* aiperf-decimate.c — reduce drawing to the pixel grid, and find points fast.
 *
 * A 50,000-point series never draws more than the pixels it covers: a line
 * keeps the first, lowest, highest and last vertex of each pixel column
 * (the same picture, since a column is one pixel wide), and markers keep
 * one per pixel. Hover uses a grid of buckets built at draw time, so a pick
 * looks at a handful of points, not all of them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-renderer-private.h"

#include <math.h>
#include <string.h>

#define PICK_CELL 16.0

void
aiperf_line_decimator_init (AiperfLineDecimator *d,
                            cairo_t             *cr)
{
  memset (d, 0, sizeof *d);
  d->cr = cr;
}

static void
put (AiperfLineDecimator *d,
     double               x,
     double               y)
{
  if (d->pen_down)
    cairo_line_to (d->cr, x, y);
  else
    cairo_move_to (d->cr, x, y);
  d->emitted++;
  if (d->chunk > 0 && d->pen_down && ++d->in_chunk >= d->chunk)
    {
      /* The next chunk repeats the last segment: both strokes cover it
       * fully, so no antialiasing seam shows where they meet. */
      cairo_stroke (d->cr);
      cairo_move_to (d->cr, d->pen_x, d->pen_y);
      cairo_line_to (d->cr, x, y);
      d->in_chunk = 0;
    }
  d->pen_down = TRUE;
  d->pen_x = x;
  d->pen_y = y;
}

static void
put_pending (AiperfLineDecimator *d)
{
  if (d->have_pending)
    put (d, d->pending_x, d->pending_y);
  d->have_pending = FALSE;
}

/* A vertex on the straight segment between its neighbours adds nothing:
 * a flat band of 50,000 slices is four vertices, not four per column. */
static gboolean
on_segment (double x0, double y0,
            double x1, double y1,
            double x2, double y2)
{
  double dx = x2 - x0, dy = y2 - y0;
  double len2 = dx * dx + dy * dy;
  double t, cross;

  if (len2 <= 0)
    return x1 == x0 && y1 == y0;
  t = ((x1 - x0) * dx + (y1 - y0) * dy) / len2;
  cross = (x1 - x0) * dy - (y1 - y0) * dx;
  return t >= 0 && t <= 1 && cross * cross <= 0.01 * len2;  /* within 0.1 px */
}

static void
emit (AiperfLineDecimator *d,
      double               x,
      double               y)
{
  if (!d->pen_down)
    {
      put (d, x, y);
      return;
    }
  if (d->have_pending &&
      !on_segment (d->pen_x, d->pen_y, d->pending_x, d->pending_y, x, y))
    put_pending (d);
  d->have_pending = TRUE;
  d->pending_x = x;
  d->pending_y = y;
}

static void
flush_column (AiperfLineDecimator *d)
{
  if (!d->have_col)
    return;
  emit (d, d->first_x, d->first_y);
  if (d->min_y != d->max_y || d->first_x != d->last_x)
    {
      /* Keep the vertical extent in the order the data went through it. */
      if (d->first_y != d->min_y && d->first_y != d->max_y)
        {
          gboolean min_first = fabs (d->first_y - d->min_y) < fabs (d->first_y - d->max_y);

          emit (d, d->first_x, min_first ? d->min_y : d->max_y);
          emit (d, d->first_x, min_first ? d->max_y : d->min_y);
        }
      else if (d->first_y == d->min_y && d->max_y != d->min_y && d->last_y != d->max_y)
        emit (d, d->first_x, d->max_y);
      else if (d->first_y == d->max_y && d->max_y != d->min_y && d->last_y != d->min_y)
        emit (d, d->first_x, d->min_y);
      emit (d, d->last_x, d->last_y);
    }
  d->have_col = FALSE;
}

void
aiperf_line_decimator_add (AiperfLineDecimator *d,
                           double               px,
                           double               py)
{
  double col = floor (px);

  if (d->have_col && col == d->col_x)
    {
      d->last_x = px;
      d->last_y = py;
      d->min_y = MIN (d->min_y, py);
      d->max_y = MAX (d->max_y, py);
      return;
    }
  flush_column (d);
  d->have_col = TRUE;
  d->col_x = col;
  d->first_x = d->last_x = px;
  d->first_y = d->last_y = d->min_y = d->max_y = py;
}

void
aiperf_line_decimator_flush (AiperfLineDecimator *d)
{
  flush_column (d);
}

void
aiperf_line_decimator_break (AiperfLineDecimator *d)
{
  flush_column (d);
  put_pending (d);
  d->pen_down = FALSE;
}

guint64
aiperf_line_decimator_end (AiperfLineDecimator *d)
{
  aiperf_line_decimator_break (d);
  return d->emitted;
}

void
aiperf_pixel_mask_init (AiperfPixelMask   *m,
                        const AiperfRect  *area)
{
  m->x0 = floor (area->x);
  m->y0 = floor (area->y);
  m->w = MAX (1, (int) ceil (area->width) + 1);
  m->h = MAX (1, (int) ceil (area->height) + 1);
  m->bits = g_new0 (guint32, ((gsize) m->w * m->h + 31) / 32);
}

gboolean
aiperf_pixel_mask_claim (AiperfPixelMask *m,
                         double           px,
                         double           py)
{
  int ix = (int) floor (px - m->x0);
  int iy = (int) floor (py - m->y0);
  gsize bit;

  if (ix < 0 || iy < 0 || ix >= m->w || iy >= m->h)
    return TRUE;  /* outside the mask (edge markers): always drawn */
  bit = (gsize) iy * m->w + ix;
  if (m->bits[bit / 32] & (1u << (bit % 32)))
    return FALSE;
  m->bits[bit / 32] |= 1u << (bit % 32);
  return TRUE;
}

void
aiperf_pixel_mask_clear (AiperfPixelMask *m)
{
  g_clear_pointer (&m->bits, g_free);
}

void
aiperf_spans_add (GArray *spans,
                  double  across,
                  double  lo,
                  double  hi)
{
  AiperfSpan sp;

  if (!isfinite (across) || !isfinite (lo) || !isfinite (hi))
    return;
  sp.lane = (gint64) floor (across);
  sp.lo = MIN (lo, hi);
  sp.hi = MAX (lo, hi);
  sp.at_lo = sp.at_hi = across;
  sp.count = 1;
  g_array_append_val (spans, sp);
}

static int
span_compare (gconstpointer a,
              gconstpointer b)
{
  const AiperfSpan *sa = a, *sb = b;

  if (sa->lane != sb->lane)
    return sa->lane < sb->lane ? -1 : 1;
  if (sa->lo != sb->lo)
    return sa->lo < sb->lo ? -1 : 1;
  return (sa->hi > sb->hi) - (sa->hi < sb->hi);
}

void
aiperf_spans_merge (GArray *spans,
                    double  gap)
{
  guint out = 0;

  if (spans->len < 2)
    return;
  /* Sorted by lane then start, a run's end is the largest end so far: a
   * span that starts past it (plus the gap) begins a new run. */
  g_array_sort (spans, span_compare);
  for (guint i = 1; i < spans->len; i++)
    {
      AiperfSpan *cur = &g_array_index (spans, AiperfSpan, out);
      const AiperfSpan *sp = &g_array_index (spans, AiperfSpan, i);

      if (sp->lane == cur->lane && sp->lo <= cur->hi + gap)
        {
          if (sp->hi > cur->hi)
            {
              cur->hi = sp->hi;
              cur->at_hi = sp->at_hi;
            }
          cur->count += sp->count;
          continue;
        }
      out++;
      if (out != i)
        g_array_index (spans, AiperfSpan, out) = *sp;
    }
  g_array_set_size (spans, out + 1);
}

void
aiperf_pick_grid_clear (AiperfPickGrid *g)
{
  g_clear_pointer (&g->entries, g_array_unref);
  g_clear_pointer (&g->cell_start, g_free);
  g->cols = g->rows = 0;
}

static guint
cell_of (const AiperfPickGrid *g,
         double                px,
         double                py)
{
  int cx = CLAMP ((int) floor ((px - g->x0) / g->cell), 0, (int) g->cols - 1);
  int cy = CLAMP ((int) floor ((py - g->y0) / g->cell), 0, (int) g->rows - 1);

  return (guint) cy * g->cols + (guint) cx;
}

void
aiperf_pick_grid_build (AiperfRenderer *self)
{
  AiperfPickGrid *g = &self->grid;
  const AiperfChart *chart = self->chart;
  g_autoptr(GArray) raw = g_array_new (FALSE, FALSE, sizeof (AiperfPickEntry));
  guint *fill;
  guint n_cells;

  aiperf_pick_grid_clear (g);
  g->cell = PICK_CELL;
  g->x0 = self->area.x;
  g->y0 = self->area.y;
  g->cols = MAX (1u, (guint) ceil (self->area.width / g->cell));
  g->rows = MAX (1u, (guint) ceil (self->area.height / g->cell));
  n_cells = g->cols * g->rows;

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      const AiperfAxisMap *ym = aiperf_renderer_y_map (self, layer->on_y2);
      guint n = aiperf_layer_get_n (layer);

      /* Bars are picked by their area (aiperf-renderer-bars.c), segments
       * along their length (aiperf-renderer-layers.c). */
      if (!layer->pickable || !aiperf_renderer_layer_visible (chart, layer) || layer->y == NULL ||
          layer->kind == AIPERF_LAYER_BARS || layer->kind == AIPERF_LAYER_HBARS ||
          layer->kind == AIPERF_LAYER_SEGMENTS)
        continue;
      for (guint i = 0; i < n; i++)
        {
          AiperfPickEntry e;
          double x = g_array_index (layer->x, double, i);
          double y = g_array_index (layer->y, double, i);
          double px = aiperf_axis_map_to_px (&self->mx, x);
          double py = aiperf_axis_map_to_px (ym, y);

          if (!isfinite (px) || !isfinite (py) ||
              px < self->area.x || px > self->area.x + self->area.width ||
              py < self->area.y || py > self->area.y + self->area.height)
            continue;
          e.layer = l;
          e.index = i;
          e.series = layer->series;
          e.id = layer->ids != NULL && i < layer->ids->len
            ? g_array_index (layer->ids, int, i) : -1;
          e.x = x;
          e.y = y;
          e.px = (float) px;
          e.py = (float) py;
          g_array_append_val (raw, e);
        }
    }

  /* Counting sort into cells: one pass to count, one to place. */
  g->cell_start = g_new0 (guint, n_cells + 1);
  for (guint i = 0; i < raw->len; i++)
    {
      const AiperfPickEntry *e = &g_array_index (raw, AiperfPickEntry, i);

      g->cell_start[cell_of (g, e->px, e->py) + 1]++;
    }
  for (guint c = 0; c < n_cells; c++)
    g->cell_start[c + 1] += g->cell_start[c];
  g->entries = g_array_sized_new (FALSE, FALSE, sizeof (AiperfPickEntry), raw->len);
  g_array_set_size (g->entries, raw->len);
  fill = g_memdup2 (g->cell_start, sizeof (guint) * n_cells);
  for (guint i = 0; i < raw->len; i++)
    {
      const AiperfPickEntry *e = &g_array_index (raw, AiperfPickEntry, i);
      guint c = cell_of (g, e->px, e->py);

      g_array_index (g->entries, AiperfPickEntry, fill[c]++) = *e;
    }
  g_free (fill);
}

gboolean
aiperf_pick_grid_find (const AiperfPickGrid *g,
                       double                px,
                       double                py,
                       double                radius,
                       AiperfPick           *out)
{
  const AiperfPickEntry *best = NULL;
  double best_d2 = radius * radius;
  int cx0, cx1, cy0, cy1;

  if (g->entries == NULL || g->entries->len == 0 || !(radius >= 0))
    return FALSE;
  cx0 = (int) floor ((px - radius - g->x0) / g->cell);
  cx1 = (int) floor ((px + radius - g->x0) / g->cell);
  cy0 = (int) floor ((py - radius - g->y0) / g->cell);
  cy1 = (int) floor ((py + radius - g->y0) / g->cell);
  cx0 = MAX (cx0, 0);
  cy0 = MAX (cy0, 0);
  cx1 = MIN (cx1, (int) g->cols - 1);
  cy1 = MIN (cy1, (int) g->rows - 1);

  for (int cy = cy0; cy <= cy1; cy++)
    for (int cx = cx0; cx <= cx1; cx++)
      {
        guint c = (guint) cy * g->cols + (guint) cx;

        for (guint k = g->cell_start[c]; k < g->cell_start[c + 1]; k++)
          {
            const AiperfPickEntry *e = &g_array_index (g->entries, AiperfPickEntry, k);
            double dx = e->px - px, dy = e->py - py;
            double d2 = dx * dx + dy * dy;

            /* Ties go to the later (drawn on top) point. */
            if (d2 < best_d2 || (d2 == best_d2 && best != NULL && e->layer >= best->layer))
              {
                best_d2 = d2;
                best = e;
              }
            else if (best == NULL && d2 <= best_d2)
              {
                best_d2 = d2;
                best = e;
              }
          }
      }
  if (best == NULL)
    return FALSE;
  if (out != NULL)
    {
      out->layer = best->layer;
      out->index = best->index;
      out->series = best->series;
      out->id = best->id;
      out->x = best->x;
      out->y = best->y;
      out->px = best->px;
      out->py = best->py;
      out->distance = sqrt (best_d2);
    }
  return TRUE;
}
