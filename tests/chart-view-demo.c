/* chart-view-demo.c — a developer's tool, not a test: shows the chart widget
 * in a window for a screenshot or for input sent from outside (xdotool), and
 * prints every view change so that input can be followed.
 *
 *   chart-view-demo [SECONDS] [hover|band|dark]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <stdlib.h>

#include "aiperf-chart-view-private.h"

/* Two runs, three concurrencies each, as the comparison handlers build it. */
static AiperfChart *
make_chart (void)
{
  static const double xa[] = { 10.0, 20.0, 30.8 }, ya[] = { 100.0, 200.0, 400.0 };
  static const double xb[] = { 15.0, 25.0, 40.0 }, yb[] = { 150.0, 260.0, 300.0 };
  static const char *labels[] = { "1", "2", "4" };
  AiperfChart *chart = aiperf_chart_new ("Throughput vs latency");
  AiperfLayer *layer;
  int a, b;

  aiperf_axis_set_label (&chart->x, "Time to First Token", "ms");
  aiperf_axis_set_label (&chart->y, "Output Token Throughput", "tokens/s");
  chart->label_title = g_strdup ("concurrency");
  chart->id_kind = g_strdup ("run");
  a = aiperf_chart_add_series (chart, "run-a", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  b = aiperf_chart_add_series (chart, "run-b", aiperf_color_palette (1), AIPERF_LAYER_POINTS);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, a);
  layer->pickable = TRUE;
  layer->marker_size = 10;
  for (guint i = 0; i < 3; i++)
    aiperf_layer_append_labeled (layer, xa[i], ya[i], 0, labels[i]);
  layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, b);
  layer->pickable = TRUE;
  layer->marker_size = 10;
  for (guint i = 0; i < 3; i++)
    aiperf_layer_append_labeled (layer, xb[i], yb[i], 1, labels[i]);
  return chart;
}

static void
wait_until_drawn (AiperfChartView *view)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_widget_queue_draw (GTK_WIDGET (view));
  while (!(view->layer_valid && view->layer != NULL) && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

int
main (int    argc,
      char **argv)
{
  double seconds = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 30;
  const char *mode = argc > 2 ? argv[2] : "hover";
  AiperfViewport last;
  gboolean last_hover = FALSE;
  AiperfChartView *view;
  GtkWindow *window;
  gint64 deadline;
  double px, py;

  g_setenv ("GTK_A11Y", "none", FALSE);
  if (!gtk_init_check ())
    {
      g_printerr ("chart-view-demo: no display\n");
      return EXIT_FAILURE;
    }
  adw_init ();

  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 800, 500);
  view = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  gtk_window_set_child (window, GTK_WIDGET (view));
  aiperf_chart_view_set_theme (view, g_strcmp0 (mode, "dark") == 0 ? AIPERF_THEME_DARK
                                                                   : AIPERF_THEME_LIGHT);
  aiperf_chart_view_set_chart (view, make_chart ());
  gtk_window_present (window);
  wait_until_drawn (view);

  if (g_strcmp0 (mode, "band") == 0)
    {
      if (aiperf_renderer_data_to_pixel (aiperf_chart_view_get_renderer (view), 12.0, 350.0, FALSE, &px, &py))
        {
          view->drag_mode = AIPERF_DRAG_RUBBER_BAND;
          view->drag_started = TRUE;
          view->drag_x0 = px;
          view->drag_y0 = py;
          view->drag_dx = 260;
          view->drag_dy = 180;
        }
    }
  else if (aiperf_renderer_data_to_pixel (aiperf_chart_view_get_renderer (view), 20.0, 200.0, FALSE, &px, &py))
    aiperf_chart_view_hover_at (view, px, py);
  gtk_widget_queue_draw (GTK_WIDGET (view));

  last = *aiperf_chart_view_get_viewport (view);
  deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  while (g_get_monotonic_time () < deadline)
    {
      const AiperfViewport *vp = aiperf_chart_view_get_viewport (view);
      AiperfPick pick;
      gboolean hover = aiperf_chart_view_get_hover (view, &pick);

      if (!aiperf_viewport_equal (vp, &last))
        g_print ("viewport x %g..%g y %g..%g%s\n", vp->x_min, vp->x_max, vp->y_min, vp->y_max,
                 aiperf_chart_view_get_zoomed (view) ? " (zoomed)" : "");
      if (hover != last_hover && hover)
        g_print ("hover layer %u point %u\n", pick.layer, pick.index);
      last = *vp;
      last_hover = hover;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (10000);
    }
  gtk_window_destroy (window);
  return EXIT_SUCCESS;
}
