/* aiperf-trace-store.c — a trace's slices and counters, stored compactly
 * per track, filled by the trace format and finished for reading.
 *
 * A slice is 32 bytes (aiperf-trace-store-private.h): no text but an
 * interned name; its args stay in the file and are read back on demand.
 * Finishing (aiperf-trace-store-finish.c) sorts each track, nests its
 * slices and splits them into one array per depth, so that a query can
 * jump over what is denser than a pixel (aiperf-trace-store-model.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-kernel-classes.h"
#include "aiperf-trace-store-private.h"

G_DEFINE_BOXED_TYPE (AiperfTraceStore, aiperf_trace_store, aiperf_trace_store_ref, aiperf_trace_store_unref)

static void
track_free (TraceTrack *track)
{
  g_free (track->pid);
  g_free (track->tid);
  g_free (track->label);
  if (track->slices != NULL)
    g_array_unref (track->slices);
  if (track->rows != NULL)
    for (guint d = 0; d < track->depth; d++)
      g_array_unref (track->rows[d]);
  g_free (track->rows);
  if (track->samples != NULL)
    g_array_unref (track->samples);
  g_free (track);
}

static void
file_clear (gpointer data)
{
  TraceFile *file = data;

  g_free (file->label);
  if (file->read_data_free != NULL)
    file->read_data_free (file->read_data);
}

/* Kernel names run to hundreds of bytes and every slice's is looked up: a
 * hash that takes eight bytes at a step (g_str_hash takes one). */
static guint
name_hash (gconstpointer key)
{
  const char *text = key;
  gsize length = strlen (text);
  guint64 h = length * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15), word;

  for (; length >= 8; text += 8, length -= 8)
    {
      memcpy (&word, text, 8);
      h = ((h << 5 | h >> 59) ^ word) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
    }
  word = 0;
  memcpy (&word, text, length);
  h = ((h << 5 | h >> 59) ^ word) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  return (guint) (h ^ h >> 32);
}

AiperfTraceStore *
aiperf_trace_store_new (void)
{
  AiperfTraceStore *self = g_new0 (AiperfTraceStore, 1);
  AiperfKernelClasses *classes = aiperf_kernel_classes_get_default ();

  self->ref_count = 1;
  g_mutex_init (&self->breakdown_lock);
  g_mutex_init (&self->hta_lock);
  self->iterations = g_array_new (FALSE, FALSE, sizeof (AiperfTrackMark));
  self->track_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->tracks = g_ptr_array_new_with_free_func ((GDestroyNotify) track_free);
  self->process_label = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->process_sort = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->thread_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->thread_sort = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->name_ids = g_hash_table_new (name_hash, g_str_equal);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->keys = g_ptr_array_new_with_free_func (g_free);
  self->key_ids = g_hash_table_new (g_str_hash, g_str_equal);
  /* Kernels are coloured by category, the same colours in every trace. */
  for (guint i = 0; i < aiperf_kernel_classes_get_n_categories (classes); i++)
    trace_store_intern (self->key_ids, self->keys, aiperf_kernel_classes_get_category (classes, i));
  self->n_kernel_keys = self->keys->len;
  self->files = g_array_new (FALSE, TRUE, sizeof (TraceFile));
  g_array_set_clear_func (self->files, file_clear);
  g_array_set_size (self->files, 1);
  g_array_index (self->files, TraceFile, 0).min = G_MAXINT64;
  g_array_index (self->files, TraceFile, 0).max = G_MININT64;
  self->correlations = g_array_new (FALSE, FALSE, sizeof (TraceEnd));
  self->flow_steps = g_array_new (FALSE, FALSE, sizeof (TraceEnd));
  self->flow_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->links = g_array_new (FALSE, FALSE, sizeof (TraceLink));
  self->flows = g_array_new (FALSE, FALSE, sizeof (TraceLink));
  self->ops = g_array_new (FALSE, FALSE, sizeof (TraceOp));
  self->streams = g_array_new (FALSE, FALSE, sizeof (TraceStream));
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
  g_hash_table_unref (self->thread_sort);
  g_hash_table_unref (self->name_ids);
  g_ptr_array_unref (self->names);
  g_ptr_array_unref (self->keys);
  g_hash_table_unref (self->key_ids);
  g_array_unref (self->files);
  g_clear_pointer (&self->correlations, g_array_unref);
  g_clear_pointer (&self->flow_steps, g_array_unref);
  g_hash_table_unref (self->flow_ids);
  g_array_unref (self->links);
  g_array_unref (self->flows);
  g_array_unref (self->ops);
  g_array_unref (self->streams);
  g_clear_pointer (&self->device_kinds, g_byte_array_unref);
  g_clear_pointer (&self->breakdowns[0], g_array_unref);
  g_clear_pointer (&self->breakdowns[1], g_array_unref);
  g_clear_pointer (&self->temporal, g_array_unref);
  g_clear_pointer (&self->iterations, g_array_unref);
  g_clear_pointer (&self->name_flags, g_free);
  g_clear_pointer (&self->idle_split, g_array_unref);
  g_clear_pointer (&self->kernel_rows, g_array_unref);
  g_mutex_clear (&self->breakdown_lock);
  g_mutex_clear (&self->hta_lock);
  g_free (self);
}

