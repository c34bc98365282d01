/* test-session.c — the GTK-free session shared by the window and the CLI.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-session.h"

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/session/open-and-hide", test_open_and_hide);
  g_test_add_func ("/aiperf/session/skip-dir", test_skip_dir);
  g_test_add_func ("/aiperf/session/errors", test_errors);
  return g_test_run ();
}
