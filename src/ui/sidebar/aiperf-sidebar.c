/* aiperf-sidebar.c — the runs being compared, and the settings of the
 * current tab's plot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <math.h>

#include "aiperf-metric-registry.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-plot-names.h"
#include "aiperf-run-row.h"
#include "aiperf-sidebar-private.h"
#include "aiperf-session-plot.h"


G_DEFINE_FINAL_TYPE (AiperfSidebar, aiperf_sidebar, GTK_TYPE_BOX)

guint aiperf_sidebar_signals[AIPERF_SIDEBAR_N_SIGNALS];

/* The statistics offered, in the dashboard's order. */
static const AiperfStat offered_stats[] = {
  AIPERF_STAT_AVG, AIPERF_STAT_P50, AIPERF_STAT_P90, AIPERF_STAT_P95, AIPERF_STAT_P99,
  AIPERF_STAT_MIN, AIPERF_STAT_MAX, AIPERF_STAT_STD, AIPERF_STAT_P1, AIPERF_STAT_P5,
  AIPERF_STAT_P10, AIPERF_STAT_P25, AIPERF_STAT_P75,
};

const char *
aiperf_sidebar_parameter_label (const char *key)
{
  if (g_str_equal (key, ""))
    return _("None");
  return _(aiperf_plot_parameter_label (key));
}

/* Fills @row with @labels and remembers nothing else: keys live beside it. */
static void
set_row_items (AdwComboRow *row,
               GPtrArray   *labels)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    gtk_string_list_append (list, g_ptr_array_index (labels, i));
  adw_combo_row_set_model (row, G_LIST_MODEL (list));
}

