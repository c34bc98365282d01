/* aiperf-report-pdf.c — report.pdf: a title page (what was opened, when,
 * the system, the runs) and one chart per page with its caption. Vector
 * throughout, text set by pango, so it stays searchable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "aiperf-error.h"
#include "aiperf-report-private.h"
#include "aiperf-writer.h"

/* A4 landscape, in points. */
#define PAGE_WIDTH   842.0
#define PAGE_HEIGHT  595.0
#define MARGIN        40.0

typedef struct {
  cairo_t           *cr;
  const AiperfStyle *style;
  double             y;       /* where the next line goes */
} Page;

static cairo_status_t
append_to_bytes (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
set_rgba (cairo_t    *cr,
          AiperfRGBA  c)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, c.a);
}

static void
new_page (Page *page)
{
  cairo_show_page (page->cr);
  set_rgba (page->cr, page->style->background);
  cairo_paint (page->cr);
  page->y = MARGIN;
}

/* Text at (@x, page->y) wrapped to @width; returns its height. */
static double
draw_text (Page       *page,
           const char *text,
           double      x,
           double      width,
           double      size,
           gboolean    bold,
           gboolean    measure_only)
{
  PangoLayout *layout = pango_cairo_create_layout (page->cr);
  PangoFontDescription *desc = pango_font_description_from_string (page->style->font_family);
  int w, h;

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  if (!measure_only)
    {
      cairo_move_to (page->cr, x, page->y);
      set_rgba (page->cr, page->style->foreground);
      pango_cairo_show_layout (page->cr, layout);
    }
  pango_font_description_free (desc);
  g_object_unref (layout);
  return h;
}

static void
draw_facts (Page         *page,
            AiperfReport *report)
{
  const double label_width = 120;

  for (guint i = 0; i + 1 < report->facts->len; i += 2)
    {
      const char *label = g_ptr_array_index (report->facts, i);
      const char *value = g_ptr_array_index (report->facts, i + 1);
      double h = draw_text (page, value, MARGIN + label_width, PAGE_WIDTH - 2 * MARGIN - label_width, 10,
                            FALSE, TRUE);

      if (page->y + h > PAGE_HEIGHT - MARGIN)
        new_page (page);
      draw_text (page, label, MARGIN, label_width - 8, 10, TRUE, FALSE);
      draw_text (page, value, MARGIN + label_width, PAGE_WIDTH - 2 * MARGIN - label_width, 10, FALSE, FALSE);
      page->y += h + 3;
    }
}

/* Height of one table row of @cells. */
static double
row_height (Page      *page,
            GPtrArray *cells,
            guint      n,
            double     col,
            double     size,
            gboolean   header)
{
  double h = 0;

  for (guint c = 0; c < n && c < cells->len; c++)
    h = MAX (h, draw_text (page, g_ptr_array_index (cells, c), 0, (c == 0 ? 2 : 1) * col - 4, size, header, TRUE));
  return h;
}

static void
draw_row (Page      *page,
          GPtrArray *cells,
          guint      n,
          double     col,
          double     size,
          gboolean   header)
{
  double h = row_height (page, cells, n, col, size, header);

  for (guint c = 0, x = 0; c < n && c < cells->len; c++)
    {
      const char *cell = g_ptr_array_index (cells, c);

      draw_text (page, cell != NULL ? cell : "–", MARGIN + x * col, (c == 0 ? 2 : 1) * col - 4, size, header, FALSE);
      x += c == 0 ? 2 : 1;
    }
  page->y += h + 2;
  cairo_move_to (page->cr, MARGIN, page->y - 1);
  cairo_line_to (page->cr, PAGE_WIDTH - MARGIN, page->y - 1);
  set_rgba (page->cr, page->style->grid);
  cairo_set_line_width (page->cr, 0.5);
  cairo_stroke (page->cr);
}

