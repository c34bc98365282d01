/* test-cli-vllm.c — aiperf-plot --headless on vLLM results: --metric with
 * ccl-bench's names, --list, --param-pattern and the eight sweep charts,
 * run as a process with no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "aiperf-test-util.h"
#include "cli-test-util.h"

static guint
count_parts (const char *text,
             const char *separator)
{
  g_auto(GStrv) parts = g_strsplit (text, separator, -1);

  return g_strv_length (parts);
}

static char *
fixture (const char *rel)
{
  return g_test_build_filename (G_TEST_DIST, "data", "formats", "vllm", rel, NULL);
}

/* ccl-bench's extract script: the mean of mean_ttft_ms over results_json/. */
static double
expected_ttft (int    base,
               int    seqs,
               int    tokens)
{
  static const double offsets[] = { 0.0, 4.5, 10.25 };
  guint n = seqs == 64 ? 2 : 3;
  double sum = 0;

  for (guint r = 0; r < n; r++)
    sum += (base + seqs * 2) + tokens / 512.0 + offsets[r];
  return sum / n;
}

static void
test_metric_ttft (void)
{
  static const struct { const char *framework, *tag; int base; } variants[] = {
    { "vllmTP4", "baseline", 100 }, { "vllmEP4", "defaultall2all", 80 }, { "vllmEP4", "pplx", 60 },
  };
  static const int configs[][2] = { { 8, 8192 }, { 32, 8192 }, { 64, 8192 }, { 32, 4096 }, { 32, 16384 } };
  g_autofree char *root = fixture ("ccl/trace_collection");
  g_auto(GStrv) lines = NULL;
  g_autofree char *line = NULL;
  Result r = { 0 };

  cli_run (&r, g_get_tmp_dir (), "--metric", "TTFT", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* The broken folder is reported, not printed. */
  g_assert_nonnull (strstr (r.err, "baseline_16_8192]-group12/results_json/b.json:1:"));
  lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 17);  /* 16 runs and the final newline */
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
      {
        g_autofree char *prefix = g_strdup_printf ("%s/Mixtral8x7B-%s-Perlmutter[%s_%d_%d]-group12\t", root,
                                                   variants[v].framework, variants[v].tag,
                                                   configs[c][0], configs[c][1]);
        gboolean found = FALSE;

        for (guint i = 0; lines[i] != NULL; i++)
          if (g_str_has_prefix (lines[i], prefix))
            {
              char *end = NULL;
              double value = g_ascii_strtod (lines[i] + strlen (prefix), &end);

              /* Round-trip precision: the very double the mean is. */
              g_assert_cmpfloat (value, ==, expected_ttft (variants[v].base, configs[c][0], configs[c][1]));
              g_assert_cmpstr (end, ==, "");
              found = TRUE;
            }
        g_assert_true (found);
      }
  /* What Python's print(sum(values) / len(values)) writes for this folder. */
  line = g_strdup_printf ("%s/Mixtral8x7B-vllmTP4-Perlmutter[baseline_32_8192]-group12\t184.91666666666666\n", root);
  g_assert_nonnull (strstr (r.out, line));
  result_clear (&r);

  /* ccl-bench's other names. */
  cli_run (&r, g_get_tmp_dir (), "--metric", "TPOT", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpuint (count_parts (r.out, "\n"), ==, 17);
  result_clear (&r);
  cli_run (&r, g_get_tmp_dir (), "--metric", "output_throughput", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "[defaultall2all_32_8192_eplboff]-group12\t400\n"));
  result_clear (&r);
}

