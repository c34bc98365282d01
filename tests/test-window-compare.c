/* test-window-compare.c — the window's A/B comparison and history, as a
 * user gets them: two folders of generated AIPerf runs (a true 8 % slow-
 * down, tests/gen-ab.h) opened, Compare with Baseline… activated and its
 * first guess accepted; the Compare tab's rows are those of the command
 * line's comparison.json for the same inputs, metric by metric, with the
 * same verdicts; the verdict filter, the unpaired configuration and a
 * metric's distributions. A 30-night series opened gets a History tab
 * with its change point at night 20.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"
#include "cli-test-util.h"
#include "gen-ab.h"
#include "aiperf-compare-dialog.h"
#include "aiperf-compare-table.h"
#include "aiperf-compare-view.h"
#include "aiperf-history-view.h"
#include "aiperf-run-group-header.h"

static void
write_run (const char *dir,
           gboolean    candidate,
           guint       concurrency,
           guint       seed,
           double      effect,
           const char *when,
           const char *version,
           guint       n_requests)
{
  GenAbParams p;
  GenAbRun run = { 0 };
  g_autoptr(GError) error = NULL;

  gen_ab_params_init (&p);
  p.effect = effect;
  p.seed = seed;
  p.concurrency = concurrency;
  p.fail_every = 50;
  p.n_requests = n_requests;
  gen_ab_run (&p, candidate, 0, &run);
  gen_ab_write_run (&run, dir, concurrency, when, version, &error);
  g_assert_no_error (error);
  gen_ab_run_clear (&run);
}

static void
remove_tree (const char *root)
{
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", root);

  g_assert_true (g_str_has_prefix (root, g_get_tmp_dir ()));
  g_assert_cmpint (system (command), ==, 0);
}

static AiperfCompareDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (AIPERF_IS_COMPARE_DIALOG (window))
        return AIPERF_COMPARE_DIALOG (window);
    }
  return NULL;
}

static JsonObject *
find_record (JsonArray                 *records,
             const AiperfCompareRecord *record)
{
  for (guint i = 0; i < json_array_get_length (records); i++)
    {
      JsonObject *r = json_array_get_object_element (records, i);

      if (g_str_equal (json_object_get_string_member (r, "configuration"), record->configuration) &&
          g_str_equal (json_object_get_string_member (r, "metric"), record->metric) &&
          g_str_equal (json_object_get_string_member (r, "stat"), record->stat))
        return r;
    }
  return NULL;
}

static void
test_compare_tab (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("aiperf-window-compare-XXXXXX", &error);
  g_autofree char *base = g_build_filename (root, "base", NULL);
  g_autofree char *cand = g_build_filename (root, "cand", NULL);
  g_autofree char *base_run = g_build_filename (base, "run-c4", NULL);
  g_autofree char *cand_run = g_build_filename (cand, "run-c4", NULL);
  g_autofree char *cand_c8 = g_build_filename (cand, "run-c8", NULL);
  g_autofree char *out = g_build_filename (root, "out", NULL);
  g_autofree char *json_path = g_build_filename (out, "comparison.json", NULL);
  const char *paths[] = { base, cand, NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *records;
  AiperfWindow *window;
  AiperfCompareDialog *dialog;
  AiperfCompareView *view;
  g_autoptr(AiperfRunSet) guess_base = NULL;
  g_autoptr(AiperfRunSet) guess_cand = NULL;
  const AiperfComparison *comparison;
  GListModel *rows;
  gint64 deadline;
  guint regressions = 0, ttft_seen = 0;
  Result res;

  g_assert_no_error (error);
  if (!display_available ())
    return;
  write_run (base_run, FALSE, 4, 7, 0.08, "2026-01-01T00:00:00", NULL, 1000);
  write_run (cand_run, TRUE, 4, 7, 0.08, "2026-01-02T00:00:00", NULL, 1000);
  write_run (cand_c8, TRUE, 8, 7, 0.08, "2026-01-02T00:00:00", NULL, 1000);

  /* The command line's verdicts for the same inputs. */
  cli_run (&res, root, "--baseline", base, cand, "-o", out, NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  json_parser_load_from_file (parser, json_path, &error);
  g_assert_no_error (error);
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "records");
  g_assert_cmpuint (json_array_get_length (records), >=, 12);

  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 3);

  /* Compare with Baseline…: its first guess is the first folder opened. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "compare-baseline"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "compare-baseline", g_variant_new_string (""));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  aiperf_compare_dialog_get_choice (dialog, &guess_base, &guess_cand, NULL);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (guess_base), ==, 1);
  g_assert_cmpstr (aiperf_run_get_directory (aiperf_run_set_get_run (guess_base, 0)), ==, base_run);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (guess_cand), ==, 2);
  aiperf_compare_dialog_accept (dialog);

  view = AIPERF_COMPARE_VIEW (adw_tab_page_get_child (adw_tab_view_get_selected_page (aiperf_window_get_tab_view (window))));
  g_assert_true (AIPERF_IS_COMPARE_VIEW (view));
  deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (aiperf_compare_view_get_comparison (view) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  comparison = aiperf_compare_view_get_comparison (view);
  g_assert_nonnull (comparison);
  g_assert_true (aiperf_window_get_comparison (window) == comparison);

  /* Every record of comparison.json is a row, with its verdict. */
  rows = aiperf_compare_view_get_rows (view);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, json_array_get_length (records));
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(AiperfCompareRow) row = g_list_model_get_item (rows, i);
      const AiperfCompareRecord *record = aiperf_compare_row_get_record (row);
      JsonObject *expected = find_record (records, record);

      g_assert_nonnull (expected);
      g_assert_cmpstr (json_object_get_string_member (expected, "label"), ==, record->label);
      g_assert_cmpstr (json_object_get_string_member (expected, "verdict"), ==, aiperf_verdict_to_string (record->verdict));
      regressions += record->verdict == AIPERF_VERDICT_REGRESSION;
      if (g_str_equal (record->metric, "time_to_first_token"))
        {
          /* An 8 % slow-down of every latency is found. */
          ttft_seen++;
          g_assert_cmpint (record->verdict, ==, AIPERF_VERDICT_REGRESSION);
          g_assert_cmpstr (record->label, ==, "Time to First Token");
        }
    }
  g_assert_cmpuint (ttft_seen, ==, 4);
  g_assert_cmpuint (regressions, ==,
                    json_object_get_int_member (json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                                                               "counts"), "regression"));
  /* Concurrency 8 has no baseline: said, not dropped. */
  g_assert_cmpuint (comparison->unpaired->len, ==, 1);
  g_assert_nonnull (strstr (((AiperfCompareUnpaired *) g_ptr_array_index (comparison->unpaired, 0))->configuration,
                            "concurrency 8"));

  /* Only the improvements: none here. Then only the regressions. */
  aiperf_compare_view_set_verdict_filter (view, AIPERF_VERDICT_IMPROVEMENT);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, aiperf_comparison_count (comparison, AIPERF_VERDICT_IMPROVEMENT, 0));
  aiperf_compare_view_set_verdict_filter (view, AIPERF_VERDICT_REGRESSION);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, regressions);
  aiperf_compare_view_set_verdict_filter (view, -1);

  /* The forest plot draws every row; a latency's distributions both sides. */
  {
    const AiperfChart *forest = aiperf_chart_view_get_chart (aiperf_compare_view_get_forest (view));
    const AiperfChart *dist;

    g_assert_nonnull (forest);
    g_assert_cmpuint (forest->panels->len, ==, 1);
    g_assert_cmpuint (((AiperfChart *) g_ptr_array_index (forest->panels, 0))->y.tick_labels->len, ==,
                      json_array_get_length (records));
    aiperf_compare_view_select_row (view, 0);
    dist = aiperf_chart_view_get_chart (aiperf_compare_view_get_distribution (view));
    g_assert_nonnull (dist);
    g_assert_cmpuint (dist->series->len, ==, 2);
    /* 1000 requests, every 50th failed and left out. */
    g_assert_nonnull (strstr (((AiperfSeries *) g_ptr_array_index (dist->series, 0))->name, "980 requests"));

    /* As a histogram: both sides in the same bins, each summing to all
     * of its requests; the interval still shaded. */
    aiperf_compare_view_set_distribution_style (view, AIPERF_DISTRIBUTION_HISTOGRAM);
    g_assert_cmpint (aiperf_compare_view_get_distribution_style (view), ==, AIPERF_DISTRIBUTION_HISTOGRAM);
    dist = aiperf_chart_view_get_chart (aiperf_compare_view_get_distribution (view));
    g_assert_nonnull (dist);
    {
      const AiperfLayer *bars[2] = { NULL, NULL };
      guint n_bars = 0, n_bands = 0;

      for (guint l = 0; l < dist->layers->len; l++)
        {
          const AiperfLayer *layer = g_ptr_array_index (dist->layers, l);

          if (layer->kind == AIPERF_LAYER_BARS && n_bars < 2)
            bars[n_bars++] = layer;
          n_bands += layer->kind == AIPERF_LAYER_BAND;
        }
      g_assert_cmpuint (n_bars, ==, 2);
      g_assert_cmpuint (n_bands, ==, 1);
      g_assert_cmpuint (bars[0]->x->len, ==, bars[1]->x->len);
      g_assert_cmpuint (bars[0]->x->len, >=, 8);
      for (guint s = 0; s < 2; s++)
        {
          double sum = 0;

          for (guint b = 0; b < bars[s]->y->len; b++)
            {
              sum += g_array_index (bars[s]->y, double, b);
              g_assert_cmpfloat (g_array_index (bars[0]->x, double, b), ==, g_array_index (bars[1]->x, double, b));
            }
          g_assert_cmpfloat_with_epsilon (sum, 100, 1e-6);
        }
    }
    aiperf_compare_view_set_distribution_style (view, AIPERF_DISTRIBUTION_ECDF);
  }

  /* A forest mark double-clicked selects its row, even when filtered out. */
  aiperf_compare_view_set_verdict_filter (view, AIPERF_VERDICT_IMPROVEMENT);
  g_signal_emit_by_name (aiperf_compare_view_get_forest (view), "point-activated", 0, 5);
  {
    GtkSingleSelection *selection = GTK_SINGLE_SELECTION (aiperf_compare_view_get_rows (view));
    AiperfCompareRow *row = gtk_single_selection_get_selected_item (selection);

    g_assert_nonnull (row);
    g_assert_cmpuint (aiperf_compare_row_get_index (row), ==, 5);
    g_assert_cmpuint (g_list_model_get_n_items (rows), ==, json_array_get_length (records));
  }

  /* From a run's menu: that run's folder is the baseline. */
  {
    AiperfRunSet *runs = aiperf_window_get_run_set (window);
    g_autoptr(AiperfRunSet) b = NULL;
    g_autoptr(AiperfRunSet) c = NULL;
    const char *locator = NULL;

    for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
      if (g_str_equal (aiperf_run_get_directory (aiperf_run_set_get_run (runs, i)), cand_c8))
        locator = aiperf_run_get_locator (aiperf_run_set_get_run (runs, i));
    g_assert_nonnull (locator);
    g_action_group_activate_action (G_ACTION_GROUP (window), "compare-baseline", g_variant_new_string (locator));
    dialog = find_dialog ();
    g_assert_nonnull (dialog);
    aiperf_compare_dialog_get_choice (dialog, &b, &c, NULL);
    g_assert_cmpuint (aiperf_run_set_get_n_runs (b), ==, 2);
    g_assert_cmpuint (aiperf_run_set_get_n_runs (c), ==, 1);
    g_assert_cmpstr (aiperf_run_get_directory (aiperf_run_set_get_run (c, 0)), ==, base_run);
    gtk_window_close (GTK_WINDOW (dialog));
  }

  /* The sidebar heads the two folders; each head's menu compares with its
   * group as the baseline or as the candidate. */
  {
    AiperfRunSet *runs = aiperf_window_get_run_set (window);
    AiperfSidebar *sidebar = aiperf_window_get_sidebar (window);
    AiperfRunGroupHeader *cand_header = NULL;
    guint n_headers = 0;

    for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
      {
        GtkWidget *row = aiperf_sidebar_get_row (sidebar, aiperf_run_set_get_run (runs, i));
        GtkWidget *header = gtk_list_box_row_get_header (GTK_LIST_BOX_ROW (row));

        if (header == NULL)
          continue;
        g_assert_true (AIPERF_IS_RUN_GROUP_HEADER (header));
        n_headers++;
        if (g_str_equal (aiperf_run_group_header_get_group (AIPERF_RUN_GROUP_HEADER (header)), cand))
          cand_header = AIPERF_RUN_GROUP_HEADER (header);
        else
          g_assert_cmpstr (aiperf_run_group_header_get_group (AIPERF_RUN_GROUP_HEADER (header)), ==, base);
      }
    g_assert_cmpuint (n_headers, ==, 2);
    g_assert_nonnull (cand_header);
    for (int item = 0; item < 2; item++)
      {
        GMenuModel *menu = aiperf_run_group_header_get_menu (cand_header);
        g_autofree char *action = NULL;
        g_autoptr(GVariant) target = NULL;
        g_autoptr(AiperfRunSet) b = NULL;
        g_autoptr(AiperfRunSet) c = NULL;
        AiperfRunSet *group_side, *other_side;

        g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 2);
        g_assert_true (g_menu_model_get_item_attribute (menu, item, G_MENU_ATTRIBUTE_ACTION, "s", &action));
        g_assert_cmpstr (action, ==, "win.compare-group");
        target = g_menu_model_get_item_attribute_value (menu, item, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE ("(sb)"));
        g_assert_nonnull (target);
        g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "compare-group"));
        g_action_group_activate_action (G_ACTION_GROUP (window), "compare-group", target);
        dialog = find_dialog ();
        g_assert_nonnull (dialog);
        aiperf_compare_dialog_get_choice (dialog, &b, &c, NULL);
        /* Item 0: cand is the baseline; item 1: cand is the candidate. */
        group_side = item == 0 ? b : c;
        other_side = item == 0 ? c : b;
        g_assert_cmpuint (aiperf_run_set_get_n_runs (group_side), ==, 2);
        for (guint i = 0; i < 2; i++)
          g_assert_true (g_str_has_prefix (aiperf_run_get_directory (aiperf_run_set_get_run (group_side, i)), cand));
        g_assert_cmpuint (aiperf_run_set_get_n_runs (other_side), ==, 1);
        g_assert_cmpstr (aiperf_run_get_directory (aiperf_run_set_get_run (other_side, 0)), ==, base_run);
        gtk_window_close (GTK_WINDOW (dialog));
        while (find_dialog () != NULL)
          g_main_context_iteration (NULL, TRUE);
      }
  }

  destroy_window (window);
  remove_tree (root);
}

