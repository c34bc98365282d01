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

/* Numbers that stand side by side (a legend's entries, a chart's point
 * labels) written with one count of decimals, as an axis writes its ticks:
 * "0.5", "2", "16" become "0.5", "2.0", "16.0". A text takes part when it
 * is a plain number ("16", "-2.5", "12.5k" with an axis multiplier),
 * alone or followed by a space and words ("2 req/s"); texts with the same
 * multiplier and words are aligned together, any other text (a name, "∞",
 * "7B", "qwen2.5") is left as it is. @texts (char*, NULL entries allowed)
 * are replaced in place; TRUE when one was. */
gboolean aiperf_number_align (GPtrArray *texts);

G_END_DECLS
