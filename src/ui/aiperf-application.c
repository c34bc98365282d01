/* aiperf-application.c — the GtkApplication: single instance, opens folders.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-application.h"

struct _AiperfApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (AiperfApplication, aiperf_application, ADW_TYPE_APPLICATION)

static void
aiperf_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (adw_application_window_new (GTK_APPLICATION (app)));
  gtk_window_present (window);
}

static void
aiperf_application_class_init (AiperfApplicationClass *klass)
{
  G_APPLICATION_CLASS (klass)->activate = aiperf_application_activate;
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
                       NULL);
}
