/* test-trace-wild.c — real traces from the test suites of TraceLens, HTA
 * and acelyzer: recognised by structure (traceEvents after metadata),
 * iterations counted once, the GPU time breakdown against TraceLens's own
 * gpu_timeline.csv, B/E pairs, and damaged files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <zlib.h>

#include "format-test-util.h"
#include "aiperf-formats.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-presets.h"
#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-store.h"

#define QWEN "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"
#define BERT "gaunernst_bert-small-uncased__1016001.json.gz"

static char *
trace_fixture (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "trace", file, NULL);
}

static char *
inflate_file (const char *path,
              gsize      *out_length)
{
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

static void
write_gzip (const char *path,
            const char *text,
            gsize       length)
{
  gzFile gz = gzopen (path, "wb");

  g_assert_nonnull (gz);
  g_assert_cmpint (gzwrite (gz, text, (unsigned) length), ==, (int) length);
  g_assert_cmpint (gzclose (gz), ==, Z_OK);
}

static void
assert_relative (double      value,
                 double      expected,
                 const char *what)
{
  if (!(fabs (value - expected) <= 1e-6 * fabs (expected) || (expected == 0 && value == 0)))
    g_error ("%s: %.17g, expected %.17g", what, value, expected);
}

/* A Kineto trace with 6 MB of metadata before "traceEvents", plain and
 * gzip, in a folder beside a JSON object that is no trace: both traces
 * open; the other file named alone is refused with what it looked like. */
