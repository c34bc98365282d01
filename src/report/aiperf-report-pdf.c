/* aiperf-report-pdf.c — report.pdf: a title page (what was opened, when,
 * the system), per kind its runs table and its summary (cutileGPT's system
 * information, the Nsight analysis, GEMM peaks, trace breakdowns), a
 * comparison's section when it is of one, the charts, each trace's timeline, and an appendix of the table columns that
 * did not fit. Portrait pages, landscape where a table, a summary or a
 * chart needs the width; charts that read well in portrait two to a page.
 * Vector throughout, text set by pango, so it stays searchable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-report-pdf-private.h"
#include "aiperf-writer.h"

/* A chart on a portrait page: laid out at this size (text stays readable
 * scaled to the page's width), two to a page. */
#define PORTRAIT_CHART_WIDTH  760
#define PORTRAIT_CHART_HEIGHT 470
#define CAPTION_SIZE 10.0

static cairo_status_t
append_to_bytes (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

void
aiperf_pdf_page_begin (AiperfPdfPage *page)
{
  AiperfRGBA bg = page->style->background;

  if (!page->blank)
    return;
  /* painted with the first thing drawn: until then the page's size may change */
  cairo_save (page->cr);
  cairo_set_source_rgba (page->cr, bg.r, bg.g, bg.b, bg.a);
  cairo_paint (page->cr);
  cairo_restore (page->cr);
  page->blank = FALSE;
}

void
aiperf_pdf_page_new (AiperfPdfPage *page,
                     gboolean       landscape)
{
  double width = landscape ? AIPERF_PDF_LONG : AIPERF_PDF_SHORT;
  double height = landscape ? AIPERF_PDF_SHORT : AIPERF_PDF_LONG;

  if (!page->blank)
    cairo_show_page (page->cr);
  else if (page->width == width)
    return;
  /* nothing drawn on it yet: the size of the page to come */
  cairo_pdf_surface_set_size (page->surface, width, height);
  page->width = width;
  page->height = height;
  page->y = AIPERF_PDF_MARGIN;
  page->blank = TRUE;
}

void
aiperf_pdf_page_need (AiperfPdfPage *page,
                      double         height)
{
  if (!page->blank && page->y + height > page->height - AIPERF_PDF_MARGIN)
    {
      cairo_show_page (page->cr);
      page->y = AIPERF_PDF_MARGIN;
      page->blank = TRUE;
    }
}

static PangoLayout *
text_layout (AiperfPdfPage *page,
             const char    *text,
             double         size,
             guint          flags)
{
  PangoLayout *layout = pango_cairo_create_layout (page->cr);
  PangoFontDescription *desc = pango_font_description_from_string (
    flags & AIPERF_PDF_TEXT_MONO ? "DejaVu Sans Mono, Monospace" : page->style->font_family);

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (flags & AIPERF_PDF_TEXT_BOLD)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  pango_font_description_free (desc);
  return layout;
}

double
aiperf_pdf_text (AiperfPdfPage *page,
                 const char    *text,
                 double         x,
                 double         width,
                 double         size,
                 guint          flags,
                 double        *out_width)
{
  PangoLayout *layout = text_layout (page, text, size, flags);
  int w, h;

  if (!(flags & AIPERF_PDF_TEXT_NOWRAP))
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      if (flags & AIPERF_PDF_TEXT_RIGHT)
        pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
    }
  pango_layout_get_pixel_size (layout, &w, &h);
  if (out_width != NULL)
    *out_width = w;
  if (!(flags & AIPERF_PDF_TEXT_MEASURE))
    {
      AiperfRGBA c = flags & AIPERF_PDF_TEXT_MUTED ? page->style->roles[AIPERF_ROLE_MUTED] : page->style->foreground;

      aiperf_pdf_page_begin (page);
      cairo_move_to (page->cr, x, page->y);
      cairo_set_source_rgba (page->cr, c.r, c.g, c.b, c.a);
      pango_cairo_show_layout (page->cr, layout);
    }
  g_object_unref (layout);
  return h;
}

