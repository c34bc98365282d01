/* aiperf-viewport.h — the visible data ranges of a chart, and zoom/pan maths.
 *
 * A plain value type: gestures and actions call these pure functions, so
 * zooming is testable without a display. On a log axis, zoom and pan act
 * on log10 of the values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-chart.h"

G_BEGIN_DECLS

typedef struct {
  double      x_min, x_max;
  double      y_min, y_max;
  double      y2_min, y2_max;
  AiperfScale x_scale, y_scale, y2_scale;
  gboolean    has_y2;
} AiperfViewport;

/* The automatic view of @chart: data bounds with padding, zero included when
 * an axis asks for it, fixed ranges honoured, nice-number friendly. */
void     aiperf_viewport_init_from_chart (AiperfViewport       *vp,
                                          const AiperfChart    *chart);
/* Zoom by @factor (>1 zooms in) keeping the data point (@ax, @ay) fixed.
 * @zoom_x / @zoom_y choose the axes. y2 follows y proportionally. */
void     aiperf_viewport_zoom_at         (AiperfViewport       *vp,
                                          double                factor,
                                          double                ax,
                                          double                ay,
                                          gboolean              zoom_x,
                                          gboolean              zoom_y);
/* Pan by a fraction of the visible span (0.1 = a tenth to the right/up). */
void     aiperf_viewport_pan_fraction    (AiperfViewport       *vp,
                                          double                fx,
                                          double                fy);
/* Zoom to the data rectangle (x0,y0)-(x1,y1), in any corner order. */
void     aiperf_viewport_zoom_to_rect    (AiperfViewport       *vp,
                                          double                x0,
                                          double                y0,
                                          double                x1,
                                          double                y1);
/* Keep spans finite, positive on log axes, and not smaller than a
 * relative 1e-9 of their magnitude. */
void     aiperf_viewport_clamp           (AiperfViewport       *vp);
gboolean aiperf_viewport_equal           (const AiperfViewport *a,
                                          const AiperfViewport *b);

G_END_DECLS
