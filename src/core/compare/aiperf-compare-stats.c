/* aiperf-compare-stats.c — distributions, Welch, permutation, BH.
 *
 * Student's t distribution is the model's (aiperf-student-t.c), shared
 * with the uncertainty charts; the bootstrap is in aiperf-compare-bootstrap.c,
 * change points in aiperf-compare-changepoint.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "aiperf-compare-stats.h"
#include "aiperf-student-t.h"

double
aiperf_compare_normal_cdf (double z)
{
  return 0.5 * erfc (-z / G_SQRT2);
}

static void
welch_nan (AiperfWelch *out)
{
  out->diff = out->se = out->t = out->df = out->p = out->ci_lo = out->ci_hi = NAN;
}

gboolean
aiperf_compare_welch_summary (double       n_a,
                              double       mean_a,
                              double       std_a,
                              double       n_b,
                              double       mean_b,
                              double       std_b,
                              double       level,
                              AiperfWelch *out)
{
  double va, vb, q;

  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (level > 0 && level < 1, FALSE);

  welch_nan (out);
  if (!(n_a >= 2 && n_b >= 2) || !isfinite (mean_a) || !isfinite (mean_b) ||
      !(std_a >= 0) || !(std_b >= 0))
    return FALSE;
  va = std_a * std_a / n_a;
  vb = std_b * std_b / n_b;
  out->diff = mean_b - mean_a;
  out->se = sqrt (va + vb);
  if (out->se == 0)
    {
      if (out->diff != 0)
        {
          /* No spread on either side and different means: certain. */
          out->t = out->diff > 0 ? INFINITY : -INFINITY;
          out->df = n_a + n_b - 2;
          out->p = 0;
          out->ci_lo = out->ci_hi = out->diff;
          return TRUE;
        }
      return FALSE;
    }
  out->t = out->diff / out->se;
  /* Welch–Satterthwaite. */
  out->df = (va + vb) * (va + vb) /
            (va * va / (n_a - 1) + vb * vb / (n_b - 1));
  out->p = MIN (1.0, 2 * aiperf_student_t_sf (fabs (out->t), out->df));
  q = aiperf_student_t_quantile (0.5 + level / 2, out->df);
  out->ci_lo = out->diff - q * out->se;
  out->ci_hi = out->diff + q * out->se;
  return TRUE;
}

static void
mean_std (const double *x,
          guint         n,
          double       *out_mean,
          double       *out_std)
{
  double mean = 0, ss = 0;

  for (guint i = 0; i < n; i++)
    mean += x[i];
  mean /= n;
  for (guint i = 0; i < n; i++)
    ss += (x[i] - mean) * (x[i] - mean);
  *out_mean = mean;
  *out_std = n > 1 ? sqrt (ss / (n - 1)) : NAN;
}

gboolean
aiperf_compare_welch (const double *a,
                      guint         n_a,
                      const double *b,
                      guint         n_b,
                      double        level,
                      AiperfWelch  *out)
{
  double ma, sa, mb, sb;

  g_return_val_if_fail (out != NULL, FALSE);

  welch_nan (out);
  if (n_a < 2 || n_b < 2)
    return FALSE;
  mean_std (a, n_a, &ma, &sa);
  mean_std (b, n_b, &mb, &sb);
  return aiperf_compare_welch_summary (n_a, ma, sa, n_b, mb, sb, level, out);
}

static double
n_choose_k (guint n,
            guint k)
{
  double c = 1;

  for (guint i = 1; i <= k; i++)
    c = c * (n - k + i) / i;
  return c;
}

