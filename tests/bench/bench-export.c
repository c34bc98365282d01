/* bench-export.c — times aiperf-plot --headless on generated data.
 *
 * bench-export --gen AIPERF_GEN --exe AIPERF_PLOT [--runs N] [--requests N] [--repeat N]
 *              [--template profile_export_aiperf.json] [--gen-arg ARG …]
 *              [--target-s S] [--target-mb MB] [--exe-arg ARG …] [--target-report-mb MB]
 *
 * Generates one run with aiperf-gen (--gen-arg passes options on, e.g.
 * --gpus 4 --timeslices 16000), or a sweep (--runs > 1) of copies of
 * --template (a real summary with GPU telemetry, so every multi-run default
 * has data) with concurrency 1..N and four models, then runs the real
 * binary (no display) and reports the wall time of the whole command —
 * start-up, discovery, loading, every default plot drawn and written as
 * PNG, exit — and its peak resident memory (wait4's ru_maxrss of that
 * child alone, so the generator does not count). --exe-arg passes options
 * to aiperf-plot (--report html,pdf); the size of each report written is
 * reported too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "../aiperf-test-util.h"

static char *gen_exe, *plot_exe, *template_path;
static char **gen_args, **exe_args;
static double target_report_mb = 0;
static int n_runs = 1, n_requests = 1000, repeat = 5;
static double target_s = 0, target_mb = 0;

/* Runs @argv with @env, output discarded; its wall time and peak RSS. */
static gboolean
run_measured (char   **argv,
              char   **env,
              double  *seconds,
              double  *peak_mb)
{
  g_autoptr(GError) error = NULL;
  struct rusage usage;
  GPid pid;
  int status;
  gint64 t0 = g_get_monotonic_time ();

  if (!g_spawn_async (NULL, argv, env, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                      NULL, NULL, &pid, &error))
    {
      g_printerr ("%s: %s\n", argv[0], error->message);
      return FALSE;
    }
  while (wait4 (pid, &status, 0, &usage) < 0)
    if (errno != EINTR)
      {
        g_printerr ("wait4: %s\n", g_strerror (errno));
        return FALSE;
      }
  *seconds = (g_get_monotonic_time () - t0) / 1e6;
  *peak_mb = usage.ru_maxrss / 1024.0;
  g_spawn_close_pid (pid);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      g_printerr ("%s failed (status %d)\n", argv[0], status);
      return FALSE;
    }
  return TRUE;
}

