/* aiperf-compare-private.h — what the pairing (aiperf-compare-pair.c)
 * hands each kind's measuring.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-compare.h"

G_BEGIN_DECLS

/* Serving runs (@baseline, @candidate: AiperfRun*, one configuration):
 * TTFT, ITL and request latency at avg/p50/p90/p99, output and request
 * throughput, goodput when present. Reads per-request details. */
void aiperf_compare_serving (AiperfComparison *comparison,
                             const char       *configuration,
                             GPtrArray        *baseline,
                             GPtrArray        *candidate,
                             GCancellable     *cancellable);

/* Kernel summaries (Nsight, traces): every kernel's and category's total
 * and average time, Welch from count/mean/std. */
void aiperf_compare_kernels (AiperfComparison *comparison,
                             const char       *configuration,
                             GPtrArray        *baseline,
                             GPtrArray        *candidate);

/* Traces: iteration time (avg, p50, p90; block bootstrap of the steps),
 * then their kernels as above. */
void aiperf_compare_trace   (AiperfComparison *comparison,
                             const char       *configuration,
                             GPtrArray        *baseline,
                             GPtrArray        *candidate);
/* aiperf-compare-trace-breakdown.c: the GPU time breakdown, part by part. */
void aiperf_compare_trace_breakdown (AiperfComparison *comparison,
                                     const char       *configuration,
                                     GPtrArray        *baseline,
                                     GPtrArray        *candidate);

/* GEMM benchmarks: TFLOP/s per shape, dtype, library and kernel. */
void aiperf_compare_gemm    (AiperfComparison *comparison,
                             const char       *configuration,
                             GPtrArray        *baseline,
                             GPtrArray        *candidate);

/* Any other kind: every summary metric of the runs, run-level values. */
void aiperf_compare_summaries (AiperfComparison *comparison,
                               const char       *configuration,
                               GPtrArray        *baseline,
                               GPtrArray        *candidate);

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
