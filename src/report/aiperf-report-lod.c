/* aiperf-report-lod.c — which items of a layer report.html embeds.
 *
 * A layer of a few thousand items is embedded whole. A bigger one gets a
 * level of detail bounded by pixels, as the window draws it: a line keeps
 * the first, lowest, highest and last vertex of each column, markers and
 * segments one item per cell of a grid. The grid is finer than the
 * report's chart (AIPERF_REPORT_LOD_COLUMNS across), so the page can zoom
 * in several times and still thin from the embedded data what it draws,
 * and no layer, however long the run, costs more than the grid.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-report-private.h"

static double
at (GArray *values,
    guint   i)
{
  return values != NULL && i < values->len ? g_array_index (values, double, i) : NAN;
}

gboolean
aiperf_report_item_drawable (const AiperfLayer *layer,
                             guint              i)
{
  g_return_val_if_fail (layer != NULL, FALSE);

  switch (layer->kind)
    {
    case AIPERF_LAYER_HLINE:
      return isfinite (at (layer->y, i));
    case AIPERF_LAYER_VLINE:
      return isfinite (at (layer->x, i));
    case AIPERF_LAYER_SEGMENTS:
      return isfinite (at (layer->x, i)) && isfinite (at (layer->x2, i)) && isfinite (at (layer->y, i));
    case AIPERF_LAYER_BAND:
      return isfinite (at (layer->x, i)) && isfinite (at (layer->lo, i)) && isfinite (at (layer->hi, i));
    case AIPERF_LAYER_CELLS:
      return isfinite (at (layer->x, i)) && isfinite (at (layer->x2, i)) && isfinite (at (layer->lo, i)) &&
             isfinite (at (layer->hi, i));
    case AIPERF_LAYER_ERROR_BARS:
      return isfinite (at (layer->x, i)) &&
             ((isfinite (at (layer->lo, i)) && isfinite (at (layer->hi, i))) ||
              (isfinite (at (layer->xlo, i)) && isfinite (at (layer->xhi, i))));
    default:
      return isfinite (at (layer->x, i)) && isfinite (at (layer->y, i));
    }
}

guint
aiperf_report_layer_count_drawable (const AiperfLayer *layer)
{
  guint n = aiperf_layer_get_n (layer), count = 0;

  for (guint i = 0; i < n; i++)
    count += aiperf_report_item_drawable (layer, i);
  return count;
}

/* Where @v falls among @cells cells of [lo, hi] (log: in log space). */
static guint
cell_of (double   v,
         double   lo,
         double   hi,
         gboolean log_scale,
         guint    cells)
{
  double t;

  if (log_scale)
    {
      v = v > 0 ? log10 (v) : lo;
      t = hi > lo ? (v - lo) / (hi - lo) : 0;
    }
  else
    t = hi > lo ? (v - lo) / (hi - lo) : 0;
  return (guint) CLAMP (t * cells, 0, cells - 1);
}

static void
range_of (GArray   *values,
          gboolean  log_scale,
          double   *lo,
          double   *hi)
{
  *lo = INFINITY;
  *hi = -INFINITY;
  for (guint i = 0; values != NULL && i < values->len; i++)
    {
      double v = g_array_index (values, double, i);

      if (!isfinite (v) || (log_scale && v <= 0))
        continue;
      v = log_scale ? log10 (v) : v;
      *lo = MIN (*lo, v);
      *hi = MAX (*hi, v);
    }
}

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* Lines, steps, areas and bands, in their order along x: per column the
 * first, lowest, highest and last vertex; a gap (NaN) is kept once so the
 * line still breaks there. */
