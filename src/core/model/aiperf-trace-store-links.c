/* aiperf-trace-store-links.c — what joins a trace's events across tracks:
 * a kernel and the runtime call that launched it share a correlation id
 * (Kineto also writes it as an "ac2g" flow), and flow events (s, t, f)
 * of one id chain slices together. Joined once when the store finishes:
 * the links for the arrows, and kernel time by the CPU op around each
 * launch.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-trace-store-private.h"

/* Flow arrows kept at most: a trace with more draws only these. */
#define MAX_FLOWS (4u << 20)

static int
compare_ends (gconstpointer a,
              gconstpointer b)
{
  const TraceEnd *x = a, *y = b;

  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  if (x->id != y->id)
    return x->id < y->id ? -1 : 1;
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  return x->t < y->t ? -1 : x->t > y->t;
}

static int
compare_ops (gconstpointer a,
             gconstpointer b)
{
  const TraceOp *x = a, *y = b;

  return x->kernel_ns > y->kernel_ns ? -1 : x->kernel_ns < y->kernel_ns;
}

/* Adds a kernel's time to the CPU op around its launch. Launches come
 * mostly in time order: each track's last search is where the next starts. */
/* The part of [@t, @t + @dur) inside @windows (disjoint (start, end)
 * pairs by start); all of it without windows. */
static gint64
inside (const GArray *windows,
        gint64        t,
        gint64        dur)
{
  gint64 in = 0;
  guint lo = 0, hi;

  if (windows == NULL)
    return dur;
  /* The first window that ends after t. */
  hi = windows->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (windows, gint64, 2 * mid + 1) <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint k = lo; k < windows->len && g_array_index (windows, gint64, 2 * k) < t + dur; k++)
    in += MIN (t + dur, g_array_index (windows, gint64, 2 * k + 1)) - MAX (t, g_array_index (windows, gint64, 2 * k));
  return in;
}

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const gint64 *x = a, *y = b;

  return x[0] < y[0] ? -1 : x[0] > y[0];
}

static void
unref_windows (gpointer data)
{
  if (data != NULL)
    g_array_unref (data);
}

/* Each track's GPU-side ProfilerStep spans (of its process, merged), by
 * the track's index while filling; NULL for a process without them. */
static GPtrArray *
step_windows (AiperfTraceStore *self)
{
  GPtrArray *by_track = g_ptr_array_new_full (self->tracks->len, unref_windows);
  g_autoptr(GHashTable) by_process = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                            (GDestroyNotify) g_array_unref);

  for (guint i = 0; i < self->tracks->len; i++)
    {
      const TraceTrack *t = g_ptr_array_index (self->tracks, i);

      for (guint d = 0; t->rows != NULL && t->samples == NULL && d < t->depth; d++)
        for (guint k = 0; k < t->rows[d]->len; k++)
          {
            const TraceSlice *s = &g_array_index (t->rows[d], TraceSlice, k);
            char *key;
            GArray *w;
            gint64 pair[2] = { s->start, s->start + s->dur };

            if (s->key >= self->device_kinds->len || self->device_kinds->data[s->key] != TRACE_DEVICE_ANNOTATION ||
                !g_str_has_prefix (g_ptr_array_index (self->names, s->name), "ProfilerStep#"))
              continue;
            key = trace_process_key (t->file, t->pid);
            w = g_hash_table_lookup (by_process, key);
            if (w == NULL)
              {
                w = g_array_new (FALSE, FALSE, 2 * sizeof (gint64));
                g_hash_table_insert (by_process, key, w);
              }
            else
              g_free (key);
            g_array_append_vals (w, pair, 1);
          }
    }
  /* Merged, so that a time in two overlapping steps counts once. */
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, by_process);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      {
        GArray *w = value;
        guint n = 0;

        g_array_sort (w, compare_pairs);
        for (guint k = 0; k < w->len; k++)
          {
            gint64 *pair = &g_array_index (w, gint64, 2 * k);

            if (n > 0 && pair[0] <= g_array_index (w, gint64, 2 * (n - 1) + 1))
              g_array_index (w, gint64, 2 * (n - 1) + 1) = MAX (g_array_index (w, gint64, 2 * (n - 1) + 1), pair[1]);
            else
              {
                g_array_index (w, gint64, 2 * n) = pair[0];
                g_array_index (w, gint64, 2 * n + 1) = pair[1];
                n++;
              }
          }
        g_array_set_size (w, n);
      }
  }
  for (guint i = 0; i < self->tracks->len; i++)
    {
      const TraceTrack *t = g_ptr_array_index (self->tracks, i);
      g_autofree char *key = trace_process_key (t->file, t->pid);
      GArray *w = g_hash_table_lookup (by_process, key);

      g_ptr_array_add (by_track, w != NULL ? g_array_ref (w) : NULL);
    }
  return by_track;
}

