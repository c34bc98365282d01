/* aiperf-focus-ring.c — the keyboard focus ring of the widgets that draw
 * themselves: GTK draws the ring of its own widgets from CSS, but a
 * widget that caches its drawing must ask for a redraw when focus moves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-focus-ring.h"

#define FOCUS_FLAGS (GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE | GTK_STATE_FLAG_FOCUS_WITHIN)

static void
on_state_flags_changed (GtkWidget     *widget,
                        GtkStateFlags  previous)
{
  if ((gtk_widget_get_state_flags (widget) ^ previous) & FOCUS_FLAGS)
    gtk_widget_queue_draw (widget);
}

void
aiperf_focus_ring_track (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_signal_connect (widget, "state-flags-changed", G_CALLBACK (on_state_flags_changed), NULL);
}

/* The theme's accent (libadwaita names it accent_color), else its blue. */
static GdkRGBA
accent_color (GtkWidget *widget)
{
  GdkRGBA accent = { 0.208, 0.518, 0.894, 1.0 };

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "accent_color", &accent);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return accent;
}

void
aiperf_focus_ring_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GskRoundedRect outline;
  GdkRGBA c[4];
  float w[4] = { 2, 2, 2, 2 };

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (!gtk_widget_has_visible_focus (widget) || width < 4 || height < 4)
    return;
  c[0] = accent_color (widget);
  c[0].alpha *= 0.8;
  c[1] = c[2] = c[3] = c[0];
  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (1, 1, width - 2, height - 2), 6);
  gtk_snapshot_append_border (snapshot, &outline, w, c);
}
