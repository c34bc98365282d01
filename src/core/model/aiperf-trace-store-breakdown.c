/* aiperf-trace-store-breakdown.c — what each GPU of a trace did, as
 * TraceLens's gpu_timeline (and HTA's temporal breakdown) define it.
 *
 * Per GPU (a process of the trace, all its streams merged): busy is the
 * union of its kernels, memsets and memcpys; computation the union of
 * its non-communication kernels and memsets; communication the union of
 * its NCCL/RCCL kernels; exposed communication the part of it not
 * overlapped by computation; exposed memcpy the part of the memcpys
 * overlapped by neither. All inside a window: the GPU-side ProfilerStep
 * spans (gpu_user_annotation) when the GPU has them, else from its first
 * event's start to its last one's end. Times are computed from the file's
 * own microseconds in doubles, in the order TraceLens adds them, so the
 * numbers agree with its sheets to the last digits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-trace-store-private.h"

typedef struct {
  double  start, end;  /* µs, on the file's own clock */
  guint8  kind;        /* TRACE_DEVICE_* */
  guint8  comm;
} Span;

typedef struct {
  char   *key;         /* "file\x1fpid" */
  guint   file;
  GArray *spans;       /* Span */
  GArray *steps;       /* Span: GPU-side ProfilerStep annotations */
} Gpu;

#define DEVICE_COMPUTE (1u << TRACE_DEVICE_KERNEL | 1u << TRACE_DEVICE_MEMSET)

static void
gpu_free (gpointer data)
{
  Gpu *g = data;

  g_free (g->key);
  g_array_unref (g->spans);
  g_array_unref (g->steps);
  g_free (g);
}

static gboolean
key_is (const char *text,
        const char *a,
        const char *b)
{
  return g_ascii_strcasecmp (text, a) == 0 || g_ascii_strcasecmp (text, b) == 0;
}

static void classify_names (AiperfTraceStore *self);

void
trace_store_classify_keys (AiperfTraceStore *self)
{
  g_clear_pointer (&self->device_kinds, g_byte_array_unref);
  self->device_kinds = g_byte_array_sized_new (self->keys->len);
  for (guint k = 0; k < self->keys->len; k++)
    {
      const char *text = g_ptr_array_index (self->keys, k);
      guint8 kind = k < self->n_kernel_keys ? TRACE_DEVICE_KERNEL
                    : key_is (text, "gpu_memcpy", "memcpy") ? TRACE_DEVICE_MEMCPY
                    : key_is (text, "gpu_memset", "memset") ? TRACE_DEVICE_MEMSET
                    : g_str_equal (text, "gpu_user_annotation") ? TRACE_DEVICE_ANNOTATION
                    : TRACE_DEVICE_NONE;

      g_byte_array_append (self->device_kinds, &kind, 1);
    }
  g_clear_pointer (&self->name_flags, g_free);
  classify_names (self);
}

enum { NAME_COMM = 1, NAME_DMA = 2 };

/* Communication kernels: NCCL's, and RCCL's (which mostly keep NCCL's names). */
static gboolean
is_comm_name (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  return strstr (lower, "nccl") != NULL || strstr (lower, "rccl") != NULL;
}

/* What a name says, worked out once per name when the store is finished
 * (millions of slices share a few thousand names; read-only afterwards,
 * so the analyses may run side by side). */
static guint8
name_flags (AiperfTraceStore *self,
            guint32           name_id)
{
  return name_id < self->names->len && self->name_flags != NULL ? self->name_flags[name_id] : 0;
}

static void
classify_names (AiperfTraceStore *self)
{
  self->name_flags = g_malloc0 (MAX (self->names->len, 1));
  for (guint i = 0; i < self->names->len; i++)
    {
      const char *name = g_ptr_array_index (self->names, i);

      /* MTIA writes its DMA transfers as device events beside its
       * kernels; HTA counts them as memory (names starting "dma"). */
      self->name_flags[i] = (is_comm_name (name) ? NAME_COMM : 0) | (strncmp (name, "dma", 3) == 0 ? NAME_DMA : 0);
    }
}

