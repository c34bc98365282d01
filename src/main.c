/* main.c — aiperf-plot: with --headless the batch exporter, with --host the
 * window served to a web browser, else the window.
 *
 * This binary links no GTK: loading GTK, libadwaita and their ~30 further
 * libraries costs more start-up than a whole 100-run export needs. The
 * window lives in aiperf-plot-window (libexecdir, or beside this binary in
 * a build tree), which is started in this process's place.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include "aiperf-export.h"
#include "aiperf-host.h"

#define WINDOW_PROGRAM "aiperf-plot-window"

static gboolean
wants (int         argc,
       char      **argv,
       const char *option)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (strcmp (argv[i], option) == 0)
        return TRUE;
    }
  return FALSE;
}

#ifdef AIPERF_WITH_UI
/* Beside this binary first, so a build tree runs its own window. */
static char *
window_program (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      g_autofree char *beside = g_build_filename (dir, WINDOW_PROGRAM, NULL);

      if (g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE))
        return g_steal_pointer (&beside);
    }
  return g_build_filename (LIBEXECDIR, WINDOW_PROGRAM, NULL);
}
#endif

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
  /* Messages in the user's language, numbers as the files need them: a
   * CSV column of "2,5" under de_DE would split one value in two. */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (wants (argc, argv, "--headless"))
    return aiperf_export_main (argc, argv);

#ifdef AIPERF_WITH_UI
  {
    g_autofree char *program = window_program ();
    int saved;

    if (wants (argc, argv, "--host"))
      return aiperf_host_main (argc, argv, program);

    /* argv[0] stays "aiperf-plot": GLib takes the program name from it */
    execv (program, argv);
    saved = errno;
    g_printerr ("aiperf-plot: ");
    g_printerr (_("cannot start the window (%s): %s"), program, g_strerror (saved));
    g_printerr ("\n");
    return 1;
  }
#else
  g_printerr ("aiperf-plot: %s\n",
              _("this build has no window; use --headless"));
  return 2;
#endif
}
