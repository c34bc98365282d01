/* aiperf-summary-private.h — helpers shared by the summary readers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>
#include "aiperf-json-load.h"
#include "aiperf-stats.h"

G_BEGIN_DECLS

/* Reads @path as text: fails on a missing or empty file and on bytes that are
 * not UTF-8 (naming the line). */
char     *aiperf_summary_read_text  (const char  *path,
                                     gsize       *out_length,
                                     GError     **error);
/* Parses @path into a JSON tree whose root is an object. Bare NaN and
 * Infinity words (Python's json output) are read as null and reported
 * through @out_nonfinite (nullable). */
JsonNode *aiperf_summary_read_json  (const char  *path,
                                     gboolean    *out_nonfinite,
                                     GError     **error);
/* A finite number from a JSON value (numbers only; text, NaN, ±inf rejected). */
gboolean  aiperf_json_get_number    (JsonNode    *node,
                                     double      *out);
/* The string member @member of @object, or NULL when it is absent or not a
 * string. json_object_get_string_member_with_default() is a critical on an
 * object or array, which a damaged file may well hold. */
const char *aiperf_json_get_string  (JsonObject  *object,
                                     const char  *member);
/* A finite number from CSV text, locale-independent. */
gboolean  aiperf_text_get_number    (const char  *text,
                                     double      *out);

G_END_DECLS
