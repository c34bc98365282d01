/* test-details-loaders.c — GPU telemetry, time slices and derived metrics.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <math.h>
#include <string.h>

#include "aiperf-artifacts.h"
#include "aiperf-derived.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-test-util.h"

#define FIXTURES "data", "aiperf-real", "tests", "unit", "plot", "fixtures"
#define VARIANTS "data", "aiperf-real", "_variants", "gpu_telemetry_dcgm_url__upstream-main-189aa641", \
                 "tests", "unit", "plot", "fixtures"

static AiperfRun *
load_telemetry (const char *path,
                gboolean    with_requests)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  AiperfRun *run = aiperf_folder_run_new (dir);

  if (with_requests)
    {
      g_autofree char *req = g_test_build_filename (G_TEST_DIST, FIXTURES, "qwen_concurrency1",
                                                    "profile_export.jsonl", NULL);
      g_assert_true (aiperf_load_requests_jsonl (run, req, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_true (aiperf_load_telemetry_jsonl (run, path, NULL, &error));
  g_assert_no_error (error);
  return run;
}

static void
test_telemetry (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, FIXTURES, "qwen_concurrency1",
                                                 "gpu_telemetry_export.jsonl", NULL);
  g_autoptr(AiperfRun) run = load_telemetry (path, FALSE);
  AiperfTable *t = aiperf_run_get_gpu_telemetry (run);
  GPtrArray *gpus = aiperf_run_get_gpus (run);
  const AiperfGpu *gpu;

  g_assert_nonnull (t);
  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 20);
  g_assert_cmpuint (aiperf_table_get_n_columns (t), ==, 5 + 15);
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 1);
  gpu = g_ptr_array_index (gpus, 0);
  g_assert_cmpstr (gpu->uuid, ==, "GPU-ef6ef310-f8e2-cef9-036e-8f12d59b5ffc");
  g_assert_cmpstr (gpu->name, ==, "NVIDIA RTX 6000 Ada Generation");
  g_assert_cmpuint (g_strv_length (gpu->endpoints), ==, 2);
  g_assert_cmpstr (gpu->endpoints[0], ==, "http://localhost:9400/metrics");
  g_assert_cmpstr (gpu->endpoints[1], ==, "http://localhost:9402/metrics");

  g_assert_cmpfloat (aiperf_table_get_column (t, "timestamp_ns")[0], ==, 1762551530946074466.0);
  g_assert_cmpfloat (aiperf_table_get_column (t, "timestamp_s")[0], ==, 0.0);
  g_assert_cmpfloat_with_epsilon (aiperf_table_get_column (t, "timestamp_s")[1], 0.001343022, 1e-12);
  g_assert_cmpfloat (aiperf_table_get_column (t, "gpu_power_usage")[0], ==, 30.257);
  g_assert_cmpfloat (aiperf_table_get_column (t, "gpu_power_usage")[1], ==, 30.193);
  /* counters stay raw (cumulative) */
  g_assert_cmpfloat (aiperf_table_get_column (t, "energy_consumption")[0], ==, 32.62748095);
  g_assert_cmpfloat (aiperf_table_get_column (t, "power_violation")[0], ==, 1965252006528.0);
  g_assert_cmpfloat (aiperf_table_get_column (t, "gpu_slot")[5], ==, 0);
  g_assert_cmpfloat (aiperf_table_get_column (t, "endpoint_slot")[0], ==, 0);
  g_assert_cmpfloat (aiperf_table_get_column (t, "endpoint_slot")[1], ==, 1);
  g_assert_cmpfloat (aiperf_table_get_column (t, "gpu_index")[1], ==, 0);
}

/* The summary lists an anonymised UUID, the JSONL the real one: still one GPU. */
static void
test_telemetry_placeholder_uuid (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, FIXTURES, "qwen_concurrency1", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = aiperf_run_load_summary (dir, &error);
  const AiperfGpu *gpu;

  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 1);
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_get_gpu_count (run), ==, 1);
  gpu = g_ptr_array_index (aiperf_run_get_gpus (run), 0);
  g_assert_cmpstr (gpu->uuid, ==, "GPU-ef6ef310-f8e2-cef9-036e-8f12d59b5ffc");
  g_assert_cmpfloat (aiperf_table_get_column (aiperf_run_get_gpu_telemetry (run), "gpu_slot")[19], ==, 0);
}

