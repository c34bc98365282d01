/* aiperf-trace-store-model.c — the trace store read through the track
 * model a timeline painter uses.
 *
 * Level of detail: each row (depth) of a lane is sorted and free of
 * overlaps, so the slices starting in one pixel column are a run of
 * indices, found by a binary search. A query therefore costs the pixels
 * times log(slices) plus the slices wide enough to draw one by one —
 * never the whole lane — at every zoom from the whole trace to single
 * nanoseconds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "aiperf-trace-args.h"
#include "aiperf-trace-store-private.h"

static TraceTrack *
lane_track (gpointer self,
            guint    lane)
{
  return g_ptr_array_index (((AiperfTraceStore *) self)->tracks, lane);
}

char *
aiperf_trace_store_get_args (AiperfTraceStore *self,
                             guint             lane,
                             guint             depth,
                             gint64            start,
                             GError          **error)
{
  TraceTrack *track;
  const TraceFile *file;
  GArray *row;
  const TraceSlice *s;
  guint i;

  g_return_val_if_fail (self != NULL && self->finished, NULL);

  if (lane >= self->tracks->len)
    return NULL;
  track = g_ptr_array_index (self->tracks, lane);
  if (track->rows == NULL || depth >= track->depth)
    return NULL;
  row = track->rows[depth];
  i = trace_row_first_from (row, 0, start);
  if (i >= row->len)
    return NULL;
  s = &g_array_index (row, TraceSlice, i);
  file = &g_array_index (self->files, TraceFile, track->file);
  if (s->start != start || s->args == 0 || file->read == NULL)
    return NULL;
  return file->read (file->read_data, (goffset) (s->args >> 24), (gsize) (s->args & TRACE_ARGS_MAX_LENGTH), error);
}

static guint
model_n_lanes (gpointer self)
{
  return ((AiperfTraceStore *) self)->tracks->len;
}

static const char *
model_lane_name (gpointer self,
                 guint    lane)
{
  return lane_track (self, lane)->label;
}

static guint
model_lane_depth (gpointer self,
                  guint    lane)
{
  return lane_track (self, lane)->depth;
}

static void
model_extent (gpointer self,
              gint64  *out_start,
              gint64  *out_end)
{
  *out_start = 0;
  *out_end = MAX (((AiperfTraceStore *) self)->end, 1);
}

static guint
count_matched (GArray       *row,
               guint         from,
               guint         to,
               const guint8 *matched)
{
  guint n = 0;

  if (matched == NULL)
    return 0;
  for (guint k = from; k < to; k++)
    n += matched[g_array_index (row, TraceSlice, k).name];
  return n;
}

static void
query_row (AiperfTraceStore *store,
           GArray           *row,
           guint             depth,
           gint64            t0,
           gint64            t1,
           gint64            npp,
           const guint8     *matched,
           AiperfTrackEmit   emit,
           gpointer          user_data)
{
  guint i = trace_row_first_from (row, 0, t0);

  /* The slice before can still reach into the range (no overlaps: only it). */
  if (i > 0 && g_array_index (row, TraceSlice, i - 1).start + g_array_index (row, TraceSlice, i - 1).dur > t0)
    i--;
  while (i < row->len)
    {
      const TraceSlice *s = &g_array_index (row, TraceSlice, i);
      gint64 column, column_end;
      guint j, last;

      if (s->start >= t1)
        break;
      if (s->dur >= npp)
        {
          emit (s->start, s->start + s->dur, depth, s->key, g_ptr_array_index (store->names, s->name), 1,
                matched != NULL ? matched[s->name] : 0, user_data);
          i++;
          continue;
        }
      /* Shorter than a pixel: everything that starts in its column is
       * one mark, except a wide slice at the column's end (drawn alone). */
      column = s->start / npp - (s->start < 0 && s->start % npp != 0);
      column_end = (column + 1) * npp;
      j = trace_row_first_from (row, i + 1, column_end);
      last = j - 1;
      if (last > i && g_array_index (row, TraceSlice, last).dur >= npp)
        j = last;
      {
        const TraceSlice *end_slice = &g_array_index (row, TraceSlice, j - 1);
        gint64 end = MAX (column_end, end_slice->start + end_slice->dur);

        if (j - i == 1)
          emit (s->start, MAX (s->start + s->dur, s->start + 1), depth, s->key,
                g_ptr_array_index (store->names, s->name), 1, matched != NULL ? matched[s->name] : 0, user_data);
        else
          emit (column * npp, end, depth, s->key, NULL, j - i, count_matched (row, i, j, matched), user_data);
      }
      i = j;
    }
}

