/* test-format-gemm.c — GEMM benchmark tables: sniffing, the maths on the
 * real TraceLens samples and on fixtures computed by hand (long table with
 * synonyms, triton wide CSVs, JSON records), broken rows and files, GPU
 * presets, --filter, and the per-dtype split of presets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-error.h"
#include "aiperf-formats.h"
#include "aiperf-gemm-private.h"
#include "aiperf-kinds.h"
#include "aiperf-presets.h"

#define FIXTURES "data", "gemm"

extern const AiperfFormat aiperf_format_gemm;

static AiperfRunSet *
load (const char *first,
      ...)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  AiperfRunSet *set;
  va_list args;

  va_start (args, first);
  for (const char *f = first; f != NULL; f = va_arg (args, const char *))
    g_ptr_array_add (paths, g_test_build_filename (G_TEST_DIST, FIXTURES, f, NULL));
  va_end (args);
  g_ptr_array_add (paths, NULL);
  set = aiperf_run_set_load ((const char * const *) paths->pdata, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return set;
}

static guint
sniff_text (const char *path,
            const char *head)
{
  AiperfSniffInput input = { path, FALSE, head, strlen (head), NULL, TRUE };

  return aiperf_format_gemm.sniff (&input);
}

static guint
sniff_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, FIXTURES, name, NULL);
  g_autofree char *head = aiperf_read_head (path, 65536, NULL);

  g_assert_nonnull (head);
  return sniff_text (path, head);
}

static void
test_sniff (void)
{
  g_assert_cmpuint (sniff_file ("tracelens/h100/GEMM.csv"), ==, AIPERF_SNIFF_SURE);
  g_assert_cmpuint (sniff_file ("long-synonyms.csv"), ==, AIPERF_SNIFF_LIKELY);
  g_assert_cmpuint (sniff_file ("matmul-performance-fp16.csv"), ==, AIPERF_SNIFF_LIKELY);
  g_assert_cmpuint (sniff_file ("gemm-records.json"), ==, AIPERF_SNIFF_LIKELY);
  /* TraceLens's other sheets, an AIPerf CSV, a cutile JSON: not GEMM tables */
  g_assert_cmpuint (sniff_text ("k.csv", "Parent op category,Parent cpu_op,Kernel name,Kernel duration (µs)_sum\n"),
                    ==, AIPERF_SNIFF_NO);
  g_assert_cmpuint (sniff_text ("p.csv", "Metric,avg,min,max,p99\nTime to First Token (ms),1,2,3,4\n"), ==,
                    AIPERF_SNIFF_NO);
  g_assert_cmpuint (sniff_text ("x.json", "{\"benchmarks\": {\"a\": {\"timing\": {\"mean\": 1}}}}"), ==,
                    AIPERF_SNIFF_NO);
  /* M, N, K but no measure and nothing after them: not a wide table either */
  g_assert_cmpuint (sniff_text ("s.csv", "M,N,K\n1,2,3\n"), ==, AIPERF_SNIFF_NO);
}

static void
test_maths (void)
{
  g_assert_cmpstr (aiperf_gemm_dtype_name (aiperf_gemm_dtype_parse ("c10::BFloat16")), ==, "bf16");
  g_assert_cmpstr (aiperf_gemm_dtype_name (aiperf_gemm_dtype_parse ("torch.float16")), ==, "fp16");
  g_assert_cmpstr (aiperf_gemm_dtype_name (aiperf_gemm_dtype_parse ("float8_e4m3fn")), ==, "fp8");
  g_assert_cmpstr (aiperf_gemm_dtype_name (aiperf_gemm_dtype_parse ("f32_r")), ==, "fp32");
  g_assert_cmpstr (aiperf_gemm_dtype_name (aiperf_gemm_dtype_parse ("matrix_bf16")), ==, "bf16");
  g_assert_cmpint (aiperf_gemm_dtype_parse ("bf17"), ==, AIPERF_GEMM_DTYPE_UNKNOWN);
  /* 2·M·N·K × batched count */
  g_assert_cmpfloat (aiperf_gemm_flops (8, 6144, 4096, 1), ==, 402653184.0);
  g_assert_cmpfloat (aiperf_gemm_flops (128, 128, 64, 32), ==, 67108864.0);
  /* 8·4096·2 + 4096·6144·2 + 8·6144·2 */
  g_assert_cmpfloat (aiperf_gemm_ideal_bytes (8, 6144, 4096, 1, 2, 2, 2), ==, 65536.0 + 50331648.0 + 98304.0);
  /* fp8 A and B, bf16 C: 8·14336 + 14336·4096 + 8·4096·2 */
  g_assert_cmpfloat (aiperf_gemm_ideal_bytes (8, 4096, 14336, 1, 1, 1, 2), ==, 114688.0 + 58720256.0 + 65536.0);
  /* 402653184 FLOP in 50 µs = 8.05306368 TFLOP/s */
  g_assert_cmpfloat_with_epsilon (aiperf_gemm_tflops (402653184, 50), 8.05306368, 1e-12);
  g_assert_cmpfloat (aiperf_gemm_attainable (10, 989, 3.35), ==, 33.5);
  g_assert_cmpfloat (aiperf_gemm_attainable (1000, 989, 3.35), ==, 989);
  g_assert_true (isnan (aiperf_gemm_attainable (10, NAN, 3.35)));
  g_assert_cmpint (aiperf_gemm_default_c (AIPERF_GEMM_DTYPE_FP8), ==, AIPERF_GEMM_DTYPE_BF16);
  g_assert_cmpint (aiperf_gemm_default_c (AIPERF_GEMM_DTYPE_FP32), ==, AIPERF_GEMM_DTYPE_FP32);
}