static void
test_history_tab (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("aiperf-window-history-XXXXXX", &error);
  const char *paths[] = { root, NULL };
  AiperfWindow *window;
  AdwTabView *tabs;
  AiperfHistoryView *history = NULL;
  const char *changes;
  gint64 deadline;

  g_assert_no_error (error);
  if (!display_available ())
    return;
  for (guint night = 1; night <= 30; night++)
    {
      g_autofree char *name = g_strdup_printf ("night-%02u", night);
      g_autofree char *dir = g_build_filename (root, name, NULL);
      g_autofree char *when = g_strdup_printf ("2026-01-%02uT02:00:00", night);

      /* A 10 % slow-down from night 20 on, with a new server version. */
      write_run (dir, night >= 20, 4, 500 + night, night >= 20 ? 0.10 : 0, when,
                 night >= 20 ? "0.5.0" : "0.4.0", 300);
    }
  window = new_window ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  tabs = aiperf_window_get_tab_view (window);
  /* The series are found in a worker thread: the tab comes when they are. */
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (history == NULL && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, TRUE);
      for (int i = 0; i < adw_tab_view_get_n_pages (tabs); i++)
        {
          GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (tabs, i));

          if (AIPERF_IS_HISTORY_VIEW (child))
            history = AIPERF_HISTORY_VIEW (child);
        }
    }
  g_assert_nonnull (history);
  g_assert_true (aiperf_history_view_select_metric (history, "time_to_first_token", "avg"));
  /* One change point, at night 20, with what changed. */
  changes = aiperf_history_view_get_changes_text (history);
  g_assert_nonnull (strstr (changes, "from night-20"));
  g_assert_nonnull (strstr (changes, "0.4.0 → 0.5.0"));
  g_assert_null (strchr (changes, '\n'));
  {
    const AiperfChart *chart = aiperf_chart_view_get_chart (aiperf_history_view_get_chart_view (history));
    guint rules = 0;

    g_assert_nonnull (chart);
    for (guint l = 0; l < chart->layers->len; l++)
      {
        const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

        if (layer->kind == AIPERF_LAYER_VLINE)
          {
            rules += aiperf_layer_get_n (layer);
            /* Night 20 is day 19 of the series. */
            g_assert_cmpfloat (fabs (aiperf_layer_x (layer, 0) - 19), <, 0.01);
          }
      }
    g_assert_cmpuint (rules, ==, 1);
  }
  destroy_window (window);
  remove_tree (root);
}

int
main (int    argc,
      char **argv)
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/compare/tab", test_compare_tab);
  g_test_add_func ("/aiperf/window/compare/history", test_history_tab);
  return g_test_run ();
}
