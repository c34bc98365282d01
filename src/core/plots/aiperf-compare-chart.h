/* aiperf-compare-chart.h — the charts of a comparison and a history
 * (aiperf-handler-compare.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-chart.h"
#include "aiperf-compare.h"
#include "aiperf-compare-history.h"

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

G_END_DECLS
