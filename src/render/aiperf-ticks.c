/* aiperf-ticks.c — nice tick values and tick label text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-ticks.h"

#include <math.h>
#include <string.h>

/* The nice step (1, 2, 2.5 or 5 × 10^k) that gives the tick count nearest
 * to @target over @span. */
static double
nice_step (double span,
           guint  target)
{
  static const double mantissas[] = { 1.0, 2.0, 2.5, 5.0 };
  double magnitude = pow (10.0, floor (log10 (span / target)));
  double best = magnitude, best_error = INFINITY;

  for (int decade = -1; decade <= 1; decade++)
    for (guint i = 0; i < G_N_ELEMENTS (mantissas); i++)
      {
        double step = mantissas[i] * magnitude * pow (10.0, decade);
        double error = fabs (span / step - target);

        if (error < best_error - 1e-9)
          {
            best = step;
            best_error = error;
          }
      }
  return best;
}

GArray *
aiperf_ticks_linear (double min,
                     double max,
                     guint  target)
{
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (double));
  double step, first;

  if (!isfinite (min) || !isfinite (max) || target == 0)
    return ticks;
  if (min > max)
    {
      double t = min;
      min = max;
      max = t;
    }
  if (max - min <= 0)
    {
      g_array_append_val (ticks, min);
      return ticks;
    }
  step = nice_step (max - min, target);
  first = ceil (min / step - 1e-9) * step;
  for (guint i = 0; i < 1000; i++)
    {
      double v = first + i * step;

      if (v > max + step * 1e-9)
        break;
      /* Snap -0 and rounding noise (0.30000000000000004) to the grid. */
      if (fabs (v) < step * 1e-9)
        v = 0.0;
      else
        v = round (v / step) * step;
      g_array_append_val (ticks, v);
    }
  return ticks;
}

GArray *
aiperf_ticks_log (double min,
                  double max,
                  guint  target)
{
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (double));
  static const double within[] = { 1.0, 2.0, 5.0 };
  int lo, hi, decades, stride;

  if (!(min > 0) || !(max > 0) || !isfinite (min) || !isfinite (max))
    return ticks;
  if (min > max)
    {
      double t = min;
      min = max;
      max = t;
    }
  lo = (int) floor (log10 (min) + 1e-9);
  hi = (int) ceil (log10 (max) - 1e-9);
  decades = MAX (hi - lo, 1);
  stride = MAX (1, (int) ceil ((double) decades / MAX (target, 1u)));

  for (int e = lo; e <= hi; e++)
    {
      guint n_within = log10 (max / min) <= 3.0 ? 3 : 1;

      if ((e - lo) % stride != 0)
        continue;
      for (guint k = 0; k < n_within; k++)
        {
          double v = within[k] * pow (10.0, e);

          if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9))
            g_array_append_val (ticks, v);
        }
    }
  /* A range inside one decade gets linear ticks rather than none. */
  if (ticks->len < 2)
    {
      g_array_unref (ticks);
      return aiperf_ticks_linear (min, max, MAX (target, 2u));
    }
  return ticks;
}

/* Digits after the point needed to tell ticks @step apart. */
static int
decimals_for (double step)
{
  int decimals;

  if (!(step > 0) || !isfinite (step))
    return 0;
  decimals = (int) ceil (-log10 (step) - 1e-9);
  /* 2.5 × 10^k needs one digit more than its decade. */
  if (fabs (step / pow (10.0, floor (log10 (step))) - 2.5) < 1e-6)
    decimals++;
  return CLAMP (decimals, 0, 12);
}

/* @value with @decimals digits after the point, whatever the locale. */
static char *
format_fixed (double value,
              int    decimals)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char format[16];

  g_snprintf (format, sizeof format, "%%.%df", CLAMP (decimals, 0, 12));
  g_ascii_formatd (buffer, sizeof buffer, format, value);
  return g_strdup (buffer);
}

char *
aiperf_ticks_format (double value,
                     double step)
{
  static const struct { double factor; const char *suffix; } si[] = {
    { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" },
  };
  double magnitude;

  if (!isfinite (value))
    return g_strdup ("");
  if (step > 0 && fabs (value) < step * 1e-9)
    value = 0.0;
  if (value == 0.0)
    return g_strdup ("0");
  magnitude = MAX (fabs (value), step > 0 ? step : 0);

  /* Large values get an SI suffix: 12k, 1.5M, never 1e+06. */
  if (magnitude >= 1e4)
    for (guint i = 0; i < G_N_ELEMENTS (si); i++)
      if (magnitude >= si[i].factor)
        {
          int decimals = step > 0 ? decimals_for (step / si[i].factor) : 1;
          g_autofree char *number = format_fixed (value / si[i].factor, decimals);

          return g_strconcat (number, si[i].suffix, NULL);
        }

  if (step > 0)
    return format_fixed (value, decimals_for (step));

  {
    /* No step known (hover text): 4 significant digits, no exponent noise. */
    int decimals = value == 0 ? 0 : 3 - (int) floor (log10 (fabs (value)));
    g_autofree char *text = format_fixed (value, MAX (decimals, 0));
    char *dot = strchr (text, '.');

    if (dot != NULL)
      {
        char *end = text + strlen (text) - 1;

        while (end > dot && *end == '0')
          *end-- = '\0';
        if (end == dot)
          *end = '\0';
      }
    return g_steal_pointer (&text);
  }
}
