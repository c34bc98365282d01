/* aiperf-summary-loader.c — profile_export_aiperf.json in every layout, the
 * aggregate JSON of multi-trial runs, and aiperf_run_load_summary().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aiperf-artifacts.h"
#include "aiperf-derived.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-metric-registry.h"
#include "aiperf-number-cast.h"
#include "aiperf-summary-private.h"

/* --- metrics --- */

/* Keys of the summary that are not metrics. */
static const char * const non_metric_keys[] = {
  "telemetry_data", "input_config", "was_cancelled", "error_summary",
  "start_time", "end_time", "schema_version", "aiperf_version",
  "benchmark_id", "run_info", "branch_stats", "records", "metrics",
  "metadata", "server_metrics", "timeslices",
};

static gboolean
is_non_metric_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (non_metric_keys); i++)
    if (strcmp (key, non_metric_keys[i]) == 0)
      return TRUE;
  return FALSE;
}

/* Reads {unit, avg, min, …} into @stats; returns FALSE when it is not a
 * metric object. Wrongly typed or non-finite stats are left NaN and
 * counted in @n_bad. */
static gboolean
parse_stats_object (JsonNode     *node,
                    AiperfStats  *stats,
                    const char  **out_unit,
                    guint        *n_bad)
{
  JsonObject *object;
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;
  gboolean any = FALSE;

  aiperf_stats_init_nan (stats);
  *out_unit = NULL;
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return FALSE;

  object = json_node_get_object (node);
  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &name, &value))
    {
      AiperfStat stat;
      double number;

      if (strcmp (name, "unit") == 0)
        {
          if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_STRING)
            *out_unit = json_node_get_string (value);
          any = TRUE;
          continue;
        }
      if (!aiperf_stat_from_string (name, &stat))
        continue;
      any = TRUE;
      if (JSON_NODE_HOLDS_NULL (value))
        continue;
      if (aiperf_json_get_number (value, &number))
        stats->v[stat] = number;
      else
        (*n_bad)++;
    }
  return any;
}

static void
load_metrics_from (AiperfRun  *run,
                   JsonObject *container,
                   const char *path)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  json_object_iter_init (&iter, container);
  while (json_object_iter_next (&iter, &name, &value))
    {
      AiperfStats stats;
      const char *unit = NULL;
      guint n_bad = 0;

      if (is_non_metric_key (name) || JSON_NODE_HOLDS_NULL (value))
        continue;
      if (!parse_stats_object (value, &stats, &unit, &n_bad))
        continue;
      if (n_bad > 0)
        aiperf_run_add_warning (run, _("%s: metric “%s” has %u value(s) that are not numbers; they were ignored"),
                                path, name, n_bad);
      aiperf_run_set_metric (run, name, unit, &stats);
    }
}

static void
load_error_summary (AiperfRun *run,
                    JsonNode  *node)
{
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return;
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      JsonObject *object, *details = NULL;
      AiperfErrorEntry *entry;
      double number;

      if (!JSON_NODE_HOLDS_OBJECT (item))
        continue;
      object = json_node_get_object (item);
      if (json_object_has_member (object, "error_details") &&
          JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "error_details")))
        details = json_object_get_object_member (object, "error_details");
      else
        details = object;

      entry = g_new0 (AiperfErrorEntry, 1);
      if (aiperf_json_get_number (json_object_get_member (details, "code"), &number))
        aiperf_double_to_int (trunc (number), &entry->code);
      entry->type = g_strdup (aiperf_json_get_string (details, "type"));
      entry->message = g_strdup (aiperf_json_get_string (details, "message"));
      if (aiperf_json_get_number (json_object_get_member (object, "count"), &number) &&
          aiperf_count_from_double (trunc (number)) >= 0)
        entry->count = (guint64) aiperf_count_from_double (trunc (number));
      aiperf_run_add_error_entry (run, entry);
    }
}

/* request_count / error_request_count, falling back to the error summary. */
static void
set_request_counts (AiperfRun *run)
{
  GPtrArray *errors = aiperf_run_get_errors (run);
  double ok = NAN, bad = NAN;
  gint64 n_ok = -1, n_bad = -1;

  aiperf_run_get_metric (run, "request_count", AIPERF_STAT_AVG, &ok);
  aiperf_run_get_metric (run, "error_request_count", AIPERF_STAT_AVG, &bad);
  n_ok = aiperf_count_from_double (ok);
  n_bad = aiperf_count_from_double (bad);
  if (n_bad < 0 && (errors->len > 0 || n_ok >= 0))
    {
      n_bad = 0;
      for (guint i = 0; i < errors->len; i++)
        {
          guint64 count = ((AiperfErrorEntry *) g_ptr_array_index (errors, i))->count;

          /* each count is at most 2^53; their sum saturates rather than wraps */
          n_bad = count < (guint64) (G_MAXINT64 - n_bad) ? n_bad + (gint64) count : G_MAXINT64;
        }
    }
  aiperf_run_set_request_counts (run, n_ok, n_bad);
}

