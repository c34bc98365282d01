/* aiperf-table-strings.c — dictionary-encoded string columns: kernel names,
 * categories and other repeated texts stored once, a code per row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-table-private.h"

static Column *
string_column (const AiperfTable *table,
               guint              column)
{
  Column *col;

  g_return_val_if_fail (column < table->columns->len, NULL);
  col = g_ptr_array_index (table->columns, column);
  g_return_val_if_fail (col->dictionary != NULL, NULL);
  return col;
}

guint
aiperf_table_ensure_string_column (AiperfTable *table,
                                   const char  *name)
{
  guint index;
  Column *col;

  g_return_val_if_fail (table != NULL, 0);
  g_return_val_if_fail (name != NULL, 0);

  index = aiperf_table_ensure_column (table, name, NULL);
  col = g_ptr_array_index (table->columns, index);
  if (col->dictionary == NULL)
    {
      col->dictionary = aiperf_table_dictionary_new ();
    }
  return index;
}

gboolean
aiperf_table_column_is_string (const AiperfTable *table,
                               guint              column)
{
  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (column < table->columns->len, FALSE);

  return ((Column *) g_ptr_array_index (table->columns, column))->dictionary != NULL;
}

void
aiperf_table_set_string (AiperfTable *table,
                         guint        column,
                         guint        row,
                         const char  *text)
{
  Column *col;

  g_return_if_fail (table != NULL);
  g_return_if_fail (row < table->n_rows);
  if ((col = string_column (table, column)) == NULL)
    return;
  col->values[row] = text != NULL ? (double) aiperf_table_dictionary_intern (col->dictionary, text) : NAN;
}

const char *
aiperf_table_get_string (const AiperfTable *table,
                         guint              column,
                         guint              row)
{
  Column *col;
  double code;

  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (row < table->n_rows, NULL);
  if ((col = string_column (table, column)) == NULL)
    return NULL;
  code = col->values[row];
  return isnan (code) ? NULL : g_ptr_array_index (col->dictionary->texts, (guint) code);
}

guint
aiperf_table_get_n_distinct (const AiperfTable *table,
                             guint              column)
{
  Column *col;

  g_return_val_if_fail (table != NULL, 0);
  if ((col = string_column (table, column)) == NULL)
    return 0;
  return col->dictionary->texts->len;
}

const char *
aiperf_table_get_distinct (const AiperfTable *table,
                           guint              column,
                           guint              code)
{
  Column *col;

  g_return_val_if_fail (table != NULL, NULL);
  if ((col = string_column (table, column)) == NULL)
    return NULL;
  g_return_val_if_fail (code < col->dictionary->texts->len, NULL);
  return g_ptr_array_index (col->dictionary->texts, code);
}
