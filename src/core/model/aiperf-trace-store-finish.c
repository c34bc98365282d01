/* aiperf-trace-store-finish.c — a filled trace store made ready to draw:
 * each track shifted to the trace's clock, sorted and nested into rows (on
 * two threads), labelled and ordered as lanes; then the joins and the
 * streams' busy time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-trace-store-private.h"

static int
compare_slices (gconstpointer a,
                gconstpointer b)
{
  const TraceSlice *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  /* The enclosing slice first, so depths nest. */
  return x->dur > y->dur ? -1 : x->dur < y->dur;
}

static int
compare_samples (gconstpointer a,
                 gconstpointer b)
{
  const TraceSample *x = a, *y = b;

  return x->t < y->t ? -1 : x->t > y->t;
}

static gint64
sort_of (GHashTable *sorts,
         const char *key,
         const char *fallback)
{
  gint64 *index = g_hash_table_lookup (sorts, key);

  return index != NULL ? *index : g_ascii_strtoll (fallback, NULL, 10);
}

static int
compare_tracks (gconstpointer a,
                gconstpointer b)
{
  const TraceTrack *x = *(TraceTrack * const *) a, *y = *(TraceTrack * const *) b;

  /* Files (ranks) in order; in a file, processes by their sort index,
   * counters after a process's threads, threads by theirs. */
  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  if (x->sort != y->sort)
    return x->sort < y->sort ? -1 : 1;
  if ((x->samples != NULL) != (y->samples != NULL))
    return x->samples != NULL ? 1 : -1;
  if (x->thread_sort != y->thread_sort)
    return x->thread_sort < y->thread_sort ? -1 : 1;
  return g_strcmp0 (x->label, y->label);
}

/* Depth: how many earlier slices of the track still run at its start;
 * then one array per depth, each by start and without overlaps. */
static void
nest (TraceTrack *track)
{
  g_autoptr(GArray) open_ends = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree guint *counts = NULL;

  track->depth = 1;
  for (guint i = 0; i < track->slices->len; i++)
    {
      TraceSlice *s = &g_array_index (track->slices, TraceSlice, i);

      while (open_ends->len > 0 && g_array_index (open_ends, gint64, open_ends->len - 1) <= s->start)
        g_array_set_size (open_ends, open_ends->len - 1);
      /* Deeper than 64: drawn at 64 (a runaway recursion stays readable;
       * only that row may overlap). */
      s->depth = (guint16) MIN (open_ends->len, 64u);
      track->depth = MAX (track->depth, (guint) s->depth + 1);
      g_array_append_val (open_ends, s->start);
      g_array_index (open_ends, gint64, open_ends->len - 1) = s->start + s->dur;
    }
  counts = g_new0 (guint, track->depth);
  for (guint i = 0; i < track->slices->len; i++)
    counts[g_array_index (track->slices, TraceSlice, i).depth]++;
  track->rows = g_new0 (GArray *, track->depth);
  for (guint d = 0; d < track->depth; d++)
    track->rows[d] = g_array_sized_new (FALSE, FALSE, sizeof (TraceSlice), counts[d]);
  for (guint i = 0; i < track->slices->len; i++)
    {
      const TraceSlice *s = &g_array_index (track->slices, TraceSlice, i);

      g_array_append_vals (track->rows[s->depth], s, 1);
    }
  g_clear_pointer (&track->slices, g_array_unref);
}

static void
finish_track (AiperfTraceStore *self,
              TraceTrack       *t)
{
  g_autofree char *key = trace_track_key (t->file, t->pid, t->tid);
  g_autofree char *pkey = trace_process_key (t->file, t->pid);
  const char *file_label = g_array_index (self->files, TraceFile, t->file).label;
  const char *process = g_hash_table_lookup (self->process_label, pkey);
  const char *thread = g_hash_table_lookup (self->thread_name, key);
  g_autofree char *label = NULL;
  gint64 shift = trace_store_shift (self, t->file);

  t->sort = sort_of (self->process_sort, pkey, t->pid);
  t->thread_sort = sort_of (self->thread_sort, key, t->tid);
  if (t->samples != NULL)
    {
      for (guint k = 0; k < t->samples->len; k++)
        g_array_index (t->samples, TraceSample, k).t += shift;
      trace_sort_unless_sorted (t->samples, compare_samples);
      label = g_strdup_printf ("%s · %s", process != NULL ? process : t->pid,
                               (const char *) g_ptr_array_index (self->keys, t->counter_key));
      t->depth = 2;   /* a counter is drawn two rows tall */
      g_clear_pointer (&t->slices, g_array_unref);
    }
  else
    {
      for (guint k = 0; k < t->slices->len; k++)
        g_array_index (t->slices, TraceSlice, k).start += shift;
      trace_sort_unless_sorted (t->slices, compare_slices);
      nest (t);
      /* Events with neither pid nor tid (global instants) get a lane of their own. */
      label = process == NULL && thread == NULL && t->pid[0] == '\0' && t->tid[0] == '\0'
                ? g_strdup (_("Global events"))
                : g_strdup_printf ("%s · %s", process != NULL ? process : t->pid, thread != NULL ? thread : t->tid);
    }
  t->label = file_label != NULL ? g_strdup_printf ("%s · %s", file_label, label) : g_steal_pointer (&label);
}

