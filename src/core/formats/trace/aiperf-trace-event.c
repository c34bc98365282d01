/* aiperf-trace-event.c — one trace event's fields, pulled out of its JSON
 * object by the scanner (no tree). Numbers may come as strings; pid and
 * tid may be numbers or strings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE 1 /* memmem */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-trace-private.h"

/* The strings of one event, kept until it has been handed over: most in
 * a scratch buffer, without malloc; decoded ones and long ones on the heap. */
typedef struct {
  char      scratch[2048];
  gsize     used;
  char     *heap[16];
  guint     n;
  gboolean  overflow;
} Owned;

static void
owned_add (Owned *owned,
           char  *text)
{
  /* An event repeats at most a few of its members; more copies than that
   * are dropped with the event (the caller sees it as not an event). */
  if (owned->n < G_N_ELEMENTS (owned->heap))
    owned->heap[owned->n++] = text;
  else
    {
      owned->overflow = TRUE;
      g_free (text);
    }
}

static const char *
owned_copy (Owned      *owned,
            const char *text,
            gsize       length)
{
  char *copy;

  if (length >= sizeof owned->scratch - owned->used)
    {
      copy = g_strndup (text, length);
      owned_add (owned, copy);
      return copy;
    }
  copy = owned->scratch + owned->used;
  memcpy (copy, text, length);
  copy[length] = '\0';
  owned->used += length + 1;
  return copy;
}

static void
owned_clear (Owned *owned)
{
  for (guint i = 0; i < owned->n; i++)
    g_free (owned->heap[i]);
  owned->n = 0;
  owned->used = 0;
}

/* A string member, decoded when it has escapes; *@owned keeps the copy. */
static gboolean
read_string (AiperfJsonScan  *scan,
             const char     **out,
             Owned           *owned)
{
  const char *text;
  gsize length;
  gboolean escapes;

  if (!aiperf_json_scan_string_view (scan, &text, &length, &escapes))
    return FALSE;
  if (escapes)
    {
      char *copy = aiperf_json_decode_string (text, length);

      owned_add (owned, copy);
      *out = copy;
    }
  else
    *out = owned_copy (owned, text, length);
  return TRUE;
}

/* The first character of a string member (ph, bp) and its length,
 * without a copy; 0 for an empty one or another type. */
static gboolean
read_first_char (AiperfJsonScan *scan,
                 char           *out,
                 gsize          *out_length)
{
  const char *text;
  gsize length;
  gboolean escapes;

  *out = 0;
  *out_length = 0;
  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_STRING)
    return aiperf_json_scan_skip (scan);
  if (!aiperf_json_scan_string_view (scan, &text, &length, &escapes))
    return FALSE;
  if (escapes)
    {
      g_autofree char *copy = aiperf_json_decode_string (text, length);

      *out = copy[0];
      *out_length = strlen (copy);
    }
  else if (length > 0)
    {
      *out = text[0];
      *out_length = length;
    }
  return TRUE;
}

/* A number, a string holding one, or null. */
static gboolean
read_number (AiperfJsonScan *scan,
             double         *out)
{
  AiperfJsonType type = aiperf_json_scan_peek (scan);

  if (type == AIPERF_JSON_NUMBER)
    {
      AiperfJsonNumber n;

      if (!aiperf_json_scan_number (scan, &n))
        return FALSE;
      *out = n.d;
      return TRUE;
    }
  if (type == AIPERF_JSON_STRING)
    {
      g_autofree char *text = NULL;
      char *end;

      if (!aiperf_json_scan_string_or_null (scan, &text))
        return FALSE;
      *out = g_ascii_strtod (text, &end);
      if (end == text || *end != '\0' || !isfinite (*out))
        *out = NAN;
      return TRUE;
    }
  *out = NAN;
  return aiperf_json_scan_skip (scan);
}

/* @us in ns, clamped to what gint64 holds (a bad ts must not overflow);
 * NaN, which no conversion may meet, is 0. */
static gint64
ns_of (double us)
{
  double ns = us * 1000.0;

  if (isnan (ns))
    return 0;
  /* ±2e18: starts, ends, their differences and sums all stay within gint64. */
  return ns >= 2e18 ? G_GINT64_CONSTANT (2000000000000000000) : ns <= -2e18 ? -G_GINT64_CONSTANT (2000000000000000000)
                    : (gint64) ns;
}

