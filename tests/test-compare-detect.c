/* test-compare-detect.c — the comparison on generated pairs with a known
 * true effect (gen-ab.h: warm-up, drift, AR(1) queueing noise, a level per
 * run): it finds 5 % effects, and on null pairs flags no more than 5 % of
 * the metrics across seeds. bench-compare reports the rates per stat.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-compare-chart.h"
#include "gen-ab-compare.h"

#define N_BOOT 500

static void
rates (double  effect,
       guint   n_runs,
       double  run_sd,
       guint   first_seed,
       guint   n_seeds,
       const char *stat,
       guint  *flagged,
       guint  *total,
       guint  *regressions)
{
  *flagged = *total = *regressions = 0;
  for (guint s = 0; s < n_seeds; s++)
    {
      GenAbParams p;
      g_autoptr(AiperfComparison) comparison = NULL;

      gen_ab_params_init (&p);
      p.effect = effect;
      p.run_sd = run_sd;
      p.seed = first_seed + s;
      comparison = gen_ab_compare (&p, n_runs, N_BOOT);
      g_assert_cmpuint (comparison->records->len, ==, 14);
      gen_ab_count (comparison, stat, flagged, total);
      *regressions += aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, 0);
    }
}

/* Same distribution on both sides, one run each with its requests: at most
 * 5 % of the 14 metrics × 30 seeds flagged. */
static void
test_null_single (void)
{
  guint flagged, total, regressions;

  rates (0, 1, 0.005, 1, 30, NULL, &flagged, &total, &regressions);
  g_test_message ("null, single runs: %u of %u metrics flagged", flagged, total);
  g_assert_cmpuint (total, ==, 30 * 14);
  g_assert_cmpfloat ((double) flagged / total, <=, 0.05);
}

/* Five repeats a side with a 2 % spread between runs: Welch on the runs. */
static void
test_null_repeats (void)
{
  guint flagged, total, regressions;

  rates (0, 5, 0.02, 101, 12, NULL, &flagged, &total, &regressions);
  g_test_message ("null, 5 repeats: %u of %u metrics flagged", flagged, total);
  g_assert_cmpfloat ((double) flagged / total, <=, 0.05);
}

/* A true 5 % slow-down of every latency: mean, median and p90 of each
 * latency, and both throughputs (which fall by 4.8 %), found in at least
 * 90 % of the seeds, always as regressions. The p99 of 1000 requests is
 * set by a dozen warm-up requests and found less often (bench-compare). */
static void
test_effect_single (void)
{
  const char * const stats[] = { "avg", "p50", "p90", "throughput" };
  guint flagged[G_N_ELEMENTS (stats) + 1] = { 0 }, total[G_N_ELEMENTS (stats) + 1] = { 0 }, regressions = 0;

  for (guint seed = 201; seed < 211; seed++)
    {
      GenAbParams p;
      g_autoptr(AiperfComparison) comparison = NULL;

      gen_ab_params_init (&p);
      p.effect = 0.05;
      p.seed = seed;
      comparison = gen_ab_compare (&p, 1, N_BOOT);
      for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
        gen_ab_count (comparison, stats[i], &flagged[i], &total[i]);
      gen_ab_count (comparison, NULL, &flagged[G_N_ELEMENTS (stats)], &total[G_N_ELEMENTS (stats)]);
      regressions += aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    {
      g_test_message ("5 %% effect, single runs, %s: %u of %u found", stats[i], flagged[i], total[i]);
      g_assert_cmpfloat ((double) flagged[i] / total[i], >=, 0.9);
    }
  /* Nothing is an improvement: every flag is the regression it is. */
  g_assert_cmpuint (regressions, ==, flagged[G_N_ELEMENTS (stats)]);
}

static void
test_effect_repeats (void)
{
  guint flagged, total, regressions;

  rates (0.10, 5, 0.02, 301, 6, NULL, &flagged, &total, &regressions);
  g_test_message ("10 %% effect, 5 repeats: %u of %u found", flagged, total);
  g_assert_cmpfloat ((double) flagged / total, >=, 0.95);
  g_assert_cmpuint (regressions, ==, flagged);
  rates (0.05, 5, 0.02, 301, 6, "avg", &flagged, &total, &regressions);
  g_test_message ("5 %% effect, 5 repeats, avg: %u of %u found", flagged, total);
  g_assert_cmpfloat ((double) flagged / total, >=, 0.8);
}

/* A change below the minimal effect is never a regression, however many
 * requests make it significant. */
static void
test_min_effect (void)
{
  GenAbParams p;
  g_autoptr(AiperfComparison) comparison = NULL;

  gen_ab_params_init (&p);
  p.effect = 0.012;
  p.n_requests = 20000;
  p.noise = 0.02;
  p.warmup = 0;
  p.run_sd = 0;
  comparison = gen_ab_compare (&p, 1, 200);
  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *r = g_ptr_array_index (comparison->records, i);

      g_assert_cmpint (r->verdict, !=, AIPERF_VERDICT_REGRESSION);
      if (g_str_equal (r->metric, "inter_token_latency") && g_str_equal (r->stat, "avg"))
        {
          /* Significant, yet no change: it says why. */
          g_assert_cmpfloat (r->q, <, 0.05);
          g_assert_cmpint (r->verdict, ==, AIPERF_VERDICT_NO_CHANGE);
          g_assert_nonnull (r->reason);
        }
    }
}

