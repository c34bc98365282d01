/* aiperf-viewport.c — the visible data ranges of a chart, and zoom/pan maths.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-viewport.h"

#include <math.h>

#define PADDING 0.05
/* Room below zero on "tozero" axes whose data starts at zero. */
#define ZERO_ROOM 0.015

/* Values are handled in "axis space": log10 on a log axis, as is on a linear one. */
static double
to_space (AiperfScale scale,
          double      v)
{
  return scale == AIPERF_SCALE_LOG ? log10 (v) : v;
}

static double
from_space (AiperfScale scale,
            double      v)
{
  return scale == AIPERF_SCALE_LOG ? pow (10.0, v) : v;
}

/* Bars stand on zero of their value axis: no room below it for them. */
static gboolean
has_bars_on (const AiperfChart *chart,
             char               which)
{
  for (guint i = 0; i < chart->layers->len; i++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if ((which == 'y' && layer->kind == AIPERF_LAYER_BARS) ||
          (which == 'x' && layer->kind == AIPERF_LAYER_HBARS))
        return TRUE;
    }
  return FALSE;
}

static void
auto_range (const AiperfChart *chart,
            const AiperfAxis  *axis,
            char               which,
            double            *out_min,
            double            *out_max)
{
  gboolean log_axis = axis->scale == AIPERF_SCALE_LOG;
  double lo, hi;
  gboolean pin_zero = FALSE, room = FALSE;

  if (axis->fixed_range && isfinite (axis->min) && isfinite (axis->max) &&
      axis->max > axis->min && (!log_axis || axis->min > 0))
    {
      *out_min = axis->min;
      *out_max = axis->max;
      return;
    }

  if (!aiperf_chart_get_data_bounds (chart, which, log_axis, &lo, &hi))
    {
      *out_min = log_axis ? 1.0 : 0.0;
      *out_max = log_axis ? 10.0 : 1.0;
      return;
    }
  /* Category ticks (time slices) must stay in view. */
  if (axis->tick_positions != NULL)
    for (guint i = 0; i < axis->tick_positions->len; i++)
      {
        double t = g_array_index (axis->tick_positions, double, i);

        if (isfinite (t) && (!log_axis || t > 0))
          {
            lo = MIN (lo, t);
            hi = MAX (hi, t);
          }
      }

  if (!log_axis && axis->include_zero)
    {
      if (lo >= 0)
        {
          /* Points at (or next to) zero would sit on the axis line, half
           * cut by the plot's clip: a little room below zero shows them
           * whole, and the first tick is still 0. */
          room = hi > 0 && lo <= hi * ZERO_ROOM / 3 && !has_bars_on (chart, which);
          lo = 0;
          pin_zero = TRUE;
        }
      else if (hi < 0)
        hi = 0;
    }

  /* Every value zero on a "tozero" axis (the one request of a run): 0..1,
   * with the room below zero, so the marker shows whole, not cut in half
   * on the axis line of a 0..0.5 plot. */
  if (pin_zero && hi == 0)
    {
      hi = 1;
      room = !has_bars_on (chart, which);
    }
  lo = to_space (axis->scale, lo);
  hi = to_space (axis->scale, hi);
  if (hi - lo <= 0)
    {
      double half = fabs (lo) > 0 ? fabs (lo) * 0.1 : 0.5;

      if (log_axis)
        half = 0.5;
      lo -= half;
      hi += half;
      if (pin_zero && lo < 0)
        lo = 0;
    }
  else
    {
      double pad = (hi - lo) * PADDING;

      if (!pin_zero)
        lo -= pad;
      hi += pad;
    }
  if (room)
    lo = -hi * ZERO_ROOM;
  *out_min = from_space (axis->scale, lo);
  *out_max = from_space (axis->scale, hi);
}

void
aiperf_viewport_init_from_chart (AiperfViewport    *vp,
                                 const AiperfChart *chart)
{
  g_return_if_fail (vp != NULL);
  g_return_if_fail (chart != NULL);

  vp->x_scale = chart->x.scale;
  vp->y_scale = chart->y.scale;
  vp->y2_scale = chart->y2.scale;
  vp->has_y2 = chart->has_y2;
  auto_range (chart, &chart->x, 'x', &vp->x_min, &vp->x_max);
  auto_range (chart, &chart->y, 'y', &vp->y_min, &vp->y_max);
  if (chart->has_y2)
    auto_range (chart, &chart->y2, '2', &vp->y2_min, &vp->y2_max);
  else
    {
      vp->y2_min = 0;
      vp->y2_max = 1;
    }
  aiperf_viewport_clamp (vp);
}

/* Zooms [*min, *max] by @factor around @anchor (data units). */
static void
zoom_range (AiperfScale scale,
            double     *min,
            double     *max,
            double      factor,
            double      anchor)
{
  double lo = to_space (scale, *min);
  double hi = to_space (scale, *max);
  double a = to_space (scale, anchor);

  if (!isfinite (a))
    a = (lo + hi) / 2;
  lo = a - (a - lo) / factor;
  hi = a + (hi - a) / factor;
  *min = from_space (scale, lo);
  *max = from_space (scale, hi);
}

