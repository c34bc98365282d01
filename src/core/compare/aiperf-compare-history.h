/* aiperf-compare-history.h — runs of one configuration recorded at
 * different times as series, one per key metric, with their change points.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-compare.h"

G_BEGIN_DECLS

/* The seed of every history's permutations: --history, the window and
 * the "history" chart find the same change points. */
#define AIPERF_HISTORY_SEED 20240601

typedef struct {
  guint  index;          /* first point after the shift */
  double p;              /* E-divisive permutation p */
  double before, after;  /* means of the segments either side */
  double change;         /* after / before − 1 */
  double ci_lo, ci_hi;   /* 95 % (Welch between the segments), relative */
  char  *what_changed;   /* "aiperf_version 0.3 → 0.4; …", or NULL */
} AiperfHistoryChange;

typedef struct {
  char         *configuration;
  char         *metric;
  char         *label;
  char         *stat;
  char         *unit;
  AiperfBetter  better;
  GArray       *times;      /* double: Unix seconds, ascending */
  GArray       *values;     /* double */
  GPtrArray    *runs;       /* char*: run names */
  GArray       *from_mtime; /* gboolean: time from the folder's modification time */
  GPtrArray    *changed;    /* char*: what changed since the point before, as the
                             * artifacts say it ("version 0.4.0 → 0.5.0; …"), or NULL */
  double        noise;      /* relative sd of the points around their segment's mean */
  GArray       *changes;    /* AiperfHistoryChange */
} AiperfHistorySeries;

/* Finds the change points of a series already filled (times, values):
 * E-divisive (alpha @alpha, @n_perm shuffles from @seed), each kept when
 * its shift is at least @min_effect. */
void       aiperf_history_series_analyse (AiperfHistorySeries *series,
                                          double               min_effect,
                                          double               alpha,
                                          guint                n_perm,
                                          guint64              seed);
AiperfHistorySeries *aiperf_history_series_new  (const char *configuration,
                                                 const char *metric,
                                                 const char *label,
                                                 const char *stat,
                                                 const char *unit,
                                                 AiperfBetter better);
void       aiperf_history_series_free   (AiperfHistorySeries *series);

/* Every series of @runs with at least three points (AiperfHistorySeries*),
 * grouped by configuration; @notes gets what was assumed (times from
 * folders). */
GPtrArray *aiperf_history_build         (AiperfRunSet        *runs,
                                         double               min_effect,
                                         guint64              seed,
                                         GPtrArray           *notes);

G_END_DECLS
