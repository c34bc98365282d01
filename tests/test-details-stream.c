/* test-details-stream.c — the buffered and streamed detail loaders: lines
 * across read-buffer boundaries, lines longer than a buffer, no final
 * newline, the streamed time-slice JSON, and the parallel details load.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "aiperf-test-util.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-timeslices.h"

#define T0 G_GINT64_CONSTANT (1762551534000000000)

static double
cell (AiperfTable *t,
      const char  *column,
      guint        row)
{
  const double *v = aiperf_table_get_column (t, column);

  g_assert_nonnull (v);
  g_assert_cmpuint (row, <, aiperf_table_get_n_rows (t));
  return v[row];
}

static void
write_file (const char *dir,
            const char *name,
            GString    *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, &error));
  g_assert_no_error (error);
}

/* 3000 samples of two GPUs (~1.2 MB: many 256 kB buffers, lines cut at
 * every offset), sample 1500 padded past a whole buffer, line 777 broken,
 * no newline after the last line. */
static GString *
telemetry_text (void)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < 3000; i++)
    {
      if (i == 776)
        {
          g_string_append (s, "{\"timestamp_ns\": 1, \"gpu_uuid\": \"GPU-x\", \"telemetry_data\": {\"a\": \"text\"}}\n");
          continue;
        }
      g_string_append_printf (s, "{\"timestamp_ns\":%" G_GINT64_FORMAT ",\"gpu_index\":%d,"
                              "\"gpu_uuid\":\"GPU-%d\",\"gpu_model_name\":\"H100\",\"hostname\":\"node\",",
                              T0 + (gint64) i * 100000000, i % 2, i % 2);
      if (i == 1500)
        {
          g_string_append (s, "\"padding\":\"");
          for (int k = 0; k < 300 * 1024; k++)
            g_string_append_c (s, (char) ('a' + k % 26));
          g_string_append (s, "\",");
        }
      g_string_append_printf (s, "\"telemetry_data\":{\"gpu_utilization\":%d.5,\"gpu_power_usage\":%d},"
                              "\"telemetry_source_url\":\"http://h:9400/metrics\"}%s",
                              i % 100, 300 + i, i + 1 < 3000 ? "\n" : "");
    }
  return s;
}

static void
test_telemetry_buffers (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-stream-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "gpu_telemetry_export.jsonl", NULL);
  g_autoptr(GString) text = telemetry_text ();
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;
  AiperfTable *t;
  GPtrArray *warnings;

  write_file (dir, "gpu_telemetry_export.jsonl", text);
  g_assert_true (aiperf_load_telemetry_jsonl (run, path, NULL, &error));
  g_assert_no_error (error);
  t = aiperf_run_get_gpu_telemetry (run);
  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 2999);
  /* row r is sample r, or r + 1 after the broken line */
  for (guint r = 0; r < 2999; r++)
    {
      int i = r < 776 ? (int) r : (int) r + 1;

      g_assert_cmpfloat (cell (t, "timestamp_ns", r), ==, (double) (T0 + (gint64) i * 100000000));
      g_assert_cmpfloat (cell (t, "gpu_utilization", r), ==, i % 100 + 0.5);
      g_assert_cmpfloat (cell (t, "gpu_power_usage", r), ==, 300 + i);
      g_assert_cmpfloat (cell (t, "gpu_slot", r), ==, i % 2);
      g_assert_cmpfloat (cell (t, "endpoint_slot", r), ==, 0);
      /* without requests, seconds count from the first sample */
      g_assert_cmpfloat (fabs (cell (t, "timestamp_s", r) - i * 0.1), <, 1e-9);
    }
  g_assert_cmpuint (aiperf_run_get_gpus (run)->len, ==, 2);
  warnings = aiperf_run_get_warnings (run);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "(first: 777)"));
  aiperf_test_remove_tree (dir);
}

/* 2500 requests of ~2.6 kB (~6.5 MB: many 1 MiB chunks on two threads),
 * request 1000 with a 1.25 MB inter-chunk list, line 2001 broken, no final
 * newline; start times run backwards so the table must be sorted. */
static GString *
requests_text (void)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < 2500; i++)
    {
      int n = i == 1000 ? 250000 : 300;

      if (i == 2000)
        {
          g_string_append (s, "{\"metadata\": {\"request_start_ns\": \"oops\"\n");
          continue;
        }
      g_string_append_printf (s, "{\"metadata\": {\"request_start_ns\": %" G_GINT64_FORMAT ", "
                              "\"request_end_ns\": %" G_GINT64_FORMAT ", \"benchmark_phase\": \"profiling\"}, "
                              "\"metrics\": {\"time_to_first_token\": {\"value\": %d.25, \"unit\": \"ms\"}, "
                              "\"inter_chunk_latency\": {\"value\": [",
                              T0 + (gint64) (2500 - i) * 1000000, T0 + (gint64) (2500 - i) * 1000000 + 500000000,
                              i);
      for (int k = 0; k < n; k++)
        g_string_append (s, k > 0 ? ", 5.5" : "5.5");
      g_string_append_printf (s, "], \"unit\": \"ms\"}}}%s", i + 1 < 2500 ? "\n" : "");
    }
  return s;
}

