/* aiperf-compare-view.h — the window's Compare tab: a baseline against its
 * candidates, measured in a worker thread, shown as the comparison table
 * (sortable, filtered by verdict), the forest plot and, for the selected
 * metric, the two sides' distributions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-compare-chart.h"
#include "aiperf-chart-view.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_COMPARE_VIEW (aiperf_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (AiperfCompareView, aiperf_compare_view, AIPERF, COMPARE_VIEW, GtkBox)

/* Starts comparing @candidate with @baseline (both referenced). */
GtkWidget              *aiperf_compare_view_new            (AiperfRunSet                *baseline,
                                                            AiperfRunSet                *candidate,
                                                            const AiperfCompareSettings *settings);
/* NULL until the comparison is done ("ready" is emitted then). */
const AiperfComparison *aiperf_compare_view_get_comparison (AiperfCompareView *self);
/* The rows shown (AiperfCompareRow), filtered and sorted as on screen. */
GListModel             *aiperf_compare_view_get_rows       (AiperfCompareView *self);
/* Shows only rows of @verdict (-1: every row). */
void                    aiperf_compare_view_set_verdict_filter (AiperfCompareView *self,
                                                                int                verdict);
/* Selects the @position-th row shown: its distributions are drawn. */
void                    aiperf_compare_view_select_row     (AiperfCompareView *self,
                                                            guint              position);
AiperfChartView        *aiperf_compare_view_get_forest     (AiperfCompareView *self);
/* The selected metric's distributions as cumulative curves or as a
 * histogram (the Cumulative / Histogram toggle). */
void                    aiperf_compare_view_set_distribution_style (AiperfCompareView       *self,
                                                                    AiperfDistributionStyle  style);
AiperfDistributionStyle aiperf_compare_view_get_distribution_style (AiperfCompareView       *self);
AiperfChartView        *aiperf_compare_view_get_distribution (AiperfCompareView *self);
/* "Baseline: base (2 runs) · Candidates: cand (3 runs)": the tab's tooltip. */
char                   *aiperf_compare_view_describe       (AiperfCompareView *self);

G_END_DECLS
