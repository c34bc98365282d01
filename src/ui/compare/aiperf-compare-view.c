/* aiperf-compare-view.c — the Compare tab: the comparison is measured in
 * a worker thread (reading the runs' requests and resampling them), then
 * shown as a table over the forest plot and the selected metric's two
 * distributions. The charts are core's (aiperf-compare-chart.h): the same
 * the command line writes and the report embeds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "aiperf-compare-chart.h"
#include "aiperf-kind-compare.h"
#include "aiperf-compare-table.h"
#include "aiperf-compare-view.h"
#include "aiperf-table-view.h"

struct _AiperfCompareView
{
  GtkBox                 parent_instance;

  AiperfRunSet          *baseline;
  AiperfRunSet          *candidate;
  AiperfCompareSettings  settings;
  AiperfComparison      *comparison;
  GCancellable          *cancellable;

  GtkStack              *stack;          /* "busy", "done" */
  GtkLabel              *summary;
  GtkLabel              *details;        /* unpaired configurations, notes */
  GtkDropDown           *verdict_choice;
  GtkSearchEntry        *search;
  GListStore            *store;
  GtkFilter             *filter;
  GtkSingleSelection    *selection;
  GtkColumnView         *view;
  AiperfChartView       *forest;
  AiperfDistributionStyle style;
  GtkToggleButton       *ecdf_button;
  GtkToggleButton       *histogram_button;
  GtkStack              *distribution_stack;  /* "chart", "none" */
  AiperfChartView       *distribution;
  GtkLabel              *distribution_none;
};

G_DEFINE_FINAL_TYPE (AiperfCompareView, aiperf_compare_view, GTK_TYPE_BOX)

enum { SIGNAL_READY, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The verdict filter's choices, in the drop-down's order (-1: all). */
static const int verdict_choices[] = {
  -1, AIPERF_VERDICT_REGRESSION, AIPERF_VERDICT_IMPROVEMENT, AIPERF_VERDICT_NO_CHANGE,
  AIPERF_VERDICT_NOT_ENOUGH_DATA,
};

static void
update_distribution (AiperfCompareView *self)
{
  AiperfCompareRow *row = gtk_single_selection_get_selected_item (self->selection);
  g_autoptr(GError) error = NULL;
  AiperfChart *chart;

  if (row == NULL)
    {
      gtk_label_set_text (self->distribution_none, _("Select a metric to see the two sides’ requests."));
      gtk_stack_set_visible_child_name (self->distribution_stack, "none");
      aiperf_chart_view_set_chart (self->distribution, NULL);
      return;
    }
  chart = aiperf_compare_distribution_chart (aiperf_compare_row_get_record (row), self->baseline,
                                             self->candidate, self->style, &error);
  aiperf_chart_view_set_chart (self->distribution, chart);
  if (chart == NULL)
    gtk_label_set_text (self->distribution_none, error->message);
  gtk_stack_set_visible_child_name (self->distribution_stack, chart != NULL ? "chart" : "none");
}

static void
update_filter (AiperfCompareView *self)
{
  guint choice = gtk_drop_down_get_selected (self->verdict_choice);

  aiperf_compare_table_filter_set (self->filter,
                                   choice < G_N_ELEMENTS (verdict_choices) ? verdict_choices[choice] : -1,
                                   gtk_editable_get_text (GTK_EDITABLE (self->search)));
}

static char *
summary_text (const AiperfComparison *comparison)
{
  /* TRANSLATORS: the counts of verdicts over the comparison's rows */
  return g_strdup_printf (_("%u regressions · %u improvements · %u without significant change · "
                            "%u without enough data — minimal effect ±%g %%, false discovery rate %g %%"),
                          aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, 0),
                          aiperf_comparison_count (comparison, AIPERF_VERDICT_IMPROVEMENT, 0),
                          aiperf_comparison_count (comparison, AIPERF_VERDICT_NO_CHANGE, 0),
                          aiperf_comparison_count (comparison, AIPERF_VERDICT_NOT_ENOUGH_DATA, 0),
                          comparison->settings.min_effect * 100, comparison->settings.alpha * 100);
}

