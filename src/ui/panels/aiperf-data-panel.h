/* aiperf-data-panel.h — a kind's data tab: the kind's analysis options
 * that its chart offers, its table (sortable, each row linked to a point of
 * the chart beside it, both ways) and a status line. What it shows comes
 * from the kind's descriptor (AiperfKindTable): one widget for every kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-chart-view.h"
#include "aiperf-kinds.h"
#include "aiperf-session.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_DATA_PANEL (aiperf_data_panel_get_type ())
G_DECLARE_FINAL_TYPE (AiperfDataPanel, aiperf_data_panel, AIPERF, DATA_PANEL, GtkBox)

/* Shows the table of @kind (which has one) for @session's runs of that
 * kind; the options chosen here are the session's analysis options. */
GtkWidget        *aiperf_data_panel_new               (AiperfSession   *session,
                                                       const AiperfKind *kind);
/* Rebuilds the controls' choices, the table and the chart from the
 * session; the selected row stays selected while it is there. */
void              aiperf_data_panel_refresh           (AiperfDataPanel *self);
const AiperfKind *aiperf_data_panel_get_kind          (AiperfDataPanel *self);
/* The table shown (transfer none). */
AiperfDataTable  *aiperf_data_panel_get_table         (AiperfDataPanel *self);
AiperfChartView  *aiperf_data_panel_get_chart_view    (AiperfDataPanel *self);
GtkColumnView    *aiperf_data_panel_get_column_view   (AiperfDataPanel *self);
const char       *aiperf_data_panel_get_status        (AiperfDataPanel *self);
/* Selects the row that answers to point @id of series @series of the
 * chart and scrolls it into view; FALSE when no row does (filtered out). */
gboolean          aiperf_data_panel_select_point      (AiperfDataPanel *self,
                                                       int              series,
                                                       int              id);
/* The selected row's index in the table, or -1. */
int               aiperf_data_panel_get_selected      (AiperfDataPanel *self);
/* Sets the analysis option @key (one of the kind's, as the controls do;
 * NULL: unset): the session's option, the controls, table and chart. A GPU
 * is stored by its preset's name. */
void              aiperf_data_panel_set_option        (AiperfDataPanel *self,
                                                       const char      *key,
                                                       const char      *value);
/* The drop-down that filters by the column whose filter key is @key, or
 * NULL. */
GtkDropDown      *aiperf_data_panel_get_filter_choice (AiperfDataPanel *self,
                                                       const char      *key);

/* An option changed here is the session's: its options-changed redraws
 * the kind's charts elsewhere, and an option of the kind's changed on the
 * session, by anyone, refreshes the panel (controls, table, chart). */

G_END_DECLS
