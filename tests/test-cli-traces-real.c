/* test-cli-traces-real.c — real trace-analysis inputs opened from the
 * command line as a user would, every message checked word for word: one
 * real trace exported, with nothing said about the charts one trace
 * cannot have.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "aiperf-test-util.h"
#include "cli-test-util.h"

static char *tmp_root;

/* TraceLens's Qwen trace exported alone: its six charts, and not a word
 * about the changes between traces or the counters it cannot have; named
 * with --plot, they are said to be skipped and why. acelyzer's AIU trace
 * alone: not a word about the iterations it has no ProfilerStep for. */
static void
test_single_trace_quiet (void)
{
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "trace",
                                                  "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz", NULL);
  g_autofree char *aiu = g_test_build_filename (G_TEST_DIST, "data", "trace", "allreduce_tp4.json", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "qwen-trace", NULL);
  g_autofree char *log_path = g_build_filename (out, "aiperf_plot.log", NULL);
  g_autofree char *log = NULL, *expected_out = NULL;
  Result r;

  cli_run (&r, tmp_root, trace, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  expected_out = g_strdup_printf ("Saved 6 plot(s) to: %s\nLogs: %s\n", out, log_path);
  g_assert_cmpstr (r.out, ==, expected_out);
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  g_assert_null (strstr (log, "Skipping"));
  result_clear (&r);
  aiperf_test_remove_tree (out);

  cli_run (&r, tmp_root, trace, "--plot", "kernel_deltas", "--plot", "counters", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "aiperf-plot: Skipping kernel_deltas: the changes need two or more kernel summaries\n"
                              "aiperf-plot: Skipping counters: no trace has counters (C events)\n");
  result_clear (&r);
  aiperf_test_remove_tree (out);

  /* acelyzer's AIU trace: no ProfilerStep, no GPU kernels; its timeline */
  cli_run (&r, tmp_root, aiu, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  g_free (expected_out);
  expected_out = g_strdup_printf ("Saved 1 plot(s) to: %s\nLogs: %s\n", out, log_path);
  g_assert_cmpstr (r.out, ==, expected_out);
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_root = g_dir_make_tmp ("aiperf-traces-real-XXXXXX", NULL);
  g_test_add_func ("/cli/traces-real/single-trace-quiet", test_single_trace_quiet);
  status = g_test_run ();
  aiperf_test_remove_tree (tmp_root);
  g_free (tmp_root);
  return status;
}
