/* test-format-genai-perf.c — GenAI-Perf artifact folders: three generations
 * of profile_export_genai_perf.json, a CSV-only folder, the CSV fallback
 * and broken exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "format-test-util.h"
#include "aiperf-number-cast.h"

static AiperfRunSet *
load_artifacts (void)
{
  g_autofree char *root = format_fixture ("genai-perf", "artifacts", NULL);

  return format_load_one (root);
}

static void
test_newer_release (void)
{
  g_autoptr(AiperfRunSet) set = load_artifacts ();
  AiperfRun *run;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 4);
  run = format_find_run (set, "/Qwen_Qwen3-0.6B-openai-chat-concurrency4");
  g_assert_cmpstr (aiperf_run_get_source (run), ==, "genai-perf");
  g_assert_cmpstr (aiperf_run_get_tool (run), ==, "GenAI-Perf");
  /* input_config nested by section. */
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "Qwen/Qwen3-0.6B");
  g_assert_cmpstr (aiperf_run_get_endpoint_type (run), ==, "chat");
  g_assert_true (aiperf_run_get_streaming (run));
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "concurrency");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 4.0);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "service_kind"), ==, "openai");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "synthetic_input_tokens_mean"), ==, "200");
  g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, "Qwen_Qwen3-0.6B-openai-chat");
  /* Telemetry of gpu0 and gpu1. */
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 2);
  /* The JSON, not the CSV beside it (whose TTFT is 999). */
  assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, 45.25);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P1, 30.6);
  assert_metric (run, "time_to_second_token", AIPERF_STAT_AVG, 9.5);
  assert_metric (run, "inter_token_latency", AIPERF_STAT_STD, 0.8);
  assert_metric (run, "output_token_throughput_per_user", AIPERF_STAT_AVG, 106.4);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "output_token_throughput_per_user"), ==, "tokens/sec/user");
  assert_metric (run, "output_token_throughput", AIPERF_STAT_AVG, 409.6);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 96);
}

static void
test_older_releases (void)
{
  g_autoptr(AiperfRunSet) set = load_artifacts ();
  AiperfRun *run;

  /* 2024: flat input_config; output_token_throughput_per_request is output
   * tokens ÷ request latency, AIPerf's E2E throughput, not 1 ÷ ITL. */
  run = format_find_run (set, "/gpt2_vllm-triton-vllm-concurrency1");
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "gpt2_vllm");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 1.0);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "service_kind"), ==, "triton");
  assert_metric (run, "e2e_output_token_throughput", AIPERF_STAT_AVG, 115.8);
  /* … and kept as GenAI-Perf's own metric, every statistic the file has. */
  assert_metric (run, "output_token_throughput_per_request", AIPERF_STAT_AVG, 115.8);
  assert_metric (run, "output_token_throughput_per_request", AIPERF_STAT_P90, 117.78);
  assert_metric (run, "output_token_throughput_per_request", AIPERF_STAT_P99, 118.428);
  assert_metric (run, "output_token_throughput_per_request", AIPERF_STAT_STD, 1.44);
  /* The per-user throughput the file lacks is derived, and says so. */
  assert_metric (run, "output_token_throughput_per_user", AIPERF_STAT_AVG, 1000.0 / 8.5);
  {
    GPtrArray *notes = aiperf_run_get_warnings (run);
    gboolean labelled = FALSE;

    for (guint i = 0; i < notes->len; i++)
      labelled |= strstr (g_ptr_array_index (notes, i), "output_token_throughput_per_user is derived") != NULL;
    g_assert_true (labelled);
  }
  assert_metric (run, "request_latency", AIPERF_STAT_P25, 1080.0 + 0.25 * 70.0);
  g_assert_true (isnan (format_metric (run, "request_latency", AIPERF_STAT_P1)));
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 0);

  /* Very old: numbers as strings, "tokens per sec", num_output_token; the
   * load comes from the folder name. */
  run = format_find_run (set, "/llama-2-7b-openai-completions-request_rate2.5");
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "meta-llama/Llama-2-7b-hf");
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "request_rate");
  g_assert_cmpfloat (aiperf_run_get_request_rate (run), ==, 2.5);
  assert_metric (run, "request_throughput", AIPERF_STAT_AVG, 2.43);
  assert_metric (run, "output_token_throughput", AIPERF_STAT_AVG, 311.04);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "output_token_throughput"), ==, "tokens/sec");
  assert_metric (run, "output_sequence_length", AIPERF_STAT_AVG, 128.0);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_MAX, 150.0);
}

