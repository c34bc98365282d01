/* aiperf-presets-runs.c — reading the runs: block of a preset file (which
 * runs a saved view hides or filters out; see aiperf-run-rules.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-error.h"
#include "aiperf-presets-private.h"
#include "aiperf-run-rules.h"
#include "aiperf-stats.h"

/* A bound of a range: a number, or null for none. */
static gboolean
parse_bound (AiperfPresetParser *p,
             yaml_node_t        *node,
             const char         *key,
             double             *out_value)
{
  const char *text = aiperf_presets_scalar (node);
  char *end = NULL;
  double v;

  *out_value = NAN;
  if (aiperf_presets_is_null (node))
    return TRUE;
  if (text != NULL)
    {
      v = g_ascii_strtod (text, &end);
      if (end != text && *end == '\0' && isfinite (v))
        {
          *out_value = v;
          return TRUE;
        }
    }
  aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, _("“%s” must be a number, or null for no bound"), key);
  return FALSE;
}

static gboolean
parse_range (AiperfPresetParser *p,
             yaml_node_t        *node,
             AiperfRunRules     *rules)
{
  const char *metric, *stat_text;
  AiperfStat stat = AIPERF_STAT_AVG;
  double min, max;

  if (node->type != YAML_MAPPING_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("each of “metric_ranges” must be a mapping with “metric”, “stat”, “min” and “max”"));
      return FALSE;
    }
  metric = aiperf_presets_get_string (p, aiperf_presets_lookup (p, node, "metric"), "metric");
  if (metric == NULL)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, _("a metric range needs a “metric”"));
      return FALSE;
    }
  stat_text = aiperf_presets_get_string (p, aiperf_presets_lookup (p, node, "stat"), "stat");
  if (stat_text != NULL && !aiperf_stat_from_string (stat_text, &stat))
    {
      aiperf_presets_error (p, aiperf_presets_lookup (p, node, "stat"), AIPERF_ERROR_CONFIG,
                            _("“%s” is not a statistic (avg, p50, p90, p99, min, max, std, …)"), stat_text);
      return FALSE;
    }
  if (!parse_bound (p, aiperf_presets_lookup (p, node, "min"), "min", &min) ||
      !parse_bound (p, aiperf_presets_lookup (p, node, "max"), "max", &max))
    return FALSE;
  aiperf_run_rules_add_range (rules, metric, stat, min, max);
  return TRUE;
}

static gboolean
parse_parameters (AiperfPresetParser *p,
                  yaml_node_t        *node,
                  AiperfRunRules     *rules)
{
  if (aiperf_presets_is_null (node))
    return TRUE;
  if (node->type != YAML_MAPPING_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("“parameters” must map a parameter to the list of its values drawn"));
      return FALSE;
    }
  for (yaml_node_pair_t *pair = node->data.mapping.pairs.start;
       pair < node->data.mapping.pairs.top; pair++)
    {
      const char *key = aiperf_presets_get_string (p, aiperf_presets_node (p, pair->key), "parameters");
      g_auto(GStrv) values = NULL;
      GPtrArray *list;

      if (key == NULL)
        {
          aiperf_presets_error (p, aiperf_presets_node (p, pair->key), AIPERF_ERROR_CONFIG,
                                _("a parameter in “parameters” must be named"));
          return FALSE;
        }
      values = aiperf_presets_get_strv (p, aiperf_presets_node (p, pair->value), key);
      if (values == NULL)
        return FALSE;
      list = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; values[i] != NULL; i++)
        g_ptr_array_add (list, g_strdup (values[i]));
      g_hash_table_replace (rules->parameters, g_strdup (key), list);
    }
  return TRUE;
}

AiperfRunRules *
aiperf_presets_parse_runs (AiperfPresetParser *p,
                           yaml_node_t        *node)
{
  g_autoptr(AiperfRunRules) rules = NULL;
  g_auto(GStrv) hidden = NULL;
  yaml_node_t *ranges;

  if (node->type != YAML_MAPPING_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("“runs” must be a mapping with “hidden”, “parameters” or “metric_ranges”"));
      return NULL;
    }
  rules = aiperf_run_rules_new ();
  hidden = aiperf_presets_get_strv (p, aiperf_presets_lookup (p, node, "hidden"), "hidden");
  if (hidden == NULL)
    return NULL;
  for (guint i = 0; hidden[i] != NULL; i++)
    g_ptr_array_add (rules->hidden, g_strdup (hidden[i]));
  if (!parse_parameters (p, aiperf_presets_lookup (p, node, "parameters"), rules))
    return NULL;
  ranges = aiperf_presets_lookup (p, node, "metric_ranges");
  if (!aiperf_presets_is_null (ranges))
    {
      if (ranges->type != YAML_SEQUENCE_NODE)
        {
          aiperf_presets_error (p, ranges, AIPERF_ERROR_CONFIG, _("“metric_ranges” must be a list"));
          return NULL;
        }
      for (yaml_node_item_t *item = ranges->data.sequence.items.start;
           item < ranges->data.sequence.items.top; item++)
        if (!parse_range (p, aiperf_presets_node (p, *item), rules))
          return NULL;
    }
  return g_steal_pointer (&rules);
}
