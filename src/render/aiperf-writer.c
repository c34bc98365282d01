/* aiperf-writer.c — PNG, SVG and PDF files of a chart, written atomically.
 *
 * Every format is drawn by the same renderer into memory first, then
 * written through a temporary file and a rename, so a failure (full disk,
 * read-only folder) never leaves a partial image behind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>

#include "aiperf-error.h"
#include "aiperf-renderer.h"
#include "aiperf-writer.h"

static const char *extensions[] = { "png", "svg", "pdf" };

const char *
aiperf_image_format_extension (AiperfImageFormat format)
{
  g_return_val_if_fail (format <= AIPERF_FORMAT_PDF, NULL);

  return extensions[format];
}

gboolean
aiperf_image_format_from_string (const char        *text,
                                 AiperfImageFormat *out_format)
{
  g_return_val_if_fail (out_format != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    if (g_ascii_strcasecmp (text, extensions[i]) == 0)
      {
        *out_format = (AiperfImageFormat) i;
        return TRUE;
      }
  return FALSE;
}

static cairo_status_t
append_to_bytes (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
draw_chart (cairo_surface_t      *surface,
            const AiperfChart    *chart,
            const AiperfViewport *viewport,
            const AiperfStyle    *style,
            int                   width,
            int                   height)
{
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_t *cr = cairo_create (surface);

  aiperf_renderer_draw (renderer, cr, chart, viewport, style, width, height);
  cairo_destroy (cr);
}

gboolean
aiperf_write_chart (const AiperfChart    *chart,
                    const AiperfViewport *viewport,
                    const AiperfStyle    *style,
                    AiperfImageFormat     format,
                    int                   width,
                    int                   height,
                    const char           *path,
                    GError              **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface = NULL;
  cairo_status_t status;

  g_return_val_if_fail (chart != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);

  switch (format)
    {
    case AIPERF_FORMAT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      draw_chart (surface, chart, viewport, style, width, height);
      cairo_surface_flush (surface);
      status = cairo_surface_write_to_png_stream (surface, append_to_bytes, bytes);
      break;
    case AIPERF_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (append_to_bytes, bytes, width, height);
      cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
      draw_chart (surface, chart, viewport, style, width, height);
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
      break;
    case AIPERF_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (append_to_bytes, bytes, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "aiperf-plot");
      if (chart->title != NULL)
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, chart->title);
      draw_chart (surface, chart, viewport, style, width, height);
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
      break;
    default:
      g_return_val_if_reached (FALSE);
    }
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
                   _("Could not draw “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }
  return aiperf_write_file_atomically (path, (const char *) bytes->data, bytes->len, error);
}

gboolean
aiperf_write_file_atomically (const char  *path,
                              const char  *contents,
                              gsize        length,
                              GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (contents != NULL || length == 0, FALSE);

  /* CONSISTENT = write a temporary file beside @path, then rename it. */
  if (!g_file_set_contents_full (path, contents != NULL ? contents : "", length,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0666, &local_error))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
                   _("Could not write “%s”: %s"), path, local_error->message);
      return FALSE;
    }
  return TRUE;
}
