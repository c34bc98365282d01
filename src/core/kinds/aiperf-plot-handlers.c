/* aiperf-plot-handlers.c — the table of plot handlers.
 *
 * The first entries are aiperf plot's types, in the order of AiperfPlotType;
 * types added after them are known by their table position only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-compare-chart.h"
#include "aiperf-cutile-private.h"
#include "aiperf-gemm-private.h"
#include "aiperf-kernels-private.h"
#include "aiperf-trace-private-plots.h"
#include "aiperf-expert-load-private.h"
#include "aiperf-serving-handlers.h"
#include "aiperf-plot-handlers.h"

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

#define SINGLE AIPERF_PLOT_SCOPE_SINGLE_RUN
#define MULTI  AIPERF_PLOT_SCOPE_MULTI_RUN

/* --- what the window offers to change on each chart --- */

#define C_AXES (AIPERF_PLOT_CONTROL_X_METRIC | AIPERF_PLOT_CONTROL_Y_METRIC)
#define C_LOG  (AIPERF_PLOT_CONTROL_LOG_X | AIPERF_PLOT_CONTROL_LOG_Y)

/* A comparison of serving runs: its metrics and their statistics. */
static const AiperfPlotControls serving_multi = {
  AIPERF_PLOT_CONTROL_TYPE | C_AXES | AIPERF_PLOT_CONTROL_STATS | AIPERF_PLOT_CONTROL_GROUP_BY
    | AIPERF_PLOT_CONTROL_LABEL_BY | C_LOG | AIPERF_PLOT_CONTROL_AUTOSCALE | AIPERF_PLOT_CONTROL_RUN_FILTERS,
  { { 0 } } };
/* Its x is a parameter (x_param), not a metric. */
static const AiperfPlotControls serving_sweep = {
  AIPERF_PLOT_CONTROL_TYPE | AIPERF_PLOT_CONTROL_Y_METRIC | AIPERF_PLOT_CONTROL_STATS
    | AIPERF_PLOT_CONTROL_GROUP_BY | AIPERF_PLOT_CONTROL_LOG_Y | AIPERF_PLOT_CONTROL_AUTOSCALE
    | AIPERF_PLOT_CONTROL_RUN_FILTERS,
  { { 0 } } };
/* One run's per-request columns. */
static const AiperfPlotControls serving_single = {
  AIPERF_PLOT_CONTROL_TYPE | C_AXES | C_LOG | AIPERF_PLOT_CONTROL_AUTOSCALE, { { 0 } } };
static const AiperfPlotControls serving_single_fixed = {
  AIPERF_PLOT_CONTROL_TYPE | AIPERF_PLOT_CONTROL_LOG_Y | AIPERF_PLOT_CONTROL_AUTOSCALE, { { 0 } } };
static const AiperfPlotControls chart_only = { AIPERF_PLOT_CONTROL_TYPE, { { 0 } } };
static const AiperfPlotControls chart_log_y = {
  AIPERF_PLOT_CONTROL_TYPE | AIPERF_PLOT_CONTROL_LOG_Y, { { 0 } } };
static const AiperfPlotControls nothing = { 0, { { 0 } } };
/* Bars start at zero: no log axis. Kernels: another chart of them (by
 * kernel or by category), how many. */
static const AiperfPlotControls top_kernels = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_COUNT, "top", N_("Kernels Shown"), 1, 200, 15 } } };
static const AiperfPlotControls kernel_deltas = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_COUNT, "top", N_("Kernels Shown"), 1, 200, 10 } } };
/* GEMM: the GPU whose ceilings are drawn, and which rows. */
static const AiperfPlotControls roofline = {
  AIPERF_PLOT_CONTROL_TYPE | C_LOG,
  { { AIPERF_PLOT_OPTION_GPU, AIPERF_GEMM_OPTION_GPU, N_("GPU"), 0, 0, 0 },
    { AIPERF_PLOT_OPTION_FILTER, AIPERF_GEMM_OPTION_FILTER, N_("Rows"), 0, 0, 0 } } };
static const AiperfPlotControls gemm_heatmap = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_FILTER, AIPERF_GEMM_OPTION_FILTER, N_("Rows"), 0, 0, 0 } } };
static const AiperfPlotControls gemm_bars = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_COUNT, "top", N_("Kernel Shapes Shown"), 1, 200, 30 },
    { AIPERF_PLOT_OPTION_GPU, AIPERF_GEMM_OPTION_GPU, N_("GPU"), 0, 0, 0 },
    { AIPERF_PLOT_OPTION_FILTER, AIPERF_GEMM_OPTION_FILTER, N_("Rows"), 0, 0, 0 } } };
/* Gate logs: the warm-up steps left out. */
static const AiperfPlotControls expert_load = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_COUNT, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS, N_("Largest Step (tokens)"), 0, G_MAXINT, 0 } } };

