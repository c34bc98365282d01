/* test-window.c — the window: opening, comparing, hiding, zooming, exporting, dropping.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-error.h"

static void
test_open_sweep (void)
{
  g_autoptr(AiperfPlotConfig) config = NULL;
  AiperfWindow *window;
  GPtrArray *defaults;
  AdwTabView *view;

  if (!display_available ())
    return;
  window = open_sweep ();
  config = aiperf_plot_config_load_default (NULL);
  g_assert_nonnull (config);
  defaults = aiperf_plot_config_get_defaults (config, AIPERF_MODE_MULTI_RUN);
  view = aiperf_window_get_tab_view (window);

  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 3);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), ==, (int) defaults->len);
  for (guint i = 0; i < defaults->len; i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      g_assert_nonnull (page);
      g_assert_cmpstr (aiperf_plot_page_get_spec (page)->name, ==, g_ptr_array_index (defaults, i));
      g_assert_null (aiperf_plot_page_get_single_run (page));
    }
  g_assert_cmpint (first_drawn_tab (window), >=, 0);

  /* "+" adds a preset as a new, selected tab; closing removes it. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "add-plot", g_variant_new_string ("ttft_vs_throughput"));
  g_assert_cmpint (adw_tab_view_get_n_pages (view), ==, (int) defaults->len + 1);
  g_assert_cmpstr (aiperf_plot_page_get_spec (aiperf_window_get_current_page (window))->name, ==,
                   "ttft_vs_throughput");
  g_action_group_activate_action (G_ACTION_GROUP (window), "close-tab", NULL);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), ==, (int) defaults->len);
  destroy_window (window);
}

static void
test_hide_run (void)
{
  AiperfWindow *window;
  AiperfPlotPage *page;
  AiperfChartView *view;
  AiperfRun *hidden_run;
  int tab;
  guint before, after;

  if (!display_available ())
    return;
  window = open_sweep ();
  tab = first_drawn_tab (window);
  g_assert_cmpint (tab, >=, 0);
  adw_tab_view_set_selected_page (aiperf_window_get_tab_view (window),
                                  adw_tab_view_get_nth_page (aiperf_window_get_tab_view (window), tab));
  page = page_at (window, tab);
  view = aiperf_plot_page_get_chart_view (page);
  before = count_run_ids (aiperf_chart_view_get_chart (view));
  g_assert_cmpuint (before, ==, 3);

  hidden_run = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 1);
  aiperf_window_set_run_visible (window, hidden_run, FALSE);
  after = count_run_ids (aiperf_chart_view_get_chart (view));
  g_assert_cmpuint (after, ==, 2);
  /* No drawn point belongs to the hidden run any more. */
  for (int id = 0; id < 2; id++)
    g_assert_true (aiperf_plot_page_get_run_for_id (page, id) != hidden_run);
  g_assert_false (aiperf_run_row_get_checked (AIPERF_RUN_ROW (aiperf_sidebar_get_row (aiperf_window_get_sidebar (window),
                                                                                        hidden_run))));

  aiperf_window_set_run_visible (window, hidden_run, TRUE);
  g_assert_cmpuint (count_run_ids (aiperf_chart_view_get_chart (view)), ==, 3);
  destroy_window (window);
}

static void
test_zoom (void)
{
  AiperfWindow *window;
  AiperfChartView *view;
  AiperfViewport before, after;
  int tab;

  if (!display_available ())
    return;
  window = open_sweep ();
  tab = first_drawn_tab (window);
  adw_tab_view_set_selected_page (aiperf_window_get_tab_view (window),
                                  adw_tab_view_get_nth_page (aiperf_window_get_tab_view (window), tab));
  view = aiperf_plot_page_get_chart_view (page_at (window, tab));
  before = *aiperf_chart_view_get_viewport (view);

  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  after = *aiperf_chart_view_get_viewport (view);
  g_assert_cmpfloat (after.x_max - after.x_min, <, before.x_max - before.x_min);
  g_assert_cmpfloat (after.y_max - after.y_min, <, before.y_max - before.y_min);

  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-out", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-out", NULL);
  after = *aiperf_chart_view_get_viewport (view);
  g_assert_cmpfloat (after.x_max - after.x_min, >, before.x_max - before.x_min);

  g_action_group_activate_action (G_ACTION_GROUP (window), "reset-zoom", NULL);
  after = *aiperf_chart_view_get_viewport (view);
  g_assert_cmpfloat_with_epsilon (after.x_min, before.x_min, 1e-9 * MAX (1, fabs (before.x_min)));
  g_assert_cmpfloat_with_epsilon (after.x_max, before.x_max, 1e-9 * MAX (1, fabs (before.x_max)));
  destroy_window (window);
}

