/* aiperf-compare-groups.c — runs grouped by folder: the common folder of
 * every run, and for each run the first folder below it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"


#include "aiperf-compare-groups.h"

/* @run's folder, canonical, split into components ("" first for the root). */
static char **
folder_parts (AiperfRun *run)
{
  const char *directory = aiperf_run_get_directory (run);
  g_autofree char *canonical = g_canonicalize_filename (directory != NULL ? directory : aiperf_run_get_locator (run),
                                                        NULL);

  return g_strsplit (canonical, G_DIR_SEPARATOR_S, -1);
}

GPtrArray *
aiperf_compare_folder_groups (AiperfRunSet *runs)
{
  guint n = runs != NULL ? aiperf_run_set_get_n_runs (runs) : 0;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  GPtrArray *groups = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) run_folders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint shared = G_MAXUINT;

  for (guint i = 0; i < n; i++)
    {
      char **p = folder_parts (aiperf_run_set_get_run (runs, i));
      guint k = 0;

      if (i == 0)
        shared = g_strv_length (p);
      else
        {
          char **first = g_ptr_array_index (parts, 0);

          while (k < shared && p[k] != NULL && g_str_equal (p[k], first[k]))
            k++;
          shared = k;
        }
      g_ptr_array_add (parts, p);
    }
  for (guint i = 0; i < n; i++)
    {
      char **p = g_ptr_array_index (parts, i);
      guint take = MIN (shared + 1, g_strv_length (p));
      g_autofree char *saved = p[take];

      /* The first @take components joined: the group's folder. */
      p[take] = NULL;
      g_ptr_array_add (groups, take <= 1 ? g_strdup (G_DIR_SEPARATOR_S) : g_strjoinv (G_DIR_SEPARATOR_S, p));
      p[take] = g_steal_pointer (&saved);
      g_hash_table_add (run_folders, g_strjoinv (G_DIR_SEPARATOR_S, p));
    }
  /* A run folder holding other runs (sweep/c2/c4) groups nothing: each of
   * its runs is a group of its own. */
  for (guint i = 0; i < n; i++)
    if (g_hash_table_contains (run_folders, g_ptr_array_index (groups, i)))
      {
        g_free (g_ptr_array_index (groups, i));
        groups->pdata[i] = g_strjoinv (G_DIR_SEPARATOR_S, g_ptr_array_index (parts, i));
      }
  return groups;
}

guint
aiperf_compare_count_groups (GPtrArray *groups)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; groups != NULL && i < groups->len; i++)
    g_hash_table_add (seen, g_ptr_array_index (groups, i));
  return g_hash_table_size (seen);
}
