/* aiperf-data-panel-layout.c — where the data panel's table goes: beside
 * its chart when the panel is wide enough for the table's columns and a
 * readable chart, else above the chart at the panel's whole width, so the
 * numbers never scroll out of sight beside a chart squeezed to its
 * minimum. Until the divider is dragged it gives the table what its
 * columns ask for (or, above the chart, its rows, up to half the height);
 * the panes' minimum sizes (the template's) keep either from being
 * dragged away.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-data-panel-private.h"

/* The chart's width beside the table: below it, bars beside kernel names
 * have no room, and the table goes above instead. */
#define CHART_BESIDE_WIDTH 520
/* Room for the table's vertical scroll bar. */
#define SCROLL_BAR 16

static int
max_position (GtkPaned *paned)
{
  int max = 0;

  g_object_get (paned, "max-position", &max, NULL);
  return max;
}

static int
table_width (AiperfDataPanel *self)
{
  return aiperf_data_columns_natural_width (self->view) + SCROLL_BAR;
}

/* Until the divider is dragged: beside the chart, the table as wide as
 * its columns ask; above it, as tall as its rows, at most half the panel.
 * Either as far as the chart keeps its minimum (the paned's largest
 * position). */
static void
place_divider (AiperfDataPanel *self)
{
  int max = max_position (self->paned), wanted;

  if (self->divider_dragged || max <= 0)
    return;
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->paned)) == GTK_ORIENTATION_HORIZONTAL)
    wanted = table_width (self);
  else
    {
      int natural = 0;

      gtk_widget_measure (GTK_WIDGET (self->view), GTK_ORIENTATION_VERTICAL,
                          gtk_widget_get_width (GTK_WIDGET (self->paned)), NULL, &natural, NULL, NULL);
      wanted = MIN (natural + 2, gtk_widget_get_height (GTK_WIDGET (self->paned)) / 2);
    }
  self->divider_max = max;
  self->divider_position = MIN (wanted, max);
  gtk_paned_set_position (self->paned, self->divider_position);
}

/* Beside or above, from the panel's width. Beside asks for more than the
 * two panes' minimums side by side, so that choice never holds the window
 * wider than it is, and the width does not flip with it. Run from an
 * idle: the paned is not turned while it is being allocated. */
static gboolean
choose_orientation (gpointer user_data)
{
  AiperfDataPanel *self = user_data;
  int width = gtk_widget_get_width (GTK_WIDGET (self->paned));
  GtkOrientation wanted = width >= table_width (self) + CHART_BESIDE_WIDTH
    ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL;

  self->orient_idle = 0;
  if (width > 0 && wanted != gtk_orientable_get_orientation (GTK_ORIENTABLE (self->paned)))
    {
      /* a position dragged across is not one down */
      self->divider_dragged = FALSE;
      self->divider_max = -1;
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->paned), wanted);
    }
  return G_SOURCE_REMOVE;
}

static void
on_max_position (AiperfDataPanel *self)
{
  if (self->orient_idle == 0)
    self->orient_idle = g_idle_add (choose_orientation, self);
  place_divider (self);
}

/* A position that is neither the one set above nor the paned keeping
 * within a new size is the user's. */
static void
on_position (AiperfDataPanel *self)
{
  if (gtk_paned_get_position (self->paned) != self->divider_position &&
      max_position (self->paned) == self->divider_max)
    self->divider_dragged = TRUE;
}

void
aiperf_data_panel_layout_init (AiperfDataPanel *self)
{
  g_signal_connect_swapped (self->paned, "notify::max-position", G_CALLBACK (on_max_position), self);
  g_signal_connect_swapped (self->paned, "notify::position", G_CALLBACK (on_position), self);
}

void
aiperf_data_panel_layout_update (AiperfDataPanel *self)
{
  on_max_position (self);
}

void
aiperf_data_panel_layout_dispose (AiperfDataPanel *self)
{
  g_clear_handle_id (&self->orient_idle, g_source_remove);
}
