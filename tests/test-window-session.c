/* test-window-session.c — the window shows what its session says: runs
 * opened through the session itself (not through the window) appear in the
 * sidebar, the title and the tabs; load errors toast; a cleared session
 * empties the window; the actions follow the session's properties.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "window-test-util.h"

static guint
sidebar_rows (AiperfWindow *window)
{
  AiperfRunSet *runs = aiperf_window_get_run_set (window);
  guint n = 0;

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    n += aiperf_sidebar_get_row (aiperf_window_get_sidebar (window), aiperf_run_set_get_run (runs, i)) != NULL;
  return n;
}

static void
test_follows_session (void)
{
  g_autofree char *sweep = sweep_path ();
  const char *paths[] = { sweep, NULL };
  AiperfWindow *window;
  GActionGroup *actions;

  if (!display_available ())
    return;
  window = new_window ();
  actions = G_ACTION_GROUP (window);
  g_assert_false (g_action_group_get_action_enabled (actions, "cancel-load"));
  g_assert_false (g_action_group_get_action_enabled (actions, "show-errors"));

  /* Opened by the session, not by the window: the window shows it all the same. */
  aiperf_session_open_async (window->session, paths, NULL, NULL, NULL);
  g_assert_true (g_action_group_get_action_enabled (actions, "cancel-load"));
  wait_loaded (window);
  g_assert_false (g_action_group_get_action_enabled (actions, "cancel-load"));
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)), ==, 3);
  g_assert_cmpuint (sidebar_rows (window), ==, 3);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "qwen-sweep — AIPerf Plot");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "3 runs");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "content");
  g_assert_cmpint (adw_tab_view_get_n_pages (aiperf_window_get_tab_view (window)), >, 0);
  g_assert_false (gtk_revealer_get_reveal_child (window->progress_revealer));

  /* An error the session keeps is toasted by its first line, and listed. */
  aiperf_session_add_error (window->session, "Could not read “x”\nline 3: why");
  g_assert_cmpstr (aiperf_window_get_last_toast (window), ==, "Could not read “x”");
  g_assert_true (g_action_group_get_action_enabled (actions, "show-errors"));

  /* The session cleared: no run, no tab, the empty page. */
  aiperf_session_clear (window->session);
  g_assert_cmpuint (sidebar_rows (window), ==, 0);
  g_assert_cmpint (adw_tab_view_get_n_pages (aiperf_window_get_tab_view (window)), ==, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "empty");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "AIPerf Plot");
  g_assert_false (g_action_group_get_action_enabled (actions, "show-errors"));

  destroy_window (window);
}

/* The watch action and the session's "watching" are one state. */
static void
test_watch_state (void)
{
  AiperfWindow *window;
  g_autoptr(GVariant) state = NULL;
  gboolean watching;

  if (!display_available ())
    return;
  window = new_window ();
  g_action_group_change_action_state (G_ACTION_GROUP (window), "watch", g_variant_new_boolean (FALSE));
  g_object_get (window->session, "watching", &watching, NULL);
  g_assert_false (watching);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "watch", g_variant_new_boolean (TRUE));
  g_object_get (window->session, "watching", &watching, NULL);
  g_assert_true (watching);
  g_assert_true (aiperf_watch_get_active (aiperf_session_get_watch (window->session)));

  /* Turned off on the session: the action says so. */
  g_object_set (window->session, "watching", FALSE, NULL);
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "watch");
  g_assert_false (g_variant_get_boolean (state));
  destroy_window (window);
}

/* Closing the window while the session still opens cancels the open. */
static void
test_close_while_opening (void)
{
  g_autofree char *sweep = sweep_path ();
  const char *paths[] = { sweep, NULL };
  g_autoptr(AiperfSession) session = NULL;
  AiperfWindow *window;
  gint64 deadline;

  if (!display_available ())
    return;
  window = new_window ();
  session = g_object_ref (window->session);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  gtk_window_close (GTK_WINDOW (window));
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (aiperf_session_get_loading (session) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (aiperf_session_get_loading (session));
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)), ==, 0);
}

