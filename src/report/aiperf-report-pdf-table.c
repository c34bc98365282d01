/* aiperf-report-pdf-table.c — report.pdf's runs tables, kind summaries
 * and appendix.
 *
 * A runs table shows the run and its numbers on every page, each column as
 * wide as its widest cell so no number is split across lines, on a
 * portrait page, or a landscape one when the columns need it. Parameters
 * that do not fit even then go to the appendix, each table of them led by
 * the run's name, rather than squeezing 35 columns into one page width.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-report-pdf-private.h"

#define TABLE_SIZE    7.5
#define SECTION_SIZE  7.0
#define CELL_PAD      8.0
/* Text columns (names, models, parameter values) wrap past this width. */
#define TEXT_CAP    150.0

typedef struct {
  double need;  /* what it takes: its widest number, or text up to TEXT_CAP */
  double full;  /* its widest cell on one line */
} ColumnWidth;

static gboolean
is_number_column (const AiperfReportTable *table,
                  guint                    c)
{
  return g_array_index (table->roles, AiperfReportColumnRole, c) == AIPERF_REPORT_COLUMN_METRIC;
}

static const char *
cell_at (GPtrArray *row,
         guint      c)
{
  const char *cell = c < row->len ? g_ptr_array_index (row, c) : NULL;

  return cell != NULL ? cell : "–";
}

static ColumnWidth
measure_column (AiperfPdfPage           *page,
                const AiperfReportTable *table,
                guint                    c)
{
  const char *header = g_ptr_array_index (table->columns, c);
  ColumnWidth w;
  double widest = aiperf_pdf_widest_word (page, header, TABLE_SIZE, AIPERF_PDF_TEXT_BOLD);

  for (guint r = 0; r < table->rows->len; r++)
    {
      double cell = 0;

      aiperf_pdf_text (page, cell_at (g_ptr_array_index (table->rows, r), c), 0, 0, TABLE_SIZE,
                       AIPERF_PDF_TEXT_MEASURE | AIPERF_PDF_TEXT_NOWRAP, &cell);
      widest = MAX (widest, cell);
    }
  w.full = widest + CELL_PAD;
  w.need = is_number_column (table, c) ? w.full : MIN (w.full, TEXT_CAP + CELL_PAD);
  return w;
}

/* Rows of @table in @columns (guint, in table order), with @widths. */
static double
row_height (AiperfPdfPage           *page,
            const AiperfReportTable *table,
            GPtrArray               *cells,
            GArray                  *columns,
            const double            *widths,
            gboolean                 header,
            gboolean                 draw)
{
  double x = AIPERF_PDF_MARGIN, h = 0;

  for (guint k = 0; k < columns->len; k++)
    {
      guint c = g_array_index (columns, guint, k);
      guint flags = (header ? AIPERF_PDF_TEXT_BOLD : 0) | (is_number_column (table, c) ? AIPERF_PDF_TEXT_RIGHT : 0) |
                    (draw ? 0 : AIPERF_PDF_TEXT_MEASURE);

      h = MAX (h, aiperf_pdf_text (page, cell_at (cells, c), x, widths[k] - CELL_PAD, TABLE_SIZE, flags, NULL));
      x += widths[k];
    }
  return h;
}

static void
draw_row (AiperfPdfPage           *page,
          const AiperfReportTable *table,
          GPtrArray               *cells,
          GArray                  *columns,
          const double            *widths,
          double                   total,
          gboolean                 header)
{
  double h = row_height (page, table, cells, columns, widths, header, FALSE);
  AiperfRGBA grid = page->style->grid;

  /* a row that does not fit goes to the next page, under the header again */
  if (!header && page->y + h + 3 > page->height - AIPERF_PDF_MARGIN)
    {
      aiperf_pdf_page_need (page, page->height);
      draw_row (page, table, table->columns, columns, widths, total, TRUE);
    }
  aiperf_pdf_page_begin (page);
  row_height (page, table, cells, columns, widths, header, TRUE);
  page->y += h + 2;
  cairo_move_to (page->cr, AIPERF_PDF_MARGIN, page->y - 0.5);
  cairo_line_to (page->cr, AIPERF_PDF_MARGIN + total, page->y - 0.5);
  cairo_set_source_rgba (page->cr, grid.r, grid.g, grid.b, grid.a);
  cairo_set_line_width (page->cr, header ? 1.0 : 0.4);
  cairo_stroke (page->cr);
  page->y += 1;
}

