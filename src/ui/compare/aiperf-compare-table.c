/* aiperf-compare-table.c — the comparison's records as table rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-compare-table.h"
#include "aiperf-table-view.h"

struct _AiperfCompareRow
{
  GObject                    parent_instance;
  const AiperfCompareRecord *record;
  guint                      index;
};

G_DEFINE_FINAL_TYPE (AiperfCompareRow, aiperf_compare_row, G_TYPE_OBJECT)

static void
aiperf_compare_row_class_init (AiperfCompareRowClass *klass)
{
}

static void
aiperf_compare_row_init (AiperfCompareRow *self)
{
}

AiperfCompareRow *
aiperf_compare_row_new (const AiperfCompareRecord *record,
                        guint                      index)
{
  AiperfCompareRow *row;

  g_return_val_if_fail (record != NULL, NULL);

  row = g_object_new (AIPERF_TYPE_COMPARE_ROW, NULL);
  row->record = record;
  row->index = index;
  return row;
}

const AiperfCompareRecord *
aiperf_compare_row_get_record (AiperfCompareRow *row)
{
  g_return_val_if_fail (AIPERF_IS_COMPARE_ROW (row), NULL);
  return row->record;
}

guint
aiperf_compare_row_get_index (AiperfCompareRow *row)
{
  g_return_val_if_fail (AIPERF_IS_COMPARE_ROW (row), 0);
  return row->index;
}

const char *
aiperf_compare_verdict_icon (AiperfVerdict verdict)
{
  switch (verdict)
    {
    case AIPERF_VERDICT_REGRESSION: return "dialog-warning-symbolic";
    case AIPERF_VERDICT_IMPROVEMENT: return "emblem-ok-symbolic";
    case AIPERF_VERDICT_NO_CHANGE: return "list-remove-symbolic";
    case AIPERF_VERDICT_NOT_ENOUGH_DATA:
    default: return "dialog-question-symbolic";
    }
}

const char *
aiperf_compare_verdict_class (AiperfVerdict verdict)
{
  switch (verdict)
    {
    case AIPERF_VERDICT_REGRESSION: return "verdict-regression";
    case AIPERF_VERDICT_IMPROVEMENT: return "verdict-improvement";
    case AIPERF_VERDICT_NO_CHANGE: return "verdict-no-change";
    case AIPERF_VERDICT_NOT_ENOUGH_DATA:
    default: return "verdict-not-enough-data";
    }
}

/* --- the text and number columns --- */

typedef enum {
  COL_CONFIGURATION, COL_METRIC, COL_STAT, COL_BASELINE, COL_CANDIDATE, COL_CHANGE, COL_CI, COL_P, COL_Q,
  N_COLUMNS
} Column;

static const AiperfTableColumn columns[N_COLUMNS] = {
  [COL_CONFIGURATION] = { N_("Configuration"), FALSE, 200 },
  [COL_METRIC] = { N_("Metric"), FALSE, 0 },
  [COL_STAT] = { N_("Stat"), FALSE, 56 },
  [COL_BASELINE] = { N_("Baseline"), TRUE, 130 },
  [COL_CANDIDATE] = { N_("Candidate"), TRUE, 130 },
  [COL_CHANGE] = { N_("Change"), TRUE, 80 },
  /* xgettext:no-c-format */
  [COL_CI] = { N_("95 % CI"), TRUE, 140 },
  [COL_P] = { N_("p"), TRUE, 70 },
  [COL_Q] = { N_("q (FDR)"), TRUE, 70 },
};

static double
column_number (gpointer item,
               guint    column)
{
  const AiperfCompareRecord *r = AIPERF_COMPARE_ROW (item)->record;

  switch ((Column) column)
    {
    case COL_BASELINE: return r->baseline;
    case COL_CANDIDATE: return r->candidate;
    case COL_CHANGE: return r->change;
    /* The interval sorts by how sure the change is: its end nearer 0. */
    case COL_CI: return isfinite (r->ci_lo) && isfinite (r->ci_hi)
                        ? (r->ci_lo > 0 ? r->ci_lo : r->ci_hi < 0 ? r->ci_hi : 0) : NAN;
    case COL_P: return r->p;
    case COL_Q: return r->q;
    default: return NAN;
    }
}

static const char *
column_text (gpointer item,
             guint    column)
{
  const AiperfCompareRecord *r = AIPERF_COMPARE_ROW (item)->record;

  return column == COL_CONFIGURATION ? r->configuration : column == COL_METRIC ? r->label : r->stat;
}

static char *
cell_text (gpointer item,
           guint    column)
{
  const AiperfCompareRecord *r = AIPERF_COMPARE_ROW (item)->record;
  double v = column_number (item, column);

  switch ((Column) column)
    {
    case COL_BASELINE:
    case COL_CANDIDATE:
      return isfinite (v) ? g_strdup_printf ("%.4g %s", v, r->unit) : g_strdup ("—");
    case COL_CHANGE:
      return isfinite (v) ? g_strdup_printf ("%+.2f %%", v * 100) : g_strdup ("—");
    case COL_CI:
      return isfinite (r->ci_lo) && isfinite (r->ci_hi)
             ? g_strdup_printf ("%+.1f … %+.1f %%", r->ci_lo * 100, r->ci_hi * 100) : g_strdup ("—");
    case COL_P:
    case COL_Q:
      /* Welch on thousands of instances underflows to 0: below what a
       * double tells from 0 next to 1. */
      if (isfinite (v) && v < 1e-16)
        return g_strdup ("< 1e-16");
      return isfinite (v) ? g_strdup_printf (v < 1e-4 ? "%.1e" : "%.4f", v) : g_strdup ("—");
    default:
      return g_strdup (column_text (item, column));
    }
}