static guint
find_key (GPtrArray  *keys,
          const char *key)
{
  for (guint i = 0; key != NULL && i < keys->len; i++)
    if (g_strcmp0 (g_ptr_array_index (keys, i), key) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static guint
stat_position (AiperfStat stat)
{
  for (guint i = 0; i < G_N_ELEMENTS (offered_stats); i++)
    if (offered_stats[i] == stat)
      return i;
  return 0;
}

const char *
aiperf_sidebar_selected_key (AdwComboRow *row,
                             GPtrArray   *keys)
{
  guint pos = adw_combo_row_get_selected (row);

  return pos < keys->len ? g_ptr_array_index (keys, pos) : NULL;
}

const char *
aiperf_sidebar_picked_key (AiperfPickerRow *row,
                           GPtrArray       *keys)
{
  guint pos = aiperf_picker_row_get_selected (row);

  return pos < keys->len ? g_ptr_array_index (keys, pos) : NULL;
}

/* --- plot settings --- */

static void
fill_metric_keys (AiperfSidebar *self,
                  AiperfRun     *single)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_set_size (self->metric_keys, 0);
  if (single != NULL)
    {
      /* Not while a thread is still building the table. */
      AiperfTable *table = aiperf_session_run_ready (single) ? aiperf_run_get_requests (single) : NULL;

      for (guint c = 0; table != NULL && c < aiperf_table_get_n_columns (table); c++)
        if (!aiperf_plot_request_tag_hidden (aiperf_table_get_column_name (table, c)))
          g_ptr_array_add (self->metric_keys, g_strdup (aiperf_table_get_column_name (table, c)));
      g_ptr_array_sort (self->metric_keys, (GCompareFunc) g_strcmp0);
      /* The chart's own axis title, so the list and the axis agree. */
      for (guint i = 0; i < self->metric_keys->len; i++)
        g_ptr_array_add (labels, aiperf_plot_quantity_label (g_ptr_array_index (self->metric_keys, i),
                                                             aiperf_table_get_column_unit (table,
                                                               aiperf_table_find_column (table, g_ptr_array_index (self->metric_keys, i)))));
    }
  else if (self->runs != NULL)
    {
      g_autoptr(GPtrArray) tags = aiperf_session_list_metrics (self->runs);

      for (guint i = 0; i < tags->len; i++)
        {
          g_ptr_array_add (self->metric_keys, g_strdup (g_ptr_array_index (tags, i)));
          g_ptr_array_add (labels, aiperf_session_metric_label (self->runs, g_ptr_array_index (tags, i)));
        }
    }
  aiperf_picker_row_set_items (self->x_row, labels, G_MAXUINT);
  aiperf_picker_row_set_items (self->y_row, labels, G_MAXUINT);
}

/* Puts @metric (as the preset wrote it) in the list if it is missing, and selects it. */
static void
select_metric (AiperfSidebar   *self,
               AiperfPickerRow *row,
               const char      *metric,
               AiperfRun       *single)
{
  const char *tag = NULL;
  guint pos;

  if (metric != NULL)
    tag = single != NULL ? aiperf_plot_request_tag (metric) : aiperf_metric_registry_canonical_tag (metric);
  pos = find_key (self->metric_keys, tag);
  if (pos == GTK_INVALID_LIST_POSITION && tag != NULL)
    {
      g_autofree char *label = single != NULL ? aiperf_plot_quantity_label (tag, NULL)
                                              : aiperf_session_metric_label (self->runs, tag);

      g_ptr_array_add (self->metric_keys, g_strdup (tag));
      aiperf_picker_row_append (self->x_row, label);
      aiperf_picker_row_append (self->y_row, label);
      pos = self->metric_keys->len - 1;
    }
  aiperf_picker_row_set_selected (row, pos);
}

/* The other charts @current can become: those of the same kind of result
 * drawn from the same scope (a kernel chart by kernel or by category). */
static gboolean
same_family (const AiperfPlotHandler *current,
             const AiperfPlotHandler *other)
{
  return current != NULL && aiperf_plot_handlers_alike (current, other);
}

/* Whether one of @keys reads as @key does: two spellings of one parameter
 * ("timeslice_duration" and a config key of that name) are offered once. */
static gboolean
has_label (GPtrArray  *keys,
           const char *key)
{
  const char *label = aiperf_sidebar_parameter_label (key);

  for (guint i = 0; i < keys->len; i++)
    if (g_str_equal (aiperf_sidebar_parameter_label (g_ptr_array_index (keys, i)), label))
      return TRUE;
  return FALSE;
}

static void
fill_choice_keys (AiperfSidebar           *self,
                  const AiperfPlotHandler *current)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) swept = NULL;
  guint n_main_group = G_MAXUINT, n_main_label = G_MAXUINT;

  g_ptr_array_set_size (self->type_handlers, 0);
  for (guint t = 0; t < aiperf_plot_handlers_count (); t++)
    {
      const AiperfPlotHandler *other = aiperf_plot_handler_nth (t);

      if (!same_family (current, other))
        continue;
      g_ptr_array_add (self->type_handlers, (gpointer) other);
      g_ptr_array_add (labels, (gpointer) _(other->label));
    }
  set_row_items (self->type_row, labels);

  g_ptr_array_set_size (self->group_keys, 0);
  g_ptr_array_set_size (self->label_keys, 0);
  g_ptr_array_add (self->group_keys, g_strdup ("run_name"));
  g_ptr_array_add (self->group_keys, g_strdup ("model"));
  g_ptr_array_add (self->label_keys, g_strdup (""));
  g_ptr_array_add (self->label_keys, g_strdup ("concurrency"));
  if (self->runs != NULL)
    swept = aiperf_run_set_get_swept_parameters (self->runs);
  /* Named parameters first; raw configuration keys under "More". */
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        {
          n_main_group = self->group_keys->len;
          n_main_label = self->label_keys->len;
        }
      for (guint i = 0; swept != NULL && i < swept->len; i++)
        {
          const char *key = g_ptr_array_index (swept, i);

          if ((aiperf_plot_parameter_name (key) != NULL) != (pass == 0))
            continue;
          if (find_key (self->group_keys, key) == GTK_INVALID_LIST_POSITION
              && !has_label (self->group_keys, key))
            g_ptr_array_add (self->group_keys, g_strdup (key));
          if (find_key (self->label_keys, key) == GTK_INVALID_LIST_POSITION
              && !has_label (self->label_keys, key))
            g_ptr_array_add (self->label_keys, g_strdup (key));
        }
    }

  g_ptr_array_set_size (labels, 0);
  for (guint i = 0; i < self->group_keys->len; i++)
    g_ptr_array_add (labels, (gpointer) aiperf_sidebar_parameter_label (g_ptr_array_index (self->group_keys, i)));
  aiperf_picker_row_set_items (self->group_row, labels,
                               n_main_group < self->group_keys->len ? n_main_group : G_MAXUINT);
  g_ptr_array_set_size (labels, 0);
  for (guint i = 0; i < self->label_keys->len; i++)
    g_ptr_array_add (labels, (gpointer) aiperf_sidebar_parameter_label (g_ptr_array_index (self->label_keys, i)));
  aiperf_picker_row_set_items (self->label_row, labels,
                               n_main_label < self->label_keys->len ? n_main_label : G_MAXUINT);
}

