/* aiperf-compare.h — "is it really faster?": a baseline against candidates,
 * one record per configuration × metric × stat with the change, its
 * confidence interval, a p-value adjusted for the number of metrics, and a
 * verdict.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-compare-stats.h"
#include "aiperf-run-set.h"

G_BEGIN_DECLS

typedef enum {
  AIPERF_VERDICT_NOT_ENOUGH_DATA,
  AIPERF_VERDICT_NO_CHANGE,
  AIPERF_VERDICT_IMPROVEMENT,
  AIPERF_VERDICT_REGRESSION,
} AiperfVerdict;

typedef enum {
  AIPERF_BETTER_LOWER,
  AIPERF_BETTER_HIGHER,
} AiperfBetter;

typedef enum {
  AIPERF_TEST_NONE,
  AIPERF_TEST_BLOCK_BOOTSTRAP,  /* per-request samples, circular blocks */
  AIPERF_TEST_WELCH,            /* run-level values of repeats */
  AIPERF_TEST_PERMUTATION,      /* run-level values, few repeats (CI from Welch) */
  AIPERF_TEST_WELCH_SUMMARY,    /* from count, mean and std (Nsight summaries) */
} AiperfCompareTest;

typedef struct {
  char             *configuration;  /* "Qwen/Qwen3-0.6B · concurrency 4" */
  char             *kind;           /* "serving", "kernels", … */
  char             *metric;         /* "time_to_first_token" */
  char             *label;          /* "Time to First Token" */
  char             *stat;           /* "avg", "p99", "total", … */
  char             *unit;           /* "ms" */
  AiperfBetter      better;
  double            baseline, candidate;
  double            change;         /* candidate / baseline − 1 */
  double            ci_lo, ci_hi;   /* 95 % CI of change */
  double            p;              /* the test's own p-value */
  double            q;              /* Benjamini–Hochberg adjusted over every record */
  AiperfCompareTest test;
  guint             n_baseline, n_candidate;        /* samples the test used */
  guint             runs_baseline, runs_candidate;
  double            within_run_se;  /* relative: a run's own uncertainty (NaN: unknown) */
  double            between_run_sd; /* relative: spread of the repeats (NaN: unknown) */
  guint             failed_baseline, failed_candidate; /* requests excluded */
  AiperfVerdict     verdict;
  char             *reason;         /* why not enough data; NULL otherwise */
} AiperfCompareRecord;

/* A configuration found on one side only. */
typedef struct {
  char      *configuration;
  char      *kind;
  gboolean   in_baseline;   /* else only in the candidates */
  GPtrArray *runs;          /* char*: run names */
} AiperfCompareUnpaired;

typedef struct {
  double  min_effect;   /* fraction: 0.02 */
  double  level;        /* 0.95 */
  double  alpha;        /* FDR: 0.05 */
  guint   n_boot;       /* 2000 */
  guint64 seed;
} AiperfCompareSettings;

typedef struct {
  AiperfCompareSettings settings;
  GPtrArray *records;   /* AiperfCompareRecord*, in configuration, metric, stat order */
  GPtrArray *unpaired;  /* AiperfCompareUnpaired* */
  GPtrArray *notes;     /* char*: what was excluded and why */
} AiperfComparison;

/* One side of one configuration for one metric: its runs, each with its
 * per-request samples (n 0 when the run has none) and its summary value of
 * each estimator (@values: n_runs × n_est, NaN when the run lacks it). */
typedef struct {
  guint                  n_runs;
  const AiperfSampleRun *samples;
  const double          *values;
  guint                  n_failed;
} AiperfCompareSide;

void                 aiperf_compare_settings_init   (AiperfCompareSettings *settings);

AiperfComparison    *aiperf_comparison_new          (const AiperfCompareSettings *settings);
void                 aiperf_comparison_free         (AiperfComparison      *comparison);

/* A new record (owned by @comparison) with names filled, values NaN. */
AiperfCompareRecord *aiperf_comparison_add_record   (AiperfComparison      *comparison,
                                                     const char            *configuration,
                                                     const char            *kind,
                                                     const char            *metric,
                                                     const char            *label,
                                                     const char            *stat,
                                                     const char            *unit,
                                                     AiperfBetter           better);
/* Measures @n_est records at once (one bootstrap serves every estimator):
 * repeats on both sides → Welch (permutation when a side has fewer than 3
 * runs) on run-level values; else per-request samples on both sides → block
 * bootstrap; else not enough data, said why. */
void                 aiperf_compare_measure         (AiperfComparison      *comparison,
                                                     AiperfCompareRecord  **records,
                                                     const AiperfEstimator *estimators,
                                                     guint                  n_est,
                                                     const AiperfCompareSide *baseline,
                                                     const AiperfCompareSide *candidate);
/* From each side's count, mean and std. */
void                 aiperf_compare_measure_summary (AiperfCompareRecord   *record,
                                                     double n_a, double mean_a, double std_a,
                                                     double n_b, double mean_b, double std_b,
                                                     double level);
/* Adjusts every p for the false discovery rate and gives each record its
 * verdict. Call once, after every record is measured. */
void                 aiperf_comparison_finish       (AiperfComparison      *comparison);

/* How many records have @verdict; with @min_change > 0, only regressions
 * whose change is worse than @min_change (a fraction) are counted. */
guint                aiperf_comparison_count        (const AiperfComparison *comparison,
                                                     AiperfVerdict          verdict,
                                                     double                 min_change);

const char          *aiperf_verdict_to_string       (AiperfVerdict          verdict); /* "regression" */
const char          *aiperf_verdict_label           (AiperfVerdict          verdict); /* "Regression" (translated) */
const char          *aiperf_compare_test_to_string  (AiperfCompareTest      test);    /* "block-bootstrap" */

/* The key that pairs runs: kind, model and load parameters. */
char                *aiperf_compare_configuration   (AiperfRun             *run);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfComparison, aiperf_comparison_free)

G_END_DECLS
