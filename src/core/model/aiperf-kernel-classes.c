/* aiperf-kernel-classes.c — kernel name → category, from YAML rules.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <yaml.h>

#include "aiperf-core-resources.h"
#include "aiperf-error.h"
#include "aiperf-kernel-classes.h"

#define SHIPPED_RULES "/org/aiperf/Plot/core/kernels/kernel-classes.yaml"

typedef struct {
  char   *name;
  GRegex *match;
} Rule;

struct _AiperfKernelClasses {
  GArray *categories;   /* Rule, in matching order */
  GArray *collectives;  /* Rule, for communication kernels */
};

static void
rule_clear (gpointer data)
{
  Rule *rule = data;

  g_free (rule->name);
  g_clear_pointer (&rule->match, g_regex_unref);
}

void
aiperf_kernel_classes_free (AiperfKernelClasses *classes)
{
  if (classes == NULL)
    return;
  g_array_unref (classes->categories);
  g_array_unref (classes->collectives);
  g_free (classes);
}

static gboolean
fail (GError    **error,
      const char *origin,
      yaml_node_t *node,
      const char *what)
{
  g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_CONFIG, "%s:%lu: %s", origin,
               node != NULL ? (unsigned long) node->start_mark.line + 1 : 1UL, what);
  return FALSE;
}

static const char *
scalar (yaml_node_t *node)
{
  return node != NULL && node->type == YAML_SCALAR_NODE ? (const char *) node->data.scalar.value : NULL;
}

static yaml_node_t *
lookup (yaml_document_t *doc,
        yaml_node_t     *map,
        const char      *key)
{
  if (map == NULL || map->type != YAML_MAPPING_NODE)
    return NULL;
  for (yaml_node_pair_t *pair = map->data.mapping.pairs.start; pair < map->data.mapping.pairs.top; pair++)
    if (g_strcmp0 (scalar (yaml_document_get_node (doc, pair->key)), key) == 0)
      return yaml_document_get_node (doc, pair->value);
  return NULL;
}

/* Reads a sequence of {name, match} into @rules. */
static gboolean
read_rules (yaml_document_t *doc,
            yaml_node_t     *sequence,
            GArray          *rules,
            const char      *origin,
            GError         **error)
{
  if (sequence == NULL || sequence->type != YAML_SEQUENCE_NODE)
    return fail (error, origin, sequence, _("expected a list of {name, match} rules"));
  for (yaml_node_item_t *item = sequence->data.sequence.items.start; item < sequence->data.sequence.items.top; item++)
    {
      yaml_node_t *node = yaml_document_get_node (doc, *item);
      const char *name = scalar (lookup (doc, node, "name"));
      const char *match = scalar (lookup (doc, node, "match"));
      g_autoptr(GError) regex_error = NULL;
      Rule rule;

      if (name == NULL || *name == '\0' || match == NULL)
        return fail (error, origin, node, _("a rule needs a “name” and a “match” pattern"));
      rule.match = g_regex_new (match, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, &regex_error);
      if (rule.match == NULL)
        {
          g_autofree char *what = g_strdup_printf (_("bad pattern for “%s”: %s"), name, regex_error->message);
          return fail (error, origin, node, what);
        }
      rule.name = g_strdup (name);
      g_array_append_val (rules, rule);
    }
  return TRUE;
}

static GArray *
rule_array_new (void)
{
  GArray *rules = g_array_new (FALSE, FALSE, sizeof (Rule));

  g_array_set_clear_func (rules, rule_clear);
  return rules;
}

static gboolean
read_document (yaml_document_t     *doc,
               AiperfKernelClasses *classes,
               const char          *origin,
               GError             **error)
{
  yaml_node_t *root = yaml_document_get_root_node (doc);
  yaml_node_t *categories = lookup (doc, root, "categories");

  if (!read_rules (doc, categories, classes->categories, origin, error))
    return FALSE;
  for (guint i = 0; i < classes->categories->len; i++)
    {
      Rule *rule = &g_array_index (classes->categories, Rule, i);
      yaml_node_t *item = yaml_document_get_node (doc, categories->data.sequence.items.start[i]);
      yaml_node_t *collectives = lookup (doc, item, "collectives");

      if (g_str_equal (rule->name, AIPERF_KERNEL_CATEGORY_OTHER))
        return fail (error, origin, item, _("“other” is what no rule matches; it cannot have a rule"));
      if (collectives != NULL && !read_rules (doc, collectives, classes->collectives, origin, error))
        return FALSE;
    }
  return TRUE;
}

AiperfKernelClasses *
aiperf_kernel_classes_new_from_data (const char  *text,
                                     gsize        length,
                                     const char  *origin,
                                     GError     **error)
{
  g_autoptr(AiperfKernelClasses) classes = g_new0 (AiperfKernelClasses, 1);
  yaml_parser_t parser;
  yaml_document_t doc;
  gboolean ok;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (origin != NULL, NULL);

  classes->categories = rule_array_new ();
  classes->collectives = rule_array_new ();
  yaml_parser_initialize (&parser);
  yaml_parser_set_input_string (&parser, (const unsigned char *) text, length);
  if (!yaml_parser_load (&parser, &doc))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s:%lu: %s", origin,
                   (unsigned long) parser.problem_mark.line + 1,
                   parser.problem != NULL ? parser.problem : _("not YAML"));
      yaml_parser_delete (&parser);
      return NULL;
    }
  ok = read_document (&doc, classes, origin, error);
  yaml_document_delete (&doc);
  yaml_parser_delete (&parser);
  return ok ? g_steal_pointer (&classes) : NULL;
}

