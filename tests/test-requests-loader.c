/* test-requests-loader.c — profile_export.jsonl into the requests tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-requests-private.h"
#include "aiperf-requests-reduce.h"

#define FIXTURES "data", "aiperf-real", "tests", "unit", "plot", "fixtures"

static AiperfRun *
load (const char *path,
      GError    **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  AiperfRun *run = aiperf_run_new (dir);

  if (!aiperf_load_requests_jsonl (run, path, NULL, NULL, NULL, error))
    g_clear_object (&run);
  return run;
}

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
test_qwen (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, FIXTURES, "qwen_concurrency1",
                                                 "profile_export.jsonl", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load (path, &error);
  static const double ttft[10] = {
    31.742933999999998, 31.274151999999997, 30.201074, 30.060173, 32.691654,
    31.578170999999998, 32.833470999999996, 31.066143999999998, 29.591606, 31.716016,
  };
  AiperfTable *t;

  g_assert_no_error (error);
  t = aiperf_run_get_requests (run);
  g_assert_nonnull (t);
  g_assert_null (aiperf_run_get_warmup_requests (run));
  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 10);
  g_assert_cmpuint (aiperf_run_get_n_bad_lines (run), ==, 0);
  for (guint i = 0; i < 10; i++)
    {
      g_assert_cmpfloat (cell (t, "time_to_first_token", i), ==, ttft[i]);
      g_assert_cmpfloat (cell (t, "request_number", i), ==, i);
      g_assert_cmpfloat (cell (t, "file_line", i), ==, i + 1);
      g_assert_true (isnan (cell (t, "error_code", i)));
      g_assert_cmpfloat (cell (t, "was_cancelled", i), ==, 0);
      g_assert_cmpfloat (cell (t, "output_sequence_length", i), ==, 200);
    }
  g_assert_cmpfloat (cell (t, "request_start_ns", 0), ==, 1762551534797067827.0);
  g_assert_cmpfloat (cell (t, "start_s", 0), ==, 0.0);
  /* end of line 1 minus start of line 1: 3644287149 ns */
  g_assert_cmpfloat_with_epsilon (cell (t, "end_s", 0), 3.644287149, 1e-12);
  g_assert_cmpfloat_with_epsilon (cell (t, "timestamp_s", 9), 39.38752891, 1e-9);
  /* line 1's 199 inter-chunk latencies, computed independently in Python */
  g_assert_cmpfloat_with_epsilon (cell (t, "inter_chunk_latency_avg", 0), 18.153352603015076, 1e-12);
  g_assert_cmpfloat_with_epsilon (cell (t, "inter_chunk_latency_p50", 0), 18.034447999999998, 1e-12);
  g_assert_cmpfloat_with_epsilon (cell (t, "inter_chunk_latency_p95", 0), 19.2827372, 1e-12);
  g_assert_cmpfloat_with_epsilon (cell (t, "inter_chunk_latency_std", 0), 0.7484426510265946, 1e-12);
  g_assert_cmpfloat (cell (t, "inter_chunk_latency_min", 0), ==, 16.424412999999998);
  g_assert_cmpfloat (cell (t, "inter_chunk_latency_max", 0), ==, 21.641883);
  g_assert_cmpfloat_with_epsilon (cell (t, "inter_chunk_latency_avg", 1), 18.233836944723617, 1e-12);
  g_assert_cmpint (aiperf_table_find_column (t, "inter_chunk_latency"), ==, -1);
  g_assert_cmpstr (aiperf_table_get_column_unit (t, (guint) aiperf_table_find_column (t, "time_to_first_token")),
                   ==, "ms");
}

