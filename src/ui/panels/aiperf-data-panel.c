/* aiperf-data-panel.c — a kind's data tab: the table its descriptor builds
 * beside the chart it names, linked both ways (a selected row marks its
 * point, a double-clicked point selects its row), the kind's options as
 * controls above and the table's status below.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-data-panel-private.h"
#include "aiperf-session-plot.h"
#include "aiperf-table-view.h"

G_DEFINE_FINAL_TYPE (AiperfDataPanel, aiperf_data_panel, GTK_TYPE_BOX)

/* The session's runs of the panel's kind. */
static AiperfRunSet *
kind_runs (AiperfDataPanel *self)
{
  g_autoptr(GHashTable) sets = NULL;
  g_autoptr(GPtrArray) ids = aiperf_kinds_split (aiperf_session_get_runs (self->session), &sets);
  AiperfRunSet *runs = g_hash_table_lookup (sets, self->kind->id);

  return runs != NULL ? g_object_ref (runs) : aiperf_run_set_new ();
}

static AiperfDataRow *
selected_row (AiperfDataPanel *self)
{
  return self->selection != NULL ? gtk_single_selection_get_selected_item (self->selection) : NULL;
}

static void
rebuild_chart (AiperfDataPanel *self)
{
  g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_copy (self->spec);
  g_autoptr(GError) error = NULL;
  AiperfDataRow *row = selected_row (self);
  AiperfChart *chart;

  aiperf_kind_apply_options (self->kind, spec, aiperf_session_get_options (self->session));
  if (row != NULL)
    {
      const char * const *marks = aiperf_data_table_get_highlight (self->table, aiperf_data_row_get_index (row));

      for (guint i = 0; marks[i] != NULL; i += 2)
        aiperf_plot_spec_set_extra (spec, marks[i], marks[i + 1]);
    }
  chart = aiperf_session_build_chart (spec, aiperf_session_get_runs (self->session), NULL,
                                      aiperf_session_get_colors (self->session), &error);
  aiperf_chart_view_set_chart (self->chart_view, chart);
  if (chart == NULL && aiperf_data_table_get_n_rows (self->table) > 0)
    {
      g_autofree char *status = g_strdup_printf ("%s\n%s", aiperf_data_table_get_status (self->table),
                                                 error->message);

      gtk_label_set_text (self->status, status);
    }
}

/* The table with every option but the filter: what the filter offers. */
static AiperfDataTable *
build_unfiltered (AiperfDataPanel *self,
                  AiperfRunSet    *runs)
{
  GHashTable *options = aiperf_session_get_options (self->session);
  const char *filter = aiperf_data_panel_filter_option (self);
  g_autoptr(GHashTable) without = NULL;

  if (filter == NULL || !g_hash_table_contains (options, filter))
    return aiperf_data_table_ref (self->table);
  without = g_hash_table_new (g_str_hash, g_str_equal);
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, options);
    while (g_hash_table_iter_next (&iter, &key, &value))
      if (!g_str_equal (key, filter))
        g_hash_table_insert (without, key, value);
  }
  return self->kind->table->build (runs, without);
}

/* The table's status, then what loading left out of it (rows skipped,
 * cells not read): the first few of the runs' notes, and how many more. */
static char *
status_text (AiperfDataPanel *self,
             AiperfRunSet    *runs)
{
  GString *s = g_string_new (aiperf_data_table_get_status (self->table));
  guint shown = 0, more = 0;

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      g_autoptr(GPtrArray) warnings = aiperf_run_dup_warnings (aiperf_run_set_get_run (runs, i));

      for (guint w = 0; warnings != NULL && w < warnings->len; w++)
        if (shown < 3)
          {
            g_string_append_printf (s, "%s%s", s->len > 0 ? "\n" : "", (const char *) g_ptr_array_index (warnings, w));
            shown++;
          }
        else
          more++;
    }
  if (more > 0)
    g_string_append_printf (s, ngettext ("\n… and %u more note in the run's details",
                                         "\n… and %u more notes in the runs' details", more), more);
  return g_string_free (s, FALSE);
}

