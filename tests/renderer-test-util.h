/* renderer-test-util.h — pixels, views and charts shared by the renderer tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <string.h>

#include "aiperf-renderer.h"

#define W 800
#define H 400

typedef struct {
  guint8 r, g, b;
} Pixel;

/* The light theme's first palette colours (seaborn "deep"). */
#define BLUE 0x4c72b0
#define ORANGE 0xdd8452

static inline Pixel
read_pixel (cairo_surface_t *surface,
            double           x,
            double           y)
{
  const guint8 *data;
  int stride, ix = (int) floor (x), iy = (int) floor (y);
  guint32 v;
  Pixel p;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  memcpy (&v, data + (gsize) iy * stride + (gsize) ix * 4, 4);
  /* the surfaces here are opaque (the renderer paints the background) */
  p.r = (v >> 16) & 0xff;
  p.g = (v >> 8) & 0xff;
  p.b = v & 0xff;
  return p;
}

static inline gboolean
pixel_near (Pixel    p,
            guint32  rgb,
            int      tolerance)
{
  return ABS ((int) p.r - (int) ((rgb >> 16) & 0xff)) <= tolerance
      && ABS ((int) p.g - (int) ((rgb >> 8) & 0xff)) <= tolerance
      && ABS ((int) p.b - (int) (rgb & 0xff)) <= tolerance;
}

static inline cairo_surface_t *
draw_chart (AiperfRenderer       *renderer,
            const AiperfChart    *chart,
            const AiperfViewport *vp,
            AiperfTheme           theme,
            int                   width,
            int                   height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  AiperfStyle style;

  aiperf_style_init (&style, theme);
  aiperf_renderer_draw (renderer, cr, chart, vp, &style, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  aiperf_style_clear (&style);
  return surface;
}

static inline AiperfChart *
points_chart (AiperfScale scale)
{
  AiperfChart *chart = aiperf_chart_new ("Points");
  int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);

  chart->x.scale = scale;
  aiperf_axis_set_label (&chart->x, "Throughput", "tokens/s");
  aiperf_axis_set_label (&chart->y, "Latency", "ms");
  layer->marker_size = 14;
  aiperf_layer_append_point (layer, 10, 2, 100);
  aiperf_layer_append_point (layer, 100, 5, 101);
  aiperf_layer_append_point (layer, 1000, 8, 102);
  return chart;
}

static inline void
fixed_view (AiperfViewport *vp,
            AiperfScale     x_scale,
            double          x_min,
            double          x_max)
{
  memset (vp, 0, sizeof *vp);
  vp->x_scale = x_scale;
  vp->x_min = x_min;
  vp->x_max = x_max;
  vp->y_scale = AIPERF_SCALE_LINEAR;
  vp->y_min = 0;
  vp->y_max = 10;
  vp->y2_scale = AIPERF_SCALE_LINEAR;
  vp->y2_min = 0;
  vp->y2_max = 1;
}

/* Finds the legend entry of @series by scanning the canvas. */
static inline gboolean
find_legend (AiperfRenderer *renderer,
             int             series,
             double          width,
             double          height,
             double         *out_x,
             double         *out_y)
{
  for (double y = 1; y < height; y += 2)
    for (double x = 1; x < width; x += 2)
      if (aiperf_renderer_pick_legend (renderer, x, y) == series)
        {
          *out_x = x;
          *out_y = y;
          return TRUE;
        }
  return FALSE;
}

/* Counts pixels darker than mid-grey in a rectangle. */
static inline guint
count_ink (cairo_surface_t *surface,
           double           x0,
           double           y0,
           double           x1,
           double           y1)
{
  guint n = 0;
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);

  for (int y = MAX (0, (int) y0); y < MIN (h, (int) y1); y++)
    for (int x = MAX (0, (int) x0); x < MIN (w, (int) x1); x++)
      {
        Pixel p = read_pixel (surface, x, y);

        if (p.r + p.g + p.b < 3 * 128)
          n++;
      }
  return n;
}

