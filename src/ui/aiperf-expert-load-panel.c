/* aiperf-expert-load-panel.c — the MoE expert load tab: the warm-up step
 * limit, every expert of every gate-log set in a sortable GtkColumnView,
 * the tokens-per-expert chart beside it and each set's numbers below.
 * Selecting a row marks its bar; double-clicking a bar (or Enter on it)
 * selects its row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-expert-load-panel.h"
#include "aiperf-expert-load-panel-private.h"
#include "aiperf-session-plot.h"
#include "aiperf-table-view.h"

struct _AiperfExpertLoadPanel
{
  GtkBox              parent_instance;

  AiperfSession      *session;
  AiperfPlotSpec     *spec;          /* the expert_load preset's */
  GtkSpinButton      *limit;
  GListStore         *store;
  GtkSingleSelection *selection;
  GtkColumnView      *view;
  AiperfChartView    *chart_view;
  GtkLabel           *status;
  gboolean            updating;
};

G_DEFINE_FINAL_TYPE (AiperfExpertLoadPanel, aiperf_expert_load_panel, GTK_TYPE_BOX)

enum { OPTIONS_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static double
session_limit (AiperfExpertLoadPanel *self)
{
  return aiperf_expert_load_parse_limit (g_hash_table_lookup (aiperf_session_get_options (self->session),
                                                              AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS));
}

static void
rebuild_chart (AiperfExpertLoadPanel *self)
{
  g_autoptr(AiperfPlotSpec) spec = NULL;
  g_autoptr(GError) error = NULL;
  AiperfExpertRow *row;
  AiperfChart *chart;

  if (self->spec == NULL || self->session == NULL)
    return;
  spec = aiperf_plot_spec_copy (self->spec);
  aiperf_plot_spec_set_extra (spec, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS, "");
  aiperf_plot_spec_apply_options (spec, aiperf_session_get_options (self->session));
  row = self->selection != NULL ? gtk_single_selection_get_selected_item (self->selection) : NULL;
  if (row != NULL)
    {
      g_autofree char *expert = g_strdup_printf ("%d", aiperf_expert_row_get_expert (row));

      aiperf_plot_spec_set_extra (spec, AIPERF_EXPERT_LOAD_HIGHLIGHT_SET, aiperf_expert_row_get_label (row));
      aiperf_plot_spec_set_extra (spec, AIPERF_EXPERT_LOAD_HIGHLIGHT_EXPERT, expert);
    }
  chart = aiperf_session_build_chart (spec, aiperf_session_get_runs (self->session), NULL,
                                      aiperf_session_get_colors (self->session), &error);
  aiperf_chart_view_set_chart (self->chart_view, chart);
  if (chart == NULL)
    gtk_label_set_text (self->status, error->message);
}

/* One line per set: what ccl-bench's extract.py prints. */
static char *
status_text (AiperfExpertLoadData *data)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < data->sets->len; i++)
    {
      const AiperfExpertLoadSet *set = g_ptr_array_index (data->sets, i);

      if (i > 0)
        g_string_append_c (s, '\n');
      g_string_append_printf (s, _("%s: %u experts, %u steps"), set->label, set->n_experts, set->n_steps);
      if (isfinite (data->max_step_tokens))
        g_string_append_printf (s, _(" (%u dropped)"), set->n_dropped);
      g_string_append_printf (s, _(" · entropy %.3f bits (%.3f of the maximum) · CV of the totals %.3f · "
                                   "mean per-step CV %.3f · max ÷ min %.3g"),
                              set->entropy, set->normalized_entropy, set->cv, set->mean_step_cv,
                              set->max_min_ratio);
    }
  return g_string_free (s, FALSE);
}

