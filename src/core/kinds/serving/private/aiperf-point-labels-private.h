/* aiperf-point-labels-private.h — what tells a comparison chart's points
 * apart when the label asked for reads the same on every point.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run-set.h"

G_BEGIN_DECLS

/* A parameter a label shows, and the value most points share when it is
 * an exception that few points make (EPLB off on one of sixteen runs):
 * that value is left out of the label. */
typedef struct {
  char *key;
  char *usual;
} AiperfPointColumn;

/* The parameters of @runs (a few, most telling first) whose values tell
 * the runs at @positions apart, leaving out @series_column (the legend
 * says it already): AiperfPointColumn items. Empty when no parameter
 * varies among them. */
GPtrArray *aiperf_point_label_columns (AiperfRunSet *runs,
                                       const guint  *positions,
                                       guint         n_positions,
                                       const char   *series_column);

/* @run's values of @columns, " · " between them ("pplx · 32 · 8192"). */
char      *aiperf_point_label_text    (AiperfRun    *run,
                                       GPtrArray    *columns);

/* The names of @columns, as the hover says what a label is. */
char      *aiperf_point_label_title   (GPtrArray    *columns);

G_END_DECLS