static void
load_page (AiperfSidebar *self)
{
  AiperfPlotSpec *spec;
  AiperfRun *single;
  gboolean is_single, any;
  const AiperfMetricFilter *filter;
  AiperfPlotControlFlags flags;
  guint type_position = GTK_INVALID_LIST_POSITION;

  gtk_widget_set_visible (GTK_WIDGET (self->plot_group), self->page != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->filter_group), self->page != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->no_plot_page), self->page == NULL);
  adw_status_page_set_title (self->no_plot_page, _("No Plot Selected"));
  adw_status_page_set_description (self->no_plot_page, _("The settings of the current tab’s plot show here."));
  aiperf_sidebar_build_options (self, self->page);
  if (self->page == NULL)
    return;

  self->updating = TRUE;
  spec = aiperf_plot_page_get_spec (self->page);
  single = aiperf_plot_page_get_single_run (self->page);
  is_single = single != NULL;
  flags = aiperf_sidebar_page_controls (self);

  fill_choice_keys (self, spec->handler);
  fill_metric_keys (self, single);
  g_ptr_array_find (self->type_handlers, spec->handler, &type_position);
  adw_combo_row_set_selected (self->type_row, type_position);
  select_metric (self, self->x_row, spec->x.metric, single);
  select_metric (self, self->y_row, spec->y.metric, single);
  adw_combo_row_set_selected (self->x_stat_row,
                              stat_position (spec->x.has_stat ? spec->x.stat : AIPERF_STAT_AVG));
  adw_combo_row_set_selected (self->y_stat_row,
                              stat_position (aiperf_plot_spec_get_y_stat (spec, AIPERF_STAT_AVG)));
  aiperf_picker_row_set_selected (self->group_row,
                                  find_key (self->group_keys, spec->group_by ? spec->group_by : "run_name"));
  aiperf_picker_row_set_selected (self->label_row,
                                  find_key (self->label_keys, aiperf_plot_spec_label_by (spec)));
  gtk_switch_set_active (self->log_x_switch, aiperf_plot_page_get_log_x (self->page));
  gtk_switch_set_active (self->log_y_switch, aiperf_plot_page_get_log_y (self->page));
  gtk_switch_set_active (self->autoscale_switch, (spec->autoscale & AIPERF_AUTOSCALE_Y) != 0);

  any = aiperf_sidebar_show_controls (self, flags, is_single);
  if (!any && self->option_rows->len == 0)
    {
      adw_status_page_set_title (self->no_plot_page, _("Nothing to Set"));
      adw_status_page_set_description (self->no_plot_page, _("This chart has no settings to change."));
      gtk_widget_set_visible (GTK_WIDGET (self->no_plot_page), TRUE);
    }

  filter = aiperf_plot_page_get_metric_filter (self->page);
  aiperf_picker_row_set_selected (self->filter_metric_row,
                                  filter->metric ? find_key (self->filter_keys, filter->metric) : 0);
  {
    char buf[G_ASCII_DTOSTR_BUF_SIZE];

    gtk_editable_set_text (GTK_EDITABLE (self->filter_min_row),
                           isnan (filter->min) ? "" : g_ascii_formatd (buf, sizeof buf, "%g", filter->min));
    gtk_editable_set_text (GTK_EDITABLE (self->filter_max_row),
                           isnan (filter->max) ? "" : g_ascii_formatd (buf, sizeof buf, "%g", filter->max));
  }
  aiperf_sidebar_sync_param_checks (GTK_WIDGET (self->filter_group), self);
  self->updating = FALSE;
}

