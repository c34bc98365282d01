/* aiperf-presets-yaml.c — reading values out of a libyaml document, with
 * errors that point at the line and column of the node that is wrong.
 * Used by the preset file reader and the preset spec reader alike.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <yaml.h>

#include "aiperf-error.h"
#include "aiperf-presets-private.h"

const char *
aiperf_presets_scalar (yaml_node_t *node)
{
  if (node == NULL || node->type != YAML_SCALAR_NODE)
    return NULL;
  return (const char *) node->data.scalar.value;
}

gboolean
aiperf_presets_is_null (yaml_node_t *node)
{
  const char *s = aiperf_presets_scalar (node);

  if (node == NULL)
    return TRUE;
  if (s == NULL || node->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
    return FALSE;
  return *s == '\0' || strcmp (s, "~") == 0 || g_ascii_strcasecmp (s, "null") == 0;
}

void
aiperf_presets_error (AiperfPresetParser *p,
                      yaml_node_t        *node,
                      int                 code,
                      const char         *format,
                      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (*p->error != NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (node != NULL)
    g_set_error (p->error, AIPERF_ERROR, code, "%s:%u:%u: %s", p->filename,
                 (guint) node->start_mark.line + 1, (guint) node->start_mark.column + 1,
                 message);
  else
    g_set_error (p->error, AIPERF_ERROR, code, "%s: %s", p->filename, message);
}

yaml_node_t *
aiperf_presets_node (AiperfPresetParser *p,
                     int                 index)
{
  return yaml_document_get_node (p->doc, index);
}

yaml_node_t *
aiperf_presets_lookup (AiperfPresetParser *p,
                       yaml_node_t        *mapping,
                       const char         *key)
{
  if (mapping == NULL || mapping->type != YAML_MAPPING_NODE)
    return NULL;
  for (yaml_node_pair_t *pair = mapping->data.mapping.pairs.start;
       pair < mapping->data.mapping.pairs.top; pair++)
    if (g_strcmp0 (aiperf_presets_scalar (aiperf_presets_node (p, pair->key)), key) == 0)
      return aiperf_presets_node (p, pair->value);
  return NULL;
}

const char *
aiperf_presets_get_string (AiperfPresetParser *p,
                           yaml_node_t        *node,
                           const char         *key)
{
  if (aiperf_presets_is_null (node))
    return NULL;
  if (node->type != YAML_SCALAR_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, _("“%s” must be a text value"), key);
      return NULL;
    }
  return aiperf_presets_scalar (node);
}

gboolean
aiperf_presets_get_bool (AiperfPresetParser *p,
                         yaml_node_t        *node,
                         const char         *key,
                         gboolean           *out_value)
{
  const char *s = aiperf_presets_scalar (node);
  static const char * const yes[] = { "true", "yes", "on", "1" };
  static const char * const no[] = { "false", "no", "off", "0" };

  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (yes); i++)
    {
      if (g_ascii_strcasecmp (s, yes[i]) == 0)
        {
          *out_value = TRUE;
          return TRUE;
        }
      if (g_ascii_strcasecmp (s, no[i]) == 0)
        {
          *out_value = FALSE;
          return TRUE;
        }
    }
  aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, _("“%s” must be true or false"), key);
  return FALSE;
}

gboolean
aiperf_presets_get_double (AiperfPresetParser *p,
                           yaml_node_t        *node,
                           const char         *key,
                           double              min,
                           double              max,
                           double             *out_value)
{
  const char *s = aiperf_presets_scalar (node);
  char *end = NULL;
  double v;

  if (s != NULL)
    {
      v = g_ascii_strtod (s, &end);
      if (end != s && *end == '\0' && v >= min && v <= max)
        {
          *out_value = v;
          return TRUE;
        }
    }
  aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                        _("“%s” must be a number from %g to %g"), key, min, max);
  return FALSE;
}

/* A list of strings, or a single string taken as a list of one. */
GStrv
aiperf_presets_get_strv (AiperfPresetParser *p,
                         yaml_node_t        *node,
                         const char         *key)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (aiperf_presets_is_null (node))
    return g_strv_builder_end (builder);
  if (node->type == YAML_SCALAR_NODE)
    {
      g_strv_builder_add (builder, aiperf_presets_scalar (node));
      return g_strv_builder_end (builder);
    }
  if (node->type != YAML_SEQUENCE_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, _("“%s” must be a list"), key);
      return NULL;
    }
  for (yaml_node_item_t *item = node->data.sequence.items.start;
       item < node->data.sequence.items.top; item++)
    {
      yaml_node_t *child = aiperf_presets_node (p, *item);

      if (aiperf_presets_scalar (child) == NULL)
        {
          aiperf_presets_error (p, child, AIPERF_ERROR_CONFIG,
                                _("“%s” must be a list of names"), key);
          return NULL;
        }
      g_strv_builder_add (builder, aiperf_presets_scalar (child));
    }
  return g_strv_builder_end (builder);
}
