/* main.c — aiperf-plot: the window, or with --headless the batch exporter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "aiperf-export.h"
#ifdef AIPERF_WITH_UI
#include "aiperf-application.h"
#endif

static gboolean
wants_headless (int    argc,
                char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (strcmp (argv[i], "--headless") == 0)
        return TRUE;
    }
  return FALSE;
}

/* The installed catalogues, or those of the build folder when this binary
 * runs from there (or AIPERF_PLOT_LOCALEDIR, which meson devenv sets):
 * translations work before "meson install" as they do after. */
static const char *
locale_dir (void)
{
  static char *dir;
  g_autofree char *exe = NULL, *exe_dir = NULL;

  if (dir != NULL)
    return dir;
  if (g_getenv ("AIPERF_PLOT_LOCALEDIR") != NULL)
    return dir = g_strdup (g_getenv ("AIPERF_PLOT_LOCALEDIR"));
  exe = g_file_read_link ("/proc/self/exe", NULL);
  exe_dir = exe != NULL ? g_path_get_dirname (exe) : NULL;
  if (exe_dir != NULL && g_str_equal (exe_dir, BUILD_SRCDIR)
      && g_file_test (BUILD_LOCALEDIR, G_FILE_TEST_IS_DIR))
    return dir = g_strdup (BUILD_LOCALEDIR);
  return dir = g_strdup (LOCALEDIR);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Dispatched before any GTK call: batch export needs no display. */
  if (wants_headless (argc, argv))
    return aiperf_export_main (argc, argv);

#ifdef AIPERF_WITH_UI
  {
    g_autoptr(AiperfApplication) app = aiperf_application_new ();
    return g_application_run (G_APPLICATION (app), argc, argv);
  }
#else
  g_printerr ("aiperf-plot: %s\n",
              _("this build has no window; use --headless"));
  return 2;
#endif
}
