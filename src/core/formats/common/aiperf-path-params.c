/* aiperf-path-params.c — folder names that tell otherwise-equal runs
 * apart, as parameters.
 *
 * Result trees often keep what differs between runs only in a folder name:
 * …/llama/ray/c64/result.json beside …/llama/vllm/c64/result.json. The
 * files say the same model, tool and load, and the runs would be drawn as
 * one series zig-zagging between two serving stacks. After a load, among
 * the runs of one tool and one model whose folders are equally deep, a
 * folder level is a parameter when two runs at the same load differ there
 * (a level that only changes with the load, such as c16|c64, is the load
 * itself). It is named after its level, path_1 for the folder above the
 * run's own (path_0), and, when the runs' labels do not already tell them
 * apart, its values become their label, so they are separate series by
 * default. AIPerf runs are left alone (their grouping follows aiperf's
 * baseline/treatment folders), and so are runs opened with
 * --param-pattern, whose named groups say what the folders mean.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-folder-params.h"
#include "aiperf-path-params.h"
#include "aiperf-run-builder.h"

static char *
group_key (AiperfRun *run)
{
  return g_strjoin ("\x1f", aiperf_run_get_kind (run), aiperf_run_get_source (run),
                    aiperf_run_get_model (run), NULL);
}

static gboolean
same_number (double a,
             double b)
{
  return (isnan (a) && isnan (b)) || a == b;
}

static gboolean
same_load (AiperfRun *a,
           AiperfRun *b)
{
  return same_number (aiperf_run_get_concurrency (a), aiperf_run_get_concurrency (b)) &&
         same_number (aiperf_run_get_request_rate (a), aiperf_run_get_request_rate (b));
}

static void
infer_group (GPtrArray *runs)
{
  g_autoptr(GPtrArray) segments = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GArray) levels = g_array_new (FALSE, FALSE, sizeof (guint));
  guint depth = 0;
  gboolean labels_separate = TRUE;

  for (guint i = 0; i < runs->len; i++)
    {
      char **parts = g_strsplit (aiperf_run_get_directory (g_ptr_array_index (runs, i)), G_DIR_SEPARATOR_S, -1);
      guint n = g_strv_length (parts);

      if (i == 0)
        depth = n;
      g_ptr_array_add (segments, parts);
      if (n != depth)
        return;  /* trees of different shapes: nothing is aligned */
    }

  for (guint p = 0; p < depth; p++)
    {
      gboolean varies_at_same_load = FALSE;
      gboolean named = FALSE;

      /* A level a folder-name convention already reads (ccl-bench
       * brackets, bench sweep k=v, GenAI-Perf's -concurrencyN) has its
       * parameters. */
      for (guint i = 0; i < runs->len && !named; i++)
        {
          g_autoptr(GHashTable) params = aiperf_folder_params_new ();

          named = aiperf_folder_params_parse (((char **) g_ptr_array_index (segments, i))[p], params);
        }
      if (named)
        continue;

      for (guint i = 0; i < runs->len && !varies_at_same_load; i++)
        for (guint j = i + 1; j < runs->len && !varies_at_same_load; j++)
          {
            const char *a = ((char **) g_ptr_array_index (segments, i))[p];
            const char *b = ((char **) g_ptr_array_index (segments, j))[p];

            varies_at_same_load = strcmp (a, b) != 0 &&
                                  same_load (g_ptr_array_index (runs, i), g_ptr_array_index (runs, j));
          }
      if (varies_at_same_load)
        g_array_append_val (levels, p);
    }
  if (levels->len == 0)
    return;

  /* Do the labels already tell apart the runs the folders tell apart? */
  for (guint i = 0; i < runs->len && labels_separate; i++)
    for (guint j = i + 1; j < runs->len && labels_separate; j++)
      {
        gboolean differ = FALSE;

        for (guint l = 0; l < levels->len; l++)
          {
            guint p = g_array_index (levels, guint, l);

            differ |= strcmp (((char **) g_ptr_array_index (segments, i))[p],
                              ((char **) g_ptr_array_index (segments, j))[p]) != 0;
          }
        if (differ && g_strcmp0 (aiperf_run_get_variation_label (g_ptr_array_index (runs, i)),
                                 aiperf_run_get_variation_label (g_ptr_array_index (runs, j))) == 0)
          labels_separate = FALSE;
      }

  for (guint i = 0; i < runs->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (runs, i);
      char **parts = g_ptr_array_index (segments, i);
      g_autoptr(GString) label = g_string_new (NULL);

      for (guint l = 0; l < levels->len; l++)
        {
          guint p = g_array_index (levels, guint, l);
          g_autofree char *key = g_strdup_printf ("path_%u", depth - 1 - p);

          if (aiperf_run_get_parameter (run, key) == NULL)
            aiperf_run_set_parameter (run, key, parts[p]);
          g_string_append_printf (label, "%s%s", label->len > 0 ? "/" : "", parts[p]);
        }
      if (!labels_separate)
        aiperf_run_set_variation_label (run, label->str);
    }
}

void
aiperf_path_params_infer (GPtrArray *runs)
{
  g_autoptr(GHashTable) groups = NULL;
  g_autoptr(GPtrArray) order = NULL;

  g_return_if_fail (runs != NULL);

  groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  order = g_ptr_array_new ();
  for (guint i = 0; i < runs->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (runs, i);
      char *key;
      GPtrArray *group;

      if (g_strcmp0 (aiperf_run_get_kind (run), "serving") != 0 ||
          g_strcmp0 (aiperf_run_get_source (run), "aiperf") == 0)
        continue;
      key = group_key (run);
      group = g_hash_table_lookup (groups, key);
      if (group == NULL)
        {
          group = g_ptr_array_new ();
          g_hash_table_insert (groups, key, group);
          g_ptr_array_add (order, group);
        }
      else
        g_free (key);
      g_ptr_array_add (group, run);
    }
  for (guint g = 0; g < order->len; g++)
    if (((GPtrArray *) g_ptr_array_index (order, g))->len >= 2)
      infer_group (g_ptr_array_index (order, g));
}
