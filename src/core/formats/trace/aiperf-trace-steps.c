/* aiperf-trace-steps.c — a trace's iterations (ProfilerStep#N) as a
 * table: each step once, whichever side of the trace measured it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-table.h"
#include "aiperf-trace-private.h"

/* One row per step (and file), counted once: its GPU-side span when the
 * trace has GPU-side steps (what TraceLens and HTA measure), else its
 * CPU-side one; both columns kept where both exist. */
AiperfTable *
aiperf_trace_steps_table (GArray      *steps,
                          const char **out_side)
{
  AiperfTable *table = aiperf_table_new ();
  g_autoptr(GHashTable) rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint c_step = aiperf_table_ensure_column (table, "step", "");
  guint c_start = aiperf_table_ensure_column (table, "start_us", "us");
  guint c_dur = aiperf_table_ensure_column (table, "duration_ms", "ms");
  guint c_cpu = 0, c_gpu = 0, c_file = 0;
  gboolean any_gpu = FALSE, any_cpu = FALSE, several_files = FALSE;

  for (guint i = 0; i + 3 < steps->len; i += 4)
    {
      if ((int) g_array_index (steps, double, i + 3) % 2)
        any_gpu = TRUE;
      else
        any_cpu = TRUE;
      several_files |= (int) g_array_index (steps, double, i + 3) / 2 != (int) g_array_index (steps, double, 3) / 2;
    }
  /* The ranks of a merged trace number their steps alike. */
  if (several_files)
    c_file = aiperf_table_ensure_column (table, "file", "");
  if (any_cpu)
    c_cpu = aiperf_table_ensure_column (table, "cpu_duration_ms", "ms");
  if (any_gpu)
    c_gpu = aiperf_table_ensure_column (table, "gpu_duration_ms", "ms");
  *out_side = any_gpu ? "GPU" : "CPU";
  for (guint i = 0; i + 3 < steps->len; i += 4)
    {
      const double *step = &g_array_index (steps, double, i);
      gboolean gpu = (int) step[3] % 2;
      g_autofree char *key = g_strdup_printf ("%d\x1f%.17g", (int) step[3] / 2, step[0]);
      gpointer found = g_hash_table_lookup (rows, key);
      guint row;

      if (found == NULL)
        {
          row = aiperf_table_append_row (table);
          g_hash_table_insert (rows, g_steal_pointer (&key), GUINT_TO_POINTER (row + 1));
          aiperf_table_set (table, c_step, row, step[0]);
          if (several_files)
            aiperf_table_set (table, c_file, row, (int) step[3] / 2);
          if (any_cpu)
            aiperf_table_set (table, c_cpu, row, NAN);
          if (any_gpu)
            aiperf_table_set (table, c_gpu, row, NAN);
        }
      else
        row = GPOINTER_TO_UINT (found) - 1;
      aiperf_table_set (table, gpu ? c_gpu : c_cpu, row, step[2] / 1000.0);
      if (gpu == any_gpu)
        {
          aiperf_table_set (table, c_start, row, step[1]);
          aiperf_table_set (table, c_dur, row, step[2] / 1000.0);
        }
    }
  /* A step seen only on the other side has no chosen span: left out. */
  if (any_gpu && any_cpu)
    {
      AiperfTable *kept = aiperf_table_new ();
      const double *gpu_d = aiperf_table_get_column (table, "gpu_duration_ms");
      guint n_columns = aiperf_table_get_n_columns (table);
      g_autofree guint *columns = g_new (guint, n_columns);

      for (guint k = 0; k < n_columns; k++)
        columns[k] = aiperf_table_ensure_column (kept, aiperf_table_get_column_name (table, k),
                                                 aiperf_table_get_column_unit (table, k));
      for (guint r = 0; r < aiperf_table_get_n_rows (table); r++)
        if (!isnan (gpu_d[r]))
          {
            guint row = aiperf_table_append_row (kept);

            for (guint k = 0; k < n_columns; k++)
              aiperf_table_set (kept, columns[k], row, aiperf_table_get (table, k, r));
          }
      aiperf_table_unref (table);
      table = kept;
    }
  return table;
}