static void
test_csv_only (void)
{
  g_autoptr(AiperfRunSet) set = load_artifacts ();
  AiperfRun *run = format_find_run (set, "/Qwen_Qwen3-0.6B-openai-chat-concurrency8");

  /* The load from the folder name; the model from the sweep's other point. */
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 8.0);
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "Qwen/Qwen3-0.6B");
  /* Quoted thousands. */
  assert_metric (run, "request_latency", AIPERF_STAT_AVG, 1532.87);
  assert_metric (run, "request_latency", AIPERF_STAT_P25, 1440.59);
  assert_metric (run, "output_token_throughput", AIPERF_STAT_AVG, 5919.16);
  assert_metric (run, "request_throughput", AIPERF_STAT_AVG, 46.24);
  assert_metric (run, "output_token_throughput_per_user", AIPERF_STAT_P99, 110.10);
  assert_metric (run, "output_sequence_length", AIPERF_STAT_AVG, 128.0);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "request_throughput"), ==, "requests/sec");
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 384);
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 2);
}

static void
test_broken_exports (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-genai-XXXXXX", NULL);
  g_autofree char *source = format_fixture ("genai-perf", "artifacts", "Qwen_Qwen3-0.6B-openai-chat-concurrency4",
                                            "profile_export_genai_perf.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *fallback_json = NULL, *alone = NULL, *typed = NULL, *latin1 = NULL, *errors = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  GPtrArray *warnings;
  gboolean warned = FALSE;
  gsize length = 0;

  text = format_read (source, &length);
  /* Truncated JSON beside a CSV: the CSV is read, and a warning says why. */
  fallback_json = format_write (dir, "m-openai-chat-concurrency2/profile_export_genai_perf.json",
                                text, (gssize) length / 3);
  g_free (format_write (dir, "m-openai-chat-concurrency2/profile_export_genai_perf.csv",
                        "Metric,avg,min,max,p99,p95,p90,p75,p50,p25\n"
                        "Time To First Token (ms),12.50,10.00,15.00,14.90,14.50,14.00,13.00,12.00,11.00\n", -1));
  /* Truncated JSON alone; a JSON whose metrics are all of the wrong type. */
  alone = format_write (dir, "m-openai-chat-concurrency3/profile_export_genai_perf.json",
                        text, (gssize) length / 3);
  typed = format_write (dir, "m-openai-chat-concurrency5/profile_export_genai_perf.json",
                        "{\"request_latency\": {\"unit\": \"ms\", \"avg\": \"slow\"},"
                        " \"time_to_first_token\": [1, 2]}", -1);
  /* A CSV that is not UTF-8 (its names would become labels); found by fuzzing. */
  latin1 = format_write (dir, "m-openai-chat-concurrency6/profile_export_genai_perf.csv",
                         "Metric,avg\nTime To First Token (ms),12.5\nD\xe9" "bit (req/s),3\n", -1);

  set = format_load_one (dir);
  errors = format_errors (set);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  assert_metric (format_find_run (set, "concurrency2"), "time_to_first_token", AIPERF_STAT_AVG, 12.5);
  g_assert_cmpfloat (aiperf_run_get_concurrency (format_find_run (set, "concurrency2")), ==, 2.0);
  warnings = aiperf_run_set_get_warnings (set);
  for (guint i = 0; i < warnings->len; i++)
    warned |= strstr (g_ptr_array_index (warnings, i), fallback_json) != NULL;
  g_assert_true (warned);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 3);
  g_assert_nonnull (strstr (errors, latin1));
  g_assert_nonnull (strstr (errors, "line 3: the text is not valid UTF-8"));
  g_assert_nonnull (strstr (errors, alone));
  g_assert_nonnull (strstr (errors, "Parse error"));
  g_assert_nonnull (strstr (errors, typed));
  g_assert_nonnull (strstr (errors, "no GenAI-Perf metrics"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* A count row whose avg cell is damaged (found by fuzzing: NaN was
 * converted to an integer, undefined behaviour), or absurd: the count is
 * unknown, the other statistics stay. */
static void
test_damaged_count (void)
{
  static const struct { const char *cell; gint64 expected; } cases[] = {
    { "384nce Length", 384 },  /* the later Metric,Value row gives it */
    { "1e300", -1 },
    { "-5", -1 },
    { "inf", -1 },
  };

  /* The conversion itself. */
  g_assert_cmpint (aiperf_count_from_double (NAN), ==, -1);
  g_assert_cmpint (aiperf_count_from_double (INFINITY), ==, -1);
  g_assert_cmpint (aiperf_count_from_double (1e300), ==, -1);
  g_assert_cmpint (aiperf_count_from_double (-1.0), ==, -1);
  g_assert_cmpint (aiperf_count_from_double (383.6), ==, 384);
  {
    gint64 i64 = 7;
    int i = 7;

    g_assert_false (aiperf_double_to_int64 (NAN, &i64));
    g_assert_false (aiperf_double_to_int64 (9223372036854775808.0, &i64));
    g_assert_cmpint (i64, ==, 7);
    g_assert_true (aiperf_double_to_int64 (-9223372036854775808.0, &i64));
    g_assert_cmpint (i64, ==, G_MININT64);
    g_assert_false (aiperf_double_to_int (2147483648.0, &i));
    g_assert_false (aiperf_double_to_int (-INFINITY, &i));
    g_assert_true (aiperf_double_to_int (-2.5, &i));
    g_assert_cmpint (i, ==, -3);
  }

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *dir = g_dir_make_tmp ("aiperf-genai-XXXXXX", NULL);
      g_autofree char *csv = g_strdup_printf ("Metric,avg,min,max\n"
                                              "Time To First Token (ms),61.42,35.10,140.77\n"
                                              "Request Count (count),%s,200.00,220.00\n"
                                              "\nMetric,Value\n"
                                              "Request Throughput (per sec),46.24\n%s",
                                              cases[k].cell,
                                              cases[k].expected > 0 ? "Request Count (count),384\n" : "");
      g_autoptr(AiperfRunSet) set = NULL;
      AiperfRun *run;

      g_free (format_write (dir, "m-openai-chat-concurrency4/profile_export_genai_perf.csv", csv, -1));
      set = format_load_one (dir);
      g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
      run = aiperf_run_set_get_run (set, 0);
      assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, 61.42);
      assert_metric (run, "request_throughput", AIPERF_STAT_AVG, 46.24);
      g_assert_cmpint (aiperf_run_get_request_count (run), ==, cases[k].expected);
      g_assert_true (aiperf_test_remove_tree (dir));
    }
}

/* perf_analyzer's raw export beside the summary is the run's per-request
 * data, read with GenAI-Perf's definitions: TTFT from the first response
 * with content (not the role-only chunk), latency to the last one (not the
 * empty finish or [DONE]); its statistics are the summary's. */
static void
test_raw_export (void)
{
  static const char * const tags[] = { "time_to_first_token", "request_latency" };
  static const AiperfStat stats_checked[] = {
    AIPERF_STAT_AVG, AIPERF_STAT_MIN, AIPERF_STAT_MAX, AIPERF_STAT_STD, AIPERF_STAT_P1, AIPERF_STAT_P5,
    AIPERF_STAT_P10, AIPERF_STAT_P25, AIPERF_STAT_P50, AIPERF_STAT_P75, AIPERF_STAT_P90,
    AIPERF_STAT_P95, AIPERF_STAT_P99,
  };
  g_autofree char *root = format_fixture ("genai-perf-raw", NULL);
  g_autoptr(AiperfRunSet) set = format_load_one (root);
  g_autoptr(GError) error = NULL;
  AiperfTable *requests;
  AiperfRun *run;
  GPtrArray *notes;
  gboolean noted = FALSE;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  run = aiperf_run_set_get_run (set, 0);
  g_assert_true (aiperf_run_can_load_details (run));
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  requests = aiperf_run_get_requests (run);
  /* 13 requests, one without any content. */
  g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, 12);
  notes = aiperf_run_get_warnings (run);
  for (guint i = 0; i < notes->len; i++)
    noted |= strstr (g_ptr_array_index (notes, i), "1 request has no response with content") != NULL;
  g_assert_true (noted);
  /* The token-based values are the tool's, not recomputed: the run says so. */
  noted = FALSE;
  for (guint i = 0; i < notes->len; i++)
    noted |= strstr (g_ptr_array_index (notes, i), "are GenAI-Perf's own (its summary), counted with the model's "
                     "tokenizer") != NULL;
  g_assert_true (noted);
  for (guint t = 0; t < G_N_ELEMENTS (tags); t++)
    {
      const double *column = aiperf_table_get_column (requests, tags[t]);
      g_autofree double *values = g_memdup2 (column, 12 * sizeof (double));
      AiperfStats computed;

      aiperf_stats_compute (values, 12, &computed);
      for (guint s = 0; s < G_N_ELEMENTS (stats_checked); s++)
        {
          double shown = format_metric (run, tags[t], stats_checked[s]);

          if (!(fabs (computed.v[stats_checked[s]] - shown) <= 1e-9 * fabs (shown)))
            g_error ("%s %s: %.17g from the requests, %.17g in the summary", tags[t],
                     aiperf_stat_to_string (stats_checked[s]), computed.v[stats_checked[s]], shown);
        }
    }
  /* 5 + i % 4 content responses: the first request's gaps are 4. */
  g_assert_cmpfloat (aiperf_table_get (requests, aiperf_table_find_column (requests, "output_chunk_count"), 0), ==, 5);
  g_assert_false (isnan (aiperf_table_get (requests, aiperf_table_find_column (requests, "inter_chunk_latency_p50"), 0)));
}

