/* aiperf-data-columns.c — a data table in a GtkColumnView: a row object
 * per table row, a sortable column per table column, sized from the
 * widths of their titles and cells with the name column taking the room
 * left, the whole of a shortened cell on hover.
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

/* The whole of a cell on hover: the table's tooltip (a kernel's full
 * signature) when it has one, else the text itself once it is shortened. */
static gboolean
on_cell_tooltip (GtkWidget  *label,
                 int         x,
                 int         y,
                 gboolean    keyboard,
                 GtkTooltip *tooltip,
                 gpointer    user_data)
{
  const char *full = g_object_get_data (G_OBJECT (label), "aiperf-tooltip");

  if (full == NULL && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))))
    full = gtk_label_get_text (GTK_LABEL (label));
  if (full == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, full);
  return TRUE;
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
  gtk_widget_set_has_tooltip (label, TRUE);
  g_signal_connect (label, "query-tooltip", G_CALLBACK (on_cell_tooltip), NULL);
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
  g_object_set_data_full (G_OBJECT (label), "aiperf-tooltip",
                          g_strdup (aiperf_data_table_get_tooltip (row->table, row->index, ref->column)), g_free);
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

/* A name column never narrower than this many digits: a kernel's name
 * still tells which it is, and numbers keep their room. */
#define NAME_MIN_CHARS 16
/* Rows measured for a column's width: the texts with most characters of
 * the first this many (a trace can list thousands of kernels). */
#define MEASURED_ROWS 5000
/* Cells have 6 px of padding each side, and a label's text is laid out a
 * few pixels wider than a bare layout measures it; a title has its sort
 * arrow too. */
#define CELL_PAD 18
#define SORT_ARROW 20

static int
text_width (PangoLayout *layout,
            const char  *text)
{
  int w = 0;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, NULL);
  return w;
}

/* What column @c of @table needs to show its title and cells whole,
 * within half as much again as the table's own width for it. */
static int
column_natural_width (AiperfDataTable *table,
                      guint            c,
                      PangoLayout     *layout,
                      int              digit)
{
  const char *longest = NULL;
  glong longest_len = 0;
  int title, cells = 0, cap;

  for (guint r = 0; r < aiperf_data_table_get_n_rows (table) && r < MEASURED_ROWS; r++)
    {
      const char *text = aiperf_data_table_get_text (table, r, c);
      glong len = text != NULL ? g_utf8_strlen (text, -1) : 0;

      if (len > longest_len)
        longest = text, longest_len = len;
    }
  if (longest != NULL)
    cells = text_width (layout, longest);
  title = text_width (layout, aiperf_data_table_get_column_title (table, c)) + SORT_ARROW;
  /* The table's width for the column is a guess at its text: a word a
   * little longer ("communication" in twelve) is still shown whole, a
   * kernel's signature is not. */
  cap = (int) aiperf_data_table_get_column_width (table, c) * digit * 3 / 2;
  return MAX (title, MIN (cells, cap)) + CELL_PAD;
}

void
aiperf_data_columns_set (GtkColumnView   *view,
                         AiperfDataTable *table)
{
  GListModel *columns;
  PangoFontMetrics *metrics;
  g_autoptr(PangoLayout) layout = NULL;
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
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (view), NULL);
  for (guint c = 0; c < aiperf_data_table_get_n_columns (table); c++)
    {
      AiperfDataColumnFlags flags = aiperf_data_table_get_column_flags (table, c);
      ColumnRef *ref = g_new (ColumnRef, 1);
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkSorter *sorter;
      GtkColumnViewColumn *column;
      int natural = column_natural_width (table, c, layout, digit);
      gboolean name = (flags & AIPERF_DATA_COLUMN_NAME) != 0;

      ref->column = c;
      ref->numeric = (flags & AIPERF_DATA_COLUMN_NUMBER) != 0;
      g_object_set_data_full (G_OBJECT (factory), "aiperf-column", ref, g_free);
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), ref);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), ref);
      sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows, g_memdup2 (ref, sizeof *ref), g_free));
      column = gtk_column_view_column_new (aiperf_data_table_get_column_title (table, c), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      /* The long name has at least its minimum and takes whatever width
       * the others leave (shortened, whole on hover); the others are as
       * wide as their title and cells. */
      gtk_column_view_column_set_fixed_width (column, name ? MIN (natural, NAME_MIN_CHARS * digit + CELL_PAD)
                                                           : natural);
      gtk_column_view_column_set_expand (column, name);
      g_object_set_data (G_OBJECT (column), "aiperf-natural-width", GINT_TO_POINTER (natural));
      gtk_column_view_append_column (view, column);
      g_object_unref (sorter);
      g_object_unref (column);
    }
}

int
aiperf_data_columns_natural_width (GtkColumnView *view)
{
  GListModel *columns;
  int width = 0;

  g_return_val_if_fail (GTK_IS_COLUMN_VIEW (view), 0);

  columns = gtk_column_view_get_columns (view);
  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

      if (gtk_column_view_column_get_visible (column))
        width += GPOINTER_TO_INT (g_object_get_data (G_OBJECT (column), "aiperf-natural-width"));
    }
  return width;
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