static void
count_op (AiperfTraceStore *self,
          GHashTable       *op_index,
          GHashTable       *hints,
          int               cpu_op_key,
          const TraceEnd   *launch,
          const TraceEnd   *kernel,
          const GArray     *windows)
{
  TraceTrack *track = g_ptr_array_index (self->tracks, launch->track);
  guint *track_hints = g_hash_table_lookup (hints, track);
  const TraceSlice *op;
  gpointer found;
  TraceOp *entry;
  guint kind;
  gint64 in;

  if (cpu_op_key < 0)
    return;
  if (track_hints == NULL)
    {
      track_hints = g_new0 (guint, track->depth);
      g_hash_table_insert (hints, track, track_hints);
    }
  op = trace_track_enclosing (track, launch->t, cpu_op_key, track_hints);
  if (op == NULL)
    return;
  found = g_hash_table_lookup (op_index, GUINT_TO_POINTER (op->name + 1));
  if (found == NULL)
    {
      TraceOp fresh = { op->name, 0, 0, { { 0 } }, { { 0 } } };

      g_array_append_val (self->ops, fresh);
      found = GUINT_TO_POINTER (self->ops->len);
      g_hash_table_insert (op_index, GUINT_TO_POINTER (op->name + 1), found);
    }
  entry = &g_array_index (self->ops, TraceOp, GPOINTER_TO_UINT (found) - 1);
  entry->kernel_ns += kernel->dur;
  entry->kernels++;
  kind = MIN (kernel->kind - LINK_DEVICE, 2);
  entry->ns[0][kind] += kernel->dur;
  entry->counts[0][kind]++;
  in = inside (windows, kernel->t, kernel->dur);
  entry->ns[1][kind] += in;
  entry->counts[1][kind] += windows == NULL || in > 0;
}

static void
join_correlations (AiperfTraceStore *self)
{
  GArray *ends = self->correlations;
  g_autoptr(GPtrArray) windows = step_windows (self);
  g_autoptr(GHashTable) op_index = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) hints = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  gpointer cpu_op = g_hash_table_lookup (self->key_ids, "cpu_op");
  int cpu_op_key = cpu_op != NULL ? (int) GPOINTER_TO_UINT (cpu_op) - 1 : -1;

  for (guint i = 0; i < ends->len; i++)
    g_array_index (ends, TraceEnd, i).t += trace_store_shift (self, g_array_index (ends, TraceEnd, i).file);
  /* Kineto writes them nearly in order: sorting is often skipped. */
  trace_sort_unless_sorted (ends, compare_ends);
  for (guint i = 0; i < ends->len;)
    {
      const TraceEnd *group = &g_array_index (ends, TraceEnd, i);
      const TraceEnd *launch = group->kind == LINK_LAUNCH ? group : NULL;
      guint n = 1;

      while (i + n < ends->len && g_array_index (ends, TraceEnd, i + n).id == group->id &&
             g_array_index (ends, TraceEnd, i + n).file == group->file)
        n++;
      for (guint k = 0; launch != NULL && k < n; k++)
        {
          const TraceEnd *device = group + k;
          TraceLink link;

          if (device->kind < LINK_DEVICE)
            continue;
          link = (TraceLink) { launch->track, device->track, launch->t, device->t };
          g_array_append_val (self->links, link);
          count_op (self, op_index, hints, cpu_op_key, launch, device, g_ptr_array_index (windows, device->track));
        }
      i += n;
    }
  g_array_sort (self->ops, compare_ops);
  g_clear_pointer (&self->correlations, g_array_unref);
}

/* Where a flow step lands: the slice around it, or (bp other than "e" on
 * a finish) the next one that starts at or after it. */