typedef struct {
  AiperfTraceStore *store;
  GPtrArray        *by_size;  /* the tracks, largest first */
  gint              next;     /* the next of them to finish (atomic) */
} FinishWork;

static gpointer
finish_some_tracks (gpointer data)
{
  FinishWork *work = data;
  guint i;

  /* Only the tracks change: the store's tables are read, never written. */
  while ((i = (guint) g_atomic_int_add (&work->next, 1)) < work->by_size->len)
    finish_track (work->store, g_ptr_array_index (work->by_size, i));
  return NULL;
}

static gint
compare_track_sizes (gconstpointer a,
                     gconstpointer b)
{
  const TraceTrack *x = *(TraceTrack **) a, *y = *(TraceTrack **) b;
  guint nx = x->slices != NULL ? x->slices->len : 0, ny = y->slices != NULL ? y->slices->len : 0;

  return nx > ny ? -1 : nx < ny;
}

/* Sorts and nests every track, on two threads (a trace's time after it is
 * read goes mostly here). */
static void
finish_tracks (AiperfTraceStore *self)
{
  /* Not g_ptr_array_copy: it would take the tracks' free function too. */
  FinishWork work = { self, g_ptr_array_sized_new (self->tracks->len), 0 };
  GThread *helper = NULL;

  for (guint i = 0; i < self->tracks->len; i++)
    g_ptr_array_add (work.by_size, g_ptr_array_index (self->tracks, i));
  g_ptr_array_sort (work.by_size, compare_track_sizes);
  if (work.by_size->len > 1 && g_get_num_processors () > 1)
    helper = g_thread_new ("aiperf-trace-finish", finish_some_tracks, &work);
  finish_some_tracks (&work);
  if (helper != NULL)
    g_thread_join (helper);
  g_ptr_array_unref (work.by_size);
}

static gboolean
track_is_empty (const TraceTrack *t)
{
  if (t->samples != NULL)
    return t->samples->len == 0;
  for (guint d = 0; d < t->depth; d++)
    if (t->rows[d]->len > 0)
      return FALSE;
  return TRUE;
}

/* Links named tracks by their filling order: now by lane; links to a lane
 * left out go. */
static void
renumber_links (AiperfTraceStore *self)
{
  guint n = g_hash_table_size (self->track_ids);
  g_autofree guint *lane_of = g_new (guint, n + 1);
  GArray *all[] = { self->links, self->flows };

  for (guint i = 0; i <= n; i++)
    lane_of[i] = G_MAXUINT;
  for (guint i = 0; i < self->tracks->len; i++)
    lane_of[((TraceTrack *) g_ptr_array_index (self->tracks, i))->index] = i;
  for (guint a = 0; a < G_N_ELEMENTS (all); a++)
    for (guint i = all[a]->len; i-- > 0;)
      {
        TraceLink *l = &g_array_index (all[a], TraceLink, i);

        l->from_track = lane_of[l->from_track];
        l->to_track = lane_of[l->to_track];
        if (l->from_track == G_MAXUINT || l->to_track == G_MAXUINT)
          g_array_remove_index_fast (all[a], i);
      }
}

void
aiperf_trace_store_finish (AiperfTraceStore *self)
{
  g_return_if_fail (self != NULL && !self->finished);

  /* The trace starts at its earliest event on the first file's clock. */
  for (guint i = 0; i < self->files->len; i++)
    {
      const TraceFile *f = &g_array_index (self->files, TraceFile, i);

      if (f->min > f->max)
        continue;
      self->origin = MIN (self->origin, f->min + f->offset);
      self->end = MAX (self->end, f->max + f->offset);
    }
  if (self->origin == G_MAXINT64)
    self->origin = self->end = 0;
  finish_tracks (self);
  trace_store_classify_keys (self);
  /* Joins find slices by track index: before the lanes are reordered. */
  trace_store_join (self);
  g_ptr_array_sort (self->tracks, compare_tracks);
  /* Lanes with nothing to draw are left out. */
  for (guint i = self->tracks->len; i-- > 0;)
    if (track_is_empty (g_ptr_array_index (self->tracks, i)))
      g_ptr_array_remove_index (self->tracks, i);
  renumber_links (self);
  trace_store_measure_streams (self);
  trace_store_find_iterations (self);
  self->end -= self->origin;
  self->finished = TRUE;
}
