/* aiperf-trace-private-plots.h — traces' charts and files
 * (aiperf-trace-analysis.c): the iterations handler and the kind's hooks;
 * the counters chart.
 * Their kernels charts are the kernels handlers (aiperf-kernels-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-kernels-private.h"

G_BEGIN_DECLS

#define AIPERF_KIND_TRACE "trace"

AiperfChart *aiperf_handler_iterations    (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors *colors, GError **error);
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
gboolean     aiperf_handler_trace_hta_applies (const AiperfPlotSpec *spec,
                                               AiperfRunSet         *runs);
/* The trace section of summary.txt; without options, the window is the
 * GPU-side steps. */
char        *aiperf_trace_summary_section (AiperfRunSet *runs);
char        *aiperf_trace_summary_with_options (AiperfRunSet *runs,
                                                GHashTable   *options);
/* aiperf-trace-names.c: run → the name its output files go by (its stem,
 * or with the fewest parent folders that tell it from another trace of
 * that stem). */
GHashTable  *aiperf_trace_output_names    (AiperfRunSet *runs);
/* aiperf-trace-breakdown.c: the GPU time breakdown (gpu_timeline.csv).
 * The window option ("trace_window": "steps", the default, or "all"). */
gboolean     aiperf_trace_steps_window    (GHashTable   *options);
const char  *aiperf_trace_breakdown_definitions (void);
/* NULL when the trace ran nothing on a GPU. */
char        *aiperf_trace_gpu_timeline_csv   (AiperfRun *run,
                                              gboolean   steps);
char        *aiperf_trace_gpu_timeline_notes (AiperfRun *run,
                                              gboolean   steps);
/* HTA's kernel-type breakdown and communication overlap, per GPU. */
char        *aiperf_trace_kernel_types_csv   (AiperfRun *run,
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
char        *aiperf_trace_hta_text        (AiperfRun *run);
/* The index of the GPU (rank) that computed longest in @temporal. */
guint        aiperf_trace_slowest_gpu     (const GArray *temporal);
gboolean     aiperf_trace_write_files     (AiperfRunSet *runs,
                                           GHashTable   *options,
                                           const char   *directory,
                                           GPtrArray    *files,
                                           GError      **error);

G_END_DECLS
