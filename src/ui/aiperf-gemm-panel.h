/* aiperf-gemm-panel.h — the GEMM kernels tab: the GPU whose peaks draw the
 * ceilings, filters by dtype, model, library and batch size, and a sortable
 * table of the measurements beside the roofline, linked both ways.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-chart-view.h"
#include "aiperf-session.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_GEMM_PANEL (aiperf_gemm_panel_get_type ())
G_DECLARE_FINAL_TYPE (AiperfGemmPanel, aiperf_gemm_panel, AIPERF, GEMM_PANEL, GtkBox)

/* Shows the GEMM rows of @session's runs; the GPU and filters chosen here
 * are the session's analysis options ("gpu", "filter"). */
GtkWidget       *aiperf_gemm_panel_new             (AiperfSession   *session);
/* Rebuilds the choices, the table and the roofline from the session. */
void             aiperf_gemm_panel_refresh         (AiperfGemmPanel *self);
AiperfChartView *aiperf_gemm_panel_get_chart_view  (AiperfGemmPanel *self);
GtkColumnView   *aiperf_gemm_panel_get_column_view (AiperfGemmPanel *self);
/* Selects the row of the measurement with row id @id (see AiperfGemmPoint)
 * and scrolls it into view; FALSE when no row has it (filtered out). */
gboolean         aiperf_gemm_panel_select_id       (AiperfGemmPanel *self,
                                                    int              id);
/* The row id of the selected measurement, or -1. */
int              aiperf_gemm_panel_get_selected_id (AiperfGemmPanel *self);
/* Picks a GPU preset by name (NULL: the one the input names) and filter
 * values (NULL: all), as the drop-downs do. */
void             aiperf_gemm_panel_set_gpu         (AiperfGemmPanel *self,
                                                    const char      *name);
void             aiperf_gemm_panel_set_filter      (AiperfGemmPanel *self,
                                                    const char      *key,
                                                    const char      *value);

/* Signals:
 *   "options-changed": the GPU or a filter changed (the session's options
 *     are already set); charts of GEMM runs elsewhere should redraw. */

G_END_DECLS
