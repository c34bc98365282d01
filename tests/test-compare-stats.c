/* test-compare-stats.c — the comparison's statistics against known values:
 * Student's t (table values), Welch (Wikipedia's worked example, and from
 * summaries), permutation, Benjamini–Hochberg (McDonald's 25 p-values),
 * block-bootstrap interval coverage on autocorrelated data, E-divisive
 * change points.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-compare-stats.h"
#include "aiperf-student-t.h"
#include "aiperf-stats.h"

static void
test_distributions (void)
{
  /* I_x(1, 1) = x, I_x(a, 1) = x^a, I_x(1, b) = 1 − (1 − x)^b, I_½(a, a) = ½. */
  g_assert_cmpfloat_with_epsilon (aiperf_incomplete_beta (1, 1, 0.3), 0.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (aiperf_incomplete_beta (3, 1, 0.4), pow (0.4, 3), 1e-12);
  g_assert_cmpfloat_with_epsilon (aiperf_incomplete_beta (1, 4, 0.2), 1 - pow (0.8, 4), 1e-12);
  g_assert_cmpfloat_with_epsilon (aiperf_incomplete_beta (7.5, 7.5, 0.5), 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (aiperf_compare_normal_cdf (1.959963985), 0.975, 1e-9);
  /* Two-sided 5 % critical values of the t table. */
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_sf (12.706205, 1), 0.025, 1e-7);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_sf (2.228139, 10), 0.025, 1e-7);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_sf (2.042272, 30), 0.025, 1e-7);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_sf (-2.228139, 10), 0.975, 1e-7);
  /* Fractional df (numerical integration of the density: 0.0786957479). */
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_sf (2.0, 2.5), 0.0786957479, 1e-8);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.975, 10), 2.228139, 1e-6);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.95, 5), 2.015048, 1e-6);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.025, 30), -2.042272, 1e-6);
}

/* Wikipedia, "Welch's t-test", example 1: t 2.46, ν 24.99, p 0.021. */
static void
test_welch_textbook (void)
{
  const double a[] = { 27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4 };
  const double b[] = { 27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4 };
  AiperfWelch w;

  g_assert_true (aiperf_compare_welch (a, G_N_ELEMENTS (a), b, G_N_ELEMENTS (b), 0.95, &w));
  g_assert_cmpfloat_with_epsilon (w.diff, 22.986666666666668 - 20.82, 1e-9);
  g_assert_cmpfloat_with_epsilon (w.se, 0.8824245100137553, 1e-9);
  g_assert_cmpfloat_with_epsilon (w.t, 2.45535639828601, 1e-9);
  g_assert_cmpfloat_with_epsilon (w.df, 24.98852929023142, 1e-9);
  g_assert_cmpfloat_with_epsilon (w.p, 0.021378001462863935, 1e-8);
  /* The CI is diff ± t(0.975, ν)·se and excludes zero as p < 0.05 says. */
  g_assert_cmpfloat (w.ci_lo, >, 0);
  g_assert_cmpfloat_with_epsilon (w.ci_hi - w.diff, w.diff - w.ci_lo, 1e-12);
  g_assert_cmpfloat_with_epsilon ((w.ci_hi - w.diff) / w.se,
                                  aiperf_student_t_quantile (0.975, w.df), 1e-9);

  /* One value on a side: nothing to test. */
  g_assert_false (aiperf_compare_welch (a, 1, b, 3, 0.95, &w));
  g_assert_true (isnan (w.p));
}

static void
test_welch_summary (void)
{
  AiperfWelch w;

  /* 1000 instances of mean 10, σ 2 against 800 of 10.3, σ 2.5. */
  g_assert_true (aiperf_compare_welch_summary (1000, 10, 2, 800, 10.3, 2.5, 0.95, &w));
  g_assert_cmpfloat_with_epsilon (w.se, 0.10868532559642079, 1e-12);
  g_assert_cmpfloat_with_epsilon (w.t, 2.7602622373694237, 1e-9);
  g_assert_cmpfloat_with_epsilon (w.df, 1510.0317036593271, 1e-6);
  g_assert_cmpfloat_with_epsilon (w.p, 0.005845332313988947, 1e-8);
  /* No spread and equal means: untestable; different means: certain. */
  g_assert_false (aiperf_compare_welch_summary (5, 1, 0, 5, 1, 0, 0.95, &w));
  g_assert_true (aiperf_compare_welch_summary (5, 1, 0, 5, 2, 0, 0.95, &w));
  g_assert_cmpfloat (w.p, ==, 0);
}

