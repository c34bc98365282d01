/* test-renderer-bars.c — bars with error bars (vertical, horizontal,
 * grouped), category lines, reference lines and small multiples: where
 * they land in pixels, how many primitives they cost, and picking.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cairo-svg.h>
#include <stdio.h>

#include "renderer-test-util.h"

#define RED 0xff0000
#define GREEN 0x00a000

static gboolean
is_color (cairo_surface_t *surface,
          double           x,
          double           y,
          guint32          rgb)
{
  return pixel_near (read_pixel (surface, x, y), rgb, 40);
}

/* The whiskers are drawn in the text colour (near black in light). */
static gboolean
is_dark (cairo_surface_t *surface,
         double           x,
         double           y)
{
  Pixel p = read_pixel (surface, x, y);

  return MAX (p.r, MAX (p.g, p.b)) < 110;
}

/* First pixel from (x0, y0) stepping by (dx, dy) for which @test holds; the
 * coordinate along the step, or NAN after @steps. */
static double
scan (cairo_surface_t *surface,
      double           x0,
      double           y0,
      int              dx,
      int              dy,
      int              steps,
      guint32          rgb)
{
  for (int k = 0; k < steps; k++)
    {
      double x = x0 + k * dx, y = y0 + k * dy;

      if (rgb == 0 ? is_dark (surface, x, y) : is_color (surface, x, y, rgb))
        return dx != 0 ? x : y;
    }
  return NAN;
}

/* Three categories, values 2, 4, 6 with ±1 error bars, in opaque red. */
static AiperfChart *
vertical_chart (void)
{
  const char *names[] = { "gpt_nano", "gpt_micro", "gpt_mini" };
  AiperfChart *chart = aiperf_chart_new ("Forward latency");
  int s = aiperf_chart_add_series (chart, "minGPT", aiperf_color_rgba (1, 0, 0, 1),
                                   AIPERF_LAYER_BARS);
  AiperfLayer *bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, s);

  aiperf_axis_set_categories (&chart->x, names, 3);
  aiperf_axis_set_label (&chart->y, "Latency", "ms");
  bars->fill_opacity = 1;
  bars->pickable = TRUE;
  for (int i = 0; i < 3; i++)
    aiperf_layer_append_bar_error (bars, i, 0.6, 2.0 * (i + 1), 2.0 * (i + 1) - 1,
                                   2.0 * (i + 1) + 1, 10 + i);
  return chart;
}

static void
test_vertical (void)
{
  g_autoptr(AiperfChart) chart = vertical_chart ();
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  const AiperfViewport *vp = aiperf_renderer_get_viewport (renderer);

  /* the category axis spans half a category beyond the ends */
  g_assert_cmpfloat (vp->x_min, ==, -0.5);
  g_assert_cmpfloat (vp->x_max, ==, 2.5);
  g_assert_cmpfloat (vp->y_min, ==, 0);
  g_assert_cmpfloat (vp->y_max, >=, 7);
  for (int i = 0; i < 3; i++)
    {
      double v = 2.0 * (i + 1), left, right, top, mid, hi, lo, ignored;

      g_assert_true (aiperf_renderer_data_to_pixel (renderer, i - 0.3, v, FALSE, &left, &top));
      g_assert_true (aiperf_renderer_data_to_pixel (renderer, i + 0.3, v / 2, FALSE, &right, &mid));
      g_assert_true (aiperf_renderer_data_to_pixel (renderer, i, v + 1, FALSE, &ignored, &hi));
      g_assert_true (aiperf_renderer_data_to_pixel (renderer, i, v - 1, FALSE, &ignored, &lo));
      /* the rectangle's edges at their pixels ±1 */
      g_assert_cmpfloat (fabs (scan (surface, left - 12, mid, 1, 0, 40, RED) - left), <=, 1.0);
      g_assert_cmpfloat (fabs (scan (surface, right + 12, mid, -1, 0, 40, RED) - right), <=, 1.0);
      g_assert_cmpfloat (fabs (scan (surface, left + 4, top - 20, 0, 1, 40, RED) - top), <=, 1.0);
      /* the error bar's ends, on the bar's centre line */
      g_assert_cmpfloat (fabs (scan (surface, (left + right) / 2, hi - 12, 0, 1, 40, 0) - hi), <=, 1.0);
      g_assert_cmpfloat (fabs (scan (surface, (left + right) / 2, lo + 12, 0, -1, 40, 0) - lo), <=, 1.0);
    }
  /* three rectangles and three whiskers */
  g_assert_cmpuint (aiperf_renderer_get_primitive_count (renderer), ==, 6);
  cairo_surface_destroy (surface);
}

