/* aiperf-trace-store-helpers.c — what the finishing passes share (sorting,
 * nesting, joins, streams, the breakdown): kept apart so that they need not
 * call into each other's files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-trace-store-private.h"

void
trace_sort_unless_sorted (GArray       *array,
                          GCompareFunc  compare)
{
  guint size = g_array_get_element_size (array);

  for (guint i = 1; i < array->len; i++)
    if (compare (array->data + (gsize) (i - 1) * size, array->data + (gsize) i * size) > 0)
      {
        g_array_sort (array, compare);
        return;
      }
}

void
trace_merge_sorted_runs (GArray       *array,
                         const guint  *ends,
                         guint         n_runs,
                         GCompareFunc  compare)
{
  guint size = g_array_get_element_size (array);
  g_autofree char *merged = g_malloc ((gsize) MAX (array->len, 1) * size);
  guint done = n_runs > 0 ? ends[0] : 0;   /* [0, done) is in order */

  for (guint r = 1; r < n_runs; r++)
    {
      guint a = 0, b = done, out = 0;

      while (a < done || b < ends[r])
        {
          /* The left run first on a tie: stable, as g_array_sort. */
          gboolean left = b >= ends[r] ||
                          (a < done && compare (array->data + (gsize) a * size, array->data + (gsize) b * size) <= 0);
          guint from = left ? a++ : b++;

          memcpy (merged + (gsize) out++ * size, array->data + (gsize) from * size, size);
        }
      memcpy (array->data, merged, (gsize) out * size);
      done = ends[r];
    }
}

gint64
trace_store_shift (AiperfTraceStore *self,
                   guint             file)
{
  return g_array_index (self->files, TraceFile, file).offset - self->origin;
}
