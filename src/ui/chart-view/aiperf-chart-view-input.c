/* aiperf-chart-view-input.c — the chart view's gestures, hover and actions.
 *
 * Every gesture only turns pixels into data coordinates and calls the pure
 * viewport functions; the widget then redraws its data layer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-chart-view-private.h"

/* One wheel notch zooms by this much; touchpad pixels are scaled down. */
#define WHEEL_ZOOM_STEP       1.2
#define SURFACE_PIXELS_PER_STEP 20.0

typedef enum {
  ZOOM_AXES_NONE = 0,
  ZOOM_AXES_X = 1 << 0,
  ZOOM_AXES_Y = 1 << 1,
  ZOOM_AXES_BOTH = ZOOM_AXES_X | ZOOM_AXES_Y,
} ZoomAxes;

static gboolean
have_geometry (AiperfChartView *self)
{
  return self->chart != NULL && self->layer_valid;
}

/* Over the x axis zoom x only, over a y axis y only, elsewhere both. */
static ZoomAxes
axes_at (AiperfChartView *self,
         double           x,
         double           y)
{
  AiperfRect a = aiperf_renderer_get_plot_area (self->renderer);
  gboolean in_x = x >= a.x && x <= a.x + a.width;
  gboolean in_y = y >= a.y && y <= a.y + a.height;

  if (in_x && y > a.y + a.height)
    return ZOOM_AXES_X;
  if (in_y && (x < a.x || x > a.x + a.width))
    return ZOOM_AXES_Y;
  return ZOOM_AXES_BOTH;
}

static void
clamp_to_plot (AiperfChartView *self,
               double          *x,
               double          *y)
{
  AiperfRect a = aiperf_renderer_get_plot_area (self->renderer);

  *x = CLAMP (*x, a.x, a.x + a.width);
  *y = CLAMP (*y, a.y, a.y + a.height);
}

void
aiperf_chart_view_zoom_at_pixel (AiperfChartView *self,
                                 double           factor,
                                 double           x,
                                 double           y)
{
  AiperfViewport vp;
  ZoomAxes axes;
  double ax, ay;

  g_assert (AIPERF_IS_CHART_VIEW (self));

  if (!have_geometry (self) || !(factor > 0) || !isfinite (factor))
    return;

  axes = axes_at (self, x, y);
  clamp_to_plot (self, &x, &y);
  if (!aiperf_renderer_pixel_to_data (self->renderer, x, y, &ax, &ay))
    return;

  vp = self->viewport;
  aiperf_viewport_zoom_at (&vp, factor, ax, ay,
                           (axes & ZOOM_AXES_X) != 0, (axes & ZOOM_AXES_Y) != 0);
  aiperf_chart_view_set_viewport_internal (self, &vp, TRUE);
}

void
aiperf_chart_view_zoom_to_pixel_rect (AiperfChartView *self,
                                      double           x0,
                                      double           y0,
                                      double           x1,
                                      double           y1)
{
  AiperfViewport vp;
  double dx0, dy0, dx1, dy1;

  g_assert (AIPERF_IS_CHART_VIEW (self));

  if (!have_geometry (self))
    return;
  clamp_to_plot (self, &x0, &y0);
  clamp_to_plot (self, &x1, &y1);
  if (fabs (x1 - x0) < 1 || fabs (y1 - y0) < 1)
    return;
  if (!aiperf_renderer_pixel_to_data (self->renderer, x0, y0, &dx0, &dy0)
      || !aiperf_renderer_pixel_to_data (self->renderer, x1, y1, &dx1, &dy1))
    return;

  vp = self->viewport;
  aiperf_viewport_zoom_to_rect (&vp, dx0, dy0, dx1, dy1);
  aiperf_chart_view_set_viewport_internal (self, &vp, TRUE);
}

void
aiperf_chart_view_pan_pixels (AiperfChartView      *self,
                              const AiperfViewport *from,
                              double                dx,
                              double                dy)
{
  AiperfRect a;
  AiperfViewport vp;

  g_assert (AIPERF_IS_CHART_VIEW (self));
  g_assert (from != NULL);

  if (self->chart == NULL)
    return;
  a = aiperf_renderer_get_plot_area (self->renderer);
  if (a.width < 1 || a.height < 1)
    return;

  /* The content follows the pointer: the window moves the other way in x;
   * pixel y grows downwards while data y grows upwards. */
  vp = *from;
  aiperf_viewport_pan_fraction (&vp, -dx / a.width, dy / a.height);
  aiperf_chart_view_set_viewport_internal (self, &vp, TRUE);
}

static gboolean
same_pick (const AiperfPick *a,
           const AiperfPick *b)
{
  return a->layer == b->layer && a->index == b->index
         && a->px == b->px && a->py == b->py;
}