static void
test_horizontal (void)
{
  const char *names[] = { "a", "b" };
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Throughput");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  AiperfLayer *bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_HBARS, -1);
  cairo_surface_t *surface;
  double right, mid, top, hi, lo, ignored;

  aiperf_axis_set_categories (&chart->y, names, 2);
  aiperf_axis_set_label (&chart->x, "Throughput", "tokens/s");
  bars->color = aiperf_color_rgba (1, 0, 0, 1);
  bars->fill_opacity = 1;
  bars->pickable = TRUE;
  aiperf_layer_append_hbar (bars, 0, 0.5, 300, 250, 350, 0);
  aiperf_layer_append_hbar (bars, 1, 0.5, 800, NAN, NAN, 1);
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);

  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 300, 0, FALSE, &right, &mid));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 150, 0.25, FALSE, &ignored, &top));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 350, 0, FALSE, &hi, &ignored));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 250, 0, FALSE, &lo, &ignored));
  /* bar end and top edge (y grows downwards: category 0 is at the bottom) */
  g_assert_cmpfloat (fabs (scan (surface, right + 10, mid + 6, -1, 0, 40, RED) - right), <=, 1.0);
  g_assert_cmpfloat (fabs (scan (surface, (right + lo) / 4, top - 12, 0, 1, 40, RED) - top), <=, 1.0);
  /* horizontal whisker ends */
  g_assert_cmpfloat (fabs (scan (surface, hi + 12, mid, -1, 0, 40, 0) - hi), <=, 1.0);
  g_assert_cmpfloat (fabs (scan (surface, lo - 12, mid, 1, 0, 40, 0) - lo), <=, 1.0);
  /* 2 bars, 1 whisker; the zero axis is included on x */
  g_assert_cmpuint (aiperf_renderer_get_primitive_count (renderer), ==, 3);
  g_assert_cmpfloat (aiperf_renderer_get_viewport (renderer)->x_min, ==, 0);
  cairo_surface_destroy (surface);
}

/* Fewer than three categories are centred in the room of three: one
 * GPU's bar takes a third of the plot at most, not all of it. */
static void
test_category_room (void)
{
  const char *names[] = { "GPU 0", "GPU 1", "GPU 2" };
  const double expected[4][2] = { { -1.5, 1.5 }, { -1.5, 1.5 }, { -1.0, 2.0 }, { -0.5, 2.5 } };

  for (guint n = 0; n <= 3; n++)
    {
      g_autoptr(AiperfChart) chart = aiperf_chart_new ("Idle");
      g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
      AiperfLayer *bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, -1);
      cairo_surface_t *surface;
      const AiperfViewport *vp;

      aiperf_axis_set_categories (&chart->x, names, n);
      bars->color = aiperf_color_rgba (1, 0, 0, 1);
      bars->fill_opacity = 1;
      for (guint i = 0; i < MAX (n, 1); i++)
        aiperf_layer_append_bar (bars, i, 0.8, 5, (int) i);
      surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
      vp = aiperf_renderer_get_viewport (renderer);
      g_assert_cmpfloat (vp->x_min, ==, expected[n][0]);
      g_assert_cmpfloat (vp->x_max, ==, expected[n][1]);
      if (n == 1)
        {
          double left, right, mid, y;

          g_assert_true (aiperf_renderer_data_to_pixel (renderer, -0.4, 2.5, FALSE, &left, &mid));
          g_assert_true (aiperf_renderer_data_to_pixel (renderer, 0.4, 2.5, FALSE, &right, &y));
          /* the bar's edges where they should be, 0.8 of a third of the plot apart */
          g_assert_cmpfloat (fabs (scan (surface, left - 12, mid, 1, 0, 40, RED) - left), <=, 1.0);
          g_assert_cmpfloat (fabs (scan (surface, right + 12, mid, -1, 0, 40, RED) - right), <=, 1.0);
          g_assert_cmpfloat (right - left, <=, aiperf_renderer_get_plot_area (renderer).width * 0.8 / 3 + 1);
        }
      cairo_surface_destroy (surface);
    }
}

