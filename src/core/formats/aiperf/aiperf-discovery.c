/* aiperf-discovery.c — finding run folders below the paths the user gave,
 * with aiperf plot's rules (mode_detector.py) plus summary-only runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-discovery.h"
#include "aiperf-error.h"
#include "aiperf-formats.h"
#include "aiperf-loaders-private.h"

/* An aggregate next to, or mirroring, a real run is a redundant shadow of it. */
static gboolean
is_shadow_aggregate (const char *directory)
{
  g_autofree char *base = g_path_get_basename (directory);
  g_autofree char *parent = g_path_get_dirname (directory);
  g_autofree char *parent_base = g_path_get_basename (parent);

  if (g_str_equal (base, "aggregate") && aiperf_folder_has_file (parent, AIPERF_FILE_REQUESTS))
    return TRUE;
  if (g_str_equal (parent_base, "aggregate"))
    {
      g_autofree char *grandparent = g_path_get_dirname (parent);
      g_autofree char *twin = g_build_filename (grandparent, base, NULL);

      if (aiperf_folder_has_file (twin, AIPERF_FILE_REQUESTS))
        return TRUE;
    }
  return FALSE;
}

gboolean
aiperf_is_run_directory (const char *directory)
{
  g_return_val_if_fail (directory != NULL, FALSE);

  if (aiperf_folder_has_file (directory, AIPERF_FILE_SUMMARY_JSON) ||
      aiperf_folder_has_file (directory, AIPERF_FILE_SUMMARY_CSV))
    return TRUE;
  return aiperf_folder_has_file (directory, AIPERF_FILE_AGGREGATE_JSON) &&
         !is_shadow_aggregate (directory);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
aiperf_discover_runs (const char * const *paths,
                      GPtrArray          *warnings,
                      GCancellable       *cancellable,
                      GError            **error)
{
  static const char * const only_aiperf[] = { "aiperf", NULL };
  AiperfDiscoverOptions options = { only_aiperf, NULL };
  g_autoptr(GPtrArray) finds = NULL;
  g_autoptr(GError) local_error = NULL;
  GPtrArray *result;

  g_return_val_if_fail (paths != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  finds = aiperf_formats_discover (paths, &options, warnings, NULL, cancellable, &local_error);
  if (finds == NULL)
    {
      if (g_error_matches (local_error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS))
        {
          g_autofree char *searched = g_strjoinv (", ", (char **) paths);

          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS,
                       _("No AIPerf run found in %s: a run folder contains %s (and usually %s) or %s"),
                       searched, AIPERF_FILE_SUMMARY_JSON, AIPERF_FILE_REQUESTS,
                       AIPERF_FILE_SUMMARY_CSV);
          return NULL;
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  /* An artifact file stands for its folder; several may name one. */
  result = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < finds->len; i++)
    {
      const AiperfFind *find = g_ptr_array_index (finds, i);
      char *directory = g_file_test (find->path, G_FILE_TEST_IS_DIR)
                          ? g_strdup (find->path) : g_path_get_dirname (find->path);

      if (g_ptr_array_find_with_equal_func (result, directory, g_str_equal, NULL))
        g_free (directory);
      else
        g_ptr_array_add (result, directory);
    }
  g_ptr_array_sort (result, compare_paths);
  return result;
}