static void
test_permutation (void)
{
  const double a[] = { 1, 2, 3 }, b[] = { 4, 5, 6 };
  const double c[] = { 1, 2, 3, 4 }, d[] = { 5, 6, 7, 8 };
  double p, p2;

  /* 20 splits of six values; only the observed one and its mirror reach |3|. */
  p = aiperf_compare_permutation_test (a, 3, b, 3, 20000, 1);
  g_assert_cmpfloat_with_epsilon (p, 2.0 / 20, 1e-12);
  /* 70 splits of eight values. */
  p = aiperf_compare_permutation_test (c, 4, d, 4, 20000, 1);
  g_assert_cmpfloat_with_epsilon (p, 2.0 / 70, 1e-12);
  /* Identical sides: every split is at least as extreme. */
  p = aiperf_compare_permutation_test (a, 3, a, 3, 20000, 1);
  g_assert_cmpfloat (p, ==, 1.0);
  /* Sampled splits: close to the exact answer, and the same for a seed. */
  p = aiperf_compare_permutation_test (c, 4, d, 4, 10, 7);
  p2 = aiperf_compare_permutation_test (c, 4, d, 4, 10, 7);
  g_assert_cmpfloat (p, ==, p2);
  g_assert_true (isnan (aiperf_compare_permutation_test (a, 0, b, 3, 100, 1)));
}

/* McDonald, Handbook of Biological Statistics: 25 p-values. */
static void
test_benjamini_hochberg (void)
{
  const double p[] = { 0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216, 0.222,
                       0.251, 0.269, 0.275, 0.34, 0.341, 0.384, 0.569, 0.594, 0.696, 0.762, 0.94,
                       0.942, 0.975, 0.986 };
  const double expected[] = { 0.025, 0.1, 0.21, 0.21, 0.21, 0.25, 0.2642857142857143,
                              0.49107142857142866, 0.49107142857142866, 0.49107142857142866,
                              0.49107142857142866, 0.49107142857142866, 0.49107142857142866,
                              0.49107142857142866, 0.5328125, 0.5328125, 0.5647058823529412,
                              0.781578947368421, 0.781578947368421, 0.87, 0.9071428571428571,
                              0.986, 0.986, 0.986, 0.986 };
  const double with_nan[] = { 0.04, NAN, 0.01, 0.03, 0.005 };
  double q[G_N_ELEMENTS (p)];

  aiperf_compare_bh_adjust (p, G_N_ELEMENTS (p), q);
  for (guint i = 0; i < G_N_ELEMENTS (p); i++)
    g_assert_cmpfloat_with_epsilon (q[i], expected[i], 1e-12);
  /* NaN is no test: m is 4, not 5. */
  aiperf_compare_bh_adjust (with_nan, 5, q);
  g_assert_true (isnan (q[1]));
  g_assert_cmpfloat_with_epsilon (q[0], 0.04, 1e-12);
  g_assert_cmpfloat_with_epsilon (q[2], 0.02, 1e-12);
  g_assert_cmpfloat_with_epsilon (q[3], 0.04, 1e-12);
  g_assert_cmpfloat_with_epsilon (q[4], 0.02, 1e-12);
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The bootstrap's estimators agree with sorting (aiperf's percentiles). */
static void
test_estimators (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  double x[1001], sorted[1001], w[1001], sum = 0, sum_w = 0;
  AiperfSampleRun run = { x, w, G_N_ELEMENTS (x) };
  const double pcts[] = { 0, 1, 37.5, 50, 90, 99, 99.9, 100 };

  for (guint i = 0; i < G_N_ELEMENTS (x); i++)
    {
      sorted[i] = x[i] = floor (g_rand_double_range (rand, 0, 50));  /* with ties */
      w[i] = g_rand_double_range (rand, 0.5, 1.5);
      sum += x[i];
      sum_w += w[i];
    }
  qsort (sorted, G_N_ELEMENTS (x), sizeof (double), compare_doubles);
  for (guint i = 0; i < G_N_ELEMENTS (pcts); i++)
    {
      AiperfEstimator e = { AIPERF_ESTIMATOR_PERCENTILE, pcts[i] };

      g_assert_cmpfloat_with_epsilon (aiperf_compare_estimate (&e, &run, 1),
                                      aiperf_percentile_sorted (sorted, G_N_ELEMENTS (x), pcts[i]), 1e-12);
    }
  {
    AiperfEstimator mean = { AIPERF_ESTIMATOR_MEAN, 0 }, ratio = { AIPERF_ESTIMATOR_RATIO, 0 };

    g_assert_cmpfloat_with_epsilon (aiperf_compare_estimate (&mean, &run, 1), sum / G_N_ELEMENTS (x), 1e-12);
    g_assert_cmpfloat_with_epsilon (aiperf_compare_estimate (&ratio, &run, 1), sum / sum_w, 1e-12);
  }
  g_assert_cmpuint (aiperf_compare_block_length (1000), ==, 10);
  g_assert_cmpuint (aiperf_compare_block_length (1001), ==, 11);
  g_assert_cmpuint (aiperf_compare_block_length (1), ==, 1);
}

/* AR(1) noise (φ 0.6) around a known mean: the block bootstrap's 95 %
 * interval of the mean covers it close to 95 % of the time, where
 * resampling requests one by one covers it far less often. */
