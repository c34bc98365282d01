/* aiperf-trace-store-hta.c — two of Holistic Trace Analysis's headline
 * analyses, computed as HTA computes them so that the numbers agree with
 * its own: the temporal breakdown of each GPU (idle, compute, non-compute
 * time over the span of its device events) and the idle time of each
 * stream split into host wait, kernel wait and other, and the kernel-type
 * breakdown of each GPU (computation, communication, memory and their
 * overlaps) over the same events, and their per-kernel table
 * (aiperf-trace-store-hta-kernels.c).
 *
 * Like HTA, a trace of two ProfilerSteps or more is read without its last
 * step (see last_step_cuts). HTA reads a trace's times in whole microseconds: an event with
 * fractional times (PyTorch's ns-resolution traces) starts at its ts
 * rounded up and ends at ts + dur rounded down. The gaps this analysis
 * measures are often a few µs, so the rounding is kept: on HTA's MTIA
 * trace it moves stream 1's host wait by 3 %.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-trace-store-private.h"

typedef TraceHtaEvent Event;

typedef struct {
  guint   file;
  char   *pid;
  GArray *events;      /* Event, all its streams */
} Gpu;

/* Where a launch joins a device event: (device lane, device start) → the
 * launch's start, all in the store's ns. */
typedef struct {
  guint32 track;
  gint64  t, launch;
} Launch;

static void
gpu_free (gpointer data)
{
  Gpu *g = data;

  g_free (g->pid);
  g_array_unref (g->events);
  g_free (g);
}

/* A time of the file as HTA holds it: its µs in a double, the nearest to
 * the file's digits. Near 1.7e15 µs (the epoch times of PyTorch's
 * ns-resolution traces) that is a quarter µs: HTA's rounding to whole µs
 * then moves 1.5 ms of HTA's ns_resolution trace from busy to idle. */
static double
file_us (gint64 ns)
{
  return (double) (ns / 1000) + (double) (ns % 1000) / 1000.0;
}

static gint64
ceil_us (gint64 ns)
{
  return (gint64) ceil (file_us (ns));
}

/* The end of an event at @ns lasting @dur_ns, as HTA adds ts and dur. */
static gint64
floor_end_us (gint64 ns,
              gint64 dur_ns)
{
  return (gint64) floor (file_us (ns) + (double) dur_ns / 1000.0);
}

static int
compare_launches (gconstpointer a,
                  gconstpointer b)
{
  const Launch *x = a, *y = b;

  if (x->track != y->track)
    return x->track < y->track ? -1 : 1;
  return x->t < y->t ? -1 : x->t > y->t;
}

static int
compare_events (gconstpointer a,
                gconstpointer b)
{
  const Event *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->start_ns < y->start_ns ? -1 : x->start_ns > y->start_ns;
}

/* The launches of device events, by device lane and start. */
static GArray *
launches_of (AiperfTraceStore *self)
{
  GArray *launches = g_array_sized_new (FALSE, FALSE, sizeof (Launch), self->links->len);

  for (guint i = 0; i < self->links->len; i++)
    {
      const TraceLink *l = &g_array_index (self->links, TraceLink, i);
      Launch launch = { l->to_track, l->to_t, l->from_t };

      g_array_append_val (launches, launch);
    }
  trace_sort_unless_sorted (launches, compare_launches);
  return launches;
}

static const Launch *
find_launch (const GArray *launches,
             guint         track,
             gint64        t)
{
  Launch key = { track, t, 0 };

  /* bsearch must not be given the NULL data of an empty array. */
  if (launches->len == 0)
    return NULL;
  return bsearch (&key, launches->data, launches->len, sizeof (Launch), compare_launches);
}

/* HTA reads a trace of two ProfilerStep#N names or more without its last
 * step (TraceAnalysis's include_last_profiler_step=False): only device
 * events launched before the last CPU-side step began are kept. In each
 * file's @cuts, that step's start (store ns), or G_MAXINT64 to keep all:
 * for one step or none, and for a file without CPU-side steps. */
