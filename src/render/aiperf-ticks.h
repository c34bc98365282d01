/* aiperf-ticks.h — nice tick values and tick label text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Nice ticks (1, 2, 2.5, 5 × 10^k) inside [min, max], about @target of them.
 * Returns a GArray of double. */
GArray *aiperf_ticks_linear      (double min, double max, guint target);
/* Like aiperf_ticks_linear() but the step is a whole number (1, 2, 5 × 10^k). */
GArray *aiperf_ticks_integer     (double min, double max, guint target);
/* Decades (and 2, 5 in between when there are few decades) inside [min, max], min > 0. */
GArray *aiperf_ticks_log         (double min, double max, guint target);
/* Label for @value given the tick @step: "0", "2.5", "150", "12k", "1.5M",
 * "0.001", never "1e+06". Every tick of one step has the same decimals
 * ("0.0", "2.5", "5.0"). */
char   *aiperf_ticks_format      (double value, double step);
/* The labels of a whole axis of @values (double): evenly spaced ticks share
 * their decimals and one SI multiplier ("0.0", "2.5k", "5.0k", never "0"
 * beside "2.5k" or "8000" beside "12k"); @log_decades (from
 * aiperf_ticks_log()) are written one by one ("0.1", "1", "10", "100", "1k").
 * A GPtrArray of char*, one per value. */
GPtrArray *aiperf_ticks_format_axis (GArray *values, gboolean log_decades);

G_END_DECLS
