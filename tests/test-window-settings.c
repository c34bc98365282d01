/* test-window-settings.c — the sidebar's plot settings as a user meets
 * them: full metric names and search, Label By: None, titles that follow
 * the axes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-preset-writer.h"

static AiperfPlotPage *
select_tab (AiperfWindow *window,
            int           i)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  adw_tab_view_set_selected_page (view, adw_tab_view_get_nth_page (view, i));
  return aiperf_window_get_current_page (window);
}

static guint
key_position (GPtrArray  *keys,
              const char *key)
{
  for (guint i = 0; i < keys->len; i++)
    if (g_strcmp0 (g_ptr_array_index (keys, i), key) == 0)
      return i;
  g_assert_not_reached ();
  return 0;
}

static guint
count_point_labels (const AiperfChart *chart)
{
  guint n = 0;

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      for (guint i = 0; layer->labels != NULL && i < layer->labels->len; i++)
        n += g_ptr_array_index (layer->labels, i) != NULL;
    }
  return n;
}

/* The metric pickers show the whole name and find metrics by words. */
static void
test_metric_picker (void)
{
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  AiperfPlotPage *page;
  guint n;

  if (!display_available ())
    return;
  window = open_sweep ();
  page = select_tab (window, 0);
  g_assert_cmpstr (aiperf_plot_page_get_spec (page)->name, ==, "pareto_curve_throughput_per_gpu_vs_latency");
  sidebar = aiperf_window_get_sidebar (window);

  n = aiperf_picker_row_get_n_items (sidebar->y_row);
  g_assert_cmpuint (n, >, 20);
  /* Not "Output Token Through…": the subtitle is the full name. */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (sidebar->y_row)), ==,
                   "Output Token Throughput Per GPU (tokens/sec/gpu)");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (sidebar->y_row)), ==,
                   "Output Token Throughput Per GPU (tokens/sec/gpu)");
  g_assert_cmpuint (aiperf_picker_row_search (sidebar->y_row, "throughput gpu"), ==, 1);
  g_assert_cmpuint (aiperf_picker_row_search (sidebar->y_row, "THROUGHPUT"), >=, 3);
  g_assert_cmpuint (aiperf_picker_row_search (sidebar->y_row, "no such metric"), ==, 0);
  g_assert_cmpuint (aiperf_picker_row_search (sidebar->y_row, ""), ==, n);
  destroy_window (window);
}

/* None removes the labels, stays None across tab switches and is saved
 * as "labels: []". */
static void
test_label_by_none (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *preset = g_build_filename (dir, "plot_config.yaml", NULL);
  g_autofree char *yaml = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) back = NULL;
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  AiperfPlotPage *page;
  AiperfChartView *view;

  if (!display_available ())
    return;
  window = open_sweep ();
  sidebar = aiperf_window_get_sidebar (window);
  page = select_tab (window, 0);
  view = aiperf_plot_page_get_chart_view (page);
  g_assert_cmpuint (count_point_labels (aiperf_chart_view_get_chart (view)), ==, 3);
  g_assert_cmpstr (aiperf_picker_row_get_label (sidebar->label_row,
                                                aiperf_picker_row_get_selected (sidebar->label_row)), ==,
                   "Concurrency");

  aiperf_picker_row_set_selected (sidebar->label_row, key_position (sidebar->label_keys, ""));
  g_assert_cmpstr (aiperf_plot_page_get_spec (page)->label_by, ==, "");
  g_assert_cmpuint (count_point_labels (aiperf_chart_view_get_chart (view)), ==, 0);

  select_tab (window, 2);
  g_assert_true (select_tab (window, 0) == page);
  g_assert_cmpstr (aiperf_picker_row_get_label (sidebar->label_row,
                                                aiperf_picker_row_get_selected (sidebar->label_row)), ==,
                   "None");
  g_assert_cmpuint (count_point_labels (aiperf_chart_view_get_chart (view)), ==, 0);

  g_assert_true (aiperf_preset_save (aiperf_plot_page_get_spec (page), preset, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (preset, &yaml, NULL, NULL));
  g_assert_nonnull (strstr (yaml, "labels: []"));
  back = aiperf_plot_config_load_file (preset, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (aiperf_plot_config_find (back, AIPERF_MODE_MULTI_RUN, aiperf_plot_page_get_spec (page)->name)->label_by,
                   ==, "");

  g_unlink (preset);
  g_rmdir (dir);
  destroy_window (window);
}

/* Changing an axis names the chart and its tab after what it shows. */
static void
test_title_after_axis_change (void)
{
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  AiperfPlotPage *page;
  AdwTabPage *tab;
  const AiperfChart *chart;

  if (!display_available ())
    return;
  window = open_sweep ();
  sidebar = aiperf_window_get_sidebar (window);
  page = select_tab (window, 0);
  tab = adw_tab_view_get_selected_page (aiperf_window_get_tab_view (window));

  aiperf_picker_row_set_selected (sidebar->x_row, key_position (sidebar->metric_keys, "inter_token_latency"));
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));
  g_assert_cmpstr (chart->title, ==, "Output Token Throughput Per GPU vs Inter Token Latency");
  /* the tab in short, the whole title on hover */
  g_assert_cmpstr (adw_tab_page_get_tooltip (tab), ==, "Output Token Throughput Per GPU vs Inter Token Latency");
  /* (as long as the tab has room for, its last word kept) */
  g_assert_true (tab_title_fits (window, adw_tab_page_get_title (tab)));
  /* the new x, by its name or its short name */
  g_assert_true (g_str_has_suffix (adw_tab_page_get_title (tab), "Latency") ||
                 g_str_has_suffix (adw_tab_page_get_title (tab), "ITL"));
  g_assert_cmpstr (aiperf_plot_page_get_title (page), ==, chart->title);
  g_assert_cmpstr (chart->x.title, ==, "Average Inter Token Latency");
  destroy_window (window);
}

