/* main-window.c — aiperf-plot-window: the GTK application, started by
 * aiperf-plot (main.c) when it is not asked for --headless.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-application.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(AiperfApplication) app = NULL;

  /* The build folder's catalogues when run from there, as --headless does. */
  aiperf_application_init_i18n ();
  app = aiperf_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
