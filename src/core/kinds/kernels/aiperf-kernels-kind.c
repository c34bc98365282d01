/* aiperf-kernels-kind.c — kernel summaries (Nsight Systems, TraceLens, …):
 * the top kernels, time by category, what changed between runs; and a
 * TraceLens report's GPU time breakdown and kernel time per op;
 * --kernel-classes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-kernel-classes.h"
#include "aiperf-kernels-private.h"
#include "aiperf-kind-descriptors.h"

/* Kernels are sorted into categories as they load: the rules are installed
 * as soon as they are read. */
static gboolean
install_kernel_classes (const char *value,
                        GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  AiperfKernelClasses *classes = aiperf_kernel_classes_new_from_file (value, &local_error);

  if (classes == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Bad --kernel-classes: %s"), local_error->message);
      return FALSE;
    }
  aiperf_kernel_classes_set_default (classes);
  return TRUE;
}

static const AiperfKindOption options[] = {
  { "kernel-classes", G_OPTION_ARG_FILENAME,
    N_("Rules that sort kernels into categories (YAML, as data/kernels/kernel-classes.yaml); "
       "default ~/.config/aiperf-plot/kernel-classes.yaml, else the built-in ones"), N_("FILE"),
    install_kernel_classes },
  { NULL }
};

/* Bars start at zero: no log axis. Another chart of the kernels (by kernel
 * or by category), how many. */
static const AiperfPlotControls top_kernels = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_COUNT, "top", N_("Kernels Shown"), 1, 200, 15 } } };
static const AiperfPlotControls deltas = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_COUNT, "top", N_("Kernels Shown"), 1, 200, 10 } } };

static const AiperfPlotControls ops = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_COUNT, "top", N_("Ops Shown"), 1, 200, 15 } } };

#define CHART(type_, label_, kind_, build_, applies_, controls_) \
  { .type = type_, .label = label_, .scope = AIPERF_PLOT_SCOPE_MULTI_RUN, .kind = kind_, \
    .build_multi = build_, .applies = applies_, .controls = controls_ }

static const AiperfPlotHandler handlers[] = {
  CHART ("top_kernels", N_("Top Kernels"), AIPERF_KIND_KERNELS,
         aiperf_handler_top_kernels, aiperf_handler_kernels_applies, &top_kernels),
  CHART ("kernel_categories", N_("Kernel Time by Category"), AIPERF_KIND_KERNELS,
         aiperf_handler_kernel_categories, aiperf_handler_kernels_applies, &aiperf_plot_controls_type_only),
  CHART ("kernel_deltas", N_("Kernel Time Changes"), AIPERF_KIND_KERNELS,
         aiperf_handler_kernel_deltas, aiperf_handler_kernel_deltas_applies, &deltas),
  /* A TraceLens report's breakdown: drawn for kernels runs (its preset
   * section), but not another view of their kernels to switch to. */
  CHART ("gpu_timeline", N_("GPU Time Breakdown"), "tracelens",
         aiperf_handler_gpu_timeline, aiperf_handler_gpu_timeline_applies, &aiperf_plot_controls_type_only),
  CHART ("tracelens_ops", N_("Kernel Time by Op"), "tracelens",
         aiperf_handler_tracelens_ops, aiperf_handler_tracelens_ops_applies, &ops),
};

/* Every kernel beside the top kernels; traces show their kernels in it too. */
const AiperfKindTable aiperf_kernels_kind_table = {
  N_("Kernels"), N_("Every kernel of the open summaries, sortable, beside the top kernels"), "top_kernels",
  aiperf_kernels_data_table,
};

const AiperfKind aiperf_kind_kernels = {
  .id = AIPERF_KIND_KERNELS,
  .display_name = N_("Kernel Summaries"),
  .handlers = handlers,
  .n_handlers = G_N_ELEMENTS (handlers),
  .summary_section = aiperf_kernels_summary_section,
  .write_files = aiperf_kernels_write_files,
  .options = options,
  .table = &aiperf_kernels_kind_table,
  .compare = aiperf_compare_kernels,
};
