/* test-renderer.c — geometry of the chart renderer: where points land under
 * linear, log and second axes and caller transforms, pick, legend targets,
 * hidden series and point labels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "renderer-test-util.h"

static void
check_point (AiperfRenderer  *renderer,
             cairo_surface_t *surface,
             double           x,
             double           y,
             double           expect_px,
             double           expect_py)
{
  double px, py, bx, by;

  g_assert_true (aiperf_renderer_data_to_pixel (renderer, x, y, FALSE, &px, &py));
  g_assert_cmpfloat (fabs (px - expect_px), <=, 1.0);
  g_assert_cmpfloat (fabs (py - expect_py), <=, 1.0);
  /* the marker is really there */
  g_assert_true (pixel_near (read_pixel (surface, px, py), BLUE, 40));
  /* and the conversion goes back */
  g_assert_true (aiperf_renderer_pixel_to_data (renderer, px, py, &bx, &by));
  g_assert_cmpfloat (fabs (by - y), <, 1e-6);
  g_assert_cmpfloat (fabs (bx - x) / x, <, 1e-6);
}

static AiperfChart *
two_series_chart (void)
{
  AiperfChart *chart = aiperf_chart_new ("Two series");
  int a = aiperf_chart_add_series (chart, "Model A", aiperf_color_palette (0),
                                   AIPERF_LAYER_POINTS);
  int b = aiperf_chart_add_series (chart, "Model B", aiperf_color_palette (1),
                                   AIPERF_LAYER_LINE);
  AiperfLayer *la = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, a);
  AiperfLayer *lb = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, b);

  la->marker_size = 14;
  lb->line_width = 6;
  for (int i = 0; i <= 10; i++)
    {
      aiperf_layer_append_point (la, i, 2, i);
      aiperf_layer_append_point (lb, i, 7, i);
    }
  return chart;
}

/* Ink (non-background pixels) in a box around a data point. */
static guint
ink_around (AiperfRenderer  *renderer,
            cairo_surface_t *surface,
            double           x,
            double           y,
            double           half)
{
  double px, py;
  guint n = 0;

  g_assert_true (aiperf_renderer_data_to_pixel (renderer, x, y, FALSE, &px, &py));
  for (int j = (int) (py - half); j < (int) (py + half); j++)
    for (int i = (int) (px - half); i < (int) (px + half); i++)
      if (!pixel_near (read_pixel (surface, i, j), 0xffffff, 30))
        n++;
  return n;
}

static guint
labels_ink (const char * const *labels,
            const double        *xs,
            guint                n)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new (NULL);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  cairo_surface_t *surface;
  AiperfViewport vp;
  guint ink;

  ((AiperfSeries *) g_ptr_array_index (chart->series, 0))->in_legend = FALSE;
  for (guint i = 0; i < n; i++)
    aiperf_layer_append_labeled (layer, xs[i], 5, (int) i, labels[i]);
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  /* the markers and every place a label could go */
  ink = ink_around (renderer, surface, 5, 5, 45);
  cairo_surface_destroy (surface);
  return ink;
}

static void
test_empty (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new (NULL);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  AiperfPick pick;
  cairo_surface_t *surface;

  /* no data, and a canvas too small for the margins */
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  cairo_surface_destroy (surface);
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_DARK, 30, 20);
  g_assert_false (aiperf_renderer_pick (renderer, 10, 10, 50, &pick));
  g_assert_cmpint (aiperf_renderer_pick_legend (renderer, 10, 10), ==, -1);
  cairo_surface_destroy (surface);
}

