/* test-format-nsight.c — kernel summaries: Nsight Systems (both flavours
 * and their spellings, bad input, the combination rule, kernel_analysis.json,
 * the baseline opened first) and TraceLens perf-report folders (the kernel
 * summary, GPU timeline and op categories against the sheets' own numbers).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "format-test-util.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-format.h"
#include "aiperf-formats.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-kernels-private.h"
#include "aiperf-plot-spec.h"
#include "aiperf-tracelens.h"

extern const AiperfFormat aiperf_format_tracelens;
extern const AiperfFormat aiperf_format_nsight;
extern const AiperfFormat aiperf_format_gemm;

static char *
nsight_fixture (const char *folder,
                const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "nsight", folder, file, NULL);
}

static AiperfTable *
kernels_of (AiperfRunSet *set,
            guint         i)
{
  AiperfTable *table = aiperf_run_get_table (aiperf_run_set_get_run (set, i), AIPERF_DATASET_KERNELS);

  g_assert_nonnull (table);
  return table;
}

static double
cell (AiperfTable *table,
      const char  *column,
      guint        row)
{
  int c = aiperf_table_find_column (table, column);

  g_assert_cmpint (c, >=, 0);
  return aiperf_table_get (table, (guint) c, row);
}

static const char *
text (AiperfTable *table,
      const char  *column,
      guint        row)
{
  int c = aiperf_table_find_column (table, column);

  g_assert_cmpint (c, >=, 0);
  return aiperf_table_get_string (table, (guint) c, row);
}

static AiperfTable *
load_single (const char *folder,
             const char *file)
{
  g_autofree char *path = nsight_fixture (folder, file);
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  run = aiperf_run_set_get_run (set, 0);
  g_assert_cmpstr (aiperf_run_get_source (run), ==, "nsight");
  g_assert_cmpstr (aiperf_run_get_kind (run), ==, "kernels");
  return aiperf_table_ref (kernels_of (set, 0));
}

/* nsys stats: the preamble skipped, quoted numbers in ns, names intact. */
static void
test_stats_flavour (void)
{
  g_autoptr(AiperfTable) t = load_single ("variants", "report_cuda_gpu_kern_sum.csv");

  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 2);
  g_assert_cmpstr (text (t, AIPERF_KERNELS_NAME, 0), ==,
                   "void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x4_tn_align8>(Params)");
  g_assert_cmpfloat (cell (t, AIPERF_KERNELS_TOTAL_NS, 0), ==, 2500000);
  g_assert_cmpfloat (cell (t, AIPERF_KERNELS_CALLS, 0), ==, 100);
  g_assert_cmpfloat (cell (t, AIPERF_KERNELS_MED_NS, 0), ==, 24000);
  g_assert_cmpfloat (cell (t, AIPERF_KERNELS_STD_NS, 0), ==, 3000.5);
  g_assert_cmpstr (text (t, AIPERF_KERNELS_CATEGORY, 0), ==, "gemm");
  g_assert_cmpstr (text (t, AIPERF_KERNELS_CATEGORY, 1), ==, "communication");
  g_assert_cmpstr (text (t, AIPERF_KERNELS_COLLECTIVE, 1), ==, "AllGather");
}

/* --timeunit, the old gpukernsum columns, UTF-16 with tabs, semicolons. */
static void
test_spellings (void)
{
  g_autoptr(AiperfTable) us = load_single ("variants", "timeunit_us.csv");
  g_autoptr(AiperfTable) old = load_single ("variants", "gpukernsum.csv");
  g_autoptr(AiperfTable) wide = load_single ("variants", "utf16_tabs.csv");
  g_autoptr(AiperfTable) semi = load_single ("variants", "semicolons.csv");

  g_assert_cmpfloat (cell (us, AIPERF_KERNELS_TOTAL_NS, 0), ==, 1500500);
  g_assert_cmpfloat (cell (us, AIPERF_KERNELS_MAX_NS, 0), ==, 600500);

  g_assert_cmpstr (text (old, AIPERF_KERNELS_NAME, 0), ==, "gemm_kernel, variant A");
  g_assert_cmpfloat (cell (old, AIPERF_KERNELS_AVG_NS, 0), ==, 1000);
  g_assert_cmpfloat (cell (old, AIPERF_KERNELS_MIN_NS, 0), ==, 900);
  g_assert_true (isnan (cell (old, AIPERF_KERNELS_MED_NS, 0)));
  g_assert_cmpstr (text (old, AIPERF_KERNELS_NAME, 1), ==, "elementwise_kernel");

  g_assert_cmpstr (text (wide, AIPERF_KERNELS_NAME, 0), ==, "softmax_warp_forward<float>");
  g_assert_cmpfloat (cell (wide, AIPERF_KERNELS_TOTAL_NS, 0), ==, 1.5e6);
  g_assert_cmpfloat (cell (wide, AIPERF_KERNELS_AVG_NS, 0), ==, 500000);
  g_assert_cmpstr (text (wide, AIPERF_KERNELS_CATEGORY, 0), ==, "normalization");

  g_assert_cmpstr (text (semi, AIPERF_KERNELS_NAME, 0), ==, "ncclDevKernel_AllToAll_RING(x; y)");
  g_assert_cmpfloat (cell (semi, AIPERF_KERNELS_TOTAL_NS, 0), ==, 2.5e6);
  g_assert_cmpfloat (cell (semi, AIPERF_KERNELS_MIN_NS, 0), ==, 400000);   /* µ, U+00B5 */
  g_assert_cmpstr (text (semi, AIPERF_KERNELS_COLLECTIVE, 0), ==, "AllToAll");
}

