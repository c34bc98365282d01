/* aiperf-window-gemm.c — the window's tabs besides charts: the GEMM kernels tab
 * (added after the GEMM charts' tabs, its GPU and filter choices redraw
 * those charts, and a point double-clicked on their roofline selects its
 * row), the kernels tab of kernel summaries and traces, and the
 * traces' timelines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-gemm-panel.h"
#include "aiperf-kernels-panel.h"
#include "aiperf-timeline-view.h"
#include "aiperf-gemm-private.h"
#include "aiperf-window-private.h"

/* The GEMM charts took the new options (--gpu, --filter) as preset keys:
 * they are set again on each and redrawn. */
static void
on_options_changed (AiperfWindow    *self,
                    AiperfGemmPanel *panel)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));
      AiperfPlotSpec *spec;

      if (!AIPERF_IS_PLOT_PAGE (child))
        continue;
      spec = aiperf_plot_page_get_spec (AIPERF_PLOT_PAGE (child));
      if (g_strcmp0 (spec->kind, AIPERF_KIND_GEMM) != 0)
        continue;
      aiperf_plot_spec_set_extra (spec, AIPERF_GEMM_OPTION_GPU, "");
      aiperf_plot_spec_set_extra (spec, AIPERF_GEMM_OPTION_FILTER, "");
      aiperf_plot_spec_apply_options (spec, aiperf_session_get_options (self->session));
      aiperf_plot_page_redraw (AIPERF_PLOT_PAGE (child));
    }
}

static void
on_roofline_point (AiperfGemmPanel *panel,
                   int              series,
                   int              id)
{
  GtkWidget *w = GTK_WIDGET (panel);
  AdwTabView *view;

  if (id < AIPERF_GEMM_ID_BASE || !aiperf_gemm_panel_select_id (panel, id - AIPERF_GEMM_ID_BASE))
    return;
  while (w != NULL && !ADW_IS_TAB_VIEW (w))
    w = gtk_widget_get_parent (w);
  view = w != NULL ? ADW_TAB_VIEW (w) : NULL;
  if (view != NULL && adw_tab_view_get_page (view, GTK_WIDGET (panel)) != NULL)
    adw_tab_view_set_selected_page (view, adw_tab_view_get_page (view, GTK_WIDGET (panel)));
}

void
aiperf_window_add_gemm_panel (AiperfWindow *self)
{
  GtkWidget *panel = aiperf_gemm_panel_new (self->session);
  AdwTabPage *tab;

  g_signal_connect_object (panel, "options-changed", G_CALLBACK (on_options_changed), self, G_CONNECT_SWAPPED);
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));

      if (AIPERF_IS_PLOT_PAGE (child) &&
          g_str_equal (aiperf_plot_type_to_string (aiperf_plot_page_get_spec (AIPERF_PLOT_PAGE (child))->type), "roofline"))
        g_signal_connect_object (aiperf_plot_page_get_chart_view (AIPERF_PLOT_PAGE (child)), "point-activated",
                                 G_CALLBACK (on_roofline_point), panel, G_CONNECT_SWAPPED);
    }
  tab = adw_tab_view_append (self->tab_view, panel);
  adw_tab_page_set_title (tab, _("GEMM Kernels"));
  adw_tab_page_set_tooltip (tab, _("The GEMM measurements with their roofline, GPU and filters"));
}

/* A bar double-clicked on a top_kernels tab selects its kernel's row (a
 * bar's id is its kernel's rank, as the rows') and shows the panel. */
static void
on_top_kernels_bar (AiperfKernelsPanel *panel,
                    int                 series,
                    int                 id)
{
  GtkWidget *w = GTK_WIDGET (panel);

  if (id < 0 || !aiperf_kernels_panel_select_id (panel, id))
    return;
  while (w != NULL && !ADW_IS_TAB_VIEW (w))
    w = gtk_widget_get_parent (w);
  if (w != NULL && adw_tab_view_get_page (ADW_TAB_VIEW (w), GTK_WIDGET (panel)) != NULL)
    adw_tab_view_set_selected_page (ADW_TAB_VIEW (w), adw_tab_view_get_page (ADW_TAB_VIEW (w), GTK_WIDGET (panel)));
}

void
aiperf_window_add_kernels_panel (AiperfWindow *self,
                                 const char   *kind)
{
  GtkWidget *panel = aiperf_kernels_panel_new (self->session, kind);
  AdwTabPage *tab;

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));
      AiperfPlotSpec *spec;

      if (!AIPERF_IS_PLOT_PAGE (child))
        continue;
      spec = aiperf_plot_page_get_spec (AIPERF_PLOT_PAGE (child));
      if (g_strcmp0 (spec->kind, kind) == 0 && g_str_equal (aiperf_plot_type_to_string (spec->type), "top_kernels"))
        g_signal_connect_object (aiperf_plot_page_get_chart_view (AIPERF_PLOT_PAGE (child)), "point-activated",
                                 G_CALLBACK (on_top_kernels_bar), panel, G_CONNECT_SWAPPED);
    }
  tab = adw_tab_view_append (self->tab_view, panel);

  adw_tab_page_set_title (tab, _("Kernels"));
  adw_tab_page_set_tooltip (tab, _("Every kernel of the open summaries, sortable, beside the top kernels"));
}

/* The timeline page searches for the kernel selected in the Kernels tab. */
static void
on_kernel_selected (GtkSelectionModel *selection,
                    guint              position,
                    guint              n_items,
                    GtkWidget         *page)
{
  GtkWidget *panel = g_object_get_data (G_OBJECT (page), "aiperf-kernels-panel");
  const char *name = panel != NULL ? aiperf_kernels_panel_get_selected_kernel (AIPERF_KERNELS_PANEL (panel)) : NULL;
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
      tab = adw_tab_view_append (self->tab_view, page);
      adw_tab_page_set_title (tab, title);
      adw_tab_page_set_tooltip (tab, _("Ctrl+wheel zooms at the pointer, dragging pans, Shift+drag zooms into a "
                                       "range, a double click shows the whole trace"));
      /* A kernel picked in the Kernels tab is found in the timeline. */
      for (int k = 0; k < adw_tab_view_get_n_pages (self->tab_view); k++)
        {
          GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, k));

          if (!AIPERF_IS_KERNELS_PANEL (child))
            continue;
          g_object_set_data (G_OBJECT (page), "aiperf-kernels-panel", child);
          g_signal_connect_object (gtk_column_view_get_model (aiperf_kernels_panel_get_column_view (AIPERF_KERNELS_PANEL (child))),
                                     "selection-changed", G_CALLBACK (on_kernel_selected), page, 0);
        }
    }
}
