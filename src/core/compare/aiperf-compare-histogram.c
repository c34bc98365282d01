/* aiperf-compare-histogram.c — the shared bins of a comparison's
 * histogram: one set of edges for both sides (so their bars can be read
 * against each other), a round width from the Freedman–Diaconis rule on
 * the pooled requests, and each side's share of its own requests per bin
 * (so a side with more requests is not taller).
 *
 * A latency's far tail would squeeze the body into a few bins: the range
 * ends at the pooled 99.5th percentile (or further, to show the values and
 * the interval the verdict rests on); requests beyond it are counted in
 * the last bin and said.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-compare-private.h"
#include "aiperf-plot-helpers.h"
#include "aiperf-stats.h"

#define MIN_BINS 8
#define MAX_BINS 60
#define TAIL_PCT 99.5

/* The round width (1, 2, 2.5 or 5 × 10^k) nearest @raw on a log scale
 * that still cuts @span into at least MIN_BINS − 1 bins. */
static double
round_width (double raw,
             double span)
{
  static const double steps[] = { 1, 2, 2.5, 5 };
  double decade = pow (10, floor (log10 (raw))), best = raw;

  for (int d = -1; d <= 1; d++)
    for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
      {
        double w = steps[i] * decade * pow (10, d);

        if (span / w >= MIN_BINS - 1 &&
            (best == raw || fabs (log (w / raw)) < fabs (log (best / raw))))
          best = w;
      }
  return best;
}

static void
count_side (AiperfCompareHistogram *histogram,
            const GArray           *sorted,
            double                 *pct,
            guint                  *out_beyond)
{
  const double *v = (const double *) sorted->data;
  double end = histogram->first + histogram->width * histogram->n_bins;
  g_autofree guint *counts = g_new0 (guint, histogram->n_bins);

  *out_beyond = 0;
  for (guint i = 0; i < sorted->len; i++)
    {
      double k = floor ((v[i] - histogram->first) / histogram->width);

      if (v[i] >= end)
        (*out_beyond)++;
      counts[(guint) CLAMP (k, 0, histogram->n_bins - 1)]++;
    }
  for (guint b = 0; b < histogram->n_bins; b++)
    pct[b] = sorted->len > 0 ? 100.0 * counts[b] / sorted->len : 0;
}

void
aiperf_compare_histogram_init (AiperfCompareHistogram *histogram,
                               const GArray           *baseline,
                               const GArray           *candidate,
                               const double           *keep,
                               guint                   n_keep)
{
  g_autoptr(GArray) pooled = g_array_sized_new (FALSE, FALSE, sizeof (double), baseline->len + candidate->len);
  const double *v;
  double lo, hi, iqr, raw, last;
  guint n;

  g_return_if_fail (histogram != NULL && baseline != NULL && candidate != NULL);

  g_array_append_vals (pooled, baseline->data, baseline->len);
  g_array_append_vals (pooled, candidate->data, candidate->len);
  g_array_sort (pooled, (GCompareFunc) aiperf_compare_doubles);
  v = (const double *) pooled->data;
  n = pooled->len;
  lo = n > 0 ? v[0] : 0;
  hi = n > 0 ? aiperf_percentile_sorted (v, n, TAIL_PCT) : 1;
  /* The sides' values and the interval stay in view. */
  for (guint i = 0; i < n_keep; i++)
    if (isfinite (keep[i]))
      {
        lo = MIN (lo, keep[i]);
        hi = MAX (hi, keep[i]);
      }
  if (!(hi > lo))
    hi = lo + MAX (fabs (lo) * 0.01, 1e-9);

  /* Freedman–Diaconis on the pooled requests, then as many bins as that
   * gives within MIN_BINS..MAX_BINS, each a round width. */
  iqr = n >= 4 ? aiperf_percentile_sorted (v, n, 75) - aiperf_percentile_sorted (v, n, 25) : 0;
  raw = iqr > 0 ? 2 * iqr / cbrt (n) : (hi - lo) / MIN_BINS;
  raw = CLAMP (raw, (hi - lo) / MAX_BINS, (hi - lo) / MIN_BINS);
  histogram->width = round_width (raw, hi - lo);
  histogram->first = floor (lo / histogram->width) * histogram->width;
  last = floor (hi / histogram->width) * histogram->width + histogram->width;
  histogram->n_bins = (guint) MAX (1, lround ((last - histogram->first) / histogram->width));
  histogram->baseline = g_new0 (double, histogram->n_bins);
  histogram->candidate = g_new0 (double, histogram->n_bins);
  count_side (histogram, baseline, histogram->baseline, &histogram->beyond_baseline);
  count_side (histogram, candidate, histogram->candidate, &histogram->beyond_candidate);
  histogram->top = 0;
  for (guint b = 0; b < histogram->n_bins; b++)
    histogram->top = MAX (histogram->top, MAX (histogram->baseline[b], histogram->candidate[b]));
}

void
aiperf_compare_histogram_clear (AiperfCompareHistogram *histogram)
{
  g_clear_pointer (&histogram->baseline, g_free);
  g_clear_pointer (&histogram->candidate, g_free);
}
