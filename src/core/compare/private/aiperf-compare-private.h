/* aiperf-compare-private.h — the comparison's insides: the histogram
 * bins its distribution chart draws.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* aiperf-compare-histogram.c: both sides' requests in one set of bins. */
typedef struct {
  double  first, width;      /* the first bin's left edge; every bin's width */
  guint   n_bins;
  double *baseline;          /* each bin's share of the side's requests, % */
  double *candidate;
  guint   beyond_baseline;   /* requests past the last edge, counted in the last bin */
  guint   beyond_candidate;
  double  top;               /* the tallest bar, % */
} AiperfCompareHistogram;

/* Bins for @baseline and @candidate (sorted values); the range reaches
 * every finite value of @keep (the sides' statistics, the interval). */
void aiperf_compare_histogram_init  (AiperfCompareHistogram *histogram,
                                     const GArray           *baseline,
                                     const GArray           *candidate,
                                     const double           *keep,
                                     guint                   n_keep);
void aiperf_compare_histogram_clear (AiperfCompareHistogram *histogram);

G_END_DECLS
