/* aiperf-window-tabs.c — the window's tabs: one per plot, their titles,
 * the default set of plots, redrawing them all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-kinds.h"
#include "aiperf-session-plot.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-short-names.h"
#include "aiperf-window-private.h"

AiperfPlotPage *
aiperf_window_get_current_page (AiperfWindow *self)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  GtkWidget *child;

  if (page == NULL)
    return NULL;
  child = adw_tab_page_get_child (page);
  return AIPERF_IS_PLOT_PAGE (child) ? AIPERF_PLOT_PAGE (child) : NULL;
}

/* A tab that is not a chart's: its whole title and its tooltip. */
#define TAB_TITLE_KEY       "aiperf-tab-title"
#define TAB_TOOLTIP_KEY     "aiperf-tab-tooltip"
#define TAB_BRIEF_KEY       "aiperf-tab-brief"

/* Every chart tab's title, short and unlike the others' (the whole title
 * on hover); a drill-down's says its run first, in the parameter that
 * tells it from the other runs, then its chart. */
static void
update_tab_titles (AiperfWindow *self)
{
  AiperfRunSet *runs = aiperf_session_get_runs (self->session);
  g_autoptr(GPtrArray) pages = g_ptr_array_new ();
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  g_auto(GStrv) shorts = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(PangoLayout) layout = NULL;
  int room;

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));

      if (!AIPERF_IS_PLOT_PAGE (child))
        continue;
      g_ptr_array_add (pages, child);
      g_ptr_array_add (titles, (gpointer) aiperf_plot_page_get_title (AIPERF_PLOT_PAGE (child)));
    }
  g_ptr_array_add (titles, NULL);
  {
    gboolean any_drill = FALSE;

    for (guint i = 0; i < pages->len; i++)
      any_drill = any_drill || aiperf_plot_page_get_single_run (g_ptr_array_index (pages, i)) != NULL;
    any_drill = any_drill && aiperf_run_set_get_n_runs (runs) > 1;
    if (any_drill != gtk_widget_has_css_class (GTK_WIDGET (self->tab_bar), AIPERF_WINDOW_WIDE_TABS_CLASS))
      {
        if (any_drill)
          gtk_widget_add_css_class (GTK_WIDGET (self->tab_bar), AIPERF_WINDOW_WIDE_TABS_CLASS);
        else
          gtk_widget_remove_css_class (GTK_WIDGET (self->tab_bar), AIPERF_WINDOW_WIDE_TABS_CLASS);
      }
  }
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    g_ptr_array_add (names, (gpointer) aiperf_run_get_name (aiperf_run_set_get_run (runs, i)));
  room = aiperf_window_tab_text_room (self, adw_tab_view_get_n_pages (self->tab_view), &layout);
  self->tab_title_room = room;
  self->tab_icon_width = aiperf_window_tab_icon_width (self);
  shorts = aiperf_short_titles ((const char * const *) titles->pdata, aiperf_window_tab_text_width, layout, room);
  for (guint i = 0; i < pages->len; i++)
    {
      AiperfPlotPage *page = g_ptr_array_index (pages, i);
      AdwTabPage *tab = adw_tab_view_get_page (self->tab_view, GTK_WIDGET (page));
      AiperfRun *single = aiperf_plot_page_get_single_run (page);
      g_autofree char *title = NULL, *tooltip = NULL;

      if (single != NULL && aiperf_run_set_get_n_runs (runs) > 1)
        {
          g_autofree char *run_name = aiperf_distinct_run_label (aiperf_run_get_name (single),
                                                                (const char * const *) names->pdata,
                                                                names->len);
          g_auto(GStrv) drill_shorts = NULL;
          /* TRANSLATORS: a drill-down tab: the run, then its chart,
           * e.g. "Concurrency 32 · TTFT Over Time" */
          g_autofree char *between = g_strdup_printf (_("%s · %s"), "", "");
          int chart_room = room - aiperf_window_tab_text_width (run_name, layout)
                           - aiperf_window_tab_text_width (between, layout);

          /* The run whole (it is what tells drill-downs apart), the chart
           * in what room is left, at least a third of the tab. */
          if (chart_room < room / 3)
            {
              g_autofree char *whole = g_steal_pointer (&run_name);

              chart_room = room / 3;
              run_name = aiperf_fit_text (whole, aiperf_window_tab_text_width, layout,
                                          room - chart_room - aiperf_window_tab_text_width (between, layout));
            }
          drill_shorts = aiperf_short_titles ((const char * const *) titles->pdata,
                                              aiperf_window_tab_text_width, layout, chart_room);
          title = g_strdup_printf (_("%s · %s"), run_name, drill_shorts[i]);
          tooltip = g_strdup_printf ("%s\n%s", aiperf_plot_page_get_title (page), aiperf_run_get_locator (single));
        }
      else
        {
          title = g_strdup (shorts[i]);
          tooltip = g_strdup (aiperf_plot_page_get_title (page));
        }
      if (g_strcmp0 (adw_tab_page_get_title (tab), title) != 0)
        adw_tab_page_set_title (tab, title);
      if (g_strcmp0 (adw_tab_page_get_tooltip (tab), tooltip) != 0)
        adw_tab_page_set_tooltip (tab, tooltip);
      adw_tab_page_set_loading (tab, gtk_widget_get_visible (GTK_WIDGET (page))
                                && single != NULL && !aiperf_session_run_ready (single));
    }
  /* The other tabs: their titles whole when they fit, else in brief (a
   * timeline by its trace's name) cut at the end if need be, whole on
   * hover. */
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);
      GObject *child = G_OBJECT (adw_tab_page_get_child (tab));
      const char *whole = g_object_get_data (child, TAB_TITLE_KEY);
      const char *hint = g_object_get_data (child, TAB_TOOLTIP_KEY);
      const char *brief = g_object_get_data (child, TAB_BRIEF_KEY);
      int tab_room = room - (adw_tab_page_get_icon (tab) != NULL ? self->tab_icon_width : 0);
      g_autofree char *title = NULL, *tooltip = NULL;

      if (whole == NULL)
        continue;
      title = aiperf_fit_text (brief != NULL && aiperf_window_tab_text_width (whole, layout) > tab_room ? brief : whole,
                               aiperf_window_tab_text_width, layout, tab_room);
      tooltip = g_str_equal (title, whole) || hint == NULL || g_str_equal (hint, whole)
                  ? g_strdup (hint != NULL ? hint : whole)
                  : g_strdup_printf ("%s\n%s", whole, hint);
      if (g_strcmp0 (adw_tab_page_get_title (tab), title) != 0)
        adw_tab_page_set_title (tab, title);
      if (g_strcmp0 (adw_tab_page_get_tooltip (tab), tooltip) != 0)
        adw_tab_page_set_tooltip (tab, tooltip);
    }
}

