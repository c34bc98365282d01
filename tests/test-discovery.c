/* test-discovery.c — finding run folders: aiperf's shapes, the
 * profile_runs/aggregate rule, shadows, symlink loops, de-duplication.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aiperf-run-set-load.h"
#include "aiperf-discovery.h"
#include "aiperf-error.h"
#include "aiperf-run-set.h"
#include "aiperf-test-util.h"

static char *tmp_root;

static void
write_file (const char *rel,
            const char *contents)
{
  g_autofree char *path = g_build_filename (tmp_root, rel, NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static void
make_link (const char *target,
           const char *rel)
{
  g_autofree char *path = g_build_filename (tmp_root, rel, NULL);
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_cmpint (symlink (target, path), ==, 0);
}

#define SUMMARY "{\"request_latency\": {\"unit\": \"ms\", \"avg\": 1.5}, " \
                "\"input_config\": {\"endpoint\": {\"model_names\": [\"m\"]}}}"
#define AGGREGATE "{\"metadata\": {\"model\": \"m\"}, \"metrics\": " \
                  "{\"request_latency_avg\": {\"mean\": 2.5, \"unit\": \"ms\"}}}"

static void
make_run (const char *rel,
          gboolean    with_jsonl)
{
  g_autofree char *summary = g_build_filename (rel, "profile_export_aiperf.json", NULL);

  write_file (summary, SUMMARY);
  if (with_jsonl)
    {
      g_autofree char *jsonl = g_build_filename (rel, "profile_export.jsonl", NULL);

      write_file (jsonl, "");
    }
}

static GPtrArray *
discover (const char  *rel,
          GPtrArray   *warnings,
          GError     **error)
{
  g_autofree char *path = g_build_filename (tmp_root, rel, NULL);
  const char *paths[] = { path, NULL };

  return aiperf_discover_runs (paths, warnings, NULL, error);
}

/* Relative paths of what was found, joined with spaces. */
static char *
found (const char *rel)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = discover (rel, NULL, &error);
  GString *out = g_string_new (NULL);

  if (runs == NULL)
    return g_string_free (out, FALSE);
  for (guint i = 0; i < runs->len; i++)
    {
      const char *path = g_ptr_array_index (runs, i);

      g_assert_true (g_str_has_prefix (path, tmp_root));
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, path + strlen (tmp_root) + 1);
    }
  return g_string_free (out, FALSE);
}

static void
test_shapes (void)
{
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;

  make_run ("shapes/full", TRUE);
  make_run ("shapes/summary-only", FALSE);
  write_file ("shapes/csv-only/profile_export_aiperf.csv", "Metric,avg\r\nRequest Latency (ms),1.00\r\n");
  write_file ("shapes/jsonl-only/profile_export.jsonl", "{}\n");
  write_file ("shapes/cell/profile_export_aiperf_aggregate.json", AGGREGATE);
  make_run ("shapes/full/nested", TRUE);
  a = found ("shapes");
  g_assert_cmpstr (a, ==, "shapes/cell shapes/csv-only shapes/full shapes/full/nested shapes/summary-only");

  b = g_build_filename (tmp_root, "shapes", "jsonl-only", NULL);
  g_assert_false (aiperf_is_run_directory (b));
  c = g_build_filename (tmp_root, "shapes", "csv-only", NULL);
  g_assert_true (aiperf_is_run_directory (c));
  /* a file of a run stands for its folder */
  d = found ("shapes/full/profile_export_aiperf.json");
  g_assert_cmpstr (d, ==, "shapes/full shapes/full/nested");
}

static void
test_profile_runs_and_aggregate (void)
{
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  make_run ("sweep/profile_runs/run_0001", TRUE);
  make_run ("sweep/profile_runs/run_0002", TRUE);
  write_file ("sweep/aggregate/profile_export_aiperf_aggregate.json", AGGREGATE);
  /* the aggregate is canonical; trials are skipped */
  a = found ("sweep");
  g_assert_cmpstr (a, ==, "sweep/aggregate");
  /* …unless profile_runs is asked for */
  b = found ("sweep/profile_runs");
  g_assert_cmpstr (b, ==, "sweep/profile_runs/run_0001 sweep/profile_runs/run_0002");

  /* without an aggregate, trials are ordinary runs */
  make_run ("trials/profile_runs/run_0001", TRUE);
  c = found ("trials");
  g_assert_cmpstr (c, ==, "trials/profile_runs/run_0001");
}