static GHashTable *
options_new (const char *gpu,
             const char *filter)
{
  GHashTable *options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  if (gpu != NULL)
    g_hash_table_insert (options, g_strdup ("gpu"), g_strdup (gpu));
  if (filter != NULL)
    g_hash_table_insert (options, g_strdup ("filter"), g_strdup (filter));
  return options;
}

static const AiperfGemmPoint *
point (AiperfGemmData *data,
       guint           i)
{
  g_assert_cmpuint (i, <, data->points->len);
  return &g_array_index (data->points, AiperfGemmPoint, i);
}

/* The real TraceLens sample (Qwen1.5-0.5B-Chat on H100). */
static void
test_tracelens (void)
{
  g_autoptr(AiperfRunSet) runs = load ("tracelens/h100/GEMM.csv", NULL);
  g_autoptr(GHashTable) options = options_new ("h100", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGemmData) data = NULL;
  const AiperfGemmPoint *p;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 1);
  g_assert_cmpstr (aiperf_run_get_kind (aiperf_run_set_get_run (runs, 0)), ==, "gemm");
  g_assert_cmpstr (aiperf_run_get_variation_label (aiperf_run_set_get_run (runs, 0)), ==, "h100");
  data = aiperf_gemm_data_new (runs, options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (data->points->len, ==, 5);
  g_assert_cmpstr (data->gpu->name, ==, "H100 SXM");

  /* aten::mm M=8944 N=2816 K=1024 bf16 */
  p = point (data, 0);
  g_assert_cmpstr (p->kernel, ==, "aten::mm");
  g_assert_cmpstr (p->dtype, ==, "bf16");
  g_assert_cmpfloat (p->M, ==, 8944);
  g_assert_cmpfloat (p->N, ==, 2816);
  g_assert_cmpfloat (p->K, ==, 1024);
  /* GFLOPS_first 51.581550592 = 2·8944·2816·1024 */
  g_assert_cmpfloat (p->flops, ==, 2.0 * 8944 * 2816 * 1024);
  /* Data Moved 71.0078125 MiB = 8944·1024·2 + 1024·2816·2 + 8944·2816·2 bytes */
  g_assert_cmpfloat (p->bytes, ==, 71.0078125 * 1048576);
  g_assert_cmpfloat (p->bytes, ==, 8944.0 * 1024 * 2 + 1024.0 * 2816 * 2 + 8944.0 * 2816 * 2);
  g_assert_cmpfloat_with_epsilon (p->ai, 692.7688414567059, 1e-9);
  /* the file's TFLOPS/s_mean, not FLOPs ÷ mean time (610.55) */
  g_assert_cmpfloat_with_epsilon (p->tflops, 610.6657102342793, 1e-9);
  g_assert_cmpstr (p->tflops_source, ==, "file");
  g_assert_cmpstr (p->bytes_source, ==, "file");
  g_assert_cmpfloat_with_epsilon (p->time_us, 84.4844258626302, 1e-9);
  /* compute-bound: AI 692.8 × 3.35 > 989 */
  g_assert_cmpfloat (p->attainable, ==, 989);
  g_assert_cmpfloat_with_epsilon (p->efficiency, 610.6657102342793 / 989, 1e-12);
  g_assert_cmpstr (p->library, ==, "cublas");
  g_assert_true (g_str_has_prefix (p->device_kernel, "sm90_xmma_gemm_bf16bf16_bf16f32"));

  /* aten::addmm: the file counts the bias (+M·N FLOPs, +N·2 bytes) */
  p = point (data, 1);
  g_assert_cmpstr (p->kernel, ==, "aten::addmm");
  g_assert_cmpfloat (p->flops, ==, 2.0 * 8944 * 1024 * 1024 + 8944.0 * 1024);
  g_assert_cmpstr (p->flops_source, ==, "file");

  /* aten::bmm in float: C is float too (32·4 + 559·4 + 32·559·4 = 73916 B) */
  p = point (data, 4);
  g_assert_cmpstr (p->dtype, ==, "fp32");
  g_assert_cmpstr (p->dtype_c, ==, "fp32");
  g_assert_cmpfloat (p->bytes, ==, 73916);
  g_assert_cmpfloat_with_epsilon (p->ai, 35776.0 / 73916, 1e-12);
  /* memory-bound: 0.484 FLOP/B × 3.35 TB/s */
  g_assert_cmpfloat_with_epsilon (p->attainable, 35776.0 / 73916 * 3.35, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->efficiency, 0.01016357996948259 / (35776.0 / 73916 * 3.35), 1e-12);
  g_assert_cmpstr (p->library, ==, "cutlass");

  /* ids: the row's place in the run set, found again by id */
  g_assert_cmpint (point (data, 4)->id, ==, 4);
  g_assert_true (aiperf_gemm_data_find (data, 4) == point (data, 4));
  g_assert_null (aiperf_gemm_data_find (data, 5));

  /* the window's table selection rings its point on the roofline */
  {
    const AiperfPlotHandler *type;
    g_autoptr(AiperfPlotSpec) spec = NULL;
    g_autoptr(AiperfChart) chart = NULL;
    const AiperfLayer *ring;

    type = aiperf_plot_handler_find ("roofline");
    g_assert_nonnull (type);
    spec = aiperf_plot_spec_new ("roofline", type);
    aiperf_plot_spec_set_extra (spec, "gpu", "h100");
    aiperf_plot_spec_set_extra (spec, "highlight", "4");
    chart = aiperf_handler_gemm_roofline (spec, runs, NULL, NULL, &error);
    g_assert_no_error (error);
    ring = g_ptr_array_index (chart->layers, chart->layers->len - 1);
    g_assert_cmpint (ring->kind, ==, AIPERF_LAYER_POINTS);
    g_assert_false (ring->pickable);
    g_assert_cmpfloat (aiperf_layer_x (ring, 0), ==, point (data, 4)->ai);
    g_assert_cmpfloat (aiperf_layer_y (ring, 0), ==, point (data, 4)->tflops);
  }

  /* MI300: Tensile kernels, no GPU named, no --gpu: no ceilings */
  {
    g_autoptr(AiperfRunSet) mi = load ("tracelens/mi300/GEMM.csv", NULL);
    g_autoptr(AiperfGemmData) none = aiperf_gemm_data_new (mi, NULL, &error);

    g_assert_no_error (error);
    g_assert_null (none->gpu);
    /* said on charts, in the window too: no flag named */
    g_assert_cmpstr (none->gpu_problem, ==, "the input names no known GPU: no ceilings, attainable TFLOP/s or efficiency");
    g_assert_false (none->gpu_asked);
    g_assert_cmpstr (point (none, 0)->library, ==, "tensile");
    g_assert_cmpfloat_with_epsilon (point (none, 0)->tflops, 466.8243456800369, 1e-9);
    g_assert_true (isnan (point (none, 0)->attainable));
    g_assert_true (isnan (point (none, 0)->efficiency));
  }
}