static void
test_sniff_after_metadata (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-wild-XXXXXX", NULL);
  g_autoptr(GString) text = g_string_new ("{\"schemaVersion\": 1, \"metadata\": {\"blob\": \"");
  g_autofree char *plain = NULL, *gz = NULL, *gz_dir = NULL, *other = NULL, *odd = NULL, *errors = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GError) error = NULL;
  const char *paths[] = { NULL, NULL };

  for (guint i = 0; i < 6 * 1024 * 1024 / 64; i++)
    g_string_append (text, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
  g_string_append (text, "\", \"list\": [1, {\"x\": \"]}\"}]}, \"deviceProperties\": [],\n\"traceEvents\": [\n"
                         "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": 0, \"tid\": 7, \"ts\": 10, \"dur\": 5}\n"
                         "], \"traceName\": \"t\"}\n");
  plain = format_write (dir, "a/rank0.pt.trace.json", text->str, (gssize) text->len);
  gz = g_build_filename (dir, "b", "rank0.pt.trace.json.gz", NULL);
  gz_dir = g_path_get_dirname (gz);
  g_assert_cmpint (g_mkdir_with_parents (gz_dir, 0755), ==, 0);
  write_gzip (gz, text->str, text->len);
  other = format_write (dir, "c/config.json", "{\"model\": \"x\", \"layers\": [1, 2], \"notes\": {}}", -1);

  set = format_load_one (dir);
  errors = format_errors (set);
  g_test_message ("errors: %s", errors);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);
  g_assert_cmpstr (aiperf_run_get_kind (format_find_run (set, "a/rank0.pt.trace.json")), ==, "trace");
  g_assert_cmpstr (aiperf_run_get_kind (format_find_run (set, "b/rank0.pt.trace.json.gz")), ==, "trace");

  /* Named alone: what it looked like, the closest format and why not. */
  paths[0] = other;
  g_assert_null (aiperf_run_set_load (paths, NULL, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "closest: Chrome trace"));
  g_assert_nonnull (strstr (error->message, "3 top-level members (model, layers, notes)"));
  g_assert_nonnull (strstr (error->message, "no “traceEvents”"));

  /* Member names quoted from the file are valid UTF-8, cut at a character
   * (fuzz-trace found a name of stray bytes in the message). */
  g_clear_error (&error);
  odd = format_write (dir, "d/odd.json",
                        "{\"schemaVer\x92\x92\": 1, \"é\xc3\": 2, "
                        "\"ééééééééééééééééééééééééééééééééééééééééééé\": 3}", -1);
  paths[0] = odd;
  g_assert_null (aiperf_run_set_load (paths, NULL, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "3 top-level members (schemaVer"));
  g_assert_nonnull (strstr (error->message, "éééééééééééééééééééééééééééééééééééééééé…"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* TraceLens perf-report sheets that are not read (the first lines of
 * the Qwen H100 report's ops_unique_args.csv and SDPA_fwd.csv), named
 * alone: said to be what they are, with the sheets that are read. */
static void
test_tracelens_sheets_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-wild-XXXXXX", NULL);
  g_autofree char *ops = format_write (dir, "ops_unique_args.csv",
                                       "name,op category,process_name,process_label,thread_name,Input Dims,Input type,"
                                       "Input Strides,Concrete Inputs,operation_count,total_direct_kernel_time_mean,"
                                       "total_subtree_kernel_time_mean,total_direct_kernel_time_median\n", -1);
  g_autofree char *sdpa = format_write (dir, "SDPA_fwd.csv",
                                        "name,param: B,param: N_Q,param: H_Q,param: N_KV,param: H_KV,param: d_h_qk,"
                                        "param: d_h_v,param: dropout,param: causal,param: flash_impl,param: dtype_A_B,"
                                        "GFLOPS_first,Data Moved (MB)_first,FLOPS/Byte_first,TB/s_mean\n", -1);
  const char *paths[] = { NULL, NULL };
  g_autoptr(GError) error = NULL;

  paths[0] = ops;
  g_assert_null (aiperf_run_set_load (paths, NULL, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "closest: TraceLens, refused because it is a sheet of a TraceLens perf "
                                            "report that is not read (per-shape op statistics); of a report, "
                                            "kernel_summary.csv, gpu_timeline.csv, ops_summary.csv, "
                                            "ops_summary_by_category.csv and GEMM.csv are read"));
  g_clear_error (&error);
  paths[0] = sdpa;
  g_assert_null (aiperf_run_set_load (paths, NULL, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "(perf-model sheets: FLOPs, bytes and TFLOP/s per op shape)"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* The real traces, "traceEvents" 16 KB to 26 KB in, open as traces. */
static void
test_sniff_real (void)
{
  const char *files[] = { QWEN, BERT, "rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz", "allreduce_tp4.json" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = trace_fixture (files[i]);
      g_autoptr(AiperfRunSet) set = format_load_one (path);

      g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
      g_assert_cmpstr (aiperf_run_get_kind (aiperf_run_set_get_run (set, 0)), ==, "trace");
    }
}

/* Qwen on H100: ProfilerStep#? is on the CPU (47.151395 ms) and on the GPU
 * (34.892421 ms): one iteration, the GPU's span, both columns kept. */
static void
test_iterations_once (void)
{
  g_autofree char *path = trace_fixture (QWEN);
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  AiperfTable *steps = aiperf_run_get_table (run, "iterations");
  g_autofree char *summary = NULL;

  g_assert_nonnull (steps);
  g_assert_cmpuint (aiperf_table_get_n_rows (steps), ==, 1);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "iterations from"), ==, "GPU");
  assert_relative (aiperf_table_get_column (steps, "duration_ms")[0], 34.892421, "duration");
  assert_relative (aiperf_table_get_column (steps, "gpu_duration_ms")[0], 34.892421, "gpu");
  assert_relative (aiperf_table_get_column (steps, "cpu_duration_ms")[0], 47.151395, "cpu");
  summary = aiperf_trace_summary_section (set);
  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, "1 iteration (GPU-side ProfilerStep span): mean 34.892 ms"));
}

/* Times of µs at 1.4e12 carry a quarter-nanosecond of rounding: equal
 * to the nanosecond. */
static void
assert_ns (double      ms,
           double      expected_ms,
           const char *what)
{
  if (!(fabs (ms - expected_ms) <= 1e-6))
    g_error ("%s: %.17g ms, expected %.17g ms", what, ms, expected_ms);
}

static double
sheet_value (const char *csv,
             const char *type,
             guint       column)
{
  g_auto(GStrv) lines = g_strsplit (csv, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      if (g_strv_length (fields) > column && g_str_equal (fields[0], type))
        return g_ascii_strtod (fields[column], NULL);
    }
  g_error ("no %s row", type);
  return NAN;
}

/* Every row of TraceLens's gpu_timeline.csv for the BERT trace, to 1e-6
 * relative; Qwen's busy time and window as TraceLens computed them. */
static void
test_gpu_timeline (void)
{
  static const char * const types[] = { "computation_time", "exposed_comm_time", "exposed_memcpy_time", "busy_time",
                                        "idle_time", "total_time", "total_comm_time", "total_memcpy_time" };
  g_autofree char *path = trace_fixture (BERT);
  g_autofree char *sheet_path = trace_fixture ("gaunernst_bert-small-uncased__1016001_gpu_timeline.csv");
  g_autofree char *sheet = NULL, *ours = NULL, *qwen_csv = NULL, *notes = NULL;
  g_autofree char *qwen = trace_fixture (QWEN);
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  g_autoptr(AiperfRunSet) qwen_set = format_load_one (qwen);
  const GArray *all;
  gsize length;

  sheet = format_read (sheet_path, &length);
  ours = aiperf_trace_gpu_timeline_csv (aiperf_run_set_get_run (set, 0), TRUE);
  g_test_message ("%s", ours);
  g_assert_true (g_str_has_prefix (ours, "type,time ms,percent\n"));
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      assert_relative (sheet_value (ours, types[i], 1), sheet_value (sheet, types[i], 1), types[i]);
      assert_relative (sheet_value (ours, types[i], 2), sheet_value (sheet, types[i], 2), types[i]);
    }

  qwen_csv = aiperf_trace_gpu_timeline_csv (aiperf_run_set_get_run (qwen_set, 0), TRUE);
  g_assert_cmpfloat (sheet_value (qwen_csv, "busy_time", 1), ==, 31.905483154296874);
  assert_relative (sheet_value (qwen_csv, "total_time", 1), 34.892421, "qwen window");
  notes = aiperf_trace_gpu_timeline_notes (aiperf_run_set_get_run (qwen_set, 0), TRUE);
  g_assert_nonnull (strstr (notes, "GPU 0: window = 1 GPU-side ProfilerStep span, 34.892 ms"));

  /* --trace-window all: from the first device event to the last. */
  all = aiperf_trace_store_get_breakdowns (aiperf_run_get_dataset (aiperf_run_set_get_run (qwen_set, 0),
                                                                   AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE),
                                           FALSE);
  g_assert_cmpuint (all->len, ==, 1);
  g_assert_cmpuint (g_array_index (all, AiperfTraceBreakdown, 0).n_steps, ==, 0);
  assert_relative (g_array_index (all, AiperfTraceBreakdown, 0).total_us, 1428625781275.082 - 1428625731622.25,
                   "whole");
}

