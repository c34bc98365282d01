/* aiperf-trace-store-helpers.c — what the finishing passes share (sorting,
 * nesting, joins, streams, the breakdown): kept apart so that they need not
 * call into each other's files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

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

gint64
trace_store_shift (AiperfTraceStore *self,
                   guint             file)
{
  return g_array_index (self->files, TraceFile, file).offset - self->origin;
}
