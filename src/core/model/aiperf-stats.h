/* aiperf-stats.h — one metric's summary statistics (avg, min, …, p99, std).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-types.h"

G_BEGIN_DECLS

/* A plain value: each slot is NaN when the export does not carry that stat. */
typedef struct {
  double v[AIPERF_N_STATS];
} AiperfStats;

void        aiperf_stats_init_nan     (AiperfStats *stats);
gboolean    aiperf_stats_has          (const AiperfStats *stats,
                                       AiperfStat         stat);
double      aiperf_stats_get          (const AiperfStats *stats,
                                       AiperfStat         stat);
/* "avg", "p50", …; NULL for an unknown stat. */
const char *aiperf_stat_to_string     (AiperfStat         stat);
/* Accepts "avg", "mean" (alias of avg), "p50", "median" (alias), "min", … */
gboolean    aiperf_stat_from_string   (const char        *name,
                                       AiperfStat        *out_stat);
/* Compute every stat of @n values (NaN entries ignored) into @stats;
 * percentiles use linear interpolation like numpy's default. @values is
 * sorted in place. */
void        aiperf_stats_compute      (double            *values,
                                       gsize              n,
                                       AiperfStats       *stats);
/* Linear-interpolated percentile (0..100) of sorted, NaN-free values. */
double      aiperf_percentile_sorted  (const double      *sorted,
                                       gsize              n,
                                       double             pct);

G_END_DECLS