static void
test_telemetry_variants (void)
{
  g_autofree char *a = g_test_build_filename (G_TEST_DIST, FIXTURES, "qwen_concurrency1",
                                              "gpu_telemetry_export.jsonl", NULL);
  g_autofree char *b = g_test_build_filename (G_TEST_DIST, VARIANTS, "qwen_concurrency1",
                                              "gpu_telemetry_export.jsonl", NULL);
  g_autoptr(AiperfRun) ra = load_telemetry (a, FALSE);
  g_autoptr(AiperfRun) rb = load_telemetry (b, FALSE);
  AiperfTable *ta = aiperf_run_get_gpu_telemetry (ra), *tb = aiperf_run_get_gpu_telemetry (rb);
  guint n = aiperf_table_get_n_rows (ta);

  g_assert_cmpuint (aiperf_table_get_n_rows (tb), ==, n);
  g_assert_cmpuint (aiperf_table_get_n_columns (tb), ==, aiperf_table_get_n_columns (ta));
  for (guint c = 0; c < aiperf_table_get_n_columns (ta); c++)
    {
      const char *name = aiperf_table_get_column_name (ta, c);
      const double *va = aiperf_table_get_column_values (ta, c);
      const double *vb = aiperf_table_get_column (tb, name);

      g_assert_nonnull (vb);
      g_assert_true (memcmp (va, vb, n * sizeof (double)) == 0);
    }
  g_assert_cmpuint (aiperf_run_get_gpu_count (rb), ==, 1);
}

static void
test_telemetry_origin (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, FIXTURES, "qwen_concurrency1",
                                                 "gpu_telemetry_export.jsonl", NULL);
  g_autoptr(AiperfRun) run = load_telemetry (path, TRUE);
  AiperfTable *t = aiperf_run_get_gpu_telemetry (run);

  /* first sample 1762551530946074466, first request start 1762551534797067827 */
  g_assert_cmpfloat_with_epsilon (aiperf_table_get_column (t, "timestamp_s")[0], -3.850993361, 1e-6);
}

static void
test_telemetry_bad (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "details", "telemetry-bad",
                                                 "gpu_telemetry_export.jsonl", NULL);
  g_autoptr(AiperfRun) run = load_telemetry (path, FALSE);
  GPtrArray *warnings = aiperf_run_get_warnings (run);

  /* lines 2 (truncated), 4 (a string value) and 5 (no gpu_uuid) */
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_gpu_telemetry (run)), ==, 2);
  g_assert_cmpuint (aiperf_run_get_n_bad_lines (run), ==, 3);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, 0),
                                   "gpu_telemetry_export.jsonl: skipped 3 malformed lines (first: 2, 4, 5): "));
}

static void
test_timeslices_json (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "details", "timeslices-json", NULL);
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tags = NULL;
  AiperfTimeslices *ts;
  const AiperfStats *s;

  g_assert_true (aiperf_load_timeslices (run, dir, &error));
  g_assert_no_error (error);
  ts = aiperf_run_get_timeslices (run);
  g_assert_true (aiperf_timeslices_is_full_precision (ts));
  g_assert_cmpuint (aiperf_timeslices_get_n_slices (ts), ==, 3);
  g_assert_cmpfloat (aiperf_timeslices_get_slice_duration (ts), ==, 10.0);
  tags = aiperf_timeslices_list_metrics (ts);
  g_assert_cmpuint (tags->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (tags, 0), ==, "request_throughput");
  g_assert_cmpstr (g_ptr_array_index (tags, 1), ==, "time_to_first_token");
  s = aiperf_timeslices_get_stats (ts, "time_to_first_token", 0);
  g_assert_cmpfloat (s->v[AIPERF_STAT_AVG], ==, 41.123456789);
  g_assert_cmpfloat (s->v[AIPERF_STAT_STD], ==, 4.3210987654);
  g_assert_cmpfloat (s->v[AIPERF_STAT_P95], ==, 50.1);
  g_assert_true (isnan (s->v[AIPERF_STAT_P99]));
  s = aiperf_timeslices_get_stats (ts, "request_throughput", 2);
  g_assert_cmpfloat (s->v[AIPERF_STAT_AVG], ==, 9.87654321);
  g_assert_cmpstr (aiperf_timeslices_get_unit (ts, "time_to_first_token"), ==, "ms");
}

