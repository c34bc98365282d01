/* aiperf-window-compare.c — the window's A/B comparison and history:
 * win.compare-baseline ("Compare with Baseline…", Ctrl+B; on a run, that
 * run's folder is the baseline) and win.compare-group (a sidebar group as
 * the baseline or the candidate) ask which runs are which and open a
 * Compare tab; runs of one configuration recorded over time get a History
 * tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-compare-chart.h"
#include "aiperf-compare-dialog.h"
#include "aiperf-compare-view.h"
#include "aiperf-history-view.h"
#include "aiperf-window-private.h"

static void
on_compare_ready (AdwTabPage        *tab,
                  AiperfCompareView *view)
{
  const AiperfComparison *comparison = aiperf_compare_view_get_comparison (view);

  adw_tab_page_set_loading (tab, FALSE);
  /* A regression is said on the tab too. */
  if (aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, 0) > 0)
    {
      g_autoptr(GIcon) icon = g_themed_icon_new ("dialog-warning-symbolic");

      adw_tab_page_set_indicator_icon (tab, icon);
      adw_tab_page_set_indicator_tooltip (tab, _("A metric regressed"));
    }
}

void
aiperf_window_open_comparison (AiperfWindow          *self,
                               AiperfRunSet          *baseline,
                               AiperfRunSet          *candidate,
                               double                 min_effect)
{
  AiperfCompareSettings settings;
  GtkWidget *view;
  AdwTabPage *tab;
  g_autofree char *tooltip = NULL;

  g_return_if_fail (AIPERF_IS_WINDOW (self));

  aiperf_compare_settings_init (&settings);
  if (min_effect >= 0)
    settings.min_effect = min_effect;
  view = aiperf_compare_view_new (baseline, candidate, &settings);
  tab = adw_tab_view_append (self->tab_view, view);
  adw_tab_page_set_title (tab, _("Comparison"));
  tooltip = aiperf_compare_view_describe (AIPERF_COMPARE_VIEW (view));
  adw_tab_page_set_tooltip (tab, tooltip);
  adw_tab_page_set_loading (tab, TRUE);
  g_signal_connect_object (view, "ready", G_CALLBACK (on_compare_ready), tab, G_CONNECT_SWAPPED);
  adw_tab_view_set_selected_page (self->tab_view, tab);
}

static void
on_dialog_compare (AiperfWindow        *self,
                   AiperfCompareDialog *dialog)
{
  g_autoptr(AiperfRunSet) baseline = NULL;
  g_autoptr(AiperfRunSet) candidate = NULL;
  double min_effect;

  aiperf_compare_dialog_get_choice (dialog, &baseline, &candidate, &min_effect);
  aiperf_window_open_comparison (self, baseline, candidate, min_effect);
}

static AiperfCompareDialog *
present_dialog (AiperfWindow *self,
                AiperfRun    *hint)
{
  GtkWidget *dialog = aiperf_compare_dialog_new (GTK_WINDOW (self), aiperf_session_get_runs (self->session), hint);

  g_signal_connect_object (dialog, "compare", G_CALLBACK (on_dialog_compare), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return AIPERF_COMPARE_DIALOG (dialog);
}

/* The parameter: "" for the first guess, or a run's locator to compare
 * against its folder. */
static void
compare_baseline (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  AiperfWindow *self = AIPERF_WINDOW (user_data);
  const char *locator = param != NULL ? g_variant_get_string (param, NULL) : "";

  present_dialog (self, locator[0] != '\0'
                        ? aiperf_run_set_find (aiperf_session_get_runs (self->session), locator) : NULL);
}

/* The parameter: a folder group of the sidebar (aiperf-compare-groups.h)
 * and whether it is the baseline (else the candidate). */
static void
compare_group (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  AiperfWindow *self = AIPERF_WINDOW (user_data);
  const char *group;
  gboolean as_baseline;

  g_variant_get (param, "(&sb)", &group, &as_baseline);
  aiperf_compare_dialog_choose_group (present_dialog (self, NULL), group, as_baseline);
}

static const GActionEntry compare_entries[] = {
  { "compare-baseline", compare_baseline, "s" },
  { "compare-group", compare_group, "(sb)" },
};

void
aiperf_window_init_compare_action (AiperfWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), compare_entries, G_N_ELEMENTS (compare_entries), self);
  /* A group is compared when runs are: enabled with compare-baseline. */
  g_object_bind_property (g_action_map_lookup_action (G_ACTION_MAP (self), "compare-baseline"), "enabled",
                          g_action_map_lookup_action (G_ACTION_MAP (self), "compare-group"), "enabled",
                          G_BINDING_SYNC_CREATE);
}

