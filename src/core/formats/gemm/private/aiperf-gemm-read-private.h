/* aiperf-gemm-read-private.h — what the GEMM table reader's files share: the
 * meaning of a column header, and the builder that turns one row of
 * values into a row of the `gemm` dataset with its FLOPs, bytes and
 * TFLOP/s.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-format.h"
#include "aiperf-gemm.h"
#include "aiperf-table.h"

G_BEGIN_DECLS

typedef enum {
  GEMM_ROLE_NONE,
  GEMM_ROLE_KERNEL,
  GEMM_ROLE_MODEL,
  GEMM_ROLE_DTYPE,          /* A and B, or A then B in a tuple */
  GEMM_ROLE_DTYPE_C,
  GEMM_ROLE_COMPUTE_SPEC,   /* TraceLens "matrix_bf16": the dtype when nothing else says */
  GEMM_ROLE_LIBRARY,
  GEMM_ROLE_LAYER,
  GEMM_ROLE_GPU,
  GEMM_ROLE_KERNEL_DETAILS, /* TraceLens: the device kernels behind the op */
  GEMM_ROLE_M,
  GEMM_ROLE_N,
  GEMM_ROLE_K,
  GEMM_ROLE_BATCH,          /* batched-GEMM count */
  GEMM_ROLE_BATCH_SIZE,     /* serving batch size */
  GEMM_ROLE_TIME,           /* scaled to µs */
  GEMM_ROLE_TFLOPS,         /* scaled to TFLOP/s */
  GEMM_ROLE_FLOPS,          /* an amount, scaled to FLOP */
  GEMM_ROLE_BYTES,          /* scaled to bytes */
  GEMM_ROLE_AI,             /* FLOP/byte */
  GEMM_N_ROLES,
} GemmRole;

typedef struct {
  GemmRole  role;
  double    scale;  /* to the role's unit */
  guint     rank;   /* 0 for the plain value or mean, higher for median, min, … */
  char     *error;  /* a header whose unit is not known (the column is unused) */
} GemmColumn;

/* What header @raw means. Never fails: an unknown header is ROLE_NONE; a
 * known measure with a unit it does not know sets @out->error. */
void      gemm_column_classify     (const char *raw,
                                    GemmColumn *out);
void      gemm_column_clear        (GemmColumn *column);
/* For each role, the index of the column that fills it (best rank first),
 * or -1. */
void      gemm_columns_pick        (const GemmColumn *columns,
                                    guint             n,
                                    int              *by_role);
/* Name of a role for messages ("M", "time", …). */
const char *gemm_role_name         (GemmRole role);
/* A triton perf_report table: how many x columns (M, N, K, batch) come
 * first, followed only by provider columns; 0 when it is not one. */
guint     gemm_wide_x_columns      (const GemmColumn *columns,
                                    guint             n);
/* What a provider column measures ("Triton (ms)": time, scaled to µs by
 * @scale; "cuBLAS TFLOPS": TFLOP/s), GEMM_ROLE_NONE when it names no unit. */
GemmRole  gemm_provider_metric     (const char *header,
                                    double     *scale);
/* "Triton (ms)" → "Triton". */
char     *gemm_provider_name       (const char *header);

/* One input row, before the maths. */
typedef struct {
  const char *text[GEMM_N_ROLES];      /* NULL or the cell's text */
  double      number[GEMM_N_ROLES];    /* NaN unless set from a JSON number */
  guint       column[GEMM_N_ROLES];    /* 1-based column (CSV) or column (JSON) for errors */
  guint       line;                    /* where the row is */
  guint       line_of[GEMM_N_ROLES];   /* JSON: the line of each value; 0 = @line */
} GemmRow;

typedef struct {
  const char       *path;
  AiperfTable      *table;
  AiperfLoadResult *result;
  GPtrArray        *notes;        /* char*: warnings that go on the run */
  AiperfGemmDtype   file_dtype;   /* triton: from the file's name when it has no column */
  const char       *side;         /* a comparison sheet's side ("h100"), or NULL */
  guint             n_bad;        /* rows skipped */
  guint             n_warnings;   /* cells that could not be read (capped in messages) */
  /* column indices of the table, cached */
  guint c_kernel, c_model, c_dtype, c_dtype_c, c_library, c_layer, c_gpu, c_device_kernel;
  guint c_flops_src, c_bytes_src, c_tflops_src;
  guint c_m, c_n, c_k, c_batch, c_batch_size, c_time, c_flops, c_bytes, c_ai, c_tflops, c_line;
} GemmBuilder;

void      gemm_row_init            (GemmRow     *row,
                                    guint        line);
void      gemm_builder_init        (GemmBuilder *builder,
                                    const char  *path,
                                    AiperfLoadResult *result);
void      gemm_builder_clear       (GemmBuilder *builder);
/* Checks and computes @row and appends it to the table. FALSE (the row is
 * skipped, the error added) when it lacks a shape or any measure. */
gboolean  gemm_builder_add         (GemmBuilder *builder,
                                    const GemmRow *row);
/* A note about a cell that could not be read; the row is kept. */
void      gemm_builder_warn        (GemmBuilder *builder,
                                    guint        line,
                                    guint        column,
                                    const char  *format,
                                    ...) G_GNUC_PRINTF (4, 5);

/* Comparison sheets (TraceLens's compare report, `GEMM_intersect_<b>.csv`):
 * the shared columns, per-side columns "<side>::TFLOPS/s_mean", and
 * differences "…__<b>_diff", "…__<b>_pct" (aiperf-gemm-compare.c). */

/* The header @raw as side @side reads it: its "<side>::" removed; another
 * side's column and every difference become "" (not read). */
char     *gemm_header_for_side     (const char *raw,
                                    const char *side);
/* The sides of a comparison sheet's @headers, in column order (char*), or
 * NULL when @headers have neither sides nor differences. A sheet with
 * differences but no sides gives an empty array. */
GPtrArray *gemm_comparison_sides   (const char * const *headers,
                                    guint               n);

/* Readers (aiperf-format-gemm.c dispatches). Each appends rows to
 * @builder; FALSE with an error in the result when the file as a whole is
 * not readable. */
gboolean  gemm_read_csv            (GemmBuilder *builder,
                                    const char  *text,
                                    gsize        length);
gboolean  gemm_read_json           (GemmBuilder *builder,
                                    const char  *text,
                                    gsize        length,
                                    char       **out_gpu);

G_END_DECLS
