/* aiperf-plot-page.h — one tab: a chart view and the settings of its plot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-chart-view.h"
#include "aiperf-plot.h"
#include "aiperf-plot-spec.h"
#include "aiperf-run-set.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_PLOT_PAGE (aiperf_plot_page_get_type ())
G_DECLARE_FINAL_TYPE (AiperfPlotPage, aiperf_plot_page, AIPERF, PLOT_PAGE, GtkWidget)

/* A range filter on one summary metric (avg); runs outside are not drawn. */
typedef struct {
  char   *metric;
  double  min, max;   /* NaN = open */
} AiperfMetricFilter;

/* Takes ownership of @spec. @single_run (nullable): the page plots that one
 * run's per-request data; otherwise it compares the visible runs of @runs. */
AiperfPlotPage *aiperf_plot_page_new              (AiperfPlotSpec *spec,
                                                   AiperfRunSet   *runs,
                                                   AiperfRun      *single_run);
AiperfChartView *aiperf_plot_page_get_chart_view  (AiperfPlotPage *self);
/* The "Zoomed — Reset" button over the chart (visible while zoomed). */
GtkWidget       *aiperf_plot_page_get_reset_button (AiperfPlotPage *self);
AiperfPlotSpec  *aiperf_plot_page_get_spec        (AiperfPlotPage *self); /* transfer none, editable */
AiperfRun       *aiperf_plot_page_get_single_run  (AiperfPlotPage *self);
const char      *aiperf_plot_page_get_title       (AiperfPlotPage *self);
/* The runs the chart was last drawn for (visible, filtered); NULL before. */
AiperfRunSet    *aiperf_plot_page_get_drawn_runs  (AiperfPlotPage *self);
/* Directories of runs to leave out (unchecked in the sidebar); borrowed. */
void             aiperf_plot_page_set_hidden      (AiperfPlotPage *self,
                                                   GHashTable     *hidden);
/* Shared group colours (borrowed; must outlive the page). */
void             aiperf_plot_page_set_colors      (AiperfPlotPage   *self,
                                                   AiperfPlotColors *colors);
gboolean         aiperf_plot_page_get_log_x       (AiperfPlotPage *self);
gboolean         aiperf_plot_page_get_log_y       (AiperfPlotPage *self);
void             aiperf_plot_page_set_log         (AiperfPlotPage *self,
                                                   gboolean        log_x,
                                                   gboolean        log_y);
/* Parameter filter: runs whose @key has one of the excluded values are hidden. */
void             aiperf_plot_page_set_excluded    (AiperfPlotPage *self,
                                                   const char     *key,
                                                   const char     *value,
                                                   gboolean        excluded);
gboolean         aiperf_plot_page_is_excluded     (AiperfPlotPage *self,
                                                   const char     *key,
                                                   const char     *value);
void             aiperf_plot_page_set_metric_filter (AiperfPlotPage *self,
                                                   const char     *metric,
                                                   double          min,
                                                   double          max);
const AiperfMetricFilter *aiperf_plot_page_get_metric_filter (AiperfPlotPage *self);
/* Rebuilds the chart from the spec, runs and filters (keeps the zoom when
 * the axes did not change). */
void             aiperf_plot_page_redraw          (AiperfPlotPage *self);
/* The run at chart id @id (a run position in the runs actually drawn), or NULL. */
AiperfRun       *aiperf_plot_page_get_run_for_id  (AiperfPlotPage *self,
                                                   int             id);
/* How the current chart draws each run: locator → AiperfRunMark*. */
GHashTable      *aiperf_plot_page_get_run_marks   (AiperfPlotPage *self);
/* Why nothing is drawn (no data, plot failed), or NULL. */
const char      *aiperf_plot_page_get_problem     (AiperfPlotPage *self);
/* TRUE when the problem is that the run lacks the plot's data source (no
 * time slices, no GPU telemetry…): aiperf skips such plots. */
gboolean         aiperf_plot_page_get_no_data     (AiperfPlotPage *self);

/* Signals: "changed" — the chart was rebuilt (title or colours may differ). */

G_END_DECLS
