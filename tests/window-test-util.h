/* window-test-util.h — what the window display tests share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "config.h"
#include <adwaita.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include "aiperf-presets.h"
#include "aiperf-chart-view-private.h"
#include "aiperf-data-panel.h"
#include "aiperf-run-row.h"
#include "aiperf-sidebar-private.h"
#include "aiperf-window-private.h"
#include "aiperf-session-plot.h"
#include "aiperf-test-util.h"

static inline char *
sweep_path (void)
{
  return g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "examples", "qwen-sweep", NULL);
}

static inline gboolean
display_available (void)
{
  if (gdk_display_get_default () == NULL)
    {
      g_test_skip ("no display");
      return FALSE;
    }
  return TRUE;
}

static inline AiperfWindow *
new_window (void)
{
  AiperfWindow *window = g_object_new (AIPERF_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static inline void
wait_loaded (AiperfWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (aiperf_window_get_loads_pending (window) > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  /* Let idle redraws and resizes settle. */
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (aiperf_window_get_loads_pending (window), ==, 0);
}

/* Waits until @run's per-request data is read and the window has settled. */
static inline void
wait_details (AiperfRun *run)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!aiperf_run_has_details (run) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (aiperf_run_has_details (run));
}

/* Waits until @view has its chart and a size to draw it at: a tab just
 * selected is laid out on the next frame, not at once. */
static inline void
wait_chart_drawn (AiperfChartView *view)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!aiperf_chart_view_ensure_layer (view) && g_get_monotonic_time () < deadline)
    {
      g_usleep (2000);
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
    }
  g_assert_true (aiperf_chart_view_ensure_layer (view));
}

static inline void
destroy_window (AiperfWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static inline AiperfPlotPage *
page_at (AiperfWindow *window,
         int           i)
{
  GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (aiperf_window_get_tab_view (window), i));

  return AIPERF_IS_PLOT_PAGE (child) ? AIPERF_PLOT_PAGE (child) : NULL;
}

static inline AiperfWindow *
open_sweep (void)
{
  g_autofree char *path = sweep_path ();
  const char *paths[] = { path, NULL };
  AiperfWindow *window = new_window ();

  aiperf_window_load_paths_internal (window, paths, FALSE);
  wait_loaded (window);
  return window;
}

/* Index of the first tab that drew a chart. */
static inline int
first_drawn_tab (AiperfWindow *window)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AiperfPlotPage *page = page_at (window, i);

      if (page && aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page)) != NULL)
        return i;
    }
  return -1;
}

/* How many runs have a point or bar that can be picked in @chart. */
static inline guint
count_run_ids (const AiperfChart *chart)
{
  g_autoptr(GHashTable) ids = g_hash_table_new (NULL, NULL);

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      for (guint i = 0; layer->pickable && layer->ids && i < layer->ids->len; i++)
        g_hash_table_add (ids, GINT_TO_POINTER (g_array_index (layer->ids, int, i) + 1));
    }
  return g_hash_table_size (ids);
}

/* Whether @title is drawn within the room the window gave its tabs'
 * titles, in their font. */
static inline gboolean
tab_title_fits (AiperfWindow *window,
                const char   *title)
{
  g_autoptr(PangoLayout) layout = NULL;

  aiperf_window_tab_text_room (window, 1, &layout);
  return aiperf_window_tab_text_width (title, layout) <= window->tab_title_room;
}

/* Tests never touch the user's settings; without a display they skip. */
static inline void
window_test_init (int    *argc,
                  char ***argv)
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (argc, argv, NULL);
  if (gtk_init_check ())
    {
      g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

      adw_init ();
      /* the window's own style, as its AdwApplication loads it */
      gtk_css_provider_load_from_resource (css, "/org/aiperf/Plot/style.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
}

/* The first data tab of @window (a kind's table beside its chart), or NULL. */
static inline AiperfDataPanel *
find_data_panel (AiperfWindow *window)
{
  AdwTabView *view = aiperf_window_get_tab_view (window);

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (view, i));

      if (AIPERF_IS_DATA_PANEL (child))
        return AIPERF_DATA_PANEL (child);
    }
  return NULL;
}

/* What the selected row of @panel is about (a kernel's whole name), or NULL. */
static inline const char *
data_panel_selected_name (AiperfDataPanel *panel)
{
  int row = aiperf_data_panel_get_selected (panel);

  return row >= 0 ? aiperf_data_table_get_row_name (aiperf_data_panel_get_table (panel), (guint) row) : NULL;
}

/* The rows @panel shows, in their order. */
static inline GListModel *
data_panel_rows (AiperfDataPanel *panel)
{
  return G_LIST_MODEL (gtk_column_view_get_model (aiperf_data_panel_get_column_view (panel)));
}

/* The first widget of type @type inside @widget (depth first), or NULL. */
static inline GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = G_TYPE_CHECK_INSTANCE_TYPE (child, type) ? child : find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}