/* A time in µs as exact ns: its text split at the decimal point (a double
 * of epoch µs keeps about a quarter of a µs). */
static gint64
exact_ns (AiperfJsonScan *scan,
          double          us)
{
  const char *end = scan->p, *start = end, *point = NULL;
  gint64 whole = 0, fraction = 0;
  guint digits = 0;
  gboolean negative;

  while (start > scan->start && ((start[-1] >= '0' && start[-1] <= '9') || start[-1] == '.' ||
                                  start[-1] == 'e' || start[-1] == 'E' || start[-1] == '+' || start[-1] == '-'))
    start--;
  /* An exponent, or more digits than exact ns hold: the double will do. */
  if (memchr (start, 'e', end - start) != NULL || memchr (start, 'E', end - start) != NULL || end - start > 15 + 1 + 9)
    return ns_of (us);
  negative = *start == '-';
  for (const char *p = start + negative; p < end; p++)
    {
      if (*p == '.')
        point = p;
      else if (point == NULL)
        {
          if (whole > G_MAXINT64 / 10000)
            return ns_of (us);
          whole = whole * 10 + (*p - '0');
        }
      else if (digits < 3)
        {
          fraction = fraction * 10 + (*p - '0');
          digits++;
        }
    }
  for (; digits < 3; digits++)
    fraction *= 10;
  if (whole > G_GINT64_CONSTANT (2000000000000000))
    return ns_of (us);
  return (negative ? -1 : 1) * (whole * 1000 + fraction);
}

/* The common form of a time, "-?D+(.D+)?" with at most 18 digits, in one
 * pass: the same µs as the number parser's exact case (digits over a power
 * of ten) and the same ns as exact_ns. FALSE (nothing read) for anything
 * else. */
static gboolean
read_plain_time (AiperfJsonScan *scan,
                 double         *out_us,
                 gint64         *out_ns)
{
  static const double pow10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
                                  1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18 };
  const char *p = scan->p, *end = scan->end;
  gboolean negative = p < end && *p == '-';
  guint64 mantissa = 0;
  gint64 whole, fraction = 0;
  guint digits = 0, decimals = 0;

  p += negative;
  if (p >= end || !g_ascii_isdigit (*p) || (*p == '0' && p + 1 < end && g_ascii_isdigit (p[1])))
    return FALSE;
  for (; p < end && g_ascii_isdigit (*p); p++, digits++)
    mantissa = mantissa * 10 + (guint64) (*p - '0');
  whole = (gint64) mantissa;
  if (p < end && *p == '.')
    {
      if (++p >= end || !g_ascii_isdigit (*p))
        return FALSE;
      for (; p < end && g_ascii_isdigit (*p) && digits < 19; p++, digits++, decimals++)
        {
          mantissa = mantissa * 10 + (guint64) (*p - '0');
          if (decimals < 3)
            fraction = fraction * 10 + (*p - '0');
        }
    }
  if (digits > 18 || mantissa > (G_GUINT64_CONSTANT (1) << 53) || whole > G_GINT64_CONSTANT (2000000000000000) ||
      (p < end && (*p == 'e' || *p == 'E' || g_ascii_isdigit (*p))))
    return FALSE;
  for (guint i = MIN (decimals, 3); i < 3; i++)
    fraction *= 10;
  *out_us = (negative ? -1.0 : 1.0) * ((double) mantissa / pow10[decimals]);
  *out_ns = (negative ? -1 : 1) * (whole * 1000 + fraction);
  scan->p = p;
  return TRUE;
}

/* ts or dur: the number in µs, and in exact ns. */
static gboolean
read_time (AiperfJsonScan *scan,
           double         *out_us,
           gint64         *out_ns)
{
  gboolean number = aiperf_json_scan_peek (scan) == AIPERF_JSON_NUMBER;

  if (number && read_plain_time (scan, out_us, out_ns))
    return TRUE;

  if (!read_number (scan, out_us))
    return FALSE;
  *out_ns = number && isfinite (*out_us) ? exact_ns (scan, *out_us)
                                          : isfinite (*out_us) ? ns_of (*out_us) : 0;
  return TRUE;
}