static void
test_requests_chunks (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-stream-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "profile_export.jsonl", NULL);
  g_autoptr(GString) text = requests_text ();
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;
  AiperfTable *t;
  GPtrArray *warnings;

  write_file (dir, "profile_export.jsonl", text);
  g_assert_true (aiperf_load_requests_jsonl (run, path, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  t = aiperf_run_get_requests (run);
  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 2499);
  /* sorted by start: the last line first */
  for (guint r = 0; r < 2499; r++)
    {
      int i = 2499 - (int) r;

      if (i <= 2000)
        i--;
      g_assert_cmpfloat (cell (t, "time_to_first_token", r), ==, i + 0.25);
      g_assert_cmpfloat (cell (t, "file_line", r), ==, i + 1);
      g_assert_cmpfloat (cell (t, "request_number", r), ==, r);
    }
  warnings = aiperf_run_get_warnings (run);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "(first: 2001)"));
  aiperf_test_remove_tree (dir);
}

/* What the streamed reader takes from each member, as the json-glib tree
 * read it: the index may follow the metrics, be a float (truncated), a
 * boolean, a string (ignored) or out of range; escaped keys are decoded;
 * a non-string unit is none; null and string stats stay NaN; booleans count
 * as 0/1; non-object slices keep their place in the list. */
static void
test_timeslices_stream (void)
{
  const char *json =
    "{\"input_config\": {\"artifacts\": {\"slice_duration\": 7}, \"output\": {\"other\": [1, {}]}},\n"
    " \"junk\": [{\"a\": [true, null]}],\n"
    " \"timeslices\": [\n"
    "  {\"time_to_first_token\": {\"unit\": \"ms\", \"avg\": 10.5, \"p50\": null, \"max\": \"x\"},\n"
    "   \"timeslice_index\": 3},\n"
    "  {\"timeslice_index\": 1.9, \"inter_token_latency\": {\"unit\": 5, \"avg\": true, \"nested\": {\"avg\": 1}}},\n"
    "  17,\n"
    "  {\"timeslice_index\": \"9\", \"time_to_first_token\": {\"avg\": 30}},\n"
    "  {\"timeslice_index\": 2000000, \"request_throughput\": {\"unit\": \"requests/sec\", \"avg\": 4}},\n"
    "  {\"time_to_first_token\": {\"unit\": \"ms\", \"a\\u0076g\": 50}, \"ttft_text_only\": {\"unit\": \"ms\"}}\n"
    " ]}\n";
  g_autofree char *dir = g_dir_make_tmp ("aiperf-stream-XXXXXX", NULL);
  g_autoptr(GString) text = g_string_new (json);
  g_autoptr(AiperfTimeslices) ts = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tags = NULL;
  const AiperfStats *s;

  write_file (dir, "profile_export_aiperf_timeslices.json", text);
  ts = aiperf_timeslices_load_file (dir, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ts);
  g_assert_cmpfloat (aiperf_timeslices_get_slice_duration (ts), ==, 7.0);
  g_assert_cmpuint (aiperf_timeslices_get_n_slices (ts), ==, 6);
  tags = aiperf_timeslices_list_metrics (ts);
  g_assert_cmpuint (tags->len, ==, 3);

  /* index 3 from the first slice, then again from the fourth, whose
   * string index is ignored (its place is 3): the later stats win */
  s = aiperf_timeslices_get_stats (ts, "time_to_first_token", 3);
  g_assert_nonnull (s);
  g_assert_cmpfloat (s->v[AIPERF_STAT_AVG], ==, 30.0);
  g_assert_true (isnan (s->v[AIPERF_STAT_P50]) && isnan (s->v[AIPERF_STAT_MAX]));
  g_assert_cmpstr (aiperf_timeslices_get_unit (ts, "time_to_first_token"), ==, "ms");

  s = aiperf_timeslices_get_stats (ts, "inter_token_latency", 1);
  g_assert_nonnull (s);
  g_assert_cmpfloat (s->v[AIPERF_STAT_AVG], ==, 1.0);
  g_assert_cmpstr (aiperf_timeslices_get_unit (ts, "inter_token_latency"), ==, "");

  /* out of range: its place (4); then the escaped "avg" at place 5 */
  g_assert_cmpfloat (aiperf_timeslices_get_stats (ts, "request_throughput", 4)->v[AIPERF_STAT_AVG], ==, 4.0);
  g_assert_cmpfloat (aiperf_timeslices_get_stats (ts, "time_to_first_token", 5)->v[AIPERF_STAT_AVG], ==, 50.0);
  g_assert_null (aiperf_timeslices_get_stats (ts, "time_to_first_token", 0));
  aiperf_test_remove_tree (dir);
}

