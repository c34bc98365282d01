/* aiperf-plot-page.c — one tab: a chart view and the settings of its plot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <math.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-error.h"
#include "aiperf-plot-names.h"
#include "aiperf-plot-page.h"
#include "aiperf-run-row.h"
#include "aiperf-sidebar.h"
#include "aiperf-style.h"
#include "aiperf-session-plot.h"

struct _AiperfPlotPage
{
  GtkWidget        parent_instance;

  GtkStack        *stack;
  AiperfChartView *chart_view;
  GtkWidget       *reset_button;  /* shown while zoomed */
  AdwStatusPage   *problem_page;
  GtkSpinner      *spinner;

  AiperfPlotSpec  *spec;
  AiperfRunSet    *runs;
  AiperfRun       *single_run;
  GHashTable      *hidden;      /* borrowed */
  GHashTable      *excluded;    /* "key\x1fvalue" → TRUE */
  AiperfMetricFilter filter;
  /* Each axis's scale: the chart's own until the user picks one
   * (log_*_chosen), then that one on every redraw. */
  gboolean         log_x, log_y;
  gboolean         log_x_chosen, log_y_chosen;
  AiperfRunSet    *drawn;       /* the runs of the current chart, by id */
  AiperfPlotColors *colors;     /* borrowed from the window */
  char            *problem;
  char            *title;       /* said from the spec when there is no chart */
  gboolean         no_data;   /* the problem is AIPERF_ERROR_NO_DATA */
};

G_DEFINE_FINAL_TYPE (AiperfPlotPage, aiperf_plot_page, GTK_TYPE_WIDGET)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static char *
excluded_key (const char *key,
              const char *value)
{
  return g_strconcat (key, "\x1f", value ? value : "", NULL);
}

static gboolean
run_passes_filters (AiperfPlotPage *self,
                    AiperfRun      *run)
{
  GHashTableIter iter;
  gpointer key;

  if (self->hidden != NULL
      && g_hash_table_contains (self->hidden, aiperf_run_get_locator (run)))
    return FALSE;

  g_hash_table_iter_init (&iter, self->excluded);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_auto(GStrv) parts = g_strsplit (key, "\x1f", 2);
      const char *have = aiperf_session_run_parameter (run, parts[0]);

      if (g_strcmp0 (have ? have : "", parts[1]) == 0)
        return FALSE;
    }

  if (self->filter.metric != NULL)
    {
      double v;

      if (!aiperf_run_get_metric (run, self->filter.metric, AIPERF_STAT_AVG, &v))
        return FALSE;
      if (!isnan (self->filter.min) && v < self->filter.min)
        return FALSE;
      if (!isnan (self->filter.max) && v > self->filter.max)
        return FALSE;
    }
  return TRUE;
}

/* A handler's reason ("no run has …") as a sentence of its own: a
 * capital first letter and a full stop. */
static char *
as_sentence (const char *text)
{
  GString *sentence;
  gunichar first;

  if (text == NULL || *text == '\0')
    return NULL;
  first = g_utf8_get_char (text);
  sentence = g_string_new (NULL);
  g_string_append_unichar (sentence, g_unichar_totitle (first));
  g_string_append (sentence, g_utf8_next_char (text));
  if (!g_str_has_suffix (sentence->str, ".") && !g_str_has_suffix (sentence->str, "!")
      && !g_str_has_suffix (sentence->str, "?") && !g_str_has_suffix (sentence->str, ")"))
    g_string_append_c (sentence, '.');
  return g_string_free (sentence, FALSE);
}

/* A chosen scale is drawn; otherwise @log follows the chart's own (a
 * roofline is log-log), so the sidebar's switches show what is drawn. A
 * category axis has no log scale. */
static void
apply_scale (AiperfAxis *axis,
             gboolean   *log,
             gboolean    chosen)
{
  if (axis->tick_labels != NULL)
    return;
  if (chosen)
    axis->scale = *log ? AIPERF_SCALE_LOG : AIPERF_SCALE_LINEAR;
  else
    *log = axis->scale == AIPERF_SCALE_LOG;
}

static void
show_problem (AiperfPlotPage *self,
              const char     *title,
              const char     *description)
{
  g_autofree char *sentence = as_sentence (description);

  g_free (self->problem);
  self->problem = g_strdup (description ? description : title);
  adw_status_page_set_title (self->problem_page, title);
  adw_status_page_set_description (self->problem_page, sentence);
  gtk_stack_set_visible_child_name (self->stack, "problem");
  aiperf_chart_view_set_chart (self->chart_view, NULL);
}

