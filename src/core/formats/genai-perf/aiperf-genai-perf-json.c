/* aiperf-genai-perf-json.c — profile_export_genai_perf.json: metric
 * objects, per-GPU telemetry and the input configuration (flat in older
 * releases, nested by section in newer ones).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-genai-perf-private.h"
#include "aiperf-number-cast.h"
#include "aiperf-peer-json.h"

/* A string, or the first string of an array (--model takes several). */
static const char *
first_string (JsonNode *node)
{
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node) && json_array_get_length (json_node_get_array (node)) > 0)
    node = json_array_get_element (json_node_get_array (node), 0);
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* A number, or the first number of an array (some releases wrote [16]). */
static double
first_number (JsonNode *node)
{
  double value;

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node) && json_array_get_length (json_node_get_array (node)) > 0)
    node = json_array_get_element (json_node_get_array (node), 0);
  return aiperf_peer_node_number (node, &value) ? value : NAN;
}

static gboolean
member_bool (JsonObject *object,
             const char *name,
             gboolean   *out)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return FALSE;
  *out = json_node_get_boolean (node);
  return TRUE;
}

static JsonNode *
member (JsonObject *object,
        const char *name)
{
  return object != NULL ? json_object_get_member (object, name) : NULL;
}

static void
set_text_parameter (AiperfRun  *run,
                    const char *key,
                    const char *value)
{
  if (value != NULL && *value != '\0')
    aiperf_run_set_parameter (run, key, value);
}

static void
set_number_parameter (AiperfRun  *run,
                      const char *key,
                      double      value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isnan (value))
    aiperf_run_set_parameter (run, key, g_ascii_formatd (buf, sizeof buf, "%.15g", value));
}

static void
read_input_config (AiperfRun  *run,
                   JsonObject *config,
                   gboolean   *out_has_load)
{
  /* Newer releases nest the CLI options by section. */
  JsonObject *endpoint = aiperf_peer_member_object (config, "endpoint");
  JsonObject *stimulus = aiperf_peer_path_object (config, "perf_analyzer.stimulus");
  JsonObject *input = aiperf_peer_member_object (config, "input");
  const char *model = first_string (member (config, "model"));
  const char *endpoint_type = aiperf_peer_member_string (config, "endpoint_type");
  double concurrency = first_number (member (config, "concurrency"));
  double rate = first_number (member (config, "request_rate"));
  gboolean streaming;

  if (model == NULL)
    model = first_string (member (config, "model_names"));
  if (model == NULL)
    model = aiperf_peer_member_string (config, "formatted_model_name");
  if (model != NULL && *model != '\0')
    aiperf_run_set_model (run, model);

  if (endpoint != NULL)
    {
      if (endpoint_type == NULL)
        endpoint_type = aiperf_peer_member_string (endpoint, "type");
      if (member_bool (endpoint, "streaming", &streaming))
        aiperf_run_set_streaming (run, streaming);
      set_text_parameter (run, "service_kind", aiperf_peer_member_string (endpoint, "service_kind"));
      set_text_parameter (run, "backend", aiperf_peer_member_string (endpoint, "backend"));
    }
  if (member_bool (config, "streaming", &streaming))
    aiperf_run_set_streaming (run, streaming);
  if (endpoint_type != NULL && *endpoint_type != '\0')
    aiperf_run_set_endpoint_type (run, endpoint_type);
  set_text_parameter (run, "service_kind", aiperf_peer_member_string (config, "service_kind"));
  set_text_parameter (run, "backend", aiperf_peer_member_string (config, "backend"));

  if (isnan (concurrency))
    concurrency = first_number (member (stimulus, "concurrency"));
  if (isnan (rate))
    rate = first_number (member (stimulus, "request_rate"));
  if (!isnan (rate))
    {
      aiperf_run_set_load_parameter (run, "request_rate");
      aiperf_run_set_request_rate (run, rate);
      aiperf_run_set_concurrency (run, NAN);
      *out_has_load = TRUE;
    }
  else if (!isnan (concurrency))
    {
      aiperf_run_set_load_parameter (run, "concurrency");
      aiperf_run_set_concurrency (run, concurrency);
      *out_has_load = TRUE;
    }

  set_number_parameter (run, "synthetic_input_tokens_mean",
                        aiperf_peer_member_number (config, "synthetic_input_tokens_mean"));
  set_number_parameter (run, "output_tokens_mean", aiperf_peer_member_number (config, "output_tokens_mean"));
  if (input != NULL)
    {
      set_number_parameter (run, "synthetic_input_tokens_mean",
                            aiperf_peer_member_number (aiperf_peer_member_object (input, "synthetic_tokens"), "mean"));
      set_number_parameter (run, "output_tokens_mean",
                            aiperf_peer_member_number (aiperf_peer_member_object (input, "output_tokens"), "mean"));
    }
}

