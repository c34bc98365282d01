/* aiperf-data-table.c — a kind's data as a plain table (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-data-table.h"

typedef struct {
  char                 *title;
  AiperfDataColumnFlags flags;
  guint                 width;
  char                 *filter_key;
} Column;

typedef struct {
  char   *text;
  double  number;
  char   *tooltip;
} Cell;

typedef struct {
  char      *key;
  char      *name;
  int        series, id;
  GArray    *cells;      /* Cell, one per column (added as columns are) */
  GPtrArray *highlight;  /* char*: key, value, …, NULL */
} Row;

struct _AiperfDataTable
{
  gatomicrefcount ref_count;
  GArray         *columns;  /* Column */
  GArray         *rows;     /* Row */
  char           *status;
};

static void
clear_column (gpointer data)
{
  Column *column = data;

  g_free (column->title);
  g_free (column->filter_key);
}

static void
clear_cell (gpointer data)
{
  Cell *cell = data;

  g_free (cell->text);
  g_free (cell->tooltip);
}

static void
clear_row (gpointer data)
{
  Row *row = data;

  g_free (row->key);
  g_free (row->name);
  g_array_unref (row->cells);
  g_ptr_array_unref (row->highlight);
}

AiperfDataTable *
aiperf_data_table_new (void)
{
  AiperfDataTable *table = g_new0 (AiperfDataTable, 1);

  g_atomic_ref_count_init (&table->ref_count);
  table->columns = g_array_new (FALSE, TRUE, sizeof (Column));
  g_array_set_clear_func (table->columns, clear_column);
  table->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_array_set_clear_func (table->rows, clear_row);
  return table;
}

AiperfDataTable *
aiperf_data_table_ref (AiperfDataTable *table)
{
  g_return_val_if_fail (table != NULL, NULL);

  g_atomic_ref_count_inc (&table->ref_count);
  return table;
}

void
aiperf_data_table_unref (AiperfDataTable *table)
{
  g_return_if_fail (table != NULL);

  if (!g_atomic_ref_count_dec (&table->ref_count))
    return;
  g_array_unref (table->columns);
  g_array_unref (table->rows);
  g_free (table->status);
  g_free (table);
}

static Cell
empty_cell (void)
{
  return (Cell) { NULL, NAN, NULL };
}

guint
aiperf_data_table_add_column (AiperfDataTable       *table,
                              const char            *title,
                              AiperfDataColumnFlags  flags,
                              guint                  width,
                              const char            *filter_key)
{
  Column column = { g_strdup (title), flags, width, g_strdup (filter_key) };

  g_return_val_if_fail (table != NULL && title != NULL, 0);

  g_array_append_val (table->columns, column);
  for (guint r = 0; r < table->rows->len; r++)
    {
      Cell cell = empty_cell ();

      g_array_append_val (g_array_index (table->rows, Row, r).cells, cell);
    }
  return table->columns->len - 1;
}

guint
aiperf_data_table_add_row (AiperfDataTable *table,
                           const char      *key,
                           int              series,
                           int              id)
{
  Row row = { g_strdup (key), NULL, series, id, g_array_new (FALSE, TRUE, sizeof (Cell)),
              g_ptr_array_new_with_free_func (g_free) };

  g_return_val_if_fail (table != NULL && key != NULL, 0);

  g_array_set_clear_func (row.cells, clear_cell);
  for (guint c = 0; c < table->columns->len; c++)
    {
      Cell cell = empty_cell ();

      g_array_append_val (row.cells, cell);
    }
  g_ptr_array_add (row.highlight, NULL);
  g_array_append_val (table->rows, row);
  return table->rows->len - 1;
}

static Row *
row_at (AiperfDataTable *table,
        guint            row)
{
  return &g_array_index (table->rows, Row, row);
}

static Cell *
cell_at (AiperfDataTable *table,
         guint            row,
         guint            column)
{
  return &g_array_index (row_at (table, row)->cells, Cell, column);
}

void
aiperf_data_table_set_cell (AiperfDataTable *table,
                            guint            row,
                            guint            column,
                            const char      *text,
                            double           number,
                            const char      *tooltip)
{
  Cell *cell;

  g_return_if_fail (table != NULL && row < table->rows->len && column < table->columns->len);

  cell = cell_at (table, row, column);
  g_free (cell->text);
  g_free (cell->tooltip);
  cell->text = g_strdup (text);
  cell->number = number;
  cell->tooltip = g_strdup (tooltip);
}

void
aiperf_data_table_add_highlight (AiperfDataTable *table,
                                 guint            row,
                                 const char      *key,
                                 const char      *value)
{
  GPtrArray *pairs;

  g_return_if_fail (table != NULL && row < table->rows->len && key != NULL && value != NULL);

  pairs = row_at (table, row)->highlight;
  /* before the terminating NULL */
  g_ptr_array_insert (pairs, (int) pairs->len - 1, g_strdup (key));
  g_ptr_array_insert (pairs, (int) pairs->len - 1, g_strdup (value));
}

