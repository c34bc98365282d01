/* aiperf-renderer.h — draws an AiperfChart with cairo and pango, and answers
 * "what is under the pointer" from the geometry of the last draw.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include "aiperf-chart.h"
#include "aiperf-style.h"
#include "aiperf-viewport.h"

G_BEGIN_DECLS

typedef struct _AiperfRenderer AiperfRenderer;

typedef struct {
  double x, y, width, height;
} AiperfRect;

typedef struct {
  guint  layer;        /* index into chart->layers */
  guint  index;        /* point number within the layer */
  int    series;       /* chart series, or -1 */
  int    id;           /* the layer's id of that point, or -1 */
  double x, y;         /* data values (y on y2 when on_y2) */
  double px, py;       /* where it is drawn, in widget pixels */
  double distance;     /* from the query, pixels */
  int    panel;        /* small multiples: index into chart->panels (layer, series
                        * are that panel's); -1 for a chart without panels */
} AiperfPick;

AiperfRenderer *aiperf_renderer_new          (void);
void            aiperf_renderer_free         (AiperfRenderer       *self);

/* Whether the legend names every series (a PDF, a picture that cannot be
 * clicked open): when they do not fit beside the plot, they go below it in
 * as many rows as they take, the plot made shorter; default FALSE ("+N
 * more" past the room, which the window lists when clicked). */
void            aiperf_renderer_set_whole_legend (AiperfRenderer   *self,
                                              gboolean              whole);
/* How many legend entries the last draw summed up in "+N more" (0 when
 * it listed every one). */
guint           aiperf_renderer_get_legend_more (AiperfRenderer   *self);
/* Draws @chart into a @width × @height area of @cr (user units = pixels).
 * @viewport NULL means the chart's automatic view. Lays out, draws, and
 * keeps the geometry for pick and coordinate conversions. */
void            aiperf_renderer_draw         (AiperfRenderer       *self,
                                              cairo_t              *cr,
                                              const AiperfChart    *chart,
                                              const AiperfViewport *viewport,
                                              const AiperfStyle    *style,
                                              double                width,
                                              double                height);
/* The plot area (inside the axes) of the last draw. */
AiperfRect      aiperf_renderer_get_plot_area (AiperfRenderer      *self);
/* The viewport actually drawn last (the automatic one when NULL was given). */
const AiperfViewport *aiperf_renderer_get_viewport (AiperfRenderer *self);
/* Conversions with the last draw's layout; FALSE before any draw. */
gboolean        aiperf_renderer_data_to_pixel (AiperfRenderer      *self,
                                              double                x,
                                              double                y,
                                              gboolean              on_y2,
                                              double               *out_px,
                                              double               *out_py);
gboolean        aiperf_renderer_pixel_to_data (AiperfRenderer      *self,
                                              double                px,
                                              double                py,
                                              double               *out_x,
                                              double               *out_y);
/* The nearest pickable point within @radius pixels of (px, py). */
gboolean        aiperf_renderer_pick         (AiperfRenderer       *self,
                                              double                px,
                                              double                py,
                                              double                radius,
                                              AiperfPick           *out_pick);
/* What aiperf_renderer_pick_legend returns on a legend's "+N more". */
#define AIPERF_LEGEND_MORE (-2)
/* The series whose legend entry is at (px, py), AIPERF_LEGEND_MORE on the
 * entry that stands for those that did not fit, or -1. */
int             aiperf_renderer_pick_legend  (AiperfRenderer       *self,
                                              double                px,
                                              double                py);
/* The shorter name the last draw's legend gave @series (what its name does
 * not share with the other entries, when the whole names had no room), or
 * NULL when the entry shows the series' own name. Valid until the next draw. */
const char     *aiperf_renderer_get_legend_short_name (AiperfRenderer *self,
                                                       int             series);
typedef struct {
  AiperfRect  rect;
  const char *text;    /* the renderer's: valid until its next draw */
  double      px, py;  /* the point a point label names (else the label's place) */
  gboolean    leader;  /* placed away from its point, a line drawn to it */
} AiperfLabelBox;

/* The labels the last draw placed itself, in the order placed: point labels
 * and sliding text (no two overlap, none covers a drawn marker), then the
 * reference lines' labels (on a plate at their line, clear of the others
 * and of each other). An array of AiperfLabelBox. */
GArray         *aiperf_renderer_get_placed_labels (AiperfRenderer *self);
/* Point labels the last draw left out for want of room (no free place near
 * their point, even at the end of a leader line); its note says how many. */
guint           aiperf_renderer_get_hidden_labels (AiperfRenderer *self);
/* The note the last draw wrote under the title (the chart's, and a line
 * for the labels it hid), or NULL. */
const char     *aiperf_renderer_get_note     (AiperfRenderer *self);
/* The tick labels the last draw wrote along @axis: 'x', 'y', '2' (the right
 * axis) or 'c' (the colour bar), in tick order; labels thinned out for room
 * are left out. NULL-terminated; free with g_strfreev (). */
char          **aiperf_renderer_get_tick_labels (AiperfRenderer *self,
                                              char            axis);
/* Primitives (markers, line vertices, segments, …) issued by the last draw:
 * lets tests check that decimation bounds the work by the pixels covered. */
guint64         aiperf_renderer_get_primitive_count (AiperfRenderer *self);
/* Adds the path of one marker of @size (its diameter) centred at @x, @y,
 * as the plot and the legend draw it (the window's run list too). */
void            aiperf_renderer_draw_marker_path (cairo_t           *cr,
                                                  AiperfMarker       marker,
                                                  double             x,
                                                  double             y,
                                                  double             size);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfRenderer, aiperf_renderer_free)

G_END_DECLS