static void
select_key (AiperfDataPanel *self,
            const char      *key)
{
  GListModel *model = G_LIST_MODEL (self->selection);

  for (guint i = 0; key != NULL && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AiperfDataRow) row = g_list_model_get_item (model, i);

      if (g_str_equal (aiperf_data_table_get_row_key (self->table, aiperf_data_row_get_index (row)), key))
        {
          aiperf_table_view_select (self->view, self->selection, i);
          return;
        }
    }
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
}

void
aiperf_data_panel_refresh (AiperfDataPanel *self)
{
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autoptr(AiperfDataTable) unfiltered = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *keep = NULL;
  g_autofree char *status = NULL;
  AiperfDataRow *row;
  gboolean was_updating = self->updating;

  g_return_if_fail (AIPERF_IS_DATA_PANEL (self));

  /* The same row stays selected when only its numbers changed. */
  row = selected_row (self);
  if (row != NULL)
    keep = g_strdup (aiperf_data_table_get_row_key (self->table, aiperf_data_row_get_index (row)));
  runs = kind_runs (self);
  g_clear_pointer (&self->table, aiperf_data_table_unref);
  self->table = self->kind->table->build (runs, aiperf_session_get_options (self->session));
  unfiltered = build_unfiltered (self, runs);

  self->updating = TRUE;
  aiperf_data_panel_sync_controls (self, unfiltered);
  aiperf_data_columns_set (self->view, self->table);
  aiperf_data_columns_show_filled (self->view, self->table);
  for (guint i = 0; i < aiperf_data_table_get_n_rows (self->table); i++)
    g_ptr_array_add (items, aiperf_data_row_new (self->table, i));
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)), items->pdata,
                       items->len);
  select_key (self, keep);
  status = status_text (self, runs);
  gtk_label_set_text (self->status, status);
  self->updating = was_updating;
  /* columns shown or hidden: the table asks for another width */
  aiperf_data_panel_layout_update (self);
  rebuild_chart (self);
}

void
aiperf_data_panel_option_changed (AiperfDataPanel *self,
                                  const char      *key,
                                  const char      *value)
{
  /* The session's option: its options-changed refreshes the panel (and
   * every other surface that shows it). A value it has already changes
   * nothing. */
  aiperf_session_set_option (self->session, key, value);
}

/* The session's option @key changed, here or anywhere else (the command
 * line, another kind's panel that shares it): the controls, table and
 * chart follow when it is one of the kind's. */
static void
on_session_option_changed (AiperfDataPanel *self,
                           const char      *key)
{
  if (aiperf_kind_has_option (self->kind, key))
    aiperf_data_panel_refresh (self);
}

void
aiperf_data_panel_set_option (AiperfDataPanel *self,
                              const char      *key,
                              const char      *value)
{
  g_autofree char *stored = NULL;

  g_return_if_fail (AIPERF_IS_DATA_PANEL (self));
  g_return_if_fail (key != NULL && aiperf_kind_has_option (self->kind, key));

  stored = aiperf_data_panel_normalize_option (self, key, value);
  aiperf_data_panel_option_changed (self, key, stored);
}

gboolean
aiperf_data_panel_select_point (AiperfDataPanel *self,
                                int              series,
                                int              id)
{
  GListModel *model;

  g_return_val_if_fail (AIPERF_IS_DATA_PANEL (self), FALSE);

  model = G_LIST_MODEL (self->selection);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AiperfDataRow) row = g_list_model_get_item (model, i);

      if (aiperf_data_table_row_matches (self->table, aiperf_data_row_get_index (row), series, id))
        {
          aiperf_table_view_select (self->view, self->selection, i);
          return TRUE;
        }
    }
  return FALSE;
}

int
aiperf_data_panel_get_selected (AiperfDataPanel *self)
{
  AiperfDataRow *row;

  g_return_val_if_fail (AIPERF_IS_DATA_PANEL (self), -1);

  row = selected_row (self);
  return row != NULL ? (int) aiperf_data_row_get_index (row) : -1;
}

