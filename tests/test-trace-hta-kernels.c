/* test-trace-hta-kernels.c — HTA's per-kernel table (kernel_breakdown.csv):
 * per kernel type and GPU, each kernel's calls, the top kernels kept and
 * the rest merged into "others" as HTA's get_gpu_kernel_breakdown merges
 * them. The expected figures of the real traces are HTA's definition
 * worked out on the trace's JSON by a separate transcription in Python
 * (HTA's events, whole µs as HTA rounds them, its kernel types by name,
 * pandas' sample std, numpy's linear quantile).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "format-test-util.h"
#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-store.h"

static char *
trace_fixture (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "trace", file, NULL);
}

static const GArray *
rows_of (AiperfRun *run)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);

  g_assert_nonnull (store);
  return aiperf_trace_store_get_kernel_rows (store);
}

static const AiperfTraceKernelRow *
find_row (const GArray *rows,
          const char   *name)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_str_equal (g_array_index (rows, AiperfTraceKernelRow, i).name, name))
      return &g_array_index (rows, AiperfTraceKernelRow, i);
  g_test_message ("no row %s", name);
  g_assert_not_reached ();
  return NULL;
}

static void
assert_row (const AiperfTraceKernelRow *row,
            guint8                      type,
            gint64                      sum,
            guint64                     count,
            gint64                      max,
            gint64                      min,
            double                      std,
            guint                       kernels)
{
  g_assert_cmpuint (row->type, ==, type);
  g_assert_cmpint (row->sum_us, ==, sum);
  g_assert_cmpuint (row->count, ==, count);
  g_assert_cmpint (row->max_us, ==, max);
  g_assert_cmpint (row->min_us, ==, min);
  g_assert_cmpfloat (fabs (row->std_us - std), <=, 1e-9 * MAX (1.0, std));
  g_assert_cmpfloat (fabs (row->mean_us - (double) sum / (double) count), <=, 1e-9 * row->mean_us);
  g_assert_cmpuint (row->kernels, ==, kernels);
}

/* HTA's MTIA trace: 70 computation names, of which HTA shows 10 and
 * "others" (59 names; the running sum stays within its 0.8 quantile up
 * to the 10th), and one memory name; no NCCL. Sorted as HTA sorts its
 * table, the first row is add-dtype_Float with 77283 µs: the figure
 * HTA's test_get_mtia_kernel_breakdown publishes for its row 0; its
 * memory row (HTA's row 11) is dma_request, 403067 µs, the kernel-type
 * breakdown's plain memory sum. The computation rows add up to 7305597 µs,
 * the union of computation (one stream). */
static void
test_mtia (void)
{
  g_autofree char *path = trace_fixture ("mtia_rank_0.json.gz");
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  const GArray *rows = rows_of (run);
  g_autofree char *csv = aiperf_trace_kernel_breakdown_csv (run);
  const AiperfTraceKernelRow *first, *top, *others, *dma;
  gint64 computation = 0;

  g_test_message ("%s", csv);
  g_assert_cmpuint (rows->len, ==, 12);
  first = &g_array_index (rows, AiperfTraceKernelRow, 0);
  g_assert_cmpstr (first->name, ==, "add-dtype_Float");
  assert_row (first, AIPERF_TRACE_TYPE_COMPUTATION, 77283, 586, 2041, 34, 217.51789738890443, 1);
  top = find_row (rows, "fc-dtype_Float");
  assert_row (top, AIPERF_TRACE_TYPE_COMPUTATION, 5752061, 127, 308180, 55, 76024.12573310405, 1);
  g_assert_cmpfloat_with_epsilon (top->percentage, 100.0 * 5752061 / 7305597, 1e-9);
  others = &g_array_index (rows, AiperfTraceKernelRow, 7);
  g_assert_cmpstr (others->name, ==, "others");
  assert_row (others, AIPERF_TRACE_TYPE_COMPUTATION, 205318, 1171, 17452, 21, 741.2887951854892, 59);
  /* One call: HTA's std is 0 (pandas' NaN filled). */
  assert_row (find_row (rows, "fbgemm::split_embedding_codegen_grad_indice_weights_cpu-dtype_Half"),
              AIPERF_TRACE_TYPE_COMPUTATION, 118526, 1, 118526, 118526, 0, 1);
  dma = &g_array_index (rows, AiperfTraceKernelRow, 11);
  g_assert_cmpstr (dma->name, ==, "dma_request");
  assert_row (dma, AIPERF_TRACE_TYPE_MEMORY, 403067, 22359, 586, 5, 46.50094604689096, 1);
  for (guint i = 0; i < 11; i++)
    computation += g_array_index (rows, AiperfTraceKernelRow, i).sum_us;
  g_assert_cmpint (computation, ==, 7305597);

  g_assert_true (g_str_has_prefix (csv, "kernel_type,name,gpu,sum_us,max_us,min_us,std_us,mean_us,count,kernels,"
                                        "percentage\nCOMPUTATION,add-dtype_Float,MTIA 9,77283,2041,34,217.518,"
                                        "131.882,586,1,1.06\n"));
  g_assert_nonnull (strstr (csv, "\nCOMPUTATION,others,MTIA 9,205318,17452,21,741.289,175.336,1171,59,2.81\n"));
  g_assert_true (g_str_has_suffix (csv, "\nMEMORY,dma_request,MTIA 9,403067,586,5,46.501,18.027,22359,1,100.00\n"));
}

