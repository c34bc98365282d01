/* aiperf-cutile-kind.c — cutileGPT profiles: latency and throughput per
 * model configuration, the model's layers, the speedup over a baseline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-cutile-private.h"
#include "aiperf-kind-descriptors.h"

/* --metric latency / throughput when every open run is a profile. */
static const char * const aliases[] = {
  "latency", AIPERF_CUTILE_LATENCY,
  "throughput", AIPERF_CUTILE_THROUGHPUT,
  NULL,
};

#define CHART(type_, label_, build_, controls_) \
  { .type = type_, .label = label_, .scope = AIPERF_PLOT_SCOPE_MULTI_RUN, .kind = AIPERF_KIND_CUTILE, \
    .build_multi = build_, .controls = controls_ }

static const AiperfPlotHandler handlers[] = {
  CHART ("config_bars", N_("Bars per Model Configuration"), aiperf_handler_cutile_bars,
         &aiperf_plot_controls_type_only),
  CHART ("percentile_profile", N_("Percentile Profile"), aiperf_handler_cutile_percentiles,
         &aiperf_plot_controls_type_log_y),
  CHART ("architecture", N_("Model Architecture"), aiperf_handler_cutile_architecture,
         &aiperf_plot_controls_type_only),
  CHART ("efficiency", N_("Efficiency per Layer"), aiperf_handler_cutile_efficiency,
         &aiperf_plot_controls_type_only),
  CHART ("speedup", N_("Speedup per Model Configuration"), aiperf_handler_cutile_speedup,
         &aiperf_plot_controls_type_only),
};

const AiperfKind aiperf_kind_cutile = {
  .id = AIPERF_KIND_CUTILE,
  .display_name = N_("cutileGPT Profiles"),
  .handlers = handlers,
  .n_handlers = G_N_ELEMENTS (handlers),
  .summary_section = aiperf_cutile_summary_section,
  .metric_aliases = aliases,
  .run_sides = aiperf_cutile_run_sides,
  /* Translators: the runs table's column of which profile (AS-IS or TO-BE) a cutileGPT run is from */
  .side_title = N_("Profile"),
};