void
aiperf_window_set_tab_text (AiperfWindow *self,
                            AdwTabPage   *tab,
                            const char   *title,
                            const char   *brief,
                            const char   *tooltip)
{
  GObject *child;

  g_return_if_fail (AIPERF_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TAB_PAGE (tab) && title != NULL);

  child = G_OBJECT (adw_tab_page_get_child (tab));
  g_object_set_data_full (child, TAB_TITLE_KEY, g_strdup (title), g_free);
  g_object_set_data_full (child, TAB_TOOLTIP_KEY, g_strdup (tooltip), g_free);
  g_object_set_data_full (child, TAB_BRIEF_KEY, g_strdup (brief), g_free);
  update_tab_titles (self);
}

void
aiperf_window_update_tab_title (AiperfWindow   *self,
                                AiperfPlotPage *page)
{
  if (adw_tab_view_get_page (self->tab_view, GTK_WIDGET (page)) == NULL)
    return;
  update_tab_titles (self);
}

void
aiperf_window_page_changed (AiperfWindow   *self,
                            AiperfPlotPage *page)
{
  aiperf_window_update_tab_title (self, page);
  if (page == aiperf_window_get_current_page (self))
    {
      g_autoptr(GHashTable) marks = aiperf_plot_page_get_run_marks (page);

      if (aiperf_plot_page_get_single_run (page) == NULL)
        aiperf_sidebar_set_run_marks (self->sidebar, marks);
    }
}

static void
on_point_activated (AiperfWindow    *self,
                    int              series,
                    int              id,
                    AiperfChartView *view)
{
  GtkWidget *w = GTK_WIDGET (view);
  AiperfRun *run;

  while (w != NULL && !AIPERF_IS_PLOT_PAGE (w))
    w = gtk_widget_get_parent (w);
  if (w == NULL || aiperf_plot_page_get_single_run (AIPERF_PLOT_PAGE (w)) != NULL)
    return;
  run = aiperf_plot_page_get_run_for_id (AIPERF_PLOT_PAGE (w), id);
  if (run != NULL)
    aiperf_window_open_run_details (self, run);
}

