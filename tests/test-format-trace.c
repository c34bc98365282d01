/* test-format-trace.c — Chrome / PyTorch traces: the real HTA traces (gzip
 * and plain), kernels by name and GPU, iterations, and damaged files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <zlib.h>

#include "format-test-util.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-kernels-private.h"
#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-store.h"

static char *
trace_fixture (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "trace", file, NULL);
}

/* The decompressed text of a fixture. */
static char *
inflate_fixture (const char *file,
                 gsize      *out_length)
{
  g_autofree char *path = trace_fixture (file);
  g_autofree char *out = NULL;
  gzFile gz = gzopen (path, "rb");
  GString *text = g_string_new (NULL);
  char buf[65536];
  int n;

  g_assert_nonnull (gz);
  while ((n = gzread (gz, buf, sizeof buf)) > 0)
    g_string_append_len (text, buf, n);
  gzclose (gz);
  *out_length = text->len;
  return g_string_free (text, FALSE);
}

static double
kernel_total (AiperfTable *t,
              const char  *name)
{
  int c_name = aiperf_table_find_column (t, AIPERF_KERNELS_NAME);
  double total = 0;

  for (guint r = 0; r < aiperf_table_get_n_rows (t); r++)
    if (g_str_equal (aiperf_table_get_string (t, (guint) c_name, r), name))
      total += aiperf_table_get (t, (guint) aiperf_table_find_column (t, AIPERF_KERNELS_TOTAL_NS), r);
  return total;
}

/* The HTA simple_add trace: 1348 events, 79 kernels of 16 names on GPU 0,
 * 10,728 µs of kernel time (as json.load and a loop over "kernel" events
 * count it). Gzip and plain give the same. */
static void
test_real_trace (void)
{
  g_autofree char *gz = trace_fixture ("simple_add_trace.json.gz");
  g_autoptr(AiperfRunSet) set = format_load_one (gz);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  AiperfTable *t = aiperf_run_get_table (run, AIPERF_DATASET_KERNELS);
  g_autoptr(AiperfKernelData) data = NULL;
  AiperfKernelSource *source;
  int c_group;

  g_assert_cmpstr (aiperf_run_get_source (run), ==, "trace");
  g_assert_cmpstr (aiperf_run_get_kind (run), ==, "trace");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "events"), ==, "1348");
  /* Absolute epoch-µs timestamps: the first slice's date. */
  g_assert_cmpstr (aiperf_run_get_start_time (run), ==, "2023-09-06T22:39:28Z");
  g_assert_nonnull (t);
  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 16);
  c_group = aiperf_table_find_column (t, AIPERF_KERNELS_GROUP);
  g_assert_cmpstr (aiperf_table_get_string (t, (guint) c_group, 0), ==, "GPU 0");
  g_assert_cmpfloat (kernel_total (t, "ampere_sgemm_32x32_sliced1x4_tn"), ==, 2673e3);

  data = aiperf_kernel_data_new (set);
  source = g_ptr_array_index (data->sources, 0);
  g_assert_cmpfloat (source->total, ==, 10728e3);
  g_assert_cmpstr (((AiperfKernelStat *) g_ptr_array_index (source->kernels, 0))->name, ==,
                   "ampere_sgemm_32x32_sliced1x4_tn");
  g_assert_cmpfloat (((AiperfKernelStat *) g_ptr_array_index (source->kernels, 0))->calls, ==, 6);
  g_assert_cmpstr (((AiperfKernelStat *) g_ptr_array_index (source->kernels, 0))->category, ==, "gemm");

  /* Lanes by sort index; the global instant (no pid, no tid) has a name. */
  {
    AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
    g_autoptr(GString) lanes = g_string_new (NULL);
    AiperfTrackModel model;

    aiperf_trace_store_get_model (store, &model);
    for (guint l = 0; l < model.vtable->n_lanes (model.self); l++)
      g_string_append_printf (lanes, "%s|", model.vtable->lane_name (model.self, l));
    g_test_message ("lanes: %s", lanes->str);
    g_assert_cmpstr (lanes->str, ==, "Global events|Traces · Trace PyTorch Profiler|CPU · thread 493459 (python3.10)|"
                     "GPU 0 · Device 0|GPU 0 · stream 7|GPU 0 · stream 20|Spans · PyTorch Profiler|");
  }
}

/* triton_example: relative fractional ts with baseTimeNanoseconds, one
 * ProfilerStep#1 (its elapsed time is the iteration). */
static void
test_iterations (void)
{
  g_autofree char *gz = trace_fixture ("triton_example.json.gz");
  g_autoptr(AiperfRunSet) set = format_load_one (gz);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  AiperfTable *steps = aiperf_run_get_table (run, "iterations");
  g_autofree char *summary = NULL;

  g_assert_nonnull (steps);
  g_assert_cmpuint (aiperf_table_get_n_rows (steps), ==, 1);
  /* ts relative to baseTimeNanoseconds: the date is base + first ts. */
  g_assert_cmpstr (aiperf_run_get_start_time (run), ==, "2024-10-28T23:06:30Z");
  g_assert_cmpfloat (aiperf_table_get (steps, (guint) aiperf_table_find_column (steps, "step"), 0), ==, 1);
  g_assert_cmpfloat (aiperf_table_get (steps, (guint) aiperf_table_find_column (steps, "duration_ms"), 0), >, 0);
  summary = aiperf_trace_summary_section (set);
  g_assert_nonnull (strstr (summary, "1 iteration (CPU-side ProfilerStep span): mean"));
}