/* Two series side by side in each of two categories. */
static AiperfChart *
grouped_chart (void)
{
  const char *names[] = { "gpt_nano", "gpt_micro" };
  AiperfChart *chart = aiperf_chart_new ("Grouped");
  int a = aiperf_chart_add_series (chart, "minGPT", aiperf_color_rgba (1, 0, 0, 1), AIPERF_LAYER_BARS);
  int b = aiperf_chart_add_series (chart, "cutileGPT", aiperf_color_rgba (0, 0.627, 0, 1),
                                   AIPERF_LAYER_BARS);
  AiperfLayer *la = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, a);
  AiperfLayer *lb = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, b);

  aiperf_axis_set_categories (&chart->x, names, 2);
  la->fill_opacity = lb->fill_opacity = 1;
  la->pickable = lb->pickable = TRUE;
  aiperf_layer_set_group (la, 0, 2);
  aiperf_layer_set_group (lb, 1, 2);
  aiperf_layer_append_bar_error (la, 0, 0.8, 10, 9, 11, 0);
  aiperf_layer_append_bar_error (la, 1, 0.8, 20, 18, 22, 1);
  aiperf_layer_append_bar_error (lb, 0, 0.8, 5, 4.5, 5.5, 2);
  aiperf_layer_append_bar_error (lb, 1, 0.8, 8, 7, 9, 3);
  return chart;
}

static void
test_grouped (void)
{
  g_autoptr(AiperfChart) chart = grouped_chart ();
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  double l0, mid, c0, r0, r1, ignored, hi_b;

  /* category 1: minGPT fills 0.6..1.0, cutileGPT 1.0..1.4 */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 0.6, 4, FALSE, &l0, &mid));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.0, 4, FALSE, &c0, &ignored));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.4, 4, FALSE, &r1, &ignored));
  g_assert_cmpfloat (fabs (scan (surface, l0 - 10, mid, 1, 0, 30, RED) - l0), <=, 1.0);
  g_assert_cmpfloat (fabs (scan (surface, r1 + 10, mid, -1, 0, 30, GREEN) - r1), <=, 1.0);
  g_assert_true (is_color (surface, c0 - 5, mid, RED));
  g_assert_true (is_color (surface, c0 + 5, mid, GREEN));
  /* the green error bar sits on its slot's centre (1.2), not the category's */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.2, 9, FALSE, &r0, &hi_b));
  g_assert_cmpfloat (fabs (scan (surface, r0, hi_b - 12, 0, 1, 30, 0) - hi_b), <=, 1.0);
  g_assert_false (is_dark (surface, c0 + 2, hi_b + 2));

  /* hover inside the green bar of category 1, far below its top */
  {
    AiperfPick pick;
    double px, py;

    g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.25, 1, FALSE, &px, &py));
    g_assert_true (aiperf_renderer_pick (renderer, px, py, 8, &pick));
    g_assert_cmpint (pick.series, ==, 1);
    g_assert_cmpint (pick.id, ==, 3);
    g_assert_cmpuint (pick.layer, ==, 1);
    g_assert_cmpuint (pick.index, ==, 1);
    g_assert_cmpfloat (pick.x, ==, 1);
    g_assert_cmpfloat (pick.y, ==, 8);
    g_assert_cmpfloat (pick.distance, ==, 0);
    g_assert_cmpint (pick.panel, ==, -1);
    /* the marker sits at the top of the bar, in the slot's middle */
    g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.2, 8, FALSE, &px, &py));
    g_assert_cmpfloat (fabs (pick.px - px), <=, 1.0);
    g_assert_cmpfloat (fabs (pick.py - py), <=, 1.0);
    /* just beside the red bar: within the radius it is found */
    g_assert_true (aiperf_renderer_data_to_pixel (renderer, 0.6, 5, FALSE, &px, &py));
    g_assert_true (aiperf_renderer_pick (renderer, px - 3, py, 8, &pick));
    g_assert_cmpint (pick.id, ==, 1);
    g_assert_cmpfloat (pick.distance, >, 1.5);
    /* above every bar: nothing */
    g_assert_true (aiperf_renderer_data_to_pixel (renderer, 0.5, 21, FALSE, &px, &py));
    g_assert_false (aiperf_renderer_pick (renderer, px, py, 8, &pick));
  }
  /* hidden series: its bars are neither drawn nor picked */
  cairo_surface_destroy (surface);
  aiperf_chart_set_series_visible (chart, 1, FALSE);
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  g_assert_cmpuint (aiperf_renderer_get_primitive_count (renderer), ==, 4);
  cairo_surface_destroy (surface);
}

