/* test-summary-real.c — summary loading and discovery over the real AIPerf
 * artifacts in tests/data/aiperf-real.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-run-set-load.h"
#include "aiperf-artifacts.h"
#include "aiperf-discovery.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-run-set.h"

static char *
fixture (const char *first, ...)
{
  va_list args;
  GString *rel = g_string_new (first);
  const char *part;
  char *path;

  va_start (args, first);
  while ((part = va_arg (args, const char *)) != NULL)
    {
      g_string_append_c (rel, G_DIR_SEPARATOR);
      g_string_append (rel, part);
    }
  va_end (args);
  path = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", rel->str, NULL);
  g_string_free (rel, TRUE);
  return path;
}

#define FIXTURES(...) fixture ("tests", "unit", "plot", "fixtures", ##__VA_ARGS__, NULL)

static void
assert_metric (AiperfRun  *run,
               const char *tag,
               AiperfStat  stat,
               double      expected)
{
  double value = NAN;

  g_assert_true (aiperf_run_get_metric (run, tag, stat, &value));
  g_assert_cmpfloat (value, ==, expected);
}

static void
test_discover_fixtures (void)
{
  g_autofree char *root = FIXTURES ();
  const char *paths[] = { root, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = aiperf_discover_runs (paths, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (runs->len, ==, 3);
  g_assert_true (g_str_has_suffix (g_ptr_array_index (runs, 0), "/qwen_concurrency1"));
  g_assert_true (g_str_has_suffix (g_ptr_array_index (runs, 1), "/qwen_concurrency2"));
  g_assert_true (g_str_has_suffix (g_ptr_array_index (runs, 2), "/qwen_concurrency2/qwen_concurrency4"));
}

static void
test_fixtures_multi_run (void)
{
  g_autofree char *root = FIXTURES ();
  const char *paths[] = { root, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_autoptr(GPtrArray) swept = NULL;
  const double concurrency[] = { 1, 2, 4 };
  const double latency_p50[] = { 3644.0809205, 3721.5073614999997, 3719.9939425 };
  const double ttft_avg[] = { 30.814987671875, 36.455307999999995, 49.838312015625 };
  const double otps[] = { 50.08213863971112, 100.6512156752534, 194.50576456385642 };

  g_assert_no_error (error);
  g_assert_nonnull (set);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 3);
  g_assert_cmpint (aiperf_run_set_get_mode (set), ==, AIPERF_MODE_MULTI_RUN);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (set)), ==, 3);

  for (guint i = 0; i < 3; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (set, i);
      double per_gpu;

      g_assert_cmpstr (aiperf_run_get_model (run), ==, "Qwen/Qwen3-0.6B");
      g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, concurrency[i]);
      g_assert_cmpint (aiperf_run_get_request_count (run), ==, 64);
      g_assert_cmpint (aiperf_run_get_error_count (run), ==, 0);
      /* Two DCGM endpoints report the same GPU UUID: one GPU, not two. */
      g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 1);
      g_assert_cmpstr (((AiperfGpu *) g_ptr_array_index (aiperf_run_get_gpus (run), 0))->name, ==,
                       "NVIDIA RTX 6000 Ada Generation");
      g_assert_cmpuint (g_strv_length (((AiperfGpu *) g_ptr_array_index (aiperf_run_get_gpus (run), 0))->endpoints), ==, 2);
      assert_metric (run, "request_latency", AIPERF_STAT_P50, latency_p50[i]);
      assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, ttft_avg[i]);
      assert_metric (run, "ttft", AIPERF_STAT_AVG, ttft_avg[i]);
      assert_metric (run, "output_token_throughput", AIPERF_STAT_AVG, otps[i]);
      g_assert_cmpstr (aiperf_run_get_endpoint_type (run), ==, "chat");
      g_assert_true (aiperf_run_get_streaming (run));
      g_assert_true (aiperf_run_get_artifacts (run) & AIPERF_RUN_HAS_SUMMARY_JSON);
      g_assert_true (aiperf_run_get_artifacts (run) & AIPERF_RUN_HAS_REQUESTS);
      g_assert_true (aiperf_run_get_artifacts (run) & AIPERF_RUN_HAS_TELEMETRY);
      /* null metrics of the flat layout are absent, not zero */
      g_assert_null (aiperf_run_get_metric_stats (run, "goodput"));
      g_assert_false (aiperf_run_get_metric (run, "request_throughput", AIPERF_STAT_P50, NULL));
      /* prefill_throughput (before PR #500) is read as its new tag */
      g_assert_nonnull (aiperf_run_get_metric_stats (run, "prefill_throughput_per_user"));
      /* per-GPU throughput over the deduplicated GPU count (1) */
      g_assert_true (aiperf_run_get_metric (run, "output_token_throughput_per_gpu", AIPERF_STAT_AVG, &per_gpu));
      g_assert_cmpfloat (per_gpu, ==, otps[i]);
    }

  {
    AiperfRun *run = aiperf_run_set_get_run (set, 0);

    g_assert_cmpstr (aiperf_run_get_name (run), ==, "qwen_concurrency1");
    g_assert_cmpstr (aiperf_run_get_start_time (run), ==, "2025-11-07T13:38:54.793124");
    g_assert_cmpstr (aiperf_run_get_end_time (run), ==, "2025-11-07T13:43:13.730640");
    g_assert_cmpstr (aiperf_run_get_parameter (run, "loadgen.arrival_pattern"), ==, "concurrency_burst");
    g_assert_cmpstr (aiperf_run_get_parameter (run, "endpoint.model_names"), ==, "Qwen/Qwen3-0.6B");
    g_assert_cmpstr (aiperf_run_get_parameter (run, "input.prompt.input_tokens.mean"), ==, "100");
    g_assert_cmpstr (aiperf_run_get_parameter (run, "loadgen.concurrency"), ==, "1");
    g_assert_cmpstr (aiperf_run_get_parameter (run, "gpu_telemetry"), ==, "localhost:9402");
    g_assert_cmpstr (aiperf_run_get_metric_unit (run, "request_latency"), ==, "ms");
    g_assert_cmpuint (aiperf_run_get_errors (run)->len, ==, 0);
  }

  /* Only concurrency (and what follows from it) differs. */
  swept = aiperf_run_set_get_swept_parameters (set);
  g_assert_cmpuint (swept->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (swept, 0), ==, "concurrency");
}