/* The hand-made Kineto trace, worked out by hand (µs less 1419247330000,
 * window 3430.848 to 7338.675; the file's times are near 1.4e12 µs, so to
 * the ns): kernel 3430.849 +3.136, memcpy 3431 +10.5, NCCL 3435 +30,
 * memset 3440 +1.25, a kernel from 7338.0 clipped to 0.675. Computation
 * 3.136 + 1.25 + 0.675; exposed NCCL 30 - 1.25; exposed memcpy: 3433.985
 * to 3435; busy 3430.849 to 3465 plus 0.675. HTA's types: computation
 * kernels 3.811, communication 30, memory 11.75; 1.25 of 30 NCCL µs
 * overlapped. The ops launched the kernel and the memcpy; the rest of the
 * 45.561 µs is unattributed.
 * HTA's kernel types are of HTA's events (the whole trace: it has one
 * step), in whole µs (a start rounded up, an end down): computation
 * 431-433 and 4338-4343 (late_kernel unclipped), memory 431-441 (memcpy)
 * and 440-441 (memset), communication 435-465. Swept: computation with
 * memory 431-433, memory alone 433-435, communication with memory
 * 435-441, communication alone 441-465, computation alone 4338-4343; 39
 * µs busy. Plain sums: 2 + 5, 30, 10 + 1. */
static void
test_breakdown_by_hand (void)
{
  g_autofree char *path = trace_fixture ("kineto-synthetic.json");
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  g_autofree char *csv = aiperf_trace_gpu_timeline_csv (run, TRUE);
  g_autofree char *types = aiperf_trace_kernel_types_csv (run);
  g_autofree char *summary = aiperf_trace_summary_section (set);

  g_test_message ("%s\n%s\n%s", csv, types, summary);
  assert_ns (sheet_value (csv, "computation_time", 1), (3.136 + 1.25 + 0.675) / 1e3, "computation");
  assert_ns (sheet_value (csv, "exposed_comm_time", 1), 28.75 / 1e3, "exposed comm");
  assert_ns (sheet_value (csv, "exposed_memcpy_time", 1), 1.015 / 1e3, "exposed memcpy");
  assert_ns (sheet_value (csv, "busy_time", 1), (3465 - 3430.849 + 0.675) / 1e3, "busy");
  assert_ns (sheet_value (csv, "total_time", 1), 3.907827, "total");
  assert_ns (sheet_value (csv, "total_comm_time", 1), 0.030, "comm");
  assert_ns (sheet_value (csv, "total_memcpy_time", 1), 0.0105, "memcpy");
  g_assert_cmpstr (types, ==,
                   "gpu,kernel_type,sum_us,percentage,kernel_sum_us\n"
                   "\"GPU 0\",COMPUTATION,5,12.8,7\n"
                   "\"GPU 0\",COMMUNICATION,24,61.5,30\n"
                   "\"GPU 0\",MEMORY,2,5.1,11\n"
                   "\"GPU 0\",COMPUTATION overlapping COMMUNICATION,0,0.0,\n"
                   "\"GPU 0\",COMPUTATION overlapping MEMORY,2,5.1,\n"
                   "\"GPU 0\",COMMUNICATION overlapping MEMORY,6,15.4,\n"
                   "\"GPU 0\",COMPUTATION overlapping COMMUNICATION overlapping MEMORY,0,0.0,\n");
  /* Its chart: each type alone and the 8 µs of two at once, of 39 µs. */
  {
    g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (NULL);
    GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, "trace");
    const double expected[4] = { 5, 24, 2, 8 };
    const AiperfPlotSpec *spec = NULL;
    g_autoptr(AiperfChart) chart = NULL;
    g_autoptr(GError) error = NULL;

    for (guint i = 0; i < plots->len; i++)
      if (g_str_equal (((const AiperfPlotSpec *) g_ptr_array_index (plots, i))->name, "kernel_types"))
        spec = g_ptr_array_index (plots, i);
    g_assert_nonnull (spec);
    chart = aiperf_plot_build_multi_run (spec, set, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (chart->layers->len, ==, 4);
    for (guint i = 0; i < 4; i++)
      {
        const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

        g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 1);
        g_assert_cmpfloat_with_epsilon (aiperf_layer_y (layer, 0), 100 * expected[i] / 39, 1e-9);
      }
    g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 3))->name, ==, "Two types or more at once");
  }
  g_assert_nonnull (strstr (summary, "GPU 0: computation overlaps 4.2% of the communication time"));
  g_assert_nonnull (strstr (summary, "aten::copy_                                   0.011 ms   23.0%"));
  g_assert_nonnull (strstr (summary, "(unattributed)                                0.032 ms   70.1%"));
}

/* HTA's MTIA trace, against the numbers HTA's own tests publish for it
 * (tests/test_trace_analysis.py): stream 1's host wait is 417937 µs, 0.07
 * of its idle time; the temporal breakdown is idle 5648827, compute
 * 7305596 and non-compute 373924 of 13328347 µs, checked there to 0.01
 * percentage points, as here. The DMA_REQUEST lane (tid 801, transfers
 * without a stream arg) counts only inside the CPU-side ProfilerStep, as
 * HTA gives such transfers a stream there: the two before it are left
 * out, which makes the span HTA's to the µs. */
