/* test-summary-layouts.c — every other summary layout (hand-made fixtures in
 * tests/data/layouts) and bad input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-artifacts.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-run-set-builder.h"
#include "aiperf-run-set.h"
#include "aiperf-test-util.h"

static AiperfRun *
load (const char  *name,
      GError     **error)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "layouts", name, NULL);

  return aiperf_run_load_summary (dir, error);
}

static double
metric (AiperfRun  *run,
        const char *tag,
        AiperfStat  stat)
{
  double value = NAN;

  if (!aiperf_run_get_metric (run, tag, stat, &value))
    return NAN;
  return value;
}

static gboolean
has_warning_containing (AiperfRun  *run,
                        const char *needle)
{
  GPtrArray *warnings = aiperf_run_get_warnings (run);

  for (guint i = 0; i < warnings->len; i++)
    if (strstr (g_ptr_array_index (warnings, i), needle) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_schema13 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("schema13", &error);
  AiperfErrorEntry *entry;

  g_assert_no_error (error);
  g_assert_cmpstr (aiperf_run_get_schema_version (run), ==, "1.3");
  g_assert_cmpstr (aiperf_run_get_aiperf_version (run), ==, "0.11.0");
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "meta-llama/Llama-3.1-8B-Instruct");
  /* the profiling phase, not the warm-up */
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 16);
  g_assert_true (aiperf_run_get_streaming (run));
  g_assert_cmpstr (aiperf_run_get_endpoint_type (run), ==, "chat");
  g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, "concurrency=16");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "run_info.trial"), ==, "2");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "artifacts.slice_duration"), ==, "5");
  /* the other schema's spelling (output.slice_duration) reads as this one */
  {
    g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "plots", "timeslice-run", NULL);
    g_autoptr(AiperfRun) older = aiperf_run_load_summary (dir, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (aiperf_run_get_parameter (older, "artifacts.slice_duration"), ==, "2");
    g_assert_null (aiperf_run_get_parameter (older, "output.slice_duration"));
  }
  g_assert_cmpstr (aiperf_run_get_parameter (run, "models.items.name"), ==, "meta-llama/Llama-3.1-8B-Instruct");
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_COUNT), ==, 640);
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_SUM), ==, 819520.0);
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_P50), ==, 1250.25);
  g_assert_true (isnan (metric (run, "request_latency", AIPERF_STAT_P5)));
  g_assert_cmpfloat (metric (run, "prefill_throughput", AIPERF_STAT_P50), ==, 4900.0);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 640);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 3);
  g_assert_cmpuint (aiperf_run_get_errors (run)->len, ==, 2);
  entry = g_ptr_array_index (aiperf_run_get_errors (run), 1);
  g_assert_cmpint (entry->code, ==, 429);
  g_assert_cmpstr (entry->message, ==, "Too Many Requests");
  g_assert_cmpuint (entry->count, ==, 1);
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 2);
  g_assert_cmpstr (((AiperfGpu *) g_ptr_array_index (aiperf_run_get_gpus (run), 1))->uuid, ==,
                   "GPU-aaaa0000-0000-0000-0000-000000000002");
  g_assert_cmpint (((AiperfGpu *) g_ptr_array_index (aiperf_run_get_gpus (run), 1))->index, ==, 1);
  /* no profile_export.jsonl: a summary-only run */
  g_assert_false (aiperf_run_get_artifacts (run) & AIPERF_RUN_HAS_REQUESTS);
}

static void
test_nested_metrics (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("nested-metrics", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "mistralai/Mistral-7B-Instruct-v0.3");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 1);   /* aiperf's default */
  g_assert_cmpfloat (aiperf_run_get_request_rate (run), ==, 8.5);
  g_assert_false (aiperf_run_get_streaming (run));
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_P99), ==, 700.0);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_P50), ==, 40.0);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 100);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 0);
  g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, "nested-metrics");
}

static void
test_yaml_v2_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("yaml-v2-list", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "Qwen/Qwen2.5-7B-Instruct");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 8);
  g_assert_cmpfloat (aiperf_run_get_request_rate (run), ==, 2.5);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "models"), ==, "Qwen/Qwen2.5-7B-Instruct");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "phases.type"), ==, "profiling");
}

static void
test_aggregate (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("aggregate-cell", &error);

  g_assert_no_error (error);
  g_assert_true (aiperf_run_get_artifacts (run) & AIPERF_RUN_IS_AGGREGATE);
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "nvidia/Llama-3.3-70B-Instruct-FP8");
  g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, "concurrency_32");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 32);
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_AVG), ==, 2100.5);
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_P50), ==, 2050.0);
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_P99), ==, 2900.0);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_AVG), ==, 120.25);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "request_latency"), ==, "ms");
  g_assert_null (aiperf_run_get_metric_stats (run, "time_to_second_token"));
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 960);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "metadata.num_profile_runs"), ==, "3");
}

