/* aiperf-application.c — the GtkApplication: single instance, opens folders.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "aiperf-application.h"
#include "aiperf-preferences.h"
#include "aiperf-window.h"

struct _AiperfApplication
{
  AdwApplication parent_instance;

  GSettings     *settings;  /* NULL when the schema is not installed */
  gboolean       watch;     /* --watch: every window watches its folders */
};

G_DEFINE_FINAL_TYPE (AiperfApplication, aiperf_application, ADW_TYPE_APPLICATION)

static GtkWindow *
get_window (AiperfApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    {
      window = GTK_WINDOW (aiperf_window_new (ADW_APPLICATION (self)));
      if (self->watch)
        g_action_group_change_action_state (G_ACTION_GROUP (window), "watch", g_variant_new_boolean (TRUE));
    }
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

/* app.watch: --watch, here or forwarded by a second aiperf-plot. As the
 * window's Watch button does, which is remembered. */
static void
watch_folders (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  AiperfApplication *self = user_data;

  self->watch = TRUE;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (AIPERF_IS_WINDOW (l->data))
      g_action_group_change_action_state (G_ACTION_GROUP (l->data), "watch", g_variant_new_boolean (TRUE));
}

static const GActionEntry app_entries[] = {
  { "watch", watch_folders },
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
    { "win.compare-baseline('')", { "<Primary>b", NULL } },
  };

  G_APPLICATION_CLASS (aiperf_application_parent_class)->startup (app);
  /* GTK has just set every category from the environment again: numbers
   * stay as --headless writes them (and as the chart's ticks read), so a
   * report or label exported from a German window says 2.5, not 2,5. */
  setlocale (LC_NUMERIC, "C");

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

static int
aiperf_application_handle_local_options (GApplication *app,
                                         GVariantDict *options)
{
  g_autoptr(GError) error = NULL;

  if (!g_variant_dict_contains (options, "watch"))
    return -1;
  /* registered, the action runs in whichever process shows the window */
  if (!g_application_register (app, NULL, &error))
    {
      g_printerr ("aiperf-plot: %s\n", error->message);
      return 1;
    }
  g_action_group_activate_action (G_ACTION_GROUP (app), "watch", NULL);
  return -1;
}

static void
aiperf_application_class_init (AiperfApplicationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_application_finalize;
  G_APPLICATION_CLASS (klass)->activate = aiperf_application_activate;
  G_APPLICATION_CLASS (klass)->open = aiperf_application_open;
  G_APPLICATION_CLASS (klass)->startup = aiperf_application_startup;
  G_APPLICATION_CLASS (klass)->handle_local_options = aiperf_application_handle_local_options;
}

static void
aiperf_application_init (AiperfApplication *self)
{
  GApplication *app = G_APPLICATION (self);

  /* aiperf-plot --help: the window's own usage, and where the export's is. */
  g_application_set_option_context_parameter_string (app, _("[PATH…]"));
  g_application_set_option_context_summary (app,
    _("Opens benchmark results in a window: AIPerf run folders and sweeps, vLLM, GenAI-Perf, "
      "GuideLLM, inference-perf and LLMPerf results, cutileGPT profiles, Nsight Systems kernel "
      "summaries, MoE gate logs, GEMM benchmarks and PyTorch/Chrome traces. Each PATH is a file "
      "or a folder; everything below a folder is found by its content."));
  g_application_set_option_context_description (app,
    _("Without a display, to write every chart, data file or report to a folder:\n"
      "  aiperf-plot --headless [OPTION…] [PATH…]\n"
      "Its options are listed by “aiperf-plot --headless --help”; see also aiperf-plot(1).\n"
      "On a machine with no desktop, to use this window from a web browser:\n"
      "  aiperf-plot --host [--port N] [--watch] [PATH…]"));
}

/* As aiperf-plot finds them (main.c), which execs this program: its own
 * binding does not carry over. */
static const char *
locale_dir (void)
{
  static char *dir;
  const char *env = g_getenv ("AIPERF_PLOT_LOCALEDIR");
  g_autofree char *exe = NULL, *exe_dir = NULL;

  if (dir != NULL)
    return dir;
  if (env != NULL && *env != '\0')
    return dir = g_strdup (env);
  exe = g_file_read_link ("/proc/self/exe", NULL);
  exe_dir = exe != NULL ? g_path_get_dirname (exe) : NULL;
  if (exe_dir != NULL && g_str_equal (exe_dir, BUILD_SRCDIR)
      && g_file_test (BUILD_LOCALEDIR, G_FILE_TEST_IS_DIR))
    return dir = g_strdup (BUILD_LOCALEDIR);
  return dir = g_strdup (LOCALEDIR);
}

void
aiperf_application_init_i18n (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

AiperfApplication *
aiperf_application_new (void)
{
  GApplicationFlags flags = G_APPLICATION_HANDLES_OPEN;
  AiperfApplication *self;

  /* On a Broadway display (aiperf-plot --host) a window of its own: one
   * already open elsewhere shows on another display, or another browser. */
  if (g_strcmp0 (g_getenv ("GDK_BACKEND"), "broadway") == 0)
    flags |= G_APPLICATION_NON_UNIQUE;
  self = g_object_new (AIPERF_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", flags,
                       "resource-base-path", "/org/aiperf/Plot",
                       NULL);
  g_application_add_main_option (G_APPLICATION (self), "watch", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _("Load runs that appear in the opened folders while the window is open"),
                                 NULL);
  return self;
}