/* The same input gives the same verdicts and numbers, run after run. */
static void
test_deterministic (void)
{
  GenAbParams p;
  g_autoptr(AiperfComparison) a = NULL;
  g_autoptr(AiperfComparison) b = NULL;

  gen_ab_params_init (&p);
  p.effect = 0.03;
  a = gen_ab_compare (&p, 1, 300);
  b = gen_ab_compare (&p, 1, 300);
  for (guint i = 0; i < a->records->len; i++)
    {
      const AiperfCompareRecord *ra = g_ptr_array_index (a->records, i);
      const AiperfCompareRecord *rb = g_ptr_array_index (b->records, i);

      g_assert_cmpint (ra->verdict, ==, rb->verdict);
      g_assert_cmpfloat (ra->ci_lo, ==, rb->ci_lo);
      g_assert_cmpfloat (ra->p, ==, rb->p);
    }
}

/* One run a side and no per-request data: not enough data, and why. */
static void
test_not_enough_data (void)
{
  g_autoptr(AiperfComparison) comparison = aiperf_comparison_new (NULL);
  AiperfEstimator mean = { AIPERF_ESTIMATOR_MEAN, 0 };
  double vb = 10, vc = 12;
  AiperfCompareSide base = { 1, NULL, &vb, 0 }, cand = { 1, NULL, &vc, 0 };
  AiperfCompareRecord *record = aiperf_comparison_add_record (comparison, "c", "serving", "goodput", NULL,
                                                              "avg", "requests/sec", AIPERF_BETTER_HIGHER);

  aiperf_compare_measure (comparison, &record, &mean, 1, &base, &cand);
  aiperf_comparison_finish (comparison);
  g_assert_cmpint (record->verdict, ==, AIPERF_VERDICT_NOT_ENOUGH_DATA);
  g_assert_cmpstr (record->reason, ==, "one run per side and no per-request data");
  g_assert_cmpfloat_with_epsilon (record->change, 0.2, 1e-12);
}

/* A metric on one side only is reported as such, never dropped. */
static void
test_one_side (void)
{
  g_autoptr(AiperfComparison) comparison = aiperf_comparison_new (NULL);
  AiperfEstimator mean = { AIPERF_ESTIMATOR_MEAN, 0 };
  double vb = NAN, vc = 3.5;
  AiperfCompareSide base = { 1, NULL, &vb, 0 }, cand = { 1, NULL, &vc, 0 };
  AiperfCompareRecord *record = aiperf_comparison_add_record (comparison, "c", "serving", "goodput", NULL,
                                                              "avg", "requests/sec", AIPERF_BETTER_HIGHER);

  aiperf_compare_measure (comparison, &record, &mean, 1, &base, &cand);
  aiperf_comparison_finish (comparison);
  g_assert_cmpint (record->verdict, ==, AIPERF_VERDICT_NOT_ENOUGH_DATA);
  g_assert_cmpstr (record->reason, ==, "only in the candidate");
  g_assert_cmpfloat (record->candidate, ==, 3.5);
  g_assert_true (isnan (record->baseline));
}

/* The forest plot: one panel per configuration, a row per record (first
 * on top), each regression an interval on the regression layer. */
static void
test_forest_chart (void)
{
  GenAbParams p;
  g_autoptr(AiperfComparison) comparison = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  AiperfChart *panel;
  guint intervals = 0;

  gen_ab_params_init (&p);
  p.effect = 0.10;
  comparison = gen_ab_compare (&p, 1, 300);
  chart = aiperf_compare_forest_chart (comparison);
  g_assert_nonnull (chart);
  g_assert_cmpuint (chart->panels->len, ==, 1);
  panel = g_ptr_array_index (chart->panels, 0);
  g_assert_cmpstr (panel->title, ==, "generated");
  g_assert_cmpuint (panel->y.tick_labels->len, ==, 14);
  g_assert_cmpstr (g_ptr_array_index (panel->y.tick_labels, 13), ==, "time_to_first_token avg");
  for (guint l = 0; l < panel->layers->len; l++)
    {
      AiperfLayer *layer = g_ptr_array_index (panel->layers, l);

      if (layer->kind == AIPERF_LAYER_ERROR_BARS && layer->series == 0)  /* Regression */
        intervals += aiperf_layer_get_n (layer);
    }
  g_assert_cmpuint (intervals, ==, aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, 0));
  g_assert_cmpuint (intervals, >=, 10);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/compare/detect/null-single", test_null_single);
  g_test_add_func ("/aiperf/compare/detect/null-repeats", test_null_repeats);
  g_test_add_func ("/aiperf/compare/detect/effect-single", test_effect_single);
  g_test_add_func ("/aiperf/compare/detect/effect-repeats", test_effect_repeats);
  g_test_add_func ("/aiperf/compare/detect/min-effect", test_min_effect);
  g_test_add_func ("/aiperf/compare/detect/deterministic", test_deterministic);
  g_test_add_func ("/aiperf/compare/detect/not-enough-data", test_not_enough_data);
  g_test_add_func ("/aiperf/compare/detect/one-side", test_one_side);
  g_test_add_func ("/aiperf/compare/detect/forest-chart", test_forest_chart);

  return g_test_run ();
}
