/* aiperf-gemm-panel.c — the GEMM kernels tab: GPU and filter drop-downs,
 * the measurements in a sortable GtkColumnView, and the roofline beside
 * it. Selecting a row rings its point; double-clicking a point (or Enter
 * on it) selects its row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-gemm-panel.h"
#include "aiperf-gemm-panel-private.h"
#include "aiperf-gemm-private.h"
#include "aiperf-session-plot.h"
#include "aiperf-table-view.h"

/* --- the panel --- */

/* The drop-down filters: a key of --filter each. */
static const struct {
  const char *key;
  const char *title;
} filters[] = {
  { AIPERF_GEMM_DTYPE, N_("dtype") },
  { AIPERF_GEMM_MODEL, N_("Model") },
  { AIPERF_GEMM_LIBRARY, N_("Library") },
  { AIPERF_GEMM_BATCH_SIZE, N_("Batch size") },
};

struct _AiperfGemmPanel
{
  GtkBox              parent_instance;

  AiperfSession      *session;
  AiperfPlotSpec     *spec;          /* the roofline's */
  AiperfGemmData     *data;
  GtkDropDown        *gpu;
  GtkDropDown        *filter[G_N_ELEMENTS (filters)];
  GPtrArray          *filter_values[G_N_ELEMENTS (filters)];  /* char*, index 0 = all */
  GListStore         *store;
  GtkSingleSelection *selection;
  GtkColumnView      *view;
  GtkScrolledWindow  *scroller;
  AiperfChartView    *chart_view;
  GtkLabel           *status;
  gboolean            updating;
};

G_DEFINE_FINAL_TYPE (AiperfGemmPanel, aiperf_gemm_panel, GTK_TYPE_BOX)

enum { OPTIONS_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The options as the drop-downs say: "gpu" and the "filter" lines. */
static void
store_options (AiperfGemmPanel *self)
{
  g_autoptr(GString) filter = g_string_new (NULL);
  guint gpu = gtk_drop_down_get_selected (self->gpu);

  aiperf_session_set_option (self->session, AIPERF_GEMM_OPTION_GPU,
                             gpu > 0 && gpu != GTK_INVALID_LIST_POSITION
                               ? aiperf_gpu_peaks_get (aiperf_gpu_peaks_get_default (), gpu - 1)->name : NULL);
  for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
    {
      guint i = gtk_drop_down_get_selected (self->filter[f]);

      if (i > 0 && i != GTK_INVALID_LIST_POSITION && i < self->filter_values[f]->len)
        g_string_append_printf (filter, "%s%s=%s", filter->len > 0 ? "\n" : "", filters[f].key,
                                (const char *) g_ptr_array_index (self->filter_values[f], i));
    }
  aiperf_session_set_option (self->session, AIPERF_GEMM_OPTION_FILTER, filter->len > 0 ? filter->str : NULL);
}

static void
rebuild_chart (AiperfGemmPanel *self)
{
  g_autoptr(AiperfPlotSpec) spec = self->spec != NULL ? aiperf_plot_spec_copy (self->spec) : NULL;
  g_autoptr(GError) error = NULL;
  int id = aiperf_gemm_panel_get_selected_id (self);
  AiperfChart *chart;

  if (self->spec == NULL || self->session == NULL)
    return;
  aiperf_plot_spec_set_extra (spec, AIPERF_GEMM_OPTION_GPU, "");
  aiperf_plot_spec_set_extra (spec, AIPERF_GEMM_OPTION_FILTER, "");
  aiperf_plot_spec_apply_options (spec, aiperf_session_get_options (self->session));
  if (id >= 0)
    {
      g_autofree char *text = g_strdup_printf ("%d", id);

      aiperf_plot_spec_set_extra (spec, AIPERF_GEMM_OPTION_HIGHLIGHT, text);
    }
  chart = aiperf_session_build_chart (spec, aiperf_session_get_runs (self->session), NULL,
                                      aiperf_session_get_colors (self->session), &error);
  aiperf_chart_view_set_chart (self->chart_view, chart);
  if (chart == NULL)
    gtk_label_set_text (self->status, error->message);
}

static void
fill_table (AiperfGemmPanel *self)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autofree char *status = NULL;

