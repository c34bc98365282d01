/* test-window-kinds.c — the window opens every kind of result: serving
 * benchmarks and, beside them, each other kind's own charts; and the
 * open rules (parameters from folder names).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-timeline-view.h"

static char *
cutile_path (const char *which)
{
  return g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", which, NULL);
}

/* The names of the tabs' presets, in tab order. */
static GPtrArray *
tab_presets (AiperfWindow *window)
{
  GPtrArray *names = g_ptr_array_new ();
  AdwTabView *view = aiperf_window_get_tab_view (window);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      g_ptr_array_add (names, page != NULL ? aiperf_plot_page_get_spec (page)->name : (char *) "(details)");
    }
  return names;
}

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

static void
test_serving_and_cutile (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *before = cutile_path ("minGPT");
  g_autofree char *after = cutile_path ("cutileGPT");
  const char *paths[] = { sweep, before, after, NULL };
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (NULL);
  g_autoptr(GPtrArray) serving = aiperf_session_default_specs (config, AIPERF_MODE_MULTI_RUN);
  g_autoptr(GPtrArray) cutile = aiperf_session_kind_specs (config, "cutile");
  g_autoptr(GPtrArray) names = NULL;
  AiperfWindow *window;
  AiperfPlotPage *page;
  const AiperfChart *chart;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);

  /* 3 AIPerf runs + 3 configs in each of 2 profiles. */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 9);
  names = tab_presets (window);
  g_assert_cmpuint (cutile->len, ==, 6);
  /* Serving tabs first (those that apply to the sweep), then cutile's, in preset order. */
  g_assert_cmpuint (names->len, >=, cutile->len + 1);
  for (guint i = 0; i < cutile->len; i++)
    g_assert_cmpstr (g_ptr_array_index (names, names->len - cutile->len + i), ==,
                     ((AiperfPlotSpec *) g_ptr_array_index (cutile, i))->name);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, ((AiperfPlotSpec *) g_ptr_array_index (serving, 0))->name);

  /* The latency bars compare the two files only, and the Pareto chart the
   * three AIPerf runs only. */
  page = find_page (window, "forward_latency");
  g_assert_nonnull (page);
  aiperf_plot_page_redraw (page);
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));
  g_assert_nonnull (chart);
  g_assert_cmpuint (chart->series->len, ==, 2);
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 0))->name, ==, "minGPT");
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 1))->name, ==, "cutileGPT");

  page = find_page (window, "pareto_curve_throughput_per_gpu_vs_latency");
  g_assert_nonnull (page);
  aiperf_plot_page_redraw (page);
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));
  g_assert_nonnull (chart);
  for (guint s = 0; s < chart->series->len; s++)
    g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, s))->name, !=, "minGPT");
  destroy_window (window);
}

static void
test_cutile_only (void)
{
  g_autofree char *before = cutile_path ("minGPT");
  const char *paths[] = { before, NULL };
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (NULL);
  g_autoptr(GPtrArray) cutile = aiperf_session_kind_specs (config, "cutile");
  g_autoptr(GPtrArray) names = NULL;
  AiperfWindow *window;
  guint expected = 0;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);

  /* One profile: no speedup (it needs two files); no AIPerf drill-down. */
  names = tab_presets (window);
  for (guint i = 0; i < cutile->len; i++)
    if (!g_str_equal (((AiperfPlotSpec *) g_ptr_array_index (cutile, i))->name, "speedup"))
      {
        g_assert_cmpstr (g_ptr_array_index (names, expected), ==, ((AiperfPlotSpec *) g_ptr_array_index (cutile, i))->name);
        expected++;
      }
  g_assert_cmpuint (names->len, >=, expected);
  g_assert_false (g_ptr_array_find_with_equal_func (names, "(details)", g_str_equal, NULL));
  destroy_window (window);
}

/* Preferences → Parameters from Folder Names: the open folders are read
 * again and the named groups become parameters; a bad pattern is refused. */