/* A chart with every kind of layer, a second axis and a colour scale. */
static inline AiperfChart *
every_kind_chart (void)
{
  AiperfChart *chart = aiperf_chart_new ("Every layer kind");
  int sp = aiperf_chart_add_series (chart, "Points", aiperf_color_palette (0),
                                    AIPERF_LAYER_POINTS);
  int sl = aiperf_chart_add_series (chart, "Line", aiperf_color_palette (1), AIPERF_LAYER_LINE);
  int sa = aiperf_chart_add_series (chart, "Area", aiperf_color_palette (2), AIPERF_LAYER_AREA);
  int sb = aiperf_chart_add_series (chart, "Bars", aiperf_color_palette (3), AIPERF_LAYER_BARS);
  AiperfLayer *l;

  chart->note = g_strdup ("A note under the title");
  chart->has_y2 = TRUE;
  chart->has_color_scale = TRUE;
  aiperf_axis_set_label (&chart->x, "Time", "s");
  aiperf_axis_set_label (&chart->y, "Latency", "ms");
  aiperf_axis_set_label (&chart->y2, "Utilization", "%");
  aiperf_axis_set_label (&chart->color_axis, "Count", NULL);
  aiperf_axis_set_range (&chart->color_axis, 0, 10);

  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_CELLS, -1);
  for (int i = 0; i < 10; i++)
    aiperf_layer_append_cell (l, i, i + 1, 0, 1, i);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_BAND, sl);
  for (int i = 0; i <= 10; i++)
    aiperf_layer_append_band (l, i, 5 + sin (i) - 1, 5 + sin (i) + 1);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_AREA, sa);
  l->on_y2 = TRUE;
  for (int i = 0; i <= 10; i++)
    aiperf_layer_append_point (l, i, 20 + 5 * i, i);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, sb);
  for (int i = 0; i < 10; i++)
    aiperf_layer_append_bar (l, i + 0.5, 0.4, 1 + (i % 3), i);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, sl);
  for (int i = 0; i <= 10; i++)
    aiperf_layer_append_point (l, i, i == 5 ? NAN : 5 + sin (i), i);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_STEP, sl);
  l->dashed = TRUE;
  for (int i = 0; i <= 10; i++)
    aiperf_layer_append_point (l, i, 8 + (i % 2), i);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_SEGMENTS, sb);
  for (int i = 0; i < 10; i++)
    aiperf_layer_append_segment (l, i, i + 0.5, 10.5, i);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_ERROR_BARS, sp);
  for (int i = 1; i < 10; i += 2)
    aiperf_layer_append_error (l, i, 12, 11.5, 12.5, i - 0.3, i + 0.3);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, sp);
  for (int i = 1; i < 10; i += 2)
    {
      g_autofree char *label = g_strdup_printf ("%d", i);

      aiperf_layer_append_labeled (l, i, 12, i, label);
    }
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_BOXES, sb);
  aiperf_layer_append_box (l, 2, 0.6, 13, 13.5, 14, 14.5, 15, 0);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_ELLIPSES, sp);
  l->dashed = TRUE;
  aiperf_layer_append_ellipse (l, 6, 14, 1.5, 1, 0);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_HLINE, -1);
  l->color = aiperf_color_role (AIPERF_ROLE_MUTED);
  l->dashed = TRUE;
  aiperf_layer_append_point (l, 0, 16, -1);
  l = aiperf_chart_add_layer (chart, AIPERF_LAYER_TEXT, -1);
  aiperf_layer_append_labeled (l, 8, 16.5, -1, "reference");
  return chart;
}

static inline gboolean
rects_overlap (const AiperfRect *a,
               const AiperfRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* The labels @renderer placed in its last draw of @chart: each inside the
 * plot, none over another, none over a drawn marker (worked out here from
 * the chart's point layers, not taken from the renderer). Returns them. */
static inline GArray *
assert_labels_clear (AiperfRenderer    *renderer,
                     const AiperfChart *chart)
{
  GArray *labels = aiperf_renderer_get_placed_labels (renderer);
  AiperfRect area = aiperf_renderer_get_plot_area (renderer);

  for (guint i = 0; i < labels->len; i++)
    {
      const AiperfLabelBox *a = &g_array_index (labels, AiperfLabelBox, i);

      g_assert_cmpfloat (a->rect.x, >=, area.x);
      g_assert_cmpfloat (a->rect.y, >=, area.y);
      g_assert_cmpfloat (a->rect.x + a->rect.width, <=, area.x + area.width);
      g_assert_cmpfloat (a->rect.y + a->rect.height, <=, area.y + area.height);
      for (guint j = i + 1; j < labels->len; j++)
        {
          const AiperfLabelBox *b = &g_array_index (labels, AiperfLabelBox, j);

          if (rects_overlap (&a->rect, &b->rect))
            g_error ("label \"%s\" runs into \"%s\"", a->text, b->text);
        }
      for (guint l = 0; l < chart->layers->len; l++)
        {
          const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
          const AiperfSeries *series = layer->series >= 0 ? g_ptr_array_index (chart->series, layer->series) : NULL;

          if (layer->kind != AIPERF_LAYER_POINTS || layer->opacity <= 0 || (series != NULL && !series->visible))
            continue;
          for (guint k = 0; k < aiperf_layer_get_n (layer); k++)
            {
              double px, py, r = layer->marker_size / 2;
              AiperfRect m;

              g_assert_true (aiperf_renderer_data_to_pixel (renderer, aiperf_layer_x (layer, k),
                                                            aiperf_layer_y (layer, k), layer->on_y2, &px, &py));
              m = (AiperfRect) { px - r, py - r, 2 * r, 2 * r };
              if (rects_overlap (&a->rect, &m))
                g_error ("label \"%s\" covers the marker at (%g, %g)", a->text,
                         aiperf_layer_x (layer, k), aiperf_layer_y (layer, k));
            }
        }
    }
  return labels;
}

/* Whether @labels include @text. */
static inline gboolean
labels_have (GArray     *labels,
             const char *text)
{
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (g_array_index (labels, AiperfLabelBox, i).text, text) == 0)
      return TRUE;
  return FALSE;
}
