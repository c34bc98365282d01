/* aiperf-timeline.c — a trace's timeline painted from a track model: one
 * lane per process/thread (labels on the left), slices coloured by key
 * (kernel category, or event category), what is shorter than a pixel
 * drawn as per-pixel density, counters as step lines, a time axis below
 * and the keys' legend; lanes fold to one row, a search dims what does
 * not match, and a selected slice is outlined with an arrow to the slice
 * linked to it (a kernel's launch).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "aiperf-png.h"
#include "aiperf-ticks.h"
#include "aiperf-timeline.h"
#include "aiperf-writer.h"

typedef struct {
  cairo_t           *cr;
  const AiperfStyle *style;
  double             x0, y0, width, row;   /* the lane's rows */
  gint64             t0, t1;
  gboolean           folded;               /* every depth on the first row */
  gboolean           matching;             /* a search is on: dim the rest */
  guint             *key_used;
  guint              n_keys;
  /* A lane's boxes, painted together (flush); search outlines are
   * stroked over them. */
  GArray            *boxes;                /* Box */
  GArray            *outlines;             /* Box */
} Paint;

typedef struct {
  double x, y, w, h;
  guint  key;
  double alpha;
} Box;

static AiperfRGBA
key_color (const AiperfStyle *style,
           guint              key)
{
  return style->palette[key % style->n_palette];
}

/* The boxes over @image (whose pixel (0, 0) is at @ox, @oy and which has
 * @kx, @ky pixels per unit), each pixel whose centre a box covers, in the
 * order they came (a folded lane's deeper rows over the shallower). */
static void
fill_boxes (const Paint     *p,
            cairo_surface_t *image,
            double           ox,
            double           oy,
            double           kx,
            double           ky)
{
  guchar *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  int w = cairo_image_surface_get_width (image), h = cairo_image_surface_get_height (image);

  for (guint i = 0; i < p->boxes->len; i++)
    {
      const Box *b = &g_array_index (p->boxes, Box, i);
      AiperfRGBA c = key_color (p->style, b->key);
      int x0 = CLAMP ((int) lround ((b->x - ox) * kx), 0, w), x1 = CLAMP ((int) lround ((b->x + b->w - ox) * kx), 0, w);
      int y0 = CLAMP ((int) lround ((b->y - oy) * ky), 0, h), y1 = CLAMP ((int) lround ((b->y + b->h - oy) * ky), 0, h);
      /* Premultiplied, as cairo keeps ARGB32. */
      guint32 a = (guint32) lround (b->alpha * 255);
      guint32 r = (guint32) lround (c.r * a), g = (guint32) lround (c.g * a), bl = (guint32) lround (c.b * a);

      /* A box under a pixel still shows, one pixel wide (and tall). */
      if (x1 <= x0 && x0 < w)
        x1 = x0 + 1;
      if (y1 <= y0 && y0 < h)
        y1 = y0 + 1;
      for (int y = y0; y < y1; y++)
        {
          guint32 *row = (guint32 *) (data + (gsize) y * stride);

          for (int x = x0; x < x1; x++)
            {
              guint32 d = row[x], keep = 255 - a;

              /* Over what is there: src + dst × (1 − src alpha). */
              row[x] = (a + (d >> 24) * keep / 255) << 24 | (r + ((d >> 16) & 0xff) * keep / 255) << 16 |
                       (g + ((d >> 8) & 0xff) * keep / 255) << 8 | (bl + (d & 0xff) * keep / 255);
            }
        }
    }
}

/* Paints a lane's boxes. Dense rows change colour at every pixel, and
 * thousands of one-pixel rectangles cost cairo more than the query: they
 * are set into a pixel buffer of the target's resolution and painted at
 * once. A transform that is more than a scale and a shift draws them as
 * paths. */