/* Unpaired configurations and what was left out: said, never dropped. */
static char *
details_text (const AiperfComparison *comparison)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < comparison->unpaired->len; i++)
    {
      const AiperfCompareUnpaired *u = g_ptr_array_index (comparison->unpaired, i);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, u->in_baseline
                              ? g_dngettext (GETTEXT_PACKAGE, "Only in the baseline: %s (%u run)",
                                             "Only in the baseline: %s (%u runs)", u->runs->len)
                              : g_dngettext (GETTEXT_PACKAGE, "Only in the candidates: %s (%u run)",
                                             "Only in the candidates: %s (%u runs)", u->runs->len),
                              u->configuration, u->runs->len);
    }
  for (guint i = 0; i < comparison->notes->len; i++)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, g_ptr_array_index (comparison->notes, i));
    }
  return g_string_free (text, FALSE);
}

static void
show_comparison (AiperfCompareView *self)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *summary = summary_text (self->comparison);
  g_autofree char *details = details_text (self->comparison);

  for (guint i = 0; i < self->comparison->records->len; i++)
    g_ptr_array_add (rows, aiperf_compare_row_new (g_ptr_array_index (self->comparison->records, i), i));
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)), rows->pdata, rows->len);
  gtk_label_set_text (self->summary, summary);
  gtk_label_set_text (self->details, details);
  gtk_widget_set_visible (GTK_WIDGET (self->details), details[0] != '\0');
  aiperf_chart_view_set_chart (self->forest, aiperf_compare_forest_chart (self->comparison));
  update_distribution (self);
  gtk_stack_set_visible_child_name (self->stack, "done");
}

/* A forest mark double-clicked: its row (a mark's id is its record's
 * position), shown whatever the filter. */
static void
on_forest_activated (AiperfCompareView *self,
                     int                series,
                     int                id)
{
  GListModel *rows = G_LIST_MODEL (self->selection);

  for (int pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
        {
          g_autoptr(AiperfCompareRow) row = g_list_model_get_item (rows, i);

          if ((int) aiperf_compare_row_get_index (row) == id)
            {
              aiperf_table_view_select (self->view, self->selection, i);
              return;
            }
        }
      gtk_editable_set_text (GTK_EDITABLE (self->search), "");
      aiperf_compare_view_set_verdict_filter (self, -1);
      update_filter (self);
    }
}

/* --- measuring in a worker thread --- */

static void
compare_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  AiperfCompareView *self = source;

  g_task_return_pointer (task, aiperf_comparison_run (self->baseline, self->candidate, &self->settings, cancellable),
                         (GDestroyNotify) aiperf_comparison_free);
}

static void
on_compared (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  AiperfCompareView *self = AIPERF_COMPARE_VIEW (source);
  AiperfComparison *comparison = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Closed while measuring: nothing to show it in. */
  if (comparison == NULL || self->store == NULL || g_cancellable_is_cancelled (self->cancellable))
    {
      g_clear_pointer (&comparison, aiperf_comparison_free);
      return;
    }
  self->comparison = comparison;
  show_comparison (self);
  g_signal_emit (self, signals[SIGNAL_READY], 0);
}

/* --- public --- */

const AiperfComparison *
aiperf_compare_view_get_comparison (AiperfCompareView *self)
{
  g_return_val_if_fail (AIPERF_IS_COMPARE_VIEW (self), NULL);
  return self->comparison;
}

GListModel *
aiperf_compare_view_get_rows (AiperfCompareView *self)
{
  g_return_val_if_fail (AIPERF_IS_COMPARE_VIEW (self), NULL);
  return G_LIST_MODEL (self->selection);
}

void
aiperf_compare_view_set_verdict_filter (AiperfCompareView *self,
                                        int                verdict)
{
  g_return_if_fail (AIPERF_IS_COMPARE_VIEW (self));

  for (guint i = 0; i < G_N_ELEMENTS (verdict_choices); i++)
    if (verdict_choices[i] == verdict)
      gtk_drop_down_set_selected (self->verdict_choice, i);
}

void
aiperf_compare_view_select_row (AiperfCompareView *self,
                                guint              position)
{
  g_return_if_fail (AIPERF_IS_COMPARE_VIEW (self));

  gtk_single_selection_set_selected (self->selection, position);
}

AiperfChartView *
aiperf_compare_view_get_forest (AiperfCompareView *self)
{
  g_return_val_if_fail (AIPERF_IS_COMPARE_VIEW (self), NULL);
  return self->forest;
}

void
aiperf_compare_view_set_distribution_style (AiperfCompareView       *self,
                                            AiperfDistributionStyle  style)
{
  g_return_if_fail (AIPERF_IS_COMPARE_VIEW (self));

  /* The buttons' handler draws the chart again. */
  gtk_toggle_button_set_active (style == AIPERF_DISTRIBUTION_HISTOGRAM ? self->histogram_button : self->ecdf_button,
                                TRUE);
}

