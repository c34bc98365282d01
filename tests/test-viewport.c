/* test-viewport.c — automatic ranges and zoom/pan maths.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "aiperf-viewport.h"

static AiperfChart *
make_chart (AiperfScale x_scale)
{
  AiperfChart *chart = aiperf_chart_new ("t");
  int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);

  chart->x.scale = x_scale;
  aiperf_layer_append_point (layer, 10, 100, 0);
  aiperf_layer_append_point (layer, 1000, 300, 1);
  return chart;
}

static void
test_auto (void)
{
  g_autoptr(AiperfChart) chart = make_chart (AIPERF_SCALE_LINEAR);
  AiperfViewport vp;

  aiperf_viewport_init_from_chart (&vp, chart);
  /* x includes zero (aiperf's "tozero") and pads 5% above. */
  g_assert_cmpfloat (vp.x_min, ==, 0);
  g_assert_cmpfloat_with_epsilon (vp.x_max, 1050, 1e-9);
  g_assert_cmpfloat (vp.y_min, ==, 0);
  g_assert_cmpfloat_with_epsilon (vp.y_max, 315, 1e-9);

  chart->y.include_zero = FALSE;   /* autoscale */
  aiperf_viewport_init_from_chart (&vp, chart);
  g_assert_cmpfloat_with_epsilon (vp.y_min, 90, 1e-9);
  g_assert_cmpfloat_with_epsilon (vp.y_max, 310, 1e-9);

  aiperf_axis_set_range (&chart->y, 0, 100);
  aiperf_viewport_init_from_chart (&vp, chart);
  g_assert_cmpfloat (vp.y_min, ==, 0);
  g_assert_cmpfloat (vp.y_max, ==, 100);
}

/* A point at x = 0 on a "tozero" axis gets a little room below zero, so
 * the plot's clip does not cut its marker in half; zero stays in view. */
static void
test_auto_zero_room (void)
{
  g_autoptr(AiperfChart) chart = make_chart (AIPERF_SCALE_LINEAR);
  AiperfLayer *layer = g_ptr_array_index (chart->layers, 0);
  AiperfViewport vp;

  aiperf_layer_append_point (layer, 0, 0, 2);
  aiperf_viewport_init_from_chart (&vp, chart);
  g_assert_cmpfloat (vp.x_min, <, 0);
  g_assert_cmpfloat (vp.x_min, >, -0.02 * 1000);
  g_assert_cmpfloat (vp.y_min, <, 0);
  g_assert_cmpfloat (vp.y_min, >, -0.02 * 300);
}

/* One request at x = 0 (a run of one request): the marker shows whole,
 * in a plot that reaches past it, not on the edge of a 0..0.5 plot. */
static void
test_auto_single_zero (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("one request");
  int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  AiperfViewport vp;

  aiperf_layer_append_point (layer, 0, 21.3, 0);
  aiperf_viewport_init_from_chart (&vp, chart);
  g_assert_cmpfloat (vp.x_min, <, 0);
  g_assert_cmpfloat (vp.x_min, >, -0.02);
  g_assert_cmpfloat (vp.x_max, >=, 1);
  /* y as before: from zero to above the value */
  g_assert_cmpfloat (vp.y_min, ==, 0);
  g_assert_cmpfloat (vp.y_max, >, 21.3);
}

static void
test_auto_log (void)
{
  g_autoptr(AiperfChart) chart = make_chart (AIPERF_SCALE_LOG);
  AiperfViewport vp;

  aiperf_viewport_init_from_chart (&vp, chart);
  /* log10 span 1..3 padded by 5% of 2 decades each side */
  g_assert_cmpfloat_with_epsilon (log10 (vp.x_min), 0.9, 1e-9);
  g_assert_cmpfloat_with_epsilon (log10 (vp.x_max), 3.1, 1e-9);
}