static void
flush (Paint *p)
{
  cairo_matrix_t m;
  double dsx = 1, dsy = 1, top = G_MAXDOUBLE, bottom = -G_MAXDOUBLE, clip_x1, clip_y1, clip_x2, clip_y2;

  cairo_get_matrix (p->cr, &m);
  cairo_surface_get_device_scale (cairo_get_group_target (p->cr), &dsx, &dsy);
  for (guint i = 0; i < p->boxes->len; i++)
    {
      const Box *b = &g_array_index (p->boxes, Box, i);

      top = MIN (top, b->y);
      bottom = MAX (bottom, b->y + b->h);
    }
  /* Only the rows that show: a deep lane can reach far below the plot. */
  cairo_clip_extents (p->cr, &clip_x1, &clip_y1, &clip_x2, &clip_y2);
  top = MAX (top, clip_y1);
  bottom = MIN (bottom, clip_y2);
  if (top < bottom && m.xy == 0 && m.yx == 0 && m.xx > 0 && m.yy > 0)
    {
      double kx = m.xx * dsx, ky = m.yy * dsy;
      /* The buffer's corner on a whole target pixel: painted pixel for pixel. */
      double ox = (floor ((p->x0 * m.xx + m.x0) * dsx) / dsx - m.x0) / m.xx;
      double oy = (floor ((top * m.yy + m.y0) * dsy) / dsy - m.y0) / m.yy;
      cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (p->width * kx) + 2,
                                                           (int) ceil ((bottom - oy) * ky) + 1);

      cairo_surface_flush (image);
      fill_boxes (p, image, ox, oy, kx, ky);
      cairo_surface_mark_dirty (image);
      cairo_surface_set_device_scale (image, kx, ky);
      cairo_set_source_surface (p->cr, image, ox, oy);
      cairo_pattern_set_filter (cairo_get_source (p->cr), CAIRO_FILTER_NEAREST);
      cairo_paint (p->cr);
      cairo_surface_destroy (image);
    }
  else if (top < bottom)
    for (guint i = 0; i < p->boxes->len; i++)
      {
        const Box *b = &g_array_index (p->boxes, Box, i);
        AiperfRGBA c = key_color (p->style, b->key);

        cairo_set_source_rgba (p->cr, c.r, c.g, c.b, b->alpha);
        cairo_rectangle (p->cr, b->x, b->y, b->w, b->h);
        cairo_fill (p->cr);
      }
  if (p->outlines->len > 0)
    {
      cairo_set_source_rgba (p->cr, p->style->foreground.r, p->style->foreground.g, p->style->foreground.b, 1);
      cairo_set_line_width (p->cr, 1.5);
      for (guint i = 0; i < p->outlines->len; i++)
        {
          const Box *b = &g_array_index (p->outlines, Box, i);

          cairo_rectangle (p->cr, b->x, b->y, b->w, b->h);
        }
      cairo_stroke (p->cr);
    }
  g_array_set_size (p->boxes, 0);
  g_array_set_size (p->outlines, 0);
}

static double
x_of (const Paint *p,
      gint64       t)
{
  return p->x0 + p->width * (double) (CLAMP (t, p->t0, p->t1) - p->t0) / (double) (p->t1 - p->t0);
}

static void
paint_slice (gint64      start,
             gint64      end,
             guint       depth,
             guint       key,
             const char *name,
             guint       count,
             guint       n_matched,
             gpointer    user_data)
{
  Paint *p = user_data;
  double x = x_of (p, start), x2 = x_of (p, end);
  double y = p->y0 + (p->folded ? 0 : depth) * p->row;
  double h = MAX (1.0, p->row - (p->row > 4 ? 1 : 0));
  double alpha = count > 1 ? 0.65 : 0.9;

  /* A slice under a pixel still shows, one pixel wide. */
  if (x2 - x < 1.0)
    x2 = x + 1.0;
  if (p->matching && n_matched == 0)
    alpha = 0.18;
  g_array_append_val (p->boxes, ((Box) { x, y, x2 - x, h, key, alpha }));
  if (p->matching && n_matched > 0)
    g_array_append_val (p->outlines, ((Box) { x + 0.75, y + 0.75, MAX (0.5, x2 - x - 1.5), MAX (0.5, h - 1.5), 0, 1 }));
  if (key < p->n_keys)
    p->key_used[key] = TRUE;
}

/* A counter lane: the value as steps, each pixel column's range behind. */
typedef struct {
  Paint  *paint;
  double  min, max, height;
  double  last_x, last_y;
  gboolean started;
} CounterPaint;

static double
counter_y (const CounterPaint *c,
           double              v)
{
  double span = c->max - c->min;

  return c->paint->y0 + c->height - 1 - (span > 0 ? (v - c->min) / span : 0.5) * (c->height - 2);
}

