/* aiperf-preferences.c — the preferences window (colour scheme, watching,
 * parameters from folder names).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-preferences.h"
#include "aiperf-session.h"

struct _AiperfPreferences
{
  AdwPreferencesWindow parent_instance;

  AdwComboRow *style_row;
  GtkSwitch   *watch_switch;
  GtkButton   *clear_button;
  AdwEntryRow *pattern_row;
  GSettings   *settings;
};

G_DEFINE_FINAL_TYPE (AiperfPreferences, aiperf_preferences, ADW_TYPE_PREFERENCES_WINDOW)

static const char * const styles[] = { "system", "light", "dark" };

static void
on_style_selected (AiperfPreferences *self)
{
  guint pos = adw_combo_row_get_selected (self->style_row);

  if (self->settings != NULL && pos < G_N_ELEMENTS (styles))
    g_settings_set_string (self->settings, "style-variant", styles[pos]);
}

static void
on_clear (AiperfPreferences *self)
{
  if (self->settings != NULL)
    g_settings_set_strv (self->settings, "recent-folders", NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->clear_button), FALSE);
}

/* Saved only when it is a pattern the session takes; otherwise the row
 * says why and keeps the text for fixing. */
static void
on_pattern_apply (AiperfPreferences *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->pattern_row));
  g_autoptr(AiperfSession) check = aiperf_session_new ();
  g_autoptr(GError) error = NULL;

  if (!aiperf_session_set_param_pattern_text (check, text, &error))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->pattern_row), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->pattern_row), error->message);
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->pattern_row), "error");
  if (self->settings != NULL)
    g_settings_set_string (self->settings, "run-name-pattern", text);
}

static void
aiperf_preferences_dispose (GObject *object)
{
  AiperfPreferences *self = AIPERF_PREFERENCES (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), AIPERF_TYPE_PREFERENCES);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (aiperf_preferences_parent_class)->dispose (object);
}

static void
aiperf_preferences_class_init (AiperfPreferencesClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = aiperf_preferences_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/aiperf/Plot/aiperf-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, AiperfPreferences, style_row);
  gtk_widget_class_bind_template_child (widget_class, AiperfPreferences, watch_switch);
  gtk_widget_class_bind_template_child (widget_class, AiperfPreferences, clear_button);
  gtk_widget_class_bind_template_child (widget_class, AiperfPreferences, pattern_row);
}

static void
aiperf_preferences_init (AiperfPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
aiperf_preferences_new (GtkWindow *parent,
                        GSettings *settings)
{
  AiperfPreferences *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (AIPERF_TYPE_PREFERENCES, "transient-for", parent, NULL);
  if (settings != NULL)
    {
      g_autofree char *style = g_settings_get_string (settings, "style-variant");
      g_auto(GStrv) recent = g_settings_get_strv (settings, "recent-folders");

      self->settings = g_object_ref (settings);
      for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
        if (g_str_equal (style, styles[i]))
          adw_combo_row_set_selected (self->style_row, i);
      g_settings_bind (settings, "watch-folders", self->watch_switch, "active", G_SETTINGS_BIND_DEFAULT);
      gtk_widget_set_sensitive (GTK_WIDGET (self->clear_button), recent[0] != NULL);
      {
        g_autofree char *pattern = g_settings_get_string (settings, "run-name-pattern");

        gtk_editable_set_text (GTK_EDITABLE (self->pattern_row), pattern);
      }
    }
  else
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->watch_switch), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->clear_button), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->pattern_row), FALSE);
    }
  g_signal_connect_swapped (self->style_row, "notify::selected", G_CALLBACK (on_style_selected), self);
  g_signal_connect_swapped (self->clear_button, "clicked", G_CALLBACK (on_clear), self);
  g_signal_connect_swapped (self->pattern_row, "apply", G_CALLBACK (on_pattern_apply), self);
  return GTK_WIDGET (self);
}
