/* bench-window.c — time until the window shows every tab of a 100-run sweep.
 *
 * bench-window --gen PATH-TO-aiperf-gen [--runs N]
 * Generates a sweep in a temporary folder, opens it in the window and
 * reports: summary loading, building the default tabs, and drawing each
 * tab once (selected and painted). Target: under 1 s in all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "aiperf-window-private.h"
#include "../aiperf-test-util.h"

static gboolean painted;

static void
on_after_paint (GdkFrameClock *clock,
                gpointer       user_data)
{
  painted = TRUE;
}

static void
wait_paint (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  gulong id;

  if (clock == NULL)
    return;
  painted = FALSE;
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);
  gtk_widget_queue_draw (widget);
  while (!painted && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *gen = NULL;
  int runs = 100;
  GOptionEntry entries[] = {
    { "gen", 0, 0, G_OPTION_ARG_FILENAME, &gen, "aiperf-gen executable", "PATH" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "runs in the sweep", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *runs_text = NULL;
  const char *paths[2] = { NULL, NULL };
  AiperfWindow *window;
  AdwTabView *view;
  gint64 t0, t_loaded, t_tabs, t_drawn;
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || gen == NULL)
    {
      g_printerr ("usage: bench-window --gen PATH [--runs N]\n");
      return 2;
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  if (!gtk_init_check ())
    {
      g_print ("bench-window: no display, skipped (run under xvfb-run)\n");
      return 0;
    }
  adw_init ();

  tmp = g_dir_make_tmp ("aiperf-bench-window-XXXXXX", &error);
  g_assert_no_error (error);
  runs_text = g_strdup_printf ("%d", runs);
  {
    const char *gen_argv[] = { gen, "--runs", runs_text, "--requests", "50", "--out", tmp, NULL };
    int wait_status;

    if (!g_spawn_sync (NULL, (char **) gen_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                       &wait_status, &error)
        || !g_spawn_check_wait_status (wait_status, &error))
      {
        g_printerr ("aiperf-gen failed: %s\n", error->message);
        return 1;
      }
  }

  window = g_object_new (AIPERF_TYPE_WINDOW, "default-width", 1600, "default-height", 1000, NULL);
  gtk_window_present (GTK_WINDOW (window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);

  paths[0] = tmp;
  t0 = g_get_monotonic_time ();
  aiperf_window_load_paths_internal (window, paths, FALSE);
  while (aiperf_window_get_loads_pending (window) > 0)
    g_main_context_iteration (NULL, TRUE);
  t_loaded = g_get_monotonic_time ();
  view = aiperf_window_get_tab_view (window);
  t_tabs = g_get_monotonic_time ();
  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (view, i);
      gint64 s0 = g_get_monotonic_time (), s1;

      adw_tab_view_set_selected_page (view, page);
      s1 = g_get_monotonic_time ();
      wait_paint (GTK_WIDGET (window));
      g_print ("  tab %d: switch %.1f ms, until painted %.1f ms\n", i,
               (s1 - s0) / 1000.0, (g_get_monotonic_time () - s1) / 1000.0);
    }
  t_drawn = g_get_monotonic_time ();

  g_print ("bench-window: %u runs, %d tabs\n",
           aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)),
           adw_tab_view_get_n_pages (view));
  g_print ("  load summaries + build tabs: %8.1f ms\n", (t_loaded - t0) / 1000.0);
  g_print ("  select and paint every tab:  %8.1f ms\n", (t_drawn - t_tabs) / 1000.0);
  g_print ("  total:                       %8.1f ms (target < 1000 ms)\n", (t_drawn - t0) / 1000.0);
  if (aiperf_run_set_get_n_runs (aiperf_window_get_run_set (window)) != (guint) runs)
    status = 1;

  gtk_window_destroy (GTK_WINDOW (window));
  aiperf_test_remove_tree (tmp);
  return status;
}
