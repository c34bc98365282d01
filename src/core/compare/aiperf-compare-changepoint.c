/* aiperf-compare-changepoint.c — E-divisive means change points.
 *
 * The energy distance between the points before and after a split
 * (Matteson and James, alpha = 1) is largest where the distribution
 * shifts; a shuffle of the same points shows how large it gets by chance,
 * which gives the split's p-value. Significant splits are searched again
 * on each side (binary segmentation), as MongoDB's signal processing does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-compare-stats.h"

/* The best split of @x (n points) with at least @min_size on each side:
 * its scaled energy statistic, and in @out_index the first point after it.
 * Sums of within-side distances are kept as the split moves, so one scan
 * costs O(n²). */
static double
best_split (const double *x,
            guint         n,
            guint         min_size,
            guint        *out_index)
{
  double total = 0, within_left = 0, best = -INFINITY;
  g_autofree double *to_right = g_new0 (double, n);

  /* to_right[i] = Σ_{j > i} |x_i − x_j|; within_right starts as the total. */
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      to_right[i] += fabs (x[i] - x[j]);
  for (guint i = 0; i < n; i++)
    total += to_right[i];

  {
    double within_right = total;

    *out_index = 0;
    for (guint tau = 1; tau < n; tau++)
      {
        /* Point tau−1 moves from the right side to the left one. */
        double to_left = 0;
        double p = tau, q = n - tau, cross, energy;

        for (guint i = 0; i + 1 < tau; i++)
          to_left += fabs (x[i] - x[tau - 1]);
        within_left += to_left;
        within_right -= to_right[tau - 1];
        if (tau < min_size || n - tau < min_size || tau < 2 || n - tau < 2)
          continue;
        cross = total - within_left - within_right;
        energy = 2 * cross / (p * q) - within_left / (p * (p - 1) / 2)
                 - within_right / (q * (q - 1) / 2);
        energy *= p * q / (p + q);
        if (energy > best)
          {
            best = energy;
            *out_index = tau;
          }
      }
  }
  return best;
}

static void
segment (const double *x,
         guint         offset,
         guint         n,
         guint         min_size,
         double        alpha,
         guint         n_perm,
         GRand        *rand,
         GArray       *found)
{
  guint index, hits = 0;
  double observed;
  g_autofree double *shuffled = NULL;
  double p;

  if (n < 2 * MAX (min_size, 2))
    return;
  observed = best_split (x + offset, n, min_size, &index);
  if (!isfinite (observed))
    return;
  shuffled = g_memdup2 (x + offset, n * sizeof (double));
  for (guint k = 0; k < n_perm; k++)
    {
      guint ignored;

      for (guint i = n - 1; i > 0; i--)
        {
          guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
          double tmp = shuffled[i];

          shuffled[i] = shuffled[j];
          shuffled[j] = tmp;
        }
      if (best_split (shuffled, n, min_size, &ignored) >= observed)
        hits++;
    }
  p = (hits + 1.0) / (n_perm + 1.0);
  if (p >= alpha)
    return;
  segment (x, offset, index, min_size, alpha, n_perm, rand, found);
  g_array_append_val (found, ((AiperfChangePoint) { offset + index, p }));
  segment (x, offset + index, n - index, min_size, alpha, n_perm, rand, found);
}

GArray *
aiperf_compare_change_points (const double *x,
                              guint         n,
                              guint         min_size,
                              double        alpha,
                              guint         n_perm,
                              guint64       seed)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (AiperfChangePoint));
  guint32 words[2] = { (guint32) seed, (guint32) (seed >> 32) };
  g_autoptr(GRand) rand = g_rand_new_with_seed_array (words, 2);

  g_return_val_if_fail (n == 0 || x != NULL, found);

  segment (x, 0, n, min_size, alpha, n_perm, rand, found);
  return found;
}