/* kernel name, model, BS, Precision, m, n, k, batch, Latency (ms),
 * backend, out_dtype, GPU: every value computed by hand. */
static void
test_long_synonyms (void)
{
  g_autoptr(AiperfRunSet) runs = load ("long-synonyms.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGemmData) data = aiperf_gemm_data_new (runs, NULL, &error);
  const AiperfGemmPoint *p;

  g_assert_no_error (error);
  g_assert_cmpuint (data->points->len, ==, 4);
  /* the GPU the input names */
  g_assert_cmpstr (data->gpu->name, ==, "H100 SXM");
  g_assert_nonnull (strstr (data->gpu_origin, "NVIDIA H100 80GB HBM3"));

  /* qkv_proj BS 8 bf16 8×6144×4096 in 0.05 ms */
  p = point (data, 0);
  g_assert_cmpstr (p->kernel, ==, "qkv_proj");
  g_assert_cmpstr (p->model, ==, "llama-8b");
  g_assert_cmpstr (p->library, ==, "cublas");
  g_assert_cmpfloat (p->batch_size, ==, 8);
  g_assert_cmpfloat (p->batch, ==, 1);
  g_assert_cmpfloat (p->time_us, ==, 50);
  g_assert_cmpfloat (p->flops, ==, 402653184);          /* 2·8·6144·4096 */
  g_assert_cmpfloat (p->bytes, ==, 50495488);           /* 65536 + 50331648 + 98304 */
  g_assert_cmpfloat_with_epsilon (p->ai, 402653184.0 / 50495488, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->tflops, 8.05306368, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->attainable, 402653184.0 / 50495488 * 3.35, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->efficiency, 8.05306368 / (402653184.0 / 50495488 * 3.35), 1e-12);
  g_assert_cmpstr (p->tflops_source, ==, "computed");

  /* down_proj fp8 (A, B 1 byte) with C in bf16: 114688 + 58720256 + 65536 */
  p = point (data, 1);
  g_assert_cmpstr (p->dtype, ==, "fp8");
  g_assert_cmpstr (p->dtype_c, ==, "bf16");
  g_assert_cmpfloat (p->flops, ==, 939524096);
  g_assert_cmpfloat (p->bytes, ==, 58900480);
  g_assert_cmpfloat_with_epsilon (p->tflops, 939524096.0 / 40e6, 1e-12);
  /* AI 15.95 × 3.35 = 53.44 < 1979 */
  g_assert_cmpfloat_with_epsilon (p->attainable, 939524096.0 / 58900480 * 3.35, 1e-12);

  /* attn_bmm: batched 32 (multiplies), fp16 inputs, fp32 output; BS 8 does not multiply */
  p = point (data, 2);
  g_assert_cmpfloat (p->batch, ==, 32);
  g_assert_cmpfloat (p->batch_size, ==, 8);
  g_assert_cmpstr (p->dtype, ==, "fp16");
  g_assert_cmpstr (p->dtype_c, ==, "fp32");
  g_assert_cmpfloat (p->flops, ==, 67108864);           /* 2·128·128·64·32 */
  g_assert_cmpfloat (p->bytes, ==, 3145728);            /* 32·(16384 + 16384 + 65536) */
  g_assert_cmpfloat_with_epsilon (p->tflops, 6.7108864, 1e-12);

  /* qkv_proj at BS 64: M = 64 (decode), FLOPs 2·64·6144·4096 */
  p = point (data, 3);
  g_assert_cmpfloat (p->flops, ==, 3221225472.0);
  g_assert_cmpfloat (p->batch_size, ==, 64);
}

static void
test_triton (void)
{
  g_autoptr(AiperfRunSet) runs = load ("matmul-performance-fp16.csv", NULL);
  g_autoptr(AiperfRunSet) ms = load ("fp8-sweep.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGemmData) data = aiperf_gemm_data_new (runs, NULL, &error);
  g_autoptr(AiperfGemmData) timed = NULL;
  GPtrArray *warnings = aiperf_run_get_warnings (aiperf_run_set_get_run (runs, 0));
  const AiperfGemmPoint *p;

  g_assert_no_error (error);
  /* 2 rows × 2 providers, melted */
  g_assert_cmpuint (data->points->len, ==, 4);
  p = point (data, 1);
  g_assert_cmpstr (p->kernel, ==, "Triton");
  g_assert_cmpstr (p->library, ==, "Triton");
  /* no dtype column: the file's name says fp16 */
  g_assert_cmpstr (p->dtype, ==, "fp16");
  g_assert_cmpfloat (p->M, ==, 256);
  g_assert_cmpfloat_with_epsilon (p->tflops, 3.2768, 1e-12);
  g_assert_cmpstr (p->tflops_source, ==, "file");
  /* 3·256·256·2 bytes, 2·256³ FLOPs */
  g_assert_cmpfloat (p->bytes, ==, 393216);
  g_assert_cmpfloat_with_epsilon (p->ai, 33554432.0 / 393216, 1e-12);
  g_assert_nonnull (warnings);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "read as TFLOP/s"));

  /* "torch (ms)": times, scaled to µs */
  timed = aiperf_gemm_data_new (ms, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (timed->points->len, ==, 2);
  p = point (timed, 0);
  g_assert_cmpstr (p->kernel, ==, "torch");
  g_assert_cmpstr (p->dtype, ==, "fp8");
  g_assert_cmpfloat (p->time_us, ==, 250);
  g_assert_cmpfloat_with_epsilon (p->tflops, 2.0 * 4096 * 4096 * 4096 / 250e6, 1e-9);
  /* 4096²·1 + 4096²·1 + 4096²·2 */
  g_assert_cmpfloat (p->bytes, ==, 4.0 * 4096 * 4096);

  /* on the roofline, each provider is a series of its own */
  {
    g_autoptr(AiperfPlotSpec) spec = NULL;
    g_autoptr(AiperfChart) chart = NULL;
    const AiperfPlotHandler *type;
    guint n_points = 0;

    type = aiperf_plot_handler_find ("roofline");
    g_assert_nonnull (type);
    spec = aiperf_plot_spec_new ("roofline", type);
    chart = aiperf_handler_gemm_roofline (spec, runs, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (chart->series->len, ==, 2);
    g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 0))->name, ==, "fp16 · cuBLAS");
    g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 1))->name, ==, "fp16 · Triton");
    for (guint l = 0; l < chart->layers->len; l++)
      {
        AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

        if (layer->kind == AIPERF_LAYER_POINTS && layer->series == 1 && layer->pickable)
          n_points += aiperf_layer_get_n (layer);
      }
    g_assert_cmpuint (n_points, ==, 2);
  }
}

