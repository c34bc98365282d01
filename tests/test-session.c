/* test-session.c — the GTK-free session shared by the window and the CLI.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-presets.h"
#include "aiperf-run-rules.h"
#include "aiperf-session.h"
#include "aiperf-session-charts.h"
#include "aiperf-test-util.h"

static char *
fixtures (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit", "plot",
                                "fixtures", NULL);
}

static void
test_open_and_hide (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *root = fixtures ();
  const char *paths[] = { root, root, NULL };
  g_autoptr(GError) error = NULL;
  AiperfRunSet *runs = aiperf_session_get_runs (session);
  AiperfRun *first;

  g_assert_true (aiperf_session_open_sync (session, paths, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  /* The same root given twice is one root. */
  g_assert_cmpuint (aiperf_session_get_roots (session)->len, ==, 1);

  first = aiperf_run_set_get_run (runs, 0);
  g_assert_true (aiperf_session_is_run_visible (session, first));
  aiperf_session_set_run_visible (session, first, FALSE);
  g_assert_false (aiperf_session_is_run_visible (session, first));
  g_assert_true (g_hash_table_contains (aiperf_session_get_hidden (session),
                                        aiperf_run_get_locator (first)));
  aiperf_session_set_run_visible (session, first, TRUE);
  g_assert_cmpuint (g_hash_table_size (aiperf_session_get_hidden (session)), ==, 0);

  /* Opening again adds nothing new. */
  g_assert_true (aiperf_session_open_sync (session, paths, NULL, &error));
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);

  /* A group keeps its colour for the whole session. */
  g_assert_cmpuint (aiperf_plot_colors_get (aiperf_session_get_colors (session), "a"), ==, 0);
  g_assert_cmpuint (aiperf_plot_colors_get (aiperf_session_get_colors (session), "b"), ==, 1);
  g_assert_cmpuint (aiperf_plot_colors_get (aiperf_session_get_colors (session), "a"), ==, 0);

  aiperf_session_clear (session);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 0);
  g_assert_cmpuint (aiperf_session_get_roots (session)->len, ==, 0);
}

/* The output folder is never read back as input. */
static void
test_skip_dir (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *root = fixtures ();
  g_autofree char *skip = g_build_filename (root, "qwen_concurrency2", NULL);
  const char *paths[] = { root, NULL };
  g_autoptr(GError) error = NULL;

  g_assert_true (aiperf_session_open_sync (session, paths, skip, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)), ==, 1);
}

static void
test_errors (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  const char *paths[] = { "/nonexistent/aiperf/session", NULL };
  g_autoptr(GError) error = NULL;

  g_assert_false (aiperf_session_open_sync (session, paths, NULL, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND);
  aiperf_session_add_error (session, "one");
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 1);
}

/* The session reads the presets once for what is open; a preset file beside
 * a root is used, one that cannot be read is listed with the session's
 * errors instead of being dropped, and the shipped presets stand in. */
