/* aiperf-table-view.c — sortable columns from a description, and a row
 * selected with it scrolled into view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-table-view.h"

typedef struct {
  const AiperfTableSpec *spec;
  guint                  column;
} ColumnRef;

GtkOrdering
aiperf_table_view_compare (const AiperfTableSpec *spec,
                           gpointer               a,
                           gpointer               b,
                           guint                  column)
{
  g_return_val_if_fail (spec != NULL && column < spec->n_columns, GTK_ORDERING_EQUAL);

  if (spec->columns[column].numeric)
    {
      double x = spec->number (a, column), y = spec->number (b, column);

      if (isnan (x) || isnan (y))
        return isnan (x) == isnan (y) ? GTK_ORDERING_EQUAL : isnan (x) ? GTK_ORDERING_LARGER : GTK_ORDERING_SMALLER;
      return x < y ? GTK_ORDERING_SMALLER : x > y ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
    }
  {
    const char *x = spec->text (a, column), *y = spec->text (b, column);

    return gtk_ordering_from_cmpfunc (g_utf8_collate (x != NULL ? x : "", y != NULL ? y : ""));
  }
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const ColumnRef *ref = user_data;

  if (ref->spec->compare != NULL)
    return ref->spec->compare (ref->spec, (gpointer) a, (gpointer) b, ref->column);
  return aiperf_table_view_compare (ref->spec, (gpointer) a, (gpointer) b, ref->column);
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  const ColumnRef *ref = user_data;
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), ref->spec->columns[ref->column].numeric ? 1.0 : 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  const ColumnRef *ref = user_data;
  gpointer row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = NULL;

  if (ref->spec->cell != NULL)
    text = ref->spec->cell (row, ref->column);
  else if (ref->spec->columns[ref->column].numeric)
    {
      double v = ref->spec->number (row, ref->column);

      text = isfinite (v) ? g_strdup_printf ("%.4g", v) : g_strdup ("—");
    }
  else
    text = g_strdup (ref->spec->text (row, ref->column));
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "—");
  gtk_widget_set_tooltip_text (label, ref->spec->tooltip != NULL ? ref->spec->tooltip (row, ref->column) : NULL);
}

void
aiperf_table_view_add_columns (GtkColumnView         *view,
                               const AiperfTableSpec *spec)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (spec != NULL);

  for (guint c = 0; c < spec->n_columns; c++)
    {
      ColumnRef *ref = g_new (ColumnRef, 1);
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows, ref, g_free));
      GtkColumnViewColumn *column;

      ref->spec = spec;
      ref->column = c;
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), ref);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), ref);
      column = gtk_column_view_column_new (_(spec->columns[c].title), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      if (spec->columns[c].width > 0)
        gtk_column_view_column_set_fixed_width (column, spec->columns[c].width);
      else
        gtk_column_view_column_set_expand (column, TRUE);
      gtk_column_view_append_column (view, column);
      g_object_unref (sorter);
      g_object_unref (column);
    }
}

void
aiperf_table_view_select (GtkColumnView      *view,
                          GtkSingleSelection *selection,
                          guint               position)
{
  GtkAdjustment *adjustment;
  guint n;
  double upper, page, row_height;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (GTK_IS_SINGLE_SELECTION (selection));

  gtk_single_selection_set_selected (selection, position);
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  n = g_list_model_get_n_items (G_LIST_MODEL (selection));
  if (adjustment == NULL || n == 0)
    return;
  upper = gtk_adjustment_get_upper (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  row_height = upper / n;
  if (upper > page)
    gtk_adjustment_set_value (adjustment, CLAMP ((position + 0.5) * row_height - page / 2, 0, upper - page));
}
