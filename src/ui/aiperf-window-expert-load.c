/* aiperf-window-expert-load.c — the window's expert load tab: added after
 * the gate-log charts' tabs, its warm-up limit redraws those charts, and a
 * bar double-clicked on a tokens-per-expert chart selects its row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-expert-load-panel.h"
#include "aiperf-expert-load-private.h"
#include "aiperf-window-private.h"

/* The gate-log charts took --max-step-tokens as a preset key: it is set
 * again on each and they are redrawn. */
static void
on_options_changed (AiperfWindow          *self,
                    AiperfExpertLoadPanel *panel)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));
      AiperfPlotSpec *spec;

      if (!AIPERF_IS_PLOT_PAGE (child))
        continue;
      spec = aiperf_plot_page_get_spec (AIPERF_PLOT_PAGE (child));
      if (g_strcmp0 (spec->kind, AIPERF_KIND_EXPERT_LOAD) != 0)
        continue;
      aiperf_plot_spec_set_extra (spec, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS, "");
      aiperf_plot_spec_apply_options (spec, aiperf_session_get_options (self->session));
      aiperf_plot_page_redraw (AIPERF_PLOT_PAGE (child));
    }
}

static void
on_bar_activated (AiperfExpertLoadPanel *panel,
                  int                    series,
                  int                    id)
{
  GtkWidget *w = GTK_WIDGET (panel);
  AdwTabView *view;

  if (!aiperf_expert_load_panel_select (panel, series, id))
    return;
  while (w != NULL && !ADW_IS_TAB_VIEW (w))
    w = gtk_widget_get_parent (w);
  view = w != NULL ? ADW_TAB_VIEW (w) : NULL;
  if (view != NULL && adw_tab_view_get_page (view, GTK_WIDGET (panel)) != NULL)
    adw_tab_view_set_selected_page (view, adw_tab_view_get_page (view, GTK_WIDGET (panel)));
}

void
aiperf_window_add_expert_load_panel (AiperfWindow *self)
{
  GtkWidget *panel = aiperf_expert_load_panel_new (self->session);
  AdwTabPage *tab;

  g_signal_connect_object (panel, "options-changed", G_CALLBACK (on_options_changed), self, G_CONNECT_SWAPPED);
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));

      if (AIPERF_IS_PLOT_PAGE (child) &&
          g_str_equal (aiperf_plot_type_to_string (aiperf_plot_page_get_spec (AIPERF_PLOT_PAGE (child))->type),
                       "expert_load"))
        g_signal_connect_object (aiperf_plot_page_get_chart_view (AIPERF_PLOT_PAGE (child)), "point-activated",
                                 G_CALLBACK (on_bar_activated), panel, G_CONNECT_SWAPPED);
    }
  tab = adw_tab_view_append (self->tab_view, panel);
  adw_tab_page_set_title (tab, _("Expert Load"));
  adw_tab_page_set_tooltip (tab, _("Every expert's tokens in a table beside the chart, and the warm-up step limit"));
}
