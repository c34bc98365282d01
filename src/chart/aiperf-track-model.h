/* aiperf-track-model.h — what a timeline painter asks of a trace: lanes
 * (one per process/thread track) and, for a visible time range, the slices
 * in it, with those shorter than a pixel merged into per-pixel aggregates.
 *
 * A plain interface (GLib only) so that render draws traces without
 * knowing core: core's trace store implements it. A timeline can hold
 * millions of events, which no AiperfChart could carry.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One thing to draw in a lane: a slice [start, end) at nesting @depth, or,
 * with @count > 1, that many slices merged into one pixel column. @key
 * picks its colour (a category index); @name is NULL for aggregates.
 * @n_matched of them match the query's match (0 without one). */
typedef void (*AiperfTrackEmit) (gint64      start,
                                 gint64      end,
                                 guint       depth,
                                 guint       key,
                                 const char *name,
                                 guint       count,
                                 guint       n_matched,
                                 gpointer    user_data);

/* A counter lane's value over one pixel column (or one sample): the last
 * value in it and the range it spanned. */
typedef void (*AiperfCounterEmit) (gint64   start,
                                   double   last,
                                   double   min,
                                   double   max,
                                   gpointer user_data);

/* What a slice is linked to (a kernel and the launch that queued it). */
typedef struct {
  guint  lane, depth;
  gint64 start, end;
} AiperfTrackSlice;

/* A span to mark across every lane (an iteration: ProfilerStep#N). */
typedef struct {
  gint64      start, end;
  const char *name;
} AiperfTrackMark;

typedef struct {
  guint       (*n_lanes)    (gpointer self);
  /* "GPU 0 · stream 7", "python3 · thread 1234". */
  const char *(*lane_name)  (gpointer self, guint lane);
  /* Rows the lane needs: its deepest nesting + 1. */
  guint       (*lane_depth) (gpointer self, guint lane);
  /* The whole trace, in ns from its start. */
  void        (*extent)     (gpointer self, gint64 *out_start, gint64 *out_end);
  /* Calls @emit for what of @lane lies in [@t0, @t1): slices at least
   * @ns_per_pixel long one by one, shorter ones merged per pixel column.
   * The cost follows the pixels and the visible slices, not the lane.
   * @match (nullable) comes from match_new. */
  void        (*query)      (gpointer self, guint lane, gint64 t0, gint64 t1,
                             gint64 ns_per_pixel, gconstpointer match,
                             AiperfTrackEmit emit, gpointer user_data);
  /* The label of colour key @key ("gemm"), for the legend. */
  const char *(*key_name)   (gpointer self, guint key);
  guint       (*n_keys)     (gpointer self);
  /* Counter lanes (a series of values): TRUE and the series' range for
   * them, FALSE for lanes of slices. */
  gboolean    (*counter_range) (gpointer self, guint lane, double *out_min, double *out_max);
  /* The samples of [@t0, @t1] (both ends: a change at @t1 is a step on the
   * view's edge), from the value in force at @t0, one emit per pixel. */
  void        (*counter_query) (gpointer self, guint lane, gint64 t0, gint64 t1,
                                gint64 ns_per_pixel, AiperfCounterEmit emit, gpointer user_data);
  /* What slice names match @text (a case-insensitive substring, or the
   * whole name when @exact), for query; free with match_free. NULL when
   * nothing matches. */
  gpointer    (*match_new)  (gpointer self, const char *text, gboolean exact);
  void        (*match_free) (gpointer self, gpointer match);
  /* The slice of @lane at @depth starting at @start, described for a
   * person: its args, one "key: value" per line, secrets masked (NULL
   * without args); and the slice linked to it through a flow or a
   * correlation id (FALSE when none). */
  char       *(*describe)   (gpointer self, guint lane, guint depth, gint64 start);
  gboolean    (*link)       (gpointer self, guint lane, guint depth, gint64 start, AiperfTrackSlice *out);
  /* How many slices @match matches, all of them or (@before non-NULL)
   * those before it in time, lane, depth order; and the match after
   * (@forward) or before @from (NULL: the first or the last). */
  guint       (*match_count) (gpointer self, gconstpointer match, const AiperfTrackSlice *before);
  gboolean    (*match_step) (gpointer self, gconstpointer match, const AiperfTrackSlice *from,
                             gboolean forward, AiperfTrackSlice *out);
  /* Spans marked across the lanes (iterations), by start; owned by the model. */
  const AiperfTrackMark *(*marks) (gpointer self, guint *out_n);
} AiperfTrackModelVTable;

typedef struct {
  const AiperfTrackModelVTable *vtable;
  gpointer                      self;
} AiperfTrackModel;

G_END_DECLS