/* 200,000 bars across 800 px: merged per pixel column, the tallest kept. */
static void
test_decimate (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("dense bars");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  /* the rules first: drawn over the bars they would hide them */
  AiperfLayer *rules = aiperf_chart_add_layer (chart, AIPERF_LAYER_VLINE, -1);
  AiperfLayer *bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, -1);
  AiperfLayer *hbars = aiperf_chart_add_layer (chart, AIPERF_LAYER_HBARS, -1);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  guint64 count;
  double px, py, ignored;

  bars->color = aiperf_color_rgba (1, 0, 0, 1);
  bars->fill_opacity = 1;
  bars->pickable = TRUE;
  for (int i = 0; i < 200000; i++)
    aiperf_layer_append_bar_error (bars, i / 20000.0, 1 / 20000.0, i == 123456 ? 9 : 2 + (i % 3),
                                   1, 5, i);
  for (int i = 0; i < 50000; i++)
    aiperf_layer_append_hbar (hbars, i / 5000.0, 1 / 5000.0, 0.5, NAN, NAN, i);
  for (int i = 0; i < 50000; i++)
    aiperf_layer_append_rule (rules, i / 5000.0, NULL);
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  count = aiperf_renderer_get_primitive_count (renderer);
  g_test_message ("250k bars and 50k rules: %" G_GUINT64_FORMAT " primitives, plot %gx%g",
                  count, a.width, a.height);
  /* rectangles and whiskers per column, rectangles per row, one rule per column */
  g_assert_cmpuint (count, <=, (guint64) (2 * (ceil (a.width) + 2) + ceil (a.height) + 2 +
                                          ceil (a.width) + 1));
  g_assert_cmpuint (count, >, 100);
  /* the one tall bar survives the merge */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 123456 / 20000.0, 8.5, FALSE, &px, &py));
  g_assert_true (is_color (surface, px, py, RED) || is_color (surface, px + 1, py, RED) ||
                 is_color (surface, px - 1, py, RED));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 3, 8.5, FALSE, &px, &ignored));
  g_assert_false (is_color (surface, px, py, RED));
  /* and hover over it names it */
  {
    AiperfPick pick;

    g_assert_true (aiperf_renderer_data_to_pixel (renderer, 123456 / 20000.0, 8.5, FALSE, &px, &py));
    g_assert_true (aiperf_renderer_pick (renderer, px, py, 2, &pick));
    g_assert_cmpint (pick.id, ==, 123456);
    g_assert_cmpuint (pick.layer, ==, 1);
    g_assert_cmpfloat (pick.y, ==, 9);
  }
  cairo_surface_destroy (surface);
}

