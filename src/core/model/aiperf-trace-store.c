/* aiperf-trace-store.c — a trace's slices, stored compactly per track, and
 * the track model a timeline painter reads them through.
 *
 * A slice is 24 bytes: start and duration as int64 ns from the trace's
 * start (a double of epoch ns cannot resolve single nanoseconds), an
 * interned name, a colour key (the kernel category, or the event's cat)
 * and its nesting depth. Queries binary-search the visible range and merge
 * what is shorter than a pixel, so a redraw costs the visible events, not
 * the trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-kernel-classes.h"
#include "aiperf-trace-store.h"

typedef struct {
  gint64  start, dur;
  guint32 name;
  guint16 key;
  guint16 depth;
} Slice;

typedef struct {
  char   *pid, *tid;
  char   *label;       /* "GPU 0 · stream 7" */
  gint64  sort;        /* process_sort_index, then the tid */
  GArray *slices;      /* Slice, by start once finished */
  gint64  max_dur;
  guint   depth;       /* rows: deepest + 1 */
} Track;

struct _AiperfTraceStore {
  int         ref_count;
  GHashTable *track_ids;     /* "pid\x1ftid" → index + 1 */
  GPtrArray  *tracks;        /* Track*, in lane order once finished */
  GHashTable *process_label; /* pid → "GPU 0" or the process name */
  GHashTable *process_sort;  /* pid → sort index (gint64*) */
  GHashTable *thread_name;   /* "pid\x1ftid" → name */
  GHashTable *name_ids;      /* name → index + 1 */
  GPtrArray  *names;         /* char* */
  GPtrArray  *keys;          /* char*: kernel categories, then cats */
  GHashTable *key_ids;       /* keys' texts → index + 1 */
  guint       n_kernel_keys; /* keys below this are kernel categories */
  gint64      origin, end;   /* absolute ns */
  gboolean    finished;
};

G_DEFINE_BOXED_TYPE (AiperfTraceStore, aiperf_trace_store, aiperf_trace_store_ref, aiperf_trace_store_unref)

static guint intern (GHashTable *ids,
                     GPtrArray  *texts,
                     const char *text);

static void
track_free (Track *track)
{
  g_free (track->pid);
  g_free (track->tid);
  g_free (track->label);
  g_array_unref (track->slices);
  g_free (track);
}

AiperfTraceStore *
aiperf_trace_store_new (void)
{
  AiperfTraceStore *self = g_new0 (AiperfTraceStore, 1);
  AiperfKernelClasses *classes = aiperf_kernel_classes_get_default ();

  self->ref_count = 1;
  self->track_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->tracks = g_ptr_array_new_with_free_func ((GDestroyNotify) track_free);
  self->process_label = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->process_sort = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->thread_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->name_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->keys = g_ptr_array_new_with_free_func (g_free);
  self->key_ids = g_hash_table_new (g_str_hash, g_str_equal);
  /* Kernels are coloured by category, the same colours in every trace. */
  for (guint i = 0; i < aiperf_kernel_classes_get_n_categories (classes); i++)
    intern (self->key_ids, self->keys, aiperf_kernel_classes_get_category (classes, i));
  self->n_kernel_keys = self->keys->len;
  self->origin = G_MAXINT64;
  self->end = G_MININT64;
  return self;
}

