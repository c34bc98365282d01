/* test-format-vllm.c — the vLLM format: bench serve JSON and JSON Lines,
 * ccl-bench trace folders, bench sweep folders, the nightly table, folder
 * name parameters, and the parameter_sweep charts.
 *
 * The ccl-bench values are those make-fixtures.py writes; they are dyadic,
 * so the expected means computed here the same way are exact.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-error.h"
#include "aiperf-folder-params.h"
#include "aiperf-formats.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-presets.h"
#include "aiperf-run-set.h"
#include "aiperf-vllm-private.h"
#include "aiperf-test-util.h"

#define TRACE_DIR "Mixtral8x7B-%s-Perlmutter[%s_%d_%d]-group12"

static const double offsets[] = { 0.0, 4.5, 10.25 };

static char *
fixture (const char *rel)
{
  return g_test_build_filename (G_TEST_DIST, "data", "formats", "vllm", rel, NULL);
}

static AiperfRunSet *
load (const char *rel,
      GRegex     *pattern)
{
  g_autofree char *path = fixture (rel);
  const char *paths[] = { path, NULL };
  AiperfOpenOptions options = { pattern, NULL };
  g_autoptr(GError) error = NULL;
  AiperfRunSet *set = aiperf_run_set_load_with_options (paths, &options, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  return set;
}

static AiperfRun *
trace_run (AiperfRunSet *set,
           const char   *framework,
           const char   *tag,
           int           seqs,
           int           tokens)
{
  g_autofree char *name = g_strdup_printf (TRACE_DIR, framework, tag, seqs, tokens);
  g_autofree char *rel = g_build_filename ("ccl", "trace_collection", name, NULL);
  g_autofree char *path = fixture (rel);
  AiperfRun *run = aiperf_run_set_find (set, path);

  g_assert_nonnull (run);
  return run;
}

static double
metric (AiperfRun  *run,
        const char *tag,
        AiperfStat  stat)
{
  double value = NAN;

  g_assert_true (aiperf_run_get_metric (run, tag, stat, &value));
  return value;
}

static double
spread (AiperfRun  *run,
        const char *tag,
        AiperfStat  stat)
{
  double value = NAN;

  g_assert_true (aiperf_run_get_metric_spread (run, tag, stat, &value));
  return value;
}

/* make-fixtures.py's formulas, in its order of operations. */
static double ccl_ttft (int base, int seqs, int tokens, double off) { return (base + seqs * 2) + tokens / 512.0 + off; }
static double ccl_tpot (int base, int seqs, int tokens, double off) { return base / 10.0 + seqs * 0.25 + tokens / 4096.0 + off / 8; }

/* The arithmetic mean summed in file order, and the sample standard deviation. */
static void
mean_std (const double *v,
          guint         n,
          double       *mean,
          double       *std)
{
  double sum = 0, squares = 0;

  for (guint i = 0; i < n; i++)
    sum += v[i];
  *mean = sum / n;
  for (guint i = 0; i < n; i++)
    squares += (v[i] - *mean) * (v[i] - *mean);
  *std = sqrt (squares / (n - 1));
}

static void
test_ccl_collection (void)
{
  g_autoptr(AiperfRunSet) set = load ("ccl/trace_collection", NULL);
  GPtrArray *errors = aiperf_run_set_get_load_errors (set);
  AiperfRun *run;
  double v[3], mean, std;

  /* 3 variants × 5 configurations + the eplboff folder; the folder with a
   * truncated JSON is an error that names the file and line. */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 16);
  g_assert_cmpuint (errors->len, ==, 1);
  g_assert_nonnull (strstr (((GError *) g_ptr_array_index (errors, 0))->message, "baseline_16_8192"));
  g_assert_nonnull (strstr (((GError *) g_ptr_array_index (errors, 0))->message, "results_json/b.json:1:"));

  run = trace_run (set, "vllmTP4", "baseline", 32, 8192);
  g_assert_cmpstr (aiperf_run_get_source (run), ==, "vllm");
  g_assert_cmpstr (aiperf_run_get_tool (run), ==, "vLLM");
  g_assert_cmpstr (aiperf_run_get_kind (run), ==, "serving");
  g_assert_cmpuint (aiperf_run_get_n_repeats (run), ==, 3);
  for (guint r = 0; r < 3; r++)
    v[r] = ccl_ttft (100, 32, 8192, offsets[r]);
  mean_std (v, 3, &mean, &std);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, mean);
  g_assert_cmpfloat (spread (run, "time_to_first_token", AIPERF_STAT_AVG), ==, std);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_P99), ==, 2 * mean);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_P50), ==, mean - 1);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "time_to_first_token"), ==, "ms");
  for (guint r = 0; r < 3; r++)
    v[r] = ccl_tpot (100, 32, 8192, offsets[r]);
  mean_std (v, 3, &mean, &std);
  /* vLLM's TPOT is AIPerf's inter-token latency; vLLM's ITL the chunk gap. */
  g_assert_cmpfloat (metric (run, "inter_token_latency", AIPERF_STAT_AVG), ==, mean);
  g_assert_cmpfloat (spread (run, "inter_token_latency", AIPERF_STAT_AVG), ==, std);
  g_assert_cmpfloat_with_epsilon (metric (run, "inter_chunk_latency", AIPERF_STAT_AVG), mean + 0.5, 1e-12);
  g_assert_cmpfloat (metric (run, "request_throughput", AIPERF_STAT_AVG), ==,
                     ((1 + 4.0 + 1.0 + 0) + (1 + 4.0 + 1.0 + 1.125) + (1 + 4.0 + 1.0 + 2.5625)) / 3);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "output_token_throughput"), ==, "tokens/sec");
  g_assert_cmpfloat (metric (run, "input_sequence_length", AIPERF_STAT_AVG), ==, 256);
  g_assert_cmpfloat (metric (run, "output_sequence_length", AIPERF_STAT_AVG), ==, 200);
  g_assert_cmpfloat (metric (run, "request_count", AIPERF_STAT_AVG), ==, 200);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 200);
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "mistralai/Mixtral-8x7B-v0.1");
  g_assert_true (isinf (aiperf_run_get_request_rate (run)));
  g_assert_true (isnan (aiperf_run_get_concurrency (run)));
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "request_rate");
  /* Folder name, then workload card. */
  g_assert_cmpstr (aiperf_run_get_parameter (run, "variant"), ==, "Baseline");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "max_num_seqs"), ==, "32");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "max_num_batched_tokens"), ==, "8192");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "framework"), ==, "vllmTP4");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "phase"), ==, "inference");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "moe"), ==, "true");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "gpu"), ==, "nvidia_a100");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "tp"), ==, "4");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "max_model_len"), ==, "4096");
  g_assert_null (aiperf_run_get_parameter (run, "excluded_from_sweep"));

  /* Two repeats at 64 seqs; the variant of vllmEP4 is DefaultAll2All. */
  run = trace_run (set, "vllmEP4", "defaultall2all", 64, 8192);
  g_assert_cmpuint (aiperf_run_get_n_repeats (run), ==, 2);
  v[0] = ccl_ttft (80, 64, 8192, offsets[0]);
  v[1] = ccl_ttft (80, 64, 8192, offsets[1]);
  mean_std (v, 2, &mean, &std);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, mean);
  g_assert_cmpfloat (spread (run, "time_to_first_token", AIPERF_STAT_AVG), ==, std);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "variant"), ==, "DefaultAll2All");
  /* A bracket word that is not the framework's label names its own variant. */
  run = trace_run (set, "vllmEP4", "pplx", 32, 4096);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "variant"), ==, "pplx");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "variant_tag"), ==, "pplx");

  /* Legacy files: per-request arrays skipped, the "request_goodput:" key. */
  run = trace_run (set, "vllmTP4", "baseline", 8, 8192);
  g_assert_null (aiperf_run_get_metric_stats (run, "ttfts"));
  g_assert_null (aiperf_run_get_metric_stats (run, "input_lens"));
  g_assert_null (aiperf_run_get_metric_stats (run, "goodput"));  /* null in those files */
  g_assert_cmpstr (aiperf_run_get_parameter (run, "use_beam_search"), ==, "false");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "best_of"), ==, "1");

  /* A card that is not valid YAML: the run loads, says why, and has no card settings. */
  run = trace_run (set, "vllmTP4", "baseline", 64, 8192);
  g_assert_null (aiperf_run_get_parameter (run, "phase"));
  g_assert_cmpuint (aiperf_run_get_warnings (run)->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (aiperf_run_get_warnings (run), 0), ".yaml:15:5:"));
}