/* The comparison a report shows: the selected Compare tab's, else the
 * last one measured. */
const AiperfComparison *
aiperf_window_get_comparison (AiperfWindow *self)
{
  AdwTabPage *selected = adw_tab_view_get_selected_page (self->tab_view);
  const AiperfComparison *last = NULL;

  if (selected != NULL && AIPERF_IS_COMPARE_VIEW (adw_tab_page_get_child (selected)) &&
      aiperf_compare_view_get_comparison (AIPERF_COMPARE_VIEW (adw_tab_page_get_child (selected))) != NULL)
    return aiperf_compare_view_get_comparison (AIPERF_COMPARE_VIEW (adw_tab_page_get_child (selected)));
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));

      if (AIPERF_IS_COMPARE_VIEW (child) && aiperf_compare_view_get_comparison (AIPERF_COMPARE_VIEW (child)) != NULL)
        last = aiperf_compare_view_get_comparison (AIPERF_COMPARE_VIEW (child));
    }
  return last;
}

/* --- the History tab, found in a worker thread (a few hundred runs take
 * seconds of permutations) --- */

static void
history_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  AiperfCompareSettings settings;

  aiperf_compare_settings_init (&settings);
  g_task_return_pointer (task, aiperf_history_build (task_data, settings.min_effect, AIPERF_HISTORY_SEED, NULL),
                         (GDestroyNotify) g_ptr_array_unref);
}

static void
on_history (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  AiperfWindow *self = AIPERF_WINDOW (source);
  GPtrArray *series = g_task_propagate_pointer (G_TASK (result), NULL);
  GtkWidget *view;
  AdwTabPage *tab;

  /* The tabs were rebuilt meanwhile (or the window closed): not ours. */
  if (series == NULL || g_task_had_error (G_TASK (result)) ||
      g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))) || series->len == 0)
    {
      g_clear_pointer (&series, g_ptr_array_unref);
      return;
    }
  view = aiperf_history_view_new (series);
  /* made with the other default tabs, and again with them */
  tab = aiperf_window_add_default_tab (self, view);
  adw_tab_page_set_title (tab, _("History"));
  adw_tab_page_set_tooltip (tab, _("Each configuration’s runs over time, with the change points where a metric "
                                   "shifted beyond its noise"));
}

void
aiperf_window_add_history (AiperfWindow *self,
                           AiperfRunSet *runs)
{
  GCancellable *previous = g_object_get_data (G_OBJECT (self), "aiperf-history-cancellable");
  GCancellable *cancellable;
  AiperfRunSet *snapshot;
  g_autoptr(GTask) task = NULL;

  if (previous != NULL)
    g_cancellable_cancel (previous);
  g_object_set_data (G_OBJECT (self), "aiperf-history-cancellable", NULL);
  /* A series has three runs or more of one configuration. */
  if (aiperf_run_set_get_n_runs (runs) < 3)
    return;
  /* The thread reads a snapshot: the session's set grows in watch mode. */
  snapshot = aiperf_run_set_new ();
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    aiperf_run_set_add (snapshot, aiperf_run_set_get_run (runs, i));
  cancellable = g_cancellable_new ();
  g_object_set_data_full (G_OBJECT (self), "aiperf-history-cancellable", cancellable, g_object_unref);
  task = g_task_new (self, cancellable, on_history, NULL);
  g_task_set_task_data (task, snapshot, g_object_unref);
  g_task_run_in_thread (task, history_thread);
}