static void
test_hta_mtia (void)
{
  g_autofree char *path = trace_fixture ("mtia_rank_0.json.gz");
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  const GArray *temporal = aiperf_trace_store_get_temporal (store);
  const GArray *splits = aiperf_trace_store_get_idle_split (store);
  const AiperfTraceTemporal *t;
  const AiperfTraceIdleSplit *s1 = NULL, *s102 = NULL;
  g_autofree char *csv = aiperf_trace_idle_time_csv (run);
  g_autofree char *summary = aiperf_trace_summary_section (set);
  g_autofree char *types = NULL;
  double idle_total;

  g_test_message ("%s", summary);
  g_assert_cmpuint (temporal->len, ==, 1);
  t = &g_array_index (temporal, AiperfTraceTemporal, 0);
  g_assert_cmpstr (t->gpu, ==, "MTIA 9");
  /* HTA's span to the µs (13335836 before the two DMA transfers ahead of
   * the step were left out); the rest within 6 µs, the shares within
   * HTA's own test's 0.01 (0.03 before). */
  g_assert_cmpint (t->kernel_time_us, ==, 13328347);
  g_assert_cmpint (t->idle_us, ==, 5648821);
  g_assert_cmpint (t->compute_us, ==, 7305597);
  g_assert_cmpint (t->non_compute_us, ==, 373929);
  g_assert_cmpfloat (fabs (100.0 * t->idle_us / t->kernel_time_us - 100.0 * 5648827 / 13328347), <, 0.01);
  g_assert_cmpfloat (fabs (100.0 * t->compute_us / t->kernel_time_us - 100.0 * 7305596 / 13328347), <, 0.01);
  g_assert_cmpfloat (fabs (100.0 * t->non_compute_us / t->kernel_time_us - 100.0 * 373924 / 13328347), <, 0.01);

  /* Streams 1 and 102, and the DMA lane: HTA's three. */
  g_assert_cmpuint (splits->len, ==, 3);
  for (guint i = 0; i < splits->len; i++)
    {
      const AiperfTraceIdleSplit *s = &g_array_index (splits, AiperfTraceIdleSplit, i);

      if (g_str_equal (s->stream, "MTIA 9 · Stream 1 FW"))
        s1 = s;
      else if (g_str_equal (s->stream, "MTIA 9 · Stream 102 FW"))
        s102 = s;
    }
  g_assert_nonnull (s1);
  g_assert_nonnull (s102);
  g_assert_cmpint (s1->host_wait_us, ==, 417937);
  g_assert_cmpint (s1->other_us, ==, 5200945);
  idle_total = s1->host_wait_us + s1->kernel_wait_us + s1->other_us;
  g_assert_cmpfloat (round (100 * s1->host_wait_us / idle_total) / 100, ==, 0.07);
  /* Overlapping events leave no gap: kernel wait is what the positive
   * gaps under 30 µs add up to. */
  g_assert_cmpint (s1->kernel_wait_us, ==, 17392);
  g_assert_cmpint (s102->host_wait_us, ==, 445);
  g_assert_cmpint (s102->other_us, ==, 2540592);
  g_assert_nonnull (strstr (csv, "\"MTIA 9\",\"MTIA 9 · Stream 1 FW\",host_wait,417937,0.0742,"));
  g_assert_nonnull (strstr (summary, "MTIA 9: idle 5648.821 ms (42.38%), compute 7305.597 ms (54.81%), "
                                     "non-compute 373.929 ms (2.81%) of 13328.347 ms"));

  /* HTA's kernel-type breakdown of the same events, against the figures
   * its test_get_mtia_kernel_breakdown publishes: its kernel-type table's
   * COMPUTATION row 7304578 µs (computation overlapped by no other type:
   * the union of its computation, 7305597, less the 1019 µs during which
   * DMA transfers run beside it) and its per-kernel table's MEMORY row
   * (dma_request, the only memory name) 403067 µs, a plain sum; both to
   * the µs. */
  types = aiperf_trace_kernel_types_csv (run);
  g_assert_nonnull (strstr (types, "\"MTIA 9\",COMPUTATION,7304578,95.1,7305597\n"));
  g_assert_nonnull (strstr (types, "\"MTIA 9\",MEMORY,373929,4.9,403067\n"));
  g_assert_nonnull (strstr (types, "\"MTIA 9\",COMPUTATION overlapping MEMORY,1019,0.0,\n"));
  g_assert_nonnull (strstr (types, "\"MTIA 9\",COMMUNICATION,0,0.0,0\n"));
  g_assert_cmpint (t->type_us[AIPERF_TRACE_TYPE_COMPUTATION], ==, 7304578);
  g_assert_cmpint (t->type_sum_us[2], ==, 403067);
}

/* Two ranks merged (a comma list): side by side, the one that computed
 * longest named. The Qwen trace's GPU computes 43.981 ms, BERT's 0.252. */
static void
test_ranks_slowest (void)
{
  g_autofree char *qwen = trace_fixture (QWEN);
  g_autofree char *bert = trace_fixture (BERT);
  g_autofree char *both = g_strdup_printf ("%s,%s", bert, qwen);
  g_autoptr(AiperfRunSet) set = format_load_one (both);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  g_autofree char *text = aiperf_trace_hta_text (run);
  g_autofree char *csv = aiperf_trace_temporal_csv (run);
  const GArray *temporal = aiperf_trace_temporal_of (run);

  g_test_message ("%s\n%s", text, csv);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  g_assert_cmpuint (temporal->len, ==, 2);
  g_assert_cmpuint (aiperf_trace_slowest_gpu (temporal), ==, 1);
  g_assert_nonnull (strstr (text, "Slowest rank: Qwen_Qwen1.5-0.5B-Chat__1016005 · GPU 0, computing 43.981 ms"));
  g_assert_nonnull (strstr (csv, "\"gaunernst_bert-small-uncased__1016001 · GPU 0\","));
}

/* HTA's ns-resolution DDP trace, five CPU-side ProfilerSteps (#101-#105),
 * read as HTA reads it: without the last step (only the device events
 * launched before ProfilerStep#105 began: the 4876 of HTA's own test of
 * this trace), times as HTA holds them, µs in doubles (a quarter µs at
 * 1.7e15), a start rounded up and an end down. The figures are those of
 * HTA's temporal and idle time breakdowns worked out on the trace's JSON
 * as HTA defines them; with exact times, and the last step, the idle time
 * was 13643 µs of 480029. */