static void
test_ccl_eplb (void)
{
  g_autoptr(AiperfRunSet) set = load ("ccl/trace_collection", NULL);
  g_autofree char *path = fixture ("ccl/trace_collection/"
                                   "Mixtral8x7B-vllmEP4-Perlmutter[defaultall2all_32_8192_eplboff]-group12");
  AiperfRun *run = aiperf_run_set_find (set, path);

  g_assert_nonnull (run);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "excluded_from_sweep"), ==, "eplb");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "eplb"), ==, "off");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "max_num_seqs"), ==, "32");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "variant"), ==, "DefaultAll2All");
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, 500.5);
}

static void
test_param_pattern (void)
{
  g_autoptr(GRegex) pattern = g_regex_new ("\\[(?P<variant>[a-z0-9]+)_(?P<max_num_seqs>\\d+)", 0, 0, NULL);
  g_autoptr(AiperfRunSet) set = load ("ccl/trace_collection", pattern);
  AiperfRun *run = trace_run (set, "vllmTP4", "baseline", 32, 8192);

  /* The user's groups win over the names the format gave. */
  g_assert_cmpstr (aiperf_run_get_parameter (run, "variant"), ==, "baseline");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "max_num_seqs"), ==, "32");
}

static void
test_bench_sweep (void)
{
  g_autoptr(AiperfRunSet) set = load ("sweep", NULL);
  g_autofree char *first = fixture ("sweep/20251201_120000/SERVE--max_num_seqs=32-max_num_batched_tokens=8192-"
                                    "BENCH--max_concurrency=16-num_prompts=100");
  g_autofree char *second = fixture ("sweep/20251201_120000/SERVE--max_num_seqs=64-max_num_batched_tokens=8192-"
                                     "BENCH--max_concurrency=32-num_prompts=100");
  AiperfRun *run;
  double v[2] = { 40.5, 42.0 }, mean, std;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 0);
  /* run=N.json are the repeats; summary.json (9999 here) is not read. */
  run = aiperf_run_set_find (set, first);
  g_assert_nonnull (run);
  mean_std (v, 2, &mean, &std);
  g_assert_cmpuint (aiperf_run_get_n_repeats (run), ==, 2);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, 41.25);
  g_assert_cmpfloat (spread (run, "time_to_first_token", AIPERF_STAT_AVG), ==, std);
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_AVG), ==, 2032);
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 16);
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "concurrency");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "max_num_seqs"), ==, "32");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "max_num_batched_tokens"), ==, "8192");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "max_concurrency"), ==, "16");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "num_prompts"), ==, "100");
  /* The sweep's overrides merged into the JSON are settings, not metrics. */
  g_assert_null (aiperf_run_get_metric_stats (run, "max_num_seqs"));
  g_assert_null (aiperf_run_get_metric_stats (run, "run_number"));
  /* Without run files, summary.json holds the repeats. */
  run = aiperf_run_set_find (set, second);
  g_assert_nonnull (run);
  g_assert_cmpuint (aiperf_run_get_n_repeats (run), ==, 2);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, 60.75);
}

