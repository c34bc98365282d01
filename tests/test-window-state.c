/* test-window-state.c — what the window keeps while it is used: one
 * colour per group in every tab and export, empty states, the view the
 * user chose while watch mode brings runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"

/* The palette index of the series named @name, or -1. */
static int
series_color (const AiperfChart *chart,
              const char        *name)
{
  int s = aiperf_chart_find_series (chart, name);
  const AiperfSeries *series;

  if (s < 0)
    return -1;
  series = g_ptr_array_index (chart->series, s);
  g_assert_cmpint (series->color.kind, ==, AIPERF_COLOR_PALETTE);
  return (int) series->color.index;
}

/* A model has one colour in every tab, the same the headless export gives
 * it; the sidebar dots are cleared with the last tab. */
static void
test_colors_stable (void)
{
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (NULL);
  g_autoptr(AiperfPlotColors) exported = aiperf_plot_colors_new ();
  g_autoptr(GPtrArray) specs = aiperf_session_default_specs (config, AIPERF_MODE_MULTI_RUN);
  AiperfWindow *window;
  AdwTabView *view;
  AiperfRunSet *runs;
  int color = -1;
  guint compared = 0;
  AiperfRunMark dot;

  if (!display_available ())
    return;
  window = open_sweep ();
  view = aiperf_window_get_tab_view (window);
  runs = aiperf_window_get_run_set (window);
  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      const AiperfChart *chart;
      int c;

      adw_tab_view_set_selected_page (view, adw_tab_view_get_nth_page (view, i));
      chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page_at (window, i)));
      if (chart == NULL || (c = series_color (chart, "Qwen/Qwen3-0.6B")) < 0)
        continue;
      if (color < 0)
        color = c;
      g_assert_cmpint (c, ==, color);
      compared++;
    }
  /* Pareto, TTFT vs throughput and the uncertainty plot at least. */
  g_assert_cmpuint (compared, >=, 3);

  /* The command line builds the same plots in the same order. */
  for (guint i = 0; i < specs->len; i++)
    {
      g_autoptr(AiperfChart) chart = aiperf_plot_build_multi_run (g_ptr_array_index (specs, i), runs,
                                                                  NULL, exported, NULL);

      if (chart != NULL && aiperf_chart_find_series (chart, "Qwen/Qwen3-0.6B") >= 0)
        g_assert_cmpint (series_color (chart, "Qwen/Qwen3-0.6B"), ==, color);
    }

  g_assert_true (aiperf_run_row_get_mark (AIPERF_RUN_ROW (aiperf_sidebar_get_row (aiperf_window_get_sidebar (window),
                                                                                   aiperf_run_set_get_run (runs, 0))),
                                           &dot));
  while (adw_tab_view_get_n_pages (view) > 0)
    adw_tab_view_close_page (view, adw_tab_view_get_nth_page (view, 0));
  g_assert_false (aiperf_run_row_get_mark (AIPERF_RUN_ROW (aiperf_sidebar_get_row (aiperf_window_get_sidebar (window),
                                                                                    aiperf_run_set_get_run (runs, 0))),
                                            &dot));
  destroy_window (window);
}

/* Closing every tab shows a status page with a way back, not a blank. */
static void
test_all_tabs_closed (void)
{
  AiperfWindow *window;
  AdwTabView *view;

  if (!display_available ())
    return;
  window = open_sweep ();
  view = aiperf_window_get_tab_view (window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->tabs_stack), ==, "tabs");
  while (adw_tab_view_get_n_pages (view) > 0)
    g_action_group_activate_action (G_ACTION_GROUP (window), "close-tab", NULL);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->tabs_stack), ==, "no-tabs");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "restore-plots"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "restore-plots", NULL);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), >, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->tabs_stack), ==, "tabs");
  destroy_window (window);
}

/* Watching a single run: runs appearing keep the detail tabs, and a banner
 * offers the comparison until it is answered, counting the runs that
 * arrived. */