static void
test_presets (void)
{
  g_autofree char *home = g_dir_make_tmp ("aiperf-session-home-XXXXXX", NULL);
  g_autofree char *good = g_dir_make_tmp ("aiperf-session-good-XXXXXX", NULL);
  g_autofree char *bad = g_dir_make_tmp ("aiperf-session-bad-XXXXXX", NULL);
  g_autofree char *good_file = g_build_filename (good, ".aiperf-plot-config.yaml", NULL);
  g_autofree char *bad_file = g_build_filename (bad, ".aiperf-plot-config.yaml", NULL);
  g_autofree char *old_home = g_strdup (g_getenv ("HOME"));
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  AiperfPlotConfig *first, *config;
  GPtrArray *defaults;

  /* No ~/.aiperf/plot_config.yaml of the user's may take part. */
  g_setenv ("HOME", home, TRUE);
  g_assert_true (g_file_set_contents (good_file,
                                      "visualization:\n"
                                      "  multi_run_defaults: [only_this]\n"
                                      "  multi_run_plots:\n"
                                      "    only_this: {type: scatter_line, x: request_latency_avg, "
                                      "y: output_token_throughput_avg}\n", -1, NULL));
  g_assert_true (g_file_set_contents (bad_file, "visualization: [unclosed\n", -1, NULL));

  /* Nothing open: the shipped presets, read once. */
  first = aiperf_session_get_presets (session);
  g_assert_nonnull (first);
  g_assert_null (aiperf_plot_config_find (first, AIPERF_MODE_MULTI_RUN, "only_this"));
  g_assert_true (aiperf_session_get_presets (session) == first);
  defaults = aiperf_plot_config_get_defaults (first, AIPERF_MODE_MULTI_RUN);
  g_assert_cmpuint (defaults->len, >, 1);

  /* A root with its own preset file: that file. */
  aiperf_session_add_root (session, good);
  config = aiperf_session_get_presets (session);
  g_assert_nonnull (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "only_this"));
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 0);

  /* A broken one is said, once, and the shipped presets stand in. */
  aiperf_session_clear (session);
  aiperf_session_add_root (session, bad);
  config = aiperf_session_get_presets (session);
  g_assert_nonnull (config);
  g_assert_true (aiperf_session_get_presets (session) == config);
  g_assert_null (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "only_this"));
  defaults = aiperf_plot_config_get_defaults (config, AIPERF_MODE_MULTI_RUN);
  g_assert_cmpuint (defaults->len, >, 1);
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (aiperf_session_get_errors (session), 0), bad_file));

  /* Mended on disk: read again, and used. */
  g_assert_true (g_file_set_contents (bad_file,
                                      "visualization:\n"
                                      "  multi_run_plots:\n"
                                      "    mended: {type: scatter_line, x: request_latency_avg, "
                                      "y: output_token_throughput_avg}\n", -1, NULL));
  g_assert_nonnull (aiperf_plot_config_find (aiperf_session_get_presets (session), AIPERF_MODE_MULTI_RUN,
                                             "mended"));

  /* --config wins over the file beside the root. */
  aiperf_session_set_config_file (session, good_file);
  g_assert_nonnull (aiperf_plot_config_find (aiperf_session_get_presets (session), AIPERF_MODE_MULTI_RUN,
                                             "only_this"));

  g_setenv ("HOME", old_home, TRUE);
  aiperf_test_remove_tree (home);
  aiperf_test_remove_tree (good);
  aiperf_test_remove_tree (bad);
}

/* A saved view's runs: block in the preset file in effect (--config, or
 * the file beside what was opened, as the window finds it) hides the runs
 * it names and those its filters leave out as they open; the plan of
 * charts draws the others and keeps the mode of what is open. */
