/* aiperf-timeline-paint.c — a timeline lane's slices and counters painted:
 * the boxes of a lane set into a pixel buffer and painted at once, search
 * outlines over them, counters as step lines with each column's range.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <pango/pangocairo.h>

#include "aiperf-timeline-private.h"



AiperfRGBA
aiperf_timeline_key_color (const AiperfStyle *style,
           guint              key)
{
  return style->palette[key % style->n_palette];
}

static AiperfRGBA
rgb (guint32 hex)
{
  return (AiperfRGBA) { ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0, (hex & 0xff) / 255.0, 1.0 };
}

/* Kernel categories (the classifier's) and Kineto's cats, each its own
 * colour: strong ones for what the GPU ran, pale ones for the host. */
static const struct {
  const char *name;
  guint32     hex;
} named_colors[] = {
  { "gemm", 0xd62728 },          { "attention", 0xff7f0e },      { "communication", 0x1f77b4 },
  { "memory", 0x8c564b },        { "elementwise", 0x2ca02c },    { "normalization", 0x9467bd },
  { "moe", 0xe377c2 },           { "other", 0x7f7f7f },          { "gpu_memcpy", 0x5c3a21 },
  { "gpu_memset", 0xbcbd22 },    { "kernel", 0x393b79 },         { "cpu_op", 0x17becf },
  { "user_annotation", 0xffbb78 }, { "gpu_user_annotation", 0xf0e442 }, { "cuda_runtime", 0xaec7e8 },
  { "cuda_driver", 0xc5b0d5 },   { "python_function", 0x98df8a }, { "cpu_instant_event", 0xc49c94 },
  { "instant", 0xf7b6d2 },       { "slice", 0x9edae5 },          { "Trace", 0xc7c7c7 },
};

/* Names no table knows: one of these by a hash of the name. */
static const guint32 hashed_colors[] = {
  0x637939, 0x8c6d31, 0x843c39, 0x7b4173, 0x3182bd, 0xe6550d, 0x31a354, 0x756bb1,
};

AiperfRGBA
aiperf_timeline_name_color (const char *name)
{
  if (name == NULL)
    return rgb (0x7f7f7f);
  for (guint i = 0; i < G_N_ELEMENTS (named_colors); i++)
    if (g_ascii_strcasecmp (named_colors[i].name, name) == 0)
      return rgb (named_colors[i].hex);
  return rgb (hashed_colors[g_str_hash (name) % G_N_ELEMENTS (hashed_colors)]);
}

static AiperfRGBA
box_color (const AiperfTimelinePaint *p,
           guint                      key)
{
  return p->key_colors != NULL && key < p->n_keys ? p->key_colors[key] : aiperf_timeline_key_color (p->style, key);
}

/* The boxes over @image (whose pixel (0, 0) is at @ox, @oy and which has
 * @kx, @ky pixels per unit), each pixel whose centre a box covers, in the
 * order they came (a folded lane's deeper rows over the shallower). */