/* Where @value sits in [min, max], 0..1 in axis space. */
static double
fraction_of (AiperfScale scale,
             double      min,
             double      max,
             double      value)
{
  double lo = to_space (scale, min), hi = to_space (scale, max);

  return hi > lo ? (to_space (scale, value) - lo) / (hi - lo) : 0.5;
}

static double
value_at (AiperfScale scale,
          double      min,
          double      max,
          double      fraction)
{
  double lo = to_space (scale, min), hi = to_space (scale, max);

  return from_space (scale, lo + fraction * (hi - lo));
}

void
aiperf_viewport_zoom_at (AiperfViewport *vp,
                         double          factor,
                         double          ax,
                         double          ay,
                         gboolean        zoom_x,
                         gboolean        zoom_y)
{
  g_return_if_fail (vp != NULL);

  if (!(factor > 0) || !isfinite (factor))
    return;
  if (zoom_x)
    zoom_range (vp->x_scale, &vp->x_min, &vp->x_max, factor, ax);
  if (zoom_y)
    {
      double t = fraction_of (vp->y_scale, vp->y_min, vp->y_max, ay);

      if (vp->has_y2)
        zoom_range (vp->y2_scale, &vp->y2_min, &vp->y2_max, factor,
                    value_at (vp->y2_scale, vp->y2_min, vp->y2_max, t));
      zoom_range (vp->y_scale, &vp->y_min, &vp->y_max, factor, ay);
    }
  aiperf_viewport_clamp (vp);
}

static void
pan_range (AiperfScale scale,
           double     *min,
           double     *max,
           double      fraction)
{
  double lo = to_space (scale, *min), hi = to_space (scale, *max);
  double shift = (hi - lo) * fraction;

  *min = from_space (scale, lo + shift);
  *max = from_space (scale, hi + shift);
}

void
aiperf_viewport_pan_fraction (AiperfViewport *vp,
                              double          fx,
                              double          fy)
{
  g_return_if_fail (vp != NULL);

  pan_range (vp->x_scale, &vp->x_min, &vp->x_max, fx);
  pan_range (vp->y_scale, &vp->y_min, &vp->y_max, fy);
  if (vp->has_y2)
    pan_range (vp->y2_scale, &vp->y2_min, &vp->y2_max, fy);
  aiperf_viewport_clamp (vp);
}

void
aiperf_viewport_zoom_to_rect (AiperfViewport *vp,
                              double          x0,
                              double          y0,
                              double          x1,
                              double          y1)
{
  double t0, t1;

  g_return_if_fail (vp != NULL);

  if (!isfinite (x0) || !isfinite (x1) || !isfinite (y0) || !isfinite (y1))
    return;
  if (vp->has_y2)
    {
      t0 = fraction_of (vp->y_scale, vp->y_min, vp->y_max, MIN (y0, y1));
      t1 = fraction_of (vp->y_scale, vp->y_min, vp->y_max, MAX (y0, y1));
      {
        double n0 = value_at (vp->y2_scale, vp->y2_min, vp->y2_max, t0);
        double n1 = value_at (vp->y2_scale, vp->y2_min, vp->y2_max, t1);

        vp->y2_min = n0;
        vp->y2_max = n1;
      }
    }
  vp->x_min = MIN (x0, x1);
  vp->x_max = MAX (x0, x1);
  vp->y_min = MIN (y0, y1);
  vp->y_max = MAX (y0, y1);
  aiperf_viewport_clamp (vp);
}

static void
clamp_range (AiperfScale scale,
             double     *min,
             double     *max)
{
  double lo, hi, centre, min_span;

  if (scale == AIPERF_SCALE_LOG)
    {
      if (!(*min > 0) || !isfinite (*min))
        *min = 1e-12;
      if (!(*max > 0) || !isfinite (*max))
        *max = *min * 10;
    }
  else
    {
      if (!isfinite (*min))
        *min = 0;
      if (!isfinite (*max))
        *max = *min + 1;
    }
  lo = to_space (scale, MIN (*min, *max));
  hi = to_space (scale, MAX (*min, *max));
  centre = (lo + hi) / 2;
  min_span = MAX (fabs (centre) * 1e-9, 1e-12);
  if (hi - lo < min_span)
    {
      lo = centre - min_span / 2;
      hi = centre + min_span / 2;
    }
  /* Keep far away from overflow when zooming out forever. */
  if (hi - lo > 1e300)
    {
      lo = centre - 5e299;
      hi = centre + 5e299;
    }
  *min = from_space (scale, lo);
  *max = from_space (scale, hi);
}

void
aiperf_viewport_clamp (AiperfViewport *vp)
{
  g_return_if_fail (vp != NULL);

  clamp_range (vp->x_scale, &vp->x_min, &vp->x_max);
  clamp_range (vp->y_scale, &vp->y_min, &vp->y_max);
  clamp_range (vp->y2_scale, &vp->y2_min, &vp->y2_max);
}

gboolean
aiperf_viewport_equal (const AiperfViewport *a,
                       const AiperfViewport *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->x_min == b->x_min && a->x_max == b->x_max &&
         a->y_min == b->y_min && a->y_max == b->y_max &&
         a->x_scale == b->x_scale && a->y_scale == b->y_scale &&
         a->has_y2 == b->has_y2 &&
         (!a->has_y2 || (a->y2_min == b->y2_min && a->y2_max == b->y2_max &&
                         a->y2_scale == b->y2_scale));
}