/* The nsys-ui export: "%", "1.204 s", μ (U+03BC) and µ (U+00B5), "703 ns",
 * doubled quotes in a name. */
static void
test_ui_flavour (void)
{
  g_autoptr(AiperfTable) off = load_single ("eplb", "EPLBOFF.csv");
  g_autoptr(AiperfTable) on = load_single ("eplb", "EPLBON.csv");

  g_assert_cmpuint (aiperf_table_get_n_rows (off), ==, 7);
  g_assert_cmpfloat (cell (off, AIPERF_KERNELS_TOTAL_NS, 0), ==, 2e9);
  g_assert_cmpfloat (cell (off, AIPERF_KERNELS_AVG_NS, 0), ==, 100000);
  g_assert_cmpfloat (cell (off, AIPERF_KERNELS_TOTAL_NS, 2), ==, 8e8);
  g_assert_cmpstr (text (off, AIPERF_KERNELS_CATEGORY, 0), ==, "moe");
  g_assert_cmpstr (text (off, AIPERF_KERNELS_CATEGORY, 2), ==, "attention");
  g_assert_cmpstr (text (off, AIPERF_KERNELS_NAME, 6), ==, "Memcpy \"HtoD\" (pinned, async)");
  g_assert_cmpfloat (cell (off, AIPERF_KERNELS_MIN_NS, 6), ==, 703);
  g_assert_cmpfloat (cell (off, AIPERF_KERNELS_STD_NS, 6), ==, 100);
  g_assert_cmpstr (text (off, AIPERF_KERNELS_CATEGORY, 6), ==, "memory");
  g_assert_cmpfloat (cell (on, AIPERF_KERNELS_AVG_NS, 0), ==, 75000);
}

/* Bad cells are named (file, line, column) and the good rows load; a file
 * without the columns says which it looked for. */
static void
test_bad_input (void)
{
  g_autofree char *path = nsight_fixture ("broken", "bad_cells.csv");
  g_autofree char *no_name = nsight_fixture ("broken", "no_name.csv");
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  g_autoptr(GString) all = g_string_new (NULL);
  AiperfTable *t = kernels_of (set, 0);
  GPtrArray *warnings = aiperf_run_get_warnings (aiperf_run_set_get_run (set, 0));
  const char *paths[] = { no_name, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) none = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);

  g_assert_cmpuint (aiperf_table_get_n_rows (t), ==, 2);
  g_assert_cmpstr (text (t, AIPERF_KERNELS_NAME, 0), ==, "good_kernel_a");
  g_assert_true (isnan (cell (t, AIPERF_KERNELS_MED_NS, 0)));
  g_assert_cmpstr (text (t, AIPERF_KERNELS_NAME, 1), ==, "good_kernel_b");
  for (guint i = 0; i < warnings->len; i++)
    g_string_append_printf (all, "%s\n", (const char *) g_ptr_array_index (warnings, i));
  g_assert_nonnull (strstr (all->str, "bad_cells.csv:2: column 5: “n/a” is not a duration"));
  g_assert_nonnull (strstr (all->str, "bad_cells.csv:3: column 2: “5 parsecs” is not a duration"));
  g_assert_nonnull (strstr (all->str, "bad_cells.csv:4: 3 fields where the header has 9"));

  /* Named on the command line, the file nobody recognises is an error. */
  g_assert_null (none);
  g_assert_nonnull (error);
}

/* Several rows of one kernel: instances and totals added, min and max
 * over the rows, std pooled, the median of the larger row. */
static void
test_combine (void)
{
  AiperfKernelStat a = { NULL, NULL, NULL, 10, 1000, 80, 130, 100, 99, 10, 10 * (100 + 10000), 1000 };
  AiperfKernelStat b = { NULL, NULL, NULL, 30, 6000, 150, 260, 200, 190, 20, 30 * (400 + 40000), 6000 };

  aiperf_kernel_stat_combine (&a, &b);
  g_assert_cmpfloat (a.calls, ==, 40);
  g_assert_cmpfloat (a.total, ==, 7000);
  g_assert_cmpfloat (a.avg, ==, 175);
  g_assert_cmpfloat (a.min, ==, 80);
  g_assert_cmpfloat (a.max, ==, 260);
  g_assert_cmpfloat (a.med, ==, 190);
  /* (10·(10² + 100²) + 30·(20² + 200²)) ÷ 40 − 175² = 2200 */
  g_assert_cmpfloat_with_epsilon (a.std, sqrt (2200.0), 1e-9);
}