static void
test_hta_last_step (void)
{
  g_autofree char *path = trace_fixture ("rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz");
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  const GArray *temporal = aiperf_trace_store_get_temporal (store);
  const GArray *splits = aiperf_trace_store_get_idle_split (store);
  const AiperfTraceTemporal *t;
  const AiperfTraceIdleSplit *split;
  g_autofree char *summary = aiperf_trace_summary_section (set);

  g_test_message ("%s", summary);
  g_assert_cmpuint (temporal->len, ==, 1);
  t = &g_array_index (temporal, AiperfTraceTemporal, 0);
  g_assert_cmpint (t->kernel_time_us, ==, 384634);
  g_assert_cmpint (t->idle_us, ==, 10113);
  g_assert_cmpint (t->compute_us, ==, 372150);
  g_assert_cmpint (t->non_compute_us, ==, 2371);
  g_assert_cmpuint (splits->len, ==, 1);
  split = &g_array_index (splits, AiperfTraceIdleSplit, 0);
  g_assert_cmpstr (split->stream, ==, "GPU 0 · stream 7");
  g_assert_cmpint (split->host_wait_us, ==, 1709);
  g_assert_cmpint (split->kernel_wait_us, ==, 8404);
  g_assert_cmpint (split->other_us, ==, 0);
  g_assert_cmpuint (split->n_gaps[0] + split->n_gaps[1] + split->n_gaps[2] + 1, ==, 4876);
  g_assert_nonnull (strstr (summary, "  GPU 0: idle 10.113 ms (2.63%), compute 372.150 ms (96.75%), non-compute "
                                     "2.371 ms (0.62%) of 384.634 ms\n"));
  /* The iterations and TraceLens's breakdown keep every step. */
  g_assert_nonnull (strstr (summary, "  5 iterations (CPU-side ProfilerStep spans)"));
}

/* Two ranks merged, each with its ProfilerStep#6: the iterations chart
 * draws a group of bars per rank, named by its file, side by side at
 * step 6 (one bar over the other before; the axis's one category, not a
 * wall across the plot), each its rank's GPU-side span. */
static void
test_ranks_iterations (void)
{
  g_autofree char *qwen = trace_fixture (QWEN);
  g_autofree char *bert = trace_fixture (BERT);
  g_autofree char *both = g_strdup_printf ("%s,%s", bert, qwen);
  g_autoptr(AiperfRunSet) set = format_load_one (both);
  g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_new ("iterations", aiperf_plot_handler_find ("iterations"));
  g_autoptr(AiperfPlotColors) colors = aiperf_plot_colors_new ();
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GError) error = NULL;

  chart = aiperf_handler_iterations (spec, set, NULL, colors, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chart->note, ==, "Each step's span on the GPU (its GPU-side ProfilerStep#N), as TraceLens and "
                   "HTA time an iteration.");
  g_assert_cmpuint (chart->series->len, ==, 2);
  g_assert_cmpuint (chart->layers->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      AiperfSeries *series = g_ptr_array_index (chart->series, i);
      AiperfLayer *bars = g_ptr_array_index (chart->layers, i);

      g_assert_cmpstr (series->name, ==, i == 0 ? "gaunernst_bert-small-uncased__1016001"
                                                : "Qwen_Qwen1.5-0.5B-Chat__1016005");
      g_assert_true (series->in_legend);
      g_assert_cmpuint (bars->group, ==, i);
      g_assert_cmpuint (bars->n_groups, ==, 2);
      g_assert_cmpuint (bars->x->len, ==, 1);
      g_assert_cmpfloat (g_array_index (bars->x, double, 0), ==, 0);
      assert_relative (g_array_index (bars->y, double, 0), i == 0 ? 3.907827 : 34.892421, "step 6");
    }
  g_assert_cmpuint (chart->x.tick_labels->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (chart->x.tick_labels, 0), ==, "6");
  /* room for three categories: the pair of bars takes a third of the width */
  g_assert_cmpfloat (chart->x.max - chart->x.min, ==, 3);
}

/* Traces whose steps are far apart (MTIA's step 1, HTA's DDP trace's
 * 101–105, a CPU-only rank's 551): one category per step, labelled with
 * it, bars a category wide; at their numbers on an axis from 1 to 551
 * each bar was a hairline. */
static void
test_far_apart_steps (void)
{
  g_autofree char *mtia = trace_fixture ("mtia_rank_0.json.gz");
  g_autofree char *ddp = trace_fixture ("rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz");
  g_autofree char *cpu = trace_fixture ("rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz");
  const char *paths[] = { mtia, ddp, cpu, NULL };
  g_autoptr(AiperfRunSet) set = format_load (paths);
  g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_new ("iterations", aiperf_plot_handler_find ("iterations"));
  g_autoptr(AiperfPlotColors) colors = aiperf_plot_colors_new ();
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  const char *steps[] = { "1", "101", "102", "103", "104", "105", "551" };
  AiperfLayer *bars;

  chart = aiperf_handler_iterations (spec, set, NULL, colors, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chart->note, ==, "Each step's span on the CPU (its ProfilerStep#N annotation): there are no "
                   "GPU-side step spans.");
  g_assert_cmpuint (chart->x.tick_labels->len, ==, G_N_ELEMENTS (steps));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_assert_cmpstr (g_ptr_array_index (chart->x.tick_labels, i), ==, steps[i]);
      g_assert_cmpfloat (g_array_index (chart->x.tick_positions, double, i), ==, i);
    }
  /* the DDP trace's five steps at categories 1..5, with their CPU-side spans */
  bars = g_ptr_array_index (chart->layers, 1);
  g_assert_cmpuint (bars->x->len, ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpfloat (g_array_index (bars->x, double, i), ==, i + 1);
  assert_relative (g_array_index (bars->y, double, 0), 35.115869, "step 101");
  /* the CPU-only rank's step 551 at the last category */
  bars = g_ptr_array_index (chart->layers, 2);
  g_assert_cmpuint (bars->x->len, ==, 1);
  g_assert_cmpfloat (g_array_index (bars->x, double, 0), ==, 6);
  assert_relative (g_array_index (bars->y, double, 0), 210.109162, "step 551");
}