static void
test_param_pattern (void)
{
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GError) error = NULL;
  AiperfWindow *window;
  AiperfRunSet *runs;
  gboolean seen_4 = FALSE;

  if (!display_available ())
    return;
  window = open_sweep ();
  settings = g_settings_new ("org.aiperf.Plot");
  g_settings_set_string (settings, "run-name-pattern", "_concurrency(?P<from_name>\\d+)$");
  wait_loaded (window);
  runs = aiperf_window_get_run_set (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      g_autofree char *expected = g_strdup_printf ("%g", aiperf_run_get_concurrency (run));

      g_assert_cmpstr (aiperf_run_get_parameter (run, "from_name"), ==, expected);
      seen_4 |= g_str_equal (expected, "4");
    }
  g_assert_true (seen_4);

  /* No named group (set behind the preferences' back): the window says so and reads the folders without it. */
  g_settings_set_string (settings, "run-name-pattern", "concurrency\\d+");
  wait_loaded (window);
  g_assert_nonnull (strstr (aiperf_window_get_last_toast (window), "no named group"));
  g_settings_set_string (settings, "run-name-pattern", "");
  wait_loaded (window);
  destroy_window (window);
}

/* Kernel summaries: their chart tabs, then the kernels tab whose table and
 * chart are linked both ways. */
static void
test_kernels_tab (void)
{
  g_autofree char *eplb = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", NULL);
  const char *paths[] = { eplb, NULL };
  g_autoptr(GPtrArray) names = NULL;
  AiperfWindow *window;
  AiperfDataPanel *panel;
  const AiperfChart *chart;
  const AiperfLayer *band;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  names = tab_presets (window);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "top_kernels");
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, "kernel_categories");
  g_assert_cmpstr (g_ptr_array_index (names, 2), ==, "kernel_deltas");
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  /* 7 kernels in each of the 2 summaries. */
  g_assert_cmpuint (g_list_model_get_n_items (data_panel_rows (panel)), ==, 14);

  /* The bar of rank 1 (SendRecv) activated: its row is selected and the
   * chart marks its row behind the bars. */
  g_assert_true (aiperf_data_panel_select_point (panel, 0, 1));
  g_assert_nonnull (strstr (data_panel_selected_name (panel), "SendRecv"));
  chart = aiperf_chart_view_get_chart (aiperf_data_panel_get_chart_view (panel));
  g_assert_nonnull (chart);
  band = g_ptr_array_index (chart->layers, 0);
  g_assert_cmpint (band->kind, ==, AIPERF_LAYER_HBARS);
  g_assert_cmpint (band->series, ==, -1);
  /* Seven kernels, largest at the top: rank 1 is the second row from the top. */
  g_assert_cmpfloat (aiperf_layer_y (band, 0), ==, 5);
  g_assert_cmpfloat (aiperf_layer_x (band, 0), ==, 1.2);
  destroy_window (window);
}

/* A trace: its kernels charts and the kernels tab of its own kind (16
 * kernel names on GPU 0); no iterations tab, as it has no ProfilerStep
 * (the export skips that chart too). */
