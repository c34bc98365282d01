/* aiperf-table-dictionary.c — the distinct texts of a string column,
 * each stored once and known by its code.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-table-private.h"

AiperfTableDictionary *
aiperf_table_dictionary_new (void)
{
  AiperfTableDictionary *dictionary = g_new0 (AiperfTableDictionary, 1);

  dictionary->texts = g_ptr_array_new_with_free_func (g_free);
  dictionary->codes = g_hash_table_new (g_str_hash, g_str_equal);
  return dictionary;
}

void
aiperf_table_dictionary_free (AiperfTableDictionary *dictionary)
{
  if (dictionary == NULL)
    return;
  g_hash_table_unref (dictionary->codes);
  g_ptr_array_unref (dictionary->texts);
  g_free (dictionary);
}

guint
aiperf_table_dictionary_intern (AiperfTableDictionary *dictionary,
                                const char            *text)
{
  gpointer value = g_hash_table_lookup (dictionary->codes, text);
  char *copy;

  if (value != NULL)
    return GPOINTER_TO_UINT (value) - 1;
  copy = g_strdup (text);
  g_ptr_array_add (dictionary->texts, copy);
  g_hash_table_insert (dictionary->codes, copy, GUINT_TO_POINTER (dictionary->texts->len));
  return dictionary->texts->len - 1;
}

void
aiperf_table_append_codes (Column       *dest,
                           guint         base,
                           const Column *src,
                           guint         n)
{
  g_autofree guint *recode = g_new (guint, MAX (src->dictionary->texts->len, 1));

  for (guint i = 0; i < src->dictionary->texts->len; i++)
    recode[i] = aiperf_table_dictionary_intern (dest->dictionary, g_ptr_array_index (src->dictionary->texts, i));
  for (guint i = 0; i < n; i++)
    dest->values[base + i] = isnan (src->values[i]) ? NAN : (double) recode[(guint) src->values[i]];
}
