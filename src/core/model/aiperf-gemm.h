/* aiperf-gemm.h — GEMM kernel measurements: the `gemm` dataset's columns,
 * element types, and the roofline maths (FLOPs, ideal bytes, arithmetic
 * intensity, achieved and attainable TFLOP/s).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The dataset a GEMM benchmark file gives its run: an AiperfTable, one row
 * per kernel measurement (shape × dtype × library × …). */
#define AIPERF_GEMM_DATASET       "gemm"

/* String columns (NULL where the input does not say). */
#define AIPERF_GEMM_KERNEL        "kernel"       /* op or kernel name: "aten::mm", "qkv_proj" */
#define AIPERF_GEMM_MODEL         "model"
#define AIPERF_GEMM_DTYPE         "dtype"        /* canonical: bf16, fp16, fp8, fp32, … */
#define AIPERF_GEMM_DTYPE_C       "dtype_c"      /* the output's: bf16 unless the input says */
#define AIPERF_GEMM_LIBRARY       "library"      /* cublas, triton, hipblaslt, … */
#define AIPERF_GEMM_LAYER         "layer"        /* layer tag when the input has one */
#define AIPERF_GEMM_GPU           "gpu"          /* the GPU the input names */
#define AIPERF_GEMM_DEVICE_KERNEL "device_kernel" /* TraceLens: the GPU kernel behind the op */
/* "file" or "computed": where flops, bytes and tflops came from. */
#define AIPERF_GEMM_FLOPS_SOURCE  "flops_source"
#define AIPERF_GEMM_BYTES_SOURCE  "bytes_source"
#define AIPERF_GEMM_TFLOPS_SOURCE "tflops_source"
/* Numeric columns (NaN where unknown). */
#define AIPERF_GEMM_M             "M"
#define AIPERF_GEMM_N             "N"
#define AIPERF_GEMM_K             "K"
#define AIPERF_GEMM_BATCH         "batch"        /* batched-GEMM count (1 when none); multiplies FLOPs */
#define AIPERF_GEMM_BATCH_SIZE    "batch_size"   /* a serving batch size: does not multiply */
#define AIPERF_GEMM_TIME_US       "time_us"
#define AIPERF_GEMM_FLOPS         "flops"
#define AIPERF_GEMM_BYTES         "bytes"
#define AIPERF_GEMM_AI            "ai"           /* FLOP/byte */
#define AIPERF_GEMM_TFLOPS        "tflops"       /* achieved TFLOP/s */
#define AIPERF_GEMM_LINE          "line"         /* where the row is in its file */

#define AIPERF_GEMM_FROM_FILE     "file"
#define AIPERF_GEMM_COMPUTED      "computed"

/* Element types of GEMM operands. */
typedef enum {
  AIPERF_GEMM_DTYPE_UNKNOWN,
  AIPERF_GEMM_DTYPE_FP64,
  AIPERF_GEMM_DTYPE_FP32,
  AIPERF_GEMM_DTYPE_TF32,
  AIPERF_GEMM_DTYPE_BF16,
  AIPERF_GEMM_DTYPE_FP16,
  AIPERF_GEMM_DTYPE_FP8,
  AIPERF_GEMM_DTYPE_INT8,
  AIPERF_GEMM_DTYPE_FP4,
  AIPERF_GEMM_N_DTYPES,
} AiperfGemmDtype;

/* The spellings tools write ("bf16", "c10::BFloat16", "torch.float16",
 * "half", "f32_r", "float8_e4m3fn", "fp8_e5m2", "matrix_bf16", …), in any
 * case. UNKNOWN when @text is none of them. */
AiperfGemmDtype aiperf_gemm_dtype_parse   (const char      *text);
/* "bf16", "fp32", …; NULL for UNKNOWN. */
const char     *aiperf_gemm_dtype_name    (AiperfGemmDtype  dtype);
/* Bytes per element: 2 for bf16/fp16, 1 for fp8/int8, 4 for fp32/tf32,
 * 8 for fp64, 0.5 for fp4; NaN for UNKNOWN. */
double          aiperf_gemm_dtype_size    (AiperfGemmDtype  dtype);
/* The output's type when the input does not give it: bf16, except for
 * float GEMMs (fp32/tf32/fp64 inputs), which write their own type. */
AiperfGemmDtype aiperf_gemm_default_c     (AiperfGemmDtype  ab);

/* 2·M·N·K·batch. */
double          aiperf_gemm_flops         (double M, double N, double K, double batch);
/* batch·(M·K·sA + K·N·sB + M·N·sC): every operand read or written once. */
double          aiperf_gemm_ideal_bytes   (double M, double N, double K, double batch,
                                           double size_a, double size_b, double size_c);
/* FLOPs over time in µs, in TFLOP/s. */
double          aiperf_gemm_tflops        (double flops, double time_us);
/* min(@peak_tflops, @ai × @bandwidth_tbs): NaN when either is unknown. */
double          aiperf_gemm_attainable    (double ai, double peak_tflops, double bandwidth_tbs);

G_END_DECLS