static void
test_csv_only (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("csv-only", &error);
  AiperfGpu *gpu;

  g_assert_no_error (error);
  g_assert_true (aiperf_run_get_artifacts (run) & AIPERF_RUN_HAS_SUMMARY_CSV);
  g_assert_false (aiperf_run_get_artifacts (run) & AIPERF_RUN_HAS_SUMMARY_JSON);
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "Unknown");
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_SUM), ==, 4550.0);
  g_assert_cmpfloat (metric (run, "time_to_first_token", AIPERF_STAT_P10), ==, 33.0);
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_P50), ==, 880.75);
  /* a display name that itself ends in parentheses */
  g_assert_cmpfloat (metric (run, "http_req_waiting", AIPERF_STAT_P50), ==, 43.0);
  g_assert_true (isnan (metric (run, "http_req_waiting", AIPERF_STAT_P1)));
  g_assert_cmpfloat (metric (run, "request_throughput", AIPERF_STAT_AVG), ==, 11.11);
  g_assert_cmpfloat (metric (run, "some_future_metric", AIPERF_STAT_AVG), ==, 7.5);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "some_future_metric"), ==, "widgets");
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 100);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 4);
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 2);
  gpu = g_ptr_array_index (aiperf_run_get_gpus (run), 0);
  g_assert_cmpstr (gpu->name, ==, "NVIDIA L40S");
  g_assert_cmpstr (gpu->hostname, ==, "node-a");
}

static void
test_summary_only (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("summary-only", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "Qwen/Qwen3-0.6B");
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_P50), ==, 3644.0809205);
  g_assert_cmpuint (aiperf_run_get_artifacts (run), ==, AIPERF_RUN_HAS_SUMMARY_JSON);
  /* details of a summary-only run: nothing to read, and no error */
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (aiperf_run_get_requests (run));
  g_assert_true (aiperf_run_has_details (run));
}

static void
assert_load_fails (const char *name,
                   int         code,
                   const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load (name, &error);

  g_assert_null (run);
  g_assert_error (error, AIPERF_ERROR, code);
  g_test_message ("%s → %s", name, error->message);
  g_assert_nonnull (strstr (error->message, name));
  g_assert_nonnull (strstr (error->message, needle));
}

static void
test_bad_input (void)
{
  assert_load_fails ("bad/truncated", AIPERF_ERROR_PARSE, "ends early");
  assert_load_fails ("bad/empty", AIPERF_ERROR_PARSE, "empty");
  assert_load_fails ("bad/non-utf8", AIPERF_ERROR_PARSE, "line 2: the text is not valid UTF-8");
  assert_load_fails ("bad/not-object", AIPERF_ERROR_INVALID_DATA, "JSON object");
  assert_load_fails ("bad/deep", AIPERF_ERROR_INVALID_DATA, "line 1: JSON nested more than 512 levels");
  assert_load_fails ("bad/csv-garbage", AIPERF_ERROR_PARSE, "line 2: quoted field");
  assert_load_fails ("foreign", AIPERF_ERROR_NO_RUNS, "not an AIPerf run folder");
  assert_load_fails ("does-not-exist", AIPERF_ERROR_NOT_FOUND, "no such folder");
}

static void
test_wrong_types (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("bad/wrong-types", &error);

  g_assert_no_error (error);
  /* "avg": "abc" is dropped, the good p50 kept */
  g_assert_true (isnan (metric (run, "request_latency", AIPERF_STAT_AVG)));
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_P50), ==, 100.5);
  g_assert_true (isnan (metric (run, "request_latency", AIPERF_STAT_P99)));
  g_assert_null (aiperf_run_get_metric_stats (run, "time_to_first_token"));
  g_assert_true (has_warning_containing (run, "request_latency"));
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "Unknown");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 1);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, -1);
}

static void
test_huge_numbers (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("bad/huge", &error);

  g_assert_no_error (error);
  g_assert_true (isnan (metric (run, "request_latency", AIPERF_STAT_AVG)));
  g_assert_true (isnan (metric (run, "request_latency", AIPERF_STAT_P50)));
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_P99), ==, 250.0);
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 1);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, -1);
  g_assert_true (has_warning_containing (run, "not numbers"));
}

static void
test_nan_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("bad/nan", &error);

  g_assert_no_error (error);
  g_assert_true (isnan (metric (run, "request_latency", AIPERF_STAT_AVG)));
  g_assert_true (isnan (metric (run, "request_latency", AIPERF_STAT_STD)));
  g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_P50), ==, 120.0);
  /* the word inside a string is left alone */
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "NaN-model");
  g_assert_true (has_warning_containing (run, "NaN or Infinity"));
}

