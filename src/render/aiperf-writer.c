/* aiperf-writer.c — PNG, SVG and PDF files of a chart, written atomically.
 *
 * Every format is drawn by the same renderer into memory first, then
 * written through a temporary file and a rename, so a failure (full disk,
 * read-only folder) never leaves a partial image behind. PNGs go through
 * our own encoder (aiperf-png.c) on reused image surfaces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "aiperf-error.h"
#include "aiperf-png.h"
#include "aiperf-renderer.h"
#include "aiperf-writer.h"

/* Image surfaces kept between PNG exports when asked (the batch exporter
 * does): a fresh 2400 × 1200 surface costs a page fault per 4 KiB on first
 * touch, slower than the drawing. At most one per core is kept. */
static GMutex    surface_lock;
static GPtrArray *surface_cache;
static gboolean  keep_surfaces;

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

static cairo_surface_t *
take_image_surface (int width,
                    int height)
{
  cairo_surface_t *surface = NULL;

  g_mutex_lock (&surface_lock);
  if (surface_cache != NULL && surface_cache->len > 0)
    {
      surface = g_ptr_array_steal_index_fast (surface_cache, surface_cache->len - 1);
      if (cairo_image_surface_get_width (surface) != width ||
          cairo_image_surface_get_height (surface) != height)
        {
          g_ptr_array_set_size (surface_cache, 0);
          cairo_surface_destroy (surface);
          surface = NULL;
        }
    }
  g_mutex_unlock (&surface_lock);
  return surface != NULL ? surface : aiperf_png_surface_new (width, height);
}

static void
give_back_image_surface (cairo_surface_t *surface)
{
  g_mutex_lock (&surface_lock);
  if (keep_surfaces)
    {
      if (surface_cache == NULL)
        surface_cache = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
      if (surface_cache->len < g_get_num_processors ())
        g_ptr_array_add (surface_cache, g_steal_pointer (&surface));
    }
  g_mutex_unlock (&surface_lock);
  g_clear_pointer (&surface, cairo_surface_destroy);
}

void
aiperf_writer_keep_surfaces (gboolean keep)
{
  g_mutex_lock (&surface_lock);
  keep_surfaces = keep;
  if (!keep)
    g_clear_pointer (&surface_cache, g_ptr_array_unref);
  g_mutex_unlock (&surface_lock);
}

void
aiperf_writer_prepare_fonts (const char *font_family)
{
  PangoFontMap *map;
  PangoContext *context;
  PangoFontDescription *desc;
  PangoFontset *fontset;

  g_return_if_fail (font_family != NULL);

  /* The font map is this thread's own, but the fontconfig set-up it waits
   * for is process-wide. */
  map = pango_cairo_font_map_get_default ();
  context = pango_font_map_create_context (map);
  desc = pango_font_description_from_string (font_family);
  pango_font_description_set_absolute_size (desc, 12 * PANGO_SCALE);
  fontset = pango_font_map_load_fontset (map, context, desc, pango_language_get_default ());
  g_clear_object (&fontset);
  pango_font_description_free (desc);
  g_object_unref (context);
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
      {
        g_autoptr(GError) local_error = NULL;

        surface = take_image_surface (width, height);
        if (style->background.a < 1.0)
          {
            /* a reused surface holds the last chart */
            cairo_t *cr = cairo_create (surface);

            cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
            cairo_paint (cr);
            cairo_destroy (cr);
          }
        draw_chart (surface, chart, viewport, style, width, height);
        cairo_surface_flush (surface);
        status = cairo_surface_status (surface);
        if (status == CAIRO_STATUS_SUCCESS && !aiperf_png_encode (surface, bytes, &local_error))
          status = CAIRO_STATUS_WRITE_ERROR;
        if (status == CAIRO_STATUS_SUCCESS)
          give_back_image_surface (g_steal_pointer (&surface));
      }
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
  g_clear_pointer (&surface, cairo_surface_destroy);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
                   _("Could not draw “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }
  return aiperf_write_file_atomically (path, (const char *) bytes->data, bytes->len, error);
}

static gboolean
write_all (int          fd,
           const char  *contents,
           gsize        length)
{
  while (length > 0)
    {
      gssize n = write (fd, contents, MIN (length, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      contents += n;
      length -= (gsize) n;
    }
  return TRUE;
}

gboolean
aiperf_write_file_atomically (const char  *path,
                              const char  *contents,
                              gsize        length,
                              GError     **error)
{
  g_autofree char *tmp = NULL;
  int fd, saved;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (contents != NULL || length == 0, FALSE);

  /* A temporary file beside @path, then a rename: readers see the old file
   * or the new one, never a part. No fsync (g_file_set_contents_full's
   * CONSISTENT does two per file, 5–20 ms each here): an image can be made
   * again, and ext4 and btrfs flush a file renamed over another anyway. */
  tmp = g_strconcat (path, ".XXXXXX", NULL);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      saved = errno;
      goto fail;
    }
  if (!write_all (fd, contents, length))
    {
      saved = errno != 0 ? errno : ENOSPC;
      close (fd);
      g_unlink (tmp);
      goto fail;
    }
  if (close (fd) != 0 || g_rename (tmp, path) != 0)
    {
      saved = errno;
      g_unlink (tmp);
      goto fail;
    }
  return TRUE;

fail:
  g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO,
               _("Could not write “%s”: %s"), path, g_strerror (saved));
  return FALSE;
}
