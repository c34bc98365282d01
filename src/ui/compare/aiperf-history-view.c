/* aiperf-history-view.c — the History tab: a metric picked from the
 * series' metrics, drawn over time by core's history chart (the one
 * --history writes), its change points listed beneath.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-compare-chart.h"
#include "aiperf-history-view.h"

struct _AiperfHistoryView
{
  GtkBox           parent_instance;

  GPtrArray       *series;   /* AiperfHistorySeries* */
  GPtrArray       *keys;     /* const AiperfHistorySeries*: the first of each metric and stat */
  GtkDropDown     *metric;
  AiperfChartView *chart_view;
  GtkLabel        *changes;
};

G_DEFINE_FINAL_TYPE (AiperfHistoryView, aiperf_history_view, GTK_TYPE_BOX)

static gboolean
same_metric (const AiperfHistorySeries *a,
             const AiperfHistorySeries *b)
{
  return g_str_equal (a->metric, b->metric) && g_str_equal (a->stat, b->stat);
}

/* "night-20 in Qwen · concurrency 4: 30.1 → 33.2 ms (+10.3 %, …)" */
static char *
changes_text (GPtrArray                 *series,
              const AiperfHistorySeries *key)
{
  GString *text = g_string_new (NULL);

  for (guint s = 0; s < series->len; s++)
    {
      const AiperfHistorySeries *one = g_ptr_array_index (series, s);

      if (!same_metric (one, key))
        continue;
      for (guint c = 0; c < one->changes->len; c++)
        {
          const AiperfHistoryChange *change = &g_array_index (one->changes, AiperfHistoryChange, c);

          if (text->len > 0)
            g_string_append_c (text, '\n');
          /* TRANSLATORS: a change point: configuration, first run after it,
           * levels before and after, unit, change, its 95 % interval, p */
          g_string_append_printf (text, _("%s: from %s, %.4g → %.4g %s (%+.1f %%, 95 %% CI %+.1f to %+.1f %%, p %.3g)"),
                                  one->configuration, (const char *) g_ptr_array_index (one->runs, change->index),
                                  change->before, change->after, one->unit, change->change * 100,
                                  change->ci_lo * 100, change->ci_hi * 100, change->p);
          if (change->what_changed != NULL)
            g_string_append_printf (text, " — %s", change->what_changed);
        }
    }
  if (text->len == 0)
    g_string_append (text, _("No change point: every shift is within the noise or smaller than the minimal effect."));
  return g_string_free (text, FALSE);
}

static void
show_selected (AiperfHistoryView *self)
{
  guint i = gtk_drop_down_get_selected (self->metric);
  const AiperfHistorySeries *key;
  g_autofree char *text = NULL;

  if (i >= self->keys->len)
    return;
  key = g_ptr_array_index (self->keys, i);
  aiperf_chart_view_set_chart (self->chart_view, aiperf_history_chart (self->series, key->metric, key->stat));
  text = changes_text (self->series, key);
  gtk_label_set_text (self->changes, text);
}

gboolean
aiperf_history_view_select_metric (AiperfHistoryView *self,
                                   const char        *metric,
                                   const char        *stat)
{
  g_return_val_if_fail (AIPERF_IS_HISTORY_VIEW (self), FALSE);

  for (guint i = 0; i < self->keys->len; i++)
    {
      const AiperfHistorySeries *key = g_ptr_array_index (self->keys, i);

      if (g_str_equal (key->metric, metric) && g_str_equal (key->stat, stat))
        {
          gtk_drop_down_set_selected (self->metric, i);
          return TRUE;
        }
    }
  return FALSE;
}

AiperfChartView *
aiperf_history_view_get_chart_view (AiperfHistoryView *self)
{
  g_return_val_if_fail (AIPERF_IS_HISTORY_VIEW (self), NULL);
  return self->chart_view;
}

const char *
aiperf_history_view_get_changes_text (AiperfHistoryView *self)
{
  g_return_val_if_fail (AIPERF_IS_HISTORY_VIEW (self), NULL);
  return gtk_label_get_text (self->changes);
}

static void
aiperf_history_view_finalize (GObject *object)
{
  AiperfHistoryView *self = AIPERF_HISTORY_VIEW (object);

  g_clear_pointer (&self->keys, g_ptr_array_unref);
  g_clear_pointer (&self->series, g_ptr_array_unref);
  G_OBJECT_CLASS (aiperf_history_view_parent_class)->finalize (object);
}

static void
aiperf_history_view_class_init (AiperfHistoryViewClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_history_view_finalize;
}

static void
aiperf_history_view_init (AiperfHistoryView *self)
{
  self->keys = g_ptr_array_new ();
}

GtkWidget *
aiperf_history_view_new (GPtrArray *series)
{
  AiperfHistoryView *self;
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *bar, *title, *scroller;

  g_return_val_if_fail (series != NULL && series->len > 0, NULL);

  self = g_object_new (AIPERF_TYPE_HISTORY_VIEW, "orientation", GTK_ORIENTATION_VERTICAL, "spacing", 6, NULL);
  self->series = series;
  for (guint s = 0; s < series->len; s++)
    {
      const AiperfHistorySeries *one = g_ptr_array_index (series, s);
      gboolean known = FALSE;

      for (guint k = 0; k < self->keys->len && !known; k++)
        known = same_metric (g_ptr_array_index (self->keys, k), one);
      if (known)
        continue;
      g_ptr_array_add (self->keys, (gpointer) one);
      g_ptr_array_add (labels, g_strdup_printf ("%s %s", one->label, one->stat));
    }
  g_ptr_array_add (labels, NULL);

  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 8);
  title = gtk_label_new (_("Metric"));
  gtk_box_append (GTK_BOX (bar), title);
  self->metric = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char * const *) labels->pdata));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->metric));
  gtk_box_append (GTK_BOX (self), bar);

  self->chart_view = AIPERF_CHART_VIEW (aiperf_chart_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->chart_view), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->chart_view), 300, 300);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->chart_view));

  self->changes = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->changes, 0);
  gtk_label_set_wrap (self->changes, TRUE);
  gtk_label_set_selectable (self->changes, TRUE);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 140);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->changes));
  gtk_widget_set_margin_start (scroller, 12);
  gtk_widget_set_margin_end (scroller, 12);
  gtk_widget_set_margin_bottom (scroller, 8);
  gtk_box_append (GTK_BOX (self), scroller);

  g_signal_connect_swapped (self->metric, "notify::selected", G_CALLBACK (show_selected), self);
  show_selected (self);
  return GTK_WIDGET (self);
}