AiperfDistributionStyle
aiperf_compare_view_get_distribution_style (AiperfCompareView *self)
{
  g_return_val_if_fail (AIPERF_IS_COMPARE_VIEW (self), AIPERF_DISTRIBUTION_ECDF);
  return self->style;
}

AiperfChartView *
aiperf_compare_view_get_distribution (AiperfCompareView *self)
{
  g_return_val_if_fail (AIPERF_IS_COMPARE_VIEW (self), NULL);
  return self->distribution;
}

static char *
describe_side (AiperfRunSet *runs)
{
  guint n = aiperf_run_set_get_n_runs (runs);

  if (n == 1)
    return g_strdup (aiperf_run_get_name (aiperf_run_set_get_run (runs, 0)));
  /* TRANSLATORS: "base-c4 and 2 more" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s and %u more", "%s and %u more", n - 1),
                          aiperf_run_get_name (aiperf_run_set_get_run (runs, 0)), n - 1);
}

char *
aiperf_compare_view_describe (AiperfCompareView *self)
{
  g_autofree char *base = NULL, *cand = NULL;

  g_return_val_if_fail (AIPERF_IS_COMPARE_VIEW (self), NULL);

  base = describe_side (self->baseline);
  cand = describe_side (self->candidate);
  return g_strdup_printf (_("Baseline: %s\nCandidates: %s"), base, cand);
}

/* --- the widget --- */

static void
aiperf_compare_view_dispose (GObject *object)
{
  AiperfCompareView *self = AIPERF_COMPARE_VIEW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->store);
  g_clear_object (&self->filter);
  G_OBJECT_CLASS (aiperf_compare_view_parent_class)->dispose (object);
}

static void
aiperf_compare_view_finalize (GObject *object)
{
  AiperfCompareView *self = AIPERF_COMPARE_VIEW (object);

  g_clear_pointer (&self->comparison, aiperf_comparison_free);
  g_clear_object (&self->baseline);
  g_clear_object (&self->candidate);
  G_OBJECT_CLASS (aiperf_compare_view_parent_class)->finalize (object);
}

static void
aiperf_compare_view_class_init (AiperfCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = aiperf_compare_view_dispose;
  object_class->finalize = aiperf_compare_view_finalize;
  signals[SIGNAL_READY] = g_signal_new ("ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static GtkWidget *
build_bar (AiperfCompareView *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  const char *choices[] = { N_("All Verdicts"), N_("Regressions"), N_("Improvements"),
                            N_("No Significant Change"), N_("Not Enough Data"), NULL };
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  for (guint i = 0; choices[i] != NULL; i++)
    g_ptr_array_add (labels, (gpointer) _(choices[i]));
  g_ptr_array_add (labels, NULL);
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 8);
  self->verdict_choice = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char * const *) labels->pdata));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->verdict_choice), _("Show the rows of one verdict"));
  g_signal_connect_swapped (self->verdict_choice, "notify::selected", G_CALLBACK (update_filter), self);
  self->search = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->search, "placeholder-text", _("Filter metrics and configurations"), NULL);
  gtk_widget_set_size_request (GTK_WIDGET (self->search), 260, -1);
  g_signal_connect_swapped (self->search, "search-changed", G_CALLBACK (update_filter), self);
  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_label_set_wrap (self->summary, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->summary), TRUE);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->verdict_choice));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->search));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->summary));
  return bar;
}

static GtkWidget *
build_table (AiperfCompareView *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkFilterListModel *filtered;
  GtkSortListModel *sorted;

  self->store = g_list_store_new (AIPERF_TYPE_COMPARE_ROW);
  self->filter = aiperf_compare_table_filter_new ();
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  aiperf_compare_table_add_columns (self->view);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), g_object_ref (self->filter));
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (filtered), g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);
  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (update_distribution), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_widget_set_size_request (scroller, -1, 160);
  return scroller;
}

static void
on_style_toggled (AiperfCompareView *self,
                  GtkToggleButton   *button)
{
  AiperfDistributionStyle style = gtk_toggle_button_get_active (self->histogram_button)
                                  ? AIPERF_DISTRIBUTION_HISTOGRAM : AIPERF_DISTRIBUTION_ECDF;

  if (!gtk_toggle_button_get_active (button) || style == self->style)
    return;
  self->style = style;
  if (self->comparison != NULL)
    update_distribution (self);
}