static void
test_shadow_aggregates (void)
{
  g_autofree char *a = NULL, *b = NULL;

  /* aggregate/ next to a real run's JSONL is a shadow */
  make_run ("single", TRUE);
  write_file ("single/aggregate/profile_export_aiperf_aggregate.json", AGGREGATE);
  a = found ("single");
  g_assert_cmpstr (a, ==, "single");

  /* aggregate/<cell> mirroring <cell>/profile_export.jsonl is a shadow */
  make_run ("cells/c8", TRUE);
  write_file ("cells/aggregate/c8/profile_export_aiperf_aggregate.json", AGGREGATE);
  write_file ("cells/aggregate/c16/profile_export_aiperf_aggregate.json", AGGREGATE);
  b = found ("cells");
  g_assert_cmpstr (b, ==, "cells/aggregate/c16 cells/c8");
}

static void
test_symlinks (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autofree char *a = NULL, *b = NULL;

  /* a loop back to the top must end */
  make_run ("loop/run", TRUE);
  make_link ("..", "loop/run/up");
  make_link ("../loop", "loop/self");
  a = found ("loop");
  g_assert_cmpstr (a, ==, "loop/run");

  /* two names for one run give one run */
  make_run ("dup/real", TRUE);
  make_link ("real", "dup/alias");
  b = found ("dup");
  g_assert_cmpstr (b, ==, "dup/real");

  /* a broken link is reported, not followed; nothing else → NO_RUNS */
  make_link ("nowhere/profile_export_aiperf.json", "broken/profile_export_aiperf.json");
  make_link ("nowhere", "broken/dangling-dir");
  runs = discover ("broken", warnings, &error);
  g_assert_null (runs);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS);
  g_assert_nonnull (strstr (error->message, "No AIPerf run found in"));
  g_assert_nonnull (strstr (error->message, "profile_export_aiperf.csv"));
  g_assert_cmpuint (warnings->len, ==, 2);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "broken symbolic link"));
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = NULL;

  runs = discover ("missing", NULL, &error);
  g_assert_null (runs);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "missing"));
  g_clear_error (&error);

  {
    g_autofree char *deep = g_build_filename (tmp_root, "empty", "a", "b", NULL);

    g_assert_cmpint (g_mkdir_with_parents (deep, 0755), ==, 0);
  }
  runs = discover ("empty", NULL, &error);
  g_assert_null (runs);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS);
  g_clear_error (&error);

  /* An artifact file opens its run; any other file is refused, not taken
   * as "everything in the folder around it". */
  make_run ("files/run", TRUE);
  write_file ("files/run/notes.txt", "hello");
  runs = discover ("files/run/profile_export.jsonl", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (runs->len, ==, 1);
  g_assert_true (g_str_has_suffix (g_ptr_array_index (runs, 0), "/files/run"));
  g_clear_pointer (&runs, g_ptr_array_unref);
  runs = discover ("files/run/notes.txt", NULL, &error);
  g_assert_null (runs);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS);
  g_assert_nonnull (strstr (error->message, "notes.txt"));
}

static void
test_multiple_paths (void)
{
  g_autofree char *p1 = g_build_filename (tmp_root, "shapes", "full", NULL);
  g_autofree char *p2 = g_build_filename (tmp_root, "shapes", NULL);
  const char *paths[] = { p1, p2, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = aiperf_discover_runs (paths, NULL, NULL, &error);

  g_assert_no_error (error);
  /* overlapping paths: every run once, sorted */
  g_assert_cmpuint (runs->len, ==, 5);
}

static void
progress_cb (double      fraction,
             const char *what,
             gpointer    user_data)
{
  double *last = user_data;

  g_assert_true (fraction < 0 || fraction >= *last);
  if (fraction >= 0)
    *last = fraction;
}

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  AiperfRunSet **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = aiperf_run_set_load_finish (result, &error);
  g_assert_no_error (error);
}

static void
test_load_async (void)
{
  g_autofree char *path = g_build_filename (tmp_root, "shapes", NULL);
  const char *paths[] = { path, NULL };
  g_autoptr(AiperfRunSet) set = NULL;
  double last = 0;

  aiperf_run_set_load_async (paths, NULL, progress_cb, &last, loaded_cb, &set);
  while (set == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 5);
  g_assert_cmpfloat (last, ==, 1.0);
  {
    g_autofree char *full = g_build_filename (tmp_root, "shapes", "full", NULL);
    AiperfRun *run = aiperf_run_set_find (set, full);

    g_assert_nonnull (run);
    g_assert_false (aiperf_run_set_add (set, run));
    g_assert_true (aiperf_run_set_remove (set, run));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (set)), ==, 4);
  }
}

