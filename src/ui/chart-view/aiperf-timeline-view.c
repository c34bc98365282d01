/* aiperf-timeline-view.c — a trace's timeline in the window: the render
 * painter on screen, zoomed with Ctrl+wheel at the pointer (down to
 * single nanoseconds), panned by dragging, a rectangle dragged with Shift
 * zooms into its time range, a double click shows the whole trace again,
 * hovering names the slice under the pointer with its args, a click
 * selects a slice (an arrow to its launch or kernel) or folds the lane
 * whose name it hits, and a search marks the slices whose names match
 * (counted; Enter and Shift+Enter step through them, selecting each).
 * ProfilerStep#N boundaries are drawn across the lanes.
 * Focused (Tab reaches it), arrows pan, plus and minus zoom, Home shows
 * the whole trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-timeline.h"
#include "aiperf-timeline-view.h"
#include "aiperf-focus-ring.h"

struct _AiperfTimelineView
{
  GtkWidget         parent_instance;

  AiperfTraceStore *store;
  AiperfTrackModel  model;
  char             *title;
  gint64            t0, t1;        /* the visible range */
  gint64            drag_t0, drag_t1;
  double            drag_start_x;
  gboolean          zoom_drag;
  double            zoom_to_x;     /* Shift+drag: the other end */
  double            pointer_x;     /* where Ctrl+wheel zooms (widget coordinates) */
  AiperfStyle       style;
  GArray           *folded;        /* gboolean per lane */
  gpointer          match;         /* the model's, for the search */
  guint             n_matches;
  gboolean          has_cursor;    /* the match Enter stepped to last */
  AiperfTrackSlice  cursor;
  gboolean          has_selection, has_link;
  AiperfTrackSlice  selected, linked;
};

G_DEFINE_FINAL_TYPE (AiperfTimelineView, aiperf_timeline_view, GTK_TYPE_WIDGET)

static void
update_style (AiperfTimelineView *self)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  aiperf_style_clear (&self->style);
  aiperf_style_init (&self->style, dark ? AIPERF_THEME_DARK : AIPERF_THEME_LIGHT);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static AiperfTimelineState
view_state (AiperfTimelineView *self)
{
  AiperfTimelineState state = AIPERF_TIMELINE_STATE_INIT (self->t0, self->t1);

  state.collapsed = (const gboolean *) self->folded->data;
  state.n_collapsed = self->folded->len;
  state.match = self->match;
  state.selected = self->has_selection ? &self->selected : NULL;
  state.linked = self->has_link ? &self->linked : NULL;
  return state;
}

