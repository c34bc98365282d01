/* aiperf-vllm-derived.c — results tables generated from the run files
 * beside them.
 *
 * Projects that run `vllm bench serve` in a loop often turn the result
 * files of a folder into a table (benchmark_results.json, in the nightly
 * table's columns, with a .md twin). Each row is then a copy of a run that
 * is loaded from its own file: counted again it would be a second series of
 * the same runs. A row is a copy when a bench-serve result file in the same
 * folder has the same request throughput and mean TTFT (the two columns
 * every such table has, written from the same doubles); such rows are left
 * out, and a note says so. A table whose runs are not beside it is read as
 * runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-gzip.h"
#include "aiperf-vllm-private.h"

/* A sibling bench-serve result: its file name and the two numbers. */
typedef struct {
  char   *name;
  double  throughput;
  double  mean_ttft;
} Sibling;

static void
sibling_free (Sibling *sibling)
{
  g_free (sibling->name);
  g_free (sibling);
}

static gboolean
same_value (double a,
            double b)
{
  return isfinite (a) && isfinite (b) && fabs (a - b) <= 1e-9 * MAX (fabs (a), fabs (b));
}

/* The single-result JSON files beside @path with a request throughput and
 * a mean TTFT. Files that do not parse are not this note's business: the
 * walk reports them when it loads them. */
static GPtrArray *
read_siblings (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *self = g_path_get_basename (path);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  GPtrArray *siblings = g_ptr_array_new_with_free_func ((GDestroyNotify) sibling_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = NULL;
      g_autofree char *head = NULL;
      g_autofree char *text = NULL;
      g_autoptr(GPtrArray) results = NULL;
      gsize head_len = 0;
      VllmResult *result;
      Sibling *sibling;

      if (!(g_str_has_suffix (name, ".json") || g_str_has_suffix (name, ".json.gz")) || strcmp (name, self) == 0)
        continue;
      file = g_build_filename (folder, name, NULL);
      head = aiperf_read_head (file, 4096, &head_len);
      if (head != NULL && aiperf_gzip_is (head, head_len))
        text = aiperf_gzip_inflate_head (head, head_len, 4096);
      if (head == NULL || aiperf_head_first_char (text != NULL ? text : head) != '{' ||
          !aiperf_head_has_key (text != NULL ? text : head, "request_throughput"))
        continue;
      results = aiperf_vllm_read_results (file, NULL, NULL);
      if (results == NULL || results->len != 1)
        continue;
      result = g_ptr_array_index (results, 0);
      sibling = g_new0 (Sibling, 1);
      sibling->name = g_strdup (name);
      if (!aiperf_vllm_result_number (result, "request_throughput", &sibling->throughput) ||
          !aiperf_vllm_result_number (result, "mean_ttft_ms", &sibling->mean_ttft))
        {
          sibling_free (sibling);
          continue;
        }
      g_ptr_array_add (siblings, sibling);
    }
  return siblings;
}

char **
aiperf_vllm_derived_rows (const char *path,
                          GPtrArray  *rows)
{
  g_autoptr(GPtrArray) siblings = NULL;
  char **sources;
  guint n_found = 0;

  g_return_val_if_fail (path != NULL && rows != NULL, NULL);

  sources = g_new0 (char *, rows->len + 1);
  siblings = read_siblings (path);
  for (guint i = 0; i < rows->len && siblings->len > 0; i++)
    {
      VllmResult *row = g_ptr_array_index (rows, i);
      double throughput, mean_ttft;

      /* Placeholders keep the array's length; a NULL ends a strv. */
      sources[i] = g_strdup ("");
      if (!aiperf_vllm_result_number (row, "Tput (req/s)", &throughput) ||
          !aiperf_vllm_result_number (row, "Mean TTFT (ms)", &mean_ttft))
        continue;
      for (guint s = 0; s < siblings->len; s++)
        {
          Sibling *sibling = g_ptr_array_index (siblings, s);

          if (same_value (throughput, sibling->throughput) && same_value (mean_ttft, sibling->mean_ttft))
            {
              g_free (sources[i]);
              sources[i] = g_strdup (sibling->name);
              n_found++;
              break;
            }
        }
    }
  if (n_found == 0)
    {
      g_strfreev (sources);
      return NULL;
    }
  return sources;
}
