/* aiperf-data-table.h — a kind's data as a plain table: columns, rows of
 * cells (the text shown, the value sorted by, the whole of a shortened
 * text), and how each row is linked to the kind's chart, with a status
 * line. The window's data panel shows any kind's table from this alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  AIPERF_DATA_COLUMN_TEXT   = 0,
  /* Right-aligned, sorted by the cell's number (empty cells last). */
  AIPERF_DATA_COLUMN_NUMBER = 1 << 0,
  /* The long name the row is about: it takes the width the others leave. */
  AIPERF_DATA_COLUMN_NAME   = 1 << 1,
  /* A text column sorted by the cells' numbers (an order of its own). */
  AIPERF_DATA_COLUMN_ORDERED = 1 << 2,
} AiperfDataColumnFlags;

typedef struct _AiperfDataTable AiperfDataTable;

AiperfDataTable *aiperf_data_table_new   (void);
AiperfDataTable *aiperf_data_table_ref   (AiperfDataTable *table);
void             aiperf_data_table_unref (AiperfDataTable *table);

/* --- filling (the kinds) --- */

/* Appends a column titled @title (translated); @width: its natural width in
 * characters. @filter_key (nullable): the key of the kind's "filter" option
 * that keeps only the rows with one value of this column. Returns its
 * index. */
guint        aiperf_data_table_add_column    (AiperfDataTable       *table,
                                              const char            *title,
                                              AiperfDataColumnFlags  flags,
                                              guint                  width,
                                              const char            *filter_key);
/* Appends a row answering to point @id of series @series of the chart
 * (@series -1: of any series); @key tells it from the other rows across
 * rebuilds (the selection follows it). Its cells start empty. */
guint        aiperf_data_table_add_row       (AiperfDataTable       *table,
                                              const char            *key,
                                              int                    series,
                                              int                    id);
/* Sets a cell: @text is what it shows (NULL: "—"), @number what it sorts
 * by, @tooltip (nullable) the whole of a shortened text. */
void         aiperf_data_table_set_cell      (AiperfDataTable       *table,
                                              guint                  row,
                                              guint                  column,
                                              const char            *text,
                                              double                 number,
                                              const char            *tooltip);
/* A preset key (and value) that marks @row on the chart when it is the
 * selected row. */
void         aiperf_data_table_add_highlight (AiperfDataTable       *table,
                                              guint                  row,
                                              const char            *key,
                                              const char            *value);
/* What @row is about, in full (a kernel's whole name), for a search
 * elsewhere (the trace timeline's). */
void         aiperf_data_table_set_row_name  (AiperfDataTable       *table,
                                              guint                  row,
                                              const char            *name);
/* One line (or several) under the table: what is shown, and what is not. */
void         aiperf_data_table_set_status    (AiperfDataTable       *table,
                                              const char            *status);

/* --- reading (the surfaces) --- */

guint                 aiperf_data_table_get_n_columns     (AiperfDataTable *table);
const char           *aiperf_data_table_get_column_title  (AiperfDataTable *table,
                                                           guint            column);
AiperfDataColumnFlags aiperf_data_table_get_column_flags  (AiperfDataTable *table,
                                                           guint            column);
guint                 aiperf_data_table_get_column_width  (AiperfDataTable *table,
                                                           guint            column);
const char           *aiperf_data_table_get_column_filter (AiperfDataTable *table,
                                                           guint            column);
guint                 aiperf_data_table_get_n_rows        (AiperfDataTable *table);
/* The text a cell shows; NULL when it has none (shown as "—"). */
const char           *aiperf_data_table_get_text          (AiperfDataTable *table,
                                                           guint            row,
                                                           guint            column);
/* The number a cell sorts by (NaN when none). */
double                aiperf_data_table_get_number        (AiperfDataTable *table,
                                                           guint            row,
                                                           guint            column);
const char           *aiperf_data_table_get_tooltip       (AiperfDataTable *table,
                                                           guint            row,
                                                           guint            column);
const char           *aiperf_data_table_get_row_key       (AiperfDataTable *table,
                                                           guint            row);
const char           *aiperf_data_table_get_row_name      (AiperfDataTable *table,
                                                           guint            row);
/* Whether @row answers to point @id of series @series of the chart. */
gboolean              aiperf_data_table_row_matches       (AiperfDataTable *table,
                                                           guint            row,
                                                           int              series,
                                                           int              id);
/* The highlight keys of @row: NULL-terminated key, value pairs. */
const char * const   *aiperf_data_table_get_highlight     (AiperfDataTable *table,
                                                           guint            row);
const char           *aiperf_data_table_get_status        (AiperfDataTable *table);
/* Where two rows go in @column: numbers by value (empty last), text by
 * collation, ordered columns by their numbers; <0, 0, >0. */
int                   aiperf_data_table_compare           (AiperfDataTable *table,
                                                           guint            column,
                                                           guint            a,
                                                           guint            b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfDataTable, aiperf_data_table_unref)

G_END_DECLS