AiperfTraceStore *
aiperf_trace_store_ref (AiperfTraceStore *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
aiperf_trace_store_unref (AiperfTraceStore *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_hash_table_unref (self->track_ids);
  g_ptr_array_unref (self->tracks);
  g_hash_table_unref (self->process_label);
  g_hash_table_unref (self->process_sort);
  g_hash_table_unref (self->thread_name);
  g_hash_table_unref (self->name_ids);
  g_ptr_array_unref (self->names);
  g_ptr_array_unref (self->keys);
  g_hash_table_unref (self->key_ids);
  g_free (self);
}

static char *
track_key (const char *pid,
           const char *tid)
{
  return g_strdup_printf ("%s\x1f%s", pid != NULL ? pid : "", tid != NULL ? tid : "");
}

guint
aiperf_trace_store_track (AiperfTraceStore *self,
                          const char       *pid,
                          const char       *tid)
{
  g_autofree char *key = track_key (pid, tid);
  gpointer found = g_hash_table_lookup (self->track_ids, key);
  Track *track;

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  track = g_new0 (Track, 1);
  track->pid = g_strdup (pid != NULL ? pid : "");
  track->tid = g_strdup (tid != NULL ? tid : "");
  track->slices = g_array_new (FALSE, FALSE, sizeof (Slice));
  g_ptr_array_add (self->tracks, track);
  g_hash_table_insert (self->track_ids, g_steal_pointer (&key), GUINT_TO_POINTER (self->tracks->len));
  return self->tracks->len - 1;
}

void
aiperf_trace_store_set_process (AiperfTraceStore *self,
                                const char       *pid,
                                const char       *label,
                                gboolean          is_device_label)
{
  g_return_if_fail (self != NULL && pid != NULL && label != NULL);

  /* "GPU 0" (process_labels) says more than the process name. */
  if (is_device_label || !g_hash_table_contains (self->process_label, pid))
    g_hash_table_replace (self->process_label, g_strdup (pid), g_strstrip (g_strdup (label)));
}

void
aiperf_trace_store_set_process_sort (AiperfTraceStore *self,
                                     const char       *pid,
                                     gint64            index)
{
  g_hash_table_replace (self->process_sort, g_strdup (pid), g_memdup2 (&index, sizeof index));
}

void
aiperf_trace_store_set_thread (AiperfTraceStore *self,
                               const char       *pid,
                               const char       *tid,
                               const char       *name)
{
  /* Kineto writes "stream 20 " with a space. */
  g_hash_table_replace (self->thread_name, track_key (pid, tid), g_strstrip (g_strdup (name)));
}

static guint
intern (GHashTable *ids,
        GPtrArray  *texts,
        const char *text)
{
  gpointer found = g_hash_table_lookup (ids, text);
  char *copy;

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  copy = g_strdup (text);
  g_ptr_array_add (texts, copy);
  g_hash_table_insert (ids, copy, GUINT_TO_POINTER (texts->len));
  return texts->len - 1;
}

const char *
aiperf_trace_store_intern_name (AiperfTraceStore *self,
                                const char       *name)
{
  return g_ptr_array_index (self->names, intern (self->name_ids, self->names, name));
}

void
aiperf_trace_store_add_slice (AiperfTraceStore *self,
                              guint             track,
                              gint64            start_ns,
                              gint64            dur_ns,
                              const char       *name,
                              const char       *cat,
                              const char       *category)
{
  Track *t;
  Slice slice;
  guint key;

  g_return_if_fail (self != NULL && track < self->tracks->len && !self->finished);

  t = g_ptr_array_index (self->tracks, track);
  slice.start = start_ns;
  /* Times come clamped to ±2e18 (trace reader): sums stay in gint64. */
  slice.dur = CLAMP (dur_ns, 0, G_GINT64_CONSTANT (2000000000000000000));
  slice.name = intern (self->name_ids, self->names, name != NULL ? name : "");
  /* A kernel's colour is its category; anything else its cat. */
  key = intern (self->key_ids, self->keys, category != NULL ? category : cat != NULL ? cat : "other");
  slice.key = (guint16) MIN (key, G_MAXUINT16);
  slice.depth = 0;
  g_array_append_val (t->slices, slice);
  self->origin = MIN (self->origin, start_ns);
  self->end = MAX (self->end, start_ns + slice.dur);
}

static int
compare_slices (gconstpointer a,
                gconstpointer b)
{
  const Slice *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  /* The enclosing slice first, so depths nest. */
  return x->dur > y->dur ? -1 : x->dur < y->dur;
}

static gint64
process_sort (AiperfTraceStore *self,
              const char       *pid)
{
  gint64 *index = g_hash_table_lookup (self->process_sort, pid);

  return index != NULL ? *index : g_ascii_strtoll (pid, NULL, 10);
}

static int
compare_tracks (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  const Track *x = *(Track * const *) a, *y = *(Track * const *) b;

  if (x->sort != y->sort)
    return x->sort < y->sort ? -1 : 1;
  return g_strcmp0 (x->label, y->label);
}

/* Depth: how many earlier slices of the track still run at its start. */
static void
nest (Track *track)
{
  g_autoptr(GArray) open_ends = g_array_new (FALSE, FALSE, sizeof (gint64));

  track->depth = 1;
  track->max_dur = 0;
  for (guint i = 0; i < track->slices->len; i++)
    {
      Slice *s = &g_array_index (track->slices, Slice, i);

      while (open_ends->len > 0 && g_array_index (open_ends, gint64, open_ends->len - 1) <= s->start)
        g_array_set_size (open_ends, open_ends->len - 1);
      s->depth = (guint16) MIN (open_ends->len, 64u);
      track->depth = MAX (track->depth, (guint) s->depth + 1);
      track->max_dur = MAX (track->max_dur, s->dur);
      g_array_append_val (open_ends, s->start);
      g_array_index (open_ends, gint64, open_ends->len - 1) = s->start + s->dur;
    }
}

void
aiperf_trace_store_finish (AiperfTraceStore *self)
{
  g_return_if_fail (self != NULL && !self->finished);

  if (self->origin == G_MAXINT64)
    self->origin = self->end = 0;
  for (guint i = 0; i < self->tracks->len; i++)
    {
      Track *t = g_ptr_array_index (self->tracks, i);
      g_autofree char *key = track_key (t->pid, t->tid);
      const char *process = g_hash_table_lookup (self->process_label, t->pid);
      const char *thread = g_hash_table_lookup (self->thread_name, key);

      for (guint k = 0; k < t->slices->len; k++)
        g_array_index (t->slices, Slice, k).start -= self->origin;
      g_array_sort (t->slices, compare_slices);
      nest (t);
      t->label = g_strdup_printf ("%s · %s", process != NULL ? process : t->pid,
                                  thread != NULL ? thread : t->tid);
      t->sort = process_sort (self, t->pid);
    }
  g_ptr_array_sort_with_data (self->tracks, compare_tracks, NULL);
  /* Lanes with nothing to draw are left out. */
  for (guint i = self->tracks->len; i-- > 0;)
    if (((Track *) g_ptr_array_index (self->tracks, i))->slices->len == 0)
      g_ptr_array_remove_index (self->tracks, i);
  self->end -= self->origin;
  self->finished = TRUE;
}

guint
aiperf_trace_store_get_n_slices (AiperfTraceStore *self)
{
  guint n = 0;

  for (guint i = 0; i < self->tracks->len; i++)
    n += ((Track *) g_ptr_array_index (self->tracks, i))->slices->len;
  return n;
}

void
aiperf_trace_store_get_bounds (AiperfTraceStore *self,
                               gint64           *out_origin_ns,
                               gint64           *out_end_ns)
{
  g_return_if_fail (self != NULL && self->finished);

  *out_origin_ns = self->origin;
  *out_end_ns = self->origin + self->end;
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
      Track *t = g_ptr_array_index (self->tracks, i);
      gint64 busy = 0, first = G_MAXINT64, last = G_MININT64, run_start = 0, run_end = G_MININT64;

      /* Slices are by start: extend the current busy run, or close it. */
      for (guint k = 0; k < t->slices->len; k++)
        {
          const Slice *s = &g_array_index (t->slices, Slice, k);

          if (s->key >= self->n_kernel_keys)
            continue;
          first = MIN (first, s->start);
          last = MAX (last, s->start + s->dur);
          if (s->start > run_end)
            {
              if (run_end > G_MININT64)
                busy += run_end - run_start;
              run_start = s->start;
              run_end = s->start + s->dur;
            }
          else
            run_end = MAX (run_end, s->start + s->dur);
        }
      if (first == G_MAXINT64)
        continue;
      if (index-- > 0)
        continue;
      busy += run_end - run_start;
      *out_name = t->label;
      *out_busy_ns = busy;
      *out_span_ns = last - first;
      return TRUE;
    }
  return FALSE;
}

