/* aiperf-chart-view-legend.c — the legend's "+N more": clicked, a popover
 * lists every entry of the legend, each a check that shows or hides its
 * series as a click on a legend entry does. An entry the legend shortened
 * (to what it does not share with the others) says its whole name on hover.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-chart-view-private.h"

static void
on_entry_toggled (GtkCheckButton  *check,
                  AiperfChartView *self)
{
  int series = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (check), "series"));
  const AiperfSeries *s;

  if (self->chart == NULL || series < 0 || (guint) series >= self->chart->series->len)
    return;
  s = g_ptr_array_index (self->chart->series, series);
  if (s->visible != gtk_check_button_get_active (check))
    aiperf_chart_view_toggle_series (self, series);
}

static gboolean
unparent_later (gpointer popover)
{
  if (gtk_widget_get_parent (popover) != NULL)
    gtk_widget_unparent (popover);
  return G_SOURCE_REMOVE;
}

static void
on_closed (GtkPopover      *popover,
           AiperfChartView *self)
{
  /* Dismissed: let go of it once its own closing is over (a new chart may
   * bring other series). */
  if (self->legend_popover == GTK_WIDGET (popover))
    self->legend_popover = NULL;
  g_idle_add_full (G_PRIORITY_DEFAULT, unparent_later, g_object_ref (popover), g_object_unref);
}

void
aiperf_chart_view_close_legend_popover (AiperfChartView *self)
{
  GtkWidget *popover;

  g_assert (AIPERF_IS_CHART_VIEW (self));

  popover = g_steal_pointer (&self->legend_popover);
  if (popover == NULL)
    return;
  g_signal_handlers_disconnect_by_func (popover, on_closed, self);
  gtk_widget_unparent (popover);
}

void
aiperf_chart_view_show_legend_popover (AiperfChartView *self,
                                       double           x,
                                       double           y)
{
  GtkWidget *popover, *scroller, *box, *title;

  g_assert (AIPERF_IS_CHART_VIEW (self));

  aiperf_chart_view_close_legend_popover (self);
  if (self->chart == NULL)
    return;
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  title = gtk_label_new (_("Show or hide a series"));
  gtk_widget_add_css_class (title, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (box), title);
  for (guint i = 0; i < self->chart->series->len; i++)
    {
      const AiperfSeries *s = g_ptr_array_index (self->chart->series, i);
      GtkWidget *check;

      if (!s->in_legend || s->name == NULL)
        continue;
      check = gtk_check_button_new_with_label (s->name);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), s->visible);
      g_object_set_data (G_OBJECT (check), "series", GINT_TO_POINTER ((int) i));
      g_signal_connect (check, "toggled", G_CALLBACK (on_entry_toggled), self);
      gtk_box_append (GTK_BOX (box), check);
    }
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 420);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);

  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), scroller);
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_widget_set_parent (popover, GTK_WIDGET (self));
  g_signal_connect (popover, "closed", G_CALLBACK (on_closed), self);
  self->legend_popover = popover;
  gtk_popover_popup (GTK_POPOVER (popover));
}

static gboolean
on_query_tooltip (GtkWidget       *widget,
                  int              x,
                  int              y,
                  gboolean         keyboard,
                  GtkTooltip      *tooltip,
                  AiperfChartView *self)
{
  AiperfRenderer *renderer = aiperf_chart_view_get_renderer (self);
  int series;

  if (keyboard || self->chart == NULL || renderer == NULL)
    return FALSE;
  series = aiperf_renderer_pick_legend (renderer, x, y);
  if (series < 0 || (guint) series >= self->chart->series->len ||
      aiperf_renderer_get_legend_short_name (renderer, series) == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, ((const AiperfSeries *) g_ptr_array_index (self->chart->series, series))->name);
  return TRUE;
}

void
aiperf_chart_view_init_legend (AiperfChartView *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
}
