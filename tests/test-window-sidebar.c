/* test-window-sidebar.c — the Plot sidebar offers what the current chart
 * can change, from its handler's description, and nothing else: a gate
 * log's charts their warm-up limit, a kernel summary's how many kernels
 * and by kernel or by category, a serving comparison its metrics,
 * statistics and filters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "aiperf-plot-handlers.h"

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
select_page (AiperfWindow   *window,
             AiperfPlotPage *page)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  adw_tab_view_set_selected_page (view, adw_tab_view_get_page (view, GTK_WIDGET (page)));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
shown (gpointer widget)
{
  return gtk_widget_get_visible (GTK_WIDGET (widget));
}

/* The serving controls, none of which a kernel or gate-log chart has. */
static void
assert_no_serving_controls (AiperfSidebar *sidebar)
{
  g_assert_false (shown (sidebar->x_row));
  g_assert_false (shown (sidebar->y_row));
  g_assert_false (shown (sidebar->x_stat_row));
  g_assert_false (shown (sidebar->y_stat_row));
  g_assert_false (shown (sidebar->group_row));
  g_assert_false (shown (sidebar->label_row));
  g_assert_false (shown (sidebar->autoscale_row));
  g_assert_false (shown (sidebar->filter_group));
}

/* The type name of the type row's @i-th choice. */
static const char *
type_at (AiperfSidebar *sidebar,
         guint          i)
{
  return ((const AiperfPlotHandler *) g_ptr_array_index (sidebar->type_handlers, i))->type;
}

static void
assert_types (AiperfSidebar *sidebar,
              const char    *first,
              const char    *second,
              const char    *third)
{
  g_assert_true (shown (sidebar->type_row));
  g_assert_cmpuint (sidebar->type_handlers->len, ==, 3);
  g_assert_cmpstr (type_at (sidebar, 0), ==, first);
  g_assert_cmpstr (type_at (sidebar, 1), ==, second);
  g_assert_cmpstr (type_at (sidebar, 2), ==, third);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (sidebar->type_row)), ==, 3);
}

static GtkSpinButton *
option_spin (AiperfSidebar *sidebar,
             const char    *key)
{
  g_assert_cmpuint (sidebar->option_rows->len, ==, 1);
  g_assert_true (shown (sidebar->options_group));
  g_assert_cmpstr (g_object_get_data (g_ptr_array_index (sidebar->option_rows, 0), "key"), ==, key);
  return GTK_SPIN_BUTTON (g_object_get_data (g_ptr_array_index (sidebar->option_rows, 0), "control"));
}

/* The bar of the first series at @x on @page's chart. */
static double
bar_at (AiperfPlotPage *page,
        double          x)
{
  const AiperfChart *chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));

  g_assert_nonnull (chart);
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind != AIPERF_LAYER_BARS || layer->series != 0)
        continue;
      for (guint i = 0; i < aiperf_layer_get_n (layer); i++)
        if (aiperf_layer_x (layer, i) == x)
          return aiperf_layer_y (layer, i);
    }
  return NAN;
}