static void
test_reference_lines (void)
{
  g_autoptr(AiperfChart) chart = vertical_chart ();
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  AiperfLayer *h = aiperf_chart_add_layer (chart, AIPERF_LAYER_HLINE, -1);
  AiperfLayer *v = aiperf_chart_add_layer (chart, AIPERF_LAYER_VLINE, -1);
  cairo_surface_t *surface;
  AiperfRect a;
  double px, py;

  h->color = aiperf_color_rgba (0, 0.627, 0, 1);
  v->color = aiperf_color_rgba (0, 0.627, 0, 1);
  aiperf_layer_append_rule (h, 1.0, "speedup = 1");
  aiperf_layer_append_rule (v, 1.5, "1.5");
  g_assert_true (isnan (aiperf_layer_x (h, 0)));
  g_assert_true (isnan (aiperf_layer_y (v, 0)));
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.5, 1.0, FALSE, &px, &py));
  /* the vertical line runs the plot's height; the horizontal its width */
  g_assert_cmpfloat (fabs (scan (surface, px - 6, a.y + a.height - 3, 1, 0, 12, GREEN) - px), <=, 1.0);
  g_assert_cmpfloat (fabs (scan (surface, px - 6, a.y + 40, 1, 0, 12, GREEN) - px), <=, 1.0);
  g_assert_cmpfloat (fabs (scan (surface, a.x + 3, py - 6, 0, 1, 12, GREEN) - py), <=, 1.0);
  /* labelled: some ink right of the vertical line near the top */
  g_assert_cmpuint (count_ink (surface, px + 2, a.y, px + 40, a.y + 25), >, 5);
  /* a reference line does not stretch the axis on the other direction */
  g_assert_cmpfloat (aiperf_renderer_get_viewport (renderer)->x_max, ==, 2.5);
  cairo_surface_destroy (surface);
}

/* One line per series over category ticks. */
static void
test_category_lines (void)
{
  const char *stats[] = { "min", "median", "p95", "p99", "max" };
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Percentiles");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  int s = aiperf_chart_add_series (chart, "gpt_nano", aiperf_color_rgba (1, 0, 0, 1), AIPERF_LAYER_LINE);
  AiperfLayer *line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, s);
  cairo_surface_t *surface;
  double px, py;

  aiperf_axis_set_categories (&chart->x, stats, 5);
  for (int i = 0; i < 5; i++)
    aiperf_layer_append_point (line, i, 1 + i, i);
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  g_assert_cmpuint (chart->x.tick_labels->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (chart->x.tick_labels, 2), ==, "p95");
  for (int i = 0; i < 5; i++)
    {
      g_assert_true (aiperf_renderer_data_to_pixel (renderer, i, 1 + i, FALSE, &px, &py));
      g_assert_true (is_color (surface, px, py, RED));
    }
  /* tick labels under the plot: ink below each category */
  {
    AiperfRect a = aiperf_renderer_get_plot_area (renderer);

    for (int i = 0; i < 5; i++)
      {
        g_assert_true (aiperf_renderer_data_to_pixel (renderer, i, 0, FALSE, &px, &py));
        g_assert_cmpuint (count_ink (surface, px - 15, a.y + a.height + 4, px + 15,
                                     a.y + a.height + 30), >, 3);
      }
  }
  cairo_surface_destroy (surface);
}

static AiperfChart *
panel_chart (guint n)
{
  AiperfChart *chart = aiperf_chart_new ("Architecture");

  for (guint p = 0; p < n; p++)
    {
      g_autofree char *title = g_strdup_printf ("Panel %u", p);
      const char *names[] = { "a", "b" };
      AiperfChart *panel = aiperf_chart_new (title);
      AiperfLayer *bars = aiperf_chart_add_layer (panel, AIPERF_LAYER_BARS, -1);

      aiperf_axis_set_categories (&panel->x, names, 2);
      bars->color = aiperf_color_rgba (1, 0, 0, 1);
      bars->fill_opacity = 1;
      bars->pickable = TRUE;
      aiperf_layer_append_bar (bars, 0, 0.6, 1 + p, (int) (100 * p));
      aiperf_layer_append_bar (bars, 1, 0.6, 2 + p, (int) (100 * p + 1));
      aiperf_chart_add_panel (chart, panel);
    }
  return chart;
}

