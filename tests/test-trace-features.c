/* test-trace-features.c — what a trace carries besides slices: args read
 * back for hover (plain and gzip) with secrets masked, correlation joins
 * (kernel ↔ launch, kernel time by CPU op), flows, counters, async
 * events, sort indices, and ranks merged from a comma list or a glob.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <zlib.h>

#include "format-test-util.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-presets.h"
#include "aiperf-trace-args.h"
#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-store.h"

/* A CPU thread (an op around a launch, a step annotation, a flow start),
 * a GPU stream (the kernel, a flow end), a counter with two series, an
 * async pair and sort indices that put the GPU first. µs: op 100–110,
 * launch 102–104, kernel 120–150. */
static const char *TRACE =
  "{\"traceEvents\": [\n"
  "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 10, \"tid\": 0, \"args\": {\"name\": \"python3\"}},\n"
  "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 0, \"tid\": 0, \"args\": {\"labels\": \"GPU 0\"}},\n"
  "{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 10, \"tid\": 0, \"args\": {\"sort_index\": 5}},\n"
  "{\"ph\": \"M\", \"name\": \"process_sort_index\", \"pid\": 0, \"tid\": 0, \"args\": {\"sort_index\": 1}},\n"
  "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 0, \"tid\": 7, \"args\": {\"name\": \"stream 7 \"}},\n"
  "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": 10, \"tid\": 11, \"ts\": 100, \"dur\": 10,"
  " \"args\": {\"External id\": 3, \"HF_TOKEN\": \"hf_secret_value\", \"Input Dims\": [[2, 3]]}},\n"
  "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 10, \"tid\": 11, \"ts\": 102,"
  " \"dur\": 2, \"args\": {\"External id\": 3, \"correlation\": 77}},\n"
  "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"sm90_gemm\", \"pid\": 0, \"tid\": 7, \"ts\": 120, \"dur\": 30,"
  " \"args\": {\"correlation\": 77, \"grid\": [132, 1, 1]}},\n"
  "{\"ph\": \"s\", \"cat\": \"user\", \"name\": \"handoff\", \"id\": \"h1\", \"pid\": 10, \"tid\": 11, \"ts\": 105},\n"
  "{\"ph\": \"f\", \"cat\": \"user\", \"name\": \"handoff\", \"id\": \"h1\", \"bp\": \"e\", \"pid\": 0, \"tid\": 7, \"ts\": 130},\n"
  "{\"ph\": \"C\", \"name\": \"Memory\", \"pid\": 10, \"ts\": 100, \"args\": {\"allocated\": 10, \"reserved\": 40}},\n"
  "{\"ph\": \"C\", \"name\": \"Memory\", \"pid\": 10, \"ts\": 140, \"args\": {\"allocated\": 30, \"reserved\": \"x\"}},\n"
  "{\"ph\": \"b\", \"cat\": \"req\", \"name\": \"request\", \"id\": 1, \"pid\": 10, \"ts\": 101},\n"
  "{\"ph\": \"e\", \"cat\": \"req\", \"name\": \"request\", \"id\": 1, \"pid\": 10, \"ts\": 141},\n"
  "{\"ph\": \"i\", \"name\": \"marker\", \"pid\": 10, \"tid\": 11, \"ts\": 108}\n"
  "]}\n";

