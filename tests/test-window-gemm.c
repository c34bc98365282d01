/* test-window-gemm.c — the window's GEMM kernels tab: the table lists the
 * TraceLens rows, sorts by a column, a selected row rings its point on the
 * roofline, a double-clicked point selects its row, its log axes are
 * the page's until switched, and the GPU and filter
 * drop-downs set the session's options and redraw the GEMM charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-gemm-private.h"

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

/* The id (the file's row) of the selected measurement, or -1. */
static int
selected_id (AiperfDataPanel *panel)
{
  int row = aiperf_data_panel_get_selected (panel);

  return row >= 0 ? atoi (aiperf_data_table_get_row_key (aiperf_data_panel_get_table (panel), (guint) row)) : -1;
}

/* Picks @value (NULL: All) in the drop-down of the filter @key, as a user. */
static void
choose_filter (AiperfDataPanel *panel,
               const char      *key,
               const char      *value)
{
  GtkDropDown *drop_down = aiperf_data_panel_get_filter_choice (panel, key);
  GListModel *model;
  guint position = 0;

  g_assert_nonnull (drop_down);
  model = gtk_drop_down_get_model (drop_down);
  for (guint i = 1; value != NULL && i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), value))
      position = i;
  g_assert_true (value == NULL || position > 0);
  gtk_drop_down_set_selected (drop_down, position);
}

/* The last layer of the roofline, when it is the selection's ring. */
static const AiperfLayer *
ring (AiperfDataPanel *panel)
{
  const AiperfChart *chart = aiperf_chart_view_get_chart (aiperf_data_panel_get_chart_view (panel));
  const AiperfLayer *last;

  g_assert_nonnull (chart);
  last = g_ptr_array_index (chart->layers, chart->layers->len - 1);
  return last->kind == AIPERF_LAYER_POINTS && last->series < 0 && last->marker == AIPERF_MARKER_DIAMOND &&
         aiperf_layer_get_n (last) == 1 && last->marker_size > AIPERF_PLOT_MARKER_LARGE ? last : NULL;
}