gboolean
trace_store_is_comm (AiperfTraceStore *self,
                     guint32           name_id)
{
  return (name_flags (self, name_id) & NAME_COMM) != 0;
}

guint8
trace_store_device_kind (AiperfTraceStore *self,
                         const TraceSlice *slice)
{
  guint8 kind = slice->key < self->device_kinds->len ? self->device_kinds->data[slice->key] : TRACE_DEVICE_NONE;

  if (kind == TRACE_DEVICE_KERNEL && (name_flags (self, slice->name) & NAME_DMA))
    return TRACE_DEVICE_MEMCPY;
  return kind;
}

char *
trace_store_gpu_name (AiperfTraceStore *self,
                      guint             file,
                      const char       *pid)
{
  g_autofree char *key = trace_process_key (file, pid);
  const char *label = g_hash_table_lookup (self->process_label, key);
  const char *file_label = g_array_index (self->files, TraceFile, file).label;
  g_autofree char *name = label != NULL ? g_strdup (label) : g_strdup_printf ("pid %s", pid);

  return file_label != NULL ? g_strdup_printf ("%s · %s", file_label, name) : g_steal_pointer (&name);
}

static int
compare_spans (gconstpointer a,
               gconstpointer b)
{
  const Span *x = a, *y = b;

  return x->start < y->start ? -1 : x->start > y->start;
}

/* The union of the spans of @spans (by start) of the @kinds (a mask of
 * 1 << TRACE_DEVICE_*) and, with @comm ≥ 0, that communication flag, as
 * (start, end) pairs, clipped to the windows @w (disjoint, by start). */
static GArray *
union_in (GArray       *spans,
          guint         kinds,
          int           comm,
          const GArray *w)
{
  GArray *merged = g_array_new (FALSE, FALSE, 2 * sizeof (double));
  GArray *out = g_array_new (FALSE, FALSE, 2 * sizeof (double));
  guint j = 0;

  for (guint i = 0; i < spans->len; i++)
    {
      const Span *s = &g_array_index (spans, Span, i);
      double pair[2] = { s->start, s->end };

      if (!(kinds & (1u << s->kind)) || (comm >= 0 && s->comm != comm))
        continue;
      if (merged->len > 0 && pair[0] <= g_array_index (merged, double, 2 * (merged->len - 1) + 1))
        {
          double *last = &g_array_index (merged, double, 2 * (merged->len - 1) + 1);

          *last = MAX (*last, pair[1]);
        }
      else
        g_array_append_vals (merged, pair, 1);
    }
  /* Both are disjoint and by start: one pass. */
  for (guint i = 0; i < merged->len; i++)
    {
      const double *m = &g_array_index (merged, double, 2 * i);

      while (j < w->len && g_array_index (w, double, 2 * j + 1) <= m[0])
        j++;
      for (guint k = j; k < w->len && g_array_index (w, double, 2 * k) < m[1]; k++)
        {
          double pair[2] = { MAX (m[0], g_array_index (w, double, 2 * k)),
                             MIN (m[1], g_array_index (w, double, 2 * k + 1)) };

          if (pair[0] < pair[1])
            g_array_append_vals (out, pair, 1);
        }
    }
  g_array_unref (merged);
  return out;
}

/* @b less @a (both disjoint, by start). */
static GArray *
subtract (const GArray *a,
          const GArray *b)
{
  GArray *out = g_array_new (FALSE, FALSE, 2 * sizeof (double));
  guint i = 0;

  for (guint k = 0; k < b->len; k++)
    {
      double from = g_array_index (b, double, 2 * k), to = g_array_index (b, double, 2 * k + 1);
      double at = from;

      while (i < a->len && g_array_index (a, double, 2 * i + 1) <= from)
        i++;
      for (guint n = i; n < a->len && g_array_index (a, double, 2 * n) < to; n++)
        {
          double a_start = g_array_index (a, double, 2 * n), a_end = g_array_index (a, double, 2 * n + 1);

          if (a_start > at)
            {
              double pair[2] = { at, MIN (to, a_start) };

              g_array_append_vals (out, pair, 1);
            }
          at = MAX (at, a_end);
          if (at >= to)
            break;
        }
      if (at < to)
        {
          double pair[2] = { at, to };

          g_array_append_vals (out, pair, 1);
        }
    }
  return out;
}