AiperfKernelClasses *
aiperf_kernel_classes_new_from_file (const char  *path,
                                     GError     **error)
{
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &text, &length, error))
    return NULL;
  return aiperf_kernel_classes_new_from_data (text, length, path, error);
}

static AiperfKernelClasses *default_classes;
static GMutex default_lock;

static AiperfKernelClasses *
load_default (void)
{
  g_autofree char *user = g_build_filename (g_get_user_config_dir (), "aiperf-plot",
                                            "kernel-classes.yaml", NULL);
  g_autoptr(GBytes) bytes = NULL;
  AiperfKernelClasses *classes;
  gsize length;
  const char *data;

  if (g_file_test (user, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GError) error = NULL;

      classes = aiperf_kernel_classes_new_from_file (user, &error);
      if (classes != NULL)
        return classes;
      g_warning ("%s; using the built-in kernel categories", error->message);
    }
  bytes = g_resource_lookup_data (aiperf_core_get_resource (), SHIPPED_RULES, 0, NULL);
  g_assert (bytes != NULL);
  data = g_bytes_get_data (bytes, &length);
  classes = aiperf_kernel_classes_new_from_data (data, length, "resource://" SHIPPED_RULES, NULL);
  g_assert (classes != NULL);
  return classes;
}

AiperfKernelClasses *
aiperf_kernel_classes_get_default (void)
{
  AiperfKernelClasses *classes;

  g_mutex_lock (&default_lock);
  if (default_classes == NULL)
    default_classes = load_default ();
  classes = default_classes;
  g_mutex_unlock (&default_lock);
  return classes;
}

void
aiperf_kernel_classes_set_default (AiperfKernelClasses *classes)
{
  g_return_if_fail (classes != NULL);

  /* The old rules are kept: a worker may still be classifying with them. */
  g_mutex_lock (&default_lock);
  default_classes = classes;
  g_mutex_unlock (&default_lock);
}

static const char *
first_match (GArray     *rules,
             const char *name)
{
  for (guint i = 0; i < rules->len; i++)
    {
      Rule *rule = &g_array_index (rules, Rule, i);

      if (g_regex_match (rule->match, name, 0, NULL))
        return rule->name;
    }
  return NULL;
}

const char *
aiperf_kernel_classes_classify (AiperfKernelClasses *classes,
                                const char          *name,
                                const char         **out_collective)
{
  const char *category;

  g_return_val_if_fail (classes != NULL, AIPERF_KERNEL_CATEGORY_OTHER);
  g_return_val_if_fail (name != NULL, AIPERF_KERNEL_CATEGORY_OTHER);

  category = first_match (classes->categories, name);
  if (out_collective != NULL)
    *out_collective = NULL;
  if (category == NULL)
    return AIPERF_KERNEL_CATEGORY_OTHER;
  if (out_collective != NULL && g_str_equal (category, "communication"))
    *out_collective = first_match (classes->collectives, name);
  return category;
}

guint
aiperf_kernel_classes_get_n_categories (AiperfKernelClasses *classes)
{
  g_return_val_if_fail (classes != NULL, 0);
  return classes->categories->len + 1;
}

const char *
aiperf_kernel_classes_get_category (AiperfKernelClasses *classes,
                                    guint                index)
{
  g_return_val_if_fail (classes != NULL, NULL);
  g_return_val_if_fail (index <= classes->categories->len, NULL);

  if (index == classes->categories->len)
    return AIPERF_KERNEL_CATEGORY_OTHER;
  return g_array_index (classes->categories, Rule, index).name;
}

void
aiperf_kernel_classes_apply (AiperfKernelClasses *classes,
                             AiperfTable         *kernels)
{
  int name_column;
  guint category, collective;

  g_return_if_fail (classes != NULL);
  g_return_if_fail (kernels != NULL);

  name_column = aiperf_table_find_column (kernels, AIPERF_KERNELS_NAME);
  g_return_if_fail (name_column >= 0 && aiperf_table_column_is_string (kernels, name_column));

  category = aiperf_table_ensure_string_column (kernels, AIPERF_KERNELS_CATEGORY);
  collective = aiperf_table_ensure_string_column (kernels, AIPERF_KERNELS_COLLECTIVE);
  for (guint row = 0; row < aiperf_table_get_n_rows (kernels); row++)
    {
      const char *name = aiperf_table_get_string (kernels, name_column, row);
      const char *which = NULL;

      if (name == NULL)
        continue;
      aiperf_table_set_string (kernels, category, row,
                               aiperf_kernel_classes_classify (classes, name, &which));
      aiperf_table_set_string (kernels, collective, row, which);
    }
}