static void
test_gemm_tab (void)
{
  g_autofree char *h100 = g_test_build_filename (G_TEST_DIST, "data", "gemm", "tracelens", "h100", "GEMM.csv", NULL);
  const char *paths[] = { h100, NULL };
  AiperfWindow *window;
  AiperfDataPanel *panel;
  GtkColumnView *view;
  GListModel *rows;
  AiperfPlotPage *roofline;
  const AiperfLayer *r;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);

  /* the GEMM charts' tabs, then the kernels tab */
  g_assert_nonnull (find_page (window, "roofline"));
  g_assert_nonnull (find_page (window, "heatmap"));
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  view = aiperf_data_panel_get_column_view (panel);
  rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 5);
  g_assert_cmpint (selected_id (panel), ==, -1);
  g_assert_null (ring (panel));

  /* sorted by TFLOP/s, descending: aten::mm 8944×1024×2816 (674.55) first */
  {
    GListModel *cols = gtk_column_view_get_columns (view);
    GtkColumnViewColumn *tflops = NULL;

    for (guint c = 0; c < g_list_model_get_n_items (cols) && tflops == NULL; c++)
      {
        g_autoptr(GtkColumnViewColumn) col = g_list_model_get_item (cols, c);

        if (g_str_equal (gtk_column_view_column_get_title (col), "TFLOP/s"))
          tflops = col;
      }
    g_assert_nonnull (tflops);
    gtk_column_view_sort_by_column (view, tflops, GTK_SORT_DESCENDING);
    g_assert_true (gtk_selection_model_select_item (GTK_SELECTION_MODEL (rows), 0, TRUE));
  }
  /* row 2 of the file, id 2 */
  g_assert_cmpint (selected_id (panel), ==, 2);
  r = ring (panel);
  g_assert_nonnull (r);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (r, 0), 692.7688414567059, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (r, 0), 674.5509897222395, 1e-9);

  /* a point double-clicked on the GEMM roofline tab selects its row:
   * the fp32 bmm (id 4), the slowest, the last row */
  roofline = find_page (window, "roofline");
  g_signal_emit_by_name (aiperf_plot_page_get_chart_view (roofline), "point-activated", 0,
                         AIPERF_GEMM_ID_BASE + 4);
  g_assert_cmpint (selected_id (panel), ==, 4);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (rows)), ==, 4);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (ring (panel), 0), 35776.0 / 73916, 1e-12);

  /* the GPU drop-down: ceilings everywhere, efficiency in the table */
  aiperf_data_panel_set_option (panel, "gpu", "h100");
  g_assert_cmpstr (g_hash_table_lookup (aiperf_session_get_options (window->session), "gpu"), ==,
                   "H100 SXM");
  g_assert_cmpstr (aiperf_chart_view_get_chart (aiperf_data_panel_get_chart_view (panel))->title, ==,
                   "Roofline — H100 SXM");
  g_assert_cmpstr (aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (roofline))->title, ==,
                   "Roofline — H100 SXM");

  /* a filter: the table, the session's option and the charts follow */
  choose_filter (panel, "dtype", "fp32");
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 1);
  g_assert_cmpstr (g_hash_table_lookup (aiperf_session_get_options (window->session), "filter"), ==,
                   "dtype=fp32");
  g_assert_cmpuint (aiperf_chart_count_points (aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (roofline)),
                                               AIPERF_LAYER_POINTS), <, 5 + 2);
  choose_filter (panel, "dtype", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 5);
  g_assert_null (g_hash_table_lookup (aiperf_session_get_options (window->session), "filter"));

  /* the other way: the session's options set by anyone else (the command
   * line, another kind's panel): the panel's drop-down, table and chart
   * follow, nobody calling the panel */
  aiperf_session_set_option (window->session, "filter", "dtype=fp32");
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 1);
  {
    GtkDropDown *dtype = aiperf_data_panel_get_filter_choice (panel, "dtype");

    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (dtype)),
                                                 gtk_drop_down_get_selected (dtype)), ==, "fp32");
  }
  aiperf_session_set_option (window->session, "filter", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 5);
  g_assert_cmpuint (gtk_drop_down_get_selected (aiperf_data_panel_get_filter_choice (panel, "dtype")), ==, 0);
  aiperf_session_set_option (window->session, "gpu", "H200");
  g_assert_cmpstr (aiperf_chart_view_get_chart (aiperf_data_panel_get_chart_view (panel))->title, ==,
                   "Roofline — H200");
  aiperf_session_set_option (window->session, "gpu", "H100 SXM");

  /* the roofline is log-log by itself, and the page says so (the sidebar's
   * switches show it); switching x off draws x linear, y stays log */
  g_assert_true (aiperf_plot_page_get_log_x (roofline));
  g_assert_true (aiperf_plot_page_get_log_y (roofline));
  aiperf_plot_page_set_log (roofline, FALSE, TRUE);
  aiperf_plot_page_redraw (roofline);
  g_assert_cmpint (aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (roofline))->x.scale, ==,
                   AIPERF_SCALE_LINEAR);
  g_assert_cmpint (aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (roofline))->y.scale, ==,
                   AIPERF_SCALE_LOG);
  g_assert_false (aiperf_plot_page_get_log_x (roofline));

  /* AIPERF_RENDER_OUT=DIR keeps a picture of the tab, to look at */
  if (g_getenv ("AIPERF_RENDER_OUT") != NULL)
    {
      AdwTabView *tabs = aiperf_window_get_tab_view (window);
      g_autofree char *file = g_build_filename (g_getenv ("AIPERF_RENDER_OUT"), "gemm-tab.png", NULL);
      g_autoptr(GdkPaintable) paintable = NULL;
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;

      gtk_window_set_default_size (GTK_WINDOW (window), 1500, 900);
      g_assert_true (aiperf_data_panel_select_point (panel, 0, AIPERF_GEMM_ID_BASE + 2));
      adw_tab_view_set_selected_page (tabs, adw_tab_view_get_page (tabs, GTK_WIDGET (panel)));
      for (int i = 0; i < 50; i++)
        {
          g_usleep (10000);
          while (g_main_context_iteration (NULL, FALSE))
            ;
        }
      paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), gtk_widget_get_width (GTK_WIDGET (window)),
                              gtk_widget_get_height (GTK_WIDGET (window)));
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node, NULL);
      g_assert_true (gdk_texture_save_to_png (texture, file));
    }
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/gemm/table-and-roofline", test_gemm_tab);
  return g_test_run ();
}