static void
test_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "chart.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "chart.pdf", NULL);
  g_autofree char *svg_text = NULL;
  g_autofree char *pdf_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  AiperfWindow *window;
  const AiperfChart *chart;
  gsize len;
  int tab;

  if (!display_available ())
    return;
  window = open_sweep ();
  tab = first_drawn_tab (window);
  adw_tab_view_set_selected_page (aiperf_window_get_tab_view (window),
                                  adw_tab_view_get_nth_page (aiperf_window_get_tab_view (window), tab));
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page_at (window, tab)));

  g_assert_true (aiperf_window_export_current (window, png, AIPERF_FORMAT_PNG, &error));
  g_assert_no_error (error);
  pixbuf = gdk_pixbuf_new_from_file (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, 2400);
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, 1200);

  g_assert_true (aiperf_window_export_current (window, svg, AIPERF_FORMAT_SVG, &error));
  g_assert_true (g_file_get_contents (svg, &svg_text, &len, &error));
  g_assert_nonnull (strstr (svg_text, "<svg"));
  g_assert_nonnull (strstr (svg_text, "width=\"1600"));
  (void) chart;

  g_assert_true (aiperf_window_export_current (window, pdf, AIPERF_FORMAT_PDF, &error));
  g_assert_true (g_file_get_contents (pdf, &pdf_text, &len, &error));
  g_assert_true (g_str_has_prefix (pdf_text, "%PDF-"));

  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_rmdir (dir);
  destroy_window (window);
}

/* With no chart shown, export fails with our own domain and code (it was
 * G_IO_ERROR_NOT_FOUND, a file error that names no file). */
static void
test_export_no_chart (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  g_autoptr(GError) error = NULL;
  AiperfWindow *window;

  if (!display_available ())
    return;
  window = new_window ();
  g_assert_null (aiperf_window_get_current_page (window));
  g_assert_false (aiperf_window_export_current (window, png, AIPERF_FORMAT_PNG, &error));
  g_assert_true (g_error_matches (error, AIPERF_ERROR, AIPERF_ERROR_NO_CHART));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
  destroy_window (window);
}

static void
test_drop (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *run1 = g_build_filename (sweep, "qwen_concurrency1", NULL);
  g_autofree char *run2 = g_build_filename (sweep, "qwen_concurrency2", NULL);
  g_autofree char *artifact = g_build_filename (run1, "profile_export_aiperf.json", NULL);
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *junk = g_build_filename (dir, "notes.txt", NULL);
  AiperfWindow *window;
  GSList *files = NULL;

  if (!display_available ())
    return;
  window = new_window ();

  /* A single artifact file opens its run folder: single-run mode. */
  files = g_slist_prepend (NULL, g_file_new_for_path (artifact));
  g_assert_true (aiperf_window_handle_drop (window, files));
  g_slist_free_full (files, g_object_unref);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 1);
  g_assert_cmpint (aiperf_run_set_get_mode (aiperf_window_get_run_set (window)), ==, AIPERF_MODE_SINGLE_RUN);
  g_assert_nonnull (aiperf_plot_page_get_single_run (page_at (window, 0)));

  /* Dropping more runs adds them to the comparison (nested run included). */
  files = g_slist_prepend (NULL, g_file_new_for_path (run2));
  g_assert_true (aiperf_window_handle_drop (window, files));
  g_slist_free_full (files, g_object_unref);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 3);
  g_assert_null (aiperf_plot_page_get_single_run (page_at (window, 0)));

  /* Anything else is sniffed and refused, plainly. */
  g_assert_true (g_file_set_contents (junk, "hello\n", -1, NULL));
  files = g_slist_prepend (NULL, g_file_new_for_path (junk));
  aiperf_window_handle_drop (window, files);
  g_slist_free_full (files, g_object_unref);
  wait_loaded (window);
  g_assert_cmpstr (aiperf_window_get_last_toast (window), ==,
                   "Nothing to open in “notes.txt”: no benchmark result was recognised");

  /* An empty folder too. */
  files = g_slist_prepend (NULL, g_file_new_for_path (dir));
  aiperf_window_handle_drop (window, files);
  g_slist_free_full (files, g_object_unref);
  wait_loaded (window);
  g_assert_nonnull (strstr (aiperf_window_get_last_toast (window), "no benchmark result was recognised"));

  /* A folder that does not exist says so. */
  {
    g_autofree char *missing = g_build_filename (dir, "no-such-folder", NULL);

    files = g_slist_prepend (NULL, g_file_new_for_path (missing));
    aiperf_window_handle_drop (window, files);
    g_slist_free_full (files, g_object_unref);
    wait_loaded (window);
    g_assert_cmpstr (aiperf_window_get_last_toast (window), ==, "“no-such-folder” does not exist");
  }
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 3);

  g_unlink (junk);
  g_rmdir (dir);
  destroy_window (window);
}