static gint64
bind_step (AiperfTraceStore *self,
           const TraceEnd   *step)
{
  TraceTrack *track = g_ptr_array_index (self->tracks, step->track);
  const TraceSlice *around;
  gint64 best = G_MAXINT64;

  if (step->enclosing)
    {
      around = trace_track_enclosing (track, step->t, -1, NULL);
      return around != NULL ? around->start : step->t;
    }
  for (guint d = 0; track->rows != NULL && d < track->depth; d++)
    {
      guint k = trace_row_first_from (track->rows[d], 0, step->t);

      if (k < track->rows[d]->len)
        best = MIN (best, g_array_index (track->rows[d], TraceSlice, k).start);
    }
  return best != G_MAXINT64 ? best : step->t;
}

static int
compare_steps (gconstpointer a,
               gconstpointer b)
{
  const TraceEnd *x = a, *y = b;

  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  if (x->id != y->id)
    return x->id < y->id ? -1 : 1;
  return x->t < y->t ? -1 : x->t > y->t;
}

static void
join_flows (AiperfTraceStore *self)
{
  GArray *steps = self->flow_steps;

  for (guint i = 0; i < steps->len; i++)
    g_array_index (steps, TraceEnd, i).t += trace_store_shift (self, g_array_index (steps, TraceEnd, i).file);
  trace_sort_unless_sorted (steps, compare_steps);
  /* Consecutive steps of one id: an arrow each; a new 's' starts over. */
  for (guint i = 1; i < steps->len && self->flows->len < MAX_FLOWS; i++)
    {
      const TraceEnd *a = &g_array_index (steps, TraceEnd, i - 1), *b = &g_array_index (steps, TraceEnd, i);
      TraceLink link;

      if (a->id != b->id || a->file != b->file || a->kind == 'f' || b->kind == 's')
        continue;
      link = (TraceLink) { a->track, b->track, bind_step (self, a), bind_step (self, b) };
      g_array_append_val (self->flows, link);
    }
  g_clear_pointer (&self->flow_steps, g_array_unref);
}

void
trace_store_join (AiperfTraceStore *self)
{
  join_correlations (self);
  join_flows (self);
}

/* The other end of a link that starts or ends at (@track, @start). */
static gboolean
find_in (GArray  *links,
         guint    track,
         gint64   start,
         guint   *out_track,
         gint64  *out_t)
{
  for (guint i = 0; i < links->len; i++)
    {
      const TraceLink *l = &g_array_index (links, TraceLink, i);

      if (l->to_track == track && l->to_t == start)
        {
          *out_track = l->from_track;
          *out_t = l->from_t;
          return TRUE;
        }
      if (l->from_track == track && l->from_t == start)
        {
          *out_track = l->to_track;
          *out_t = l->to_t;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
trace_store_find_link (AiperfTraceStore *self,
                       guint             track,
                       gint64            start,
                       guint            *out_track,
                       gint64           *out_t)
{
  return find_in (self->links, track, start, out_track, out_t) ||
         find_in (self->flows, track, start, out_track, out_t);
}

gboolean
aiperf_trace_store_get_op (AiperfTraceStore *self,
                           guint             index,
                           const char      **out_name,
                           gint64           *out_kernel_ns,
                           guint            *out_kernels)
{
  const TraceOp *op;

  g_return_val_if_fail (self != NULL && self->finished, FALSE);

  if (index >= self->ops->len)
    return FALSE;
  op = &g_array_index (self->ops, TraceOp, index);
  *out_name = g_ptr_array_index (self->names, op->name);
  *out_kernel_ns = op->kernel_ns;
  *out_kernels = op->kernels;
  return TRUE;
}

gboolean
aiperf_trace_store_get_op_split (AiperfTraceStore *self,
                                 guint             index,
                                 gboolean          steps_window,
                                 const char      **out_name,
                                 gint64            out_ns[3],
                                 guint             out_counts[3])
{
  const TraceOp *op;

  g_return_val_if_fail (self != NULL && self->finished, FALSE);

  if (index >= self->ops->len)
    return FALSE;
  op = &g_array_index (self->ops, TraceOp, index);
  *out_name = g_ptr_array_index (self->names, op->name);
  for (guint k = 0; k < 3; k++)
    {
      out_ns[k] = op->ns[steps_window != FALSE][k];
      out_counts[k] = op->counts[steps_window != FALSE][k];
    }
  return TRUE;
}

guint
aiperf_trace_store_get_n_flows (AiperfTraceStore *self)
{
  g_return_val_if_fail (self != NULL && self->finished, 0);
  return self->links->len + self->flows->len;
}
