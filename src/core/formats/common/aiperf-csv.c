/* aiperf-csv.c — a small RFC 4180 reader for the AIPerf CSV exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"

static void
row_free (gpointer data)
{
  AiperfCsvRow *row = data;

  g_strfreev (row->fields);
  g_free (row);
}

static void
finish_row (GPtrArray *rows,
            GPtrArray *fields,
            guint      line)
{
  AiperfCsvRow *row = g_new0 (AiperfCsvRow, 1);

  /* A line with nothing on it is a blank row, not a row of one empty field. */
  if (fields->len == 1 && *(const char *) g_ptr_array_index (fields, 0) == '\0')
    g_ptr_array_set_size (fields, 0);
  row->line = line;
  row->n_fields = fields->len;
  g_ptr_array_add (fields, NULL);
  row->fields = (char **) g_ptr_array_steal (fields, NULL);
  g_ptr_array_add (rows, row);
}

GPtrArray *
aiperf_csv_parse (const char *text,
                  gsize       length,
                  const char *filename,
                  GError    **error)
{
  return aiperf_csv_parse_separated (text, length, ',', filename, error);
}

GPtrArray *
aiperf_csv_parse_separated (const char *text,
                            gsize       length,
                            char        separator,
                            const char *filename,
                            GError    **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) fields = NULL;
  g_autoptr(GString) field = NULL;
  gsize i = 0;
  guint line = 1, row_line = 1;
  gboolean in_quotes = FALSE, pending = FALSE;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Names and units in a CSV become chart labels, which GTK and Pango
   * take in UTF-8 only: refuse other text here, for every CSV reader. */
  {
    const char *bad = NULL;

    if (!g_utf8_validate_len (text, length, &bad))
      {
        guint bad_line = 1;

        for (const char *p = text; p < bad; p++)
          bad_line += *p == '\n';
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                     _("%s, line %u: the text is not valid UTF-8"), filename, bad_line);
        return NULL;
      }
  }

  rows = g_ptr_array_new_with_free_func (row_free);
  fields = g_ptr_array_new_with_free_func (g_free);
  field = g_string_new (NULL);

  /* A UTF-8 byte-order mark would otherwise end up in the first header. */
  if (length >= 3 && (guchar) text[0] == 0xEF && (guchar) text[1] == 0xBB && (guchar) text[2] == 0xBF)
    i = 3;

  while (i < length)
    {
      char c = text[i];

      if (in_quotes)
        {
          if (c == '"')
            {
              if (i + 1 < length && text[i + 1] == '"')
                {
                  g_string_append_c (field, '"');
                  i += 2;
                  continue;
                }
              in_quotes = FALSE;
            }
          else
            {
              if (c == '\n')
                line++;
              g_string_append_c (field, c);
            }
          i++;
          continue;
        }

      if (c == '"' && field->len == 0)
        {
          in_quotes = TRUE;
          pending = TRUE;
          i++;
        }
      else if (c == separator)
        {
          g_ptr_array_add (fields, g_strdup (field->str));
          g_string_truncate (field, 0);
          pending = TRUE;
          i++;
        }
      else if (c == '\r' || c == '\n')
        {
          g_ptr_array_add (fields, g_strdup (field->str));
          g_string_truncate (field, 0);
          finish_row (rows, fields, row_line);
          pending = FALSE;
          if (c == '\r' && i + 1 < length && text[i + 1] == '\n')
            i++;
          i++;
          line++;
          row_line = line;
        }
      else if (c == '\0')
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                       _("%s, line %u: unexpected NUL byte (is this a CSV file?)"),
                       filename, line);
          return NULL;
        }
      else
        {
          g_string_append_c (field, c);
          pending = TRUE;
          i++;
        }
    }

  if (in_quotes)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                   _("%s, line %u: quoted field is not closed before the end of the file"),
                   filename, row_line);
      return NULL;
    }
  if (pending || field->len > 0)
    {
      g_ptr_array_add (fields, g_strdup (field->str));
      finish_row (rows, fields, row_line);
    }
  return g_steal_pointer (&rows);
}

void
aiperf_csv_append_field (GString    *out,
                         const char *text)
{
  if (text == NULL)
    return;
  if (strpbrk (text, ",\"\n\r") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}