static TraceFile *
current_file (AiperfTraceStore *self)
{
  return &g_array_index (self->files, TraceFile, self->file);
}

guint
aiperf_trace_store_begin_file (AiperfTraceStore *self,
                               const char       *label)
{
  g_return_val_if_fail (self != NULL && !self->finished, 0);

  /* File 0 exists from the start, for stores filled without files; the
   * first call names it. */
  if (self->begun)
    g_array_set_size (self->files, self->files->len + 1);
  self->begun = TRUE;
  self->file = self->files->len - 1;
  g_free (current_file (self)->label);
  current_file (self)->label = g_strdup (label);
  current_file (self)->min = G_MAXINT64;
  current_file (self)->max = G_MININT64;
  return self->file;
}

const char *
aiperf_trace_store_get_file_label (AiperfTraceStore *self,
                                   guint             file)
{
  g_return_val_if_fail (self != NULL && file < self->files->len, NULL);
  return g_array_index (self->files, TraceFile, file).label;
}

void
aiperf_trace_store_set_file_text (AiperfTraceStore    *self,
                                  guint                file,
                                  AiperfTraceTextRead  read,
                                  gpointer             data,
                                  GDestroyNotify       data_free)
{
  TraceFile *f;

  g_return_if_fail (self != NULL && file < self->files->len);

  f = &g_array_index (self->files, TraceFile, file);
  if (f->read_data_free != NULL)
    f->read_data_free (f->read_data);
  f->read = read;
  f->read_data = data;
  f->read_data_free = data_free;
}

void
aiperf_trace_store_set_file_offset (AiperfTraceStore *self,
                                    guint             file,
                                    gint64            offset_ns)
{
  g_return_if_fail (self != NULL && file < self->files->len && !self->finished);
  /* Within ±2e18 like every time, so sums stay in gint64. */
  g_array_index (self->files, TraceFile, file).offset = CLAMP (offset_ns, -G_GINT64_CONSTANT (1000000000000000000),
                                                               G_GINT64_CONSTANT (1000000000000000000));
}

char *
trace_track_key (guint       file,
                 const char *pid,
                 const char *tid)
{
  return g_strdup_printf ("%u\x1f%s\x1f%s", file, pid != NULL ? pid : "", tid != NULL ? tid : "");
}

char *
trace_process_key (guint       file,
                   const char *pid)
{
  return g_strdup_printf ("%u\x1f%s", file, pid != NULL ? pid : "");
}

static guint
add_track (AiperfTraceStore *self,
           char             *key,
           const char       *pid,
           const char       *tid)
{
  TraceTrack *track = g_new0 (TraceTrack, 1);

  track->pid = g_strdup (pid != NULL ? pid : "");
  track->tid = g_strdup (tid != NULL ? tid : "");
  track->file = self->file;
  track->index = self->tracks->len;
  track->slices = g_array_new (FALSE, FALSE, sizeof (TraceSlice));
  g_ptr_array_add (self->tracks, track);
  g_hash_table_insert (self->track_ids, key, GUINT_TO_POINTER (self->tracks->len));
  return self->tracks->len - 1;
}

guint
aiperf_trace_store_track (AiperfTraceStore *self,
                          const char       *pid,
                          const char       *tid)
{
  g_autofree char *key = NULL;
  gpointer found;
  guint track;

  /* Events come in runs of a few threads (a CPU op, its launch, the
   * kernel on its stream): the recent tracks, without a key. */
  for (guint i = 0; i < G_N_ELEMENTS (self->recent_tracks); i++)
    {
      TraceTrack *recent = self->recent_tracks[i] < self->tracks->len
                             ? g_ptr_array_index (self->tracks, self->recent_tracks[i]) : NULL;

      if (recent != NULL && recent->file == self->file && g_strcmp0 (recent->pid, pid != NULL ? pid : "") == 0 &&
          g_strcmp0 (recent->tid, tid != NULL ? tid : "") == 0)
        return recent->index;
    }
  key = trace_track_key (self->file, pid, tid);
  found = g_hash_table_lookup (self->track_ids, key);
  track = found != NULL ? GPOINTER_TO_UINT (found) - 1 : add_track (self, g_steal_pointer (&key), pid, tid);
  self->recent_tracks[self->next_recent++ % G_N_ELEMENTS (self->recent_tracks)] = track;
  return track;
}

