/* aiperf-requests-reduce.c — per-request statistics of an inter-chunk-latency list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "aiperf-requests-reduce.h"

#define N_BUCKETS 512

/* Order statistics of one list without sorting it: values are counted into
 * buckets between min and max, and only the bucket holding the wanted rank
 * is gathered and sorted. Sorting each 750-value list (or even selecting
 * in it) would dominate the load time. */
typedef struct {
  const double *v;
  gsize         n;
  double        min, scale;
  guint         cum[N_BUCKETS + 1];  /* values in buckets before b */
  int           cached;              /* bucket gathered into tmp, or -1 */
  double       *tmp;
} Hist;

static inline guint
bucket_of (const Hist *h,
           double      x)
{
  double b = (x - h->min) * h->scale;

  return b < N_BUCKETS - 1 ? (guint) b : N_BUCKETS - 1;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
hist_rank (Hist  *h,
           gsize  rank)
{
  guint lo = 0, hi = N_BUCKETS;

  /* the bucket b with cum[b] <= rank < cum[b + 1] */
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (h->cum[mid] <= rank)
        lo = mid;
      else
        hi = mid;
    }
  if ((int) lo != h->cached)
    {
      gsize m = 0;

      for (gsize i = 0; i < h->n; i++)
        if (bucket_of (h, h->v[i]) == lo)
          h->tmp[m++] = h->v[i];
      if (m <= 32)
        for (gsize i = 1; i < m; i++)
          {
            double x = h->tmp[i];
            gsize j = i;

            for (; j > 0 && h->tmp[j - 1] > x; j--)
              h->tmp[j] = h->tmp[j - 1];
            h->tmp[j] = x;
          }
      else
        qsort (h->tmp, m, sizeof (double), compare_doubles);
      h->cached = (int) lo;
    }
  return h->tmp[rank - h->cum[lo]];
}

/* numpy's default ("linear") percentile, as aiperf_percentile_sorted(). */
static double
hist_percentile (Hist   *h,
                 double  pct)
{
  double rank = pct / 100.0 * (double) (h->n - 1), a, b;
  gsize lo = (gsize) floor (rank);

  if (lo >= h->n - 1)
    return hist_rank (h, h->n - 1);
  a = hist_rank (h, lo);
  b = hist_rank (h, lo + 1);
  return a + (b - a) * (rank - (double) lo);
}

void
aiperf_requests_reduce_list (double *values,
                             gsize   n,
                             double  out[6])
{
  double sum = 0, mean, ss = 0, mn, mx;
  double stack_tmp[1024];
  g_autofree double *heap_tmp = NULL;
  guint counts[N_BUCKETS] = { 0 };
  Hist h;

  g_return_if_fail (values != NULL || n == 0);

  if (n == 0)
    {
      for (int i = 0; i < 6; i++)
        out[i] = NAN;
      return;
    }
  mn = mx = values[0];
  for (gsize i = 0; i < n; i++)
    {
      sum += values[i];
      mn = MIN (mn, values[i]);
      mx = MAX (mx, values[i]);
    }
  mean = sum / (double) n;
  for (gsize i = 0; i < n; i++)
    ss += (values[i] - mean) * (values[i] - mean);

  h.v = values;
  h.n = n;
  h.min = mn;
  h.scale = N_BUCKETS / (mx - mn);
  /* equal values, or a range too small or too large to divide */
  if (!(h.scale < 1e300) || !(h.scale > 0))
    h.scale = 0;
  h.cached = -1;
  h.tmp = n <= G_N_ELEMENTS (stack_tmp) ? stack_tmp : (heap_tmp = g_new (double, n));
  for (gsize i = 0; i < n; i++)
    counts[bucket_of (&h, values[i])]++;
  h.cum[0] = 0;
  for (guint b = 0; b < N_BUCKETS; b++)
    h.cum[b + 1] = h.cum[b] + counts[b];

  out[0] = mean;
  out[1] = hist_percentile (&h, 50);
  out[2] = hist_percentile (&h, 95);
  out[3] = sqrt (ss / (double) n);
  out[4] = mn;
  out[5] = mx;
}
