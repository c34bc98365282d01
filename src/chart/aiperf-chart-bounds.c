/* aiperf-chart-bounds.c — the data extent of a chart, for automatic axes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-chart.h"

#include <math.h>

static inline double
at (GArray *array,
    guint   i)
{
  return array != NULL && i < array->len ? g_array_index (array, double, i) : NAN;
}

static gboolean
layer_is_visible (const AiperfChart *chart,
                  const AiperfLayer *layer)
{
  if (layer->series < 0)
    return TRUE;
  return ((AiperfSeries *) g_ptr_array_index (chart->series, layer->series))->visible;
}

/* The x values a point of @layer spans. */
static guint
layer_x_extent (const AiperfLayer *layer,
                guint              i,
                double            *values)
{
  double x = at (layer->x, i);

  switch (layer->kind)
    {
    case AIPERF_LAYER_SEGMENTS:
    case AIPERF_LAYER_CELLS:
      values[0] = x;
      values[1] = at (layer->x2, i);
      return 2;
    case AIPERF_LAYER_BARS:
    case AIPERF_LAYER_BOXES:
      values[0] = x - at (layer->x2, i) / 2.0;
      values[1] = x + at (layer->x2, i) / 2.0;
      return 2;
    case AIPERF_LAYER_ERROR_BARS:
      values[0] = x;
      values[1] = at (layer->xlo, i);
      values[2] = at (layer->xhi, i);
      return 3;
    case AIPERF_LAYER_ELLIPSES:
      values[0] = x - at (layer->xlo, i);
      values[1] = x + at (layer->xlo, i);
      return 2;
    case AIPERF_LAYER_HBARS:
      values[0] = x;
      values[1] = 0.0;
      values[2] = at (layer->xlo, i);
      values[3] = at (layer->xhi, i);
      return 4;
    case AIPERF_LAYER_HLINE:
      return 0;
    default:
      values[0] = x;
      return 1;
    }
}

/* The y values a point of @layer spans. */
static guint
layer_y_extent (const AiperfLayer *layer,
                guint              i,
                double            *values)
{
  double y = at (layer->y, i);

  switch (layer->kind)
    {
    case AIPERF_LAYER_ERROR_BARS:
    case AIPERF_LAYER_BAND:
    case AIPERF_LAYER_CELLS:
      values[0] = y;
      values[1] = at (layer->lo, i);
      values[2] = at (layer->hi, i);
      return 3;
    case AIPERF_LAYER_BOXES:
      values[0] = at (layer->xlo, i);
      values[1] = at (layer->xhi, i);
      values[2] = y;
      return 3;
    case AIPERF_LAYER_BARS:
      values[0] = y;
      values[1] = 0.0;
      values[2] = at (layer->lo, i);
      values[3] = at (layer->hi, i);
      return 4;
    case AIPERF_LAYER_AREA:
      values[0] = y;
      values[1] = 0.0;
      return 2;
    case AIPERF_LAYER_HBARS:
      values[0] = y - at (layer->x2, i) / 2.0;
      values[1] = y + at (layer->x2, i) / 2.0;
      return 2;
    case AIPERF_LAYER_VLINE:
      return 0;
    case AIPERF_LAYER_ELLIPSES:
      values[0] = y - at (layer->lo, i);
      values[1] = y + at (layer->lo, i);
      return 2;
    default:
      values[0] = y;
      return 1;
    }
}

gboolean
aiperf_chart_get_data_bounds (const AiperfChart *chart,
                              char               axis,
                              gboolean           positive_only,
                              double            *out_min,
                              double            *out_max)
{
  double lo = INFINITY, hi = -INFINITY;

  g_return_val_if_fail (chart != NULL, FALSE);
  g_return_val_if_fail (axis == 'x' || axis == 'y' || axis == '2', FALSE);

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      guint n = aiperf_layer_get_n (layer);

      if (!layer_is_visible (chart, layer) || layer->kind == AIPERF_LAYER_TEXT)
        continue;
      if (axis != 'x' && (axis == '2') != !!layer->on_y2)
        continue;
      for (guint i = 0; i < n; i++)
        {
          double values[4];
          guint count = axis == 'x' ? layer_x_extent (layer, i, values)
                                    : layer_y_extent (layer, i, values);

          for (guint k = 0; k < count; k++)
            {
              double v = values[k];

              if (!isfinite (v) || (positive_only && v <= 0))
                continue;
              lo = MIN (lo, v);
              hi = MAX (hi, v);
            }
        }
    }
  if (lo > hi)
    return FALSE;
  if (out_min != NULL)
    *out_min = lo;
  if (out_max != NULL)
    *out_max = hi;
  return TRUE;
}

guint
aiperf_chart_count_points (const AiperfChart *chart,
                           AiperfLayerKind    kind)
{
  guint count = 0;

  g_return_val_if_fail (chart != NULL, 0);

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind == kind && layer_is_visible (chart, layer))
        count += aiperf_layer_get_n (layer);
    }
  return count;
}