static void
test_linear (void)
{
  g_autoptr(AiperfChart) chart = points_chart (AIPERF_SCALE_LINEAR);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  double px, py;

  /* nothing to convert before the first draw */
  g_assert_false (aiperf_renderer_data_to_pixel (renderer, 1, 1, FALSE, &px, &py));

  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 2000);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  /* room for the title, ticks and axis titles, but most of the canvas */
  g_assert_cmpfloat (a.x, >, 20);
  g_assert_cmpfloat (a.y, >, 15);
  g_assert_cmpfloat (a.x + a.width, <=, W);
  g_assert_cmpfloat (a.y + a.height, <, H - 20);
  g_assert_cmpfloat (a.width, >, W / 2);
  g_assert_cmpfloat (a.height, >, H / 2);
  g_assert_true (aiperf_viewport_equal (aiperf_renderer_get_viewport (renderer), &vp));

  check_point (renderer, surface, 1000, 8, a.x + a.width * 0.5, a.y + a.height * 0.2);
  check_point (renderer, surface, 100, 5, a.x + a.width * 0.05, a.y + a.height * 0.5);
  /* far from any point: the plot background */
  g_assert_true (pixel_near (read_pixel (surface, a.x + a.width * 0.8, a.y + a.height * 0.9),
                             0xffffff, 8));
  cairo_surface_destroy (surface);
}

static void
test_log (void)
{
  g_autoptr(AiperfChart) chart = points_chart (AIPERF_SCALE_LOG);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  double px, py;

  fixed_view (&vp, AIPERF_SCALE_LOG, 1, 10000);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  /* decades are evenly spaced */
  check_point (renderer, surface, 10, 2, a.x + a.width * 0.25, a.y + a.height * 0.8);
  check_point (renderer, surface, 100, 5, a.x + a.width * 0.5, a.y + a.height * 0.5);
  check_point (renderer, surface, 1000, 8, a.x + a.width * 0.75, a.y + a.height * 0.2);
  /* a non-positive value has no place on a log axis */
  g_assert_false (aiperf_renderer_data_to_pixel (renderer, 0, 5, FALSE, &px, &py)
                  && isfinite (px));
  cairo_surface_destroy (surface);
}

static void
test_device_scale (void)
{
  g_autoptr(AiperfChart) chart = points_chart (AIPERF_SCALE_LINEAR);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2 * W, 2 * H);
  cairo_t *cr;
  AiperfStyle style;
  AiperfViewport vp;
  double px, py;

  cairo_surface_set_device_scale (surface, 2, 2);
  cr = cairo_create (surface);
  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 2000);
  aiperf_renderer_draw (renderer, cr, chart, &vp, &style, W, H);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);

  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1000, 8, FALSE, &px, &py));
  g_assert_cmpfloat (px, <, W);
  cairo_surface_set_device_scale (surface, 1, 1);
  g_assert_true (pixel_near (read_pixel (surface, 2 * px, 2 * py), BLUE, 40));
  aiperf_style_clear (&style);
  cairo_surface_destroy (surface);
}

/* A caller may translate and scale before drawing (a widget inside a
 * bigger surface, fractional scaling): markers land under the transform. */
static void
test_transformed (void)
{
  g_autoptr(AiperfChart) chart = points_chart (AIPERF_SCALE_LINEAR);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  const double scales[] = { 1.0, 1.25 };

  for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1400, 800);
      cairo_t *cr = cairo_create (surface);
      AiperfStyle style;
      AiperfViewport vp;
      double px, py;

      cairo_set_source_rgb (cr, 1, 0, 0);
      cairo_paint (cr);
      aiperf_style_init (&style, AIPERF_THEME_LIGHT);
      fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 2000);
      cairo_translate (cr, 100, 50);
      cairo_scale (cr, scales[k], scales[k]);
      /* a caller's clip is honoured too */
      cairo_rectangle (cr, 0, 0, W, H);
      cairo_clip (cr);
      aiperf_renderer_draw (renderer, cr, chart, &vp, &style, W, H);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);

      g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1000, 8, FALSE, &px, &py));
      g_assert_true (pixel_near (read_pixel (surface, 100 + px * scales[k], 50 + py * scales[k]),
                                 BLUE, 40));
      g_assert_true (aiperf_renderer_data_to_pixel (renderer, 100, 5, FALSE, &px, &py));
      g_assert_true (pixel_near (read_pixel (surface, 100 + px * scales[k], 50 + py * scales[k]),
                                 BLUE, 40));
      /* nothing outside the area given */
      g_assert_true (pixel_near (read_pixel (surface, 50, 20), 0xff0000, 0));
      g_assert_true (pixel_near (read_pixel (surface, 100 + W * scales[k] + 5, 100), 0xff0000, 0));
      g_assert_true (pixel_near (read_pixel (surface, 300, 50 + H * scales[k] + 5), 0xff0000, 0));
      aiperf_style_clear (&style);
      cairo_surface_destroy (surface);
    }
}

