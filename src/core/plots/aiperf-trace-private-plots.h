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
char        *aiperf_trace_summary_section (AiperfRunSet *runs);
gboolean     aiperf_trace_write_files     (AiperfRunSet *runs,
                                           GHashTable   *options,
                                           const char   *directory,
                                           GPtrArray    *files,
                                           GError      **error);

G_END_DECLS
