/* aiperf-chart-view.h — a widget that draws an AiperfChart with the shared
 * renderer, with zoom, pan, hover and legend toggling.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-chart.h"
#include "aiperf-style.h"
#include "aiperf-viewport.h"
#include "aiperf-writer.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_CHART_VIEW (aiperf_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (AiperfChartView, aiperf_chart_view, AIPERF, CHART_VIEW, GtkWidget)

GtkWidget            *aiperf_chart_view_new           (void);
/* Takes ownership of @chart (NULL clears). Keeps the zoom when the axes
 * (titles and scales) are unchanged, else resets to the automatic view. */
void                  aiperf_chart_view_set_chart     (AiperfChartView      *self,
                                                       AiperfChart          *chart);
const AiperfChart    *aiperf_chart_view_get_chart     (AiperfChartView      *self);
/* The view follows AdwStyleManager unless a theme is forced by the window. */
void                  aiperf_chart_view_set_theme     (AiperfChartView      *self,
                                                       AiperfTheme           theme);
const AiperfViewport *aiperf_chart_view_get_viewport  (AiperfChartView      *self);
void                  aiperf_chart_view_set_viewport  (AiperfChartView      *self,
                                                       const AiperfViewport *viewport);
void                  aiperf_chart_view_zoom_in       (AiperfChartView      *self);
void                  aiperf_chart_view_zoom_out      (AiperfChartView      *self);
void                  aiperf_chart_view_reset_zoom    (AiperfChartView      *self);
/* Writes the current view (with its zoom) through the headless writers. */
gboolean              aiperf_chart_view_export        (AiperfChartView      *self,
                                                       const char           *path,
                                                       AiperfImageFormat     format,
                                                       int                   width,
                                                       int                   height,
                                                       GError              **error);
void                  aiperf_chart_view_copy_to_clipboard (AiperfChartView  *self);
/* What the ids of the chart's points stand for, by id ("qwen_concurrency1"
 * for a run position): the hover names it. @names (char*, nullable) is
 * referenced; cleared by the next set_chart. */
void                  aiperf_chart_view_set_id_names  (AiperfChartView      *self,
                                                       GPtrArray            *names);
/* Follow AdwStyleManager again after set_theme. */
void                  aiperf_chart_view_unset_theme   (AiperfChartView      *self);
/* TRUE while the user has zoomed or panned away from the automatic view
 * (property "zoomed", notified on change). */
gboolean              aiperf_chart_view_get_zoomed    (AiperfChartView      *self);

/* Signals:
 *   "point-activated" (int series, int id): a point was double-clicked
 *     (id is the layer's id: the run position on comparison charts).
 *   "series-toggled" (int series, gboolean visible): a legend entry was clicked.
 * Widget actions: chart.zoom-in (Ctrl+plus), chart.zoom-out (Ctrl+minus),
 * chart.reset-zoom (Ctrl+0). */

G_END_DECLS
