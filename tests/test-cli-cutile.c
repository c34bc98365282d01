/* test-cli-cutile.c — aiperf-plot --headless on cutileGPT profiles: --metric
 * with the kind's short names, --list, and the export of one profile and of
 * an AS-IS/TO-BE pair (charts, system information, speedup table).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>
#include "aiperf-test-util.h"
#include "cli-test-util.h"

static char *tmp_root;
static char *home_dir;  /* HOME of the runs: no user preset file */

static char *
fixture (const char *folder)
{
  return g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", folder, NULL);
}

static char *
data_file (const char *folder)
{
  return g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", folder, "profiling_results",
                                "profiling_data.json", NULL);
}

static void
test_metric (void)
{
  g_autofree char *min_dir = fixture ("minGPT");
  g_autofree char *cut_dir = fixture ("cutileGPT");
  g_autofree char *min_file = data_file ("minGPT");
  g_autofree char *cut_file = data_file ("cutileGPT");
  g_autofree char *expected = NULL;
  g_autofree char *aiperf_run = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "examples",
                                                       "artifacts", "run1", NULL);
  Result r;

  /* latency:mean → forward_latency avg, one line per config */
  cli_run (&r, home_dir, "--metric", "latency:mean", min_dir, cut_dir, NULL);
  g_assert_cmpint (r.status, ==, 0);
  expected = g_strdup_printf ("%s#gpt_micro\t1.6\n%s#gpt_mini\t4\n%s#gpt_nano\t1.2\n"
                              "%s#gpt_micro\t3.9\n%s#gpt_mini\t6.6\n%s#gpt_nano\t2.34\n",
                              cut_file, cut_file, cut_file, min_file, min_file, min_file);
  g_assert_cmpstr (r.out, ==, expected);
  g_assert_cmpstr (r.err, ==, "");
  result_clear (&r);

  cli_run (&r, home_dir, "--metric", "throughput", cut_dir, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_free (expected);
  expected = g_strdup_printf ("%s#gpt_micro\t80000\n%s#gpt_mini\t32000\n%s#gpt_nano\t106666.67\n",
                              cut_file, cut_file, cut_file);
  g_assert_cmpstr (r.out, ==, expected);
  result_clear (&r);

  /* the full names, and the median and p99 stats */
  cli_run (&r, home_dir, "--metric", "forward_latency:median", min_dir, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "#gpt_nano\t2.31\n"));
  result_clear (&r);
  cli_run (&r, home_dir, "--metric", "latency:p99", min_dir, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "#gpt_mini\t7.7\n"));
  result_clear (&r);

  /* with an AIPerf run open too, "latency" is no longer cutileGPT's */
  cli_run (&r, home_dir, "--metric", "latency", min_dir, aiperf_run, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "latency"));
  result_clear (&r);
}

static void
test_list (void)
{
  g_autofree char *min_dir = fixture ("minGPT");
  g_autofree char *min_file = data_file ("minGPT");
  g_autofree char *line = NULL;
  Result r;

  cli_run (&r, home_dir, "--list", min_dir, NULL);

  g_assert_cmpint (r.status, ==, 0);
  line = g_strdup_printf ("%s#gpt_nano\tcutile\tn_embd=48\tn_head=3\tn_layer=3\t"
                          "system.compute_capability=8.9\t", min_file);
  g_assert_nonnull (strstr (r.out, line));
  result_clear (&r);
}

static gboolean
has_file (const char *dir,
          const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

static void
test_export_one (void)
{
  g_autofree char *min_dir = fixture ("minGPT");
  g_autofree char *out = g_build_filename (tmp_root, "one", NULL);
  g_autofree char *summary_path = g_build_filename (out, "summary.txt", NULL);
  g_autofree char *summary = NULL;
  static const char * const plots[] = {
    "forward_latency.png", "throughput.png", "percentile_profile.png", "architecture.png",
    "efficiency.png",
  };
  Result r;

  cli_run (&r, home_dir, min_dir, "-o", out, NULL);

  g_assert_cmpint (r.status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (plots); i++)
    g_assert_true (has_file (out, plots[i]));
  /* one profile: no speedup, and the log says why */
  g_assert_false (has_file (out, "speedup.png"));
  g_assert_nonnull (strstr (r.err, "speedup"));
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  /* aiperf's summary first, then ours */
  g_assert_true (g_str_has_prefix (summary, "AIPerf Plot Export Summary\n"));
  g_assert_nonnull (strstr (summary, "Generated 5 plots:\n"));
  g_assert_true (strstr (summary, "cutileGPT Profiling Summary") > strstr (summary, "Output directory:"));
  g_assert_nonnull (strstr (summary, "    GPU:                 NVIDIA GeForce RTX 4090\n"));
  g_assert_nonnull (strstr (summary, "    CuPy:                13.3.0\n"));
  g_assert_nonnull (strstr (summary, "    Timestamp:           2025-01-15T10:30:00\n"));
  result_clear (&r);
}

static void
test_export_two (void)
{
  g_autofree char *min_dir = fixture ("minGPT");
  g_autofree char *cut_dir = fixture ("cutileGPT");
  g_autofree char *out = g_build_filename (tmp_root, "two", NULL);
  g_autofree char *summary_path = g_build_filename (out, "summary.txt", NULL);
  g_autofree char *summary = NULL;
  Result r;

  cli_run (&r, home_dir, cut_dir, min_dir, "-o", out, NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (has_file (out, "speedup.png"));
  g_assert_true (has_file (out, "forward_latency.png"));
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, "Generated 6 plots:\n"));
  g_assert_nonnull (strstr (summary, "speedup = minGPT ÷ cutileGPT:\n"));
  g_assert_nonnull (strstr (summary, "  gpt_nano        2.34       1.20       1.95\n"));
  g_assert_nonnull (strstr (summary, "  gpt_micro       3.90       1.60       2.44\n"));
  g_assert_nonnull (strstr (summary, "  gpt_mini        6.60       4.00       1.65\n"));
  result_clear (&r);
}

/* AIPerf and cutileGPT together: each kind its own folder. */
static void
test_export_kinds (void)
{
  g_autofree char *min_dir = fixture ("minGPT");
  g_autofree char *aiperf_run = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "examples",
                                                       "artifacts", "run1", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "kinds", NULL);
  g_autofree char *cutile_out = g_build_filename (out, "cutile", NULL);
  Result r;

  cli_run (&r, home_dir, aiperf_run, min_dir, "-o", out, "--plot", "forward_latency", "--plot",
           "architecture", NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (has_file (cutile_out, "forward_latency.png"));
  g_assert_true (has_file (cutile_out, "architecture.png"));
  g_assert_false (has_file (cutile_out, "efficiency.png"));
  result_clear (&r);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_root = g_dir_make_tmp ("aiperf-cli-cutile-XXXXXX", NULL);
  home_dir = g_build_filename (tmp_root, "home", NULL);
  g_test_add_func ("/aiperf/cli/cutile/metric", test_metric);
  g_test_add_func ("/aiperf/cli/cutile/list", test_list);
  g_test_add_func ("/aiperf/cli/cutile/export-one", test_export_one);
  g_test_add_func ("/aiperf/cli/cutile/export-two", test_export_two);
  g_test_add_func ("/aiperf/cli/cutile/export-kinds", test_export_kinds);
  status = g_test_run ();
  aiperf_test_remove_tree (tmp_root);
  g_free (home_dir);
  g_free (tmp_root);
  return status;
}