double
aiperf_pdf_widest_word (AiperfPdfPage *page,
                        const char    *text,
                        double         size,
                        guint          flags)
{
  g_auto(GStrv) words = g_strsplit (text != NULL ? text : "", " ", -1);
  double widest = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      double w = 0;

      aiperf_pdf_text (page, words[i], 0, 0, size, flags | AIPERF_PDF_TEXT_MEASURE | AIPERF_PDF_TEXT_NOWRAP, &w);
      widest = MAX (widest, w);
    }
  return widest;
}

static void
draw_facts (AiperfPdfPage *page,
            AiperfReport  *report)
{
  const double label_width = 110;
  double room = aiperf_pdf_page_room (page) - label_width;

  for (guint i = 0; i + 1 < report->facts->len; i += 2)
    {
      const char *label = g_ptr_array_index (report->facts, i);
      const char *value = g_ptr_array_index (report->facts, i + 1);
      double h = aiperf_pdf_text (page, value, 0, room, 9, AIPERF_PDF_TEXT_MEASURE, NULL);

      aiperf_pdf_page_need (page, h);
      aiperf_pdf_text (page, label, AIPERF_PDF_MARGIN, label_width - 8, 9, AIPERF_PDF_TEXT_BOLD, NULL);
      aiperf_pdf_text (page, value, AIPERF_PDF_MARGIN + label_width, room, 9, 0, NULL);
      page->y += h + 3;
    }
}

/* Charts that need a landscape page: small multiples, many categories
 * along x, long category names along y (kernel names). */
static gboolean
chart_is_wide (const AiperfChart *chart)
{
  if (chart->panels != NULL && chart->panels->len > 1)
    return TRUE;
  if (chart->x.tick_labels != NULL && chart->x.tick_labels->len > 10)
    return TRUE;
  for (guint i = 0; chart->y.tick_labels != NULL && i < chart->y.tick_labels->len; i++)
    if (g_utf8_strlen (g_ptr_array_index (chart->y.tick_labels, i), -1) > 24)
      return TRUE;
  return FALSE;
}

/* A chart with its caption: the rest of a landscape page, or half a
 * portrait one. */
static void
draw_chart (AiperfPdfPage           *page,
            AiperfReport            *report,
            const AiperfReportChart *item)
{
  gboolean wide = chart_is_wide (item->chart);
  double width = wide ? AIPERF_REPORT_CHART_WIDTH : PORTRAIT_CHART_WIDTH;
  double height = aiperf_report_chart_height (item->chart, &report->style, width,
                                              wide ? AIPERF_REPORT_CHART_HEIGHT : PORTRAIT_CHART_HEIGHT);
  g_autofree char *caption = g_strdup_printf ("%s (%s, %s)", item->caption, item->name, item->plan->kind);
  double room = AIPERF_PDF_SHORT - 2 * AIPERF_PDF_MARGIN;
  double scale = room / width, caption_h;

  if (wide)
    aiperf_pdf_page_new (page, TRUE);
  else if (page->width != AIPERF_PDF_SHORT)
    aiperf_pdf_page_new (page, FALSE);
  else if (!page->blank)
    page->y += 12;
  caption_h = aiperf_pdf_text (page, caption, 0, aiperf_pdf_page_room (page), CAPTION_SIZE,
                               AIPERF_PDF_TEXT_MEASURE, NULL) + 6;
  /* a wide chart fills a landscape page, and a chart made tall by its
   * legend's rows still fits on one page */
  scale = MIN (aiperf_pdf_page_room (page) / width, (page->height - 2 * AIPERF_PDF_MARGIN - caption_h) / height);
  aiperf_pdf_page_need (page, caption_h + height * scale);
  page->y += aiperf_pdf_text (page, caption, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (page), CAPTION_SIZE, 0,
                              NULL) + 6;
  aiperf_pdf_page_begin (page);
  cairo_save (page->cr);
  cairo_translate (page->cr, AIPERF_PDF_MARGIN + (aiperf_pdf_page_room (page) - width * scale) / 2, page->y);
  cairo_scale (page->cr, scale, scale);
  aiperf_report_draw_chart (page->cr, item->chart, &report->style, width, height);
  cairo_restore (page->cr);
  page->y += height * scale + 16;
}