void
aiperf_data_table_set_row_name (AiperfDataTable *table,
                                guint            row,
                                const char      *name)
{
  g_return_if_fail (table != NULL && row < table->rows->len);

  g_free (row_at (table, row)->name);
  row_at (table, row)->name = g_strdup (name);
}

void
aiperf_data_table_set_status (AiperfDataTable *table,
                              const char      *status)
{
  g_return_if_fail (table != NULL);

  g_free (table->status);
  table->status = g_strdup (status);
}

guint
aiperf_data_table_get_n_columns (AiperfDataTable *table)
{
  g_return_val_if_fail (table != NULL, 0);
  return table->columns->len;
}

static Column *
column_at (AiperfDataTable *table,
           guint            column)
{
  return &g_array_index (table->columns, Column, column);
}

const char *
aiperf_data_table_get_column_title (AiperfDataTable *table,
                                    guint            column)
{
  g_return_val_if_fail (table != NULL && column < table->columns->len, NULL);
  return column_at (table, column)->title;
}

AiperfDataColumnFlags
aiperf_data_table_get_column_flags (AiperfDataTable *table,
                                    guint            column)
{
  g_return_val_if_fail (table != NULL && column < table->columns->len, 0);
  return column_at (table, column)->flags;
}

guint
aiperf_data_table_get_column_width (AiperfDataTable *table,
                                    guint            column)
{
  g_return_val_if_fail (table != NULL && column < table->columns->len, 0);
  return column_at (table, column)->width;
}

const char *
aiperf_data_table_get_column_filter (AiperfDataTable *table,
                                     guint            column)
{
  g_return_val_if_fail (table != NULL && column < table->columns->len, NULL);
  return column_at (table, column)->filter_key;
}

guint
aiperf_data_table_get_n_rows (AiperfDataTable *table)
{
  g_return_val_if_fail (table != NULL, 0);
  return table->rows->len;
}

const char *
aiperf_data_table_get_text (AiperfDataTable *table,
                            guint            row,
                            guint            column)
{
  g_return_val_if_fail (table != NULL && row < table->rows->len && column < table->columns->len, NULL);

  return cell_at (table, row, column)->text;
}

double
aiperf_data_table_get_number (AiperfDataTable *table,
                              guint            row,
                              guint            column)
{
  g_return_val_if_fail (table != NULL && row < table->rows->len && column < table->columns->len, NAN);
  return cell_at (table, row, column)->number;
}

const char *
aiperf_data_table_get_tooltip (AiperfDataTable *table,
                               guint            row,
                               guint            column)
{
  g_return_val_if_fail (table != NULL && row < table->rows->len && column < table->columns->len, NULL);
  return cell_at (table, row, column)->tooltip;
}

const char *
aiperf_data_table_get_row_key (AiperfDataTable *table,
                               guint            row)
{
  g_return_val_if_fail (table != NULL && row < table->rows->len, NULL);
  return row_at (table, row)->key;
}

const char *
aiperf_data_table_get_row_name (AiperfDataTable *table,
                                guint            row)
{
  g_return_val_if_fail (table != NULL && row < table->rows->len, NULL);
  return row_at (table, row)->name;
}

gboolean
aiperf_data_table_row_matches (AiperfDataTable *table,
                               guint            row,
                               int              series,
                               int              id)
{
  Row *r;

  g_return_val_if_fail (table != NULL && row < table->rows->len, FALSE);

  r = row_at (table, row);
  return r->id == id && (r->series < 0 || r->series == series);
}

const char * const *
aiperf_data_table_get_highlight (AiperfDataTable *table,
                                 guint            row)
{
  g_return_val_if_fail (table != NULL && row < table->rows->len, NULL);
  return (const char * const *) row_at (table, row)->highlight->pdata;
}

const char *
aiperf_data_table_get_status (AiperfDataTable *table)
{
  g_return_val_if_fail (table != NULL, NULL);
  return table->status;
}

static int
compare_numbers (double x,
                 double y)
{
  if (isnan (x) || isnan (y))
    return isnan (x) == isnan (y) ? 0 : isnan (x) ? 1 : -1;
  return x < y ? -1 : x > y;
}

int
aiperf_data_table_compare (AiperfDataTable *table,
                           guint            column,
                           guint            a,
                           guint            b)
{
  const Cell *x, *y;

  g_return_val_if_fail (table != NULL && column < table->columns->len, 0);
  g_return_val_if_fail (a < table->rows->len && b < table->rows->len, 0);

  x = cell_at (table, a, column);
  y = cell_at (table, b, column);
  if (column_at (table, column)->flags & (AIPERF_DATA_COLUMN_NUMBER | AIPERF_DATA_COLUMN_ORDERED))
    {
      int order = compare_numbers (x->number, y->number);

      /* an ordered column keeps the rows' own order within a value */
      if (order != 0 || !(column_at (table, column)->flags & AIPERF_DATA_COLUMN_ORDERED))
        return order;
      return a < b ? -1 : a > b;
    }
  return g_utf8_collate (x->text != NULL ? x->text : "", y->text != NULL ? y->text : "");
}