/* A run whose folder is deleted while open: its row is marked, the error
 * stays listed under "Show Loading Errors", and removing it (its row's
 * button, win.remove-run) takes it out of the runs, the sidebar and the
 * charts. */
static void
test_missing_run (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-missing-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "qwen-sweep", NULL);
  g_autofree char *gone_dir = g_build_filename (copy, "qwen_concurrency1", NULL);
  const char *paths[] = { copy, NULL };
  AiperfWindow *window;
  GActionGroup *actions;
  AiperfRunSet *runs;
  AiperfRun *gone = NULL;
  AiperfRunRow *row;
  AiperfPlotPage *page;
  GtkWidget *dialog = NULL;
  const char *body;
  gint64 deadline;
  int tab;

  if (!display_available ())
    return;
  aiperf_test_copy_tree (sweep, copy);
  window = new_window ();
  actions = G_ACTION_GROUP (window);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  runs = aiperf_window_get_run_set (window);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  for (guint i = 0; i < 3; i++)
    if (g_str_equal (aiperf_run_get_name (aiperf_run_set_get_run (runs, i)), "qwen_concurrency1"))
      gone = g_object_ref (aiperf_run_set_get_run (runs, i));
  g_assert_nonnull (gone);
  tab = first_drawn_tab (window);
  g_assert_cmpint (tab, >=, 0);
  g_assert_cmpuint (count_run_ids (aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page_at (window, tab)))),
                    ==, 3);
  g_assert_false (g_action_group_get_action_enabled (actions, "show-errors"));

  /* Deleted behind the window's back: the row says so, with no look asked. */
  g_assert_true (aiperf_test_remove_tree (gone_dir));
  row = AIPERF_RUN_ROW (aiperf_sidebar_get_row (aiperf_window_get_sidebar (window), gone));
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!aiperf_run_row_get_missing (row) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (aiperf_run_row_get_missing (row));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "dim-label"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (row)), "Missing: "));
  g_assert_nonnull (strstr (aiperf_window_get_last_toast (window), "“qwen_concurrency1” is missing"));
  /* The other rows are not. */
  for (guint i = 0; i < 3; i++)
    if (aiperf_run_set_get_run (runs, i) != gone)
      g_assert_false (aiperf_run_row_get_missing (AIPERF_RUN_ROW (aiperf_sidebar_get_row (
        aiperf_window_get_sidebar (window), aiperf_run_set_get_run (runs, i)))));

  /* Listed where every loading error is, after the toast has gone. */
  g_assert_true (g_action_group_get_action_enabled (actions, "show-errors"));
  g_action_group_activate_action (actions, "show-errors", NULL);
  {
    g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

    for (GList *l = toplevels; l != NULL; l = l->next)
      if (ADW_IS_MESSAGE_DIALOG (l->data))
        dialog = l->data;
  }
  g_assert_nonnull (dialog);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "“qwen_concurrency1” is missing: "));
  g_assert_nonnull (strstr (body, gone_dir));
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Its row's button removes it: from the runs, the sidebar, the charts. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (row), "win.remove-run", "s", aiperf_run_get_locator (gone)));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 2);
  g_assert_null (aiperf_run_set_find (runs, aiperf_run_get_locator (gone)));
  g_assert_null (aiperf_sidebar_get_row (aiperf_window_get_sidebar (window), gone));
  g_assert_cmpuint (sidebar_rows (window), ==, 2);
  tab = first_drawn_tab (window);
  g_assert_cmpint (tab, >=, 0);
  page = page_at (window, tab);
  g_assert_cmpuint (count_run_ids (aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page))), ==, 2);
  for (int id = 0; id < 2; id++)
    g_assert_true (aiperf_plot_page_get_run_for_id (page, id) != gone);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "2 runs");
  /* The error stays listed. */
  g_assert_true (g_action_group_get_action_enabled (actions, "show-errors"));

  g_object_unref (gone);
  destroy_window (window);
  aiperf_test_remove_tree (dir);
}

