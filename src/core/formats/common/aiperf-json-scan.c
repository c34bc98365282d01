/* aiperf-json-scan.c — the strict JSON scanner: syntax and strings (skipping
 * is in aiperf-json-skip.c, numbers in aiperf-json-number.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-json-scan-private.h"

#include <math.h>

void
aiperf_json_scan_init (AiperfJsonScan *scan,
                       const char     *text,
                       gsize           length)
{
  g_return_if_fail (scan != NULL);
  g_return_if_fail (text != NULL || length == 0);

  scan->start = text;
  scan->p = text;
  scan->end = text + length;
  scan->error = NULL;
  scan->error_at = NULL;
}

gboolean
aiperf_json_scan_fail (AiperfJsonScan *scan,
                       const char     *message)
{
  g_return_val_if_fail (scan != NULL, FALSE);

  if (scan->error == NULL)
    {
      scan->error = message;
      scan->error_at = scan->p;
    }
  return FALSE;
}

static inline void
skip_ws (AiperfJsonScan *scan)
{
  const char *p = scan->p;

  while (p < scan->end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
    p++;
  scan->p = p;
}

AiperfJsonType
aiperf_json_scan_peek (AiperfJsonScan *scan)
{
  g_return_val_if_fail (scan != NULL, AIPERF_JSON_ERROR);

  skip_ws (scan);
  if (scan->error != NULL || scan->p >= scan->end)
    return AIPERF_JSON_ERROR;
  switch (*scan->p)
    {
    case '{': return AIPERF_JSON_OBJECT;
    case '[': return AIPERF_JSON_ARRAY;
    case '"': return AIPERF_JSON_STRING;
    case 't': case 'f': return AIPERF_JSON_BOOL;
    case 'n': return AIPERF_JSON_NULL;
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      return AIPERF_JSON_NUMBER;
    default:
      return AIPERF_JSON_ERROR;
    }
}

static inline gboolean
expect_char (AiperfJsonScan *scan,
             char            c,
             const char     *message)
{
  skip_ws (scan);
  if (scan->p < scan->end && *scan->p == c)
    {
      scan->p++;
      return TRUE;
    }
  return aiperf_json_scan_fail (scan, message);
}

gboolean
aiperf_json_scan_string_view (AiperfJsonScan *scan,
                              const char    **text,
                              gsize          *length,
                              gboolean       *has_escapes)
{
  const guchar *p, *end;
  gboolean escapes = FALSE;

  g_return_val_if_fail (scan != NULL, FALSE);

  if (!expect_char (scan, '"', "expected a string"))
    return FALSE;
  p = (const guchar *) scan->p;
  end = (const guchar *) scan->end;
  while (p < end)
    {
      guchar c;

      /* Most bytes of a trace are plain text inside strings: eight at a
       * time until a quote, a backslash, a control or a non-ASCII byte. */
      while (end - p >= 8)
        {
          guint plain = aiperf_json_plain_prefix (p);

          p += plain;
          if (plain < 8)
            break;
        }
      if (p >= end)
        break;
      c = *p;

      if (c == '"')
        {
          if (text != NULL)
            *text = scan->p;
          if (length != NULL)
            *length = (gsize) ((const char *) p - scan->p);
          if (has_escapes != NULL)
            *has_escapes = escapes;
          scan->p = (const char *) p + 1;
          return TRUE;
        }
      if (c < 0x20)
        {
          scan->p = (const char *) p;
          return aiperf_json_scan_fail (scan, "control character in a string");
        }
      if (c == '\\')
        {
          escapes = TRUE;
          if (p + 1 >= end)
            break;
          switch (p[1])
            {
            case '"': case '\\': case '/': case 'b': case 'f':
            case 'n': case 'r': case 't':
              p += 2;
              break;
            case 'u':
              if (end - p < 6 || !g_ascii_isxdigit (p[2]) || !g_ascii_isxdigit (p[3])
                  || !g_ascii_isxdigit (p[4]) || !g_ascii_isxdigit (p[5]))
                {
                  scan->p = (const char *) p;
                  return aiperf_json_scan_fail (scan, "bad \\u escape in a string");
                }
              /* A surrogate must be a high one followed by a low one: a lone
               * one is no character, and json-glib turns it into bytes that
               * are not UTF-8. */
              {
                guint unit = (guint) (g_ascii_xdigit_value (p[2]) << 12 | g_ascii_xdigit_value (p[3]) << 8
                                      | g_ascii_xdigit_value (p[4]) << 4 | g_ascii_xdigit_value (p[5]));

                if (unit >= 0xd800 && unit <= 0xdbff)
                  {
                    guint low = 0;

                    if (end - p >= 12 && p[6] == '\\' && p[7] == 'u' && g_ascii_isxdigit (p[8])
                        && g_ascii_isxdigit (p[9]) && g_ascii_isxdigit (p[10]) && g_ascii_isxdigit (p[11]))
                      low = (guint) (g_ascii_xdigit_value (p[8]) << 12 | g_ascii_xdigit_value (p[9]) << 8
                                     | g_ascii_xdigit_value (p[10]) << 4 | g_ascii_xdigit_value (p[11]));
                    if (low < 0xdc00 || low > 0xdfff)
                      {
                        scan->p = (const char *) p;
                        return aiperf_json_scan_fail (scan, "lone surrogate escape in a string");
                      }
                    p += 6;
                  }
                else if (unit >= 0xdc00 && unit <= 0xdfff)
                  {
                    scan->p = (const char *) p;
                    return aiperf_json_scan_fail (scan, "lone surrogate escape in a string");
                  }
              }
              p += 6;
              break;
            default:
              scan->p = (const char *) p;
              return aiperf_json_scan_fail (scan, "bad escape in a string");
            }
          continue;
        }
      if (c >= 0x80)
        {
          gsize n = aiperf_json_utf8_sequence (p, end);

          if (n == 0)
            {
              scan->p = (const char *) p;
              return aiperf_json_scan_fail (scan, "invalid UTF-8 in a string");
            }
          p += n;
          continue;
        }
      p++;
    }
  scan->p = scan->end;
  return aiperf_json_scan_fail (scan, "unterminated string");
}