static void
test_prerelease (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "examples",
                                                 "artifacts", "run1", "profile_export.jsonl", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load (path, &error);
  AiperfTable *t;
  guint n_err = 0, n_ttft = 0;

  g_assert_no_error (error);
  t = aiperf_run_get_requests (run);
  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 100);
  for (guint i = 0; i < 100; i++)
    {
      double code = cell (t, "error_code", i);
      if (!isnan (code))
        {
          g_assert_cmpfloat (code, ==, 499);
          n_err++;
        }
      /* no was_cancelled in this format: from the RequestCancellationError type */
      g_assert_cmpfloat (cell (t, "was_cancelled", i), ==, isnan (code) ? 0.0 : 1.0);
      if (!isnan (cell (t, "time_to_first_token", i)))
        n_ttft++;
    }
  g_assert_cmpuint (n_err, ==, 11);
  g_assert_cmpuint (n_ttft, ==, 89);
  g_assert_cmpint (aiperf_table_find_column (t, "ttft"), ==, -1);
  g_assert_cmpint (aiperf_table_find_column (t, "time_to_second_token"), >=, 0);
  g_assert_cmpint (aiperf_table_find_column (t, "request_count"), ==, -1);
  g_assert_cmpint (aiperf_table_find_column (t, "min_request_timestamp"), ==, -1);
  g_assert_cmpint (aiperf_table_find_column (t, "max_response_timestamp"), ==, -1);
  /* earliest start is line 20: start = timestamp_ns, end = start + latency */
  g_assert_cmpfloat (cell (t, "file_line", 0), ==, 20);
  g_assert_cmpfloat (cell (t, "time_to_first_token", 0), ==, 730.147344);
  g_assert_cmpfloat (cell (t, "request_start_ns", 0), ==, 1759522419154568925.0);
  g_assert_cmpfloat_with_epsilon (cell (t, "end_s", 0), 8.877620132, 1e-12);
  g_assert_cmpfloat (cell (t, "file_line", 1), ==, 6);
  g_assert_cmpfloat (cell (t, "file_line", 4), ==, 1);
}

static void
test_bad_lines (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "details", "bad-lines",
                                                 "profile_export.jsonl", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load (path, &error);
  AiperfTable *t, *w;
  GPtrArray *warnings;

  g_assert_no_error (error);
  t = aiperf_run_get_requests (run);
  w = aiperf_run_get_warmup_requests (run);
  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 4);
  g_assert_nonnull (w);
  g_assert_cmpuint (aiperf_table_get_n_rows (w), ==, 1);
  g_assert_cmpuint (aiperf_run_get_n_bad_lines (run), ==, 8);
  g_assert_cmpfloat (cell (t, "file_line", 0), ==, 2);
  g_assert_cmpfloat (cell (t, "file_line", 1), ==, 5);
  g_assert_cmpfloat (cell (t, "file_line", 2), ==, 12);
  g_assert_cmpfloat (cell (t, "file_line", 3), ==, 15);
  g_assert_cmpfloat (cell (t, "time_to_first_token", 2), ==, 110.0);
  g_assert_cmpfloat (cell (t, "error_code", 3), ==, 500);
  g_assert_cmpfloat (cell (t, "inter_chunk_latency_avg", 0), ==, 2.5);
  g_assert_cmpfloat (cell (t, "inter_chunk_latency_p50", 0), ==, 2.5);
  g_assert_cmpfloat_with_epsilon (cell (t, "inter_chunk_latency_p95", 0), 3.85, 1e-12);
  /* the warm-up row shares the profiling time origin */
  g_assert_cmpfloat (cell (w, "start_s", 0), ==, -1.0);
  g_assert_cmpfloat (cell (t, "start_s", 3), ==, 11.0);
  warnings = aiperf_run_get_warnings (run);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, 0),
                                   "profile_export.jsonl: skipped 8 malformed lines (first: 4, 6, 7): "));
}

static void
test_empty (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "details",
                                                 "empty-profile_export.jsonl", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load (path, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_requests (run)), ==, 0);
  g_assert_cmpuint (aiperf_run_get_n_bad_lines (run), ==, 0);
}

static void
test_missing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = load ("/nonexistent/profile_export.jsonl", &error);

  g_assert_null (run);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_IO);
}

static void
test_reduce_list (void)
{
  GRand *r = g_rand_new_with_seed (7);

  for (guint n = 1; n < 300; n++)
    {
      g_autofree double *v = g_new (double, n);
      g_autofree double *w = g_new (double, n);
      double out[6];
      AiperfStats s;

      for (guint i = 0; i < n; i++)
        v[i] = (i % 7 == 0) ? 5.0 : g_rand_double_range (r, 0, 10);
      memcpy (w, v, n * sizeof (double));
      aiperf_requests_reduce_list (v, n, out);
      aiperf_stats_compute (w, n, &s);
      g_assert_cmpfloat_with_epsilon (out[0], s.v[AIPERF_STAT_AVG], 1e-12);
      g_assert_cmpfloat (out[1], ==, s.v[AIPERF_STAT_P50]);
      g_assert_cmpfloat (out[2], ==, s.v[AIPERF_STAT_P95]);
      g_assert_cmpfloat_with_epsilon (out[3], s.v[AIPERF_STAT_STD], 1e-12);
      g_assert_cmpfloat (out[4], ==, s.v[AIPERF_STAT_MIN]);
      g_assert_cmpfloat (out[5], ==, s.v[AIPERF_STAT_MAX]);
    }
  g_rand_free (r);
}

/* Random truncations and byte flips of the real lines: never a crash, and
 * every line is either a row or counted as bad. */
