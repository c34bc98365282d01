/* aiperf-pareto.c — Pareto frontiers and Student-t quantiles.
 *
 * The t quantile comes from the regularised incomplete beta function
 * (continued fraction, Lentz's method) and bisection: a few microseconds,
 * accurate to ~1e-12, and no dependency beyond libm.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "aiperf-pareto.h"

typedef struct {
  double x, y;
  guint  index;
} ParetoPoint;

static int
compare_best_first (gconstpointer a,
                    gconstpointer b)
{
  const ParetoPoint *pa = a, *pb = b;

  if (pa->x != pb->x)
    return pa->x > pb->x ? -1 : 1;
  if (pa->y != pb->y)
    return pa->y > pb->y ? -1 : 1;
  return (int) pa->index - (int) pb->index;
}

guint
aiperf_pareto_frontier (const double *x,
                        const double *y,
                        guint         n,
                        gboolean      x_higher_better,
                        gboolean      y_higher_better,
                        gboolean     *out_on_frontier)
{
  g_autofree ParetoPoint *points = NULL;
  double best_y_so_far = -INFINITY;
  guint n_points = 0, n_frontier = 0;

  g_return_val_if_fail (n == 0 || (x != NULL && y != NULL && out_on_frontier != NULL), 0);

  points = g_new (ParetoPoint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      out_on_frontier[i] = FALSE;
      if (isnan (x[i]) || isnan (y[i]))
        continue;
      /* Flip so that larger is better on both axes. */
      points[n_points].x = x_higher_better ? x[i] : -x[i];
      points[n_points].y = y_higher_better ? y[i] : -y[i];
      points[n_points].index = i;
      n_points++;
    }
  qsort (points, n_points, sizeof (ParetoPoint), compare_best_first);

  for (guint i = 0; i < n_points;)
    {
      guint j = i;
      double group_best = points[i].y;  /* sorted: first of equal x has the best y */

      while (j < n_points && points[j].x == points[i].x)
        {
          /* On the frontier when nothing with a larger x is at least as high,
           * and it is the best (or tied best) of its own x. */
          if (points[j].y == group_best && group_best > best_y_so_far)
            {
              out_on_frontier[points[j].index] = TRUE;
              n_frontier++;
            }
          j++;
        }
      best_y_so_far = MAX (best_y_so_far, group_best);
      i = j;
    }
  return n_frontier;
}

/* Continued fraction of the incomplete beta function (Numerical Recipes' betacf). */
static double
beta_continued_fraction (double a,
                         double b,
                         double x)
{
  const double tiny = 1e-300;
  double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0), h;

  if (fabs (d) < tiny)
    d = tiny;
  d = 1.0 / d;
  h = d;
  for (int m = 1; m <= 300; m++)
    {
      double m2 = 2.0 * m, aa, del;

      aa = m * (b - m) * x / ((a - 1.0 + m2) * (a + m2));
      d = 1.0 + aa * d;
      if (fabs (d) < tiny)
        d = tiny;
      c = 1.0 + aa / c;
      if (fabs (c) < tiny)
        c = tiny;
      d = 1.0 / d;
      h *= d * c;
      aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1.0 + m2));
      d = 1.0 + aa * d;
      if (fabs (d) < tiny)
        d = tiny;
      c = 1.0 + aa / c;
      if (fabs (c) < tiny)
        c = tiny;
      d = 1.0 / d;
      del = d * c;
      h *= del;
      if (fabs (del - 1.0) < 1e-15)
        break;
    }
  return h;
}

static double
regularized_beta (double a,
                  double b,
                  double x)
{
  double front;

  if (x <= 0.0)
    return 0.0;
  if (x >= 1.0)
    return 1.0;
  front = exp (lgamma (a + b) - lgamma (a) - lgamma (b) + a * log (x) + b * log1p (-x));
  if (x < (a + 1.0) / (a + b + 2.0))
    return front * beta_continued_fraction (a, b, x) / a;
  return 1.0 - front * beta_continued_fraction (b, a, 1.0 - x) / b;
}

double
aiperf_student_t_cdf (double t,
                      double df)
{
  double tail;

  g_return_val_if_fail (df > 0, NAN);

  if (isnan (t))
    return NAN;
  if (isinf (t))
    return t > 0 ? 1.0 : 0.0;
  tail = 0.5 * regularized_beta (df / 2.0, 0.5, df / (df + t * t));
  return t > 0 ? 1.0 - tail : tail;
}

double
aiperf_student_t_quantile (double p,
                           double df)
{
  double lo = 0.0, hi = 1.0;

  g_return_val_if_fail (df > 0, NAN);
  g_return_val_if_fail (p > 0 && p < 1, NAN);

  if (p == 0.5)
    return 0.0;
  if (p < 0.5)
    return -aiperf_student_t_quantile (1.0 - p, df);
  while (aiperf_student_t_cdf (hi, df) < p && hi < 1e300)
    {
      lo = hi;
      hi *= 2.0;
    }
  for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (aiperf_student_t_cdf (mid, df) < p)
        lo = mid;
      else
        hi = mid;
    }
  return 0.5 * (lo + hi);
}

double
aiperf_confidence_half_width (double level,
                              guint  n,
                              double sd)
{
  g_return_val_if_fail (level > 0 && level < 1, NAN);

  if (n < 2 || isnan (sd))
    return NAN;
  return aiperf_student_t_quantile (1.0 - (1.0 - level) / 2.0, n - 1) * sd / sqrt ((double) n);
}
