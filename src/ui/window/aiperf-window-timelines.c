/* aiperf-window-timelines.c — a timeline tab per trace, which searches for
 * the kernel selected in the trace's data tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-data-panel.h"
#include "aiperf-timeline-view.h"
#include "aiperf-window-private.h"

/* The timeline page searches for the kernel selected in the Kernels tab. */
static void
on_kernel_selected (GtkSelectionModel *selection,
                    guint              position,
                    guint              n_items,
                    GtkWidget         *page)
{
  GtkWidget *panel = g_object_get_data (G_OBJECT (page), "aiperf-data-panel");
  int row = panel != NULL ? aiperf_data_panel_get_selected (AIPERF_DATA_PANEL (panel)) : -1;
  const char *name = row >= 0 ? aiperf_data_table_get_row_name (aiperf_data_panel_get_table (AIPERF_DATA_PANEL (panel)),
                                                                (guint) row) : NULL;
  GtkWidget *entry = g_object_get_data (G_OBJECT (page), "aiperf-timeline-search");

  if (name != NULL && entry != NULL)
    gtk_editable_set_text (GTK_EDITABLE (entry), name);
}

void
aiperf_window_add_timelines (AiperfWindow *self,
                             AiperfRunSet *runs)
{
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
      g_autofree char *title = NULL;
      GtkWidget *page;
      AdwTabPage *tab;

      if (store == NULL)
        continue;
      /* TRANSLATORS: %s is the trace's name */
      title = g_strdup_printf (_("Timeline of %s"), aiperf_run_get_name (run));
      page = aiperf_timeline_page_new (store, title);
      tab = aiperf_window_append_tab (self, page);
      aiperf_window_set_tab_text (self, tab, title, aiperf_run_get_name (run),
                                  _("Ctrl+wheel zooms at the pointer, dragging pans, Shift+drag zooms into a "
                                    "range, a double click shows the whole trace"));
      /* A kernel picked in the trace's data tab is found in the timeline. */
      for (int k = 0; k < adw_tab_view_get_n_pages (self->tab_view); k++)
        {
          GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, k));

          if (!AIPERF_IS_DATA_PANEL (child) ||
              aiperf_data_panel_get_kind (AIPERF_DATA_PANEL (child)) != aiperf_kinds_find (aiperf_run_get_kind (run)))
            continue;
          g_object_set_data (G_OBJECT (page), "aiperf-data-panel", child);
          g_signal_connect_object (gtk_column_view_get_model (aiperf_data_panel_get_column_view (AIPERF_DATA_PANEL (child))),
                                   "selection-changed", G_CALLBACK (on_kernel_selected), page, 0);
        }
    }
}
