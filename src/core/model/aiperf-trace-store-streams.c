/* aiperf-trace-store-streams.c — each GPU stream of a finished trace
 * store: the time its kernels kept it busy (the union of their intervals)
 * against the span from its first kernel to its last.
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

        if (s->key < self->n_kernel_keys)
          g_array_append_vals (spans, span, 1);
      }
  /* One row is already by start. */
  if (t->depth > 1)
    g_array_sort (spans, compare_spans);
  return spans;
}

gboolean
aiperf_trace_store_get_stream (AiperfTraceStore *self,
                               guint             index,
                               const char      **out_name,
                               gint64           *out_busy_ns,
                               gint64           *out_span_ns)
{
  g_return_val_if_fail (self != NULL && self->finished, FALSE);

  for (guint i = 0; i < self->tracks->len; i++)
    {
      TraceTrack *t = g_ptr_array_index (self->tracks, i);
      g_autoptr(GArray) spans = NULL;
      gint64 busy = 0, last = G_MININT64, run_start = 0, run_end = G_MININT64;

      if (t->rows == NULL)
        continue;
      spans = kernel_spans (self, t);
      if (spans->len == 0 || index-- > 0)
        continue;
      /* By start: extend the current busy run, or close it. */
      for (guint k = 0; k < spans->len; k++)
        {
          const gint64 *span = &g_array_index (spans, gint64, 2 * k);

          last = MAX (last, span[1]);
          if (span[0] > run_end)
            {
              if (run_end > G_MININT64)
                busy += run_end - run_start;
              run_start = span[0];
              run_end = span[1];
            }
          else
            run_end = MAX (run_end, span[1]);
        }
      busy += run_end - run_start;
      *out_name = t->label;
      *out_busy_ns = busy;
      *out_span_ns = last - g_array_index (spans, gint64, 0);
      return TRUE;
    }
  return FALSE;
}
