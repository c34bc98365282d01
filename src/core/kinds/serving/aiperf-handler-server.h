/* aiperf-handler-server.h — plots of server metrics
 * (server_metrics_export.json).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-plot-helpers.h"
#include "aiperf-server-metrics.h"

G_BEGIN_DECLS

/* TRUE when the preset's y names a server metric of @run: an explicit
 * source: server_metrics, else (auto) a name that is no request, GPU or
 * summary metric and that the run has or that looks like a server metric. */
gboolean     aiperf_plot_wants_server_metric (const AiperfPlotSpec *spec,
                                              AiperfRun            *run);
/* Single-run types on a server metric (their handlers' build_server_metric):
 * percentile_bands as aiperf draws it; scatter and the time-slice types one
 * point per series and slice; area the series combined (counters summed,
 * gauges averaged); histogram the run's bucket counts. */
AiperfChart *aiperf_handler_server_bands     (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
AiperfChart *aiperf_handler_server_points    (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
AiperfChart *aiperf_handler_server_points_percentiles (const AiperfPlotSpec *spec, AiperfRun *run,
                                                       GError **error);
AiperfChart *aiperf_handler_server_area      (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
AiperfChart *aiperf_handler_server_histogram (const AiperfPlotSpec *spec, AiperfRun *run, GError **error);
/* One number per run for comparison plots: counters the summed rate over
 * the selected series, gauges and histograms the mean of their averages.
 * Reads the export itself when the run's details are not loaded. NaN (with
 * @error set) when the run lacks the metric. @out_unit: the file's unit,
 * free with g_free. */
double       aiperf_plot_server_metric_value (AiperfRun            *run,
                                              const char           *spec,
                                              char                **out_unit,
                                              GError              **error);

G_END_DECLS
