/* test-window-explore.c — the window: exploring one run, labels, sizes, menus.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"

/* Titles of the single-run plot tabs of @run, in tab order, joined by "|". */
static char *
single_run_titles (AiperfWindow *window,
                   AiperfRun    *run)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);
  g_autoptr(GString) titles = g_string_new (NULL);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      if (page == NULL || aiperf_plot_page_get_single_run (page) != run)
        continue;
      g_assert_false (aiperf_plot_page_get_no_data (page));
      if (titles->len > 0)
        g_string_append_c (titles, '|');
      g_string_append (titles, aiperf_plot_page_get_title (page));
    }
  return g_string_free (g_steal_pointer (&titles), FALSE);
}

/* Exploring a run made without time slices must not leave empty
 * time-slice tabs behind (aiperf skips those plots too). */
static void
test_explore_drops_empty_plots (void)
{
  AiperfWindow *window;
  AiperfRun *run;
  AiperfPlotPage *selected;
  g_autofree char *titles = NULL;

  if (!display_available ())
    return;
  window = open_sweep ();
  run = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 0);
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "qwen_concurrency1");
  aiperf_window_open_run_details (window, run);
  /* While the thread reads, the window must not touch the run (it would
   * wait on the run's lock for the whole load). */
  g_assert_true (aiperf_session_get_run_loading (run));
  g_assert_false (aiperf_session_run_ready (run));
  wait_details (run);
  g_assert_false (aiperf_session_get_run_loading (run));
  g_assert_true (aiperf_session_run_ready (run));

  titles = single_run_titles (window, run);
  g_assert_cmpstr (titles, ==, "TTFT Per Request Over Time|Request Timeline: TTFT Phases Over Time"
                   "|Output Token Throughput with GPU Utilization");
  /* The toast says which plots and why. */
  g_assert_cmpstr (aiperf_window_get_last_toast (window), ==,
                   "Not shown: “Time to First Token Across Time Slices”, “Inter Token Latency Across "
                   "Time Slices”. Run “qwen_concurrency1” has no time slices: AIPerf records them "
                   "only when its Time Slice Duration is set.");
  /* about the window's own setting, no command-line flag */
  g_assert_null (strstr (aiperf_window_get_last_toast (window), "--"));
  selected = aiperf_window_get_current_page (window);
  g_assert_true (AIPERF_IS_PLOT_PAGE (selected));
  g_assert_true (aiperf_plot_page_get_single_run (selected) == run);
  g_assert_cmpstr (aiperf_plot_page_get_title (selected), ==, "TTFT Per Request Over Time");
  destroy_window (window);
}

/* A run with time slices keeps its time-slice tabs. */
static void
test_explore_keeps_time_slices (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "plots", "timeslice-run", NULL);
  const char *paths[] = { path, NULL };
  AiperfWindow *window = NULL;
  AiperfRun *run;
  g_autofree char *titles = NULL;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  run = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 0);
  wait_details (run);
  titles = single_run_titles (window, run);
  g_assert_nonnull (strstr (titles, "Time to First Token Across Time Slices"));
  g_assert_nonnull (strstr (titles, "Inter Token Latency Across Time Slices"));
  destroy_window (window);
}

/* The statistic dropdowns read as words, not preset ids. */
static void
test_stat_labels (void)
{
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  GListModel *model;

  if (!display_available ())
    return;
  window = open_sweep ();
  sidebar = aiperf_window_get_sidebar (window);
  model = adw_combo_row_get_model (sidebar->x_stat_row);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), ==, "Average");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), 1), ==, "p50 (median)");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), 4), ==, "p99 (99th percentile)");
  g_assert_true (adw_combo_row_get_model (sidebar->y_stat_row) == model);
  g_assert_cmpuint (adw_combo_row_get_selected (sidebar->y_stat_row), ==, 0);
  destroy_window (window);
}

/* Never resized by the user: at least the template's 1280×820, at most the screen. */
static void
test_first_run_size (void)
{
  AiperfWindow *window;
  g_autoptr(GdkMonitor) monitor = NULL;
  GdkRectangle area;
  int width, height;

  if (!display_available ())
    return;
  window = new_window ();
  monitor = g_list_model_get_item (gdk_display_get_monitors (gdk_display_get_default ()), 0);
  g_assert_nonnull (monitor);
  gdk_monitor_get_geometry (monitor, &area);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, MIN (MAX (1280, area.width * 85 / 100), area.width));
  g_assert_cmpint (height, ==, MIN (MAX (820, area.height * 85 / 100), area.height));
  destroy_window (window);
}

/* Runs without GPU telemetry leave the GPU presets empty: those charts get
 * no tab, and the window opens on the first one. */
