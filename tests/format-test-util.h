/* format-test-util.h — helpers of the format tests: fixture paths, loading
 * a run set, finding a run by locator, broken copies in a temporary folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-error.h"
#include "aiperf-run-set.h"
#include "aiperf-test-util.h"

/* tests/data/formats/<parts…> */
static inline char *
format_fixture (const char *first,
                ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;

  g_ptr_array_add (parts, (gpointer) g_test_get_dir (G_TEST_DIST));
  g_ptr_array_add (parts, (gpointer) "data");
  g_ptr_array_add (parts, (gpointer) "formats");
  va_start (args, first);
  for (const char *part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

/* Loads @paths (NULL-terminated); asserts success. */
static inline AiperfRunSet *
format_load (const char * const *paths)
{
  g_autoptr(GError) error = NULL;
  AiperfRunSet *set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  return set;
}

static inline AiperfRunSet *
format_load_one (const char *path)
{
  const char *paths[] = { path, NULL };

  return format_load (paths);
}

/* The run whose locator ends with @suffix (asserts there is one). */
static inline AiperfRun *
format_find_run (AiperfRunSet *set,
                 const char   *suffix)
{
  for (guint i = 0; i < aiperf_run_set_get_n_runs (set); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (set, i);

      if (g_str_has_suffix (aiperf_run_get_locator (run), suffix))
        return run;
    }
  g_test_message ("no run ends with %s", suffix);
  g_assert_not_reached ();
  return NULL;
}

static inline double
format_metric (AiperfRun  *run,
               const char *tag,
               AiperfStat  stat)
{
  double value = NAN;

  if (!aiperf_run_get_metric (run, tag, stat, &value))
    return NAN;
  return value;
}

/* Asserts @tag's @stat of @run equals @expected (relative 1e-12). */
#define assert_metric(run, tag, stat, expected)                                   \
  G_STMT_START {                                                                  \
    double v_ = format_metric ((run), (tag), (stat)), e_ = (expected);            \
    if (!(fabs (v_ - e_) <= 1e-12 * MAX (1.0, fabs (e_))))                        \
      g_error ("%s %s: %.17g, expected %.17g", (tag), aiperf_stat_to_string (stat), v_, e_); \
  } G_STMT_END

/* Writes @length bytes of @text (whole when -1) to @dir/@name, creating folders. */
static inline char *
format_write (const char *dir,
              const char *name,
              const char *text,
              gssize      length)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);
  g_autofree char *parent = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
  g_file_set_contents (path, text, length, &error);
  g_assert_no_error (error);
  return path;
}

/* The contents of @path (asserts it can be read). */
static inline char *
format_read (const char *path,
             gsize      *length)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GError) error = NULL;

  file = g_mapped_file_new (path, FALSE, &error);
  g_assert_no_error (error);
  *length = g_mapped_file_get_length (file);
  return g_strndup (g_mapped_file_get_contents (file), *length);
}

/* The messages of the set's load errors, one per line. */
static inline char *
format_errors (AiperfRunSet *set)
{
  GPtrArray *errors = aiperf_run_set_get_load_errors (set);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < errors->len; i++)
    g_string_append_printf (text, "%s\n", ((GError *) g_ptr_array_index (errors, i))->message);
  return g_string_free (text, FALSE);
}