void
aiperf_chart_view_clear_hover (AiperfChartView *self)
{
  g_assert (AIPERF_IS_CHART_VIEW (self));

  if (!self->has_hover)
    return;
  self->has_hover = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
aiperf_chart_view_hover_at (AiperfChartView *self,
                            double           x,
                            double           y)
{
  AiperfPick pick;

  g_assert (AIPERF_IS_CHART_VIEW (self));

  if (!have_geometry (self)
      || !aiperf_renderer_pick (self->renderer, x, y,
                                AIPERF_CHART_VIEW_PICK_RADIUS, &pick))
    {
      aiperf_chart_view_clear_hover (self);
      return;
    }

  if (self->has_hover && same_pick (&pick, &self->hover))
    return;
  self->hover = pick;
  self->has_hover = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
aiperf_chart_view_click_at (AiperfChartView *self,
                            int              n_press,
                            double           x,
                            double           y)
{
  AiperfPick pick;
  int series;

  g_assert (AIPERF_IS_CHART_VIEW (self));

  if (!have_geometry (self))
    return;

  series = aiperf_renderer_pick_legend (self->renderer, x, y);
  if (n_press == 1)
    {
      if (series >= 0)
        aiperf_chart_view_toggle_series (self, series);
      else if (series == AIPERF_LEGEND_MORE)
        aiperf_chart_view_show_legend_popover (self, x, y);
      return;
    }
  if (n_press != 2 || series != -1)
    return;

  if (aiperf_renderer_pick (self->renderer, x, y, AIPERF_CHART_VIEW_PICK_RADIUS, &pick))
    aiperf_chart_view_emit_point_activated (self, pick.series, pick.id);
  else
    aiperf_chart_view_reset_zoom (self);
}

/* ---- event controllers ---- */

static void
update_cursor (AiperfChartView *self)
{
  const char *name = NULL;

  if (self->drag_mode == AIPERF_DRAG_PAN && self->drag_started)
    name = "grabbing";
  else if (self->drag_mode == AIPERF_DRAG_RUBBER_BAND && self->drag_started)
    name = "crosshair";
  else if (have_geometry (self) && self->pointer_inside
           && aiperf_renderer_pick_legend (self->renderer, self->pointer_x,
                                           self->pointer_y) != -1)
    name = "pointer";
  /* set_cursor_from_name makes a new cursor, which the window then sets
   * on the surface: once per change, not once per motion event. */
  if (g_strcmp0 (name, self->cursor_name) == 0)
    return;
  self->cursor_name = name;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           AiperfChartView          *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
  if (self->drag_mode == AIPERF_DRAG_NONE)
    aiperf_chart_view_hover_at (self, x, y);
  update_cursor (self);
}

static void
on_leave (GtkEventControllerMotion *motion,
          AiperfChartView          *self)
{
  self->pointer_inside = FALSE;
  aiperf_chart_view_clear_hover (self);
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll,
           double                    dx,
           double                    dy,
           AiperfChartView          *self)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  double steps = dy;
  double x = self->pointer_x, y = self->pointer_y;

  /* Plain scrolling belongs to whatever scrolls around the chart. */
  if (!(state & GDK_CONTROL_MASK) || self->chart == NULL)
    return GDK_EVENT_PROPAGATE;

  if (gtk_event_controller_scroll_get_unit (scroll) == GDK_SCROLL_UNIT_SURFACE)
    steps = dy / SURFACE_PIXELS_PER_STEP;
  if (!self->pointer_inside)
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  aiperf_chart_view_zoom_at_pixel (self, pow (WHEEL_ZOOM_STEP, -steps), x, y);
  return GDK_EVENT_STOP;
}

static void
on_click_pressed (GtkGestureClick *click,
                  int              n_press,
                  double           x,
                  double           y,
                  AiperfChartView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (n_press == 2)
    aiperf_chart_view_click_at (self, 2, x, y);
}

static void
on_click_released (GtkGestureClick *click,
                   int              n_press,
                   double           x,
                   double           y,
                   AiperfChartView *self)
{
  if (n_press == 1)
    aiperf_chart_view_click_at (self, 1, x, y);
}

static void
on_drag_begin (GtkGestureDrag  *drag,
               double           x,
               double           y,
               AiperfChartView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag));
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (drag));

  self->drag_started = FALSE;
  self->drag_x0 = x;
  self->drag_y0 = y;
  self->drag_dx = self->drag_dy = 0;
  self->drag_start_viewport = self->viewport;

  if (self->chart == NULL || self->pinch_active)
    self->drag_mode = AIPERF_DRAG_NONE;
  else if (button == GDK_BUTTON_MIDDLE
           || (button == GDK_BUTTON_PRIMARY && (state & GDK_SHIFT_MASK)))
    self->drag_mode = AIPERF_DRAG_PAN;
  else if (button == GDK_BUTTON_PRIMARY)
    self->drag_mode = AIPERF_DRAG_RUBBER_BAND;
  else
    self->drag_mode = AIPERF_DRAG_NONE;

  if (self->drag_mode == AIPERF_DRAG_NONE)
    gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
}

