/* test-format-inference-perf.c — inference-perf report folders: the two real
 * KubeCon runs (7 stages each), the mapping by definition, config.yaml,
 * Prometheus reports, and broken stages.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "format-test-util.h"
#include "aiperf-compare-history.h"

static void
test_real_runs (void)
{
  g_autofree char *root = format_fixture ("inference-perf", NULL);
  g_autoptr(AiperfRunSet) set = format_load_one (root);
  AiperfRun *run;
  const AiperfStats *per_user;

  /* Two runs × 7 stages; summaries, Prometheus reports and config are not runs. */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 14);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 0);

  run = format_find_run (set, "/vllm/stage_1_lifecycle_metrics.json");
  g_assert_cmpstr (aiperf_run_get_source (run), ==, "inference-perf");
  g_assert_cmpstr (aiperf_run_get_tool (run), ==, "inference-perf");
  g_assert_cmpstr (aiperf_run_get_kind (run), ==, "serving");
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "vllm/stage_1");
  g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, "vllm");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "stage"), ==, "1");
  /* load_summary: requested 31.4 QPS, achieved 31.415… */
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "request_rate");
  g_assert_cmpfloat (aiperf_run_get_request_rate (run), ==, 31.4);
  g_assert_true (isnan (aiperf_run_get_concurrency (run)));
  g_assert_cmpstr (aiperf_run_get_parameter (run, "achieved_rate"), ==, "31.415110586006953");
  /* config.yaml sits in the parent folder, shared by both runs. */
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "meta-llama/Meta-Llama-3-8B-Instruct");
  g_assert_cmpstr (aiperf_run_get_endpoint_type (run), ==, "completion");
  g_assert_true (aiperf_run_get_streaming (run));
  g_assert_cmpstr (aiperf_run_get_parameter (run, "server.type"), ==, "vllm");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "load.type"), ==, "constant");

  /* Seconds → ms. TTFT mean 0.02983692160898013 s. */
  assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, 0.02983692160898013 * 1000);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P99, 0.04361342025920749 * 1000);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P50, 0.02930809900863096 * 1000);
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "time_to_first_token"), ==, "ms");
  assert_metric (run, "request_latency", AIPERF_STAT_AVG, 0.5467452551630615 * 1000);
  /* time_per_output_token is AIPerf's ITL; its inter_token_latency (chunk
   * gaps, median 38 µs: tokens arrive in bursts) is inter_chunk_latency. */
  assert_metric (run, "inter_token_latency", AIPERF_STAT_AVG, 0.003997934798121225 * 1000);
  assert_metric (run, "inter_token_latency", AIPERF_STAT_P10, 0.0038501892118830263 * 1000);
  assert_metric (run, "inter_chunk_latency", AIPERF_STAT_P50, 3.824848681688309e-05 * 1000);
  assert_metric (run, "inter_chunk_latency", AIPERF_STAT_MAX, 0.02423027402255684 * 1000);
  assert_metric (run, "normalized_time_per_output_token", AIPERF_STAT_AVG, 0.008900488819633115 * 1000);
  g_assert_true (isnan (format_metric (run, "time_per_output_token", AIPERF_STAT_AVG)));
  /* Throughputs stay per second; lengths in tokens. */
  assert_metric (run, "request_throughput", AIPERF_STAT_AVG, 31.15591176243092);
  assert_metric (run, "output_token_throughput", AIPERF_STAT_AVG, 1943.0109854644684);
  assert_metric (run, "total_token_throughput", AIPERF_STAT_AVG, 8302.40553746983);
  assert_metric (run, "input_sequence_length", AIPERF_STAT_AVG, 204.1151804670913);
  assert_metric (run, "output_sequence_length", AIPERF_STAT_P99, 66.0);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 1884);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 0);
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 0);
  /* Per-user throughput from the ITL: p90 of 1000/ITL is 1000 / p10 of ITL. */
  per_user = aiperf_run_get_metric_stats (run, "output_token_throughput_per_user");
  g_assert_nonnull (per_user);
  g_assert_cmpfloat_with_epsilon (per_user->v[AIPERF_STAT_P90], 1000.0 / (0.0038501892118830263 * 1000), 1e-9);
  g_assert_cmpfloat_with_epsilon (per_user->v[AIPERF_STAT_AVG], 1000.0 / (0.003997934798121225 * 1000), 1e-9);
  g_assert_cmpfloat_with_epsilon (per_user->v[AIPERF_STAT_MIN], 1000.0 / (0.004884849976596617 * 1000), 1e-9);
  g_assert_true (isnan (per_user->v[AIPERF_STAT_STD]));
  /* stage_1_prometheus_metrics.json: the server's own view. */
  assert_metric (run, "server_time_to_first_token", AIPERF_STAT_AVG, 0.016324 * 1000);
  assert_metric (run, "server_request_latency", AIPERF_STAT_P90, 0.76965 * 1000);

  run = format_find_run (set, "/vllm+batch_size/stage_6_lifecycle_metrics.json");
  g_assert_cmpfloat (aiperf_run_get_request_rate (run), ==, 222.83);
  g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, "vllm+batch_size");
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 13369);
}

