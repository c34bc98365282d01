/* aiperf-json-tree.h — json-glib trees built by the fast JSON scanner.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Parses strict JSON (RFC 8259) into a json-glib tree, the tree
 * json_parser_new () would build: integers as G_TYPE_INT64,
 * other numbers as doubles, members in file order, a repeated key keeping
 * its last value. Returns NULL when @text is not strict JSON, nests deeper
 * than @max_depth or has a number outside double's range; *error_message
 * (if given) then holds a static English reason. Callers that report errors
 * fall back to json-glib's parser for its messages. */
JsonNode *aiperf_json_tree_parse (const char  *text,
                                  gsize        length,
                                  guint        max_depth,
                                  const char **error_message);

G_END_DECLS