static void
on_drag_update (GtkGestureDrag  *drag,
                double           dx,
                double           dy,
                AiperfChartView *self)
{
  if (self->drag_mode == AIPERF_DRAG_NONE)
    return;
  if (self->pinch_active)
    {
      self->drag_mode = AIPERF_DRAG_NONE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  self->drag_dx = dx;
  self->drag_dy = dy;
  if (!self->drag_started)
    {
      if (hypot (dx, dy) < AIPERF_CHART_VIEW_DRAG_THRESHOLD)
        return;
      self->drag_started = TRUE;
      aiperf_chart_view_clear_hover (self);
      update_cursor (self);
    }

  if (self->drag_mode == AIPERF_DRAG_PAN)
    aiperf_chart_view_pan_pixels (self, &self->drag_start_viewport, dx, dy);
  else
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end (GtkGestureDrag  *drag,
             double           dx,
             double           dy,
             AiperfChartView *self)
{
  graphene_rect_t rect;

  if (self->drag_mode == AIPERF_DRAG_RUBBER_BAND && self->drag_started)
    {
      self->drag_dx = dx;
      self->drag_dy = dy;
      if (aiperf_chart_view_get_rubber_band (self, &rect))
        aiperf_chart_view_zoom_to_pixel_rect (self, rect.origin.x, rect.origin.y,
                                              rect.origin.x + rect.size.width,
                                              rect.origin.y + rect.size.height);
    }
  self->drag_mode = AIPERF_DRAG_NONE;
  self->drag_started = FALSE;
  update_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_cancel (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                AiperfChartView  *self)
{
  self->drag_mode = AIPERF_DRAG_NONE;
  self->drag_started = FALSE;
  update_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_pinch_begin (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                AiperfChartView  *self)
{
  double x, y;

  if (!have_geometry (self)
      || !gtk_gesture_get_bounding_box_center (gesture, &x, &y))
    return;
  clamp_to_plot (self, &x, &y);
  if (!aiperf_renderer_pixel_to_data (self->renderer, x, y,
                                      &self->pinch_ax, &self->pinch_ay))
    return;
  self->pinch_start_viewport = self->viewport;
  self->pinch_active = TRUE;
}

static void
on_pinch_scale_changed (GtkGestureZoom  *zoom,
                        double           scale,
                        AiperfChartView *self)
{
  AiperfViewport vp;

  if (!self->pinch_active || !(scale > 0))
    return;
  /* Always from the viewport at the start: no drift from rounding. */
  vp = self->pinch_start_viewport;
  aiperf_viewport_zoom_at (&vp, scale, self->pinch_ax, self->pinch_ay, TRUE, TRUE);
  aiperf_chart_view_set_viewport_internal (self, &vp, TRUE);
}

static void
on_pinch_end (GtkGesture       *gesture,
              GdkEventSequence *sequence,
              AiperfChartView  *self)
{
  self->pinch_active = FALSE;
}

void
aiperf_chart_view_init_input (AiperfChartView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);
  self->motion = controller;

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_click_pressed), self);
  g_signal_connect (gesture, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_pinch_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_pinch_scale_changed), self);
  g_signal_connect (gesture, "end", G_CALLBACK (on_pinch_end), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (on_pinch_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AiperfChartView *self = AIPERF_CHART_VIEW (widget);

  if (g_str_equal (action_name, "chart.zoom-in"))
    aiperf_chart_view_zoom_in (self);
  else if (g_str_equal (action_name, "chart.zoom-out"))
    aiperf_chart_view_zoom_out (self);
  else if (g_str_equal (action_name, "chart.reset-zoom"))
    aiperf_chart_view_reset_zoom (self);
  else if (g_str_equal (action_name, "chart.copy"))
    aiperf_chart_view_copy_to_clipboard (self);
}

void
aiperf_chart_view_class_init_input (GtkWidgetClass *widget_class)
{
  static const struct {
    guint       keyval;
    const char *action;
  } bindings[] = {
    { GDK_KEY_plus, "chart.zoom-in" },
    { GDK_KEY_equal, "chart.zoom-in" },
    { GDK_KEY_KP_Add, "chart.zoom-in" },
    { GDK_KEY_minus, "chart.zoom-out" },
    { GDK_KEY_KP_Subtract, "chart.zoom-out" },
    { GDK_KEY_0, "chart.reset-zoom" },
    { GDK_KEY_KP_0, "chart.reset-zoom" },
    { GDK_KEY_c, "chart.copy" },
  };

  gtk_widget_class_install_action (widget_class, "chart.zoom-in", NULL, activate_action);
  gtk_widget_class_install_action (widget_class, "chart.zoom-out", NULL, activate_action);
  gtk_widget_class_install_action (widget_class, "chart.reset-zoom", NULL, activate_action);
  gtk_widget_class_install_action (widget_class, "chart.copy", NULL, activate_action);

  for (guint i = 0; i < G_N_ELEMENTS (bindings); i++)
    gtk_widget_class_add_binding_action (widget_class, bindings[i].keyval,
                                         GDK_CONTROL_MASK, bindings[i].action, NULL);

  aiperf_chart_view_class_init_keys (widget_class);
}