static JsonObject *
member (JsonObject *object,
        const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_object_member (object, name);
}

/* EPLB off / on: what analyzeEPLB.py prints, from numbers checkable by hand. */
static void
test_analysis (void)
{
  g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", NULL);
  g_autoptr(AiperfRunSet) set = format_load_one (folder);
  g_autofree char *text_json = aiperf_kernels_analysis_json (set);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  JsonObject *root, *off, *on, *fused, *deltas;

  g_assert_true (json_parser_load_from_data (parser, text_json, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "inputs")), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (root, "inputs"), 0),
                                                  "label"), ==, "EPLBOFF");
  off = json_array_get_object_element (json_object_get_array_member (root, "summaries"), 0);
  on = json_array_get_object_element (json_object_get_array_member (root, "summaries"), 1);

  g_assert_cmpint (json_object_get_int_member (off, "total_kernel_ns"), ==, 5000000000);
  g_assert_cmpint (json_object_get_int_member (off, "moe_total_ns"), ==, 2000000000);
  fused = member (off, "fused_moe");
  g_assert_cmpint (json_object_get_int_member (fused, "instances"), ==, 20000);
  g_assert_cmpint (json_object_get_int_member (fused, "avg_ns"), ==, 100000);
  g_assert_cmpint (json_object_get_int_member (fused, "med_ns"), ==, 98000);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (fused, "cv"), 0.1, 1e-12);
  g_assert_cmpint (json_object_get_int_member (fused, "max_min_ratio"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (off, "nccl_total_ns"), ==, 1400000000);
  g_assert_cmpint (json_object_get_int_member (member (off, "sendrecv"), "instances"), ==, 10000);
  g_assert_cmpint (json_object_get_int_member (member (off, "allreduce"), "total_ns"), ==, 400000000);
  g_assert_cmpint (json_object_get_int_member (member (off, "alltoall"), "total_ns"), ==, 0);
  g_assert_true (json_object_get_null_member (member (off, "alltoall"), "avg_ns"));
  g_assert_cmpint (json_object_get_int_member (off, "attention_ns"), ==, 800000000);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (off, "comm_compute_ratio"), 1.4 / 3.6, 1e-12);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (off, "top_kernels")), ==, 5);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (json_object_get_array_member (off, "top_kernels"), 1),
                                               "total_ns"), ==, 1000000000);
  /* EPLB on: 1.6 s of NCCL against 3.1 s of the rest. */
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (on, "comm_compute_ratio"), 1.6 / 3.1, 1e-12);

  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "deltas")), ==, 1);
  deltas = json_array_get_object_element (json_object_get_array_member (root, "deltas"), 0);
  g_assert_cmpint (json_object_get_int_member (member (deltas, "total_kernel_ns"), "abs"), ==, -300000000);
  g_assert_cmpint (json_object_get_int_member (member (deltas, "total_kernel_ns"), "pct"), ==, -6);
  g_assert_cmpint (json_object_get_int_member (member (deltas, "fused_moe.avg_ns"), "abs"), ==, -25000);
  g_assert_cmpint (json_object_get_int_member (member (deltas, "fused_moe.avg_ns"), "pct"), ==, -25);
  g_assert_cmpint (json_object_get_int_member (member (deltas, "sendrecv.total_ns"), "pct"), ==, 20);
  g_assert_true (json_object_get_null_member (member (deltas, "alltoall.total_ns"), "pct"));

  summary = aiperf_kernels_summary_section (set);
  g_assert_nonnull (strstr (summary, "EPLBON against EPLBOFF (the baseline, opened first):"));
  /* times in a unit, never "-3e+08" ns; a zero in its input's unit, and
   * one input's times lined up */
  g_assert_nonnull (strstr (summary, "  total_kernel             -0.300 s (-6.0%)\n"
                                     "  moe_total                -0.500 s (-25.0%)\n"
                                     "  fused_moe.avg            -25.000 µs (-25.0%)\n"));
  g_assert_null (strstr (summary, "e+0"));
  g_assert_nonnull (strstr (summary, "  Total kernel time: 5.000 s\n"
                                     "  communication        1.400 s   28.0%  12000 calls\n"));
  g_assert_nonnull (strstr (summary, "  memory               0.050 s    1.0%  50000 calls\n"));
  g_assert_nonnull (strstr (summary, "can exceed the wall time"));
  /* one fused_moe row each: nothing was combined, so no note says so */
  g_assert_null (strstr (summary, "fused_moe rows are combined"));
  deltas = json_array_get_object_element (json_object_get_array_member (root, "deltas"), 0);
  g_assert_cmpstr (json_object_get_string_member (deltas, "baseline"), ==, "EPLBOFF");
  g_assert_cmpstr (json_object_get_string_member (deltas, "compared"), ==, "EPLBON");
}

