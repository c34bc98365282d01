/* test-window-drill.c — drill-downs into single runs: they say which run
 * they show, in the tab, on the chart and in the file name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"

static AiperfPlotPage *
find_single (AiperfWindow *window,
             AiperfRun    *run,
             const char   *preset)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      if (page != NULL && aiperf_plot_page_get_single_run (page) == run
          && g_str_equal (aiperf_plot_page_get_spec (page)->name, preset))
        return page;
    }
  return NULL;
}

static void
test_drill_down_names_run (void)
{
  AiperfWindow *window;
  AiperfRun *one, *two;
  AiperfPlotPage *p1, *p2;
  AdwTabView *view;
  const AiperfChart *c1, *c2;
  g_autofree char *f1 = NULL, *f2 = NULL;
  const char *t1, *t2;

  if (!display_available ())
    return;
  window = open_sweep ();
  view = aiperf_window_get_tab_view (window);
  one = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 0);
  two = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 1);
  aiperf_window_open_run_details (window, one);
  wait_details (one);
  aiperf_window_open_run_details (window, two);
  wait_details (two);

  p1 = find_single (window, one, "ttft_over_time");
  p2 = find_single (window, two, "ttft_over_time");
  g_assert_nonnull (p1);
  g_assert_nonnull (p2);
  /* Tabs: the run in the letters that tell it apart, then the chart in
   * short; the whole title on hover. */
  t1 = adw_tab_page_get_title (adw_tab_view_get_page (view, GTK_WIDGET (p1)));
  t2 = adw_tab_page_get_title (adw_tab_view_get_page (view, GTK_WIDGET (p2)));
  g_assert_true (g_str_has_prefix (t1, "concurrency 1 · TTFT"));
  g_assert_true (g_str_has_prefix (t2, "concurrency 2 · TTFT"));
  /* while drill-downs are open, tabs are wide enough for them */
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window->tab_bar), "aiperf-wide-tabs"));
  g_assert_true (tab_title_fits (window, t1));
  g_assert_true (g_str_has_prefix (adw_tab_page_get_tooltip (adw_tab_view_get_page (view, GTK_WIDGET (p1))),
                                   "TTFT Per Request Over Time\n"));
  /* The chart says it too, so an exported image does. */
  c1 = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (p1));
  c2 = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (p2));
  g_assert_true (g_str_has_prefix (c1->note, "Run qwen_concurrency1"));
  g_assert_true (g_str_has_prefix (c2->note, "Run qwen_concurrency2"));
  /* And the suggested file names differ. */
  f1 = aiperf_session_export_name (aiperf_plot_page_get_spec (p1), one);
  f2 = aiperf_session_export_name (aiperf_plot_page_get_spec (p2), two);
  g_assert_cmpstr (f1, ==, "ttft_over_time-qwen_concurrency1");
  g_assert_cmpstr (f2, ==, "ttft_over_time-qwen_concurrency2");
  destroy_window (window);
}

/* Grouped by model, the hover still names the run, and a double-click
 * on the point opens that run. */
static void
test_hover_names_run (void)
{
  AiperfWindow *window;
  AiperfPlotPage *page;
  AiperfChartView *view;
  const AiperfChart *chart;
  const AiperfLayer *layer = NULL;
  AiperfRun *run;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  double px, py;
  int id;

  if (!display_available ())
    return;
  window = open_sweep ();
  page = aiperf_window_get_current_page (window);
  g_assert_cmpstr (aiperf_plot_page_get_spec (page)->group_by, ==, "model");
  view = aiperf_plot_page_get_chart_view (page);
  wait_chart_drawn (view);
  chart = aiperf_chart_view_get_chart (view);
  for (guint l = 0; l < chart->layers->len && layer == NULL; l++)
    {
      const AiperfLayer *candidate = g_ptr_array_index (chart->layers, l);

      if (candidate->pickable && aiperf_layer_get_n (candidate) > 0)
        layer = candidate;
    }
  g_assert_nonnull (layer);
  id = g_array_index (layer->ids, int, 0);
  run = aiperf_plot_page_get_run_for_id (page, id);
  g_assert_nonnull (run);
  g_assert_true (aiperf_renderer_data_to_pixel (aiperf_chart_view_get_renderer (view),
                                                aiperf_layer_x (layer, 0), aiperf_layer_y (layer, 0),
                                                FALSE, &px, &py));
  aiperf_chart_view_hover_at (view, px, py);
  text = aiperf_chart_view_hover_text (view);
  g_assert_nonnull (text);
  expected = g_strdup_printf ("Run: %s", aiperf_run_get_name (run));
  g_assert_nonnull (strstr (text, expected));
  g_assert_nonnull (strstr (text, "Qwen/Qwen3-0.6B"));

  aiperf_chart_view_click_at (view, 2, px, py);
  g_assert_true (aiperf_plot_page_get_single_run (aiperf_window_get_current_page (window)) == run);
  wait_details (run);
  destroy_window (window);
}

static void
on_dismissed (AdwToast *toast,
              gboolean *dismissed)
{
  *dismissed = TRUE;
}

/* No toast stays: an "infinite" one is capped, and it goes away. */
static void
test_toast_goes_away (void)
{
  AiperfWindow *window;
  AdwToast *toast;
  gboolean dismissed = FALSE;
  gint64 deadline;

  if (!display_available ())
    return;
  window = new_window ();
  toast = adw_toast_new ("Something happened");
  adw_toast_set_timeout (toast, 0);
  g_object_ref (toast);
  g_signal_connect (toast, "dismissed", G_CALLBACK (on_dismissed), &dismissed);
  aiperf_window_present_toast (window, toast);
  g_assert_cmpuint (adw_toast_get_timeout (toast), ==, AIPERF_WINDOW_TOAST_LONG);
  g_assert_cmpstr (aiperf_window_get_last_toast (window), ==, "Something happened");
  deadline = g_get_monotonic_time () + (AIPERF_WINDOW_TOAST_LONG + 5) * G_USEC_PER_SEC;
  while (!dismissed && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (dismissed);
  g_object_unref (toast);
  destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  window_test_init (&argc, &argv);

  g_test_add_func ("/aiperf/window/drill-down-names-run", test_drill_down_names_run);
  g_test_add_func ("/aiperf/window/toast-goes-away", test_toast_goes_away);
  g_test_add_func ("/aiperf/window/hover-names-run", test_hover_names_run);
  return g_test_run ();
}