static void
set_metric (AiperfMetricRef *ref,
            const char      *tag)
{
  if (tag == NULL || g_strcmp0 (ref->metric, tag) == 0)
    return;
  g_free (ref->metric);
  ref->metric = g_strdup (tag);
}

static gboolean
reload_page (gpointer data)
{
  AiperfSidebar *self = data;

  self->reload_id = 0;
  load_page (self);
  return G_SOURCE_REMOVE;
}

/* Any edit: write every control back into the spec and redraw at once. */
static void
on_setting_changed (AiperfSidebar *self)
{
  AiperfPlotSpec *spec;
  g_autofree char *old_x = NULL, *old_y = NULL;
  const AiperfPlotHandler *old_handler;
  guint type_position;
  const char *key;
  gboolean single;
  AiperfPlotControlFlags flags = aiperf_sidebar_page_controls (self);

  if (self->updating || self->page == NULL)
    return;

  spec = aiperf_plot_page_get_spec (self->page);
  single = aiperf_plot_page_get_single_run (self->page) != NULL;
  old_x = g_strdup (spec->x.metric);
  old_y = g_strdup (spec->y.metric);
  old_handler = spec->handler;

  type_position = adw_combo_row_get_selected (self->type_row);
  if (type_position < self->type_handlers->len)
    spec->handler = g_ptr_array_index (self->type_handlers, type_position);
  /* Only what the chart offers is written back: a kernel chart has no
   * metrics, statistics or grouping to overwrite. */
  if (flags & AIPERF_PLOT_CONTROL_X_METRIC)
    set_metric (&spec->x, aiperf_sidebar_picked_key (self->x_row, self->metric_keys));
  if (flags & AIPERF_PLOT_CONTROL_Y_METRIC)
    set_metric (&spec->y, aiperf_sidebar_picked_key (self->y_row, self->metric_keys));
  if (!single && (flags & AIPERF_PLOT_CONTROL_STATS))
    {
      if (flags & AIPERF_PLOT_CONTROL_X_METRIC)
        {
          spec->x.has_stat = TRUE;
          spec->x.stat = offered_stats[MIN (adw_combo_row_get_selected (self->x_stat_row),
                                            G_N_ELEMENTS (offered_stats) - 1)];
        }
      spec->y.has_stat = TRUE;
      spec->y.stat = offered_stats[MIN (adw_combo_row_get_selected (self->y_stat_row),
                                        G_N_ELEMENTS (offered_stats) - 1)];
      spec->has_stat = FALSE;
    }
  if (!single && (flags & AIPERF_PLOT_CONTROL_GROUP_BY))
    {
      g_free (spec->group_by);
      spec->group_by = g_strdup (aiperf_sidebar_picked_key (self->group_row, self->group_keys));
    }
  /* "" is "None": no text at the points, kept through tab switches. */
  if (!single && (flags & AIPERF_PLOT_CONTROL_LABEL_BY)
      && (key = aiperf_sidebar_picked_key (self->label_row, self->label_keys)) != NULL)
    {
      g_free (spec->label_by);
      spec->label_by = g_strdup (key);
    }
  /* The preset's own title and axis labels no longer describe new axes
   * (nor another plot type): the chart then says what it shows. */
  if (g_strcmp0 (old_x, spec->x.metric) != 0 || g_strcmp0 (old_y, spec->y.metric) != 0
      || old_handler != spec->handler)
    {
      g_clear_pointer (&spec->title, g_free);
      g_clear_pointer (&spec->x_label, g_free);
      g_clear_pointer (&spec->y_label, g_free);
    }
  /* The switch is about the y axis starting at zero; x keeps what the
   * preset says (a timeline's time axis starts at the first request). */
  if (flags & AIPERF_PLOT_CONTROL_AUTOSCALE)
    spec->autoscale = (spec->autoscale & AIPERF_AUTOSCALE_X)
                      | (gtk_switch_get_active (self->autoscale_switch) ? AIPERF_AUTOSCALE_Y : 0);
  /* A chart without the switch keeps the scale it has. */
  aiperf_plot_page_set_log (self->page,
                            (flags & AIPERF_PLOT_CONTROL_LOG_X) ? gtk_switch_get_active (self->log_x_switch)
                                                                : aiperf_plot_page_get_log_x (self->page),
                            (flags & AIPERF_PLOT_CONTROL_LOG_Y) ? gtk_switch_get_active (self->log_y_switch)
                                                                : aiperf_plot_page_get_log_y (self->page));
  aiperf_plot_page_redraw (self->page);
  /* Another chart offers other controls: shown once the type row is
   * done changing (its model is replaced). */
  if (old_handler != spec->handler && self->reload_id == 0)
    self->reload_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, reload_page, self, NULL);
}

