/* aiperf-serving-handlers.h — the serving kind's chart builders, for the
 * handler table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-plot-helpers.h"

G_BEGIN_DECLS

/* multi-run: one point per run (or per operating point), joined as
 * scatter_line, pareto or latency_throughput_uncertainty join them */
AiperfChart *aiperf_handler_scatter_line  (const AiperfPlotSpec       *spec,
                                           AiperfRunSet               *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors           *colors,
                                           GError                    **error);
AiperfChart *aiperf_handler_pareto        (const AiperfPlotSpec       *spec,
                                           AiperfRunSet               *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors           *colors,
                                           GError                    **error);
AiperfChart *aiperf_handler_uncertainty   (const AiperfPlotSpec       *spec,
                                           AiperfRunSet               *runs,
                                           const AiperfClassification *classification,
                                           AiperfPlotColors           *colors,
                                           GError                    **error);
/* multi-run: parameter_sweep (a metric against a swept run parameter) */
AiperfChart *aiperf_handler_parameter_sweep (const AiperfPlotSpec       *spec,
                                             AiperfRunSet               *runs,
                                             const AiperfClassification *classification,
                                             AiperfPlotColors           *colors,
                                             GError                    **error);
gboolean     aiperf_handler_sweep_applies (const AiperfPlotSpec       *spec,
                                           AiperfRunSet               *runs);
/* single-run */
AiperfChart *aiperf_handler_scatter       (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
AiperfChart *aiperf_handler_scatter_percentiles (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
AiperfChart *aiperf_handler_area          (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
AiperfChart *aiperf_handler_dual_axis     (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
AiperfChart *aiperf_handler_percentile_bands (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
AiperfChart *aiperf_handler_request_timeline (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
AiperfChart *aiperf_handler_timeslice     (const AiperfPlotSpec *spec, AiperfRun *run,
                                           gboolean histogram, GError **error);

G_END_DECLS
