/* aiperf-trace-kind.c — PyTorch/Chrome traces: time per iteration, the
 * counters, the GPU time breakdown and kernel tables; --trace-window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-kind-descriptors.h"
#include "aiperf-trace-kind-private.h"

static gboolean
check_window (const char *value,
              GError    **error)
{
  if (g_ascii_strcasecmp (value, "steps") == 0 || g_ascii_strcasecmp (value, "all") == 0)
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Bad --trace-window “%s” (expected steps or all)"), value);
  return FALSE;
}

static const AiperfKindOption options[] = {
  { "trace-window", G_OPTION_ARG_STRING,
    N_("Traces: the window of the GPU time breakdown (gpu_timeline.csv): steps (the GPU-side ProfilerStep "
       "spans when the trace has them, as TraceLens; the default) or all (first to last GPU event)"), N_("WINDOW"),
    check_window },
  { NULL }
};

static const AiperfPlotHandler handlers[] = {
  { .type = "iterations", .label = N_("Elapsed Time per Iteration"), .scope = AIPERF_PLOT_SCOPE_MULTI_RUN,
    .kind = AIPERF_KIND_TRACE, .build_multi = aiperf_handler_iterations,
    .applies = aiperf_handler_iterations_applies, .controls = &aiperf_plot_controls_type_log_y },
  { .type = "counters", .label = N_("Counters"), .scope = AIPERF_PLOT_SCOPE_MULTI_RUN,
    .kind = AIPERF_KIND_TRACE, .build_multi = aiperf_handler_counters,
    .applies = aiperf_handler_counters_applies, .controls = &aiperf_plot_controls_none },
  { .type = "temporal_breakdown", .label = N_("GPU Time by Rank"),
    .scope = AIPERF_PLOT_SCOPE_MULTI_RUN, .kind = AIPERF_KIND_TRACE,
    .build_multi = aiperf_handler_temporal_breakdown, .applies = aiperf_handler_trace_hta_applies,
    .controls = &aiperf_plot_controls_type_only },
  { .type = "idle_time", .label = N_("Idle Time per Stream"),
    .scope = AIPERF_PLOT_SCOPE_MULTI_RUN, .kind = AIPERF_KIND_TRACE,
    .build_multi = aiperf_handler_idle_time, .applies = aiperf_handler_trace_hta_applies,
    .controls = &aiperf_plot_controls_type_only },
  { .type = "kernel_types", .label = N_("Kernel Types by Rank"),
    .scope = AIPERF_PLOT_SCOPE_MULTI_RUN, .kind = AIPERF_KIND_TRACE,
    .build_multi = aiperf_handler_kernel_types, .applies = aiperf_handler_trace_hta_applies,
    .controls = &aiperf_plot_controls_type_only },
};

const AiperfKind aiperf_kind_trace = {
  .id = AIPERF_KIND_TRACE,
  .display_name = N_("Traces"),
  .handlers = handlers,
  .n_handlers = G_N_ELEMENTS (handlers),
  .summary_section = aiperf_trace_summary_section,
  .summary_with_options = aiperf_trace_summary_with_options,
  .write_files = aiperf_trace_write_files,
  .options = options,
  .views = AIPERF_KIND_VIEW_TIMELINE,
  .table = &aiperf_kernels_kind_table,
  .compare = aiperf_compare_trace,
};
