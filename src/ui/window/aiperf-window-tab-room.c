/* aiperf-window-tab-room.c — how wide a tab's title may be drawn and still
 * be shown whole, measured on the tab bar's own tab widgets (their font,
 * padding, title margins and close button), so that a title is shortened
 * by the window in whole words and never cut or faded by the tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-window-private.h"

/* libadwaita's narrowest tab (BASE_WIDTH in adw-tab.c): tabs share the
 * bar down to it, then the bar scrolls. Only used before a tab has been
 * drawn, to tell its padding from its width. */
#define TAB_BASE_WIDTH      118
/* The Add Plot button at the end of the bar, before the bar has tabs. */
#define TAB_BAR_END_WIDTH   40

static GtkWidget *
find_descendant_where (GtkWidget *widget,
                       gboolean (*match) (GtkWidget *))
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = match (child) ? child : find_descendant_where (child, match);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_unpinned_tab (GtkWidget *widget)
{
  return g_str_equal (gtk_widget_get_css_name (widget), "tab") && !gtk_widget_has_css_class (widget, "pinned");
}

static gboolean
is_label (GtkWidget *widget)
{
  return GTK_IS_LABEL (widget);
}

static gboolean
is_close_button (GtkWidget *widget)
{
  return gtk_widget_has_css_class (widget, "tab-close-button");
}

static int
natural_width (GtkWidget *widget)
{
  int natural = 0;

  if (widget != NULL)
    gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  return natural;
}

int
aiperf_window_tab_text_width (const char *text,
                              gpointer    layout)
{
  int width;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &width, NULL);
  return PANGO_PIXELS_CEIL (width);
}

static gboolean
is_shown_icon (GtkWidget *widget)
{
  return gtk_widget_has_css_class (widget, "tab-icon") && gtk_widget_get_visible (widget);
}

int
aiperf_window_tab_icon_width (AiperfWindow *self)
{
  return natural_width (find_descendant_where (GTK_WIDGET (self->tab_bar), is_shown_icon));
}

int
aiperf_window_tab_text_room (AiperfWindow  *self,
                             int            n_tabs,
                             PangoLayout  **layout)
{
  GtkWidget *tab = find_descendant_where (GTK_WIDGET (self->tab_bar), is_unpinned_tab);
  GtkWidget *label = tab != NULL ? find_descendant_where (tab, is_label) : NULL;
  GtkWidget *title = label != NULL ? gtk_widget_get_parent (label) : NULL;
  GtkWidget *box = tab != NULL ? gtk_widget_get_parent (tab) : NULL;
  int box_width = 0, tab_natural, tab_chrome, title_chrome, close_width, content;

  /* The tabs' own font; before there is a tab, the bar's. */
  *layout = gtk_widget_create_pango_layout (label != NULL ? label : GTK_WIDGET (self->tab_bar), NULL);
  if (n_tabs <= 0)
    return G_MAXINT / 2;

  /* The box the tabs share (the tab's parent is its slot in it). */
  while (box != NULL && !g_str_equal (gtk_widget_get_css_name (box), "tabbox"))
    box = gtk_widget_get_parent (box);
  if (box != NULL)
    box_width = gtk_widget_get_width (box);
  if (box_width <= 0)
    box_width = gtk_widget_get_width (self->tab_width_probe) - TAB_BAR_END_WIDTH;

  tab_natural = MAX (natural_width (tab), TAB_BASE_WIDTH);
  /* A tab's padding and border: its drawn box less what it lays out in. */
  if (tab != NULL && gtk_widget_get_width (tab) > 0)
    {
      graphene_rect_t bounds;

      tab_chrome = gtk_widget_compute_bounds (tab, tab, &bounds)
                     ? (int) bounds.size.width - gtk_widget_get_width (tab) : 0;
    }
  else
    tab_chrome = tab_natural - TAB_BASE_WIDTH;
  /* The title's margins around its label. */
  title_chrome = label != NULL ? MAX (natural_width (title) - natural_width (label), 0) : 0;
  close_width = natural_width (tab != NULL ? find_descendant_where (tab, is_close_button) : NULL);

  /* libadwaita shares the box among the tabs, each overlapping the next
   * by a pixel, down to a tab's natural width. */
  content = MAX ((box_width + n_tabs + 1) / n_tabs, tab_natural) - tab_chrome;
  /* The title is centred in its tab, and the selected tab's close button
   * is drawn over its end: a title clear of it on both sides is whole on
   * the selected tab too. That leaves a tab of the narrowest width 48 px
   * less (about 7 characters, "TTFT…" of every chart): tabs that narrow
   * keep their whole room, and the selected one's end goes under its
   * close button (its whole title is the chart's heading, right below).
   * The wider tabs of drill-downs always have room for it. */
  if (gtk_widget_has_css_class (GTK_WIDGET (self->tab_bar), AIPERF_WINDOW_WIDE_TABS_CLASS))
    return MAX (content - title_chrome - 2 * close_width, 0);
  return MAX (content - title_chrome - 2 * close_width, MIN (content, tab_natural - tab_chrome) - title_chrome);
}