static void
fill_table (AiperfExpertLoadPanel *self)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(AiperfExpertLoadData) data = aiperf_expert_load_data_new (aiperf_session_get_runs (self->session),
                                                                      session_limit (self));
  g_autofree char *status = NULL;
  AiperfExpertRow *selected = gtk_single_selection_get_selected_item (self->selection);
  int keep_set = selected != NULL ? aiperf_expert_row_get_set (selected) : -1;
  int keep_expert = selected != NULL ? aiperf_expert_row_get_expert (selected) : -1;

  for (guint i = 0; data != NULL && i < data->sets->len; i++)
    {
      const AiperfExpertLoadSet *set = g_ptr_array_index (data->sets, i);

      for (guint e = 0; e < set->n_experts; e++)
        g_ptr_array_add (items, aiperf_expert_row_new ((int) i, set, (int) e));
    }
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)), items->pdata,
                       items->len);
  /* The same expert stays selected when only its numbers changed. */
  if (keep_set < 0 || !aiperf_expert_load_panel_select (self, keep_set, keep_expert))
    gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  status = data != NULL ? status_text (data) : g_strdup (_("No MoE gate log is open"));
  gtk_label_set_text (self->status, status);
}

static void
on_limit_changed (AiperfExpertLoadPanel *self)
{
  double limit = gtk_spin_button_get_value (self->limit);
  g_autofree char *text = NULL;

  if (self->updating)
    return;
  /* 0 keeps every step: no step has fewer than 0 tokens to keep. */
  if (limit > 0)
    text = g_strdup_printf ("%.0f", limit);
  aiperf_session_set_option (self->session, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS, text);
  self->updating = TRUE;
  fill_table (self);
  self->updating = FALSE;
  rebuild_chart (self);
  g_signal_emit (self, signals[OPTIONS_CHANGED], 0);
}

static void
on_selection_changed (AiperfExpertLoadPanel *self)
{
  if (!self->updating)
    rebuild_chart (self);
}

static void
on_point_activated (AiperfExpertLoadPanel *self,
                    int                    series,
                    int                    id)
{
  aiperf_expert_load_panel_select (self, series, id);
}

void
aiperf_expert_load_panel_refresh (AiperfExpertLoadPanel *self)
{
  double limit;

  g_return_if_fail (AIPERF_IS_EXPERT_LOAD_PANEL (self));

  limit = session_limit (self);
  self->updating = TRUE;
  gtk_spin_button_set_value (self->limit, isfinite (limit) ? limit : 0);
  fill_table (self);
  self->updating = FALSE;
  rebuild_chart (self);
}

static void
aiperf_expert_load_panel_dispose (GObject *object)
{
  AiperfExpertLoadPanel *self = AIPERF_EXPERT_LOAD_PANEL (object);

  /* The view lets go of its rows after this: no redraw on the way out. */
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  self->selection = NULL;
  g_clear_object (&self->session);
  g_clear_pointer (&self->spec, aiperf_plot_spec_free);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (aiperf_expert_load_panel_parent_class)->dispose (object);
}

