/* aiperf-plot-view.c — a preset's view keys, aiperf-plot's own (aiperf
 * plot reads past them): how a chart was looked at when its preset was
 * saved from a report's view, applied to the chart a handler built.
 *
 *   log_x: true, log_y: true     the axis in log scale (false: linear)
 *   x_range: [min, max]          the axis's range (a zoom); y_range too
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-plot-helpers.h"
#include "aiperf-plot-view.h"

/* @key's scale: log for true, linear for false, @scale when unset. */
static AiperfScale
scale_of (const AiperfPlotSpec *spec,
          const char           *key,
          AiperfScale           scale)
{
  const char *value = aiperf_plot_spec_get_extra (spec, key);

  if (value != NULL && (g_ascii_strcasecmp (value, "true") == 0 || g_ascii_strcasecmp (value, "yes") == 0))
    return AIPERF_SCALE_LOG;
  if (value != NULL && (g_ascii_strcasecmp (value, "false") == 0 || g_ascii_strcasecmp (value, "no") == 0))
    return AIPERF_SCALE_LINEAR;
  return scale;
}

/* "min,max" (the reader joins a list's items with commas) on @axis. */
static void
apply_range (AiperfAxis *axis,
             const char *text)
{
  g_auto(GStrv) parts = text != NULL ? g_strsplit (text, ",", -1) : NULL;
  double lo, hi;
  char *end;

  if (parts == NULL || g_strv_length (parts) != 2)
    return;
  lo = g_ascii_strtod (g_strstrip (parts[0]), &end);
  if (*end != '\0')
    return;
  hi = g_ascii_strtod (g_strstrip (parts[1]), &end);
  if (*end != '\0' || !isfinite (lo) || !isfinite (hi) || !(hi > lo))
    return;
  if (axis->scale == AIPERF_SCALE_LOG && !(lo > 0))
    return;
  axis->fixed_range = TRUE;
  axis->include_zero = FALSE;
  axis->min = lo;
  axis->max = hi;
}

AiperfChart *
aiperf_plot_apply_view (const AiperfPlotSpec *spec,
                        AiperfChart          *chart)
{
  g_return_val_if_fail (spec != NULL, chart);

  if (chart == NULL)
    return NULL;
  /* category axes (bars of names) have no log scale */
  if (chart->x.tick_labels == NULL)
    chart->x.scale = scale_of (spec, "log_x", chart->x.scale);
  if (chart->y.tick_labels == NULL)
    chart->y.scale = scale_of (spec, "log_y", chart->y.scale);
  apply_range (&chart->x, aiperf_plot_spec_get_extra (spec, "x_range"));
  apply_range (&chart->y, aiperf_plot_spec_get_extra (spec, "y_range"));
  return chart;
}
