/* aiperf-compare-chart.h — the charts of a comparison and a history
 * (aiperf-handler-compare.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-chart.h"
#include "aiperf-compare.h"
#include "aiperf-compare-history.h"
#include "aiperf-plot.h"

G_BEGIN_DECLS

/* The forest plot: each record's relative change (%) with its confidence
 * interval, coloured by verdict, one panel per configuration. NULL when no
 * record has a change to show. */
AiperfChart *aiperf_compare_forest_chart (const AiperfComparison *comparison);

/* One metric and stat over time: a line per configuration (of @series,
 * AiperfHistorySeries*) with its noise band around each segment's level,
 * change points marked. NULL when no series has @metric and @stat. */
AiperfChart *aiperf_history_chart        (GPtrArray              *series,
                                          const char             *metric,
                                          const char             *stat);

typedef enum {
  AIPERF_DISTRIBUTION_ECDF,       /* each side's cumulative share of requests */
  AIPERF_DISTRIBUTION_HISTOGRAM,  /* each side's share per bin, bins shared */
} AiperfDistributionStyle;

/* @record's metric as the two sides' distributions overlaid, as @style:
 * the requests of @record's configuration in @baseline and in @candidate
 * (runs with their details read), each side's value, and the candidate's
 * within the interval of the change. NULL with AIPERF_ERROR_NO_DATA when a
 * side has no per-request values of the metric (throughputs, summaries). */
AiperfChart *aiperf_compare_distribution_chart (const AiperfCompareRecord *record,
                                                AiperfRunSet              *baseline,
                                                AiperfRunSet              *candidate,
                                                AiperfDistributionStyle    style,
                                                GError                   **error);

G_END_DECLS