/* Damage: events before it are kept and the byte offset is said; a bare
 * array whose tracer crashed before "]" is whole; a corrupt gzip stream
 * and a file that is no trace are errors. */
static void
test_damage (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-trace-XXXXXX", NULL);
  g_autofree char *text = NULL, *cut = NULL, *open_array = NULL, *corrupt = NULL, *errors = NULL;
  g_autofree char *source = trace_fixture ("simple_add_trace.json.gz");
  g_autofree char *gz = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GString) bare = g_string_new ("[{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k1\", \"ts\": \"5\", \"dur\": 2.5, \"pid\": 1, \"tid\": 7},\n"
                                          " {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k1\", \"ts\": 9, \"dur\": -1, \"pid\": 1, \"tid\": 7},\n"
                                          " 42,\n {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k2\", \"ts\": 10, \"dur\": 4, \"pid\": \"gpu\"}\n");
  const char *half;
  AiperfRun *run;
  GPtrArray *warnings;
  gsize length = 0, gz_length = 0;

  text = inflate_fixture ("simple_add_trace.json.gz", &length);
  half = strstr (text + length / 2, "\"ph\": \"X\"");
  g_assert_nonnull (half);
  cut = format_write (dir, "cut/trace.json", text, (half - text) + 40);
  open_array = format_write (dir, "bare/trace.json", bare->str, (gssize) bare->len);
  g_assert_true (g_file_get_contents (source, &gz, &gz_length, NULL));
  memset (gz + gz_length / 2, 0x55, 64);
  corrupt = format_write (dir, "corrupt/trace.json.gz", gz, (gssize) gz_length);

  set = format_load_one (dir);
  errors = format_errors (set);
  g_test_message ("errors: %s", errors);

  run = format_find_run (set, "cut/trace.json");
  warnings = aiperf_run_get_warnings (run);
  g_assert_cmpuint (warnings->len, >=, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "the file ends inside an event"));
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "byte "));
  g_assert_nonnull (aiperf_run_get_table (run, AIPERF_DATASET_KERNELS));

  run = format_find_run (set, "bare/trace.json");
  {
    AiperfTable *t = aiperf_run_get_table (run, AIPERF_DATASET_KERNELS);
    g_autoptr(GString) all = g_string_new (NULL);

    g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 2);
    g_assert_cmpfloat (kernel_total (t, "k1"), ==, 2500);
    g_assert_cmpfloat (kernel_total (t, "k2"), ==, 4000);
    warnings = aiperf_run_get_warnings (run);
    for (guint i = 0; i < warnings->len; i++)
      g_string_append_printf (all, "%s\n", (const char *) g_ptr_array_index (warnings, i));
    g_assert_nonnull (strstr (all->str, "skipped 1 element that is not an event"));
    g_assert_nonnull (strstr (all->str, "skipped 1 event with a negative duration"));
  }

  /* The corrupt stream: what inflated before it loads, with a warning. */
  g_assert_true (strstr (errors, "corrupt/trace.json.gz") != NULL ||
                 aiperf_run_get_warnings (format_find_run (set, "corrupt/trace.json.gz"))->len > 0);
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* A baseTimeNanoseconds past any date (the fuzzer's INT64_MAX, and a
 * negative one) is no base: the kernels load, the trace has no date,
 * and no sum of times overflows (the sanitizer build checks that). */
static void
test_base_time_out_of_range (void)
{
  const char *bases[] = { "9223372036854775807", "99999999999999999999", "-5" };

  for (guint i = 0; i < G_N_ELEMENTS (bases); i++)
    {
      g_autofree char *dir = g_dir_make_tmp ("aiperf-trace-XXXXXX", NULL);
      g_autofree char *text = g_strdup_printf ("{\"baseTimeNanoseconds\": %s, \"traceEvents\": ["
                                               "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", "
                                               "\"ts\": 1419247332980000, \"dur\": 3, \"pid\": 1, \"tid\": 7}]}",
                                               bases[i]);
      g_autofree char *path = format_write (dir, "trace.json", text, -1);
      g_autoptr(AiperfRunSet) set = format_load_one (path);
      AiperfRun *run = aiperf_run_set_get_run (set, 0);

      g_assert_cmpfloat (kernel_total (aiperf_run_get_table (run, AIPERF_DATASET_KERNELS), "k"), ==, 3000);
      /* ts alone is epoch µs, as in a trace without a base. */
      g_assert_cmpstr (aiperf_run_get_start_time (run), ==, "2014-12-22T11:22:12Z");
      g_assert_true (aiperf_test_remove_tree (dir));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/trace/real", test_real_trace);
  g_test_add_func ("/format/trace/iterations", test_iterations);
  g_test_add_func ("/format/trace/damage", test_damage);
  g_test_add_func ("/format/trace/base-time-out-of-range", test_base_time_out_of_range);
  return g_test_run ();
}