static GArray *
lod_line (const AiperfLayer *layer,
          gboolean           log_x,
          guint              columns)
{
  guint n = aiperf_layer_get_n (layer);
  GArray *keep = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *low = layer->kind == AIPERF_LAYER_BAND ? layer->lo : layer->y;
  GArray *high = layer->kind == AIPERF_LAYER_BAND ? layer->hi : layer->y;
  double xlo, xhi;
  gboolean in_gap = FALSE, open = FALSE;
  guint column = 0, first = 0, last = 0, min_i = 0, max_i = 0;

  range_of (layer->x, log_x, &xlo, &xhi);
  for (guint i = 0; i <= n; i++)
    {
      gboolean end = i == n;
      gboolean gap = !end && !aiperf_report_item_drawable (layer, i);
      guint c = (end || gap) ? 0 : cell_of (at (layer->x, i), xlo, xhi, log_x, columns);

      if (open && (end || gap || c != column))
        {
          guint four[] = { first, min_i, max_i, last };

          qsort (four, 4, sizeof (guint), compare_uint);
          for (guint k = 0; k < 4; k++)
            if (k == 0 || four[k] != four[k - 1])
              g_array_append_val (keep, four[k]);
          open = FALSE;
        }
      if (end)
        break;
      if (gap)
        {
          if (!in_gap)
            g_array_append_val (keep, i);
          in_gap = TRUE;
          continue;
        }
      in_gap = FALSE;
      if (!open)
        {
          open = TRUE;
          column = c;
          first = min_i = max_i = i;
        }
      last = i;
      if (at (low, i) < at (low, min_i))
        min_i = i;
      if (at (high, i) > at (high, max_i))
        max_i = i;
    }
  return keep;
}

/* Markers, segments, error bars, ellipses: the first item of each grid
 * cell (a segment: the longest starting in it, which covers the others). */
static GArray *
lod_grid (const AiperfLayer *layer,
          gboolean           log_x,
          gboolean           log_y,
          guint              columns,
          guint              rows)
{
  guint n = aiperf_layer_get_n (layer);
  g_autoptr(GHashTable) cells = g_hash_table_new (g_direct_hash, g_direct_equal);
  GArray *keep = g_array_new (FALSE, FALSE, sizeof (guint));
  GHashTableIter iter;
  gpointer value;
  double xlo, xhi, ylo, yhi;

  range_of (layer->x, log_x, &xlo, &xhi);
  range_of (layer->y, log_y, &ylo, &yhi);
  for (guint i = 0; i < n; i++)
    {
      guint key;
      gpointer old;

      if (!aiperf_report_item_drawable (layer, i))
        continue;
      key = cell_of (at (layer->x, i), xlo, xhi, log_x, columns) * rows +
            cell_of (at (layer->y, i), ylo, yhi, log_y, rows) + 1;
      old = g_hash_table_lookup (cells, GUINT_TO_POINTER (key));
      if (old == NULL)
        g_hash_table_insert (cells, GUINT_TO_POINTER (key), GUINT_TO_POINTER (i + 1));
      else if (layer->kind == AIPERF_LAYER_SEGMENTS &&
               at (layer->x2, i) > at (layer->x2, GPOINTER_TO_UINT (old) - 1))
        g_hash_table_insert (cells, GUINT_TO_POINTER (key), GUINT_TO_POINTER (i + 1));
    }
  g_hash_table_iter_init (&iter, cells);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      guint i = GPOINTER_TO_UINT (value) - 1;

      g_array_append_val (keep, i);
    }
  g_array_sort (keep, compare_uint);
  return keep;
}

GArray *
aiperf_report_layer_lod (const AiperfLayer *layer,
                         gboolean           log_x,
                         gboolean           log_y)
{
  guint n;

  g_return_val_if_fail (layer != NULL, NULL);

  n = aiperf_layer_get_n (layer);
  if (n <= AIPERF_REPORT_LOD_MIN_ITEMS)
    return NULL;
  switch (layer->kind)
    {
    case AIPERF_LAYER_LINE:
    case AIPERF_LAYER_STEP:
    case AIPERF_LAYER_AREA:
    case AIPERF_LAYER_BAND:
      return lod_line (layer, log_x, AIPERF_REPORT_LOD_COLUMNS);
    case AIPERF_LAYER_POINTS:
    case AIPERF_LAYER_SEGMENTS:
    case AIPERF_LAYER_ERROR_BARS:
    case AIPERF_LAYER_ELLIPSES:
      return lod_grid (layer, log_x, log_y, AIPERF_REPORT_LOD_COLUMNS / 2, AIPERF_REPORT_LOD_ROWS);
    default:
      /* Bars, boxes, cells and labels are few and each one is read: all
       * of them. */
      return NULL;
    }
}
