/* aiperf-window-compare.c — the window's A/B comparison and history:
 * win.compare-baseline ("Compare with Baseline…", Ctrl+B; on a run, that
 * run's folder is the baseline) asks which runs are which and opens a
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

/* The parameter: "" for the first guess, or a run's locator to compare
 * against its folder. */
static void
compare_baseline (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  AiperfWindow *self = AIPERF_WINDOW (user_data);
  AiperfRunSet *runs = aiperf_session_get_runs (self->session);
  GPtrArray *roots = aiperf_session_get_roots (self->session);
  g_autoptr(GPtrArray) root_paths = g_ptr_array_new ();
  const char *locator = param != NULL ? g_variant_get_string (param, NULL) : "";
  AiperfRun *hint = locator[0] != '\0' ? aiperf_run_set_find (runs, locator) : NULL;
  GtkWidget *dialog;

  for (guint i = 0; roots != NULL && i < roots->len; i++)
    g_ptr_array_add (root_paths, g_ptr_array_index (roots, i));
  g_ptr_array_add (root_paths, NULL);
  dialog = aiperf_compare_dialog_new (GTK_WINDOW (self), runs, hint, (const char * const *) root_paths->pdata);
  g_signal_connect_object (dialog, "compare", G_CALLBACK (on_dialog_compare), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static const GActionEntry compare_entries[] = {
  { "compare-baseline", compare_baseline, "s" },
};

void
aiperf_window_init_compare_action (AiperfWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), compare_entries, G_N_ELEMENTS (compare_entries), self);
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

void
aiperf_window_add_history (AiperfWindow *self,
                           AiperfRunSet *runs)
{
  AiperfCompareSettings settings;
  GPtrArray *series;
  GtkWidget *view;
  AdwTabPage *tab;

  /* A series has three runs or more of one configuration. */
  if (aiperf_run_set_get_n_runs (runs) < 3)
    return;
  aiperf_compare_settings_init (&settings);
  series = aiperf_history_build (runs, settings.min_effect, AIPERF_HISTORY_SEED, NULL);
  if (series->len == 0)
    {
      g_ptr_array_unref (series);
      return;
    }
  view = aiperf_history_view_new (series);
  tab = adw_tab_view_append (self->tab_view, view);
  adw_tab_page_set_title (tab, _("History"));
  adw_tab_page_set_tooltip (tab, _("Each configuration’s runs over time, with the change points where a metric "
                                   "shifted beyond its noise"));
}