/* HTA's ns-resolution DDP trace, without its last step as HTA reads it:
 * the 4876 device events of HTA's own test, 77 computation names (10
 * shown, 67 in "others") and two memory ones. Names with commas are
 * quoted. */
static void
test_ns_resolution (void)
{
  g_autofree char *path = trace_fixture ("rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz");
  g_autoptr(AiperfRunSet) set = format_load_one (path);
  AiperfRun *run = aiperf_run_set_get_run (set, 0);
  const GArray *rows = rows_of (run);
  g_autofree char *csv = aiperf_trace_kernel_breakdown_csv (run);
  guint64 events = 0;

  g_test_message ("%s", csv);
  g_assert_cmpuint (rows->len, ==, 13);
  for (guint i = 0; i < rows->len; i++)
    events += g_array_index (rows, AiperfTraceKernelRow, i).count;
  g_assert_cmpuint (events, ==, 4876);
  assert_row (&g_array_index (rows, AiperfTraceKernelRow, 0), AIPERF_TRACE_TYPE_COMPUTATION, 16738, 48, 650, 247,
              132.53581745249627, 1);
  g_assert_cmpstr (g_array_index (rows, AiperfTraceKernelRow, 0).name, ==,
                   "cudnn_infer_volta_scudnn_128x64_relu_medium_nn_v1");
  assert_row (find_row (rows, "others"), AIPERF_TRACE_TYPE_COMPUTATION, 191567, 2688, 1112, 0, 140.4206036047056, 67);
  assert_row (find_row (rows, "Memcpy DtoD (Device -> Device)"), AIPERF_TRACE_TYPE_MEMORY, 1985, 1280, 27, 0,
              3.491159304680433, 1);
  assert_row (find_row (rows, "Memset (Device)"), AIPERF_TRACE_TYPE_MEMORY, 386, 116, 15, 0, 3.7084530047117923, 1);
  g_assert_nonnull (strstr (csv, "\nCOMPUTATION,\"void at::native::vectorized_elementwise_kernel<4, "
                                 "at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3> >(int, "
                                 "at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3>)\",GPU 0,20956,378,"
                                 "48,112.872,163.719,128,1,5.63\n"));
  g_assert_nonnull (strstr (csv, "\nMEMORY,Memset (Device),GPU 0,386,15,0,3.708,3.328,116,1,16.28\n"));
}

/* A trace made by hand where HTA's quantile rule merges a kernel the top
 * 10 would keep: computation k00 (60 + 40 µs), k01..k08 (4 µs each), k09
 * (1 + 2), k10 (2), k11 (1). Running sums 100, 104 … 132, 135, 137, 138;
 * their 0.8 quantile at position 11 × 0.8 = 8.8 is 132 + 0.8 × 3 = 134.4,
 * so k09 (135) merges with k10 and k11 into "others": 6 µs in 4 calls,
 * std √(1/3). One NCCL kernel, a memcpy twice, and a kernel named with
 * Sync (HTA's "other" type, in no row). */
