/* aiperf-report-pdf-compare.c — report.pdf's comparison section, when the
 * report is of a comparison: the verdict counts and the method, every
 * record as a row of a table (the header again on every page), the
 * configurations on one side only, and the forest plot, a landscape page
 * per MAX_FOREST_ROWS records so each row stays readable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-compare-chart.h"
#include "aiperf-report-compare.h"
#include "aiperf-report-pdf-private.h"

/* Rows of the forest plot on one landscape page (about 18 pt each). */
#define MAX_FOREST_ROWS 24
/* The forest's layout width: its labels at about 8 pt on the page. */
#define FOREST_WIDTH 1100.0

/* The records from @first, as many as go on one page: whole
 * configurations while they fit, a configuration of more rows than a page
 * split into pages equally full. Returns the index after the last. */
static guint
page_of_records (const AiperfComparison *comparison,
                 guint                   first)
{
  GPtrArray *records = comparison->records;
  guint end = first;

  while (end < records->len)
    {
      const char *config = ((AiperfCompareRecord *) g_ptr_array_index (records, end))->configuration;
      guint next = end;

      while (next < records->len &&
             g_strcmp0 (((AiperfCompareRecord *) g_ptr_array_index (records, next))->configuration, config) == 0)
        next++;
      if (next - first <= MAX_FOREST_ROWS)
        end = next;
      else if (end == first)
        {
          /* the configuration's pages equally full: 13 and 13, not 24 and 2 */
          guint size = next - first, pages = (size + MAX_FOREST_ROWS - 1) / MAX_FOREST_ROWS;

          return first + (size + pages - 1) / pages;
        }
      else
        break;
    }
  return end;
}

static void
draw_forest_page (AiperfPdfPage          *page,
                  AiperfReport           *report,
                  const AiperfComparison *comparison,
                  guint                   first,
                  guint                   end)
{
  AiperfComparison part = { 0 };
  g_autoptr(GPtrArray) records = g_ptr_array_new ();
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  g_autoptr(AiperfChart) forest = NULL;
  g_autofree char *caption = NULL;
  double scale, height;

  for (guint i = first; i < end; i++)
    g_ptr_array_add (records, g_ptr_array_index (comparison->records, i));
  part.settings = comparison->settings;
  part.records = records;
  part.unpaired = none;
  part.notes = none;
  forest = aiperf_compare_forest_chart (&part);
  if (forest == NULL)
    return;
  aiperf_pdf_page_new (page, TRUE);
  /* the chart has its title; a page of a longer plot says which part it is */
  if (first > 0 || end < comparison->records->len)
    {
      /* Translators: a page of a comparison's forest plot: the records on it and in all */
      caption = g_strdup_printf (_("Records %u–%u of %u"), first + 1, end, comparison->records->len);
      page->y += aiperf_pdf_text (page, caption, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (page), 10,
                                  AIPERF_PDF_TEXT_MUTED, NULL) + 4;
    }
  scale = aiperf_pdf_page_room (page) / FOREST_WIDTH;
  height = (page->height - AIPERF_PDF_MARGIN - page->y) / scale;
  aiperf_pdf_page_begin (page);
  cairo_save (page->cr);
  cairo_translate (page->cr, AIPERF_PDF_MARGIN, page->y);
  cairo_scale (page->cr, scale, scale);
  aiperf_report_draw_chart (page->cr, forest, &report->style, FOREST_WIDTH, height);
  cairo_restore (page->cr);
  page->y = page->height;
}

AiperfReportTable *
aiperf_report_pdf_comparison (AiperfPdfPage *page,
                              AiperfReport  *report,
                              GPtrArray     *appendix)
{
  const AiperfComparison *comparison = report->input->comparison;
  AiperfReportTable *table;
  g_autoptr(GPtrArray) notes = NULL;
  g_autofree char *counts = NULL;

  if (comparison == NULL)
    return NULL;
  table = aiperf_report_comparison_table (comparison);
  /* its own page, landscape: the table's eleven columns need the width */
  aiperf_pdf_page_new (page, TRUE);
  page->y += aiperf_pdf_text (page, _("Comparison with the Baseline"), AIPERF_PDF_MARGIN,
                              aiperf_pdf_page_room (page), 16, AIPERF_PDF_TEXT_BOLD, NULL) + 6;
  counts = aiperf_report_comparison_counts (comparison);
  page->y += aiperf_pdf_text (page, counts, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (page), 9, 0, NULL) + 4;
  notes = aiperf_report_comparison_notes (comparison);
  for (guint i = 0; i < notes->len; i++)
    {
      g_autofree char *line = g_strconcat ("• ", (const char *) g_ptr_array_index (notes, i), NULL);
      double h = aiperf_pdf_text (page, line, 0, aiperf_pdf_page_room (page), 8, AIPERF_PDF_TEXT_MEASURE, NULL);

      aiperf_pdf_page_need (page, h);
      page->y += aiperf_pdf_text (page, line, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (page), 8, 0, NULL) + 1;
    }
  if (table->rows->len > 0)
    aiperf_report_pdf_table (page, table, appendix);
  for (guint first = 0; first < comparison->records->len;)
    {
      guint end = page_of_records (comparison, first);

      draw_forest_page (page, report, comparison, first, end);
      first = end;
    }
  return table;
}