/* The preset file beside what is open is edited: the session reads it
 * again and the window makes its charts anew, nobody asking. */
static void
test_presets_reloaded (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-presets-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "qwen-sweep", NULL);
  g_autofree char *presets = g_build_filename (copy, ".aiperf-plot-config.yaml", NULL);
  const char *paths[] = { copy, NULL };
  const char *one =
    "visualization:\n  multi_run_defaults: [first_one]\n  multi_run_plots:\n"
    "    first_one: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg, title: First One}\n";
  const char *two =
    "visualization:\n  multi_run_defaults: [first_one, second_one]\n  multi_run_plots:\n"
    "    first_one: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg, title: First One}\n"
    "    second_one: {type: scatter_line, x: time_to_first_token_avg, y: output_token_throughput_avg, title: Second One}\n";
  AiperfWindow *window;
  AdwTabView *view;
  int before;
  gint64 deadline;

  if (!display_available ())
    return;
  aiperf_test_copy_tree (sweep, copy);
  g_assert_true (g_file_set_contents (presets, one, -1, NULL));
  window = new_window ();
  view = aiperf_window_get_tab_view (window);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  before = adw_tab_view_get_n_pages (view);
  g_assert_cmpstr (adw_tab_page_get_title (adw_tab_view_get_nth_page (view, 0)), ==, "First One");

  g_assert_true (g_file_set_contents (presets, two, -1, NULL));
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (adw_tab_view_get_n_pages (view) == before && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), ==, before + 1);
  g_assert_cmpstr (adw_tab_page_get_title (adw_tab_view_get_nth_page (view, 1)), ==, "Second One");
  g_assert_cmpuint (aiperf_session_get_errors (window->session)->len, ==, 0);

  destroy_window (window);
  aiperf_test_remove_tree (dir);
}

/* The preset file is edited while the user has added tabs of their own
 * (a chart from the Add Plot menu, a run's drill-down): the presets' tabs
 * are made anew, the user's stay, the same widgets in the same order after
 * them, and the tab the user was on stays selected. */
