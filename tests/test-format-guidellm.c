/* test-format-guidellm.c — GuideLLM reports: the real older-layout sample,
 * a current-layout fixture (three strategies), and broken reports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "format-test-util.h"

static void
test_older_layout (void)
{
  g_autofree char *path = format_fixture ("guidellm", "benchmarks_stripped.json", NULL);
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  g_autofree char *locator = g_strconcat (path, "#1", NULL);
  AiperfRun *run;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  run = aiperf_run_set_get_run (set, 0);
  /* Benchmarks are numbered from 1 in file order. */
  g_assert_cmpstr (aiperf_run_get_locator (run), ==, locator);
  g_assert_cmpstr (aiperf_run_get_source (run), ==, "guidellm");
  g_assert_cmpstr (aiperf_run_get_tool (run), ==, "GuideLLM");
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "synchronous");
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "example_model");
  g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, "benchmarks_stripped");
  /* Synchronous: one request at a time. */
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "concurrency");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 1.0);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "strategy"), ==, "synchronous");

  /* request_latency is in seconds; the *_ms metrics in ms. */
  assert_metric (run, "request_latency", AIPERF_STAT_AVG, 0.6444743664368339 * 1000);
  assert_metric (run, "request_latency", AIPERF_STAT_P99, 0.6891846656799316 * 1000);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, 16.792535781860348);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P50, 16.38054847717285);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P99, 21.281957626342773);
  /* ITL (last − first token) ÷ (tokens − 1) is AIPerf's ITL; the older TPOT,
   * (last − first) ÷ tokens = ITL × 127/128 here, keeps its own name. */
  assert_metric (run, "inter_token_latency", AIPERF_STAT_AVG, 4.941609043733832);
  assert_metric (run, "time_per_output_token", AIPERF_STAT_AVG, 4.90300272307966);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "time_per_output_token"), ==, "ms");
  g_assert_true (isnan (format_metric (run, "normalized_time_per_output_token", AIPERF_STAT_AVG)));
  /* Rates: their mean only. */
  assert_metric (run, "request_throughput", AIPERF_STAT_AVG, 1.5481806532737452);
  g_assert_true (isnan (format_metric (run, "request_throughput", AIPERF_STAT_P50)));
  assert_metric (run, "output_token_throughput", AIPERF_STAT_AVG, 198.13346751788123);
  assert_metric (run, "input_sequence_length", AIPERF_STAT_AVG, 257.1086956521739);
  assert_metric (run, "output_sequence_length", AIPERF_STAT_MAX, 128.0);
  assert_metric (run, "output_token_throughput_per_user", AIPERF_STAT_AVG, 1000.0 / 4.941609043733832);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 46);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 0);
  assert_metric (run, "incomplete_request_count", AIPERF_STAT_AVG, 1.0);
  g_assert_cmpstr (aiperf_run_get_start_time (run), ==, "2025-06-05T20:59:28Z");
}

static void
test_current_layout (void)
{
  g_autofree char *path = format_fixture ("guidellm", "benchmarks_v2.json", NULL);
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 3);

  run = format_find_run (set, "benchmarks_v2.json#1");
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "concurrency");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 1.0);
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "Qwen/Qwen3-0.6B");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "guidellm_version"), ==, "0.6.0");
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P50, 18.5);
  assert_metric (run, "time_to_first_output_token", AIPERF_STAT_AVG, 18.5);
  /* p01 is the 1st percentile: 12.95 + 0.01 × (37 − 12.95). */
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P1, 18.5 * 0.7 + 0.01 * (18.5 * 2.0 - 18.5 * 0.7));

  run = format_find_run (set, "benchmarks_v2.json#2");
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "constant 4.5/s");
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "request_rate");
  g_assert_cmpfloat (aiperf_run_get_request_rate (run), ==, 4.5);
  g_assert_true (isnan (aiperf_run_get_concurrency (run)));
  /* The current TPOT, (last token − start) ÷ tokens, includes TTFT. */
  assert_metric (run, "normalized_time_per_output_token", AIPERF_STAT_AVG, 4.67);
  g_assert_true (isnan (format_metric (run, "time_per_output_token", AIPERF_STAT_AVG)));
  assert_metric (run, "inter_token_latency", AIPERF_STAT_AVG, 4.54);
  assert_metric (run, "request_latency", AIPERF_STAT_AVG, 598.0);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 132);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 1);

  /* Throughput has no rate of its own: the one it reached. */
  run = format_find_run (set, "benchmarks_v2.json#3");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "strategy"), ==, "throughput");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "rate_source"), ==, "measured");
  g_assert_cmpfloat (aiperf_run_get_request_rate (run), ==, 12.8);
  assert_metric (run, "request_concurrency", AIPERF_STAT_AVG, 16.0);
}

