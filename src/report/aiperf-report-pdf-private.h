/* aiperf-report-pdf-private.h — what the files of report.pdf share: the
 * page being drawn (portrait or landscape A4) and text set on it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include "aiperf-report-private.h"

G_BEGIN_DECLS

/* A4, in points, and the margin all round. */
#define AIPERF_PDF_SHORT   595.0
#define AIPERF_PDF_LONG    842.0
#define AIPERF_PDF_MARGIN   40.0

typedef struct {
  cairo_surface_t   *surface;
  cairo_t           *cr;
  const AiperfStyle *style;
  double             width, height;  /* this page's */
  double             y;              /* where the next line goes */
  gboolean           blank;          /* nothing drawn on it yet */
} AiperfPdfPage;

typedef enum {
  AIPERF_PDF_TEXT_BOLD    = 1 << 0,
  AIPERF_PDF_TEXT_MONO    = 1 << 1,
  AIPERF_PDF_TEXT_RIGHT   = 1 << 2,  /* aligned to the right of its width */
  AIPERF_PDF_TEXT_MEASURE = 1 << 3,  /* only measured, not drawn */
  AIPERF_PDF_TEXT_NOWRAP  = 1 << 4,  /* one line per line of @text, however wide */
  AIPERF_PDF_TEXT_MUTED   = 1 << 5,
} AiperfPdfTextFlags;

/* The width text can take on @page. */
#define aiperf_pdf_page_room(page) ((page)->width - 2 * AIPERF_PDF_MARGIN)

/* Paints the page's background before the first thing drawn on it. */
void    aiperf_pdf_page_begin   (AiperfPdfPage *page);
/* Starts a new page (portrait, or landscape with @landscape), unless the
 * current one is blank and of that orientation. */
void    aiperf_pdf_page_new     (AiperfPdfPage *page,
                                 gboolean       landscape);
/* A new page of the same orientation when @height does not fit below y. */
void    aiperf_pdf_page_need    (AiperfPdfPage *page,
                                 double         height);
/* @text at (@x, y) in @width (wrapped at words, else characters, unless
 * NOWRAP); returns its height. With NOWRAP, *@out_width (nullable) gets
 * its natural width. */
double  aiperf_pdf_text         (AiperfPdfPage *page,
                                 const char    *text,
                                 double         x,
                                 double         width,
                                 double         size,
                                 guint          flags,
                                 double        *out_width);
/* The widest word of @text at @size (what a column needs at least to
 * wrap a header at spaces only). */
double  aiperf_pdf_widest_word  (AiperfPdfPage *page,
                                 const char    *text,
                                 double         size,
                                 guint          flags);

/* aiperf-report-pdf-table.c: a runs table with the columns that fit the
 * page (portrait, or landscape when they need it); the columns left over
 * are noted in @appendix (for aiperf_report_pdf_appendix). */
typedef struct {
  const AiperfReportTable *table;
  GArray                  *columns;  /* guint: the columns not shown */
} AiperfPdfOverflow;

void    aiperf_report_pdf_table    (AiperfPdfPage           *page,
                                    const AiperfReportTable *table,
                                    GPtrArray               *appendix);
/* A kind's summary section, in monospace, line by line. */
void    aiperf_report_pdf_section  (AiperfPdfPage           *page,
                                    const char              *text);
/* The columns tables left over (AiperfPdfOverflow*), each with its runs. */
void    aiperf_report_pdf_appendix (AiperfPdfPage           *page,
                                    GPtrArray               *appendix);
void    aiperf_pdf_overflow_free   (AiperfPdfOverflow       *overflow);

/* aiperf-report-pdf-compare.c: the comparison's section (nothing when the
 * report is of none): counts, its records as a table, the forest plot.
 * Returns that table, which @appendix may point to: free it after the
 * appendix is drawn (NULL when none). */
AiperfReportTable *
        aiperf_report_pdf_comparison (AiperfPdfPage         *page,
                                      AiperfReport          *report,
                                      GPtrArray             *appendix);

G_END_DECLS
