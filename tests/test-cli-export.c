/* test-cli-export.c — aiperf-plot --headless writing plots, with no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include "aiperf-test-util.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} Result;

static void
result_clear (Result *r)
{
  g_free (r->out);
  g_free (r->err);
}

static char *tmp_root;

static char *
fixture (const char *sub)
{
  return g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", sub, NULL);
}

/* Runs the binary with DISPLAY and WAYLAND_DISPLAY removed and HOME in a
 * scratch folder (so no user preset interferes). */
static Result
run_cli (const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  g_autofree char *home = g_build_filename (tmp_root, "home", NULL);
  const char *exe = g_getenv ("AIPERF_PLOT_EXE");
  Result r = { 0 };
  int wait_status = 0;
  va_list args;

  g_assert_nonnull (exe);
  env = g_environ_unsetenv (env, "DISPLAY");
  env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
  env = g_environ_setenv (env, "HOME", home, TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C", TRUE);
  g_ptr_array_add (argv, (char *) exe);
  g_ptr_array_add (argv, (char *) "--headless");
  va_start (args, first);
  for (const char *a = first; a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                &r.out, &r.err, &wait_status, &error);
  g_assert_no_error (error);
  r.status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  g_test_message ("exit %d\nstdout:\n%s\nstderr:\n%s", r.status, r.out, r.err);
  return r;
}

/* Width and height from the IHDR chunk of a PNG. */
static void
png_size (const char *path,
          guint      *w,
          guint      *h)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  const guchar *p;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpuint (len, >, 24);
  p = (const guchar *) data;
  g_assert_cmpmem (p, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpmem (p + 12, 4, "IHDR", 4);
  *w = (guint) p[16] << 24 | (guint) p[17] << 16 | (guint) p[18] << 8 | p[19];
  *h = (guint) p[20] << 24 | (guint) p[21] << 16 | (guint) p[22] << 8 | p[23];
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static GPtrArray *
list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  return names;
}

static void
test_multi_run (void)
{
  g_autofree char *input = fixture ("tests/unit/plot/fixtures");
  g_autofree char *out = g_build_filename (tmp_root, "multi", NULL);
  g_autofree char *summary = NULL, *expected = NULL, *log = NULL, *saved = NULL;
  g_autofree char *summary_path = g_build_filename (out, "summary.txt", NULL);
  g_autofree char *log_path = g_build_filename (out, "aiperf_plot.log", NULL);
  g_autoptr(GPtrArray) names = NULL;
  static const char * const plots[] = {
    "pareto_curve_throughput_per_gpu_vs_latency.png",
    "pareto_curve_throughput_per_gpu_vs_interactivity.png",
    "ttft_vs_throughput.png",
    "latency_throughput_uncertainty.png",
  };
  Result r = run_cli (input, "--output", out, "--size", "800x400", NULL);

  g_assert_cmpint (r.status, ==, 0);
  saved = g_strdup_printf ("Saved 4 plot(s) to: %s\n", out);
  g_assert_nonnull (strstr (r.out, saved));
  g_assert_nonnull (strstr (r.out, "Logs: "));
  for (guint i = 0; i < G_N_ELEMENTS (plots); i++)
    {
      g_autofree char *path = g_build_filename (out, plots[i], NULL);
      guint w = 0, h = 0;

      png_size (path, &w, &h);
      g_assert_cmpuint (w, ==, 800);
      g_assert_cmpuint (h, ==, 400);
    }
  names = list_dir (out);
  g_assert_cmpuint (names->len, ==, 6);  /* 4 plots, summary.txt, aiperf_plot.log */

  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  expected = g_strdup_printf ("AIPerf Plot Export Summary\n"
                              "==================================================\n"
                              "\n"
                              "Generated 4 plots:\n"
                              "\n"
                              "  - %s\n  - %s\n  - %s\n  - %s\n"
                              "\n"
                              "Output directory: %s\n",
                              plots[0], plots[1], plots[2], plots[3], out);
  g_assert_cmpstr (summary, ==, expected);
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  g_assert_nonnull (strstr (log, " - INFO - "));
  g_assert_null (strstr (log, " - DEBUG - "));
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

/* Four plots in three formats are four plots (aiperf counts plots, not
 * files), each file listed; the output folder is printed without the
 * trailing slash it was given with. */
static void
test_summary_formats (void)
{
  g_autofree char *input = fixture ("tests/unit/plot/fixtures");
  g_autofree char *out = g_build_filename (tmp_root, "formats", NULL);
  g_autofree char *out_slash = g_strconcat (out, "/", NULL);
  g_autofree char *summary_path = g_build_filename (out, "summary.txt", NULL);
  g_autofree char *summary = NULL, *saved = NULL, *log = NULL;
  g_autofree char *log_path = g_build_filename (out, "aiperf_plot.log", NULL);
  g_autoptr(GString) expected = g_string_new (NULL);
  static const char * const plots[] = {
    "pareto_curve_throughput_per_gpu_vs_latency",
    "pareto_curve_throughput_per_gpu_vs_interactivity",
    "ttft_vs_throughput",
    "latency_throughput_uncertainty",
  };
  static const char * const exts[] = { "png", "svg", "pdf" };
  Result r = run_cli (input, "--output", out_slash, "--format", "png,svg,pdf", "--size", "400x300", NULL);

  g_assert_cmpint (r.status, ==, 0);
  saved = g_strdup_printf ("Saved 4 plot(s) to: %s\nLogs: %s\n", out, log_path);
  g_assert_cmpstr (r.out, ==, saved);

  g_string_append (expected, "AIPerf Plot Export Summary\n"
                             "==================================================\n"
                             "\n"
                             "Generated 4 plots:\n"
                             "\n");
  for (guint i = 0; i < G_N_ELEMENTS (plots); i++)
    for (guint f = 0; f < G_N_ELEMENTS (exts); f++)
      g_string_append_printf (expected, "  - %s.%s\n", plots[i], exts[f]);
  g_string_append_printf (expected, "\nOutput directory: %s\n", out);
  g_assert_true (g_file_get_contents (summary_path, &summary, NULL, NULL));
  g_assert_cmpstr (summary, ==, expected->str);
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  g_assert_nonnull (strstr (log, " - INFO - Saved 4 plot(s) to "));
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

static void
test_single_run (void)
{
  g_autofree char *input = fixture ("tests/unit/plot/fixtures/qwen_concurrency1");
  g_autofree char *out = g_build_filename (tmp_root, "single", NULL);
  g_autofree char *log = NULL, *log_path = g_build_filename (out, "aiperf_plot.log", NULL);
  g_autoptr(GPtrArray) names = NULL;
  Result r = run_cli (input, "-o", out, "--format", "png,svg", "--theme", "dark", "--verbose", NULL);
  g_auto(GStrv) err_lines = NULL;
  guint skipped = 0;

  g_assert_cmpint (r.status, ==, 0);
  names = list_dir (out);
  /* 3 plots with data × 2 formats; the time-slice plots are skipped. */
  g_assert_cmpuint (names->len, ==, 8);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "aiperf_plot.log");
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, "gpu_utilization_and_throughput_over_time.png");
  g_assert_cmpstr (g_ptr_array_index (names, 2), ==, "gpu_utilization_and_throughput_over_time.svg");
  g_assert_cmpstr (g_ptr_array_index (names, 3), ==, "summary.txt");
  g_assert_cmpstr (g_ptr_array_index (names, 4), ==, "ttft_over_time.png");
  g_assert_cmpstr (g_ptr_array_index (names, 7), ==, "ttft_timeline.svg");
  err_lines = g_strsplit (r.err, "\n", -1);
  for (guint i = 0; err_lines[i] != NULL; i++)
    if (strstr (err_lines[i], "Skipping timeslices_") != NULL)
      {
        g_assert_nonnull (strstr (err_lines[i], "time slices"));
        skipped++;
      }
  g_assert_cmpuint (skipped, ==, 2);
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  g_assert_nonnull (strstr (log, " - DEBUG - "));
  g_assert_nonnull (strstr (log, " - WARNING - Skipping timeslices_ttft"));
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

static void
test_plot_filter (void)
{
  g_autofree char *input = fixture ("tests/unit/plot/fixtures");
  g_autofree char *out = g_build_filename (tmp_root, "filter", NULL);
  g_autoptr(GPtrArray) names = NULL;
  Result r = run_cli (input, "-o", out, "--plot", "ttft_vs_throughput", "--size", "400x300", NULL);

  g_assert_cmpint (r.status, ==, 0);
  names = list_dir (out);
  g_assert_cmpuint (names->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (names, 2), ==, "ttft_vs_throughput.png");
  result_clear (&r);
  aiperf_test_remove_tree (out);

  r = run_cli (input, "-o", out, "--plot", "no_such_plot", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "no_such_plot"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  result_clear (&r);

  /* A single-run preset on a sweep: nothing to write. */
  r = run_cli (input, "-o", out, "--plot", "ttft_timeline", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.out, "Saved 0 plot(s)"));
  result_clear (&r);
  aiperf_test_remove_tree (out);
}

static void
test_unwritable (void)
{
  g_autofree char *input = fixture ("tests/unit/plot/fixtures");
  g_autofree char *blocker = g_build_filename (tmp_root, "a-file", NULL);
  g_autofree char *out = g_build_filename (blocker, "plots", NULL);
  g_auto(GStrv) lines = NULL;
  Result r;

  /* A path below a regular file cannot be created, even by root. */
  g_assert_true (g_file_set_contents (blocker, "x", 1, NULL));
  r = run_cli (input, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 1);
  lines = g_strsplit (g_strstrip (r.err), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1);
  g_assert_nonnull (strstr (lines[0], out));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_unlink (blocker);
  result_clear (&r);
}

static void
test_bad_config (void)
{
  g_autofree char *input = fixture ("tests/unit/plot/fixtures");
  g_autofree char *config = g_build_filename (tmp_root, "bad.yaml", NULL);
  g_autofree char *out = g_build_filename (tmp_root, "cfg", NULL);
  g_autofree char *where = NULL;
  Result r;

  g_assert_true (g_file_set_contents (config, "visualization:\n  multi_run_plots:\n    p: {type: nope}\n", -1, NULL));
  r = run_cli (input, "-o", out, "--config", config, NULL);
  g_assert_cmpint (r.status, ==, 2);
  where = g_strdup_printf ("%s:3:15:", config);
  g_assert_nonnull (strstr (r.err, where));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_unlink (config);
  result_clear (&r);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_root = g_dir_make_tmp ("aiperf-cli-export-XXXXXX", NULL);

  g_test_add_func ("/aiperf/cli/export/multi-run", test_multi_run);
  g_test_add_func ("/aiperf/cli/export/summary-formats", test_summary_formats);
  g_test_add_func ("/aiperf/cli/export/single-run", test_single_run);
  g_test_add_func ("/aiperf/cli/export/plot-filter", test_plot_filter);
  g_test_add_func ("/aiperf/cli/export/unwritable", test_unwritable);
  g_test_add_func ("/aiperf/cli/export/bad-config", test_bad_config);
  status = g_test_run ();
  aiperf_test_remove_tree (tmp_root);
  g_free (tmp_root);
  return status;
}