void
aiperf_plot_page_redraw (AiperfPlotPage *self)
{
  g_autoptr(AiperfRunSet) drawn = aiperf_run_set_new ();
  g_autoptr(GError) error = NULL;
  AiperfChart *chart;

  g_return_if_fail (AIPERF_IS_PLOT_PAGE (self));

  g_clear_pointer (&self->problem, g_free);
  self->no_data = FALSE;
  if (self->single_run != NULL)
    {
      if (!aiperf_session_run_ready (self->single_run))
        {
          gtk_spinner_set_spinning (self->spinner, TRUE);
          gtk_stack_set_visible_child_name (self->stack, "loading");
          return;
        }
      aiperf_run_set_add (drawn, self->single_run);
    }
  else
    {
      for (guint i = 0; i < aiperf_run_set_get_n_runs (self->runs); i++)
        {
          AiperfRun *run = aiperf_run_set_get_run (self->runs, i);

          if (run_passes_filters (self, run))
            aiperf_run_set_add (drawn, run);
        }
    }
  gtk_spinner_set_spinning (self->spinner, FALSE);
  g_set_object (&self->drawn, drawn);

  if (aiperf_run_set_get_n_runs (drawn) == 0)
    {
      show_problem (self, _("No Runs Shown"),
                    _("Every run is hidden or filtered out. Check runs in the sidebar or relax the filters."));
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }

  chart = aiperf_session_build_chart (self->spec, drawn, self->single_run, self->colors, &error);
  if (chart == NULL)
    {
      self->no_data = g_error_matches (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
      show_problem (self, _("Nothing to Plot"),
                    error ? error->message : _("This plot has no data for these runs."));
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }
  apply_scale (&chart->x, &self->log_x, self->log_x_chosen);
  apply_scale (&chart->y, &self->log_y, self->log_y_chosen);
  if (self->spec->autoscale & AIPERF_AUTOSCALE_X)
    chart->x.include_zero = FALSE;
  if (self->spec->autoscale & AIPERF_AUTOSCALE_Y)
    chart->y.include_zero = FALSE;

  aiperf_chart_view_set_chart (self->chart_view, chart);
  /* Comparison points are runs (ids are positions in @drawn): the hover
   * names each, whatever the grouping. An uncertainty point is the mean
   * of several runs, not one. */
  if (self->single_run == NULL && !self->spec->handler->trial_means)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < aiperf_run_set_get_n_runs (drawn); i++)
        g_ptr_array_add (names, g_strdup (aiperf_run_get_name (aiperf_run_set_get_run (drawn, i))));
      aiperf_chart_view_set_id_names (self->chart_view, names);
    }
  gtk_stack_set_visible_child_name (self->stack, "chart");
  g_signal_emit (self, signals[CHANGED], 0);
}

/* How @layer draws its points, as a run row's swatch shows it. */
static AiperfRunMark
layer_mark (const AiperfStyle *style,
            const AiperfLayer *layer)
{
  AiperfRGBA c = aiperf_style_resolve (style, layer->color);
  AiperfRunMark mark = { { 0 }, AIPERF_MARKER_CIRCLE, FALSE };

  if (layer->fade > 0)
    c = aiperf_style_fade (style, c, layer->fade);
  switch (layer->kind)
    {
    case AIPERF_LAYER_POINTS:
      mark.marker = layer->marker;
      c.a *= layer->opacity;
      break;
    case AIPERF_LAYER_LINE:
    case AIPERF_LAYER_STEP:
      c.a *= layer->opacity;
      break;
    default:
      mark.block = TRUE;
      break;
    }
  mark.color = (GdkRGBA) { c.r, c.g, c.b, c.a };
  return mark;
}

