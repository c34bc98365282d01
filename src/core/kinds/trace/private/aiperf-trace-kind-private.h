/* aiperf-trace-kind-private.h — traces' charts and files
 * (aiperf-trace-analysis.c): the iterations handler and the kind's hooks;
 * the counters chart.
 * Their kernels are the kernels kind's data (aiperf-kernel-data.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-kernel-data.h"
#include "aiperf-trace-names.h"
#include "aiperf-plot-helpers.h"

G_BEGIN_DECLS

#define AIPERF_KIND_TRACE "trace"

AiperfChart *aiperf_handler_iterations    (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors *colors, GError **error);
/* TRUE when a trace of @runs has ProfilerStep#N iterations. */
gboolean     aiperf_handler_iterations_applies (const AiperfPlotSpec *spec,
                                                AiperfRunSet         *runs);
/* aiperf-handler-counters.c */
AiperfChart *aiperf_handler_counters      (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors *colors, GError **error);
gboolean     aiperf_handler_counters_applies (const AiperfPlotSpec *spec,
                                              AiperfRunSet         *runs);
/* aiperf-handler-trace-hta.c: HTA's temporal breakdown per GPU (rank)
 * and idle time per stream, for traces with device events. */
AiperfChart *aiperf_handler_temporal_breakdown (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                                const AiperfClassification *classification,
                                                AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_idle_time     (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_kernel_types  (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors *colors, GError **error);
gboolean     aiperf_handler_trace_hta_applies (const AiperfPlotSpec *spec,
                                               AiperfRunSet         *runs);
/* The trace section of summary.txt; without options, the window is the
 * GPU-side steps. */
char        *aiperf_trace_summary_section (AiperfRunSet *runs);
char        *aiperf_trace_summary_with_options (AiperfRunSet *runs,
                                                GHashTable   *options);
/* aiperf-trace-breakdown.c: the GPU time breakdown (gpu_timeline.csv).
 * The window option ("trace_window": "steps", the default, or "all"). */
gboolean     aiperf_trace_steps_window    (GHashTable   *options);
const char  *aiperf_trace_breakdown_definitions (void);
/* NULL when the trace ran nothing on a GPU. */
char        *aiperf_trace_gpu_timeline_csv   (AiperfRun *run,
                                              gboolean   steps);
char        *aiperf_trace_gpu_timeline_notes (AiperfRun *run,
                                              gboolean   steps);
/* "" when the trace ran nothing on a GPU. */
char        *aiperf_trace_gpu_timeline_text  (AiperfRun *run,
                                              gboolean   steps);
/* aiperf-trace-hta.c: HTA's temporal and idle time breakdowns; NULL
 * (text: "") when the trace ran nothing on a device. */
const char  *aiperf_trace_hta_definitions (void);
const GArray *aiperf_trace_temporal_of    (AiperfRun *run);
char        *aiperf_trace_temporal_csv    (AiperfRun *run);
char        *aiperf_trace_idle_time_csv   (AiperfRun *run);
/* HTA's kernel-type breakdown per GPU (its get_gpu_kernel_breakdown). */
char        *aiperf_trace_kernel_types_csv (AiperfRun *run);
/* HTA's per-kernel table per type and GPU: the top kernels and "others". */
char        *aiperf_trace_kernel_breakdown_csv (AiperfRun *run);
char        *aiperf_trace_hta_text        (AiperfRun *run);
/* The index of the GPU (rank) that computed longest in @temporal. */
guint        aiperf_trace_slowest_gpu     (const GArray *temporal);
gboolean     aiperf_trace_write_files     (AiperfRunSet *runs,
                                           GHashTable   *options,
                                           const char   *directory,
                                           GPtrArray    *files,
                                           GError      **error);

/* aiperf-trace-comparison.c: iteration time (avg, p50, p90; block bootstrap
 * of the steps), the GPU time breakdown, then the kernels (the kind's
 * `compare`). */
void         aiperf_compare_trace         (AiperfComparison *comparison,
                                           const char       *configuration,
                                           GPtrArray        *baseline,
                                           GPtrArray        *candidate,
                                           GCancellable     *cancellable);

G_END_DECLS
