/* aiperf-focus-ring.h — the keyboard focus ring of the widgets that draw
 * themselves (the chart, the timeline).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Redraws @widget when it gains or loses keyboard focus, so the ring
 * shows the moment Tab lands on it, not at the next unrelated redraw. */
void aiperf_focus_ring_track    (GtkWidget   *widget);
/* Draws the ring round @widget's edge when its focus is visible. */
void aiperf_focus_ring_snapshot (GtkWidget   *widget,
                                 GtkSnapshot *snapshot);

G_END_DECLS
