/* aiperf-data-columns.c — a data table in a GtkColumnView: a row object
 * per table row, a sortable column per table column, sized from the
 * table's widths with the name column taking the room left, the whole of
 * a shortened cell on hover.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-data-panel-private.h"

/* --- one row --- */

struct _AiperfDataRow
{
  GObject          parent_instance;
  AiperfDataTable *table;
  guint            index;
};

G_DEFINE_FINAL_TYPE (AiperfDataRow, aiperf_data_row, G_TYPE_OBJECT)

static void
aiperf_data_row_finalize (GObject *object)
{
  g_clear_pointer (&AIPERF_DATA_ROW (object)->table, aiperf_data_table_unref);
  G_OBJECT_CLASS (aiperf_data_row_parent_class)->finalize (object);
}

static void
aiperf_data_row_class_init (AiperfDataRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_data_row_finalize;
}

static void
aiperf_data_row_init (AiperfDataRow *self)
{
}

AiperfDataRow *
aiperf_data_row_new (AiperfDataTable *table,
                     guint            index)
{
  AiperfDataRow *row = g_object_new (AIPERF_TYPE_DATA_ROW, NULL);

  row->table = aiperf_data_table_ref (table);
  row->index = index;
  return row;
}

guint
aiperf_data_row_get_index (AiperfDataRow *row)
{
  g_return_val_if_fail (AIPERF_IS_DATA_ROW (row), 0);
  return row->index;
}

/* --- columns --- */

typedef struct {
  guint    column;
  gboolean numeric;
} ColumnRef;

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const AiperfDataRow *x = a, *y = b;
  const ColumnRef *ref = user_data;

  /* rows of one refresh share their table */
  if (x->table != y->table)
    return 0;
  return aiperf_data_table_compare (x->table, ref->column, x->index, y->index);
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  const ColumnRef *ref = user_data;
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), ref->numeric ? 1.0 : 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (ref->numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  const ColumnRef *ref = user_data;
  AiperfDataRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *text = aiperf_data_table_get_text (row->table, row->index, ref->column);

  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "—");
  gtk_widget_set_tooltip_text (label, aiperf_data_table_get_tooltip (row->table, row->index, ref->column));
}

/* Whether @view shows @table's columns already (then its sort stays). */
static gboolean
same_columns (GtkColumnView   *view,
              AiperfDataTable *table)
{
  GListModel *columns = gtk_column_view_get_columns (view);
  guint n = aiperf_data_table_get_n_columns (table);

  if (g_list_model_get_n_items (columns) != n)
    return FALSE;
  for (guint c = 0; c < n; c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), aiperf_data_table_get_column_title (table, c)) != 0)
        return FALSE;
    }
  return TRUE;
}

void
aiperf_data_columns_set (GtkColumnView   *view,
                         AiperfDataTable *table)
{
  GListModel *columns;
  PangoFontMetrics *metrics;
  int digit;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (table != NULL);

  if (same_columns (view, table))
    return;
  columns = gtk_column_view_get_columns (view);
  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (view, column);
    }
  metrics = pango_context_get_metrics (gtk_widget_get_pango_context (GTK_WIDGET (view)), NULL, NULL);
  digit = MAX (pango_font_metrics_get_approximate_digit_width (metrics) / PANGO_SCALE, 6);
  pango_font_metrics_unref (metrics);
  for (guint c = 0; c < aiperf_data_table_get_n_columns (table); c++)
    {
      AiperfDataColumnFlags flags = aiperf_data_table_get_column_flags (table, c);
      ColumnRef *ref = g_new (ColumnRef, 1);
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkSorter *sorter;
      GtkColumnViewColumn *column;

      ref->column = c;
      ref->numeric = (flags & AIPERF_DATA_COLUMN_NUMBER) != 0;
      g_object_set_data_full (G_OBJECT (factory), "aiperf-column", ref, g_free);
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), ref);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), ref);
      sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows, g_memdup2 (ref, sizeof *ref), g_free));
      column = gtk_column_view_column_new (aiperf_data_table_get_column_title (table, c), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      /* cells have 6 px of padding each side */
      gtk_column_view_column_set_fixed_width (column, (int) aiperf_data_table_get_column_width (table, c) * digit + 12);
      /* the long name gets the width the numbers leave */
      gtk_column_view_column_set_expand (column, (flags & AIPERF_DATA_COLUMN_NAME) != 0);
      gtk_column_view_append_column (view, column);
      g_object_unref (sorter);
      g_object_unref (column);
    }
}

void
aiperf_data_columns_show_filled (GtkColumnView   *view,
                                 AiperfDataTable *table)
{
  GListModel *columns;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (table != NULL);

  columns = gtk_column_view_get_columns (view);
  for (guint c = 0; c < g_list_model_get_n_items (columns) && c < aiperf_data_table_get_n_columns (table); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);
      gboolean filled = aiperf_data_table_get_n_rows (table) == 0;

      for (guint r = 0; r < aiperf_data_table_get_n_rows (table) && !filled; r++)
        filled = aiperf_data_table_get_text (table, r, c) != NULL;
      gtk_column_view_column_set_visible (column, filled);
    }
}
