/* aiperf-chart-view.c — the chart widget: state, drawing, theme, zoom.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "aiperf-chart-view-private.h"
#include "aiperf-focus-ring.h"

G_DEFINE_FINAL_TYPE (AiperfChartView, aiperf_chart_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ZOOMED,
  N_PROPS
};

enum {
  POINT_ACTIVATED,
  SERIES_TOGGLED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_zoomed (AiperfChartView *self,
            gboolean         zoomed)
{
  zoomed = !!zoomed;
  if (self->zoomed == zoomed)
    return;
  self->zoomed = zoomed;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.reset-zoom", zoomed);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOMED]);
}

static void
update_action_state (AiperfChartView *self)
{
  gboolean has_chart = self->chart != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.zoom-in", has_chart);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.zoom-out", has_chart);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.copy", has_chart);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.reset-zoom",
                                 has_chart && self->zoomed);
}

void
aiperf_chart_view_invalidate_layer (AiperfChartView *self)
{
  g_assert (AIPERF_IS_CHART_VIEW (self));

  self->layer_valid = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
aiperf_chart_view_ensure_layer (AiperfChartView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int scale = MAX (1, gtk_widget_get_scale_factor (widget));

  g_assert (AIPERF_IS_CHART_VIEW (self));

  if (self->chart == NULL || width <= 0 || height <= 0)
    return FALSE;

  if (self->layer_valid && self->layer != NULL
      && self->layer_width == width && self->layer_height == height
      && self->layer_scale == scale)
    return TRUE;

  g_clear_object (&self->layer);
  self->layer = aiperf_chart_view_paint_layer (self->renderer, self->chart,
                                               &self->viewport, &self->style,
                                               width, height, scale);
  self->layer_width = width;
  self->layer_height = height;
  self->layer_scale = scale;
  self->layer_valid = TRUE;
  self->layer_renders++;
  return TRUE;
}

static void
aiperf_chart_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  AiperfChartView *self = AIPERF_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  if (!aiperf_chart_view_ensure_layer (self))
    return;

  gtk_snapshot_append_texture (snapshot, self->layer,
                               &GRAPHENE_RECT_INIT (0, 0, width, height));
  aiperf_chart_view_snapshot_overlay (self, snapshot, width, height);
}

static void
aiperf_chart_view_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  AiperfChartView *self = AIPERF_CHART_VIEW (widget);

  /* Hover geometry belongs to the old size. */
  if (width != self->layer_width || height != self->layer_height)
    {
      aiperf_chart_view_clear_hover (self);
      self->layer_valid = FALSE;
    }
  if (self->legend_popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->legend_popover));
}

static void
aiperf_chart_view_dispose (GObject *object)
{
  aiperf_chart_view_close_legend_popover (AIPERF_CHART_VIEW (object));
  G_OBJECT_CLASS (aiperf_chart_view_parent_class)->dispose (object);
}

