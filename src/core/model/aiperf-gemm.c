/* aiperf-gemm.c — GEMM element types and roofline maths.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-gemm.h"

static const struct {
  const char *name;
  double      size;
} dtypes[AIPERF_GEMM_N_DTYPES] = {
  [AIPERF_GEMM_DTYPE_UNKNOWN] = { NULL, NAN },
  [AIPERF_GEMM_DTYPE_FP64] = { "fp64", 8 },
  [AIPERF_GEMM_DTYPE_FP32] = { "fp32", 4 },
  [AIPERF_GEMM_DTYPE_TF32] = { "tf32", 4 },
  [AIPERF_GEMM_DTYPE_BF16] = { "bf16", 2 },
  [AIPERF_GEMM_DTYPE_FP16] = { "fp16", 2 },
  [AIPERF_GEMM_DTYPE_FP8]  = { "fp8", 1 },
  [AIPERF_GEMM_DTYPE_INT8] = { "int8", 1 },
  [AIPERF_GEMM_DTYPE_FP4]  = { "fp4", 0.5 },
};

/* Spellings, compared after lower-casing and dropping everything but
 * letters and digits ("c10::BFloat16" → "c10bfloat16", "f32_r" → "f32r"). */
static const struct {
  const char      *spelling;
  AiperfGemmDtype  dtype;
} spellings[] = {
  { "bf16", AIPERF_GEMM_DTYPE_BF16 }, { "bfloat16", AIPERF_GEMM_DTYPE_BF16 },
  { "c10bfloat16", AIPERF_GEMM_DTYPE_BF16 }, { "torchbfloat16", AIPERF_GEMM_DTYPE_BF16 },
  { "bf16r", AIPERF_GEMM_DTYPE_BF16 }, { "matrixbf16", AIPERF_GEMM_DTYPE_BF16 },
  { "fp16", AIPERF_GEMM_DTYPE_FP16 }, { "f16", AIPERF_GEMM_DTYPE_FP16 }, { "half", AIPERF_GEMM_DTYPE_FP16 },
  { "float16", AIPERF_GEMM_DTYPE_FP16 }, { "c10half", AIPERF_GEMM_DTYPE_FP16 },
  { "torchfloat16", AIPERF_GEMM_DTYPE_FP16 }, { "torchhalf", AIPERF_GEMM_DTYPE_FP16 },
  { "f16r", AIPERF_GEMM_DTYPE_FP16 }, { "h", AIPERF_GEMM_DTYPE_FP16 }, { "matrixfp16", AIPERF_GEMM_DTYPE_FP16 },
  { "fp32", AIPERF_GEMM_DTYPE_FP32 }, { "f32", AIPERF_GEMM_DTYPE_FP32 }, { "float", AIPERF_GEMM_DTYPE_FP32 },
  { "float32", AIPERF_GEMM_DTYPE_FP32 }, { "torchfloat32", AIPERF_GEMM_DTYPE_FP32 },
  { "torchfloat", AIPERF_GEMM_DTYPE_FP32 }, { "f32r", AIPERF_GEMM_DTYPE_FP32 }, { "s", AIPERF_GEMM_DTYPE_FP32 },
  { "single", AIPERF_GEMM_DTYPE_FP32 }, { "matrixfp32", AIPERF_GEMM_DTYPE_FP32 },
  { "tf32", AIPERF_GEMM_DTYPE_TF32 }, { "xf32", AIPERF_GEMM_DTYPE_TF32 }, { "xf32r", AIPERF_GEMM_DTYPE_TF32 },
  { "matrixtf32", AIPERF_GEMM_DTYPE_TF32 },
  { "fp64", AIPERF_GEMM_DTYPE_FP64 }, { "f64", AIPERF_GEMM_DTYPE_FP64 }, { "double", AIPERF_GEMM_DTYPE_FP64 },
  { "float64", AIPERF_GEMM_DTYPE_FP64 }, { "torchfloat64", AIPERF_GEMM_DTYPE_FP64 }, { "f64r", AIPERF_GEMM_DTYPE_FP64 },
  { "d", AIPERF_GEMM_DTYPE_FP64 }, { "matrixfp64", AIPERF_GEMM_DTYPE_FP64 },
  { "fp8", AIPERF_GEMM_DTYPE_FP8 }, { "f8", AIPERF_GEMM_DTYPE_FP8 }, { "float8", AIPERF_GEMM_DTYPE_FP8 },
  { "e4m3", AIPERF_GEMM_DTYPE_FP8 }, { "e5m2", AIPERF_GEMM_DTYPE_FP8 }, { "matrixfp8", AIPERF_GEMM_DTYPE_FP8 },
  { "int8", AIPERF_GEMM_DTYPE_INT8 }, { "i8", AIPERF_GEMM_DTYPE_INT8 }, { "i8r", AIPERF_GEMM_DTYPE_INT8 },
  { "torchint8", AIPERF_GEMM_DTYPE_INT8 }, { "matrixint8", AIPERF_GEMM_DTYPE_INT8 },
  { "fp4", AIPERF_GEMM_DTYPE_FP4 }, { "nvfp4", AIPERF_GEMM_DTYPE_FP4 }, { "mxfp4", AIPERF_GEMM_DTYPE_FP4 },
  { "e2m1", AIPERF_GEMM_DTYPE_FP4 },
};