/* A triton perf_report swept over M alone: the message says N and K are
 * unknown (not "nothing to open"). */
static void
test_triton_m_only (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-gemm-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "matmul-performance-fp16.csv", NULL);
  const char *text = "M,cuBLAS,Triton\n256.0,4.096,3.2768\n1024.0,214.748,178.956\n";
  const char *paths[] = { path, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) runs = NULL;

  g_assert_cmpuint (sniff_text (path, text), ==, AIPERF_SNIFF_MAYBE);
  /* "M" and other columns that are not providers: not a GEMM table */
  g_assert_cmpuint (sniff_text (path, "M,name,dtype\n1,a,fp16\n"), ==, AIPERF_SNIFF_NO);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_assert_null (runs);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "N and K unknown"));
  g_assert_nonnull (strstr (error->message, "matmul-performance-fp16.csv:1:"));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_json (void)
{
  g_autoptr(AiperfRunSet) runs = load ("gemm-records.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGemmData) data = aiperf_gemm_data_new (runs, NULL, &error);
  GPtrArray *warnings = aiperf_run_get_warnings (aiperf_run_set_get_run (runs, 0));
  const AiperfGemmPoint *p;

  g_assert_no_error (error);
  g_assert_cmpuint (data->points->len, ==, 2);
  g_assert_cmpstr (data->gpu->name, ==, "MI300X");
  p = point (data, 0);
  g_assert_cmpstr (p->kernel, ==, "gate_up");
  g_assert_cmpstr (p->dtype, ==, "bf16");
  g_assert_cmpfloat (p->flops, ==, 4345298944.0);       /* 2·16·37888·3584 */
  g_assert_cmpfloat (p->bytes, ==, 272908288.0);        /* 16·3584·2 + 3584·37888·2 + 16·37888·2 */
  g_assert_cmpfloat_with_epsilon (p->tflops, 4345298944.0 / 60e6, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->attainable, 4345298944.0 / 272908288.0 * 5.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->efficiency, 0.8582021635220125, 1e-12);
  /* "K": "3584" as a string, "TFLOPS": 9.5 from the file */
  p = point (data, 1);
  g_assert_cmpfloat (p->K, ==, 3584);
  g_assert_cmpfloat (p->tflops, ==, 9.5);
  g_assert_cmpstr (p->tflops_source, ==, "file");
  /* "M": "sixteen" at line 9, column 11 */
  g_assert_nonnull (warnings);
  g_assert_true (g_str_has_suffix (g_ptr_array_index (warnings, 0),
                                   "gemm-records.json:9:11: “sixteen” in column M is not a number; row skipped"));
}

static gboolean
has_message (GPtrArray  *messages,
             const char *part)
{
  for (guint i = 0; messages != NULL && i < messages->len; i++)
    if (strstr (g_ptr_array_index (messages, i), part) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_broken (void)
{
  g_autoptr(AiperfRunSet) runs = load ("bad-rows.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGemmData) data = aiperf_gemm_data_new (runs, NULL, &error);
  GPtrArray *warnings = aiperf_run_get_warnings (aiperf_run_set_get_run (runs, 0));
  g_autofree char *missing = g_test_build_filename (G_TEST_DIST, FIXTURES, "missing-column.csv", NULL);
  const char *paths[] = { missing, NULL };
  g_autoptr(AiperfRunSet) none = NULL;

  g_assert_no_error (error);
  /* what can be read is read: "ok" and "weird" (unknown dtype, no bytes) */
  g_assert_cmpuint (data->points->len, ==, 2);
  g_assert_cmpstr (point (data, 1)->dtype, ==, "bf17");
  g_assert_true (isnan (point (data, 1)->bytes));
  g_assert_true (has_message (warnings, "bad-rows.csv:1:7: the unit “fortnights” of column “time_fortnights”"));
  g_assert_true (has_message (warnings, "bad-rows.csv:3:5: “x” in column K is not a number; row skipped"));
  g_assert_true (has_message (warnings, "bad-rows.csv:4:2: unknown dtype “bf17”"));
  g_assert_true (has_message (warnings, "bad-rows.csv:5:6: no time and no TFLOP/s; row skipped"));
  g_assert_true (has_message (warnings, "bad-rows.csv:6:6: “abc” in column time is not a number"));
  g_assert_true (has_message (warnings, "3 rows skipped"));

  /* a missing column: the file is reported, nothing crashes */
  none = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "missing-column.csv:1: missing column “N”"));
}

static void
test_gpu_peaks (void)
{
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  const char *user = "gpus:\n  - name: H100 SXM\n    bandwidth_tbs: 3.0\n    peak_tflops: {bf16: 900}\n"
                     "  - name: L40S\n    aliases: [l40s]\n    bandwidth_tbs: 0.864\n    peak_tflops: {bf16: 362, fp8: 733}\n";
  g_autoptr(AiperfGpuPeaks) merged = NULL;
  g_autoptr(AiperfGpuPeaks) extra = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) shipped = g_resources_lookup_data ("/org/aiperf/Plot/core/gpus/gpu-peaks.yaml", 0, &error);
  const AiperfGpuPreset *gpu;
  gsize length;
  const char *text;

  g_assert_no_error (error);
  gpu = aiperf_gpu_peaks_lookup (peaks, "h100");
  g_assert_cmpstr (gpu->name, ==, "H100 SXM");
  g_assert_cmpfloat (gpu->bandwidth_tbs, ==, 3.35);
  g_assert_cmpfloat (gpu->peak_tflops[AIPERF_GEMM_DTYPE_BF16], ==, 989);
  g_assert_cmpfloat (gpu->peak_tflops[AIPERF_GEMM_DTYPE_FP8], ==, 1979);
  g_assert_cmpfloat (gpu->peak_tflops[AIPERF_GEMM_DTYPE_TF32], ==, 495);
  g_assert_cmpfloat (gpu->peak_tflops[AIPERF_GEMM_DTYPE_FP32], ==, 67);
  g_assert_cmpstr (aiperf_gpu_peaks_lookup (peaks, "H200")->name, ==, "H200");
  g_assert_cmpfloat (aiperf_gpu_peaks_lookup (peaks, "H200")->bandwidth_tbs, ==, 4.8);
  gpu = aiperf_gpu_peaks_lookup (peaks, "A100");
  g_assert_cmpfloat (gpu->peak_tflops[AIPERF_GEMM_DTYPE_BF16], ==, 312);
  g_assert_cmpfloat (gpu->peak_tflops[AIPERF_GEMM_DTYPE_FP32], ==, 19.5);
  g_assert_true (isnan (gpu->peak_tflops[AIPERF_GEMM_DTYPE_FP8]));
  gpu = aiperf_gpu_peaks_lookup (peaks, "mi300x");
  g_assert_cmpfloat (gpu->peak_tflops[AIPERF_GEMM_DTYPE_BF16], ==, 1307);
  g_assert_cmpfloat (gpu->peak_tflops[AIPERF_GEMM_DTYPE_FP8], ==, 2615);
  g_assert_cmpfloat (gpu->bandwidth_tbs, ==, 5.3);
  gpu = aiperf_gpu_peaks_lookup (peaks, "b200");
  g_assert_cmpfloat (gpu->peak_tflops[AIPERF_GEMM_DTYPE_FP8], ==, 4500);
  g_assert_cmpfloat (gpu->bandwidth_tbs, ==, 8);
  g_assert_cmpstr (aiperf_gpu_peaks_lookup (peaks, "H100-PCIe")->name, ==, "H100 PCIe");
  g_assert_null (aiperf_gpu_peaks_lookup (peaks, "h1000"));
  /* a tool's device string: the longest alias it contains */
  g_assert_cmpstr (aiperf_gpu_peaks_match (peaks, "NVIDIA H100 80GB HBM3")->name, ==, "H100 SXM");
  g_assert_cmpstr (aiperf_gpu_peaks_match (peaks, "NVIDIA H100 PCIe")->name, ==, "H100 PCIe");
  g_assert_cmpstr (aiperf_gpu_peaks_match (peaks, "NVIDIA A100-SXM4-80GB")->name, ==, "A100 SXM 80GB");
  g_assert_null (aiperf_gpu_peaks_match (peaks, "NVIDIA RTX 6000 Ada Generation"));

  /* a user file replaces a preset of the same name and adds its own */
  text = g_bytes_get_data (shipped, &length);
  merged = aiperf_gpu_peaks_new_from_data (text, length, "shipped", &error);
  g_assert_no_error (error);
  extra = aiperf_gpu_peaks_new_from_data (user, strlen (user), "gpus.yaml", &error);
  g_assert_no_error (error);
  aiperf_gpu_peaks_merge (merged, extra);
  g_assert_cmpfloat (aiperf_gpu_peaks_lookup (merged, "h100 sxm")->bandwidth_tbs, ==, 3.0);
  g_assert_cmpfloat (aiperf_gpu_peaks_lookup (merged, "l40s")->peak_tflops[AIPERF_GEMM_DTYPE_FP8], ==, 733);
  g_assert_cmpuint (aiperf_gpu_peaks_get_n (merged), ==, aiperf_gpu_peaks_get_n (peaks) + 1);

  /* a broken user file says where */
  text = "gpus:\n  - name: X\n    bandwidth_tbs: 1\n    peak_tflops: {bf99: 3}\n";
  g_assert_null (aiperf_gpu_peaks_new_from_data (text, strlen (text), "gpus.yaml", &error));
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "gpus.yaml:4:"));
  g_assert_nonnull (strstr (error->message, "bf99"));
}