static void
aiperf_chart_view_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  /* Small enough to fit a narrow window; large enough to read the axes. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = 640;
    }
  else
    {
      *minimum = 160;
      *natural = 500;
    }
}

static void
apply_theme (AiperfChartView *self,
             AiperfTheme      theme)
{
  if (self->style.theme == theme && self->style.font_family != NULL)
    return;
  aiperf_style_clear (&self->style);
  aiperf_style_init (&self->style, theme);
  self->style.scale = 1.0;
  aiperf_chart_view_invalidate_layer (self);
}

static AiperfTheme
system_theme (void)
{
  if (!adw_is_initialized ())
    return AIPERF_THEME_LIGHT;
  return adw_style_manager_get_dark (adw_style_manager_get_default ())
         ? AIPERF_THEME_DARK : AIPERF_THEME_LIGHT;
}

static void
on_dark_changed (AiperfChartView *self)
{
  if (!self->theme_forced)
    apply_theme (self, system_theme ());
}

static void
on_scale_factor_changed (AiperfChartView *self)
{
  aiperf_chart_view_invalidate_layer (self);
}

static void
aiperf_chart_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AiperfChartView *self = AIPERF_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOMED:
      g_value_set_boolean (value, self->zoomed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
aiperf_chart_view_finalize (GObject *object)
{
  AiperfChartView *self = AIPERF_CHART_VIEW (object);

  g_clear_pointer (&self->chart, aiperf_chart_free);
  g_clear_pointer (&self->id_names, g_ptr_array_unref);
  g_clear_pointer (&self->renderer, aiperf_renderer_free);
  g_clear_object (&self->layer);
  aiperf_style_clear (&self->style);

  G_OBJECT_CLASS (aiperf_chart_view_parent_class)->finalize (object);
}

static void
aiperf_chart_view_class_init (AiperfChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = aiperf_chart_view_dispose;
  object_class->finalize = aiperf_chart_view_finalize;
  object_class->get_property = aiperf_chart_view_get_property;

  widget_class->snapshot = aiperf_chart_view_snapshot;
  widget_class->size_allocate = aiperf_chart_view_size_allocate;
  widget_class->measure = aiperf_chart_view_measure;

  properties[PROP_ZOOMED] =
    g_param_spec_boolean ("zoomed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[POINT_ACTIVATED] =
    g_signal_new ("point-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  signals[SERIES_TOGGLED] =
    g_signal_new ("series-toggled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_BOOLEAN);

  aiperf_chart_view_class_init_input (widget_class);

  gtk_widget_class_set_css_name (widget_class, "aiperf-chart-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
aiperf_chart_view_init (AiperfChartView *self)
{
  self->renderer = aiperf_renderer_new ();
  aiperf_style_init (&self->style, system_theme ());
  self->style.scale = 1.0;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  aiperf_focus_ring_track (GTK_WIDGET (self));
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  if (adw_is_initialized ())
    g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                             G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::scale-factor",
                    G_CALLBACK (on_scale_factor_changed), NULL);

  aiperf_chart_view_init_input (self);
  aiperf_chart_view_init_legend (self);
  update_action_state (self);
}

GtkWidget *
aiperf_chart_view_new (void)
{
  return g_object_new (AIPERF_TYPE_CHART_VIEW, NULL);
}

static gboolean
str_equal0 (const char *a,
            const char *b)
{
  return g_strcmp0 (a, b) == 0;
}

static gboolean
axis_same (const AiperfAxis *a,
           const AiperfAxis *b)
{
  return str_equal0 (a->title, b->title) && str_equal0 (a->unit, b->unit)
         && a->scale == b->scale;
}

static gboolean
axes_same (const AiperfChart *a,
           const AiperfChart *b)
{
  if (a == NULL || b == NULL)
    return FALSE;
  if (a->has_y2 != b->has_y2)
    return FALSE;
  return axis_same (&a->x, &b->x) && axis_same (&a->y, &b->y)
         && (!a->has_y2 || axis_same (&a->y2, &b->y2));
}

static void
update_auto_viewport (AiperfChartView *self)
{
  if (self->chart != NULL)
    aiperf_viewport_init_from_chart (&self->auto_viewport, self->chart);
  else
    memset (&self->auto_viewport, 0, sizeof self->auto_viewport);
}

void
aiperf_chart_view_set_chart (AiperfChartView *self,
                             AiperfChart     *chart)
{
  gboolean keep_zoom;

  g_return_if_fail (AIPERF_IS_CHART_VIEW (self));

  if (chart == self->chart)
    return;

  keep_zoom = self->zoomed && axes_same (self->chart, chart);
  aiperf_chart_view_clear_hover (self);
  aiperf_chart_view_close_legend_popover (self);
  g_clear_pointer (&self->chart, aiperf_chart_free);
  g_clear_pointer (&self->id_names, g_ptr_array_unref);
  self->chart = chart;
  update_auto_viewport (self);
  if (!keep_zoom)
    {
      self->viewport = self->auto_viewport;
      set_zoomed (self, FALSE);
    }
  self->drag_mode = AIPERF_DRAG_NONE;
  update_action_state (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  chart != NULL && chart->title != NULL ? chart->title : "",
                                  -1);
  aiperf_chart_view_invalidate_layer (self);
}

void
aiperf_chart_view_set_id_names (AiperfChartView *self,
                                GPtrArray       *names)
{
  g_return_if_fail (AIPERF_IS_CHART_VIEW (self));

  if (names != NULL)
    g_ptr_array_ref (names);
  g_clear_pointer (&self->id_names, g_ptr_array_unref);
  self->id_names = names;
}

const AiperfChart *
aiperf_chart_view_get_chart (AiperfChartView *self)
{
  g_return_val_if_fail (AIPERF_IS_CHART_VIEW (self), NULL);

  return self->chart;
}

void
aiperf_chart_view_set_theme (AiperfChartView *self,
                             AiperfTheme      theme)
{
  g_return_if_fail (AIPERF_IS_CHART_VIEW (self));

  self->theme_forced = TRUE;
  apply_theme (self, theme);
}

void
aiperf_chart_view_unset_theme (AiperfChartView *self)
{
  g_return_if_fail (AIPERF_IS_CHART_VIEW (self));

  self->theme_forced = FALSE;
  apply_theme (self, system_theme ());
}

gboolean
aiperf_chart_view_get_zoomed (AiperfChartView *self)
{
  g_return_val_if_fail (AIPERF_IS_CHART_VIEW (self), FALSE);

  return self->zoomed;
}

const AiperfViewport *
aiperf_chart_view_get_viewport (AiperfChartView *self)
{
  g_return_val_if_fail (AIPERF_IS_CHART_VIEW (self), NULL);

  return &self->viewport;
}

static gboolean
range_near (double a0,
            double a1,
            double b0,
            double b1)
{
  double tol = 1e-9 * MAX (fabs (a1 - a0), fabs (b1 - b0));

  return fabs (a0 - b0) <= tol && fabs (a1 - b1) <= tol;
}

/* Zooming in and out again lands a rounding error away from where it
 * started: that is still the automatic view. */
