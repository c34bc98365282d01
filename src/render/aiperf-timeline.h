/* aiperf-timeline.h — a trace's timeline from a track model (lanes of
 * slices with level of detail), on screen and into timeline.png. Not an
 * AiperfChart: a trace has millions of events.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>
#include "aiperf-style.h"
#include "aiperf-track-model.h"

G_BEGIN_DECLS

/* What a timeline shows besides its model: the visible time range, lanes
 * folded to one row, the slices matching a search (others dimmed), and a
 * selected slice with the one linked to it (an arrow between them). */
typedef struct {
  gint64                  t0, t1;      /* ns from the trace's start */
  const gboolean         *collapsed;   /* nullable: per lane */
  guint                   n_collapsed;
  gconstpointer           match;       /* nullable: the model's match_new */
  const AiperfTrackSlice *selected;    /* nullable */
  const AiperfTrackSlice *linked;      /* nullable */
} AiperfTimelineState;

#define AIPERF_TIMELINE_STATE_INIT(t0, t1) ((AiperfTimelineState) { (t0), (t1), NULL, 0, NULL, NULL, NULL })

/* Paints @state of @model into a @width × @height area: lanes, their
 * names, a time axis in ms, the legend of the colours drawn, and @title. */
void     aiperf_timeline_draw      (cairo_t                   *cr,
                                    const AiperfTrackModel    *model,
                                    const AiperfTimelineState *state,
                                    const AiperfStyle         *style,
                                    double                     width,
                                    double                     height,
                                    const char                *title);
/* What is under a point of a drawn timeline. */
typedef struct {
  guint   lane;
  guint   depth;
  gint64  t;             /* the time under the point */
  gint64  start, end;    /* the slice (or pixel column) */
  guint   key, count;    /* count > 1: merged slices, name NULL */
  char   *name;
  gboolean is_counter;   /* a counter lane: value is the value there */
  double  value;
} AiperfTimelineHit;

/* Fills @out with the slice under (@x, @y) of a timeline drawn with the
 * same arguments; FALSE (and @out cleared) over no slice. */
gboolean aiperf_timeline_hit       (const AiperfTrackModel    *model,
                                    const AiperfTimelineState *state,
                                    const AiperfStyle         *style,
                                    double                     width,
                                    double                     height,
                                    double                     x,
                                    double                     y,
                                    AiperfTimelineHit         *out);
void     aiperf_timeline_hit_clear (AiperfTimelineHit      *hit);
/* The lane whose name is at (@x, @y) (left of the plot), or -1. */
int      aiperf_timeline_lane_at   (const AiperfTrackModel    *model,
                                    const AiperfTimelineState *state,
                                    const AiperfStyle         *style,
                                    double                     width,
                                    double                     height,
                                    double                     x,
                                    double                     y);
/* The time under @x, and the plot's width: for zooming at a point. */
gint64   aiperf_timeline_time_at   (const AiperfTrackModel    *model,
                                    const AiperfTimelineState *state,
                                    const AiperfStyle         *style,
                                    double                     width,
                                    double                     height,
                                    double                     x);
double   aiperf_timeline_plot_width (const AiperfTrackModel    *model,
                                     const AiperfTimelineState *state,
                                     const AiperfStyle         *style,
                                     double                     width,
                                     double                     height);
/* The colour slices of @model's key @key are drawn in (by the key's
 * name: the same in every trace, view and export), and that of counter
 * lane @lane's line. */
AiperfRGBA aiperf_timeline_key_rgba     (const AiperfTrackModel *model,
                                         guint                   key);
AiperfRGBA aiperf_timeline_counter_rgba (const AiperfStyle      *style,
                                         guint                   lane);
/* The whole trace as a PNG at @path, written atomically. */
gboolean aiperf_timeline_write_png (const AiperfTrackModel *model,
                                    const AiperfStyle      *style,
                                    int                     width,
                                    int                     height,
                                    const char             *title,
                                    const char             *path,
                                    GError                **error);

G_END_DECLS
