/* aiperf-llmperf-responses.c — LLMPerf's <name>_individual_responses.json
 * beside a summary: its per-request values as the run's `requests`
 * dataset, read when the run is shown on its own; a responses file with
 * no summary is a run of its own, its statistics computed as LLMPerf's
 * summary computes them.
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

/* The per-request table of @root, the responses file @path: one row per
 * object, seconds to ms; *@skipped counts the elements that are not
 * objects. */
static AiperfTable *
responses_table (JsonNode      *root,
                 const char    *path,
                 GCancellable  *cancellable,
                 guint         *skipped,
                 GError       **error)
{
  g_autoptr(AiperfTable) table = NULL;
  guint c_num, c_error, c_cancel, cols[G_N_ELEMENTS (columns)];
  JsonArray *array;

  *skipped = 0;
  if (!JSON_NODE_HOLDS_ARRAY (root))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected a list of per-request objects"), path);
      return NULL;
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
        return NULL;
      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          (*skipped)++;
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
  return g_steal_pointer (&table);
}

static void
warn_skipped (AiperfRun  *run,
              const char *path,
              guint       skipped)
{
  if (skipped > 0)
    aiperf_run_add_warning (run, g_dngettext (GETTEXT_PACKAGE,
                                              "%s: skipped %u element that is not an object",
                                              "%s: skipped %u elements that are not objects", skipped),
                            path, skipped);
}

char *
aiperf_llmperf_summary_path (const char *responses_path)
{
  g_autofree char *folder = NULL;
  g_autofree char *folder_name = NULL;
  char *summary = NULL;

  g_return_val_if_fail (responses_path != NULL, NULL);

  if (g_str_has_suffix (responses_path, "_individual_responses.json"))
    {
      g_autofree char *stem = g_strndup (responses_path,
                                         strlen (responses_path) - strlen ("_individual_responses.json"));

      summary = g_strconcat (stem, "_summary.json", NULL);
    }
  else
    {
      folder = g_path_get_dirname (responses_path);
      folder_name = g_path_get_basename (folder);
      if (strcmp (folder_name, "individual") == 0)
        {
          g_autofree char *parent = g_path_get_dirname (folder);
          g_autofree char *base = g_path_get_basename (responses_path);

          summary = g_build_filename (parent, "summary", base, NULL);
        }
    }
  if (summary != NULL && !g_file_test (summary, G_FILE_TEST_IS_REGULAR))
    g_clear_pointer (&summary, g_free);
  return summary;
}

/* The per-request table of @path as @staging's requests. */
static gboolean
load_requests (AiperfRun          *staging,
               const char         *path,
               GCancellable       *cancellable,
               AiperfProgressFunc  progress,
               gpointer            progress_data,
               GError            **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(AiperfTable) table = NULL;
  guint skipped;

  if (progress != NULL)
    progress (-1, _("Reading per-request records"), progress_data);
  root = aiperf_peer_json_load (path, error);
  if (root == NULL)
    return FALSE;
  table = responses_table (root, path, cancellable, &skipped, error);
  if (table == NULL)
    return FALSE;
  warn_skipped (staging, path, skipped);
  aiperf_run_set_requests (staging, table);
  if (progress != NULL)
    progress (1.0, _("Done"), progress_data);
  return TRUE;
}

gboolean
aiperf_llmperf_load_responses (AiperfRun          *staging,
                               GCancellable       *cancellable,
                               AiperfProgressFunc  progress,
                               gpointer            progress_data,
                               GError            **error)
{
  g_autofree char *path = aiperf_llmperf_responses_path (aiperf_run_get_locator (staging));

  if (path == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND, _("%s: not an LLMPerf summary"),
                   aiperf_run_get_locator (staging));
      return FALSE;
    }
  return load_requests (staging, path, cancellable, progress, progress_data, error);
}

/* The details loader of a run of a responses file alone: the file itself. */
static gboolean
load_own_responses (AiperfRun          *staging,
                    GCancellable       *cancellable,
                    AiperfProgressFunc  progress,
                    gpointer            progress_data,
                    GError            **error)
{
  return load_requests (staging, aiperf_run_get_locator (staging), cancellable, progress, progress_data, error);
}

/* The statistics of @column over the requests without an error, as
 * LLMPerf's summary computes them (pandas: linear quantiles, sample std);
 * FALSE when no request has a value. */
static gboolean
successful_stats (AiperfTable *table,
                  guint        column,
                  AiperfStats *stats)
{
  int c_error = aiperf_table_find_column (table, "error_code");
  g_autofree double *values = g_new (double, MAX (aiperf_table_get_n_rows (table), 1));
  gsize n = 0;
  double ss = 0;

  for (guint row = 0; row < aiperf_table_get_n_rows (table); row++)
    {
      double value = aiperf_table_get (table, column, row);

      if (isnan (aiperf_table_get (table, (guint) c_error, row)) && !isnan (value))
        values[n++] = value;
    }
  if (n == 0)
    return FALSE;
  aiperf_stats_compute (values, n, stats);
  for (gsize i = 0; i < n; i++)
    ss += (values[i] - stats->v[AIPERF_STAT_AVG]) * (values[i] - stats->v[AIPERF_STAT_AVG]);
  stats->v[AIPERF_STAT_STD] = n > 1 ? sqrt (ss / (double) (n - 1)) : NAN;
  return TRUE;
}

AiperfRun *
aiperf_llmperf_run_from_responses (JsonNode    *root,
                                   const char  *path,
                                   GError     **error)
{
  g_autoptr(AiperfTable) table = NULL;
  g_autoptr(AiperfRun) run = NULL;
  int c_error;
  guint skipped, n_failed = 0, n_metrics = 0;
  guint64 n_rows;

  table = responses_table (root, path, NULL, &skipped, error);
  if (table == NULL)
    return NULL;
  run = aiperf_run_new_in_file (path, NULL);
  c_error = aiperf_table_find_column (table, "error_code");
  n_rows = aiperf_table_get_n_rows (table);
  for (guint row = 0; row < n_rows; row++)
    n_failed += !isnan (aiperf_table_get (table, (guint) c_error, row));
  for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
    {
      AiperfStats stats;

      if (successful_stats (table, (guint) aiperf_table_find_column (table, columns[k].column), &stats))
        n_metrics += aiperf_peer_set_metric (run, columns[k].column, columns[k].unit, &stats);
    }
  if (n_metrics == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: no request has ttft_s, end_to_end_latency_s or another LLMPerf per-request value"), path);
      return NULL;
    }
  {
    AiperfStats count;

    aiperf_peer_stats_avg (&count, (double) (n_rows - n_failed));
    aiperf_run_set_metric (run, "request_count", "requests", &count);
    aiperf_peer_stats_avg (&count, (double) n_failed);
    aiperf_run_set_metric (run, "error_request_count", "requests", &count);
    aiperf_peer_stats_avg (&count, n_rows > 0 ? (double) n_failed / (double) n_rows : NAN);
    aiperf_run_set_metric (run, "error_rate", "ratio", &count);
  }
  aiperf_run_set_request_counts (run, (gint64) (n_rows - n_failed), (gint64) n_failed);
  aiperf_run_set_details_loader (run, load_own_responses);
  aiperf_run_add_warning (run, _("%s: LLMPerf's per-request records without their summary: they give no "
                                 "model, concurrency or throughput (which need the run's duration)"), path);
  return g_steal_pointer (&run);
}