static void
test_filter (void)
{
  g_autoptr(AiperfRunSet) runs = load ("tracelens/h100/GEMM.csv", "long-synonyms.csv", NULL);
  g_autoptr(GHashTable) bf16 = options_new (NULL, "dtype=bfloat16");
  g_autoptr(GHashTable) both = options_new (NULL, "batch_size=8\nbatch_size=64\nmodel=llama-8b");
  g_autoptr(GHashTable) lib = options_new (NULL, "library=CUTLASS");
  g_autoptr(GHashTable) bad = options_new (NULL, "colour=red");
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGemmData) a = aiperf_gemm_data_new (runs, bf16, &error);
  g_autoptr(AiperfGemmData) b = aiperf_gemm_data_new (runs, both, &error);
  g_autoptr(AiperfGemmData) c = aiperf_gemm_data_new (runs, lib, &error);
  g_autoptr(AiperfGemmData) d = NULL;

  g_assert_no_error (error);
  /* 4 bf16 TraceLens rows + 2 bf16 rows of the long table */
  g_assert_cmpuint (a->points->len, ==, 6);
  g_assert_cmpuint (a->n_total, ==, 9);
  g_assert_cmpstr (a->filter, ==, "dtype=bfloat16");
  /* the same key twice is either, different keys both */
  g_assert_cmpuint (b->points->len, ==, 4);
  /* case-insensitive: the TraceLens bmm and the long table's down_proj */
  g_assert_cmpuint (c->points->len, ==, 2);
  d = aiperf_gemm_data_new (runs, bad, &error);
  g_assert_null (d);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_USAGE);
}

