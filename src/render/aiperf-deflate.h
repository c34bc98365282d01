/* aiperf-deflate.h — a run-length zlib compressor for PNG image data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _AiperfDeflate AiperfDeflate;

/* Starts a zlib stream (RFC 1950/1951) appended to @out. */
AiperfDeflate *aiperf_deflate_new    (GByteArray    *out);
/* Compresses the next @length bytes. */
void           aiperf_deflate_write  (AiperfDeflate *self,
                                      const guint8  *data,
                                      gsize          length);
/* Compresses @length zero bytes without reading them. */
void           aiperf_deflate_write_zeros (AiperfDeflate *self,
                                           gsize          length);
/* Ends the stream (last block, Adler-32) and frees @self. */
void           aiperf_deflate_finish (AiperfDeflate *self);
/* Frees @self, leaving the stream unfinished (the caller drops it). */
void           aiperf_deflate_free   (AiperfDeflate *self);

G_END_DECLS
