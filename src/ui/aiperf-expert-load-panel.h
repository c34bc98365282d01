/* aiperf-expert-load-panel.h — the MoE expert load tab: the tokens of
 * every expert of every gate-log set in a sortable table beside the
 * tokens-per-expert chart, linked both ways, and the warm-up limit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-chart-view.h"
#include "aiperf-session.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_EXPERT_LOAD_PANEL (aiperf_expert_load_panel_get_type ())
G_DECLARE_FINAL_TYPE (AiperfExpertLoadPanel, aiperf_expert_load_panel, AIPERF, EXPERT_LOAD_PANEL, GtkBox)

/* Shows the gate-log sets of @session's runs; the step limit chosen here
 * is the session's analysis option "max_step_tokens". */
GtkWidget       *aiperf_expert_load_panel_new             (AiperfSession         *session);
/* Rebuilds the table and the chart from the session. */
void             aiperf_expert_load_panel_refresh         (AiperfExpertLoadPanel *self);
AiperfChartView *aiperf_expert_load_panel_get_chart_view  (AiperfExpertLoadPanel *self);
GtkColumnView   *aiperf_expert_load_panel_get_column_view (AiperfExpertLoadPanel *self);
/* Selects the row of expert @expert of the @set-th set (the order of the
 * chart's series) and scrolls it into view; FALSE when there is none. */
gboolean         aiperf_expert_load_panel_select          (AiperfExpertLoadPanel *self,
                                                           int                    set,
                                                           int                    expert);
/* Sets the warm-up limit as the spin button does (0: keep every step). */
void             aiperf_expert_load_panel_set_limit       (AiperfExpertLoadPanel *self,
                                                           double                 max_step_tokens);

/* Signals:
 *   "options-changed": the step limit changed (the session's option is
 *     already set); the gate-log charts elsewhere should redraw. */

G_END_DECLS