static GArray *
last_step_cuts (AiperfTraceStore *self,
                GArray           *steps)
{
  g_autoptr(GHashTable) names = g_hash_table_new (NULL, NULL);
  GArray *cuts = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 keep_all = G_MAXINT64;

  for (guint f = 0; f < self->files->len; f++)
    g_array_append_val (cuts, keep_all);
  for (guint i = 0; i < self->tracks->len; i++)
    {
      const TraceTrack *t = g_ptr_array_index (self->tracks, i);

      for (guint d = 0; t->rows != NULL && t->samples == NULL && d < t->depth; d++)
        for (guint k = 0; k < t->rows[d]->len; k++)
          {
            const TraceSlice *s = &g_array_index (t->rows[d], TraceSlice, k);
            gint64 *cut = &g_array_index (cuts, gint64, t->file);

            if (!g_str_has_prefix (g_ptr_array_index (self->names, s->name), "ProfilerStep#"))
              continue;
            g_hash_table_add (names, GUINT_TO_POINTER (s->name));
            if (trace_store_device_kind (self, s) == TRACE_DEVICE_NONE)
              {
                gint64 span[3] = { t->file, s->start, s->start + s->dur };

                *cut = *cut == G_MAXINT64 ? s->start : MAX (*cut, s->start);
                g_array_append_vals (steps, span, 3);
              }
          }
    }
  if (g_hash_table_size (names) < 2)
    for (guint f = 0; f < cuts->len; f++)
      g_array_index (cuts, gint64, f) = G_MAXINT64;
  return cuts;
}

/* MTIA's DMA transfers (dma_*) on a lane of their own carry no stream:
 * HTA gives them one only inside a CPU-side ProfilerStep (in @steps:
 * file, start, end) and leaves the others out, as the figures its tests
 * publish for its MTIA trace count them (the two transfers before its
 * step: 7.5 ms of span). FALSE for a transfer left out; the transfers on
 * streams in that trace all fall inside the step. */
static gboolean
dma_in_steps (AiperfTraceStore *self,
              const TraceTrack *t,
              const TraceSlice *s,
              const GArray     *steps)
{
  gboolean any = FALSE;

  if (!g_str_has_prefix (g_ptr_array_index (self->names, s->name), "dma_"))
    return TRUE;
  for (guint i = 0; i + 2 < steps->len; i += 3)
    {
      const gint64 *span = &g_array_index (steps, gint64, i);

      if (span[0] != t->file)
        continue;
      any = TRUE;
      if (s->start >= span[1] && s->start <= span[2])
        return TRUE;
    }
  return !any;
}

/* HTA's kernel type of a device event's name (see
 * AIPERF_TRACE_TYPE_COMPUTATION): whatever the trace's category says, as
 * HTA reads only the name. */
static guint8
hta_type_of_name (const char *name)
{
  const char *nccl_kernel = g_str_has_prefix (name, "nccl") ? strstr (name, "Kernel") : NULL;

  if (nccl_kernel != NULL)
    return AIPERF_TRACE_TYPE_COMMUNICATION;
  if (g_str_has_prefix (name, "Memcpy") || g_str_has_prefix (name, "Memset") || g_str_has_prefix (name, "dma"))
    return AIPERF_TRACE_TYPE_MEMORY;
  if (strstr (name, "Memcpy") != NULL || strstr (name, "Sync") != NULL)
    return 0;
  return AIPERF_TRACE_TYPE_COMPUTATION;
}

/* The type of name @id, worked out once per name in @types (0xff: not yet). */
static guint8
hta_type_of (AiperfTraceStore *self,
             GByteArray       *types,
             guint32           id)
{
  if (id >= types->len)
    return 0;
  if (types->data[id] == 0xff)
    types->data[id] = hta_type_of_name (g_ptr_array_index (self->names, id));
  return types->data[id];
}

/* The device events of lane @lane, in whole µs, by start: those launched
 * before @cut (store ns; G_MAXINT64: all of them). */
static GArray *
lane_events (AiperfTraceStore *self,
             const GArray     *launches,
             guint             lane,
             gint64            cut,
             const GArray     *steps,
             GByteArray       *types)
{
  const TraceTrack *t = g_ptr_array_index (self->tracks, lane);
  GArray *events = g_array_new (FALSE, FALSE, sizeof (Event));
  gint64 to_file = -trace_store_shift (self, t->file);

  for (guint d = 0; d < t->depth; d++)
    for (guint k = 0; k < t->rows[d]->len; k++)
      {
        const TraceSlice *s = &g_array_index (t->rows[d], TraceSlice, k);
        guint8 kind = trace_store_device_kind (self, s);
        Event e;

        if (kind != TRACE_DEVICE_KERNEL && kind != TRACE_DEVICE_MEMCPY && kind != TRACE_DEVICE_MEMSET)
          continue;
        if (kind == TRACE_DEVICE_MEMCPY && !dma_in_steps (self, t, s, steps))
          continue;
        if (cut != G_MAXINT64)
          {
            const Launch *launch = find_launch (launches, lane, s->start);

            if (launch == NULL || launch->launch >= cut)
              continue;
          }
        e.start = ceil_us (s->start + to_file);
        e.end = floor_end_us (s->start + to_file, s->dur);
        e.start_ns = s->start;
        e.name = s->name;
        e.type = hta_type_of (self, types, s->name);
        g_array_append_val (events, e);
      }
  trace_sort_unless_sorted (events, compare_events);
  return events;
}