const AiperfKind *
aiperf_data_panel_get_kind (AiperfDataPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_DATA_PANEL (self), NULL);
  return self->kind;
}

AiperfDataTable *
aiperf_data_panel_get_table (AiperfDataPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_DATA_PANEL (self), NULL);
  return self->table;
}

AiperfChartView *
aiperf_data_panel_get_chart_view (AiperfDataPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_DATA_PANEL (self), NULL);
  return self->chart_view;
}

GtkColumnView *
aiperf_data_panel_get_column_view (AiperfDataPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_DATA_PANEL (self), NULL);
  return self->view;
}

const char *
aiperf_data_panel_get_status (AiperfDataPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_DATA_PANEL (self), NULL);
  return gtk_label_get_text (self->status);
}

GtkDropDown *
aiperf_data_panel_get_filter_choice (AiperfDataPanel *self,
                                     const char      *key)
{
  g_return_val_if_fail (AIPERF_IS_DATA_PANEL (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  return aiperf_data_panel_controls_find_filter (self, key);
}

static void
on_selection_changed (AiperfDataPanel *self)
{
  if (!self->updating)
    rebuild_chart (self);
}

static void
on_point_activated (AiperfDataPanel *self,
                    int              series,
                    int              id)
{
  aiperf_data_panel_select_point (self, series, id);
}

static void
aiperf_data_panel_dispose (GObject *object)
{
  AiperfDataPanel *self = AIPERF_DATA_PANEL (object);

  /* The view lets go of its rows after this: no redraw on the way out. */
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  self->selection = NULL;
  aiperf_data_panel_layout_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), AIPERF_TYPE_DATA_PANEL);
  g_clear_object (&self->session);
  g_clear_pointer (&self->spec, aiperf_plot_spec_free);
  g_clear_pointer (&self->table, aiperf_data_table_unref);
  g_clear_pointer (&self->controls, g_ptr_array_unref);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (aiperf_data_panel_parent_class)->dispose (object);
}

static void
aiperf_data_panel_class_init (AiperfDataPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = aiperf_data_panel_dispose;
  g_type_ensure (AIPERF_TYPE_CHART_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/aiperf/Plot/aiperf-data-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, AiperfDataPanel, controls_scroller);
  gtk_widget_class_bind_template_child (widget_class, AiperfDataPanel, controls_box);
  gtk_widget_class_bind_template_child (widget_class, AiperfDataPanel, paned);
  gtk_widget_class_bind_template_child (widget_class, AiperfDataPanel, scroller);
  gtk_widget_class_bind_template_child (widget_class, AiperfDataPanel, view);
  gtk_widget_class_bind_template_child (widget_class, AiperfDataPanel, chart_view);
  gtk_widget_class_bind_template_child (widget_class, AiperfDataPanel, status);
}

static void
aiperf_data_panel_init (AiperfDataPanel *self)
{
  GtkSortListModel *sorted;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->controls = g_ptr_array_new_with_free_func (aiperf_data_panel_free_control);
  self->store = g_list_store_new (AIPERF_TYPE_DATA_ROW);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->chart_view, "point-activated", G_CALLBACK (on_point_activated), self);
  aiperf_data_panel_layout_init (self);
}

GtkWidget *
aiperf_data_panel_new (AiperfSession    *session,
                       const AiperfKind *kind)
{
  AiperfDataPanel *self;

  g_return_val_if_fail (AIPERF_IS_SESSION (session), NULL);
  g_return_val_if_fail (kind != NULL && kind->table != NULL, NULL);

  self = g_object_new (AIPERF_TYPE_DATA_PANEL, NULL);
  self->session = g_object_ref (session);
  self->kind = kind;
  g_signal_connect_object (session, "options-changed", G_CALLBACK (on_session_option_changed), self,
                           G_CONNECT_SWAPPED);
  self->spec = aiperf_kind_table_chart (kind, aiperf_session_get_presets (session));
  aiperf_data_panel_build_controls (self);
  aiperf_data_panel_refresh (self);
  return GTK_WIDGET (self);
}