static void
test_watch_keeps_view (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *tmp = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (tmp, "sweep", NULL);
  g_autofree char *one_src = g_build_filename (sweep, "qwen_concurrency1", NULL);
  g_autofree char *one = g_build_filename (copy, "qwen_concurrency1", NULL);
  g_autofree char *two = g_build_filename (copy, "qwen_concurrency8", NULL);
  g_autofree char *three = g_build_filename (copy, "qwen_concurrency16", NULL);
  const char *paths[] = { copy, NULL };
  AiperfWindow *window;
  AdwTabView *view;
  AiperfRun *first;
  gint64 deadline;
  int n_tabs;

  if (!display_available ())
    return;
  aiperf_test_copy_tree (one_src, one);
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  view = aiperf_window_get_tab_view (window);
  first = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 0);
  wait_details (first);
  n_tabs = adw_tab_view_get_n_pages (view);
  g_assert_true (aiperf_plot_page_get_single_run (aiperf_window_get_current_page (window)) == first);

  aiperf_watch_set_timing (aiperf_session_get_watch (window->session), 20, 300);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "watch", g_variant_new_boolean (TRUE));
  aiperf_test_copy_tree (one_src, two);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)) < 2
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 2);

  /* Same tabs, same run; the offer names the new run. */
  g_assert_cmpint (adw_tab_view_get_n_pages (view), ==, n_tabs);
  g_assert_true (aiperf_plot_page_get_single_run (aiperf_window_get_current_page (window)) == first);
  g_assert_true (gtk_info_bar_get_revealed (window->compare_bar));
  g_assert_nonnull (strstr (gtk_label_get_label (window->compare_label), "qwen_concurrency8"));

  /* A third run: the same banner, counting both. */
  aiperf_test_copy_tree (one_src, three);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)) < 3
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 3);
  g_assert_true (gtk_info_bar_get_revealed (window->compare_bar));
  g_assert_nonnull (strstr (gtk_label_get_label (window->compare_label), "2 new runs arrived"));
  g_assert_nonnull (strstr (gtk_label_get_label (window->compare_label), "Compare all 3 runs"));
  g_assert_true (aiperf_plot_page_get_single_run (aiperf_window_get_current_page (window)) == first);

  /* Its button switches to the comparison, and the banner goes. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "compare-runs", NULL);
  g_assert_null (aiperf_plot_page_get_single_run (aiperf_window_get_current_page (window)));
  g_assert_false (gtk_info_bar_get_revealed (window->compare_bar));

  g_action_group_change_action_state (G_ACTION_GROUP (window), "watch", g_variant_new_boolean (FALSE));
  destroy_window (window);
  aiperf_test_remove_tree (tmp);
}

/* The window title names what is open; a zoomed chart says so with a
 * reset button; a focused chart steps through points and pans with keys. */
static void
test_title_zoom_keys (void)
{
  AiperfWindow *window;
  AiperfPlotPage *page;
  AiperfChartView *view;
  GtkWidget *reset;
  AiperfPick first, next;
  AiperfViewport before;

  if (!display_available ())
    return;
  window = open_sweep ();
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "qwen-sweep — AIPerf Plot");
  page = aiperf_window_get_current_page (window);
  view = aiperf_plot_page_get_chart_view (page);
  reset = aiperf_plot_page_get_reset_button (page);
  wait_chart_drawn (view);

  g_assert_false (gtk_widget_get_visible (reset));
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  g_assert_true (gtk_widget_get_visible (reset));
  g_signal_emit_by_name (reset, "clicked");
  g_assert_false (aiperf_chart_view_get_zoomed (view));
  g_assert_false (gtk_widget_get_visible (reset));

  /* Arrows walk the points; the hover (and its tooltip) follows. */
  gtk_widget_grab_focus (GTK_WIDGET (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "chart.step", "i", 1));
  g_assert_true (aiperf_chart_view_get_hover (view, &first));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "chart.step", "i", 1));
  g_assert_true (aiperf_chart_view_get_hover (view, &next));
  g_assert_true (next.layer != first.layer || next.index != first.index);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "chart.step", "i", -1));
  g_assert_true (aiperf_chart_view_get_hover (view, &next));
  g_assert_cmpuint (next.layer, ==, first.layer);
  g_assert_cmpuint (next.index, ==, first.index);
  {
    g_autofree char *hover = aiperf_chart_view_hover_text (view);

    g_assert_nonnull (strstr (hover, "Run: "));
  }

  /* Shift+arrows pan. */
  before = *aiperf_chart_view_get_viewport (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "chart.pan", "(ii)", 1, 0));
  g_assert_cmpfloat (aiperf_chart_view_get_viewport (view)->x_min, >, before.x_min);
  g_assert_true (aiperf_chart_view_get_zoomed (view));

  /* Enter opens the hovered point's run. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "chart.step", "i", 1));
  g_assert_true (aiperf_chart_view_get_hover (view, &next));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "chart.activate-point", NULL));
  g_assert_nonnull (aiperf_plot_page_get_single_run (aiperf_window_get_current_page (window)));
  wait_details (aiperf_plot_page_get_single_run (aiperf_window_get_current_page (window)));
  destroy_window (window);
}

/* Open Recent's place in the main menu, and whether it is the submenu. */
static gboolean
find_recent_item (AiperfWindow *window,
                  gboolean     *is_submenu,
                  char        **action)
{
  GMenuModel *section = G_MENU_MODEL (window->open_section);

  for (int i = 0; i < g_menu_model_get_n_items (section); i++)
    {
      g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (section, i, G_MENU_LINK_SUBMENU);
      g_autofree char *label = NULL;

      if (!g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label) ||
          !g_str_equal (label, "Open _Recent"))
        continue;
      *is_submenu = submenu == G_MENU_MODEL (window->recent_submenu);
      *action = NULL;
      g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", action);
      return TRUE;
    }
  return FALSE;
}

