/* aiperf-gemm-table.c — the GEMM measurements after the filter as a data
 * table, each row linked to its roofline point, with what is shown and
 * which GPU's peaks as the status.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-gemm-private.h"

typedef enum {
  COL_KERNEL, COL_MODEL, COL_BATCH_SIZE, COL_DTYPE, COL_M, COL_N, COL_K, COL_TFLOPS, COL_AI,
  COL_ATTAINABLE, COL_EFFICIENCY, COL_TIME, COL_LIBRARY, N_COLUMNS,
} Column;

/* Shapes of 5 digits and 4-digit measurements fit; the kernel takes the
 * rest. The text columns a drop-down can filter by name their key. */
static const struct {
  const char           *title;
  AiperfDataColumnFlags flags;
  guint                 width;
  const char           *filter_key;
} columns[N_COLUMNS] = {
  [COL_KERNEL] = { N_("Kernel"), AIPERF_DATA_COLUMN_NAME, 24, NULL },
  [COL_MODEL] = { N_("Model"), AIPERF_DATA_COLUMN_TEXT, 10, AIPERF_GEMM_MODEL },
  [COL_BATCH_SIZE] = { N_("Batch"), AIPERF_DATA_COLUMN_NUMBER, 6, AIPERF_GEMM_BATCH_SIZE },
  [COL_DTYPE] = { N_("dtype"), AIPERF_DATA_COLUMN_TEXT, 6, AIPERF_GEMM_DTYPE },
  [COL_M] = { "M", AIPERF_DATA_COLUMN_NUMBER, 6, NULL },
  [COL_N] = { "N", AIPERF_DATA_COLUMN_NUMBER, 6, NULL },
  [COL_K] = { "K", AIPERF_DATA_COLUMN_NUMBER, 6, NULL },
  [COL_TFLOPS] = { N_("TFLOP/s"), AIPERF_DATA_COLUMN_NUMBER, 8, NULL },
  [COL_AI] = { N_("FLOP/B"), AIPERF_DATA_COLUMN_NUMBER, 7, NULL },
  [COL_ATTAINABLE] = { N_("Attainable"), AIPERF_DATA_COLUMN_NUMBER, 9, NULL },
  [COL_EFFICIENCY] = { N_("Efficiency"), AIPERF_DATA_COLUMN_NUMBER, 9, NULL },
  [COL_TIME] = { N_("Time (µs)"), AIPERF_DATA_COLUMN_NUMBER, 9, NULL },
  [COL_LIBRARY] = { N_("Library"), AIPERF_DATA_COLUMN_TEXT, 9, AIPERF_GEMM_LIBRARY },
};

static double
column_number (const AiperfGemmPoint *p,
               Column                 column)
{
  switch (column)
    {
    case COL_BATCH_SIZE: return p->batch_size;
    case COL_M: return p->M;
    case COL_N: return p->N;
    case COL_K: return p->K;
    case COL_TFLOPS: return p->tflops;
    case COL_AI: return p->ai;
    case COL_ATTAINABLE: return p->attainable;
    case COL_EFFICIENCY: return 100 * p->efficiency;
    case COL_TIME: return p->time_us;
    default: return NAN;
    }
}

static const char *
column_text (const AiperfGemmPoint *p,
             Column                 column)
{
  switch (column)
    {
    case COL_KERNEL: return p->kernel;
    case COL_MODEL: return p->model;
    case COL_DTYPE: return p->dtype;
    case COL_LIBRARY: return p->library;
    default: return NULL;
    }
}

/* Whole numbers as such (a batch size is what --filter takes), others to 4
 * digits. */
static char *
number_text (double v,
             Column column)
{
  if (!isfinite (v))
    return NULL;
  if (column == COL_EFFICIENCY)
    return g_strdup_printf ("%.1f%%", v);
  if (v == floor (v) && fabs (v) < 1e15)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) v);
  return g_strdup_printf ("%.4g", v);
}

/* "5 of 90 measurements · H100 SXM (named by the input: H100)"; without a
 * GPU, how to get one — from the panel's GPU choice, not a flag. */
static char *
status_text (AiperfGemmData *data)
{
  if (data->gpu != NULL && data->gpu_asked)
    return g_strdup_printf (_("%u of %u measurements · ceilings of the %s"), data->points->len, data->n_total,
                            data->gpu->name);
  if (data->gpu != NULL)
    return g_strdup_printf (_("%u of %u measurements · ceilings of the %s (%s)"), data->points->len,
                            data->n_total, data->gpu->name, data->gpu_origin);
  if (data->gpu_asked)
    return g_strdup_printf (_("%u of %u measurements · %s"), data->points->len, data->n_total, data->gpu_problem);
  return g_strdup_printf (_("%u of %u measurements · the input names no known GPU: pick one under GPU for its "
                            "ceilings, attainable TFLOP/s and efficiency"), data->points->len, data->n_total);
}

AiperfDataTable *
aiperf_gemm_data_table (AiperfRunSet *runs,
                        GHashTable   *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGemmData) data = NULL;
  AiperfDataTable *table = aiperf_data_table_new ();
  g_autofree char *status = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  data = aiperf_gemm_data_new (runs, options, &error);
  if (data == NULL)
    {
      aiperf_data_table_set_status (table, error->message);
      return table;
    }
  for (guint c = 0; c < N_COLUMNS; c++)
    aiperf_data_table_add_column (table, g_dgettext (GETTEXT_PACKAGE, columns[c].title), columns[c].flags,
                                  columns[c].width, columns[c].filter_key);
  for (guint i = 0; i < data->points->len; i++)
    {
      const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, i);
      g_autofree char *key = g_strdup_printf ("%d", p->id);
      guint row = aiperf_data_table_add_row (table, key, -1, AIPERF_GEMM_ID_BASE + p->id);

      aiperf_data_table_add_highlight (table, row, AIPERF_GEMM_OPTION_HIGHLIGHT, key);
      aiperf_data_table_set_row_name (table, row, p->kernel);
      for (guint c = 0; c < N_COLUMNS; c++)
        {
          double v = column_number (p, c);
          g_autofree char *text = columns[c].flags & AIPERF_DATA_COLUMN_NUMBER ? number_text (v, c)
                                                                               : g_strdup (column_text (p, c));

          /* the kernel column shows the operation; the device kernel on hover */
          aiperf_data_table_set_cell (table, row, c, text, v,
                                      c == COL_KERNEL ? (p->device_kernel != NULL ? p->device_kernel : p->kernel) : NULL);
        }
    }
  status = status_text (data);
  aiperf_data_table_set_status (table, status);
  return table;
}
