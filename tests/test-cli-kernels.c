/* test-cli-kernels.c — aiperf-plot --headless on Nsight kernel summaries:
 * the files an EPLB off/on pair writes, and --kernel-classes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <json-glib/json-glib.h>

#include "aiperf-test-util.h"
#include "cli-test-util.h"

static char *
eplb_folder (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", NULL);
}

static JsonObject *
load_analysis (JsonParser *parser,
               const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "kernel_analysis.json", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_eplb_pair (void)
{
  g_autofree char *in = eplb_folder ();
  g_autofree char *out = g_dir_make_tmp ("aiperf-kernels-XXXXXX", NULL);
  g_autofree char *listing = NULL;
  g_autofree char *summary_path = g_build_filename (out, "summary.txt", NULL);
  g_autofree char *summary = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *first;
  Result r;

  cli_run (&r, out, in, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  listing = aiperf_test_list_dir (out);
  g_assert_cmpstr (listing, ==, "aiperf_plot.log category_diff.csv kernel_analysis.json kernel_categories.png "
                                "kernel_deltas.png kernel_diff.csv summary.txt top_kernels.png");
  root = load_analysis (parser, out);
  first = json_array_get_object_element (json_object_get_array_member (root, "summaries"), 0);
  g_assert_cmpint (json_object_get_int_member (first, "total_kernel_ns"), ==, 5000000000);
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, "Kernel summaries"));
  g_assert_nonnull (strstr (summary, "EPLBON against EPLBOFF (the baseline, opened first):"));
  result_clear (&r);
  g_assert_true (aiperf_test_remove_tree (out));
}

/* The baseline is the first path given, whatever the names: EPLBON first. */
static void
test_eplb_order (void)
{
  g_autofree char *on = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBON.csv", NULL);
  g_autofree char *off = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBOFF.csv", NULL);
  g_autofree char *out = g_dir_make_tmp ("aiperf-kernels-XXXXXX", NULL);
  g_autofree char *summary_path = g_build_filename (out, "summary.txt", NULL);
  g_autofree char *summary = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *delta;
  Result r;

  cli_run (&r, out, on, off, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = load_analysis (parser, out);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (root, "inputs"), 0),
                                                  "label"), ==, "EPLBON");
  delta = json_array_get_object_element (json_object_get_array_member (root, "deltas"), 0);
  g_assert_cmpstr (json_object_get_string_member (delta, "baseline"), ==, "EPLBON");
  g_assert_cmpstr (json_object_get_string_member (delta, "compared"), ==, "EPLBOFF");
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, "EPLBOFF against EPLBON (the baseline, opened first):"));
  result_clear (&r);
  g_assert_true (aiperf_test_remove_tree (out));
}

/* One summary: no deltas chart, no deltas in the JSON. User rules sort the
 * kernels; a rule file that does not parse is a usage error naming it. */
static void
test_single_and_rules (void)
{
  g_autofree char *in = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBOFF.csv", NULL);
  g_autofree char *out = g_dir_make_tmp ("aiperf-kernels-XXXXXX", NULL);
  g_autofree char *rules = g_build_filename (out, "rules.yaml", NULL);
  g_autofree char *bad = g_build_filename (out, "bad.yaml", NULL);
  g_autofree char *plots = g_build_filename (out, "plots", NULL);
  g_autofree char *listing = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *first;
  Result r;

  g_assert_true (g_file_set_contents (rules, "categories:\n  - name: moe\n    match: 'flash'\n", -1, NULL));
  g_assert_true (g_file_set_contents (bad, "categories:\n  - name: x\n    match: '('\n", -1, NULL));
  cli_run (&r, out, in, "--kernel-classes", rules, "-o", plots, NULL);
  g_assert_cmpint (r.status, ==, 0);
  listing = aiperf_test_list_dir (plots);
  g_assert_cmpstr (listing, ==, "aiperf_plot.log kernel_analysis.json kernel_categories.png summary.txt top_kernels.png");
  root = load_analysis (parser, plots);
  g_assert_false (json_object_has_member (root, "deltas"));
  first = json_array_get_object_element (json_object_get_array_member (root, "summaries"), 0);
  /* Only flash_fwd_kernel is "moe" now; fused_moe_kernel is "other". */
  g_assert_cmpint (json_object_get_int_member (first, "moe_total_ns"), ==, 800000000);
  result_clear (&r);

  cli_run (&r, out, in, "--kernel-classes", bad, "-o", plots, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "bad.yaml:2: bad pattern for “x”"));
  result_clear (&r);
  g_assert_true (aiperf_test_remove_tree (out));
}

