/* aiperf-expert-load-kind.c — MoE gate logs: tokens per expert, the load
 * heatmap over steps, the per-step imbalance; --max-step-tokens.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-expert-load-private.h"
#include "aiperf-kind-descriptors.h"

static gboolean
check_token_count (const char *value,
                   GError    **error)
{
  char *end = NULL;
  double limit = g_ascii_strtod (value, &end);

  if (end != value && *end == '\0' && limit >= 0 && isfinite (limit))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Bad --max-step-tokens “%s” (expected a number of tokens, 0 or more)"), value);
  return FALSE;
}

static const AiperfKindOption options[] = {
  { "max-step-tokens", G_OPTION_ARG_STRING,
    N_("MoE gate logs: leave out warm-up steps of more than N tokens "
       "(their num_tokens, else their summed expert loads)"), N_("N"), check_token_count },
  { NULL }
};

/* The warm-up steps left out. */
static const AiperfPlotControls controls = {
  AIPERF_PLOT_CONTROL_TYPE,
  { { AIPERF_PLOT_OPTION_COUNT, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS, N_("Largest Step (tokens)"), 0, G_MAXINT, 0 } } };

#define CHART(type_, label_, build_) \
  { .type = type_, .label = label_, .scope = AIPERF_PLOT_SCOPE_MULTI_RUN, .kind = AIPERF_KIND_EXPERT_LOAD, \
    .build_multi = build_, .controls = &controls }

static const AiperfPlotHandler handlers[] = {
  CHART ("expert_load", N_("Tokens per Expert"), aiperf_handler_expert_load),
  CHART ("expert_load_heatmap", N_("Expert Load Heatmap"), aiperf_handler_expert_load_heatmap),
  CHART ("expert_step_cv", N_("Per-Step Coefficient of Variation"), aiperf_handler_expert_step_cv),
};

/* Every expert's tokens beside the chart, with the warm-up step limit. */
static const AiperfKindTable table = {
  N_("Expert Load"), N_("Every expert's tokens in a table beside the chart, and the warm-up step limit"),
  "expert_load", aiperf_expert_load_data_table,
};

const AiperfKind aiperf_kind_expert_load = {
  .id = AIPERF_KIND_EXPERT_LOAD,
  .display_name = N_("MoE Gate Logs"),
  .handlers = handlers,
  .n_handlers = G_N_ELEMENTS (handlers),
  .write_files = aiperf_expert_load_write_files,
  .summary_with_options = aiperf_expert_load_summary_section,
  .options = options,
  .table = &table,
};