static void
test_timeslices_v2 (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "details", "timeslices-v2", NULL);
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;

  g_assert_true (aiperf_load_timeslices (run, dir, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_timeslices_get_n_slices (aiperf_run_get_timeslices (run)), ==, 2);
  g_assert_cmpfloat (aiperf_timeslices_get_slice_duration (aiperf_run_get_timeslices (run)), ==, 5.0);
}

static void
test_timeslices_csv (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "details", "timeslices-csv", NULL);
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;
  AiperfTimeslices *ts;
  const AiperfStats *s;

  aiperf_run_set_parameter (run, "output.slice_duration", "30");
  g_assert_true (aiperf_load_timeslices (run, dir, &error));
  g_assert_no_error (error);
  ts = aiperf_run_get_timeslices (run);
  g_assert_false (aiperf_timeslices_is_full_precision (ts));
  g_assert_cmpuint (aiperf_timeslices_get_n_slices (ts), ==, 3);
  g_assert_cmpfloat (aiperf_timeslices_get_slice_duration (ts), ==, 30.0);
  s = aiperf_timeslices_get_stats (ts, "time_to_first_token", 1);
  g_assert_nonnull (s);
  g_assert_cmpfloat (s->v[AIPERF_STAT_AVG], ==, 38.99);
  g_assert_cmpfloat (s->v[AIPERF_STAT_STD], ==, 3.01);
  s = aiperf_timeslices_get_stats (ts, "request_throughput", 0);
  g_assert_cmpfloat (s->v[AIPERF_STAT_AVG], ==, 12.35);
}

static void
test_timeslices_missing (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "details", "derived", NULL);
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;

  g_assert_false (aiperf_load_timeslices (run, dir, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND);
}

static void
test_timeslices_broken (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "details", "timeslices-broken", NULL);
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;

  g_assert_false (aiperf_load_timeslices (run, dir, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "profile_export_aiperf_timeslices.json: "));
  g_assert_null (aiperf_run_get_timeslices (run));
}

/* A scratch run folder holding @name with @length bytes of @text (-1: NUL-terminated). */
static char *
scratch_run (const char *name,
             const char *text,
             gssize      length)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("aiperf-details-XXXXXX", &error);
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, name, NULL);
  g_file_set_contents (path, text, length, &error);
  g_assert_no_error (error);
  return dir;
}

/* Found by fuzz-timeslices-json: an empty or blank file parses without a
 * root, which was passed to JSON_NODE_HOLDS_OBJECT (a critical). */
static void
test_timeslices_empty (void)
{
  const char *texts[] = { "", " \n" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *dir = scratch_run (AIPERF_FILE_TIMESLICES_JSON, texts[i], -1);
      g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
      g_autoptr(GError) error = NULL;

      g_assert_false (aiperf_load_timeslices (run, dir, &error));
      g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA);
      g_assert_null (aiperf_run_get_timeslices (run));
      aiperf_test_remove_tree (dir);
    }
}

/* Found by fuzz-timeslices-json: json-glib recurses once per level, so a
 * file of "[[[[…" overflowed the stack. */