/* A lifecycle report given alone stands for its folder: all stages load. */
static void
test_file_stands_for_folder (void)
{
  g_autofree char *file = format_fixture ("inference-perf", "vllm", "stage_3_lifecycle_metrics.json", NULL);
  g_autoptr(AiperfRunSet) set = format_load_one (file);

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 7);
  g_assert_cmpfloat (aiperf_run_get_request_rate (format_find_run (set, "/stage_3_lifecycle_metrics.json")),
                     ==, 92.19);
}

static char *
copy_run_as (const char *dir,
             const char *folder)
{
  g_autofree char *source = format_fixture ("inference-perf", "vllm", NULL);
  char *target = g_build_filename (dir, folder, NULL);

  for (guint stage = 0; stage < 7; stage++)
    {
      g_autofree char *name = g_strdup_printf ("stage_%u_lifecycle_metrics.json", stage);
      g_autofree char *from = g_build_filename (source, name, NULL);
      g_autofree char *text = NULL;
      gsize length = 0;

      text = format_read (from, &length);
      g_free (format_write (target, name, text, (gssize) length));
    }
  return target;
}

static char *
copy_run (const char *dir)
{
  return copy_run_as (dir, "results");
}

/* The reports carry no date; inference-perf's default folder name does
 * ("reports-YYYYMMDD-HHMMSS", local time): three nights of the same
 * benchmark are a history, in the folders' order, none from a folder's
 * modification time. */
static void
test_folder_time (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-ip-XXXXXX", NULL);
  g_autofree char *night1 = copy_run_as (dir, "reports-20250301-221500");
  g_autofree char *night2 = copy_run_as (dir, "reports-20250302-221500");
  g_autofree char *night3 = copy_run_as (dir, "reports-20250303-221500");
  g_autofree char *plain = copy_run (dir);
  const char *paths[] = { night3, night1, night2, NULL };
  g_autoptr(AiperfRunSet) set = format_load (paths);
  g_autoptr(AiperfRunSet) undated = format_load_one (plain);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) series = NULL;
  g_autoptr(GTimeZone) local = g_time_zone_new_local ();
  g_autoptr(GDateTime) expected = g_date_time_new (local, 2025, 3, 1, 22, 15, 0);
  const AiperfHistorySeries *one = NULL;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 21);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (set); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (set, i);
      g_autoptr(GDateTime) start = g_date_time_new_from_iso8601 (aiperf_run_get_start_time (run), NULL);

      g_assert_nonnull (start);
      if (strstr (aiperf_run_get_locator (run), "reports-20250301-221500") != NULL)
        g_assert_cmpint (g_date_time_to_unix (start), ==, g_date_time_to_unix (expected));
    }
  g_assert_null (aiperf_run_get_start_time (aiperf_run_set_get_run (undated, 0)));

  series = aiperf_history_build (set, 0.02, AIPERF_HISTORY_SEED, notes);
  g_assert_cmpuint (series->len, >, 0);
  g_assert_cmpuint (notes->len, ==, 0);
  one = g_ptr_array_index (series, 0);
  /* No model in these reports: the configuration is the load alone. */
  g_assert_true (g_str_has_prefix (one->configuration, "request rate "));
  g_assert_cmpuint (one->times->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_false (g_array_index (one->from_mtime, gboolean, i));
      g_assert_cmpfloat (g_array_index (one->times, double, i), ==,
                         (double) g_date_time_to_unix (expected) + 86400.0 * i);
    }
  g_assert_true (aiperf_test_remove_tree (dir));
}

