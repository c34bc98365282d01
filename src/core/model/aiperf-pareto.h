/* aiperf-pareto.h — Pareto frontiers and Student-t confidence intervals.
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

/* Student-t distribution with @df degrees of freedom (df > 0). */
double  aiperf_student_t_cdf        (double t,
                                     double df);
/* The t with P(T <= t) = @p, 0 < p < 1. */
double  aiperf_student_t_quantile   (double p,
                                     double df);
/* Half-width of the two-sided @level (0.95) confidence interval of the mean
 * of @n samples with sample standard deviation @sd: t(1-(1-level)/2, n-1)·sd/√n.
 * NaN for n < 2. */
double  aiperf_confidence_half_width (double level,
                                      guint  n,
                                      double sd);

G_END_DECLS
