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
 * picks its colour (a category index); @name is NULL for aggregates. */
typedef void (*AiperfTrackEmit) (gint64      start,
                                 gint64      end,
                                 guint       depth,
                                 guint       key,
                                 const char *name,
                                 guint       count,
                                 gpointer    user_data);

typedef struct {
  guint       (*n_lanes)    (gpointer self);
  /* "GPU 0 · stream 7", "python3 · thread 1234". */
  const char *(*lane_name)  (gpointer self, guint lane);
  /* Rows the lane needs: its deepest nesting + 1. */
  guint       (*lane_depth) (gpointer self, guint lane);
  /* The whole trace, in ns from its start. */
  void        (*extent)     (gpointer self, gint64 *out_start, gint64 *out_end);
  /* Calls @emit for what of @lane lies in [@t0, @t1): slices at least
   * @ns_per_pixel long one by one, shorter ones merged per pixel column. */
  void        (*query)      (gpointer self, guint lane, gint64 t0, gint64 t1,
                             gint64 ns_per_pixel, AiperfTrackEmit emit, gpointer user_data);
  /* The label of colour key @key ("gemm"), for the legend. */
  const char *(*key_name)   (gpointer self, guint key);
  guint       (*n_keys)     (gpointer self);
} AiperfTrackModelVTable;

typedef struct {
  const AiperfTrackModelVTable *vtable;
  gpointer                      self;
} AiperfTrackModel;

G_END_DECLS
