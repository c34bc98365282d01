/* aiperf-format-vllm.c — vLLM serving-benchmark results as an input format.
 *
 * What it opens, each detected by content:
 * - a result file of `vllm bench serve` / benchmark_serving.py (one JSON
 *   object; JSON Lines with --append-result, each line a run "file#LINE");
 * - a ccl-bench trace folder (a workload YAML and results_json/ JSON files):
 *   one run, the JSON files its repeats;
 * - a `vllm bench sweep` combination folder (run=N.json, else summary.json):
 *   one run, the run files its repeats;
 * - the nightly results table (a JSON array of rows with "Test name"):
 *   each row a run "file#<Test name>".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-gzip.h"
#include "aiperf-json-scan.h"
#include "aiperf-vllm-private.h"

#define HEAD_SIZE 4096

/* The keys of the first top-level object of @head (of its first element
 * when it is a list), as far as the head goes: nested objects are skipped,
 * so a file that only holds a result somewhere inside (a test's
 * expected.json: {"vllm": {"mean_ttft_ms": …}}) is not one. */
static GHashTable *
top_level_keys (const char *head)
{
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  AiperfJsonScan scan;
  const char *key;
  gsize length;
  guint count = 0, n = 0;

  aiperf_json_scan_init (&scan, head, strlen (head));
  if (aiperf_json_scan_peek (&scan) == AIPERF_JSON_ARRAY &&
      (!aiperf_json_scan_begin_array (&scan) || !aiperf_json_scan_next_element (&scan, &n)))
    return keys;
  if (aiperf_json_scan_peek (&scan) != AIPERF_JSON_OBJECT || !aiperf_json_scan_begin_object (&scan))
    return keys;
  while (aiperf_json_scan_next_key (&scan, &count, &key, &length))
    {
      double ignored;

      g_hash_table_add (keys, g_strndup (key, length));
      /* Python writes NaN and Infinity, which the scanner does not take. */
      if (!aiperf_vllm_scan_python_special (&scan, &ignored) && !aiperf_json_scan_skip (&scan))
        break;  /* the head ends inside a value */
    }
  return keys;
}

/* How surely a file head is a bench-serve result (or a list of them), by
 * the keys of its top-level object. The head of a legacy file is setup keys
 * and the first results before the per-request arrays push the percentile
 * keys beyond it. */
static guint
score_result_head (const char *head)
{
  char first = aiperf_head_first_char (head);
  g_autoptr(GHashTable) keys = NULL;

  if (first != '{' && first != '[')
    return AIPERF_SNIFF_NO;
  /* Cheap first: none of the keys anywhere, no need to walk. */
  if (!aiperf_head_has_key (head, "mean_ttft_ms") && !aiperf_head_has_key (head, "mean_tpot_ms") &&
      !aiperf_head_has_key (head, "mean_e2el_ms") && !aiperf_head_has_key (head, "request_goodput:") &&
      !aiperf_head_has_key (head, "request_throughput"))
    return AIPERF_SNIFF_NO;
  keys = top_level_keys (head);
  if (g_hash_table_contains (keys, "mean_ttft_ms") || g_hash_table_contains (keys, "mean_tpot_ms") ||
      g_hash_table_contains (keys, "mean_e2el_ms") || g_hash_table_contains (keys, "request_goodput:"))
    return AIPERF_SNIFF_SURE;
  if (g_hash_table_contains (keys, "request_throughput") && g_hash_table_contains (keys, "output_throughput") &&
      (g_hash_table_contains (keys, "model_id") || g_hash_table_contains (keys, "total_input_tokens")))
    return AIPERF_SNIFF_LIKELY;
  return AIPERF_SNIFF_NO;
}

static guint
score_nightly_head (const char *head)
{
  if (aiperf_head_first_char (head) != '[' || !aiperf_head_has_key (head, "Test name"))
    return AIPERF_SNIFF_NO;
  if (aiperf_head_has_key (head, "Mean TTFT (ms)") || aiperf_head_has_key (head, "Tput (req/s)"))
    return AIPERF_SNIFF_SURE;
  return AIPERF_SNIFF_NO;
}

static guint
score_file (const char *path)
{
  g_autofree char *head = aiperf_read_head (path, HEAD_SIZE, NULL);

  return head != NULL ? score_result_head (head) : AIPERF_SNIFF_NO;
}

/* Entries only, no stat: a walk sniffs thousands of folders. A
 * results_json that is not a folder is the load's error to report. */
static gboolean
is_ccl_folder (const char * const *entries)
{
  return aiperf_entries_contain (entries, "results_json");
}

