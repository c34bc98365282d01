/* aiperf-trace-store-hta-kernels.c — HTA's per-kernel table of a GPU
 * (the second table of its get_gpu_kernel_breakdown): per kernel type,
 * each name's calls summed, their largest, smallest, mean and standard
 * deviation, and past the top kernels one "others" row, chosen as HTA
 * chooses them. The events are the kernel-type breakdown's (whole µs, as
 * aiperf-trace-store-hta.c reads them).
 *
 * Where HTA merges names into "others" it computes the rows' max, min,
 * mean and std again over the rows' sums (a named row's max then reads its
 * sum); here they stay per call, as they are for a type of ten names or
 * fewer in HTA too. Sums, counts and which names merge are HTA's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-trace-store-private.h"

/* HTA's duration_ratio: names past this quantile of the running sums merge. */
#define DURATION_RATIO 0.8

typedef struct {
  guint32 name;
  guint8  type;
  gint64  sum, max, min;
  guint64 count;
  double  m2;          /* Σ (duration - mean)², for the std */
} Acc;

/* A duration as HTA's rounding leaves it; under a µs it can fall below
 * zero there, zero here (as the kernel-type breakdown counts it). */
static gint64
duration_of (const TraceHtaEvent *e)
{
  return MAX (e->start, e->end) - e->start;
}

static gboolean
typed (const TraceHtaEvent *e)
{
  return e->type == AIPERF_TRACE_TYPE_COMPUTATION || e->type == AIPERF_TRACE_TYPE_COMMUNICATION ||
         e->type == AIPERF_TRACE_TYPE_MEMORY;
}

/* Each name's calls on one GPU, in @accs; @slots maps a name to its
 * place + 1 and is left all 0 again. */
static void
accumulate (const GArray *events,
            guint32      *slots,
            GArray       *accs)
{
  for (guint k = 0; k < events->len; k++)
    {
      const TraceHtaEvent *e = &g_array_index (events, TraceHtaEvent, k);
      gint64 d = duration_of (e);
      Acc *acc;

      if (!typed (e))
        continue;
      if (slots[e->name] == 0)
        {
          Acc fresh = { e->name, e->type, 0, d, d, 0, 0 };

          g_array_append_val (accs, fresh);
          slots[e->name] = accs->len;
        }
      acc = &g_array_index (accs, Acc, slots[e->name] - 1);
      acc->sum += d;
      acc->count++;
      acc->max = MAX (acc->max, d);
      acc->min = MIN (acc->min, d);
    }
  /* The spread about each mean in a second pass: exact sums first. */
  for (guint k = 0; k < events->len; k++)
    {
      const TraceHtaEvent *e = &g_array_index (events, TraceHtaEvent, k);
      Acc *acc;
      double dev;

      if (!typed (e))
        continue;
      acc = &g_array_index (accs, Acc, slots[e->name] - 1);
      dev = (double) duration_of (e) - (double) acc->sum / (double) acc->count;
      acc->m2 += dev * dev;
    }
  for (guint i = 0; i < accs->len; i++)
    slots[g_array_index (accs, Acc, i).name] = 0;
}

/* Accs by sum, largest first; equal sums by name (HTA's sort leaves them
 * as its grouping put them: by name). */
static int
compare_ranked (gconstpointer a,
                gconstpointer b,
                gpointer      store)
{
  const Acc *x = *(const Acc * const *) a, *y = *(const Acc * const *) b;
  GPtrArray *names = ((AiperfTraceStore *) store)->names;

  if (x->sum != y->sum)
    return x->sum > y->sum ? -1 : 1;
  return strcmp (g_ptr_array_index (names, x->name), g_ptr_array_index (names, y->name));
}

/* The @q quantile of @values (in order), interpolated as numpy's
 * "linear" method, the one pandas' Series.quantile uses. */
static double
quantile_of (const gint64 *values,
             guint         n,
             double        q)
{
  double pos = (double) (n - 1) * q, lo_f = floor (pos), g = pos - lo_f;
  guint lo = (guint) lo_f, hi = MIN (lo + 1, n - 1);
  double a = (double) values[lo], b = (double) values[hi], diff = b - a;

  return g >= 0.5 ? b - diff * (1 - g) : a + diff * g;
}

static AiperfTraceKernelRow
row_of (const Acc  *acc,
        guint       gpu,
        const char *name,
        guint       kernels,
        gint64      type_sum)
{
  AiperfTraceKernelRow row = { gpu, acc->type, name, acc->sum, acc->max, acc->min, 0, 0, acc->count, kernels, 0 };

  row.mean_us = (double) acc->sum / (double) acc->count;
  row.std_us = acc->count > 1 ? sqrt (acc->m2 / (double) (acc->count - 1)) : 0;
  row.percentage = type_sum > 0 ? 100.0 * (double) acc->sum / (double) type_sum : 0;
  return row;
}