static void
test_json_lines (void)
{
  g_autoptr(AiperfRunSet) set = load ("jsonl", NULL);
  g_autofree char *file = fixture ("jsonl/vllm-append.json");
  g_autofree char *key1 = g_strconcat (file, "#1", NULL);
  g_autofree char *key3 = g_strconcat (file, "#3", NULL);
  AiperfRun *run;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 3);
  run = aiperf_run_set_find (set, key1);
  g_assert_nonnull (run);
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "vllm-append.json#1");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 1);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, 30);
  g_assert_cmpuint (aiperf_run_get_n_repeats (run), ==, 1);
  g_assert_false (aiperf_run_get_metric_spread (run, "time_to_first_token", AIPERF_STAT_AVG, NULL));

  /* The v0.5-era line: typo key, rate-driven, unknown keys kept with units. */
  run = aiperf_run_set_find (set, key3);
  g_assert_nonnull (run);
  g_assert_cmpfloat (metric (run, "goodput", AIPERF_STAT_AVG), ==, 1.5);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "goodput"), ==, "requests/sec");
  g_assert_cmpfloat (aiperf_run_get_request_rate (run), ==, 2);
  g_assert_true (isnan (aiperf_run_get_concurrency (run)));
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "request_rate");
  g_assert_cmpfloat (metric (run, "input_throughput", AIPERF_STAT_AVG), ==, 512);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "input_throughput"), ==, "tokens/sec");
  g_assert_cmpfloat (metric (run, "power", AIPERF_STAT_AVG), ==, 300.5);
  g_assert_cmpfloat (metric (run, "power", AIPERF_STAT_P25), ==, 280);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "power"), ==, "W");
  g_assert_cmpfloat (metric (run, "p99.9_ttft_ms", AIPERF_STAT_AVG), ==, 120);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "p99.9_ttft_ms"), ==, "ms");
  g_assert_cmpfloat (metric (run, "spec_decode_acceptance_rate", AIPERF_STAT_AVG), ==, 0.75);
  g_assert_cmpfloat (metric (run, "max_output_tokens_per_s", AIPERF_STAT_AVG), ==, 1024);
  /* NaN is no value. */
  g_assert_false (aiperf_run_get_metric (run, "request_latency", AIPERF_STAT_AVG, NULL));
  g_assert_cmpstr (aiperf_run_get_start_time (run), ==, "2025-11-20T10:15:00");
}

static void
test_broken_files (void)
{
  g_autofree char *path = fixture ("jsonl-broken");
  const char *paths[] = { path, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);

  /* One line is cut short: the file says where, and nothing is loaded from it. */
  g_assert_null (set);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "results.json:2:"));
}

static void
test_single_legacy (void)
{
  g_autoptr(AiperfRunSet) set = load ("single", NULL);
  g_autofree char *file = fixture ("single/vllm-infqps-concurrency16-Qwen3-0.6B-20251215-080259.json");
  AiperfRun *run = aiperf_run_set_find (set, file);
  g_autoptr(GPtrArray) tags = NULL;

  g_assert_nonnull (run);
  g_assert_cmpuint (aiperf_run_set_get_mode (set), ==, AIPERF_MODE_SINGLE_RUN);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, 25);
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 16);
  tags = aiperf_run_list_metrics (run);
  for (guint i = 0; i < tags->len; i++)
    {
      const char *tag = g_ptr_array_index (tags, i);

      g_assert_true (strcmp (tag, "itls") != 0 && strcmp (tag, "generated_texts") != 0 &&
                     strcmp (tag, "output_lens") != 0 && strcmp (tag, "num_prompts") != 0);
    }
}

static void
test_nightly_table (void)
{
  g_autoptr(AiperfRunSet) set = load ("nightly", NULL);
  g_autofree char *file = fixture ("nightly/2024-08-23_18-47-20_vllm_055_nightly_results.json");
  g_autofree char *first = g_strconcat (file, "#vllm_055_llama8B_tp1_sharegpt_qps_2", NULL);
  g_autofree char *inf = g_strconcat (file, "#vllm_055_mixtral8x7B_tp2_sharegpt_qps_inf", NULL);
  AiperfRun *run;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 15);
  run = aiperf_run_set_find (set, first);
  g_assert_nonnull (run);
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "vllm_055_llama8B_tp1_sharegpt_qps_2");
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, 59.795693818479776);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_STD), ==, 24.11820211624444);
  g_assert_cmpfloat (metric (run, "inter_token_latency", AIPERF_STAT_AVG), ==, 13.806057272683875);
  g_assert_cmpfloat (metric (run, "request_throughput", AIPERF_STAT_AVG), ==, 1.9218165922306423);
  g_assert_cmpfloat (metric (run, "output_token_throughput", AIPERF_STAT_AVG), ==, 410.20790797844614);
  g_assert_cmpfloat (metric (run, "input_throughput", AIPERF_STAT_AVG), ==, 387.8033701462213);
  g_assert_cmpfloat (metric (run, "total_isl", AIPERF_STAT_AVG), ==, 100895);
  g_assert_cmpfloat (metric (run, "input_sequence_length", AIPERF_STAT_AVG), ==, 100895.0 / 500);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 500);
  g_assert_cmpfloat (aiperf_run_get_request_rate (run), ==, 2);
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "request_rate");
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "llama8B");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "gpu"), ==, "A100-SXM4-80GB");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "engine"), ==, "vllm_055");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "tp"), ==, "1");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "dataset"), ==, "sharegpt");
  run = aiperf_run_set_find (set, inf);
  g_assert_nonnull (run);
  g_assert_true (isinf (aiperf_run_get_request_rate (run)));
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "mixtral8x7B");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "tp"), ==, "2");
}