static void
test_y2 (void)
{
  g_autoptr(AiperfChart) chart = points_chart (AIPERF_SCALE_LINEAR);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  int s = aiperf_chart_add_series (chart, "right", aiperf_color_palette (1), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  double px, py;

  chart->has_y2 = TRUE;
  aiperf_axis_set_label (&chart->y2, "Utilization", "%");
  layer->on_y2 = TRUE;
  layer->marker_size = 14;
  aiperf_layer_append_point (layer, 500, 75, 7);
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 2000);
  vp.has_y2 = TRUE;
  vp.y2_min = 0;
  vp.y2_max = 100;
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  /* the right axis' ticks and title need room on the right */
  g_assert_cmpfloat (a.x + a.width, <, W - 40);
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 500, 75, TRUE, &px, &py));
  g_assert_cmpfloat (fabs (px - (a.x + a.width * 0.25)), <=, 1);
  g_assert_cmpfloat (fabs (py - (a.y + a.height * 0.25)), <=, 1);
  g_assert_true (pixel_near (read_pixel (surface, px, py), ORANGE, 40));
  cairo_surface_destroy (surface);
}

static void
test_log_nonpositive (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("log");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  cairo_surface_t *surface;

  chart->y.scale = AIPERF_SCALE_LOG;
  aiperf_layer_append_point (layer, 1, 0, 0);
  aiperf_layer_append_point (layer, 2, -5, 1);
  aiperf_layer_append_point (layer, 3, 10, 2);
  aiperf_layer_append_point (layer, 4, NAN, 3);
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  g_assert_cmpuint (aiperf_renderer_get_primitive_count (renderer), ==, 1);
  g_assert_cmpfloat (aiperf_renderer_get_viewport (renderer)->y_min, >, 0);
  cairo_surface_destroy (surface);
}

static void
test_pick (void)
{
  g_autoptr(AiperfChart) chart = points_chart (AIPERF_SCALE_LINEAR);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfPick pick;
  double px, py;

  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 2000);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);

  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1000, 8, FALSE, &px, &py));
  g_assert_true (aiperf_renderer_pick (renderer, px + 3, py - 2, 10, &pick));
  g_assert_cmpuint (pick.layer, ==, 0);
  g_assert_cmpuint (pick.index, ==, 2);
  g_assert_cmpint (pick.series, ==, 0);
  g_assert_cmpint (pick.id, ==, 102);
  g_assert_cmpfloat (pick.x, ==, 1000);
  g_assert_cmpfloat (pick.y, ==, 8);
  g_assert_cmpfloat (fabs (pick.px - px), <=, 0.5);
  g_assert_cmpfloat (fabs (pick.py - py), <=, 0.5);
  g_assert_cmpfloat (fabs (pick.distance - sqrt (13)), <, 0.6);

  /* the nearer of two */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 100, 5, FALSE, &px, &py));
  g_assert_true (aiperf_renderer_pick (renderer, px, py, 200, &pick));
  g_assert_cmpint (pick.id, ==, 101);

  /* nothing beyond the radius */
  g_assert_false (aiperf_renderer_pick (renderer, px + 30, py, 20, &pick));
  g_assert_false (aiperf_renderer_pick (renderer, px, py + 12, 11, &pick));
  g_assert_true (aiperf_renderer_pick (renderer, px, py + 12, 13, &pick));

  /* a hidden series cannot be picked */
  aiperf_chart_set_series_visible (chart, 0, FALSE);
  cairo_surface_destroy (surface);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  g_assert_false (aiperf_renderer_pick (renderer, px, py, 10, &pick));
  cairo_surface_destroy (surface);
}