static void
aiperf_timeline_view_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  AiperfTimelineView *self = AIPERF_TIMELINE_VIEW (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  AiperfTimelineState state;
  cairo_t *cr;

  if (self->store == NULL || w < 1 || h < 1)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  state = view_state (self);
  aiperf_timeline_draw (cr, &self->model, &state, &self->style, w, h, self->title);
  if (self->zoom_drag)
    {
      cairo_set_source_rgba (cr, 0.2, 0.4, 0.9, 0.2);
      cairo_rectangle (cr, MIN (self->drag_start_x, self->zoom_to_x), 0, fabs (self->zoom_to_x - self->drag_start_x), h);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
  aiperf_focus_ring_snapshot (widget, snapshot);
}

void
aiperf_timeline_view_set_range (AiperfTimelineView *self,
                                gint64              t0,
                                gint64              t1)
{
  gint64 start, end;

  g_return_if_fail (AIPERF_IS_TIMELINE_VIEW (self));

  if (self->store == NULL)
    return;
  self->model.vtable->extent (self->model.self, &start, &end);
  /* A range no narrower than 10 ns: nanoseconds stay readable. */
  if (t1 - t0 < 10)
    t1 = t0 + 10;
  if (t1 - t0 > end - start)
    t0 = start, t1 = end;
  if (t0 < start)
    t1 += start - t0, t0 = start;
  if (t1 > end)
    t0 -= t1 - end, t1 = end;
  self->t0 = t0;
  self->t1 = t1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
aiperf_timeline_view_get_range (AiperfTimelineView *self,
                                gint64             *out_t0,
                                gint64             *out_t1)
{
  g_return_if_fail (AIPERF_IS_TIMELINE_VIEW (self));
  *out_t0 = self->t0;
  *out_t1 = self->t1;
}

void
aiperf_timeline_view_zoom_at (AiperfTimelineView *self,
                              double              x,
                              double              factor)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  gint64 anchor;
  double span;
  AiperfTimelineState state;

  g_return_if_fail (AIPERF_IS_TIMELINE_VIEW (self));

  if (self->store == NULL)
    return;
  state = view_state (self);
  anchor = aiperf_timeline_time_at (&self->model, &state, &self->style, w, h, x);
  span = (double) (self->t1 - self->t0) * factor;
  /* The time under the pointer stays under it. */
  aiperf_timeline_view_set_range (self, anchor - (gint64) ((anchor - self->t0) * factor),
                                  anchor - (gint64) ((anchor - self->t0) * factor) + (gint64) span);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           AiperfTimelineView       *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  /* Plain scrolling belongs to whatever scrolls around, as on charts. A
   * scroll event's own position is the window's, not this widget's: the
   * pointer is tracked instead. */
  if ((state & GDK_CONTROL_MASK) == 0)
    return FALSE;
  aiperf_timeline_view_zoom_at (self, self->pointer_x, dy > 0 ? 1.25 : 0.8);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           AiperfTimelineView       *self)
{
  self->pointer_x = x;
}

static void
on_drag_begin (GtkGestureDrag     *gesture,
               double              x,
               double              y,
               AiperfTimelineView *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  self->drag_t0 = self->t0;
  self->drag_t1 = self->t1;
  self->drag_start_x = x;
  self->zoom_to_x = x;
  self->zoom_drag = (state & GDK_SHIFT_MASK) != 0;
}

static void
on_drag_update (GtkGestureDrag     *gesture,
                double              dx,
                double              dy,
                AiperfTimelineView *self)
{
  double w, h, plot_w;
  gint64 shift;
  AiperfTimelineState state;

  if (self->store == NULL)
    return;
  if (self->zoom_drag)
    {
      self->zoom_to_x = self->drag_start_x + dx;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  state = view_state (self);
  plot_w = aiperf_timeline_plot_width (&self->model, &state, &self->style, w, h);
  shift = (gint64) (-dx / plot_w * (double) (self->drag_t1 - self->drag_t0));
  aiperf_timeline_view_set_range (self, self->drag_t0 + shift, self->drag_t1 + shift);
}

static void
on_drag_end (GtkGestureDrag     *gesture,
             double              dx,
             double              dy,
             AiperfTimelineView *self)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));

  if (!self->zoom_drag || self->store == NULL)
    return;
  self->zoom_drag = FALSE;
  if (fabs (dx) >= 4)
    {
      AiperfTimelineState state = view_state (self);
      gint64 a = aiperf_timeline_time_at (&self->model, &state, &self->style, w, h, self->drag_start_x);
      gint64 b = aiperf_timeline_time_at (&self->model, &state, &self->style, w, h, self->drag_start_x + dx);

      aiperf_timeline_view_set_range (self, MIN (a, b), MAX (a, b));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
aiperf_timeline_view_reset (AiperfTimelineView *self)
{
  g_return_if_fail (AIPERF_IS_TIMELINE_VIEW (self));

  if (self->store != NULL)
    {
      self->model.vtable->extent (self->model.self, &self->t0, &self->t1);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_pressed (GtkGestureClick    *gesture,
            int                 n_press,
            double              x,
            double              y,
            AiperfTimelineView *self)
{
  /* A click gives the keyboard to the timeline, as to a chart. */
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (n_press == 2)
    aiperf_timeline_view_reset (self);
}

/* A click (the gesture gives up when the pointer moves: a drag pans). */
static void
on_released (GtkGestureClick    *gesture,
             int                 n_press,
             double              x,
             double              y,
             AiperfTimelineView *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  if (n_press == 1 && (state & GDK_SHIFT_MASK) == 0)
    aiperf_timeline_view_click (self, x, y);
}

gboolean
aiperf_timeline_view_click (AiperfTimelineView *self,
                            double              x,
                            double              y)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  AiperfTimelineState state;
  AiperfTimelineHit hit;
  int lane;

  g_return_val_if_fail (AIPERF_IS_TIMELINE_VIEW (self), FALSE);

  if (self->store == NULL)
    return FALSE;
  state = view_state (self);
  lane = aiperf_timeline_lane_at (&self->model, &state, &self->style, w, h, x, y);
  if (lane >= 0 && (guint) lane < self->folded->len)
    {
      gboolean *folded = &g_array_index (self->folded, gboolean, lane);

      *folded = !*folded;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }
  self->has_selection = self->has_link = FALSE;
  if (aiperf_timeline_hit (&self->model, &state, &self->style, w, h, x, y, &hit) && hit.count == 1 && !hit.is_counter)
    {
      self->has_selection = TRUE;
      self->selected = (AiperfTrackSlice) { hit.lane, hit.depth, hit.start, hit.end };
      self->has_link = self->model.vtable->link (self->model.self, hit.lane, hit.depth, hit.start, &self->linked);
    }
  aiperf_timeline_hit_clear (&hit);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return self->has_selection;
}

gboolean
aiperf_timeline_view_get_selection (AiperfTimelineView *self,
                                    AiperfTrackSlice   *out_selected,
                                    AiperfTrackSlice   *out_linked)
{
  g_return_val_if_fail (AIPERF_IS_TIMELINE_VIEW (self), FALSE);

  if (!self->has_selection)
    return FALSE;
  *out_selected = self->selected;
  if (self->has_link)
    *out_linked = self->linked;
  else
    out_linked->lane = G_MAXUINT;
  return TRUE;
}

gboolean
aiperf_timeline_view_lane_is_folded (AiperfTimelineView *self,
                                     guint               lane)
{
  g_return_val_if_fail (AIPERF_IS_TIMELINE_VIEW (self), FALSE);
  return lane < self->folded->len && g_array_index (self->folded, gboolean, lane);
}

void
aiperf_timeline_view_set_search (AiperfTimelineView *self,
                                 const char         *text,
                                 gboolean            exact)
{
  g_return_if_fail (AIPERF_IS_TIMELINE_VIEW (self));

  if (self->match != NULL)
    self->model.vtable->match_free (self->model.self, g_steal_pointer (&self->match));
  self->n_matches = 0;
  self->has_cursor = FALSE;
  if (self->store != NULL && text != NULL && *text != '\0')
    {
      self->match = self->model.vtable->match_new (self->model.self, text, exact);
      self->n_matches = self->model.vtable->match_count (self->model.self, self->match, NULL);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
aiperf_timeline_view_get_n_matches (AiperfTimelineView *self,
                                    guint              *out_current)
{
  g_return_val_if_fail (AIPERF_IS_TIMELINE_VIEW (self), 0);

  if (out_current != NULL)
    *out_current = self->has_cursor ? self->model.vtable->match_count (self->model.self, self->match, &self->cursor) + 1
                                    : 0;
  return self->n_matches;
}

gboolean
aiperf_timeline_view_step_match (AiperfTimelineView *self,
                                 gboolean            forward)
{
  AiperfTrackSlice next;
  gint64 span, mid, dur;

  g_return_val_if_fail (AIPERF_IS_TIMELINE_VIEW (self), FALSE);

  if (self->store == NULL || self->match == NULL || self->n_matches == 0)
    return FALSE;
  /* Past the last match, round to the first (and back). */
  if (!self->model.vtable->match_step (self->model.self, self->match, self->has_cursor ? &self->cursor : NULL,
                                       forward, &next) &&
      !self->model.vtable->match_step (self->model.self, self->match, NULL, forward, &next))
    return FALSE;
  self->cursor = next;
  self->has_cursor = TRUE;
  self->has_selection = TRUE;
  self->selected = next;
  self->has_link = self->model.vtable->link (self->model.self, next.lane, next.depth, next.start, &self->linked);
  if (next.lane < self->folded->len)
    g_array_index (self->folded, gboolean, next.lane) = FALSE;
  /* The match in the middle of the view, which widens to hold it. */
  dur = next.end - next.start;
  span = MAX (self->t1 - self->t0, dur + dur / 4);
  mid = next.start + dur / 2;
  aiperf_timeline_view_set_range (self, mid - span / 2, mid - span / 2 + span);
  return TRUE;
}

char *
aiperf_timeline_view_describe (AiperfTimelineView *self,
                               double              x,
                               double              y)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  const AiperfTrackModelVTable *vt = self->model.vtable;
  AiperfTimelineState state;
  AiperfTimelineHit hit;
  g_autofree char *args = NULL;
  char *text;

  g_return_val_if_fail (AIPERF_IS_TIMELINE_VIEW (self), NULL);

  if (self->store == NULL)
    return NULL;
  state = view_state (self);
  if (!aiperf_timeline_hit (&self->model, &state, &self->style, w, h, x, y, &hit))
    return NULL;
  if (hit.is_counter)
    /* TRANSLATORS: hover text of a counter: lane, value, time in ms */
    text = g_strdup_printf (_("%s\n%g at %.6f ms"), vt->lane_name (self->model.self, hit.lane), hit.value,
                            hit.start / 1e6);
  else if (hit.count > 1)
    /* TRANSLATORS: hover text of merged slices: count, category, lane */
    text = g_strdup_printf (_("%u slices of %s here\n%s"), hit.count, vt->key_name (self->model.self, hit.key),
                            vt->lane_name (self->model.self, hit.lane));
  else
    {
      gint64 dur = hit.end - hit.start;
      /* A millisecond and longer in ms, shorter in µs (to the ns). */
      g_autofree char *lasts = dur >= 1000000 ? g_strdup_printf (_("%.3f ms"), dur / 1e6)
                                              : g_strdup_printf (_("%.3f µs"), dur / 1e3);

      args = vt->describe (self->model.self, hit.lane, hit.depth, hit.start);
      /* TRANSLATORS: hover text of a slice: name, category, start in ms, duration (with its unit), lane, its args */
      text = g_strdup_printf (_("%s\n%s · starts at %.6f ms · lasts %s\n%s%s%s"), hit.name,
                              vt->key_name (self->model.self, hit.key), hit.start / 1e6, lasts,
                              vt->lane_name (self->model.self, hit.lane), args != NULL ? "\n\n" : "",
                              args != NULL ? args : "");
    }
  aiperf_timeline_hit_clear (&hit);
  return text;
}

static gboolean
on_query_tooltip (GtkWidget          *widget,
                  int                 x,
                  int                 y,
                  gboolean            keyboard,
                  GtkTooltip         *tooltip,
                  AiperfTimelineView *self)
{
  g_autofree char *text = aiperf_timeline_view_describe (self, x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* The keyboard, as the chart's Shift+arrows: a tenth of the view per press. */
static void
activate_key_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  AiperfTimelineView *self = AIPERF_TIMELINE_VIEW (widget);
  gint64 span = self->t1 - self->t0;

  if (g_str_equal (action_name, "timeline.pan"))
    {
      gint64 shift = (gint64) (0.1 * (double) span) * g_variant_get_int32 (parameter);

      aiperf_timeline_view_set_range (self, self->t0 + shift, self->t1 + shift);
    }
  else if (g_str_equal (action_name, "timeline.zoom"))
    {
      /* About the middle of the view: there is no pointer to anchor to. */
      double factor = g_variant_get_int32 (parameter) > 0 ? 0.8 : 1.25;
      gint64 mid = self->t0 + span / 2, half = (gint64) ((double) span * factor / 2);

      aiperf_timeline_view_set_range (self, mid - half, mid + half);
    }
  else
    aiperf_timeline_view_reset (self);
}

static void
aiperf_timeline_view_dispose (GObject *object)
{
  AiperfTimelineView *self = AIPERF_TIMELINE_VIEW (object);

  if (self->match != NULL)
    self->model.vtable->match_free (self->model.self, g_steal_pointer (&self->match));
  g_clear_pointer (&self->store, aiperf_trace_store_unref);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->folded, g_array_unref);
  aiperf_style_clear (&self->style);
  G_OBJECT_CLASS (aiperf_timeline_view_parent_class)->dispose (object);
}

static void
aiperf_timeline_view_class_init (AiperfTimelineViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = aiperf_timeline_view_dispose;
  widget_class->snapshot = aiperf_timeline_view_snapshot;
  gtk_widget_class_install_action (widget_class, "timeline.pan", "i", activate_key_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom", "i", activate_key_action);
  gtk_widget_class_install_action (widget_class, "timeline.reset", NULL, activate_key_action);
  for (int shift = 0; shift <= 1; shift++)
    {
      GdkModifierType mods = shift ? GDK_SHIFT_MASK : 0;

      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, mods, "timeline.pan", "i", -1);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, mods, "timeline.pan", "i", 1);
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "timeline.zoom", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "timeline.zoom", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "timeline.zoom", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "timeline.zoom", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "timeline.zoom", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "timeline.reset", NULL);
}

static void
aiperf_timeline_view_init (AiperfTimelineView *self)
{
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  aiperf_style_init (&self->style, AIPERF_THEME_LIGHT);
  self->folded = g_array_new (FALSE, TRUE, sizeof (gboolean));
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  aiperf_focus_ring_track (GTK_WIDGET (self));
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (update_style), self,
                           G_CONNECT_SWAPPED);
  update_style (self);
}

GtkWidget *
aiperf_timeline_view_new (AiperfTraceStore *store,
                          const char       *title)
{
  AiperfTimelineView *self;

  g_return_val_if_fail (store != NULL, NULL);

  self = g_object_new (AIPERF_TYPE_TIMELINE_VIEW, NULL);
  self->store = aiperf_trace_store_ref (store);
  self->title = g_strdup (title);
  aiperf_trace_store_get_model (store, &self->model);
  g_array_set_size (self->folded, self->model.vtable->n_lanes (self->model.self));
  aiperf_timeline_view_reset (self);
  return GTK_WIDGET (self);
}

/* "12 matches", "3 of 12", or that nothing matches. */
static void
update_count (GtkWidget *page)
{
  AiperfTimelineView *view = aiperf_timeline_page_get_view (page);
  GtkWidget *entry = g_object_get_data (G_OBJECT (page), "aiperf-timeline-search");
  GtkLabel *count = g_object_get_data (G_OBJECT (page), "aiperf-timeline-count");
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  guint current, n = aiperf_timeline_view_get_n_matches (view, &current);
  g_autofree char *label = NULL;

  if (*text == '\0')
    label = g_strdup ("");
  else if (n == 0)
    label = g_strdup_printf (_("No slice matches “%s”"), text);
  else if (current > 0)
    /* TRANSLATORS: the match Enter stepped to, of how many */
    label = g_strdup_printf (_("%u of %u"), current, n);
  else
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u match (Enter: next, Shift+Enter: previous)",
                                          "%u matches (Enter: next, Shift+Enter: previous)", n), n);
  gtk_label_set_text (count, label);
}