static double
coverage (guint block_one)
{
  const guint n = 500, reps = 200, n_boot = 600;
  const double mu = 100, phi = 0.6;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autofree double *x = g_new (double, n);
  g_autofree double *boot = g_new (double, n_boot);
  AiperfEstimator mean = { AIPERF_ESTIMATOR_MEAN, 0 };
  guint covered = 0;

  for (guint r = 0; r < reps; r++)
    {
      double e = 0;

      for (guint i = 0; i < n; i++)
        {
          /* Box–Muller normal innovations. */
          double u1 = g_rand_double_range (rand, 1e-12, 1), u2 = g_rand_double (rand);

          e = phi * e + sqrt (-2 * log (u1)) * cos (2 * G_PI * u2);
          x[i] = mu + e;
        }
      if (block_one)
        {
          /* Requests drawn one by one, as if independent. */
          for (guint b = 0; b < n_boot; b++)
            {
              double sum = 0;

              for (guint i = 0; i < n; i++)
                sum += x[g_rand_int_range (rand, 0, (gint32) n)];
              boot[b] = sum / n;
            }
        }
      else
        {
          AiperfSampleRun run = { x, NULL, n };

          aiperf_compare_block_bootstrap (&run, 1, &mean, 1, n_boot, 1000 + r, boot);
        }
      qsort (boot, n_boot, sizeof (double), compare_doubles);
      if (aiperf_percentile_sorted (boot, n_boot, 2.5) <= mu && mu <= aiperf_percentile_sorted (boot, n_boot, 97.5))
        covered++;
    }
  return (double) covered / reps;
}

static void
test_block_bootstrap_coverage (void)
{
  double blocks = coverage (FALSE), iid = coverage (TRUE);

  g_test_message ("coverage of the 95 %% interval: blocks %.3f, one by one %.3f", blocks, iid);
  g_assert_cmpfloat (blocks, >=, 0.88);
  g_assert_cmpfloat (blocks, <=, 0.99);
  g_assert_cmpfloat (iid, <, blocks);
}

static void
test_bootstrap_deterministic (void)
{
  double x[300], a[200], b[200];
  AiperfSampleRun run = { x, NULL, G_N_ELEMENTS (x) };
  AiperfEstimator p90 = { AIPERF_ESTIMATOR_PERCENTILE, 90 };

  for (guint i = 0; i < G_N_ELEMENTS (x); i++)
    x[i] = sin (i * 0.37) * 10 + i * 0.01;
  aiperf_compare_block_bootstrap (&run, 1, &p90, 1, 200, 42, a);
  aiperf_compare_block_bootstrap (&run, 1, &p90, 1, 200, 42, b);
  g_assert_cmpmem (a, sizeof a, b, sizeof b);
  aiperf_compare_block_bootstrap (&run, 1, &p90, 1, 200, 43, b);
  g_assert_true (memcmp (a, b, sizeof a) != 0);
}

/* 30 nights, noise σ 2 %, a 10 % step from night 20 (index 19): found
 * there (±1) and nowhere else, for every one of 20 noise seeds. */
static void
test_change_points (void)
{
  for (guint seed = 1; seed <= 20; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr(GArray) found = NULL;
      double x[30];

      for (guint i = 0; i < 30; i++)
        {
          double u1 = g_rand_double_range (rand, 1e-12, 1), u2 = g_rand_double (rand);

          x[i] = (i >= 19 ? 110 : 100) * (1 + 0.02 * sqrt (-2 * log (u1)) * cos (2 * G_PI * u2));
        }
      found = aiperf_compare_change_points (x, 30, 3, 0.01, 499, 5);
      g_assert_cmpuint (found->len, ==, 1);
      g_assert_cmpint (abs ((int) g_array_index (found, AiperfChangePoint, 0).index - 19), <=, 1);
      g_assert_cmpfloat (g_array_index (found, AiperfChangePoint, 0).p, <, 0.01);
    }
  /* A flat series has none. */
  {
    double flat[30];
    g_autoptr(GArray) none = NULL;

    for (guint i = 0; i < 30; i++)
      flat[i] = 100 + (i % 3);
    none = aiperf_compare_change_points (flat, 30, 3, 0.01, 499, 5);
    g_assert_cmpuint (none->len, ==, 0);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/compare/stats/distributions", test_distributions);
  g_test_add_func ("/aiperf/compare/stats/welch-textbook", test_welch_textbook);
  g_test_add_func ("/aiperf/compare/stats/welch-summary", test_welch_summary);
  g_test_add_func ("/aiperf/compare/stats/permutation", test_permutation);
  g_test_add_func ("/aiperf/compare/stats/benjamini-hochberg", test_benjamini_hochberg);
  g_test_add_func ("/aiperf/compare/stats/estimators", test_estimators);
  g_test_add_func ("/aiperf/compare/stats/bootstrap-coverage", test_block_bootstrap_coverage);
  g_test_add_func ("/aiperf/compare/stats/bootstrap-deterministic", test_bootstrap_deterministic);
  g_test_add_func ("/aiperf/compare/stats/change-points", test_change_points);

  return g_test_run ();
}