/* GPUs are the keys beside "unit" in each telemetry metric ("0", "gpu0"). */
static void
read_telemetry (AiperfRun  *run,
                JsonObject *telemetry)
{
  JsonObjectIter metrics;
  const char *name;
  JsonNode *node;

  json_object_iter_init (&metrics, telemetry);
  while (json_object_iter_next (&metrics, &name, &node))
    {
      JsonObjectIter gpus;
      const char *gpu;
      JsonNode *stats;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      json_object_iter_init (&gpus, json_node_get_object (node));
      while (json_object_iter_next (&gpus, &gpu, &stats))
        {
          g_autofree char *uuid = NULL;
          const char *digits = gpu;

          if (!JSON_NODE_HOLDS_OBJECT (stats))
            continue;
          while (*digits != '\0' && !g_ascii_isdigit (*digits))
            digits++;
          uuid = g_strconcat ("genai-perf:", gpu, NULL);
          aiperf_run_add_gpu (run, uuid, *digits != '\0' ? atoi (digits) : 0, NULL, NULL, NULL);
        }
    }
}

gboolean
aiperf_genai_perf_read_json (AiperfRun   *run,
                             const char  *path,
                             gboolean    *out_has_load,
                             GError     **error)
{
  g_autoptr(JsonNode) root = aiperf_peer_json_load (path, error);
  JsonObjectIter iter;
  JsonObject *object, *config = NULL, *telemetry = NULL;
  const char *name;
  JsonNode *node;
  double count = NAN;
  guint n_metrics = 0;

  *out_has_load = FALSE;
  if (root == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: not a GenAI-Perf summary (the top level is not an object)"), path);
      return FALSE;
    }
  object = json_node_get_object (root);
  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &name, &node))
    {
      JsonObject *metric;
      const char *tag;
      AiperfStats stats;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      metric = json_node_get_object (node);
      if (g_str_equal (name, "input_config"))
        config = metric;
      else if (g_str_equal (name, "telemetry_stats"))
        telemetry = metric;
      else if (json_object_has_member (metric, "unit") || json_object_has_member (metric, "avg"))
        {
          if (aiperf_peer_stats_from_object (metric, aiperf_peer_stat_keys, 1.0, &stats) == 0)
            continue;
          tag = aiperf_genai_perf_set_metric (run, name, aiperf_peer_member_string (metric, "unit"), &stats);
          if (g_str_equal (tag, "request_count"))
            count = stats.v[AIPERF_STAT_AVG];
          n_metrics++;
        }
    }
  if (n_metrics == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: no GenAI-Perf metrics (objects with a unit and an avg)"), path);
      return FALSE;
    }
  if (aiperf_count_from_double (count) >= 0)
    aiperf_run_set_request_counts (run, aiperf_count_from_double (count), -1);
  if (telemetry != NULL)
    read_telemetry (run, telemetry);
  if (config != NULL)
    read_input_config (run, config, out_has_load);
  return TRUE;
}