static double
total_of (const GArray *pairs)
{
  double sum = 0;

  for (guint i = 0; i < pairs->len; i++)
    sum += g_array_index (pairs, double, 2 * i + 1) - g_array_index (pairs, double, 2 * i);
  return sum;
}

static void
measure (AiperfTraceStore     *self,
         Gpu                  *g,
         gboolean              steps_window,
         AiperfTraceBreakdown *b)
{
  g_autoptr(GArray) w = g_array_new (FALSE, FALSE, 2 * sizeof (double));
  g_autoptr(GArray) comp = NULL, comm = NULL, memcpy_u = NULL, all = NULL;
  g_autoptr(GArray) exposed_comm = NULL, memcpy_less_comp = NULL, exposed_memcpy = NULL;
  double first = G_MAXDOUBLE, last = -G_MAXDOUBLE;

  memset (b, 0, sizeof *b);
  b->gpu = trace_store_gpu_name (self, g->file, strchr (g->key, '\x1f') + 1);
  trace_sort_unless_sorted (g->spans, compare_spans);
  for (guint i = 0; i < g->spans->len; i++)
    {
      const Span *s = &g_array_index (g->spans, Span, i);

      if (s->kind == TRACE_DEVICE_ANNOTATION)
        continue;
      first = MIN (first, s->start);
      last = MAX (last, s->end);
    }
  if (first > last)
    return;
  if (steps_window && g->steps->len > 0)
    {
      /* The steps' union is the window. */
      trace_sort_unless_sorted (g->steps, compare_spans);
      for (guint i = 0; i < g->steps->len; i++)
        {
          const Span *s = &g_array_index (g->steps, Span, i);
          double pair[2] = { s->start, s->end };

          if (w->len > 0 && pair[0] <= g_array_index (w, double, 2 * (w->len - 1) + 1))
            g_array_index (w, double, 2 * (w->len - 1) + 1) = MAX (g_array_index (w, double, 2 * (w->len - 1) + 1),
                                                                   pair[1]);
          else
            g_array_append_vals (w, pair, 1);
        }
      b->n_steps = g->steps->len;
    }
  else
    {
      double pair[2] = { first, last };

      g_array_append_vals (w, pair, 1);
    }
  /* Computation: kernels and memsets that are not communication. */
  comp = union_in (g->spans, DEVICE_COMPUTE, 0, w);
  comm = union_in (g->spans, DEVICE_COMPUTE, 1, w);
  memcpy_u = union_in (g->spans, 1u << TRACE_DEVICE_MEMCPY, -1, w);
  all = union_in (g->spans, DEVICE_COMPUTE | 1u << TRACE_DEVICE_MEMCPY, -1, w);
  exposed_comm = subtract (comp, comm);
  memcpy_less_comp = subtract (comp, memcpy_u);
  exposed_memcpy = subtract (comm, memcpy_less_comp);
  b->total_us = total_of (w);
  b->computation_us = total_of (comp);
  b->total_comm_us = total_of (comm);
  b->exposed_comm_us = total_of (exposed_comm);
  b->total_memcpy_us = total_of (memcpy_u);
  b->exposed_memcpy_us = total_of (exposed_memcpy);
  b->busy_us = total_of (all);
  b->idle_us = b->total_us - b->busy_us;
  b->window_start_us = g_array_index (w, double, 0);
  b->window_end_us = g_array_index (w, double, 2 * (w->len - 1) + 1);
  /* Plain sums (not unions) by kind inside the window, for shares. */
  for (guint i = 0; i < g->spans->len; i++)
    {
      const Span *s = &g_array_index (g->spans, Span, i);
      double in = 0;

      for (guint k = 0; k < w->len; k++)
        in += MAX (0.0, MIN (s->end, g_array_index (w, double, 2 * k + 1)) - MAX (s->start, g_array_index (w, double, 2 * k)));
      if (s->kind == TRACE_DEVICE_KERNEL)
        {
          b->kernel_sum_us += in;
          if (s->comm)
            b->comm_sum_us += in;
        }
      else if (s->kind == TRACE_DEVICE_MEMCPY)
        b->memcpy_sum_us += in;
      else if (s->kind == TRACE_DEVICE_MEMSET)
        b->memset_sum_us += in;
    }
}

