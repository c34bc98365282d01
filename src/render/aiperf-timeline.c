/* aiperf-timeline.c — a trace's timeline painted from a track model: one
 * lane per process/thread (labels on the left), slices coloured by key
 * (kernel category, or event category), what is shorter than a pixel
 * drawn as per-pixel density, a time axis below and the keys' legend.
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
  guint             *key_used;
  guint              n_keys;
} Paint;

static AiperfRGBA
key_color (const AiperfStyle *style,
           guint              key)
{
  return style->palette[key % style->n_palette];
}

static void
paint_slice (gint64      start,
             gint64      end,
             guint       depth,
             guint       key,
             const char *name,
             guint       count,
             gpointer    user_data)
{
  Paint *p = user_data;
  double span = (double) (p->t1 - p->t0);
  double x = p->x0 + p->width * (MAX (start, p->t0) - p->t0) / span;
  double x2 = p->x0 + p->width * (MIN (end, p->t1) - p->t0) / span;
  AiperfRGBA c = key_color (p->style, key);

  /* A slice under a pixel still shows, one pixel wide. */
  if (x2 - x < 1.0)
    x2 = x + 1.0;
  cairo_set_source_rgba (p->cr, c.r, c.g, c.b, count > 1 ? 0.65 : 0.9);
  cairo_rectangle (p->cr, x, p->y0 + depth * p->row, x2 - x, MAX (1.0, p->row - (p->row > 4 ? 1 : 0)));
  cairo_fill (p->cr);
  if (key < p->n_keys)
    p->key_used[key] = TRUE;
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

static void
layout_of (const AiperfTrackModel *model,
           const AiperfStyle      *style,
           double                  width,
           double                  height,
           Layout                 *out)
{
  const AiperfTrackModelVTable *vt = model->vtable;
  double s = style->scale;
  guint rows = 0;

  out->left = 260 * s;
  out->top = 70 * s;
  out->width = MAX (10.0, width - out->left - 24 * s);
  out->height = MAX (10.0, height - out->top - 60 * s);
  for (guint l = 0; l < vt->n_lanes (model->self); l++)
    rows += vt->lane_depth (model->self, l);
  /* Every lane fits: rows shrink to a pixel before lanes are left out. */
  out->row = MAX (1.0, rows > 0 ? MIN (18 * s, out->height / rows) : 18 * s);
}

typedef struct {
  gint64      t;
  guint       depth;
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
            gpointer    user_data)
{
  Hunt *h = user_data;

  if (depth != h->depth || start > h->t || end < h->t)
    return;
  /* The one slice, or the busiest pixel column, under the pointer. */
  if (!h->found || count < h->hit->count)
    {
      h->found = TRUE;
      h->hit->start = start;
      h->hit->end = end;
      h->hit->key = key;
      h->hit->count = count;
      g_free (h->hit->name);
      h->hit->name = g_strdup (name);
    }
}

gboolean
aiperf_timeline_hit (const AiperfTrackModel *model,
                     gint64                  t0,
                     gint64                  t1,
                     const AiperfStyle      *style,
                     double                  width,
                     double                  height,
                     double                  x,
                     double                  y,
                     AiperfTimelineHit      *out)
{
  const AiperfTrackModelVTable *vt;
  Layout lay;
  double lane_top;
  gint64 ns_per_px;
  Hunt h;

  g_return_val_if_fail (model != NULL && style != NULL && out != NULL, FALSE);

  vt = model->vtable;
  memset (out, 0, sizeof *out);
  if (t1 <= t0)
    return FALSE;
  layout_of (model, style, width, height, &lay);
  if (x < lay.left || x > lay.left + lay.width || y < lay.top || y > lay.top + lay.height)
    return FALSE;
  out->t = t0 + (gint64) ((x - lay.left) / lay.width * (double) (t1 - t0));
  ns_per_px = MAX ((gint64) 1, (gint64) ((t1 - t0) / lay.width));
  lane_top = lay.top;
  for (guint l = 0; l < vt->n_lanes (model->self); l++)
    {
      double h_lane = vt->lane_depth (model->self, l) * lay.row;

      if (y < lane_top + h_lane)
        {
          out->lane = l;
          h = (Hunt) { out->t, (guint) ((y - lane_top) / lay.row), FALSE, out };
          /* A pixel either side: a slice one pixel wide is hit too. */
          vt->query (model->self, l, out->t - ns_per_px, out->t + ns_per_px + 1, ns_per_px, hunt_slice, &h);
          return h.found;
        }
      lane_top += h_lane;
    }
  return FALSE;
}

void
aiperf_timeline_hit_clear (AiperfTimelineHit *hit)
{
  if (hit != NULL)
    g_clear_pointer (&hit->name, g_free);
}