/* The baseline is the summary opened first, not the name that sorts
 * first: EPLBON given first is the baseline. */
static void
test_open_order (void)
{
  g_autofree char *on = nsight_fixture ("eplb", "EPLBON.csv");
  g_autofree char *off = nsight_fixture ("eplb", "EPLBOFF.csv");
  const char *paths[] = { on, off, NULL };
  g_autoptr(AiperfRunSet) set = format_load (paths);
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (set);
  g_autofree char *text_json = aiperf_kernels_analysis_json (set);
  g_autofree char *summary = aiperf_kernels_summary_section (set);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *deltas;

  /* the set itself keeps its locator order */
  g_assert_true (g_str_has_suffix (aiperf_run_get_locator (aiperf_run_set_get_run (set, 0)), "EPLBOFF.csv"));
  g_assert_cmpuint (aiperf_run_get_open_order (aiperf_run_set_get_run (set, 1)), <,
                    aiperf_run_get_open_order (aiperf_run_set_get_run (set, 0)));
  g_assert_cmpstr (((AiperfKernelSource *) g_ptr_array_index (data->sources, 0))->label, ==, "EPLBON");
  g_assert_cmpstr (((AiperfKernelSource *) g_ptr_array_index (data->sources, 1))->label, ==, "EPLBOFF");
  g_assert_true (json_parser_load_from_data (parser, text_json, -1, &error));
  g_assert_no_error (error);
  deltas = json_array_get_object_element (json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                                                        "deltas"), 0);
  g_assert_cmpstr (json_object_get_string_member (deltas, "baseline"), ==, "EPLBON");
  g_assert_cmpstr (json_object_get_string_member (deltas, "compared"), ==, "EPLBOFF");
  /* EPLBOFF − EPLBON: +300 ms of kernel time */
  g_assert_cmpint (json_object_get_int_member (member (deltas, "total_kernel_ns"), "abs"), ==, 300000000);
  g_assert_nonnull (strstr (summary, "EPLBOFF against EPLBON (the baseline, opened first):"));
}

/* Two fused_moe rows: the note says they were combined. */
static void
test_fused_note (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-fused-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fused.csv", NULL);
  g_autoptr(AiperfRunSet) set = NULL;
  g_autofree char *summary = NULL;

  g_assert_true (g_file_set_contents (path,
                                      "Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),Name\n"
                                      "60,600,6,100,100,90,110,5,fused_moe_kernel<a>\n"
                                      "40,400,2,200,200,190,210,5,fused_moe_kernel<b>\n", -1, NULL));
  set = format_load_one (path);
  summary = aiperf_kernels_summary_section (set);
  g_assert_nonnull (strstr (summary, "fused_moe: 8 instances, avg 125.000 ns"));
  g_assert_nonnull (strstr (summary, "Several fused_moe rows are combined"));
  g_unlink (path);
  g_rmdir (dir);
}

/* Decimal commas in a semicolon export ("1,500 ms" is 1.5 ms, not 1.5 s),
 * grouped thousands in a comma file. */
static void
test_decimal_comma (void)
{
  g_autoptr(AiperfTable) semi = load_single ("variants", "decimal_comma.csv");
  g_autoptr(AiperfTable) grouped = load_single ("variants", "thousands.csv");

  g_assert_cmpstr (text (semi, AIPERF_KERNELS_NAME, 0), ==, "void triton_poi_fused_add_mul_0(float*; \"x\", int)");
  g_assert_cmpfloat (cell (semi, AIPERF_KERNELS_TOTAL_NS, 0), ==, 1.5e6);
  g_assert_cmpfloat (cell (semi, AIPERF_KERNELS_AVG_NS, 0), ==, 15000);
  g_assert_cmpfloat (cell (semi, AIPERF_KERNELS_CALLS, 0), ==, 100);
  g_assert_cmpfloat (cell (semi, AIPERF_KERNELS_TOTAL_NS, 1), ==, 1e6);
  g_assert_cmpfloat (cell (semi, AIPERF_KERNELS_STD_NS, 1), ==, 0);

  g_assert_cmpfloat (cell (grouped, AIPERF_KERNELS_TOTAL_NS, 0), ==, 1204000);
  g_assert_cmpfloat (cell (grouped, AIPERF_KERNELS_CALLS, 0), ==, 1000);
  g_assert_cmpfloat (cell (grouped, AIPERF_KERNELS_AVG_NS, 0), ==, 1204);
}

/* An unknown unit in a header is an error naming file, line and column (not
 * read as ns); a file without Instances loads with a warning naming its
 * header line; cuda_api_sum (a sibling report) is not a kernel summary. */