static void
test_timeslices_deep (void)
{
  gsize n = 1000000;
  g_autofree char *text = g_malloc (n + 16);
  g_autofree char *dir = NULL;
  g_autoptr(AiperfRun) run = NULL;
  g_autoptr(GError) error = NULL;

  strcpy (text, "{\"timeslices\": ");
  memset (text + strlen (text), '[', n);
  text[n + 15] = '\0';
  dir = scratch_run (AIPERF_FILE_TIMESLICES_JSON, text, -1);
  run = aiperf_folder_run_new (dir);
  g_assert_false (aiperf_load_timeslices (run, dir, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
  /* The streamed reader skips nesting without recursion; it stops at the end. */
  g_assert_nonnull (strstr (error->message, "line 1: "));
  aiperf_test_remove_tree (dir);
}

/* Found by fuzz-timeslices-csv: names and units were taken as they came,
 * though they become labels, which GTK and Pango want in UTF-8. */
static void
test_timeslices_csv_not_utf8 (void)
{
  g_autofree char *dir = scratch_run (AIPERF_FILE_TIMESLICES_CSV,
                                      "Timeslice,Metric,Unit,Stat,Value\n0,Time to First Token,m\xe9s,avg,41\n", -1);
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;

  g_assert_false (aiperf_load_timeslices (run, dir, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "profile_export_aiperf_timeslices.csv: the text is not valid UTF-8");
  g_assert_null (aiperf_run_get_timeslices (run));
  aiperf_test_remove_tree (dir);
}

/* Out of memory in fuzz-timeslices-json: every metric keeps an array
 * up to its last slice, so 800 bytes naming slice 999,999 of 40 metrics took
 * 4.5 GB. One value at slice 999,999 is refused as damaged; real exports
 * (thousands of slices) still load, as the other tests show. */
static void
test_timeslices_sparse (void)
{
  static const struct { const char *name; const char *text; } cases[] = {
    { AIPERF_FILE_TIMESLICES_JSON,
      "{\"timeslices\": [{\"timeslice_index\": 999999, \"time_to_first_token\": {\"avg\": 1}}]}" },
    { AIPERF_FILE_TIMESLICES_CSV,
      "Timeslice,Metric,Unit,Stat,Value\n999999,Time to First Token,ms,avg,1\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *dir = scratch_run (cases[i].name, cases[i].text, -1);
      g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
      g_autoptr(GError) error = NULL;
      g_autofree char *expected = g_strdup_printf ("%s: time slice 999999 is far beyond the data "
                                                   "in the file; is it damaged?", cases[i].name);

      g_assert_false (aiperf_load_timeslices (run, dir, &error));
      g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA);
      g_assert_cmpstr (error->message, ==, expected);
      aiperf_test_remove_tree (dir);
    }
}

/* A unit of the wrong type was a json-glib critical, and an index of 1e300
 * was cast to gint64 inside json-glib (undefined). */
static void
test_timeslices_wrong_types (void)
{
  g_autofree char *dir = scratch_run (AIPERF_FILE_TIMESLICES_JSON,
                                      "{\"timeslices\": [{\"timeslice_index\": 1e300,"
                                      " \"time_to_first_token\": {\"avg\": 4, \"unit\": {}}},"
                                      " {\"timeslice_index\": 1, \"time_to_first_token\": {\"avg\": 5, \"unit\": \"ms\"}}]}",
                                      -1);
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;
  AiperfTimeslices *ts;

  g_assert_true (aiperf_load_timeslices (run, dir, &error));
  g_assert_no_error (error);
  ts = aiperf_run_get_timeslices (run);
  /* the bad index falls back to the position in the list */
  g_assert_cmpuint (aiperf_timeslices_get_n_slices (ts), ==, 2);
  g_assert_cmpfloat (aiperf_timeslices_get_stats (ts, "time_to_first_token", 0)->v[AIPERF_STAT_AVG], ==, 4);
  g_assert_cmpfloat (aiperf_timeslices_get_stats (ts, "time_to_first_token", 1)->v[AIPERF_STAT_AVG], ==, 5);
  g_assert_cmpstr (aiperf_timeslices_get_unit (ts, "time_to_first_token"), ==, "ms");
  aiperf_test_remove_tree (dir);
}

/* Found by fuzz-telemetry: a timestamp beyond the gint64 range (a 26-digit
 * number) was cast to gint64, which is undefined; the line is malformed. */
static void
test_telemetry_timestamp_range (void)
{
  const char *text =
    "{\"timestamp_ns\": 1000000000, \"gpu_uuid\": \"GPU-a\", \"telemetry_data\": {\"gpu_power_usage\": 100}}\n"
    "{\"timestamp_ns\": 17625515316141013700000000, \"gpu_uuid\": \"GPU-a\", \"telemetry_data\": {}}\n"
    "{\"timestamp_ns\": -1e300, \"gpu_uuid\": \"GPU-a\", \"telemetry_data\": {}}\n"
    "{\"timestamp_ns\": 3.5e9, \"gpu_uuid\": \"GPU-a\", \"telemetry_data\": {\"gpu_power_usage\": 200}}\n";
  g_autofree char *dir = scratch_run (AIPERF_FILE_TELEMETRY, text, -1);
  g_autofree char *path = g_build_filename (dir, AIPERF_FILE_TELEMETRY, NULL);
  g_autoptr(AiperfRun) run = load_telemetry (path, FALSE);
  AiperfTable *t = aiperf_run_get_gpu_telemetry (run);

  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 2);
  g_assert_cmpuint (aiperf_run_get_n_bad_lines (run), ==, 2);
  g_assert_cmpfloat (aiperf_table_get_column (t, "timestamp_ns")[1], ==, 3.5e9);
  g_assert_cmpfloat (aiperf_table_get_column (t, "timestamp_s")[1], ==, 2.5);
  aiperf_test_remove_tree (dir);
}

/* Seen by UBSan in fuzz-telemetry: samples 2^64 ns apart overflowed the subtraction
 * of the first one (undefined; it wrapped to -2 ns), and a GPU index of 1e10
 * was cast to int (undefined). */
static void
test_telemetry_extremes (void)
{
  const char *text =
    "{\"timestamp_ns\": -9223372036854775807, \"gpu_index\": 1e10, \"gpu_uuid\": \"GPU-a\", \"telemetry_data\": {}}\n"
    "{\"timestamp_ns\": 9223372036854775807, \"gpu_index\": -3, \"gpu_uuid\": \"GPU-b\", \"telemetry_data\": {}}\n";
  g_autofree char *dir = scratch_run (AIPERF_FILE_TELEMETRY, text, -1);
  g_autofree char *path = g_build_filename (dir, AIPERF_FILE_TELEMETRY, NULL);
  g_autoptr(AiperfRun) run = load_telemetry (path, FALSE);
  AiperfTable *t = aiperf_run_get_gpu_telemetry (run);
  GPtrArray *gpus = aiperf_run_get_gpus (run);

  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 2);
  g_assert_cmpfloat (aiperf_table_get_column (t, "timestamp_s")[0], ==, 0);
  g_assert_cmpfloat_with_epsilon (aiperf_table_get_column (t, "timestamp_s")[1], 18446744073.709551615, 1e-3);
  g_assert_cmpuint (gpus->len, ==, 2);
  g_assert_cmpint (((AiperfGpu *) g_ptr_array_index (gpus, 0))->index, ==, -1);
  g_assert_cmpint (((AiperfGpu *) g_ptr_array_index (gpus, 1))->index, ==, -1);
  aiperf_test_remove_tree (dir);
}

static void
test_dispersed (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "details", "derived", NULL);
  g_autofree char *path = g_build_filename (dir, "profile_export.jsonl", NULL);
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfTable) tp = NULL;
  /* hand-computed: R1 1.0–2.1 s, TTFT 100 ms, 11 tokens → 11 tok/s from 1.1;
   * R2 1.5–3.0 s, TTFT 500 ms, 21 tokens → 21 tok/s from 2.0; R3 has OSL 0
   * and R4 no end: both skipped. */
  static const double ts[] = { 0.0, 0.1, 0.5, 1.0, 1.1, 2.0 };
  static const double rate[] = { 0, 11, 11, 32, 21, 0 };
  static const double active[] = { 1, 1, 2, 2, 1, 0 };

  g_assert_true (aiperf_load_requests_jsonl (run, path, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_requests (run)), ==, 4);
  tp = aiperf_derive_dispersed_throughput (aiperf_run_get_requests (run), 1e9);
  g_assert_nonnull (tp);
  g_assert_cmpuint (aiperf_table_get_n_rows (tp), ==, 6);
  for (guint i = 0; i < 6; i++)
    {
      g_assert_cmpfloat_with_epsilon (aiperf_table_get_column (tp, "timestamp_s")[i], ts[i], 1e-12);
      g_assert_cmpfloat_with_epsilon (aiperf_table_get_column (tp, "throughput_tokens_per_sec")[i],
                                      rate[i], 1e-9);
      g_assert_cmpfloat (aiperf_table_get_column (tp, "active_requests")[i], ==, active[i]);
    }
}