static void
load_run_info (AiperfRun  *run,
               JsonObject *root)
{
  JsonNode *info = json_object_get_member (root, "run_info");
  JsonNode *label;

  if (info == NULL || !JSON_NODE_HOLDS_OBJECT (info))
    return;
  aiperf_flatten_parameters (run, "run_info", info);
  label = json_object_get_member (json_node_get_object (info), "variation_label");
  if (label != NULL && JSON_NODE_HOLDS_VALUE (label) &&
      json_node_get_value_type (label) == G_TYPE_STRING && *json_node_get_string (label) != '\0')
    aiperf_run_set_variation_label (run, json_node_get_string (label));
}

gboolean
aiperf_load_summary_json (AiperfRun   *run,
                          const char  *path,
                          GError     **error)
{
  g_autoptr(JsonNode) root_node = NULL;
  gboolean nonfinite = FALSE;
  JsonObject *root;
  JsonNode *node;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  root_node = aiperf_summary_read_json (path, &nonfinite, error);
  if (root_node == NULL)
    return FALSE;
  root = json_node_get_object (root_node);
  if (nonfinite)
    aiperf_run_add_warning (run, _("%s: NaN or Infinity values (not valid JSON) were read as missing"), path);

  /* Aggregates are sometimes written under the summary name. */
  if (json_object_has_member (root, "metadata") && json_object_has_member (root, "metrics") &&
      !json_object_has_member (root, "input_config"))
    {
      g_clear_pointer (&root_node, json_node_unref);
      return aiperf_load_aggregate_json (run, path, error);
    }

  aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_SUMMARY_JSON);
  aiperf_run_set_versions (run, aiperf_json_get_string (root, "aiperf_version"),
                           aiperf_json_get_string (root, "schema_version"));
  aiperf_run_set_times (run, aiperf_json_get_string (root, "start_time"), aiperf_json_get_string (root, "end_time"));

  /* ≤0.1.x keeps metrics under "records", some writers under "metrics",
   * everything since 0.2 at the top level; read all three. */
  load_metrics_from (run, root, path);
  node = json_object_get_member (root, "records");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    load_metrics_from (run, json_node_get_object (node), path);
  node = json_object_get_member (root, "metrics");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    load_metrics_from (run, json_node_get_object (node), path);

  load_error_summary (run, json_object_get_member (root, "error_summary"));
  node = json_object_get_member (root, "was_cancelled");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_BOOLEAN && json_node_get_boolean (node))
    aiperf_run_add_warning (run, _("%s: the benchmark was cancelled before it finished"), path);

  load_run_info (run, root);
  aiperf_apply_input_config (run, json_object_get_member (root, "input_config"));
  aiperf_apply_telemetry_summary (run, json_object_get_member (root, "telemetry_data"));
  set_request_counts (run);

  {
    g_autoptr(GPtrArray) tags = aiperf_run_list_metrics (run);

    if (tags->len == 0 && !json_object_has_member (root, "input_config"))
      {
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                     _("%s: no metrics found (expected keys such as “request_latency” with avg, p50, …)"),
                     path);
        return FALSE;
      }
  }
  return TRUE;
}

/* --- GPU telemetry of the summary --- */

void
aiperf_apply_telemetry_summary (AiperfRun *run,
                                JsonNode  *telemetry_data)
{
  JsonNode *endpoints;
  g_autoptr(GList) endpoint_names = NULL;

  g_return_if_fail (AIPERF_IS_RUN (run));

  if (telemetry_data == NULL || !JSON_NODE_HOLDS_OBJECT (telemetry_data))
    return;
  endpoints = json_object_get_member (json_node_get_object (telemetry_data), "endpoints");
  if (endpoints == NULL || !JSON_NODE_HOLDS_OBJECT (endpoints))
    return;

  /* get_members keeps file order (json-glib 1.6 iterators do not), so GPU
   * slots follow the file. */
  endpoint_names = json_object_get_members (json_node_get_object (endpoints));
  for (GList *e = endpoint_names; e != NULL; e = e->next)
    {
      const char *endpoint = e->data;
      JsonNode *ep_node = json_object_get_member (json_node_get_object (endpoints), endpoint);
      g_autoptr(GList) slots = NULL;
      JsonNode *gpus;

      if (!JSON_NODE_HOLDS_OBJECT (ep_node))
        continue;
      gpus = json_object_get_member (json_node_get_object (ep_node), "gpus");
      if (gpus == NULL || !JSON_NODE_HOLDS_OBJECT (gpus))
        continue;

      slots = json_object_get_members (json_node_get_object (gpus));
      for (GList *g = slots; g != NULL; g = g->next)
        {
          JsonNode *gpu_node = json_object_get_member (json_node_get_object (gpus), g->data);
          JsonObject *gpu;
          double index = -1;

          if (!JSON_NODE_HOLDS_OBJECT (gpu_node))
            continue;
          gpu = json_node_get_object (gpu_node);
          if (!aiperf_json_get_number (json_object_get_member (gpu, "gpu_index"), &index) ||
              index < 0 || index > G_MAXINT)
            index = -1;
          /* Two exporters scraping one GPU report the same UUID; aiperf
           * counts it twice (quirk 3), we count it once. */
          aiperf_run_add_gpu (run, aiperf_json_get_string (gpu, "gpu_uuid"), (int) index,
                              aiperf_json_get_string (gpu, "gpu_name"),
                              aiperf_json_get_string (gpu, "hostname"), endpoint);
        }
    }
}