static void
test_folder_params (void)
{
  g_autoptr(GHashTable) p = aiperf_folder_params_new ();

  g_assert_true (aiperf_folder_params_ccl_bench ("Llama-3.1-8B-vllmTP4-Perlmutter[baseline_8_2048]-group12", p));
  g_assert_cmpstr (g_hash_table_lookup (p, "variant"), ==, "Baseline");
  g_assert_cmpstr (g_hash_table_lookup (p, "framework"), ==, "vllmTP4");
  g_assert_cmpstr (g_hash_table_lookup (p, "cluster"), ==, "Perlmutter");
  g_assert_cmpstr (g_hash_table_lookup (p, "max_num_seqs"), ==, "8");
  g_assert_cmpstr (g_hash_table_lookup (p, "max_num_batched_tokens"), ==, "2048");
  g_assert_false (g_hash_table_contains (p, "excluded_from_sweep"));
  g_hash_table_remove_all (p);
  g_assert_true (aiperf_folder_params_ccl_bench ("Mixtral8x7B-vllmEP4-Perlmutter[defaultall2all_32_8192_eplbon]-group12", p));
  g_assert_cmpstr (g_hash_table_lookup (p, "variant"), ==, "DefaultAll2All");
  g_assert_cmpstr (g_hash_table_lookup (p, "eplb"), ==, "on");
  g_assert_cmpstr (g_hash_table_lookup (p, "excluded_from_sweep"), ==, "eplb");
  g_hash_table_remove_all (p);
  g_assert_false (aiperf_folder_params_ccl_bench ("Mixtral8x7B-vllmEP4-Perlmutter[nothing]-group12", p));
  g_assert_false (aiperf_folder_params_ccl_bench ("run_1", p));

  /* bench sweep: values may hold dashes; dashed keys when the first key has one. */
  g_hash_table_remove_all (p);
  g_assert_true (aiperf_folder_params_vllm_sweep ("SERVE--max_num_seqs=4-model=Qwen3-0.6B-"
                                                  "BENCH--max_concurrency=2-num_prompts=8", p));
  g_assert_cmpstr (g_hash_table_lookup (p, "max_num_seqs"), ==, "4");
  g_assert_cmpstr (g_hash_table_lookup (p, "model"), ==, "Qwen3-0.6B");
  g_assert_cmpstr (g_hash_table_lookup (p, "max_concurrency"), ==, "2");
  g_assert_cmpstr (g_hash_table_lookup (p, "num_prompts"), ==, "8");
  g_hash_table_remove_all (p);
  g_assert_true (aiperf_folder_params_vllm_sweep ("SERVE--max-num-seqs=4-max-num-batched-tokens=1024", p));
  g_assert_cmpstr (g_hash_table_lookup (p, "max-num-seqs"), ==, "4");
  g_assert_cmpstr (g_hash_table_lookup (p, "max-num-batched-tokens"), ==, "1024");
  g_hash_table_remove_all (p);
  g_assert_true (aiperf_folder_params_vllm_sweep ("SERVE--tuned-BENCH--sharegpt", p));
  g_assert_cmpstr (g_hash_table_lookup (p, "serve"), ==, "tuned");
  g_assert_cmpstr (g_hash_table_lookup (p, "bench"), ==, "sharegpt");
  g_assert_false (aiperf_folder_params_vllm_sweep ("max_num_seqs=4", p));

  /* GenAI-Perf artifact folders. */
  g_hash_table_remove_all (p);
  g_assert_true (aiperf_folder_params_genai_perf ("meta_llama3-8b-instruct-openai-chat-concurrency10", p));
  g_assert_cmpstr (g_hash_table_lookup (p, "concurrency"), ==, "10");
  g_assert_true (aiperf_folder_params_genai_perf ("llama-openai-chat-request_rate2.5", p));
  g_assert_cmpstr (g_hash_table_lookup (p, "request_rate"), ==, "2.5");
  g_assert_false (aiperf_folder_params_genai_perf ("model-concurrency", p));
  g_assert_false (aiperf_folder_params_parse ("in200_out200_conc16", p));
}

static void
test_sniff (void)
{
  const AiperfFormat *vllm = aiperf_formats_find ("vllm");
  AiperfSniffInput input = { "/x.json", FALSE, NULL, 0, NULL, TRUE };

  g_assert_nonnull (vllm);
  input.head = "{\"date\": \"20240101-000000\", \"model_id\": \"m\", \"duration\": 1.0, \"completed\": 2, "
               "\"request_throughput\": 2.0, \"output_throughput\": 9.0, \"input_lens\": [1, 2";
  g_assert_cmpuint (vllm->sniff (&input), ==, AIPERF_SNIFF_LIKELY);
  input.head = "{\"request_throughput\": 2.0, \"mean_ttft_ms\": 3.0}";
  g_assert_cmpuint (vllm->sniff (&input), ==, AIPERF_SNIFF_SURE);
  input.head = "[{\"Test name\": \"a_qps_1\", \"Mean TTFT (ms)\": 1.0}]";
  g_assert_cmpuint (vllm->sniff (&input), ==, AIPERF_SNIFF_SURE);
  /* GenAI-Perf and GuideLLM exports are someone else's. */
  input.head = "{\"request_throughput\": {\"unit\": \"requests/sec\", \"avg\": 2.0}, "
               "\"output_token_throughput\": {\"avg\": 9}, \"input_config\": {}}";
  g_assert_cmpuint (vllm->sniff (&input), ==, AIPERF_SNIFF_NO);
  input.head = "{\"benchmarks\": [{\"type_\": \"generative_benchmark\"}]}";
  g_assert_cmpuint (vllm->sniff (&input), ==, AIPERF_SNIFF_NO);
  /* A result inside something else (a test's expected values) is not one. */
  input.head = "{\"name\": \"case 3\", \"vllm\": {\"request_throughput\": 2.0, \"mean_ttft_ms\": 3.0, "
               "\"output_throughput\": 9.0, \"model_id\": \"m\"}, \"tolerance\": 0.01}";
  g_assert_cmpuint (vllm->sniff (&input), ==, AIPERF_SNIFF_NO);
  input.head = "[{\"expected\": {\"mean_e2el_ms\": 3.0}}]";
  g_assert_cmpuint (vllm->sniff (&input), ==, AIPERF_SNIFF_NO);
  /* NaN before the key, and a head that ends inside an array. */
  input.head = "{\"request_goodput\": NaN, \"mean_ttft_ms\": 3.0, \"ttfts\": [0.1, 0.2";
  g_assert_cmpuint (vllm->sniff (&input), ==, AIPERF_SNIFF_SURE);
}

/* --- the parameter_sweep charts --- */

static const AiperfPlotSpec *
sweep_preset (AiperfPlotConfig *config,
              const char       *name)
{
  const AiperfPlotSpec *spec = aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, name);

  g_assert_nonnull (spec);
  g_assert_cmpstr (spec->handler->type, ==, "parameter_sweep");
  return spec;
}

static void
test_sweep_presets (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_resolve (NULL, NULL, &error);
  static const char * const names[] = {
    "ttft_vs_max_num_seqs", "tpot_vs_max_num_seqs", "request_throughput_vs_max_num_seqs",
    "output_throughput_vs_max_num_seqs", "ttft_vs_max_num_batched_tokens",
    "tpot_vs_max_num_batched_tokens", "request_throughput_vs_max_num_batched_tokens",
    "output_throughput_vs_max_num_batched_tokens",
  };
  GPtrArray *defaults;

  g_assert_no_error (error);
  defaults = aiperf_plot_config_get_defaults (config, AIPERF_MODE_MULTI_RUN);
  /* aiperf's four, then ours. */
  g_assert_cmpuint (defaults->len, ==, 12);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const AiperfPlotSpec *spec = sweep_preset (config, names[i]);

      g_assert_cmpstr (g_ptr_array_index (defaults, 4 + i), ==, names[i]);
      g_assert_cmpstr (spec->group_by, ==, "variant");
      g_assert_cmpstr (aiperf_plot_spec_get_extra (spec, "fixed_value"), ==, i < 4 ? "8192" : "32");
    }
}