static void
test_dispersed_empty (void)
{
  g_autoptr(AiperfTable) t = aiperf_table_new ();

  g_assert_null (aiperf_derive_dispersed_throughput (t, 0));
}

static void
test_per_gpu (void)
{
  g_autoptr(AiperfRun) run = aiperf_run_new ("/nonexistent");
  AiperfStats s;
  double v;

  aiperf_stats_init_nan (&s);
  s.v[AIPERF_STAT_AVG] = 1000;
  s.v[AIPERF_STAT_P50] = 900;
  aiperf_run_set_metric (run, "output_token_throughput", "tokens/sec", &s);
  aiperf_derive_per_gpu_throughput (run);
  g_assert_false (aiperf_run_get_metric (run, "output_token_throughput_per_gpu", AIPERF_STAT_AVG, &v));

  /* one GPU seen by two endpoints counts once (aiperf counts it twice) */
  aiperf_run_add_gpu (run, "GPU-a", 0, "H100", "host", "http://a:9400/metrics");
  aiperf_run_add_gpu (run, "GPU-a", 0, "H100", "host", "http://a:9402/metrics");
  aiperf_run_add_gpu (run, "GPU-b", 1, "H100", "host", "http://a:9400/metrics");
  aiperf_derive_per_gpu_throughput (run);
  g_assert_true (aiperf_run_get_metric (run, "output_token_throughput_per_gpu", AIPERF_STAT_AVG, &v));
  g_assert_cmpfloat (v, ==, 500);
  g_assert_true (aiperf_run_get_metric (run, "output_token_throughput_per_gpu", AIPERF_STAT_P50, &v));
  g_assert_cmpfloat (v, ==, 450);
  g_assert_false (aiperf_run_get_metric (run, "output_token_throughput_per_gpu", AIPERF_STAT_P99, &v));
  g_assert_cmpstr (aiperf_run_get_metric_unit (run, "output_token_throughput_per_gpu"), ==, "tokens/sec/gpu");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  setlocale (LC_ALL, "de_DE.UTF-8");
  g_test_add_func ("/aiperf/loader/telemetry/qwen", test_telemetry);
  g_test_add_func ("/aiperf/loader/telemetry/variants", test_telemetry_variants);
  g_test_add_func ("/aiperf/loader/telemetry/placeholder-uuid", test_telemetry_placeholder_uuid);
  g_test_add_func ("/aiperf/loader/telemetry/origin", test_telemetry_origin);
  g_test_add_func ("/aiperf/loader/telemetry/bad-lines", test_telemetry_bad);
  g_test_add_func ("/aiperf/loader/timeslices/json", test_timeslices_json);
  g_test_add_func ("/aiperf/loader/timeslices/json-v2", test_timeslices_v2);
  g_test_add_func ("/aiperf/loader/timeslices/csv", test_timeslices_csv);
  g_test_add_func ("/aiperf/loader/timeslices/missing", test_timeslices_missing);
  g_test_add_func ("/aiperf/loader/timeslices/broken", test_timeslices_broken);
  g_test_add_func ("/aiperf/loader/timeslices/empty", test_timeslices_empty);
  g_test_add_func ("/aiperf/loader/timeslices/deep", test_timeslices_deep);
  g_test_add_func ("/aiperf/loader/timeslices/csv-not-utf8", test_timeslices_csv_not_utf8);
  g_test_add_func ("/aiperf/loader/timeslices/sparse", test_timeslices_sparse);
  g_test_add_func ("/aiperf/loader/timeslices/wrong-types", test_timeslices_wrong_types);
  g_test_add_func ("/aiperf/loader/telemetry/timestamp-range", test_telemetry_timestamp_range);
  g_test_add_func ("/aiperf/loader/telemetry/extremes", test_telemetry_extremes);
  g_test_add_func ("/aiperf/derived/dispersed", test_dispersed);
  g_test_add_func ("/aiperf/derived/dispersed-empty", test_dispersed_empty);
  g_test_add_func ("/aiperf/derived/per-gpu", test_per_gpu);
  return g_test_run ();
}