static void
paint_counter (gint64   start,
               double   last,
               double   min,
               double   max,
               gpointer user_data)
{
  CounterPaint *c = user_data;
  cairo_t *cr = c->paint->cr;
  double x = x_of (c->paint, start);

  if (max > min)
    {
      cairo_rectangle (cr, x, counter_y (c, max), 1, counter_y (c, min) - counter_y (c, max) + 1);
      cairo_fill (cr);
    }
  if (!c->started)
    cairo_move_to (cr, x, counter_y (c, last));
  else
    {
      cairo_move_to (cr, c->last_x, c->last_y);
      cairo_line_to (cr, x, c->last_y);
      cairo_line_to (cr, x, counter_y (c, last));
    }
  cairo_stroke (cr);
  c->started = TRUE;
  c->last_x = x;
  c->last_y = counter_y (c, last);
}

static void
draw_counter (Paint                  *p,
              const AiperfTrackModel *model,
              guint                   lane,
              double                  height,
              gint64                  ns_per_px)
{
  CounterPaint c = { p, 0, 0, height, 0, 0, FALSE };
  guint key = lane;   /* a colour of its own per counter lane */
  AiperfRGBA color = key_color (p->style, key);

  cairo_set_antialias (p->cr, CAIRO_ANTIALIAS_DEFAULT);
  model->vtable->counter_range (model->self, lane, &c.min, &c.max);
  /* Counters start from zero when all their values are positive. */
  c.min = MIN (c.min, 0.0);
  cairo_set_source_rgba (p->cr, color.r, color.g, color.b, 0.95);
  cairo_set_line_width (p->cr, 1.5);
  model->vtable->counter_query (model->self, lane, p->t0, p->t1, ns_per_px, paint_counter, &c);
  if (c.started)
    {
      cairo_move_to (p->cr, c.last_x, c.last_y);
      cairo_line_to (p->cr, p->x0 + p->width, c.last_y);
      cairo_stroke (p->cr);
    }
  cairo_set_antialias (p->cr, CAIRO_ANTIALIAS_NONE);
}

static void
show_text (cairo_t           *cr,
           const AiperfStyle *style,
           const char        *text,
           double             x,
           double             y,
           double             size,
           double             max_width,
           gboolean           right)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (style->font_family);
  int w, h;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, right ? x - w : x, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* Where things go: the plot area and the height of a row. */
typedef struct {
  double left, top, width, height, row;
} Layout;

static gboolean
lane_folded (const AiperfTimelineState *state,
             guint                      lane)
{
  return state->collapsed != NULL && lane < state->n_collapsed && state->collapsed[lane];
}

/* The rows a lane takes: one when folded. */
static guint
lane_rows (const AiperfTrackModel    *model,
           const AiperfTimelineState *state,
           guint                      lane)
{
  return lane_folded (state, lane) ? 1 : model->vtable->lane_depth (model->self, lane);
}

static void
layout_of (const AiperfTrackModel    *model,
           const AiperfTimelineState *state,
           const AiperfStyle         *style,
           double                     width,
           double                     height,
           Layout                    *out)
{
  const AiperfTrackModelVTable *vt = model->vtable;
  double s = style->scale;
  guint rows = 0;

  out->left = 260 * s;
  out->top = 70 * s;
  out->width = MAX (10.0, width - out->left - 24 * s);
  out->height = MAX (10.0, height - out->top - 60 * s);
  for (guint l = 0; l < vt->n_lanes (model->self); l++)
    rows += lane_rows (model, state, l);
  /* Every lane fits: rows shrink to a pixel before lanes are left out. */
  out->row = MAX (1.0, rows > 0 ? MIN (18 * s, out->height / rows) : 18 * s);
}

/* The top of @lane. */
static double
lane_top (const AiperfTrackModel    *model,
          const AiperfTimelineState *state,
          const Layout              *lay,
          guint                      lane)
{
  double y = lay->top;

  for (guint l = 0; l < lane; l++)
    y += lane_rows (model, state, l) * lay->row;
  return y;
}

static gint64
ns_per_pixel (const AiperfTimelineState *state,
              const Layout              *lay)
{
  return MAX ((gint64) 1, (gint64) ((double) (state->t1 - state->t0) / lay->width));
}

typedef struct {
  gint64      t;
  guint       depth;
  gboolean    folded;
  gboolean    found;
  AiperfTimelineHit *hit;
} Hunt;

