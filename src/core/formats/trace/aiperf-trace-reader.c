/* aiperf-trace-reader.c — Chrome trace-event files read one event at a time.
 *
 * The top level is walked through the window (aiperf-trace-window.c): the
 * events of "traceEvents" (or of a bare array, whose closing bracket may be
 * missing) are handed over as they are parsed, by worker threads for a large
 * plain file (aiperf-trace-split.c); the other top-level members are
 * skipped, except baseTimeNanoseconds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-trace-window.h"

/* Walks the array at r->start; FALSE with @error at damage (the events
 * before it have been handed over). A large plain file is read by worker
 * threads, a span each, and the window then moves past what they read. */
static gboolean
read_events (AiperfTraceWindow     *r,
             AiperfTraceEventFunc  func,
             gpointer              user_data,
             guint                *n_skipped,
             GError              **error)
{
  goffset end;
  AiperfTraceSpanEnd result;

  r->start++;   /* '[' */
  if (!r->gzip)
    {
      goffset from = r->base + (goffset) r->start;

      if (aiperf_trace_split_worth (r->size - from))
        {
          result = aiperf_trace_read_parallel (r->path, from, r->size, func, user_data, n_skipped, &end, error);
          aiperf_trace_window_seek (r, end);
          /* Open: the text ended inside the array, as the serial reader finds it. */
          if (result == AIPERF_TRACE_SPAN_OPEN)
            r->eof = TRUE;
          return result != AIPERF_TRACE_SPAN_DAMAGED;
        }
    }
  result = aiperf_trace_window_read_elements (r, G_MAXINT64, func, user_data, n_skipped, &end, error);
  return result != AIPERF_TRACE_SPAN_DAMAGED;
}

gboolean
aiperf_trace_read (const char           *path,
                   AiperfTraceEventFunc  func,
                   gpointer              user_data,
                   AiperfTraceTotals    *totals,
                   GError              **error)
{
  AiperfTraceWindow r;
  gboolean ok = TRUE, found = FALSE;
  char c;

  g_return_val_if_fail (path != NULL && func != NULL && totals != NULL, FALSE);

  memset (totals, 0, sizeof *totals);
  if (!aiperf_trace_window_open (&r, path, error))
    {
      aiperf_trace_window_close (&r);
      return FALSE;
    }
  r.source = totals->source = aiperf_trace_source_new (path, r.gzip);
  c = aiperf_trace_window_peek (&r);
  if (c == '[')
    {
      found = TRUE;
      ok = read_events (&r, func, user_data, &totals->n_skipped, error);
    }
  else if (c == '{')
    {
      r.start++;
      while (ok && (c = aiperf_trace_window_peek (&r)) != '}' && c != 0)
        {
          gsize n;
          goffset key_at;
          g_autofree char *key = NULL;

          if (c == ',')
            {
              r.start++;
              continue;
            }
          key_at = r.base + (goffset) r.start;
          if (c != '"' || (n = aiperf_trace_window_value_length (&r)) < 2)
            {
              aiperf_trace_window_set_damage (&r, error, _("expected a member name"));
              ok = FALSE;
              break;
            }
          key = g_strndup (r.buf + r.start + 1, n - 2);
          r.start += n;
          if (aiperf_trace_window_peek (&r) != ':')
            {
              aiperf_trace_window_set_damage (&r, error, _("expected “:” after a member name"));
              ok = FALSE;
              break;
            }
          r.start++;
          c = aiperf_trace_window_peek (&r);
          if (g_str_equal (key, "traceEvents") && c == '[')
            {
              if (found && totals->again_at == 0)
                totals->again_at = key_at;
              found = TRUE;
              ok = read_events (&r, func, user_data, &totals->n_skipped, error);
              continue;
            }
          n = c != 0 ? aiperf_trace_window_value_length (&r) : 0;
          if (n == 0)
            {
              aiperf_trace_window_set_damage (&r, error, _("the file ends inside a member (cut short?)"));
              ok = FALSE;
              break;
            }
          if (g_str_equal (key, "baseTimeNanoseconds"))
            {
              g_autofree char *text = g_strndup (r.buf + r.start, n);

              gint64 ns = g_ascii_strtoll (text, NULL, 10);

              /* Epoch ns up to the year 2096; anything else is no base
               * (and keeps every sum of times inside gint64). */
              totals->base_time_ns = ns > 0 && ns < G_GINT64_CONSTANT (4000000000000000000) ? ns : 0;
            }
          r.start += n;
        }
    }
  /* Damage met while skipping to the end (a corrupt gzip tail). */
  if (ok && r.error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&r.error));
      ok = FALSE;
    }
  else if (ok && !found)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: no “traceEvents” (a Chrome trace-event file was expected)"), path);
      ok = FALSE;
    }
  totals->bytes = r.base + (goffset) r.start;
  aiperf_trace_window_close (&r);
  return ok;
}