static void
test_controls_by_kind (void)
{
  g_autofree char *ccl = g_test_build_filename (G_TEST_DIST, "data", "gate-logs", "ccl", NULL);
  g_autofree char *off = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBOFF.csv", NULL);
  g_autofree char *on = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBON.csv", NULL);
  g_autofree char *sweep = sweep_path ();
  const char *paths[] = { ccl, off, on, sweep, NULL };
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  AiperfPlotPage *page;
  GtkSpinButton *spin;
  const AiperfChart *chart;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  sidebar = aiperf_window_get_sidebar (window);

  /* A gate log's tokens per expert: its charts and its warm-up limit. */
  page = find_page (window, "expert_load");
  g_assert_nonnull (page);
  select_page (window, page);
  g_assert_true (shown (sidebar->plot_group));
  assert_no_serving_controls (sidebar);
  g_assert_false (shown (sidebar->log_x_row));
  g_assert_false (shown (sidebar->log_y_row));
  assert_types (sidebar, "expert_load", "expert_load_heatmap", "expert_step_cv");
  spin = option_spin (sidebar, "max_step_tokens");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 0);
  /* baseline's expert 3: 100 of 4300 tokens, then 100 of 300 without
   * the 2000-token warm-up step */
  g_assert_cmpfloat_with_epsilon (bar_at (page, 3), 100.0 * 100 / 4300, 1e-9);
  gtk_spin_button_set_value (spin, 1000);
  g_assert_cmpstr (aiperf_plot_spec_get_extra (aiperf_plot_page_get_spec (page), "max_step_tokens"), ==, "1000");
  g_assert_cmpfloat_with_epsilon (bar_at (page, 3), 100.0 * 100 / 300, 1e-9);
  gtk_spin_button_set_value (spin, 0);
  g_assert_null (aiperf_plot_spec_get_extra (aiperf_plot_page_get_spec (page), "max_step_tokens"));
  g_assert_cmpfloat_with_epsilon (bar_at (page, 3), 100.0 * 100 / 4300, 1e-9);

  /* A kernel summary's top kernels: by kernel or by category, how many. */
  page = find_page (window, "top_kernels");
  g_assert_nonnull (page);
  select_page (window, page);
  assert_no_serving_controls (sidebar);
  g_assert_false (shown (sidebar->log_x_row));
  assert_types (sidebar, "top_kernels", "kernel_categories", "kernel_deltas");
  g_assert_cmpstr (type_at (sidebar, adw_combo_row_get_selected (sidebar->type_row)), ==, "top_kernels");
  spin = option_spin (sidebar, "top");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 15);
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));
  /* seven kernels in the two summaries */
  g_assert_cmpuint (chart->y.tick_labels->len, ==, 7);
  gtk_spin_button_set_value (spin, 3);
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));
  g_assert_cmpuint (chart->y.tick_labels->len, ==, 3);
  g_assert_cmpstr (aiperf_plot_spec_get_extra (aiperf_plot_page_get_spec (page), "top"), ==, "3");

  /* By category: the same tab becomes the other kernel chart, which has
   * no count. */
  adw_combo_row_set_selected (sidebar->type_row, 1);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpstr (aiperf_plot_page_get_spec (page)->handler->type, ==, "kernel_categories");
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));
  g_assert_nonnull (chart);
  g_assert_nonnull (chart->x.tick_labels);
  assert_no_serving_controls (sidebar);
  g_assert_cmpuint (sidebar->option_rows->len, ==, 0);
  g_assert_false (shown (sidebar->options_group));

  /* A serving comparison: its metrics, statistics, grouping, filters. */
  page = find_page (window, "pareto_curve_throughput_per_gpu_vs_latency");
  g_assert_nonnull (page);
  select_page (window, page);
  g_assert_true (shown (sidebar->x_row));
  g_assert_true (shown (sidebar->y_row));
  g_assert_true (shown (sidebar->x_stat_row));
  g_assert_true (shown (sidebar->y_stat_row));
  g_assert_true (shown (sidebar->group_row));
  g_assert_true (shown (sidebar->label_row));
  g_assert_true (shown (sidebar->log_x_row));
  g_assert_true (shown (sidebar->autoscale_row));
  g_assert_true (shown (sidebar->filter_group));
  g_assert_cmpuint (sidebar->option_rows->len, ==, 0);
  g_assert_false (shown (sidebar->options_group));
  /* each parameter offered once, by what it reads as */
  for (int pass = 0; pass < 2; pass++)
    {
      GPtrArray *keys = pass == 0 ? sidebar->group_keys : sidebar->label_keys;
      g_autoptr(GHashTable) labels = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint i = 0; i < keys->len; i++)
        {
          const char *label = aiperf_sidebar_parameter_label (g_ptr_array_index (keys, i));

          g_assert_false (g_hash_table_contains (labels, label));
          g_hash_table_add (labels, (gpointer) label);
        }
    }
  /* and only the serving comparisons to switch to */
  for (guint i = 0; i < sidebar->type_handlers->len; i++)
    {
      const AiperfPlotHandler *type = g_ptr_array_index (sidebar->type_handlers, i);

      g_assert_cmpint (type->scope, ==, AIPERF_PLOT_SCOPE_MULTI_RUN);
      g_assert_cmpstr (type->kind, ==, "serving");
    }
  destroy_window (window);
}

/* Add Plot offers the presets that are about the open runs: no sweep over
 * a parameter no AIPerf run has. */
static void
test_add_menu_applies (void)
{
  AiperfWindow *window;
  GMenuModel *menu, *presets;
  AiperfPlotConfig *config;
  guint n_sweeps_left_out = 0;

  if (!display_available ())
    return;
  window = open_sweep ();
  config = aiperf_session_get_presets (window->session);
  menu = gtk_menu_button_get_menu_model (window->add_plot_button);
  g_assert_nonnull (menu);
  presets = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);
  g_assert_nonnull (presets);
  g_assert_cmpint (g_menu_model_get_n_items (presets), >, 0);
  for (int i = 0; i < g_menu_model_get_n_items (presets); i++)
    {
      g_autofree char *name = NULL;
      const AiperfPlotSpec *spec;

      g_assert_true (g_menu_model_get_item_attribute (presets, i, G_MENU_ATTRIBUTE_TARGET, "s", &name));
      spec = aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, name);
      g_assert_nonnull (spec);
      g_assert_true (aiperf_plot_spec_applies (spec, aiperf_window_get_run_set (window)));
    }
  for (guint i = 0; i < config->multi_run_plots->len; i++)
    if (!aiperf_plot_spec_applies (g_ptr_array_index (config->multi_run_plots, i), aiperf_window_get_run_set (window)))
      n_sweeps_left_out++;
  /* the shipped presets have such sweeps (vLLM's max_num_seqs, …) */
  g_assert_cmpuint (n_sweeps_left_out, >, 0);
  g_object_unref (presets);
  destroy_window (window);
}

