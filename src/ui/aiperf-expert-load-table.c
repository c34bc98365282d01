/* aiperf-expert-load-table.c — the expert load table: one row object per
 * expert of each gate-log set, its columns (cells, alignment, sorting).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-expert-load-panel-private.h"
#include "aiperf-table-view.h"

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

static const AiperfTableColumn columns[N_COLUMNS] = {
  [COL_SET] = { N_("Set"), FALSE, 0 },
  [COL_EXPERT] = { N_("Expert"), TRUE, 84 },
  [COL_TOKENS] = { N_("Tokens"), TRUE, 84 },
  [COL_SHARE] = { N_("Share"), TRUE, 84 },
  /* share ÷ 1/E: above 1, the expert is overloaded */
  [COL_VS_UNIFORM] = { N_("× Uniform"), TRUE, 84 },
};

static double
column_number (gpointer item,
               guint    column)
{
  const AiperfExpertRow *row = item;

  switch ((Column) column)
    {
    case COL_EXPERT: return row->expert;
    case COL_TOKENS: return row->tokens;
    case COL_SHARE: return row->share;
    case COL_VS_UNIFORM: return row->vs_uniform;
    default: return NAN;
    }
}

static const char *
column_text (gpointer item,
             guint    column)
{
  return AIPERF_EXPERT_ROW (item)->label;
}

static char *
cell_text (gpointer item,
           guint    column)
{
  double v;

  if (column == COL_SET)
    return g_strdup (column_text (item, column));
  v = column_number (item, column);
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

/* Sets in their chart order, not by name. */
static GtkOrdering
compare_rows (const AiperfTableSpec *spec,
              gpointer               a,
              gpointer               b,
              guint                  column)
{
  const AiperfExpertRow *ra = a, *rb = b;

  if (column != COL_SET)
    return aiperf_table_view_compare (spec, a, b, column);
  if (ra->set != rb->set)
    return ra->set < rb->set ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
  return ra->expert < rb->expert ? GTK_ORDERING_SMALLER
         : ra->expert > rb->expert ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

/* Set labels are long: the whole one in the tooltip. */
static const char *
cell_tooltip (gpointer item,
              guint    column)
{
  return column == COL_SET ? AIPERF_EXPERT_ROW (item)->label : NULL;
}

static const AiperfTableSpec table = {
  columns, N_COLUMNS, column_number, column_text, cell_text, cell_tooltip, compare_rows,
};

void
aiperf_expert_load_table_add_columns (GtkColumnView *view)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  aiperf_table_view_add_columns (view, &table);
}
