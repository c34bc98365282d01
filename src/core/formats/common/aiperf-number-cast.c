/* aiperf-number-cast.c — whole numbers out of parsed doubles, range and
 * NaN checked before the conversion.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-number-cast.h"

#include <math.h>

/* 2^63 is exact in a double; every double below it converts. */
#define TWO_POW_63 9223372036854775808.0
#define TWO_POW_53 9007199254740992.0

gboolean
aiperf_double_to_int64 (double  value,
                        gint64 *out)
{
  double r;

  g_return_val_if_fail (out != NULL, FALSE);

  if (!isfinite (value))
    return FALSE;
  r = round (value);
  if (!(r >= -TWO_POW_63 && r < TWO_POW_63))
    return FALSE;
  *out = (gint64) r;
  return TRUE;
}

gboolean
aiperf_double_to_int (double  value,
                      int    *out)
{
  double r;

  g_return_val_if_fail (out != NULL, FALSE);

  if (!isfinite (value))
    return FALSE;
  r = round (value);
  if (!(r >= (double) G_MININT && r <= (double) G_MAXINT))
    return FALSE;
  *out = (int) r;
  return TRUE;
}

gint64
aiperf_count_from_double (double value)
{
  gint64 n;

  if (!(value >= 0 && value <= TWO_POW_53) || !aiperf_double_to_int64 (value, &n))
    return -1;
  return n;
}