static void
test_zoom (void)
{
  AiperfViewport vp = { 0, 100, 0, 10, 0, 1, AIPERF_SCALE_LINEAR, AIPERF_SCALE_LINEAR,
                        AIPERF_SCALE_LINEAR, FALSE };

  aiperf_viewport_zoom_at (&vp, 2.0, 50, 5, TRUE, TRUE);
  g_assert_cmpfloat (vp.x_min, ==, 25);
  g_assert_cmpfloat (vp.x_max, ==, 75);
  g_assert_cmpfloat (vp.y_min, ==, 2.5);
  g_assert_cmpfloat (vp.y_max, ==, 7.5);

  /* The anchor stays where it was. */
  aiperf_viewport_zoom_at (&vp, 0.5, 25, 7.5, TRUE, FALSE);
  g_assert_cmpfloat (vp.x_min, ==, 25);
  g_assert_cmpfloat (vp.x_max, ==, 125);
  g_assert_cmpfloat (vp.y_min, ==, 2.5);

  aiperf_viewport_pan_fraction (&vp, 0.1, -0.2);
  g_assert_cmpfloat_with_epsilon (vp.x_min, 35, 1e-9);
  g_assert_cmpfloat_with_epsilon (vp.y_min, 1.5, 1e-9);

  aiperf_viewport_zoom_to_rect (&vp, 60, 9, 40, 3);
  g_assert_cmpfloat (vp.x_min, ==, 40);
  g_assert_cmpfloat (vp.x_max, ==, 60);
  g_assert_cmpfloat (vp.y_min, ==, 3);
  g_assert_cmpfloat (vp.y_max, ==, 9);
}

static void
test_zoom_log_and_y2 (void)
{
  AiperfViewport vp = { 1, 10000, 0, 10, 0, 100, AIPERF_SCALE_LOG, AIPERF_SCALE_LINEAR,
                        AIPERF_SCALE_LINEAR, TRUE };

  aiperf_viewport_zoom_at (&vp, 2.0, 100, 0, TRUE, TRUE);
  g_assert_cmpfloat_with_epsilon (vp.x_min, 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (vp.x_max, 1000, 1e-9);
  /* y anchored at its bottom: y2 follows, anchored at its bottom too. */
  g_assert_cmpfloat (vp.y_min, ==, 0);
  g_assert_cmpfloat (vp.y_max, ==, 5);
  g_assert_cmpfloat (vp.y2_min, ==, 0);
  g_assert_cmpfloat (vp.y2_max, ==, 50);
}

static void
test_clamp (void)
{
  AiperfViewport vp = { 5, 5, NAN, INFINITY, 0, 1, AIPERF_SCALE_LINEAR, AIPERF_SCALE_LINEAR,
                        AIPERF_SCALE_LINEAR, FALSE };

  aiperf_viewport_clamp (&vp);
  g_assert_true (vp.x_max > vp.x_min);
  g_assert_true (isfinite (vp.y_min) && isfinite (vp.y_max) && vp.y_max > vp.y_min);

  vp.x_scale = AIPERF_SCALE_LOG;
  vp.x_min = -5;
  vp.x_max = 100;
  aiperf_viewport_clamp (&vp);
  g_assert_true (vp.x_min > 0);
  /* Zooming in forever stops at a finite, non-empty span. */
  for (int i = 0; i < 2000; i++)
    aiperf_viewport_zoom_at (&vp, 10, 50, 0, TRUE, TRUE);
  g_assert_true (vp.x_max > vp.x_min && vp.y_max > vp.y_min);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/viewport/auto", test_auto);
  g_test_add_func ("/aiperf/render/viewport/auto-zero-room", test_auto_zero_room);
  g_test_add_func ("/aiperf/render/viewport/auto-single-zero", test_auto_single_zero);
  g_test_add_func ("/aiperf/render/viewport/auto-log", test_auto_log);
  g_test_add_func ("/aiperf/render/viewport/zoom-pan", test_zoom);
  g_test_add_func ("/aiperf/render/viewport/zoom-log-y2", test_zoom_log_and_y2);
  g_test_add_func ("/aiperf/render/viewport/clamp", test_clamp);
  return g_test_run ();
}