  g_clear_pointer (&self->data, aiperf_gemm_data_free);
  self->data = aiperf_gemm_data_new (aiperf_session_get_runs (self->session),
                                     aiperf_session_get_options (self->session), &error);
  for (guint i = 0; self->data != NULL && i < self->data->points->len; i++)
    {
      g_ptr_array_add (items, aiperf_gemm_row_new (&g_array_index (self->data->points, AiperfGemmPoint, i)));
    }
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)), items->pdata, items->len);
  if (self->data == NULL)
    status = g_strdup (error->message);
  else if (self->data->gpu == NULL)
    status = g_strdup_printf (_("%u of %u measurements · %s"), self->data->points->len, self->data->n_total,
                              self->data->gpu_problem);
  else
    status = g_strdup_printf (_("%u of %u measurements · %s (%s)"), self->data->points->len, self->data->n_total,
                              self->data->gpu->name, self->data->gpu_origin);
  gtk_label_set_text (self->status, status);
}

static void
on_option_changed (AiperfGemmPanel *self)
{
  if (self->updating)
    return;
  store_options (self);
  fill_table (self);
  rebuild_chart (self);
  g_signal_emit (self, signals[OPTIONS_CHANGED], 0);
}

static void
on_selection_changed (AiperfGemmPanel *self)
{
  if (!self->updating)
    rebuild_chart (self);
}

static void
on_point_activated (AiperfGemmPanel *self,
                    int              series,
                    int              id)
{
  if (id >= AIPERF_GEMM_ID_BASE)
    aiperf_gemm_panel_select_id (self, id - AIPERF_GEMM_ID_BASE);
}

static int
compare_values (gconstpointer a,
                gconstpointer b)
{
  const char *x = *(const char * const *) a, *y = *(const char * const *) b;
  char *ex = NULL, *ey = NULL;
  double dx = g_ascii_strtod (x, &ex), dy = g_ascii_strtod (y, &ey);

  /* batch sizes by value, names alphabetically */
  if (ex != x && *ex == '\0' && ey != y && *ey == '\0')
    return dx < dy ? -1 : dx > dy;
  return g_utf8_collate (x, y);
}

/* The values a filter offers: those of every row, whatever the filters. */
static void
fill_filter_choices (AiperfGemmPanel *self)
{
  g_autoptr(GHashTable) no_filter = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(AiperfGemmData) all = aiperf_gemm_data_new (aiperf_session_get_runs (self->session), no_filter, NULL);
  const char *current = g_hash_table_lookup (aiperf_session_get_options (self->session), AIPERF_GEMM_OPTION_FILTER);
  g_auto(GStrv) lines = g_strsplit (current != NULL ? current : "", "\n", -1);

  for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
      GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
      guint selected = 0;

      for (guint i = 0; all != NULL && i < all->points->len; i++)
        {
          const AiperfGemmPoint *p = &g_array_index (all->points, AiperfGemmPoint, i);
          g_autofree char *value = NULL;

          if (g_str_equal (filters[f].key, AIPERF_GEMM_BATCH_SIZE))
            value = isfinite (p->batch_size) ? g_strdup_printf ("%g", p->batch_size) : NULL;
          else
            value = g_strdup (g_str_equal (filters[f].key, AIPERF_GEMM_DTYPE) ? p->dtype
                              : g_str_equal (filters[f].key, AIPERF_GEMM_MODEL) ? p->model : p->library);
          if (value != NULL && !g_hash_table_contains (seen, value))
            {
              g_ptr_array_add (values, g_strdup (value));
              g_hash_table_add (seen, g_steal_pointer (&value));
            }
        }
      g_ptr_array_sort (values, compare_values);
      g_ptr_array_insert (values, 0, g_strdup (_("All")));
      for (guint i = 0; i < values->len; i++)
        {
          gtk_string_list_append (model, g_ptr_array_index (values, i));
          for (guint l = 0; i > 0 && lines[l] != NULL; l++)
            {
              g_autofree char *want = g_strdup_printf ("%s=%s", filters[f].key,
                                                       (const char *) g_ptr_array_index (values, i));

              if (g_str_equal (lines[l], want))
                selected = i;
            }
        }
      g_clear_pointer (&self->filter_values[f], g_ptr_array_unref);
      self->filter_values[f] = values;
      gtk_drop_down_set_model (self->filter[f], G_LIST_MODEL (model));
      gtk_drop_down_set_selected (self->filter[f], selected);
      /* one value is no choice */
      gtk_widget_set_sensitive (GTK_WIDGET (self->filter[f]), values->len > 2);
    }
}