/* How the record was measured, on hover over its numbers. */
static const char *
cell_tooltip (gpointer item,
              guint    column)
{
  AiperfCompareRow *row = item;
  const AiperfCompareRecord *r = row->record;
  char *text;

  if (column == COL_CONFIGURATION || column == COL_METRIC)
    return column == COL_CONFIGURATION ? r->configuration : r->metric;
  text = g_object_get_data (G_OBJECT (row), "aiperf-tooltip");
  if (text != NULL)
    return text;
  text = g_strdup_printf (_("%s; %u baseline and %u candidate samples from %u and %u runs%s"),
                          aiperf_compare_test_to_string (r->test), r->n_baseline, r->n_candidate,
                          r->runs_baseline, r->runs_candidate,
                          r->failed_baseline + r->failed_candidate > 0 ? _("; failed requests left out") : "");
  g_object_set_data_full (G_OBJECT (row), "aiperf-tooltip", text, g_free);
  return text;
}

static const AiperfTableSpec table = {
  columns, N_COLUMNS, column_number, column_text, cell_text, cell_tooltip, NULL,
};

/* --- the verdict column: icon, word and colour --- */

static int
severity (AiperfVerdict verdict)
{
  switch (verdict)
    {
    case AIPERF_VERDICT_REGRESSION: return 0;
    case AIPERF_VERDICT_IMPROVEMENT: return 1;
    case AIPERF_VERDICT_NO_CHANGE: return 2;
    case AIPERF_VERDICT_NOT_ENOUGH_DATA:
    default: return 3;
    }
}

static int
compare_verdicts (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  int x = severity (AIPERF_COMPARE_ROW ((gpointer) a)->record->verdict);
  int y = severity (AIPERF_COMPARE_ROW ((gpointer) b)->record->verdict);

  return x < y ? GTK_ORDERING_SMALLER : x > y ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static void
setup_verdict (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_box_append (GTK_BOX (box), gtk_image_new ());
  gtk_box_append (GTK_BOX (box), gtk_label_new (NULL));
  gtk_list_item_set_child (item, box);
}

static void
bind_verdict (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  const AiperfCompareRecord *r = AIPERF_COMPARE_ROW (gtk_list_item_get_item (item))->record;
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *image = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (image);
  const char *classes[] = { aiperf_compare_verdict_class (r->verdict), NULL };

  gtk_image_set_from_icon_name (GTK_IMAGE (image), aiperf_compare_verdict_icon (r->verdict));
  gtk_label_set_text (GTK_LABEL (label), aiperf_verdict_label (r->verdict));
  gtk_widget_set_css_classes (box, classes);
  /* Why there is no verdict, or what it rests on. */
  gtk_widget_set_tooltip_text (box, r->reason != NULL ? r->reason : NULL);
}

void
aiperf_compare_table_add_columns (GtkColumnView *view)
{
  GtkListItemFactory *factory;
  GtkSorter *sorter;
  GtkColumnViewColumn *column;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  aiperf_table_view_add_columns (view, &table);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_verdict), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_verdict), NULL);
  column = gtk_column_view_column_new (_("Verdict"), factory);
  sorter = GTK_SORTER (gtk_custom_sorter_new (compare_verdicts, NULL, NULL));
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_fixed_width (column, 190);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (view, column);
  g_object_unref (sorter);
  g_object_unref (column);
}

/* --- filtering by verdict and text --- */

typedef struct {
  int   verdict;
  char *text;   /* casefolded, or NULL */
} FilterState;

static void
filter_state_free (gpointer data)
{
  FilterState *state = data;

  g_free (state->text);
  g_free (state);
}

static gboolean
contains (const char *haystack,
          const char *needle)
{
  g_autofree char *folded = g_utf8_casefold (haystack != NULL ? haystack : "", -1);

  return strstr (folded, needle) != NULL;
}

static gboolean
row_matches (gpointer item,
             gpointer user_data)
{
  const FilterState *state = user_data;
  const AiperfCompareRecord *r = AIPERF_COMPARE_ROW (item)->record;

  if (state->verdict >= 0 && (int) r->verdict != state->verdict)
    return FALSE;
  return state->text == NULL || contains (r->configuration, state->text) || contains (r->label, state->text) ||
         contains (r->metric, state->text) || contains (r->stat, state->text);
}

GtkFilter *
aiperf_compare_table_filter_new (void)
{
  FilterState *state = g_new0 (FilterState, 1);
  GtkCustomFilter *filter;

  state->verdict = -1;
  filter = gtk_custom_filter_new (row_matches, state, NULL);
  /* The filter owns its state. */
  g_object_set_data_full (G_OBJECT (filter), "aiperf-filter-state", state, filter_state_free);
  return GTK_FILTER (filter);
}

void
aiperf_compare_table_filter_set (GtkFilter  *filter,
                                 int         verdict,
                                 const char *text)
{
  FilterState *state;

  g_return_if_fail (GTK_IS_FILTER (filter));

  state = g_object_get_data (G_OBJECT (filter), "aiperf-filter-state");
  g_return_if_fail (state != NULL);
  state->verdict = verdict;
  g_clear_pointer (&state->text, g_free);
  if (text != NULL && text[0] != '\0')
    state->text = g_utf8_casefold (text, -1);
  gtk_filter_changed (filter, GTK_FILTER_CHANGE_DIFFERENT);
}
