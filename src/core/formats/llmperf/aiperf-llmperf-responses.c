/* aiperf-llmperf-responses.c — LLMPerf's <name>_individual_responses.json
 * beside a summary: its per-request values as the run's `requests`
 * dataset, read when the run is shown on its own.
 *
 * The pair is <stem>_summary.json and <stem>_individual_responses.json as
 * LLMPerf writes them, or summary/<run>.json and individual/<run>.json as
 * the LLMPerf leaderboard keeps them.
 *
 * LLMPerf records no times of day, only each request's own numbers, so the
 * rows are in file order (request_number) and the charts over time have
 * nothing to draw; the per-request ones do. Keys are mapped as the
 * summary's are (aiperf-format-llmperf.c), seconds to ms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-llmperf-private.h"
#include "aiperf-peer-json.h"
#include "aiperf-run-builder.h"

static const struct {
  const char *key, *column, *unit;
  double      scale;
} columns[] = {
  { "ttft_s", "time_to_first_token", "ms", 1000.0 },
  { "end_to_end_latency_s", "request_latency", "ms", 1000.0 },
  { "inter_token_latency_s", "normalized_time_per_output_token", "ms", 1000.0 },
  { "request_output_throughput_token_per_s", "e2e_output_token_throughput", "tokens/sec/user", 1.0 },
  { "number_input_tokens", "input_sequence_length", "tokens", 1.0 },
  { "number_output_tokens", "output_sequence_length", "tokens", 1.0 },
};

char *
aiperf_llmperf_responses_path (const char *summary_path)
{
  g_autofree char *stem = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *folder_name = NULL;

  g_return_val_if_fail (summary_path != NULL, NULL);

  if (g_str_has_suffix (summary_path, "_summary.json"))
    {
      stem = g_strndup (summary_path, strlen (summary_path) - strlen ("_summary.json"));
      return g_strconcat (stem, "_individual_responses.json", NULL);
    }
  /* The leaderboard's layout: summary/<run>.json beside individual/<run>.json. */
  folder = g_path_get_dirname (summary_path);
  folder_name = g_path_get_basename (folder);
  if (strcmp (folder_name, "summary") == 0)
    {
      g_autofree char *parent = g_path_get_dirname (folder);
      g_autofree char *base = g_path_get_basename (summary_path);
      char *paired = g_build_filename (parent, "individual", base, NULL);

      if (g_file_test (paired, G_FILE_TEST_IS_REGULAR))
        return paired;
      g_free (paired);
    }
  return NULL;
}

gboolean
aiperf_llmperf_load_responses (AiperfRun          *staging,
                               GCancellable       *cancellable,
                               AiperfProgressFunc  progress,
                               gpointer            progress_data,
                               GError            **error)
{
  g_autofree char *path = aiperf_llmperf_responses_path (aiperf_run_get_locator (staging));
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(AiperfTable) table = NULL;
  guint c_num, c_error, c_cancel, cols[G_N_ELEMENTS (columns)];
  JsonArray *array;
  guint skipped = 0;

  if (path == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND, _("%s: not an LLMPerf summary"),
                   aiperf_run_get_locator (staging));
      return FALSE;
    }
  if (progress != NULL)
    progress (-1, _("Reading per-request records"), progress_data);
  root = aiperf_peer_json_load (path, error);
  if (root == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_ARRAY (root))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected a list of per-request objects"), path);
      return FALSE;
    }
  array = json_node_get_array (root);
  table = aiperf_table_new ();
  c_num = aiperf_table_ensure_column (table, "request_number", "");
  c_error = aiperf_table_ensure_column (table, "error_code", "");
  c_cancel = aiperf_table_ensure_column (table, "was_cancelled", "");
  for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
    cols[k] = aiperf_table_ensure_column (table, columns[k].column, columns[k].unit);
  aiperf_table_reserve (table, json_array_get_length (array));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      JsonObject *response;
      double code;
      guint row;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          skipped++;
          continue;
        }
      response = json_node_get_object (element);
      row = aiperf_table_append_row (table);
      aiperf_table_set (table, c_num, row, row);
      /* A failed request has an HTTP code (or at least a message). */
      code = aiperf_peer_member_number (response, "error_code");
      if (isnan (code))
        {
          const char *message = aiperf_peer_member_string (response, "error_msg");

          code = message != NULL && *message != '\0' ? 0.0 : NAN;
        }
      aiperf_table_set (table, c_error, row, code);
      aiperf_table_set (table, c_cancel, row, 0.0);
      for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
        aiperf_table_set (table, cols[k], row,
                          aiperf_peer_member_number (response, columns[k].key) * columns[k].scale);
    }
  if (skipped > 0)
    aiperf_run_add_warning (staging, g_dngettext (GETTEXT_PACKAGE,
                                                  "%s: skipped %u element that is not an object",
                                                  "%s: skipped %u elements that are not objects", skipped),
                            path, skipped);
  aiperf_run_set_requests (staging, table);
  if (progress != NULL)
    progress (1.0, _("Done"), progress_data);
  return TRUE;
}
