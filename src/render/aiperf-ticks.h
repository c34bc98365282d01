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
 * "0.001", never "1e+06". */
char   *aiperf_ticks_format      (double value, double step);

G_END_DECLS