double
aiperf_compare_permutation_test (const double *a,
                                 guint         n_a,
                                 const double *b,
                                 guint         n_b,
                                 guint         max_splits,
                                 guint64       seed)
{
  guint n = n_a + n_b;
  g_autofree double *pooled = NULL;
  double total = 0, sum_a = 0, observed, tolerance;
  guint64 hits = 0, tries = 0;

  if (n_a == 0 || n_b == 0)
    return NAN;
  pooled = g_new (double, n);
  for (guint i = 0; i < n_a; i++)
    sum_a += pooled[i] = a[i];
  for (guint i = 0; i < n_b; i++)
    pooled[n_a + i] = b[i];
  for (guint i = 0; i < n; i++)
    total += pooled[i];
  observed = fabs ((total - sum_a) / n_b - sum_a / n_a);
  /* Splits that tie the observed one (sums rounded differently) count. */
  tolerance = 1e-12 * (fabs (total) + 1);

  if (n < 64 && n_choose_k (n, n_a) <= max_splits)
    {
      /* Every subset of n_a positions, in Gosper's order. */
      guint64 mask = (G_GUINT64_CONSTANT (1) << n_a) - 1;
      guint64 limit = G_GUINT64_CONSTANT (1) << n;

      while (mask < limit)
        {
          double s = 0, diff;
          guint64 c, r;

          for (guint i = 0; i < n; i++)
            if (mask & (G_GUINT64_CONSTANT (1) << i))
              s += pooled[i];
          diff = fabs ((total - s) / n_b - s / n_a);
          if (diff >= observed - tolerance)
            hits++;
          tries++;
          c = mask & -mask;
          r = mask + c;
          mask = (((r ^ mask) >> 2) / c) | r;
        }
      return (double) hits / tries;
    }
  else
    {
      g_autoptr(GRand) rand = NULL;
      guint32 words[2] = { (guint32) seed, (guint32) (seed >> 32) };

      rand = g_rand_new_with_seed_array (words, 2);
      for (guint k = 0; k < max_splits; k++)
        {
          double s = 0, diff;

          /* The first n_a of a partial Fisher–Yates shuffle. */
          for (guint i = 0; i < n_a; i++)
            {
              guint j = i + (guint) g_rand_int_range (rand, 0, (gint32) (n - i));
              double tmp = pooled[i];

              pooled[i] = pooled[j];
              pooled[j] = tmp;
              s += pooled[i];
            }
          diff = fabs ((total - s) / n_b - s / n_a);
          if (diff >= observed - tolerance)
            hits++;
        }
      return (hits + 1.0) / (max_splits + 1.0);
    }
}

typedef struct {
  double p;
  guint  index;
} Ranked;

static int
compare_ranked (const void *a,
                const void *b)
{
  const Ranked *ra = a, *rb = b;

  if (ra->p != rb->p)
    return ra->p < rb->p ? -1 : 1;
  return ra->index < rb->index ? -1 : ra->index > rb->index;
}

void
aiperf_compare_bh_adjust (const double *p,
                          guint         n,
                          double       *q)
{
  g_autofree Ranked *ranked = g_new (Ranked, MAX (n, 1));
  guint m = 0;
  double running = 1.0;

  g_return_if_fail (n == 0 || (p != NULL && q != NULL));

  for (guint i = 0; i < n; i++)
    {
      q[i] = NAN;
      if (!isnan (p[i]))
        ranked[m++] = (Ranked) { p[i], i };
    }
  qsort (ranked, m, sizeof *ranked, compare_ranked);
  /* q of rank k = min over ranks j >= k of p_j m / j. */
  for (guint k = m; k > 0; k--)
    {
      double value = ranked[k - 1].p * m / k;

      running = MIN (running, value);
      q[ranked[k - 1].index] = MIN (1.0, running);
    }
}

guint64
aiperf_compare_seed_for (guint64     seed,
                         const char *name)
{
  guint64 hash = G_GUINT64_CONSTANT (14695981039346656037);

  for (const char *c = name; c != NULL && *c != '\0'; c++)
    {
      hash ^= (guchar) *c;
      hash *= G_GUINT64_CONSTANT (1099511628211);
    }
  return hash ^ (seed * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
}