static void
fill_boxes (const AiperfTimelinePaint *p,
            cairo_surface_t           *image,
            double                     ox,
            double                     oy,
            double                     kx,
            double                     ky)
{
  guchar *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  int w = cairo_image_surface_get_width (image), h = cairo_image_surface_get_height (image);

  for (guint i = 0; i < p->boxes->len; i++)
    {
      const AiperfTimelineBox *b = &g_array_index (p->boxes, AiperfTimelineBox, i);
      AiperfRGBA c = box_color (p, b->key);
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
/* The names of slices wide enough to hold them, inside them, ellipsized;
 * white or black, whichever reads on the slice's colour. */
static void
paint_labels (AiperfTimelinePaint *p)
{
  PangoLayout *layout;
  PangoFontDescription *font;
  double size = MIN (p->style->font_size * p->style->scale * 0.85, p->row - 3);

  if (p->labels == NULL || p->labels->len == 0 || size < 6)
    {
      if (p->labels != NULL)
        g_array_set_size (p->labels, 0);
      return;
    }
  layout = pango_cairo_create_layout (p->cr);
  font = pango_font_description_from_string (p->style->font_family);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  cairo_set_antialias (p->cr, CAIRO_ANTIALIAS_DEFAULT);
  for (guint i = 0; i < p->labels->len; i++)
    {
      const AiperfTimelineLabel *l = &g_array_index (p->labels, AiperfTimelineLabel, i);
      int w, h;

      pango_layout_set_width (layout, (int) ((l->w - 6) * PANGO_SCALE));
      pango_layout_set_text (layout, l->name, -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      cairo_set_source_rgba (p->cr, l->light, l->light, l->light, 0.95);
      cairo_move_to (p->cr, l->x + 3, l->y + (p->row - 1 - h) / 2.0);
      pango_cairo_show_layout (p->cr, layout);
    }
  cairo_set_antialias (p->cr, CAIRO_ANTIALIAS_NONE);
  pango_font_description_free (font);
  g_object_unref (layout);
  g_array_set_size (p->labels, 0);
}

void
aiperf_timeline_paint_flush (AiperfTimelinePaint *p)
{
  cairo_matrix_t m;
  double dsx = 1, dsy = 1, top = G_MAXDOUBLE, bottom = -G_MAXDOUBLE, clip_x1, clip_y1, clip_x2, clip_y2;

  cairo_get_matrix (p->cr, &m);
  cairo_surface_get_device_scale (cairo_get_group_target (p->cr), &dsx, &dsy);
  for (guint i = 0; i < p->boxes->len; i++)
    {
      const AiperfTimelineBox *b = &g_array_index (p->boxes, AiperfTimelineBox, i);

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
        const AiperfTimelineBox *b = &g_array_index (p->boxes, AiperfTimelineBox, i);
        AiperfRGBA c = box_color (p, b->key);

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
          const AiperfTimelineBox *b = &g_array_index (p->outlines, AiperfTimelineBox, i);

          cairo_rectangle (p->cr, b->x, b->y, b->w, b->h);
        }
      cairo_stroke (p->cr);
    }
  paint_labels (p);
  g_array_set_size (p->boxes, 0);
  g_array_set_size (p->outlines, 0);
}

double
aiperf_timeline_paint_x (const AiperfTimelinePaint *p,
                         gint64                     t)
{
  return p->x0 + p->width * (double) (CLAMP (t, p->t0, p->t1) - p->t0) / (double) (p->t1 - p->t0);
}

void
aiperf_timeline_paint_slice (gint64      start,
             gint64      end,
             guint       depth,
             guint       key,
             const char *name,
             guint       count,
             guint       n_matched,
             gpointer    user_data)
{
  AiperfTimelinePaint *p = user_data;
  double x = aiperf_timeline_paint_x (p, start), x2 = aiperf_timeline_paint_x (p, end);
  double y = p->y0 + (p->folded ? 0 : depth) * p->row;
  double h = MAX (1.0, p->row - (p->row > 4 ? 1 : 0));
  double alpha = count > 1 ? 0.65 : 0.9;

  /* A slice under a pixel still shows, one pixel wide. */
  if (x2 - x < 1.0)
    x2 = x + 1.0;
  if (p->matching && n_matched == 0)
    alpha = 0.18;
  g_array_append_val (p->boxes, ((AiperfTimelineBox) { x, y, x2 - x, h, key, alpha }));
  if (p->matching && n_matched > 0)
    g_array_append_val (p->outlines, ((AiperfTimelineBox) { x + 0.75, y + 0.75, MAX (0.5, x2 - x - 1.5),
                                                            MAX (0.5, h - 1.5), 0, 1 }));
  if (key < p->n_keys)
    p->key_used[key] = TRUE;
  /* A slice of its own, wide enough for a few letters: its name inside. */
  if (p->labels != NULL && p->labels_left > 0 && count == 1 && name != NULL && *name != '\0' && x2 - x >= 40 &&
      p->row >= 9 && (!p->matching || n_matched > 0))
    {
      p->labels_left--;
      AiperfRGBA c = box_color (p, key);
      double luma = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;

      g_array_append_val (p->labels, ((AiperfTimelineLabel) { MAX (x, p->x0), y, MIN (x2, p->x0 + p->width) - MAX (x, p->x0),
                                                              luma < 0.55, name }));
    }
}

/* A counter lane: the value as steps, each pixel column's range behind. */
typedef struct {
  AiperfTimelinePaint  *paint;
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
  double x = aiperf_timeline_paint_x (c->paint, start);

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

void
aiperf_timeline_paint_counter (AiperfTimelinePaint    *p,
                               const AiperfTrackModel *model,
                               guint                   lane,
                               double                  height,
                               gint64                  ns_per_px)
{
  CounterPaint c = { p, 0, 0, height, 0, 0, FALSE };
  guint key = lane;   /* a colour of its own per counter lane */
  AiperfRGBA color = aiperf_timeline_key_color (p->style, key);

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