/* Found by fuzz-summary-json and fuzz-timeslices-json (leaks): json-glib 1.6
 * leaks the nodes of a value after the top-level one, and the string at an
 * invalid escape, so those are refused before it parses, while
 * what json-glib accepts around the object (C comments, a byte-order mark)
 * still loads. */
static void
test_text_around_object (void)
{
  static const struct {
    const char *text;
    int         code;      /* 0: loads */
    const char *needle;
  } cases[] = {
    { "{\"request_latency\": {\"avg\": 1}}\n[]", AIPERF_ERROR_PARSE,
      "line 2: not valid JSON: unexpected text after the top-level value" },
    { "{\"request_latency\": {\"avg\": 1}} {\"a\": 2}", AIPERF_ERROR_PARSE,
      "line 1: not valid JSON: unexpected text after the top-level value" },
    { "2 []", AIPERF_ERROR_INVALID_DATA, "expected a JSON object at the top level" },
    /* json-glib leaks the string it was reading at a bad escape */
    { "{\"request_latency\": {\"avg\": 1, \"unit\": \"\\ud800\\u0041\"}}", AIPERF_ERROR_PARSE,
      "line 1: not valid JSON: invalid escape in a string" },
    { "{\"request_latency\": {\"avg\": 1, \"unit\": \"\\ud8m\"}}", AIPERF_ERROR_PARSE,
      "line 1: not valid JSON: invalid escape in a string" },
    /* found by fuzz-aggregate-json: json-glib makes a lone surrogate into
     * bytes that are not UTF-8 */
    { "{\"request_\\ud800latency\": {\"avg\": 1}}", AIPERF_ERROR_PARSE,
      "line 1: not valid JSON: invalid escape in a string" },
    { "{\"request_latency\": {\"avg\": 1, \"unit\": \"\\udc00\"}}", AIPERF_ERROR_PARSE,
      "line 1: not valid JSON: invalid escape in a string" },
    { "{\"request_latency\": {\"avg\": 1, \"unit\": \"m\\u00e9s \\\"\\ud83d\\ude00\\\\\"}}", 0, NULL },
    { "\xef\xbb\xbf{\"request_latency\": {\"avg\": 1}}\n", 0, NULL },
    { "/* [ */ {\"request_latency\": {\"avg\": 1, \"unit\": \"ms]\"}} /* } */\n", 0, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *dir = g_dir_make_tmp ("aiperf-summary-XXXXXX", &error);
      g_autofree char *path = g_build_filename (dir, "profile_export_aiperf.json", NULL);
      g_autoptr(AiperfRun) run = NULL;

      g_file_set_contents (path, cases[i].text, -1, &error);
      g_assert_no_error (error);
      run = aiperf_run_load_summary (dir, &error);
      g_test_message ("case %u: %s", i, error != NULL ? error->message : "(loaded)");
      if (cases[i].code == 0)
        {
          g_assert_no_error (error);
          g_assert_cmpfloat (metric (run, "request_latency", AIPERF_STAT_AVG), ==, 1);
        }
      else
        {
          g_assert_null (run);
          g_assert_error (error, AIPERF_ERROR, cases[i].code);
          g_assert_nonnull (strstr (error->message, cases[i].needle));
        }
      aiperf_test_remove_tree (dir);
    }
}

/* Loads @text as @name in a scratch run folder. */
static AiperfRun *
load_text (const char  *name,
           const char  *text,
           GError     **error)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-summary-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  AiperfRun *run;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  run = aiperf_run_load_summary (dir, error);
  aiperf_test_remove_tree (dir);
  return run;
}

/* Strings of the wrong type (an object, a list) were read with
 * json_object_get_string_member_with_default(), a critical on those; they
 * count as absent. Confirmed under fuzz-summary-json and fuzz-aggregate-json. */
