/* aiperf-table-private.h — the table's storage, shared by the files that
 * implement it (aiperf-table.c, aiperf-table-strings.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-table.h"

G_BEGIN_DECLS

/* The distinct texts of a string column; a row holds its text's code. */
typedef struct {
  GPtrArray  *texts;   /* char*, code → text */
  GHashTable *codes;   /* text → code + 1 */
} AiperfTableDictionary;

typedef struct {
  char                  *name;
  char                  *unit;
  double                *values;      /* capacity entries, n_rows used; codes for strings */
  AiperfTableDictionary *dictionary;  /* NULL for a numeric column */
} Column;

struct _AiperfTable {
  gatomicrefcount  ref_count;
  guint            n_rows;
  guint            capacity;
  GPtrArray       *columns;   /* of Column* */
  GHashTable      *by_name;   /* name → index + 1 */
};

/* aiperf-table-dictionary.c */
AiperfTableDictionary *aiperf_table_dictionary_new    (void);
void                   aiperf_table_dictionary_free   (AiperfTableDictionary *dictionary);
/* The code of @text, added when new. */
guint                  aiperf_table_dictionary_intern (AiperfTableDictionary *dictionary,
                                                       const char            *text);
/* Copies @n codes of @src into @dest from row @base, re-coded into @dest's
 * dictionary. */
void aiperf_table_append_codes    (Column       *dest,
                                   guint         base,
                                   const Column *src,
                                   guint         n);

G_END_DECLS