static void
test_opens_on_drawn_tab (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *from = sweep_path ();
  g_autofree char *to = g_build_filename (dir, "sweep", NULL);
  const char *paths[] = { to, NULL };
  const char *runs[] = { "qwen_concurrency1", "qwen_concurrency2", "qwen_concurrency2/qwen_concurrency4" };
  AiperfWindow *window;
  AiperfPlotPage *page;

  if (!display_available ())
    return;
  aiperf_test_copy_tree (from, to);
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *telemetry = g_build_filename (to, runs[i], "gpu_telemetry_export.jsonl", NULL);
      g_autofree char *summary = g_build_filename (to, runs[i], "profile_export_aiperf.json", NULL);
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(JsonGenerator) generator = json_generator_new ();

      g_assert_cmpint (g_unlink (telemetry), ==, 0);
      g_assert_true (json_parser_load_from_file (parser, summary, NULL));
      g_assert_true (json_object_has_member (json_node_get_object (json_parser_get_root (parser)), "telemetry_data"));
      json_object_remove_member (json_node_get_object (json_parser_get_root (parser)), "telemetry_data");
      json_generator_set_root (generator, json_parser_get_root (parser));
      g_assert_true (json_generator_to_file (generator, summary, NULL));
    }
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  /* No tab of a chart with nothing to show: the first tab draws. */
  for (int i = 0; i < adw_tab_view_get_n_pages (aiperf_window_get_tab_view (window)); i++)
    g_assert_null (aiperf_plot_page_get_problem (page_at (window, i)));
  g_assert_true (page_at (window, 0) == aiperf_window_get_current_page (window));
  page = aiperf_window_get_current_page (window);
  g_assert_true (AIPERF_IS_PLOT_PAGE (page));
  g_assert_null (aiperf_plot_page_get_problem (page));
  g_assert_cmpstr (aiperf_plot_page_get_title (page), ==, "TTFT vs Throughput");
  destroy_window (window);
  aiperf_test_remove_tree (dir);
}

/* "aiperf-plot notes.txt" refuses the file instead of loading every run
 * beside it; an artifact file opens its run folder. */
static void
test_open_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *notes = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *from = sweep_path ();
  g_autofree char *run = g_build_filename (dir, "qwen_concurrency1", NULL);
  g_autofree char *src = g_build_filename (from, "qwen_concurrency1", NULL);
  g_autofree char *summary = g_build_filename (run, "profile_export_aiperf.json", NULL);
  g_autoptr(GFile) notes_file = g_file_new_for_path (notes);
  g_autoptr(GFile) summary_file = g_file_new_for_path (summary);
  AiperfWindow *window;

  if (!display_available ())
    return;
  aiperf_test_copy_tree (src, run);
  g_assert_true (g_file_set_contents (notes, "hello\n", -1, NULL));
  window = new_window ();
  aiperf_window_open_files (window, &notes_file, 1);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 0);
  g_assert_cmpstr (aiperf_window_get_last_toast (window), ==, "Nothing to open in “notes.txt”: no benchmark result was recognised");

  aiperf_window_open_files (window, &summary_file, 1);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 1);
  g_assert_cmpstr (aiperf_run_get_name (aiperf_run_set_get_run (aiperf_window_get_run_set (window), 0)),
                   ==, "qwen_concurrency1");
  destroy_window (window);
  aiperf_test_remove_tree (dir);
}

/* Hover text names the label parameter in words ("Concurrency: 4"). */
static void
test_hover_label_title (void)
{
  AiperfWindow *window;
  const AiperfChart *chart;

  if (!display_available ())
    return;
  window = open_sweep ();
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page_at (window, 0)));
  g_assert_nonnull (chart);
  g_assert_cmpstr (chart->label_title, ==, "Concurrency");
  destroy_window (window);
}

/* Right-clicking a tab makes it current, so its menu acts on it. */
static void
test_tab_menu (void)
{
  AiperfWindow *window;
  AdwTabView *view;
  AdwTabPage *third;
  int before;

  if (!display_available ())
    return;
  window = open_sweep ();
  view = aiperf_window_get_tab_view (window);
  g_assert_nonnull (adw_tab_view_get_menu_model (view));
  third = adw_tab_view_get_nth_page (view, 2);
  g_signal_emit_by_name (view, "setup-menu", third);
  g_assert_true (adw_tab_view_get_selected_page (view) == third);
  g_signal_emit_by_name (view, "setup-menu", NULL);
  g_assert_true (adw_tab_view_get_selected_page (view) == third);

  before = adw_tab_view_get_n_pages (view);
  g_action_group_activate_action (G_ACTION_GROUP (window), "add-plot", g_variant_new_string (""));
  g_assert_cmpint (adw_tab_view_get_n_pages (view), ==, before + 1);
  g_assert_cmpstr (aiperf_plot_page_get_title (aiperf_window_get_current_page (window)), ==,
                   aiperf_plot_page_get_title (AIPERF_PLOT_PAGE (adw_tab_page_get_child (third))));
  destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  window_test_init (&argc, &argv);

  g_test_add_func ("/aiperf/window/explore-drops-empty-plots", test_explore_drops_empty_plots);
  g_test_add_func ("/aiperf/window/explore-keeps-time-slices", test_explore_keeps_time_slices);
  g_test_add_func ("/aiperf/window/stat-labels", test_stat_labels);
  g_test_add_func ("/aiperf/window/first-run-size", test_first_run_size);
  g_test_add_func ("/aiperf/window/opens-on-drawn-tab", test_opens_on_drawn_tab);
  g_test_add_func ("/aiperf/window/open-files", test_open_files);
  g_test_add_func ("/aiperf/window/hover-label-title", test_hover_label_title);
  g_test_add_func ("/aiperf/window/tab-menu", test_tab_menu);
  return g_test_run ();
}