static char *
write_trace (const char *dir,
             const char *name,
             const char *text,
             gboolean    gzip)
{
  char *path = g_build_filename (dir, name, NULL);

  if (gzip)
    {
      gzFile gz = gzopen (path, "wb");

      g_assert_nonnull (gz);
      g_assert_cmpint (gzwrite (gz, text, (unsigned) strlen (text)), ==, (int) strlen (text));
      gzclose (gz);
    }
  else
    g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
count_matched (gint64      start,
               gint64      end,
               guint       depth,
               guint       key,
               const char *name,
               guint       count,
               guint       n_matched,
               gpointer    user_data)
{
  *(guint *) user_data += n_matched;
}

static void
last_sample (gint64   start,
             double   last,
             double   min,
             double   max,
             gpointer user_data)
{
  *(gint64 *) user_data = start;
}

static int
lane_named (AiperfTrackModel *model,
            const char       *name)
{
  for (guint l = 0; l < model->vtable->n_lanes (model->self); l++)
    if (g_str_equal (model->vtable->lane_name (model->self, l), name))
      return (int) l;
  return -1;
}

static void
check_trace (gboolean gzip)
{
  g_autofree char *dir = g_dir_make_tmp ("trace-features-XXXXXX", NULL);
  g_autofree char *path = write_trace (dir, gzip ? "t.json.gz" : "t.json", TRACE, gzip);
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  AiperfTrackModel model;
  AiperfTrackSlice linked;
  g_autofree char *args = NULL;
  g_autofree char *shown = NULL;
  const char *op;
  gint64 ns;
  guint kernels;
  int cpu, gpu, async, allocated;
  double lo, hi;

  g_assert_nonnull (store);
  aiperf_trace_store_get_model (store, &model);
  /* Lanes: the GPU first (sort index 1), then python3's thread, its async
   * lane, then its counters. Times from the first event (100 µs). */
  gpu = lane_named (&model, "GPU 0 · stream 7");
  cpu = lane_named (&model, "python3 · 11");
  async = lane_named (&model, "python3 · async");
  allocated = lane_named (&model, "python3 · Memory · allocated");
  g_assert_cmpint (gpu, ==, 0);
  g_assert_cmpint (cpu, ==, 1);
  g_assert_cmpint (async, >, cpu);
  g_assert_cmpint (allocated, >, async);
  g_assert_cmpint (lane_named (&model, "python3 · Memory · reserved"), >, async);

  /* Hover: the op's args read back from the file, the token masked. */
  args = aiperf_trace_store_get_args (store, (guint) cpu, 0, 0, NULL);
  g_assert_nonnull (args);
  g_assert_nonnull (strstr (args, "hf_secret_value"));
  shown = model.vtable->describe (model.self, (guint) cpu, 0, 0);
  g_assert_cmpstr (shown, ==, "External id: 3\nHF_TOKEN: ••••••\nInput Dims: [[2,3]]");

  /* The kernel (20 µs after the start) links to its launch (2 µs, depth 1
   * inside the op) and back. */
  g_assert_true (model.vtable->link (model.self, (guint) gpu, 0, 20000, &linked));
  g_assert_cmpuint (linked.lane, ==, (guint) cpu);
  g_assert_cmpuint (linked.depth, ==, 1);
  g_assert_cmpint (linked.start, ==, 2000);
  g_assert_cmpint (linked.end, ==, 4000);
  g_assert_true (model.vtable->link (model.self, (guint) cpu, 1, 2000, &linked));
  g_assert_cmpint (linked.start, ==, 20000);
  /* Kernel time by launching op. */
  g_assert_true (aiperf_trace_store_get_op (store, 0, &op, &ns, &kernels));
  g_assert_cmpstr (op, ==, "aten::mm");
  g_assert_cmpint (ns, ==, 30000);
  g_assert_cmpuint (kernels, ==, 1);
  g_assert_false (aiperf_trace_store_get_op (store, 1, &op, &ns, &kernels));
  /* The correlation link and the user flow (s at 5 µs inside the op, f
   * bound to the kernel around 30 µs). */
  g_assert_cmpuint (aiperf_trace_store_get_n_flows (store), ==, 2);

  /* Counters: the numbers of each series ("x" is no number). */
  g_assert_true (model.vtable->counter_range (model.self, (guint) allocated, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 10);
  g_assert_cmpfloat (hi, ==, 30);
  g_assert_false (model.vtable->counter_range (model.self, (guint) cpu, &lo, &hi));
  /* A view that ends at a sample (40 µs) still shows it, on its edge. */
  {
    gint64 last = -1;

    model.vtable->counter_query (model.self, (guint) allocated, 0, 40000, 1, last_sample, &last);
    g_assert_cmpint (last, ==, 40000);
  }
  /* The async pair is one slice of 40 µs. */
  g_assert_cmpuint (model.vtable->lane_depth (model.self, (guint) async), ==, 1);

  /* A search by name (any case): the kernel matches, the op does not. */
  {
    gpointer match = model.vtable->match_new (model.self, "GEMM", FALSE);
    guint matched[2] = { 0, 0 };

    model.vtable->query (model.self, (guint) gpu, 0, 100000, 10, match, count_matched, &matched[0]);
    model.vtable->query (model.self, (guint) cpu, 0, 100000, 10, match, count_matched, &matched[1]);
    g_assert_cmpuint (matched[0], ==, 1);
    g_assert_cmpuint (matched[1], ==, 0);
    model.vtable->match_free (model.self, match);
  }
  /* The file cut short since it was opened: hover says the args are gone. */
  {
    g_autofree char *gone = NULL;

    g_assert_true (g_file_set_contents (path, "[]", -1, NULL));
    gone = model.vtable->describe (model.self, (guint) cpu, 0, 0);
    g_assert_nonnull (gone);
    g_assert_nonnull (strstr (gone, "Args not shown"));
    g_assert_nonnull (strstr (gone, "changed since it was opened"));
  }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_plain (void)
{
  check_trace (FALSE);
}

static void
test_gzip (void)
{
  check_trace (TRUE);
}

/* Secrets are masked at every depth; environments are never shown. */
static void
test_masking (void)
{
  g_autofree char *text = aiperf_trace_args_format (
    "{\"system\": {\"env\": {\"PATH\": \"/bin\"}, \"aws_secret_access_key\": \"abc\"},"
    " \"db_password\": \"pw\", \"Credentials\": [1], \"name\": \"ok\"}");

  g_assert_cmpstr (text, ==, "system: {\"env\":\"(not shown)\",\"aws_secret_access_key\":\"••••••\"}\n"
                             "db_password: ••••••\nCredentials: ••••••\nname: ok");
  g_assert_true (aiperf_trace_args_key_is_secret ("github_token"));
  g_assert_false (aiperf_trace_args_key_is_secret ("stream"));
  g_assert_null (aiperf_trace_args_format ("[1, 2]"));
  g_assert_null (aiperf_trace_args_format ("{broken"));
}

/* Two ranks as a comma list and as a quoted glob: one run, each rank its
 * own group of lanes, kernels grouped per rank, rank 1's clock aligned by
 * its baseTimeNanoseconds (1 ms later). */
static void
test_merge (void)
{
  g_autofree char *dir = g_dir_make_tmp ("trace-merge-XXXXXX", NULL);
  const char *rank =
    "{\"traceEvents\": [\n"
    "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 0, \"tid\": 0, \"args\": {\"labels\": \"GPU 0\"}},\n"
    "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"nccl_allreduce\", \"pid\": 0, \"tid\": 7, \"ts\": 10, \"dur\": 5}\n"
    "], \"baseTimeNanoseconds\": %s}\n";
  g_autofree char *text0 = g_strdup_printf (rank, "1700000000000000000");
  g_autofree char *text1 = g_strdup_printf (rank, "1700000000001000000");
  g_autofree char *p0 = write_trace (dir, "rank0.json", text0, FALSE);
  g_autofree char *p1 = write_trace (dir, "rank1.json", text1, TRUE);
  g_autofree char *list = g_strdup_printf ("%s,%s", p0, p1);
  g_autofree char *glob = g_build_filename (dir, "rank*.json", NULL);
  const char *inputs[] = { list, glob };

  /* rank1.json is gzip under a .json name: sniffed, not named. */
  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(AiperfRunSet) set = format_load_one (inputs[i]);
      AiperfRun *run = aiperf_run_set_get_run (set, 0);
      AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
      AiperfTable *k = aiperf_run_get_table (run, AIPERF_DATASET_KERNELS);
      AiperfTrackModel model;
      gint64 t0, t1;

      g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
      g_assert_cmpstr (aiperf_run_get_parameter (run, "files"), ==, "2");
      aiperf_trace_store_get_model (store, &model);
      g_assert_cmpuint (model.vtable->n_lanes (model.self), ==, 2);
      g_assert_cmpstr (model.vtable->lane_name (model.self, 0), ==, "rank0 · GPU 0 · 7");
      g_assert_cmpstr (model.vtable->lane_name (model.self, 1), ==, "rank1 · GPU 0 · 7");
      model.vtable->extent (model.self, &t0, &t1);
      g_assert_cmpint (t1, ==, 1005000);
      g_assert_cmpuint (aiperf_table_get_n_rows (k), ==, 2);
      g_assert_cmpstr (aiperf_table_get_string (k, (guint) aiperf_table_find_column (k, AIPERF_KERNELS_GROUP), 1), ==,
                       "rank1 · GPU 0");
    }
  g_assert_cmpint (g_remove (p0), ==, 0);
  g_assert_cmpint (g_remove (p1), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The default counters chart: each series of the C events as a step line
 * over the trace's time in ms (from its first event, 100 µs), the last
 * sample included; a trace without counters leaves it out of the defaults. */
static void
test_counters_chart (void)
{
  g_autofree char *dir = g_dir_make_tmp ("trace-features-XXXXXX", NULL);
  g_autofree char *path = write_trace (dir, "t.json", TRACE, FALSE);
  g_autofree char *plain = write_trace (dir, "plain.json",
                                        "[{\"ph\": \"X\", \"name\": \"k\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 2}]", FALSE);
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  g_autoptr(AiperfRunSet) without = format_load_one (plain);
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (NULL);
  GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, "trace");
  const AiperfPlotSpec *spec = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  const double allocated[][2] = { { 0, 10 }, { 0.04, 30 } };
  guint n_steps = 0;

  for (guint i = 0; i < plots->len; i++)
    if (g_str_equal (((const AiperfPlotSpec *) g_ptr_array_index (plots, i))->name, "counters"))
      spec = g_ptr_array_index (plots, i);
  g_assert_nonnull (spec);
  chart = aiperf_plot_build_multi_run (spec, set, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chart->series->len, ==, 2);
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 0))->name, ==, "python3 · Memory · allocated");
  for (guint i = 0; i < chart->layers->len; i++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind != AIPERF_LAYER_STEP || layer->series != 0)
        continue;
      g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 2);
      for (guint k = 0; k < 2; k++)
        {
          g_assert_cmpfloat_with_epsilon (aiperf_layer_x (layer, k), allocated[k][0], 1e-9);
          g_assert_cmpfloat (aiperf_layer_y (layer, k), ==, allocated[k][1]);
        }
      n_steps++;
    }
  g_assert_cmpuint (n_steps, ==, 1);
  g_assert_true (aiperf_handler_counters_applies (spec, set));
  g_assert_false (aiperf_handler_counters_applies (spec, without));
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_remove (plain), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace-features/plain", test_plain);
  g_test_add_func ("/trace-features/gzip", test_gzip);
  g_test_add_func ("/trace-features/masking", test_masking);
  g_test_add_func ("/trace-features/merge", test_merge);
  g_test_add_func ("/trace-features/counters-chart", test_counters_chart);
  return g_test_run ();
}
