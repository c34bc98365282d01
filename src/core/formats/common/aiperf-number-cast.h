/* aiperf-number-cast.h — whole numbers out of parsed doubles.
 *
 * Converting a double that is NaN, infinite or outside the target type's
 * range to an integer is undefined behaviour in C, and parsed files hold
 * all three (a damaged count cell, "Infinity", 1e300). Every conversion of
 * a parsed number to an integer goes through these, which check first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Rounds @value to the nearest integer into @out; FALSE (and @out left
 * alone) when @value is NaN, infinite or does not fit a gint64. */
gboolean aiperf_double_to_int64   (double  value,
                                   gint64 *out);
/* The same for an int. */
gboolean aiperf_double_to_int     (double  value,
                                   int    *out);
/* A count: @value rounded when it is finite and in 0 … 2^53 (where every
 * whole number is exact in a double), else -1, the model's "unknown". */
gint64   aiperf_count_from_double (double  value);

G_END_DECLS
