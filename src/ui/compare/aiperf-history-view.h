/* aiperf-history-view.h — the window's History tab: runs of one
 * configuration recorded at different times, one metric at a time over
 * time with its noise band and change points (as --history finds them),
 * and the change points listed with what changed between the runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-chart-view.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_HISTORY_VIEW (aiperf_history_view_get_type ())
G_DECLARE_FINAL_TYPE (AiperfHistoryView, aiperf_history_view, AIPERF, HISTORY_VIEW, GtkBox)

/* A view of @series (AiperfHistorySeries*, at least one; taken). */
GtkWidget       *aiperf_history_view_new            (GPtrArray         *series);
/* Shows @metric's @stat ("time_to_first_token", "avg"); FALSE when no
 * series has it. */
gboolean         aiperf_history_view_select_metric  (AiperfHistoryView *self,
                                                     const char        *metric,
                                                     const char        *stat);
AiperfChartView *aiperf_history_view_get_chart_view (AiperfHistoryView *self);
/* The change points of the metric shown, one line each. */
const char      *aiperf_history_view_get_changes_text (AiperfHistoryView *self);

G_END_DECLS
