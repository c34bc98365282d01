/* aiperf-trace-store-search.c — what the timeline's search and its
 * iteration marks ask of a trace store: how many slices a search matches,
 * the match after or before a given one (in time, then lane, then depth
 * order), and the ProfilerStep#N spans to draw as iteration boundaries
 * (the GPU-side ones when the trace has them, as the iterations table).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-trace-store-private.h"

/* Slices' order: start, then lane, then depth. */
static int
compare_key (gint64 start,
             guint  lane,
             guint  depth,
             const AiperfTrackSlice *other)
{
  if (start != other->start)
    return start < other->start ? -1 : 1;
  if (lane != other->lane)
    return lane < other->lane ? -1 : 1;
  return depth < other->depth ? -1 : depth > other->depth;
}

static gboolean
is_slice_lane (const TraceTrack *t)
{
  return t->rows != NULL && t->samples == NULL;
}

guint
trace_store_match_count (gpointer                self,
                         gconstpointer           match,
                         const AiperfTrackSlice *before)
{
  AiperfTraceStore *store = self;
  const guint8 *matched = match;
  guint n = 0;

  if (matched == NULL)
    return 0;
  for (guint l = 0; l < store->tracks->len; l++)
    {
      const TraceTrack *t = g_ptr_array_index (store->tracks, l);

      for (guint d = 0; is_slice_lane (t) && d < t->depth; d++)
        {
          GArray *row = t->rows[d];
          guint end = row->len;

          if (before != NULL)
            {
              end = trace_row_first_from (row, 0, before->start);
              /* Those starting with it, up to it in lane and depth order. */
              while (end < row->len && g_array_index (row, TraceSlice, end).start == before->start &&
                     compare_key (before->start, l, d, before) < 0)
                end++;
            }
          for (guint k = 0; k < end; k++)
            n += matched[g_array_index (row, TraceSlice, k).name];
        }
    }
  return n;
}

gboolean
trace_store_match_step (gpointer                self,
                        gconstpointer           match,
                        const AiperfTrackSlice *from,
                        gboolean                forward,
                        AiperfTrackSlice       *out)
{
  AiperfTraceStore *store = self;
  const guint8 *matched = match;
  gboolean found = FALSE;

  if (matched == NULL)
    return FALSE;
  for (guint l = 0; l < store->tracks->len; l++)
    {
      const TraceTrack *t = g_ptr_array_index (store->tracks, l);

      for (guint d = 0; is_slice_lane (t) && d < t->depth; d++)
        {
          GArray *row = t->rows[d];

          if (forward)
            for (guint k = from != NULL ? trace_row_first_from (row, 0, from->start) : 0; k < row->len; k++)
              {
                const TraceSlice *s = &g_array_index (row, TraceSlice, k);

                /* Past the best so far: nothing later in this row wins. */
                if (found && compare_key (s->start, l, d, out) > 0)
                  break;
                if (!matched[s->name] || (from != NULL && compare_key (s->start, l, d, from) <= 0))
                  continue;
                *out = (AiperfTrackSlice) { l, d, s->start, s->start + s->dur };
                found = TRUE;
                break;
              }
          else
            for (guint k = from != NULL ? trace_row_first_from (row, 0, from->start + 1) : row->len; k-- > 0;)
              {
                const TraceSlice *s = &g_array_index (row, TraceSlice, k);

                if (found && compare_key (s->start, l, d, out) < 0)
                  break;
                if (!matched[s->name] || (from != NULL && compare_key (s->start, l, d, from) >= 0))
                  continue;
                *out = (AiperfTrackSlice) { l, d, s->start, s->start + s->dur };
                found = TRUE;
                break;
              }
        }
    }
  return found;
}

static int
compare_marks (gconstpointer a,
               gconstpointer b)
{
  const AiperfTrackMark *x = a, *y = b;

  return x->start < y->start ? -1 : x->start > y->start;
}

/* The ProfilerStep#N slices of the first process (in lane order) that has
 * GPU-side ones (gpu_user_annotation); without any, of the first that has
 * CPU-side ones. A merged trace's ranks step together: one rank's marks. */
void
trace_store_find_iterations (AiperfTraceStore *self)
{
  for (guint want_gpu = 2; want_gpu-- > 0 && self->iterations->len == 0;)
    {
      g_autofree char *process = NULL;

      for (guint l = 0; l < self->tracks->len; l++)
        {
          const TraceTrack *t = g_ptr_array_index (self->tracks, l);
          g_autofree char *key = NULL;

          if (!is_slice_lane (t))
            continue;
          key = trace_process_key (t->file, t->pid);
          if (process != NULL && !g_str_equal (key, process))
            continue;
          for (guint d = 0; d < t->depth; d++)
            for (guint k = 0; k < t->rows[d]->len; k++)
              {
                const TraceSlice *s = &g_array_index (t->rows[d], TraceSlice, k);
                const char *name = g_ptr_array_index (self->names, s->name);
                gboolean gpu_side = s->key < self->device_kinds->len &&
                                    self->device_kinds->data[s->key] == TRACE_DEVICE_ANNOTATION;
                AiperfTrackMark mark = { s->start, s->start + s->dur, name };

                if (!g_str_has_prefix (name, "ProfilerStep#") || gpu_side != (want_gpu == 1))
                  continue;
                g_array_append_val (self->iterations, mark);
                if (process == NULL)
                  process = g_strdup (key);
              }
        }
    }
  g_array_sort (self->iterations, compare_marks);
}

const AiperfTrackMark *
trace_store_marks (gpointer  self,
                   guint    *out_n)
{
  AiperfTraceStore *store = self;

  *out_n = store->iterations->len;
  return (const AiperfTrackMark *) store->iterations->data;
}
