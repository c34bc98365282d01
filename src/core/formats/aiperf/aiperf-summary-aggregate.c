/* aiperf-summary-aggregate.c — profile_export_aiperf_aggregate.json of
 * multi-trial runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-derived.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-metric-registry.h"
#include "aiperf-summary-private.h"

/* "request_latency_p50" → ("request_latency", P50); a key without a stat
 * suffix is the metric's avg. */
static char *
split_aggregate_key (const char *key,
                     AiperfStat *out_stat)
{
  const char *underscore = strrchr (key, '_');

  if (underscore != NULL && underscore != key &&
      aiperf_stat_from_string (underscore + 1, out_stat))
    return g_strndup (key, underscore - key);
  *out_stat = AIPERF_STAT_AVG;
  return g_strdup (key);
}

typedef struct {
  char        *unit;
  AiperfStats  stats;
} AggMetric;

static void
agg_metric_free (gpointer data)
{
  AggMetric *m = data;

  g_free (m->unit);
  g_free (m);
}

static void
load_aggregate_metrics (AiperfRun  *run,
                        JsonObject *metrics,
                        const char *path)
{
  g_autoptr(GHashTable) by_tag = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, agg_metric_free);
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;
  GHashTableIter hiter;
  gpointer hkey, hvalue;
  guint n_bad = 0;

  json_object_iter_init (&iter, metrics);
  while (json_object_iter_next (&iter, &key, &value))
    {
      g_autofree char *tag = NULL;
      AiperfStat stat;
      AggMetric *m;
      JsonObject *object;
      double mean;

      if (!JSON_NODE_HOLDS_OBJECT (value))
        continue;
      object = json_node_get_object (value);
      tag = split_aggregate_key (key, &stat);
      /* The cross-trial mean is the value of that stat for the cell. */
      if (!aiperf_json_get_number (json_object_get_member (object, "mean"), &mean))
        {
          if (json_object_has_member (object, "mean") &&
              !JSON_NODE_HOLDS_NULL (json_object_get_member (object, "mean")))
            n_bad++;
          continue;
        }
      m = g_hash_table_lookup (by_tag, tag);
      if (m == NULL)
        {
          m = g_new0 (AggMetric, 1);
          aiperf_stats_init_nan (&m->stats);
          g_hash_table_insert (by_tag, g_strdup (tag), m);
        }
      if (m->unit == NULL && json_object_has_member (object, "unit"))
        m->unit = g_strdup (aiperf_json_get_string (object, "unit"));
      m->stats.v[stat] = mean;
    }

  g_hash_table_iter_init (&hiter, by_tag);
  while (g_hash_table_iter_next (&hiter, &hkey, &hvalue))
    {
      AggMetric *m = hvalue;

      aiperf_run_set_metric (run, hkey, m->unit, &m->stats);
    }
  if (n_bad > 0)
    aiperf_run_add_warning (run, _("%s: %u aggregate value(s) are not numbers; they were ignored"),
                            path, n_bad);
}

gboolean
aiperf_load_aggregate_json (AiperfRun   *run,
                            const char  *path,
                            GError     **error)
{
  g_autoptr(JsonNode) root_node = NULL;
  JsonObject *root;
  JsonNode *metrics, *metadata;
  double ok = NAN, bad = NAN;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  root_node = aiperf_summary_read_json (path, NULL, error);
  if (root_node == NULL)
    return FALSE;
  root = json_node_get_object (root_node);

  metrics = json_object_get_member (root, "metrics");
  if (metrics == NULL || !JSON_NODE_HOLDS_OBJECT (metrics))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected a “metrics” object of “<tag>_<stat>” entries"), path);
      return FALSE;
    }
  aiperf_run_add_artifacts (run, AIPERF_RUN_IS_AGGREGATE);
  aiperf_run_set_versions (run, aiperf_json_get_string (root, "aiperf_version"),
                           aiperf_json_get_string (root, "schema_version"));

  metadata = json_object_get_member (root, "metadata");
  if (metadata != NULL && JSON_NODE_HOLDS_OBJECT (metadata))
    {
      JsonObject *object = json_node_get_object (metadata);
      const char *model = aiperf_json_get_string (object, "model");
      const char *label = aiperf_json_get_string (object, "variation_label");

      JsonNode *values = json_object_get_member (object, "variation_values");

      aiperf_flatten_parameters (run, "metadata", metadata);
      /* An aggregate has no input_config; the sweep variable may still say
       * the concurrency of the cell. */
      if (values != NULL && JSON_NODE_HOLDS_OBJECT (values))
        {
          JsonObjectIter iter;
          const char *name;
          JsonNode *value;
          double number;

          json_object_iter_init (&iter, json_node_get_object (values));
          while (json_object_iter_next (&iter, &name, &value))
            if ((g_str_equal (name, "concurrency") || g_str_has_suffix (name, ".concurrency")) &&
                aiperf_json_get_number (value, &number) && number > 0)
              aiperf_run_set_concurrency (run, number);
        }
      if (model != NULL && *model != '\0')
        aiperf_run_set_model (run, model);
      if (label != NULL && *label != '\0')
        aiperf_run_set_variation_label (run, label);
    }

  load_aggregate_metrics (run, json_node_get_object (metrics), path);
  /* Some aggregates also carry the first trial's input_config. */
  aiperf_apply_input_config (run, json_object_get_member (root, "input_config"));

  aiperf_run_get_metric (run, "request_count", AIPERF_STAT_AVG, &ok);
  aiperf_run_get_metric (run, "error_request_count", AIPERF_STAT_AVG, &bad);
  aiperf_run_set_request_counts (run,
                                 isnan (ok) || ok < 0 || ok > 9e18 ? -1 : (gint64) llround (ok),
                                 isnan (bad) || bad < 0 || bad > 9e18 ? (isnan (ok) ? -1 : 0)
                                                                      : (gint64) llround (bad));
  return TRUE;
}