static void
test_broken_reports (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-guidellm-XXXXXX", NULL);
  g_autofree char *source = format_fixture ("guidellm", "benchmarks_v2.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *cut = NULL, *typed = NULL, *empty = NULL, *errors = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  const char *third, *second;
  GString *edited;
  gsize length = 0;

  text = format_read (source, &length);
  /* Cut short inside the third benchmark: the first two still load. */
  third = strstr (strstr (strstr (text, "\"generative_benchmark\"") + 1, "\"generative_benchmark\"") + 1,
                  "\"generative_benchmark\"");
  g_assert_nonnull (third);
  cut = format_write (dir, "cut/benchmarks.json", text, (third - text) + 2000);
  /* The second benchmark's metrics of the wrong type. */
  second = strstr (strstr (text, "\"metrics\": {") + 1, "\"metrics\": {");
  edited = g_string_new_len (text, second - text);
  g_string_append (edited, "\"metrics\": 42, \"old_metrics\": {");
  g_string_append (edited, second + strlen ("\"metrics\": {"));
  typed = format_write (dir, "typed/report.json", edited->str, (gssize) edited->len);
  g_string_free (edited, TRUE);
  empty = format_write (dir, "empty/benchmarks.json",
                        "{\"metadata\": {\"version\": 2, \"guidellm_version\": \"0.6.0\"}, \"benchmarks\": []}", -1);

  set = format_load_one (dir);
  errors = format_errors (set);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 4);
  format_find_run (set, "cut/benchmarks.json#1");
  format_find_run (set, "cut/benchmarks.json#2");
  format_find_run (set, "typed/report.json#1");
  format_find_run (set, "typed/report.json#3");
  /* Each fault names its file, and where it broke. */
  g_assert_nonnull (strstr (errors, cut));
  g_assert_nonnull (strstr (errors, "benchmarks.json:1: the file ends in the middle"));
  g_assert_nonnull (strstr (errors, "typed/report.json#2: the benchmark has no metrics object"));
  g_assert_nonnull (strstr (errors, "empty/benchmarks.json: the report holds no benchmarks"));
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 3);
  g_assert_true (aiperf_test_remove_tree (dir));
}

static double
request_cell (AiperfTable *table,
              const char  *column,
              guint        row)
{
  int c = aiperf_table_find_column (table, column);

  g_assert_cmpint (c, >=, 0);
  return aiperf_table_get (table, c, row);
}

/* Per-request records are read when a benchmark is shown on its own, in
 * AIPerf's columns: times in ns and seconds since the first start, the
 * latency in ms (GuideLLM: seconds). */
static void
test_records (void)
{
  g_autofree char *older = format_fixture ("guidellm", "benchmarks_stripped.json", NULL);
  g_autofree char *current = format_fixture ("guidellm", "benchmarks_v2.json", NULL);
  g_autoptr(AiperfRunSet) older_set = format_load_one (older);
  g_autoptr(AiperfRunSet) current_set = format_load_one (current);
  g_autoptr(GError) error = NULL;
  AiperfRun *run = aiperf_run_set_get_run (older_set, 0);
  AiperfTable *requests;

  g_assert_true (aiperf_run_can_load_details (run));
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  requests = aiperf_run_get_requests (run);
  g_assert_nonnull (requests);
  g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, 1);
  g_assert_cmpfloat_with_epsilon (request_cell (requests, "request_start_ns", 0), 1749157168.1827004e9, 1e3);
  g_assert_cmpfloat_with_epsilon (request_cell (requests, "time_to_first_token", 0), 21.281957626342773, 1e-9);
  g_assert_cmpfloat_with_epsilon (request_cell (requests, "request_latency", 0), 689.1846656799316, 1e-9);
  g_assert_cmpfloat_with_epsilon (request_cell (requests, "inter_token_latency", 0), 5.258346167136365, 1e-9);
  g_assert_cmpfloat (request_cell (requests, "input_sequence_length", 0), ==, 257);
  g_assert_cmpfloat (request_cell (requests, "output_sequence_length", 0), ==, 128);
  g_assert_cmpfloat (request_cell (requests, "start_s", 0), ==, 0);
  g_assert_true (isnan (request_cell (requests, "error_code", 0)));

  /* The current layout's timings sit in info.timings; benchmark #2 is its
   * own records, not #1's. */
  run = format_find_run (current_set, "benchmarks_v2.json#2");
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  requests = aiperf_run_get_requests (run);
  g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, 2);
  g_assert_cmpfloat_with_epsilon (request_cell (requests, "request_start_ns", 0), 1767225700.0e9, 1e3);
  g_assert_cmpfloat_with_epsilon (request_cell (requests, "start_s", 1), 1.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (request_cell (requests, "end_s", 1), 1.598, 1e-6);
  g_assert_cmpfloat_with_epsilon (request_cell (requests, "request_latency", 1), 598.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (request_cell (requests, "time_to_first_token", 1), 21.25, 1e-9);
  g_assert_cmpfloat (request_cell (requests, "request_number", 1), ==, 1);
}

/* A report cut inside a benchmark's records after its summary was read
 * (rewritten meanwhile) keeps the records before the cut, and says so. */
static void
test_records_cut (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-guidellm-XXXXXX", NULL);
  g_autofree char *source = format_fixture ("guidellm", "benchmarks_v2.json", NULL);
  g_autofree char *text = NULL, *cut = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GError) error = NULL;
  const char *second_record;
  AiperfRun *run;
  GPtrArray *warnings;
  gsize length = 0;

  text = format_read (source, &length);
  second_record = strstr (strstr (text, "\"req-0\"") + 1, "\"req-1\"");
  g_assert_nonnull (second_record);
  cut = format_write (dir, "benchmarks.json", text, (gssize) length);
  set = format_load_one (cut);
  run = format_find_run (set, "benchmarks.json#1");
  g_free (format_write (dir, "benchmarks.json", text, second_record - text));
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_requests (run)), ==, 1);
  warnings = aiperf_run_get_warnings (run);
  g_assert_cmpuint (warnings->len, >=, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, warnings->len - 1), "read the 1 records before it"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/guidellm/older-layout", test_older_layout);
  g_test_add_func ("/format/guidellm/current-layout", test_current_layout);
  g_test_add_func ("/format/guidellm/broken", test_broken_reports);
  g_test_add_func ("/format/guidellm/records", test_records);
  g_test_add_func ("/format/guidellm/records-cut", test_records_cut);
  return g_test_run ();
}
