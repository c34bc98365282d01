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

/* A string member, decoded when it has escapes; *@owned keeps the copy. */
static gboolean
read_string (AiperfJsonScan  *scan,
             const char     **out,
             GPtrArray       *owned)
{
  const char *text;
  gsize length;
  gboolean escapes;
  char *copy;

  if (!aiperf_json_scan_string_view (scan, &text, &length, &escapes))
    return FALSE;
  copy = escapes ? aiperf_json_decode_string (text, length) : g_strndup (text, length);
  g_ptr_array_add (owned, copy);
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
         GPtrArray       *owned)
{
  if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NUMBER)
    {
      AiperfJsonNumber n;
      char *text;

      if (!aiperf_json_scan_number (scan, &n))
        return FALSE;
      text = n.is_int ? g_strdup_printf ("%" G_GINT64_FORMAT, n.i) : g_strdup_printf ("%g", n.d);
      g_ptr_array_add (owned, text);
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
                GPtrArray        *owned)
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
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  AiperfTraceEvent event = { 0, NULL, NULL, NAN, NAN, NULL, NULL, NULL, NULL };
  const char *key;
  gsize length;
  guint count = 0;

  if (!aiperf_json_scan_begin_object (scan))
    return FALSE;
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    {
      gboolean ok;

      if (aiperf_json_key_is (key, length, "ph") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
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
      else if (aiperf_json_key_is (key, length, "args"))
        ok = read_meta_args (scan, &event, owned);
      else
        ok = aiperf_json_scan_skip (scan);
      if (!ok)
        return FALSE;
    }
  if (scan->error != NULL || event.ph == 0)
    return FALSE;
  func (&event, user_data);
  return TRUE;
}