/* HTA's rule for each gap on one stream (its events by start). */
static void
split_idle (AiperfTraceStore     *self,
            const GArray         *launches,
            guint                 lane,
            const GArray         *events,
            AiperfTraceIdleSplit *split)
{
  const TraceTrack *t = g_ptr_array_index (self->tracks, lane);
  gint64 to_file = -trace_store_shift (self, t->file);

  for (guint k = 1; k < events->len; k++)
    {
      const Event *prev = &g_array_index (events, Event, k - 1), *e = &g_array_index (events, Event, k);
      const Launch *launch = find_launch (launches, lane, e->start_ns);
      gint64 gap = e->start - prev->end;

      /* Overlapping events leave no idle time (HTA adds these as negative
       * kernel wait). */
      if (gap <= 0)
        continue;
      if (launch != NULL && ceil_us (launch->launch + to_file) > prev->end)
        {
          split->host_wait_us += gap;
          split->n_gaps[0]++;
        }
      else if (gap < AIPERF_TRACE_KERNEL_WAIT_US)
        {
          split->kernel_wait_us += gap;
          split->n_gaps[1]++;
        }
      else
        {
          split->other_us += gap;
          split->n_gaps[2]++;
        }
    }
}

/* The union's length of @events (by start), with only computation ones
 * when @compute_only; the span from the first start to the last end. */
static gint64
union_of (const GArray *events,
          gboolean      compute_only,
          gint64       *out_first,
          gint64       *out_last)
{
  gint64 total = 0, run_start = 0, run_end = G_MININT64, first = G_MAXINT64, last = G_MININT64;

  for (guint k = 0; k < events->len; k++)
    {
      const Event *e = &g_array_index (events, Event, k);
      gint64 end = MAX (e->start, e->end); /* under a µs: nothing left */

      if (compute_only && e->type != AIPERF_TRACE_TYPE_COMPUTATION)
        continue;
      first = MIN (first, e->start);
      last = MAX (last, end);
      if (e->start > run_end)
        {
          if (run_end > G_MININT64)
            total += run_end - run_start;
          run_start = e->start;
          run_end = end;
        }
      else
        run_end = MAX (run_end, end);
    }
  if (run_end > G_MININT64)
    total += run_end - run_start;
  if (out_first != NULL)
    *out_first = first;
  if (out_last != NULL)
    *out_last = last;
  return total;
}

typedef struct {
  gint64 t;
  int    bit, delta;
} Edge;

static int
compare_edges (gconstpointer a,
               gconstpointer b)
{
  const Edge *x = a, *y = b;

  return x->t < y->t ? -1 : x->t > y->t;
}

/* HTA's kernel-type breakdown of @events (by start) into @temporal: each
 * type's events merged into a union, the unions swept together, and each
 * stretch of time given to the set of types running in it. */
static void
kernel_types_of (const GArray        *events,
                 AiperfTraceTemporal *temporal)
{
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  int running[3] = { 0 };
  guint ends[3];   /* each type's edges are in time order: where they end */

  for (int bit = 0; bit < 3; bit++)
    {
      gint64 run_start = 0, run_end = G_MININT64;

      for (guint k = 0; k <= events->len; k++)
        {
          const Event *e = k < events->len ? &g_array_index (events, Event, k) : NULL;
          gint64 end;

          if (e != NULL && e->type != (1 << bit))
            continue;
          end = e != NULL ? MAX (e->start, e->end) : 0;
          if (e != NULL)
            temporal->type_sum_us[bit] += end - e->start;
          if (e == NULL || e->start > run_end)
            {
              if (run_end > G_MININT64)
                {
                  Edge open = { run_start, bit, 1 }, close = { run_end, bit, -1 };

                  g_array_append_val (edges, open);
                  g_array_append_val (edges, close);
                }
              if (e != NULL)
                {
                  run_start = e->start;
                  run_end = end;
                }
            }
          else
            run_end = MAX (run_end, end);
        }
      ends[bit] = edges->len;
    }
  trace_merge_sorted_runs (edges, ends, 3, compare_edges);
  for (guint i = 0; i + 1 < edges->len; i++)
    {
      const Edge *edge = &g_array_index (edges, Edge, i);
      guint mask = 0;

      running[edge->bit] += edge->delta;
      for (int bit = 0; bit < 3; bit++)
        mask |= running[bit] > 0 ? 1u << bit : 0;
      if (mask != 0)
        temporal->type_us[mask] += g_array_index (edges, Edge, i + 1).t - edge->t;
    }
}