static void
test_broken_run (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *tmp = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (tmp, "sweep", NULL);
  g_autofree char *broken = g_build_filename (copy, "qwen_concurrency1", "profile_export_aiperf.json", NULL);
  const char *paths[] = { copy, NULL };
  AiperfWindow *window;
  const char *toast;

  if (!display_available ())
    return;
  aiperf_test_copy_tree (sweep, copy);
  g_assert_true (g_file_set_contents (broken, "{\"request_latency\": {\"avg\": 1.0,", -1, NULL));

  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 2);
  toast = aiperf_window_get_last_toast (window);
  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, "qwen_concurrency1"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "show-errors"));
  g_assert_cmpint (adw_tab_view_get_n_pages (aiperf_window_get_tab_view (window)), >, 0);

  destroy_window (window);
  aiperf_test_remove_tree (tmp);
}

static void
test_watch (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *tmp = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (tmp, "sweep", NULL);
  g_autofree char *src = g_build_filename (sweep, "qwen_concurrency1", NULL);
  g_autofree char *added = g_build_filename (copy, "qwen_concurrency8", NULL);
  const char *paths[] = { copy, NULL };
  AiperfWindow *window;
  gint64 deadline;

  if (!display_available ())
    return;
  aiperf_test_copy_tree (sweep, copy);
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 3);

  aiperf_watch_set_timing (aiperf_session_get_watch (window->session), 20, 300);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "watch", g_variant_new_boolean (TRUE));
  aiperf_test_copy_tree (src, added);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)) < 4
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 4);
  g_assert_nonnull (strstr (aiperf_window_get_last_toast (window), "qwen_concurrency8"));

  destroy_window (window);
  aiperf_test_remove_tree (tmp);
}

static void
test_sidebar_settings (void)
{
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  AiperfPlotPage *page;
  AiperfChartView *view;
  int tab;

  if (!display_available ())
    return;
  window = open_sweep ();
  tab = first_drawn_tab (window);
  adw_tab_view_set_selected_page (aiperf_window_get_tab_view (window),
                                  adw_tab_view_get_nth_page (aiperf_window_get_tab_view (window), tab));
  page = aiperf_window_get_current_page (window);
  view = aiperf_plot_page_get_chart_view (page);
  sidebar = aiperf_window_get_sidebar (window);
  g_assert_cmpint (aiperf_chart_view_get_chart (view)->y.scale, ==, AIPERF_SCALE_LINEAR);

  /* Every control redraws the tab at once. */
  gtk_switch_set_active (sidebar->log_y_switch, TRUE);
  g_assert_cmpint (aiperf_chart_view_get_chart (view)->y.scale, ==, AIPERF_SCALE_LOG);
  gtk_switch_set_active (sidebar->log_y_switch, FALSE);
  g_assert_cmpint (aiperf_chart_view_get_chart (view)->y.scale, ==, AIPERF_SCALE_LINEAR);

  adw_combo_row_set_selected (sidebar->y_stat_row, 4);  /* avg p50 p90 p95 p99 */
  g_assert_true (aiperf_plot_page_get_spec (page)->y.has_stat);
  g_assert_cmpint (aiperf_plot_page_get_spec (page)->y.stat, ==, AIPERF_STAT_P99);

  /* Group by run: one series per run. */
  aiperf_picker_row_set_selected (sidebar->group_row, 0);
  g_assert_cmpstr (aiperf_plot_page_get_spec (page)->group_by, ==, "run_name");
  g_assert_cmpuint (aiperf_chart_view_get_chart (view)->series->len, >=, 3);
  destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  window_test_init (&argc, &argv);

  g_test_add_func ("/aiperf/window/open-sweep", test_open_sweep);
  g_test_add_func ("/aiperf/window/hide-run", test_hide_run);
  g_test_add_func ("/aiperf/window/zoom", test_zoom);
  g_test_add_func ("/aiperf/window/sidebar-settings", test_sidebar_settings);
  g_test_add_func ("/aiperf/window/export", test_export);
  g_test_add_func ("/aiperf/window/export-no-chart", test_export_no_chart);
  g_test_add_func ("/aiperf/window/drop", test_drop);
  g_test_add_func ("/aiperf/window/broken-run", test_broken_run);
  g_test_add_func ("/aiperf/window/watch", test_watch);
  return g_test_run ();
}