static void
test_view_runs (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *root = fixtures ();
  g_autofree char *dir = g_dir_make_tmp ("aiperf-view-XXXXXX", NULL);
  g_autofree char *view = g_build_filename (dir, "view.yaml", NULL);
  const char *paths[] = { root, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plan = NULL;
  AiperfRunSet *runs = aiperf_session_get_runs (session);
  const AiperfKindCharts *charts;
  guint n_visible = 0;

  g_assert_true (g_file_set_contents (view,
                                      "visualization:\n"
                                      "  multi_run_defaults: [p]\n"
                                      "  multi_run_plots:\n"
                                      "    p: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg}\n"
                                      "runs:\n"
                                      "  hidden: [\"fixtures/qwen_concurrency2/qwen_concurrency4\"]\n"
                                      "  parameters:\n"
                                      "    concurrency: [\"2\", \"4\"]\n", -1, NULL));
  aiperf_session_set_config_file (session, view);
  g_assert_true (aiperf_session_open_sync (session, paths, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      gboolean visible = aiperf_session_is_run_visible (session, run);

      g_assert_true (visible == g_str_equal (aiperf_run_get_name (run), "qwen_concurrency2"));
      n_visible += visible;
    }
  g_assert_cmpuint (n_visible, ==, 1);

  plan = aiperf_session_plan_charts (session, aiperf_session_get_presets (session), NULL, NULL, NULL);
  g_assert_cmpuint (plan->len, ==, 1);
  charts = g_ptr_array_index (plan, 0);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (charts->runs), ==, 1);
  g_assert_cmpstr (aiperf_run_get_name (aiperf_run_set_get_run (charts->runs, 0)), ==, "qwen_concurrency2");
  g_assert_cmpint (charts->mode, ==, AIPERF_MODE_MULTI_RUN);
  g_assert_cmpuint (charts->specs->len, ==, 1);

  aiperf_session_clear (session);
  aiperf_test_remove_tree (dir);
}

/* Which runs a runs: block hides: by name, by a tail of the path at a
 * folder, by glob; by a parameter's values; by a metric's range. */
static void
test_run_rules (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *root = fixtures ();
  const char *paths[] = { root, NULL };
  g_autoptr(AiperfRunRules) rules = aiperf_run_rules_new ();
  g_autoptr(GError) error = NULL;
  AiperfRunSet *runs = aiperf_session_get_runs (session);
  AiperfRun *c1, *c2, *c4;
  GPtrArray *values;
  double latency;

  g_assert_true (aiperf_session_open_sync (session, paths, NULL, &error));
  c1 = aiperf_run_set_get_run (runs, 0);
  c2 = aiperf_run_set_get_run (runs, 1);
  c4 = aiperf_run_set_get_run (runs, 2);
  g_assert_cmpstr (aiperf_run_get_name (c4), ==, "qwen_concurrency4");
  g_assert_true (aiperf_run_rules_empty (rules));
  g_assert_true (aiperf_run_rules_shows (NULL, c1));

  /* a part of a folder's name is no tail */
  g_ptr_array_add (rules->hidden, g_strdup ("concurrency4"));
  g_assert_false (aiperf_run_rules_hides (rules, c4));
  g_ptr_array_add (rules->hidden, g_strdup ("qwen_concurrency2/qwen_concurrency4"));
  g_assert_true (aiperf_run_rules_hides (rules, c4));
  g_assert_false (aiperf_run_rules_hides (rules, c2));
  g_ptr_array_add (rules->hidden, g_strdup ("*concurrency1"));
  g_assert_true (aiperf_run_rules_hides (rules, c1));
  g_assert_false (aiperf_run_rules_filters (rules, c1));

  g_ptr_array_set_size (rules->hidden, 0);
  values = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (values, g_strdup ("1"));
  g_ptr_array_add (values, g_strdup ("2"));
  g_hash_table_insert (rules->parameters, g_strdup ("concurrency"), values);
  g_assert_true (aiperf_run_rules_shows (rules, c1));
  g_assert_false (aiperf_run_rules_shows (rules, c4));
  g_assert_true (aiperf_run_rules_filters (rules, c4));

  /* a range round c2's average latency, written as its alias */
  g_assert_true (aiperf_run_get_metric (c2, "request_latency", AIPERF_STAT_AVG, &latency));
  aiperf_run_rules_add_range (rules, "Request Latency", AIPERF_STAT_AVG, latency - 0.001, NAN);
  g_assert_true (aiperf_run_rules_shows (rules, c2));
  {
    g_autoptr(AiperfRunRules) copy = aiperf_run_rules_copy (rules);
    double c1_latency;

    g_assert_true (aiperf_run_get_metric (c1, "request_latency", AIPERF_STAT_AVG, &c1_latency));
    g_assert_true (aiperf_run_rules_shows (copy, c1) == (c1_latency >= latency - 0.001));
    ((AiperfRunRange *) g_ptr_array_index (copy->ranges, 0))->max = latency - 0.002;
    g_assert_false (aiperf_run_rules_shows (copy, c2));
  }
  aiperf_session_clear (session);
}

/* Spins the main context until *@flag is set, or 10 s. */
static void
wait_for (const gboolean *flag)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!*flag && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
}

static void
on_flag (gpointer instance,
         gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
}

