/* test-renderer-legend.c — legends that do not run off the image: "+N
 * more" past the room, rows below the plot on narrow charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "renderer-test-util.h"

static AiperfChart *
many_series_chart (guint n)
{
  AiperfChart *chart = aiperf_chart_new ("Many runs");

  aiperf_axis_set_label (&chart->x, "Latency", "ms");
  aiperf_axis_set_label (&chart->y, "Throughput", "tokens/s");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Qwen_Qwen3-0.6B-openai-chat-concurrency%u", i + 1);
      int s = aiperf_chart_add_series (chart, name, aiperf_color_palette (i), AIPERF_LAYER_POINTS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);

      aiperf_layer_append_point (layer, i, 100.0 - i, (int) i);
    }
  return chart;
}

/* Series with a legend entry someone could click. */
static guint
count_entries (AiperfRenderer *renderer,
               guint           n_series,
               double          width,
               double          height)
{
  g_autofree gboolean *seen = g_new0 (gboolean, n_series);
  guint n = 0;

  for (double y = 1; y < height; y += 2)
    for (double x = 1; x < width; x += 3)
      {
        int s = aiperf_renderer_pick_legend (renderer, x, y);

        if (s >= 0 && !seen[s])
          {
            seen[s] = TRUE;
            n++;
          }
      }
  return n;
}

/* 100 entries in 800 px: as many as fit, then "+N more", all inside the image. */
static void
test_more (void)
{
  g_autoptr(AiperfChart) chart = many_series_chart (100);
  AiperfRenderer *renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, 1600, 800);
  guint shown = count_entries (renderer, 100, 1600, 800);
  double x = 0, y = 0;

  g_assert_cmpuint (shown, >, 20);
  g_assert_cmpuint (shown, <, 100);
  /* The last entry shown is above the bottom edge, with room for the summary. */
  g_assert_true (find_legend (renderer, (int) shown - 1, 1600, 800, &x, &y));
  g_assert_cmpfloat (y, <, 800 - 20);
  g_assert_false (find_legend (renderer, 99, 1600, 800, &x, &y));
  cairo_surface_destroy (surface);
  aiperf_renderer_free (renderer);
}

/* A narrow chart puts the legend below the plot, names whole. */
static void
test_below (void)
{
  g_autoptr(AiperfChart) chart = many_series_chart (3);
  AiperfRenderer *renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, 420, 500);
  AiperfRect area = aiperf_renderer_get_plot_area (renderer);
  double x = 0, y = 0;

  g_assert_cmpuint (count_entries (renderer, 3, 420, 500), ==, 3);
  g_assert_true (find_legend (renderer, 0, 420, 500, &x, &y));
  g_assert_cmpfloat (y, >, area.y + area.height);
  /* The plot keeps (nearly) the whole width. */
  g_assert_cmpfloat (area.width, >, 420 * 0.7);
  cairo_surface_destroy (surface);
  aiperf_renderer_free (renderer);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/renderer/legend/more", test_more);
  g_test_add_func ("/aiperf/renderer/legend/below", test_below);
  return g_test_run ();
}