static void
test_units_and_siblings (void)
{
  g_autofree char *bad_unit = nsight_fixture ("broken", "bad_unit.csv");
  g_autofree char *no_instances = nsight_fixture ("broken", "no_instances.csv");
  g_autofree char *api_sum = nsight_fixture ("broken", "api_sum.csv");
  g_autofree char *expected = NULL;
  g_autofree char *head = NULL;
  gsize head_len = 0;
  AiperfLoadResult result;
  AiperfLoadOptions options = { NULL, NULL };
  const AiperfFormat *nsight = aiperf_formats_find ("nsight");
  g_autoptr(AiperfRunSet) set = NULL;
  GPtrArray *warnings;
  gboolean found = FALSE;

  aiperf_load_result_init (&result);
  nsight->load (bad_unit, &options, &result);
  g_assert_cmpuint (result.runs->len, ==, 0);
  g_assert_cmpuint (result.errors->len, ==, 1);
  expected = g_strdup_printf ("%s:2: column 2: unknown time unit “min” (expected ns, us, μs, ms or s)", bad_unit);
  g_assert_cmpstr (((GError *) g_ptr_array_index (result.errors, 0))->message, ==, expected);
  aiperf_load_result_clear (&result);

  set = format_load_one (no_instances);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  g_assert_true (isnan (cell (kernels_of (set, 0), AIPERF_KERNELS_CALLS, 0)));
  warnings = aiperf_run_get_warnings (aiperf_run_set_get_run (set, 0));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("%s:1: no “Instances” column: the number of calls is unknown", no_instances);
  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    found = found || g_str_equal (g_ptr_array_index (warnings, i), expected);
  g_assert_true (found);

  head = aiperf_read_head (api_sum, 4096, &head_len);
  {
    AiperfSniffInput input = { api_sum, FALSE, head, head_len, NULL, TRUE };

    g_assert_cmpuint (nsight->sniff (&input), ==, AIPERF_SNIFF_NO);
  }
}

/* --- TraceLens perf-report folders --- */

#define BERT "gaunernst_bert-small-uncased__1016001_perf_report_csvs"

static char *
tracelens_fixture (const char *folder,
                   const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "tracelens", folder, file, NULL);
}

static guint
sniff_with (const AiperfFormat *format,
            const char         *folder,
            const char         *file)
{
  g_autofree char *path = tracelens_fixture (folder, file);
  g_autofree char *head = aiperf_read_head (path, 65536, NULL);
  AiperfSniffInput input = { path, FALSE, head, strlen (head), NULL, TRUE };

  return format->sniff (&input);
}

static AiperfRun *
tracelens_run (AiperfRunSet *set)
{
  for (guint i = 0; i < aiperf_run_set_get_n_runs (set); i++)
    if (g_strcmp0 (aiperf_run_get_source (aiperf_run_set_get_run (set, i)), "tracelens") == 0)
      return aiperf_run_set_get_run (set, i);
  g_assert_not_reached ();
  return NULL;
}

static void
test_tracelens_sniff (void)
{
  g_assert_cmpuint (sniff_with (&aiperf_format_tracelens, BERT, "kernel_summary.csv"), ==, AIPERF_SNIFF_SURE);
  g_assert_cmpuint (sniff_with (&aiperf_format_tracelens, BERT, "gpu_timeline.csv"), ==, AIPERF_SNIFF_SURE);
  /* read with the others, not alone; GEMM.csv is the gemm format's */
  g_assert_cmpuint (sniff_with (&aiperf_format_tracelens, BERT, "ops_summary_by_category.csv"), ==, AIPERF_SNIFF_NO);
  g_assert_cmpuint (sniff_with (&aiperf_format_tracelens, BERT, "GEMM.csv"), ==, AIPERF_SNIFF_NO);
  g_assert_cmpuint (sniff_with (&aiperf_format_gemm, BERT, "GEMM.csv"), ==, AIPERF_SNIFF_SURE);
  g_assert_cmpuint (sniff_with (&aiperf_format_nsight, BERT, "kernel_summary.csv"), ==, AIPERF_SNIFF_NO);
  g_assert_cmpuint (sniff_with (&aiperf_format_gemm, BERT, "kernel_summary.csv"), ==, AIPERF_SNIFF_NO);
  g_assert_cmpuint (sniff_with (&aiperf_format_gemm, BERT, "gpu_timeline.csv"), ==, AIPERF_SNIFF_NO);
}

/* The folder: one kernels run (the report) and the GEMM run, every number
 * as the sheets have it. */
