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
#include "aiperf-timeline-private.h"

/* Slice names drawn at most per drawing: each costs a text layout. */
#define MAX_LABELS 400
#include "aiperf-writer.h"

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
           const AiperfTimelinePaint *p,
           const AiperfTrackSlice    *slice,
           double                    *x,
           double                    *y,
           double                    *w)
{
  *x = aiperf_timeline_paint_x (p, slice->start);
  *w = MAX (2.0, aiperf_timeline_paint_x (p, slice->end) - *x);
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
                const AiperfTimelinePaint *p)
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

/* Iteration boundaries: a dashed line where each ProfilerStep#N begins
 * (and where the last one ends), its number beside it at the top. */
static void
draw_marks (cairo_t                   *cr,
            const AiperfTrackModel    *model,
            const AiperfTimelineState *state,
            const AiperfStyle         *style,
            const Layout              *lay)
{
  double s = style->scale, dash = 4 * s, size = style->font_size * s * 0.85;
  guint n = 0;
  const AiperfTrackMark *marks = model->vtable->marks (model->self, &n);
  double span = (double) (state->t1 - state->t0);
  /* A trace of ten thousand steps has more boundaries than pixels: a
   * line at most every few pixels, a number only where the last one
   * ends, and the lines stroked as one path. */
  double min_gap = 3 * s, last_line = -G_MAXDOUBLE, label_end = -G_MAXDOUBLE;
  g_autoptr(GArray) labels = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) label_x = g_array_new (FALSE, FALSE, sizeof (double));
  guint visible = 0;
  gboolean dense;

  /* Steps closer than a few pixels on average: a line where a number is
   * written only, or the plot turns into a grey hatching. */
  for (guint i = 0; i < n; i++)
    visible += marks[i].start >= state->t0 && marks[i].start <= state->t1;
  dense = visible * 6 * s > lay->width;

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (1.0, s));
  cairo_set_dash (cr, &dash, 1, 0);
  cairo_new_path (cr);
  for (guint i = 0; i < n; i++)
    {
      gint64 at[2] = { marks[i].start, marks[i].end };
      const char *number = strchr (marks[i].name, '#');

      for (guint e = 0; e < 2; e++)
        {
          double x = lay->left + lay->width * (double) (at[e] - state->t0) / span;

          /* An end drawn only where no step begins. */
          if ((e == 1 && i + 1 < n && marks[i + 1].start <= marks[i].end) || x < lay->left || x > lay->left + lay->width)
            continue;
          x = floor (x) + 0.5;
          if (e == 0 && number != NULL && x + 1 >= label_end)
            {
              g_array_append_val (labels, i);
              g_array_append_val (label_x, x);
              label_end = x + 1 + (2 + 0.62 * strlen (number)) * size;
              if (dense)
                {
                  cairo_move_to (cr, x, lay->top);
                  cairo_line_to (cr, x, lay->top + lay->height);
                }
            }
          if (!dense && x - last_line >= min_gap)
            {
              cairo_move_to (cr, x, lay->top);
              cairo_line_to (cr, x, lay->top + lay->height);
              last_line = x;
            }
        }
    }
  cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 0.55);
  cairo_stroke (cr);
  for (guint k = 0; k < labels->len; k++)
    {
      const char *number = strchr (marks[g_array_index (labels, guint, k)].name, '#');
      double x = g_array_index (label_x, double, k);

      /* On a pale box: it sits over the first lane's slices. */
      cairo_set_source_rgba (cr, style->background.r, style->background.g, style->background.b, 0.8);
      cairo_rectangle (cr, x + 1, lay->top + 1, (2 + 0.62 * strlen (number)) * size, 1.4 * size);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 0.9);
      show_text (cr, style, number, x + 3 * s, lay->top + 1 + 0.7 * size, size, 0, FALSE);
    }
  cairo_restore (cr);
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
  g_autofree AiperfRGBA *colors = NULL;
  g_autoptr(GArray) ticks = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  double unit_ns;
  const char *axis_title;
  AiperfTimelineState state = *in_state;
  double y;
  guint n_keys = vt->n_keys (model->self);
  gint64 ns_per_px;
  Layout lay;
  AiperfTimelinePaint p;

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
  colors = g_new0 (AiperfRGBA, MAX (n_keys, 1));
  for (guint k = 0; k < n_keys; k++)
    colors[k] = aiperf_timeline_name_color (vt->key_name (model->self, k));
  p = (AiperfTimelinePaint) { cr, style, lay.left, lay.top, lay.width, lay.row, state.t0, state.t1, FALSE,
                              state.match != NULL, used, n_keys, colors,
                              g_array_new (FALSE, FALSE, sizeof (AiperfTimelineBox)),
                              g_array_new (FALSE, FALSE, sizeof (AiperfTimelineBox)),
                              g_array_new (FALSE, FALSE, sizeof (AiperfTimelineLabel)), MAX_LABELS };
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
        aiperf_timeline_paint_counter (&p, model, l, h, ns_per_px);
      else
        vt->query (model->self, l, state.t0, state.t1, ns_per_px, state.match, aiperf_timeline_paint_slice, &p);
      aiperf_timeline_paint_flush (&p);
      y += h;
      cairo_set_source_rgba (cr, style->grid.r, style->grid.g, style->grid.b, style->grid.a);
      cairo_rectangle (cr, lay.left, y - 0.5, lay.width, 1);
      cairo_fill (cr);
    }
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
  draw_selection (cr, model, &state, style, &lay, &p);
  g_array_unref (p.boxes);
  g_array_unref (p.outlines);
  g_array_unref (p.labels);
  cairo_restore (cr);
  draw_marks (cr, model, &state, style, &lay);
  draw_lane_names (cr, model, &state, style, &lay);

  /* The time axis from the trace's start: in ms, in s from 10 s on (a
   * 13 s MTIA trace read "13k" ms). */
  {
    gboolean seconds = state.t1 - state.t0 >= 10 * G_GINT64_CONSTANT (1000000000);

    unit_ns = seconds ? 1e9 : 1e6;
    axis_title = seconds ? _("Time since the trace's start (s)") : _("Time since the trace's start (ms)");
  }
  ticks = aiperf_ticks_linear (state.t0 / unit_ns, state.t1 / unit_ns, (guint) MAX (2.0, lay.width / (110 * s)));
  labels = aiperf_ticks_format_axis (ticks, FALSE);
  for (guint i = 0; i < ticks->len; i++)
    {
      double v = g_array_index (ticks, double, i);
      double x = lay.left + lay.width * (v * unit_ns - state.t0) / (double) (state.t1 - state.t0);
      const char *label = g_ptr_array_index (labels, i);

      if (x < lay.left - 0.5 || x > lay.left + lay.width + 0.5)
        continue;
      cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 1);
      cairo_rectangle (cr, x - 0.5, lay.top + lay.height, 1, 6 * s);
      cairo_fill (cr);
      show_text (cr, style, label, x - 12 * s, lay.top + lay.height + 18 * s, font, 0, FALSE);
    }
  show_text (cr, style, axis_title, lay.left + lay.width / 2 - 100 * s, height - 18 * s, font, 0, FALSE);

  /* Legend: the keys drawn, when there are two or more (one colour needs
   * no key, as a chart of one series has no legend). */
  {
    double x = lay.left;
    guint n_used = 0;

    for (guint k = 0; k < n_keys; k++)
      n_used += used[k] != 0;
    for (guint k = 0; n_used > 1 && k < n_keys; k++)
      {
        AiperfRGBA c = colors[k];
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

AiperfRGBA
aiperf_timeline_key_rgba (const AiperfTrackModel *model,
                          guint                   key)
{
  const AiperfRGBA grey = { 0.5, 0.5, 0.5, 1 };

  g_return_val_if_fail (model != NULL, grey);

  return aiperf_timeline_name_color (model->vtable->key_name (model->self, key));
}

AiperfRGBA
aiperf_timeline_counter_rgba (const AiperfStyle *style,
                              guint              lane)
{
  const AiperfRGBA grey = { 0.5, 0.5, 0.5, 1 };

  g_return_val_if_fail (style != NULL, grey);

  return aiperf_timeline_key_color (style, lane);
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