static void
model_query (gpointer         self,
             guint            lane,
             gint64           t0,
             gint64           t1,
             gint64           ns_per_pixel,
             gconstpointer    match,
             AiperfTrackEmit  emit,
             gpointer         user_data)
{
  TraceTrack *track = lane_track (self, lane);

  if (track->rows == NULL)
    return;
  for (guint d = 0; d < track->depth; d++)
    query_row (self, track->rows[d], d, t0, t1, MAX (ns_per_pixel, 1), match, emit, user_data);
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

static gboolean
model_counter_range (gpointer self,
                     guint    lane,
                     double  *out_min,
                     double  *out_max)
{
  TraceTrack *track = lane_track (self, lane);

  if (track->samples == NULL)
    return FALSE;
  *out_min = track->vmin;
  *out_max = track->vmax;
  return TRUE;
}

static guint
first_sample_from (GArray *samples,
                   guint   lo,
                   gint64  t)
{
  guint hi = samples->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (samples, TraceSample, mid).t < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static void
model_counter_query (gpointer          self,
                     guint             lane,
                     gint64            t0,
                     gint64            t1,
                     gint64            ns_per_pixel,
                     AiperfCounterEmit emit,
                     gpointer          user_data)
{
  GArray *samples = lane_track (self, lane)->samples;
  gint64 npp = MAX (ns_per_pixel, 1);
  guint i;

  if (samples == NULL)
    return;
  i = first_sample_from (samples, 0, t0);
  /* The value in force at t0 was set before it. */
  if (i > 0)
    i--;
  while (i < samples->len)
    {
      const TraceSample *s = &g_array_index (samples, TraceSample, i);
      gint64 column = s->t / npp;
      guint j = first_sample_from (samples, i + 1, (column + 1) * npp);
      double lo = s->v, hi = s->v;

      /* A sample at the view's end still shows, as a step on its edge. */
      if (s->t > t1)
        break;
      for (guint k = i + 1; k < j; k++)
        {
          lo = MIN (lo, g_array_index (samples, TraceSample, k).v);
          hi = MAX (hi, g_array_index (samples, TraceSample, k).v);
        }
      emit (s->t, g_array_index (samples, TraceSample, j - 1).v, lo, hi, user_data);
      i = j;
    }
}

static gpointer
model_match_new (gpointer    self,
                 const char *text,
                 gboolean    exact)
{
  GPtrArray *names = ((AiperfTraceStore *) self)->names;
  g_autofree char *needle = g_utf8_casefold (text, -1);
  guint8 *matched = g_new0 (guint8, MAX (names->len, 1));

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      if (exact)
        matched[i] = g_str_equal (name, text);
      else
        {
          g_autofree char *folded = g_utf8_casefold (name, -1);

          matched[i] = strstr (folded, needle) != NULL;
        }
    }
  return matched;
}

static void
model_match_free (gpointer self,
                  gpointer match)
{
  g_free (match);
}

/* The slice of @track at @depth that starts at @start. */
static const TraceSlice *
slice_at (const TraceTrack *track,
          guint             depth,
          gint64            start)
{
  GArray *row;
  guint i;

  if (track->rows == NULL || depth >= track->depth)
    return NULL;
  row = track->rows[depth];
  i = trace_row_first_from (row, 0, start);
  return i < row->len && g_array_index (row, TraceSlice, i).start == start ? &g_array_index (row, TraceSlice, i) : NULL;
}

static char *
model_describe (gpointer self,
                guint    lane,
                guint    depth,
                gint64   start)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *args = aiperf_trace_store_get_args (self, lane, depth, start, &error);
  char *text;

  /* Args are read again from the file: say so when it can no longer give them. */
  if (args == NULL)
    /* TRANSLATORS: %s says why, e.g. "trace.json: the file changed since it was opened" */
    return error != NULL ? g_strdup_printf (_("Args not shown: %s"), error->message) : NULL;
  text = aiperf_trace_args_format (args);
  /* An object when it was read: what is there now is something else. */
  if (text == NULL && args[0] == '{')
    text = g_strdup (_("Args not shown: the file changed since it was opened"));
  return text;
}

static gboolean
model_link (gpointer          self,
            guint             lane,
            guint             depth,
            gint64            start,
            AiperfTrackSlice *out)
{
  AiperfTraceStore *store = self;
  guint other;
  gint64 t;
  const TraceTrack *track;

  if (slice_at (lane_track (self, lane), depth, start) == NULL ||
      !trace_store_find_link (store, lane, start, &other, &t))
    return FALSE;
  track = lane_track (self, other);
  /* The slice that starts there, else the innermost one around it. */
  for (guint d = 0; d < track->depth; d++)
    {
      const TraceSlice *s = slice_at (track, d, t);

      if (s != NULL)
        {
          *out = (AiperfTrackSlice) { other, d, s->start, s->start + s->dur };
          return TRUE;
        }
    }
  {
    const TraceSlice *s = trace_track_enclosing (track, t, -1, NULL);

    if (s == NULL)
      return FALSE;
    *out = (AiperfTrackSlice) { other, s->depth, s->start, s->start + s->dur };
  }
  return TRUE;
}

static const AiperfTrackModelVTable model_vtable = {
  .n_lanes = model_n_lanes,
  .lane_name = model_lane_name,
  .lane_depth = model_lane_depth,
  .extent = model_extent,
  .query = model_query,
  .key_name = model_key_name,
  .n_keys = model_n_keys,
  .counter_range = model_counter_range,
  .counter_query = model_counter_query,
  .match_new = model_match_new,
  .match_free = model_match_free,
  .describe = model_describe,
  .link = model_link,
  .match_count = trace_store_match_count,
  .match_step = trace_store_match_step,
  .marks = trace_store_marks,
};

void
aiperf_trace_store_get_model (AiperfTraceStore *self,
                              AiperfTrackModel *out_model)
{
  g_return_if_fail (self != NULL && self->finished && out_model != NULL);

  out_model->vtable = &model_vtable;
  out_model->self = self;
}
