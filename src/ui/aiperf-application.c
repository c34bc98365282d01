/* aiperf-application.c — the GtkApplication: single instance, opens folders.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-application.h"
#include "aiperf-preferences.h"
#include "aiperf-window.h"

struct _AiperfApplication
{
  AdwApplication parent_instance;

  GSettings     *settings;  /* NULL when the schema is not installed */
};

G_DEFINE_FINAL_TYPE (AiperfApplication, aiperf_application, ADW_TYPE_APPLICATION)

static GtkWindow *
get_window (AiperfApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (aiperf_window_new (ADW_APPLICATION (self)));
  return window;
}

static void
aiperf_application_activate (GApplication *app)
{
  gtk_window_present (get_window (AIPERF_APPLICATION (app)));
}

static void
aiperf_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  GtkWindow *window = get_window (AIPERF_APPLICATION (app));

  /* Single instance: a second "aiperf-plot DIR" adds DIR to this window. */
  aiperf_window_open_files (AIPERF_WINDOW (window), files, n_files);
  gtk_window_present (window);
}

static void
apply_style (AiperfApplication *self)
{
  g_autofree char *style = self->settings ? g_settings_get_string (self->settings, "style-variant") : NULL;
  AdwColorScheme scheme = ADW_COLOR_SCHEME_DEFAULT;

  if (g_strcmp0 (style, "light") == 0)
    scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_strcmp0 (style, "dark") == 0)
    scheme = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
}

static void
show_about (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  AiperfApplication *self = user_data;
  static const char *developers[] = { "The AIPerf Plot authors", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "application-name", _("AIPerf Plot"),
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "developer-name", _("The AIPerf Plot authors"),
                        "developers", developers,
                        "comments", _("Plots of NVIDIA AIPerf benchmark results: compare runs, "
                                      "explore single runs, export PNG, SVG and PDF."),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
show_preferences (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  AiperfApplication *self = user_data;
  GtkWidget *prefs = aiperf_preferences_new (gtk_application_get_active_window (GTK_APPLICATION (self)),
                                             self->settings);

  gtk_window_present (GTK_WINDOW (prefs));
}

static void
quit (GSimpleAction *action,
      GVariant      *param,
      gpointer       user_data)
{
  GApplication *app = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  /* Closing (not destroying) lets each window save its state. */
  for (GList *l = windows; l != NULL;)
    {
      GList *next = l->next;
      gtk_window_close (l->data);
      l = next;
    }
}

static const GActionEntry app_entries[] = {
  { "about", show_about },
  { "preferences", show_preferences },
  { "quit", quit },
};

static void
aiperf_application_startup (GApplication *app)
{
  AiperfApplication *self = AIPERF_APPLICATION (app);
  GtkApplication *gtk_app = GTK_APPLICATION (app);
  GSettingsSchemaSource *source;
  g_autoptr(GSettingsSchema) schema = NULL;
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Primary>q", NULL } },
    { "app.preferences", { "<Primary>comma", NULL } },
    { "win.open-folder", { "<Primary>o", NULL } },
    { "win.open-file", { "<Primary><Shift>o", NULL } },
    { "win.search", { "<Primary>f", NULL } },
    { "win.toggle-sidebar", { "F9", NULL } },
    { "win.zoom-in", { "<Primary>plus", "<Primary>equal", NULL } },
    { "win.zoom-out", { "<Primary>minus", NULL } },
    { "win.reset-zoom", { "<Primary>0", NULL } },
    { "win.export::png", { "<Primary>e", NULL } },
    { "win.copy-chart", { "<Primary><Shift>c", NULL } },
    { "win.close-tab", { "<Primary>w", NULL } },
  };

  G_APPLICATION_CLASS (aiperf_application_parent_class)->startup (app);

  source = g_settings_schema_source_get_default ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema != NULL)
    {
      self->settings = g_settings_new (APP_ID);
      g_signal_connect_swapped (self->settings, "changed::style-variant", G_CALLBACK (apply_style), self);
    }
  apply_style (self);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (gtk_app, accels[i].action, accels[i].accels);
}

static void
aiperf_application_finalize (GObject *object)
{
  AiperfApplication *self = AIPERF_APPLICATION (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (aiperf_application_parent_class)->finalize (object);
}

static void
aiperf_application_class_init (AiperfApplicationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_application_finalize;
  G_APPLICATION_CLASS (klass)->activate = aiperf_application_activate;
  G_APPLICATION_CLASS (klass)->open = aiperf_application_open;
  G_APPLICATION_CLASS (klass)->startup = aiperf_application_startup;
}

static void
aiperf_application_init (AiperfApplication *self)
{
}

AiperfApplication *
aiperf_application_new (void)
{
  return g_object_new (AIPERF_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/aiperf/Plot",
                       NULL);
}