static void
test_metric_file_keys (void)
{
  g_autofree char *root = fixture ("jsonl");
  g_autofree char *expected = NULL;
  Result r = { 0 };

  cli_run (&r, g_get_tmp_dir (), "--metric", "request_throughput", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  expected = g_strdup_printf ("%s/vllm-append.json#1\t4\n%s/vllm-append.json#2\t15.5\n%s/vllm-append.json#3\t2\n",
                              root, root, root);
  g_assert_cmpstr (r.out, ==, expected);
  result_clear (&r);
}

static void
test_list (void)
{
  g_autofree char *root = fixture ("ccl/trace_collection");
  g_autofree char *eplb = NULL;
  Result r = { 0 };

  cli_run (&r, g_get_tmp_dir (), "--list", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  eplb = g_strdup_printf ("%s/Mixtral8x7B-vllmEP4-Perlmutter[defaultall2all_32_8192_eplboff]-group12\tvllm\t"
                          "mistralai/Mixtral-8x7B-v0.1\trequest_rate=inf\trequests=200\terrors=0\tgpus=0\t"
                          "excluded from sweep plots (eplb)\n", root);
  g_assert_nonnull (strstr (r.out, eplb));
  g_assert_nonnull (strstr (r.out, "mode: multi-run (16 runs)\n"));
  /* Only that run is excluded. */
  g_assert_null (strstr (strstr (r.out, eplb) + strlen (eplb), "excluded"));
  g_assert_cmpuint (count_parts (r.out, "excluded from sweep"), ==, 2);
  result_clear (&r);
}

static void
test_param_pattern (void)
{
  g_autofree char *root = fixture ("sweep");
  Result r = { 0 };

  cli_run (&r, g_get_tmp_dir (), "--list", "--param-pattern", "(?P<broken", root, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "Bad --param-pattern: "));
  g_assert_nonnull (strstr (r.err, "(?P<broken"));
  g_assert_cmpstr (r.out, ==, "");
  result_clear (&r);

  cli_run (&r, g_get_tmp_dir (), "--metric", "TTFT", "--param-pattern", "max_num_seqs=(?P<max_num_seqs>\\d+)", root, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "\t41.25\n"));
  result_clear (&r);
}

static gboolean
is_png (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  return g_file_get_contents (path, &data, &length, NULL) && length > 10000 &&
         memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0;
}

static void
test_export_sweep_charts (void)
{
  static const char * const charts[] = {
    "ttft_vs_max_num_seqs", "tpot_vs_max_num_seqs", "request_throughput_vs_max_num_seqs",
    "output_throughput_vs_max_num_seqs", "ttft_vs_max_num_batched_tokens",
    "tpot_vs_max_num_batched_tokens", "request_throughput_vs_max_num_batched_tokens",
    "output_throughput_vs_max_num_batched_tokens",
  };
  g_autofree char *root = fixture ("ccl/trace_collection");
  g_autofree char *tmp = g_dir_make_tmp ("aiperf-vllm-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (tmp, "plots", NULL);
  g_autofree char *summary = NULL, *summary_path = g_build_filename (out, "summary.txt", NULL);
  Result r = { 0 };

  cli_run (&r, g_get_tmp_dir (), root, "-o", out, "--size", "1200x600", NULL);
  g_assert_cmpint (r.status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      g_autofree char *file = g_strconcat (charts[i], ".png", NULL);
      g_autofree char *path = g_build_filename (out, file, NULL);
      g_autofree char *listed = g_strconcat ("  - ", file, "\n", NULL);

      g_assert_true (is_png (path));
      g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
      g_assert_nonnull (strstr (summary, listed));
      g_clear_pointer (&summary, g_free);
    }
  /* The runs' own error is a warning, not a failure of the export. */
  g_assert_nonnull (strstr (r.err, "b.json"));
  result_clear (&r);
  aiperf_test_remove_tree (tmp);
}

static void
test_aiperf_export_unchanged (void)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit", "plot",
                                                 "fixtures", NULL);
  g_autofree char *tmp = g_dir_make_tmp ("aiperf-vllm-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (tmp, "plots", NULL);
  g_autofree char *log = NULL, *log_path = g_build_filename (out, "aiperf_plot.log", NULL);
  Result r = { 0 };

  /* AIPerf runs have no max_num_seqs: the sweep presets are not about them
   * and are left out without a word. */
  cli_run (&r, g_get_tmp_dir (), root, "-o", out, "--size", "800x400", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_null (strstr (r.err, "max_num"));
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  g_assert_null (strstr (log, "max_num"));
  g_assert_nonnull (strstr (r.out, "Saved 4 plot(s)"));
  result_clear (&r);
  aiperf_test_remove_tree (tmp);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/vllm/metric-ttft", test_metric_ttft);
  g_test_add_func ("/cli/vllm/metric-file-keys", test_metric_file_keys);
  g_test_add_func ("/cli/vllm/list", test_list);
  g_test_add_func ("/cli/vllm/param-pattern", test_param_pattern);
  g_test_add_func ("/cli/vllm/export-sweep-charts", test_export_sweep_charts);
  g_test_add_func ("/cli/vllm/aiperf-export-unchanged", test_aiperf_export_unchanged);
  return g_test_run ();
}