static const AiperfLayer *
series_layer (const AiperfChart *chart,
              const char        *series,
              AiperfLayerKind    kind)
{
  int index = aiperf_chart_find_series (chart, series);

  g_assert_cmpint (index, >=, 0);
  for (guint i = 0; i < chart->layers->len; i++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->series == index && layer->kind == kind)
        return layer;
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_sweep_chart (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_resolve (NULL, NULL, &error);
  g_autoptr(AiperfRunSet) set = load ("ccl/trace_collection", NULL);
  g_autoptr(AiperfRunSet) nightly = load ("nightly", NULL);
  g_autoptr(AiperfRunSet) sweep = load ("sweep", NULL);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(AiperfPlotSpec) fallback = NULL;
  const AiperfLayer *points, *bars;
  double v[3], mean, std;

  chart = aiperf_plot_build_multi_run (sweep_preset (config, "ttft_vs_max_num_seqs"), set, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chart->series->len, ==, 3);
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 0))->name, ==, "Baseline");
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 1))->name, ==, "DefaultAll2All");
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 2))->name, ==, "pplx");
  g_assert_cmpstr (chart->x.title, ==, "Max Num Seqs");
  g_assert_cmpstr (chart->y.unit, ==, "ms");
  g_assert_cmpint (chart->x.scale, ==, AIPERF_SCALE_LOG);
  g_assert_cmpuint (chart->x.tick_positions->len, ==, 3);  /* 8, 32, 64 */
  g_assert_nonnull (strstr (chart->note, "Max Num Batched Tokens fixed at 8192"));
  g_assert_nonnull (strstr (chart->note, "1 run left out of sweeps (eplb)"));
  /* Three points per variant, at 8192 tokens; the eplboff run is not one. */
  points = series_layer (chart, "Baseline", AIPERF_LAYER_POINTS);
  g_assert_cmpuint (aiperf_layer_get_n (points), ==, 3);
  for (guint r = 0; r < 3; r++)
    v[r] = ccl_ttft (100, 32, 8192, offsets[r]);
  mean_std (v, 3, &mean, &std);
  g_assert_cmpfloat (aiperf_layer_y (points, 1), ==, mean);
  bars = series_layer (chart, "Baseline", AIPERF_LAYER_ERROR_BARS);
  g_assert_cmpuint (aiperf_layer_get_n (bars), ==, 3);
  g_assert_cmpfloat_with_epsilon (g_array_index (bars->hi, double, 1) - mean, std, 1e-9);
  points = series_layer (chart, "DefaultAll2All", AIPERF_LAYER_POINTS);
  g_assert_cmpuint (aiperf_layer_get_n (points), ==, 3);
  /* Series sit a little apart at one x so their error bars do not hide each other. */
  g_assert_cmpfloat (aiperf_layer_x (points, 1), ==, 32);
  g_assert_cmpfloat (aiperf_layer_x (series_layer (chart, "Baseline", AIPERF_LAYER_POINTS), 1), <, 32);
  g_clear_pointer (&chart, aiperf_chart_free);

  chart = aiperf_plot_build_multi_run (sweep_preset (config, "output_throughput_vs_max_num_batched_tokens"),
                                       set, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chart->series->len, ==, 3);
  g_assert_cmpuint (aiperf_layer_get_n (series_layer (chart, "pplx", AIPERF_LAYER_POINTS)), ==, 3);
  g_assert_cmpstr (chart->y.unit, ==, "tokens/sec");
  g_assert_nonnull (strstr (chart->note, "Max Num Seqs fixed at 32"));
  g_clear_pointer (&chart, aiperf_chart_free);

  /* A fixed value no run has: the most common one, and the chart says so. */
  fallback = aiperf_plot_spec_copy (sweep_preset (config, "ttft_vs_max_num_seqs"));
  g_hash_table_replace (fallback->extra, g_strdup ("fixed_value"), g_strdup ("999"));
  chart = aiperf_plot_build_multi_run (fallback, set, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (chart->note, "fixed at 8192, the most common value (no run has 999)"));
  g_assert_cmpuint (aiperf_layer_get_n (series_layer (chart, "pplx", AIPERF_LAYER_POINTS)), ==, 3);

  /* Not about runs without the parameter, or with a single value of it:
   * left out of the defaults. */
  g_assert_true (aiperf_plot_spec_applies (fallback, set));
  g_assert_false (aiperf_plot_spec_applies (fallback, nightly));
  g_assert_true (aiperf_plot_spec_applies (sweep_preset (config, "ttft_vs_max_num_seqs"), sweep));
  g_assert_false (aiperf_plot_spec_applies (sweep_preset (config, "ttft_vs_max_num_batched_tokens"), sweep));
  g_clear_pointer (&chart, aiperf_chart_free);
  chart = aiperf_plot_build_multi_run (fallback, nightly, NULL, NULL, &error);
  g_assert_null (chart);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
}

static void
test_per_gpu_fallback (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_resolve (NULL, NULL, &error);
  g_autoptr(AiperfRunSet) sweep = load ("sweep", NULL);
  const AiperfPlotSpec *spec = aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN,
                                                        "pareto_curve_throughput_per_gpu_vs_latency");
  g_autoptr(AiperfChart) chart = NULL;

  /* bench sweep results have e2el but no GPU count: plain throughput, said so. */
  g_assert_nonnull (spec);
  chart = aiperf_plot_build_multi_run (spec, sweep, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chart->y.title, ==, "Output Token Throughput");
  g_assert_true (g_str_has_prefix (chart->note, "No GPU count recorded (vLLM)"));
  /* The summary.json-only combination has no e2el. */
  g_assert_nonnull (strstr (chart->note, "\n1 run lacks these metrics"));
  g_assert_cmpuint (aiperf_chart_count_points (chart, AIPERF_LAYER_POINTS), ==, 1);
}

/* Unpacks the gzip files of @from (and copies the rest) into a new
 * temporary folder. */