static void
test_presets_reload_keeps_user_tabs (void)
{
  g_autofree char *sweep = sweep_path ();
  g_autofree char *dir = g_dir_make_tmp ("aiperf-window-keep-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "qwen-sweep", NULL);
  g_autofree char *presets = g_build_filename (copy, ".aiperf-plot-config.yaml", NULL);
  const char *paths[] = { copy, NULL };
  const char *plots =
    "  multi_run_plots:\n"
    "    first_one: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg, title: First One}\n"
    "    second_one: {type: scatter_line, x: time_to_first_token_avg, y: output_token_throughput_avg, title: Second One}\n"
    "    extra_one: {type: scatter_line, x: inter_token_latency_avg, y: output_token_throughput_avg, title: Extra One}\n";
  g_autofree char *one = g_strconcat ("visualization:\n  multi_run_defaults: [first_one]\n", plots, NULL);
  g_autofree char *two = g_strconcat ("visualization:\n  multi_run_defaults: [second_one, first_one]\n", plots, NULL);
  g_autoptr(GPtrArray) users = g_ptr_array_new ();
  AiperfWindow *window;
  AdwTabView *view;
  GtkWidget *extra;
  int n, n_defaults;
  gint64 deadline;

  if (!display_available ())
    return;
  aiperf_test_copy_tree (sweep, copy);
  g_assert_true (g_file_set_contents (presets, one, -1, NULL));
  window = new_window ();
  view = aiperf_window_get_tab_view (window);
  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  n_defaults = adw_tab_view_get_n_pages (view);
  g_assert_cmpstr (adw_tab_page_get_title (adw_tab_view_get_nth_page (view, 0)), ==, "First One");

  /* The user adds a chart from the menu and opens a run's drill-down. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "add-plot", g_variant_new_string ("extra_one"));
  extra = adw_tab_page_get_child (adw_tab_view_get_selected_page (view));
  g_assert_cmpstr (aiperf_plot_page_get_title (AIPERF_PLOT_PAGE (extra)), ==, "Extra One");
  aiperf_window_open_run_details (window, aiperf_run_set_get_run (aiperf_window_get_run_set (window), 1));
  n = adw_tab_view_get_n_pages (view);
  /* (the chart, then at least the run's Details) */
  g_assert_cmpint (n, >=, n_defaults + 2);
  for (int i = n_defaults; i < n; i++)
    g_ptr_array_add (users, adw_tab_page_get_child (adw_tab_view_get_nth_page (view, i)));
  adw_tab_view_set_selected_page (view, adw_tab_view_get_page (view, extra));

  /* The presets change: one default more, and another first. */
  g_assert_true (g_file_set_contents (presets, two, -1, NULL));
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (adw_tab_view_get_n_pages (view) == n && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), ==, n + 1);
  g_assert_cmpstr (adw_tab_page_get_title (adw_tab_view_get_nth_page (view, 0)), ==, "Second One");
  g_assert_cmpstr (adw_tab_page_get_title (adw_tab_view_get_nth_page (view, 1)), ==, "First One");
  /* The user's tabs: the same widgets, in the same order, after them. */
  for (guint i = 0; i < users->len; i++)
    g_assert_true (adw_tab_page_get_child (adw_tab_view_get_nth_page (view, n_defaults + 1 + (int) i)) ==
                   g_ptr_array_index (users, i));
  g_assert_true (adw_tab_page_get_child (adw_tab_view_get_selected_page (view)) == extra);
  g_assert_cmpuint (aiperf_session_get_errors (window->session)->len, ==, 0);

  /* Restore Default Plots is still every tab anew: the user's go. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "restore-plots", NULL);
  g_assert_cmpint (adw_tab_view_get_n_pages (view), ==, n_defaults + 1);
  g_assert_cmpstr (adw_tab_page_get_title (adw_tab_view_get_nth_page (view, 0)), ==, "Second One");

  destroy_window (window);
  aiperf_test_remove_tree (dir);
}

static void
spin (void)
{
  for (int i = 0; i < 50 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

static gboolean
subtitle_empty (AiperfWindow *window)
{
  const char *subtitle = adw_window_title_get_subtitle (window->window_title);

  return subtitle == NULL || *subtitle == '\0';
}

/* The window is bound to its session's properties (one GBindingGroup),
 * both ways where the user can change them: the session changes, the
 * widgets follow; a widget or a setting changes, the session follows. */
static void
test_binds_session (void)
{
  g_autofree char *sweep = sweep_path ();
  const char *paths[] = { sweep, NULL };
  g_autoptr(GObject) source = NULL;
  g_autofree char *progress_text = NULL;
  AiperfWindow *window;
  GActionGroup *actions;
  AiperfRunSet *runs;
  gboolean watching;
  double progress;

  if (!display_available ())
    return;
  window = new_window ();
  actions = G_ACTION_GROUP (window);
  runs = aiperf_session_get_runs (window->session);
  source = g_binding_group_dup_source (window->session_bindings);
  g_assert_true (source == G_OBJECT (window->session));

  /* Nothing open: the application's name, no count, only opening offered. */
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "AIPerf Plot");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "AIPerf Plot");
  g_assert_true (subtitle_empty (window));
  g_assert_false (gtk_widget_get_visible (window->export_button));
  g_assert_false (gtk_widget_get_visible (window->watch_button));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->sidebar_button)));
  g_assert_false (g_action_group_get_action_enabled (actions, "add-plot"));
  g_assert_false (g_action_group_get_action_enabled (actions, "compare-baseline"));

  /* The session opens (the window is not asked): each property reaches
   * its widget as it changes. */
  aiperf_session_open_async (window->session, paths, NULL, NULL, NULL);
  /* (what it reads moves on as it reads; whatever it says, the label
   * says) */
  g_object_get (window->session, "progress-text", &progress_text, NULL);
  g_assert_nonnull (progress_text);
  g_assert_cmpstr (gtk_label_get_label (window->progress_label), ==, progress_text);
  g_assert_true (g_action_group_get_action_enabled (actions, "cancel-load"));
  /* Still looking: no run, no name yet. */
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "AIPerf Plot");
  wait_loaded (window);
  g_object_get (window->session, "progress", &progress, NULL);
  g_assert_cmpfloat (progress, >=, 0);
  g_assert_cmpfloat (gtk_progress_bar_get_fraction (window->progress_bar), ==, progress);
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "qwen-sweep");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "3 runs");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "qwen-sweep — AIPerf Plot");
  g_assert_true (gtk_widget_get_visible (window->export_button));
  g_assert_true (gtk_widget_get_visible (window->watch_button));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->sidebar_button)));
  g_assert_true (g_action_group_get_action_enabled (actions, "add-plot"));
  g_assert_true (g_action_group_get_action_enabled (actions, "compare-baseline"));

  /* Watching: the session's property moves the toggle button and the
   * setting ... */
  g_object_set (window->session, "watching", TRUE, NULL);
  spin ();
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window->watch_button)));
  if (window->settings != NULL)
    g_assert_true (g_settings_get_boolean (window->settings, "watch-folders"));
  /* ... the button moves the session (and the setting) ... */
  g_signal_emit_by_name (window->watch_button, "clicked");
  spin ();
  g_object_get (window->session, "watching", &watching, NULL);
  g_assert_false (watching);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window->watch_button)));
  /* ... and the setting moves the session and the button. */
  if (window->settings != NULL)
    {
      g_assert_false (g_settings_get_boolean (window->settings, "watch-folders"));
      g_settings_set_boolean (window->settings, "watch-folders", TRUE);
      spin ();
      g_object_get (window->session, "watching", &watching, NULL);
      g_assert_true (watching);
      g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window->watch_button)));
      g_settings_set_boolean (window->settings, "watch-folders", FALSE);
    }

  /* Runs removed one by one: the count follows, and comparing two runs
   * goes with the second-last. */
  aiperf_session_remove_run (window->session, aiperf_run_set_get_run (runs, 0));
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "2 runs");
  g_assert_true (g_action_group_get_action_enabled (actions, "compare-baseline"));
  aiperf_session_remove_run (window->session, aiperf_run_set_get_run (runs, 0));
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "1 run");
  g_assert_false (g_action_group_get_action_enabled (actions, "compare-baseline"));
  g_assert_true (g_action_group_get_action_enabled (actions, "add-plot"));

  /* Released (as the window goes away): one step, and the session's
   * changes no longer reach the window. */
  aiperf_window_release_session (window);
  g_clear_object (&source);
  source = g_binding_group_dup_source (window->session_bindings);
  g_assert_null (source);
  aiperf_session_clear (window->session);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "1 run");
  g_assert_true (gtk_widget_get_visible (window->export_button));

  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/follows-session", test_follows_session);
  g_test_add_func ("/aiperf/window/watch-state", test_watch_state);
  g_test_add_func ("/aiperf/window/close-while-opening", test_close_while_opening);
  g_test_add_func ("/aiperf/window/missing-run", test_missing_run);
  g_test_add_func ("/aiperf/window/presets-reloaded", test_presets_reloaded);
  g_test_add_func ("/aiperf/window/binds-session", test_binds_session);
  g_test_add_func ("/aiperf/window/presets-reload-keeps-user-tabs", test_presets_reload_keeps_user_tabs);
  return g_test_run ();
}
