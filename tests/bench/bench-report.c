/* bench-report.c — how fast report.html opens and reacts in headless
 * Chromium, and how big it is.
 *
 * bench-report --exe AIPERF_PLOT [--gen AIPERF_GEN] [--runs N --template FILE]
 *              [--requests N] [--gen-arg ARG …] [--input PATH …] [--repeat N]
 *              [--target-open-ms MS]
 *
 * Writes the input (a sweep of --runs copies of --template, one
 * --requests-request run from aiperf-gen, or the --input paths as they
 * are), makes its report with aiperf-plot --headless --html, then opens
 * report.html#bench --repeat times in a fresh headless Chromium. The page
 * times itself (report-check.js, "#bench"): open_ms from the navigation's
 * start to the charts in view drawn (the others are drawn as they come
 * near), all_ms to every chart drawn, toggle_ms to redraw after a run is unchecked (and
 * again checked), zoom_ms for a wheel step on its biggest chart, hover_ms
 * per pointer move there. The median of each is printed with the file's
 * size; targets are reported, not asserted. Exit 77 without Chromium.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "../aiperf-test-util.h"

static gboolean
spawn (char **argv,
       char **out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, &err, &status, &error))
    {
      g_printerr ("%s: %s\n", argv[0], error->message);
      return FALSE;
    }
  if (!g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("%s failed: %s\n%s\n", argv[0], error->message, err);
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_sweep (const char *template_path,
             int         n_runs,
             const char *data)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (template_path, &text, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  /* as bench-export does: four models, concurrency 1…N */
  for (int i = 0; i < n_runs; i++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/model%d-concurrency%03d", data, i % 4, i + 1);
      g_autofree char *file = g_build_filename (dir, "profile_export_aiperf.json", NULL);
      g_autofree char *conc = g_strdup_printf ("\"concurrency\": %d,", i + 1);
      g_autofree char *model = g_strdup_printf ("\"model_names\": [\n        \"model-%d\"", i % 4);
      g_autoptr(GString) copy = g_string_new (text);

      g_string_replace (copy, "\"concurrency\": 1,", conc, 1);
      g_string_replace (copy, "\"model_names\": [\n        \"Qwen/Qwen3-0.6B\"", model, 1);
      g_mkdir_with_parents (dir, 0755);
      if (!g_file_set_contents (file, copy->str, copy->len, &error))
        {
          g_printerr ("%s\n", error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* The page's own timings, or NULL. */
static JsonObject *
open_page (const char *chromium,
           const char *report,
           const char *profile,
           JsonParser *parser,
           double     *wall_s)
{
  g_autofree char *uri = g_filename_to_uri (report, NULL, NULL);
  g_autofree char *target = g_strconcat (uri, "#bench", NULL);
  g_autofree char *user_dir = g_strconcat ("--user-data-dir=", profile, NULL);
  char *argv[] = {
    (char *) chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND", user_dir,
    "--window-size=1280,1024", "--dump-dom", target, NULL
  };
  g_autofree char *dom = NULL;
  g_autoptr(GString) json = NULL;
  g_autoptr(GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  const char *start, *end;

  if (!spawn (argv, &dom))
    return NULL;
  *wall_s = (g_get_monotonic_time () - t0) / 1e6;
  start = strstr (dom, "<pre id=\"bench-result\">");
  end = start != NULL ? strstr (start, "</pre>") : NULL;
  if (end == NULL)
    {
      g_printerr ("the page did not time itself\n");
      return NULL;
    }
  start += strlen ("<pre id=\"bench-result\">");
  json = g_string_new_len (start, end - start);
  g_string_replace (json, "&quot;", "\"", 0);
  g_string_replace (json, "&amp;", "&", 0);
  if (!json_parser_load_from_data (parser, json->str, -1, &error))
    {
      g_printerr ("%s\n", error->message);
      return NULL;
    }
  return json_node_get_object (json_parser_get_root (parser));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *values)
{
  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *gen_exe = NULL, *plot_exe = NULL, *template_path = NULL;
  g_auto(GStrv) gen_args = NULL, inputs = NULL;
  int n_runs = 1, n_requests = 0, repeat = 3;
  double target_open_ms = 1000;
  GOptionEntry entries[] = {
    { "gen", 0, 0, G_OPTION_ARG_FILENAME, &gen_exe, "aiperf-gen", "PATH" },
    { "exe", 0, 0, G_OPTION_ARG_FILENAME, &plot_exe, "aiperf-plot", "PATH" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &n_runs, "Runs of the sweep (with --template)", "N" },
    { "template", 0, 0, G_OPTION_ARG_FILENAME, &template_path, "A run's profile_export_aiperf.json", "FILE" },
    { "requests", 0, 0, G_OPTION_ARG_INT, &n_requests, "One generated run of N requests", "N" },
    { "gen-arg", 0, 0, G_OPTION_ARG_STRING_ARRAY, &gen_args, "Passed to aiperf-gen", "ARG" },
    { "input", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &inputs, "A path to report as it is", "PATH" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Page openings", "N" },
    { "target-open-ms", 0, 0, G_OPTION_ARG_DOUBLE, &target_open_ms, "Reported target", "MS" },
    { NULL }
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new ("— time report.html in headless Chromium");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plot_argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *chromium = g_find_program_in_path ("chromium");
  g_autofree char *tmp = NULL, *data = NULL, *out = NULL, *report = NULL;
  g_autoptr(GArray) open_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) all_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) toggle_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) zoom_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) hover_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  GStatBuf st;
  gint64 items = 0, cards = 0, in_view = 0;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || plot_exe == NULL)
    {
      g_printerr ("usage: bench-report --exe AIPERF_PLOT [--gen AIPERF_GEN] [--runs N --template FILE | "
                  "--requests N | --input PATH …]\n");
      return 2;
    }
  if (chromium == NULL)
    chromium = g_find_program_in_path ("chromium-browser");
  if (chromium == NULL)
    {
      g_printerr ("chromium is not installed: skipping\n");
      return 77;
    }
  tmp = g_dir_make_tmp ("aiperf-bench-report-XXXXXX", NULL);
  data = g_build_filename (tmp, "data", NULL);
  out = g_build_filename (tmp, "report", NULL);
  report = g_build_filename (out, "report.html", NULL);

  g_ptr_array_add (plot_argv, g_strdup (plot_exe));
  g_ptr_array_add (plot_argv, g_strdup ("--headless"));
  g_ptr_array_add (plot_argv, g_strdup ("--html"));
  g_ptr_array_add (plot_argv, g_strdup ("-o"));
  g_ptr_array_add (plot_argv, g_strdup (out));
  if (inputs != NULL)
    for (guint i = 0; inputs[i] != NULL; i++)
      g_ptr_array_add (plot_argv, g_strdup (inputs[i]));
  else if (n_runs > 1 && template_path != NULL)
    {
      if (!write_sweep (template_path, n_runs, data))
        return 1;
      g_ptr_array_add (plot_argv, g_strdup (data));
      g_print ("input: a sweep of %d runs\n", n_runs);
    }
  else if (gen_exe != NULL && n_requests > 0)
    {
      g_autoptr(GPtrArray) gen_argv = g_ptr_array_new_with_free_func (g_free);

      g_ptr_array_add (gen_argv, g_strdup (gen_exe));
      g_ptr_array_add (gen_argv, g_strdup ("--requests"));
      g_ptr_array_add (gen_argv, g_strdup_printf ("%d", n_requests));
      g_ptr_array_add (gen_argv, g_strdup ("--out"));
      g_ptr_array_add (gen_argv, g_strdup (data));
      for (guint i = 0; gen_args != NULL && gen_args[i] != NULL; i++)
        g_ptr_array_add (gen_argv, g_strdup (gen_args[i]));
      g_ptr_array_add (gen_argv, NULL);
      if (!spawn ((char **) gen_argv->pdata, NULL))
        return 1;
      g_ptr_array_add (plot_argv, g_strdup (data));
      g_print ("input: one run of %d requests\n", n_requests);
    }
  else
    {
      g_printerr ("nothing to report: --input, --runs with --template, or --requests with --gen\n");
      return 2;
    }
  g_ptr_array_add (plot_argv, NULL);
  if (!spawn ((char **) plot_argv->pdata, NULL))
    return 1;
  if (g_stat (report, &st) != 0)
    {
      g_printerr ("no report was written\n");
      return 1;
    }

  for (int i = 0; i < repeat; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *profile = g_strdup_printf ("%s/profile%d", tmp, i);
      double seconds = 0;
      JsonObject *result = open_page (chromium, report, profile, parser, &seconds);

      if (result == NULL)
        return 1;
      g_array_append_vals (wall, &seconds, 1);
#define TAKE(array, key) \
      if (json_object_has_member (result, key)) \
        { \
          double v = json_object_get_double_member (result, key); \
          g_array_append_val (array, v); \
        }
      TAKE (open_ms, "open_ms");
      TAKE (all_ms, "all_ms");
      TAKE (toggle_ms, "toggle_ms");
      TAKE (zoom_ms, "zoom_ms");
      TAKE (hover_ms, "hover_ms");
#undef TAKE
      items = json_object_get_int_member (result, "items");
      cards = json_object_get_int_member (result, "cards");
      in_view = json_object_get_int_member_with_default (result, "drawn_at_open", cards);
    }

  g_print ("report.html: %.2f MB, %" G_GINT64_FORMAT " items drawn\n", st.st_size / 1e6, items);
  g_print ("open (navigation to the %" G_GINT64_FORMAT " charts in view drawn): %.0f ms median of %d "
           "(target < %.0f ms: %s)\n", in_view, median (open_ms), repeat, target_open_ms,
           median (open_ms) < target_open_ms ? "met" : "NOT met");
  g_print ("every chart drawn (%" G_GINT64_FORMAT "): %.0f ms\n", cards, median (all_ms));
  g_print ("run unchecked or checked: %.0f ms; wheel zoom: %.0f ms; hover: %.1f ms per move\n",
           median (toggle_ms), median (zoom_ms), median (hover_ms));
  g_print ("chromium start to DOM dump: %.2f s (the browser's own start-up included)\n", median (wall));

  aiperf_test_remove_tree (tmp);
  return 0;
}