static gboolean
has_yaml (const char * const *entries)
{
  for (guint i = 0; entries[i] != NULL; i++)
    if (g_str_has_suffix (entries[i], ".yaml") || g_str_has_suffix (entries[i], ".yml"))
      return TRUE;
  return FALSE;
}

/* The first run=N.json (or summary.json) holds a bench-serve result. */
static guint
score_sweep_folder (const char         *path,
                    const char * const *entries)
{
  for (guint i = 0; entries[i] != NULL; i++)
    if (aiperf_vllm_is_run_file_name (entries[i], NULL))
      {
        g_autofree char *file = g_build_filename (path, entries[i], NULL);

        return score_file (file) > AIPERF_SNIFF_NO ? AIPERF_SNIFF_SURE : AIPERF_SNIFF_NO;
      }
  if (aiperf_entries_contain (entries, "summary.json"))
    {
      g_autofree char *file = g_build_filename (path, "summary.json", NULL);

      return score_file (file) > AIPERF_SNIFF_NO ? AIPERF_SNIFF_LIKELY : AIPERF_SNIFF_NO;
    }
  return AIPERF_SNIFF_NO;
}

static guint
vllm_sniff (const AiperfSniffInput *input)
{
  if (input->is_dir)
    {
      if (input->entries == NULL)
        return AIPERF_SNIFF_NO;
      if (is_ccl_folder (input->entries))
        return has_yaml (input->entries) ? AIPERF_SNIFF_SURE : AIPERF_SNIFF_LIKELY;
      return score_sweep_folder (input->path, input->entries);
    }
  if (input->head == NULL)
    return AIPERF_SNIFF_NO;
  /* Results are gzipped to be kept (serving_….json.gz). */
  if (aiperf_gzip_is (input->head, input->head_len))
    {
      g_autofree char *text = aiperf_gzip_inflate_head (input->head, input->head_len, HEAD_SIZE);

      return MAX (score_result_head (text), score_nightly_head (text));
    }
  return MAX (score_result_head (input->head), score_nightly_head (input->head));
}

static GPtrArray *
folder_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_add (names, NULL);
  return names;
}

static void
load_file (const char       *path,
           AiperfLoadResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autofree char *base = g_path_get_basename (path);
  gboolean is_array = FALSE;

  results = aiperf_vllm_read_results (path, &is_array, &error);
  if (results == NULL)
    {
      g_ptr_array_add (result->errors, g_steal_pointer (&error));
      return;
    }
  if (results->len == 0)
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA, _("%s: holds no result"), path);
      return;
    }
  if (aiperf_vllm_results_are_nightly (results))
    {
      aiperf_vllm_load_nightly (path, results, result);
      return;
    }
  if (results->len == 1)
    {
      AiperfRun *run = aiperf_run_new_in_file (path, NULL);

      aiperf_vllm_fill_run (run, results, NULL);
      aiperf_vllm_fill_from_arrays (run, g_ptr_array_index (results, 0), path);
      g_ptr_array_add (result->runs, run);
      return;
    }
  /* --append-result: every line is a run of its own, keyed by its line
   * (a list, such as a summary.json opened alone, by its position). */
  for (guint i = 0; i < results->len; i++)
    {
      VllmResult *one = g_ptr_array_index (results, i);
      g_autoptr(GPtrArray) single = g_ptr_array_new ();
      g_autofree char *key = g_strdup_printf ("%u", is_array ? i + 1 : one->line);
      g_autofree char *name = g_strdup_printf ("%s#%s", base, key);
      AiperfRun *run = aiperf_run_new_in_file (path, key);

      g_ptr_array_add (single, one);
      aiperf_run_set_name (run, name);
      aiperf_vllm_fill_run (run, single, NULL);
      aiperf_vllm_fill_from_arrays (run, one, path);
      g_ptr_array_add (result->runs, run);
    }
}

static void
vllm_load (const char              *path,
           const AiperfLoadOptions *options,
           AiperfLoadResult        *result)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GPtrArray) entries = folder_entries (path);
      const char * const *names = (const char * const *) entries->pdata;

      if (is_ccl_folder (names))
        aiperf_vllm_load_ccl_folder (path, names, result);
      else
        aiperf_vllm_load_sweep_folder (path, names, result);
      return;
    }
  load_file (path, result);
}

/* Its result files are the repeats of the folder's one run. */
static gboolean
vllm_claims_subtree (const char *path)
{
  return TRUE;
}

const AiperfFormat aiperf_format_vllm = {
  .id = "vllm",
  .name = "vLLM",
  .kind = "serving",
  .sniff = vllm_sniff,
  .load = vllm_load,
  .claims_subtree = vllm_claims_subtree,
  .skip_child = NULL,
};