/* Pixels of colour @rgb in a rectangle. */
static guint
count_color (cairo_surface_t *surface,
             double           x0,
             double           y0,
             double           x1,
             double           y1,
             guint32          rgb)
{
  guint n = 0;

  for (int y = (int) y0; y < (int) y1; y++)
    for (int x = (int) x0; x < (int) x1; x++)
      if (x >= 0 && y >= 0 && x < cairo_image_surface_get_width (surface) &&
          y < cairo_image_surface_get_height (surface) &&
          pixel_near (read_pixel (surface, x, y), rgb, 40))
        n++;
  return n;
}

static void
test_legend_and_hidden (void)
{
  g_autoptr(AiperfChart) chart = two_series_chart ();
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface;
  AiperfViewport vp;
  double ax = 0, ay = 0, bx = 0, by = 0, px, py;

  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);

  g_assert_true (find_legend (renderer, 0, W, H, &ax, &ay));
  g_assert_true (find_legend (renderer, 1, W, H, &bx, &by));
  /* the line swatch of B is drawn in its colour */
  g_assert_cmpuint (count_color (surface, bx, by, bx + 40, by + 20, ORANGE), >, 5);
  /* entries are stacked, A first */
  g_assert_cmpfloat (ay, <, by);
  /* nothing on the plot background, nor the title */
  g_assert_cmpint (aiperf_renderer_pick_legend (renderer, 5, H - 5), ==, -1);

  /* both drawn: the line at y = 7 and a marker at (5, 2) */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 4.5, 7, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), ORANGE, 40));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 5, 2, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), BLUE, 40));

  /* toggling B (what a click on its legend entry does) hides its line only */
  aiperf_chart_set_series_visible (chart, aiperf_renderer_pick_legend (renderer, bx, by),
                                   FALSE);
  cairo_surface_destroy (surface);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 4.5, 7, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), 0xffffff, 8));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 5, 2, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), BLUE, 40));
  /* the hidden series keeps its legend entry, so it can be shown again,
   * greyed: its swatch is no longer drawn in its colour */
  g_assert_true (find_legend (renderer, 1, W, H, &bx, &by));
  g_assert_cmpuint (count_color (surface, bx, by, bx + 40, by + 20, ORANGE), ==, 0);
  cairo_surface_destroy (surface);
}

static void
test_legend_inside (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("narrow");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  int s = aiperf_chart_add_series (chart, "A longer series name",
                                   aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  double lx = 0, ly = 0;

  /* data in three corners; the bottom-left one is empty */
  for (int i = 0; i < 20; i++)
    {
      aiperf_layer_append_point (layer, 0.5 + i * 0.02, 9.5 - i * 0.02, i);
      aiperf_layer_append_point (layer, 9.5 - i * 0.02, 9.5 - i * 0.02, i);
      aiperf_layer_append_point (layer, 9.5 - i * 0.02, 0.5 + i * 0.02, i);
    }
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, 400, 400);
  a = aiperf_renderer_get_plot_area (renderer);
  g_assert_true (find_legend (renderer, 0, 400, 400, &lx, &ly));
  /* inside the plot, in its bottom-left quarter */
  g_assert_cmpfloat (lx, >=, a.x);
  g_assert_cmpfloat (lx, <, a.x + a.width / 2);
  g_assert_cmpfloat (ly, >, a.y + a.height / 2);
  g_assert_cmpfloat (ly, <=, a.y + a.height);
  /* the plot keeps most of the narrow canvas */
  g_assert_cmpfloat (a.width, >, 250);
  cairo_surface_destroy (surface);

  /* With a point in the fourth corner too, no corner is free: the legend
   * goes below the plot rather than over the point. */
  aiperf_layer_append_point (layer, 0.6, 0.6, 99);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, 400, 400);
  a = aiperf_renderer_get_plot_area (renderer);
  g_assert_true (find_legend (renderer, 0, 400, 400, &lx, &ly));
  g_assert_cmpfloat (ly, >, a.y + a.height);
  cairo_surface_destroy (surface);
}

