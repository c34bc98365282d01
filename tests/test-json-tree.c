/* test-json-tree.c — json-glib trees built by the fast scanner equal the
 * trees json-glib's own parser builds, and strict JSON is required.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "aiperf-json-tree.h"

static void
assert_same_tree (JsonNode   *want,
                  JsonNode   *got,
                  const char *where)
{
  g_assert_cmpint (json_node_get_node_type (got), ==, json_node_get_node_type (want));
  switch (json_node_get_node_type (want))
    {
    case JSON_NODE_OBJECT:
      {
        g_autoptr(GList) a = json_object_get_members (json_node_get_object (want));
        g_autoptr(GList) b = json_object_get_members (json_node_get_object (got));

        g_assert_cmpuint (g_list_length (a), ==, g_list_length (b));
        for (GList *l = a, *m = b; l != NULL; l = l->next, m = m->next)
          {
            g_assert_cmpstr (l->data, ==, m->data);   /* same order */
            assert_same_tree (json_object_get_member (json_node_get_object (want), l->data),
                              json_object_get_member (json_node_get_object (got), l->data), l->data);
          }
      }
      break;
    case JSON_NODE_ARRAY:
      {
        JsonArray *a = json_node_get_array (want), *b = json_node_get_array (got);

        g_assert_cmpuint (json_array_get_length (a), ==, json_array_get_length (b));
        for (guint i = 0; i < json_array_get_length (a); i++)
          assert_same_tree (json_array_get_element (a, i), json_array_get_element (b, i), where);
      }
      break;
    case JSON_NODE_VALUE:
      g_assert_cmpstr (g_type_name (json_node_get_value_type (got)), ==,
                       g_type_name (json_node_get_value_type (want)));
      if (json_node_get_value_type (want) == G_TYPE_STRING)
        g_assert_cmpstr (json_node_get_string (got), ==, json_node_get_string (want));
      else if (json_node_get_value_type (want) == G_TYPE_INT64)
        g_assert_cmpint (json_node_get_int (got), ==, json_node_get_int (want));
      else if (json_node_get_value_type (want) == G_TYPE_DOUBLE)
        g_assert_cmpfloat (json_node_get_double (got), ==, json_node_get_double (want));
      else
        g_assert_cmpint (json_node_get_boolean (got), ==, json_node_get_boolean (want));
      break;
    case JSON_NODE_NULL:
    default:
      break;
    }
}

static void
check_like_json_glib (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonNode) got = NULL;
  g_autoptr(GError) error = NULL;
  const char *message = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  got = aiperf_json_tree_parse (text, strlen (text), 64, &message);
  if (got == NULL)
    g_error ("%s: %s", text, message);
  assert_same_tree (json_parser_get_root (parser), got, "root");
}

static void
test_same_as_json_glib (void)
{
  const char *cases[] = {
    "{}",
    "[]",
    "{\"a\": 1, \"b\": -2, \"c\": 0.5, \"d\": 1e3, \"e\": -0, \"f\": 31.742933999999998}",
    "{\"unit\": \"ms\", \"avg\": 3652.1454372343746, \"p99\": 3909.3341161199996, \"n\": 64}",
    "[true, false, null, \"x\", [1, [2, [3]]], {\"k\": {\"k\": {}}}]",
    "{\"esc\\\"aped\": \"tab\\tnew\\nline \\u00e9 \\ud83d\\ude00 \\/ \\\\\"}",
    "{\"same\": 1, \"other\": 2, \"same\": 3}",          /* the last value wins */
    "  {\n\t\"spaced\" :\r\n [ 1 , 2 ]\n}  \n",
    "{\"big\": 9223372036854775807, \"small\": -9223372036854775808}",
    "{\"a-very-long-key-that-does-not-fit-in-the-small-buffer-used-for-keys-and-so-is-copied-with-g_strndup-instead\": 1}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_like_json_glib (cases[i]);
}

static void
test_strict (void)
{
  const char *bad[] = {
    "", "{", "{\"a\": 1,}", "[1, 2,]", "{\"a\": NaN}", "{\"a\": Infinity}",
    "{\"a\": 1} x", "{'a': 1}", "{\"a\": 01}", "{\"a\": \"\x01\"}", "{\"a\": 1e999}",
    "{\"a\": \"\xff\"}", "[[[[[[[[[[1]]]]]]]]]]",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const char *message = NULL;
      JsonNode *node = aiperf_json_tree_parse (bad[i], strlen (bad[i]), 8, &message);

      if (node != NULL)
        g_error ("accepted: %s", bad[i]);
      g_assert_nonnull (message);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/json/tree/same-as-json-glib", test_same_as_json_glib);
  g_test_add_func ("/aiperf/json/tree/strict", test_strict);
  return g_test_run ();
}