static void
test_quantile_by_hand (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-hta-kernels-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "by-hand.json", NULL);
  g_autoptr(GString) json = g_string_new ("{\"traceEvents\": [\n"
                                          "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 0, \"tid\": 0, "
                                          "\"args\": {\"labels\": \"GPU 0\"}}");
  struct { const char *cat, *name; int dur; } calls[] = {
    { "kernel", "k00", 60 }, { "kernel", "k00", 40 }, { "kernel", "k01", 4 }, { "kernel", "k02", 4 },
    { "kernel", "k03", 4 }, { "kernel", "k04", 4 }, { "kernel", "k05", 4 }, { "kernel", "k06", 4 },
    { "kernel", "k07", 4 }, { "kernel", "k08", 4 }, { "kernel", "k09", 1 }, { "kernel", "k09", 2 },
    { "kernel", "k10", 2 }, { "kernel", "k11", 1 }, { "kernel", "ncclDevKernel_AllReduce", 30 },
    { "gpu_memcpy", "Memcpy HtoD", 10 }, { "gpu_memcpy", "Memcpy HtoD", 6 }, { "kernel", "waitSyncKernel", 7 },
  };
  g_autoptr(AiperfRunSet) set = NULL;
  g_autofree char *csv = NULL;
  int ts = 1000;

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_string_append_printf (json, ",\n{\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"%s\", \"pid\": 0, \"tid\": 7, "
                              "\"ts\": %d, \"dur\": %d, \"args\": {\"stream\": 7}}",
                              calls[i].cat, calls[i].name, ts, calls[i].dur);
      ts += calls[i].dur + 10;
    }
  g_string_append (json, "\n]}\n");
  g_assert_true (g_file_set_contents (path, json->str, (gssize) json->len, NULL));
  set = format_load_one (path);
  csv = aiperf_trace_kernel_breakdown_csv (aiperf_run_set_get_run (set, 0));
  g_assert_cmpstr (csv, ==,
                   "kernel_type,name,gpu,sum_us,max_us,min_us,std_us,mean_us,count,kernels,percentage\n"
                   "COMMUNICATION,ncclDevKernel_AllReduce,GPU 0,30,30,30,0.000,30.000,1,1,100.00\n"
                   "COMPUTATION,k00,GPU 0,100,60,40,14.142,50.000,2,1,72.46\n"
                   "COMPUTATION,k01,GPU 0,4,4,4,0.000,4.000,1,1,2.90\n"
                   "COMPUTATION,k02,GPU 0,4,4,4,0.000,4.000,1,1,2.90\n"
                   "COMPUTATION,k03,GPU 0,4,4,4,0.000,4.000,1,1,2.90\n"
                   "COMPUTATION,k04,GPU 0,4,4,4,0.000,4.000,1,1,2.90\n"
                   "COMPUTATION,k05,GPU 0,4,4,4,0.000,4.000,1,1,2.90\n"
                   "COMPUTATION,k06,GPU 0,4,4,4,0.000,4.000,1,1,2.90\n"
                   "COMPUTATION,k07,GPU 0,4,4,4,0.000,4.000,1,1,2.90\n"
                   "COMPUTATION,k08,GPU 0,4,4,4,0.000,4.000,1,1,2.90\n"
                   "COMPUTATION,others,GPU 0,6,2,1,0.577,1.500,4,3,4.35\n"
                   "MEMORY,Memcpy HtoD,GPU 0,16,10,6,2.828,8.000,2,1,100.00\n");
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Two ranks merged (a comma list; here the MTIA trace twice): each GPU's
 * rows as the trace has them alone, and, as HTA orders its table, a
 * kernel's rows of both GPUs side by side, rank 0 first. */
static void
test_ranks (void)
{
  g_autofree char *mtia = trace_fixture ("mtia_rank_0.json.gz");
  g_autofree char *dir = g_dir_make_tmp ("aiperf-hta-ranks-XXXXXX", NULL);
  g_autofree char *rank0 = g_build_filename (dir, "rank-0.json.gz", NULL);
  g_autofree char *rank1 = g_build_filename (dir, "rank-1.json.gz", NULL);
  g_autofree char *abs_mtia = g_canonicalize_filename (mtia, NULL);
  g_autofree char *both = g_strdup_printf ("%s,%s", rank0, rank1);
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(AiperfRunSet) alone = format_load_one (mtia);
  const GArray *mtia_rows = rows_of (aiperf_run_set_get_run (alone, 0));
  const GArray *rows;

  g_assert_cmpint (symlink (abs_mtia, rank0), ==, 0);
  g_assert_cmpint (symlink (abs_mtia, rank1), ==, 0);
  set = format_load_one (both);
  rows = rows_of (aiperf_run_set_get_run (set, 0));
  g_assert_cmpuint (rows->len, ==, 2 * mtia_rows->len);
  for (guint i = 0; i < rows->len; i++)
    {
      const AiperfTraceKernelRow *row = &g_array_index (rows, AiperfTraceKernelRow, i);
      const AiperfTraceKernelRow *same = &g_array_index (mtia_rows, AiperfTraceKernelRow, i / 2);

      g_assert_cmpuint (row->gpu, ==, i % 2);
      g_assert_cmpstr (row->name, ==, same->name);
      g_assert_cmpint (row->sum_us, ==, same->sum_us);
      g_assert_cmpuint (row->count, ==, same->count);
      g_assert_cmpfloat (row->std_us, ==, same->std_us);
    }
  g_assert_cmpint (g_unlink (rank0), ==, 0);
  g_assert_cmpint (g_unlink (rank1), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/hta-kernels/mtia", test_mtia);
  g_test_add_func ("/trace/hta-kernels/ns-resolution", test_ns_resolution);
  g_test_add_func ("/trace/hta-kernels/quantile-by-hand", test_quantile_by_hand);
  g_test_add_func ("/trace/hta-kernels/ranks", test_ranks);
  return g_test_run ();
}