static GArray *
compute (AiperfTraceStore *self,
         gboolean          steps_window)
{
  g_autoptr(GHashTable) by_key = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) gpus = g_ptr_array_new_with_free_func (gpu_free);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (AiperfTraceBreakdown));

  g_array_set_clear_func (out, (GDestroyNotify) aiperf_trace_breakdown_clear);
  for (guint i = 0; i < self->tracks->len; i++)
    {
      const TraceTrack *t = g_ptr_array_index (self->tracks, i);
      gint64 to_file = -trace_store_shift (self, t->file);
      Gpu *g = NULL;

      if (t->rows == NULL || t->samples != NULL)
        continue;
      for (guint d = 0; d < t->depth; d++)
        for (guint k = 0; k < t->rows[d]->len; k++)
          {
            const TraceSlice *s = &g_array_index (t->rows[d], TraceSlice, k);
            guint8 kind = trace_store_device_kind (self, s);
            const char *name;
            Span span;

            if (kind == TRACE_DEVICE_NONE)
              continue;
            name = g_ptr_array_index (self->names, s->name);
            if (kind == TRACE_DEVICE_ANNOTATION && !g_str_has_prefix (name, "ProfilerStep#"))
              continue;
            if (g == NULL)
              {
                g_autofree char *key = trace_process_key (t->file, t->pid);

                g = g_hash_table_lookup (by_key, key);
                if (g == NULL)
                  {
                    g = g_new0 (Gpu, 1);
                    g->key = g_steal_pointer (&key);
                    g->file = t->file;
                    g->spans = g_array_new (FALSE, FALSE, sizeof (Span));
                    g->steps = g_array_new (FALSE, FALSE, sizeof (Span));
                    g_hash_table_insert (by_key, g->key, g);
                    g_ptr_array_add (gpus, g);
                  }
              }
            /* As the file wrote them: ts and ts + dur in µs, in doubles. */
            span.start = (double) (s->start + to_file) / 1000.0;
            span.end = span.start + (double) s->dur / 1000.0;
            span.kind = kind;
            span.comm = FALSE;
            if (kind == TRACE_DEVICE_KERNEL || kind == TRACE_DEVICE_MEMSET)
              {
                span.comm = trace_store_is_comm (self, s->name);
              }
            g_array_append_val (kind == TRACE_DEVICE_ANNOTATION ? g->steps : g->spans, span);
          }
    }
  for (guint i = 0; i < gpus->len; i++)
    {
      AiperfTraceBreakdown b;

      measure (self, g_ptr_array_index (gpus, i), steps_window, &b);
      if (b.total_us > 0 || b.busy_us > 0)
        g_array_append_val (out, b);
      else
        aiperf_trace_breakdown_clear (&b);
    }
  return out;
}

void
aiperf_trace_breakdown_clear (AiperfTraceBreakdown *b)
{
  g_clear_pointer (&b->gpu, g_free);
}

const GArray *
aiperf_trace_store_get_breakdowns (AiperfTraceStore *self,
                                   gboolean          steps_window)
{
  GArray *result;

  g_return_val_if_fail (self != NULL && self->finished, NULL);

  g_mutex_lock (&self->breakdown_lock);
  if (self->breakdowns[steps_window != FALSE] == NULL)
    self->breakdowns[steps_window != FALSE] = compute (self, steps_window);
  result = self->breakdowns[steps_window != FALSE];
  g_mutex_unlock (&self->breakdown_lock);
  return result;
}
