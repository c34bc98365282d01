/* aiperf-kernels-table.c — every kernel of the compared sources (kernel
 * summaries, traces) as a data table: a row per kernel of each source,
 * linked to the top-kernels chart by the kernel's rank.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-kernels-private.h"

enum { COL_KERNEL, COL_CATEGORY, COL_CALLS, COL_TOTAL, COL_SHARE, COL_AVG, COL_MIN, COL_MAX, N_NUMBERS };

/* A number cell: "—" when there is none. */
static void
set_number (AiperfDataTable *table,
            guint            row,
            guint            column,
            double           value,
            const char      *format)
{
  g_autofree char *text = NULL;

  if (isfinite (value))
    text = g_strdup_printf (format, value);
  aiperf_data_table_set_cell (table, row, column, text, value, NULL);
}

/* "14 kernels in 2 sources · GPU time: EPLBOFF 12.3 ms, EPLBON 11.9 ms". */
static char *
status_text (GPtrArray *sources,
             guint      n_rows)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, ngettext ("%u kernel", "%u kernels", n_rows), n_rows);
  g_string_append_printf (s, ngettext (" in %u source", " in %u sources", sources->len), sources->len);
  g_string_append (s, _(" · kernel time:"));
  for (guint i = 0; i < sources->len; i++)
    {
      const AiperfKernelSource *source = g_ptr_array_index (sources, i);
      double scale;
      const char *unit = aiperf_kernel_time_unit (source->total, &scale);

      g_string_append_printf (s, "%s %s %.4g %s", i > 0 ? "," : "", source->label, source->total / scale, unit);
    }
  return g_string_free (s, FALSE);
}

AiperfDataTable *
aiperf_kernels_data_table (AiperfRunSet *runs,
                           GHashTable   *options)
{
  g_autoptr(AiperfKernelData) data = NULL;
  AiperfDataTable *table = aiperf_data_table_new ();
  GPtrArray *sources, *ranked;
  int source_column = -1;
  guint col[N_NUMBERS];
  g_autofree char *status = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  data = aiperf_kernel_data_new (runs);
  sources = data != NULL ? aiperf_kernel_data_compared (data) : NULL;
  if (sources == NULL || sources->len == 0)
    {
      aiperf_data_table_set_status (table, _("No kernel summary or trace with kernels is open"));
      return table;
    }
  ranked = aiperf_kernel_data_ranked_names (data);
  /* One source needs no column to say which. */
  if (sources->len > 1)
    source_column = (int) aiperf_data_table_add_column (table, _("Source"), AIPERF_DATA_COLUMN_TEXT, 12, NULL);
  col[COL_KERNEL] = aiperf_data_table_add_column (table, _("Kernel"), AIPERF_DATA_COLUMN_NAME, 40, NULL);
  col[COL_CATEGORY] = aiperf_data_table_add_column (table, _("Category"), AIPERF_DATA_COLUMN_TEXT, 12, NULL);
  col[COL_CALLS] = aiperf_data_table_add_column (table, _("Calls"), AIPERF_DATA_COLUMN_NUMBER, 8, NULL);
  col[COL_TOTAL] = aiperf_data_table_add_column (table, _("Total (ms)"), AIPERF_DATA_COLUMN_NUMBER, 9, NULL);
  col[COL_SHARE] = aiperf_data_table_add_column (table, _("Share"), AIPERF_DATA_COLUMN_NUMBER, 7, NULL);
  col[COL_AVG] = aiperf_data_table_add_column (table, _("Avg (µs)"), AIPERF_DATA_COLUMN_NUMBER, 8, NULL);
  col[COL_MIN] = aiperf_data_table_add_column (table, _("Min (µs)"), AIPERF_DATA_COLUMN_NUMBER, 8, NULL);
  col[COL_MAX] = aiperf_data_table_add_column (table, _("Max (µs)"), AIPERF_DATA_COLUMN_NUMBER, 8, NULL);
  for (guint s = 0; s < sources->len; s++)
    {
      const AiperfKernelSource *source = g_ptr_array_index (sources, s);

      for (guint k = 0; k < source->kernels->len; k++)
        {
          const AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);
          g_autofree char *key = g_strdup_printf ("%u\n%s", s, stat->name);
          g_autofree char *shown = aiperf_kernel_short_name (stat->name, 80);
          guint rank = 0, row;

          /* a kernel's id on the chart is its rank */
          g_ptr_array_find_with_equal_func (ranked, stat->name, g_str_equal, &rank);
          row = aiperf_data_table_add_row (table, key, -1, (int) rank);
          aiperf_data_table_set_row_name (table, row, stat->name);
          aiperf_data_table_add_highlight (table, row, AIPERF_KERNELS_OPTION_HIGHLIGHT, stat->name);
          if (source_column >= 0)
            aiperf_data_table_set_cell (table, row, (guint) source_column, source->label, NAN, source->label);
          aiperf_data_table_set_cell (table, row, col[COL_KERNEL], shown, NAN, stat->name);
          aiperf_data_table_set_cell (table, row, col[COL_CATEGORY], stat->category, NAN, NULL);
          set_number (table, row, col[COL_CALLS], stat->calls, "%.0f");
          set_number (table, row, col[COL_TOTAL], stat->total / 1e6, "%.4g");
          set_number (table, row, col[COL_SHARE], source->total > 0 ? 100.0 * stat->total / source->total : NAN,
                      "%.1f%%");
          set_number (table, row, col[COL_AVG], stat->avg / 1e3, "%.4g");
          set_number (table, row, col[COL_MIN], stat->min / 1e3, "%.4g");
          set_number (table, row, col[COL_MAX], stat->max / 1e3, "%.4g");
        }
    }
  status = status_text (sources, aiperf_data_table_get_n_rows (table));
  aiperf_data_table_set_status (table, status);
  return table;
}