/* @table's @columns under @title: on a landscape page when they are wider
 * than a portrait one, the header again on every page. */
static void
draw_columns (AiperfPdfPage           *page,
              const AiperfReportTable *table,
              GArray                  *columns,
              const ColumnWidth       *measured,
              const char              *title)
{
  g_autofree double *widths = g_new (double, columns->len);
  double total = 0, extra;

  for (guint k = 0; k < columns->len; k++)
    total += widths[k] = measured[g_array_index (columns, guint, k)].need;
  if (total > aiperf_pdf_page_room (page))
    aiperf_pdf_page_new (page, TRUE);
  /* room left: wrapped text columns first get the width that unwraps them */
  extra = aiperf_pdf_page_room (page) - total;
  for (guint k = 0; k < columns->len && extra > 0; k++)
    {
      double more = MIN (extra, measured[g_array_index (columns, guint, k)].full - widths[k]);

      widths[k] += more;
      total += more;
      extra -= more;
    }
  page->y += 8;
  aiperf_pdf_page_need (page, 60);
  page->y += aiperf_pdf_text (page, title, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (page), 12,
                              AIPERF_PDF_TEXT_BOLD, NULL) + 4;
  draw_row (page, table, table->columns, columns, widths, total, TRUE);
  for (guint r = 0; r < table->rows->len; r++)
    draw_row (page, table, g_ptr_array_index (table->rows, r), columns, widths, total, FALSE);
}

/* Which columns to show first: the run, its side, tool and model when they
 * differ, its numbers, then the parameters that differ between runs. */
static guint
priority (AiperfReportColumnRole role)
{
  switch (role)
    {
    case AIPERF_REPORT_COLUMN_RUN: return 0;
    case AIPERF_REPORT_COLUMN_SIDE: return 1;
    case AIPERF_REPORT_COLUMN_TEXT: return 2;
    case AIPERF_REPORT_COLUMN_METRIC: return 3;
    case AIPERF_REPORT_COLUMN_PARAMETER:
    default: return 4;
    }
}

static int
compare_guint (gconstpointer a,
               gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

void
aiperf_report_pdf_table (AiperfPdfPage           *page,
                         const AiperfReportTable *table,
                         GPtrArray               *appendix)
{
  guint n = table->columns->len;
  g_autofree ColumnWidth *measured = g_new (ColumnWidth, n);
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) left = g_array_new (FALSE, FALSE, sizeof (guint));
  double used = 0;

  for (guint c = 0; c < n; c++)
    measured[c] = measure_column (page, table, c);
  /* as many as a landscape page holds, by priority; the run always */
  for (guint p = 0; p <= 4; p++)
    for (guint c = 0; c < n; c++)
      {
        if (priority (g_array_index (table->roles, AiperfReportColumnRole, c)) != p)
          continue;
        if (c > 0 && used + measured[c].need > AIPERF_PDF_LONG - 2 * AIPERF_PDF_MARGIN)
          {
            g_array_append_val (left, c);
            continue;
          }
        used += measured[c].need;
        g_array_append_val (shown, c);
      }
  g_array_sort (shown, compare_guint);
  draw_columns (page, table, shown, measured, table->title);
  if (left->len > 0)
    {
      AiperfPdfOverflow *overflow = g_new0 (AiperfPdfOverflow, 1);
      g_autofree char *note = NULL;

      g_array_sort (left, compare_guint);
      overflow->table = table;
      overflow->columns = g_steal_pointer (&left);
      g_ptr_array_add (appendix, overflow);
      note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u further column of this table is in the appendix.",
                                           "%u further columns of this table are in the appendix.",
                                           overflow->columns->len),
                              overflow->columns->len);
      page->y += 3;
      page->y += aiperf_pdf_text (page, note, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (page), TABLE_SIZE,
                                  AIPERF_PDF_TEXT_MUTED, NULL);
    }
  if (table->constant != NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s %s", _("The same in every run:"), table->constant);
      double h = aiperf_pdf_text (page, text, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (page), TABLE_SIZE,
                                  AIPERF_PDF_TEXT_MEASURE, NULL);

      page->y += 3;
      aiperf_pdf_page_need (page, h);
      page->y += aiperf_pdf_text (page, text, AIPERF_PDF_MARGIN, aiperf_pdf_page_room (page), TABLE_SIZE, 0, NULL);
    }
}