GHashTable *
aiperf_plot_page_get_run_marks (AiperfPlotPage *self)
{
  GHashTable *marks;
  const AiperfChart *chart;
  AiperfStyle style;
  gboolean ids_are_runs;

  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);

  marks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  chart = aiperf_chart_view_get_chart (self->chart_view);
  if (chart == NULL || self->drawn == NULL || self->single_run != NULL)
    return marks;

  aiperf_style_init (&style, adw_style_manager_get_dark (adw_style_manager_get_default ())
                              ? AIPERF_THEME_DARK : AIPERF_THEME_LIGHT);
  /* A run's first pickable layer is how it shows: the Pareto curve's
   * dominated runs faded, runs past the palette in another shape. Where
   * the ids name something else (a kernel, an expert), a run is the
   * series of its name (a kernel chart's bars of each source). */
  ids_are_runs = chart->id_kind == NULL || g_str_equal (chart->id_kind, "run");
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);
      const AiperfSeries *series;
      AiperfRunMark mark;

      if (layer->ids == NULL || !layer->pickable || layer->series < 0)
        continue;
      mark = layer_mark (&style, layer);
      series = g_ptr_array_index (chart->series, layer->series);
      for (guint i = 0; i < (ids_are_runs ? layer->ids->len : aiperf_run_set_get_n_runs (self->drawn)); i++)
        {
          int id = ids_are_runs ? g_array_index (layer->ids, int, i) : (int) i;
          AiperfRun *run;
          const char *locator;

          if (id < 0 || (guint) id >= aiperf_run_set_get_n_runs (self->drawn))
            continue;
          run = aiperf_run_set_get_run (self->drawn, id);
          if (!ids_are_runs && g_strcmp0 (aiperf_run_get_name (run), series->name) != 0)
            continue;
          locator = aiperf_run_get_locator (run);
          if (!g_hash_table_contains (marks, locator))
            g_hash_table_insert (marks, g_strdup (locator), g_memdup2 (&mark, sizeof mark));
        }
    }
  aiperf_style_clear (&style);
  return marks;
}

AiperfRun *
aiperf_plot_page_get_run_for_id (AiperfPlotPage *self,
                                 int             id)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);

  if (self->drawn == NULL || id < 0 || (guint) id >= aiperf_run_set_get_n_runs (self->drawn))
    return NULL;
  return aiperf_run_set_get_run (self->drawn, id);
}

GtkWidget *
aiperf_plot_page_get_reset_button (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);
  return self->reset_button;
}

AiperfChartView *
aiperf_plot_page_get_chart_view (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);
  return self->chart_view;
}

AiperfPlotSpec *
aiperf_plot_page_get_spec (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);
  return self->spec;
}

AiperfRun *
aiperf_plot_page_get_single_run (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);
  return self->single_run;
}

AiperfRunSet *
aiperf_plot_page_get_drawn_runs (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);

  return self->drawn;
}

const char *
aiperf_plot_page_get_title (AiperfPlotPage *self)
{
  const AiperfChart *chart;

  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);

  chart = aiperf_chart_view_get_chart (self->chart_view);
  if (self->spec->title != NULL)
    return self->spec->title;
  if (chart != NULL && chart->title != NULL)
    return chart->title;
  /* No chart (no data): still what the plot shows, not the preset id. */
  g_free (self->title);
  self->title = aiperf_plot_spec_title (self->spec);
  return self->title;
}

gboolean
aiperf_plot_page_get_no_data (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), FALSE);
  return self->no_data;
}

const char *
aiperf_plot_page_get_problem (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);
  return self->problem;
}

void
aiperf_plot_page_set_colors (AiperfPlotPage   *self,
                             AiperfPlotColors *colors)
{
  g_return_if_fail (AIPERF_IS_PLOT_PAGE (self));
  self->colors = colors;
}

void
aiperf_plot_page_set_hidden (AiperfPlotPage *self,
                             GHashTable     *hidden)
{
  g_return_if_fail (AIPERF_IS_PLOT_PAGE (self));
  self->hidden = hidden;
}

gboolean
aiperf_plot_page_get_log_x (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), FALSE);
  return self->log_x;
}

gboolean
aiperf_plot_page_get_log_y (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), FALSE);
  return self->log_y;
}

void
aiperf_plot_page_set_log (AiperfPlotPage *self,
                          gboolean        log_x,
                          gboolean        log_y)
{
  g_return_if_fail (AIPERF_IS_PLOT_PAGE (self));
  if (!log_x != !self->log_x)
    self->log_x_chosen = TRUE;
  if (!log_y != !self->log_y)
    self->log_y_chosen = TRUE;
  self->log_x = !!log_x;
  self->log_y = !!log_y;
}

void
aiperf_plot_page_set_excluded (AiperfPlotPage *self,
                               const char     *key,
                               const char     *value,
                               gboolean        excluded)
{
  g_return_if_fail (AIPERF_IS_PLOT_PAGE (self));
  g_return_if_fail (key != NULL);

  if (excluded)
    g_hash_table_add (self->excluded, excluded_key (key, value));
  else
    {
      g_autofree char *k = excluded_key (key, value);
      g_hash_table_remove (self->excluded, k);
    }
}

gboolean
aiperf_plot_page_is_excluded (AiperfPlotPage *self,
                              const char     *key,
                              const char     *value)
{
  g_autofree char *k = NULL;

  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), FALSE);
  k = excluded_key (key, value);
  return g_hash_table_contains (self->excluded, k);
}