/* Open Recent as GNOME's applications have it: with nothing opened yet a
 * disabled item (its action is; no submenu that opens onto nothing); once a
 * folder is opened, a submenu listing it by name and place, and choosing
 * it in a new window opens that folder again. */
static void
test_recent (void)
{
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *sweep = sweep_path ();
  g_autofree char *whole = g_canonicalize_filename (sweep, NULL);
  g_autofree char *parent = g_path_get_dirname (whole);
  g_autofree char *action = NULL;
  g_autofree char *target = NULL;
  g_autofree char *label = NULL;
  g_autofree char *expected = NULL;
  AiperfWindow *window;
  AiperfRunSet *runs;
  gboolean is_submenu = TRUE;

  if (!display_available ())
    return;
  settings = g_settings_new ("org.aiperf.Plot");
  g_settings_reset (settings, "recent-folders");

  window = new_window ();
  g_assert_true (find_recent_item (window, &is_submenu, &action));
  g_assert_false (is_submenu);
  g_assert_cmpstr (action, ==, "win.no-recent");
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "no-recent"));
  g_clear_pointer (&action, g_free);
  g_assert_cmpint (g_menu_model_get_n_items (G_MENU_MODEL (window->recent_section)), ==, 0);
  destroy_window (window);

  window = open_sweep ();
  g_assert_true (find_recent_item (window, &is_submenu, &action));
  g_assert_true (is_submenu);
  g_assert_cmpint (g_menu_model_get_n_items (G_MENU_MODEL (window->recent_section)), ==, 1);
  g_assert_true (g_menu_model_get_item_attribute (G_MENU_MODEL (window->recent_section), 0,
                                                  G_MENU_ATTRIBUTE_ACTION, "s", &action));
  g_assert_cmpstr (action, ==, "win.open-recent");
  g_assert_true (g_menu_model_get_item_attribute (G_MENU_MODEL (window->recent_section), 0,
                                                  G_MENU_ATTRIBUTE_TARGET, "s", &target));
  /* the whole path, "tests/../data" resolved */
  g_assert_cmpstr (target, ==, whole);
  g_assert_true (g_menu_model_get_item_attribute (G_MENU_MODEL (window->recent_section), 0,
                                                  G_MENU_ATTRIBUTE_LABEL, "s", &label));
  expected = g_strdup_printf ("qwen-sweep — %s", parent);
  if (!g_str_has_prefix (parent, g_get_home_dir ()))
    g_assert_cmpstr (label, ==, expected);
  destroy_window (window);

  /* chosen in a new window: the sweep again */
  window = new_window ();
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "open-recent"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "open-recent", g_variant_new_string (target));
  wait_loaded (window);
  runs = aiperf_window_get_run_set (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  g_assert_cmpstr (aiperf_run_get_name (aiperf_run_set_get_run (runs, 0)), ==, "qwen_concurrency1");
  destroy_window (window);
  g_settings_reset (settings, "recent-folders");
}

int
main (int    argc,
      char **argv)
{
  window_test_init (&argc, &argv);

  g_test_add_func ("/aiperf/window/colors-stable", test_colors_stable);
  g_test_add_func ("/aiperf/window/all-tabs-closed", test_all_tabs_closed);
  g_test_add_func ("/aiperf/window/watch-keeps-view", test_watch_keeps_view);
  g_test_add_func ("/aiperf/window/title-zoom-keys", test_title_zoom_keys);
  g_test_add_func ("/aiperf/window/recent", test_recent);
  return g_test_run ();
}