static void
test_wrong_type_strings (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = NULL;
  g_autoptr(AiperfRun) aggregate = NULL;
  AiperfErrorEntry *entry;

  run = load_text ("profile_export_aiperf.json",
                   "{\"request_latency\": {\"avg\": 1, \"unit\": \"ms\"}, \"aiperf_version\": {},"
                   " \"error_summary\": [{\"error_details\": {\"type\": {}, \"message\": [\"x\"],"
                   " \"code\": 500}, \"count\": 3}]}", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_get_errors (run)->len, ==, 1);
  entry = g_ptr_array_index (aiperf_run_get_errors (run), 0);
  g_assert_null (entry->type);
  g_assert_null (entry->message);
  g_assert_cmpint (entry->code, ==, 500);
  g_assert_cmpuint (entry->count, ==, 3);
  g_assert_null (aiperf_run_get_aiperf_version (run));

  aggregate = load_text ("profile_export_aiperf_aggregate.json",
                         "{\"schema_version\": [1], \"metadata\": {\"model\": {}, \"variation_label\": []},"
                         " \"metrics\": {\"request_latency_avg\": {\"mean\": 2, \"unit\": {}}}}", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (metric (aggregate, "request_latency", AIPERF_STAT_AVG), ==, 2);
  g_assert_cmpstr (aiperf_run_get_model (aggregate), ==, "Unknown");
  g_assert_null (aiperf_run_get_schema_version (aggregate));
}

static void
test_run_set_keeps_going (void)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "data", "layouts", NULL);
  const char *paths[] = { root, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  GPtrArray *errors;
  g_autoptr(GPtrArray) swept = NULL;

  g_assert_no_error (error);
  /* 9 good runs; 6 broken ones reported, each naming its folder */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 9);
  errors = aiperf_run_set_get_load_errors (set);
  g_assert_cmpuint (errors->len, ==, 6);
  for (guint i = 0; i < errors->len; i++)
    g_assert_nonnull (strstr (((GError *) g_ptr_array_index (errors, i))->message, "/bad/"));
  swept = aiperf_run_set_get_swept_parameters (set);
  g_assert_true (g_ptr_array_find_with_equal_func (swept, "model", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (swept, "concurrency", g_str_equal, NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (swept, "run_info.random_seed", g_str_equal, NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (swept, "run_info.cli_command", g_str_equal, NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (swept, "endpoint.urls", g_str_equal, NULL));
}

static void
test_all_broken (void)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "data", "layouts", "bad", "empty", NULL);
  const char *paths[] = { root, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);

  g_assert_null (set);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "bad/empty"));
}

/* A code only means something in its domain: a failure whose first error
 * is GLib's G_FILE_ERROR_ACCES (2) is an I/O error, not AIPERF_ERROR 2
 * (INVALID_DATA); NOENT is NOT_FOUND; a library's parser error is PARSE;
 * our own codes pass through. */
static void
test_failure_domain (void)
{
  struct {
    GQuark domain;
    int    code;
    int    want;
  } cases[] = {
    { G_FILE_ERROR, G_FILE_ERROR_ACCES, AIPERF_ERROR_IO },
    { G_FILE_ERROR, G_FILE_ERROR_NOENT, AIPERF_ERROR_NOT_FOUND },
    { G_IO_ERROR, G_IO_ERROR_NOT_FOUND, AIPERF_ERROR_NOT_FOUND },
    { G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, AIPERF_ERROR_IO },
    { G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE, AIPERF_ERROR_PARSE },
    { AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA, AIPERF_ERROR_INVALID_DATA },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) first = g_error_new_literal (cases[i].domain, cases[i].code, "why");
      g_autoptr(GError) one = aiperf_run_set_load_failure (1, first);
      g_autoptr(GError) many = aiperf_run_set_load_failure (3, first);

      g_assert_true (g_error_matches (one, AIPERF_ERROR, cases[i].want));
      g_assert_true (g_error_matches (many, AIPERF_ERROR, cases[i].want));
      g_assert_cmpstr (one->message, ==, "The run could not be loaded: why");
      g_assert_cmpstr (many->message, ==, "None of the 3 runs could be loaded; the first error: why");
    }
  {
    g_autoptr(GError) none = aiperf_run_set_load_failure (2, NULL);

    g_assert_true (g_error_matches (none, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS));
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/summary/layout/schema-1.3", test_schema13);
  g_test_add_func ("/aiperf/summary/layout/nested-metrics", test_nested_metrics);
  g_test_add_func ("/aiperf/summary/layout/yaml-v2-list", test_yaml_v2_list);
  g_test_add_func ("/aiperf/summary/layout/aggregate", test_aggregate);
  g_test_add_func ("/aiperf/summary/layout/csv-only", test_csv_only);
  g_test_add_func ("/aiperf/summary/layout/summary-only", test_summary_only);
  g_test_add_func ("/aiperf/summary/bad/errors", test_bad_input);
  g_test_add_func ("/aiperf/summary/bad/wrong-types", test_wrong_types);
  g_test_add_func ("/aiperf/summary/bad/huge-numbers", test_huge_numbers);
  g_test_add_func ("/aiperf/summary/bad/nan-text", test_nan_text);
  g_test_add_func ("/aiperf/summary/bad/text-around-object", test_text_around_object);
  g_test_add_func ("/aiperf/summary/bad/wrong-type-strings", test_wrong_type_strings);
  g_test_add_func ("/aiperf/summary/run-set/keeps-going", test_run_set_keeps_going);
  g_test_add_func ("/aiperf/summary/run-set/all-broken", test_all_broken);
  g_test_add_func ("/aiperf/summary/run-set/failure-domain", test_failure_domain);
  return g_test_run ();
}