gint64
aiperf_timeline_time_at (const AiperfTrackModel *model,
                         gint64                  t0,
                         gint64                  t1,
                         const AiperfStyle      *style,
                         double                  width,
                         double                  height,
                         double                  x)
{
  Layout lay;

  layout_of (model, style, width, height, &lay);
  return t0 + (gint64) (CLAMP ((x - lay.left) / lay.width, 0.0, 1.0) * (double) (t1 - t0));
}

double
aiperf_timeline_plot_width (const AiperfTrackModel *model,
                            const AiperfStyle      *style,
                            double                  width,
                            double                  height)
{
  Layout lay;

  layout_of (model, style, width, height, &lay);
  return lay.width;
}

void
aiperf_timeline_draw (cairo_t                *cr,
                      const AiperfTrackModel *model,
                      gint64                  t0,
                      gint64                  t1,
                      const AiperfStyle      *style,
                      double                  width,
                      double                  height,
                      const char             *title)
{
  const AiperfTrackModelVTable *vt = model->vtable;
  double s = style->scale, font = style->font_size * s;
  guint n_lanes = vt->n_lanes (model->self);
  g_autofree guint *used = NULL;
  g_autoptr(GArray) ticks = NULL;
  double left, top, plot_w, plot_h, row, y;
  guint n_keys = vt->n_keys (model->self);
  Layout lay;
  Paint p;

  if (t1 <= t0)
    t1 = t0 + 1;
  cairo_save (cr);
  cairo_set_source_rgba (cr, style->background.r, style->background.g, style->background.b, style->background.a);
  cairo_paint (cr);
  cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 1);
  show_text (cr, style, title, 20 * s, 24 * s, style->title_size * s, width - 40 * s, FALSE);

  layout_of (model, style, width, height, &lay);
  left = lay.left, top = lay.top, plot_w = lay.width, plot_h = lay.height, row = lay.row;
  used = g_new0 (guint, MAX (n_keys, 1));
  p = (Paint) { cr, style, left, top, plot_w, row, t0, t1, used, n_keys };
  cairo_save (cr);
  cairo_rectangle (cr, left, top, plot_w, plot_h);
  cairo_clip (cr);
  y = top;
  for (guint l = 0; l < n_lanes && y < top + plot_h; l++)
    {
      guint depth = vt->lane_depth (model->self, l);

      p.y0 = y;
      vt->query (model->self, l, t0, t1, MAX ((gint64) 1, (gint64) ((t1 - t0) / plot_w)), paint_slice, &p);
      y += depth * row;
      cairo_set_source_rgba (cr, style->grid.r, style->grid.g, style->grid.b, style->grid.a);
      cairo_rectangle (cr, left, y - 0.5, plot_w, 1);
      cairo_fill (cr);
    }
  cairo_restore (cr);

  /* Lane names where a lane is tall enough to hold one. */
  cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 1);
  y = top;
  for (guint l = 0; l < n_lanes && y < top + plot_h; l++)
    {
      double h = vt->lane_depth (model->self, l) * row;

      if (h >= font * 0.9)
        show_text (cr, style, vt->lane_name (model->self, l), left - 8 * s, y + MIN (h, row) / 2 + (h > row ? 0 : 0),
                   font * 0.9, left - 16 * s, TRUE);
      y += h;
    }

  /* The time axis, in ms from the trace's start. */
  ticks = aiperf_ticks_linear (t0 / 1e6, t1 / 1e6, (guint) MAX (2.0, plot_w / (110 * s)));
  for (guint i = 0; i < ticks->len; i++)
    {
      double v = g_array_index (ticks, double, i);
      double x = left + plot_w * (v * 1e6 - t0) / (double) (t1 - t0);
      g_autofree char *label = aiperf_ticks_format (v, ticks->len > 1 ? g_array_index (ticks, double, 1) - g_array_index (ticks, double, 0) : 1);

      if (x < left - 0.5 || x > left + plot_w + 0.5)
        continue;
      cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b, 1);
      cairo_rectangle (cr, x - 0.5, top + plot_h, 1, 6 * s);
      cairo_fill (cr);
      show_text (cr, style, label, x - 12 * s, top + plot_h + 18 * s, font, 0, FALSE);
    }
  show_text (cr, style, _("Time since the trace's start (ms)"), left + plot_w / 2 - 100 * s, height - 18 * s, font, 0, FALSE);

  /* Legend: the keys drawn. */
  {
    double x = left;

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
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GByteArray) data = g_byte_array_new ();
  gboolean ok;

  g_return_val_if_fail (model != NULL && style != NULL && path != NULL, FALSE);

  surface = aiperf_png_surface_new (width, height);
  cr = cairo_create (surface);
  model->vtable->extent (model->self, &t0, &t1);
  aiperf_timeline_draw (cr, model, t0, t1, style, width, height, title);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  ok = aiperf_png_encode (surface, data, error);
  cairo_surface_destroy (surface);
  if (!ok)
    return FALSE;
  return aiperf_write_file_atomically (path, (const char *) data->data, data->len, error);
}