static void
aiperf_expert_load_panel_class_init (AiperfExpertLoadPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = aiperf_expert_load_panel_dispose;
  signals[OPTIONS_CHANGED] = g_signal_new ("options-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
aiperf_expert_load_panel_init (AiperfExpertLoadPanel *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *label, *scroller;
  GtkSortListModel *sorted;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);

  /* the warm-up limit, --max-step-tokens */
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  label = gtk_label_new (_("Leave out steps above"));
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (bar), label);
  self->limit = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 1e9, 100));
  gtk_spin_button_set_digits (self->limit, 0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->limit),
                               _("Warm-up and profiling steps: a step's num_tokens, or its summed expert loads "
                                 "where the log has none (0 keeps every step)"));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->limit));
  label = gtk_label_new (_("tokens"));
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (bar), label);
  g_signal_connect_swapped (self->limit, "value-changed", G_CALLBACK (on_limit_changed), self);
  gtk_box_append (GTK_BOX (self), bar);

  /* the table */
  self->store = g_list_store_new (AIPERF_TYPE_EXPERT_ROW);
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  aiperf_expert_load_table_add_columns (self->view);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_selection_changed), self);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_widget_set_size_request (scroller, 320, -1);

  /* the chart */
  self->chart_view = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->chart_view), TRUE);
  g_signal_connect_object (self->chart_view, "point-activated", G_CALLBACK (on_point_activated), self,
                           G_CONNECT_SWAPPED);

  gtk_paned_set_start_child (GTK_PANED (paned), scroller);
  gtk_paned_set_end_child (GTK_PANED (paned), GTK_WIDGET (self->chart_view));
  gtk_paned_set_resize_start_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  /* Neither pane is dragged away: the chart keeps room for its bars. */
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_size_request (GTK_WIDGET (self->chart_view), 300, 200);
  gtk_paned_set_position (GTK_PANED (paned), 480);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (self), paned);

  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_wrap (self->status, TRUE);
  gtk_label_set_selectable (self->status, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "dim-label");
  gtk_widget_set_margin_start (GTK_WIDGET (self->status), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->status), 6);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->status));
}

GtkWidget *
aiperf_expert_load_panel_new (AiperfSession *session)
{
  AiperfExpertLoadPanel *self;
  AiperfPlotConfig *config;
  GPtrArray *plots;
  AiperfPlotType type;

  g_return_val_if_fail (AIPERF_IS_SESSION (session), NULL);

  self = g_object_new (AIPERF_TYPE_EXPERT_LOAD_PANEL, NULL);
  self->session = g_object_ref (session);
  config = aiperf_session_get_presets (session);
  /* The expert_load preset's keys (values, title), else a plain one. */
  plots = config != NULL ? aiperf_plot_config_get_kind_plots (config, AIPERF_KIND_EXPERT_LOAD) : NULL;
  for (guint i = 0; plots != NULL && i < plots->len && self->spec == NULL; i++)
    if (g_str_equal (aiperf_plot_type_to_string (((AiperfPlotSpec *) g_ptr_array_index (plots, i))->type),
                     "expert_load"))
      self->spec = aiperf_plot_spec_copy (g_ptr_array_index (plots, i));
  if (self->spec == NULL && aiperf_plot_type_from_string ("expert_load", &type))
    self->spec = aiperf_plot_spec_new ("expert_load", type);
  aiperf_expert_load_panel_refresh (self);
  return GTK_WIDGET (self);
}

AiperfChartView *
aiperf_expert_load_panel_get_chart_view (AiperfExpertLoadPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_EXPERT_LOAD_PANEL (self), NULL);
  return self->chart_view;
}

GtkColumnView *
aiperf_expert_load_panel_get_column_view (AiperfExpertLoadPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_EXPERT_LOAD_PANEL (self), NULL);
  return self->view;
}

gboolean
aiperf_expert_load_panel_select (AiperfExpertLoadPanel *self,
                                 int                    set,
                                 int                    expert)
{
  GListModel *model;
  guint n;

  g_return_val_if_fail (AIPERF_IS_EXPERT_LOAD_PANEL (self), FALSE);
  if (self->selection == NULL)
    return FALSE;

  model = G_LIST_MODEL (self->selection);
  n = g_list_model_get_n_items (model);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AiperfExpertRow) row = g_list_model_get_item (model, i);

      if (aiperf_expert_row_get_set (row) != set || aiperf_expert_row_get_expert (row) != expert)
        continue;
      aiperf_table_view_select (self->view, self->selection, i);
      return TRUE;
    }
  return FALSE;
}

void
aiperf_expert_load_panel_set_limit (AiperfExpertLoadPanel *self,
                                    double                 max_step_tokens)
{
  g_return_if_fail (AIPERF_IS_EXPERT_LOAD_PANEL (self));

  gtk_spin_button_set_value (self->limit, MAX (max_step_tokens, 0));
}
