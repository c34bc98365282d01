/* aiperf-window-panels.c — the window's data tabs: a kind's table beside
 * its chart, added after the kind's chart tabs; the options chosen there
 * redraw the kind's charts, and a point double-clicked on a chart of the
 * table's type selects its row and shows the tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-data-panel.h"
#include "aiperf-window-private.h"

/* The session's analysis option @key changed (a data panel's control, or
 * anyone else): the charts of the kinds that have it took it as a preset
 * key, so it is set again on each of those and they are redrawn. */
void
aiperf_window_apply_kind_option (AiperfWindow *self,
                                 const char   *key)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));
      AiperfPlotSpec *spec;
      const AiperfKind *kind;

      if (!AIPERF_IS_PLOT_PAGE (child))
        continue;
      spec = aiperf_plot_page_get_spec (AIPERF_PLOT_PAGE (child));
      kind = aiperf_kinds_find (spec->kind);
      if (kind != NULL && aiperf_kind_has_option (kind, key) &&
          aiperf_kind_apply_options (kind, spec, aiperf_session_get_options (self->session)))
        aiperf_plot_page_redraw (AIPERF_PLOT_PAGE (child));
    }
}

static void
on_linked_point (AiperfDataPanel *panel,
                 int              series,
                 int              id)
{
  GtkWidget *w = GTK_WIDGET (panel);

  if (!aiperf_data_panel_select_point (panel, series, id))
    return;
  while (w != NULL && !ADW_IS_TAB_VIEW (w))
    w = gtk_widget_get_parent (w);
  if (w != NULL && adw_tab_view_get_page (ADW_TAB_VIEW (w), GTK_WIDGET (panel)) != NULL)
    adw_tab_view_set_selected_page (ADW_TAB_VIEW (w), adw_tab_view_get_page (ADW_TAB_VIEW (w), GTK_WIDGET (panel)));
}

void
aiperf_window_add_data_panel (AiperfWindow     *self,
                              const AiperfKind *kind)
{
  GtkWidget *panel;
  AdwTabPage *tab;

  g_return_if_fail (AIPERF_IS_WINDOW (self));
  g_return_if_fail (kind != NULL && kind->table != NULL);

  panel = aiperf_data_panel_new (self->session, kind);
  /* No tab for an empty table: traces with no kernels (acelyzer's) would
   * open on a "Kernels" tab saying none is open. */
  if (aiperf_data_table_get_n_rows (aiperf_data_panel_get_table (AIPERF_DATA_PANEL (panel))) == 0)
    {
      g_object_unref (g_object_ref_sink (panel));
      return;
    }
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));

      if (AIPERF_IS_PLOT_PAGE (child) && aiperf_kind_table_links (kind, aiperf_plot_page_get_spec (AIPERF_PLOT_PAGE (child))))
        g_signal_connect_object (aiperf_plot_page_get_chart_view (AIPERF_PLOT_PAGE (child)), "point-activated",
                                 G_CALLBACK (on_linked_point), panel, G_CONNECT_SWAPPED);
    }
  tab = aiperf_window_append_tab (self, panel);
  aiperf_window_set_tab_text (self, tab, _(kind->table->title), NULL, _(kind->table->tooltip));
}
