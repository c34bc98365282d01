/* aiperf-kernels-panel.h — the kernels tab: a sortable table of every
 * kernel of the open summaries beside the top-kernels chart, linked both
 * ways.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-chart-view.h"
#include "aiperf-session.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_KERNELS_PANEL (aiperf_kernels_panel_get_type ())
G_DECLARE_FINAL_TYPE (AiperfKernelsPanel, aiperf_kernels_panel, AIPERF, KERNELS_PANEL, GtkBox)

/* Shows the kernels datasets of @session's runs of @kind ("kernels" for
 * kernel summaries, "trace" for traces). */
GtkWidget       *aiperf_kernels_panel_new             (AiperfSession      *session,
                                                       const char         *kind);
/* Rebuilds the table and the chart from the session. */
void             aiperf_kernels_panel_refresh         (AiperfKernelsPanel *self);
/* Selects the first row of the kernel ranked @id (the chart's point id)
 * and scrolls it into view; FALSE when no row has it. */
gboolean         aiperf_kernels_panel_select_id       (AiperfKernelsPanel *self,
                                                       int                 id);
/* The full name of the selected row's kernel, or NULL. */
const char      *aiperf_kernels_panel_get_selected_kernel (AiperfKernelsPanel *self);
AiperfChartView *aiperf_kernels_panel_get_chart_view  (AiperfKernelsPanel *self);
GtkColumnView   *aiperf_kernels_panel_get_column_view (AiperfKernelsPanel *self);

G_END_DECLS
