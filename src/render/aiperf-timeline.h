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

/* Paints [@t0, @t1) (ns from the trace's start) of @model into a
 * @width × @height area: lanes, their names, a time axis in ms, the
 * legend of the colours drawn, and @title. */
void     aiperf_timeline_draw      (cairo_t                *cr,
                                    const AiperfTrackModel *model,
                                    gint64                  t0,
                                    gint64                  t1,
                                    const AiperfStyle      *style,
                                    double                  width,
                                    double                  height,
                                    const char             *title);
/* The whole trace as a PNG at @path, written atomically. */
gboolean aiperf_timeline_write_png (const AiperfTrackModel *model,
                                    const AiperfStyle      *style,
                                    int                     width,
                                    int                     height,
                                    const char             *title,
                                    const char             *path,
                                    GError                **error);

G_END_DECLS