static void
test_point_labels (void)
{
  const char *one[] = { "8" };
  const char *same[] = { "8", "8" };
  const char *other[] = { "8", "16" };
  const double x1[] = { 5 };
  const double x2[] = { 5, 5.001 };
  guint ink_one = labels_ink (one, x1, 1);
  guint ink_same = labels_ink (same, x2, 2);
  guint ink_other = labels_ink (other, x2, 2);

  g_test_message ("label ink: one %u, same twice %u, two texts %u", ink_one, ink_same, ink_other);
  g_assert_cmpuint (ink_one, >, 40);
  /* "8" over "8" is printed once */
  g_assert_cmpuint (ink_same, ==, ink_one);
  /* a different text at the same place is moved aside, not dropped */
  g_assert_cmpuint (ink_other, >, ink_one + 20);
}

/* The same text of two series at one place is two labels: LLMPerf's
 * "fireworks" of one model beside "fireworks" of another (only a repeat
 * of the same series is left out). */
static void
test_point_labels_two_series (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new (NULL);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  AiperfViewport vp;
  cairo_surface_t *surface;
  g_autoptr(GArray) placed = NULL;

  for (int i = 0; i < 2; i++)
    {
      int s = aiperf_chart_add_series (chart, i == 0 ? "a" : "b", aiperf_color_palette (i), AIPERF_LAYER_POINTS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);

      aiperf_layer_append_labeled (layer, 5 + 0.001 * i, 5, i, "fireworks");
    }
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  cairo_surface_destroy (surface);
  placed = aiperf_renderer_get_placed_labels (renderer);
  g_assert_cmpuint (placed->len, ==, 2);
  g_assert_cmpstr (g_array_index (placed, AiperfLabelBox, 0).text, ==, "fireworks");
  g_assert_cmpstr (g_array_index (placed, AiperfLabelBox, 1).text, ==, "fireworks");
}

/* Digits after the point of a tick label ("2.5k": 1), and its SI multiplier. */
static int
label_decimals (const char *label,
                char       *suffix)
{
  const char *dot = strchr (label, '.');
  size_t len = strlen (label);

  *suffix = len > 0 && strchr ("kMGT", label[len - 1]) != NULL ? label[len - 1] : '\0';
  if (dot == NULL)
    return 0;
  return (int) (label + len - dot - 1) - (*suffix != '\0');
}

/* A crowd of labelled points on crossing lines, unlabelled markers among
 * them and a note that would sit on them: no label runs into another or
 * covers a marker, the note is kept, and each axis has one number format. */
