/* aiperf-png.h — a fast PNG encoder for cairo image surfaces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Appends a PNG of @surface (an ARGB32 or RGB24 image surface, flushed) to
 * @out. An image with no translucent pixel is written as 8-bit RGB, else as
 * 8-bit RGBA (un-premultiplied, as cairo's writer does). */
gboolean aiperf_png_encode (cairo_surface_t  *surface,
                            GByteArray       *out,
                            GError          **error);

/* An image surface of @width × @height whose pixels sit on huge pages where
 * the system allows it: first-touch page faults of a 2400 × 1200 surface
 * otherwise cost more than drawing the chart. Its contents are undefined. */
cairo_surface_t *aiperf_png_surface_new (int width,
                                         int height);

G_END_DECLS