static void
test_trace_tabs (void)
{
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "trace", "simple_add_trace.json.gz", NULL);
  const char *paths[] = { trace, NULL };
  g_autoptr(GPtrArray) names = NULL;
  AdwTabView *view;
  AiperfWindow *window;
  AiperfDataPanel *panel;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  names = tab_presets (window);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "top_kernels");
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, "kernel_categories");
  g_assert_false (g_ptr_array_find_with_equal_func (names, "iterations", g_str_equal, NULL));
  view = aiperf_window_get_tab_view (window);
  panel = find_data_panel (window);
  g_assert_nonnull (panel);
  g_assert_cmpuint (g_list_model_get_n_items (data_panel_rows (panel)), ==, 16);
  g_assert_nonnull (aiperf_chart_view_get_chart (aiperf_data_panel_get_chart_view (panel)));

  /* The timeline tab: zoom keeps inside the trace, down to 10 ns. */
  {
    AiperfTimelineView *timeline = NULL;
    GtkWidget *page = NULL;
    GtkSelectionModel *rows = gtk_column_view_get_model (aiperf_data_panel_get_column_view (panel));
    gint64 t0, t1, full;

    for (int i = 0; i < adw_tab_view_get_n_pages (view) && timeline == NULL; i++)
      {
        page = adw_tab_page_get_child (adw_tab_view_get_nth_page (view, i));
        timeline = aiperf_timeline_page_get_view (page);
      }
    g_assert_nonnull (timeline);
    /* A row picked in the Kernels tab is searched for in the timeline. */
    gtk_selection_model_select_item (rows, 3, TRUE);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (g_object_get_data (G_OBJECT (page), "aiperf-timeline-search"))),
                     ==, data_panel_selected_name (panel));
    aiperf_timeline_view_get_range (timeline, &t0, &full);
    g_assert_cmpint (t0, ==, 0);
    g_assert_cmpint (full, >, 40000000000);   /* the trace spans about 41 s */
    aiperf_timeline_view_set_range (timeline, -5, 1000);
    aiperf_timeline_view_get_range (timeline, &t0, &t1);
    g_assert_cmpint (t0, ==, 0);
    g_assert_cmpint (t1, ==, 1005);
    aiperf_timeline_view_set_range (timeline, 500, 503);
    aiperf_timeline_view_get_range (timeline, &t0, &t1);
    g_assert_cmpint (t1 - t0, ==, 10);
    aiperf_timeline_view_reset (timeline);
    aiperf_timeline_view_get_range (timeline, &t0, &t1);
    g_assert_cmpint (t1, ==, full);

    /* The search counts its matches (16 aten::add_ ops), Enter steps to
     * the first (40.810647 s in, selected and in view), Shift+Enter from
     * there round to the last; a text nothing matches says so. */
    {
      GtkWidget *entry = g_object_get_data (G_OBJECT (page), "aiperf-timeline-search");
      GtkLabel *count = g_object_get_data (G_OBJECT (page), "aiperf-timeline-count");
      AiperfTrackSlice selected, linked;
      gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

      gtk_editable_set_text (GTK_EDITABLE (entry), "aten::add");
      while (!g_str_has_prefix (gtk_label_get_text (count), "16 ") && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, TRUE);
      g_assert_cmpstr (gtk_label_get_text (count), ==, "16 matches (Enter: next, Shift+Enter: previous)");
      aiperf_timeline_page_step (page, TRUE);
      g_assert_cmpstr (gtk_label_get_text (count), ==, "1 of 16");
      g_assert_true (aiperf_timeline_view_get_selection (timeline, &selected, &linked));
      g_assert_cmpint (selected.start, ==, G_GINT64_CONSTANT (40810647000));
      aiperf_timeline_view_get_range (timeline, &t0, &t1);
      g_assert_cmpint (t0, <=, selected.start);
      g_assert_cmpint (t1, >=, selected.end);
      aiperf_timeline_page_step (page, FALSE);
      g_assert_cmpstr (gtk_label_get_text (count), ==, "16 of 16");
      aiperf_timeline_page_step (page, TRUE);
      g_assert_cmpstr (gtk_label_get_text (count), ==, "1 of 16");
      gtk_editable_set_text (GTK_EDITABLE (entry), "no such op");
      deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
      while (!g_str_has_prefix (gtk_label_get_text (count), "No ") && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, TRUE);
      g_assert_cmpstr (gtk_label_get_text (count), ==, "No slice matches “no such op”");
    }
  }
  destroy_window (window);
}

/* Traces with no kernels (acelyzer's AIU traces): no empty "Kernels"
 * table; the window opens on the first trace's timeline. */
static void
test_traces_without_kernels (void)
{
  g_autofree char *allreduce = g_test_build_filename (G_TEST_DIST, "data", "trace", "allreduce_tp4.json", NULL);
  g_autofree char *basic = g_test_build_filename (G_TEST_DIST, "data", "trace", "basic_event_test_cases.json", NULL);
  const char *paths[] = { allreduce, basic, NULL };
  AdwTabView *view;
  AiperfWindow *window;
  GtkWidget *selected;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  g_assert_null (find_data_panel (window));
  view = aiperf_window_get_tab_view (window);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), >=, 2);
  selected = adw_tab_page_get_child (adw_tab_view_get_selected_page (view));
  g_assert_nonnull (aiperf_timeline_page_get_view (selected));
  g_assert_true (adw_tab_view_get_selected_page (view) == adw_tab_view_get_nth_page (view, 0));
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/kinds/serving-and-cutile", test_serving_and_cutile);
  g_test_add_func ("/aiperf/window/kinds/cutile-only", test_cutile_only);
  g_test_add_func ("/aiperf/window/param-pattern", test_param_pattern);
  g_test_add_func ("/aiperf/window/kinds/kernels-tab", test_kernels_tab);
  g_test_add_func ("/aiperf/window/kinds/trace-tabs", test_trace_tabs);
  g_test_add_func ("/aiperf/window/kinds/traces-without-kernels", test_traces_without_kernels);
  return g_test_run ();
}
