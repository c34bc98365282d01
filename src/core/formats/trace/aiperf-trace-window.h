/* aiperf-trace-window.h — the sliding window over a trace's text that the
 * readers share (aiperf-trace-reader.c walks the top level, the split
 * reader's workers a span of the events each).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>
#include <zlib.h>

#include "aiperf-trace-private.h"

G_BEGIN_DECLS

typedef struct {
  FILE       *file;
  z_stream    z;
  gboolean    gzip, eof;
  guchar     *in;              /* compressed input */
  char       *buf;             /* the window */
  gsize       start, len, cap; /* unread part: buf[start .. len) */
  gsize       piece;           /* text read at a time */
  goffset     base;            /* file (uncompressed) offset of buf[0] */
  goffset     size;            /* of a plain file */
  const char *path;
  GError     *error;
  AiperfTraceSource *source;   /* nullable: where hover re-reads args */
  goffset     next_checkpoint;
} AiperfTraceWindow;

gboolean           aiperf_trace_window_open          (AiperfTraceWindow    *r,
                                                      const char           *path,
                                                      GError              **error);
void               aiperf_trace_window_close         (AiperfTraceWindow    *r);
/* Moves the window to @offset of a plain file. */
void               aiperf_trace_window_seek          (AiperfTraceWindow    *r,
                                                      goffset               offset);
/* The next non-space byte, reading more as needed; 0 at the end. */
char               aiperf_trace_window_peek          (AiperfTraceWindow    *r);
/* The length of the complete JSON value at r->start, reading more as
 * needed; 0 when the text ends first or the value is impossibly large. */
gsize              aiperf_trace_window_value_length  (AiperfTraceWindow    *r);
/* Sets @error to the damage met while reading, or to @what at r->start. */
void               aiperf_trace_window_set_damage    (AiperfTraceWindow    *r,
                                                      GError              **error,
                                                      const char           *what);
/* Walks the elements of the array from r->start (an element, or a comma
 * before one) until its ']', the end of the text, damage, or an element
 * that starts at or after @stop; *@end is where it stopped. */
AiperfTraceSpanEnd aiperf_trace_window_read_elements (AiperfTraceWindow    *r,
                                                      goffset               stop,
                                                      AiperfTraceEventFunc  func,
                                                      gpointer              user_data,
                                                      guint                *n_skipped,
                                                      goffset              *end,
                                                      GError              **error);

G_END_DECLS