static void
test_single_run (void)
{
  g_autofree char *root = FIXTURES ("qwen_concurrency1");
  const char *paths[] = { root, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  g_assert_cmpint (aiperf_run_set_get_mode (set), ==, AIPERF_MODE_SINGLE_RUN);
  g_assert_cmpfloat (aiperf_run_get_concurrency (aiperf_run_set_get_run (set, 0)), ==, 1);
}

static void
test_records_layout (void)
{
  g_autofree char *dir = fixture ("examples", "artifacts", "run1", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = aiperf_run_load_summary (dir, &error);
  AiperfErrorEntry *entry;

  g_assert_no_error (error);
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "openai/gpt-oss-20b");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 100);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 89);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 11);
  g_assert_cmpuint (aiperf_run_get_errors (run)->len, ==, 1);
  entry = g_ptr_array_index (aiperf_run_get_errors (run), 0);
  g_assert_cmpint (entry->code, ==, 499);
  g_assert_cmpuint (entry->count, ==, 11);
  g_assert_cmpstr (entry->type, ==, "RequestCancellationError");
  /* ttft/ttst are stored under the renamed tags */
  assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, 2343.219436988764);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P50, 2369.317693);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_COUNT, 89);
  assert_metric (run, "time_to_second_token", AIPERF_STAT_AVG, 120.16625153932584);
  assert_metric (run, "request_latency", AIPERF_STAT_P99, 9297.609933759999);
  g_assert_false (aiperf_run_get_metric (run, "request_count", AIPERF_STAT_P50, NULL));
  g_assert_false (aiperf_run_get_metric (run, "time_to_first_token", AIPERF_STAT_P10, NULL));
  g_assert_null (aiperf_run_get_metric_stats (run, "ttft_raw"));
  {
    g_autoptr(GPtrArray) tags = aiperf_run_list_metrics (run);

    g_assert_cmpuint (tags->len, ==, 21);
    for (guint i = 0; i < tags->len; i++)
      g_assert_cmpstr (g_ptr_array_index (tags, i), !=, "ttft");
  }
  g_assert_cmpstr (aiperf_run_get_start_time (run), ==, "2025-10-03T13:13:39.146443");
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 0);
  g_assert_cmpstr (aiperf_run_get_endpoint_type (run), ==, "chat");
}