static void
test_fuzz (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, FIXTURES, "qwen_concurrency1",
                                                 "profile_export.jsonl", NULL);
  g_autofree char *text = NULL;
  g_autofree char *tmp = g_build_filename (g_get_tmp_dir (), "aiperf-fuzz-XXXXXX", NULL);
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  gsize len;
  GRand *r = g_rand_new_with_seed (1234);
  int fd;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  lines = g_strsplit (text, "\n", -1);
  fd = g_mkstemp (tmp);
  g_assert_cmpint (fd, >=, 0);
  close (fd);
  out = g_build_filename (tmp, NULL);
  for (guint round = 0; round < 200; round++)
    {
      g_autoptr(GString) s = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(AiperfRun) run = NULL;
      guint n_lines = 0, n_blank = 0;

      for (guint i = 0; lines[i] != NULL; i++)
        {
          gsize l = strlen (lines[i]);
          if (l == 0)
            continue;
          n_lines++;
          if (g_rand_boolean (r))
            {
              gint32 cut = g_rand_int_range (r, 0, (gint32) l);
              g_string_append_len (s, lines[i], cut);
              n_blank += cut == 0;
            }
          else
            {
              gsize at = s->len;
              char c = (char) g_rand_int_range (r, 1, 256);
              g_string_append (s, lines[i]);
              s->str[at + g_rand_int_range (r, 0, (gint32) l)] = c == '\n' ? 'x' : c;
            }
          g_string_append_c (s, '\n');
        }
      g_assert_true (g_file_set_contents (out, s->str, (gssize) s->len, NULL));
      run = load (out, &error);
      g_assert_no_error (error);
      /* every non-blank line is either a row or counted as bad */
      g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_requests (run))
                        + aiperf_run_get_n_bad_lines (run) + n_blank, ==, n_lines);
    }
  g_unlink (out);
  g_rand_free (r);
}

/* Seen by UBSan in fuzz-requests: start times at both ends of gint64 overflowed the
 * subtraction of the first start (undefined; it wrapped to -2 ns), and a
 * latency of a million seconds on a start near the end of the range
 * overflowed the end computed from it. */
static void
test_extreme_timestamps (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-extreme-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "profile_export.jsonl", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = NULL;
  AiperfTable *t;

  g_assert_true (g_file_set_contents (path,
    "{\"metadata\": {\"request_start_ns\": -9223372036854775807, \"request_end_ns\": 1}}\n"
    "{\"metadata\": {\"request_start_ns\": 9223372036854775807, \"request_end_ns\": 1}}\n"
    "{\"metadata\": {\"request_start_ns\": 9223372036854775000},"
    " \"metrics\": {\"request_latency\": {\"value\": 1e9, \"unit\": \"ms\"}}}\n", -1, NULL));
  run = load (path, &error);
  g_assert_no_error (error);
  t = aiperf_run_get_requests (run);
  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 3);
  g_assert_cmpfloat (cell (t, "start_s", 0), ==, 0);
  /* 2^64 ns apart, and a hair less for the third */
  g_assert_cmpfloat_with_epsilon (cell (t, "start_s", 2), 18446744073.709551615, 1e-3);
  g_assert_cmpfloat_with_epsilon (cell (t, "start_s", 1), 18446744073.709551615, 1e-3);
  /* its end is unknown, not wrapped around */
  g_assert_cmpfloat (cell (t, "request_latency", 1), ==, 1e9);
  g_assert_true (isnan (cell (t, "request_end_ns", 1)));
  g_assert_true (isnan (cell (t, "end_s", 1)));
  g_unlink (path);
  g_rmdir (dir);
}

static void
cancel_on_progress (double      fraction,
                    const char *what,
                    gpointer    user_data)
{
  if (fraction > 0.1)
    g_cancellable_cancel (user_data);
}

static void on_progress (double fraction, const char *what, gpointer user_data);

/* A file of several chunks, parsed by both threads: rows, line numbers and
 * bad-line numbers must come out as in a single pass. */
