/* aiperf-gemm-table.c — the GEMM kernels table: one row object per
 * measurement, its columns (cells, alignment, sorting).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-gemm-panel-private.h"

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

static const struct {
  const char *title;
  gboolean    numeric;
} columns[N_COLUMNS] = {
  [COL_KERNEL] = { N_("Kernel"), FALSE },
  [COL_MODEL] = { N_("Model"), FALSE },
  [COL_BATCH_SIZE] = { N_("Batch"), TRUE },
  [COL_DTYPE] = { N_("dtype"), FALSE },
  [COL_M] = { "M", TRUE },
  [COL_N] = { "N", TRUE },
  [COL_K] = { "K", TRUE },
  [COL_TFLOPS] = { N_("TFLOP/s"), TRUE },
  [COL_AI] = { N_("FLOP/B"), TRUE },
  [COL_ATTAINABLE] = { N_("Attainable"), TRUE },
  [COL_EFFICIENCY] = { N_("Efficiency"), TRUE },
  [COL_TIME] = { N_("Time (µs)"), TRUE },
  [COL_LIBRARY] = { N_("Library"), FALSE },
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

static char *
cell_text (const AiperfGemmPoint *p,
           Column                 column)
{
  double v;

  if (!columns[column].numeric)
    return g_strdup (column_text (p, column) != NULL ? column_text (p, column) : "—");
  v = column_number (p, column);
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

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const AiperfGemmPoint *pa = &AIPERF_GEMM_ROW ((gpointer) a)->point;
  const AiperfGemmPoint *pb = &AIPERF_GEMM_ROW ((gpointer) b)->point;
  Column column = GPOINTER_TO_INT (user_data);

  if (columns[column].numeric)
    {
      double x = column_number (pa, column), y = column_number (pb, column);

      /* empty cells last */
      if (isnan (x) || isnan (y))
        return isnan (x) == isnan (y) ? GTK_ORDERING_EQUAL : isnan (x) ? GTK_ORDERING_LARGER : GTK_ORDERING_SMALLER;
      return x < y ? GTK_ORDERING_SMALLER : x > y ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
    }
  return gtk_ordering_from_cmpfunc (g_utf8_collate (column_text (pa, column) != NULL ? column_text (pa, column) : "",
                                                    column_text (pb, column) != NULL ? column_text (pb, column) : ""));
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), columns[GPOINTER_TO_INT (user_data)].numeric ? 1.0 : 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  AiperfGemmRow *row = gtk_list_item_get_item (item);
  g_autofree char *text = cell_text (&row->point, GPOINTER_TO_INT (user_data));
  GtkWidget *label = gtk_list_item_get_child (item);

  gtk_label_set_text (GTK_LABEL (label), text);
  /* the kernel column is narrow: the device kernel is in the tooltip */
  gtk_widget_set_tooltip_text (label, GPOINTER_TO_INT (user_data) == COL_KERNEL && row->point.device_kernel != NULL
                                        ? row->point.device_kernel : NULL);
}

static void
add_column (GtkColumnView *view,
            Column         column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *col;
  GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows, GINT_TO_POINTER (column), NULL));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GINT_TO_POINTER (column));
  col = gtk_column_view_column_new (_(columns[column].title), factory);
  gtk_column_view_column_set_sorter (col, sorter);
  gtk_column_view_column_set_resizable (col, TRUE);
  gtk_column_view_column_set_expand (col, column == COL_KERNEL);
  /* shapes of 5 digits and 4-digit measurements fit without an ellipsis */
  if (column != COL_KERNEL)
    gtk_column_view_column_set_fixed_width (col, columns[column].numeric ? 76 : 96);
  gtk_column_view_append_column (view, col);
  g_object_unref (sorter);
  g_object_unref (col);
}

void
aiperf_gemm_table_add_columns (GtkColumnView *view)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  for (Column c = 0; c < N_COLUMNS; c++)
    add_column (view, c);
}