void
aiperf_trace_store_set_process (AiperfTraceStore *self,
                                const char       *pid,
                                const char       *label,
                                gboolean          is_device_label)
{
  g_autofree char *key = NULL;

  g_return_if_fail (self != NULL && pid != NULL && label != NULL);

  key = trace_process_key (self->file, pid);
  /* "GPU 0" (process_labels) says more than the process name. */
  if (is_device_label || !g_hash_table_contains (self->process_label, key))
    g_hash_table_replace (self->process_label, g_steal_pointer (&key), g_strstrip (g_strdup (label)));
}

void
aiperf_trace_store_set_process_sort (AiperfTraceStore *self,
                                     const char       *pid,
                                     gint64            index)
{
  g_hash_table_replace (self->process_sort, trace_process_key (self->file, pid), g_memdup2 (&index, sizeof index));
}

void
aiperf_trace_store_set_thread (AiperfTraceStore *self,
                               const char       *pid,
                               const char       *tid,
                               const char       *name)
{
  /* Kineto writes "stream 20 " with a space. */
  g_hash_table_replace (self->thread_name, trace_track_key (self->file, pid, tid), g_strstrip (g_strdup (name)));
}

void
aiperf_trace_store_set_thread_sort (AiperfTraceStore *self,
                                    const char       *pid,
                                    const char       *tid,
                                    gint64            index)
{
  g_hash_table_replace (self->thread_sort, trace_track_key (self->file, pid, tid), g_memdup2 (&index, sizeof index));
}

guint
trace_store_intern (GHashTable *ids,
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
  guint index;

  /* The interned text itself, handed back (it is never freed before the store). */
  if (name == self->last_name && name != NULL)
    return name;
  /* Interned first: interning may move the array's data. */
  index = trace_store_intern (self->name_ids, self->names, name);
  self->last_name = g_ptr_array_index (self->names, index);
  self->last_name_index = index;
  return self->last_name;
}

static void
widen (AiperfTraceStore *self,
       gint64            start,
       gint64            end)
{
  TraceFile *file = current_file (self);

  file->min = MIN (file->min, start);
  file->max = MAX (file->max, end);
}

void
aiperf_trace_store_add_slice (AiperfTraceStore *self,
                              guint             track,
                              gint64            start_ns,
                              gint64            dur_ns,
                              const char       *name,
                              const char       *cat,
                              const char       *category,
                              goffset           args_offset,
                              gsize             args_length)
{
  TraceTrack *t;
  TraceSlice slice;
  guint key;

  g_return_if_fail (self != NULL && track < self->tracks->len && !self->finished);

  t = g_ptr_array_index (self->tracks, track);
  slice.start = start_ns;
  /* Times come clamped to ±2e18 (trace reader): sums stay in gint64. */
  slice.dur = CLAMP (dur_ns, 0, G_GINT64_CONSTANT (2000000000000000000));
  slice.name = name != NULL && name == self->last_name ? self->last_name_index
                                                       : trace_store_intern (self->name_ids, self->names,
                                                                             name != NULL ? name : "");
  /* A kernel's colour is its category; anything else its cat. Keys below
   * n_kernel_keys mean a kernel: a cat (or none) spelled like a category
   * is told apart from it. */
  if (category != NULL)
    key = trace_store_intern (self->key_ids, self->keys, category);
  else
    {
      const char *text = cat != NULL ? cat : "slice";

      key = trace_store_intern (self->key_ids, self->keys, text);
      if (key < self->n_kernel_keys)
        {
          g_autofree char *other = g_strconcat (text, " (cat)", NULL);

          key = trace_store_intern (self->key_ids, self->keys, other);
        }
    }
  slice.key = (guint16) MIN (key, G_MAXUINT16);
  slice.depth = 0;
  /* 40 bits of offset (1 TiB of text) and 24 of length; longer: none. */
  slice.args = args_length > 0 && args_length <= TRACE_ARGS_MAX_LENGTH && args_offset >= 0 &&
               args_offset < (G_GINT64_CONSTANT (1) << 40)
                 ? ((guint64) args_offset << 24) | args_length : 0;
  g_array_append_val (t->slices, slice);
  widen (self, start_ns, start_ns + slice.dur);
}

