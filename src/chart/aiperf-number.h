/* aiperf-number.h — a number in a chart's text, written the way the axes
 * write theirs.
 *
 * printf's "%.4g" turns 12610 into "1.261e+04" beside an axis that says
 * "12.6k"; labels, legends and notes use this instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @value to @digits significant digits, without trailing zeros and never
 * with an exponent: the whole part is kept below 10,000 ("989", "1234",
 * "3.35", "0.0102"); from 10,000 on it takes the axes' SI multiplier
 * ("12.61k", "1.5M", "2G"). Locale-independent. Only what no label can
 * hold (below 1e-15, above 1e27) keeps an exponent. */
char *aiperf_number_format (double value,
                            int    digits);

G_END_DECLS