AiperfPlotPage *
aiperf_window_add_page (AiperfWindow   *self,
                        AiperfPlotPage *page,
                        gboolean        select)
{
  AdwTabPage *tab;

  aiperf_plot_page_set_hidden (page, aiperf_session_get_hidden (self->session));
  aiperf_plot_page_set_colors (page, aiperf_session_get_colors (self->session));
  g_signal_connect_object (page, "changed", G_CALLBACK (aiperf_window_page_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (aiperf_plot_page_get_chart_view (page), "point-activated",
                           G_CALLBACK (on_point_activated), self, G_CONNECT_SWAPPED);
  tab = aiperf_window_append_tab (self, GTK_WIDGET (page));
  aiperf_plot_page_redraw (page);
  aiperf_window_update_tab_title (self, page);
  if (select)
    adw_tab_view_set_selected_page (self->tab_view, tab);
  return page;
}

static void
close_all_tabs (AiperfWindow *self)
{
  while (adw_tab_view_get_n_pages (self->tab_view) > 0)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, 0);

      adw_tab_view_set_page_pinned (self->tab_view, tab, FALSE);
      adw_tab_view_close_page (self->tab_view, tab);
    }
}

/* Adds a page per spec of @specs (emptied) that is about @kind_runs. */
static void
add_default_pages (AiperfWindow *self,
                   GPtrArray    *specs,
                   AiperfRunSet *kind_runs)
{
  while (specs != NULL && specs->len > 0)
    {
      AiperfPlotSpec *spec = g_ptr_array_steal_index (specs, 0);
      AiperfPlotPage *page;

      /* A sweep over max_num_seqs is not about runs that have none. */
      if (!aiperf_plot_spec_applies (spec, kind_runs))
        {
          aiperf_plot_spec_free (spec);
          continue;
        }
      aiperf_plot_spec_apply_options (spec, aiperf_session_get_options (self->session));
      page = aiperf_plot_page_new (spec, aiperf_session_get_runs (self->session), NULL);
      /* Only charts with something to show: a GPU chart of runs without
       * telemetry is left to the Add Plot menu. */
      aiperf_plot_page_set_hidden (page, aiperf_session_get_hidden (self->session));
      aiperf_plot_page_set_colors (page, aiperf_session_get_colors (self->session));
      aiperf_plot_page_redraw (page);
      if (aiperf_plot_page_get_problem (page) != NULL)
        {
          g_object_unref (g_object_ref_sink (page));
          continue;
        }
      aiperf_window_add_page (self, page, adw_tab_view_get_n_pages (self->tab_view) == 0);
    }
}

/* The tab bar scrolls to every tab appended after the selected one, so
 * after a rebuild it shows the last tabs, the selected one out of view; and
 * it scrolls to a selected tab only once tabs have a width. A few frames
 * and 300 ms on, the selection is made again, which scrolls to it. */
static gboolean
reveal_selected_tab (GtkWidget     *widget,
                     GdkFrameClock *clock,
                     gpointer       data)
{
  AiperfWindow *self = AIPERF_WINDOW (data);
  AdwTabPage *selected = adw_tab_view_get_selected_page (self->tab_view);
  int n = adw_tab_view_get_n_pages (self->tab_view);
  int position;

  /* After the bar's own animations: a tab opening (200 ms) scrolls the
   * bar to itself when it ends. */
  if (self->reveal_frames++ == 0)
    self->reveal_start = gdk_frame_clock_get_frame_time (clock);
  if (self->reveal_frames < 3 || gdk_frame_clock_get_frame_time (clock) - self->reveal_start < 300 * 1000)
    return G_SOURCE_CONTINUE;
  self->reveal_tab_id = 0;
  if (selected == NULL || n < 2)
    return G_SOURCE_REMOVE;
  position = adw_tab_view_get_page_position (self->tab_view, selected);
  adw_tab_view_set_selected_page (self->tab_view, adw_tab_view_get_nth_page (self->tab_view, position == 0 ? 1 : 0));
  adw_tab_view_set_selected_page (self->tab_view, selected);
  return G_SOURCE_REMOVE;
}

static void
reveal_selected_tab_soon (AiperfWindow *self)
{
  self->reveal_frames = 0;
  if (self->reveal_tab_id == 0)
    self->reveal_tab_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->tab_bar), reveal_selected_tab, self, NULL);
}

static gboolean
retitle_tabs (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       data)
{
  AiperfWindow *self = AIPERF_WINDOW (data);
  g_autoptr(PangoLayout) layout = NULL;

  self->retitle_tabs_id = 0;
  if (aiperf_window_tab_text_room (self, adw_tab_view_get_n_pages (self->tab_view), &layout) != self->tab_title_room
      || aiperf_window_tab_icon_width (self) != self->tab_icon_width)
    update_tab_titles (self);
  return G_SOURCE_REMOVE;
}