static void
select_gpu_choice (AiperfGemmPanel *self)
{
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  const char *wanted = g_hash_table_lookup (aiperf_session_get_options (self->session), AIPERF_GEMM_OPTION_GPU);
  const AiperfGpuPreset *gpu = wanted != NULL && *wanted != '\0' ? aiperf_gpu_peaks_lookup (peaks, wanted) : NULL;
  guint selected = 0;

  for (guint i = 0; gpu != NULL && i < aiperf_gpu_peaks_get_n (peaks); i++)
    if (aiperf_gpu_peaks_get (peaks, i) == gpu)
      selected = i + 1;
  gtk_drop_down_set_selected (self->gpu, selected);
}

void
aiperf_gemm_panel_refresh (AiperfGemmPanel *self)
{
  g_return_if_fail (AIPERF_IS_GEMM_PANEL (self));

  self->updating = TRUE;
  select_gpu_choice (self);
  fill_filter_choices (self);
  fill_table (self);
  self->updating = FALSE;
  rebuild_chart (self);
}

static GtkWidget *
labelled (const char *title,
          GtkWidget  *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (title);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), widget);
  return box;
}

static GtkDropDown *
new_drop_down (void)
{
  GtkWidget *d = gtk_drop_down_new (G_LIST_MODEL (gtk_string_list_new (NULL)), NULL);

  return GTK_DROP_DOWN (d);
}

static void
aiperf_gemm_panel_dispose (GObject *object)
{
  AiperfGemmPanel *self = AIPERF_GEMM_PANEL (object);

  /* The view lets go of its rows after this: no redraw on the way out. */
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  self->selection = NULL;
  g_clear_object (&self->session);
  g_clear_pointer (&self->spec, aiperf_plot_spec_free);
  g_clear_pointer (&self->data, aiperf_gemm_data_free);
  for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
    g_clear_pointer (&self->filter_values[f], g_ptr_array_unref);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (aiperf_gemm_panel_parent_class)->dispose (object);
}

static void
aiperf_gemm_panel_class_init (AiperfGemmPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = aiperf_gemm_panel_dispose;
  signals[OPTIONS_CHANGED] = g_signal_new ("options-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
aiperf_gemm_panel_init (AiperfGemmPanel *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  g_autoptr(GtkStringList) gpus = gtk_string_list_new (NULL);
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  GtkSortListModel *sorted;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);

  /* GPU and filters */
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_string_list_append (gpus, _("Named by the input"));
  for (guint i = 0; i < aiperf_gpu_peaks_get_n (peaks); i++)
    gtk_string_list_append (gpus, aiperf_gpu_peaks_get (peaks, i)->name);
  self->gpu = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (gpus)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->gpu), _("GPU whose peaks draw the ceilings (gpu-peaks.yaml)"));
  gtk_box_append (GTK_BOX (bar), labelled (_("GPU"), GTK_WIDGET (self->gpu)));
  g_signal_connect_swapped (self->gpu, "notify::selected", G_CALLBACK (on_option_changed), self);
  for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
    {
      self->filter[f] = new_drop_down ();
      gtk_box_append (GTK_BOX (bar), labelled (_(filters[f].title), GTK_WIDGET (self->filter[f])));
      g_signal_connect_swapped (self->filter[f], "notify::selected", G_CALLBACK (on_option_changed), self);
    }
  gtk_box_append (GTK_BOX (self), bar);

  /* the table */
  self->store = g_list_store_new (AIPERF_TYPE_GEMM_ROW);
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  aiperf_gemm_table_add_columns (self->view);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_selection_changed), self);
  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->view));
  gtk_widget_set_size_request (GTK_WIDGET (self->scroller), 360, -1);

  /* the roofline */
  self->chart_view = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->chart_view), TRUE);
  g_signal_connect_object (self->chart_view, "point-activated", G_CALLBACK (on_point_activated), self,
                           G_CONNECT_SWAPPED);

  gtk_paned_set_start_child (GTK_PANED (paned), GTK_WIDGET (self->scroller));
  gtk_paned_set_end_child (GTK_PANED (paned), GTK_WIDGET (self->chart_view));
  gtk_paned_set_resize_start_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  /* Neither pane is dragged away: the chart keeps room for its points. */
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_size_request (GTK_WIDGET (self->chart_view), 300, 200);
  gtk_paned_set_position (GTK_PANED (paned), 560);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (self), paned);

  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_wrap (self->status, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "dim-label");
  gtk_widget_set_margin_start (GTK_WIDGET (self->status), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->status), 6);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->status));
}

