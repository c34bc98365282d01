/* aiperf-json-skip.c — the scanner's skipping of values it is not asked
 * for: validated token by token, or, for the common valid case, in one loop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-json-scan-private.h"

/* Steps over a plain number (no exponent, not so long that it could
 * overflow) without computing it; FALSE leaves the rest to the parser. */
static gboolean
skip_number (AiperfJsonScan *scan)
{
  const char *p = scan->p, *end = scan->end;

  if (p < end && *p == '-')
    p++;
  if (p >= end || !g_ascii_isdigit (*p))
    return FALSE;
  if (*p == '0')
    p++;
  else
    while (p < end && g_ascii_isdigit (*p))
      p++;
  if (p < end && *p == '.')
    {
      if (++p >= end || !g_ascii_isdigit (*p))
        return FALSE;
      while (p < end && g_ascii_isdigit (*p))
        p++;
    }
  if ((p < end && (*p == 'e' || *p == 'E')) || p - scan->p > 300)
    return FALSE;
  scan->p = p;
  return TRUE;
}

static gboolean
skip_value (AiperfJsonScan *scan,
            int             depth)
{
  AiperfJsonNumber n;
  gboolean b;
  guint count = 0;

  if (depth > AIPERF_JSON_MAX_DEPTH)
    return aiperf_json_scan_fail (scan, "nesting too deep");
  switch (aiperf_json_scan_peek (scan))
    {
    case AIPERF_JSON_NULL:
      return aiperf_json_scan_null (scan);
    case AIPERF_JSON_BOOL:
      return aiperf_json_scan_bool (scan, &b);
    case AIPERF_JSON_NUMBER:
      return skip_number (scan) || aiperf_json_scan_number (scan, &n);
    case AIPERF_JSON_STRING:
      return aiperf_json_scan_string_view (scan, NULL, NULL, NULL);
    case AIPERF_JSON_ARRAY:
      scan->p++;
      while (aiperf_json_scan_next_element (scan, &count))
        if (!skip_value (scan, depth + 1))
          return FALSE;
      return scan->error == NULL;
    case AIPERF_JSON_OBJECT:
      scan->p++;
      while (aiperf_json_scan_next_key (scan, &count, NULL, NULL))
        if (!skip_value (scan, depth + 1))
          return FALSE;
      return scan->error == NULL;
    case AIPERF_JSON_ERROR:
    default:
      if (scan->p >= scan->end)
        return aiperf_json_scan_fail (scan, "unexpected end of line");
      return aiperf_json_scan_fail (scan, "expected a JSON value");
    }
}

/* The closing quote of the string whose body starts at @p, or NULL for
 * anything the fast path leaves to the scanner (escapes, bad bytes). */
static inline const char *
plain_string_end (const char *p,
                  const char *end)
{
  while (p < end)
    {
      guchar c;

      while (end - p >= 8)
        {
          guint plain = aiperf_json_plain_prefix ((const guchar *) p);

          p += plain;
          if (plain < 8)
            break;
        }
      if (p >= end)
        return NULL;
      c = (guchar) *p;
      if (c == '"')
        return p;
      if (c < 0x20 || c == '\\')
        return NULL;
      if (c >= 0x80)
        {
          gsize n = aiperf_json_utf8_sequence ((const guchar *) p, (const guchar *) end);

          if (n == 0)
            return NULL;
          p += n;
        }
      else
        p++;
    }
  return NULL;
}

static inline const char *
skip_spaces (const char *p,
             const char *end)
{
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
    p++;
  return p;
}

/* After an object's key at @p: past its ':', or NULL. */
static inline const char *
skip_key (const char *p,
          const char *end)
{
  p = skip_spaces (p, end);
  if (p >= end || *p != '"' || (p = plain_string_end (p + 1, end)) == NULL)
    return NULL;
  p = skip_spaces (p + 1, end);
  return p < end && *p == ':' ? p + 1 : NULL;
}

/* Skips a valid value in one loop, without a call per token: most of a
 * trace is args objects that are only stepped over. FALSE (nothing moved)
 * for anything it does not take, which skip_value then reads and reports
 * as before. */
static gboolean
skip_value_fast (AiperfJsonScan *scan)
{
  const char *p = scan->p, *end = scan->end;
  guint64 objects = 0;  /* bit d: the container at depth d is an object */
  guint depth = 0;

  for (;;)
    {
      /* A value. */
      p = skip_spaces (p, end);
      if (p >= end)
        return FALSE;
      if (*p == '{' || *p == '[')
        {
          gboolean object = *p == '{';

          /* One bit per open container (as deep as skip_value takes them):
           * deeper ones are left to it. */
          if (depth >= 64)
            return FALSE;
          objects = object ? objects | (G_GUINT64_CONSTANT (1) << depth) : objects & ~(G_GUINT64_CONSTANT (1) << depth);
          depth++;
          p = skip_spaces (p + 1, end);
          if (p < end && *p == (object ? '}' : ']'))
            {
              depth--;
              p++;
            }
          else if (object && (p = skip_key (p, end)) == NULL)
            return FALSE;
          else
            continue;
        }
      else if (*p == '"')
        {
          if ((p = plain_string_end (p + 1, end)) == NULL)
            return FALSE;
          p++;
        }
      else
        {
          AiperfJsonScan number = *scan;

          number.p = p;
          if (skip_number (&number))
            p = number.p;
          else if (end - p >= 4 && (memcmp (p, "true", 4) == 0 || memcmp (p, "null", 4) == 0))
            p += 4;
          else if (end - p >= 5 && memcmp (p, "false", 5) == 0)
            p += 5;
          else
            return FALSE;
        }
      /* After a value: a comma, or the ends of containers. */
      for (;;)
        {
          gboolean object;

          if (depth == 0)
            {
              scan->p = p;
              return TRUE;
            }
          object = (objects >> (depth - 1)) & 1;
          p = skip_spaces (p, end);
          if (p >= end)
            return FALSE;
          if (*p == (object ? '}' : ']'))
            {
              depth--;
              p++;
              continue;
            }
          if (*p != ',')
            return FALSE;
          p = object ? skip_key (p + 1, end) : p + 1;
          if (p == NULL)
            return FALSE;
          break;
        }
    }
}

static gboolean use_fast_skip = TRUE;

void
aiperf_json_scan_use_fast_skip (gboolean use)
{
  use_fast_skip = use;
}

gboolean
aiperf_json_scan_skip (AiperfJsonScan *scan)
{
  g_return_val_if_fail (scan != NULL, FALSE);
  if (use_fast_skip && scan->error == NULL && skip_value_fast (scan))
    return TRUE;
  return skip_value (scan, 0);
}