static gboolean
viewport_near (const AiperfViewport *a,
               const AiperfViewport *b)
{
  return a->x_scale == b->x_scale && a->y_scale == b->y_scale
         && a->has_y2 == b->has_y2
         && range_near (a->x_min, a->x_max, b->x_min, b->x_max)
         && range_near (a->y_min, a->y_max, b->y_min, b->y_max)
         && (!a->has_y2 || range_near (a->y2_min, a->y2_max, b->y2_min, b->y2_max));
}

void
aiperf_chart_view_set_viewport_internal (AiperfChartView      *self,
                                         const AiperfViewport *viewport,
                                         gboolean              by_user)
{
  AiperfViewport vp;

  g_assert (AIPERF_IS_CHART_VIEW (self));
  g_assert (viewport != NULL);

  vp = *viewport;
  aiperf_viewport_clamp (&vp);
  if (viewport_near (&vp, &self->auto_viewport))
    vp = self->auto_viewport;
  if (!aiperf_viewport_equal (&vp, &self->viewport))
    {
      self->viewport = vp;
      aiperf_chart_view_clear_hover (self);
      aiperf_chart_view_invalidate_layer (self);
    }
  set_zoomed (self, by_user && !aiperf_viewport_equal (&vp, &self->auto_viewport));
}

void
aiperf_chart_view_set_viewport (AiperfChartView      *self,
                                const AiperfViewport *viewport)
{
  g_return_if_fail (AIPERF_IS_CHART_VIEW (self));

  if (viewport == NULL)
    {
      aiperf_chart_view_reset_zoom (self);
      return;
    }
  aiperf_chart_view_set_viewport_internal (self, viewport, TRUE);
}

static double
axis_centre (double      lo,
             double      hi,
             AiperfScale scale)
{
  if (scale == AIPERF_SCALE_LOG && lo > 0 && hi > 0)
    return pow (10.0, (log10 (lo) + log10 (hi)) / 2.0);
  return (lo + hi) / 2.0;
}

static void
zoom_centre (AiperfChartView *self,
             double           factor)
{
  AiperfViewport vp;

  if (self->chart == NULL)
    return;
  vp = self->viewport;
  aiperf_viewport_zoom_at (&vp, factor,
                           axis_centre (vp.x_min, vp.x_max, vp.x_scale),
                           axis_centre (vp.y_min, vp.y_max, vp.y_scale),
                           TRUE, TRUE);
  aiperf_chart_view_set_viewport_internal (self, &vp, TRUE);
}

void
aiperf_chart_view_zoom_in (AiperfChartView *self)
{
  g_return_if_fail (AIPERF_IS_CHART_VIEW (self));

  zoom_centre (self, AIPERF_CHART_VIEW_ZOOM_STEP);
}

void
aiperf_chart_view_zoom_out (AiperfChartView *self)
{
  g_return_if_fail (AIPERF_IS_CHART_VIEW (self));

  zoom_centre (self, 1.0 / AIPERF_CHART_VIEW_ZOOM_STEP);
}

void
aiperf_chart_view_reset_zoom (AiperfChartView *self)
{
  g_return_if_fail (AIPERF_IS_CHART_VIEW (self));

  update_auto_viewport (self);
  aiperf_chart_view_set_viewport_internal (self, &self->auto_viewport, FALSE);
}

void
aiperf_chart_view_toggle_series (AiperfChartView *self,
                                 int              series)
{
  const AiperfSeries *s;
  gboolean visible;

  g_assert (AIPERF_IS_CHART_VIEW (self));

  if (self->chart == NULL || series < 0 || (guint) series >= self->chart->series->len)
    return;

  s = g_ptr_array_index (self->chart->series, series);
  visible = !s->visible;
  aiperf_chart_set_series_visible (self->chart, series, visible);
  aiperf_chart_view_clear_hover (self);
  /* Like Plotly's autorange: an unzoomed view refits to what is left. */
  update_auto_viewport (self);
  if (!self->zoomed)
    self->viewport = self->auto_viewport;
  aiperf_chart_view_invalidate_layer (self);
  g_signal_emit (self, signals[SERIES_TOGGLED], 0, series, visible);
}

void
aiperf_chart_view_emit_point_activated (AiperfChartView *self,
                                        int              series,
                                        int              id)
{
  g_assert (AIPERF_IS_CHART_VIEW (self));

  g_signal_emit (self, signals[POINT_ACTIVATED], 0, series, id);
}

gboolean
aiperf_chart_view_get_hover (AiperfChartView *self,
                             AiperfPick      *out_pick)
{
  g_return_val_if_fail (AIPERF_IS_CHART_VIEW (self), FALSE);

  if (self->has_hover && out_pick != NULL)
    *out_pick = self->hover;
  return self->has_hover;
}

guint
aiperf_chart_view_get_layer_renders (AiperfChartView *self)
{
  g_return_val_if_fail (AIPERF_IS_CHART_VIEW (self), 0);

  return self->layer_renders;
}

AiperfRenderer *
aiperf_chart_view_get_renderer (AiperfChartView *self)
{
  g_return_val_if_fail (AIPERF_IS_CHART_VIEW (self), NULL);

  return self->renderer;
}
