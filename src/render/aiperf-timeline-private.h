/* aiperf-timeline-private.h — the timeline's lane painting
 * (aiperf-timeline-paint.c), shared with the layout, axes and hit testing
 * of aiperf-timeline.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-timeline.h"

G_BEGIN_DECLS

typedef struct {
  cairo_t           *cr;
  const AiperfStyle *style;
  double             x0, y0, width, row;   /* the lane's rows */
  gint64             t0, t1;
  gboolean           folded;               /* every depth on the first row */
  gboolean           matching;             /* a search is on: dim the rest */
  guint             *key_used;
  guint              n_keys;
  const AiperfRGBA  *key_colors;           /* n_keys: each key's colour, by its name */
  /* A lane's boxes, painted together (aiperf_timeline_paint_flush);
   * search outlines are stroked over them. */
  GArray            *boxes;                /* AiperfTimelineBox */
  GArray            *outlines;             /* AiperfTimelineBox */
  GArray            *labels;               /* AiperfTimelineLabel: names of slices wide enough */
  guint              labels_left;          /* how many more one drawing may show (text costs) */
} AiperfTimelinePaint;

typedef struct {
  double      x, y, w;
  gboolean    light;                       /* light text (on a dark colour) */
  const char *name;                        /* the model's, valid while it is drawn */
} AiperfTimelineLabel;

typedef struct {
  double x, y, w, h;
  guint  key;
  double alpha;
} AiperfTimelineBox;

AiperfRGBA aiperf_timeline_key_color     (const AiperfStyle         *style,
                                         guint                      key);
/* The colour of a slice key (a kernel category, a cat) by its name: the
 * same in every trace, every view and every export, and each known
 * category's distinct from every other's. */
AiperfRGBA aiperf_timeline_name_color    (const char                *name);
/* The x of @t in the plot, clamped to its range. */
double     aiperf_timeline_paint_x       (const AiperfTimelinePaint *p,
                                         gint64                     t);
/* An AiperfTrackEmit: a slice, or a pixel's worth of them, as a box. */
void       aiperf_timeline_paint_slice   (gint64                     start,
                                         gint64                     end,
                                         guint                      depth,
                                         guint                      key,
                                         const char                *name,
                                         guint                      count,
                                         guint                      n_matched,
                                         gpointer                   user_data);
/* Paints the lane's boxes gathered so far, then its search outlines. */
void       aiperf_timeline_paint_flush   (AiperfTimelinePaint       *p);
/* A counter lane, @height tall. */
void       aiperf_timeline_paint_counter (AiperfTimelinePaint       *p,
                                         const AiperfTrackModel    *model,
                                         guint                      lane,
                                         double                     height,
                                         gint64                     ns_per_px);

G_END_DECLS