/* --- the track model --- */

static guint
model_n_lanes (gpointer self)
{
  return ((AiperfTraceStore *) self)->tracks->len;
}

static const char *
model_lane_name (gpointer self,
                 guint    lane)
{
  return ((Track *) g_ptr_array_index (((AiperfTraceStore *) self)->tracks, lane))->label;
}

static guint
model_lane_depth (gpointer self,
                  guint    lane)
{
  return ((Track *) g_ptr_array_index (((AiperfTraceStore *) self)->tracks, lane))->depth;
}

static void
model_extent (gpointer self,
              gint64  *out_start,
              gint64  *out_end)
{
  *out_start = 0;
  *out_end = MAX (((AiperfTraceStore *) self)->end, 1);
}

/* The first slice of @track starting at or after @t. */
static guint
first_from (Track  *track,
            gint64  t)
{
  guint lo = 0, hi = track->slices->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (track->slices, Slice, mid).start < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static void
model_query (gpointer         self,
             guint            lane,
             gint64           t0,
             gint64           t1,
             gint64           ns_per_pixel,
             AiperfTrackEmit  emit,
             gpointer         user_data)
{
  AiperfTraceStore *store = self;
  Track *track = g_ptr_array_index (store->tracks, lane);
  /* Per depth: the pixel column being merged, and what is in it. */
  gint64 column[65], col_end[65];
  guint count[65], key[65];
  guint i;

  ns_per_pixel = MAX (ns_per_pixel, 1);
  for (guint d = 0; d < 65; d++)
    count[d] = 0;
  /* A slice that started before t0 can still reach into it. */
  for (i = first_from (track, t0 - track->max_dur); i < track->slices->len; i++)
    {
      const Slice *s = &g_array_index (track->slices, Slice, i);
      guint d = MIN (s->depth, 64u);

      if (s->start >= t1)
        break;
      if (s->start + s->dur <= t0)
        continue;
      if (s->dur >= ns_per_pixel)
        {
          emit (s->start, s->start + s->dur, s->depth, s->key, g_ptr_array_index (store->names, s->name), 1, user_data);
          continue;
        }
      /* Shorter than a pixel: counted into its pixel column. */
      if (count[d] > 0 && s->start / ns_per_pixel == column[d])
        {
          count[d]++;
          col_end[d] = MAX (col_end[d], s->start + s->dur);
          continue;
        }
      if (count[d] > 0)
        emit (column[d] * ns_per_pixel, MAX (col_end[d], (column[d] + 1) * ns_per_pixel), d, key[d], NULL,
              count[d], user_data);
      column[d] = s->start / ns_per_pixel;
      col_end[d] = s->start + s->dur;
      count[d] = 1;
      key[d] = s->key;
    }
  for (guint d = 0; d < 65; d++)
    if (count[d] > 0)
      emit (column[d] * ns_per_pixel, MAX (col_end[d], (column[d] + 1) * ns_per_pixel), d, key[d], NULL,
            count[d], user_data);
}

static const char *
model_key_name (gpointer self,
                guint    key)
{
  GPtrArray *keys = ((AiperfTraceStore *) self)->keys;

  return key < keys->len ? g_ptr_array_index (keys, key) : "";
}

static guint
model_n_keys (gpointer self)
{
  return ((AiperfTraceStore *) self)->keys->len;
}

static const AiperfTrackModelVTable model_vtable = {
  model_n_lanes, model_lane_name, model_lane_depth, model_extent, model_query, model_key_name, model_n_keys,
};

void
aiperf_trace_store_get_model (AiperfTraceStore *self,
                              AiperfTrackModel *out_model)
{
  g_return_if_fail (self != NULL && self->finished && out_model != NULL);

  out_model->vtable = &model_vtable;
  out_model->self = self;
}