static void
test_dense_labels (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Dense");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GArray) labels = NULL;
  g_auto(GStrv) y_ticks = NULL;
  g_auto(GStrv) x_ticks = NULL;
  cairo_surface_t *surface;
  AiperfLayer *layer;
  guint n_labelled = 0;

  aiperf_axis_set_label (&chart->x, "Latency", "ms");
  aiperf_axis_set_label (&chart->y, "Throughput", "k tokens/s");
  aiperf_axis_set_range (&chart->x, 0, 25000);
  aiperf_axis_set_range (&chart->y, 0, 10);
  for (int s = 0; s < 3; s++)
    {
      int series = aiperf_chart_add_series (chart, s == 0 ? "a" : s == 1 ? "b" : "c", aiperf_color_palette (s),
                                            AIPERF_LAYER_LINE);
      AiperfLayer *line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, series);

      layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
      layer->marker_size = 10;
      for (int i = 0; i < 15; i++)
        {
          double x = 8000 + 600 * i + 300 * s, y = 3 + 0.25 * i + 0.6 * s - 0.04 * i * s;
          g_autofree char *label = g_strdup_printf ("c=%d", 1 << (i % 8));

          aiperf_layer_append_point (line, x, y, -1);
          aiperf_layer_append_labeled (layer, x, y, i, label);
          n_labelled++;
        }
    }
  /* markers without drawn labels (hover only) between them */
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, -1);
  layer->marker_size = 8;
  layer->hover_labels = TRUE;
  for (int i = 0; i < 30; i++)
    aiperf_layer_append_labeled (layer, 8200 + 300 * i, 3.4 + 0.1 * (i % 7), i, "hover");
  /* a note the chart would put right on the crowd */
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_TEXT, -1);
  layer->text_slides = TRUE;
  aiperf_layer_append_labeled (layer, 12000, 5, -1, "service level 5k tokens/s");

  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  if (g_getenv ("AIPERF_RENDER_OUT") != NULL)
    {
      g_autofree char *file = g_build_filename (g_getenv ("AIPERF_RENDER_OUT"), "dense-labels.png", NULL);

      g_assert_cmpint (cairo_surface_write_to_png (surface, file), ==, CAIRO_STATUS_SUCCESS);
    }
  cairo_surface_destroy (surface);
  labels = assert_labels_clear (renderer, chart);
  g_assert_true (labels_have (labels, "service level 5k tokens/s"));
  /* crowded, yet most points keep a name */
  g_test_message ("%u of %u point labels placed", labels->len - 1, n_labelled);
  g_assert_cmpuint (labels->len - 1, >=, n_labelled / 4);

  /* 0 to 10 in steps of 2.5: every label with one decimal, zero too */
  y_ticks = aiperf_renderer_get_tick_labels (renderer, 'y');
  g_assert_cmpstrv (y_ticks, ((const char * const[]) { "0.0", "2.5", "5.0", "7.5", "10.0", NULL }));
  /* thousands of ms: one multiplier and one count of decimals for the axis */
  x_ticks = aiperf_renderer_get_tick_labels (renderer, 'x');
  g_assert_cmpuint (g_strv_length (x_ticks), >=, 3);
  for (guint i = 0; x_ticks[i] != NULL; i++)
    {
      char suffix, first_suffix;

      g_assert_cmpint (label_decimals (x_ticks[i], &suffix), ==, label_decimals (x_ticks[1], &first_suffix));
      if (strcmp (x_ticks[i], "0") != 0 && strncmp (x_ticks[i], "0.", 2) != 0)
        g_assert_cmpint (suffix, ==, 'k');
    }
}

/* Two reference lines a few pixels apart (two sets' mean CV, 0.594 and
 * 0.570) and two vertical ones: their labels do not run into each other. */
static void
test_rule_labels (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Rules");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GArray) labels = NULL;
  cairo_surface_t *surface;
  AiperfLayer *layer;

  aiperf_axis_set_range (&chart->x, 0, 4);
  aiperf_axis_set_range (&chart->y, 0, 1.8);
  for (int i = 0; i < 2; i++)
    {
      layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_HLINE, -1);
      layer->dashed = TRUE;
      aiperf_layer_append_rule (layer, i == 0 ? 0.594 : 0.570,
                                i == 0 ? "baseline_gates_logs mean 0.594" : "default_all2all_gates_logs mean 0.570");
    }
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_VLINE, -1);
  aiperf_layer_append_rule (layer, 2.0, "ridge fp8 590 FLOP/B");
  aiperf_layer_append_rule (layer, 2.05, "ridge bf16 295 FLOP/B");

  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  if (g_getenv ("AIPERF_RENDER_OUT") != NULL)
    {
      g_autofree char *file = g_build_filename (g_getenv ("AIPERF_RENDER_OUT"), "rule-labels.png", NULL);

      g_assert_cmpint (cairo_surface_write_to_png (surface, file), ==, CAIRO_STATUS_SUCCESS);
    }
  cairo_surface_destroy (surface);
  labels = assert_labels_clear (renderer, chart);
  g_assert_cmpuint (labels->len, ==, 4);
  g_assert_true (labels_have (labels, "default_all2all_gates_logs mean 0.570"));
  g_assert_true (labels_have (labels, "ridge bf16 295 FLOP/B"));
}