/* Two traces opened side by side: their streams, both "GPU 0 · stream
 * 7", are told apart by their traces' names on the idle time chart. */
static void
test_idle_streams_named (void)
{
  g_autofree char *qwen = trace_fixture (QWEN);
  g_autofree char *bert = trace_fixture (BERT);
  const char *paths[] = { bert, qwen, NULL };
  g_autoptr(AiperfRunSet) set = format_load (paths);
  g_autoptr(AiperfPlotSpec) spec = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  const AiperfPlotHandler *type;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);
  type = aiperf_plot_handler_find ("idle_time");
  g_assert_nonnull (type);
  spec = aiperf_plot_spec_new ("idle_time", type);
  chart = aiperf_handler_idle_time (spec, set, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (chart->x.tick_labels);
  g_assert_cmpuint (chart->x.tick_labels->len, ==, 2);
  /* In the run set's order. */
  g_assert_cmpstr (g_ptr_array_index (chart->x.tick_labels, 0), ==, "Qwen_Qwen1.5-0.5B-Chat__1016005 · GPU 0 · stream 7");
  g_assert_cmpstr (g_ptr_array_index (chart->x.tick_labels, 1), ==, "gaunernst_bert-small-uncased__1016001 · GPU 0 · stream 7");
}

/* acelyzer's AIU trace: 28 B/E pairs are 28 events; the 64-bit thread
 * ids are integers in the lane names; its lanes are no GPU streams; it
 * has no kernel times to speak of. */
static void
test_acelyzer (void)
{
  g_autofree char *path = trace_fixture ("allreduce_tp4.json");
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  g_autoptr(GString) lanes = g_string_new (NULL);
  g_autofree char *summary = aiperf_trace_summary_section (set);
  AiperfTrackModel model;
  const char *name;
  gint64 busy, span;

  g_assert_cmpstr (aiperf_run_get_parameter (run, "events"), ==, "28");
  aiperf_trace_store_get_model (store, &model);
  for (guint l = 0; l < model.vtable->n_lanes (model.self); l++)
    g_string_append_printf (lanes, "%s|", model.vtable->lane_name (model.self, l));
  g_test_message ("lanes: %s", lanes->str);
  g_assert_nonnull (strstr (lanes->str, "15514734831341844875"));
  g_assert_null (strstr (lanes->str, "e+19"));
  g_assert_false (aiperf_trace_store_get_stream (store, 0, &name, &busy, &span));
  g_assert_null (strstr (summary, "GPU streams"));
  /* no kernel times shown: no footnote about adding them up */
  g_assert_null (strstr (summary, "Kernel times add up"));
}

/* acelyzer's hand-written cases: 21 B/E pairs and 3 X events, one pair
 * ending before it begins. acelyzer makes each pair one event and leaves
 * the negative one out ("Events ignored: 1"): 23 events, as here, the one
 * left out said in the summary and as a warning. */
static void
test_acelyzer_count (void)
{
  g_autofree char *path = trace_fixture ("basic_event_test_cases.json");
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  g_autofree char *summary = aiperf_trace_summary_section (set);
  g_autofree char *line = g_strdup_printf ("basic_event_test_cases (%s): 23 events, not counting 1 with a negative "
                                           "duration (left out, as acelyzer leaves them out)\n", path);
  g_autofree char *warning = g_strdup_printf ("%s: skipped 1 event with a negative duration", path);
  GPtrArray *warnings = aiperf_run_get_warnings (run);

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "events"), ==, "23");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "events left out"), ==, "1");
  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, line));
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==, warning);
}

/* acelyzer's meta_events_only.json (4 "M" events) and a trace whose
 * traceEvents is empty, named alone: each refused with what it holds and
 * what a trace needs. Merged with a real trace (a comma list), the
 * metadata-only file is said and the other one opens. */