/* A PyTorch trace: kernels charts and files as acelyzer names them, the
 * timeline, the categories' total equal to the kernel summary's. */
static void
test_trace (void)
{
  g_autofree char *in = g_test_build_filename (G_TEST_DIST, "data", "trace", "simple_add_trace.json.gz", NULL);
  g_autofree char *out = g_dir_make_tmp ("aiperf-trace-XXXXXX", NULL);
  g_autofree char *listing = NULL, *summary = NULL, *categories = NULL;
  g_autofree char *summary_path = g_build_filename (out, "kernel_summary.csv", NULL);
  g_autofree char *categories_path = g_build_filename (out, "categories.txt", NULL);
  Result r;

  cli_run (&r, out, in, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  listing = aiperf_test_list_dir (out);
  g_assert_cmpstr (listing, ==, "aiperf_plot.log categories.csv categories.txt cpu_ops.csv gpu_timeline.csv "
                                "gpu_timeline.txt idle_time.csv idle_time.png kernel_breakdown.csv kernel_categories.png "
                                "kernel_summary.csv kernel_types.csv kernel_types.png streams.csv summary.txt temporal_breakdown.csv "
                                "temporal_breakdown.png timeline.png top_kernels.png");
  /* GPU time by launching op, kernels, memcpys and memsets apart, as a
   * join of the raw JSON in Python gives; shares of all 49,816 µs of GPU
   * time (aten::copy_ launched the memcpys, not kernels). */
  {
    g_autofree char *ops_path = g_build_filename (out, "cpu_ops.csv", NULL);
    g_autofree char *ops = NULL;

    g_assert_true (g_file_get_contents (ops_path, &ops, NULL, NULL));
    g_assert_true (g_str_has_prefix (ops, "cpu_op,kernel_us,memcpy_us,memset_us,gpu_us,fraction,kernels,memcpys,memsets\n"
                                          "aten::copy_,0.000,39080.000,0.000,39080.000,0.7845,0,16,0\n"
                                          "aten::cudnn_convolution,5357.000,0.000,4.000,5361.000,0.1076,30,0,1\n"
                                          "aten::addmm,2711.000,0.000,4.000,2715.000,0.0545,12,0,2\n"));
  }
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_true (g_str_has_prefix (summary, "name,calls,total_us,avg_us,min_us,max_us,percent\n"
                                            "ampere_sgemm_32x32_sliced1x4_tn,6,2673.000,445.500,97.000,868.000,24.92\n"));
  g_assert_true (g_file_get_contents (categories_path, &categories, NULL, NULL));
  g_assert_nonnull (strstr (categories, "total                 10728.000    100.00%"));
  /* The two streams' busy times add up to the kernels', memcpys' and
   * memsets' 49,816 µs: no overlap within a stream. */
  {
    g_autofree char *streams_path = g_build_filename (out, "streams.csv", NULL);
    g_autofree char *streams = NULL;

    g_assert_true (g_file_get_contents (streams_path, &streams, NULL, NULL));
    /* Streams in their numeric order (thread sort index, else the tid). */
    g_assert_cmpstr (streams, ==, "stream,busy_us,span_us,idle_fraction\n"
                                  "GPU 0 · stream 7,48745.000,16025575.000,0.9970\n"
                                  "GPU 0 · stream 20,1071.000,13583855.000,0.9999\n");
  }
  result_clear (&r);
  g_assert_true (aiperf_test_remove_tree (out));
}

/* --trace-window: the GPU-side step by default, the whole GPU timeline
 * with "all"; anything else is a usage error. */
static void
test_trace_window (void)
{
  g_autofree char *in = g_test_build_filename (G_TEST_DIST, "data", "trace", "kineto-synthetic.json", NULL);
  g_autofree char *out = g_dir_make_tmp ("aiperf-trace-XXXXXX", NULL);
  g_autofree char *all = g_build_filename (out, "all", NULL);
  g_autofree char *steps_notes = g_build_filename (out, "gpu_timeline.txt", NULL);
  g_autofree char *all_notes = g_build_filename (all, "gpu_timeline.txt", NULL);
  g_autofree char *text = NULL, *text_all = NULL;
  Result r;

  cli_run (&r, out, in, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  g_assert_true (g_file_get_contents (steps_notes, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "GPU 0: window = 1 GPU-side ProfilerStep span, 3.908 ms"));
  cli_run (&r, out, in, "--trace-window", "all", "-o", all, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  g_assert_true (g_file_get_contents (all_notes, &text_all, NULL, NULL));
  g_assert_nonnull (strstr (text_all, "GPU 0: window = its first event to its last, 3.912 ms"));
  cli_run (&r, out, in, "--trace-window", "some", "-o", all, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--trace-window"));
  result_clear (&r);
  g_assert_true (aiperf_test_remove_tree (out));
}

/* In German the messages are German and the files are as in English:
 * a decimal comma would split a CSV value in two. */
static void
test_german_files (void)
{
  static const char *const files[] = { "category_diff.csv", "kernel_diff.csv", "kernel_analysis.json" };
  g_autofree char *in = eplb_folder ();
  g_autofree char *out = g_dir_make_tmp ("aiperf-kernels-XXXXXX", NULL);
  g_autofree char *c_dir = g_build_filename (out, "c", NULL);
  g_autofree char *de_dir = g_build_filename (out, "de", NULL);
  g_autofree char *summary_path = g_build_filename (de_dir, "summary.txt", NULL);
  g_autofree char *summary = NULL;
  Result r;

  if (setlocale (LC_ALL, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("no de_DE.UTF-8 locale");
      return;
    }
  setlocale (LC_ALL, "C.UTF-8");
  cli_run (&r, out, in, "-o", c_dir, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  cli_run_in_locale (&r, "de_DE.UTF-8", out, in, "-o", de_dir, NULL);
  g_assert_cmpint (r.status, ==, 0);
  result_clear (&r);
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_nonnull (strstr (summary, "Kernel-Zusammenfassungen"));
  g_assert_nonnull (strstr (summary, "EPLBON gegenüber EPLBOFF (die Basis, zuerst geöffnet):"));
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *c_path = g_build_filename (c_dir, files[i], NULL);
      g_autofree char *de_path = g_build_filename (de_dir, files[i], NULL);
      g_autofree char *c_text = NULL, *de_text = NULL;

      g_assert_true (g_file_get_contents (c_path, &c_text, NULL, NULL));
      g_assert_true (g_file_get_contents (de_path, &de_text, NULL, NULL));
      g_assert_cmpstr (de_text, ==, c_text);
    }
  g_assert_true (aiperf_test_remove_tree (out));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/kernels/eplb-pair", test_eplb_pair);
  g_test_add_func ("/cli/kernels/eplb-order", test_eplb_order);
  g_test_add_func ("/cli/kernels/single-and-rules", test_single_and_rules);
  g_test_add_func ("/cli/kernels/trace", test_trace);
  g_test_add_func ("/cli/kernels/trace-window", test_trace_window);
  g_test_add_func ("/cli/kernels/german-files", test_german_files);
  return g_test_run ();
}