/* A raw export cut short: the error names it and the byte; the run's
 * summary is still there. */
static void
test_raw_export_broken (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-genai-XXXXXX", NULL);
  g_autofree char *summary = format_fixture ("genai-perf-raw", "m-openai-chat-concurrency2",
                                             "profile_export_genai_perf.json", NULL);
  g_autofree char *raw = format_fixture ("genai-perf-raw", "m-openai-chat-concurrency2", "profile_export.json", NULL);
  g_autofree char *summary_text = NULL, *raw_text = NULL, *cut = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GError) error = NULL;
  gsize summary_length = 0, raw_length = 0;
  AiperfRun *run;

  summary_text = format_read (summary, &summary_length);
  raw_text = format_read (raw, &raw_length);
  g_free (format_write (dir, "m-openai-chat-concurrency2/profile_export_genai_perf.json", summary_text,
                        (gssize) summary_length));
  cut = format_write (dir, "m-openai-chat-concurrency2/profile_export.json", raw_text, (gssize) raw_length / 2);
  set = format_load_one (dir);
  run = aiperf_run_set_get_run (set, 0);
  g_assert_false (isnan (format_metric (run, "time_to_first_token", AIPERF_STAT_AVG)));
  g_assert_false (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, cut));
  g_assert_nonnull (strstr (error->message, "byte "));
  g_assert_true (aiperf_test_remove_tree (dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/genai-perf/newer-release", test_newer_release);
  g_test_add_func ("/format/genai-perf/older-releases", test_older_releases);
  g_test_add_func ("/format/genai-perf/csv-only", test_csv_only);
  g_test_add_func ("/format/genai-perf/broken", test_broken_exports);
  g_test_add_func ("/format/genai-perf/damaged-count", test_damaged_count);
  g_test_add_func ("/format/genai-perf/raw-export", test_raw_export);
  g_test_add_func ("/format/genai-perf/raw-export-broken", test_raw_export_broken);
  return g_test_run ();
}