static void
test_tracelens_folder (void)
{
  g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "data", "tracelens", BERT, NULL);
  g_autoptr(AiperfRunSet) set = format_load_one (folder);
  g_autoptr(AiperfKernelData) data = NULL;
  g_autofree char *summary = NULL;
  AiperfRun *run;
  AiperfTable *k, *timeline, *categories;
  AiperfKernelSource *source;
  double sum = 0, percent_total, total_ms = NAN, busy = NAN, computation = NAN, memcpy_ms = NAN, idle = NAN;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);
  run = tracelens_run (set);
  g_assert_cmpstr (aiperf_run_get_kind (run), ==, "kernels");
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "gaunernst_bert-small-uncased__1016001");
  g_assert_cmpstr (aiperf_run_get_locator (run), ==, folder);
  g_assert_cmpstr (aiperf_run_get_kind (format_find_run (set, "GEMM.csv")), ==, "gemm");

  /* kernel_summary.csv: 12 rows, µs → ns, the parent op and stream kept */
  k = aiperf_run_get_table (run, AIPERF_DATASET_KERNELS);
  g_assert_cmpuint (aiperf_table_get_n_rows (k), ==, 12);
  g_assert_cmpstr (text (k, AIPERF_KERNELS_NAME, 0), ==,
                   "void cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8>"
                   "(cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8::Params)");
  g_assert_cmpfloat_with_epsilon (cell (k, AIPERF_KERNELS_TOTAL_NS, 0), 98718, 1e-6);
  g_assert_cmpfloat (cell (k, AIPERF_KERNELS_CALLS, 0), ==, 17);
  g_assert_cmpfloat_with_epsilon (cell (k, AIPERF_KERNELS_AVG_NS, 0), 5806.9411764705885, 1e-6);
  g_assert_cmpfloat_with_epsilon (cell (k, AIPERF_KERNELS_MIN_NS, 0), 5633, 1e-6);
  g_assert_cmpfloat_with_epsilon (cell (k, AIPERF_KERNELS_MAX_NS, 0), 6080, 1e-6);
  g_assert_cmpstr (text (k, AIPERF_TRACELENS_OP_CATEGORY, 0), ==, "GEMM");
  g_assert_cmpstr (text (k, AIPERF_TRACELENS_CPU_OP, 0), ==, "aten::addmm");
  g_assert_cmpstr (text (k, AIPERF_TRACELENS_STREAM, 0), ==, "7");
  g_assert_cmpstr (text (k, AIPERF_KERNELS_CATEGORY, 0), ==, "gemm");
  g_assert_cmpstr (text (k, AIPERF_TRACELENS_CPU_OP, 2), ==, "aten::_flash_attention_forward");
  for (guint r = 0; r < aiperf_table_get_n_rows (k); r++)
    sum += cell (k, AIPERF_KERNELS_TOTAL_NS, r);

  /* gpu_timeline.csv, its own relations: busy = computation + exposed
   * memcpy (no communication), busy + idle = total */
  timeline = aiperf_run_get_table (run, AIPERF_TRACELENS_DATASET_TIMELINE);
  g_assert_cmpuint (aiperf_table_get_n_rows (timeline), ==, 8);
  for (guint r = 0; r < 8; r++)
    {
      const char *type = text (timeline, AIPERF_TRACELENS_TIMELINE_TYPE, r);
      double ms = cell (timeline, AIPERF_TRACELENS_TIMELINE_MS, r);

      if (g_str_equal (type, "total_time"))
        total_ms = ms;
      else if (g_str_equal (type, "busy_time"))
        busy = ms;
      else if (g_str_equal (type, "computation_time"))
        computation = ms;
      else if (g_str_equal (type, "exposed_memcpy_time"))
        memcpy_ms = ms;
      else if (g_str_equal (type, "idle_time"))
        idle = ms;
    }
  g_assert_cmpfloat (computation, ==, 0.30719775390625);
  g_assert_cmpfloat (total_ms, ==, 3.907824951171875);
  g_assert_cmpfloat_with_epsilon (computation + memcpy_ms, busy, 1e-12);
  g_assert_cmpfloat_with_epsilon (busy + idle, total_ms, 1e-12);
  g_assert_cmpfloat_with_epsilon (cell (timeline, AIPERF_TRACELENS_TIMELINE_PERCENT, 0), 7.86109300556382, 1e-12);
  /* the kernels add up to the computation time (no memset, no overlap
   * here), to the precision of TraceLens's interval sums (2.5e-6) */
  g_assert_cmpfloat_with_epsilon (sum / 1e6, computation, 1e-5 * computation);

  /* the sheet's own percentages: "Percent of kernels time (%)" over the
   * kernels, "Percent of total time (%)" over gpu_timeline's total */
  data = aiperf_kernel_data_new (set);
  g_assert_cmpuint (data->sources->len, ==, 1);
  source = g_ptr_array_index (data->sources, 0);
  g_assert_cmpfloat_with_epsilon (source->total, sum, 1e-6);
  g_assert_cmpfloat_with_epsilon (100.0 * 98718 / source->total, 32.135079444135194, 1e-9);
  percent_total = 100.0 * 98718 / (total_ms * 1e6);
  g_assert_cmpfloat_with_epsilon (percent_total, 2.5261622829445454, 1e-9);

  /* ops_summary_by_category.csv; the parent categories of the kernel
   * summary give the same times */
  categories = aiperf_run_get_table (run, AIPERF_TRACELENS_DATASET_CATEGORIES);
  g_assert_cmpuint (aiperf_table_get_n_rows (categories), ==, 5);
  g_assert_cmpstr (text (categories, AIPERF_TRACELENS_CATEGORY_NAME, 0), ==, "GEMM");
  g_assert_cmpfloat (cell (categories, AIPERF_TRACELENS_CATEGORY_COUNT, 0), ==, 26);
  g_assert_cmpfloat (cell (categories, AIPERF_TRACELENS_CATEGORY_MS, 0), ==, 0.19759814453125);

  summary = aiperf_kernels_summary_section (set);
  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, "GPU timeline (TraceLens gpu_timeline.csv)"));
  g_assert_nonnull (strstr (summary, "    computation_time           0.307198 ms    7.861%\n"));
  g_assert_nonnull (strstr (summary, "    idle_time                  3.598387 ms   92.082%\n"));
  g_assert_nonnull (strstr (summary, "    GEMM                       0.197598 ms   64.323%  4 kernel rows\n"));
  g_assert_nonnull (strstr (summary, "    GEMM                       0.197598 ms   63.857%  26 ops\n"));
  g_assert_null (strstr (summary, "fused_moe rows are combined"));

  /* the breakdown chart: the file's percentages, which add up to 100 */
  {
    g_autoptr(AiperfPlotSpec) spec = NULL;
    g_autoptr(AiperfChart) chart = NULL;
    g_autoptr(GError) error = NULL;
    const double expected[] = { 7.86109300556382, 0.0, 0.057320639034849144, 92.08158635540133 };
    const AiperfLayer *bars = NULL;
    const AiperfPlotHandler *type;
    double all = 0;

    type = aiperf_plot_handler_find ("gpu_timeline");
    g_assert_nonnull (type);
    spec = aiperf_plot_spec_new ("gpu_timeline", type);
    g_assert_true (aiperf_handler_gpu_timeline_applies (spec, set));
    chart = aiperf_handler_gpu_timeline (spec, set, NULL, NULL, &error);
    g_assert_no_error (error);
    for (guint l = 0; l < chart->layers->len; l++)
      if (((AiperfLayer *) g_ptr_array_index (chart->layers, l))->kind == AIPERF_LAYER_BARS)
        bars = g_ptr_array_index (chart->layers, l);
    g_assert_nonnull (bars);
    g_assert_cmpuint (aiperf_layer_get_n (bars), ==, 4);
    for (guint i = 0; i < 4; i++)
      {
        g_assert_cmpfloat (aiperf_layer_y (bars, i), ==, expected[i]);
        all += aiperf_layer_y (bars, i);
      }
    g_assert_cmpfloat_with_epsilon (all, 100.0, 1e-9);
    g_assert_nonnull (strstr (chart->note, "gaunernst_bert-small-uncased__1016001 3.90782 ms"));
  }
}

