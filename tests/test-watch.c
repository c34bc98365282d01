/* test-watch.c — watch mode: new run folders are found, half-written ones
 * are retried, broken ones reported once their files settle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "aiperf-watch.h"
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/watch/runs", test_watch_runs);
  return g_test_run ();
}
