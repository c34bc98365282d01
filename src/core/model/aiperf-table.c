/* aiperf-table.c — a columnar table of named double columns.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-table.h"

#include "aiperf-table-private.h"

G_DEFINE_BOXED_TYPE (AiperfTable, aiperf_table, aiperf_table_ref, aiperf_table_unref)

static void
column_free (gpointer data)
{
  Column *col = data;

  g_free (col->name);
  g_free (col->unit);
  g_free (col->values);
  aiperf_table_dictionary_free (col->dictionary);
  g_free (col);
}

AiperfTable *
aiperf_table_new (void)
{
  AiperfTable *table = g_new0 (AiperfTable, 1);

  g_atomic_ref_count_init (&table->ref_count);
  table->columns = g_ptr_array_new_with_free_func (column_free);
  table->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  return table;
}

AiperfTable *
aiperf_table_ref (AiperfTable *table)
{
  g_return_val_if_fail (table != NULL, NULL);

  g_atomic_ref_count_inc (&table->ref_count);
  return table;
}

void
aiperf_table_unref (AiperfTable *table)
{
  g_return_if_fail (table != NULL);

  if (g_atomic_ref_count_dec (&table->ref_count))
    {
      g_hash_table_unref (table->by_name);
      g_ptr_array_unref (table->columns);
      g_free (table);
    }
}

guint
aiperf_table_get_n_rows (const AiperfTable *table)
{
  g_return_val_if_fail (table != NULL, 0);
  return table->n_rows;
}

guint
aiperf_table_get_n_columns (const AiperfTable *table)
{
  g_return_val_if_fail (table != NULL, 0);
  return table->columns->len;
}

int
aiperf_table_find_column (const AiperfTable *table,
                          const char        *name)
{
  gpointer value;

  g_return_val_if_fail (table != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);

  value = g_hash_table_lookup (table->by_name, name);
  if (value == NULL)
    return -1;
  return GPOINTER_TO_INT (value) - 1;
}

static void
fill_nan (double *values,
          gsize   from,
          gsize   to)
{
  for (gsize i = from; i < to; i++)
    values[i] = NAN;
}

guint
aiperf_table_ensure_column (AiperfTable *table,
                            const char  *name,
                            const char  *unit)
{
  Column *col;
  int existing;

  g_return_val_if_fail (table != NULL, 0);
  g_return_val_if_fail (name != NULL, 0);

  existing = aiperf_table_find_column (table, name);
  if (existing >= 0)
    {
      col = g_ptr_array_index (table->columns, existing);
      if ((col->unit == NULL || *col->unit == '\0') && unit != NULL && *unit != '\0')
        {
          g_free (col->unit);
          col->unit = g_strdup (unit);
        }
      return (guint) existing;
    }

  col = g_new0 (Column, 1);
  col->name = g_strdup (name);
  col->unit = g_strdup (unit != NULL ? unit : "");
  col->values = g_new (double, MAX (table->capacity, 1));
  fill_nan (col->values, 0, MAX (table->capacity, 1));
  g_ptr_array_add (table->columns, col);
  g_hash_table_insert (table->by_name, col->name, GUINT_TO_POINTER (table->columns->len));
  return table->columns->len - 1;
}

const char *
aiperf_table_get_column_name (const AiperfTable *table,
                              guint              column)
{
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (column < table->columns->len, NULL);

  return ((Column *) g_ptr_array_index (table->columns, column))->name;
}

const char *
aiperf_table_get_column_unit (const AiperfTable *table,
                              guint              column)
{
  g_return_val_if_fail (table != NULL, "");
  g_return_val_if_fail (column < table->columns->len, "");

  return ((Column *) g_ptr_array_index (table->columns, column))->unit;
}

const double *
aiperf_table_get_column (const AiperfTable *table,
                         const char        *name)
{
  int index;

  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  index = aiperf_table_find_column (table, name);
  if (index < 0)
    return NULL;
  return ((Column *) g_ptr_array_index (table->columns, index))->values;
}

const double *
aiperf_table_get_column_values (const AiperfTable *table,
                                guint              column)
{
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (column < table->columns->len, NULL);

  return ((Column *) g_ptr_array_index (table->columns, column))->values;
}

static void
grow (AiperfTable *table,
      guint        needed)
{
  guint capacity;

  if (needed <= table->capacity)
    return;
  capacity = MAX (table->capacity, 64);
  while (capacity < needed)
    capacity *= 2;
  for (guint c = 0; c < table->columns->len; c++)
    {
      Column *col = g_ptr_array_index (table->columns, c);
      gsize old = MAX (table->capacity, 1);

      col->values = g_renew (double, col->values, capacity);
      fill_nan (col->values, old, capacity);
    }
  table->capacity = capacity;
}

static void
set_capacity (AiperfTable *table,
              guint        capacity)
{
  for (guint c = 0; c < table->columns->len; c++)
    {
      Column *col = g_ptr_array_index (table->columns, c);
      gsize old = MAX (table->capacity, 1);

      col->values = g_renew (double, col->values, MAX (capacity, 1));
      if (capacity > old)
        fill_nan (col->values, old, capacity);
    }
  table->capacity = capacity;
}

void
aiperf_table_reserve (AiperfTable *table,
                      guint        n_rows)
{
  g_return_if_fail (table != NULL);

  if (n_rows > table->capacity)
    set_capacity (table, n_rows);
}

void
aiperf_table_trim (AiperfTable *table)
{
  g_return_if_fail (table != NULL);

  if (table->capacity > MAX (table->n_rows, 1))
    set_capacity (table, MAX (table->n_rows, 1));
}

guint
aiperf_table_append_row (AiperfTable *table)
{
  g_return_val_if_fail (table != NULL, 0);

  grow (table, table->n_rows + 1);
  /* Slots beyond n_rows are kept NaN, so a new row needs no writes. */
  return table->n_rows++;
}

