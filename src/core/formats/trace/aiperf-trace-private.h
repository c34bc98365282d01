/* aiperf-trace-private.h — what the Chrome trace format's files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-json-scan.h"

G_BEGIN_DECLS

/* One event's fields; strings are valid during the callback only. */
typedef struct {
  char        ph;          /* 'X', 'B', 'E', 'i', 'C', 'M', 's', 'f', … */
  const char *name;        /* NULL when absent */
  const char *cat;
  double      ts_us;       /* NaN when absent */
  double      dur_us;
  gint64      ts_ns;       /* ts exactly, in ns (µs text split at its point); 0 when absent */
  gint64      dur_ns;
  const char *pid;         /* numbers as text: "0", "493459"; NULL when absent */
  const char *tid;
  const char *arg_name;    /* M events: args.name (process/thread name) */
  const char *arg_labels;  /* M events: args.labels ("GPU 0") */
} AiperfTraceEvent;

typedef void (*AiperfTraceEventFunc) (const AiperfTraceEvent *event,
                                      gpointer                user_data);

typedef struct {
  guint   n_skipped;       /* elements that were not events */
  gint64  base_time_ns;    /* PyTorch's baseTimeNanoseconds, 0 without */
  goffset bytes;           /* text read */
} AiperfTraceTotals;

/* Reads @path (plain or gzip), calling @func for each event. Damage (a
 * cut-off file, a corrupt gzip stream, bad syntax between events) stops
 * the reading with @error naming the byte offset; the events before it
 * have been handed over. */
gboolean aiperf_trace_read        (const char           *path,
                                   AiperfTraceEventFunc  func,
                                   gpointer              user_data,
                                   AiperfTraceTotals    *totals,
                                   GError              **error);
/* Parses the event object of @scan and calls @func; FALSE when it is not
 * a valid event (skipped and counted by the caller). */
gboolean aiperf_trace_event_parse (AiperfJsonScan       *scan,
                                   AiperfTraceEventFunc  func,
                                   gpointer              user_data);

G_END_DECLS
