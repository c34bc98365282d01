/* aiperf-gemm-private.h — GEMM kernel benchmarks: the measurements of the
 * open runs after --filter, with the GPU peaks in use and each row's
 * attainable TFLOP/s and efficiency; the charts (roofline, per-dtype
 * heatmap, AI and TFLOP/s per kernel), the summary section, the
 * gemm_roofline.csv data file and the per-dtype split of presets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-compare-measure.h"
#include "aiperf-gemm.h"
#include "aiperf-gpu-peaks.h"
#include "aiperf-plot-helpers.h"
#include "aiperf-data-table.h"
#include "aiperf-run-set.h"

G_BEGIN_DECLS

#define AIPERF_KIND_GEMM "gemm"

/* Analysis options (session options, preset keys). */
#define AIPERF_GEMM_OPTION_GPU    "gpu"     /* --gpu h100 */
#define AIPERF_GEMM_OPTION_FILTER "filter"  /* --filter key=value, one per line */
/* Set on the copies a preset with "split: dtype" becomes (one chart per
 * value): the column and the value of this copy. */
#define AIPERF_GEMM_OPTION_SPLIT       "split"
#define AIPERF_GEMM_OPTION_SPLIT_VALUE "split_value"

/* One measurement. Strings belong to the runs' tables. */
/* Chart ids of GEMM points are this plus the point's id, so that they are
 * never taken for run positions (which the window names in hovers). */
#define AIPERF_GEMM_ID_BASE (1 << 24)
/* Preset key: the id of the point to ring on the roofline (the window's
 * table selection). */
#define AIPERF_GEMM_OPTION_HIGHLIGHT "highlight"

typedef struct {
  int         id;           /* the row's place among all rows of the run set, filter or not */
  int         run;          /* position in the run set */
  guint       row;          /* in that run's gemm table */
  const char *kernel, *model, *dtype, *dtype_c, *library, *layer, *gpu, *device_kernel;
  const char *flops_source, *bytes_source, *tflops_source;
  double      M, N, K, batch, batch_size, time_us, flops, bytes, ai, tflops;
  double      attainable;   /* NaN without GPU peaks for its dtype */
  double      efficiency;   /* tflops ÷ attainable */
} AiperfGemmPoint;

typedef struct {
  GArray          *points;      /* AiperfGemmPoint, filtered */
  guint            n_total;     /* before the filter */
  char            *filter;      /* "dtype=bf16, batch_size=8", or NULL */
  const AiperfGpuPreset *gpu;         /* NULL: no ceilings */
  char            *gpu_origin;  /* how it was chosen: "--gpu h100", "named by the input: …" */
  char            *gpu_problem; /* why there is none, or NULL */
  gboolean         gpu_asked;   /* the options named one ("gpu") */
  GPtrArray       *dtypes;      /* char*: distinct dtypes, by precision then name */
  GPtrArray       *run_labels;  /* char*: per run position */
} AiperfGemmData;

/* The GEMM rows of @runs after @options' filter (key=value lines in
 * "filter", and split/split_value), with the GPU of "gpu" (else the one
 * the input names). NULL with @error (AIPERF_ERROR_NO_DATA) when no run
 * has GEMM rows, AIPERF_ERROR_USAGE for a filter it does not understand. */
AiperfGemmData *aiperf_gemm_data_new      (AiperfRunSet *runs,
                                           GHashTable   *options,
                                           GError      **error);
/* The same from a preset's keys (where the export put the options). */
AiperfGemmData *aiperf_gemm_data_for_spec (const AiperfPlotSpec *spec,
                                           AiperfRunSet         *runs,
                                           GError              **error);
void            aiperf_gemm_data_free     (AiperfGemmData *data);
/* The point with id @id, or NULL (filtered out, or no such row). */
const AiperfGemmPoint *aiperf_gemm_data_find   (AiperfGemmData *data,
                                                int             id);
/* "aten::mm 8944×2816×1024" (with "×B" for batched GEMMs). */
char           *aiperf_gemm_point_label   (const AiperfGemmPoint *point);
/* "BF16/FP16 989 TFLOP/s": the text of a ceiling. */
double          aiperf_gemm_data_peak     (AiperfGemmData *data,
                                           const char     *dtype);
/* Notes on where the bytes and TFLOP/s came from ("bytes: from the file"),
 * or NULL when all were computed. */
char           *aiperf_gemm_data_sources  (AiperfGemmData *data);
/* A chart note made of " · "-joined parts, as a sentence (its first
 * letter upper case: the parts are written to follow one another); NULL
 * when empty. */
char           *aiperf_gemm_note_text     (const GString  *note);

/* Handlers (aiperf-handler-gemm.c, aiperf-handler-gemm-heatmap.c). */
AiperfChart *aiperf_handler_gemm_roofline (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_gemm_bars     (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_gemm_heatmap  (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors *colors, GError **error);

/* The kind's table: the measurements after the filter
 * (aiperf-gemm-table.c). */
AiperfDataTable *aiperf_gemm_data_table   (AiperfRunSet *runs,
                                           GHashTable   *options);

/* The kind's hooks (aiperf-gemm-summary.c). */
char        *aiperf_gemm_summary_section  (AiperfRunSet *runs,
                                           GHashTable   *options);
gboolean     aiperf_gemm_write_files      (AiperfRunSet *runs,
                                           GHashTable   *options,
                                           const char   *directory,
                                           GPtrArray    *files,
                                           GError      **error);
GPtrArray   *aiperf_gemm_expand_preset    (const AiperfPlotSpec *spec,
                                           AiperfRunSet         *runs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfGemmData, aiperf_gemm_data_free)

/* aiperf-gemm-comparison.c: TFLOP/s per shape, dtype, library and kernel
 * (the kind's `compare`). */
void aiperf_compare_gemm (AiperfComparison *comparison,
                          const char       *configuration,
                          GPtrArray        *baseline,
                          GPtrArray        *candidate,
                          GCancellable     *cancellable);

G_END_DECLS