/* Opening one sheet gives the whole report, and both give it once. */
static void
test_tracelens_sheets (void)
{
  g_autofree char *timeline = tracelens_fixture (BERT, "gpu_timeline.csv");
  g_autofree char *kernels = tracelens_fixture (BERT, "kernel_summary.csv");
  const char *both[] = { timeline, kernels, NULL };
  g_autoptr(AiperfRunSet) one = format_load_one (timeline);
  g_autoptr(AiperfRunSet) two = format_load (both);

  g_assert_cmpuint (aiperf_run_set_get_n_runs (one), ==, 1);
  g_assert_nonnull (aiperf_run_get_table (tracelens_run (one), AIPERF_DATASET_KERNELS));
  g_assert_nonnull (aiperf_run_get_table (tracelens_run (one), AIPERF_TRACELENS_DATASET_CATEGORIES));
  g_assert_cmpuint (aiperf_run_set_get_n_runs (two), ==, 1);
}

/* H100 against MI300 (the same model): MI300 opened first is the baseline. */
static void
test_tracelens_compare (void)
{
  g_autofree char *h100 = g_test_build_filename (G_TEST_DIST, "data", "tracelens", "h100", NULL);
  g_autofree char *mi300 = g_test_build_filename (G_TEST_DIST, "data", "tracelens", "mi300", NULL);
  const char *paths[] = { mi300, h100, NULL };
  g_autoptr(AiperfRunSet) set = format_load (paths);
  g_autoptr(AiperfKernelData) data = aiperf_kernel_data_new (set);
  g_autofree char *summary = aiperf_kernels_summary_section (set);
  AiperfKernelSource *first, *second;
  AiperfKernelStat *top;

  g_assert_cmpuint (data->sources->len, ==, 2);
  first = g_ptr_array_index (data->sources, 0);
  second = g_ptr_array_index (data->sources, 1);
  g_assert_cmpstr (first->label, ==, "mi300");
  g_assert_cmpstr (second->label, ==, "h100");
  /* Σ "Kernel duration (µs)_sum": 48 rows on MI300, 44 on H100 */
  g_assert_cmpfloat_with_epsilon (first->total, 43062042, 1e-3);
  g_assert_cmpfloat_with_epsilon (second->total, 45432698, 1e-3);
  /* the kernel with the most time on H100 is in three rows (under aten::mm,
   * aten::addmm and no CPU op): combined, the sum of their "Percent of
   * kernels time (%)" and "_count" */
  top = g_ptr_array_index (second->kernels, 0);
  g_assert_true (g_str_has_prefix (top->name, "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_"));
  g_assert_cmpuint (top->n_rows, ==, 3);
  g_assert_cmpfloat (top->calls, ==, 241);
  g_assert_cmpfloat_with_epsilon (100.0 * top->total / second->total,
                                  14.50148305081948 + 8.661627359220446 + 4.988239967610992, 1e-9);
  g_assert_nonnull (strstr (summary, "h100 against mi300 (the baseline, opened first):"));
  /* H100's Qwen kernels without a parent op, and its window */
  g_assert_nonnull (strstr (summary, "(no parent op)"));
  g_assert_nonnull (strstr (summary, "    total_time                34.892419 ms  100.000%\n"));
}