void
aiperf_sidebar_set_page (AiperfSidebar  *self,
                         AiperfPlotPage *page)
{
  g_return_if_fail (AIPERF_IS_SIDEBAR (self));
  g_return_if_fail (page == NULL || AIPERF_IS_PLOT_PAGE (page));

  if (self->page != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->page), (gpointer *) &self->page);
  self->page = page;
  if (page != NULL)
    g_object_add_weak_pointer (G_OBJECT (page), (gpointer *) &self->page);
  load_page (self);
}

void
aiperf_sidebar_set_runs (AiperfSidebar *self,
                         AiperfRunSet  *runs,
                         GHashTable    *hidden)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  g_return_if_fail (AIPERF_IS_SIDEBAR (self));

  g_set_object (&self->runs, runs);
  self->hidden = hidden;
  aiperf_sidebar_fill_run_list (self);

  self->updating = TRUE;
  g_ptr_array_set_size (self->filter_keys, 0);
  g_ptr_array_add (self->filter_keys, g_strdup (""));
  g_ptr_array_add (labels, g_strdup (_("None")));
  if (runs != NULL)
    {
      g_autoptr(GPtrArray) tags = aiperf_session_list_metrics (runs);

      for (guint i = 0; i < tags->len; i++)
        {
          g_ptr_array_add (self->filter_keys, g_strdup (g_ptr_array_index (tags, i)));
          g_ptr_array_add (labels, aiperf_session_metric_label (runs, g_ptr_array_index (tags, i)));
        }
    }
  aiperf_picker_row_set_items (self->filter_metric_row, labels, G_MAXUINT);
  self->updating = FALSE;
  aiperf_sidebar_rebuild_param_filters (self);
  load_page (self);
}

static void
aiperf_sidebar_dispose (GObject *object)
{
  AiperfSidebar *self = AIPERF_SIDEBAR (object);

  g_clear_handle_id (&self->reload_id, g_source_remove);
  aiperf_sidebar_set_page (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), AIPERF_TYPE_SIDEBAR);
  g_clear_object (&self->runs);
  G_OBJECT_CLASS (aiperf_sidebar_parent_class)->dispose (object);
}

static void
aiperf_sidebar_finalize (GObject *object)
{
  AiperfSidebar *self = AIPERF_SIDEBAR (object);

  g_ptr_array_unref (self->type_handlers);
  g_ptr_array_unref (self->metric_keys);
  g_ptr_array_unref (self->filter_keys);
  g_ptr_array_unref (self->group_keys);
  g_ptr_array_unref (self->label_keys);
  g_ptr_array_unref (self->param_rows);
  g_ptr_array_unref (self->option_rows);
  g_free (self->search_text);
  G_OBJECT_CLASS (aiperf_sidebar_parent_class)->finalize (object);
}

