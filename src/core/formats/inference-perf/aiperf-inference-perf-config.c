/* aiperf-inference-perf-config.c — the few settings a run takes from an
 * inference-perf config.yaml (libyaml document API).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <yaml.h>

#include "aiperf-error.h"
#include "aiperf-inference-perf-private.h"

/* The scalar at the dotted @path of mapping nodes, or NULL. */
static const char *
yaml_lookup (yaml_document_t *doc,
             const char      *path)
{
  g_auto(GStrv) steps = g_strsplit (path, ".", -1);
  yaml_node_t *node = yaml_document_get_root_node (doc);

  for (guint i = 0; steps[i] != NULL; i++)
    {
      yaml_node_t *next = NULL;

      if (node == NULL || node->type != YAML_MAPPING_NODE)
        return NULL;
      for (yaml_node_pair_t *pair = node->data.mapping.pairs.start;
           pair < node->data.mapping.pairs.top && next == NULL; pair++)
        {
          yaml_node_t *key = yaml_document_get_node (doc, pair->key);

          if (key != NULL && key->type == YAML_SCALAR_NODE &&
              strcmp ((const char *) key->data.scalar.value, steps[i]) == 0)
            next = yaml_document_get_node (doc, pair->value);
        }
      node = next;
    }
  if (node == NULL || node->type != YAML_SCALAR_NODE)
    return NULL;
  return (const char *) node->data.scalar.value;
}

static char *
dup_nonempty (const char *text)
{
  return text != NULL && *text != '\0' ? g_strdup (text) : NULL;
}

static char *
find_config (const char *folder)
{
  g_autofree char *here = g_build_filename (folder, "config.yaml", NULL);
  g_autofree char *parent = g_path_get_dirname (folder);
  g_autofree char *above = g_build_filename (parent, "config.yaml", NULL);

  if (g_file_test (here, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&here);
  if (g_file_test (above, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&above);
  return NULL;
}

AiperfInferencePerfConfig *
aiperf_inference_perf_config_load (const char  *folder,
                                   GError     **error)
{
  g_autofree char *path = find_config (folder);
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  AiperfInferencePerfConfig *config;
  yaml_parser_t parser;
  yaml_document_t doc;
  const char *streaming;
  gsize length = 0;

  if (path == NULL)
    return NULL;
  if (!g_file_get_contents (path, &text, &length, &local))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s", local->message);
      return NULL;
    }
  if (!yaml_parser_initialize (&parser))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s: %s", path,
                   _("cannot initialise the YAML parser"));
      return NULL;
    }
  yaml_parser_set_input_string (&parser, (const unsigned char *) text, length);
  if (!yaml_parser_load (&parser, &doc))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s:%u:%u: %s", path,
                   (guint) parser.problem_mark.line + 1, (guint) parser.problem_mark.column + 1,
                   parser.problem != NULL ? parser.problem : _("malformed YAML"));
      yaml_parser_delete (&parser);
      return NULL;
    }

  config = g_new0 (AiperfInferencePerfConfig, 1);
  config->path = g_steal_pointer (&path);
  config->model = dup_nonempty (yaml_lookup (&doc, "server.model_name"));
  if (config->model == NULL)
    config->model = dup_nonempty (yaml_lookup (&doc, "tokenizer.pretrained_model_name_or_path"));
  config->server_type = dup_nonempty (yaml_lookup (&doc, "server.type"));
  config->api_type = dup_nonempty (yaml_lookup (&doc, "api.type"));
  config->load_type = dup_nonempty (yaml_lookup (&doc, "load.type"));
  config->data_type = dup_nonempty (yaml_lookup (&doc, "data.type"));
  streaming = yaml_lookup (&doc, "api.streaming");
  if (streaming != NULL)
    {
      config->has_streaming = TRUE;
      config->streaming = g_ascii_strcasecmp (streaming, "true") == 0 ||
                          g_ascii_strcasecmp (streaming, "yes") == 0;
    }

  yaml_document_delete (&doc);
  yaml_parser_delete (&parser);
  return config;
}

void
aiperf_inference_perf_config_free (AiperfInferencePerfConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->path);
  g_free (config->model);
  g_free (config->server_type);
  g_free (config->api_type);
  g_free (config->load_type);
  g_free (config->data_type);
  g_free (config);
}