static void
test_panels (void)
{
  g_autoptr(AiperfChart) chart = panel_chart (3);
  g_autoptr(AiperfChart) copy = NULL;
  g_autoptr(AiperfChart) many = panel_chart (200);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  const char *out = g_getenv ("AIPERF_RENDER_OUT");
  cairo_surface_t *surface;
  AiperfPick pick;
  AiperfRect a;
  int found[3] = { 0, 0, 0 };

  copy = aiperf_chart_copy (chart);
  g_assert_cmpuint (copy->panels->len, ==, 3);
  g_assert_cmpstr (((AiperfChart *) g_ptr_array_index (copy->panels, 2))->title, ==, "Panel 2");

  surface = draw_chart (renderer, copy, NULL, AIPERF_THEME_LIGHT, 1200, 400);
  /* three panels side by side (a wide canvas), two bars each */
  g_assert_cmpuint (aiperf_renderer_get_primitive_count (renderer), ==, 6);
  a = aiperf_renderer_get_plot_area (renderer);
  g_assert_cmpfloat (a.y, >, 10);
  /* hover over the second bar of each panel finds it, in its panel */
  for (double x = 2; x < 1200; x += 3)
    if (aiperf_renderer_pick (renderer, x, 300, 0, &pick))
      {
        g_assert_cmpint (pick.panel, >=, 0);
        g_assert_cmpint (pick.panel, <, 3);
        g_assert_cmpfloat (pick.px, >=, pick.panel * 400.0);
        g_assert_cmpfloat (pick.px, <, (pick.panel + 1) * 400.0);
        g_assert_cmpint (pick.id / 100, ==, pick.panel);
        found[pick.panel]++;
      }
  g_assert_cmpint (found[0], >, 0);
  g_assert_cmpint (found[1], >, 0);
  g_assert_cmpint (found[2], >, 0);
  /* legends are the panels' own */
  g_assert_cmpint (aiperf_renderer_pick_legend (renderer, 600, 200), ==, -1);
  if (out != NULL)
    {
      g_autofree char *path = g_build_filename (out, "panels.png", NULL);

      cairo_surface_write_to_png (surface, path);
    }
  cairo_surface_destroy (surface);

  /* 200 panels on 800x400: only as many as fit at a readable size */
  surface = draw_chart (renderer, many, NULL, AIPERF_THEME_LIGHT, W, H);
  g_test_message ("200 panels: %" G_GUINT64_FORMAT " primitives",
                  aiperf_renderer_get_primitive_count (renderer));
  g_assert_cmpuint (aiperf_renderer_get_primitive_count (renderer), <=, 2 * (W / 160) * (H / 120));
  g_assert_cmpuint (aiperf_renderer_get_primitive_count (renderer), >, 0);
  cairo_surface_destroy (surface);
}

/* A legend shared by the panels lists every series, in a column right of
 * the grid, whatever the renderer drew before (unbounded, its row count
 * overflowed and it showed only "+2 more"). */
