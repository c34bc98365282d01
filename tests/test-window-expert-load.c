/* test-window-expert-load.c — the window's expert load tab: the gate-log
 * charts' tabs and the table of every expert, a selected row marks its bar,
 * a double-clicked bar selects its row, and the warm-up limit sets the
 * session's option and redraws the gate-log charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-expert-load-private.h"

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

/* Sets the warm-up limit in its spin button, as a user. */
static void
set_limit (AiperfDataPanel *panel,
           double           tokens)
{
  GtkWidget *spin = find_descendant (GTK_WIDGET (panel), GTK_TYPE_SPIN_BUTTON);

  g_assert_nonnull (spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), tokens);
}

/* The accent bar on top of the panel's chart, or NULL. */
static const AiperfLayer *
marked_bar (AiperfDataPanel *panel)
{
  const AiperfChart *chart = aiperf_chart_view_get_chart (aiperf_data_panel_get_chart_view (panel));

  g_assert_nonnull (chart);
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind == AIPERF_LAYER_BARS && layer->series < 0)
        return layer;
    }
  return NULL;
}

static void
test_expert_load_tab (void)
{
  g_autofree char *ccl = g_test_build_filename (G_TEST_DIST, "data", "gate-logs", "ccl", NULL);
  const char *paths[] = { ccl, NULL };
  AiperfWindow *window;
  AiperfDataPanel *panel;
  GListModel *rows;
  AiperfPlotPage *bars_page, *heat_page;
  const AiperfLayer *mark;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);

  /* the three charts' tabs, then the table's */
  bars_page = find_page (window, "expert_load");
  heat_page = find_page (window, "expert_load_heatmap");
  g_assert_nonnull (bars_page);
  g_assert_nonnull (heat_page);
  g_assert_nonnull (find_page (window, "expert_step_cv"));
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  rows = data_panel_rows (panel);
  /* two sets of 4 experts */
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 8);
  g_assert_null (marked_bar (panel));

  /* a selected row: its bar in the accent colour, in its set's slot */
  g_assert_true (aiperf_data_panel_select_point (panel, 1, 1));
  mark = marked_bar (panel);
  g_assert_nonnull (mark);
  g_assert_cmpuint (mark->group, ==, 1);
  g_assert_cmpfloat (aiperf_layer_x (mark, 0), ==, 1);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (mark, 0), 100.0 * 145 / 420, 1e-9);

  /* a bar double-clicked on the chart tab selects its row: baseline's
   * expert 3 */
  g_signal_emit_by_name (aiperf_plot_page_get_chart_view (bars_page), "point-activated", 0, 3);
  mark = marked_bar (panel);
  g_assert_nonnull (mark);
  g_assert_cmpuint (mark->group, ==, 0);
  g_assert_cmpfloat (aiperf_layer_x (mark, 0), ==, 3);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (mark, 0), 100.0 * 100 / 4300, 1e-9);
  g_assert_true (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (rows)) != GTK_INVALID_LIST_POSITION);

  /* the warm-up limit: the session's option, the table, every gate-log
   * chart; the same expert stays selected, now 100 of 300 */
  set_limit (panel, 1000);
  g_assert_cmpstr (g_hash_table_lookup (aiperf_session_get_options (window->session),
                                        AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS), ==, "1000");
  mark = marked_bar (panel);
  g_assert_nonnull (mark);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (mark, 0), 100.0 * 100 / 300, 1e-9);
  g_assert_cmpstr (aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (bars_page))->note, ==,
                   "Each set's tokens per expert as a share of its own total; "
                   "Steps above 1000 tokens dropped: baseline_gates_logs: 1, default_all2all_gates_logs: 0");
  /* the heatmap no longer has baseline's warm-up step */
  {
    const AiperfChart *heat = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (heat_page));
    const AiperfChart *first = g_ptr_array_index (heat->panels, 0);

    g_assert_cmpfloat (first->color_axis.max, ==, 40);
  }
  /* 0 keeps every step again */
  set_limit (panel, 0);
  g_assert_null (g_hash_table_lookup (aiperf_session_get_options (window->session),
                                      AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS));
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (marked_bar (panel), 0), 100.0 * 100 / 4300, 1e-9);
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/expert-load/table-and-chart", test_expert_load_tab);
  return g_test_run ();
}
