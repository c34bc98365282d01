/* aiperf-expert-load-table.c — the expert load table: one row object per
 * expert of each gate-log set, its columns (cells, alignment, sorting).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-expert-load-panel-private.h"

/* --- one table row: an expert of a set --- */

struct _AiperfExpertRow
{
  GObject  parent_instance;
  int      set;          /* the set's place in the chart's series */
  char    *label;
  int      expert;
  double   tokens;
  double   share;        /* % of the set's tokens */
  double   vs_uniform;   /* share ÷ (1/E) */
};

G_DEFINE_FINAL_TYPE (AiperfExpertRow, aiperf_expert_row, G_TYPE_OBJECT)

static void
aiperf_expert_row_finalize (GObject *object)
{
  g_free (AIPERF_EXPERT_ROW (object)->label);
  G_OBJECT_CLASS (aiperf_expert_row_parent_class)->finalize (object);
}

static void
aiperf_expert_row_class_init (AiperfExpertRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_expert_row_finalize;
}

static void
aiperf_expert_row_init (AiperfExpertRow *self)
{
}

AiperfExpertRow *
aiperf_expert_row_new (int                        set,
                       const AiperfExpertLoadSet *data,
                       int                        expert)
{
  AiperfExpertRow *row = g_object_new (AIPERF_TYPE_EXPERT_ROW, NULL);

  row->set = set;
  row->label = g_strdup (data->label);
  row->expert = expert;
  row->tokens = data->totals[expert];
  row->share = data->total_tokens > 0 ? 100 * data->totals[expert] / data->total_tokens : NAN;
  row->vs_uniform = data->total_tokens > 0 ? data->totals[expert] * data->n_experts / data->total_tokens : NAN;
  return row;
}

int
aiperf_expert_row_get_set (AiperfExpertRow *row)
{
  g_return_val_if_fail (AIPERF_IS_EXPERT_ROW (row), -1);
  return row->set;
}

int
aiperf_expert_row_get_expert (AiperfExpertRow *row)
{
  g_return_val_if_fail (AIPERF_IS_EXPERT_ROW (row), -1);
  return row->expert;
}

const char *
aiperf_expert_row_get_label (AiperfExpertRow *row)
{
  g_return_val_if_fail (AIPERF_IS_EXPERT_ROW (row), NULL);
  return row->label;
}

/* --- columns --- */

typedef enum {
  COL_SET, COL_EXPERT, COL_TOKENS, COL_SHARE, COL_VS_UNIFORM, N_COLUMNS,
} Column;

static const struct {
  const char *title;
  gboolean    numeric;
} columns[N_COLUMNS] = {
  [COL_SET] = { N_("Set"), FALSE },
  [COL_EXPERT] = { N_("Expert"), TRUE },
  [COL_TOKENS] = { N_("Tokens"), TRUE },
  [COL_SHARE] = { N_("Share"), TRUE },
  /* share ÷ 1/E: above 1, the expert is overloaded */
  [COL_VS_UNIFORM] = { N_("× Uniform"), TRUE },
};

static double
column_number (const AiperfExpertRow *row,
               Column                 column)
{
  switch (column)
    {
    case COL_EXPERT: return row->expert;
    case COL_TOKENS: return row->tokens;
    case COL_SHARE: return row->share;
    case COL_VS_UNIFORM: return row->vs_uniform;
    default: return NAN;
    }
}

static char *
cell_text (const AiperfExpertRow *row,
           Column                 column)
{
  double v;

  if (column == COL_SET)
    return g_strdup (row->label);
  v = column_number (row, column);
  if (!isfinite (v))
    return g_strdup ("—");
  if (column == COL_SHARE)
    return g_strdup_printf ("%.2f%%", v);
  if (column == COL_VS_UNIFORM)
    return g_strdup_printf ("%.3f", v);
  if (v == floor (v) && fabs (v) < 1e15)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) v);
  return g_strdup_printf ("%.6g", v);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const AiperfExpertRow *ra = a, *rb = b;
  Column column = GPOINTER_TO_INT (user_data);
  double x, y;

  if (column == COL_SET)
    {
      /* sets in their chart order, not by name */
      if (ra->set != rb->set)
        return ra->set < rb->set ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
      return ra->expert < rb->expert ? GTK_ORDERING_SMALLER
             : ra->expert > rb->expert ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
    }
  x = column_number (ra, column);
  y = column_number (rb, column);
  /* empty cells last */
  if (isnan (x) || isnan (y))
    return isnan (x) == isnan (y) ? GTK_ORDERING_EQUAL : isnan (x) ? GTK_ORDERING_LARGER : GTK_ORDERING_SMALLER;
  return x < y ? GTK_ORDERING_SMALLER : x > y ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
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
  AiperfExpertRow *row = gtk_list_item_get_item (item);
  g_autofree char *text = cell_text (row, GPOINTER_TO_INT (user_data));
  GtkWidget *label = gtk_list_item_get_child (item);

  gtk_label_set_text (GTK_LABEL (label), text);
  /* set labels are long: the whole one in the tooltip */
  gtk_widget_set_tooltip_text (label, GPOINTER_TO_INT (user_data) == COL_SET ? row->label : NULL);
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
  gtk_column_view_column_set_expand (col, column == COL_SET);
  if (column != COL_SET)
    gtk_column_view_column_set_fixed_width (col, 84);
  gtk_column_view_append_column (view, col);
  g_object_unref (sorter);
  g_object_unref (col);
}

void
aiperf_expert_load_table_add_columns (GtkColumnView *view)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  for (Column c = 0; c < N_COLUMNS; c++)
    add_column (view, c);
}
