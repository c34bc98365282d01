/* bench-chart-view.c — how long the chart view takes to draw a frame of a
 * zoomed and panned 50,000-point chart, and to find the hovered point.
 *
 * Without a display it times the widget's data-layer drawing function on a
 * plain image surface; with one (xvfb-run) it also times whole frames
 * through the widget's snapshot and the window's GSK renderer.
 * Targets (reported, not asserted): < 16 ms a frame, < 1 ms a hover.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <math.h>
#include <stdlib.h>

#include "aiperf-chart-view-private.h"

#define WIDTH   1200
#define HEIGHT   700
#define FRAMES    40

static guint n_points = 50000;

/* Per-request latencies over request number, with a rolling mean line:
 * what the request scatter of a long run looks like. */
static AiperfChart *
make_chart (guint n)
{
  AiperfChart *chart = aiperf_chart_new ("Request Latency over requests");
  AiperfLayer *points, *line;
  GRand *rand = g_rand_new_with_seed (42);
  double mean = 0;
  int s0, s1;

  aiperf_axis_set_label (&chart->x, "Request Number", NULL);
  aiperf_axis_set_label (&chart->y, "Request Latency", "ms");
  s0 = aiperf_chart_add_series (chart, "requests", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  s1 = aiperf_chart_add_series (chart, "rolling mean", aiperf_color_palette (1), AIPERF_LAYER_LINE);
  points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s0);
  points->pickable = TRUE;
  points->marker_size = 4;
  points->opacity = 0.95;
  line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, s1);
  line->line_width = 2;

  for (guint i = 0; i < n; i++)
    {
      double y = 800 + 150 * sin (i / 2000.0) + g_rand_double_range (rand, -120, 120);

      if (g_rand_int_range (rand, 0, 100) == 0)
        y += g_rand_double_range (rand, 200, 1500);
      mean = i == 0 ? y : mean + (y - mean) / 50.0;
      aiperf_layer_append_point (points, i, y, (int) i);
      aiperf_layer_append_point (line, i, mean, (int) i);
    }
  g_rand_free (rand);
  return chart;
}

static int
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
report (const char *what,
        double     *ms,
        guint       n,
        double      target_ms)
{
  double sum = 0;

  for (guint i = 0; i < n; i++)
    sum += ms[i];
  qsort (ms, n, sizeof *ms, cmp_double);
  g_print ("%-52s mean %8.4f ms  median %8.4f ms  max %8.4f ms  (target < %g ms) %s\n",
           what, sum / n, ms[n / 2], ms[n - 1], target_ms,
           ms[n / 2] < target_ms ? "OK" : "SLOW");
}

/* A drag: zoomed 4x around the middle, then panned a little each frame. */
static void
frame_viewport (const AiperfViewport *automatic,
                guint                 frame,
                AiperfViewport       *out)
{
  *out = *automatic;
  aiperf_viewport_zoom_at (out, 4.0, (automatic->x_min + automatic->x_max) / 2,
                           (automatic->y_min + automatic->y_max) / 2, TRUE, TRUE);
  aiperf_viewport_pan_fraction (out, 0.01 * frame, 0.005 * frame);
}

static void
bench_paint (const AiperfChart *chart,
             int                scale)
{
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  AiperfStyle style;
  AiperfViewport automatic, vp;
  double ms[FRAMES];
  char what[128];

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  aiperf_viewport_init_from_chart (&automatic, chart);

  for (guint f = 0; f < FRAMES; f++)
    {
      g_autoptr(GdkTexture) texture = NULL;
      gint64 t0;

      frame_viewport (&automatic, f, &vp);
      t0 = g_get_monotonic_time ();
      texture = aiperf_chart_view_paint_layer (renderer, chart, &vp, &style,
                                               WIDTH, HEIGHT, scale);
      ms[f] = (g_get_monotonic_time () - t0) / 1000.0;
    }
  g_snprintf (what, sizeof what, "data layer, zoomed+panned, %dx%d @%dx", WIDTH, HEIGHT, scale);
  report (what, ms, FRAMES, 16);

  for (guint f = 0; f < FRAMES; f++)
    {
      g_autoptr(GdkTexture) texture = NULL;
      gint64 t0 = g_get_monotonic_time ();

      texture = aiperf_chart_view_paint_layer (renderer, chart, &automatic, &style,
                                               WIDTH, HEIGHT, scale);
      ms[f] = (g_get_monotonic_time () - t0) / 1000.0;
    }
  g_snprintf (what, sizeof what, "data layer, whole chart, %dx%d @%dx", WIDTH, HEIGHT, scale);
  report (what, ms, FRAMES, 16);

  /* Hover: pick at pointer positions along the rolling line's band. */
  {
    enum { N_PICKS = 2000 };
    static double pick_ms[N_PICKS];
    AiperfRect area = aiperf_renderer_get_plot_area (renderer);
    GRand *rand = g_rand_new_with_seed (7);
    guint found = 0;

    for (guint i = 0; i < N_PICKS; i++)
      {
        AiperfPick pick;
        double px = area.x + g_rand_double (rand) * area.width;
        double py = area.y + g_rand_double (rand) * area.height;
        gint64 t0 = g_get_monotonic_time ();

        found += aiperf_renderer_pick (renderer, px, py, AIPERF_CHART_VIEW_PICK_RADIUS, &pick);
        pick_ms[i] = (g_get_monotonic_time () - t0) / 1000.0;
      }
    g_rand_free (rand);
    g_snprintf (what, sizeof what, "hover pick (%u of %u hit)", found, (guint) N_PICKS);
    report (what, pick_ms, N_PICKS, 1);
  }
  aiperf_style_clear (&style);
}

