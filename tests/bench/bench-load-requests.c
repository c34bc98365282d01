/* bench-load-requests.c — times loading a large profile_export.jsonl.
 *
 * bench-load-requests [--gen PATH-TO-aiperf-gen] [--requests N] [RUN-DIR]
 * Without RUN-DIR, generates a run (with inter-chunk latency lists) into a
 * temporary folder first. Prints rows, seconds, MB/s and the peak RSS.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "aiperf-loaders-private.h"

static long
peak_rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *p;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (p = strstr (status, "VmHWM:")) == NULL)
    return -1;
  return strtol (p + 6, NULL, 10);
}

static void
remove_tree (const char *dir)
{
  const char *names[] = { "profile_export.jsonl", "gpu_telemetry_export.jsonl",
                          "profile_export_aiperf.json" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *p = g_build_filename (dir, names[i], NULL);
      g_unlink (p);
    }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *gen = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  int requests = 50000;
  gboolean generated = FALSE;
  GOptionEntry entries[] = {
    { "gen", 0, 0, G_OPTION_ARG_FILENAME, &gen, "aiperf-gen executable", "PATH" },
    { "requests", 0, 0, G_OPTION_ARG_INT, &requests, "Requests to generate (50000)", "N" },
    { NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new ("[RUN-DIR]");
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = NULL;
  gint64 t0, t1;
  struct stat st;
  guint rows;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (argc > 1)
    dir = g_strdup (argv[1]);
  else
    {
      g_autofree char *n = g_strdup_printf ("%d", requests);
      g_autofree char *out = NULL;
      int status = 0;

      if (gen == NULL)
        {
          g_printerr ("need --gen or a RUN-DIR\n");
          return 2;
        }
      dir = g_dir_make_tmp ("aiperf-bench-XXXXXX", &error);
      if (dir == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      out = g_strdup (dir);
      if (!g_spawn_sync (NULL, (char *[]) { gen, "--requests", n, "--out", out, NULL }, NULL,
                         G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error)
          || !g_spawn_check_wait_status (status, &error))
        {
          g_printerr ("aiperf-gen: %s\n", error->message);
          return 1;
        }
      generated = TRUE;
    }
  path = g_build_filename (dir, "profile_export.jsonl", NULL);
  if (g_stat (path, &st) != 0)
    {
      g_printerr ("%s: missing\n", path);
      return 1;
    }

  run = aiperf_run_new (dir);
  t0 = g_get_monotonic_time ();
  if (!aiperf_load_requests_jsonl (run, path, NULL, NULL, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  t1 = g_get_monotonic_time ();
  rows = aiperf_table_get_n_rows (aiperf_run_get_requests (run));
  printf ("file: %s (%.1f MB)\n", path, st.st_size / 1e6);
  printf ("rows: %u, bad lines: %u\n", rows, aiperf_run_get_n_bad_lines (run));
  printf ("load: %.3f s, %.0f MB/s\n", (t1 - t0) / 1e6, st.st_size / 1e6 / ((t1 - t0) / 1e6));
  printf ("peak RSS (VmHWM): %.1f MB\n", peak_rss_kb () / 1024.0);
  if (generated)
    remove_tree (dir);
  return 0;
}
