/* aiperf-serving-kind.c — serving runs (AIPerf and every peer, compared
 * together): aiperf plot's chart types, then aiperf-plot's parameter
 * sweep, comparison and history.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-kind-compare.h"
#include "aiperf-kind-descriptors.h"
#include "aiperf-handler-server.h"
#include "aiperf-serving-handlers.h"

static AiperfChart *
build_histogram (const AiperfPlotSpec *spec,
                 AiperfRun            *run,
                 GError              **error)
{
  return aiperf_handler_timeslice (spec, run, TRUE, error);
}

static AiperfChart *
build_timeslice (const AiperfPlotSpec *spec,
                 AiperfRun            *run,
                 GError              **error)
{
  return aiperf_handler_timeslice (spec, run, FALSE, error);
}

#define C_AXES (AIPERF_PLOT_CONTROL_X_METRIC | AIPERF_PLOT_CONTROL_Y_METRIC)
#define C_LOG  (AIPERF_PLOT_CONTROL_LOG_X | AIPERF_PLOT_CONTROL_LOG_Y)

/* A comparison of runs: its metrics and their statistics. */
static const AiperfPlotControls multi = {
  AIPERF_PLOT_CONTROL_TYPE | C_AXES | AIPERF_PLOT_CONTROL_STATS | AIPERF_PLOT_CONTROL_GROUP_BY
    | AIPERF_PLOT_CONTROL_LABEL_BY | C_LOG | AIPERF_PLOT_CONTROL_AUTOSCALE | AIPERF_PLOT_CONTROL_RUN_FILTERS,
  { { 0 } } };
/* Its x is a parameter (x_param), not a metric. */
static const AiperfPlotControls sweep = {
  AIPERF_PLOT_CONTROL_TYPE | AIPERF_PLOT_CONTROL_Y_METRIC | AIPERF_PLOT_CONTROL_STATS
    | AIPERF_PLOT_CONTROL_GROUP_BY | AIPERF_PLOT_CONTROL_LOG_Y | AIPERF_PLOT_CONTROL_AUTOSCALE
    | AIPERF_PLOT_CONTROL_RUN_FILTERS,
  { { 0 } } };
/* One run's per-request columns. */
static const AiperfPlotControls single = {
  AIPERF_PLOT_CONTROL_TYPE | C_AXES | C_LOG | AIPERF_PLOT_CONTROL_AUTOSCALE, { { 0 } } };
static const AiperfPlotControls single_fixed = {
  AIPERF_PLOT_CONTROL_TYPE | AIPERF_PLOT_CONTROL_LOG_Y | AIPERF_PLOT_CONTROL_AUTOSCALE, { { 0 } } };
/* A metric over time: which one, and its statistic. */
static const AiperfPlotControls history = {
  AIPERF_PLOT_CONTROL_Y_METRIC | AIPERF_PLOT_CONTROL_STATS, { { 0 } } };

/* aiperf plot's own types: they draw one run (SINGLE, with how they draw
 * a server metric) or compare runs (MULTI). */
#define SINGLE(type_, label_, build_, server_, controls_) \
  { .type = type_, .label = label_, .scope = AIPERF_PLOT_SCOPE_SINGLE_RUN, .kind = AIPERF_KIND_SERVING, \
    .build_single = build_, .build_server_metric = server_, .controls = controls_, \
    .aiperf_type = TRUE }
#define MULTI(type_, label_, build_, applies_, controls_) \
  { .type = type_, .label = label_, .scope = AIPERF_PLOT_SCOPE_MULTI_RUN, .kind = AIPERF_KIND_SERVING, \
    .build_multi = build_, .applies = applies_, .controls = controls_, .aiperf_type = TRUE }

static const AiperfPlotHandler handlers[] = {
  SINGLE ("scatter", N_("Scatter"), aiperf_handler_scatter, aiperf_handler_server_points, &single),
  MULTI ("scatter_line", N_("Scatter with Lines"), aiperf_handler_scatter_line, NULL, &multi),
  MULTI ("pareto", N_("Pareto Frontier"), aiperf_handler_pareto, NULL, &multi),
  SINGLE ("scatter_with_percentiles", N_("Scatter with Percentiles"),
          aiperf_handler_scatter_percentiles, aiperf_handler_server_points_percentiles, &single),
  SINGLE ("area", N_("Area"), aiperf_handler_area, aiperf_handler_server_area, &single),
  SINGLE ("request_timeline", N_("Request Timeline"), aiperf_handler_request_timeline, NULL,
          &single_fixed),
  SINGLE ("timeslice", N_("Time Slices"), build_timeslice, aiperf_handler_server_points_percentiles,
          &single),
  SINGLE ("histogram", N_("Histogram"), build_histogram, aiperf_handler_server_histogram, &single),
  SINGLE ("dual_axis", N_("Dual Axis"), aiperf_handler_dual_axis, NULL, &single),
  SINGLE ("percentile_bands", N_("Percentile Bands"), aiperf_handler_percentile_bands,
          aiperf_handler_server_bands, &single_fixed),
  { .type = "latency_throughput_uncertainty", .label = N_("Latency–Throughput Uncertainty"),
    .scope = AIPERF_PLOT_SCOPE_MULTI_RUN, .kind = AIPERF_KIND_SERVING,
    .build_multi = aiperf_handler_uncertainty, .controls = &multi, .aiperf_type = TRUE, .trial_means = TRUE },
  /* aiperf-plot's own */
  { .type = "parameter_sweep", .label = N_("Parameter Sweep"), .scope = AIPERF_PLOT_SCOPE_MULTI_RUN,
    .kind = AIPERF_KIND_SERVING, .build_multi = aiperf_handler_parameter_sweep,
    .applies = aiperf_handler_sweep_applies, .controls = &sweep },
  /* A/B comparison and history (the comparison pairs the runs by
   * configuration, the history follows each configuration over time) */
  { .type = "comparison", .label = N_("Comparison with the Baseline"), .scope = AIPERF_PLOT_SCOPE_MULTI_RUN,
    .kind = AIPERF_KIND_SERVING, .build_multi = aiperf_handler_compare_forest,
    .controls = &aiperf_plot_controls_none },
  { .type = "history", .label = N_("History"), .scope = AIPERF_PLOT_SCOPE_MULTI_RUN,
    .kind = AIPERF_KIND_SERVING, .build_multi = aiperf_handler_history, .controls = &history },
};

const AiperfKind aiperf_kind_serving = {
  .id = AIPERF_KIND_SERVING,
  .display_name = N_("Serving Benchmarks"),
  .handlers = handlers,
  .n_handlers = G_N_ELEMENTS (handlers),
  .views = AIPERF_KIND_VIEW_RUNS,
  .compare = aiperf_compare_serving,
};