static char *
unpack_fixture (const char *rel)
{
  g_autofree char *from = fixture (rel);
  g_autofree char *dir = g_dir_make_tmp ("aiperf-vllm-XXXXXX", NULL);
  g_autoptr(GDir) d = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *src = g_build_filename (from, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (src);
      g_autoptr(GInputStream) raw = G_INPUT_STREAM (g_file_read (file, NULL, NULL));
      g_autoptr(GInputStream) in = NULL;
      g_autoptr(GOutputStream) out = NULL;
      g_autoptr(GFile) dest = NULL;
      g_autofree char *dest_name = g_strdup (name);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (raw);
      if (g_str_has_suffix (dest_name, ".gz"))
        {
          g_autoptr(GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);

          dest_name[strlen (dest_name) - 3] = '\0';
          in = g_converter_input_stream_new (raw, G_CONVERTER (gunzip));
        }
      else
        in = g_object_ref (raw);
      {
        g_autofree char *dest_path = g_build_filename (dir, dest_name, NULL);

        dest = g_file_new_for_path (dest_path);
      }
      out = G_OUTPUT_STREAM (g_file_replace (dest, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error));
      g_assert_no_error (error);
      g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
                              NULL, &error);
      g_assert_no_error (error);
    }
  return g_steal_pointer (&dir);
}

static AiperfRunSet *
load_path (const char *path)
{
  const char *paths[] = { path, NULL };
  g_autoptr(GError) error = NULL;
  AiperfRunSet *set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  return set;
}

static gboolean
has_note (GPtrArray  *notes,
          const char *a,
          const char *b)
{
  for (guint i = 0; i < notes->len; i++)
    if (strstr (g_ptr_array_index (notes, i), a) != NULL &&
        (b == NULL || strstr (g_ptr_array_index (notes, i), b) != NULL))
      return TRUE;
  return FALSE;
}

/* Python over the same arrays: the mean over the 186 successful requests
 * with more than one token of 1 ÷ ((TTFT + Σ gaps − TTFT) ÷ (tokens − 1)). */
#define PER_USER_QPS_01 40.805682863146835