static void
test_metadata_only (void)
{
  g_autofree char *meta = trace_fixture ("meta_events_only.json");
  g_autofree char *aiu = trace_fixture ("allreduce_tp4.json");
  g_autofree char *dir = g_dir_make_tmp ("aiperf-wild-XXXXXX", NULL);
  g_autofree char *empty = format_write (dir, "empty.json", "{\"traceEvents\": []}", -1);
  g_autofree char *expected = NULL, *group = g_strdup_printf ("%s,%s", aiu, meta);
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GError) error = NULL;
  const char *paths[] = { NULL, NULL };
  AiperfRun *run;

  paths[0] = meta;
  g_assert_null (aiperf_run_set_load (paths, NULL, NULL, NULL, &error));
  expected = g_strdup_printf ("The run could not be loaded: %s: only 4 metadata events (“ph”: “M”, the names and "
                              "order of processes and threads) and no event to show: a trace needs complete (“X”), "
                              "begin/end (“B”/“E”), instant (“i”) or counter (“C”) events", meta);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);

  paths[0] = empty;
  g_assert_null (aiperf_run_set_load (paths, NULL, NULL, NULL, &error));
  g_free (expected);
  expected = g_strdup_printf ("The run could not be loaded: %s: no event in “traceEvents”", empty);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);

  paths[0] = group;
  set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  run = aiperf_run_set_get_run (set, 0);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "events"), ==, "28");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "files"), ==, "1");
  g_assert_cmpuint (aiperf_run_get_warnings (run)->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (aiperf_run_get_warnings (run), 0), "meta_events_only.json: only 4 metadata events"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* Damage: a PyTorch trace cut inside its metadata, and one whose
 * traceEvents is missing, are each said with what was wrong; a cut trace
 * keeps its events; the good trace beside them loads. */
static void
test_damage (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-wild-XXXXXX", NULL);
  g_autofree char *qwen = trace_fixture (QWEN);
  g_autofree char *text = NULL, *errors = NULL, *all = NULL;
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GString) warnings = g_string_new (NULL);
  const char *events;
  gsize length;
  AiperfRun *run;

  text = inflate_file (qwen, &length);
  events = strstr (text, "\"traceEvents\"");
  g_assert_nonnull (events);
  a = format_write (dir, "cut-in-metadata/trace.json", text, (events - text) / 2);
  b = format_write (dir, "no-events/trace.json", "{\"schemaVersion\": 1, \"deviceProperties\": [], \"traceName\": \"x\"}", -1);
  /* Qwen's kernels come after its CPU events, from 67 % of the text on. */
  c = format_write (dir, "cut-in-events/trace.json", text, (gssize) (length / 10 * 9));
  d = format_write (dir, "good/trace.json", text, (gssize) length);

  set = format_load_one (dir);
  errors = format_errors (set);
  g_test_message ("errors: %s", errors);
  g_assert_nonnull (strstr (errors, "cut-in-metadata/trace.json"));
  g_assert_nonnull (strstr (errors, "byte "));
  g_assert_nonnull (strstr (errors, "no-events/trace.json: no “traceEvents”"));

  run = format_find_run (set, "cut-in-events/trace.json");
  for (guint i = 0; i < aiperf_run_get_warnings (run)->len; i++)
    g_string_append_printf (warnings, "%s\n", (const char *) g_ptr_array_index (aiperf_run_get_warnings (run), i));
  g_test_message ("warnings: %s", warnings->str);
  g_assert_nonnull (strstr (warnings->str, "byte "));
  g_assert_nonnull (aiperf_run_get_table (run, AIPERF_DATASET_KERNELS));

  run = format_find_run (set, "good/trace.json");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "events"), ==, "18221");
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* The warnings of the run read from @path in @set, one per line. */
static char *
run_warnings (AiperfRunSet *set,
              const char   *path)
{
  AiperfRun *run = format_find_run (set, path);
  GString *text = g_string_new (NULL);

  g_assert_nonnull (run);
  for (guint i = 0; i < aiperf_run_get_warnings (run)->len; i++)
    g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (aiperf_run_get_warnings (run), i));
  return g_string_free (text, FALSE);
}

/* More damage, in one folder with an intact copy, each said at its byte
 * with what was kept (Qwen's trace, 18221 events): a stray "}" where an
 * event should start (it read as "an event larger than 64 MiB"); a gzip
 * stream cut in half (its offsets are of the inflated text); a gzip
 * stream with 64 bytes flipped, said to be corrupt (checked to its end);
 * "traceEvents" twice (both read, said at the second's byte); 6 MB of
 * metadata before "traceEvents", which opens whole and says nothing. */
static void
test_damage_kinds (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-wild-XXXXXX", NULL);
  g_autofree char *qwen = trace_fixture (QWEN);
  g_autofree char *text = NULL, *stray = NULL, *twice = NULL, *big = NULL, *compressed = NULL;
  g_autofree char *p_stray = NULL, *p_cut = NULL, *p_corrupt = NULL, *p_twice = NULL, *p_big = NULL, *p_good = NULL;
  g_autofree char *w = NULL, *expected = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  const char *events, *middle;
  gsize length, compressed_length;
  AiperfRun *run;

  text = inflate_file (qwen, &length);
  events = strstr (text, "\"traceEvents\"");
  g_assert_nonnull (events);
  /* an event's start in the middle of the array */
  middle = strstr (text + length / 2, "},\n    {");
  g_assert_nonnull (middle);
  middle += 3;
  while (*middle != '{')
    middle++;
  stray = g_strdup_printf ("%.*s}, %s", (int) (middle - text), text, middle);
  p_stray = format_write (dir, "stray.json", stray, -1);
  twice = g_strdup_printf ("%.*s\"traceEvents\": [], %s", (int) (events - text), text, events);
  p_twice = format_write (dir, "twice.json", twice, -1);
  big = g_strdup_printf ("{\"metadata\": {\"blob\": \"%0*d\"}, %s", 6000000, 0, strchr (text, '{') + 1);
  p_big = format_write (dir, "big-metadata.json", big, -1);
  p_good = format_write (dir, "good.json", text, (gssize) length);

  p_cut = g_build_filename (dir, "cut.json.gz", NULL);
  write_gzip (p_cut, text, length);
  g_assert_true (g_file_get_contents (p_cut, &compressed, &compressed_length, NULL));
  g_assert_true (g_file_set_contents (p_cut, compressed, (gssize) compressed_length / 2, NULL));
  for (gsize i = compressed_length / 2; i < compressed_length / 2 + 64; i++)
    compressed[i] ^= 0xff;
  p_corrupt = format_write (dir, "corrupt.json.gz", compressed, (gssize) compressed_length);

  set = format_load_one (dir);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 6);
  g_assert_cmpstr (aiperf_run_get_parameter (format_find_run (set, "good.json"), "events"), ==, "18221");

  w = run_warnings (set, "stray.json");
  g_test_message ("stray: %s", w);
  expected = g_strdup_printf ("%s: byte %td: the text is not JSON here; kept the ", p_stray, middle - text);
  g_assert_true (g_str_has_prefix (w, expected));
  run = format_find_run (set, "stray.json");
  g_assert_cmpint (g_ascii_strtoll (aiperf_run_get_parameter (run, "events"), NULL, 10), >, 5000);
  g_assert_cmpint (g_ascii_strtoll (aiperf_run_get_parameter (run, "events"), NULL, 10), <, 18221);
  /* Merged after an intact rank, the damaged one says what it kept of
   * itself (it counted the first rank's events too). */
  {
    g_autofree char *ranks = g_strdup_printf ("%s,%s", p_good, p_stray);
    g_autoptr(AiperfRunSet) merged = format_load_one (ranks);
    AiperfRun *both = aiperf_run_set_get_run (merged, 0);
    g_autofree char *kept = g_strdup_printf ("; kept the %s events before it",
                                             aiperf_run_get_parameter (run, "events"));

    g_assert_nonnull (strstr (g_ptr_array_index (aiperf_run_get_warnings (both), 0), kept));
  }
  g_clear_pointer (&w, g_free);
  g_clear_pointer (&expected, g_free);

  w = run_warnings (set, "cut.json.gz");
  g_test_message ("cut: %s", w);
  expected = g_strdup_printf ("%s: byte ", p_cut);
  g_assert_true (g_str_has_prefix (w, expected));
  g_assert_nonnull (strstr (w, " of the inflated text: the file ends inside an event (cut short?); kept the "));
  g_clear_pointer (&w, g_free);

  w = run_warnings (set, "corrupt.json.gz");
  g_test_message ("corrupt: %s", w);
  g_assert_true (g_str_has_prefix (w, p_corrupt));
  g_assert_nonnull (strstr (w, " of the inflated text: the gzip stream is corrupt ("));
  g_assert_null (strstr (w, "64 MiB"));
  g_assert_nonnull (strstr (w, "; kept the "));
  g_clear_pointer (&w, g_free);
  g_clear_pointer (&expected, g_free);

  w = run_warnings (set, "twice.json");
  expected = g_strdup_printf ("%s: byte %td: a second “traceEvents” array; the events of both are read\n", p_twice,
                              (events - text) + (gssize) strlen ("\"traceEvents\": [], "));
  g_assert_cmpstr (w, ==, expected);
  g_assert_cmpstr (aiperf_run_get_parameter (format_find_run (set, "twice.json"), "events"), ==, "18221");
  g_clear_pointer (&w, g_free);

  w = run_warnings (set, "big-metadata.json");
  g_assert_cmpstr (w, ==, "");
  g_assert_cmpstr (aiperf_run_get_parameter (format_find_run (set, "big-metadata.json"), "events"), ==, "18221");
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* Two traces of one stem in different folders (h100/, mi300/): their
 * files are named after the folder that tells them apart, and writing one
 * output twice in one export is refused. */
