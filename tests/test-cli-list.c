/* test-cli-list.c — aiperf-plot --headless --list and --metric, run as a
 * process with no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <locale.h>
#include <string.h>
#include <sys/wait.h>

#include "cli-test-util.h"

static char *
real (const char *rel)
{
  return g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", rel, NULL);
}

static void
test_list_fixtures (void)
{
  g_autofree char *root = real ("tests/unit/plot/fixtures");
  g_autofree char *expected = NULL;
  Result r = { 0 };

  cli_run (&r, NULL, "--list", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  expected = g_strdup_printf (
    "%s/qwen_concurrency1\taiperf\tQwen/Qwen3-0.6B\tconcurrency=1\trequests=64\terrors=0\tgpus=1\n"
    "%s/qwen_concurrency2\taiperf\tQwen/Qwen3-0.6B\tconcurrency=2\trequests=64\terrors=0\tgpus=1\n"
    "%s/qwen_concurrency2/qwen_concurrency4\taiperf\tQwen/Qwen3-0.6B\tconcurrency=4\trequests=64\terrors=0\tgpus=1\n"
    "mode: multi-run (3 runs)\n", root, root, root);
  g_assert_cmpstr (r.out, ==, expected);
  g_assert_cmpstr (r.err, ==, "");
  result_clear (&r);
}

static void
test_list_single (void)
{
  g_autofree char *root = real ("examples/artifacts/run1");
  Result r = { 0 };

  cli_run (&r, NULL, "--list", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "\taiperf\topenai/gpt-oss-20b\tconcurrency=100\trequests=89\terrors=11\tgpus=0\n"));
  g_assert_true (g_str_has_suffix (r.out, "mode: single-run\n"));
  result_clear (&r);
}

/* A folder with only profile_export_aiperf.csv records no configuration:
 * its load is unknown, not AIPerf's default concurrency of one. */
static void
test_list_csv_only (void)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "data", "layouts", "csv-only", NULL);
  Result r = { 0 };

  cli_run (&r, NULL, "--list", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "\taiperf\tUnknown\tconcurrency=?\t"));
  result_clear (&r);
}

static void
test_list_broken_runs (void)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "data", "layouts", NULL);
  Result r = { 0 };

  cli_run (&r, NULL, "--list", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_suffix (r.out, "mode: multi-run (9 runs)\n"));
  g_assert_nonnull (strstr (r.err, "bad/truncated/profile_export_aiperf.json, line 127"));
  g_assert_nonnull (strstr (r.err, "bad/empty/profile_export_aiperf.json: the file is empty"));
  result_clear (&r);
}

static void
test_list_errors (void)
{
  g_autofree char *foreign = g_test_build_filename (G_TEST_DIST, "data", "layouts", "foreign", NULL);
  Result r = { 0 };

  cli_run (&r, NULL, "--list", "/nonexistent/aiperf/path", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, "/nonexistent/aiperf/path: no such file or folder"));
  result_clear (&r);

  cli_run (&r, NULL, "--list", foreign, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "Nothing to open in"));
  g_assert_nonnull (strstr (r.err, "AIPerf"));
  result_clear (&r);
}

static void
test_metric (void)
{
  g_autofree char *root = real ("tests/unit/plot/fixtures");
  g_autofree char *expected = NULL;
  Result r = { 0 };

  cli_run (&r, NULL, "--metric", "request_latency:p50", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  expected = g_strdup_printf ("%s/qwen_concurrency1\t3644.0809205\n"
                              "%s/qwen_concurrency2\t3721.5073614999997\n"
                              "%s/qwen_concurrency2/qwen_concurrency4\t3719.9939425\n",
                              root, root, root);
  g_assert_cmpstr (r.out, ==, expected);
  result_clear (&r);

  /* alias, default stat avg */
  cli_run (&r, NULL, "--metric", "ttft", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "/qwen_concurrency1\t30.814987671875\n"));
  result_clear (&r);
}

static void
test_metric_errors (void)
{
  g_autofree char *root = real ("tests/unit/plot/fixtures");
  g_autofree char *run1 = real ("examples/artifacts/run1");
  Result r = { 0 };

  cli_run (&r, NULL, "--metric", "request_latncy", root, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "did you mean “request_latency”"));
  result_clear (&r);

  cli_run (&r, NULL, "--metric", "request_latency:p67", root, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "p67"));
  result_clear (&r);

  /* known metric, no value in this run */
  cli_run (&r, NULL, "--metric", "goodput", run1, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, "no value for goodput:avg"));
  result_clear (&r);
}

/* Run from the build folder, the binary finds the catalogues compiled
 * there: translations work before "meson install". */
static void
test_translations_uninstalled (void)
{
  g_auto(GStrv) envp = g_get_environ ();
  const char *argv[] = { g_getenv ("AIPERF_PLOT_EXE"), "--headless", "--help", NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  if (argv[0] == NULL || setlocale (LC_ALL, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("no de_DE.UTF-8 locale");
      return;
    }
  setlocale (LC_ALL, "C.UTF-8");
  envp = g_environ_unsetenv (envp, "AIPERF_PLOT_LOCALEDIR");
  envp = g_environ_setenv (envp, "LC_ALL", "de_DE.UTF-8", TRUE);
  envp = g_environ_setenv (envp, "LANGUAGE", "de", TRUE);
  g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (out, "Ohne Fenster ausführen"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/cli/list/fixtures", test_list_fixtures);
  g_test_add_func ("/aiperf/cli/list/single", test_list_single);
  g_test_add_func ("/aiperf/cli/list/csv-only", test_list_csv_only);
  g_test_add_func ("/aiperf/cli/list/broken-runs", test_list_broken_runs);
  g_test_add_func ("/aiperf/cli/list/errors", test_list_errors);
  g_test_add_func ("/aiperf/cli/metric/values", test_metric);
  g_test_add_func ("/aiperf/cli/metric/errors", test_metric_errors);
  g_test_add_func ("/aiperf/cli/translations-uninstalled", test_translations_uninstalled);
  return g_test_run ();
}
