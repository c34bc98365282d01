/* aiperf-json-scan.h — a small strict JSON scanner that builds no tree.
 *
 * The JSONL loaders walk one line at a time and pull the values they want
 * straight out of the text; everything else is validated and skipped. Strings
 * are returned as views into the input when they hold no escapes. Numbers are
 * parsed locale-independently, correctly rounded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

typedef enum {
  AIPERF_JSON_ERROR,    /* bad syntax, or nothing left */
  AIPERF_JSON_NULL,
  AIPERF_JSON_BOOL,
  AIPERF_JSON_NUMBER,
  AIPERF_JSON_STRING,
  AIPERF_JSON_ARRAY,
  AIPERF_JSON_OBJECT,
} AiperfJsonType;

typedef struct {
  const char *start;  /* first byte of the text */
  const char *p;      /* current position */
  const char *end;    /* one past the last byte */
  const char *error;  /* static English message of the first error, or NULL */
  const char *error_at;
} AiperfJsonScan;

typedef struct {
  double   d;
  gint64   i;       /* exact value when is_int */
  gboolean is_int;  /* no fraction or exponent, fits in gint64 */
} AiperfJsonNumber;

void           aiperf_json_scan_init          (AiperfJsonScan   *scan,
                                               const char       *text,
                                               gsize             length);
/* Skips whitespace and tells what the next value is, without consuming it. */
AiperfJsonType aiperf_json_scan_peek          (AiperfJsonScan   *scan);
/* Walks an object: call with *count = 0 before the first key; returns FALSE
 * after the closing brace or on error (then scan->error is set). The key is a
 * view into the input (raw: escapes not decoded). */
gboolean       aiperf_json_scan_begin_object  (AiperfJsonScan   *scan);
gboolean       aiperf_json_scan_next_key      (AiperfJsonScan   *scan,
                                               guint            *count,
                                               const char      **key,
                                               gsize            *key_length);
/* Walks an array the same way: TRUE when an element follows. */
gboolean       aiperf_json_scan_begin_array   (AiperfJsonScan   *scan);
gboolean       aiperf_json_scan_next_element  (AiperfJsonScan   *scan,
                                               guint            *count);
gboolean       aiperf_json_scan_number        (AiperfJsonScan   *scan,
                                               AiperfJsonNumber *out);
/* A number, or null (then *out is NaN). */
gboolean       aiperf_json_scan_number_or_null (AiperfJsonScan  *scan,
                                               double           *out);
gboolean       aiperf_json_scan_bool          (AiperfJsonScan   *scan,
                                               gboolean         *out);
gboolean       aiperf_json_scan_null          (AiperfJsonScan   *scan);
/* A string, decoded, newly allocated; or NULL for a JSON null. */
gboolean       aiperf_json_scan_string_or_null (AiperfJsonScan  *scan,
                                               char            **out);
/* A string as a view into the input; *has_escapes tells whether it must be
 * decoded before use. */
gboolean       aiperf_json_scan_string_view   (AiperfJsonScan   *scan,
                                               const char      **text,
                                               gsize            *length,
                                               gboolean         *has_escapes);
/* Decodes the escapes of a string view (as given by string_view or
 * next_key, which the scanner has validated); newly allocated. */
char          *aiperf_json_decode_string      (const char       *text,
                                               gsize             length);
/* An array of numbers into *values (grown with g_renew as needed; *capacity
 * is its allocated length). */
gboolean       aiperf_json_scan_number_list   (AiperfJsonScan   *scan,
                                               double          **values,
                                               gsize            *n_values,
                                               gsize            *capacity);
/* Validates and skips any value (nesting limited to 64 levels). */
gboolean       aiperf_json_scan_skip          (AiperfJsonScan   *scan);
/* Tests: FALSE makes skip use only the token-by-token path (the fast one
 * must agree with it on every input). */
void           aiperf_json_scan_use_fast_skip (gboolean          use);
/* TRUE when only whitespace is left. */
gboolean       aiperf_json_scan_at_end        (AiperfJsonScan   *scan);
/* Sets scan->error (if unset) and returns FALSE. */
gboolean       aiperf_json_scan_fail          (AiperfJsonScan   *scan,
                                               const char       *message);

/* Parses one JSON number at @text (grammar of RFC 8259, no NaN/Infinity,
 * finite results only). Returns the end of the number, or NULL when @text
 * does not start a valid number or it overflows. The result equals
 * strtod()'s in the C locale. */
const char    *aiperf_json_parse_number       (const char       *text,
                                               const char       *end,
                                               AiperfJsonNumber *out);

/* Compares a key view with a NUL-terminated literal. */
static inline gboolean
aiperf_json_key_is (const char *key,
                    gsize       length,
                    const char *literal)
{
  /* strlen of a literal is known when inlined: one memcmp of a few bytes. */
  return strlen (literal) == length && memcmp (key, literal, length) == 0;
}

G_END_DECLS