GtkWidget *
aiperf_gemm_panel_new (AiperfSession *session)
{
  AiperfGemmPanel *self;
  AiperfPlotConfig *config;
  GPtrArray *plots;
  AiperfPlotType type;

  g_return_val_if_fail (AIPERF_IS_SESSION (session), NULL);

  self = g_object_new (AIPERF_TYPE_GEMM_PANEL, NULL);
  self->session = g_object_ref (session);
  config = aiperf_session_get_presets (session);
  /* The roofline preset's keys (colour_by, title), else a plain one. */
  plots = config != NULL ? aiperf_plot_config_get_kind_plots (config, AIPERF_KIND_GEMM) : NULL;
  for (guint i = 0; plots != NULL && i < plots->len && self->spec == NULL; i++)
    if (g_str_equal (aiperf_plot_type_to_string (((AiperfPlotSpec *) g_ptr_array_index (plots, i))->type), "roofline"))
      self->spec = aiperf_plot_spec_copy (g_ptr_array_index (plots, i));
  if (self->spec == NULL && aiperf_plot_type_from_string ("roofline", &type))
    self->spec = aiperf_plot_spec_new ("roofline", type);
  aiperf_gemm_panel_refresh (self);
  return GTK_WIDGET (self);
}

AiperfChartView *
aiperf_gemm_panel_get_chart_view (AiperfGemmPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_GEMM_PANEL (self), NULL);

  return self->chart_view;
}

GtkColumnView *
aiperf_gemm_panel_get_column_view (AiperfGemmPanel *self)
{
  g_return_val_if_fail (AIPERF_IS_GEMM_PANEL (self), NULL);

  return self->view;
}

int
aiperf_gemm_panel_get_selected_id (AiperfGemmPanel *self)
{
  AiperfGemmRow *row;

  g_return_val_if_fail (AIPERF_IS_GEMM_PANEL (self), -1);

  row = self->selection != NULL ? gtk_single_selection_get_selected_item (self->selection) : NULL;
  return row != NULL ? aiperf_gemm_row_get_point (row)->id : -1;
}

gboolean
aiperf_gemm_panel_select_id (AiperfGemmPanel *self,
                             int              id)
{
  GListModel *model;
  guint n;

  g_return_val_if_fail (AIPERF_IS_GEMM_PANEL (self), FALSE);
  if (self->selection == NULL)
    return FALSE;

  model = G_LIST_MODEL (self->selection);
  n = g_list_model_get_n_items (model);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AiperfGemmRow) row = g_list_model_get_item (model, i);

      if (aiperf_gemm_row_get_point (row)->id != id)
        continue;
      aiperf_table_view_select (self->view, self->selection, i);
      return TRUE;
    }
  return FALSE;
}

void
aiperf_gemm_panel_set_gpu (AiperfGemmPanel *self,
                           const char      *name)
{
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  const AiperfGpuPreset *gpu = name != NULL ? aiperf_gpu_peaks_lookup (peaks, name) : NULL;
  guint selected = 0;

  g_return_if_fail (AIPERF_IS_GEMM_PANEL (self));

  for (guint i = 0; gpu != NULL && i < aiperf_gpu_peaks_get_n (peaks); i++)
    if (aiperf_gpu_peaks_get (peaks, i) == gpu)
      selected = i + 1;
  gtk_drop_down_set_selected (self->gpu, selected);
}

void
aiperf_gemm_panel_set_filter (AiperfGemmPanel *self,
                              const char      *key,
                              const char      *value)
{
  g_return_if_fail (AIPERF_IS_GEMM_PANEL (self));
  g_return_if_fail (key != NULL);

  for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
    {
      guint selected = 0;

      if (!g_str_equal (filters[f].key, key))
        continue;
      for (guint i = 1; value != NULL && i < self->filter_values[f]->len; i++)
        if (g_str_equal (g_ptr_array_index (self->filter_values[f], i), value))
          selected = i;
      gtk_drop_down_set_selected (self->filter[f], selected);
    }
}
