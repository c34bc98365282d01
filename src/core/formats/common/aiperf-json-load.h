/* aiperf-json-load.h — json-glib's parser behind a check of what json-glib
 * 1.6 handles badly, for every format that reads JSON with it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* json-glib's parser recurses once per nesting level, so a file of a
 * million "[" would overflow the stack. The tools nest a handful of levels. */
#define AIPERF_JSON_MAX_DEPTH 512

typedef enum {
  AIPERF_JSON_SHAPE_OK,
  AIPERF_JSON_SHAPE_NOT_CONTAINER,  /* the top-level value is not an object or array */
  AIPERF_JSON_SHAPE_TOO_DEEP,
  AIPERF_JSON_SHAPE_TRAILING,       /* text after the top-level value */
  AIPERF_JSON_SHAPE_BAD_ESCAPE,     /* "\q", "\u12x", "\ud800\u0041" */
} AiperfJsonShape;

AiperfJsonShape aiperf_json_check_shape (const char *text,
                                         gsize       length,
                                         gboolean    allow_scalar,
                                         guint      *out_line);

/* json_parser_load_from_data() / _from_file() that first refuse what
 * json-glib 1.6 handles badly: nesting deeper than AIPERF_JSON_MAX_DEPTH
 * (it recurses once per level, so "[[[[…" overflows the stack), a value after
 * the top-level one and invalid escapes (it leaks), lone surrogates (it makes
 * bytes that are not UTF-8). Errors are G_FILE_ERROR or JSON_PARSER_ERROR, as
 * json-glib's own, with messages "line N: …". */
gboolean  aiperf_json_parser_load_data (JsonParser  *parser,
                                        const char  *text,
                                        gsize        length,
                                        GError     **error);
gboolean  aiperf_json_parser_load_file (JsonParser  *parser,
                                        const char  *path,
                                        GError     **error);

G_END_DECLS