char *
aiperf_json_decode_string (const char *text,
                           gsize       length)
{
  GString *s = g_string_sized_new (length);
  const char *p = text, *end = text + length;

  while (p < end)
    {
      if (*p != '\\')
        {
          g_string_append_c (s, *p++);
          continue;
        }
      switch (p[1])
        {
        case 'b': g_string_append_c (s, '\b'); break;
        case 'f': g_string_append_c (s, '\f'); break;
        case 'n': g_string_append_c (s, '\n'); break;
        case 'r': g_string_append_c (s, '\r'); break;
        case 't': g_string_append_c (s, '\t'); break;
        case 'u':
          {
            gunichar c = (gunichar) (g_ascii_xdigit_value (p[2]) << 12 | g_ascii_xdigit_value (p[3]) << 8
                            | g_ascii_xdigit_value (p[4]) << 4 | g_ascii_xdigit_value (p[5]));
            if (c >= 0xd800 && c <= 0xdbff && end - p >= 12 && p[6] == '\\' && p[7] == 'u')
              {
                gunichar lo = (gunichar) (g_ascii_xdigit_value (p[8]) << 12
                                          | g_ascii_xdigit_value (p[9]) << 8
                                          | g_ascii_xdigit_value (p[10]) << 4
                                          | g_ascii_xdigit_value (p[11]));
                if (lo >= 0xdc00 && lo <= 0xdfff)
                  {
                    c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
                    p += 6;
                  }
              }
            if (c >= 0xd800 && c <= 0xdfff)
              c = 0xfffd;
            g_string_append_unichar (s, c);
            p += 6;
            continue;
          }
        default: g_string_append_c (s, p[1]); break;
        }
      p += 2;
    }
  return g_string_free (s, FALSE);
}

gboolean
aiperf_json_scan_string_or_null (AiperfJsonScan *scan,
                                 char          **out)
{
  const char *text;
  gsize length;
  gboolean escapes;

  g_return_val_if_fail (scan != NULL && out != NULL, FALSE);

  *out = NULL;
  if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NULL)
    return aiperf_json_scan_null (scan);
  if (!aiperf_json_scan_string_view (scan, &text, &length, &escapes))
    return FALSE;
  *out = escapes ? aiperf_json_decode_string (text, length) : g_strndup (text, length);
  return TRUE;
}

static gboolean
expect_word (AiperfJsonScan *scan,
             const char     *word,
             gsize           length)
{
  skip_ws (scan);
  if ((gsize) (scan->end - scan->p) >= length && memcmp (scan->p, word, length) == 0)
    {
      scan->p += length;
      return TRUE;
    }
  return aiperf_json_scan_fail (scan, "expected a JSON value");
}

gboolean
aiperf_json_scan_null (AiperfJsonScan *scan)
{
  g_return_val_if_fail (scan != NULL, FALSE);
  return expect_word (scan, "null", 4);
}

gboolean
aiperf_json_scan_bool (AiperfJsonScan *scan,
                       gboolean       *out)
{
  g_return_val_if_fail (scan != NULL && out != NULL, FALSE);

  skip_ws (scan);
  if (scan->p < scan->end && *scan->p == 't')
    return (*out = TRUE, expect_word (scan, "true", 4));
  if (scan->p < scan->end && *scan->p == 'f')
    return (*out = FALSE, expect_word (scan, "false", 5));
  return aiperf_json_scan_fail (scan, "expected true or false");
}

