/* aiperf-compare-measure.h — pairing the runs of a baseline and its
 * candidates by configuration, and the measurings a kind may hand its
 * pairs to. A kind's own measuring (its descriptor's `compare`, in its
 * folder) adds its key metrics' records with aiperf_comparison_add_record ()
 * and aiperf_compare_measure ().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-compare.h"

G_BEGIN_DECLS

/* Measures one configuration: @baseline and @candidate are its runs
 * (AiperfRun*) on each side, both non-empty. */
typedef void (*AiperfCompareMeasureFunc) (AiperfComparison *comparison,
                                          const char       *configuration,
                                          GPtrArray        *baseline,
                                          GPtrArray        *candidate,
                                          GCancellable     *cancellable);

/* The measuring of the runs of @kind. */
typedef AiperfCompareMeasureFunc (*AiperfCompareMeasureOf) (const char *kind);

/* aiperf-compare-pair.c: pairs @baseline's runs with @candidate's by
 * configuration, lists the unpaired ones, and hands each pair to
 * @measure_of (its kind). The kinds' dispatch is aiperf_comparison_run ()
 * (aiperf-kind-compare.h). */
AiperfComparison *aiperf_comparison_pair (AiperfRunSet                *baseline,
                                          AiperfRunSet                *candidate,
                                          const AiperfCompareSettings *settings,
                                          AiperfCompareMeasureOf       measure_of,
                                          GCancellable                *cancellable);

/* Serving runs: TTFT, ITL and request latency at avg/p50/p90/p99, output
 * and request throughput, goodput when present. Reads per-request details. */
void aiperf_compare_serving   (AiperfComparison *comparison,
                               const char       *configuration,
                               GPtrArray        *baseline,
                               GPtrArray        *candidate,
                               GCancellable     *cancellable);

/* Any kind without a measuring of its own: every summary metric of the
 * runs, run-level values. */
void aiperf_compare_summaries (AiperfComparison *comparison,
                               const char       *configuration,
                               GPtrArray        *baseline,
                               GPtrArray        *candidate,
                               GCancellable     *cancellable);

/* aiperf-compare-trace-breakdown.c: a trace's GPU time breakdown, part by
 * part. */
void aiperf_compare_trace_breakdown (AiperfComparison *comparison,
                                     const char       *configuration,
                                     GPtrArray        *baseline,
                                     GPtrArray        *candidate);

G_END_DECLS