/* Every handler says what it offers, and the options it names are whole. */
static void
test_every_handler_described (void)
{
  for (guint t = 0; t < aiperf_plot_handlers_count (); t++)
    {
      const AiperfPlotHandler *handler = aiperf_plot_handler_nth (t);

      g_assert_nonnull (handler->controls);
      for (guint i = 0; i < AIPERF_PLOT_MAX_OPTIONS; i++)
        {
          const AiperfPlotOption *option = &handler->controls->options[i];

          if (option->type == AIPERF_PLOT_OPTION_NONE)
            break;
          g_assert_nonnull (option->key);
          g_assert_nonnull (option->label);
          if (option->type == AIPERF_PLOT_OPTION_COUNT)
            {
              g_assert_cmpuint (option->min, <=, option->max);
              g_assert_true (option->fallback == 0 || (option->fallback >= option->min && option->fallback <= option->max));
            }
        }
    }
}

/* Autoscale lets the y axis leave zero; a run's time axis still starts
 * at its first request (the switch once took x along). */
static void
test_autoscale_y_only (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *run_dir = g_build_filename (sweep, "qwen_concurrency1", NULL);
  const char *paths[] = { run_dir, NULL };
  AiperfWindow *window;
  AiperfSidebar *sidebar;
  AiperfPlotPage *page;
  const AiperfChart *chart;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  wait_details (aiperf_run_set_get_run (aiperf_window_get_run_set (window), 0));
  sidebar = aiperf_window_get_sidebar (window);
  page = find_page (window, "ttft_timeline");
  g_assert_nonnull (page);
  select_page (window, page);
  g_assert_true (shown (sidebar->autoscale_row));
  g_assert_false (gtk_switch_get_active (sidebar->autoscale_switch));
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));
  g_assert_true (chart->x.include_zero);
  g_assert_true (chart->y.include_zero);

  gtk_switch_set_active (sidebar->autoscale_switch, TRUE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (aiperf_plot_page_get_spec (page)->autoscale, ==, AIPERF_AUTOSCALE_Y);
  chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));
  g_assert_true (chart->x.include_zero);
  g_assert_false (chart->y.include_zero);
  /* the TTFTs (29.6 … 32.8 ms) fill the height instead of sitting on top */
  g_assert_cmpfloat (aiperf_chart_view_get_viewport (aiperf_plot_page_get_chart_view (page))->y_min, >, 25);
  g_assert_cmpfloat (aiperf_chart_view_get_viewport (aiperf_plot_page_get_chart_view (page))->x_min, <=, 0);

  gtk_switch_set_active (sidebar->autoscale_switch, FALSE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (aiperf_plot_page_get_spec (page)->autoscale, ==, AIPERF_AUTOSCALE_NONE);
  destroy_window (window);
}

/* Runs of two aiperf config schemas spell the time-slice setting two ways
 * (artifacts.slice_duration, output.slice_duration): Group By and Label By
 * offer it once, and the runs (which the reports list) carry it once. */
static void
test_group_by_once (void)
{
  g_autofree char *schema13 = g_test_build_filename (G_TEST_DIST, "data", "layouts", "schema13", NULL);
  g_autofree char *timeslice = g_test_build_filename (G_TEST_DIST, "data", "plots", "timeslice-run", NULL);
  const char *paths[] = { schema13, timeslice, NULL };
  g_autoptr(GPtrArray) swept = NULL;
  AiperfWindow *window;
  AiperfSidebar *sidebar;

  if (!display_available ())
    return;
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 2);
  swept = aiperf_run_set_get_swept_parameters (aiperf_window_get_run_set (window));
  g_assert_true (g_ptr_array_find_with_equal_func (swept, "artifacts.slice_duration", g_str_equal, NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (swept, "output.slice_duration", g_str_equal, NULL));
  sidebar = aiperf_window_get_sidebar (window);
  select_page (window, page_at (window, first_drawn_tab (window)));
  g_assert_true (shown (sidebar->group_row));
  for (int pass = 0; pass < 2; pass++)
    {
      AiperfPickerRow *row = pass == 0 ? sidebar->group_row : sidebar->label_row;
      guint n_slices = 0;

      for (guint i = 0; i < aiperf_picker_row_get_n_items (row); i++)
        if (g_strcmp0 (aiperf_picker_row_get_label (row, i), "Time Slice Duration") == 0)
          n_slices++;
      g_assert_cmpuint (n_slices, ==, 1);
    }
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/sidebar/handlers-described", test_every_handler_described);
  g_test_add_func ("/aiperf/window/sidebar/controls-by-kind", test_controls_by_kind);
  g_test_add_func ("/aiperf/window/sidebar/add-menu-applies", test_add_menu_applies);
  g_test_add_func ("/aiperf/window/sidebar/autoscale-y-only", test_autoscale_y_only);
  g_test_add_func ("/aiperf/window/sidebar/group-by-once", test_group_by_once);
  return g_test_run ();
}
