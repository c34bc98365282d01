/* aiperf-trace-names.c — the names a trace's output files go by: its file
 * stem, or, where two traces share a stem (h100/Qwen….json.gz and
 * mi300/Qwen….json.gz), the shortest run of parent folders that tells them
 * apart, before it ("h100_Qwen…", "mi300_Qwen…").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-trace-kind-private.h"

/* The parent folders of @run's file, innermost first. */
static GStrv
parents_of (AiperfRun *run)
{
  const char *locator = aiperf_run_get_locator (run);
  g_autofree char *dir = g_path_get_dirname (locator != NULL ? locator : "");
  g_auto(GStrv) parts = g_strsplit (dir, G_DIR_SEPARATOR_S, -1);
  GPtrArray *out = g_ptr_array_new ();

  for (guint n = g_strv_length (parts); n > 0; n--)
    if (*parts[n - 1] != '\0' && !g_str_equal (parts[n - 1], "."))
      g_ptr_array_add (out, g_strdup (parts[n - 1]));
  g_ptr_array_add (out, NULL);
  return (GStrv) g_ptr_array_free (out, FALSE);
}

/* @stem with the @depth innermost parents of @parents before it. */
static char *
name_with (const char  *stem,
           GStrv        parents,
           guint        depth)
{
  GString *s = g_string_new (NULL);

  for (guint k = MIN (depth, g_strv_length (parents)); k > 0; k--)
    g_string_append_printf (s, "%s_", parents[k - 1]);
  g_string_append (s, stem);
  return g_string_free (s, FALSE);
}

GHashTable *
aiperf_trace_output_names (AiperfRunSet *runs)
{
  GHashTable *names = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  guint n = aiperf_run_set_get_n_runs (runs);

  for (guint i = 0; i < n; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      const char *stem = aiperf_run_get_name (run);
      g_autoptr(GPtrArray) same = g_ptr_array_new ();
      g_autoptr(GPtrArray) parents = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
      guint depth = 0, max_depth = 0;

      for (guint k = 0; k < n; k++)
        if (g_strcmp0 (aiperf_run_get_name (aiperf_run_set_get_run (runs, k)), stem) == 0)
          {
            g_ptr_array_add (same, aiperf_run_set_get_run (runs, k));
            g_ptr_array_add (parents, parents_of (aiperf_run_set_get_run (runs, k)));
            max_depth = MAX (max_depth, g_strv_length (g_ptr_array_index (parents, parents->len - 1)));
          }
      /* The fewest parents after which no two of them have one name. */
      for (depth = 0; same->len > 1 && depth <= max_depth; depth++)
        {
          g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          gboolean distinct = TRUE;

          for (guint k = 0; k < same->len && distinct; k++)
            distinct = g_hash_table_add (seen, name_with (stem, g_ptr_array_index (parents, k), depth));
          if (distinct)
            break;
        }
      for (guint k = 0; k < same->len; k++)
        if (g_ptr_array_index (same, k) == run)
          g_hash_table_insert (names, run, name_with (stem != NULL ? stem : "trace", g_ptr_array_index (parents, k),
                                                      same->len > 1 ? depth : 0));
    }
  return names;
}