void
aiperf_trace_store_add_counter (AiperfTraceStore *self,
                                const char       *pid,
                                const char       *name,
                                const char       *series,
                                gint64            t_ns,
                                double            value)
{
  g_autofree char *tid = g_strdup_printf ("%s\x1e%s", name != NULL ? name : "", series != NULL ? series : "");
  g_autofree char *key = trace_track_key (self->file, pid, tid);
  gpointer found = g_hash_table_lookup (self->track_ids, key);
  TraceTrack *track;
  TraceSample sample = { t_ns, value };

  g_return_if_fail (self != NULL && !self->finished);

  if (found == NULL)
    {
      guint index = add_track (self, g_steal_pointer (&key), pid, tid);
      g_autofree char *label = g_strcmp0 (series, "value") == 0 || g_strcmp0 (series, name) == 0
                                 ? g_strdup (name) : g_strdup_printf ("%s · %s", name, series);

      track = g_ptr_array_index (self->tracks, index);
      track->samples = g_array_new (FALSE, FALSE, sizeof (TraceSample));
      track->counter_key = trace_store_intern (self->key_ids, self->keys, label);
      track->vmin = G_MAXDOUBLE;
      track->vmax = -G_MAXDOUBLE;
    }
  else
    track = g_ptr_array_index (self->tracks, GPOINTER_TO_UINT (found) - 1);
  g_array_append_val (track->samples, sample);
  track->vmin = MIN (track->vmin, value);
  track->vmax = MAX (track->vmax, value);
  widen (self, t_ns, t_ns);
}

void
aiperf_trace_store_add_correlation (AiperfTraceStore *self,
                                    gint64            correlation,
                                    guint             track,
                                    gint64            t_ns,
                                    gint64            kernel_dur_ns,
                                    AiperfTraceEndKind kind)
{
  TraceEnd end = { correlation, t_ns, kernel_dur_ns, track,
                   kind == AIPERF_TRACE_LAUNCH ? LINK_LAUNCH : LINK_DEVICE + (kind - AIPERF_TRACE_KERNEL), TRUE,
                   (guint16) self->file };

  g_return_if_fail (self != NULL && !self->finished);
  g_array_append_val (self->correlations, end);
}

void
aiperf_trace_store_add_flow (AiperfTraceStore *self,
                             const char       *id,
                             char              phase,
                             guint             track,
                             gint64            t_ns,
                             gboolean          enclosing)
{
  gpointer found = g_hash_table_lookup (self->flow_ids, id);
  TraceEnd end = { 0, t_ns, 0, track, (guint8) phase, phase == 's' || phase == 't' || enclosing,
                   (guint16) self->file };

  g_return_if_fail (self != NULL && id != NULL && !self->finished);

  if (found == NULL)
    {
      found = GUINT_TO_POINTER (g_hash_table_size (self->flow_ids) + 1);
      g_hash_table_insert (self->flow_ids, g_strdup (id), found);
    }
  end.id = GPOINTER_TO_UINT (found);
  g_array_append_val (self->flow_steps, end);
}

guint
aiperf_trace_store_get_n_slices (AiperfTraceStore *self)
{
  guint n = 0;

  for (guint i = 0; i < self->tracks->len; i++)
    {
      TraceTrack *t = g_ptr_array_index (self->tracks, i);

      for (guint d = 0; t->rows != NULL && d < t->depth; d++)
        n += t->rows[d]->len;
    }
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

guint
trace_row_first_from (GArray *row,
                      guint   lo,
                      gint64  t)
{
  guint hi = row->len;

  /* Galloping from a given @lo: the next pixel's slice is near the last
   * one's, and a binary search over millions of slices would miss the
   * cache at almost every step. From 0, a plain binary search. */
  if (lo > 0)
    {
      guint step = 1;

      while (lo + step < hi && g_array_index (row, TraceSlice, lo + step).start < t)
        {
          lo += step;
          step *= 2;
        }
      hi = MIN (hi, lo + step + 1);
    }
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (row, TraceSlice, mid).start < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

const TraceSlice *
trace_track_enclosing (const TraceTrack *track,
                       gint64            t,
                       int               key_only,
                       guint            *hints)
{
  const TraceSlice *found = NULL;

  if (track->rows == NULL)
    return NULL;
  /* Rows have no overlaps: in each, only the last slice starting at or
   * before @t can hold it. The deepest that does is the innermost. */
  for (guint d = 0; d < track->depth; d++)
    {
      GArray *row = track->rows[d];
      /* A hint at or before @t: the search starts there. */
      guint from = hints != NULL && hints[d] < row->len && g_array_index (row, TraceSlice, hints[d]).start <= t
                     ? hints[d] : 0;
      guint i = trace_row_first_from (row, from, t + 1);
      const TraceSlice *s;

      if (hints != NULL)
        hints[d] = i > 0 ? i - 1 : 0;
      if (i == 0)
        continue;
      s = &g_array_index (row, TraceSlice, i - 1);
      if (t < s->start + MAX (s->dur, 1) && (key_only < 0 || s->key == (guint) key_only))
        found = s;
    }
  return found;
}
