/* aiperf-writer.h — PNG, SVG and PDF files of a chart, written atomically.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "aiperf-chart.h"
#include "aiperf-style.h"
#include "aiperf-viewport.h"

G_BEGIN_DECLS

typedef enum {
  AIPERF_FORMAT_PNG,
  AIPERF_FORMAT_SVG,
  AIPERF_FORMAT_PDF,
} AiperfImageFormat;

const char *aiperf_image_format_extension (AiperfImageFormat  format); /* "png" */
gboolean    aiperf_image_format_from_string (const char       *text,
                                             AiperfImageFormat *out_format);

/* Writes @chart as a @width × @height image (pixels for PNG, points for
 * SVG/PDF) to @path through a temporary file in the same folder and a
 * rename, so a failure leaves no partial file. @viewport NULL = automatic.
 * The style's scale is used as given. */
gboolean    aiperf_write_chart            (const AiperfChart    *chart,
                                           const AiperfViewport *viewport,
                                           const AiperfStyle    *style,
                                           AiperfImageFormat     format,
                                           int                   width,
                                           int                   height,
                                           const char           *path,
                                           GError              **error);
/* Loads the font configuration (fontconfig parses its files once per
 * process, in whichever thread asks first) and matches @font_family, so a
 * thread can do it while others load data. */
void        aiperf_writer_prepare_fonts   (const char           *font_family);
/* With TRUE, PNG writes keep their image surfaces (one per core) for the
 * next PNG of the same size; FALSE (the default) frees them. */
void        aiperf_writer_keep_surfaces   (gboolean              keep);
/* Writes @contents to @path atomically (temp file + rename). */
gboolean    aiperf_write_file_atomically  (const char           *path,
                                           const char           *contents,
                                           gsize                 length,
                                           GError              **error);

G_END_DECLS
