/* test-window-kernels.c — the window's Kernels tab for an EPLB OFF/ON pair:
 * the kernel charts' tabs, then a table of every kernel of both summaries;
 * a selected row bands its kernel on the top kernels chart beside it, and a
 * bar double-clicked there or on
 * the Top Kernels tab selects its row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-kernels-private.h"

static AiperfPlotPage *
find_page (AiperfWindow *window,
           const char   *preset)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      if (page != NULL && g_str_equal (aiperf_plot_page_get_spec (page)->name, preset))
        return page;
    }
  return NULL;
}

/* The band of the panel's chart (an HBARS layer outside the legend, not
 * pickable): its row, or -1 without one. */
static int
band_row (AiperfDataPanel *panel,
          guint              *out_n_rows)
{
  const AiperfChart *chart = aiperf_chart_view_get_chart (aiperf_data_panel_get_chart_view (panel));

  g_assert_nonnull (chart);
  *out_n_rows = chart->y.tick_labels != NULL ? chart->y.tick_labels->len : 0;
  for (guint i = 0; i < chart->layers->len; i++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind == AIPERF_LAYER_HBARS && layer->series < 0 && !layer->pickable)
        return (int) aiperf_layer_y (layer, 0);
    }
  return -1;
}

static void
test_kernels_tab (void)
{
  g_autofree char *off = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBOFF.csv", NULL);
  g_autofree char *on = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBON.csv", NULL);
  const char *paths[] = { off, on, NULL };
  AiperfWindow *window;
  AiperfDataPanel *panel;
  AiperfPlotPage *top;
  AdwTabView *tabs;
  GListModel *rows;
  g_autoptr(AiperfKernelData) data = NULL;
  GPtrArray *ranked;
  guint n_rows = 0;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  tabs = aiperf_window_get_tab_view (window);

  /* the kernel charts' tabs, then the kernels tab */
  top = find_page (window, "top_kernels");
  g_assert_nonnull (top);
  g_assert_nonnull (find_page (window, "kernel_categories"));
  g_assert_nonnull (find_page (window, "kernel_deltas"));
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  rows = data_panel_rows (panel);
  /* seven kernels in each summary */
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 14);
  g_assert_null (data_panel_selected_name (panel));
  g_assert_cmpint (band_row (panel, &n_rows), ==, -1);

  data = aiperf_kernel_data_new (aiperf_session_get_runs (window->session));
  ranked = aiperf_kernel_data_ranked_names (data);
  g_assert_cmpuint (ranked->len, >=, 3);

  /* a row: its kernel banded on the chart beside it (rank 1: the second row from the top) */
  g_assert_true (aiperf_data_panel_select_point (panel, 0, 1));
  g_assert_cmpstr (data_panel_selected_name (panel), ==, g_ptr_array_index (ranked, 1));
  g_assert_cmpint (band_row (panel, &n_rows), ==, (int) n_rows - 2);

  /* the smallest kernel: the bottom row (one outside the top is brought
   * onto the chart: test-render-kernels) */
  g_assert_true (aiperf_data_panel_select_point (panel, 0, (int) ranked->len - 1));
  g_assert_cmpint (band_row (panel, &n_rows), ==, 0);

  /* a bar double-clicked on the Top Kernels tab: its row, and the Kernels tab shown */
  adw_tab_view_set_selected_page (tabs, adw_tab_view_get_page (tabs, GTK_WIDGET (top)));
  g_signal_emit_by_name (aiperf_plot_page_get_chart_view (top), "point-activated", 0, 0);
  g_assert_cmpstr (data_panel_selected_name (panel), ==, g_ptr_array_index (ranked, 0));
  g_assert_true (adw_tab_view_get_selected_page (tabs) == adw_tab_view_get_page (tabs, GTK_WIDGET (panel)));
  /* and on the panel's own chart */
  g_signal_emit_by_name (aiperf_data_panel_get_chart_view (panel), "point-activated", 0, 2);
  g_assert_cmpstr (data_panel_selected_name (panel), ==, g_ptr_array_index (ranked, 2));
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/kernels/table-and-chart", test_kernels_tab);
  return g_test_run ();
}
