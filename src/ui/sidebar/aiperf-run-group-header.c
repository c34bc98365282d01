/* aiperf-run-group-header.c — a folder group's head in the run list: its
 * folder's name (the whole path on hover), its number of runs, and a menu
 * (its button, a secondary click, Menu or Shift+F10 on the button) that
 * compares with the group as the baseline or as the candidate
 * (win.compare-group).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-run-group-header.h"

struct _AiperfRunGroupHeader
{
  GtkBox         parent_instance;

  char          *group;
  GMenu         *menu;
  GtkMenuButton *button;
};

G_DEFINE_FINAL_TYPE (AiperfRunGroupHeader, aiperf_run_group_header, GTK_TYPE_BOX)

static void
on_secondary_click (GtkGestureClick      *gesture,
                    int                   n_press,
                    double                x,
                    double                y,
                    AiperfRunGroupHeader *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_menu_button_popup (self->button);
}

static void
aiperf_run_group_header_finalize (GObject *object)
{
  AiperfRunGroupHeader *self = AIPERF_RUN_GROUP_HEADER (object);

  g_free (self->group);
  g_clear_object (&self->menu);
  G_OBJECT_CLASS (aiperf_run_group_header_parent_class)->finalize (object);
}

static void
aiperf_run_group_header_class_init (AiperfRunGroupHeaderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_run_group_header_finalize;
}

static void
aiperf_run_group_header_init (AiperfRunGroupHeader *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_secondary_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

static void
add_item (GMenu      *menu,
          const char *label,
          const char *group,
          gboolean    as_baseline)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, "win.compare-group", g_variant_new ("(sb)", group, as_baseline));
  g_menu_append_item (menu, item);
}

GtkWidget *
aiperf_run_group_header_new (const char *group,
                             guint       n_runs)
{
  AiperfRunGroupHeader *self;
  g_autofree char *name = NULL, *count = NULL;
  GtkWidget *title, *runs;

  g_return_val_if_fail (group != NULL, NULL);

  self = g_object_new (AIPERF_TYPE_RUN_GROUP_HEADER, "orientation", GTK_ORIENTATION_HORIZONTAL, "spacing", 6, NULL);
  self->group = g_strdup (group);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 4);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 2);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), group);

  name = g_path_get_basename (group);
  title = gtk_label_new (name);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_widget_add_css_class (title, "heading");
  /* TRANSLATORS: the number of runs in a folder group of the sidebar */
  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u run", "%u runs", n_runs), n_runs);
  runs = gtk_label_new (count);
  gtk_widget_add_css_class (runs, "dim-label");
  gtk_widget_add_css_class (runs, "caption");

  self->menu = g_menu_new ();
  add_item (self->menu, _("Compare with This Group as _Baseline…"), group, TRUE);
  add_item (self->menu, _("Compare with This Group as _Candidate…"), group, FALSE);
  self->button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_icon_name (self->button, "view-more-symbolic");
  gtk_menu_button_set_menu_model (self->button, G_MENU_MODEL (self->menu));
  gtk_menu_button_set_has_frame (self->button, FALSE);
  gtk_widget_set_valign (GTK_WIDGET (self->button), GTK_ALIGN_CENTER);
  /* TRANSLATORS: the tooltip of a folder group's menu button, "base" */
  {
    g_autofree char *tip = g_strdup_printf (_("Compare “%s” with the other runs"), name);

    gtk_widget_set_tooltip_text (GTK_WIDGET (self->button), tip);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  }

  gtk_box_append (GTK_BOX (self), title);
  gtk_box_append (GTK_BOX (self), runs);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->button));
  return GTK_WIDGET (self);
}

const char *
aiperf_run_group_header_get_group (AiperfRunGroupHeader *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_GROUP_HEADER (self), NULL);
  return self->group;
}

GMenuModel *
aiperf_run_group_header_get_menu (AiperfRunGroupHeader *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_GROUP_HEADER (self), NULL);
  return G_MENU_MODEL (self->menu);
}
