/* aiperf-kernels-panel.c — the kernels tab: every kernel of the open
 * summaries (or traces) in a sortable GtkColumnView beside the top-kernels
 * chart, linked both ways: selecting a row marks the kernel's bars, and
 * double-clicking a bar selects its row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-kernels-panel.h"
#include "aiperf-kernels-private.h"
#include "aiperf-session-plot.h"
#include "aiperf-table-view.h"

/* --- one row: a kernel of one source --- */

#define AIPERF_TYPE_KERNEL_ROW (aiperf_kernel_row_get_type ())
G_DECLARE_FINAL_TYPE (AiperfKernelRow, aiperf_kernel_row, AIPERF, KERNEL_ROW, GObject)

struct _AiperfKernelRow
{
  GObject parent_instance;
  char   *source;
  char   *name;
  char   *category;
  double  calls, total, avg, min, max, percent;
  int     id;       /* the kernel's rank: its id in the chart */
};

G_DEFINE_FINAL_TYPE (AiperfKernelRow, aiperf_kernel_row, G_TYPE_OBJECT)

static void
aiperf_kernel_row_finalize (GObject *object)
{
  AiperfKernelRow *self = AIPERF_KERNEL_ROW (object);

  g_free (self->source);
  g_free (self->name);
  g_free (self->category);
  G_OBJECT_CLASS (aiperf_kernel_row_parent_class)->finalize (object);
}

static void
aiperf_kernel_row_class_init (AiperfKernelRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_kernel_row_finalize;
}

static void
aiperf_kernel_row_init (AiperfKernelRow *self)
{
}

/* --- columns --- */

typedef enum {
  COL_SOURCE, COL_KERNEL, COL_CATEGORY, COL_CALLS, COL_TOTAL, COL_PERCENT, COL_AVG, COL_MIN, COL_MAX, N_COLUMNS
} Column;

/* The kernel's name gets the room; numbers of 6 digits fit. */
static const AiperfTableColumn columns[N_COLUMNS] = {
  [COL_SOURCE] = { N_("Summary"), FALSE, 96 },
  [COL_KERNEL] = { N_("Kernel"), FALSE, 0 },
  [COL_CATEGORY] = { N_("Category"), FALSE, 96 },
  [COL_CALLS] = { N_("Calls"), TRUE, 72 },
  [COL_TOTAL] = { N_("Total (ms)"), TRUE, 72 },
  [COL_PERCENT] = { N_("Share"), TRUE, 72 },
  [COL_AVG] = { N_("Avg (µs)"), TRUE, 72 },
  [COL_MIN] = { N_("Min (µs)"), TRUE, 72 },
  [COL_MAX] = { N_("Max (µs)"), TRUE, 72 },
};

static double
column_number (gpointer item,
               guint    column)
{
  AiperfKernelRow *row = item;

  switch ((Column) column)
    {
    case COL_CALLS: return row->calls;
    case COL_TOTAL: return row->total / 1e6;
    case COL_PERCENT: return row->percent;
    case COL_AVG: return row->avg / 1e3;
    case COL_MIN: return row->min / 1e3;
    case COL_MAX: return row->max / 1e3;
    default: return NAN;
    }
}

static const char *
column_text (gpointer item,
             guint    column)
{
  AiperfKernelRow *row = item;

  return column == COL_SOURCE ? row->source : column == COL_KERNEL ? row->name : row->category;
}

static char *
cell_text (gpointer item,
           guint    column)
{
  double v;

  if (column == COL_KERNEL)
    return aiperf_kernel_short_name (AIPERF_KERNEL_ROW (item)->name, 80);
  if (!columns[column].numeric)
    return g_strdup (column_text (item, column));
  v = column_number (item, column);
  if (!isfinite (v))
    return g_strdup ("—");
  if (column == COL_PERCENT)
    return g_strdup_printf ("%.1f%%", v);
  if (column == COL_CALLS)
    return g_strdup_printf ("%.0f", v);
  return g_strdup_printf ("%.4g", v);
}

/* The whole demangled name, templates and arguments, on hover. */
static const char *
cell_tooltip (gpointer item,
              guint    column)
{
  return column == COL_KERNEL ? AIPERF_KERNEL_ROW (item)->name : NULL;
}

static const AiperfTableSpec table = {
  columns, N_COLUMNS, column_number, column_text, cell_text, cell_tooltip, NULL,
};

/* --- the panel --- */

struct _AiperfKernelsPanel
{
  GtkBox              parent_instance;

  AiperfSession      *session;
  AiperfPlotSpec     *spec;       /* top_kernels */
  GListStore         *store;
  GtkSingleSelection *selection;
  GtkColumnView      *view;
  GtkScrolledWindow  *scroller;
  AiperfChartView    *chart_view;
};

G_DEFINE_FINAL_TYPE (AiperfKernelsPanel, aiperf_kernels_panel, GTK_TYPE_BOX)

static void
rebuild_chart (AiperfKernelsPanel *self)
{
  g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_copy (self->spec);
  AiperfKernelRow *row = gtk_single_selection_get_selected_item (self->selection);
  g_autoptr(GError) error = NULL;

  if (row != NULL)
    aiperf_plot_spec_set_extra (spec, AIPERF_KERNELS_OPTION_HIGHLIGHT, row->name);
  aiperf_chart_view_set_chart (self->chart_view,
                               aiperf_session_build_chart (spec, aiperf_session_get_runs (self->session), NULL,
                                                           aiperf_session_get_colors (self->session), &error));
}