static gboolean
run (char **argv, char **env, int *status, char **out, char **err)
{
  g_autoptr(GError) error = NULL;

  if (!g_spawn_sync (NULL, argv, env, G_SPAWN_DEFAULT, NULL, NULL, out, err, status, &error))
    {
      g_printerr ("%s: %s\n", argv[0], error->message);
      return FALSE;
    }
  return TRUE;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOptionContext) ctx = g_option_context_new ("- time headless export");
  g_autofree char *tmp = NULL, *data = NULL, *out = NULL, *runs_s = NULL, *reqs_s = NULL;
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) plot_args = NULL;
  double peak_mb = 0;
  const GOptionEntry entries[] = {
    { "gen", 0, 0, G_OPTION_ARG_FILENAME, &gen_exe, "aiperf-gen", "PATH" },
    { "exe", 0, 0, G_OPTION_ARG_FILENAME, &plot_exe, "aiperf-plot", "PATH" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &n_runs, "runs in the sweep", "N" },
    { "requests", 0, 0, G_OPTION_ARG_INT, &n_requests, "requests per run", "N" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "timed exports", "N" },
    { "template", 0, 0, G_OPTION_ARG_FILENAME, &template_path, "summary to copy for a sweep", "FILE" },
    { "gen-arg", 0, 0, G_OPTION_ARG_STRING_ARRAY, &gen_args, "option for aiperf-gen (repeatable)", "ARG" },
    { "target-s", 0, 0, G_OPTION_ARG_DOUBLE, &target_s, "wall-time target to report against", "S" },
    { "target-mb", 0, 0, G_OPTION_ARG_DOUBLE, &target_mb, "peak-memory target to report against", "MB" },
    { "exe-arg", 0, 0, G_OPTION_ARG_STRING_ARRAY, &exe_args, "option for aiperf-plot (repeatable)", "ARG" },
    { "target-report-mb", 0, 0, G_OPTION_ARG_DOUBLE, &target_report_mb, "report size target", "MB" },
    { NULL }
  };
  int status = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || gen_exe == NULL || plot_exe == NULL)
    {
      g_printerr ("usage: bench-export --gen AIPERF_GEN --exe AIPERF_PLOT [--runs N] [--requests N]\n");
      return 2;
    }
  tmp = g_dir_make_tmp ("aiperf-bench-export-XXXXXX", NULL);
  data = g_build_filename (tmp, "data", NULL);
  out = g_build_filename (tmp, "plots", NULL);
  runs_s = g_strdup_printf ("%d", n_runs);
  reqs_s = g_strdup_printf ("%d", n_requests);
  if (n_runs > 1 && template_path != NULL)
    {
      g_autofree char *text = NULL;

      if (!g_file_get_contents (template_path, &text, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      for (int i = 0; i < n_runs; i++)
        {
          g_autofree char *dir = g_strdup_printf ("%s/model%d-concurrency%03d", data, i % 4, i + 1);
          g_autofree char *file = g_build_filename (dir, "profile_export_aiperf.json", NULL);
          g_autofree char *conc = g_strdup_printf ("\"concurrency\": %d,", i + 1);
          g_autofree char *model = g_strdup_printf ("\"model_names\": [\n        \"model-%d\"", i % 4);
          GString *copy = g_string_new (text);

          g_string_replace (copy, "\"concurrency\": 1,", conc, 1);
          g_string_replace (copy, "\"model_names\": [\n        \"Qwen/Qwen3-0.6B\"", model, 1);
          g_mkdir_with_parents (dir, 0755);
          g_file_set_contents (file, copy->str, copy->len, NULL);
          g_string_free (copy, TRUE);
        }
      g_print ("wrote %d summaries from %s\n", n_runs, template_path);
    }
  else
  {
    g_autoptr(GPtrArray) gen_argv = g_ptr_array_new ();
    gint64 t0 = g_get_monotonic_time ();
    const char *fixed[] = { gen_exe, "--runs", runs_s, "--requests", reqs_s, "--out", data };

    for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
      g_ptr_array_add (gen_argv, (gpointer) fixed[i]);
    for (guint i = 0; gen_args != NULL && gen_args[i] != NULL; i++)
      g_ptr_array_add (gen_argv, gen_args[i]);
    g_ptr_array_add (gen_argv, NULL);
    if (!run ((char **) gen_argv->pdata, NULL, &status, NULL, NULL) || !g_spawn_check_wait_status (status, NULL))
      return 1;
    g_print ("generated %d run(s) x %d requests in %.2f s\n", n_runs, n_requests,
             (g_get_monotonic_time () - t0) / 1e6);
  }
  {
    const char *fixed[] = { plot_exe, "--headless", data, "-o", out };

    plot_args = g_ptr_array_new ();
    for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
      g_ptr_array_add (plot_args, (gpointer) fixed[i]);
    for (guint i = 0; exe_args != NULL && exe_args[i] != NULL; i++)
      g_ptr_array_add (plot_args, exe_args[i]);
    g_ptr_array_add (plot_args, NULL);
  }
  env = g_environ_unsetenv (env, "DISPLAY");
  env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
  env = g_environ_setenv (env, "HOME", tmp, TRUE);
  {
    /* the first run, untimed, shows the output and warms the page cache */
    char **plot_argv = (char **) plot_args->pdata;
    g_autofree char *stdout_text = NULL, *stderr_text = NULL;

    if (!run (plot_argv, env, &status, &stdout_text, &stderr_text))
      return 1;
    g_print ("%s%s", stdout_text, stderr_text);
    if (!g_spawn_check_wait_status (status, NULL))
      {
        g_printerr ("aiperf-plot failed (status %d)\n", status);
        return 1;
      }
  }
  for (int i = 0; i < repeat; i++)
    {
      char **plot_argv = (char **) plot_args->pdata;
      double seconds, mb;

      if (!run_measured (plot_argv, env, &seconds, &mb))
        return 1;
      g_array_append_val (times, seconds);
      peak_mb = MAX (peak_mb, mb);
    }
  g_array_sort (times, compare_doubles);
  g_print ("export of %d run(s) x %d requests: median %.3f s, min %.3f s over %d runs; peak RSS %.0f MB",
           n_runs, template_path != NULL && n_runs > 1 ? 0 : n_requests, g_array_index (times, double, times->len / 2),
           g_array_index (times, double, 0), repeat, peak_mb);
  if (target_s > 0 || target_mb > 0)
    g_print (" (targets: <= %.2f s, <= %.0f MB)", target_s, target_mb);
  g_print ("\n");
  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? "report.html" : "report.pdf";
      g_autofree char *path = g_build_filename (out, name, NULL);
      GStatBuf st;

      if (g_stat (path, &st) != 0)
        continue;
      g_print ("%s: %.2f MB", name, st.st_size / 1048576.0);
      if (target_report_mb > 0)
        g_print (" (target: < %.0f MB)", target_report_mb);
      g_print ("\n");
    }
  aiperf_test_remove_tree (tmp);
  return 0;
}