void
aiperf_report_pdf_section (AiperfPdfPage *page,
                           const char    *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  double widest = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      double w = 0;

      aiperf_pdf_text (page, lines[i], 0, 0, SECTION_SIZE,
                       AIPERF_PDF_TEXT_MONO | AIPERF_PDF_TEXT_MEASURE | AIPERF_PDF_TEXT_NOWRAP, &w);
      widest = MAX (widest, w);
    }
  /* a summary of wide lines (the trace breakdown's) on a landscape page */
  if (widest > aiperf_pdf_page_room (page))
    aiperf_pdf_page_new (page, TRUE);
  page->y += 8;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      double h = aiperf_pdf_text (page, lines[i][0] != '\0' ? lines[i] : " ", AIPERF_PDF_MARGIN,
                                  aiperf_pdf_page_room (page), SECTION_SIZE,
                                  AIPERF_PDF_TEXT_MONO | AIPERF_PDF_TEXT_MEASURE, NULL);

      aiperf_pdf_page_need (page, h);
      page->y += aiperf_pdf_text (page, lines[i][0] != '\0' ? lines[i] : " ", AIPERF_PDF_MARGIN,
                                  aiperf_pdf_page_room (page), SECTION_SIZE, AIPERF_PDF_TEXT_MONO, NULL);
    }
}

void
aiperf_pdf_overflow_free (AiperfPdfOverflow *overflow)
{
  g_array_unref (overflow->columns);
  g_free (overflow);
}

void
aiperf_report_pdf_appendix (AiperfPdfPage *page,
                            GPtrArray     *appendix)
{
  const double room = AIPERF_PDF_LONG - 2 * AIPERF_PDF_MARGIN;

  if (appendix->len == 0)
    return;
  aiperf_pdf_page_new (page, TRUE);
  page->y += aiperf_pdf_text (page, _("Appendix: further columns of the runs tables"), AIPERF_PDF_MARGIN,
                              aiperf_pdf_page_room (page), 16, AIPERF_PDF_TEXT_BOLD, NULL) + 4;
  for (guint a = 0; a < appendix->len; a++)
    {
      const AiperfPdfOverflow *overflow = g_ptr_array_index (appendix, a);
      const AiperfReportTable *table = overflow->table;
      g_autofree ColumnWidth *measured = g_new0 (ColumnWidth, table->columns->len);
      /* Translators: a table of the appendix; %s is its table's title ("serving: 19 runs") */
      g_autofree char *title = g_strdup_printf (_("%s, continued"), table->title);
      guint next = 0;

      measured[0] = measure_column (page, table, 0);
      for (guint k = 0; k < overflow->columns->len; k++)
        {
          guint c = g_array_index (overflow->columns, guint, k);

          measured[c] = measure_column (page, table, c);
        }
      /* as many columns as a landscape page holds, each group led by the run */
      while (next < overflow->columns->len)
        {
          g_autoptr(GArray) group = g_array_new (FALSE, FALSE, sizeof (guint));
          guint run = 0;
          double used = measured[0].need;

          g_array_append_val (group, run);
          do
            {
              guint c = g_array_index (overflow->columns, guint, next);

              g_array_append_val (group, c);
              used += measured[c].need;
              next++;
            }
          while (next < overflow->columns->len &&
                 used + measured[g_array_index (overflow->columns, guint, next)].need <= room);
          draw_columns (page, table, group, measured, title);
        }
    }
}
