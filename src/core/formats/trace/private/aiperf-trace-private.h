/* aiperf-trace-private.h — what the Chrome trace format's files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-format.h"
#include "aiperf-json-scan.h"
#include "aiperf-table.h"

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
  gint64      sort_index;  /* M events: args.sort_index; G_MININT64 when absent */
  const char *args;        /* the args object's text (not NUL-terminated); NULL when absent */
  gsize       args_len;
  goffset     args_offset; /* where that text starts in the file's (inflated) text */
  gint64      correlation; /* args.correlation (kernels, runtime launches); -1 when absent */
  const char *id;          /* flows and async events: id (or id2's value) as text; NULL when absent */
  gboolean    bind_enclosing; /* flows: bp "e" (the enclosing slice, not the next one) */
} AiperfTraceEvent;

typedef void (*AiperfTraceEventFunc) (const AiperfTraceEvent *event,
                                      gpointer                user_data);

/* Where a trace's text can be read again later (hover shows an event's
 * args without keeping them): the file, and for gzip its access points
 * (inflate states every few MiB of text). Thread-safe. */
typedef struct _AiperfTraceSource AiperfTraceSource;

AiperfTraceSource *aiperf_trace_source_new            (const char *path,
                                                       gboolean    gzip);
void               aiperf_trace_source_free           (AiperfTraceSource *source);
/* Called by the reader before inflating the text from @text_offset on,
 * read from @file_offset of the compressed file. */
void               aiperf_trace_source_add_checkpoint (AiperfTraceSource *source,
                                                       gpointer           z_stream,
                                                       goffset            file_offset,
                                                       goffset            text_offset);
/* @length bytes of the text from @offset (NUL-terminated), or NULL with
 * @error when the file can no longer give them (changed, removed). */
char              *aiperf_trace_source_read           (AiperfTraceSource *source,
                                                       goffset            offset,
                                                       gsize              length,
                                                       GError           **error);

typedef struct {
  AiperfTraceSource *source; /* the caller's to free, even when reading fails */
  guint   n_skipped;       /* elements that were not events */
  gint64  base_time_ns;    /* PyTorch's baseTimeNanoseconds, 0 without */
  goffset bytes;           /* text read */
  goffset again_at;        /* where a second "traceEvents" starts (its events are read too), 0 without */
} AiperfTraceTotals;

/* TRUE when @path (plain or gzip) is a Chrome trace by its structure: a
 * top-level object with a "traceEvents" array among its members (after
 * any others), or an array whose first element is an event. Otherwise
 * *@out_damaged (nullable) tells whether the walk met damage (the text
 * ends, or the gzip stream is corrupt, before any "traceEvents") and
 * *@out_why (nullable) what the file looked like and why it is not one.
 * aiperf-trace-sniff.c */
gboolean aiperf_trace_sniff_path  (const char           *path,
                                   gboolean             *out_damaged,
                                   char                **out_why);

/* The trace format's sniff and refusal (aiperf-trace-sniff.c). */
guint    aiperf_trace_sniff       (const AiperfSniffInput *input);
char    *aiperf_trace_refusal     (const AiperfSniffInput *input,
                                   guint                  *closeness);
/* The iterations table of @steps (doubles in fours: number, start µs,
 * duration µs, 2 × file + 1 if GPU-side): one row per step and file, its
 * GPU-side span when any step has one, else its CPU-side; *@out_side
 * "GPU" or "CPU" (aiperf-trace-steps.c). */
AiperfTable *aiperf_trace_steps_table (GArray      *steps,
                                       const char **out_side);

/* Reads @path (plain or gzip), calling @func for each event. Damage (a
 * cut-off file, a corrupt gzip stream, bad syntax between events) stops
 * the reading with @error naming the byte offset; the events before it
 * have been handed over. */
gboolean aiperf_trace_read        (const char           *path,
                                   AiperfTraceEventFunc  func,
                                   gpointer              user_data,
                                   AiperfTraceTotals    *totals,
                                   GError              **error);
/* Parses the event object of @scan (at @offset of the file's text) and calls @func; FALSE when it is not
 * a valid event (skipped and counted by the caller). */
gboolean aiperf_trace_event_parse (AiperfJsonScan       *scan,
                                   goffset               offset,
                                   AiperfTraceEventFunc  func,
                                   gpointer              user_data);

/* How a span of the events array ended. */
typedef enum {
  AIPERF_TRACE_SPAN_CLOSED,  /* at its ']': *end is past it */
  AIPERF_TRACE_SPAN_STOPPED, /* at an element starting at or after the stop: *end is there */
  AIPERF_TRACE_SPAN_OPEN,    /* the text ended first (a tracer that crashed) */
  AIPERF_TRACE_SPAN_DAMAGED, /* bad text: @error says where */
} AiperfTraceSpanEnd;

/* Reads the events of a plain file's array from @from (an element, or a
 * comma before one) in this thread, until the array's end or the first
 * element starting at or after @stop. */
AiperfTraceSpanEnd aiperf_trace_read_span     (const char           *path,
                                               goffset               from,
                                               goffset               stop,
                                               AiperfTraceEventFunc  func,
                                               gpointer              user_data,
                                               guint                *n_skipped,
                                               goffset              *end,
                                               GError              **error);
/* The same, reading through the window buffer *@buf of *@capacity bytes
 * (NULL and 0 at first), which it may grow and hands back: a worker reads
 * span after span without new pages for each. */
AiperfTraceSpanEnd aiperf_trace_read_span_in  (const char           *path,
                                               goffset               from,
                                               goffset               stop,
                                               char                **buf,
                                               gsize                *capacity,
                                               AiperfTraceEventFunc  func,
                                               gpointer              user_data,
                                               guint                *n_skipped,
                                               goffset              *end,
                                               GError              **error);
/* TRUE when @length bytes of events are worth reading in parallel. */
gboolean           aiperf_trace_split_worth   (goffset               length);
/* The same as aiperf_trace_read_span to the end, with the text split
 * into spans that worker threads parse ahead; @func is still called in
 * this thread, in the file's order, with the same events. */
AiperfTraceSpanEnd aiperf_trace_read_parallel (const char           *path,
                                               goffset               from,
                                               goffset               size,
                                               AiperfTraceEventFunc  func,
                                               gpointer              user_data,
                                               guint                *n_skipped,
                                               goffset              *end,
                                               GError              **error);
/* Tests: the span size (0: the default). */
void               aiperf_trace_set_span_size (gsize                 size);

G_END_DECLS