static void
hunt_slice (gint64      start,
            gint64      end,
            guint       depth,
            guint       key,
            const char *name,
            guint       count,
            guint       n_matched,
            gpointer    user_data)
{
  Hunt *h = user_data;

  if ((!h->folded && depth != h->depth) || start > h->t || end < h->t)
    return;
  /* The one slice, or the busiest pixel column, under the pointer; in a
   * folded lane the innermost. */
  if (!h->found || count < h->hit->count || (h->folded && count == h->hit->count && depth > h->hit->depth))
    {
      h->found = TRUE;
      h->hit->start = start;
      h->hit->end = end;
      h->hit->depth = depth;
      h->hit->key = key;
      h->hit->count = count;
      g_free (h->hit->name);
      h->hit->name = g_strdup (name);
    }
}

static void
hunt_value (gint64   start,
            double   last,
            double   min,
            double   max,
            gpointer user_data)
{
  Hunt *h = user_data;

  /* The value in force at the pointer: the last sample before it. */
  if (start <= h->t)
    {
      h->found = TRUE;
      h->hit->start = start;
      h->hit->value = last;
    }
}

gboolean
aiperf_timeline_hit (const AiperfTrackModel    *model,
                     const AiperfTimelineState *state,
                     const AiperfStyle         *style,
                     double                     width,
                     double                     height,
                     double                     x,
                     double                     y,
                     AiperfTimelineHit         *out)
{
  const AiperfTrackModelVTable *vt;
  Layout lay;
  double top;
  gint64 ns_per_px;
  Hunt h;

  g_return_val_if_fail (model != NULL && state != NULL && style != NULL && out != NULL, FALSE);

  vt = model->vtable;
  memset (out, 0, sizeof *out);
  if (state->t1 <= state->t0)
    return FALSE;
  layout_of (model, state, style, width, height, &lay);
  if (x < lay.left || x > lay.left + lay.width || y < lay.top || y > lay.top + lay.height)
    return FALSE;
  out->t = state->t0 + (gint64) ((x - lay.left) / lay.width * (double) (state->t1 - state->t0));
  ns_per_px = ns_per_pixel (state, &lay);
  top = lay.top;
  for (guint l = 0; l < vt->n_lanes (model->self); l++)
    {
      double h_lane = lane_rows (model, state, l) * lay.row;
      double vmin, vmax;

      if (y >= top + h_lane)
        {
          top += h_lane;
          continue;
        }
      out->lane = l;
      h = (Hunt) { out->t, (guint) ((y - top) / lay.row), lane_folded (state, l), FALSE, out };
      if (vt->counter_range (model->self, l, &vmin, &vmax))
        {
          out->is_counter = TRUE;
          out->key = l;
          vt->counter_query (model->self, l, state->t0, out->t + 1, ns_per_px, hunt_value, &h);
          return h.found;
        }
      /* A pixel either side: a slice one pixel wide is hit too. */
      vt->query (model->self, l, out->t - ns_per_px, out->t + ns_per_px + 1, ns_per_px, NULL, hunt_slice, &h);
      return h.found;
    }
  return FALSE;
}

void
aiperf_timeline_hit_clear (AiperfTimelineHit *hit)
{
  if (hit != NULL)
    g_clear_pointer (&hit->name, g_free);
}

int
aiperf_timeline_lane_at (const AiperfTrackModel    *model,
                         const AiperfTimelineState *state,
                         const AiperfStyle         *style,
                         double                     width,
                         double                     height,
                         double                     x,
                         double                     y)
{
  Layout lay;
  double top;

  layout_of (model, state, style, width, height, &lay);
  if (x >= lay.left || y < lay.top)
    return -1;
  top = lay.top;
  for (guint l = 0; l < model->vtable->n_lanes (model->self); l++)
    {
      top += lane_rows (model, state, l) * lay.row;
      if (y < top)
        return (int) l;
    }
  return -1;
}

gint64
aiperf_timeline_time_at (const AiperfTrackModel    *model,
                         const AiperfTimelineState *state,
                         const AiperfStyle         *style,
                         double                     width,
                         double                     height,
                         double                     x)
{
  Layout lay;

  layout_of (model, state, style, width, height, &lay);
  return state->t0 + (gint64) (CLAMP ((x - lay.left) / lay.width, 0.0, 1.0) * (double) (state->t1 - state->t0));
}

double
aiperf_timeline_plot_width (const AiperfTrackModel    *model,
                            const AiperfTimelineState *state,
                            const AiperfStyle         *style,
                            double                     width,
                            double                     height)
{
  Layout lay;

  layout_of (model, state, style, width, height, &lay);
  return lay.width;
}

