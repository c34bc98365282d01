/* aiperf-trace-store-streams.c — each GPU stream of a trace store, measured
 * once when it is finished: the time its kernels, memcpys and memsets kept
 * it busy (the union of their intervals) against the span from its first
 * one to its last.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-trace-store-private.h"

static int
compare_spans (gconstpointer a,
               gconstpointer b)
{
  const gint64 *x = a, *y = b;

  return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* The kernels of @t as (start, end) pairs by start: its rows merged. */
static GArray *
kernel_spans (AiperfTraceStore *self,
              const TraceTrack *t)
{
  GArray *spans = g_array_new (FALSE, FALSE, 2 * sizeof (gint64));

  for (guint d = 0; d < t->depth; d++)
    for (guint k = 0; k < t->rows[d]->len; k++)
      {
        const TraceSlice *s = &g_array_index (t->rows[d], TraceSlice, k);
        gint64 span[2] = { s->start, s->start + s->dur };

        guint8 kind = s->key < self->device_kinds->len ? self->device_kinds->data[s->key] : TRACE_DEVICE_NONE;

        if (kind == TRACE_DEVICE_KERNEL || kind == TRACE_DEVICE_MEMCPY || kind == TRACE_DEVICE_MEMSET)
          g_array_append_vals (spans, span, 1);
      }
  /* One row is already by start. */
  if (t->depth > 1)
    trace_sort_unless_sorted (spans, compare_spans);
  return spans;
}

void
trace_store_measure_streams (AiperfTraceStore *self)
{
  for (guint i = 0; i < self->tracks->len; i++)
    {
      TraceTrack *t = g_ptr_array_index (self->tracks, i);
      g_autoptr(GArray) spans = NULL;
      TraceStream stream = { i, 0, 0 };
      gint64 last = G_MININT64, run_start = 0, run_end = G_MININT64;

      if (t->rows == NULL)
        continue;
      spans = kernel_spans (self, t);
      if (spans->len == 0)
        continue;
      /* By start: extend the current busy run, or close it. */
      for (guint k = 0; k < spans->len; k++)
        {
          const gint64 *span = &g_array_index (spans, gint64, 2 * k);

          last = MAX (last, span[1]);
          if (span[0] > run_end)
            {
              if (run_end > G_MININT64)
                stream.busy += run_end - run_start;
              run_start = span[0];
              run_end = span[1];
            }
          else
            run_end = MAX (run_end, span[1]);
        }
      stream.busy += run_end - run_start;
      stream.span = last - g_array_index (spans, gint64, 0);
      g_array_append_val (self->streams, stream);
    }
}

gboolean
aiperf_trace_store_get_stream (AiperfTraceStore *self,
                               guint             index,
                               const char      **out_name,
                               gint64           *out_busy_ns,
                               gint64           *out_span_ns)
{
  const TraceStream *stream;

  g_return_val_if_fail (self != NULL && self->finished, FALSE);

  if (index >= self->streams->len)
    return FALSE;
  stream = &g_array_index (self->streams, TraceStream, index);
  *out_name = ((TraceTrack *) g_ptr_array_index (self->tracks, stream->track))->label;
  *out_busy_ns = stream->busy;
  *out_span_ns = stream->span;
  return TRUE;
}