/* Titles for the tabs' widths once they are laid out: not while the
 * window is (titles change the tabs' sizes), on the next frame. */
static void
retitle_tabs_soon (AiperfWindow *self)
{
  if (self->retitle_tabs_id == 0)
    self->retitle_tabs_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->tab_bar), retitle_tabs, self, NULL);
}

void
aiperf_window_tab_width_changed (AiperfWindow *self,
                                 int           width,
                                 int           height)
{
  retitle_tabs_soon (self);
  /* The bar keeps its scroll across a new width, which may hide the
   * selected tab (the sidebar opening on a window just shown). */
  reveal_selected_tab_soon (self);
}

void
aiperf_window_page_attached (AiperfWindow *self,
                             AdwTabPage   *page,
                             int           position)
{
  /* A tab added behind the selected one (the History tab, found in a
   * worker thread after the others) scrolls the bar to itself. */
  if (page != adw_tab_view_get_selected_page (self->tab_view))
    reveal_selected_tab_soon (self);
  /* Its tab is measured once drawn: the titles are made for it then. */
  retitle_tabs_soon (self);
}

/* --- the window's own tabs and the user's --- */

/* Set on a tab's child when the window made it from the presets and what
 * is open (rebuilding); the others the user added (a drill-down, a chart
 * from the Add Plot menu, a comparison). */
#define DEFAULT_TAB_KEY "aiperf-default-tab"

static gboolean
is_default_tab (AdwTabPage *tab)
{
  return g_object_get_data (G_OBJECT (adw_tab_page_get_child (tab)), DEFAULT_TAB_KEY) != NULL;
}

AdwTabPage *
aiperf_window_append_tab (AiperfWindow *self,
                          GtkWidget    *child)
{
  g_return_val_if_fail (AIPERF_IS_WINDOW (self), NULL);

  if (self->default_tabs_at < 0)
    return adw_tab_view_append (self->tab_view, child);
  return adw_tab_view_insert (self->tab_view, child, self->default_tabs_at++);
}

AdwTabPage *
aiperf_window_add_default_tab (AiperfWindow *self,
                               GtkWidget    *child)
{
  int position = 0;

  g_return_val_if_fail (AIPERF_IS_WINDOW (self), NULL);

  /* after the window's own tabs, before the user's */
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    if (is_default_tab (adw_tab_view_get_nth_page (self->tab_view, i)))
      position = i + 1;
  g_object_set_data (G_OBJECT (child), DEFAULT_TAB_KEY, GINT_TO_POINTER (TRUE));
  return adw_tab_view_insert (self->tab_view, child, position);
}

/* The default tabs of what is open, appended: the presets' charts of each
 * kind (one run alone: its drill-down), the kinds' data tabs and
 * timelines, History. */
static void
add_default_tabs (AiperfWindow *self)
{
  AiperfPlotConfig *config = aiperf_session_get_presets (self->session);
  g_autoptr(GHashTable) kind_sets = NULL;
  g_autoptr(GPtrArray) kinds = NULL;

  /* Every run is compared from here on: no offer left to answer. */
  aiperf_window_close_compare_offer (self);
  if (aiperf_run_set_get_n_runs (aiperf_session_get_runs (self->session)) == 0)
    {
      gtk_stack_set_visible_child_name (self->main_stack, "empty");
      aiperf_window_update_actions (self);
      return;
    }
  gtk_stack_set_visible_child_name (self->main_stack, "content");
  /* Serving benchmarks first (aiperf plot's modes: one run opens its
   * drill-down), then each other kind's own charts. */
  kinds = aiperf_kinds_split (aiperf_session_get_runs (self->session), &kind_sets);
  for (guint k = 0; k < kinds->len; k++)
    {
      const char *kind = g_ptr_array_index (kinds, k);
      AiperfKindViews views = aiperf_kinds_get_views (kind);
      AiperfRunSet *kind_runs = g_hash_table_lookup (kind_sets, kind);
      g_autoptr(GPtrArray) specs = NULL;

      /* (A lone run of a tool that keeps no per-request data is a point
       * on the comparison charts instead.) */
      if ((views & AIPERF_KIND_VIEW_RUNS) &&
          aiperf_run_set_get_mode (kind_runs) == AIPERF_MODE_SINGLE_RUN &&
          aiperf_run_can_load_details (aiperf_run_set_get_run (kind_runs, 0)))
        {
          aiperf_window_add_run_tabs (self, aiperf_run_set_get_run (kind_runs, 0));
          continue;
        }
      if (config == NULL)
        continue;
      specs = (views & AIPERF_KIND_VIEW_RUNS)
                ? aiperf_session_default_specs (config, AIPERF_MODE_MULTI_RUN)
                : aiperf_session_kind_specs (config, kind);
      add_default_pages (self, specs, kind_runs);
      if (aiperf_kinds_find (kind) != NULL && aiperf_kinds_find (kind)->table != NULL)
        aiperf_window_add_data_panel (self, aiperf_kinds_find (kind));
      if (views & AIPERF_KIND_VIEW_TIMELINE)
        aiperf_window_add_timelines (self, kind_runs);
    }
  aiperf_window_add_history (self, aiperf_session_get_runs (self->session));
}

