/* aiperf-plot-handlers.c — the table of plot handlers.
 *
 * The first entries are aiperf plot's types, in the order of AiperfPlotType;
 * types added after them are known by their table position only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-cutile-private.h"
#include "aiperf-gemm-private.h"
#include "aiperf-kernels-private.h"
#include "aiperf-trace-private-plots.h"
#include "aiperf-expert-load-private.h"
#include "aiperf-handler-private.h"
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

static const AiperfPlotHandler handlers[] = {
  { "scatter", N_("Scatter"), SINGLE, "serving", "requests",
    aiperf_handler_scatter, NULL, NULL },
  { "scatter_line", N_("Scatter with Lines"), MULTI, "serving", "",
    NULL, aiperf_handler_multi_run, NULL },
  { "pareto", N_("Pareto Frontier"), MULTI, "serving", "",
    NULL, aiperf_handler_multi_run, NULL },
  { "scatter_with_percentiles", N_("Scatter with Percentiles"), SINGLE, "serving", "requests",
    aiperf_handler_scatter_percentiles, NULL, NULL },
  { "area", N_("Area"), SINGLE, "serving", "requests,gpu_telemetry",
    aiperf_handler_area, NULL, NULL },
  { "request_timeline", N_("Request Timeline"), SINGLE, "serving", "requests",
    aiperf_handler_request_timeline, NULL, NULL },
  { "timeslice", N_("Time Slices"), SINGLE, "serving", "timeslices",
    build_timeslice, NULL, NULL },
  { "histogram", N_("Histogram"), SINGLE, "serving", "timeslices",
    build_histogram, NULL, NULL },
  { "dual_axis", N_("Dual Axis"), SINGLE, "serving", "requests,gpu_telemetry",
    aiperf_handler_dual_axis, NULL, NULL },
  { "percentile_bands", N_("Percentile Bands"), SINGLE, "serving", "server_metrics",
    aiperf_handler_percentile_bands, NULL, NULL },
  { "latency_throughput_uncertainty", N_("Latency–Throughput Uncertainty"), MULTI, "serving", "",
    NULL, aiperf_handler_multi_run, NULL },
  /* cutileGPT profiles */
  { "config_bars", N_("Bars per Model Configuration"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_bars, NULL },
  { "percentile_profile", N_("Percentile Profile"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_percentiles, NULL },
  { "architecture", N_("Model Architecture"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_architecture, NULL },
  { "efficiency", N_("Efficiency per Layer"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_efficiency, NULL },
  { "speedup", N_("Speedup per Model Configuration"), MULTI, "cutile", "",
    NULL, aiperf_handler_cutile_speedup, NULL },
  { "parameter_sweep", N_("Parameter Sweep"), MULTI, "serving", "",
    NULL, aiperf_handler_parameter_sweep, aiperf_handler_sweep_applies },
  /* GEMM kernel benchmarks */
  { "roofline", N_("Roofline"), MULTI, "gemm", "",
    NULL, aiperf_handler_gemm_roofline, NULL },
  { "gemm_heatmap", N_("GEMM Heatmap"), MULTI, "gemm", "",
    NULL, aiperf_handler_gemm_heatmap, NULL },
  { "gemm_bars", N_("GEMM Kernels"), MULTI, "gemm", "",
    NULL, aiperf_handler_gemm_bars, NULL },
  /* kernels datasets: Nsight kernel summaries and traces */
  { "top_kernels", N_("Top Kernels"), MULTI, "kernels", "kernels",
    NULL, aiperf_handler_top_kernels, NULL },
  { "kernel_categories", N_("Kernel Time by Category"), MULTI, "kernels", "kernels",
    NULL, aiperf_handler_kernel_categories, NULL },
  { "kernel_deltas", N_("Kernel Time Changes"), MULTI, "kernels", "kernels",
    NULL, aiperf_handler_kernel_deltas, aiperf_handler_kernel_deltas_applies },
  /* a TraceLens report's breakdown: drawn for kernels runs (its preset
   * section), but not another view of their kernels to switch to */
  { "gpu_timeline", N_("GPU Time Breakdown"), MULTI, "tracelens", "gpu_timeline",
    NULL, aiperf_handler_gpu_timeline, aiperf_handler_gpu_timeline_applies },
  /* traces */
  { "iterations", N_("Elapsed Time per Iteration"), MULTI, "trace", "iterations",
    NULL, aiperf_handler_iterations, NULL },
  { "counters", N_("Counters"), MULTI, "trace", "events",
    NULL, aiperf_handler_counters, aiperf_handler_counters_applies },
  /* MoE gate logs */
  { "expert_load", N_("Tokens per Expert"), MULTI, "expert_load", "",
    NULL, aiperf_handler_expert_load, NULL },
  { "expert_load_heatmap", N_("Expert Load Heatmap"), MULTI, "expert_load", "",
    NULL, aiperf_handler_expert_load_heatmap, NULL },
  { "expert_step_cv", N_("Per-Step Coefficient of Variation"), MULTI, "expert_load", "",
    NULL, aiperf_handler_expert_step_cv, NULL },
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