static void
temporal_clear (gpointer data)
{
  g_clear_pointer (&((AiperfTraceTemporal *) data)->gpu, g_free);
}

static void
split_clear (gpointer data)
{
  AiperfTraceIdleSplit *split = data;

  g_clear_pointer (&split->gpu, g_free);
  g_clear_pointer (&split->stream, g_free);
}

static void
compute (AiperfTraceStore *self)
{
  g_autoptr(GArray) launches = launches_of (self);
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) cuts = last_step_cuts (self, steps);
  g_autoptr(GHashTable) by_process = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) gpus = g_ptr_array_new_with_free_func (gpu_free);
  g_autoptr(GByteArray) types = g_byte_array_sized_new (self->names->len);
  g_autofree guint32 *slots = g_new0 (guint32, self->names->len);

  g_byte_array_set_size (types, self->names->len);
  memset (types->data, 0xff, types->len);
  self->temporal = g_array_new (FALSE, FALSE, sizeof (AiperfTraceTemporal));
  g_array_set_clear_func (self->temporal, temporal_clear);
  self->idle_split = g_array_new (FALSE, FALSE, sizeof (AiperfTraceIdleSplit));
  g_array_set_clear_func (self->idle_split, split_clear);
  self->kernel_rows = g_array_new (FALSE, FALSE, sizeof (AiperfTraceKernelRow));
  for (guint i = 0; i < self->tracks->len; i++)
    {
      const TraceTrack *t = g_ptr_array_index (self->tracks, i);
      g_autoptr(GArray) events = NULL;
      g_autofree char *key = NULL;
      AiperfTraceIdleSplit split = { 0 };
      Gpu *g;

      if (t->rows == NULL || t->samples != NULL)
        continue;
      events = lane_events (self, launches, i, g_array_index (cuts, gint64, t->file), steps, types);
      if (events->len == 0)
        continue;
      key = trace_process_key (t->file, t->pid);
      g = g_hash_table_lookup (by_process, key);
      if (g == NULL)
        {
          g = g_new0 (Gpu, 1);
          g->file = t->file;
          g->pid = g_strdup (t->pid);
          g->events = g_array_new (FALSE, FALSE, sizeof (Event));
          g_hash_table_insert (by_process, g_steal_pointer (&key), g);
          g_ptr_array_add (gpus, g);
        }
      g_array_append_vals (g->events, events->data, events->len);
      split.gpu = trace_store_gpu_name (self, t->file, t->pid);
      split.stream = g_strdup (t->label);
      split_idle (self, launches, i, events, &split);
      g_array_append_val (self->idle_split, split);
    }
  for (guint i = 0; i < gpus->len; i++)
    {
      Gpu *g = g_ptr_array_index (gpus, i);
      AiperfTraceTemporal temporal = { 0 };
      gint64 first, last, busy;

      trace_sort_unless_sorted (g->events, compare_events);
      busy = union_of (g->events, FALSE, &first, &last);
      temporal.gpu = trace_store_gpu_name (self, g->file, g->pid);
      temporal.file = g->file;
      temporal.kernel_time_us = last - first;
      temporal.idle_us = temporal.kernel_time_us - busy;
      temporal.compute_us = union_of (g->events, TRUE, NULL, NULL);
      temporal.non_compute_us = temporal.kernel_time_us - temporal.compute_us - temporal.idle_us;
      kernel_types_of (g->events, &temporal);
      trace_hta_kernels_of (self, g->events, self->temporal->len, slots, self->kernel_rows);
      g_array_append_val (self->temporal, temporal);
    }
  trace_hta_kernels_sort (self->kernel_rows);
}

static void
ensure (AiperfTraceStore *self)
{
  g_mutex_lock (&self->hta_lock);
  if (self->temporal == NULL)
    compute (self);
  g_mutex_unlock (&self->hta_lock);
}

const GArray *
aiperf_trace_store_get_temporal (AiperfTraceStore *self)
{
  g_return_val_if_fail (self != NULL && self->finished, NULL);

  ensure (self);
  return self->temporal;
}

const GArray *
aiperf_trace_store_get_idle_split (AiperfTraceStore *self)
{
  g_return_val_if_fail (self != NULL && self->finished, NULL);

  ensure (self);
  return self->idle_split;
}

const GArray *
aiperf_trace_store_get_kernel_rows (AiperfTraceStore *self)
{
  g_return_val_if_fail (self != NULL && self->finished, NULL);

  ensure (self);
  return self->kernel_rows;
}
