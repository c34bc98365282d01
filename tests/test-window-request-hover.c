/* test-window-request-hover.c — the request timeline in the window:
 * hovering anywhere along a request's bar (not only at its start) names
 * the request, both its phases with their durations and its total; at
 * the first-token dot, the prefill phase is the one in bold.
 *
 * The run is data/examples' concurrency-1 run: request 2 starts 10.374 s
 * after the first, its first token comes 30.201 ms later and its decode
 * lasts 3.615 s (request_end_ns − request_start_ns − TTFT).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"

static AiperfChartView *
timeline_view (AiperfWindow *window)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      if (page != NULL && g_str_equal (aiperf_plot_page_get_spec (page)->name, "ttft_timeline"))
        {
          adw_tab_view_set_selected_page (view, adw_tab_view_get_nth_page (view, i));
          while (g_main_context_pending (NULL))
            g_main_context_iteration (NULL, FALSE);
          return aiperf_plot_page_get_chart_view (page);
        }
    }
  g_assert_not_reached ();
}

/* The hover text at data (x, y), with the pixel it was taken at. */
static char *
hover_at_data (AiperfChartView *view,
               double           x,
               double           y)
{
  double px, py;

  g_assert_true (aiperf_renderer_data_to_pixel (aiperf_chart_view_get_renderer (view), x, y, FALSE, &px, &py));
  aiperf_chart_view_hover_at (view, px, py);
  return aiperf_chart_view_hover_text (view);
}

static void
test_hover_along_bar (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *run_dir = g_build_filename (sweep, "qwen_concurrency1", NULL);
  const char *paths[] = { run_dir, NULL };
  AiperfWindow *window;
  AiperfChartView *view;
  AiperfRun *run;
  AiperfPick pick;
  const double start = (1762551545170849353.0 - 1762551534797067827.0) / 1e9;   /* 10.374 s */
  const double ttft = 30.201074;                                                 /* ms */
  const double first_token = start + ttft / 1e3;
  const char *expected_decode =
    "<b>Request 2</b>\n"
    "Prefill Phase: 30.2 ms\n"
    "<b>Decode Phase: 3.615 s</b>\n"
    "Total: 3.645 s\n"
    "Time since the first request: 10.37 s\n"
    "Time to First Token: 30.2 ms";

  if (!display_available ())
    return;
  window = new_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  run = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 0);
  wait_details (run);
  view = timeline_view (window);
  wait_chart_drawn (view);

  /* Middle, near the end and just after the start of the decode bar:
   * the same request, whichever point of it. */
  {
    const double along[] = { 0.5, 0.95, 0.02 };

    for (guint i = 0; i < G_N_ELEMENTS (along); i++)
      {
        g_autofree char *text = hover_at_data (view, first_token + along[i] * 3.615, ttft);

        g_assert_cmpstr (text, ==, expected_decode);
        g_assert_true (aiperf_chart_view_get_hover (view, &pick));
        g_assert_cmpint (pick.id, ==, 2);
      }
  }

  /* At the first-token dot (the prefill's end): the prefill phase, in bold. */
  {
    g_autofree char *text = hover_at_data (view, first_token, ttft);

    g_assert_nonnull (strstr (text, "<b>Request 2</b>\n<b>Prefill Phase: 30.2 ms</b>\nDecode Phase: 3.615 s\n"));
  }

  /* Between two requests' bars, nothing. */
  {
    g_autofree char *text = hover_at_data (view, start - 1.5, ttft);

    g_assert_null (text);
  }
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/request-hover/along-bar", test_hover_along_bar);
  return g_test_run ();
}