/* Bad cells: the row is skipped with file, line and column; the rest stays. */
static void
test_tracelens_bad (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-tracelens-XXXXXX", NULL);
  g_autofree char *report = g_build_filename (dir, "x_perf_report_csvs", NULL);
  g_autofree char *kernels = g_build_filename (report, "kernel_summary.csv", NULL);
  g_autofree char *timeline = g_build_filename (report, "gpu_timeline.csv", NULL);
  g_autoptr(AiperfRunSet) set = NULL;
  g_autofree char *expected = NULL;
  AiperfRun *run;
  GPtrArray *warnings;
  gboolean found = FALSE;

  g_assert_cmpint (g_mkdir (report, 0700), ==, 0);
  g_assert_true (g_file_set_contents (kernels,
                                      "Parent op category,Parent cpu_op,Kernel name,Kernel stream,"
                                      "Kernel duration (µs)_sum,Kernel duration (µs)_count\n"
                                      "GEMM,aten::mm,gemm_a,7,10.5,2\n"
                                      "GEMM,aten::mm,gemm_b,7,NaN,2\n"
                                      "GEMM,aten::mm,gemm_c,7,4,1.5\n"
                                      "GEMM,aten::mm,,7,4,1\n"
                                      "other,aten::x,copy,7,1.25\n", -1, NULL));
  g_assert_true (g_file_set_contents (timeline, "type,time ms,percent\nbusy_time,oops,1\ntotal_time,2.0,100\n",
                                      -1, NULL));
  set = format_load_one (report);
  run = tracelens_run (set);
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "x");
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_table (run, AIPERF_DATASET_KERNELS)), ==, 3);
  g_assert_cmpfloat (cell (aiperf_run_get_table (run, AIPERF_DATASET_KERNELS), AIPERF_KERNELS_TOTAL_NS, 2), ==, 1250);
  /* a count that is not whole is noted, the row kept without it */
  g_assert_true (isnan (cell (aiperf_run_get_table (run, AIPERF_DATASET_KERNELS), AIPERF_KERNELS_CALLS, 1)));
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_table (run, AIPERF_TRACELENS_DATASET_TIMELINE)), ==, 1);
  warnings = aiperf_run_get_warnings (run);
  expected = g_strdup_printf ("%s:3: column 5: “NaN” is not a number; the row is skipped", kernels);
  for (guint i = 0; i < warnings->len; i++)
    found = found || g_str_equal (g_ptr_array_index (warnings, i), expected);
  g_assert_true (found);
  g_unlink (kernels);
  g_unlink (timeline);
  g_rmdir (report);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/nsight/stats-flavour", test_stats_flavour);
  g_test_add_func ("/format/nsight/spellings", test_spellings);
  g_test_add_func ("/format/nsight/ui-flavour", test_ui_flavour);
  g_test_add_func ("/format/nsight/bad-input", test_bad_input);
  g_test_add_func ("/format/nsight/combine", test_combine);
  g_test_add_func ("/format/nsight/decimal-comma", test_decimal_comma);
  g_test_add_func ("/format/nsight/units-and-siblings", test_units_and_siblings);
  g_test_add_func ("/format/nsight/analysis", test_analysis);
  g_test_add_func ("/format/nsight/open-order", test_open_order);
  g_test_add_func ("/format/nsight/fused-note", test_fused_note);
  g_test_add_func ("/format/tracelens/sniff", test_tracelens_sniff);
  g_test_add_func ("/format/tracelens/folder", test_tracelens_folder);
  g_test_add_func ("/format/tracelens/sheets", test_tracelens_sheets);
  g_test_add_func ("/format/tracelens/compare", test_tracelens_compare);
  g_test_add_func ("/format/tracelens/bad", test_tracelens_bad);
  return g_test_run ();
}