static void
aiperf_sidebar_class_init (AiperfSidebarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = aiperf_sidebar_dispose;
  object_class->finalize = aiperf_sidebar_finalize;

  g_type_ensure (AIPERF_TYPE_PICKER_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/aiperf/Plot/aiperf-sidebar.ui");
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, view_stack);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, runs_stack);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, no_plot_page);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, search_entry);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, run_list);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, plot_group);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, filter_group);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, type_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, x_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, x_stat_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, y_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, y_stat_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, group_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, label_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, log_x_switch);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, log_y_switch);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, autoscale_switch);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, log_x_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, log_y_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, autoscale_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, options_group);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, filter_metric_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, filter_min_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfSidebar, filter_max_row);

  aiperf_sidebar_signals[AIPERF_SIDEBAR_RUN_TOGGLED] = g_signal_new ("run-toggled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                       AIPERF_TYPE_RUN, G_TYPE_BOOLEAN);
  aiperf_sidebar_signals[AIPERF_SIDEBAR_RUN_ACTIVATED] = g_signal_new ("run-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, AIPERF_TYPE_RUN);
  aiperf_sidebar_signals[AIPERF_SIDEBAR_RUNS_TOGGLED] = g_signal_new ("runs-toggled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                        G_TYPE_PTR_ARRAY, G_TYPE_BOOLEAN);
  aiperf_sidebar_class_init_runs (widget_class);
}

static void
aiperf_sidebar_init (AiperfSidebar *self)
{
  g_autoptr(GtkStringList) stats = gtk_string_list_new (NULL);
  GtkWidget *setting_rows[6];

  gtk_widget_init_template (GTK_WIDGET (self));

  self->type_handlers = g_ptr_array_new ();
  self->metric_keys = g_ptr_array_new_with_free_func (g_free);
  self->filter_keys = g_ptr_array_new_with_free_func (g_free);
  self->group_keys = g_ptr_array_new_with_free_func (g_free);
  self->label_keys = g_ptr_array_new_with_free_func (g_free);
  self->param_rows = g_ptr_array_new ();
  self->option_rows = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (offered_stats); i++)
    gtk_string_list_append (stats, aiperf_sidebar_stat_label (offered_stats[i]));
  adw_combo_row_set_model (self->x_stat_row, G_LIST_MODEL (stats));
  adw_combo_row_set_model (self->y_stat_row, G_LIST_MODEL (stats));

  aiperf_sidebar_init_runs (self);

  setting_rows[0] = GTK_WIDGET (self->type_row);
  setting_rows[1] = GTK_WIDGET (self->x_row);
  setting_rows[2] = GTK_WIDGET (self->x_stat_row);
  setting_rows[3] = GTK_WIDGET (self->y_row);
  setting_rows[4] = GTK_WIDGET (self->y_stat_row);
  setting_rows[5] = GTK_WIDGET (self->group_row);
  for (guint i = 0; i < G_N_ELEMENTS (setting_rows); i++)
    g_signal_connect_swapped (setting_rows[i], "notify::selected", G_CALLBACK (on_setting_changed), self);
  g_signal_connect_swapped (self->label_row, "notify::selected", G_CALLBACK (on_setting_changed), self);
  g_signal_connect_swapped (self->log_x_switch, "notify::active", G_CALLBACK (on_setting_changed), self);
  g_signal_connect_swapped (self->log_y_switch, "notify::active", G_CALLBACK (on_setting_changed), self);
  g_signal_connect_swapped (self->autoscale_switch, "notify::active", G_CALLBACK (on_setting_changed), self);
  g_signal_connect_swapped (self->filter_metric_row, "notify::selected", G_CALLBACK (aiperf_sidebar_on_filter_changed), self);
  g_signal_connect_swapped (self->filter_min_row, "changed", G_CALLBACK (aiperf_sidebar_on_filter_changed), self);
  g_signal_connect_swapped (self->filter_max_row, "changed", G_CALLBACK (aiperf_sidebar_on_filter_changed), self);
  load_page (self);
}

GtkWidget *
aiperf_sidebar_new (void)
{
  return g_object_new (AIPERF_TYPE_SIDEBAR, NULL);
}
