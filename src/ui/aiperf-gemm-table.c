/* aiperf-gemm-table.c — the GEMM kernels table: one row object per
 * measurement, its columns (cells, alignment, sorting).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-gemm-panel-private.h"
#include "aiperf-table-view.h"

/* --- one table row: a copy of the measurement --- */

struct _AiperfGemmRow
{
  GObject         parent_instance;
  AiperfGemmPoint point;  /* strings belong to the session's runs */
};

G_DEFINE_FINAL_TYPE (AiperfGemmRow, aiperf_gemm_row, G_TYPE_OBJECT)

static void
aiperf_gemm_row_class_init (AiperfGemmRowClass *klass)
{
}

static void
aiperf_gemm_row_init (AiperfGemmRow *self)
{
}

/* --- columns --- */

typedef enum {
  COL_KERNEL, COL_MODEL, COL_BATCH_SIZE, COL_DTYPE, COL_M, COL_N, COL_K, COL_TFLOPS, COL_AI,
  COL_ATTAINABLE, COL_EFFICIENCY, COL_TIME, COL_LIBRARY, N_COLUMNS,
} Column;

/* Shapes of 5 digits and 4-digit measurements fit without an ellipsis. */
static const AiperfTableColumn columns[N_COLUMNS] = {
  [COL_KERNEL] = { N_("Kernel"), FALSE, 0 },
  [COL_MODEL] = { N_("Model"), FALSE, 96 },
  [COL_BATCH_SIZE] = { N_("Batch"), TRUE, 76 },
  [COL_DTYPE] = { N_("dtype"), FALSE, 96 },
  [COL_M] = { "M", TRUE, 76 },
  [COL_N] = { "N", TRUE, 76 },
  [COL_K] = { "K", TRUE, 76 },
  [COL_TFLOPS] = { N_("TFLOP/s"), TRUE, 76 },
  [COL_AI] = { N_("FLOP/B"), TRUE, 76 },
  [COL_ATTAINABLE] = { N_("Attainable"), TRUE, 76 },
  [COL_EFFICIENCY] = { N_("Efficiency"), TRUE, 76 },
  [COL_TIME] = { N_("Time (µs)"), TRUE, 76 },
  [COL_LIBRARY] = { N_("Library"), FALSE, 96 },
};

static double
column_number (gpointer item,
               guint    column)
{
  const AiperfGemmPoint *p = &AIPERF_GEMM_ROW (item)->point;

  switch ((Column) column)
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
column_text (gpointer item,
             guint    column)
{
  const AiperfGemmPoint *p = &AIPERF_GEMM_ROW (item)->point;

  switch ((Column) column)
    {
    case COL_KERNEL: return p->kernel;
    case COL_MODEL: return p->model;
    case COL_DTYPE: return p->dtype;
    case COL_LIBRARY: return p->library;
    default: return NULL;
    }
}

static char *
cell_text (gpointer item,
           guint    column)
{
  double v;

  if (!columns[column].numeric)
    return g_strdup (column_text (item, column) != NULL ? column_text (item, column) : "—");
  v = column_number (item, column);
  if (!isfinite (v))
    return g_strdup ("—");
  if (column == COL_EFFICIENCY)
    return g_strdup_printf ("%.1f%%", v);
  if (v == floor (v) && fabs (v) < 1e15)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) v);
  return g_strdup_printf ("%.4g", v);
}

AiperfGemmRow *
aiperf_gemm_row_new (const AiperfGemmPoint *point)
{
  AiperfGemmRow *row = g_object_new (AIPERF_TYPE_GEMM_ROW, NULL);

  row->point = *point;
  return row;
}

const AiperfGemmPoint *
aiperf_gemm_row_get_point (AiperfGemmRow *row)
{
  g_return_val_if_fail (AIPERF_IS_GEMM_ROW (row), NULL);

  return &row->point;
}

/* The kernel column is narrow: the device kernel is in the tooltip. */
static const char *
cell_tooltip (gpointer item,
              guint    column)
{
  return column == COL_KERNEL ? AIPERF_GEMM_ROW (item)->point.device_kernel : NULL;
}

static const AiperfTableSpec table = {
  columns, N_COLUMNS, column_number, column_text, cell_text, cell_tooltip, NULL,
};

void
aiperf_gemm_table_add_columns (GtkColumnView *view)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  aiperf_table_view_add_columns (view, &table);
}