void
aiperf_plot_page_set_metric_filter (AiperfPlotPage *self,
                                    const char     *metric,
                                    double          min,
                                    double          max)
{
  g_return_if_fail (AIPERF_IS_PLOT_PAGE (self));

  g_free (self->filter.metric);
  self->filter.metric = g_strdup (metric);
  self->filter.min = min;
  self->filter.max = max;
}

const AiperfMetricFilter *
aiperf_plot_page_get_metric_filter (AiperfPlotPage *self)
{
  g_return_val_if_fail (AIPERF_IS_PLOT_PAGE (self), NULL);
  return &self->filter;
}

static void
aiperf_plot_page_dispose (GObject *object)
{
  AiperfPlotPage *self = AIPERF_PLOT_PAGE (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->drawn);
  g_clear_object (&self->runs);
  g_clear_object (&self->single_run);
  G_OBJECT_CLASS (aiperf_plot_page_parent_class)->dispose (object);
}

static void
aiperf_plot_page_finalize (GObject *object)
{
  AiperfPlotPage *self = AIPERF_PLOT_PAGE (object);

  g_clear_pointer (&self->spec, aiperf_plot_spec_free);
  g_hash_table_unref (self->excluded);
  g_free (self->filter.metric);
  g_free (self->problem);
  g_free (self->title);
  G_OBJECT_CLASS (aiperf_plot_page_parent_class)->finalize (object);
}

static void
aiperf_plot_page_class_init (AiperfPlotPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = aiperf_plot_page_dispose;
  object_class->finalize = aiperf_plot_page_finalize;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
aiperf_plot_page_init (AiperfPlotPage *self)
{
  GtkWidget *box;

  self->excluded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->filter.min = self->filter.max = NAN;

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->stack), GTK_WIDGET (self));

  self->chart_view = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->chart_view), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->chart_view), TRUE);
  {
    /* Zoomed in, the chart says so and offers the way back (double-click
     * and Ctrl+0 are not something one sees). */
    GtkWidget *overlay = gtk_overlay_new ();
    GtkWidget *content = adw_button_content_new ();

    gtk_overlay_set_child (GTK_OVERLAY (overlay), GTK_WIDGET (self->chart_view));
    self->reset_button = gtk_button_new ();
    adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), "zoom-fit-best-symbolic");
    adw_button_content_set_label (ADW_BUTTON_CONTENT (content), _("Zoomed — _Reset"));
    adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
    gtk_button_set_child (GTK_BUTTON (self->reset_button), content);
    gtk_widget_set_tooltip_text (self->reset_button, _("Show the whole chart (Ctrl+0)"));
    gtk_widget_set_halign (self->reset_button, GTK_ALIGN_END);
    gtk_widget_set_valign (self->reset_button, GTK_ALIGN_START);
    gtk_widget_set_margin_top (self->reset_button, 8);
    gtk_widget_set_margin_end (self->reset_button, 8);
    gtk_widget_add_css_class (self->reset_button, "osd");
    gtk_widget_add_css_class (self->reset_button, "pill");
    gtk_widget_set_visible (self->reset_button, FALSE);
    g_object_bind_property (self->chart_view, "zoomed", self->reset_button, "visible", G_BINDING_SYNC_CREATE);
    g_signal_connect_swapped (self->reset_button, "clicked", G_CALLBACK (aiperf_chart_view_reset_zoom), self->chart_view);
    gtk_overlay_add_overlay (GTK_OVERLAY (overlay), self->reset_button);
    gtk_stack_add_named (self->stack, overlay, "chart");
  }

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_widget_set_size_request (GTK_WIDGET (self->spinner), 32, 32);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->spinner));
  gtk_box_append (GTK_BOX (box), gtk_label_new (_("Reading per-request data…")));
  gtk_stack_add_named (self->stack, box, "loading");

  self->problem_page = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (self->problem_page, "dialog-information-symbolic");
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->problem_page), "problem");
}

AiperfPlotPage *
aiperf_plot_page_new (AiperfPlotSpec *spec,
                      AiperfRunSet   *runs,
                      AiperfRun      *single_run)
{
  AiperfPlotPage *self;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);
  g_return_val_if_fail (single_run == NULL || AIPERF_IS_RUN (single_run), NULL);

  self = g_object_new (AIPERF_TYPE_PLOT_PAGE, NULL);
  self->spec = spec;
  self->runs = g_object_ref (runs);
  self->single_run = single_run ? g_object_ref (single_run) : NULL;
  return self;
}
