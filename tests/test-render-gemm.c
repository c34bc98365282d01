/* test-render-gemm.c — the GEMM roofline as drawn: the TraceLens H100
 * sample's fp32 bmm point lands at its pixel on the log-log axes of an SVG,
 * and the ceilings are where the H100's peaks put them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-gemm-private.h"
#include "aiperf-presets.h"
#include "renderer-test-util.h"

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static AiperfChart *
roofline_of (const char *path)
{
  const char *paths[] = { path, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, "gemm");
  g_autoptr(AiperfPlotSpec) spec = NULL;
  AiperfPlotColors *colors = aiperf_plot_colors_new ();
  AiperfChart *chart;

  g_assert_no_error (error);
  for (guint i = 0; i < plots->len && spec == NULL; i++)
    if (g_str_equal (((AiperfPlotSpec *) g_ptr_array_index (plots, i))->name, "roofline"))
      spec = aiperf_plot_spec_copy (g_ptr_array_index (plots, i));
  g_assert_nonnull (spec);
  aiperf_plot_spec_set_extra (spec, "gpu", "h100");
  chart = aiperf_plot_build_multi_run (spec, runs, NULL, colors, &error);
  g_assert_no_error (error);
  aiperf_plot_colors_free (colors);
  return chart;
}

static AiperfChart *
h100_roofline (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "gemm", "tracelens", "h100", "GEMM.csv", NULL);

  return roofline_of (path);
}

/* Centre of the first filled circle of colour @fill in @svg: cairo writes a
 * marker as "M x0 y C x0 y1 x2 y1 x2 y C …" around its centre. */
static gboolean
find_marker (const char *svg,
             const char *fill,
             double     *cx,
             double     *cy)
{
  for (const char *p = strstr (svg, fill); p != NULL; p = strstr (p + 1, fill))
    {
      const char *d = strstr (p, " d=\"");
      const char *end = strchr (p, '>');
      double v[6];

      if (d == NULL || end == NULL || d > end)
        continue;
      if (sscanf (d + 4, "M %lf %lf C %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) == 6)
        {
          /* the second control point's x is the circle's far side */
          *cx = (v[0] + v[4]) / 2;
          *cy = v[1];
          return TRUE;
        }
    }
  return FALSE;
}

static void
test_roofline_svg (void)
{
  g_autoptr(AiperfChart) chart = h100_roofline ();
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, W, H);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *text = NULL;
  AiperfStyle style;
  AiperfRect a;
  /* aten::bmm 32×559×1 fp32: 35776 FLOP over 73916 B, 0.01016357996948259 TFLOP/s */
  double ai = 35776.0 / 73916, tflops = 0.01016357996948259;
  double want_x, want_y, got_x = NAN, got_y = NAN;

  /* whole decades around the data and the ridges (0.242 … 1385 FLOP/B,
   * 0.005 … 1.2·1.6·989 TFLOP/s) */
  g_assert_cmpint (chart->x.scale, ==, AIPERF_SCALE_LOG);
  g_assert_cmpint (chart->y.scale, ==, AIPERF_SCALE_LOG);
  g_assert_cmpfloat (chart->x.min, ==, 0.1);
  g_assert_cmpfloat (chart->x.max, ==, 1e4);
  g_assert_cmpfloat (chart->y.min, ==, 1e-3);
  g_assert_cmpfloat (chart->y.max, ==, 1e4);

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, W, H);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  aiperf_style_clear (&style);
  text = g_strndup ((const char *) bytes->data, bytes->len);
  if (g_getenv ("AIPERF_RENDER_OUT") != NULL)
    {
      g_autofree char *file = g_build_filename (g_getenv ("AIPERF_RENDER_OUT"), "roofline.svg", NULL);

      g_assert_true (g_file_set_contents (file, text, -1, NULL));
    }

  /* where log-log axes put it, from the plot area alone */
  a = aiperf_renderer_get_plot_area (renderer);
  want_x = a.x + (log10 (ai) - log10 (0.1)) / (log10 (1e4) - log10 (0.1)) * a.width;
  want_y = a.y + a.height - (log10 (tflops) - log10 (1e-3)) / (log10 (1e4) - log10 (1e-3)) * a.height;
  /* fp32 is the first dtype: the first palette colour, seaborn blue #4c72b0 */
  g_assert_true (find_marker (text, "fill:rgb(29.803922%,44.705882%,69.019608%)", &got_x, &got_y));
  g_assert_cmpfloat_with_epsilon (got_x, want_x, 1.0);
  g_assert_cmpfloat_with_epsilon (got_y, want_y, 1.0);
}

/* The memory diagonal and the BF16 ceiling meet at the ridge 989 ÷ 3.35. */
static void
test_roofline_ceilings (void)
{
  g_autoptr(AiperfChart) chart = h100_roofline ();
  const AiperfLayer *diagonal = NULL, *bf16 = NULL;

  for (guint i = 0; i < chart->layers->len; i++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind != AIPERF_LAYER_LINE)
        continue;
      if (layer->series >= 0 && diagonal == NULL)
        diagonal = layer;
      else if (layer->series < 0 && aiperf_layer_y (layer, 0) == 989)
        bf16 = layer;
    }
  g_assert_nonnull (diagonal);
  g_assert_nonnull (bf16);
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, diagonal->series))->name, ==,
                   "Memory 3.35 TB/s");
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (bf16, 0), 989 / 3.35, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (diagonal, 1), 989 / 3.35, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (diagonal, 1), 989, 1e-9);
  /* the diagonal starts at the left edge, at 0.1 × 3.35 TFLOP/s */
  g_assert_cmpfloat (aiperf_layer_x (diagonal, 0), ==, 0.1);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (diagonal, 0), 0.335, 1e-12);
  g_assert_cmpstr (chart->title, ==, "Roofline — H100 SXM");

  /* hover: the shape and the numbers; the few points are named on the plot too */
  for (guint i = 0; i < chart->layers->len; i++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind != AIPERF_LAYER_POINTS || layer->series < 0)
        continue;
      if (layer->pickable)
        {
          g_assert_true (layer->hover_labels);
          if (aiperf_layer_get_n (layer) == 1)
            g_assert_cmpstr (g_ptr_array_index (layer->labels, 0), ==,
                             "aten::bmm 32×559×1 · cutlass\n0.6% of 1.621 TFLOP/s attainable\n"
                             "3.52 µs, 0.00003578 GFLOP, 0.07392 MB");
        }
      else
        {
          g_assert_false (layer->hover_labels);
          if (aiperf_layer_get_n (layer) == 1)
            g_assert_cmpstr (g_ptr_array_index (layer->labels, 0), ==, "aten::bmm 32×559×1");
        }
    }
}