/* Cumulative or Histogram: two linked toggles over the distributions. */
static GtkWidget *
build_style_switch (AiperfCompareView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (box, "linked");
  gtk_widget_set_halign (box, GTK_ALIGN_END);
  gtk_widget_set_margin_end (box, 12);
  self->ecdf_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_mnemonic (_("C_umulative")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->ecdf_button),
                               _("Each side’s share of requests at or below a value"));
  self->histogram_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_mnemonic (_("_Histogram")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->histogram_button),
                               _("Each side’s share of its requests in the same bins"));
  gtk_toggle_button_set_group (self->histogram_button, self->ecdf_button);
  gtk_toggle_button_set_active (self->ecdf_button, TRUE);
  g_signal_connect_swapped (self->ecdf_button, "toggled", G_CALLBACK (on_style_toggled), self);
  g_signal_connect_swapped (self->histogram_button, "toggled", G_CALLBACK (on_style_toggled), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->ecdf_button));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->histogram_button));
  return box;
}

static GtkWidget *
build_charts (AiperfCompareView *self)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *distribution = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  self->forest = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  g_signal_connect_swapped (self->forest, "point-activated", G_CALLBACK (on_forest_activated), self);
  gtk_widget_set_size_request (GTK_WIDGET (self->forest), 300, 240);
  self->distribution = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  self->distribution_none = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->distribution_none, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->distribution_none), "dim-label");
  self->distribution_stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->distribution_stack, GTK_WIDGET (self->distribution), "chart");
  gtk_stack_add_named (self->distribution_stack, GTK_WIDGET (self->distribution_none), "none");
  gtk_widget_set_size_request (GTK_WIDGET (self->distribution_stack), 300, 240);
  gtk_widget_set_vexpand (GTK_WIDGET (self->distribution_stack), TRUE);
  gtk_box_append (GTK_BOX (distribution), build_style_switch (self));
  gtk_box_append (GTK_BOX (distribution), GTK_WIDGET (self->distribution_stack));
  gtk_paned_set_start_child (GTK_PANED (paned), GTK_WIDGET (self->forest));
  gtk_paned_set_end_child (GTK_PANED (paned), distribution);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_resize_end_child (GTK_PANED (paned), TRUE);
  return paned;
}

static void
aiperf_compare_view_init (AiperfCompareView *self)
{
  GtkWidget *busy = adw_status_page_new ();
  GtkWidget *spinner = gtk_spinner_new ();
  GtkWidget *done = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);

  adw_status_page_set_title (ADW_STATUS_PAGE (busy), _("Comparing…"));
  adw_status_page_set_description (ADW_STATUS_PAGE (busy),
                                   _("Reading every request of both sides and resampling them"));
  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_widget_set_size_request (spinner, 32, 32);
  adw_status_page_set_child (ADW_STATUS_PAGE (busy), spinner);
  gtk_stack_add_named (self->stack, busy, "busy");

  gtk_box_append (GTK_BOX (done), build_bar (self));
  self->details = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->details, 0);
  gtk_label_set_wrap (self->details, TRUE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->details), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->details), "dim-label");
  gtk_box_append (GTK_BOX (done), GTK_WIDGET (self->details));
  gtk_paned_set_start_child (GTK_PANED (paned), build_table (self));
  gtk_paned_set_end_child (GTK_PANED (paned), build_charts (self));
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_position (GTK_PANED (paned), 300);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (done), paned);
  gtk_stack_add_named (self->stack, done, "done");
  gtk_stack_set_visible_child_name (self->stack, "busy");
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->stack));
}

GtkWidget *
aiperf_compare_view_new (AiperfRunSet                *baseline,
                         AiperfRunSet                *candidate,
                         const AiperfCompareSettings *settings)
{
  AiperfCompareView *self;
  g_autoptr(GTask) task = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (baseline), NULL);
  g_return_val_if_fail (AIPERF_IS_RUN_SET (candidate), NULL);

  self = g_object_new (AIPERF_TYPE_COMPARE_VIEW, NULL);
  self->baseline = g_object_ref (baseline);
  self->candidate = g_object_ref (candidate);
  if (settings != NULL)
    self->settings = *settings;
  else
    aiperf_compare_settings_init (&self->settings);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, on_compared, NULL);
  g_task_set_source_tag (task, aiperf_compare_view_new);
  g_task_run_in_thread (task, compare_thread);
  return GTK_WIDGET (self);
}