static void
edit_file (const char *path,
           const char *from,
           const char *to)
{
  g_autofree char *text = NULL;
  g_autoptr(GString) edited = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, from));
  edited = g_string_new (text);
  g_string_replace (edited, from, to, 1);
  g_assert_true (g_file_set_contents (path, edited->str, -1, NULL));
}

static guint
label_position (AiperfPickerRow *row,
                const char      *label)
{
  for (guint i = 0; i < aiperf_picker_row_get_n_items (row); i++)
    if (g_strcmp0 (aiperf_picker_row_get_label (row, i), label) == 0)
      return i;
  return G_MAXUINT;
}

/* Known configuration keys get names; raw ones go under "More". */
static void
test_parameter_names (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *tmp = g_dir_make_tmp ("aiperf-window-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (tmp, "sweep", NULL);
  g_autofree char *one = g_build_filename (copy, "qwen_concurrency1", "profile_export_aiperf.json", NULL);
  g_autofree char *two = g_build_filename (copy, "qwen_concurrency2", "profile_export_aiperf.json", NULL);
  const char *paths[] = { copy, NULL };
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  guint named, raw, n_main;
  gboolean more_filter = FALSE;

  if (!display_available ())
    return;
  aiperf_test_copy_tree (sweep, copy);
  edit_file (one, "\"arrival_pattern\": \"concurrency_burst\",",
             "\"arrival_pattern\": \"poisson\", \"foo_knob\": 3,");
  edit_file (two, "\"arrival_pattern\": \"concurrency_burst\",",
             "\"arrival_pattern\": \"concurrency_burst\", \"foo_knob\": 5,");
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  sidebar = aiperf_window_get_sidebar (window);

  named = label_position (sidebar->group_row, "Arrival Pattern");
  raw = label_position (sidebar->group_row, "loadgen.foo_knob");
  n_main = aiperf_picker_row_get_n_main (sidebar->group_row);
  g_assert_cmpuint (label_position (sidebar->group_row, "loadgen.arrival_pattern"), ==, G_MAXUINT);
  g_assert_cmpuint (named, <, n_main);
  g_assert_cmpuint (raw, >=, n_main);
  g_assert_cmpuint (raw, <, aiperf_picker_row_get_n_items (sidebar->group_row));
  for (guint i = 0; i < sidebar->param_rows->len; i++)
    more_filter |= g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (sidebar->param_rows, i)),
                              "More") == 0;
  g_assert_true (more_filter);

  destroy_window (window);
  aiperf_test_remove_tree (tmp);
}

/* Runs and plot settings are two views; a search that matches nothing
 * says so; Show All / Hide All act on the runs listed. */