static void
on_flag_with_arg (gpointer instance,
                  gpointer arg,
                  gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
}

/* The preset file in effect is watched: an edit is read again without
 * being asked, said by "presets-changed"; one that breaks it is a load
 * error naming the file and line; the command line's strict reading
 * refuses it. */
static void
test_presets_watched (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-presets-watch-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "presets.yaml", NULL);
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autoptr(GError) error = NULL;
  /* Same length on purpose: a rewrite within the same second and of the
   * same size is caught by the monitor, not by a stamp. */
  const char *before = "visualization:\n  multi_run_plots:\n    alpha_one: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg}\n";
  const char *after  = "visualization:\n  multi_run_plots:\n    omega_two: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg}\n";
  const char *broken = "visualization:\n  multi_run_plots:\n    omega_two: {type: scatter_line, x: [unclosed\n";
  gboolean changed = FALSE, errors = FALSE;
  AiperfPlotConfig *config;
  const char *message;

  g_assert_cmpuint (strlen (before), ==, strlen (after));
  g_assert_true (g_file_set_contents (file, before, -1, NULL));
  aiperf_session_set_follow_disk (session, TRUE);
  aiperf_session_set_config_file (session, file);
  config = aiperf_session_get_presets (session);
  g_assert_nonnull (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "alpha_one"));
  g_signal_connect (session, "presets-changed", G_CALLBACK (on_flag), &changed);
  g_signal_connect (session, "load-errors", G_CALLBACK (on_flag_with_arg), &errors);

  g_assert_true (g_file_set_contents (file, after, -1, NULL));
  wait_for (&changed);
  g_assert_true (changed);
  /* Read already, before anyone asked. */
  config = aiperf_session_get_presets (session);
  g_assert_null (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "alpha_one"));
  g_assert_nonnull (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "omega_two"));
  g_assert_false (errors);
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 0);

  /* Broken on disk: said once, with the file and line; shipped presets stand in. */
  changed = FALSE;
  g_assert_true (g_file_set_contents (file, broken, -1, NULL));
  wait_for (&changed);
  g_assert_true (changed);
  g_assert_true (errors);
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 1);
  message = g_ptr_array_index (aiperf_session_get_errors (session), 0);
  g_assert_true (g_str_has_prefix (message, "Plot presets not used: "));
  g_assert_nonnull (strstr (message, "presets.yaml:4:"));
  config = aiperf_session_get_presets (session);
  g_assert_null (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "omega_two"));
  g_assert_cmpuint (aiperf_plot_config_get_defaults (config, AIPERF_MODE_MULTI_RUN)->len, >, 1);
  /* Asked again, not said again. */
  g_assert_true (aiperf_session_get_presets (session) == config);
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 1);

  /* The command line's strict reading refuses it and records nothing. */
  g_assert_null (aiperf_session_load_presets (session, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "presets.yaml:4:"));
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 1);

  /* Mended: watched still, read again, used. */
  changed = FALSE;
  g_assert_true (g_file_set_contents (file, before, -1, NULL));
  wait_for (&changed);
  g_assert_true (changed);
  g_assert_nonnull (aiperf_plot_config_find (aiperf_session_get_presets (session), AIPERF_MODE_MULTI_RUN,
                                             "alpha_one"));

  g_object_unref (g_steal_pointer (&session));
  aiperf_test_remove_tree (dir);
}

static void
on_runs_removed (AiperfSession *session,
                 GPtrArray     *runs,
                 gpointer       user_data)
{
  *(guint *) user_data += runs->len;
}

/* A run whose folder is deleted while open is marked missing (from the
 * disk's own news), is a load error naming it, and is removed on asking. */