static void
on_search_changed (GtkSearchEntry *entry,
                   GtkWidget      *page)
{
  aiperf_timeline_view_set_search (aiperf_timeline_page_get_view (page), gtk_editable_get_text (GTK_EDITABLE (entry)),
                                   FALSE);
  update_count (page);
}

void
aiperf_timeline_page_step (GtkWidget *page,
                           gboolean   forward)
{
  aiperf_timeline_view_step_match (aiperf_timeline_page_get_view (page), forward);
  update_count (page);
}

static void
on_next_match (GtkSearchEntry *entry,
               GtkWidget      *page)
{
  aiperf_timeline_page_step (page, TRUE);
}

static void
on_previous_match (GtkSearchEntry *entry,
                   GtkWidget      *page)
{
  aiperf_timeline_page_step (page, FALSE);
}

/* Enter steps to the next match, Shift+Enter to the one before. */
static gboolean
on_entry_key (GtkEventControllerKey *controller,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              GtkWidget             *page)
{
  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter)
    return FALSE;
  aiperf_timeline_page_step (page, (state & GDK_SHIFT_MASK) == 0);
  return TRUE;
}

GtkWidget *
aiperf_timeline_page_new (AiperfTraceStore *store,
                          const char       *title)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *entry = gtk_search_entry_new ();
  GtkWidget *count = gtk_label_new ("");
  GtkWidget *hint = gtk_label_new (_("Click a slice to select it and see its launch; click a lane's name to fold it"));
  GtkWidget *view = aiperf_timeline_view_new (store, title);
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  g_object_set (entry, "placeholder-text", _("Find slices by name"), NULL);
  gtk_widget_set_size_request (entry, 320, -1);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_label_set_ellipsize (GTK_LABEL (hint), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (count, "numeric");
  gtk_box_append (GTK_BOX (bar), entry);
  gtk_box_append (GTK_BOX (bar), count);
  gtk_box_append (GTK_BOX (bar), hint);
  gtk_box_append (GTK_BOX (box), bar);
  gtk_box_append (GTK_BOX (box), view);
  g_object_set_data (G_OBJECT (box), "aiperf-timeline-view", view);
  g_object_set_data (G_OBJECT (box), "aiperf-timeline-search", entry);
  g_object_set_data (G_OBJECT (box), "aiperf-timeline-count", count);
  g_signal_connect (entry, "search-changed", G_CALLBACK (on_search_changed), box);
  g_signal_connect (entry, "next-match", G_CALLBACK (on_next_match), box);
  g_signal_connect (entry, "previous-match", G_CALLBACK (on_previous_match), box);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_entry_key), box);
  gtk_widget_add_controller (entry, keys);
  return box;
}

AiperfTimelineView *
aiperf_timeline_page_get_view (GtkWidget *page)
{
  gpointer view = page != NULL ? g_object_get_data (G_OBJECT (page), "aiperf-timeline-view") : NULL;

  return view != NULL ? AIPERF_TIMELINE_VIEW (view) : NULL;
}
