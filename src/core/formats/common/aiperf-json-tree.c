/* aiperf-json-tree.c — json-glib trees built by the fast JSON scanner.
 *
 * json-glib tokenises with GScanner at about 30 MB/s; a sweep of 100 runs
 * reads 100 summaries of ~25 kB each, and that parse was the largest cost of
 * a multi-run export. The scanner (aiperf-json-scan.c) validates and splits
 * the text several times faster; only the tree nodes remain to be made.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-json-scan.h"
#include "aiperf-json-tree.h"

static JsonNode *build_value (AiperfJsonScan *scan, guint depth, guint max_depth);

/* A NUL-terminated copy of a raw key in @buf when it fits, else allocated. */
static const char *
key_string (const char *key,
            gsize       length,
            char       *buf,
            gsize       buf_size,
            char      **owned)
{
  if (memchr (key, '\\', length) != NULL)
    return *owned = aiperf_json_decode_string (key, length);
  if (length < buf_size)
    {
      memcpy (buf, key, length);
      buf[length] = '\0';
      return buf;
    }
  return *owned = g_strndup (key, length);
}

static JsonNode *
build_object (AiperfJsonScan *scan,
              guint           depth,
              guint           max_depth)
{
  JsonObject *object = json_object_new ();
  JsonNode *node;
  const char *key;
  gsize key_length;
  guint count = 0;

  scan->p++;  /* '{' */
  while (aiperf_json_scan_next_key (scan, &count, &key, &key_length))
    {
      char buf[128];
      g_autofree char *owned = NULL;
      const char *name = key_string (key, key_length, buf, sizeof buf, &owned);
      JsonNode *member = build_value (scan, depth + 1, max_depth);

      if (member == NULL)
        {
          json_object_unref (object);
          return NULL;
        }
      json_object_set_member (object, name, member);
    }
  if (scan->error != NULL)
    {
      json_object_unref (object);
      return NULL;
    }
  node = json_node_alloc ();
  json_node_init_object (node, object);
  json_object_unref (object);
  return node;
}

static JsonNode *
build_array (AiperfJsonScan *scan,
             guint           depth,
             guint           max_depth)
{
  JsonArray *array = json_array_new ();
  JsonNode *node;
  guint count = 0;

  scan->p++;  /* '[' */
  while (aiperf_json_scan_next_element (scan, &count))
    {
      JsonNode *element = build_value (scan, depth + 1, max_depth);

      if (element == NULL)
        {
          json_array_unref (array);
          return NULL;
        }
      json_array_add_element (array, element);
    }
  if (scan->error != NULL)
    {
      json_array_unref (array);
      return NULL;
    }
  node = json_node_alloc ();
  json_node_init_array (node, array);
  json_array_unref (array);
  return node;
}

static JsonNode *
build_value (AiperfJsonScan *scan,
             guint           depth,
             guint           max_depth)
{
  AiperfJsonNumber number;
  const char *text;
  gsize length;
  gboolean flag;

  if (depth > max_depth)
    {
      aiperf_json_scan_fail (scan, "nesting too deep");
      return NULL;
    }
  switch (aiperf_json_scan_peek (scan))
    {
    case AIPERF_JSON_OBJECT:
      return build_object (scan, depth, max_depth);
    case AIPERF_JSON_ARRAY:
      return build_array (scan, depth, max_depth);
    case AIPERF_JSON_STRING:
      if (!aiperf_json_scan_string_view (scan, &text, &length, &flag))
        return NULL;
      {
        g_autofree char *copy = flag ? aiperf_json_decode_string (text, length)
                                     : g_strndup (text, length);

        return json_node_init_string (json_node_alloc (), copy);
      }
    case AIPERF_JSON_NUMBER:
      if (!aiperf_json_scan_number (scan, &number))
        return NULL;
      return number.is_int ? json_node_init_int (json_node_alloc (), number.i)
                           : json_node_init_double (json_node_alloc (), number.d);
    case AIPERF_JSON_BOOL:
      if (!aiperf_json_scan_bool (scan, &flag))
        return NULL;
      return json_node_init_boolean (json_node_alloc (), flag);
    case AIPERF_JSON_NULL:
      if (!aiperf_json_scan_null (scan))
        return NULL;
      return json_node_init_null (json_node_alloc ());
    case AIPERF_JSON_ERROR:
    default:
      aiperf_json_scan_fail (scan, "expected a JSON value");
      return NULL;
    }
}

JsonNode *
aiperf_json_tree_parse (const char  *text,
                        gsize        length,
                        guint        max_depth,
                        const char **error_message)
{
  AiperfJsonScan scan;
  JsonNode *root;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  aiperf_json_scan_init (&scan, text, length);
  root = build_value (&scan, 0, max_depth);
  if (root != NULL && !aiperf_json_scan_at_end (&scan))
    {
      aiperf_json_scan_fail (&scan, "unexpected text after the JSON value");
      g_clear_pointer (&root, json_node_unref);
    }
  if (root == NULL)
    {
      if (error_message != NULL)
        *error_message = scan.error != NULL ? scan.error : "not valid JSON";
      return NULL;
    }
  return root;
}
