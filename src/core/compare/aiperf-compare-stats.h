/* aiperf-compare-stats.h — the statistics of A/B comparison: the normal
 * distribution (Student's t is aiperf-student-t.h), Welch's test (from samples or from count/mean/std
 * summaries), an exact or sampled permutation test, the circular block
 * bootstrap of per-request samples, Benjamini–Hochberg adjustment and
 * E-divisive change points. GLib only; every random draw comes from a
 * caller-given seed, so the same input gives the same answer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* --- distributions --- */

/* Standard normal CDF. */
double   aiperf_compare_normal_cdf        (double z);

/* --- Welch's unequal-variance t-test --- */

typedef struct {
  double diff;          /* mean of b − mean of a */
  double se;            /* its standard error */
  double t, df, p;      /* two-sided p */
  double ci_lo, ci_hi;  /* @level CI of diff */
} AiperfWelch;

/* From each side's count, mean and (sample) standard deviation: what an
 * Nsight summary gives. FALSE when a side has n < 2 or both spreads are 0
 * with equal means (nothing to test); then @out holds NaN. */
gboolean aiperf_compare_welch_summary     (double       n_a,
                                           double       mean_a,
                                           double       std_a,
                                           double       n_b,
                                           double       mean_b,
                                           double       std_b,
                                           double       level,
                                           AiperfWelch *out);
gboolean aiperf_compare_welch             (const double *a,
                                           guint         n_a,
                                           const double *b,
                                           guint         n_b,
                                           double        level,
                                           AiperfWelch  *out);

/* Two-sided permutation test of the difference of means: every split of
 * the pooled values when there are at most @max_splits of them, else
 * @max_splits random ones drawn from @seed. NaN when a side is empty. */
double   aiperf_compare_permutation_test  (const double *a,
                                           guint         n_a,
                                           const double *b,
                                           guint         n_b,
                                           guint         max_splits,
                                           guint64       seed);

/* --- block bootstrap of per-request samples --- */

typedef enum {
  AIPERF_ESTIMATOR_MEAN,
  AIPERF_ESTIMATOR_PERCENTILE,  /* linear interpolation, as numpy and aiperf */
  AIPERF_ESTIMATOR_RATIO,       /* Σx / Σw: a rate over contiguous time blocks */
} AiperfEstimatorKind;

typedef struct {
  AiperfEstimatorKind kind;
  double              pct;      /* PERCENTILE: 0..100 */
} AiperfEstimator;

/* One run's samples in time order; @w (RATIO only) the denominators. */
typedef struct {
  const double *x;
  const double *w;
  guint         n;
} AiperfSampleRun;

/* The estimator on the samples of every run pooled. NaN when empty. */
double   aiperf_compare_estimate          (const AiperfEstimator *estimator,
                                           const AiperfSampleRun *runs,
                                           guint                  n_runs);
/* Block length of the circular block bootstrap for @n samples: ⌈n^(1/3)⌉. */
guint    aiperf_compare_block_length      (guint n);
/* @n_boot replicates of each of @n_est estimators into @out (row-major,
 * n_boot × n_est). Each run is resampled on its own in contiguous circular
 * blocks (warm-up, drift and queueing make neighbouring requests alike),
 * then the runs' resamples are pooled. */
void     aiperf_compare_block_bootstrap   (const AiperfSampleRun *runs,
                                           guint                  n_runs,
                                           const AiperfEstimator *estimators,
                                           guint                  n_est,
                                           guint                  n_boot,
                                           guint64                seed,
                                           double                *out);

/* --- many tests at once --- */

/* Benjamini–Hochberg adjusted p-values (q) of @p into @q; NaN entries are
 * left out of the count and stay NaN. */
void     aiperf_compare_bh_adjust         (const double *p,
                                           guint         n,
                                           double       *q);

/* --- change points --- */

typedef struct {
  guint  index;    /* first point after the shift */
  double p;        /* permutation p-value of the split */
} AiperfChangePoint;

/* E-divisive means (energy statistic, alpha 1): the most divergent split
 * of @x, kept when its permutation p (@n_perm shuffles from @seed) is
 * below @alpha and each side has at least @min_size points, then the two
 * halves searched again. Returns AiperfChangePoint in index order. */
GArray  *aiperf_compare_change_points     (const double *x,
                                           guint         n,
                                           guint         min_size,
                                           double        alpha,
                                           guint         n_perm,
                                           guint64       seed);

/* A seed for one named test from the run's seed (FNV-1a of @name). */
guint64  aiperf_compare_seed_for          (guint64      seed,
                                           const char  *name);

G_END_DECLS
