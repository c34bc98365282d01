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
aiperf_ticks_integer (double min,
                      double max,
                      guint  target)
{
  GArray *ticks = aiperf_ticks_linear (min, max, target);
  double step, decade, first;

  if (ticks->len < 2)
    return ticks;
  step = g_array_index (ticks, double, 1) - g_array_index (ticks, double, 0);
  decade = pow (10.0, floor (log10 (step)));
  /* 0.5 and 2.5 are no counts, and 25, 250 still read as quarters: use 1 or 2 × 10^k. */
  if (step >= 1 && fabs (step / decade - 2.5) > 1e-9)
    return ticks;
  step = step < 1 ? 1.0 : 2.0 * decade;
  g_array_set_size (ticks, 0);
  first = ceil (min / step - 1e-9) * step;
  for (guint i = 0; i < 1000; i++)
    {
      double v = first + i * step;

      if (v > max + step * 1e-9)
        break;
      g_array_append_val (ticks, v);
    }
  return ticks;
}

GArray *
aiperf_ticks_log (double min,
                  double max,
                  guint  target)
{
  static const double within[] = { 1.0, 2.0, 5.0 };
  GArray *ticks;
  double span;
  int lo, hi;

  if (!(min > 0) || !(max > min) || !isfinite (max))
    return g_array_new (FALSE, FALSE, sizeof (double));
  span = log10 (max / min);
  lo = (int) floor (log10 (min) + 1e-9);
  hi = (int) ceil (log10 (max) - 1e-9);
  /* Decades on multiples of a stride, with 2 and 5 in between when there is
   * room; fall back to every decade, then to 1-2-5, before giving up. */
  for (int attempt = 0; attempt < 3; attempt++)
    {
      gboolean fine = span * 3 <= target * 1.5 || attempt == 2;
      int stride = fine || attempt == 1 ? 1 : MAX (1, (int) ceil (span / MAX (target, 1u)));

      ticks = g_array_new (FALSE, FALSE, sizeof (double));
      for (int e = lo; e <= hi; e++)
        {
          if (((e % stride) + stride) % stride != 0)
            continue;
          for (guint k = 0; k < (fine ? 3u : 1u); k++)
            {
              double v = within[k] * pow (10.0, e);

              if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9))
                g_array_append_val (ticks, v);
            }
        }
      if (ticks->len >= 2)
        return ticks;
      g_array_unref (ticks);
    }
  /* A range inside one decade: no log ticks; callers use linear ones. */
  return g_array_new (FALSE, FALSE, sizeof (double));
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
  /* Zero has its neighbours' decimals: "0.0" beside "2.5", never "0" beside "2.5". */
  if (value == 0.0)
    return step > 0 ? format_fixed (0.0, decimals_for (step)) : g_strdup ("0");
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

/* Evenly spaced ticks: the step tells every label its decimals. */
static gboolean
evenly_spaced (GArray *v)
{
  double step;

  if (v->len < 3)
    return v->len == 2;
  step = g_array_index (v, double, 1) - g_array_index (v, double, 0);
  for (guint i = 2; i < v->len; i++)
    if (fabs (g_array_index (v, double, i) - g_array_index (v, double, i - 1) - step) >
        fabs (step) * 1e-6)
      return FALSE;
  return TRUE;
}

GPtrArray *
aiperf_ticks_format_axis (GArray   *values,
                          gboolean  log_decades)
{
  static const struct { double factor; const char *suffix; } si[] = {
    { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" },
  };
  GPtrArray *labels = g_ptr_array_new_with_free_func (g_free);
  gboolean even = !log_decades && evenly_spaced (values);
  double step = values->len >= 2
    ? g_array_index (values, double, 1) - g_array_index (values, double, 0) : 0;
  double magnitude = 0;

  for (guint i = 0; i < values->len; i++)
    magnitude = MAX (magnitude, fabs (g_array_index (values, double, i)));
  for (guint i = 0; i < values->len; i++)
    {
      double v = g_array_index (values, double, i);
      /* One SI multiplier for evenly spaced ticks ("8k" next to "22k", not
       * "8000"); one per value for log decades ("100", "1k", "10k"). */
      double ref = even ? magnitude : fabs (v);
      double limit = even ? 1e4 : 1e3;
      double vstep = even || !(v > 0) ? step : pow (10.0, floor (log10 (v) + 1e-9));
      guint k = 0;

      if (!(step > 0) || ref < limit)
        {
          g_ptr_array_add (labels, aiperf_ticks_format (v, vstep));
          continue;
        }
      while (k + 1 < G_N_ELEMENTS (si) && ref < si[k].factor)
        k++;
      /* Zero needs no multiplier, but has the decimals of "2.5k". */
      if (v == 0)
        g_ptr_array_add (labels, aiperf_ticks_format (0, vstep / si[k].factor));
      else
        {
          g_autofree char *number = aiperf_ticks_format (v / si[k].factor, vstep / si[k].factor);

          g_ptr_array_add (labels, g_strconcat (number, si[k].suffix, NULL));
        }
    }
  return labels;
}
