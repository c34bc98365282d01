/* aiperf-table.h — a columnar table of named double columns.
 *
 * Per-request data is stored as one column per metric or metadata field,
 * NaN where a row has no value. Reference counted and immutable once it
 * has been handed to a run, so it can be shared between threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "aiperf-types.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_TABLE (aiperf_table_get_type ())

GType          aiperf_table_get_type           (void) G_GNUC_CONST;
AiperfTable   *aiperf_table_new                (void);
AiperfTable   *aiperf_table_ref                (AiperfTable       *table);
void           aiperf_table_unref              (AiperfTable       *table);

guint          aiperf_table_get_n_rows         (const AiperfTable *table);
guint          aiperf_table_get_n_columns      (const AiperfTable *table);
/* Column index, or -1 when there is no such column. */
int            aiperf_table_find_column        (const AiperfTable *table,
                                                const char        *name);
/* Index of column @name, created (NaN-filled) when missing. @unit may be NULL. */
guint          aiperf_table_ensure_column      (AiperfTable       *table,
                                                const char        *name,
                                                const char        *unit);
const char    *aiperf_table_get_column_name    (const AiperfTable *table,
                                                guint              column);
/* Unit string or "" */
const char    *aiperf_table_get_column_unit    (const AiperfTable *table,
                                                guint              column);
/* n_rows values, or NULL when there is no such column. */
const double  *aiperf_table_get_column         (const AiperfTable *table,
                                                const char        *name);
const double  *aiperf_table_get_column_values  (const AiperfTable *table,
                                                guint              column);
/* Appends a row of NaN and returns its index. */
guint          aiperf_table_append_row         (AiperfTable       *table);
/* Room for @n_rows rows in every column without reallocating (a loader
 * that can estimate its row count avoids the doubling's slack). */
void           aiperf_table_reserve            (AiperfTable       *table,
                                                guint              n_rows);
/* Gives back the room beyond the rows in use. */
void           aiperf_table_trim               (AiperfTable       *table);
void           aiperf_table_set                (AiperfTable       *table,
                                                guint              column,
                                                guint              row,
                                                double             value);
double         aiperf_table_get                (const AiperfTable *table,
                                                guint              column,
                                                guint              row);
/* --- dictionary-encoded string columns ---
 * A string column stores each distinct text once and a code per row; its
 * double values are those codes (NaN where a row has no text). */

/* Index of string column @name, created (no text in any row) when missing. */
guint          aiperf_table_ensure_string_column (AiperfTable     *table,
                                                  const char      *name);
gboolean       aiperf_table_column_is_string   (const AiperfTable *table,
                                                guint              column);
/* @text NULL clears the row's text. */
void           aiperf_table_set_string         (AiperfTable       *table,
                                                guint              column,
                                                guint              row,
                                                const char        *text);
/* The row's text, or NULL when it has none. */
const char    *aiperf_table_get_string         (const AiperfTable *table,
                                                guint              column,
                                                guint              row);
/* The distinct texts of a string column, by code. */
guint          aiperf_table_get_n_distinct     (const AiperfTable *table,
                                                guint              column);
const char    *aiperf_table_get_distinct       (const AiperfTable *table,
                                                guint              column,
                                                guint              code);

/* Appends every row of @src, matching columns by name (missing ones become NaN). */
void           aiperf_table_append_table       (AiperfTable       *dest,
                                                const AiperfTable *src);
/* Reorders rows: new row i is old row @order[i]; @order has n_rows entries. */
void           aiperf_table_permute_rows       (AiperfTable       *table,
                                                const guint       *order);
/* Stable order of rows by ascending values of @column (NaN last). Free with g_free. */
guint         *aiperf_table_sort_order         (const AiperfTable *table,
                                                guint              column);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfTable, aiperf_table_unref)

G_END_DECLS