static void
test_run_missing (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-missing-XXXXXX", NULL);
  g_autofree char *src = fixtures ();
  g_autofree char *one_src = g_build_filename (src, "qwen_concurrency1", NULL);
  g_autofree char *two_src = g_build_filename (src, "qwen_concurrency2", NULL);
  g_autofree char *one = g_build_filename (dir, "qwen_concurrency1", NULL);
  g_autofree char *two = g_build_filename (dir, "qwen_concurrency2", NULL);
  g_autofree char *moved = g_build_filename (dir, "elsewhere", NULL);
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  const char *paths[] = { dir, NULL };
  g_autoptr(GError) error = NULL;
  AiperfRunSet *runs = aiperf_session_get_runs (session);
  AiperfRun *gone = NULL;
  gboolean missing = FALSE;
  guint removed = 0;
  const char *message;

  aiperf_test_copy_tree (one_src, one);
  aiperf_test_copy_tree (two_src, two);
  g_object_set (session, "follow-disk", TRUE, NULL);
  g_assert_true (aiperf_session_open_sync (session, paths, NULL, &error));
  g_assert_no_error (error);
  /* qwen_concurrency2 holds qwen_concurrency4. */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  for (guint i = 0; i < 3; i++)
    if (g_str_equal (aiperf_run_get_name (aiperf_run_set_get_run (runs, i)), "qwen_concurrency1"))
      gone = aiperf_run_set_get_run (runs, i);
  g_assert_nonnull (gone);
  g_assert_cmpuint (aiperf_session_check_runs (session), ==, 0);
  g_signal_connect (session, "run-missing", G_CALLBACK (on_flag_with_arg), &missing);
  g_signal_connect (session, "runs-removed", G_CALLBACK (on_runs_removed), &removed);

  /* Deleted: the folder's monitor tells, nobody has to look. */
  g_assert_true (aiperf_test_remove_tree (one));
  wait_for (&missing);
  g_assert_true (missing);
  g_assert_true (aiperf_session_is_run_missing (session, gone));
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 1);
  message = g_ptr_array_index (aiperf_session_get_errors (session), 0);
  g_assert_true (g_str_has_prefix (message, "“qwen_concurrency1” is missing: "));
  g_assert_nonnull (strstr (message, one));
  /* Said once: a look finds nothing new. */
  g_assert_cmpuint (aiperf_session_check_runs (session), ==, 0);
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 1);

  aiperf_session_remove_run (session, gone);
  g_assert_cmpuint (removed, ==, 1);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (aiperf_run_set_get_run (runs, i) != gone);
      g_assert_false (aiperf_session_is_run_missing (session, aiperf_run_set_get_run (runs, i)));
    }

  /* Moved away (with the run inside it): a look finds both. */
  g_assert_cmpint (g_rename (two, moved), ==, 0);
  g_assert_cmpuint (aiperf_session_check_runs (session), ==, 2);
  g_assert_true (aiperf_session_is_run_missing (session, aiperf_run_set_get_run (runs, 0)));
  g_assert_true (aiperf_session_is_run_missing (session, aiperf_run_set_get_run (runs, 1)));
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 3);

  g_object_unref (g_steal_pointer (&session));
  aiperf_test_remove_tree (dir);
}

/* The inotify watches this process holds (Linux: each inotify descriptor's
 * fdinfo lists one "inotify wd:" line per watch); -1 when unknown. */