void
aiperf_kernels_panel_refresh (AiperfKernelsPanel *self)
{
  g_autoptr(AiperfKernelData) data = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(AiperfRunSet) same_kind = aiperf_run_set_new ();
  AiperfRunSet *runs;
  GPtrArray *sources, *ranked;

  g_return_if_fail (AIPERF_IS_KERNELS_PANEL (self));

  /* The chart's runs: those of the panel's kind. */
  runs = aiperf_session_get_runs (self->session);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    if (g_str_equal (aiperf_run_get_kind (aiperf_run_set_get_run (runs, i)), self->spec->kind))
      aiperf_run_set_add (same_kind, aiperf_run_set_get_run (runs, i));
  data = aiperf_kernel_data_new (same_kind);
  sources = data != NULL ? aiperf_kernel_data_compared (data) : NULL;
  ranked = data != NULL ? aiperf_kernel_data_ranked_names (data) : NULL;
  for (guint s = 0; sources != NULL && s < sources->len; s++)
    {
      AiperfKernelSource *source = g_ptr_array_index (sources, s);

      for (guint k = 0; k < source->kernels->len; k++)
        {
          AiperfKernelStat *stat = g_ptr_array_index (source->kernels, k);
          AiperfKernelRow *row = g_object_new (AIPERF_TYPE_KERNEL_ROW, NULL);
          guint rank = 0;

          row->source = g_strdup (source->label);
          row->name = g_strdup (stat->name);
          row->category = g_strdup (stat->category);
          row->calls = stat->calls;
          row->total = stat->total;
          row->avg = stat->avg;
          row->min = stat->min;
          row->max = stat->max;
          row->percent = source->total > 0 ? 100.0 * stat->total / source->total : NAN;
          g_ptr_array_find_with_equal_func (ranked, stat->name, g_str_equal, &rank);
          row->id = (int) rank;
          g_ptr_array_add (items, row);
        }
    }
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)), items->pdata, items->len);
  /* One summary needs no Summary column. */
  {
    g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (gtk_column_view_get_columns (self->view), COL_SOURCE);

    gtk_column_view_column_set_visible (column, sources != NULL && sources->len > 1);
  }
  rebuild_chart (self);
}

gboolean
aiperf_kernels_panel_select_id (AiperfKernelsPanel *self,
                                int                 id)
{
  GListModel *model;

  g_return_val_if_fail (AIPERF_IS_KERNELS_PANEL (self), FALSE);

  model = G_LIST_MODEL (self->selection);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AiperfKernelRow) row = g_list_model_get_item (model, i);

      if (row->id != id)
        continue;
      aiperf_table_view_select (self->view, self->selection, i);
      return TRUE;
    }
  return FALSE;
}

const char *
aiperf_kernels_panel_get_selected_kernel (AiperfKernelsPanel *self)
{
  AiperfKernelRow *row;

  g_return_val_if_fail (AIPERF_IS_KERNELS_PANEL (self), NULL);

  row = gtk_single_selection_get_selected_item (self->selection);
  return row != NULL ? row->name : NULL;
}

AiperfChartView *
aiperf_kernels_panel_get_chart_view (AiperfKernelsPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_KERNELS_PANEL (self), NULL);
  return self->chart_view;
}

GtkColumnView *
aiperf_kernels_panel_get_column_view (AiperfKernelsPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_KERNELS_PANEL (self), NULL);
  return self->view;
}

static void
on_point_activated (AiperfKernelsPanel *self,
                    int                 series,
                    int                 id)
{
  aiperf_kernels_panel_select_id (self, id);
}

static void
aiperf_kernels_panel_dispose (GObject *object)
{
  AiperfKernelsPanel *self = AIPERF_KERNELS_PANEL (object);

  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  self->selection = NULL;
  g_clear_object (&self->session);
  g_clear_pointer (&self->spec, aiperf_plot_spec_free);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (aiperf_kernels_panel_parent_class)->dispose (object);
}

static void
aiperf_kernels_panel_class_init (AiperfKernelsPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = aiperf_kernels_panel_dispose;
}

static void
aiperf_kernels_panel_init (AiperfKernelsPanel *self)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkSortListModel *sorted;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->store = g_list_store_new (AIPERF_TYPE_KERNEL_ROW);
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  aiperf_table_view_add_columns (self->view, &table);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (rebuild_chart), self);

  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->view));
  gtk_widget_set_size_request (GTK_WIDGET (self->scroller), 300, -1);
  self->chart_view = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->chart_view), TRUE);
  g_signal_connect_object (self->chart_view, "point-activated", G_CALLBACK (on_point_activated), self,
                           G_CONNECT_SWAPPED);
  gtk_paned_set_start_child (GTK_PANED (paned), GTK_WIDGET (self->scroller));
  gtk_paned_set_end_child (GTK_PANED (paned), GTK_WIDGET (self->chart_view));
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  /* Neither pane is dragged away: the chart keeps room for its bars. */
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_size_request (GTK_WIDGET (self->chart_view), 300, 200);
  gtk_paned_set_position (GTK_PANED (paned), 760);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (self), paned);
}

GtkWidget *
aiperf_kernels_panel_new (AiperfSession *session,
                          const char    *kind)
{
  AiperfKernelsPanel *self;
  AiperfPlotType type;

  g_return_val_if_fail (AIPERF_IS_SESSION (session), NULL);

  self = g_object_new (AIPERF_TYPE_KERNELS_PANEL, NULL);
  self->session = g_object_ref (session);
  if (!aiperf_plot_type_from_string ("top_kernels", &type))
    g_assert_not_reached ();
  self->spec = aiperf_plot_spec_new ("top_kernels", type);
  /* Kernel summaries or traces: the chart compares the runs of that kind. */
  g_free (self->spec->kind);
  self->spec->kind = g_strdup (kind);
  aiperf_kernels_panel_refresh (self);
  return GTK_WIDGET (self);
}