/* pid/tid: a number as its text, or a string. */
static gboolean
read_id (AiperfJsonScan  *scan,
         const char     **out,
         Owned           *owned)
{
  if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NUMBER)
    {
      const char *start = scan->p, *digits = start + (*start == '-'), *p = digits;
      AiperfJsonNumber n;
      char *text;

      /* A plain integer (most ids) is its own text: no parsing, no formatting. */
      while (p < scan->end && g_ascii_isdigit (*p) && p - digits < 39)
        p++;
      if (p > digits && !(*digits == '0' && p - digits > 1) &&
          (p == scan->end || (*p != '.' && *p != 'e' && *p != 'E' && !g_ascii_isdigit (*p))))
        {
          scan->p = p;
          *out = owned_copy (owned, start, p - start);
          return TRUE;
        }
      if (!aiperf_json_scan_number (scan, &n))
        return FALSE;
      if (n.is_int)
        text = g_strdup_printf ("%" G_GINT64_FORMAT, n.i);
      else
        text = g_strdup_printf ("%g", n.d);
      owned_add (owned, text);
      *out = text;
      return TRUE;
    }
  if (aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
    return read_string (scan, out, owned);
  return aiperf_json_scan_skip (scan);
}

/* A whole number member (sort_index); FALSE only on bad syntax. */
static gboolean
read_integer (AiperfJsonScan *scan,
              gint64         *out)
{
  double value;

  if (!read_number (scan, &value))
    return FALSE;
  if (isfinite (value) && value >= -9e18 && value <= 9e18)
    *out = (gint64) value;
  return TRUE;
}

/* "correlation": N at the top level of an args object's text (a nested
 * one is not looked for: Kineto writes it flat); -1 without. */
static gint64
find_correlation (const char *args,
                  gsize       length)
{
  static const char needle[] = "\"correlation\"";
  const char *end = args + length;
  const char *p = memmem (args, length, needle, sizeof needle - 1);
  gint64 value = 0;

  if (p == NULL)
    return -1;
  p += sizeof needle - 1;
  while (p < end && (*p == ' ' || *p == ':' || *p == '\t'))
    p++;
  if (p >= end || !g_ascii_isdigit (*p))
    return -1;
  for (; p < end && g_ascii_isdigit (*p) && value < G_MAXINT64 / 10 - 10; p++)
    value = value * 10 + (*p - '0');
  return value;
}

/* The args object: its text and where it is kept (for hover, re-read
 * later), and the few members the analysis joins on: an M event's name,
 * labels and sort_index; a kernel's or launch's correlation. The others
 * are only stepped over. */
