/* test-window-german.c — the window speaks German from a build folder: the
 * window program finds the build's catalogues as --headless does, its
 * menus and preferences are translated, its numbers are written as
 * --headless writes them, and "aiperf-plot --help" gives the window's own
 * usage.
 *
 * This program runs in German: main () sets the language before GTK
 * starts, through the same call the window program makes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>

#include "window-test-util.h"
#include "aiperf-application.h"
#include "aiperf-preferences.h"

/* The labels of @model and of its sections and submenus, in order. */
static void
collect_labels (GMenuModel *model,
                GPtrArray  *labels)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      char *label = NULL;
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        g_ptr_array_add (labels, label);
      if ((link = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION)) != NULL)
        {
          collect_labels (link, labels);
          g_object_unref (link);
        }
      if ((link = g_menu_model_get_item_link (model, i, G_MENU_LINK_SUBMENU)) != NULL)
        {
          collect_labels (link, labels);
          g_object_unref (link);
        }
    }
}

/* Every menu of every menu button below @widget. */
static void
collect_menu_labels (GtkWidget *widget,
                     GPtrArray *labels)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL)
    collect_labels (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), labels);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_menu_labels (child, labels);
}

static gboolean
has_label (GPtrArray  *labels,
           const char *label)
{
  return g_ptr_array_find_with_equal_func (labels, label, g_str_equal, NULL);
}

static void
test_menus (void)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  AiperfWindow *window;

  if (!display_available ())
    return;
  window = open_sweep ();
  collect_menu_labels (GTK_WIDGET (window), labels);
  /* the main menu */
  g_assert_true (has_label (labels, "_Ordner öffnen …"));
  g_assert_true (has_label (labels, "_Dateien öffnen …"));
  g_assert_true (has_label (labels, "Lade_fehler anzeigen"));
  g_assert_true (has_label (labels, "Mit _Basis vergleichen …"));
  /* the export menu */
  g_assert_true (has_label (labels, "Als _PNG exportieren …"));
  g_assert_true (has_label (labels, "Bericht als _HTML exportieren …"));
  g_assert_true (has_label (labels, "Bericht als PD_F exportieren …"));
  /* nothing left in English */
  g_assert_false (has_label (labels, "Open _Files…"));
  g_assert_false (has_label (labels, "Export Report as _HTML…"));
  g_assert_false (has_label (labels, "Export Report as PD_F…"));
  g_assert_false (has_label (labels, "Compare with _Baseline…"));
  destroy_window (window);
}

/* Nothing opened yet: Open Recent is a disabled item, in German. */
static void
test_no_recent (void)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GSettings) settings = NULL;
  AiperfWindow *window;

  if (!display_available ())
    return;
  settings = g_settings_new ("org.aiperf.Plot");
  g_settings_reset (settings, "recent-folders");
  window = new_window ();
  collect_menu_labels (GTK_WIDGET (window), labels);
  g_assert_true (has_label (labels, "_Zuletzt geöffnet"));
  g_assert_false (has_label (labels, "Open _Recent"));
  destroy_window (window);
}

/* A run without time slices: the toast that leaves their charts out says
 * so in German, naming the setting as the window does, no flag. */
static void
test_time_slice_toast (void)
{
  AiperfWindow *window;
  AiperfRun *run;
  const char *toast;

  if (!display_available ())
    return;
  window = open_sweep ();
  run = aiperf_run_set_get_run (aiperf_window_get_run_set (window), 0);
  aiperf_window_open_run_details (window, run);
  wait_details (run);
  toast = aiperf_window_get_last_toast (window);
  g_assert_nonnull (toast);
  g_test_message ("%s", toast);
  g_assert_nonnull (strstr (toast, "Lauf „qwen_concurrency1“ hat keine Zeitabschnitte"));
  g_assert_nonnull (strstr (toast, "Dauer der Zeitabschnitte"));
  g_assert_null (strstr (toast, "--"));
  g_assert_null (strstr (toast, "time slices"));
  destroy_window (window);
}