static void
test_output_names (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-wild-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  g_autofree char *bert = trace_fixture (BERT);
  g_autofree char *text = NULL, *a = NULL, *b = NULL, *c = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GHashTable) names = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (bert, &text, &length, NULL));
  a = format_write (dir, "runs/h100/" BERT, text, (gssize) length);
  b = format_write (dir, "runs/mi300/" BERT, text, (gssize) length);
  c = format_write (dir, "runs/other.json.gz", text, (gssize) length);
  g_assert_cmpint (g_mkdir_with_parents (out, 0755), ==, 0);
  set = format_load_one (dir);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 3);
  names = aiperf_trace_output_names (set);
  g_assert_cmpstr (g_hash_table_lookup (names, format_find_run (set, "h100/" BERT)), ==,
                   "h100_gaunernst_bert-small-uncased__1016001");
  g_assert_cmpstr (g_hash_table_lookup (names, format_find_run (set, "mi300/" BERT)), ==,
                   "mi300_gaunernst_bert-small-uncased__1016001");
  g_assert_cmpstr (g_hash_table_lookup (names, format_find_run (set, "other.json.gz")), ==, "other");

  g_assert_true (aiperf_trace_write_files (set, NULL, out, files, &error));
  g_assert_no_error (error);
  g_assert_true (g_ptr_array_find_with_equal_func (files, "h100_gaunernst_bert-small-uncased__1016001_gpu_timeline.csv",
                                                   g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (files, "mi300_gaunernst_bert-small-uncased__1016001_streams.csv",
                                                   g_str_equal, NULL));
  for (guint i = 0; i < files->len; i++)
    for (guint k = i + 1; k < files->len; k++)
      g_assert_cmpstr (g_ptr_array_index (files, i), !=, g_ptr_array_index (files, k));
  /* Once more into the same export: the first file is not overwritten. */
  g_assert_false (aiperf_trace_write_files (set, NULL, out, files, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "written already in this export"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/wild/sniff-after-metadata", test_sniff_after_metadata);
  g_test_add_func ("/trace/wild/sniff-real", test_sniff_real);
  g_test_add_func ("/trace/wild/tracelens-sheets-refused", test_tracelens_sheets_refused);
  g_test_add_func ("/trace/wild/iterations-once", test_iterations_once);
  g_test_add_func ("/trace/wild/gpu-timeline", test_gpu_timeline);
  g_test_add_func ("/trace/wild/breakdown-by-hand", test_breakdown_by_hand);
  g_test_add_func ("/trace/wild/hta-mtia", test_hta_mtia);
  g_test_add_func ("/trace/wild/hta-last-step", test_hta_last_step);
  g_test_add_func ("/trace/wild/ranks-slowest", test_ranks_slowest);
  g_test_add_func ("/trace/wild/idle-streams-named", test_idle_streams_named);
  g_test_add_func ("/trace/wild/ranks-iterations", test_ranks_iterations);
  g_test_add_func ("/trace/wild/far-apart-steps", test_far_apart_steps);
  g_test_add_func ("/trace/wild/acelyzer", test_acelyzer);
  g_test_add_func ("/trace/wild/acelyzer-count", test_acelyzer_count);
  g_test_add_func ("/trace/wild/metadata-only", test_metadata_only);
  g_test_add_func ("/trace/wild/damage", test_damage);
  g_test_add_func ("/trace/wild/damage-kinds", test_damage_kinds);
  g_test_add_func ("/trace/wild/output-names", test_output_names);
  return g_test_run ();
}
