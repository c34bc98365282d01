/* test-watch.c — watch mode: new run folders are found, half-written ones
 * are retried, broken ones reported once their files settle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "aiperf-watch.h"
#include "aiperf-session.h"
#include "aiperf-test-util.h"

typedef struct {
  GPtrArray *added;   /* char* run names */
  GPtrArray *failed;  /* char* directories */
  guint      scans;
} Events;

static void
on_added (AiperfWatch *watch,
          AiperfRun   *run,
          Events      *ev)
{
  g_ptr_array_add (ev->added, g_strdup (aiperf_run_get_name (run)));
}

static void
on_failed (AiperfWatch  *watch,
           const char   *directory,
           const GError *error,
           Events       *ev)
{
  g_assert_nonnull (error);
  g_ptr_array_add (ev->failed, g_path_get_basename (directory));
}

static void
on_scan (AiperfWatch *watch,
         Events      *ev)
{
  ev->scans++;
}

static void
wait_scans (Events *ev,
            guint   n)
{
  guint target = ev->scans + n;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (ev->scans < target && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ev->scans, >=, target);
}

static char *
summary_text (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", "qwen-sweep",
                                                 "qwen_concurrency1", "profile_export_aiperf.json", NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
write_run (const char *root,
           const char *name,
           const char *summary)
{
  g_autofree char *dir = g_build_filename (root, name, NULL);
  g_autofree char *file = g_build_filename (dir, "profile_export_aiperf.json", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (file, summary, -1, NULL));
}

static void
test_watch_runs (void)
{
  g_autofree char *root = g_dir_make_tmp ("aiperf-watch-XXXXXX", NULL);
  g_autofree char *summary = summary_text ();
  g_autofree char *half = g_strndup (summary, strlen (summary) / 2);
  g_autoptr(AiperfWatch) watch = aiperf_watch_new ();
  Events ev = { g_ptr_array_new_with_free_func (g_free), g_ptr_array_new_with_free_func (g_free), 0 };

  g_signal_connect (watch, "run-added", G_CALLBACK (on_added), &ev);
  g_signal_connect (watch, "run-failed", G_CALLBACK (on_failed), &ev);
  g_signal_connect (watch, "scan-done", G_CALLBACK (on_scan), &ev);
  aiperf_watch_add_root (watch, root);
  aiperf_watch_set_timing (watch, 20, 400);

  /* A run already loaded elsewhere is never reported. */
  write_run (root, "known", summary);
  {
    g_autofree char *known = g_build_filename (root, "known", NULL);
    aiperf_watch_mark_known (watch, known);
  }
  aiperf_watch_set_active (watch, TRUE);
  wait_scans (&ev, 2);
  g_assert_cmpuint (ev.added->len, ==, 0);

  /* A complete new run appears. */
  write_run (root, "new_run", summary);
  wait_scans (&ev, 2);
  g_assert_cmpuint (ev.added->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (ev.added, 0), ==, "new_run");

  /* Half-written: retried, not reported; completed in time: added. */
  write_run (root, "writing", half);
  wait_scans (&ev, 3);
  g_assert_cmpuint (ev.failed->len, ==, 0);
  g_assert_cmpuint (ev.added->len, ==, 1);
  write_run (root, "writing", summary);
  wait_scans (&ev, 2);
  g_assert_cmpuint (ev.added->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (ev.added, 1), ==, "writing");
  g_assert_cmpuint (ev.failed->len, ==, 0);

  /* Broken for good: reported once, after the settle time. */
  write_run (root, "broken", half);
  wait_scans (&ev, 2);
  g_assert_cmpuint (ev.failed->len, ==, 0);
  g_usleep (500 * 1000);
  wait_scans (&ev, 2);
  g_assert_cmpuint (ev.failed->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (ev.failed, 0), ==, "broken");
  wait_scans (&ev, 3);
  g_assert_cmpuint (ev.failed->len, ==, 1);

  aiperf_watch_set_active (watch, FALSE);
  g_ptr_array_unref (ev.added);
  g_ptr_array_unref (ev.failed);
  aiperf_test_remove_tree (root);
}

typedef struct {
  GPtrArray *runs;   /* AiperfRun*, as the watch reported them */
  guint      scans;
} Arrivals;

static void
on_arrived (AiperfWatch *watch,
            AiperfRun   *run,
            Arrivals    *arrivals)
{
  g_ptr_array_add (arrivals->runs, g_object_ref (run));
}

static void
on_arrivals_scan (AiperfWatch *watch,
                  Arrivals    *arrivals)
{
  arrivals->scans++;
}

static void
copy_fixture (const char *from,
              const char *to_dir)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autofree char *name = g_path_get_basename (from);
  g_autofree char *to = g_build_filename (to_dir, name, NULL);

  g_assert_true (g_file_get_contents (from, &text, &length, NULL));
  g_assert_cmpint (g_mkdir_with_parents (to_dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (to, text, (gssize) length, NULL));
}

static AiperfRun *
run_by_name (AiperfRunSet *set,
             const char   *name)
{
  for (guint i = 0; i < aiperf_run_set_get_n_runs (set); i++)
    if (g_strcmp0 (aiperf_run_get_name (aiperf_run_set_get_run (set, i)), name) == 0)
      return aiperf_run_set_get_run (set, i);
  return NULL;
}

/* What arrives in a watched folder is loaded as opening the folder loads it:
 * the format table finds other tools' results, and --param-pattern names
 * parameters (the watch used to look for AIPerf folders only, with no
 * options). */
static void
test_watch_like_open (void)
{
  g_autofree char *root = g_dir_make_tmp ("aiperf-watch-open-XXXXXX", NULL);
  g_autofree char *summary = summary_text ();
  g_autofree char *vllm = g_test_build_filename (G_TEST_DIST, "data", "formats", "vllm", "single",
                                                 "vllm-infqps-concurrency16-Qwen3-0.6B-20251215-080259.json",
                                                 NULL);
  g_autofree char *vllm_dir = g_build_filename (root, "vllm", NULL);
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autoptr(AiperfRunSet) opened = NULL;
  g_autoptr(GError) error = NULL;
  const char *paths[] = { root, NULL };
  AiperfOpenOptions options = { NULL, NULL };
  Arrivals arrivals = { g_ptr_array_new_with_free_func (g_object_unref), 0 };
  AiperfWatch *watch;
  gint64 deadline;

  g_assert_true (aiperf_session_set_param_pattern_text (session, "isl(?P<isl>\\d+)", &error));
  g_assert_no_error (error);
  write_run (root, "isl128", summary);
  g_assert_true (aiperf_session_open_sync (session, paths, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)), ==, 1);

  watch = aiperf_session_get_watch (session);
  aiperf_watch_set_timing (watch, 20, 400);
  g_signal_connect (watch, "run-added", G_CALLBACK (on_arrived), &arrivals);
  g_signal_connect (watch, "scan-done", G_CALLBACK (on_arrivals_scan), &arrivals);
  aiperf_watch_set_active (watch, TRUE);

  /* An AIPerf run and another tool's result arrive. */
  write_run (root, "isl512", summary);
  copy_fixture (vllm, vllm_dir);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (arrivals.runs->len < 2 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  {
    guint scans = arrivals.scans + 3;

    /* Nothing more, and never the run that was open already. */
    while (arrivals.scans < scans && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
  }
  aiperf_watch_set_active (watch, FALSE);
  g_assert_cmpuint (arrivals.runs->len, ==, 2);

  /* The same folder opened afresh, with the same pattern. */
  aiperf_session_get_open_options (session, &options);
  opened = aiperf_run_set_load_with_options (paths, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (opened), ==, 3);
  for (guint i = 0; i < arrivals.runs->len; i++)
    {
      AiperfRun *arrived = g_ptr_array_index (arrivals.runs, i);
      AiperfRun *same = run_by_name (opened, aiperf_run_get_name (arrived));

      g_assert_nonnull (same);
      g_assert_cmpstr (aiperf_run_get_locator (arrived), ==, aiperf_run_get_locator (same));
      g_assert_cmpstr (aiperf_run_get_source (arrived), ==, aiperf_run_get_source (same));
      g_assert_cmpstr (aiperf_run_get_kind (arrived), ==, aiperf_run_get_kind (same));
      g_assert_cmpstr (aiperf_run_get_parameter (arrived, "isl"), ==,
                       aiperf_run_get_parameter (same, "isl"));
    }
  g_assert_cmpstr (aiperf_run_get_parameter (run_by_name (opened, "isl512"), "isl"), ==, "512");
  g_assert_cmpstr (aiperf_run_get_source (run_by_name (opened, "isl512")), ==, "aiperf");
  {
    g_autofree char *vllm_name = g_path_get_basename (vllm);
    AiperfRun *arrived_vllm = NULL;

    for (guint i = 0; i < arrivals.runs->len; i++)
      if (g_strcmp0 (aiperf_run_get_source (g_ptr_array_index (arrivals.runs, i)), "vllm") == 0)
        arrived_vllm = g_ptr_array_index (arrivals.runs, i);
    g_assert_nonnull (arrived_vllm);
    g_assert_cmpstr (aiperf_run_get_kind (arrived_vllm), ==, "serving");
  }

  g_ptr_array_unref (arrivals.runs);
  aiperf_test_remove_tree (root);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/watch/runs", test_watch_runs);
  g_test_add_func ("/aiperf/watch/like-open", test_watch_like_open);
  return g_test_run ();
}
