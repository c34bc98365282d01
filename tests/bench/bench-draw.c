/* bench-draw.c — times the renderer: a 50,000-point export-sized draw, a
 * zoomed and panned widget-sized redraw, and pick; and a request timeline
 * of 100,000 requests (two segments each, picked along their length).
 *
 * Usage: bench-draw [N_POINTS]. The widget cases use the chart with a
 * rolling-mean line as well. Targets (reported, not asserted): export
 * draw < 50 ms, redraw < 16 ms, pick < 1 ms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "aiperf-renderer.h"

#define REPEAT 10

/* Something like a requests scatter: latency vs. time with a slow trend,
 * noise and a few outliers, plus a line series of a rolling mean. */
static AiperfChart *
make_chart (guint    n,
            gboolean with_line)
{
  AiperfChart *chart = aiperf_chart_new ("Request latency over time");
  g_autoptr(GRand) rand = g_rand_new_with_seed (1234);
  int sp = aiperf_chart_add_series (chart, "Requests", aiperf_color_palette (0),
                                    AIPERF_LAYER_POINTS);
  int sl = aiperf_chart_add_series (chart, "Rolling mean", aiperf_color_palette (1),
                                    AIPERF_LAYER_LINE);
  AiperfLayer *points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, sp);
  AiperfLayer *line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, sl);
  double mean = 0;

  aiperf_axis_set_label (&chart->x, "Time", "s");
  aiperf_axis_set_label (&chart->y, "Request Latency", "ms");
  points->marker_size = 6;
  points->opacity = 0.6;
  for (guint i = 0; i < n; i++)
    {
      double t = i * 600.0 / n;
      double y = 800 + 200 * sin (t / 60) + g_rand_double_range (rand, -150, 150);

      if (g_rand_int_range (rand, 0, 1000) == 0)
        y *= 3;
      aiperf_layer_append_point (points, t, y, (int) i);
      mean = i == 0 ? y : mean * 0.99 + y * 0.01;
      if (with_line)
        aiperf_layer_append_point (line, t, mean, (int) i);
    }
  return chart;
}

/* A request timeline: each request a prefill and a decode segment at the
 * height of its TTFT, as the request_timeline handler builds it. */
static AiperfChart *
make_timeline (guint n)
{
  AiperfChart *chart = aiperf_chart_new ("Request timeline");
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  int sp = aiperf_chart_add_series (chart, "Prefill Phase", aiperf_color_palette (1), AIPERF_LAYER_SEGMENTS);
  int sd = aiperf_chart_add_series (chart, "Decode Phase", aiperf_color_palette (0), AIPERF_LAYER_SEGMENTS);
  AiperfLayer *decode = aiperf_chart_add_layer (chart, AIPERF_LAYER_SEGMENTS, sd);
  AiperfLayer *prefill = aiperf_chart_add_layer (chart, AIPERF_LAYER_SEGMENTS, sp);

  decode->pickable = prefill->pickable = TRUE;
  decode->line_width = 3;
  prefill->line_width = 4;
  for (guint i = 0; i < n; i++)
    {
      double s = i * 600.0 / n, ttft = g_rand_double_range (rand, 20, 200);
      double t = s + ttft / 1e3, e = t + g_rand_double_range (rand, 1, 6);

      aiperf_layer_append_segment (prefill, s, t, ttft, (int) i);
      aiperf_layer_append_segment (decode, t, e, ttft, (int) i);
    }
  return chart;
}

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* Median time of @repeat draws of @chart on a @width × @height image. */
static double
time_draw (AiperfRenderer       *renderer,
           const AiperfChart    *chart,
           const AiperfViewport *vp,
           double                scale,
           int                   width,
           int                   height,
           int                   repeat,
           guint64              *out_primitives)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  g_autofree double *times = g_new (double, repeat);
  AiperfStyle style;

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  style.scale = scale;
  for (int r = 0; r < repeat; r++)
    {
      cairo_t *cr = cairo_create (surface);
      double t0 = now_ms ();

      aiperf_renderer_draw (renderer, cr, chart, vp, &style, width, height);
      cairo_surface_flush (surface);
      times[r] = now_ms () - t0;
      cairo_destroy (cr);
    }
  *out_primitives = aiperf_renderer_get_primitive_count (renderer);
  /* AIPERF_BENCH_OUT=DIR keeps the last image of each case for a look */
  if (g_getenv ("AIPERF_BENCH_OUT") != NULL)
    {
      static int counter = 0;
      g_autofree char *name = g_strdup_printf ("bench-draw-%d.png", counter++);
      g_autofree char *path = g_build_filename (g_getenv ("AIPERF_BENCH_OUT"), name, NULL);

      cairo_surface_write_to_png (surface, path);
    }
  aiperf_style_clear (&style);
  cairo_surface_destroy (surface);

  for (int i = 1; i < repeat; i++)
    for (int j = i; j > 0 && times[j] < times[j - 1]; j--)
      {
        double tmp = times[j];

        times[j] = times[j - 1];
        times[j - 1] = tmp;
      }
  return times[repeat / 2];
}