static gboolean
read_args (AiperfJsonScan   *scan,
           goffset           offset,
           AiperfTraceEvent *event,
           Owned            *owned)
{
  const char *key;
  gsize length;
  guint count = 0;
  gboolean meta = event->ph == 'M' || event->ph == 0;
  /* Kineto writes cat before args: only the events that join look inside
   * (kernel, cuda_runtime, cuda_driver, gpu_*, and MTIA's mtia_runtime and
   * mtia_ccp_events; not cpu_op, a third of a trace's events). */
  gboolean joins = event->cat != NULL &&
                   (event->cat[0] == 'k' || (event->cat[0] == 'c' && event->cat[1] != 'p') ||
                    event->cat[0] == 'g' || event->cat[0] == 'm');

  while (scan->p < scan->end && (*scan->p == ' ' || *scan->p == '\t' || *scan->p == '\n' || *scan->p == '\r'))
    scan->p++;
  event->args = scan->p;
  event->args_offset = offset + (scan->p - scan->start);
  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT || !meta)
    {
      gboolean ok = aiperf_json_scan_skip (scan);

      event->args_len = scan->p - event->args;
      /* The one member joins need, found in the text: stepping through
       * every member of millions of kernels' args would cost more. */
      if (ok && joins)
        event->correlation = find_correlation (event->args, event->args_len);
      return ok;
    }
  aiperf_json_scan_begin_object (scan);
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    {
      gboolean ok;

      if (aiperf_json_key_is (key, length, "name") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        ok = read_string (scan, &event->arg_name, owned);
      else if (aiperf_json_key_is (key, length, "labels") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        ok = read_string (scan, &event->arg_labels, owned);
      else if (aiperf_json_key_is (key, length, "sort_index"))
        ok = read_integer (scan, &event->sort_index);
      else
        ok = aiperf_json_scan_skip (scan);
      if (!ok)
        return FALSE;
    }
  event->args_len = scan->p - event->args;
  return scan->error == NULL;
}

/* id2 ({"local": …} or {"global": …}): its one value, as an id. */
static gboolean
read_id2 (AiperfJsonScan   *scan,
          const char      **out,
          Owned            *owned)
{
  const char *key;
  gsize length;
  guint count = 0;

  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
    return aiperf_json_scan_skip (scan);
  aiperf_json_scan_begin_object (scan);
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    if (!read_id (scan, out, owned))
      return FALSE;
  return scan->error == NULL;
}

gboolean
aiperf_trace_event_parse (AiperfJsonScan       *scan,
                          goffset               offset,
                          AiperfTraceEventFunc  func,
                          gpointer              user_data)
{
  Owned owned_strings;
  Owned *owned = &owned_strings;
  gboolean parsed;
  AiperfTraceEvent event = { 0, NULL, NULL, NAN, NAN, 0, 0, NULL, NULL, NULL, NULL, G_MININT64,
                             NULL, 0, -1, -1, NULL, FALSE };
  const char *key;
  gsize length;
  guint count = 0;

  owned->used = owned->n = 0;
  owned->overflow = FALSE;
  if (!aiperf_json_scan_begin_object (scan))
    return FALSE;
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    {
      gboolean ok;

      /* Most members are none of these: their length and first letter
       * tell them apart without comparing strings. */
      switch (length == 2 ? (gsize) (guchar) key[0] + (gsize) (guchar) key[1] * 256 : length * 256 + (guchar) key[0])
        {
        case 'p' + 'h' * 256:
          {
            gsize ph_length;

            ok = read_first_char (scan, &event.ph, &ph_length);
          }
          break;
        case 't' + 's' * 256:
          ok = read_time (scan, &event.ts_us, &event.ts_ns);
          break;
        case 4 * 256 + 'n':
          ok = aiperf_json_key_is (key, length, "name") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING
                 ? read_string (scan, &event.name, owned) : aiperf_json_scan_skip (scan);
          break;
        case 3 * 256 + 'c':
          ok = aiperf_json_key_is (key, length, "cat") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING
                 ? read_string (scan, &event.cat, owned) : aiperf_json_scan_skip (scan);
          break;
        case 3 * 256 + 'd':
          ok = aiperf_json_key_is (key, length, "dur") ? read_time (scan, &event.dur_us, &event.dur_ns)
                                                       : aiperf_json_scan_skip (scan);
          break;
        case 3 * 256 + 'p':
          ok = aiperf_json_key_is (key, length, "pid") ? read_id (scan, &event.pid, owned) : aiperf_json_scan_skip (scan);
          break;
        case 3 * 256 + 't':
          ok = aiperf_json_key_is (key, length, "tid") ? read_id (scan, &event.tid, owned) : aiperf_json_scan_skip (scan);
          break;
        case 4 * 256 + 'a':
          ok = aiperf_json_key_is (key, length, "args") ? read_args (scan, offset, &event, owned)
                                                        : aiperf_json_scan_skip (scan);
          break;
        case 'i' + 'd' * 256:
          ok = read_id (scan, &event.id, owned);
          break;
        case 3 * 256 + 'i':
          ok = aiperf_json_key_is (key, length, "id2") ? read_id2 (scan, &event.id, owned) : aiperf_json_scan_skip (scan);
          break;
        case 'b' + 'p' * 256:
          {
            gsize bp_length;
            char bp;

            ok = read_first_char (scan, &bp, &bp_length);
            event.bind_enclosing = ok && bp == 'e' && bp_length == 1;
          }
          break;
        default:
          ok = aiperf_json_scan_skip (scan);
          break;
        }
      if (!ok)
        break;
    }
  parsed = scan->error == NULL && event.ph != 0 && !owned->overflow;
  if (parsed)
    func (&event, user_data);
  owned_clear (owned);
  return parsed;
}
