/* aiperf-student-t.h — Student's t distribution and confidence intervals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The regularised incomplete beta function I_x(a, b), a, b > 0. */
double  aiperf_incomplete_beta      (double a,
                                     double b,
                                     double x);
/* P(T > t) for Student's t with @df degrees of freedom (df > 0). */
double  aiperf_student_t_sf         (double t,
                                     double df);
/* P(T <= t). */
double  aiperf_student_t_cdf        (double t,
                                     double df);
/* The t with P(T <= t) = @p, 0 < p < 1. */
double  aiperf_student_t_quantile   (double p,
                                     double df);
/* Half-width of the two-sided @level (0.95) confidence interval of the mean
 * of @n samples with sample standard deviation @sd: t(1-(1-level)/2, n-1)·sd/√n.
 * NaN when n < 2. */
double  aiperf_confidence_half_width (double level,
                                      guint  n,
                                      double sd);

G_END_DECLS
