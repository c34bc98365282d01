/* aiperf-pareto.c — Pareto frontiers.
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
