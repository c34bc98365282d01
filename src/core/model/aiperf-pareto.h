/* aiperf-pareto.h — Pareto frontiers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets @out_on_frontier[i] for each of the @n points that no other point
 * beats: a point is dominated by one at least as good on both axes and
 * better on one ("better" per axis from the *_higher_better flags). Equal
 * x values therefore keep only the best y; exact duplicates are all kept.
 * NaN points are never on the frontier. Returns how many are on it. */
guint   aiperf_pareto_frontier      (const double *x,
                                     const double *y,
                                     guint         n,
                                     gboolean      x_higher_better,
                                     gboolean      y_higher_better,
                                     gboolean     *out_on_frontier);

G_END_DECLS