int
main (int argc, char **argv)
{
  guint n = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 50000;
  g_autoptr(AiperfChart) chart = make_chart (n, FALSE);
  g_autoptr(AiperfChart) chart_line = make_chart (n, TRUE);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  AiperfViewport vp;
  AiperfRect a;
  guint64 primitives;
  double ms, pick_ms, t0;
  guint hits = 0, picks = 0;
  gboolean ok = TRUE;

  /* export: 2400x1200 at the exporters' scale 1.5 */
  ms = time_draw (renderer, chart, NULL, 1.5, 2400, 1200, REPEAT, &primitives);
  printf ("draw-50k export 2400x1200: %.2f ms median of %d, %" G_GUINT64_FORMAT
          " primitives (target < 50 ms)\n", ms, REPEAT, primitives);
  ok = ok && ms < 50;
  ms = time_draw (renderer, chart_line, NULL, 1.5, 2400, 1200, REPEAT, &primitives);
  printf ("draw-50k export 2400x1200 with a %u-vertex line too: %.2f ms, %" G_GUINT64_FORMAT
          " primitives\n", n, ms, primitives);

  /* widget: 1200x800, the automatic view, then zoomed 4x and panned */
  ms = time_draw (renderer, chart_line, NULL, 1.0, 1200, 800, REPEAT, &primitives);
  printf ("draw-50k widget 1200x800: %.2f ms, %" G_GUINT64_FORMAT " primitives\n",
          ms, primitives);
  vp = *aiperf_renderer_get_viewport (renderer);
  /* into the thick of the data: mid-run, at the typical latency */
  aiperf_viewport_zoom_at (&vp, 4.0, 300, 800, TRUE, TRUE);
  aiperf_viewport_pan_fraction (&vp, 0.1, 0.05);
  ms = time_draw (renderer, chart_line, &vp, 1.0, 1200, 800, REPEAT, &primitives);
  printf ("draw-50k zoomed+panned redraw 1200x800: %.2f ms median of %d, %"
          G_GUINT64_FORMAT " primitives (target < 16 ms)\n", ms, REPEAT, primitives);
  ok = ok && ms < 16;

  /* pick: a grid of queries over the plot area of that redraw */
  a = aiperf_renderer_get_plot_area (renderer);
  t0 = now_ms ();
  for (double y = a.y; y < a.y + a.height; y += a.height / 40)
    for (double x = a.x; x < a.x + a.width; x += a.width / 40)
      {
        AiperfPick pick;

        picks++;
        if (aiperf_renderer_pick (renderer, x, y, 12, &pick))
          hits++;
      }
  pick_ms = (now_ms () - t0) / picks;
  printf ("pick: %.4f ms per query (%u queries, %u hits) (target < 1 ms)\n",
          pick_ms, picks, hits);
  ok = ok && pick_ms < 1;

  /* the request timeline: 100,000 requests drawn, then picked anywhere
   * along their bars */
  {
    g_autoptr(AiperfChart) timeline = make_timeline (100000);

    ms = time_draw (renderer, timeline, NULL, 1.0, 1200, 800, REPEAT, &primitives);
    printf ("draw request timeline, 100k requests, widget 1200x800: %.2f ms, %" G_GUINT64_FORMAT
            " primitives (target < 50 ms)\n", ms, primitives);
    ok = ok && ms < 50;
    a = aiperf_renderer_get_plot_area (renderer);
    hits = picks = 0;
    t0 = now_ms ();
    for (double y = a.y; y < a.y + a.height; y += a.height / 40)
      for (double x = a.x; x < a.x + a.width; x += a.width / 40)
        {
          AiperfPick pick;

          picks++;
          if (aiperf_renderer_pick (renderer, x, y, 8, &pick))
            hits++;
        }
    pick_ms = (now_ms () - t0) / picks;
    printf ("pick along request bars: %.4f ms per query (%u queries, %u hits) (target < 1 ms)\n",
            pick_ms, picks, hits);
    ok = ok && pick_ms < 1;
  }

  printf ("%s\n", ok ? "all targets met" : "SOME TARGETS MISSED");
  return 0;
}