/* Where a slice is drawn, for its outline and arrows. */
static void
slice_box (const AiperfTrackModel    *model,
           const AiperfTimelineState *state,
           const Layout              *lay,
           const Paint               *p,
           const AiperfTrackSlice    *slice,
           double                    *x,
           double                    *y,
           double                    *w)
{
  *x = x_of (p, slice->start);
  *w = MAX (2.0, x_of (p, slice->end) - *x);
  *y = lane_top (model, state, lay, slice->lane) + (lane_folded (state, slice->lane) ? 0 : slice->depth) * lay->row;
}

/* The selected slice outlined; an arrow from the launch to what it
 * launched (the earlier of the two to the later). */
static void
draw_selection (cairo_t                   *cr,
                const AiperfTrackModel    *model,
                const AiperfTimelineState *state,
                const AiperfStyle         *style,
                const Layout              *lay,
                const Paint               *p)
{
  const AiperfTrackSlice *ends[2] = { state->selected, state->linked };
  double x[2], y[2], w[2];

  if (state->selected == NULL)
    return;
  cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 1);
  cairo_set_line_width (cr, 2);
  for (guint i = 0; i < 2; i++)
    if (ends[i] != NULL)
      {
        slice_box (model, state, lay, p, ends[i], &x[i], &y[i], &w[i]);
        cairo_rectangle (cr, x[i] - 1, y[i] - 1, w[i] + 2, lay->row + 1);
        cairo_stroke (cr);
      }
  if (state->linked != NULL)
    {
      guint from = state->selected->start <= state->linked->start ? 0 : 1, to = 1 - from;
      double x1 = x[from], y1 = y[from] + lay->row / 2, x2 = x[to], y2 = y[to] + lay->row / 2;
      double angle = atan2 (y2 - y1, x2 - x1);

      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x2, y2);
      cairo_stroke (cr);
      cairo_move_to (cr, x2, y2);
      cairo_line_to (cr, x2 - 9 * cos (angle - 0.4), y2 - 9 * sin (angle - 0.4));
      cairo_line_to (cr, x2 - 9 * cos (angle + 0.4), y2 - 9 * sin (angle + 0.4));
      cairo_close_path (cr);
      cairo_fill (cr);
    }
}

static void
draw_lane_names (cairo_t                   *cr,
                 const AiperfTrackModel    *model,
                 const AiperfTimelineState *state,
                 const AiperfStyle         *style,
                 const Layout              *lay)
{
  double s = style->scale, font = style->font_size * s;
  double y = lay->top;

  cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 1);
  for (guint l = 0; l < model->vtable->n_lanes (model->self) && y < lay->top + lay->height; l++)
    {
      double h = lane_rows (model, state, l) * lay->row;
      guint depth = model->vtable->lane_depth (model->self, l);

      /* Where a lane is tall enough to hold its name; ▸ on a folded one. */
      if (h >= font * 0.9)
        {
          g_autofree char *name = depth > 1 && lane_folded (state, l)
                                    ? g_strdup_printf ("▸ %s", model->vtable->lane_name (model->self, l))
                                    : g_strdup (model->vtable->lane_name (model->self, l));

          show_text (cr, style, name, lay->left - 8 * s, y + MIN (h, lay->row) / 2, font * 0.9,
                     lay->left - 16 * s, TRUE);
        }
      y += h;
    }
}

