/* aiperf-gemm-kind.c — GEMM benchmarks: the roofline against a GPU's peaks,
 * the heatmap of achieved throughput, the kernels' bars; --gpu and --filter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-gemm-private.h"
#include "aiperf-gpu-peaks.h"
#include "aiperf-kind-descriptors.h"

static gboolean
check_gpu (const char *value,
           GError    **error)
{
  g_autofree char *known = NULL;

  if (aiperf_gpu_peaks_lookup (aiperf_gpu_peaks_get_default (), value) != NULL)
    return TRUE;
  known = aiperf_gpu_peaks_describe (aiperf_gpu_peaks_get_default ());
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Unknown GPU “%s” for --gpu (known: %s)"), value, known);
  return FALSE;
}

static gboolean
check_filter (const char *value,
              GError    **error)
{
  if (strchr (value, '=') != NULL && value[0] != '=')
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("--filter %s: expected KEY=VALUE"), value);
  return FALSE;
}

static const AiperfKindOption options[] = {
  { "gpu", G_OPTION_ARG_STRING,
    N_("GPU whose peaks draw the GEMM roofline's ceilings: h100, h200, a100, mi300x, b200, … "
       "(presets in gpu-peaks.yaml, extended by ~/.config/aiperf-plot/gpus.yaml)"), N_("NAME"),
    check_gpu },
  { "filter", G_OPTION_ARG_STRING_ARRAY,
    N_("Only the GEMM rows with this value (repeatable; keys batch_size, dtype, model, library, kernel, "
       "layer, M, N, K)"), N_("KEY=VALUE"), check_filter },
  { NULL }
};

/* The GPU whose ceilings are drawn, and which rows. */
static const AiperfPlotControls roofline = {
  AIPERF_PLOT_CONTROL_TYPE | AIPERF_PLOT_CONTROL_LOG_X | AIPERF_PLOT_CONTROL_LOG_Y,
  { { AIPERF_PLOT_OPTION_GPU, AIPERF_GEMM_OPTION_GPU, N_("GPU"), 0, 0, 0 },
    { AIPERF_PLOT_OPTION_FILTER, AIPERF_GEMM_OPTION_FILTER, N_("Rows"), 0, 0, 0 } } };
static const AiperfPlotControls heatmap = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_FILTER, AIPERF_GEMM_OPTION_FILTER, N_("Rows"), 0, 0, 0 } } };
/* Bars start at zero: no log axis. */
static const AiperfPlotControls bars = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_COUNT, "top", N_("Kernel Shapes Shown"), 1, 200, 30 },
    { AIPERF_PLOT_OPTION_GPU, AIPERF_GEMM_OPTION_GPU, N_("GPU"), 0, 0, 0 },
    { AIPERF_PLOT_OPTION_FILTER, AIPERF_GEMM_OPTION_FILTER, N_("Rows"), 0, 0, 0 } } };

#define CHART(type_, label_, build_, controls_) \
  { .type = type_, .label = label_, .scope = AIPERF_PLOT_SCOPE_MULTI_RUN, .kind = AIPERF_KIND_GEMM, \
    .build_multi = build_, .controls = controls_ }

static const AiperfPlotHandler handlers[] = {
  CHART ("roofline", N_("Roofline"), aiperf_handler_gemm_roofline, &roofline),
  CHART ("gemm_heatmap", N_("GEMM Heatmap"), aiperf_handler_gemm_heatmap, &heatmap),
  CHART ("gemm_bars", N_("GEMM Kernels"), aiperf_handler_gemm_bars, &bars),
};

/* The measurements beside the roofline. */
static const AiperfKindTable table = {
  N_("GEMM Kernels"), N_("The GEMM measurements with their roofline, GPU and filters"), "roofline",
  aiperf_gemm_data_table,
};

const AiperfKind aiperf_kind_gemm = {
  .id = AIPERF_KIND_GEMM,
  .display_name = N_("GEMM Benchmarks"),
  .handlers = handlers,
  .n_handlers = G_N_ELEMENTS (handlers),
  .write_files = aiperf_gemm_write_files,
  .summary_with_options = aiperf_gemm_summary_section,
  .expand_preset = aiperf_gemm_expand_preset,
  .options = options,
  .table = &table,
  .compare = aiperf_compare_gemm,
};
