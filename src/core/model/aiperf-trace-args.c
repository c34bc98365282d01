/* aiperf-trace-args.c — a trace event's args as lines to show, with the
 * values of secret-looking keys masked wherever they nest and environment
 * blocks (metadata.system.env and the like) never shown wholesale.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "aiperf-trace-args.h"

#define MAX_LINES 40
#define MAX_VALUE 200
#define MASK "••••••"

gboolean
aiperf_trace_args_key_is_secret (const char *key)
{
  static const char *const words[] = { "TOKEN", "KEY", "SECRET", "PASSWORD", "CREDENTIAL" };
  g_autofree char *upper = g_ascii_strup (key, -1);

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strstr (upper, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
is_environment (const char *key)
{
  return g_ascii_strcasecmp (key, "env") == 0 || g_ascii_strcasecmp (key, "environ") == 0 ||
         g_ascii_strcasecmp (key, "environment") == 0;
}

/* A copy of @node with secrets masked and environments left out. */
static JsonNode *
masked (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *in = json_node_get_object (node);
      JsonObject *out = json_object_new ();
      JsonNode *copy = json_node_new (JSON_NODE_OBJECT);
      JsonObjectIter iter;
      const char *key;
      JsonNode *member;

      json_object_iter_init_ordered (&iter, in);
      while (json_object_iter_next_ordered (&iter, &key, &member))
        if (aiperf_trace_args_key_is_secret (key))
          json_object_set_string_member (out, key, MASK);
        else if (is_environment (key))
          json_object_set_string_member (out, key, _("(not shown)"));
        else
          json_object_set_member (out, key, masked (member));
      json_node_take_object (copy, out);
      return copy;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *in = json_node_get_array (node);
      JsonArray *out = json_array_new ();
      JsonNode *copy = json_node_new (JSON_NODE_ARRAY);

      for (guint i = 0; i < json_array_get_length (in); i++)
        json_array_add_element (out, masked (json_array_get_element (in, i)));
      json_node_take_array (copy, out);
      return copy;
    }
  return json_node_copy (node);
}

static char *
value_text (JsonNode *node)
{
  char *text;

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (node));
  else
    text = json_to_string (node, FALSE);
  if (g_utf8_strlen (text, -1) > MAX_VALUE)
    {
      char *cut = g_utf8_substring (text, 0, MAX_VALUE);

      g_free (text);
      text = g_strconcat (cut, "…", NULL);
      g_free (cut);
    }
  return text;
}

char *
aiperf_trace_args_format (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonNode) clean = NULL;
  GString *out;
  JsonObjectIter iter;
  const char *key;
  JsonNode *member;
  guint n = 0;

  g_return_val_if_fail (json != NULL, NULL);

  if (!json_parser_load_from_data (parser, json, -1, NULL) || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  clean = masked (json_parser_get_root (parser));
  out = g_string_new (NULL);
  json_object_iter_init_ordered (&iter, json_node_get_object (clean));
  while (json_object_iter_next_ordered (&iter, &key, &member))
    {
      g_autofree char *value = NULL;

      if (n++ == MAX_LINES)
        {
          g_string_append (out, "…\n");
          break;
        }
      value = value_text (member);
      g_string_append_printf (out, "%s: %s\n", key, value);
    }
  if (out->len > 0)
    g_string_truncate (out, out->len - 1);
  return g_string_free (out, FALSE);
}