gboolean
aiperf_json_scan_begin_object (AiperfJsonScan *scan)
{
  g_return_val_if_fail (scan != NULL, FALSE);
  return expect_char (scan, '{', "expected an object");
}

gboolean
aiperf_json_scan_next_key (AiperfJsonScan *scan,
                           guint          *count,
                           const char    **key,
                           gsize          *key_length)
{
  g_return_val_if_fail (scan != NULL && count != NULL, FALSE);

  if (scan->error != NULL)
    return FALSE;
  skip_ws (scan);
  if (scan->p < scan->end && *scan->p == '}')
    {
      scan->p++;
      return FALSE;
    }
  if (*count > 0 && !expect_char (scan, ',', "expected ',' or '}' in an object"))
    return FALSE;
  if (!aiperf_json_scan_string_view (scan, key, key_length, NULL))
    return FALSE;
  if (!expect_char (scan, ':', "expected ':' after an object key"))
    return FALSE;
  (*count)++;
  return TRUE;
}

gboolean
aiperf_json_scan_begin_array (AiperfJsonScan *scan)
{
  g_return_val_if_fail (scan != NULL, FALSE);
  return expect_char (scan, '[', "expected an array");
}

gboolean
aiperf_json_scan_next_element (AiperfJsonScan *scan,
                               guint          *count)
{
  g_return_val_if_fail (scan != NULL && count != NULL, FALSE);

  if (scan->error != NULL)
    return FALSE;
  skip_ws (scan);
  if (scan->p < scan->end && *scan->p == ']')
    {
      scan->p++;
      return FALSE;
    }
  if (*count > 0 && !expect_char (scan, ',', "expected ',' or ']' in an array"))
    return FALSE;
  (*count)++;
  return TRUE;
}

gboolean
aiperf_json_scan_at_end (AiperfJsonScan *scan)
{
  g_return_val_if_fail (scan != NULL, FALSE);

  skip_ws (scan);
  return scan->error == NULL && scan->p == scan->end;
}

/* Numbers (their text is parsed by aiperf-json-number.c). */

gboolean
aiperf_json_scan_number (AiperfJsonScan   *scan,
                         AiperfJsonNumber *out)
{
  const char *next;

  g_return_val_if_fail (scan != NULL && out != NULL, FALSE);

  skip_ws (scan);
  next = aiperf_json_parse_number (scan->p, scan->end, out);
  if (next == NULL)
    return aiperf_json_scan_fail (scan, "expected a finite number");
  scan->p = next;
  return TRUE;
}

gboolean
aiperf_json_scan_number_or_null (AiperfJsonScan *scan,
                                 double         *out)
{
  AiperfJsonNumber n;

  g_return_val_if_fail (scan != NULL && out != NULL, FALSE);

  if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NULL)
    {
      *out = NAN;
      return aiperf_json_scan_null (scan);
    }
  if (!aiperf_json_scan_number (scan, &n))
    return FALSE;
  *out = n.d;
  return TRUE;
}

gboolean
aiperf_json_scan_number_list (AiperfJsonScan *scan,
                              double        **values,
                              gsize          *n_values,
                              gsize          *capacity)
{
  const char *p, *end;
  gsize n = 0;

  g_return_val_if_fail (scan != NULL && values != NULL && n_values != NULL && capacity != NULL, FALSE);

  /* The hot loop of the loaders: ~750 latencies per request line. */
  if (!aiperf_json_scan_begin_array (scan))
    return FALSE;
  p = scan->p;
  end = scan->end;
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
    p++;
  if (p < end && *p == ']')
    {
      scan->p = p + 1;
      *n_values = 0;
      return TRUE;
    }
  for (;;)
    {
      AiperfJsonNumber num;
      const char *next = aiperf_json_parse_number (p, end, &num);

      if (next == NULL)
        {
          scan->p = p;
          return aiperf_json_scan_fail (scan, "expected a list of finite numbers");
        }
      if (n == *capacity)
        {
          *capacity = MAX (1024, *capacity * 2);
          *values = g_renew (double, *values, *capacity);
        }
      (*values)[n++] = num.d;
      p = next;
      while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
      if (p < end && *p == ',')
        {
          p++;
          while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            p++;
          continue;
        }
      if (p < end && *p == ']')
        {
          scan->p = p + 1;
          *n_values = n;
          return TRUE;
        }
      scan->p = p;
      return aiperf_json_scan_fail (scan, "expected ',' or ']' in an array");
    }
}