/* The heatmap preset becomes heatmap_<dtype>, one per dtype after --filter. */
static void
test_expand (void)
{
  g_autoptr(AiperfRunSet) runs = load ("tracelens/h100/GEMM.csv", "long-synonyms.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  GPtrArray *plots;
  const AiperfPlotSpec *heatmap = NULL;
  const AiperfKind *kind = aiperf_kinds_find ("gemm");
  g_autoptr(GPtrArray) specs = NULL;
  g_autoptr(GPtrArray) filtered = NULL;
  g_autoptr(AiperfPlotSpec) copy = NULL;
  g_autoptr(AiperfChart) chart = NULL;

  g_assert_no_error (error);
  plots = aiperf_plot_config_get_kind_plots (config, "gemm");
  g_assert_nonnull (plots);
  for (guint i = 0; i < plots->len; i++)
    if (g_str_equal (((AiperfPlotSpec *) g_ptr_array_index (plots, i))->name, "heatmap"))
      heatmap = g_ptr_array_index (plots, i);
  g_assert_nonnull (heatmap);
  g_assert_nonnull (kind->expand_preset);
  specs = kind->expand_preset (heatmap, runs);
  g_assert_cmpuint (specs->len, ==, 4);
  g_assert_cmpstr (((AiperfPlotSpec *) g_ptr_array_index (specs, 0))->name, ==, "heatmap_fp32");
  g_assert_cmpstr (((AiperfPlotSpec *) g_ptr_array_index (specs, 1))->name, ==, "heatmap_bf16");
  g_assert_cmpstr (((AiperfPlotSpec *) g_ptr_array_index (specs, 2))->name, ==, "heatmap_fp16");
  g_assert_cmpstr (((AiperfPlotSpec *) g_ptr_array_index (specs, 3))->name, ==, "heatmap_fp8");
  /* an expanded copy is not expanded again, and draws its dtype only */
  g_assert_null (kind->expand_preset (g_ptr_array_index (specs, 1), runs));
  chart = aiperf_handler_gemm_heatmap (g_ptr_array_index (specs, 1), runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (chart->panels);
  g_assert_nonnull (strstr (chart->title, "bf16"));
  /* no GPU named by TraceLens, but the long table names an H100: % of attainable;
   * rows by batch size (the long table has one), the TraceLens rows have none */
  {
    const AiperfLayer *cells = NULL, *hover = NULL;

    for (guint i = 0; i < chart->layers->len; i++)
      {
        const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

        if (layer->kind == AIPERF_LAYER_CELLS)
          cells = layer;
        else if (layer->kind == AIPERF_LAYER_POINTS && layer->pickable)
          hover = layer;
      }
    g_assert_nonnull (cells);
    g_assert_nonnull (hover);
    /* qkv_proj 6144×4096 at batch sizes 8 and 64 */
    g_assert_cmpuint (aiperf_layer_get_n (cells), ==, 2);
    g_assert_cmpfloat_with_epsilon (g_array_index (cells->value, double, 0), 100 * 0.3014656, 1e-6);
    g_assert_cmpstr (g_ptr_array_index (hover->labels, 0), ==,
                     "6144×4096 · batch size 8: 30.1% of attainable (1 row)");
    g_assert_nonnull (strstr (chart->note, "4 rows without a batch size are not shown"));
  }

  copy = aiperf_plot_spec_copy (heatmap);
  aiperf_plot_spec_set_extra (copy, "filter", "dtype=fp8");
  filtered = kind->expand_preset (copy, runs);
  g_assert_cmpuint (filtered->len, ==, 1);
  g_assert_cmpstr (((AiperfPlotSpec *) g_ptr_array_index (filtered, 0))->name, ==, "heatmap_fp8");
}

/* TraceLens's compare report (GEMM_intersect_mi300.csv, two of its rows):
 * one run per side, read from that side's columns; the differences
 * ("…_diff", "…_pct") are never a measurement (the summed kernel-time
 * difference read as kernel time gave 41 TFLOP/s where TraceLens has 610). */
static void
test_intersect (void)
{
  g_autoptr(AiperfRunSet) runs = load ("tracelens/compare/GEMM_intersect_mi300.csv", NULL);
  const char * const sides[] = { "h100", "mi300" };
  /* per side: the sheet's TFLOPS/s_mean and Kernel Time (µs)_mean of aten::mm 8944×2816×1024 */
  const double tflops[] = { 610.6657102342793, 466.8243456800369 };
  const double time_us[] = { 84.4844258626302, 110.58902994791669 };

  g_assert_cmpuint (sniff_file ("tracelens/compare/GEMM_intersect_mi300.csv"), ==, AIPERF_SNIFF_SURE);
  /* differences and no side: nothing to read */
  g_assert_cmpuint (sniff_text ("d.csv", "name,param: M,param: N,param: K,Kernel Time (µs)_sum__mi300_diff\n"), ==,
                    AIPERF_SNIFF_NO);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 2);
  for (guint s = 0; s < 2; s++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, s);
      AiperfTable *table = aiperf_run_get_table (run, AIPERF_GEMM_DATASET);
      int m = aiperf_table_find_column (table, AIPERF_GEMM_M);

      g_assert_cmpstr (aiperf_run_get_kind (run), ==, "gemm");
      g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, sides[s]);
      g_assert_cmpstr (aiperf_run_get_parameter (run, "gpu"), ==, sides[s]);
      g_assert_true (g_str_has_suffix (aiperf_run_get_locator (run), sides[s]));
      g_assert_cmpuint (aiperf_table_get_n_rows (table), ==, 2);
      g_assert_cmpfloat (aiperf_table_get (table, (guint) m, 0), ==, 8944);
      g_assert_cmpfloat (aiperf_table_get (table, aiperf_table_find_column (table, AIPERF_GEMM_N), 0), ==, 2816);
      g_assert_cmpfloat_with_epsilon (aiperf_table_get (table, aiperf_table_find_column (table, AIPERF_GEMM_TFLOPS), 0),
                                      tflops[s], 1e-9);
      g_assert_cmpfloat_with_epsilon (aiperf_table_get (table, aiperf_table_find_column (table, AIPERF_GEMM_TIME_US), 0),
                                      time_us[s], 1e-9);
    }
}

