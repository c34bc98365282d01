/* aiperf-trace-event.c — one trace event's fields, pulled out of its JSON
 * object by the scanner (no tree). Numbers may come as strings; pid and
 * tid may be numbers or strings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-trace-private.h"

/* The strings of one event, freed when it has been handed over. */
typedef struct {
  char     *items[16];
  guint     n;
  gboolean  overflow;
} Owned;

static void
owned_add (Owned *owned,
           char  *text)
{
  /* An event repeats at most a few of its members; more copies than that
   * are dropped with the event (the caller sees it as not an event). */
  if (owned->n < G_N_ELEMENTS (owned->items))
    owned->items[owned->n++] = text;
  else
    {
      owned->overflow = TRUE;
      g_free (text);
    }
}

static void
owned_clear (Owned *owned)
{
  for (guint i = 0; i < owned->n; i++)
    g_free (owned->items[i]);
  owned->n = 0;
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
  char *copy;

  if (!aiperf_json_scan_string_view (scan, &text, &length, &escapes))
    return FALSE;
  copy = escapes ? aiperf_json_decode_string (text, length) : g_strndup (text, length);
  owned_add (owned, copy);
  *out = copy;
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

/* pid/tid: a number as its text, or a string. */
static gboolean
read_id (AiperfJsonScan  *scan,
         const char     **out,
         Owned           *owned)
{
  if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NUMBER)
    {
      AiperfJsonNumber n;
      char *text;

      if (!aiperf_json_scan_number (scan, &n))
        return FALSE;
      if (n.is_int)
        {
          /* The number's own text: no formatting on the hot path. */
          const char *end = scan->p;
          const char *start = end;

          while (start > scan->start && (g_ascii_isdigit (start[-1]) || start[-1] == '-'))
            start--;
          text = g_strndup (start, end - start);
        }
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

/* args of an M event: its "name" and "labels". */
static gboolean
read_meta_args (AiperfJsonScan   *scan,
                AiperfTraceEvent *event,
                Owned            *owned)
{
  const char *key;
  gsize length;
  guint count = 0;

  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
    return aiperf_json_scan_skip (scan);
  aiperf_json_scan_begin_object (scan);
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    {
      gboolean ok;

      if (aiperf_json_key_is (key, length, "name") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        ok = read_string (scan, &event->arg_name, owned);
      else if (aiperf_json_key_is (key, length, "labels") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        ok = read_string (scan, &event->arg_labels, owned);
      else
        ok = aiperf_json_scan_skip (scan);
      if (!ok)
        return FALSE;
    }
  return scan->error == NULL;
}

gboolean
aiperf_trace_event_parse (AiperfJsonScan       *scan,
                          AiperfTraceEventFunc  func,
                          gpointer              user_data)
{
  Owned owned_strings = { { NULL }, 0, FALSE };
  Owned *owned = &owned_strings;
  gboolean parsed;
  AiperfTraceEvent event = { 0, NULL, NULL, NAN, NAN, NULL, NULL, NULL, NULL };
  const char *key;
  gsize length;
  guint count = 0;

  if (!aiperf_json_scan_begin_object (scan))
    return FALSE;
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    {
      gboolean ok;

      /* Most members are none of these: one look at the first letter. */
      if (length > 4 || strchr ("pnctda", key[0]) == NULL)
        ok = aiperf_json_scan_skip (scan);
      else if (aiperf_json_key_is (key, length, "ph") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        {
          const char *ph = NULL;

          ok = read_string (scan, &ph, owned);
          event.ph = ok && ph != NULL ? ph[0] : 0;
        }
      else if (aiperf_json_key_is (key, length, "name") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        ok = read_string (scan, &event.name, owned);
      else if (aiperf_json_key_is (key, length, "cat") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        ok = read_string (scan, &event.cat, owned);
      else if (aiperf_json_key_is (key, length, "ts"))
        ok = read_number (scan, &event.ts_us);
      else if (aiperf_json_key_is (key, length, "dur"))
        ok = read_number (scan, &event.dur_us);
      else if (aiperf_json_key_is (key, length, "pid"))
        ok = read_id (scan, &event.pid, owned);
      else if (aiperf_json_key_is (key, length, "tid"))
        ok = read_id (scan, &event.tid, owned);
      /* Only metadata events' args are read (process names, labels). */
      else if (aiperf_json_key_is (key, length, "args") && (event.ph == 'M' || event.ph == 0))
        ok = read_meta_args (scan, &event, owned);
      else
        ok = aiperf_json_scan_skip (scan);
      if (!ok)
        break;
    }
  parsed = scan->error == NULL && event.ph != 0 && !owned->overflow;
  if (parsed)
    func (&event, user_data);
  owned_clear (owned);
  return parsed;
}