static void
test_panels_shared_legend (void)
{
  g_autoptr(AiperfChart) chart = panel_chart (6);
  g_autoptr(AiperfChart) wide = aiperf_chart_new ("Many series");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface;
  gboolean seen[2] = { FALSE, FALSE };

  aiperf_chart_add_series (chart, "minGPT", aiperf_color_palette (0), AIPERF_LAYER_LINE);
  aiperf_chart_add_series (chart, "cutileGPT", aiperf_color_palette (1), AIPERF_LAYER_LINE);
  /* On a new renderer (no bound on the legend's height yet)… */
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, 1600, 900);
  for (double y = 0; y < 900; y += 2)
    for (double x = 1200; x < 1600; x += 8)
      {
        int series = aiperf_renderer_pick_legend (renderer, x, y);

        if (series >= 0 && series < 2)
          seen[series] = TRUE;
      }
  g_assert_true (seen[0]);
  g_assert_true (seen[1]);
  cairo_surface_destroy (surface);
  seen[0] = seen[1] = FALSE;

  /* …and after a chart whose legend went below the plot, in rows. */
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *name = g_strdup_printf ("a rather long series name number %u", i);
      AiperfLayer *layer = aiperf_chart_add_layer (wide, AIPERF_LAYER_POINTS,
                                                   aiperf_chart_add_series (wide, name, aiperf_color_palette (i),
                                                                            AIPERF_LAYER_POINTS));

      aiperf_layer_append_point (layer, i, i, -1);
    }
  cairo_surface_destroy (draw_chart (renderer, wide, NULL, AIPERF_THEME_LIGHT, 800, 400));

  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, 1600, 900);
  for (double y = 0; y < 900; y += 2)
    for (double x = 1200; x < 1600; x += 8)
      {
        int series = aiperf_renderer_pick_legend (renderer, x, y);

        if (series >= 0 && series < 2)
          seen[series] = TRUE;
      }
  g_assert_true (seen[0]);
  g_assert_true (seen[1]);
  cairo_surface_destroy (surface);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The same bars in an SVG: the vector output holds each bar's rectangle. */
static void
test_svg (void)
{
  g_autoptr(AiperfChart) chart = grouped_chart ();
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, W, H);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *text = NULL;
  const char *path;
  AiperfStyle style;
  double x0, y0, x1, y1;

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, W, H);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  aiperf_style_clear (&style);
  text = g_strndup ((const char *) bytes->data, bytes->len);
  if (g_getenv ("AIPERF_RENDER_OUT") != NULL)
    {
      g_autofree char *file = g_build_filename (g_getenv ("AIPERF_RENDER_OUT"), "bars.svg", NULL);

      g_assert_true (g_file_set_contents (file, text, -1, NULL));
    }
  g_assert_nonnull (strstr (text, "<svg"));
  /* the green bars' path: two rectangles, the second from (1.0, 8) to (1.4, 0) */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.0, 8, FALSE, &x0, &y0));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.4, 0, FALSE, &x1, &y1));
  path = strstr (text, "fill:rgb(0%,62.7%,0%)");
  g_assert_nonnull (path);
  path = strstr (path, " d=\"");
  g_assert_nonnull (path);
  path += 4;
  for (int r = 0; r < 2; r++)
    {
      double v[8];
      int used = 0;

      g_assert_cmpint (sscanf (path, "M %lf %lf L %lf %lf L %lf %lf L %lf %lf Z %n", &v[0], &v[1],
                               &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &used), ==, 8);
      path += used;
      if (r == 1)
        {
          g_assert_cmpfloat_with_epsilon (v[0], x0, 0.01);
          g_assert_cmpfloat_with_epsilon (v[1], y0, 0.01);
          g_assert_cmpfloat_with_epsilon (v[4], x1, 0.01);
          g_assert_cmpfloat_with_epsilon (v[5], y1, 0.01);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/bars/vertical-error-bars", test_vertical);
  g_test_add_func ("/aiperf/render/bars/horizontal", test_horizontal);
  g_test_add_func ("/aiperf/render/bars/category-room", test_category_room);
  g_test_add_func ("/aiperf/render/bars/grouped-and-pick", test_grouped);
  g_test_add_func ("/aiperf/render/bars/decimate", test_decimate);
  g_test_add_func ("/aiperf/render/reference-lines", test_reference_lines);
  g_test_add_func ("/aiperf/render/category-lines", test_category_lines);
  g_test_add_func ("/aiperf/render/panels", test_panels);
  g_test_add_func ("/aiperf/render/panels/shared-legend", test_panels_shared_legend);
  g_test_add_func ("/aiperf/render/bars/svg", test_svg);
  return g_test_run ();
}
