/* aiperf-csv.h — a small RFC 4180 reader for the AIPerf CSV exports, and
 * the one field writer every CSV the application writes uses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint   line;    /* 1-based line number where the row starts */
  guint   n_fields;
  char  **fields;  /* NULL-terminated; a blank line is a row of 0 fields */
} AiperfCsvRow;

/* Splits @text (CRLF or LF, quoted fields with "" escapes) into rows.
 * Returns a GPtrArray of AiperfCsvRow* (freed with the array). Fails with
 * AIPERF_ERROR_PARSE naming @filename and the line of an unterminated quote
 * or of text that is not UTF-8. */
GPtrArray *aiperf_csv_parse (const char *text,
                             gsize       length,
                             const char *filename,
                             GError    **error);
/* The same with fields split at @separator (',', '\t', ';'). */
GPtrArray *aiperf_csv_parse_separated (const char *text,
                                       gsize       length,
                                       char        separator,
                                       const char *filename,
                                       GError    **error);

/* Appends @text (NULL: nothing, an empty field) as one CSV field: quoted,
 * with its quotes doubled, when it holds a comma, a quote or a line break. */
void       aiperf_csv_append_field (GString    *out,
                                    const char *text);

G_END_DECLS