AiperfGemmDtype
aiperf_gemm_dtype_parse (const char *text)
{
  char key[48];
  gsize n = 0;

  if (text == NULL)
    return AIPERF_GEMM_DTYPE_UNKNOWN;
  for (const char *p = text; *p != '\0' && n + 1 < sizeof key; p++)
    if (g_ascii_isalnum (*p))
      key[n++] = g_ascii_tolower (*p);
  key[n] = '\0';
  if (n == 0)
    return AIPERF_GEMM_DTYPE_UNKNOWN;
  for (guint i = 0; i < G_N_ELEMENTS (spellings); i++)
    if (strcmp (key, spellings[i].spelling) == 0)
      return spellings[i].dtype;
  /* The FP8 family has many spellings: float8_e4m3fn, c10::Float8_e4m3fnuz,
   * fp8_e4m3, torch.float8_e5m2, f8_e4m3_r… */
  if (strstr (key, "float8") != NULL || strstr (key, "fp8") != NULL || strstr (key, "e4m3") != NULL ||
      strstr (key, "e5m2") != NULL || g_str_has_prefix (key, "f8"))
    return AIPERF_GEMM_DTYPE_FP8;
  if (strstr (key, "fp4") != NULL || strstr (key, "e2m1") != NULL)
    return AIPERF_GEMM_DTYPE_FP4;
  return AIPERF_GEMM_DTYPE_UNKNOWN;
}

const char *
aiperf_gemm_dtype_name (AiperfGemmDtype dtype)
{
  g_return_val_if_fail ((guint) dtype < AIPERF_GEMM_N_DTYPES, NULL);

  return dtypes[dtype].name;
}

double
aiperf_gemm_dtype_size (AiperfGemmDtype dtype)
{
  g_return_val_if_fail ((guint) dtype < AIPERF_GEMM_N_DTYPES, NAN);

  return dtypes[dtype].size;
}

AiperfGemmDtype
aiperf_gemm_default_c (AiperfGemmDtype ab)
{
  /* Low-precision GEMMs write bf16 (an FP8 GEMM's output is not FP8);
   * a float GEMM writes float (TraceLens's byte counts agree). */
  if (ab == AIPERF_GEMM_DTYPE_FP32 || ab == AIPERF_GEMM_DTYPE_TF32)
    return AIPERF_GEMM_DTYPE_FP32;
  if (ab == AIPERF_GEMM_DTYPE_FP64)
    return AIPERF_GEMM_DTYPE_FP64;
  return AIPERF_GEMM_DTYPE_BF16;
}

double
aiperf_gemm_flops (double M,
                   double N,
                   double K,
                   double batch)
{
  return 2.0 * M * N * K * (isfinite (batch) ? batch : 1.0);
}

double
aiperf_gemm_ideal_bytes (double M,
                         double N,
                         double K,
                         double batch,
                         double size_a,
                         double size_b,
                         double size_c)
{
  return (isfinite (batch) ? batch : 1.0) * (M * K * size_a + K * N * size_b + M * N * size_c);
}

double
aiperf_gemm_tflops (double flops,
                    double time_us)
{
  if (!(time_us > 0) || !isfinite (flops))
    return NAN;
  /* FLOPs / (t_us · 1e-6 s) / 1e12 */
  return flops / (time_us * 1e6);
}

double
aiperf_gemm_attainable (double ai,
                        double peak_tflops,
                        double bandwidth_tbs)
{
  if (!isfinite (ai) || !isfinite (peak_tflops) || !isfinite (bandwidth_tbs))
    return NAN;
  return MIN (peak_tflops, ai * bandwidth_tbs);
}