#define assert_close(a, b, rel) \
  G_STMT_START { double a_ = (a), b_ = (b); \
    if (!(fabs (a_ - b_) <= (rel) * fabs (b_))) \
      g_error ("%s = %.17g, %s = %.17g", #a, a_, #b, b_); } G_STMT_END

/* The real files of surajssd/llm-k8s: what the arrays give agrees with
 * what vLLM wrote; the file's values are the ones shown; what the file
 * lacks is computed and labelled. */
static void
test_per_request_real (void)
{
  static const struct { const char *stat_key; AiperfStat stat; } stat_keys[] = {
    { "mean", AIPERF_STAT_AVG }, { "median", AIPERF_STAT_P50 },
    { "std", AIPERF_STAT_STD }, { "p99", AIPERF_STAT_P99 },
  };
  static const struct { const char *base; VllmStatOf of; double rel; } bases[] = {
    /* TPOT: vLLM's latency ends at the last chunk a few µs after the last
     * gap is measured (two perf_counter () calls), hence 1e-5. */
    { "ttft", VLLM_STAT_TTFT, 1e-12 }, { "itl", VLLM_STAT_ITL, 1e-12 }, { "tpot", VLLM_STAT_TPOT, 1e-5 },
  };
  static const char * const qps[] = { "01", "inf" };
  g_autofree char *dir = unpack_fixture ("llm-k8s/01_tp8_pp1");
  g_autoptr(AiperfRunSet) set = load_path (dir);
  g_autoptr(GError) error = NULL;
  g_autofree char *table = g_build_filename (dir, "benchmark_results.json", NULL);
  AiperfTable *requests;
  AiperfRun *run;
  guint checked = 0;

  /* Two run files, and the table's two rows whose files are absent. */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 4);
  g_assert_true (has_note (aiperf_run_set_get_warnings (set), "2 rows are the runs of", "qps_01.json"));
  {
    g_autofree char *row = g_strconcat (table, "#tp8_pp1_qps_04", NULL);
    g_autofree char *gone = g_strconcat (table, "#tp8_pp1_qps_01", NULL);

    g_assert_nonnull (aiperf_run_set_find (set, row));
    g_assert_null (aiperf_run_set_find (set, gone));
  }

  for (guint q = 0; q < G_N_ELEMENTS (qps); q++)
    {
      g_autofree char *name = g_strdup_printf ("serving_meta-llama-Llama-3.3-70B-Instruct_tp8_pp1_sharegpt_qps_%s.json",
                                               qps[q]);
      g_autofree char *file = g_build_filename (dir, name, NULL);
      g_autoptr(GPtrArray) results = aiperf_vllm_read_results (file, NULL, &error);
      VllmResult *result;

      g_assert_no_error (error);
      g_assert_cmpuint (results->len, ==, 1);
      result = g_ptr_array_index (results, 0);
      g_assert_nonnull (result->arrays);
      g_assert_cmpuint (aiperf_vllm_arrays_n_requests (result->arrays), ==, 200);
      g_assert_null (aiperf_vllm_arrays_problems (result->arrays));
      run = aiperf_run_set_find (set, file);
      g_assert_nonnull (run);
      for (guint b = 0; b < G_N_ELEMENTS (bases); b++)
        {
          AiperfStats computed;
          g_autofree char *tag = NULL;

          g_assert_true (aiperf_vllm_arrays_stats (result->arrays, bases[b].of, &computed));
          for (guint k = 0; k < G_N_ELEMENTS (stat_keys); k++)
            {
              g_autofree char *key = g_strdup_printf ("%s_%s_ms", stat_keys[k].stat_key, bases[b].base);
              AiperfStat stat;
              const char *unit;
              double written;

              g_assert_true (aiperf_vllm_result_number (result, key, &written));
              assert_close (computed.v[stat_keys[k].stat], written, bases[b].rel);
              /* The value shown is the file's. */
              g_clear_pointer (&tag, g_free);
              g_assert_cmpint (aiperf_vllm_classify_key (key, &tag, &stat, &unit), ==, VLLM_KEY_METRIC);
              g_assert_cmpfloat (metric (run, tag, stat), ==, written);
              checked++;
            }
        }
      /* Totals over the successful requests are the arrays' sums. */
      {
        double total_out;
        const double *osl;

        g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
        g_assert_no_error (error);
        requests = aiperf_run_get_requests (run);
        g_assert_nonnull (requests);
        g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, 200);
        osl = aiperf_table_get_column (requests, "output_sequence_length");
        g_assert_true (aiperf_vllm_result_number (result, "total_output_tokens", &total_out));
        {
          double sum = 0;

          for (guint r = 0; r < 200; r++)
            sum += osl[r];
          g_assert_cmpfloat (sum, ==, total_out);
        }
      }
    }
  g_assert_cmpuint (checked, ==, 2 * 3 * 4);

  /* QPS 1: the file has no e2el; request latency is TTFT + the gaps, every
   * statistic computed (values from Python over the same arrays), and
   * labelled as derived. */
  {
    g_autofree char *file = g_build_filename (dir, "serving_meta-llama-Llama-3.3-70B-Instruct_tp8_pp1_sharegpt_qps_01.json", NULL);
    const double *latency, *ttft;

    run = aiperf_run_set_find (set, file);
    assert_close (metric (run, "request_latency", AIPERF_STAT_AVG), 5269.5643849000135, 1e-12);
    assert_close (metric (run, "request_latency", AIPERF_STAT_STD), 5155.556004252632, 1e-12);
    assert_close (metric (run, "request_latency", AIPERF_STAT_P90), 12719.618334399816, 1e-12);
    g_assert_true (has_note (aiperf_run_get_warnings (run), "derived from the per-request arrays",
                             "request_latency (every statistic)"));
    /* TTFT p90 was not in the file: computed, and named. */
    g_assert_false (isnan (metric (run, "time_to_first_token", AIPERF_STAT_P90)));
    g_assert_true (has_note (aiperf_run_get_warnings (run), "time_to_first_token min, max", NULL));
    /* AIPerf's per-user throughput (1 ÷ ITL per request), labelled too. */
    g_assert_true (has_note (aiperf_run_get_warnings (run), "output_token_throughput_per_user (every statistic)", NULL));
    g_assert_cmpstr (aiperf_run_get_metric_unit (run, "output_token_throughput_per_user"), ==, "tokens/sec/user");
    assert_close (metric (run, "output_token_throughput_per_user", AIPERF_STAT_AVG), PER_USER_QPS_01, 1e-12);
    /* The per-request dataset in AIPerf's columns. */
    requests = aiperf_run_get_requests (run);
    latency = aiperf_table_get_column (requests, "request_latency");
    ttft = aiperf_table_get_column (requests, "time_to_first_token");
    assert_close (ttft[0], 0.03155051600015213 * 1000.0, 1e-12);
    g_assert_cmpfloat (latency[0], >, ttft[0]);
    g_assert_cmpint (aiperf_table_find_column (requests, "inter_chunk_latency_p95"), >=, 0);
    g_assert_cmpint (aiperf_table_find_column (requests, "inter_token_latency"), >=, 0);
  }
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* Damaged per-request lists: a specific note, nothing else lost; a file cut
 * inside its arrays is an error naming it, and the folder's other file
 * still loads. */
static void
test_per_request_bad (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-vllm-XXXXXX", NULL);
  g_autofree char *ragged = g_build_filename (dir, "ragged.json", NULL);
  g_autofree char *cut = g_build_filename (dir, "cut.json", NULL);
  const char *head = "{\"backend\": \"vllm\", \"model_id\": \"m\", \"completed\": 3, \"request_throughput\": 1.0, "
                     "\"mean_ttft_ms\": 20.0, ";
  g_autofree char *ragged_text = g_strconcat (head,
                                              "\"input_lens\": [10, 10, 10, 10], \"output_lens\": [3, 3, 3], "
                                              "\"ttfts\": [0.01, NaN, 0.03, Infinity], "
                                              "\"itls\": [[0.001, 0.002], [0.001, 0.001], \"x\", [0.002, 0.002]], "
                                              "\"errors\": [\"\", \"\", \"\", \"\"]}", NULL);
  g_autofree char *cut_text = g_strconcat (head, "\"ttfts\": [0.01, 0.02,\n 0.0", NULL);
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GError) error = NULL;
  AiperfTable *requests;
  AiperfRun *run;
  GPtrArray *notes;

  g_assert_true (g_file_set_contents (ragged, ragged_text, -1, NULL));
  g_assert_true (g_file_set_contents (cut, cut_text, -1, NULL));
  set = load_path (dir);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 1);
  {
    GError *e = g_ptr_array_index (aiperf_run_set_get_load_errors (set), 0);

    g_assert_nonnull (strstr (e->message, "cut.json:2:"));
  }
  run = aiperf_run_set_find (set, ragged);
  g_assert_nonnull (run);
  /* The file's own value stands. */
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, 20.0);
  notes = aiperf_run_get_warnings (run);
  g_assert_true (has_note (notes, "output_lens has 3 entries, not 4", NULL));
  g_assert_true (has_note (notes, "3 per-request values are not finite numbers", NULL));
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  requests = aiperf_run_get_requests (run);
  g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, 4);
  {
    const double *ttft = aiperf_table_get_column (requests, "time_to_first_token");
    const double *latency = aiperf_table_get_column (requests, "request_latency");
    const double *osl = aiperf_table_get_column (requests, "output_sequence_length");

    assert_close (ttft[0], 10.0, 1e-12);
    assert_close (latency[0], 13.0, 1e-12);
    g_assert_true (isnan (ttft[1]) && isnan (ttft[3]));
    g_assert_true (isnan (latency[2]));  /* its gaps are not a list */
    g_assert_true (isnan (osl[3]));      /* past the end of output_lens */
  }
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* Runs of one model under …/ray/cN and …/vllm/cN: the stack is a parameter
 * read from the folders and separates the series; the load's own folder
 * (c16|c64) is not one; --param-pattern turns the guessing off. */
