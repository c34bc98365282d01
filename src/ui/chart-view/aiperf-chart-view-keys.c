/* aiperf-chart-view-keys.c — the focused chart and the keyboard: arrows
 * step from point to point (the hover follows), Shift+arrows pan, Enter
 * opens the point's run, Escape lets go of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-chart-view-private.h"

/* Whether point @i of @layer is in view; its pixel position when it is. */
static gboolean
point_in_view (AiperfChartView   *self,
               const AiperfLayer *layer,
               guint              i,
               double            *px,
               double            *py)
{
  AiperfRect a = aiperf_renderer_get_plot_area (self->renderer);
  double x = aiperf_layer_x (layer, i), y = aiperf_layer_y (layer, i);

  if (isnan (x) || isnan (y)
      || !aiperf_renderer_data_to_pixel (self->renderer, x, y, layer->on_y2, px, py))
    return FALSE;
  return *px >= a.x && *px <= a.x + a.width && *py >= a.y && *py <= a.y + a.height;
}

void
aiperf_chart_view_step_point (AiperfChartView *self,
                              int              step)
{
  const AiperfChart *chart = self->chart;
  int l, i;

  g_assert (AIPERF_IS_CHART_VIEW (self));

  /* A key press may come before the frame that lays out a new view. */
  if (self->chart == NULL || step == 0 || !aiperf_chart_view_ensure_layer (self))
    return;
  /* From the hovered point, else from before the first (after the last). */
  if (self->has_hover)
    {
      l = (int) self->hover.layer;
      i = (int) self->hover.index + step;
    }
  else
    {
      l = step > 0 ? 0 : (int) chart->layers->len - 1;
      i = step > 0 ? 0 : G_MAXINT;
    }
  for (; l >= 0 && l < (int) chart->layers->len; l += step > 0 ? 1 : -1)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      int n = (int) aiperf_layer_get_n (layer);

      gboolean shown = layer->series < 0 || (guint) layer->series >= chart->series->len
                       || ((AiperfSeries *) g_ptr_array_index (chart->series, layer->series))->visible;

      if (!layer->pickable || !shown || n == 0)
        {
          i = step > 0 ? 0 : G_MAXINT;
          continue;
        }
      if (i == G_MAXINT)
        i = n - 1;
      for (; i >= 0 && i < n; i += step > 0 ? 1 : -1)
        {
          AiperfPick pick = { 0 };

          if (!point_in_view (self, layer, (guint) i, &pick.px, &pick.py))
            continue;
          pick.layer = (guint) l;
          pick.index = (guint) i;
          pick.series = layer->series;
          pick.id = layer->ids != NULL ? g_array_index (layer->ids, int, i) : -1;
          pick.x = aiperf_layer_x (layer, (guint) i);
          pick.y = aiperf_layer_y (layer, (guint) i);
          self->hover = pick;
          self->has_hover = TRUE;
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return;
        }
      i = step > 0 ? 0 : G_MAXINT;
    }
}

static void
activate_key_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  AiperfChartView *self = AIPERF_CHART_VIEW (widget);

  if (g_str_equal (action_name, "chart.step"))
    {
      aiperf_chart_view_step_point (self, g_variant_get_int32 (parameter));
      return;
    }
  if (g_str_equal (action_name, "chart.pan"))
    {
      int dx, dy;

      /* A tenth of the view per key press, as a scrollbar moves: Right
       * shows what lies further right. */
      g_variant_get (parameter, "(ii)", &dx, &dy);
      if (self->chart != NULL)
        {
          AiperfViewport vp = self->viewport;

          aiperf_viewport_pan_fraction (&vp, 0.1 * dx, 0.1 * dy);
          aiperf_chart_view_set_viewport_internal (self, &vp, TRUE);
        }
      return;
    }
  if (g_str_equal (action_name, "chart.clear-hover"))
    {
      aiperf_chart_view_clear_hover (self);
      return;
    }
  if (g_str_equal (action_name, "chart.activate-point"))
    {
      if (self->has_hover)
        aiperf_chart_view_emit_point_activated (self, self->hover.series, self->hover.id);
      return;
    }
}

void
aiperf_chart_view_class_init_keys (GtkWidgetClass *widget_class)
{
  /* With the chart focused: arrows step from point to point (the hover
   * follows), Shift+arrows pan, Enter opens the point (like a double-click),
   * Escape lets go of it. */
  gtk_widget_class_install_action (widget_class, "chart.step", "i", activate_key_action);
  gtk_widget_class_install_action (widget_class, "chart.pan", "(ii)", activate_key_action);
  gtk_widget_class_install_action (widget_class, "chart.activate-point", NULL, activate_key_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "chart.step", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "chart.step", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "chart.step", "i", 10);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "chart.step", "i", -10);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_SHIFT_MASK, "chart.pan", "(ii)", -1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_SHIFT_MASK, "chart.pan", "(ii)", 1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_SHIFT_MASK, "chart.pan", "(ii)", 0, 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_SHIFT_MASK, "chart.pan", "(ii)", 0, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "chart.activate-point", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "chart.activate-point", NULL);
  gtk_widget_class_install_action (widget_class, "chart.clear-hover", NULL, activate_key_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "chart.clear-hover", NULL);
}
