/* aiperf-timeline-view.h — a trace's timeline as a widget: zoom, pan,
 * hover with the args, lanes that fold, search, a selected slice with the
 * arrow to its launch; drawn by the same painter as timeline.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-trace-store.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_TIMELINE_VIEW (aiperf_timeline_view_get_type ())
G_DECLARE_FINAL_TYPE (AiperfTimelineView, aiperf_timeline_view, AIPERF, TIMELINE_VIEW, GtkWidget)

GtkWidget *aiperf_timeline_view_new       (AiperfTraceStore   *store,
                                           const char         *title);
/* The visible range, in ns from the trace's start; kept inside the trace
 * and at least 10 ns wide. */
void       aiperf_timeline_view_set_range (AiperfTimelineView *self,
                                           gint64              t0,
                                           gint64              t1);
void       aiperf_timeline_view_get_range (AiperfTimelineView *self,
                                           gint64             *out_t0,
                                           gint64             *out_t1);
/* Zooms by @factor (< 1: in) keeping the time under @x where it is. */
void       aiperf_timeline_view_zoom_at   (AiperfTimelineView *self,
                                           double              x,
                                           double              factor);
/* The whole trace. */
void       aiperf_timeline_view_reset     (AiperfTimelineView *self);
/* The hover text at (@x, @y) (name, category, times, args with secrets
 * masked), or NULL over no slice. */
char      *aiperf_timeline_view_describe  (AiperfTimelineView *self,
                                           double              x,
                                           double              y);
/* Marks the slices whose names contain @text (any case), or are @text
 * with @exact; NULL or "" clears. */
void       aiperf_timeline_view_set_search (AiperfTimelineView *self,
                                            const char         *text,
                                            gboolean            exact);
/* Selects the slice at (@x, @y) (and finds the slice linked to it), or
 * folds the lane whose name is there; TRUE when something changed. */
gboolean   aiperf_timeline_view_click     (AiperfTimelineView *self,
                                           double              x,
                                           double              y);
/* The selected slice and the one linked to it; FALSE when none. */
gboolean   aiperf_timeline_view_get_selection (AiperfTimelineView *self,
                                               AiperfTrackSlice   *out_selected,
                                               AiperfTrackSlice   *out_linked);
gboolean   aiperf_timeline_view_lane_is_folded (AiperfTimelineView *self,
                                                guint               lane);
/* The view with a search bar above it: what the window shows in a tab. */
/* How many slices the search matches, and (@out_current, nullable) the
 * number of the one stepped to last (0: none yet). */
guint      aiperf_timeline_view_get_n_matches (AiperfTimelineView *self,
                                               guint              *out_current);
/* Selects the next (or previous) match and moves the view to it, round
 * the end; FALSE when nothing matches. */
gboolean   aiperf_timeline_view_step_match (AiperfTimelineView *self,
                                            gboolean            forward);
/* The search's Enter and Shift+Enter on a timeline page. */
void       aiperf_timeline_page_step      (GtkWidget          *page,
                                           gboolean            forward);
GtkWidget *aiperf_timeline_page_new       (AiperfTraceStore   *store,
                                           const char         *title);
AiperfTimelineView *aiperf_timeline_page_get_view (GtkWidget *page);

G_END_DECLS