/* Marks every tab not among @users (AdwTabPage*) as the window's own. */
static void
mark_default_tabs (AiperfWindow *self,
                   GPtrArray    *users)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);

      if (users == NULL || !g_ptr_array_find (users, tab, NULL))
        g_object_set_data (G_OBJECT (adw_tab_page_get_child (tab)), DEFAULT_TAB_KEY, GINT_TO_POINTER (TRUE));
    }
}

/* Open on the first plot that shows something rather than on a status
 * page (a drill-down still reading its run). */
static void
select_first_chart (AiperfWindow *self)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);
      GtkWidget *child = adw_tab_page_get_child (tab);

      if (AIPERF_IS_PLOT_PAGE (child) && aiperf_plot_page_get_problem (AIPERF_PLOT_PAGE (child)) == NULL)
        {
          adw_tab_view_set_selected_page (self->tab_view, tab);
          break;
        }
    }
}

void
aiperf_window_rebuild_tabs (AiperfWindow *self)
{
  close_all_tabs (self);
  add_default_tabs (self);
  if (aiperf_run_set_get_n_runs (aiperf_session_get_runs (self->session)) == 0)
    return;
  mark_default_tabs (self, NULL);
  select_first_chart (self);
  reveal_selected_tab_soon (self);
  aiperf_window_update_actions (self);
}

void
aiperf_window_reload_default_tabs (AiperfWindow *self)
{
  AdwTabPage *selected = adw_tab_view_get_selected_page (self->tab_view);
  g_autoptr(GPtrArray) users = g_ptr_array_new ();
  g_autoptr(GPtrArray) doomed = g_ptr_array_new ();
  g_autofree char *selected_title = NULL;

  g_return_if_fail (AIPERF_IS_WINDOW (self));

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);

      g_ptr_array_add (is_default_tab (tab) ? doomed : users, tab);
    }
  /* A default tab selected: the new one of the same title, if any. */
  if (selected != NULL && is_default_tab (selected))
    {
      selected_title = g_strdup (adw_tab_page_get_title (selected));
      selected = NULL;
    }
  /* First to a tab that stays, so that closing selects nothing else. */
  if (selected != NULL)
    adw_tab_view_set_selected_page (self->tab_view, selected);
  for (guint i = 0; i < doomed->len; i++)
    {
      adw_tab_view_set_page_pinned (self->tab_view, g_ptr_array_index (doomed, i), FALSE);
      adw_tab_view_close_page (self->tab_view, g_ptr_array_index (doomed, i));
    }
  /* The window's tabs first, the user's after them as they were: each
   * new one is put in its place (the tab bar of libadwaita 1.2 shows a
   * tab reordered while others open or close out of place). */
  self->default_tabs_at = 0;
  add_default_tabs (self);
  self->default_tabs_at = -1;
  mark_default_tabs (self, users);
  if (selected != NULL)
    adw_tab_view_set_selected_page (self->tab_view, selected);
  else
    {
      select_first_chart (self);
      for (int i = 0; selected_title != NULL && i < adw_tab_view_get_n_pages (self->tab_view); i++)
        {
          AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);

          if (is_default_tab (tab) && g_strcmp0 (adw_tab_page_get_title (tab), selected_title) == 0)
            {
              adw_tab_view_set_selected_page (self->tab_view, tab);
              break;
            }
        }
    }
  reveal_selected_tab_soon (self);
  aiperf_window_update_actions (self);
}

void
aiperf_window_close_compare_offer (AiperfWindow *self)
{
  g_return_if_fail (AIPERF_IS_WINDOW (self));

  self->runs_arrived = 0;
  gtk_info_bar_set_revealed (self->compare_bar, FALSE);
}

void
aiperf_window_redraw_all (AiperfWindow *self)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));

      if (AIPERF_IS_PLOT_PAGE (child))
        aiperf_plot_page_redraw (AIPERF_PLOT_PAGE (child));
    }
}