static void
test_timeslices_bad (void)
{
  const char *cases[] = {
    "{\"timeslices\": [{\"timeslice_index\": 0, \"time_to_first_token\": {\"avg\": 1}}",   /* cut short */
    "{\"timeslices\": {}}",
    "[1, 2]",
    "{\"timeslices\": []} trailing",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *dir = g_dir_make_tmp ("aiperf-stream-XXXXXX", NULL);
      g_autoptr(GString) text = g_string_new (cases[i]);
      g_autoptr(GError) error = NULL;
      AiperfTimeslices *ts;
      int code;

      write_file (dir, "profile_export_aiperf_timeslices.json", text);
      ts = aiperf_timeslices_load_file (dir, &error);
      g_assert_null (ts);
      code = i == 0 || i == 3 ? AIPERF_ERROR_PARSE : AIPERF_ERROR_INVALID_DATA;

      g_assert_error (error, AIPERF_ERROR, code);
      g_assert_true (g_str_has_prefix (error->message, "profile_export_aiperf_timeslices.json: "));
      aiperf_test_remove_tree (dir);
    }
}

/* Telemetry and time slices load on threads while the requests load; the
 * telemetry's seconds still count from the first request's start, and the
 * warnings come in the old order (requests, telemetry, time slices). */
static void
test_parallel_details (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-stream-XXXXXX", NULL);
  g_autoptr(GString) requests = requests_text ();
  g_autoptr(GString) telemetry = telemetry_text ();
  g_autoptr(GString) slices = g_string_new ("{\"timeslices\": [1,");
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GError) error = NULL;
  GPtrArray *warnings;
  AiperfTable *t;

  write_file (dir, "profile_export.jsonl", requests);
  write_file (dir, "gpu_telemetry_export.jsonl", telemetry);
  write_file (dir, "profile_export_aiperf_timeslices.json", slices);
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  t = aiperf_run_get_gpu_telemetry (run);
  g_assert_nonnull (t);
  /* the first request starts at T0 + 1 ms (the last line) */
  g_assert_cmpfloat (fabs (cell (t, "timestamp_s", 0) - (-0.001)), <, 1e-6);   /* ns held as doubles */
  g_assert_cmpfloat (fabs (cell (t, "timestamp_s", 10) - (1.0 - 0.001)), <, 1e-6);
  g_assert_nonnull (aiperf_run_get_requests (run));
  g_assert_null (aiperf_run_get_timeslices (run));
  warnings = aiperf_run_get_warnings (run);
  g_assert_cmpuint (warnings->len, ==, 3);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, 0), "profile_export.jsonl"));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, 1), "gpu_telemetry_export.jsonl"));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, 2), "profile_export_aiperf_timeslices.json"));
  aiperf_test_remove_tree (dir);
}

/* Details are installed whole: nothing shows before the load has
 * finished, a cancelled load leaves the run as it was, and the arrays a
 * reader holds a reference to do not change (they are replaced). */
static void
test_details_installed_whole (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-stream-XXXXXX", NULL);
  g_autoptr(GString) requests = requests_text ();
  g_autoptr(GString) telemetry = telemetry_text ();
  g_autoptr(AiperfRun) run = aiperf_folder_run_new (dir);
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GPtrArray) before_warnings = NULL;
  g_autoptr(GPtrArray) before_gpus = NULL;

  write_file (dir, "profile_export.jsonl", requests);
  write_file (dir, "gpu_telemetry_export.jsonl", telemetry);
  aiperf_run_add_warning (run, "from the summary");
  before_warnings = aiperf_run_dup_warnings (run);
  before_gpus = aiperf_run_dup_gpus (run);

  g_cancellable_cancel (cancelled);
  g_assert_false (aiperf_run_load_details (run, cancelled, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_false (aiperf_run_has_details (run));
  g_assert_null (aiperf_run_get_requests (run));
  g_assert_true (aiperf_run_get_warnings (run) == before_warnings);

  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (aiperf_run_has_details (run));
  names = aiperf_run_list_datasets (run);
  /* (these requests have no token counts: no dispersed throughput) */
  g_assert_cmpuint (names->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, AIPERF_DATASET_GPU_TELEMETRY);
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, AIPERF_DATASET_REQUESTS);
  /* The old arrays are untouched; the new ones add the load's notes. */
  g_assert_cmpuint (before_warnings->len, ==, 1);
  g_assert_cmpuint (before_gpus->len, ==, 0);
  g_assert_cmpuint (aiperf_run_get_warnings (run)->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (aiperf_run_get_warnings (run), 0), ==, "from the summary");
  g_assert_cmpuint (aiperf_run_get_gpus (run)->len, ==, 2);
  g_assert_cmpuint (aiperf_run_get_n_bad_lines (run), >, 0);
  aiperf_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/loader/telemetry/buffer-boundaries", test_telemetry_buffers);
  g_test_add_func ("/aiperf/loader/requests/chunk-boundaries", test_requests_chunks);
  g_test_add_func ("/aiperf/loader/timeslices/streamed", test_timeslices_stream);
  g_test_add_func ("/aiperf/loader/timeslices/streamed-bad", test_timeslices_bad);
  g_test_add_func ("/aiperf/loader/details/parallel", test_parallel_details);
  g_test_add_func ("/aiperf/loader/details/installed-whole", test_details_installed_whole);
  return g_test_run ();
}