static void
test_runs_view (void)
{
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  AiperfRunSet *runs;
  AiperfPlotPage *page;

  if (!display_available ())
    return;
  window = open_sweep ();
  sidebar = aiperf_window_get_sidebar (window);
  runs = aiperf_window_get_run_set (window);
  page = aiperf_window_get_current_page (window);
  aiperf_sidebar_set_view (sidebar, "plot");
  g_assert_cmpstr (aiperf_sidebar_get_view (sidebar), ==, "plot");
  aiperf_sidebar_focus_search (sidebar);
  g_assert_cmpstr (aiperf_sidebar_get_view (sidebar), ==, "runs");

  gtk_editable_set_text (GTK_EDITABLE (sidebar->search_entry), "no-such-run");
  g_signal_emit_by_name (sidebar->search_entry, "search-changed");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (sidebar->runs_stack), ==, "no-match");
  gtk_editable_set_text (GTK_EDITABLE (sidebar->search_entry), "concurrency2");
  g_signal_emit_by_name (sidebar->search_entry, "search-changed");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (sidebar->runs_stack), ==, "list");

  /* "concurrency2" lists qwen_concurrency2 and the nested concurrency4
   * (its folder is under qwen_concurrency2): Hide All hides those two. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (sidebar), "sidebar.select-none", NULL));
  g_assert_true (aiperf_window_get_run_set (window) == runs);
  g_assert_true (aiperf_session_is_run_visible (window->session, aiperf_run_set_get_run (runs, 0)));
  g_assert_false (aiperf_session_is_run_visible (window->session, aiperf_run_set_get_run (runs, 1)));
  g_assert_false (aiperf_session_is_run_visible (window->session, aiperf_run_set_get_run (runs, 2)));
  gtk_editable_set_text (GTK_EDITABLE (sidebar->search_entry), "");
  g_signal_emit_by_name (sidebar->search_entry, "search-changed");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (sidebar), "sidebar.select-none", NULL));
  g_assert_cmpstr (aiperf_plot_page_get_problem (page), !=, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (sidebar), "sidebar.select-all", NULL));
  g_assert_null (aiperf_plot_page_get_problem (page));
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    g_assert_true (aiperf_run_row_get_checked (AIPERF_RUN_ROW (aiperf_sidebar_get_row (sidebar,
                                                 aiperf_run_set_get_run (runs, i)))));
  destroy_window (window);
}

static void
resize_to (AiperfWindow *window,
           int           width,
           int           height)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  gtk_window_unmaximize (GTK_WINDOW (window));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  /* Without a window manager the size lands within the decorations. */
  while (ABS (gtk_widget_get_width (GTK_WIDGET (window)) - width) > 30 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (ABS (gtk_widget_get_width (GTK_WIDGET (window)) - width), <=, 30);
}

/* At 600 px the sidebar folds away instead of squeezing the chart to a
 * strip; at full size it stays docked. */
static void
test_narrow_folds (void)
{
  AiperfWindow *window;

  if (!display_available ())
    return;
  window = open_sweep ();
  resize_to (window, 1400, 900);
  g_assert_false (adw_flap_get_folded (window->flap));
  resize_to (window, 600, 500);
  g_assert_true (adw_flap_get_folded (window->flap));
  {
    GtkWidget *view = GTK_WIDGET (aiperf_plot_page_get_chart_view (aiperf_window_get_current_page (window)));
    gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    /* The flap folds with an animation: wait for the layout to settle. */
    while (gtk_widget_get_width (view) < 560 && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, FALSE);
    g_assert_cmpint (gtk_widget_get_width (view), >=, 560);
  }
  destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  window_test_init (&argc, &argv);

  g_test_add_func ("/aiperf/window/metric-picker", test_metric_picker);
  g_test_add_func ("/aiperf/window/label-by-none", test_label_by_none);
  g_test_add_func ("/aiperf/window/title-after-axis-change", test_title_after_axis_change);
  g_test_add_func ("/aiperf/window/parameter-names", test_parameter_names);
  g_test_add_func ("/aiperf/window/runs-view", test_runs_view);
  g_test_add_func ("/aiperf/window/narrow-folds", test_narrow_folds);
  return g_test_run ();
}