/* Adds @acc's calls to @into (the others row): the spread of the union by
 * the parallel formula, each part's spread about the union's mean. */
static void
merge_into (Acc       *into,
            const Acc *acc)
{
  if (into->count == 0)
    {
      *into = *acc;
      return;
    }
  {
    guint64 n = into->count + acc->count;
    double mean_a = (double) into->sum / (double) into->count, mean_b = (double) acc->sum / (double) acc->count;
    double delta = mean_b - mean_a;

    into->m2 += acc->m2 + delta * delta * (double) into->count * (double) acc->count / (double) n;
    into->sum += acc->sum;
    into->count = n;
    into->max = MAX (into->max, acc->max);
    into->min = MIN (into->min, acc->min);
  }
}

/* The rows of one type on one GPU from its names' Accs in @ranked. */
static void
type_rows (AiperfTraceStore *self,
           GPtrArray        *ranked,
           guint             gpu,
           GArray           *rows)
{
  g_autofree gint64 *running = NULL;
  gint64 type_sum = 0;
  double limit = INFINITY;
  Acc others = { 0 };
  guint n_others = 0;

  if (ranked->len == 0)
    return;
  g_ptr_array_sort_with_data (ranked, compare_ranked, self);
  running = g_new (gint64, ranked->len);
  for (guint i = 0; i < ranked->len; i++)
    {
      type_sum += ((const Acc *) g_ptr_array_index (ranked, i))->sum;
      running[i] = type_sum;
    }
  /* HTA merges only when the type has more names than it shows. */
  if (ranked->len > AIPERF_TRACE_TOP_KERNELS)
    limit = quantile_of (running, ranked->len, DURATION_RATIO);
  for (guint i = 0; i < ranked->len; i++)
    {
      const Acc *acc = g_ptr_array_index (ranked, i);
      const char *name = g_ptr_array_index (self->names, acc->name);
      gboolean merged = ranked->len > AIPERF_TRACE_TOP_KERNELS &&
                        (i >= AIPERF_TRACE_TOP_KERNELS || (double) running[i] > limit ||
                         strcmp (name, "others") == 0); /* HTA groups by name */

      if (merged)
        {
          merge_into (&others, acc);
          n_others++;
        }
      else
        {
          AiperfTraceKernelRow row = row_of (acc, gpu, name, 1, type_sum);

          g_array_append_val (rows, row);
        }
    }
  if (n_others > 0)
    {
      AiperfTraceKernelRow row = row_of (&others, gpu, "others", n_others, type_sum);

      g_array_append_val (rows, row);
    }
}

void
trace_hta_kernels_of (AiperfTraceStore *self,
                      const GArray     *events,
                      guint             gpu,
                      guint32          *slots,
                      GArray           *rows)
{
  static const guint8 types[3] = {
    AIPERF_TRACE_TYPE_COMPUTATION, AIPERF_TRACE_TYPE_COMMUNICATION, AIPERF_TRACE_TYPE_MEMORY,
  };
  g_autoptr(GArray) accs = g_array_new (FALSE, FALSE, sizeof (Acc));
  g_autoptr(GPtrArray) ranked = g_ptr_array_new ();

  accumulate (events, slots, accs);
  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      g_ptr_array_set_size (ranked, 0);
      for (guint i = 0; i < accs->len; i++)
        if (g_array_index (accs, Acc, i).type == types[t])
          g_ptr_array_add (ranked, &g_array_index (accs, Acc, i));
      type_rows (self, ranked, gpu, rows);
    }
}

/* HTA's types sort by their names: COMMUNICATION, COMPUTATION, MEMORY. */
static int
type_order (guint8 type)
{
  return type == AIPERF_TRACE_TYPE_COMMUNICATION ? 0 : type == AIPERF_TRACE_TYPE_COMPUTATION ? 1 : 2;
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const AiperfTraceKernelRow *x = a, *y = b;
  int by_name;

  if (x->type != y->type)
    return type_order (x->type) - type_order (y->type);
  by_name = strcmp (x->name, y->name);
  if (by_name != 0)
    return by_name;
  return x->gpu < y->gpu ? -1 : x->gpu > y->gpu;
}

void
trace_hta_kernels_sort (GArray *rows)
{
  g_array_sort (rows, compare_rows);
}