/* The preferences' rows, by title. */
static gboolean
has_row_titled (GtkWidget  *widget,
                const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_row_titled (child, title))
      return TRUE;
  return FALSE;
}

static void
test_preferences (void)
{
  g_autoptr(GSettings) settings = NULL;
  GtkWidget *prefs;

  if (!display_available ())
    return;
  settings = g_settings_new ("org.aiperf.Plot");
  prefs = aiperf_preferences_new (NULL, settings);
  g_assert_true (has_row_titled (prefs, "Parameter aus Ordnernamen"));
  g_assert_false (has_row_titled (prefs, "Parameters from Folder Names"));
  gtk_window_destroy (GTK_WINDOW (prefs));
}

static char *
run_help (const char *program,
          const char *language)
{
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "..", "src", program, NULL);
  const char *argv[] = { path, "--help", NULL };
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = -1;

  /* The build folder's catalogues must be found without being named. */
  env = g_environ_unsetenv (env, "AIPERF_PLOT_LOCALEDIR");
  env = g_environ_unsetenv (env, "LC_ALL");
  env = g_environ_unsetenv (env, "LC_MESSAGES");
  env = g_environ_setenv (env, "LANGUAGE", language, TRUE);
  env = g_environ_setenv (env, "LANG", g_str_equal (language, "de") ? "de_DE.UTF-8" : "C.UTF-8", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* "aiperf-plot --help" and the window program's: the window's usage, its
 * PATHs, and where --headless's options are; in German from the build
 * folder. */
static void
test_help (void)
{
  g_autofree char *english = run_help ("aiperf-plot", "en");
  g_autofree char *german = run_help ("aiperf-plot-window", "de");

  g_assert_nonnull (strstr (english, "aiperf-plot [OPTION…] [PATH…]"));
  g_assert_nonnull (strstr (english, "Opens benchmark results in a window"));
  g_assert_nonnull (strstr (english, "aiperf-plot --headless --help"));
  g_assert_nonnull (strstr (german, "[PFAD …]"));
  g_assert_nonnull (strstr (german, "Öffnet Benchmark-Ergebnisse in einem Fenster"));
  g_assert_nonnull (strstr (german, "aiperf-plot --headless --help"));
}

/* Numbers as --headless writes them, 2.5 and not 2,5, in a German window
 * too: the application's start-up puts LC_NUMERIC back to C after GTK
 * has set every category from the environment. */
static void
test_numbers (void)
{
  g_autoptr(AiperfApplication) app = NULL;
  g_autofree char *german = NULL, *ours = NULL;

  if (!display_available ())
    return;
  setlocale (LC_NUMERIC, "");  /* as gtk_init leaves it */
  german = g_strdup_printf ("%.1f", 2.5);
  g_assert_cmpstr (german, ==, "2,5");
  app = aiperf_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_assert_false (g_application_get_is_remote (G_APPLICATION (app)));
  ours = g_strdup_printf ("%.1f", 2.5);
  g_assert_cmpstr (ours, ==, "2.5");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *po = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                          "..", "po", NULL);

  /* German, as "LANGUAGE=de aiperf-plot" from the build folder would be. */
  g_setenv ("LANGUAGE", "de", TRUE);
  g_setenv ("LC_ALL", "de_DE.UTF-8", TRUE);
  g_setenv ("AIPERF_PLOT_LOCALEDIR", po, TRUE);
  aiperf_application_init_i18n ();
  window_test_init (&argc, &argv);
  g_test_add_func ("/aiperf/window/german/help", test_help);
  g_test_add_func ("/aiperf/window/german/no-recent", test_no_recent);
  g_test_add_func ("/aiperf/window/german/menus", test_menus);
  g_test_add_func ("/aiperf/window/german/preferences", test_preferences);
  g_test_add_func ("/aiperf/window/german/time-slice-toast", test_time_slice_toast);
  g_test_add_func ("/aiperf/window/german/numbers", test_numbers);
  return g_test_run ();
}