static void
test_broken_stages (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-ip-XXXXXX", NULL);
  g_autofree char *results = copy_run (dir);
  g_autofree char *stage2 = g_build_filename (results, "stage_2_lifecycle_metrics.json", NULL);
  g_autofree char *stage4 = g_build_filename (results, "stage_4_lifecycle_metrics.json", NULL);
  g_autofree char *stage5 = NULL, *stage6 = NULL, *yaml = NULL, *errors = NULL;
  g_autofree char *text = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  AiperfRun *run;
  gsize length = 0;

  /* Truncated JSON; a report without "successes"; a rate of the wrong
   * type; a config.yaml that does not parse. */
  text = format_read (stage2, &length);
  g_free (format_write (results, "stage_2_lifecycle_metrics.json", text, (gssize) length / 2));
  g_free (format_write (results, "stage_4_lifecycle_metrics.json", "{\"load_summary\": {}}", -1));
  stage5 = format_write (results, "stage_5_lifecycle_metrics.json",
                         "{\"load_summary\": {\"requested_rate\": \"fast\"}, \"successes\": {\"count\": 3,"
                         " \"latency\": {\"time_to_first_token\": {\"mean\": 0.5, \"median\": [1]}}},"
                         " \"failures\": {\"count\": 1}}", -1);
  stage6 = format_write (results, "stage_6_lifecycle_metrics.json", "[1, 2, 3]", -1);
  yaml = format_write (dir, "config.yaml", "server:\n  model_name: [unclosed\n", -1);

  set = format_load_one (results);
  errors = format_errors (set);
  /* Stages 0, 1, 3 and 5 load; 2, 4 and 6 say why, naming the file. */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 4);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 3);
  g_assert_nonnull (strstr (errors, stage2));
  g_assert_nonnull (strstr (errors, "stage_2_lifecycle_metrics.json:1:"));
  g_assert_nonnull (strstr (errors, stage4));
  g_assert_nonnull (strstr (errors, "no load_summary and successes"));
  g_assert_nonnull (strstr (errors, stage6));

  run = format_find_run (set, "stage_5_lifecycle_metrics.json");
  g_assert_true (isnan (aiperf_run_get_request_rate (run)));
  assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, 500.0);
  g_assert_true (isnan (format_metric (run, "time_to_first_token", AIPERF_STAT_P50)));
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 1);
  /* The YAML error travels with every run, with file and line. */
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "Unknown");
  {
    GPtrArray *warnings = aiperf_run_get_warnings (run);
    g_autoptr(GString) all = g_string_new (NULL);

    for (guint i = 0; i < warnings->len; i++)
      g_string_append_printf (all, "%s\n", (const char *) g_ptr_array_index (warnings, i));
    g_assert_nonnull (strstr (all->str, "requested_rate is missing"));
    g_assert_nonnull (strstr (all->str, "config.yaml:"));
  }
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* Found by fuzz-formats (a leak): the peer JSON reader handed files straight
 * to json-glib, which leaks a value after the top-level one and recurses
 * once per "[" until the stack overflows. Both stages are refused, naming
 * the file; the other five still load. */
static void
test_hostile_json (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-ip-XXXXXX", NULL);
  g_autofree char *results = copy_run (dir);
  g_autofree char *deep = g_malloc0 (1000001);
  g_autofree char *errors = NULL;
  g_autoptr(AiperfRunSet) set = NULL;

  memset (deep, '[', 1000000);
  g_free (format_write (results, "stage_0_lifecycle_metrics.json", "{\"load_summary\": {}} []", -1));
  g_free (format_write (results, "stage_1_lifecycle_metrics.json", deep, -1));
  set = format_load_one (results);
  errors = format_errors (set);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 5);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 2);
  g_assert_nonnull (strstr (errors, "stage_0_lifecycle_metrics.json, line 1: unexpected text after the top-level value"));
  g_assert_nonnull (strstr (errors, "stage_1_lifecycle_metrics.json, line 1: JSON nested more than 512 levels deep"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/inference-perf/real-runs", test_real_runs);
  g_test_add_func ("/format/inference-perf/file-stands-for-folder", test_file_stands_for_folder);
  g_test_add_func ("/format/inference-perf/broken-stages", test_broken_stages);
  g_test_add_func ("/format/inference-perf/folder-time", test_folder_time);
  g_test_add_func ("/format/inference-perf/hostile-json", test_hostile_json);
  return g_test_run ();
}
