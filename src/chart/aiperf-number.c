/* aiperf-number.c — a number in a chart's text, written the way the axes
 * write theirs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-number.h"

#include <math.h>
#include <string.h>

char *
aiperf_number_format (double value,
                      int    digits)
{
  /* The multipliers of the axes' tick labels (aiperf-ticks.c). */
  static const struct { double factor; const char *suffix; } si[] = {
    { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" },
  };
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char format[16];
  const char *suffix = "";
  double magnitude;
  int decimals;
  char *dot;

  if (isnan (value))
    return g_strdup ("nan");
  if (isinf (value))
    return g_strdup (value > 0 ? "inf" : "-inf");
  if (value == 0)
    return g_strdup ("0");
  magnitude = fabs (value);
  if (magnitude >= 1e4)
    for (guint i = 0; i < G_N_ELEMENTS (si); i++)
      if (magnitude >= si[i].factor)
        {
          value /= si[i].factor;
          magnitude /= si[i].factor;
          suffix = si[i].suffix;
          break;
        }
  decimals = MAX (MAX (digits, 1) - 1 - (int) floor (log10 (magnitude)), 0);
  /* Past what a label can hold (1e-16, 1e20 after "T"): the exponent it is. */
  if (decimals > 15 || magnitude >= 1e15)
    {
      g_snprintf (format, sizeof format, "%%.%dg", MAX (digits, 1));
      return g_strdup (g_ascii_formatd (buffer, sizeof buffer, format, value));
    }
  g_snprintf (format, sizeof format, "%%.%df", decimals);
  g_ascii_formatd (buffer, sizeof buffer, format, value);
  dot = strchr (buffer, '.');
  if (dot != NULL)
    {
      char *end = buffer + strlen (buffer) - 1;

      while (end > dot && *end == '0')
        *end-- = '\0';
      if (end == dot)
        *end = '\0';
    }
  /* Rounded to nothing ("-0"): zero has no sign. */
  if (strcmp (buffer, "-0") == 0)
    return g_strdup ("0");
  return g_strconcat (buffer, suffix, NULL);
}