static void
test_records_csv (void)
{
  g_autofree char *csv = fixture ("examples", "artifacts", "run1", "profile_export_aiperf.csv", NULL);
  g_autofree char *dir = g_path_get_dirname (csv);
  g_autoptr(AiperfRun) run = aiperf_run_new (dir);
  g_autoptr(GError) error = NULL;

  g_assert_true (aiperf_load_summary_csv (run, csv, &error));
  g_assert_no_error (error);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, 2343.22);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P50, 2369.32);
  assert_metric (run, "request_latency", AIPERF_STAT_STD, 220.22);
  assert_metric (run, "time_to_second_token", AIPERF_STAT_P99, 142.92);
  assert_metric (run, "output_token_throughput_per_user", AIPERF_STAT_MIN, 28.69);
  assert_metric (run, "output_token_throughput", AIPERF_STAT_AVG, 2320.72);
  assert_metric (run, "benchmark_duration", AIPERF_STAT_AVG, 9.32);
  assert_metric (run, "total_reasoning_tokens", AIPERF_STAT_AVG, 19792);
  assert_metric (run, "max_response_timestamp", AIPERF_STAT_AVG, 1759522428472357888.0);
  g_assert_false (aiperf_run_get_metric (run, "time_to_first_token", AIPERF_STAT_P10, NULL));
  g_assert_false (aiperf_run_get_metric (run, "time_to_first_token", AIPERF_STAT_SUM, NULL));
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 89);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 11);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "request_latency"), ==, "ms");
  {
    g_autoptr(GPtrArray) tags = aiperf_run_list_metrics (run);

    g_assert_cmpuint (tags->len, ==, 21);
  }
}

static void
test_every_real_run (void)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", NULL);
  const char *paths[] = { root, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  /* run1 + the three fixtures; _variants holds only telemetry files */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 4);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 0);
  {
    g_autoptr(GPtrArray) swept = aiperf_run_set_get_swept_parameters (set);
    gboolean has_model = FALSE, has_concurrency = FALSE;

    for (guint i = 0; i < swept->len; i++)
      {
        const char *key = g_ptr_array_index (swept, i);

        has_model |= g_str_equal (key, "model");
        has_concurrency |= g_str_equal (key, "concurrency");
        g_assert_false (g_str_has_suffix (key, "cli_command"));
        g_assert_false (g_str_has_suffix (key, "url"));
        g_assert_false (g_str_has_suffix (key, "random_seed"));
        g_assert_false (g_str_has_suffix (key, "artifact_directory"));
      }
    g_assert_true (has_model);
    g_assert_true (has_concurrency);
  }
}

static gpointer
details_thread (gpointer data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (aiperf_run_load_details (data, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return NULL;
}

static void
details_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (aiperf_run_load_details_finish (AIPERF_RUN (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
test_details (void)
{
  g_autofree char *dir = FIXTURES ("qwen_concurrency1");
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = aiperf_run_load_summary (dir, &error);
  g_autoptr(AiperfRun) run2 = aiperf_run_load_summary (dir, &error);
  GThread *threads[4];
  AiperfTable *requests;
  gboolean done = FALSE;

  g_assert_no_error (error);
  g_assert_false (aiperf_run_has_details (run));
  g_assert_null (aiperf_run_get_requests (run));

  /* concurrent first calls: one loads, the others wait and return */
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("details", details_thread, run);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  g_assert_true (aiperf_run_has_details (run));

  requests = aiperf_run_get_requests (run);
  g_assert_nonnull (requests);
  g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, 10);
  g_assert_nonnull (aiperf_run_get_throughput (run));
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_throughput (run)), >, 0);
  g_assert_nonnull (aiperf_run_get_gpu_telemetry (run));
  /* a second call is a no-op: same table */
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_true (aiperf_run_get_requests (run) == requests);

  aiperf_run_load_details_async (run2, NULL, details_done, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_requests (run2)), ==, 10);
}

static void
test_details_cancelled (void)
{
  g_autofree char *dir = FIXTURES ("qwen_concurrency2");
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = aiperf_run_load_summary (dir, &error);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_cancellable_cancel (cancellable);
  g_assert_false (aiperf_run_load_details (run, cancellable, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (aiperf_run_has_details (run));
  g_assert_null (aiperf_run_get_requests (run));
  g_clear_error (&error);
  /* and a later call still works */
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_nonnull (aiperf_run_get_requests (run));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/summary/real/discover-fixtures", test_discover_fixtures);
  g_test_add_func ("/aiperf/summary/real/fixtures-multi-run", test_fixtures_multi_run);
  g_test_add_func ("/aiperf/summary/real/single-run", test_single_run);
  g_test_add_func ("/aiperf/summary/real/records-layout", test_records_layout);
  g_test_add_func ("/aiperf/summary/real/records-csv", test_records_csv);
  g_test_add_func ("/aiperf/summary/real/every-run", test_every_real_run);
  g_test_add_func ("/aiperf/run/details/load", test_details);
  g_test_add_func ("/aiperf/run/details/cancelled", test_details_cancelled);
  return g_test_run ();
}
