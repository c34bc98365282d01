/* test-window.c — display tests of the main window: opening a sweep,
 * hiding runs, zoom, export, drops and broken runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "aiperf-presets.h"
#include "aiperf-run-row.h"
#include "aiperf-sidebar-private.h"
#include "aiperf-window-private.h"
#include "aiperf-window-plot.h"
#include "aiperf-test-util.h"

static char *
sweep_path (void)
{
  return g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "examples", "qwen-sweep", NULL);
}

static gboolean
display_available (void)
{
  if (gdk_display_get_default () == NULL)
    {
      g_test_skip ("no display");
      return FALSE;
    }
  return TRUE;
}

static AiperfWindow *
new_window (void)
{
  AiperfWindow *window = g_object_new (AIPERF_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
wait_loaded (AiperfWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (aiperf_window_get_loads_pending (window) > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  /* Let idle redraws and resizes settle. */
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (aiperf_window_get_loads_pending (window), ==, 0);
}

static void
destroy_window (AiperfWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static AiperfPlotPage *
page_at (AiperfWindow *window,
         int           i)
{
  GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (aiperf_window_get_tab_view (window), i));

  return AIPERF_IS_PLOT_PAGE (child) ? AIPERF_PLOT_PAGE (child) : NULL;
}

static AiperfWindow *
open_sweep (void)
{
  g_autofree char *path = sweep_path ();
  const char *paths[] = { path, NULL };
  AiperfWindow *window = new_window ();

  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  return window;
}

/* Index of the first tab that drew a chart. */
static int
first_drawn_tab (AiperfWindow *window)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      if (page && aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page)) != NULL)
        return i;
    }
  return -1;
}

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

static guint
count_run_ids (const AiperfChart *chart)
{
  g_autoptr(GHashTable) ids = g_hash_table_new (NULL, NULL);

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      for (guint i = 0; layer->pickable && layer->ids && i < layer->ids->len; i++)
        g_hash_table_add (ids, GINT_TO_POINTER (g_array_index (layer->ids, int, i) + 1));
    }
  return g_hash_table_size (ids);
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

  /* Anything else is refused, plainly. */
  g_assert_true (g_file_set_contents (junk, "hello\n", -1, NULL));
  files = g_slist_prepend (NULL, g_file_new_for_path (junk));
  g_assert_false (aiperf_window_handle_drop (window, files));
  g_slist_free_full (files, g_object_unref);
  g_assert_nonnull (strstr (aiperf_window_get_last_toast (window), "notes.txt"));
  g_assert_nonnull (strstr (aiperf_window_get_last_toast (window), "not an AIPerf run folder"));

  /* An empty folder too, through discovery. */
  files = g_slist_prepend (NULL, g_file_new_for_path (dir));
  aiperf_window_handle_drop (window, files);
  g_slist_free_full (files, g_object_unref);
  wait_loaded (window);
  g_assert_nonnull (strstr (aiperf_window_get_last_toast (window), "not an AIPerf run folder"));
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 3);

  g_unlink (junk);
  g_rmdir (dir);
  destroy_window (window);
}

static void
copy_tree (const char *from,
           const char *to)
{
  g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  g_assert_cmpint (g_mkdir_with_parents (to, 0755), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *src = g_build_filename (from, name, NULL);
      g_autofree char *dst = g_build_filename (to, name, NULL);

      if (g_file_test (src, G_FILE_TEST_IS_DIR))
        copy_tree (src, dst);
      else
        {
          g_autofree char *text = NULL;
          gsize len;

          g_assert_true (g_file_get_contents (src, &text, &len, NULL));
          g_assert_true (g_file_set_contents (dst, text, len, NULL));
        }
    }
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
  copy_tree (sweep, copy);
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
  copy_tree (sweep, copy);
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 3);

  aiperf_watch_set_timing (window->watch, 20, 300);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "watch", g_variant_new_boolean (TRUE));
  copy_tree (src, added);
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
  adw_combo_row_set_selected (sidebar->group_row, 0);
  g_assert_cmpstr (aiperf_plot_page_get_spec (page)->group_by, ==, "run_name");
  g_assert_cmpuint (aiperf_chart_view_get_chart (view)->series->len, >=, 3);
  destroy_window (window);
}

static void
wait_details (AiperfRun *run)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!aiperf_run_has_details (run) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (aiperf_run_has_details (run));
}

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

/* Exploring a run made without --slice-duration must not leave empty
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
  g_assert_true (aiperf_window_get_run_loading (run));
  g_assert_false (aiperf_window_run_ready (run));
  wait_details (run);
  g_assert_false (aiperf_window_get_run_loading (run));
  g_assert_true (aiperf_window_run_ready (run));

  titles = single_run_titles (window, run);
  g_assert_cmpstr (titles, ==, "TTFT Per Request Over Time|Request Timeline: TTFT Phases Over Time"
                   "|Output Token Throughput with GPU Utilization");
  g_assert_cmpstr (aiperf_window_get_last_toast (window), ==,
                   "2 plots left out: “qwen_concurrency1” has no data for them");
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

/* Runs without GPU telemetry leave the GPU presets empty: the window opens on
 * the first plot that draws. */
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
  copy_tree (from, to);
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
  g_assert_nonnull (aiperf_plot_page_get_problem (page_at (window, 0)));
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
  copy_tree (src, run);
  g_assert_true (g_file_set_contents (notes, "hello\n", -1, NULL));
  window = new_window ();
  aiperf_window_open_files (window, &notes_file, 1);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 0);
  g_assert_cmpstr (aiperf_window_get_last_toast (window), ==, "“notes.txt” is not an AIPerf run folder");

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
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (gtk_init_check ())
    adw_init ();

  g_test_add_func ("/aiperf/window/open-sweep", test_open_sweep);
  g_test_add_func ("/aiperf/window/hide-run", test_hide_run);
  g_test_add_func ("/aiperf/window/zoom", test_zoom);
  g_test_add_func ("/aiperf/window/sidebar-settings", test_sidebar_settings);
  g_test_add_func ("/aiperf/window/export", test_export);
  g_test_add_func ("/aiperf/window/drop", test_drop);
  g_test_add_func ("/aiperf/window/broken-run", test_broken_run);
  g_test_add_func ("/aiperf/window/watch", test_watch);
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
