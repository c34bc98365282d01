/* test-cli-traces-real.c — real trace-analysis inputs opened from the
 * command line as a user would, every message checked word for word:
 * TraceLens's perf-report folder of Qwen on H100, which holds only its ops
 * sheets (no kernel summary, no GPU timeline); one real trace exported,
 * with nothing said about the charts one trace cannot have; acelyzer's
 * trace of metadata only; HTA's trace without ProfilerStep, which says
 * why it has no iterations.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "aiperf-test-util.h"
#include "cli-test-util.h"

#define QWEN_REPORT "Qwen_Qwen1.5-0.5B-Chat__1016005_perf_report_csvs"

static char *tmp_root;

/* The report folder opens: its ops sheet read (the ops with the most
 * direct kernel time, as ops_summary.csv has them), shown as a chart and
 * in summary.txt; the 8 sheets it does not read named once, by what they
 * hold; --list names the folder as one TraceLens run. */
static void
test_ops_only_report (void)
{
  g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "data", "tracelens", QWEN_REPORT, NULL);
  g_autofree char *out = g_build_filename (tmp_root, "qwen-ops", NULL);
  g_autofree char *summary_path = g_build_filename (out, "summary.txt", NULL);
  g_autofree char *summary = NULL, *files = NULL, *expected_err = NULL, *expected_list = NULL;
  Result r;

  cli_run (&r, tmp_root, folder, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  files = aiperf_test_list_dir (out);
  g_assert_cmpstr (files, ==, "aiperf_plot.log summary.txt tracelens_ops.png");
  expected_err = g_strdup_printf ("aiperf-plot: %s: 8 sheets of the TraceLens report not read: "
                                  "BinaryElementwise.csv, Reduce_fwd.csv, SDPA_fwd.csv, UnaryElementwise.csv, "
                                  "unified_perf_summary.csv (perf-model sheets: FLOPs, bytes and TFLOP/s per op "
                                  "shape); ops_unique_args.csv (per-shape op statistics); short_kernel_histogram.csv, "
                                  "short_kernels_summary.csv (short-kernel tables)\n", folder);
  g_assert_cmpstr (r.err, ==, expected_err);
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  /* ops_summary.csv's first rows and the sum of its last five */
  g_assert_nonnull (strstr (summary, "Qwen_Qwen1.5-0.5B-Chat__1016005 ("));
  g_assert_nonnull (strstr (summary, "  Direct kernel time by op (TraceLens ops_summary.csv):\n"
                                     "    aten::mul                          6.752900 ms   21.165%  220 calls\n"
                                     "    aten::mm                           6.668682 ms   20.901%  96 calls\n"
                                     "    aten::copy_                        5.101935 ms   15.991%  197 calls\n"));
  g_assert_nonnull (strstr (summary, "    aten::bmm                          0.003520 ms    0.011%  1 calls\n"
                                     "    5 more ops: 0.009824 ms\n"));
  g_assert_nonnull (strstr (summary, "  - tracelens_ops.png\n"));
  /* the sheets not read, in the summary too */
  g_assert_nonnull (strstr (summary, "    5 more ops: 0.009824 ms\n"
                                     "  8 sheets of the report are not read: BinaryElementwise.csv, Reduce_fwd.csv, "
                                     "SDPA_fwd.csv, UnaryElementwise.csv, unified_perf_summary.csv (perf-model sheets: "
                                     "FLOPs, bytes and TFLOP/s per op shape); ops_unique_args.csv (per-shape op "
                                     "statistics); short_kernel_histogram.csv, short_kernels_summary.csv (short-kernel "
                                     "tables). Of a report, kernel_summary.csv, gpu_timeline.csv, ops_summary.csv, "
                                     "ops_summary_by_category.csv and GEMM.csv are read.\n"));
  result_clear (&r);

  cli_run (&r, tmp_root, "--list", folder, NULL);
  g_assert_cmpint (r.status, ==, 0);
  expected_list = g_strdup_printf ("%s\ttracelens\nmode: single-run\n", folder);
  g_assert_cmpstr (r.out, ==, expected_list);
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

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
  expected_out = g_strdup_printf ("Saved 7 plot(s) to: %s\nLogs: %s\n", out, log_path);
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

/* HTA's simple_add trace has no ProfilerStep#N: its summary says so and
 * why there is no iterations chart, and --plot iterations says why it is
 * skipped; a trace with steps (Qwen's, one GPU-side step of 34.892 ms)
 * and one that is no PyTorch trace (acelyzer's) say nothing of it. */
static void
test_no_profiler_steps (void)
{
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "trace", "simple_add_trace.json.gz", NULL);
  g_autofree char *qwen = g_test_build_filename (G_TEST_DIST, "data", "trace",
                                                 "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz", NULL);
  g_autofree char *aiu = g_test_build_filename (G_TEST_DIST, "data", "trace", "allreduce_tp4.json", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "no-steps", NULL);
  g_autofree char *summary_path = g_build_filename (out, "summary.txt", NULL);
  g_autofree char *summary = NULL, *files = NULL;
  const char *said = "  No iterations: the trace has no ProfilerStep#N annotations (the PyTorch profiler writes one "
                     "for each step the profiled loop marks with prof.step()), so it has no iterations to chart.\n";
  Result r;

  cli_run (&r, tmp_root, trace, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  files = aiperf_test_list_dir (out);
  g_assert_null (strstr (files, "iterations"));
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, said));
  result_clear (&r);
  aiperf_test_remove_tree (out);

  cli_run (&r, tmp_root, trace, "--plot", "iterations", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "aiperf-plot: Skipping iterations: no trace has ProfilerStep#N annotations, so there "
                              "are no iterations to show: the PyTorch profiler writes one for each step the profiled "
                              "loop marks with prof.step()\n");
  result_clear (&r);
  aiperf_test_remove_tree (out);

  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&summary, g_free);
      cli_run (&r, tmp_root, i == 0 ? qwen : aiu, "-o", out, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
      g_assert_null (strstr (summary, "No iterations"));
      if (i == 0)
        g_assert_nonnull (strstr (summary, "  1 iteration (GPU-side ProfilerStep span): mean 34.892 ms, "
                                           "median 34.892 ms\n"));
      result_clear (&r);
      aiperf_test_remove_tree (out);
    }
}