static void
test_cancelled (void)
{
  g_autofree char *path = g_build_filename (tmp_root, "shapes", NULL);
  const char *paths[] = { path, NULL };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = NULL;

  g_cancellable_cancel (cancellable);
  set = aiperf_run_set_load (paths, cancellable, NULL, NULL, &error);
  g_assert_null (set);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* A folder holding aiperf_plot.log is our output: never read back. */
static void
test_own_output (void)
{
  g_autofree char *found_runs = NULL;

  make_run ("own/run", TRUE);
  make_run ("own/plots/copied-run", TRUE);
  write_file ("own/plots/aiperf_plot.log", "log\n");
  found_runs = found ("own");
  g_assert_cmpstr (found_runs, ==, "own/run");
}

/* --param-pattern: named groups of the folder name become parameters and
 * override what the name parsers found. */
static void
test_param_pattern (void)
{
  g_autofree char *path = g_build_filename (tmp_root, "pattern", NULL);
  const char *paths[] = { path, NULL };
  g_autoptr(GRegex) regex = g_regex_new ("in(?P<isl>\\d+)_out(?<osl>\\d+)_conc(?P<conc>\\d+)",
                                         0, 0, NULL);
  AiperfOpenOptions options = { regex, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  AiperfRun *run;

  g_assert_nonnull (regex);
  make_run ("pattern/in200_out100_conc16", FALSE);
  make_run ("pattern/other", FALSE);
  set = aiperf_run_set_load_with_options (paths, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);
  run = aiperf_run_set_get_run (set, 0);
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "in200_out100_conc16");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "isl"), ==, "200");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "osl"), ==, "100");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "conc"), ==, "16");
  g_assert_null (aiperf_run_get_parameter (aiperf_run_set_get_run (set, 1), "isl"));
  g_assert_cmpstr (aiperf_run_get_source (run), ==, "aiperf");
  g_assert_cmpstr (aiperf_run_get_kind (run), ==, "serving");
}

/* A path nobody recognises gets one line saying what was looked for. */
static void
test_unrecognised (void)
{
  g_autofree char *good = g_build_filename (tmp_root, "mixed", "run", NULL);
  g_autofree char *junk = g_build_filename (tmp_root, "mixed", "junk", NULL);
  const char *paths[] = { good, junk, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  GPtrArray *warnings;
  gboolean said = FALSE;

  make_run ("mixed/run", FALSE);
  write_file ("mixed/junk/notes.txt", "hello\n");
  set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  warnings = aiperf_run_set_get_warnings (set);
  for (guint i = 0; i < warnings->len; i++)
    said |= strstr (g_ptr_array_index (warnings, i), "junk: nothing recognised (looked for AIPerf") != NULL;
  g_assert_true (said);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *made = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  made = g_dir_make_tmp ("aiperf-discovery-XXXXXX", &error);
  g_assert_no_error (error);
  /* realpath, so prefixes compare equal on systems where /tmp is a link */
  tmp_root = realpath (made, NULL);

  g_test_add_func ("/aiperf/discovery/shapes", test_shapes);
  g_test_add_func ("/aiperf/discovery/profile-runs-aggregate", test_profile_runs_and_aggregate);
  g_test_add_func ("/aiperf/discovery/shadow-aggregates", test_shadow_aggregates);
  g_test_add_func ("/aiperf/discovery/symlinks", test_symlinks);
  g_test_add_func ("/aiperf/discovery/errors", test_errors);
  g_test_add_func ("/aiperf/discovery/multiple-paths", test_multiple_paths);
  g_test_add_func ("/aiperf/discovery/own-output-skipped", test_own_output);
  g_test_add_func ("/aiperf/discovery/param-pattern", test_param_pattern);
  g_test_add_func ("/aiperf/discovery/unrecognised", test_unrecognised);
  g_test_add_func ("/aiperf/run-set/load-async", test_load_async);
  g_test_add_func ("/aiperf/run-set/cancelled", test_cancelled);
  status = g_test_run ();

  aiperf_test_remove_tree (tmp_root);
  free (tmp_root);
  return status;
}
