/* aiperf-discovery.c — finding run folders below the paths the user gave,
 * with aiperf plot's rules (mode_detector.py) plus summary-only runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-discovery.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"

/* Real sweeps are a few levels deep; this only stops pathological trees. */
#define MAX_DEPTH 64

static gboolean
has_regular_file (const char *directory,
                  const char *name)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);

  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* An aggregate next to, or mirroring, a real run is a redundant shadow of it. */
static gboolean
is_shadow_aggregate (const char *directory)
{
  g_autofree char *base = g_path_get_basename (directory);
  g_autofree char *parent = g_path_get_dirname (directory);
  g_autofree char *parent_base = g_path_get_basename (parent);

  if (g_str_equal (base, "aggregate") && has_regular_file (parent, AIPERF_FILE_REQUESTS))
    return TRUE;
  if (g_str_equal (parent_base, "aggregate"))
    {
      g_autofree char *grandparent = g_path_get_dirname (parent);
      g_autofree char *twin = g_build_filename (grandparent, base, NULL);

      if (has_regular_file (twin, AIPERF_FILE_REQUESTS))
        return TRUE;
    }
  return FALSE;
}

gboolean
aiperf_is_run_directory (const char *directory)
{
  g_return_val_if_fail (directory != NULL, FALSE);

  if (has_regular_file (directory, AIPERF_FILE_SUMMARY_JSON) ||
      has_regular_file (directory, AIPERF_FILE_SUMMARY_CSV))
    return TRUE;
  return has_regular_file (directory, AIPERF_FILE_AGGREGATE_JSON) &&
         !is_shadow_aggregate (directory);
}

typedef struct {
  GHashTable   *visited;   /* resolved directories walked */
  GHashTable   *found;     /* resolved run path → absolute path */
  GPtrArray    *warnings;
  GCancellable *cancellable;
} Walk;

static char *
resolve (const char *path)
{
  char *real = realpath (path, NULL);
  char *copy;

  if (real == NULL)
    return NULL;
  copy = g_strdup (real);
  free (real);
  return copy;
}

static void
add_warning (Walk       *walk,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static void
add_warning (Walk       *walk,
             const char *format,
             ...)
{
  va_list args;

  if (walk->warnings == NULL)
    return;
  va_start (args, format);
  g_ptr_array_add (walk->warnings, g_strdup_vprintf (format, args));
  va_end (args);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
walk_directory (Walk       *walk,
                const char *directory,
                guint       depth)
{
  g_autofree char *real = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) children = NULL;
  const char *name;
  gboolean has_aggregate_sibling = FALSE;

  if (g_cancellable_is_cancelled (walk->cancellable))
    return;
  if (depth > MAX_DEPTH)
    {
      add_warning (walk, _("%s: folders nested too deeply; not searched further"), directory);
      return;
    }
  real = resolve (directory);
  if (real == NULL)
    return;
  /* The resolved path makes symlink loops visit a folder only once. */
  if (!g_hash_table_add (walk->visited, g_strdup (real)))
    return;

  if (aiperf_is_run_directory (directory) && !g_hash_table_contains (walk->found, real))
    g_hash_table_insert (walk->found, g_strdup (real), g_strdup (directory));

  dir = g_dir_open (directory, 0, NULL);
  if (dir == NULL)
    {
      add_warning (walk, _("%s: folder cannot be read"), directory);
      return;
    }

  children = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (directory, name, NULL);
      GStatBuf st;

      if (g_stat (child, &st) != 0)
        {
          if (g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            add_warning (walk, _("%s: broken symbolic link, ignored"), child);
          continue;
        }
      if (!S_ISDIR (st.st_mode))
        continue;
      if (g_str_equal (name, "aggregate"))
        has_aggregate_sibling = TRUE;
      /* Real folders sort before links, so a run reached both ways is
       * reported under its own name; "1"/"0" prefix, stripped below. */
      g_ptr_array_add (children, g_strconcat (g_file_test (child, G_FILE_TEST_IS_SYMLINK) ? "1" : "0",
                                              child, NULL));
    }
  g_ptr_array_sort (children, compare_paths);

  for (guint i = 0; i < children->len; i++)
    {
      const char *child = (const char *) g_ptr_array_index (children, i) + 1;
      g_autofree char *base = g_path_get_basename (child);

      /* With an aggregate the trials are redundant (pass profile_runs
       * itself to see them). */
      if (has_aggregate_sibling && g_str_equal (base, "profile_runs"))
        continue;
      walk_directory (walk, child, depth + 1);
    }
}

static gboolean
is_artifact_file (const char *path)
{
  static const char *const names[] = {
    "profile_export_aiperf.json", "profile_export_aiperf.csv", "profile_export.jsonl",
    "profile_export_aiperf_aggregate.json", "profile_export_aiperf_aggregate.csv",
    "gpu_telemetry_export.jsonl", "profile_export_aiperf_timeslices.json",
    "profile_export_aiperf_timeslices.csv", "server_metrics_export.json",
    "inputs.json", "profile_export_raw.jsonl",
  };
  g_autofree char *base = g_path_get_basename (path);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (base, names[i]) == 0)
      return TRUE;
  return FALSE;
}

GPtrArray *
aiperf_discover_runs (const char * const *paths,
                      GPtrArray          *warnings,
                      GCancellable       *cancellable,
                      GError            **error)
{
  g_autoptr(GHashTable) visited = NULL;
  g_autoptr(GHashTable) found = NULL;
  g_autoptr(GString) searched = NULL;
  GPtrArray *result;
  GHashTableIter iter;
  gpointer value;
  Walk walk;

  g_return_val_if_fail (paths != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  visited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  searched = g_string_new (NULL);
  walk = (Walk) { visited, found, warnings, cancellable };

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *path = g_canonicalize_filename (paths[i], NULL);

      /* An artifact file stands for its run folder; any other file is no run. */
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR) && is_artifact_file (path))
        {
          char *parent = g_path_get_dirname (path);

          g_free (path);
          path = parent;
        }
      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND,
                       g_file_test (path, G_FILE_TEST_EXISTS)
                         ? _("%s is neither a folder nor an AIPerf artifact file")
                         : _("%s: no such file or folder"),
                       paths[i]);
          return NULL;
        }
      if (searched->len > 0)
        g_string_append (searched, ", ");
      g_string_append (searched, paths[i]);
      walk_directory (&walk, path, 0);
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if (g_hash_table_size (found) == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS,
                   _("No AIPerf run found in %s: a run folder contains %s (and usually %s) or %s"),
                   searched->str, AIPERF_FILE_SUMMARY_JSON, AIPERF_FILE_REQUESTS,
                   AIPERF_FILE_SUMMARY_CSV);
      return NULL;
    }

  result = g_ptr_array_new_with_free_func (g_free);
  g_hash_table_iter_init (&iter, found);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (result, g_strdup (value));
  g_ptr_array_sort (result, compare_paths);
  return result;
}