/* A trace's whole timeline on a landscape page, as timeline.png draws it. */
static void
draw_timeline (AiperfPdfPage              *page,
               AiperfReport               *report,
               const AiperfReportTimeline *timeline)
{
  const double width = 1100;
  double scale, height;

  aiperf_pdf_page_new (page, TRUE);
  page->y += aiperf_pdf_text (page, timeline->caption, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (page), CAPTION_SIZE,
                              0, NULL) + 6;
  scale = aiperf_pdf_page_room (page) / width;
  height = aiperf_report_timeline_height (timeline, (page->height - AIPERF_PDF_MARGIN - page->y) / scale);
  aiperf_pdf_page_begin (page);
  cairo_save (page->cr);
  cairo_translate (page->cr, AIPERF_PDF_MARGIN, page->y);
  cairo_scale (page->cr, scale, scale);
  aiperf_report_draw_timeline (page->cr, timeline, &report->style, width, height);
  cairo_restore (page->cr);
  page->y = page->height;
}

gboolean
aiperf_report_write_pdf (AiperfReport  *report,
                         const char    *path,
                         GError       **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GPtrArray) appendix = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_pdf_overflow_free);
  cairo_status_t status;
  AiperfPdfPage page = { 0 };
  AiperfReportTable *compared;

  g_return_val_if_fail (report != NULL && path != NULL, FALSE);

  page.surface = cairo_pdf_surface_create_for_stream (append_to_bytes, bytes, AIPERF_PDF_SHORT, AIPERF_PDF_LONG);
  cairo_pdf_surface_set_metadata (page.surface, CAIRO_PDF_METADATA_CREATOR, "aiperf-plot " PACKAGE_VERSION);
  cairo_pdf_surface_set_metadata (page.surface, CAIRO_PDF_METADATA_TITLE, report->title);
  page.cr = cairo_create (page.surface);
  page.style = &report->style;
  page.width = AIPERF_PDF_SHORT;
  page.height = AIPERF_PDF_LONG;
  page.y = AIPERF_PDF_MARGIN;
  page.blank = TRUE;

  page.y += aiperf_pdf_text (&page, report->title, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (&page), 20,
                             AIPERF_PDF_TEXT_BOLD, NULL) + 12;
  draw_facts (&page, report);
  for (guint t = 0; t < report->tables->len; t++)
    {
      const AiperfReportTable *table = g_ptr_array_index (report->tables, t);

      aiperf_report_pdf_table (&page, table, appendix);
      if (table->section != NULL)
        aiperf_report_pdf_section (&page, table->section);
    }
  compared = aiperf_report_pdf_comparison (&page, report, appendix);
  for (guint i = 0; i < report->charts->len; i++)
    draw_chart (&page, report, g_ptr_array_index (report->charts, i));
  for (guint i = 0; i < report->timelines->len; i++)
    draw_timeline (&page, report, g_ptr_array_index (report->timelines, i));
  aiperf_report_pdf_appendix (&page, appendix);
  g_clear_pointer (&compared, aiperf_report_table_free);

  cairo_show_page (page.cr);
  cairo_destroy (page.cr);
  cairo_surface_finish (page.surface);
  status = cairo_surface_status (page.surface);
  cairo_surface_destroy (page.surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("Could not draw “%s”: %s"), path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return aiperf_write_file_atomically (path, (const char *) bytes->data, bytes->len, error);
}