static void
wait_drawn (AiperfChartView *view)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!view->layer_valid && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (500);
}

/* One frame as GTK draws it: the widget's snapshot (where the data layer
 * is redrawn when stale), then the window's renderer turning the nodes into
 * pixels (with a read-back to memory that a real frame does not have). */
static void
time_frame (AiperfChartView *view,
            GskRenderer     *renderer,
            double          *out_snapshot_ms,
            double          *out_render_ms)
{
  GtkWidget *widget = GTK_WIDGET (view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  gint64 t0 = g_get_monotonic_time (), t1;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  t1 = g_get_monotonic_time ();
  if (node != NULL)
    texture = gsk_renderer_render_texture (renderer, node,
                                           &GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT));
  *out_snapshot_ms = (t1 - t0) / 1000.0;
  *out_render_ms = (g_get_monotonic_time () - t1) / 1000.0;
}

static void
bench_widget (AiperfChart *chart)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  AiperfChartView *view = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  AiperfViewport automatic, vp;
  GskRenderer *renderer;
  AiperfRect area;
  double snap_ms[FRAMES], render_ms[FRAMES];
  char what[128];

  gtk_window_set_decorated (window, FALSE);
  gtk_window_set_default_size (window, WIDTH, HEIGHT);
  gtk_window_set_child (window, GTK_WIDGET (view));
  aiperf_chart_view_set_theme (view, AIPERF_THEME_LIGHT);
  aiperf_chart_view_set_chart (view, chart);
  gtk_window_present (window);
  wait_drawn (view);
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  automatic = *aiperf_chart_view_get_viewport (view);

  for (guint f = 0; f < FRAMES; f++)
    {
      frame_viewport (&automatic, f, &vp);
      aiperf_chart_view_set_viewport (view, &vp);
      time_frame (view, renderer, &snap_ms[f], &render_ms[f]);
    }
  report ("widget snapshot, zoomed+panned (data redrawn)", snap_ms, FRAMES, 16);
  g_snprintf (what, sizeof what, "  + %s render + read-back", G_OBJECT_TYPE_NAME (renderer));
  report (what, render_ms, FRAMES, 16);

  area = aiperf_renderer_get_plot_area (aiperf_chart_view_get_renderer (view));
  for (guint f = 0; f < FRAMES; f++)
    {
      double x = area.x + area.width * (f + 0.5) / FRAMES;
      gint64 t0 = g_get_monotonic_time ();

      aiperf_chart_view_hover_at (view, x, area.y + area.height / 2);
      time_frame (view, renderer, &snap_ms[f], &render_ms[f]);
      /* The pick and the snapshot: everything but the GSK render. */
      snap_ms[f] = (g_get_monotonic_time () - t0) / 1000.0 - render_ms[f];
    }
  report ("widget hover: pick + snapshot (overlay only)", snap_ms, FRAMES, 16);
  g_snprintf (what, sizeof what, "  + %s render + read-back", G_OBJECT_TYPE_NAME (renderer));
  report (what, render_ms, FRAMES, 16);
  g_print ("data layer drawn %u times for %u frames\n",
           aiperf_chart_view_get_layer_renders (view), 2 * FRAMES + 1);

  /* What one pointer motion costs before any frame: the pick, the cursor,
   * whatever else the motion handler does. Events along a line across
   * the plot, as a moving pointer sends them. */
  {
    enum { N_MOTIONS = 4000 };
    static double motion_ms[N_MOTIONS];

    for (guint i = 0; i < N_MOTIONS; i++)
      {
        double x = area.x + area.width * (i + 0.5) / N_MOTIONS;
        gint64 t0 = g_get_monotonic_time ();

        g_signal_emit_by_name (view->motion, "motion", x, area.y + area.height / 2);
        motion_ms[i] = (g_get_monotonic_time () - t0) / 1000.0;
      }
    report ("pointer motion handler (no frame)", motion_ms, N_MOTIONS, 0.05);

    /* Over the legend the pointer becomes a hand: set once, not per event. */
    {
      AiperfRenderer *r = aiperf_chart_view_get_renderer (view);
      double lx = -1, ly = -1;

      for (double y = 1; y < HEIGHT && lx < 0; y += 2)
        for (double x = WIDTH / 2.0; x < WIDTH && lx < 0; x += 2)
          if (aiperf_renderer_pick_legend (r, x, y) >= 0)
            lx = x, ly = y;
      for (guint i = 0; lx >= 0 && i < N_MOTIONS; i++)
        {
          gint64 t0 = g_get_monotonic_time ();

          g_signal_emit_by_name (view->motion, "motion", lx + (i % 3), ly + (i % 2));
          motion_ms[i] = (g_get_monotonic_time () - t0) / 1000.0;
        }
      if (lx >= 0)
        report ("pointer motion handler over the legend", motion_ms, N_MOTIONS, 0.05);
    }
  }

  gtk_window_destroy (window);
}

int
main (int argc, char **argv)
{
  g_autoptr(AiperfChart) chart = NULL;
  gint64 t0;

  if (argc > 1)
    n_points = (guint) g_ascii_strtoull (argv[1], NULL, 10);

  t0 = g_get_monotonic_time ();
  chart = make_chart (n_points);
  g_print ("chart of %u points + %u line vertices built in %.1f ms\n", n_points, n_points,
           (g_get_monotonic_time () - t0) / 1000.0);

  bench_paint (chart, 1);
  bench_paint (chart, 2);

  if (gtk_init_check ())
    {
      adw_init ();
      bench_widget (g_steal_pointer (&chart));
    }
  else
    g_print ("no display: widget frames not measured (run under xvfb-run -a)\n");
  return 0;
}
