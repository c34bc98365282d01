/* aiperf-chart-view-private.h — state shared by the chart view's source
 * files, and the hooks the display tests and the benchmark use.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-chart-view.h"
#include "aiperf-renderer.h"

G_BEGIN_DECLS

/* Factor of one zoom-in/zoom-out step (actions and keys). */
#define AIPERF_CHART_VIEW_ZOOM_STEP   1.25
/* How far from a point the pointer may be to hover it, in pixels. */
#define AIPERF_CHART_VIEW_PICK_RADIUS 8.0
/* A drag shorter than this is a click, not a rubber band or pan. */
#define AIPERF_CHART_VIEW_DRAG_THRESHOLD 4.0

typedef enum {
  AIPERF_DRAG_NONE,
  AIPERF_DRAG_RUBBER_BAND,
  AIPERF_DRAG_PAN,
} AiperfDragMode;

struct _AiperfChartView
{
  GtkWidget       parent_instance;

  AiperfChart    *chart;
  GPtrArray      *id_names;      /* char*, by point id: the hover names the run */
  AiperfRenderer *renderer;
  AiperfStyle     style;
  gboolean        theme_forced;

  AiperfViewport  viewport;      /* what is shown */
  AiperfViewport  auto_viewport; /* the chart's automatic view */
  gboolean        zoomed;        /* viewport differs from the automatic view by user action */

  /* The data layer, drawn once per chart/viewport/theme/size/scale change;
   * hover and the rubber band only redraw the overlay on top of it. */
  GdkTexture     *layer;
  int             layer_width, layer_height, layer_scale;
  gboolean        layer_valid;
  guint           layer_renders;  /* how often the data layer was drawn (tests) */

  /* hover */
  gboolean        has_hover;
  AiperfPick      hover;
  double          pointer_x, pointer_y;
  gboolean        pointer_inside;
  const char     *cursor_name;   /* static string of the cursor set, or NULL */

  /* gestures */
  AiperfDragMode  drag_mode;
  double          drag_x0, drag_y0, drag_dx, drag_dy;
  AiperfViewport  drag_start_viewport;
  gboolean        drag_started;
  AiperfViewport  pinch_start_viewport;
  double          pinch_ax, pinch_ay;  /* anchor in data space */
  gboolean        pinch_active;

  GtkEventController *motion;
  GtkWidget          *legend_popover;  /* the "+N more" list, while open */
};

/* aiperf-chart-view.c */
void        aiperf_chart_view_set_viewport_internal (AiperfChartView      *self,
                                                     const AiperfViewport *viewport,
                                                     gboolean              by_user);
void        aiperf_chart_view_invalidate_layer      (AiperfChartView      *self);
/* Draws the data layer unless it is current (needs a size > 0). Returns
 * TRUE when the renderer's geometry matches the widget. */
gboolean    aiperf_chart_view_ensure_layer          (AiperfChartView      *self);
void        aiperf_chart_view_toggle_series         (AiperfChartView      *self,
                                                     int                   series);
void        aiperf_chart_view_emit_point_activated  (AiperfChartView      *self,
                                                     int                   series,
                                                     int                   id);

/* aiperf-chart-view-paint.c */
/* Draws @chart into a new texture of @width × @height widget pixels at
 * integer @scale (device pixels per widget pixel). */
GdkTexture *aiperf_chart_view_paint_layer           (AiperfRenderer       *renderer,
                                                     const AiperfChart    *chart,
                                                     const AiperfViewport *viewport,
                                                     const AiperfStyle    *style,
                                                     int                   width,
                                                     int                   height,
                                                     int                   scale);
/* The hover ring, tooltip box and rubber band on top of the data layer:
 * small nodes, so hovering never redraws the data. */
void        aiperf_chart_view_snapshot_overlay      (AiperfChartView      *self,
                                                     GtkSnapshot          *snapshot,
                                                     int                   width,
                                                     int                   height);
/* The rubber band box of the current drag in widget pixels, clipped to the
 * plot area; FALSE while it is too small to mean anything. */
gboolean    aiperf_chart_view_get_rubber_band       (AiperfChartView      *self,
                                                     graphene_rect_t      *out_rect);
/* Tooltip text of @pick on @chart: series, x and y with units, label.
 * Pango markup. */
char       *aiperf_chart_view_format_pick           (const AiperfChart    *chart,
                                                     const AiperfPick     *pick);
/* The hover text of the hovered point: format_pick, and the run it
 * stands for. Pango markup; NULL without hover. */
char       *aiperf_chart_view_hover_text            (AiperfChartView      *self);
/* A value with about four significant digits ("30.8", "1235", "0.000123"). */
char       *aiperf_chart_view_format_value          (double                value);

/* aiperf-chart-view-input.c */
void        aiperf_chart_view_init_input            (AiperfChartView      *self);
void        aiperf_chart_view_class_init_input      (GtkWidgetClass       *widget_class);
/* What hovering at (x, y) picks; updates the overlay. */
void        aiperf_chart_view_hover_at              (AiperfChartView      *self,
                                                     double                x,
                                                     double                y);
void        aiperf_chart_view_clear_hover           (AiperfChartView      *self);
/* Zoom by @factor at widget pixel (x, y), on the axes under the pointer. */
void        aiperf_chart_view_zoom_at_pixel         (AiperfChartView      *self,
                                                     double                factor,
                                                     double                x,
                                                     double                y);
/* Zoom to the box between two widget pixels (clipped to the plot area). */
void        aiperf_chart_view_zoom_to_pixel_rect    (AiperfChartView      *self,
                                                     double                x0,
                                                     double                y0,
                                                     double                x1,
                                                     double                y1);
void        aiperf_chart_view_pan_pixels            (AiperfChartView      *self,
                                                     const AiperfViewport *from,
                                                     double                dx,
                                                     double                dy);
/* A primary click at (x, y) with @n_press presses (legend, point, reset). */
void        aiperf_chart_view_click_at              (AiperfChartView      *self,
                                                     int                   n_press,
                                                     double                x,
                                                     double                y);

/* aiperf-chart-view-legend.c: every legend entry in a popover at (x, y),
 * each a check that shows or hides its series. */
void        aiperf_chart_view_show_legend_popover   (AiperfChartView      *self,
                                                     double                x,
                                                     double                y);
void        aiperf_chart_view_close_legend_popover  (AiperfChartView      *self);
/* The whole name of a shortened legend entry on hover. */
void        aiperf_chart_view_init_legend           (AiperfChartView      *self);

/* aiperf-chart-view-keys.c */
void        aiperf_chart_view_class_init_keys       (GtkWidgetClass       *widget_class);
/* Moves the hover @step points on (negative: back) among the pickable
 * points in view, in layer order; from the first one without a hover. */
void        aiperf_chart_view_step_point            (AiperfChartView      *self,
                                                     int                   step);
/* For tests: the hovered point, or FALSE. */
gboolean    aiperf_chart_view_get_hover             (AiperfChartView      *self,
                                                     AiperfPick           *out_pick);
guint       aiperf_chart_view_get_layer_renders     (AiperfChartView      *self);
AiperfRenderer *aiperf_chart_view_get_renderer      (AiperfChartView      *self);

G_END_DECLS
