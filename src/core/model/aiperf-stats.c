/* aiperf-stats.c — summary statistics of one metric and stat names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-stats.h"

static const char * const stat_names[AIPERF_N_STATS] = {
  "avg", "min", "max", "sum", "count",
  "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99",
  "std",
};

void
aiperf_stats_init_nan (AiperfStats *stats)
{
  g_return_if_fail (stats != NULL);

  for (guint i = 0; i < AIPERF_N_STATS; i++)
    stats->v[i] = NAN;
}

gboolean
aiperf_stats_has (const AiperfStats *stats,
                  AiperfStat         stat)
{
  g_return_val_if_fail (stats != NULL, FALSE);
  g_return_val_if_fail ((guint) stat < AIPERF_N_STATS, FALSE);

  return !isnan (stats->v[stat]);
}

double
aiperf_stats_get (const AiperfStats *stats,
                  AiperfStat         stat)
{
  g_return_val_if_fail (stats != NULL, NAN);
  g_return_val_if_fail ((guint) stat < AIPERF_N_STATS, NAN);

  return stats->v[stat];
}

const char *
aiperf_stat_to_string (AiperfStat stat)
{
  if ((guint) stat >= AIPERF_N_STATS)
    return NULL;
  return stat_names[stat];
}

gboolean
aiperf_stat_from_string (const char *name,
                         AiperfStat *out_stat)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < AIPERF_N_STATS; i++)
    {
      if (g_ascii_strcasecmp (name, stat_names[i]) == 0)
        {
          if (out_stat != NULL)
            *out_stat = (AiperfStat) i;
          return TRUE;
        }
    }
  if (g_ascii_strcasecmp (name, "mean") == 0 || g_ascii_strcasecmp (name, "average") == 0)
    {
      if (out_stat != NULL)
        *out_stat = AIPERF_STAT_AVG;
      return TRUE;
    }
  if (g_ascii_strcasecmp (name, "median") == 0)
    {
      if (out_stat != NULL)
        *out_stat = AIPERF_STAT_P50;
      return TRUE;
    }
  return FALSE;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

double
aiperf_percentile_sorted (const double *sorted,
                          gsize         n,
                          double        pct)
{
  double rank, frac;
  gsize lo;

  g_return_val_if_fail (sorted != NULL || n == 0, NAN);

  if (n == 0 || isnan (pct))
    return NAN;
  if (n == 1)
    return sorted[0];
  pct = CLAMP (pct, 0.0, 100.0);
  /* numpy "linear": rank = p/100 * (n-1) */
  rank = pct / 100.0 * (double) (n - 1);
  lo = (gsize) floor (rank);
  if (lo >= n - 1)
    return sorted[n - 1];
  frac = rank - (double) lo;
  return sorted[lo] + (sorted[lo + 1] - sorted[lo]) * frac;
}

void
aiperf_stats_compute (double      *values,
                      gsize        n,
                      AiperfStats *stats)
{
  static const struct { AiperfStat stat; double pct; } pcts[] = {
    { AIPERF_STAT_P1, 1 }, { AIPERF_STAT_P5, 5 }, { AIPERF_STAT_P10, 10 },
    { AIPERF_STAT_P25, 25 }, { AIPERF_STAT_P50, 50 }, { AIPERF_STAT_P75, 75 },
    { AIPERF_STAT_P90, 90 }, { AIPERF_STAT_P95, 95 }, { AIPERF_STAT_P99, 99 },
  };
  gsize m = 0;
  double sum = 0.0, mean, ss = 0.0;

  g_return_if_fail (values != NULL || n == 0);
  g_return_if_fail (stats != NULL);

  aiperf_stats_init_nan (stats);

  /* Move NaN entries out of the way so the sort sees only numbers. */
  for (gsize i = 0; i < n; i++)
    if (!isnan (values[i]))
      values[m++] = values[i];
  for (gsize i = m; i < n; i++)
    values[i] = NAN;

  stats->v[AIPERF_STAT_COUNT] = (double) m;
  if (m == 0)
    return;

  qsort (values, m, sizeof (double), compare_doubles);
  for (gsize i = 0; i < m; i++)
    sum += values[i];
  mean = sum / (double) m;
  for (gsize i = 0; i < m; i++)
    ss += (values[i] - mean) * (values[i] - mean);

  stats->v[AIPERF_STAT_AVG] = mean;
  stats->v[AIPERF_STAT_SUM] = sum;
  stats->v[AIPERF_STAT_MIN] = values[0];
  stats->v[AIPERF_STAT_MAX] = values[m - 1];
  /* Population std (ddof=0), as aiperf's numpy-based exporter does. */
  stats->v[AIPERF_STAT_STD] = sqrt (ss / (double) m);
  for (guint i = 0; i < G_N_ELEMENTS (pcts); i++)
    stats->v[pcts[i].stat] = aiperf_percentile_sorted (values, m, pcts[i].pct);
}