/* A table in equal columns (the first twice as wide); rows that do not fit
 * continue on the next page under a repeated header. */
static void
draw_table (Page                    *page,
            const AiperfReportTable *table)
{
  guint n = table->columns->len;
  double width = PAGE_WIDTH - 2 * MARGIN;
  double col = width / (n + 1);
  const double size = n > 10 ? 6.5 : 8;

  page->y += 8;
  if (page->y + 40 > PAGE_HEIGHT - MARGIN)
    new_page (page);
  page->y += draw_text (page, table->title, MARGIN, width, 12, TRUE, FALSE) + 4;
  draw_row (page, table->columns, n, col, size, TRUE);
  for (guint r = 0; r < table->rows->len; r++)
    {
      GPtrArray *cells = g_ptr_array_index (table->rows, r);

      if (page->y + row_height (page, cells, n, col, size, FALSE) > PAGE_HEIGHT - MARGIN)
        {
          new_page (page);
          draw_row (page, table->columns, n, col, size, TRUE);
        }
      draw_row (page, cells, n, col, size, FALSE);
    }
  if (table->constant != NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s %s", _("The same in every run:"), table->constant);

      page->y += 4;
      page->y += draw_text (page, text, MARGIN, width, size, FALSE, FALSE);
    }
}

static void
draw_title_page (Page         *page,
                 AiperfReport *report)
{
  double width = PAGE_WIDTH - 2 * MARGIN;

  set_rgba (page->cr, page->style->background);
  cairo_paint (page->cr);
  page->y = MARGIN;
  page->y += draw_text (page, report->title, MARGIN, width, 20, TRUE, FALSE) + 12;
  draw_facts (page, report);
  for (guint t = 0; t < report->tables->len; t++)
    draw_table (page, g_ptr_array_index (report->tables, t));
}

static void
draw_chart_page (Page                    *page,
                 const AiperfReportChart *item)
{
  double width = PAGE_WIDTH - 2 * MARGIN;
  g_autofree char *caption = g_strdup_printf ("%s (%s, %s)", item->caption, item->name, item->plan->kind);
  double scale, chart_height;

  new_page (page);
  page->y += draw_text (page, caption, MARGIN, width, 11, FALSE, FALSE) + 8;
  /* The report's layout at 1000x500, scaled to the page. */
  scale = MIN (width / AIPERF_REPORT_CHART_WIDTH, (PAGE_HEIGHT - MARGIN - page->y) / AIPERF_REPORT_CHART_HEIGHT);
  chart_height = AIPERF_REPORT_CHART_HEIGHT * scale;
  cairo_save (page->cr);
  cairo_translate (page->cr, MARGIN + (width - AIPERF_REPORT_CHART_WIDTH * scale) / 2, page->y);
  cairo_scale (page->cr, scale, scale);
  aiperf_report_draw_chart (page->cr, item->chart, page->style, AIPERF_REPORT_CHART_WIDTH,
                            AIPERF_REPORT_CHART_HEIGHT);
  cairo_restore (page->cr);
  page->y += chart_height;
}

gboolean
aiperf_report_write_pdf (AiperfReport  *report,
                         const char    *path,
                         GError       **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  Page page = { 0 };

  g_return_val_if_fail (report != NULL && path != NULL, FALSE);

  surface = cairo_pdf_surface_create_for_stream (append_to_bytes, bytes, PAGE_WIDTH, PAGE_HEIGHT);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "aiperf-plot " PACKAGE_VERSION);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, report->title);
  page.cr = cairo_create (surface);
  page.style = &report->style;
  draw_title_page (&page, report);
  for (guint i = 0; i < report->charts->len; i++)
    draw_chart_page (&page, g_ptr_array_index (report->charts, i));
  cairo_show_page (page.cr);
  cairo_destroy (page.cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("Could not draw “%s”: %s"), path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return aiperf_write_file_atomically (path, (const char *) bytes->data, bytes->len, error);
}