void
aiperf_timeline_draw (cairo_t                   *cr,
                      const AiperfTrackModel    *model,
                      const AiperfTimelineState *in_state,
                      const AiperfStyle         *style,
                      double                     width,
                      double                     height,
                      const char                *title)
{
  const AiperfTrackModelVTable *vt = model->vtable;
  double s = style->scale, font = style->font_size * s;
  guint n_lanes = vt->n_lanes (model->self);
  g_autofree guint *used = NULL;
  g_autoptr(GArray) ticks = NULL;
  AiperfTimelineState state = *in_state;
  double y;
  guint n_keys = vt->n_keys (model->self);
  gint64 ns_per_px;
  Layout lay;
  Paint p;

  if (state.t1 <= state.t0)
    state.t1 = state.t0 + 1;
  cairo_save (cr);
  cairo_set_source_rgba (cr, style->background.r, style->background.g, style->background.b, style->background.a);
  cairo_paint (cr);
  cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 1);
  show_text (cr, style, title, 20 * s, 24 * s, style->title_size * s, width - 40 * s, FALSE);

  layout_of (model, &state, style, width, height, &lay);
  ns_per_px = ns_per_pixel (&state, &lay);
  used = g_new0 (guint, MAX (n_keys, 1));
  p = (Paint) { cr, style, lay.left, lay.top, lay.width, lay.row, state.t0, state.t1, FALSE, state.match != NULL,
                used, n_keys, g_array_new (FALSE, FALSE, sizeof (Box)), g_array_new (FALSE, FALSE, sizeof (Box)) };
  cairo_save (cr);
  cairo_rectangle (cr, lay.left, lay.top, lay.width, lay.height);
  cairo_clip (cr);
  /* Slices are boxes on whole pixels: no antialiasing to compute. */
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  y = lay.top;
  for (guint l = 0; l < n_lanes && y < lay.top + lay.height; l++)
    {
      double h = lane_rows (model, &state, l) * lay.row;
      double vmin, vmax;

      p.y0 = y;
      p.folded = lane_folded (&state, l);
      if (vt->counter_range (model->self, l, &vmin, &vmax))
        draw_counter (&p, model, l, h, ns_per_px);
      else
        vt->query (model->self, l, state.t0, state.t1, ns_per_px, state.match, paint_slice, &p);
      flush (&p);
      y += h;
      cairo_set_source_rgba (cr, style->grid.r, style->grid.g, style->grid.b, style->grid.a);
      cairo_rectangle (cr, lay.left, y - 0.5, lay.width, 1);
      cairo_fill (cr);
    }
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
  draw_selection (cr, model, &state, style, &lay, &p);
  g_array_unref (p.boxes);
  g_array_unref (p.outlines);
  cairo_restore (cr);
  draw_lane_names (cr, model, &state, style, &lay);

  /* The time axis, in ms from the trace's start. */
  ticks = aiperf_ticks_linear (state.t0 / 1e6, state.t1 / 1e6, (guint) MAX (2.0, lay.width / (110 * s)));
  for (guint i = 0; i < ticks->len; i++)
    {
      double v = g_array_index (ticks, double, i);
      double x = lay.left + lay.width * (v * 1e6 - state.t0) / (double) (state.t1 - state.t0);
      g_autofree char *label = aiperf_ticks_format (v, ticks->len > 1 ? g_array_index (ticks, double, 1) - g_array_index (ticks, double, 0) : 1);

      if (x < lay.left - 0.5 || x > lay.left + lay.width + 0.5)
        continue;
      cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 1);
      cairo_rectangle (cr, x - 0.5, lay.top + lay.height, 1, 6 * s);
      cairo_fill (cr);
      show_text (cr, style, label, x - 12 * s, lay.top + lay.height + 18 * s, font, 0, FALSE);
    }
  show_text (cr, style, _("Time since the trace's start (ms)"), lay.left + lay.width / 2 - 100 * s, height - 18 * s, font, 0, FALSE);

  /* Legend: the keys drawn. */
  {
    double x = lay.left;

    for (guint k = 0; k < n_keys; k++)
      {
        AiperfRGBA c = key_color (style, k);
        const char *name = vt->key_name (model->self, k);

        if (!used[k])
          continue;
        cairo_set_source_rgba (cr, c.r, c.g, c.b, 0.9);
        cairo_rectangle (cr, x, 48 * s, 12 * s, 12 * s);
        cairo_fill (cr);
        cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 1);
        show_text (cr, style, name, x + 16 * s, 54 * s, font * 0.9, 0, FALSE);
        x += (30 + 7 * g_utf8_strlen (name, -1)) * s;
        if (x > width - 100 * s)
          break;
      }
  }
  cairo_restore (cr);
}

gboolean
aiperf_timeline_write_png (const AiperfTrackModel *model,
                           const AiperfStyle      *style,
                           int                     width,
                           int                     height,
                           const char             *title,
                           const char             *path,
                           GError                **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  gint64 t0, t1;
  AiperfTimelineState state;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GByteArray) data = g_byte_array_new ();
  gboolean ok;

  g_return_val_if_fail (model != NULL && style != NULL && path != NULL, FALSE);

  surface = aiperf_png_surface_new (width, height);
  cr = cairo_create (surface);
  model->vtable->extent (model->self, &t0, &t1);
  state = AIPERF_TIMELINE_STATE_INIT (t0, t1);
  aiperf_timeline_draw (cr, model, &state, style, width, height, title);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  ok = aiperf_png_encode (surface, data, error);
  cairo_surface_destroy (surface);
  if (!ok)
    return FALSE;
  return aiperf_write_file_atomically (path, (const char *) data->data, data->len, error);
}