/* A sweep has more than 64 markers per dtype: the markers drawn in the
 * first chunks are in the series colour too (they were filled in the
 * previous layer's colour, white on white). */
static void
test_many_markers (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("many");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  int s = aiperf_chart_add_series (chart, "bf16", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer;
  AiperfLayer *white = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, -1);
  cairo_surface_t *surface;
  double px, py;

  white->color = aiperf_color_rgba (1, 1, 1, 1);
  aiperf_layer_append_point (white, 0.001, 0.001, -1);
  aiperf_layer_append_point (white, 0.002, 0.002, -1);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  layer->marker_size = 10;
  chart->x.scale = chart->y.scale = AIPERF_SCALE_LOG;
  aiperf_axis_set_range (&chart->x, 0.1, 1e4);
  aiperf_axis_set_range (&chart->y, 0.1, 1e4);
  for (int i = 0; i < 200; i++)
    aiperf_layer_append_point (layer, pow (10, -0.5 + i * 0.02), pow (10, -0.5 + i * 0.02), i);
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  /* the first marker, at (10^-0.5, 10^-0.5) */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, pow (10, -0.5), pow (10, -0.5), FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), BLUE, 40));
  cairo_surface_destroy (surface);
}

/* Drawn at @width × @height, the roofline's labels (the two ceilings and
 * the shapes named beside their points) are all there and clear of each
 * other and of every marker; the log axes read in decades. */
static void
assert_roofline_labels (AiperfChart *chart,
                        int          width,
                        int          height,
                        gboolean     named_points)
{
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, width, height);
  g_autoptr(GArray) labels = assert_labels_clear (renderer, chart);
  g_auto(GStrv) y_ticks = aiperf_renderer_get_tick_labels (renderer, 'y');

  if (g_getenv ("AIPERF_RENDER_OUT") != NULL)
    {
      g_autofree char *name = g_strdup_printf ("roofline-%dx%d-%zu.png", width, height,
                                               (size_t) chart->layers->len);
      g_autofree char *file = g_build_filename (g_getenv ("AIPERF_RENDER_OUT"), name, NULL);

      g_assert_cmpint (cairo_surface_write_to_png (surface, file), ==, CAIRO_STATUS_SUCCESS);
    }
  cairo_surface_destroy (surface);
  g_assert_true (labels_have (labels, "BF16 989 TFLOP/s · ridge 295 FLOP/B"));
  g_assert_true (labels_have (labels, "FP32 67 TFLOP/s · ridge 20 FLOP/B"));
  /* the sample's shapes are named where there is room (the bmm at least,
   * far from the others); those without room are left out, not piled up */
  if (named_points)
    g_assert_true (labels_have (labels, "aten::bmm 32×559×1"));
  else
    g_assert_cmpuint (labels->len, ==, 2);
  /* decades (and 2, 5 between them), each written as the axes write numbers */
  for (guint i = 0; y_ticks[i] != NULL; i++)
    g_assert_true (g_strv_contains ((const char * const[]) { "0.001", "0.002", "0.005", "0.01", "0.02", "0.05",
                                                             "0.1", "0.2", "0.5", "1", "2", "5", "10", "20", "50",
                                                             "100", "200", "500", "1k", "2k", "5k", "10k", NULL },
                                    y_ticks[i]));
  g_assert_cmpuint (g_strv_length (y_ticks), >=, 3);
}

static void
test_roofline_labels (void)
{
  g_autoptr(AiperfChart) chart = h100_roofline ();

  assert_roofline_labels (chart, W, H, TRUE);
  assert_roofline_labels (chart, 2 * W, 2 * H, TRUE);
}

/* 40 shapes crowd both ceilings where their labels would go (the FP32
 * label sat on the bf16 points at 60–130 TFLOP/s): the labels move along
 * their ceilings, off the markers. */
static void
test_roofline_dense (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "gemm", "dense-roofline.csv", NULL);
  g_autoptr(AiperfChart) chart = roofline_of (path);

  g_assert_cmpuint (aiperf_chart_count_points (chart, AIPERF_LAYER_POINTS), >=, 40);
  assert_roofline_labels (chart, W, H, FALSE);
  assert_roofline_labels (chart, 1200, 600, FALSE);
  assert_roofline_labels (chart, 2 * W, 2 * H, FALSE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/gemm/roofline-svg", test_roofline_svg);
  g_test_add_func ("/aiperf/render/gemm/roofline-ceilings", test_roofline_ceilings);
  g_test_add_func ("/aiperf/render/gemm/many-markers", test_many_markers);
  g_test_add_func ("/aiperf/render/gemm/roofline-labels", test_roofline_labels);
  g_test_add_func ("/aiperf/render/gemm/roofline-dense", test_roofline_dense);
  return g_test_run ();
}