static void
test_chunks (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, FIXTURES, "qwen_concurrency1",
                                                 "profile_export.jsonl", NULL);
  g_autofree char *text = NULL;
  g_autofree char *dir = g_dir_make_tmp ("aiperf-chunks-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "profile_export.jsonl", NULL);
  g_autoptr(GString) s = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = NULL;
  AiperfTable *t;
  GPtrArray *warnings;
  gsize len;
  guint n;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  for (guint copy = 0; copy < 300; copy++)
    {
      g_string_append_len (s, text, (gssize) len);
      if (copy == 249)
        g_string_append (s, "{\"metadata\": {\"request_start_ns\": 1}, \"metrics\": {\"x\": {\"value\": tru}}}\n");
    }
  g_assert_cmpuint (s->len, >, 2 * (4u << 20));
  g_assert_true (g_file_set_contents (out, s->str, (gssize) s->len, NULL));
  run = load (out, &error);
  g_assert_no_error (error);
  t = aiperf_run_get_requests (run);
  n = aiperf_table_get_n_rows (t);
  g_assert_cmpuint (n, ==, 3000);
  g_assert_cmpuint (aiperf_run_get_n_bad_lines (run), ==, 1);
  warnings = aiperf_run_get_warnings (run);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, 0),
                                   "profile_export.jsonl: skipped 1 malformed line (first: 2501): "));
  /* equal start times sort by line: the 300 copies of line 1 come first */
  g_assert_cmpfloat (cell (t, "file_line", 0), ==, 1);
  g_assert_cmpfloat (cell (t, "file_line", 1), ==, 11);
  g_assert_cmpfloat (cell (t, "file_line", 249), ==, 2491);
  g_assert_cmpfloat (cell (t, "file_line", 250), ==, 2502);
  g_assert_cmpfloat (cell (t, "file_line", 299), ==, 2992);
  g_assert_cmpfloat (cell (t, "file_line", 300), ==, 2);
  g_assert_cmpfloat (cell (t, "request_number", 2999), ==, 2999);
  g_assert_cmpfloat (cell (t, "time_to_first_token", 299), ==, 31.742933999999998);
  g_assert_cmpfloat_with_epsilon (cell (t, "inter_chunk_latency_avg", 299), 18.153352603015076, 1e-12);

  /* progress per chunk, non-decreasing; cancelling from it stops the load */
  {
    g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GCancellable) cancellable = g_cancellable_new ();
    g_autoptr(AiperfRun) run2 = aiperf_run_new (dir);
    g_autoptr(AiperfRun) run3 = aiperf_run_new (dir);
    g_autoptr(GError) error2 = NULL;

    g_assert_true (aiperf_load_requests_jsonl (run2, out, NULL, on_progress, seen, &error2));
    g_assert_cmpuint (seen->len, >=, 3);
    for (guint i = 1; i < seen->len; i++)
      g_assert_cmpfloat (g_array_index (seen, double, i), >=, g_array_index (seen, double, i - 1));
    g_assert_true (aiperf_load_requests_jsonl (run3, out, cancellable, cancel_on_progress, cancellable,
                                               &error2) == FALSE);
    g_assert_error (error2, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_null (aiperf_run_get_requests (run3));
  }
  g_unlink (out);
  g_rmdir (dir);
}

static void
on_progress (double      fraction,
             const char *what,
             gpointer    user_data)
{
  GArray *seen = user_data;

  g_assert_nonnull (what);
  g_array_append_val (seen, fraction);
}

static void
test_progress_cancel (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, FIXTURES, "qwen_concurrency1",
                                                 "profile_export.jsonl", NULL);
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = aiperf_run_new ("/nonexistent");
  g_autoptr(AiperfRun) run2 = aiperf_run_new ("/nonexistent");

  g_assert_true (aiperf_load_requests_jsonl (run, path, NULL, on_progress, seen, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seen->len, >=, 2);
  g_assert_cmpfloat (g_array_index (seen, double, 0), ==, 0.0);
  g_assert_cmpfloat (g_array_index (seen, double, seen->len - 1), ==, 1.0);

  g_cancellable_cancel (cancellable);
  g_assert_false (aiperf_load_requests_jsonl (run2, path, cancellable, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (aiperf_run_get_requests (run2));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  setlocale (LC_ALL, "de_DE.UTF-8");
  g_test_add_func ("/aiperf/loader/jsonl/qwen", test_qwen);
  g_test_add_func ("/aiperf/loader/jsonl/prerelease", test_prerelease);
  g_test_add_func ("/aiperf/loader/jsonl/bad-lines", test_bad_lines);
  g_test_add_func ("/aiperf/loader/jsonl/empty", test_empty);
  g_test_add_func ("/aiperf/loader/jsonl/missing", test_missing);
  g_test_add_func ("/aiperf/loader/jsonl/reduce-list", test_reduce_list);
  g_test_add_func ("/aiperf/loader/jsonl/fuzz", test_fuzz);
  g_test_add_func ("/aiperf/loader/jsonl/extreme-timestamps", test_extreme_timestamps);
  g_test_add_func ("/aiperf/loader/jsonl/chunks", test_chunks);
  g_test_add_func ("/aiperf/loader/jsonl/progress-cancel", test_progress_cancel);
  return g_test_run ();
}