/* The nearest point of @r to (x, y). */
static void
nearest_in_rect (const AiperfRect *r,
                 double            x,
                 double            y,
                 double           *nx,
                 double           *ny)
{
  *nx = CLAMP (x, r->x, r->x + r->width);
  *ny = CLAMP (y, r->y, r->y + r->height);
}

/* Whether the segment (x0, y0)–(x1, y1) enters @r (sampled every half pixel). */
static gboolean
segment_enters (double x0, double y0, double x1, double y1,
                const AiperfRect *r)
{
  guint steps = (guint) ceil (hypot (x1 - x0, y1 - y0) * 2) + 1;

  for (guint k = 0; k <= steps; k++)
    {
      double x = x0 + (x1 - x0) * k / steps, y = y0 + (y1 - y0) * k / steps;

      if (x > r->x && x < r->x + r->width && y > r->y && y < r->y + r->height)
        return TRUE;
    }
  return FALSE;
}

/* Seven runs' points in a tight cluster, each with its own name: the places
 * beside the inner points are taken, so their labels go a little further
 * out with a leader line — every label shown, none over another or a
 * marker, each leader short and crossing no other label. */
static void
test_leader_labels (void)
{
  static const char * const names[] = { "qwen-a", "qwen-b", "qwen-c", "qwen-d", "qwen-e", "qwen-f", "qwen-g" };
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Cluster");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GArray) labels = NULL;
  int series = aiperf_chart_add_series (chart, "runs", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
  cairo_surface_t *surface;
  guint n_leaders = 0;

  aiperf_axis_set_range (&chart->x, 0, 100);
  aiperf_axis_set_range (&chart->y, 0, 100);
  layer->marker_size = 10;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    aiperf_layer_append_labeled (layer, 50 + (i % 3) * 1.6, 50 + (i / 3) * 4.5, (int) i, names[i]);

  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  if (g_getenv ("AIPERF_RENDER_OUT") != NULL)
    {
      g_autofree char *file = g_build_filename (g_getenv ("AIPERF_RENDER_OUT"), "leader-labels.png", NULL);

      g_assert_cmpint (cairo_surface_write_to_png (surface, file), ==, CAIRO_STATUS_SUCCESS);
    }
  cairo_surface_destroy (surface);
  labels = assert_labels_clear (renderer, chart);
  g_assert_cmpuint (labels->len, ==, G_N_ELEMENTS (names));
  g_assert_cmpuint (aiperf_renderer_get_hidden_labels (renderer), ==, 0);
  g_assert_null (aiperf_renderer_get_note (renderer));
  for (guint i = 0; i < labels->len; i++)
    {
      const AiperfLabelBox *a = &g_array_index (labels, AiperfLabelBox, i);
      double nx, ny, px, py, d;
      guint k;

      /* each names its own point */
      for (k = 0; k < G_N_ELEMENTS (names) && strcmp (names[k], a->text) != 0; k++)
        ;
      g_assert_cmpuint (k, <, G_N_ELEMENTS (names));
      g_assert_true (aiperf_renderer_data_to_pixel (renderer, aiperf_layer_x (layer, k), aiperf_layer_y (layer, k),
                                                    FALSE, &px, &py));
      g_assert_cmpfloat_with_epsilon (a->px, px, 1e-6);
      g_assert_cmpfloat_with_epsilon (a->py, py, 1e-6);
      nearest_in_rect (&a->rect, px, py, &nx, &ny);
      d = hypot (nx - px, ny - py);
      if (!a->leader)
        {
          /* beside its point: within the marker and a small gap */
          g_assert_cmpfloat (d, <=, 5 + 2 + 1);
          continue;
        }
      n_leaders++;
      /* further out than the places beside it, yet near */
      g_assert_cmpfloat (d, >, 5 + 2);
      g_assert_cmpfloat (d, <, 120);
      for (guint j = 0; j < labels->len; j++)
        if (j != i && segment_enters (px, py, nx, ny, &g_array_index (labels, AiperfLabelBox, j).rect))
          g_error ("the leader of \"%s\" crosses \"%s\"", a->text, g_array_index (labels, AiperfLabelBox, j).text);
    }
  g_test_message ("%u of %u labels on a leader line", n_leaders, labels->len);
  g_assert_cmpuint (n_leaders, >=, 1);
}

/* Thirty names on one spot of a small chart: those with no room even at
 * the end of a leader are left out, and the note under the title says how
 * many, after the chart's own note; the plot moves down a line for it. */
static void
test_hidden_labels_note (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Crowd");
  g_autoptr(AiperfChart) bare = NULL;
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GArray) labels = NULL;
  g_autofree char *expected = NULL;
  int series = aiperf_chart_add_series (chart, "runs", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, series);
  AiperfRect with_note, without;
  guint hidden;

  aiperf_axis_set_range (&chart->x, 0, 10);
  aiperf_axis_set_range (&chart->y, 0, 10);
  chart->note = g_strdup ("Several rows are combined");
  for (int i = 0; i < 30; i++)
    {
      g_autofree char *name = g_strdup_printf ("run-%02d", i);

      aiperf_layer_append_labeled (layer, 5 + 0.01 * i, 5, i, name);
    }
  bare = aiperf_chart_copy (chart);
  g_ptr_array_set_size (((AiperfLayer *) g_ptr_array_index (bare->layers, 0))->labels, 0);

  cairo_surface_destroy (draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, 360, 240));
  labels = assert_labels_clear (renderer, chart);
  with_note = aiperf_renderer_get_plot_area (renderer);
  hidden = aiperf_renderer_get_hidden_labels (renderer);
  g_test_message ("%u labels placed, %u hidden", labels->len, hidden);
  g_assert_cmpuint (hidden, >, 0);
  g_assert_cmpuint (labels->len + hidden, ==, 30);
  expected = g_strdup_printf ("Several rows are combined\n%u point labels hidden: no room", hidden);
  g_assert_cmpstr (aiperf_renderer_get_note (renderer), ==, expected);

  /* without labels: the chart's note alone, and the plot a line higher */
  cairo_surface_destroy (draw_chart (renderer, bare, NULL, AIPERF_THEME_LIGHT, 360, 240));
  without = aiperf_renderer_get_plot_area (renderer);
  g_assert_cmpuint (aiperf_renderer_get_hidden_labels (renderer), ==, 0);
  g_assert_cmpstr (aiperf_renderer_get_note (renderer), ==, "Several rows are combined");
  g_assert_cmpfloat (with_note.y, >, without.y + 8);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/empty", test_empty);
  g_test_add_func ("/aiperf/render/geometry/linear", test_linear);
  g_test_add_func ("/aiperf/render/geometry/log", test_log);
  g_test_add_func ("/aiperf/render/geometry/device-scale", test_device_scale);
  g_test_add_func ("/aiperf/render/geometry/transformed", test_transformed);
  g_test_add_func ("/aiperf/render/geometry/y2", test_y2);
  g_test_add_func ("/aiperf/render/geometry/log-nonpositive", test_log_nonpositive);
  g_test_add_func ("/aiperf/render/pick/nearest", test_pick);
  g_test_add_func ("/aiperf/render/legend/toggle-hidden", test_legend_and_hidden);
  g_test_add_func ("/aiperf/render/legend/inside-empty-corner", test_legend_inside);
  g_test_add_func ("/aiperf/render/labels/no-duplicates", test_point_labels);
  g_test_add_func ("/aiperf/render/labels/same-text-two-series", test_point_labels_two_series);
  g_test_add_func ("/aiperf/render/labels/dense-clear", test_dense_labels);
  g_test_add_func ("/aiperf/render/labels/reference-lines", test_rule_labels);
  g_test_add_func ("/aiperf/render/labels/leader-lines", test_leader_labels);
  g_test_add_func ("/aiperf/render/labels/hidden-in-note", test_hidden_labels_note);
  return g_test_run ();
}
