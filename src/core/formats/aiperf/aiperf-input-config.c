/* aiperf-input-config.c — input_config of a summary: flattened parameters,
 * model, concurrency and rate, in the legacy and the YAML-v2 layouts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-loaders-private.h"

/* Nesting deeper than this is not something aiperf writes; stopping keeps a
 * hostile file from exhausting the stack. */
#define MAX_DEPTH 32

static char *
scalar_to_string (JsonNode *node)
{
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return g_strdup (json_node_get_string (node));
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (node) ? "true" : "false");
    case G_TYPE_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    case G_TYPE_DOUBLE:
      {
        char buf[G_ASCII_DTOSTR_BUF_SIZE];

        return g_strdup (g_ascii_dtostr (buf, sizeof buf, json_node_get_double (node)));
      }
    default:
      return NULL;
    }
}

/* Settings that aiperf's config schemas spell two ways: a run keeps the
 * newer spelling, so runs of both schemas compare on one parameter (the
 * window's Group By and the reports listed "Time Slice Duration" twice). */
static const struct {
  const char *old_key;
  const char *key;
} renamed_keys[] = {
  { "output.slice_duration", "artifacts.slice_duration" },
};

static void
set_parameter (AiperfRun  *run,
               const char *key,
               const char *value)
{
  for (guint i = 0; i < G_N_ELEMENTS (renamed_keys); i++)
    if (g_str_equal (key, renamed_keys[i].old_key))
      key = renamed_keys[i].key;
  aiperf_run_set_parameter (run, key, value);
}

static void
flatten (AiperfRun  *run,
         const char *prefix,
         JsonNode   *node,
         guint       depth)
{
  if (node == NULL || depth > MAX_DEPTH)
    return;

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        JsonObjectIter iter;
        const char *name;
        JsonNode *member;

        json_object_iter_init (&iter, object);
        while (json_object_iter_next (&iter, &name, &member))
          {
            g_autofree char *key = prefix != NULL ? g_strconcat (prefix, ".", name, NULL)
                                                  : g_strdup (name);
            flatten (run, key, member, depth + 1);
          }
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        if (prefix == NULL)
          break;
        /* aiperf plot unwraps single-item lists, so models: [x] reads as x. */
        if (json_array_get_length (array) == 1)
          flatten (run, prefix, json_array_get_element (array, 0), depth + 1);
        else
          {
            g_autofree char *text = json_to_string (node, FALSE);

            set_parameter (run, prefix, text);
          }
      }
      break;

    case JSON_NODE_VALUE:
      {
        g_autofree char *text = scalar_to_string (node);

        if (prefix != NULL && text != NULL)
          set_parameter (run, prefix, text);
      }
      break;

    case JSON_NODE_NULL:
    default:
      break;
    }
}

void
aiperf_flatten_parameters (AiperfRun  *run,
                           const char *prefix,
                           JsonNode   *node)
{
  g_return_if_fail (AIPERF_IS_RUN (run));

  flatten (run, prefix, node, 0);
}

static JsonNode *
member (JsonNode   *node,
        const char *name)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  return json_object_get_member (json_node_get_object (node), name);
}

static JsonNode *
first_element (JsonNode *node)
{
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  array = json_node_get_array (node);
  if (json_array_get_length (array) == 0)
    return NULL;
  return json_array_get_element (array, 0);
}

static const char *
node_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* Numbers, or numeric text ("4"), as aiperf's pydantic models accept both. */
static gboolean
node_number (JsonNode *node,
             double   *out)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64 || type == G_TYPE_DOUBLE)
    *out = json_node_get_double (node);
  else if (type == G_TYPE_STRING)
    {
      const char *text = json_node_get_string (node);
      char *end = NULL;

      *out = g_ascii_strtod (text, &end);
      if (end == text || *end != '\0')
        return FALSE;
    }
  else
    return FALSE;
  return isfinite (*out);
}

static gboolean
node_boolean (JsonNode *node,
              gboolean *out)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return FALSE;
  *out = json_node_get_boolean (node);
  return TRUE;
}

static const char *
find_model (JsonNode *config)
{
  JsonNode *models = member (config, "models");
  JsonNode *first;
  const char *name;

  /* v2: models: {items: [{name}]}; the docs also show a plain list. */
  first = first_element (member (models, "items"));
  if (first == NULL)
    first = first_element (models);
  if (first != NULL)
    {
      name = node_string (first);
      if (name == NULL)
        name = node_string (member (first, "name"));
      if (name != NULL)
        return name;
    }
  name = node_string (first_element (member (member (config, "endpoint"), "model_names")));
  if (name != NULL)
    return name;
  return node_string (member (member (config, "endpoint"), "model_name"));
}

static JsonNode *
find_profiling_phase (JsonNode *config)
{
  JsonNode *phases = member (config, "phases");

  if (phases == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_ARRAY (phases))
    {
      JsonArray *array = json_node_get_array (phases);
      guint n = json_array_get_length (array);

      for (guint i = 0; i < n; i++)
        {
          JsonNode *phase = json_array_get_element (array, i);

          if (g_strcmp0 (node_string (member (phase, "type")), "profiling") == 0 ||
              g_strcmp0 (node_string (member (phase, "name")), "profiling") == 0)
            return phase;
        }
      /* Without a profiling phase the last one is what was measured. */
      return n > 0 ? json_array_get_element (array, n - 1) : NULL;
    }
  if (JSON_NODE_HOLDS_OBJECT (phases))
    return member (phases, "profiling");
  return NULL;
}

void
aiperf_apply_input_config (AiperfRun *run,
                           JsonNode  *input_config)
{
  JsonNode *endpoint, *loadgen, *phase;
  const char *model, *type;
  double number;
  gboolean flag;

  g_return_if_fail (AIPERF_IS_RUN (run));

  if (input_config == NULL || !JSON_NODE_HOLDS_OBJECT (input_config))
    return;

  flatten (run, NULL, input_config, 0);

  model = find_model (input_config);
  if (model != NULL && *model != '\0')
    aiperf_run_set_model (run, model);

  endpoint = member (input_config, "endpoint");
  type = node_string (member (endpoint, "type"));
  if (type != NULL)
    aiperf_run_set_endpoint_type (run, type);
  if (node_boolean (member (endpoint, "streaming"), &flag))
    aiperf_run_set_streaming (run, flag);

  loadgen = member (input_config, "loadgen");
  phase = find_profiling_phase (input_config);

  if (node_number (member (phase, "concurrency"), &number) ||
      node_number (member (loadgen, "concurrency"), &number))
    aiperf_run_set_concurrency (run, number);

  if (node_number (member (phase, "request_rate"), &number) ||
      node_number (member (phase, "rate"), &number) ||
      node_number (member (loadgen, "request_rate"), &number))
    aiperf_run_set_request_rate (run, number);
}