static int
count_inotify_watches (void)
{
  g_autoptr(GDir) fds = g_dir_open ("/proc/self/fd", 0, NULL);
  const char *name;
  int n = 0;

  if (fds == NULL)
    return -1;
  while ((name = g_dir_read_name (fds)) != NULL)
    {
      g_autofree char *fd_path = g_build_filename ("/proc/self/fd", name, NULL);
      g_autofree char *target = g_file_read_link (fd_path, NULL);
      g_autofree char *info_path = NULL;
      g_autofree char *info = NULL;
      g_auto(GStrv) lines = NULL;

      if (g_strcmp0 (target, "anon_inode:inotify") != 0)
        continue;
      info_path = g_build_filename ("/proc/self/fdinfo", name, NULL);
      if (!g_file_get_contents (info_path, &info, NULL, NULL))
        return -1;
      lines = g_strsplit (info, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        if (g_str_has_prefix (lines[i], "inotify wd:"))
          n++;
    }
  return n;
}

/* A session follows the disk only when asked ("follow-disk"): a one-shot
 * export opens, writes and exits, and a monitor per run would cost one
 * inotify watch each for nothing. Asked, every open run's folder and the
 * preset file are watched; asked no more, none is. */
static void
test_follow_disk_opt_in (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-follow-XXXXXX", NULL);
  g_autofree char *src = fixtures ();
  g_autofree char *one_src = g_build_filename (src, "qwen_concurrency1", NULL);
  g_autofree char *two_src = g_build_filename (src, "qwen_concurrency2", NULL);
  g_autofree char *one = g_build_filename (dir, "qwen_concurrency1", NULL);
  g_autofree char *two = g_build_filename (dir, "qwen_concurrency2", NULL);
  g_autofree char *config = g_build_filename (dir, "presets.yaml", NULL);
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  const char *paths[] = { dir, NULL };
  g_autoptr(GError) error = NULL;
  gboolean missing = FALSE, notified = FALSE, follow = TRUE;
  int before;

  aiperf_test_copy_tree (one_src, one);
  aiperf_test_copy_tree (two_src, two);
  g_assert_true (g_file_set_contents (config, "visualization:\n  multi_run_plots:\n    a: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg}\n", -1, NULL));
  before = count_inotify_watches ();
  if (before < 0)
    {
      g_test_skip ("no /proc/self/fdinfo");
      return;
    }
  g_object_get (session, "follow-disk", &follow, NULL);
  g_assert_false (follow);
  aiperf_session_set_config_file (session, config);
  g_assert_true (aiperf_session_open_sync (session, paths, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (aiperf_session_get_presets (session));
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)), ==, 3);
  /* Three runs open, their presets read: not one watch more. */
  g_assert_cmpint (count_inotify_watches (), ==, before);
  g_signal_connect (session, "run-missing", G_CALLBACK (on_flag_with_arg), &missing);

  /* Asked: the three runs' folders (qwen_concurrency2 holds
   * qwen_concurrency4) and the preset file's folder. */
  g_signal_connect (session, "notify::follow-disk", G_CALLBACK (on_flag_with_arg), &notified);
  g_object_set (session, "follow-disk", TRUE, NULL);
  g_assert_true (notified);
  g_assert_true (aiperf_session_get_follow_disk (session));
  g_assert_cmpint (count_inotify_watches (), ==, before + 4);
  /* Set again to the same: nothing more. */
  notified = FALSE;
  aiperf_session_set_follow_disk (session, TRUE);
  g_assert_false (notified);
  g_assert_cmpint (count_inotify_watches (), ==, before + 4);

  /* Asked no more: every watch goes, and a run that goes is not news. */
  aiperf_session_set_follow_disk (session, FALSE);
  g_assert_cmpint (count_inotify_watches (), ==, before);
  g_assert_true (aiperf_test_remove_tree (one));
  g_assert_cmpuint (aiperf_session_check_runs (session), ==, 0);
  g_assert_false (missing);
  /* Followed again: what is still there (the other two runs, the preset
   * file). */
  aiperf_session_set_follow_disk (session, TRUE);
  g_assert_cmpint (count_inotify_watches (), ==, before + 3);

  g_object_unref (g_steal_pointer (&session));
  aiperf_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/session/open-and-hide", test_open_and_hide);
  g_test_add_func ("/aiperf/session/skip-dir", test_skip_dir);
  g_test_add_func ("/aiperf/session/errors", test_errors);
  g_test_add_func ("/aiperf/session/presets", test_presets);
  g_test_add_func ("/aiperf/session/view-runs", test_view_runs);
  g_test_add_func ("/aiperf/session/run-rules", test_run_rules);
  g_test_add_func ("/aiperf/session/presets-watched", test_presets_watched);
  g_test_add_func ("/aiperf/session/run-missing", test_run_missing);
  g_test_add_func ("/aiperf/session/follow-disk-opt-in", test_follow_disk_opt_in);
  return g_test_run ();
}