/* A metric over time: which one, and its statistic. */
static const AiperfPlotControls history = {
  AIPERF_PLOT_CONTROL_Y_METRIC | AIPERF_PLOT_CONTROL_STATS, { { 0 } } };

static const AiperfPlotHandler handlers[] = {
  { "scatter", N_("Scatter"), SINGLE, "serving", "requests",
    aiperf_handler_scatter, NULL, NULL, &serving_single },
  { "scatter_line", N_("Scatter with Lines"), MULTI, "serving", "",
    NULL, aiperf_handler_multi_run, NULL, &serving_multi },
  { "pareto", N_("Pareto Frontier"), MULTI, "serving", "",
    NULL, aiperf_handler_multi_run, NULL, &serving_multi },
  { "scatter_with_percentiles", N_("Scatter with Percentiles"), SINGLE, "serving", "requests",
    aiperf_handler_scatter_percentiles, NULL, NULL, &serving_single },
  { "area", N_("Area"), SINGLE, "serving", "requests,gpu_telemetry",
    aiperf_handler_area, NULL, NULL, &serving_single },
  { "request_timeline", N_("Request Timeline"), SINGLE, "serving", "requests",
    aiperf_handler_request_timeline, NULL, NULL, &serving_single_fixed },
  { "timeslice", N_("Time Slices"), SINGLE, "serving", "timeslices",
    build_timeslice, NULL, NULL, &serving_single },
  { "histogram", N_("Histogram"), SINGLE, "serving", "timeslices",
    build_histogram, NULL, NULL, &serving_single },
  { "dual_axis", N_("Dual Axis"), SINGLE, "serving", "requests,gpu_telemetry",
    aiperf_handler_dual_axis, NULL, NULL, &serving_single },
  { "percentile_bands", N_("Percentile Bands"), SINGLE, "serving", "server_metrics",
    aiperf_handler_percentile_bands, NULL, NULL, &serving_single_fixed },
  { "latency_throughput_uncertainty", N_("Latency–Throughput Uncertainty"), MULTI, "serving", "",
    NULL, aiperf_handler_multi_run, NULL, &serving_multi },
  /* cutileGPT profiles */
  { "config_bars", N_("Bars per Model Configuration"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_bars, NULL, &chart_only },
  { "percentile_profile", N_("Percentile Profile"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_percentiles, NULL, &chart_log_y },
  { "architecture", N_("Model Architecture"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_architecture, NULL, &chart_only },
  { "efficiency", N_("Efficiency per Layer"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_efficiency, NULL, &chart_only },
  { "speedup", N_("Speedup per Model Configuration"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_speedup, NULL, &chart_only },
  { "parameter_sweep", N_("Parameter Sweep"), MULTI, "serving", "",
    NULL, aiperf_handler_parameter_sweep, aiperf_handler_sweep_applies, &serving_sweep },
  /* GEMM kernel benchmarks */
  { "roofline", N_("Roofline"), MULTI, "gemm", "",
    NULL, aiperf_handler_gemm_roofline, NULL, &roofline },
  { "gemm_heatmap", N_("GEMM Heatmap"), MULTI, "gemm", "",
    NULL, aiperf_handler_gemm_heatmap, NULL, &gemm_heatmap },
  { "gemm_bars", N_("GEMM Kernels"), MULTI, "gemm", "",
    NULL, aiperf_handler_gemm_bars, NULL, &gemm_bars },
  /* kernels datasets: Nsight kernel summaries and traces */
  { "top_kernels", N_("Top Kernels"), MULTI, "kernels", "kernels",
    NULL, aiperf_handler_top_kernels, NULL, &top_kernels },
  { "kernel_categories", N_("Kernel Time by Category"), MULTI, "kernels", "kernels",
    NULL, aiperf_handler_kernel_categories, NULL, &chart_only },
  { "kernel_deltas", N_("Kernel Time Changes"), MULTI, "kernels", "kernels",
    NULL, aiperf_handler_kernel_deltas, aiperf_handler_kernel_deltas_applies, &kernel_deltas },
  /* a TraceLens report's breakdown: drawn for kernels runs (its preset
   * section), but not another view of their kernels to switch to */
  { "gpu_timeline", N_("GPU Time Breakdown"), MULTI, "tracelens", "gpu_timeline",
    NULL, aiperf_handler_gpu_timeline, aiperf_handler_gpu_timeline_applies, &chart_only },
  /* traces */
  { "iterations", N_("Elapsed Time per Iteration"), MULTI, "trace", "iterations",
    NULL, aiperf_handler_iterations, NULL, &chart_log_y },
  { "counters", N_("Counters"), MULTI, "trace", "events",
    NULL, aiperf_handler_counters, aiperf_handler_counters_applies, &nothing },
  { "temporal_breakdown", N_("GPU Time by Rank"), MULTI, "trace", "events",
    NULL, aiperf_handler_temporal_breakdown, aiperf_handler_trace_hta_applies, &chart_only },
  { "idle_time", N_("Idle Time per Stream"), MULTI, "trace", "events",
    NULL, aiperf_handler_idle_time, aiperf_handler_trace_hta_applies, &chart_only },
  /* MoE gate logs */
  { "expert_load", N_("Tokens per Expert"), MULTI, "expert_load", "",
    NULL, aiperf_handler_expert_load, NULL, &expert_load },
  { "expert_load_heatmap", N_("Expert Load Heatmap"), MULTI, "expert_load", "",
    NULL, aiperf_handler_expert_load_heatmap, NULL, &expert_load },
  { "expert_step_cv", N_("Per-Step Coefficient of Variation"), MULTI, "expert_load", "",
    NULL, aiperf_handler_expert_step_cv, NULL, &expert_load },
  /* A/B comparison and history (any kind: the comparison pairs the runs
   * by configuration, the history follows each configuration over time) */
  { "comparison", N_("Comparison with the Baseline"), MULTI, "serving", "",
    NULL, aiperf_handler_compare_forest, NULL, &nothing },
  { "history", N_("History"), MULTI, "serving", "",
    NULL, aiperf_handler_history, NULL, &history },
};

G_STATIC_ASSERT (G_N_ELEMENTS (handlers) >= AIPERF_N_AIPERF_PLOT_TYPES);

guint
aiperf_plot_handlers_count (void)
{
  return G_N_ELEMENTS (handlers);
}

const AiperfPlotHandler *
aiperf_plot_handler_get (AiperfPlotType type)
{
  if ((guint) type >= G_N_ELEMENTS (handlers))
    return NULL;
  return &handlers[type];
}

gboolean
aiperf_plot_spec_applies (const AiperfPlotSpec *spec,
                          AiperfRunSet         *runs)
{
  const AiperfPlotHandler *handler;

  g_return_val_if_fail (spec != NULL, FALSE);

  handler = aiperf_plot_handler_get (spec->type);
  return handler != NULL && (handler->applies == NULL || handler->applies (spec, runs));
}

char *
aiperf_plot_handlers_describe (void)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (handlers); i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == G_N_ELEMENTS (handlers) ? _(" or ") : ", ");
      g_string_append (text, handlers[i].type);
    }
  return g_string_free (text, FALSE);
}

/* --- plot types are the table's lines --- */

const char *
aiperf_plot_type_to_string (AiperfPlotType type)
{
  const AiperfPlotHandler *handler = aiperf_plot_handler_get (type);

  g_return_val_if_fail (handler != NULL, NULL);
  return handler->type;
}

gboolean
aiperf_plot_type_from_string (const char     *text,
                              AiperfPlotType *out_type)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < aiperf_plot_handlers_count (); i++)
    if (g_str_equal (text, aiperf_plot_handler_get (i)->type))
      {
        if (out_type != NULL)
          *out_type = (AiperfPlotType) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
aiperf_plot_type_is_multi_run (AiperfPlotType type)
{
  const AiperfPlotHandler *handler = aiperf_plot_handler_get (type);

  return handler != NULL && handler->scope == AIPERF_PLOT_SCOPE_MULTI_RUN;
}

static void
trace_style_init (AiperfTraceStyle *style)
{
  memset (style, 0, sizeof *style);
  style->lines = TRUE;
  style->line_shape = AIPERF_LINE_SHAPE_LINEAR;
  style->line_width = 2;
  style->marker_size = 8;
  style->marker_opacity = 1.0;
  style->fill_opacity = 0.3;
}

AiperfPlotSpec *
aiperf_plot_spec_new (const char     *name,
                      AiperfPlotType  type)
{
  AiperfPlotSpec *spec;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (aiperf_plot_handler_get (type) != NULL, NULL);

  spec = g_new0 (AiperfPlotSpec, 1);
  spec->name = g_strdup (name);
  spec->kind = g_strdup (aiperf_plot_handler_get (type)->kind);
  spec->type = type;
  spec->multi_run = aiperf_plot_type_is_multi_run (type);
  spec->ci_level = 0.95;
  trace_style_init (&spec->primary_style);
  trace_style_init (&spec->secondary_style);
  spec->extra = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return spec;
}

char *
aiperf_plot_spec_title (const AiperfPlotSpec *spec)
{
  const AiperfPlotHandler *handler;
  char *title;

  g_return_val_if_fail (spec != NULL, NULL);

  title = aiperf_plot_spec_axes_title (spec);
  if (title != NULL)
    return title;
  handler = aiperf_plot_handler_get (spec->type);
  return g_strdup (handler != NULL ? handler->label : spec->name);
}