void
aiperf_table_set (AiperfTable *table,
                  guint        column,
                  guint        row,
                  double       value)
{
  g_return_if_fail (table != NULL);
  g_return_if_fail (column < table->columns->len);
  g_return_if_fail (row < table->n_rows);

  ((Column *) g_ptr_array_index (table->columns, column))->values[row] = value;
}

double
aiperf_table_get (const AiperfTable *table,
                  guint              column,
                  guint              row)
{
  g_return_val_if_fail (table != NULL, NAN);
  g_return_val_if_fail (column < table->columns->len, NAN);
  g_return_val_if_fail (row < table->n_rows, NAN);

  return ((Column *) g_ptr_array_index (table->columns, column))->values[row];
}

void
aiperf_table_append_table (AiperfTable       *dest,
                           const AiperfTable *src)
{
  guint base;

  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);
  g_return_if_fail (dest != src);

  base = dest->n_rows;
  grow (dest, dest->n_rows + src->n_rows);
  dest->n_rows += src->n_rows;
  for (guint c = 0; c < src->columns->len; c++)
    {
      const Column *scol = g_ptr_array_index (src->columns, c);
      guint n_before = dest->columns->len;
      guint d = aiperf_table_ensure_column (dest, scol->name, scol->unit);
      Column *dcol = g_ptr_array_index (dest->columns, d);

      /* A new column takes the source's kind; texts never land in a
       * numeric column, nor codes of another dictionary in a string one. */
      if (d >= n_before && scol->dictionary != NULL)
        dcol->dictionary = aiperf_table_dictionary_new ();
      if ((scol->dictionary == NULL) != (dcol->dictionary == NULL))
        continue;
      if (scol->dictionary != NULL)
        aiperf_table_append_codes (dcol, base, scol, src->n_rows);
      else
        memcpy (dcol->values + base, scol->values, sizeof (double) * src->n_rows);
    }
}

void
aiperf_table_permute_rows (AiperfTable *table,
                           const guint *order)
{
  g_autofree double *tmp = NULL;

  g_return_if_fail (table != NULL);
  g_return_if_fail (order != NULL || table->n_rows == 0);

  if (table->n_rows == 0)
    return;
  tmp = g_new (double, table->n_rows);
  for (guint c = 0; c < table->columns->len; c++)
    {
      Column *col = g_ptr_array_index (table->columns, c);

      for (guint i = 0; i < table->n_rows; i++)
        {
          g_return_if_fail (order[i] < table->n_rows);
          tmp[i] = col->values[order[i]];
        }
      memcpy (col->values, tmp, sizeof (double) * table->n_rows);
    }
}

typedef struct {
  guint  row;
  double value;
} SortItem;

static int
compare_items (const void *a,
               const void *b)
{
  const SortItem *x = a, *y = b;
  gboolean xn = isnan (x->value), yn = isnan (y->value);

  if (xn != yn)
    return xn ? 1 : -1;
  if (!xn && x->value != y->value)
    return x->value < y->value ? -1 : 1;
  /* Row index as tie-breaker makes qsort stable. */
  return (x->row > y->row) - (x->row < y->row);
}

guint *
aiperf_table_sort_order (const AiperfTable *table,
                         guint              column)
{
  g_autofree SortItem *items = NULL;
  const double *values;
  guint *order;

  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (column < table->columns->len, NULL);

  values = aiperf_table_get_column_values (table, column);
  items = g_new (SortItem, MAX (table->n_rows, 1));
  for (guint i = 0; i < table->n_rows; i++)
    {
      items[i].row = i;
      items[i].value = values[i];
    }
  qsort (items, table->n_rows, sizeof (SortItem), compare_items);
  order = g_new (guint, MAX (table->n_rows, 1));
  for (guint i = 0; i < table->n_rows; i++)
    order[i] = items[i].row;
  return order;
}
