/* aiperf-compare-bootstrap.c — circular block bootstrap of per-request
 * samples, and the estimators it resamples (mean, percentile, rate).
 *
 * Requests that run close together share a server state (warm-up, drift,
 * queueing), so resampling them one by one would understate the spread:
 * contiguous blocks of ⌈n^(1/3)⌉ requests are drawn instead, each run on
 * its own, and a percentile's interval comes from that percentile of each
 * resample.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-compare-stats.h"

guint
aiperf_compare_block_length (guint n)
{
  guint length = (guint) ceil (cbrt ((double) n) - 1e-9);

  return CLAMP (length, 1, MAX (n, 1));
}

/* Rearranges x[lo..hi] so that x[k] is the value it would have sorted, with
 * nothing larger before it and nothing smaller after it (Hoare selection,
 * median-of-three pivots). */
static void
select_kth (double *x,
            gint64  lo,
            gint64  hi,
            gint64  k)
{
  while (lo < hi)
    {
      gint64 mid = lo + (hi - lo) / 2, i = lo, j = hi;
      double a = x[lo], b = x[mid], c = x[hi], pivot;

      pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
      while (i <= j)
        {
          while (x[i] < pivot)
            i++;
          while (x[j] > pivot)
            j--;
          if (i <= j)
            {
              double tmp = x[i];

              x[i++] = x[j];
              x[j--] = tmp;
            }
        }
      /* [lo, j] <= pivot <= [i, hi]; between them, the pivot's value. */
      if (k <= j)
        hi = j;
      else if (k >= i)
        lo = i;
      else
        return;
    }
}

/* Percentiles of @x (n values, reordered in place), @estimators' ones
 * ascending in @order; the rest of @out untouched. */
static void
percentiles_in_place (double                *x,
                      guint                  n,
                      const AiperfEstimator *estimators,
                      const guint           *order,
                      guint                  n_order,
                      double                *out)
{
  guint from = 0;

  for (guint o = 0; o < n_order; o++)
    {
      const AiperfEstimator *e = &estimators[order[o]];
      double rank = CLAMP (e->pct, 0, 100) / 100.0 * (n - 1);
      guint k = (guint) floor (rank);
      double value;

      select_kth (x, from, n - 1, k);
      value = x[k];
      if (rank > k && k + 1 < n)
        {
          double next = x[k + 1];

          for (guint i = k + 2; i < n; i++)
            next = MIN (next, x[i]);
          value += (next - value) * (rank - k);
        }
      out[order[o]] = value;
      from = k;
    }
}

/* Every estimator of the pooled @x (and @w) of @n samples. @x is reordered. */
static void
estimate_all (double                *x,
              const double          *w,
              guint                  n,
              const AiperfEstimator *estimators,
              guint                  n_est,
              const guint           *pct_order,
              guint                  n_pct,
              double                *out)
{
  double sum = 0, sum_w = 0;

  if (n == 0)
    {
      for (guint e = 0; e < n_est; e++)
        out[e] = NAN;
      return;
    }
  for (guint i = 0; i < n; i++)
    sum += x[i];
  if (w != NULL)
    for (guint i = 0; i < n; i++)
      sum_w += w[i];
  for (guint e = 0; e < n_est; e++)
    if (estimators[e].kind == AIPERF_ESTIMATOR_MEAN)
      out[e] = sum / n;
    else if (estimators[e].kind == AIPERF_ESTIMATOR_RATIO)
      out[e] = w != NULL && sum_w > 0 ? sum / sum_w : NAN;
  percentiles_in_place (x, n, estimators, pct_order, n_pct, out);
}

static guint
percentile_order (const AiperfEstimator *estimators,
                  guint                  n_est,
                  guint                 *order)
{
  guint n = 0;

  for (guint e = 0; e < n_est; e++)
    if (estimators[e].kind == AIPERF_ESTIMATOR_PERCENTILE)
      {
        guint at = n++;

        while (at > 0 && estimators[order[at - 1]].pct > estimators[e].pct)
          {
            order[at] = order[at - 1];
            at--;
          }
        order[at] = e;
      }
  return n;
}

static guint
total_samples (const AiperfSampleRun *runs,
               guint                  n_runs,
               gboolean              *out_has_w)
{
  guint total = 0;

  *out_has_w = n_runs > 0;
  for (guint r = 0; r < n_runs; r++)
    {
      total += runs[r].n;
      if (runs[r].w == NULL)
        *out_has_w = FALSE;
    }
  return total;
}

double
aiperf_compare_estimate (const AiperfEstimator *estimator,
                         const AiperfSampleRun *runs,
                         guint                  n_runs)
{
  gboolean has_w;
  guint total = total_samples (runs, n_runs, &has_w), at = 0, order[4] = { 0 };
  g_autofree double *x = g_new (double, MAX (total, 1));
  g_autofree double *w = has_w ? g_new (double, MAX (total, 1)) : NULL;
  double out;

  g_return_val_if_fail (estimator != NULL, NAN);

  for (guint r = 0; r < n_runs; r++)
    {
      memcpy (x + at, runs[r].x, runs[r].n * sizeof (double));
      if (w != NULL)
        memcpy (w + at, runs[r].w, runs[r].n * sizeof (double));
      at += runs[r].n;
    }
  estimate_all (x, w, total, estimator, 1, order, percentile_order (estimator, 1, order), &out);
  return out;
}

void
aiperf_compare_block_bootstrap (const AiperfSampleRun *runs,
                                guint                  n_runs,
                                const AiperfEstimator *estimators,
                                guint                  n_est,
                                guint                  n_boot,
                                guint64                seed,
                                double                *out)
{
  gboolean has_w;
  guint total = total_samples (runs, n_runs, &has_w);
  g_autofree double *x = g_new (double, MAX (total, 1));
  g_autofree double *w = has_w ? g_new (double, MAX (total, 1)) : NULL;
  g_autofree guint *order = g_new (guint, MAX (n_est, 1));
  guint n_pct = percentile_order (estimators, n_est, order);
  guint32 words[2] = { (guint32) seed, (guint32) (seed >> 32) };
  g_autoptr(GRand) rand = g_rand_new_with_seed_array (words, 2);

  g_return_if_fail (n_est == 0 || (estimators != NULL && out != NULL));

  for (guint b = 0; b < n_boot; b++)
    {
      guint at = 0;

      for (guint r = 0; r < n_runs; r++)
        {
          guint n = runs[r].n, length = aiperf_compare_block_length (n), filled = 0;

          while (filled < n)
            {
              guint start = (guint) g_rand_int_range (rand, 0, (gint32) n);

              for (guint i = 0; i < length && filled < n; i++, filled++)
                {
                  guint from = (start + i) % n;

                  x[at + filled] = runs[r].x[from];
                  if (w != NULL)
                    w[at + filled] = runs[r].w[from];
                }
            }
          at += n;
        }
      estimate_all (x, w, total, estimators, n_est, order, n_pct, out + (gsize) b * n_est);
    }
}