/* What the bar charts and heatmaps say they show: the top N by the value
 * drawn ("highest"), and bars or cells that are means of several rows
 * (here two llama-8b rows of one shape, and a mistral-7b row in the same
 * heatmap cell). */
/* The GEMM sheets of two GPUs (TraceLens's of an H100 and an MI300 run)
 * in one heatmap: each input its own row, so no cell is the mean of two
 * GPUs' measurements (gemm-perf's 8944×1024×2816 read 598*, the mean of
 * H100's 675 and MI300's 522). */
static void
test_heatmap_rows_per_input (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-gemm-XXXXXX", NULL);
  g_autofree char *h100 = g_build_filename (dir, "h100.csv", NULL);
  g_autofree char *mi300 = g_build_filename (dir, "mi300.csv", NULL);
  const char *paths[] = { h100, mi300, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autoptr(AiperfPlotSpec) heat = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  const AiperfLayer *cells = NULL;

  g_assert_true (g_file_set_contents (h100, "kernel,dtype,M,N,K,time_us\n"
                                            "mm,bf16,8,4096,4096,10\n", -1, NULL));
  g_assert_true (g_file_set_contents (mi300, "kernel,dtype,M,N,K,time_us\n"
                                             "mm,bf16,8,4096,4096,20\n", -1, NULL));
  runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  heat = aiperf_plot_spec_new ("heatmap", aiperf_plot_handler_find ("gemm_heatmap"));
  chart = aiperf_handler_gemm_heatmap (heat, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chart->y.tick_labels->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (chart->y.tick_labels, 0), ==, "8 · h100");
  g_assert_cmpstr (g_ptr_array_index (chart->y.tick_labels, 1), ==, "8 · mi300");
  for (guint l = 0; l < chart->layers->len; l++)
    if (((AiperfLayer *) g_ptr_array_index (chart->layers, l))->kind == AIPERF_LAYER_CELLS)
      cells = g_ptr_array_index (chart->layers, l);
  g_assert_nonnull (cells);
  g_assert_cmpuint (aiperf_layer_get_n (cells), ==, 2);
  /* 2·8·4096·4096 FLOPs in 10 µs and in 20 µs */
  g_assert_cmpfloat_with_epsilon (g_array_index (cells->value, double, 0), 2.0 * 8 * 4096 * 4096 / 10e-6 / 1e12, 1e-9);
  g_assert_cmpfloat_with_epsilon (g_array_index (cells->value, double, 1), 2.0 * 8 * 4096 * 4096 / 20e-6 / 1e12, 1e-9);
  g_assert_null (chart->note != NULL ? strstr (chart->note, "mean of several rows") : NULL);
  g_unlink (h100);
  g_unlink (mi300);
  g_rmdir (dir);
}

static void
test_chart_notes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-gemm-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sweep.csv", NULL);
  const char *paths[] = { path, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autoptr(AiperfPlotSpec) bars = NULL, heat = NULL;
  g_autoptr(AiperfChart) bar_chart = NULL, heat_chart = NULL;
  const AiperfLayer *text = NULL;
  const AiperfPlotHandler *type;
  gboolean marked = FALSE;

  g_assert_true (g_file_set_contents (path,
                                      "kernel,model,batch_size,dtype,M,N,K,time_us\n"
                                      "qkv,llama-8b,8,bf16,8,6144,4096,10\n"
                                      "qkv,mistral-7b,8,bf16,8,6144,4096,20\n"
                                      "qkv,llama-8b,8,bf16,8,6144,4096,30\n"
                                      "down,llama-8b,8,bf16,8,4096,14336,40\n"
                                      "small,llama-8b,8,bf16,8,128,128,1\n", -1, NULL));
  runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  type = aiperf_plot_handler_find ("gemm_bars");
  g_assert_nonnull (type);
  bars = aiperf_plot_spec_new ("gemm_tflops", type);
  aiperf_plot_spec_set_extra (bars, "metric", "tflops");
  aiperf_plot_spec_set_extra (bars, "top", "2");
  bar_chart = aiperf_handler_gemm_bars (bars, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s", bar_chart->note);
  g_assert_nonnull (strstr (bar_chart->note, "the 2 kernel shapes with the highest TFLOP/s, of 4"));
  g_assert_null (strstr (bar_chart->note, "largest"));
  /* a note reads as a sentence: "The input names no known GPU: …" */
  g_assert_true (g_str_has_prefix (bar_chart->note, "The input names no known GPU: no ceilings"));
  /* the two llama-8b qkv rows are one bar, among the two kept */
  g_assert_nonnull (strstr (bar_chart->note, "1 bar is the mean of several rows of one shape (up to 2"));

  type = aiperf_plot_handler_find ("gemm_heatmap");
  g_assert_nonnull (type);
  heat = aiperf_plot_spec_new ("heatmap", type);
  heat_chart = aiperf_handler_gemm_heatmap (heat, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s", heat_chart->note);
  g_assert_nonnull (strstr (heat_chart->note, "1 cell (marked *) is the mean of several rows, 1 of them of several models"));
  g_assert_true (g_str_has_prefix (heat_chart->note, "The input names no known GPU: no ceilings"));
  for (guint l = 0; l < heat_chart->layers->len; l++)
    if (((AiperfLayer *) g_ptr_array_index (heat_chart->layers, l))->kind == AIPERF_LAYER_TEXT)
      text = g_ptr_array_index (heat_chart->layers, l);
  g_assert_nonnull (text);
  for (guint i = 0; i < text->labels->len; i++)
    marked = marked || g_str_has_suffix (g_ptr_array_index (text->labels, i), "*");
  g_assert_true (marked);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/format/gemm/sniff", test_sniff);
  g_test_add_func ("/aiperf/format/gemm/maths", test_maths);
  g_test_add_func ("/aiperf/format/gemm/tracelens", test_tracelens);
  g_test_add_func ("/aiperf/format/gemm/tracelens-intersect", test_intersect);
  g_test_add_func ("/aiperf/format/gemm/long-synonyms", test_long_synonyms);
  g_test_add_func ("/aiperf/format/gemm/triton", test_triton);
  g_test_add_func ("/aiperf/format/gemm/triton-m-only", test_triton_m_only);
  g_test_add_func ("/aiperf/gemm/chart-notes", test_chart_notes);
  g_test_add_func ("/aiperf/gemm/heatmap-rows-per-input", test_heatmap_rows_per_input);
  g_test_add_func ("/aiperf/format/gemm/json", test_json);
  g_test_add_func ("/aiperf/format/gemm/broken", test_broken);
  g_test_add_func ("/aiperf/gemm/gpu-peaks", test_gpu_peaks);
  g_test_add_func ("/aiperf/gemm/filter", test_filter);
  g_test_add_func ("/aiperf/gemm/expand", test_expand);
  return g_test_run ();
}
