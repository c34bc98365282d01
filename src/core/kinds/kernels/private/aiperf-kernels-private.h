/* aiperf-kernels-private.h — the kernels kind's charts
 * (aiperf-handler-kernels.c), table, kernel_analysis.json and summary.txt
 * (aiperf-kernels-analysis.c), over the kernel data of aiperf-kernel-data.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-kernel-data.h"
#include "aiperf-plot-helpers.h"

G_BEGIN_DECLS

/* Handlers (aiperf-handler-kernels.c), multi-run scope. */
AiperfChart *aiperf_handler_top_kernels       (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                               const AiperfClassification *classification,
                                               AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_kernel_categories (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                               const AiperfClassification *classification,
                                               AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_kernel_deltas     (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                               const AiperfClassification *classification,
                                               AiperfPlotColors *colors, GError **error);
/* TRUE when some run of @runs has kernels (a TraceLens report may hold only
 * its GPU timeline or its ops sheet). */
gboolean     aiperf_handler_kernels_applies   (const AiperfPlotSpec *spec,
                                               AiperfRunSet         *runs);
gboolean     aiperf_handler_kernel_deltas_applies (const AiperfPlotSpec *spec,
                                                   AiperfRunSet         *runs);
/* A TraceLens report's GPU time breakdown (gpu_timeline.csv), per report. */
AiperfChart *aiperf_handler_gpu_timeline      (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                               const AiperfClassification *classification,
                                               AiperfPlotColors *colors, GError **error);
gboolean     aiperf_handler_gpu_timeline_applies (const AiperfPlotSpec *spec,
                                                  AiperfRunSet         *runs);

/* A TraceLens report's direct kernel time per op (ops_summary.csv), the top
 * ops (spec key "top"), a bar per report (aiperf-handler-tracelens-ops.c). */
AiperfChart *aiperf_handler_tracelens_ops     (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                               const AiperfClassification *classification,
                                               AiperfPlotColors *colors, GError **error);
gboolean     aiperf_handler_tracelens_ops_applies (const AiperfPlotSpec *spec,
                                                   AiperfRunSet         *runs);

/* The kind's table: every kernel of each compared source
 * (aiperf-kernels-table.c). */
AiperfDataTable *aiperf_kernels_data_table    (AiperfRunSet *runs,
                                               GHashTable   *options);

/* The kind's hooks (aiperf-kernels-analysis.c). */
char        *aiperf_kernels_summary_section   (AiperfRunSet *runs);
gboolean     aiperf_kernels_write_files       (AiperfRunSet *runs,
                                               GHashTable   *options,
                                               const char   *directory,
                                               GPtrArray    *files,
                                               GError      **error);
/* The TraceLens reports of @runs (GPU timeline, op categories) for
 * summary.txt, or NULL. */
char        *aiperf_kernels_tracelens_section (AiperfRunSet *runs);
/* kernel_analysis.json's text for @runs (NULL without kernel summaries). */
char        *aiperf_kernels_analysis_json     (AiperfRunSet *runs);

G_END_DECLS