/* iterations.csv: each ProfilerStep#N once, the GPU-side span where the
 * trace has it and both sides' spans (Qwen's step 6: 47.151395 ms on the
 * CPU, 34.892421 on the GPU, as its two ProfilerStep#6 events say); two
 * ranks merged (a comma list) name their trace and are a group of bars
 * each; HTA's CPU-only trace, which ran no kernel, has its file too. */
static void
test_iterations_csv (void)
{
  g_autofree char *qwen = g_test_build_filename (G_TEST_DIST, "data", "trace",
                                                 "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz", NULL);
  g_autofree char *bert = g_test_build_filename (G_TEST_DIST, "data", "trace",
                                                 "gaunernst_bert-small-uncased__1016001.json.gz", NULL);
  g_autofree char *cpu_only = g_test_build_filename (G_TEST_DIST, "data", "trace",
                                                     "rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz", NULL);
  g_autofree char *ranks = g_strdup_printf ("%s,%s", bert, qwen);
  g_autofree char *out = g_build_filename (tmp_root, "iterations", NULL);
  g_autofree char *csv_path = g_build_filename (out, "iterations.csv", NULL);
  g_autofree char *summary_path = g_build_filename (out, "summary.txt", NULL);
  g_autofree char *csv = NULL, *summary = NULL, *files = NULL;
  Result r;

  cli_run (&r, tmp_root, qwen, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  g_assert_cmpstr (csv, ==, "step,start_us,duration_ms,cpu_duration_ms,gpu_duration_ms,duration_side\n"
                            "6,1428625746382.662,34.892421,47.151395,34.892421,GPU\n");
  result_clear (&r);
  aiperf_test_remove_tree (out);
  g_clear_pointer (&csv, g_free);

  cli_run (&r, tmp_root, ranks, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  g_assert_cmpstr (csv, ==, "trace,step,start_us,duration_ms,cpu_duration_ms,gpu_duration_ms,duration_side\n"
                            "gaunernst_bert-small-uncased__1016001,6,1419247333430.848,3.907827,4.426114,3.907827,GPU\n"
                            "Qwen_Qwen1.5-0.5B-Chat__1016005,6,1428625746382.662,34.892421,47.151395,34.892421,GPU\n");
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, "  2 iterations (GPU-side ProfilerStep spans): mean 19.400 ms, "
                                     "median 19.400 ms\n"));
  result_clear (&r);
  aiperf_test_remove_tree (out);
  g_clear_pointer (&csv, g_free);

  cli_run (&r, tmp_root, cpu_only, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  files = aiperf_test_list_dir (out);
  g_assert_cmpstr (files, ==, "aiperf_plot.log iterations.csv iterations.png summary.txt timeline.png");
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  g_assert_cmpstr (csv, ==, "step,start_us,duration_ms,cpu_duration_ms,duration_side\n"
                            "551,1212075529876.817,210.109162,210.109162,CPU\n");
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

/* The value of column @column of the CSV row whose first field is @name
 * (no quoted commas in these names); NAN when there is none. */
static double
csv_value (const char *csv,
           const char *name,
           guint       column)
{
  g_auto(GStrv) lines = g_strsplit (csv, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      if (g_strv_length (fields) > column && g_str_equal (fields[0], name))
        return g_ascii_strtod (fields[column], NULL);
    }
  return NAN;
}

/* cpu_ops.csv of Qwen's trace against TraceLens's ops_summary.csv of the
 * same trace: each op's GPU time (kernels and memsets, TraceLens's direct
 * kernel time) within 5 ns of TraceLens's float32 sums (aten::mm 6668.679
 * µs, 80.264 of them memsets, against 6668.682), the same op count, and
 * no "unattributed" row for the 10 ns the window's clipping leaves. */
static void
test_cpu_ops_tracelens (void)
{
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "trace",
                                                  "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz", NULL);
  g_autofree char *sheet_path = g_test_build_filename (G_TEST_DIST, "data", "tracelens", QWEN_REPORT,
                                                       "ops_summary.csv", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "cpu-ops", NULL);
  g_autofree char *ops_path = g_build_filename (out, "cpu_ops.csv", NULL);
  g_autofree char *ops = NULL, *sheet = NULL;
  g_auto(GStrv) rows = NULL;
  guint n_ops = 0;
  Result r;

  cli_run (&r, tmp_root, trace, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (ops_path, &ops, NULL, NULL));
  g_assert_true (g_file_get_contents (sheet_path, &sheet, NULL, NULL));
  g_assert_true (g_str_has_prefix (ops, "cpu_op,kernel_us,memcpy_us,memset_us,gpu_us,fraction,kernels,memcpys,"
                                        "memsets\naten::mul,6752.901,0.000,0.000,6752.901,0.2117,220,0,0\n"
                                        "aten::mm,6588.415,0.000,80.264,6668.679,0.2090,96,0,96\n"));
  g_assert_null (strstr (ops, "unattributed"));
  rows = g_strsplit (sheet, "\n", -1);
  for (guint i = 1; rows[i] != NULL && *rows[i] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (rows[i], ",", 2);
      double direct_us = csv_value (sheet, fields[0], 1);
      double ours_us = csv_value (ops, fields[0], 4);

      if (fabs (ours_us - direct_us) > 0.005)
        g_error ("%s: %.3f µs, TraceLens %.6f µs", fields[0], ours_us, direct_us);
      n_ops++;
    }
  g_assert_cmpuint (n_ops, ==, 20);
  g_assert_cmpfloat (csv_value (ops, "aten::rsqrt", 6) + csv_value (ops, "aten::rsqrt", 8), ==, 49);
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

/* acelyzer's meta_events_only.json alone: exit 1 with what it holds and
 * what a trace needs, and nothing else. */
static void
test_metadata_only (void)
{
  g_autofree char *meta = g_test_build_filename (G_TEST_DIST, "data", "trace", "meta_events_only.json", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "meta", NULL);
  g_autofree char *expected = NULL;
  Result r;

  cli_run (&r, tmp_root, meta, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 1);
  expected = g_strdup_printf ("aiperf-plot: The run could not be loaded: %s: only 4 metadata events (“ph”: “M”, the "
                              "names and order of processes and threads) and no event to show: a trace needs complete "
                              "(“X”), begin/end (“B”/“E”), instant (“i”) or counter (“C”) events\n", meta);
  g_assert_cmpstr (r.err, ==, expected);
  g_assert_cmpstr (r.out, ==, "");
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

/* acelyzer's compiler log starts with "[DeepRT] =====": said to be text,
 * not JSON, not "a JSON array whose first element is not an event". */
static void
test_log_not_json (void)
{
  g_autofree char *log = g_test_build_filename (G_TEST_DIST, "data", "trace", "dt_cycles_table.log", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "log", NULL);
  g_autofree char *expected = NULL;
  Result r;

  cli_run (&r, tmp_root, log, "-o", out, NULL);
  expected = g_strdup_printf ("(%s: closest: Chrome trace, refused because it is text that starts with “[” but is "
                              "no JSON (“[DeepRT] ===== Perf BEGIN =====”))\n", log);
  g_test_message ("%s", r.err);
  g_assert_true (g_str_has_prefix (r.err, "aiperf-plot: Nothing to open in "));
  g_assert_true (g_str_has_suffix (r.err, expected));
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

/* MTIA's 13 s trace: its timeline's time axis in seconds (0 to 12, in
 * "(s)"), not "12k" milliseconds. Read from the PDF report, whose
 * timeline page the same painter draws. */
static void
test_timeline_seconds (void)
{
  g_autofree char *mtia = g_test_build_filename (G_TEST_DIST, "data", "trace", "mtia_rank_0.json.gz", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "mtia-report", NULL);
  g_autofree char *path = g_build_filename (out, "report.pdf", NULL);
  g_autofree char *text = NULL;
  Result r;

  cli_run (&r, tmp_root, "--report", "pdf", "-o", out, mtia, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  text = pdf_text (path);
  if (text == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  g_assert_nonnull (strstr (text, "Time since the trace's start (s)"));
  g_assert_null (strstr (text, "Time since the trace's start (ms)"));
  g_assert_null (strstr (text, "12k"));
  g_assert_true (g_regex_match_simple ("\\b0 +2 +4 +6 +8 +10 +12\\b", text, 0, 0));
  aiperf_test_remove_tree (out);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_root = g_dir_make_tmp ("aiperf-traces-real-XXXXXX", NULL);
  g_test_add_func ("/cli/traces-real/ops-only-report", test_ops_only_report);
  g_test_add_func ("/cli/traces-real/single-trace-quiet", test_single_trace_quiet);
  g_test_add_func ("/cli/traces-real/metadata-only", test_metadata_only);
  g_test_add_func ("/cli/traces-real/log-not-json", test_log_not_json);
  g_test_add_func ("/cli/traces-real/no-profiler-steps", test_no_profiler_steps);
  g_test_add_func ("/cli/traces-real/iterations-csv", test_iterations_csv);
  g_test_add_func ("/cli/traces-real/cpu-ops-tracelens", test_cpu_ops_tracelens);
  g_test_add_func ("/cli/traces-real/timeline-seconds", test_timeline_seconds);
  status = g_test_run ();
  aiperf_test_remove_tree (tmp_root);
  g_free (tmp_root);
  return status;
}