static void
test_path_parameters (void)
{
  static const char * const stacks[] = { "ray", "vllm" };
  static const int loads[] = { 16, 64 };
  g_autofree char *dir = g_dir_make_tmp ("aiperf-vllm-XXXXXX", NULL);
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(AiperfRunSet) patterned = NULL;
  g_autoptr(GRegex) pattern = g_regex_new ("c(?P<max_concurrency>\\d+)", 0, 0, NULL);
  const char *paths[] = { dir, NULL };
  AiperfOpenOptions options = { pattern, NULL };
  g_autoptr(GError) error = NULL;

  for (guint s = 0; s < G_N_ELEMENTS (stacks); s++)
    for (guint l = 0; l < G_N_ELEMENTS (loads); l++)
      {
        g_autofree char *folder = g_strdup_printf ("%s/llama/%s/c%d", dir, stacks[s], loads[l]);
        g_autofree char *file = g_build_filename (folder, "result.json", NULL);
        g_autofree char *text = g_strdup_printf ("{\"model_id\": \"m\", \"max_concurrency\": %d, \"completed\": 10, "
                                                 "\"request_throughput\": %d.0, \"mean_ttft_ms\": %u.5}",
                                                 loads[l], loads[l], 10 + s);

        g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
        g_assert_true (g_file_set_contents (file, text, -1, NULL));
      }
  set = load_path (dir);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (set, i);
      const char *stack = strstr (aiperf_run_get_locator (run), "/ray/") != NULL ? "ray" : "vllm";

      g_assert_cmpstr (aiperf_run_get_parameter (run, "path_1"), ==, stack);
      g_assert_null (aiperf_run_get_parameter (run, "path_0"));
      g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, stack);
    }

  patterned = aiperf_run_set_load_with_options (paths, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (aiperf_run_get_parameter (aiperf_run_set_get_run (patterned, 0), "path_1"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* Result files kept gzipped (as the real-world folder ships them) open
 * as they are, with the numbers of their unpacked copies; one cut short
 * is an error at its byte and loses nothing else. */
static void
test_gzipped_results (void)
{
  g_autofree char *packed = fixture ("llm-k8s/01_tp8_pp1");
  g_autofree char *unpacked = unpack_fixture ("llm-k8s/01_tp8_pp1");
  g_autoptr(AiperfRunSet) set = load_path (packed);
  g_autoptr(AiperfRunSet) plain = load_path (unpacked);
  static const char * const qps[] = { "01", "inf" };

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, aiperf_run_set_get_n_runs (plain));
  g_assert_true (has_note (aiperf_run_set_get_warnings (set), "2 rows are the runs of", "qps_01.json.gz"));
  for (guint q = 0; q < G_N_ELEMENTS (qps); q++)
    {
      g_autofree char *name = g_strdup_printf ("serving_meta-llama-Llama-3.3-70B-Instruct_tp8_pp1_sharegpt_qps_%s.json",
                                               qps[q]);
      g_autofree char *gz_name = g_strconcat (name, ".gz", NULL);
      g_autofree char *gz = g_build_filename (packed, gz_name, NULL);
      g_autofree char *json = g_build_filename (unpacked, name, NULL);
      AiperfRun *a = aiperf_run_set_find (set, gz);
      AiperfRun *b = aiperf_run_set_find (plain, json);

      g_assert_nonnull (a);
      g_assert_nonnull (b);
      g_assert_cmpfloat (metric (a, "time_to_first_token", AIPERF_STAT_AVG), ==,
                         metric (b, "time_to_first_token", AIPERF_STAT_AVG));
      g_assert_cmpfloat (metric (a, "request_latency", AIPERF_STAT_P90), ==,
                         metric (b, "request_latency", AIPERF_STAT_P90));
      g_assert_true (isfinite (metric (a, "request_latency", AIPERF_STAT_P90)));
    }

  /* the qps_01 file cut in half, beside a whole one */
  {
    g_autofree char *dir = g_dir_make_tmp ("aiperf-vllm-gz-XXXXXX", NULL);
    g_autofree char *whole = g_build_filename (packed, "serving_meta-llama-Llama-3.3-70B-Instruct_tp8_pp1_sharegpt_qps_inf.json.gz", NULL);
    g_autofree char *cut = g_build_filename (packed, "serving_meta-llama-Llama-3.3-70B-Instruct_tp8_pp1_sharegpt_qps_01.json.gz", NULL);
    g_autofree char *whole_copy = g_build_filename (dir, "serving_qps_inf.json.gz", NULL);
    g_autofree char *cut_copy = g_build_filename (dir, "serving_qps_01.json.gz", NULL);
    g_autofree char *text = NULL;
    g_autoptr(AiperfRunSet) damaged = NULL;
    GPtrArray *errors;
    gsize length;

    g_assert_true (g_file_get_contents (whole, &text, &length, NULL));
    g_assert_true (g_file_set_contents (whole_copy, text, (gssize) length, NULL));
    g_clear_pointer (&text, g_free);
    g_assert_true (g_file_get_contents (cut, &text, &length, NULL));
    g_assert_true (g_file_set_contents (cut_copy, text, (gssize) (length / 2), NULL));
    damaged = load_path (dir);
    g_assert_cmpuint (aiperf_run_set_get_n_runs (damaged), ==, 1);
    g_assert_nonnull (aiperf_run_set_find (damaged, whole_copy));
    errors = aiperf_run_set_get_load_errors (damaged);
    g_assert_cmpuint (errors->len, ==, 1);
    g_assert_nonnull (strstr (((GError *) g_ptr_array_index (errors, 0))->message, "cut short at byte"));
    g_assert_nonnull (strstr (((GError *) g_ptr_array_index (errors, 0))->message, "serving_qps_01.json.gz"));
    g_assert_cmpint (g_remove (cut_copy), ==, 0);
    g_assert_cmpint (g_remove (whole_copy), ==, 0);
    g_assert_cmpint (g_rmdir (dir), ==, 0);
  }
  g_assert_true (aiperf_test_remove_tree (unpacked));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vllm/ccl/collection", test_ccl_collection);
  g_test_add_func ("/vllm/ccl/eplb", test_ccl_eplb);
  g_test_add_func ("/vllm/ccl/param-pattern", test_param_pattern);
  g_test_add_func ("/vllm/bench-sweep", test_bench_sweep);
  g_test_add_func ("/vllm/json-lines", test_json_lines);
  g_test_add_func ("/vllm/broken-line", test_broken_files);
  g_test_add_func ("/vllm/single-legacy", test_single_legacy);
  g_test_add_func ("/vllm/nightly", test_nightly_table);
  g_test_add_func ("/vllm/folder-params", test_folder_params);
  g_test_add_func ("/vllm/sniff", test_sniff);
  g_test_add_func ("/vllm/sweep/presets", test_sweep_presets);
  g_test_add_func ("/vllm/sweep/chart", test_sweep_chart);
  g_test_add_func ("/vllm/per-gpu-fallback", test_per_gpu_fallback);
  g_test_add_func ("/vllm/per-request/real", test_per_request_real);
  g_test_add_func ("/vllm/per-request/bad", test_per_request_bad);
  g_test_add_func ("/vllm/path-parameters", test_path_parameters);
  g_test_add_func ("/vllm/gzipped-results", test_gzipped_results);
  return g_test_run ();
}
