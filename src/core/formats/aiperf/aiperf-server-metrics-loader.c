/* aiperf-server-metrics-loader.c — reading server_metrics_export.json.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-artifacts.h"
#include "aiperf-error.h"
#include "aiperf-server-metrics.h"
#include "aiperf-summary-private.h"

/* A JSON number (or a numeric string such as aiperf's "NaN"), else NaN. */
static double
node_number (JsonNode *node)
{
  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE)
    return NAN;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      return (double) json_node_get_int (node);
    case G_TYPE_DOUBLE:
      return json_node_get_double (node);
    case G_TYPE_STRING:
      {
        const char *text = json_node_get_string (node);
        char *end = NULL;
        double value = g_ascii_strtod (text, &end);

        return end != text && *end == '\0' ? value : NAN;
      }
    default:
      return NAN;
    }
}

static double
member_number (JsonObject *object,
               const char *name)
{
  return node_number (json_object_get_member (object, name));
}

static JsonObject *
member_object (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static int
compare_buckets (gconstpointer a,
                 gconstpointer b)
{
  double x = ((const AiperfServerBucket *) a)->le, y = ((const AiperfServerBucket *) b)->le;

  return x < y ? -1 : x > y;
}

/* {"0.01": 3, "0.1": 7, "+Inf": 9} → buckets sorted by le; NULL when empty. */
static GArray *
read_buckets (JsonObject *object,
              guint      *n_skipped)
{
  GArray *buckets;
  JsonObjectIter iter;
  const char *key;
  JsonNode *node;

  if (object == NULL)
    return NULL;
  buckets = g_array_new (FALSE, FALSE, sizeof (AiperfServerBucket));
  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &key, &node))
    {
      AiperfServerBucket bucket;
      char *end = NULL;

      if (g_ascii_strcasecmp (key, "+Inf") == 0 || g_ascii_strcasecmp (key, "inf") == 0)
        bucket.le = INFINITY;
      else
        {
          bucket.le = g_ascii_strtod (key, &end);
          if (end == key || *end != '\0' || isnan (bucket.le))
            {
              (*n_skipped)++;
              continue;
            }
        }
      bucket.count = node_number (node);
      if (isnan (bucket.count))
        {
          (*n_skipped)++;
          continue;
        }
      g_array_append_val (buckets, bucket);
    }
  if (buckets->len == 0)
    {
      g_array_unref (buckets);
      return NULL;
    }
  g_array_sort (buckets, compare_buckets);
  return buckets;
}

static gint64
member_ns (JsonObject *object,
           const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node != NULL && JSON_NODE_TYPE (node) == JSON_NODE_VALUE &&
      json_node_get_value_type (node) == G_TYPE_INT64)
    return json_node_get_int (node);
  {
    double value = node_number (node);

    /* NaN and values beyond gint64 (undefined to cast) are unknown */
    return value >= -9.2e18 && value <= 9.2e18 ? (gint64) value : -1;
  }
}

static void
read_slices (JsonArray          *array,
             AiperfServerSeries *series,
             guint              *n_skipped)
{
  guint n = array != NULL ? json_array_get_length (array) : 0;

  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *object;
      AiperfServerSlice slice = { 0 };
      JsonNode *complete;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          (*n_skipped)++;
          continue;
        }
      object = json_node_get_object (node);
      slice.start_ns = member_ns (object, "start_ns");
      slice.end_ns = member_ns (object, "end_ns");
      if (slice.start_ns < 0 || slice.end_ns < slice.start_ns)
        {
          (*n_skipped)++;
          continue;
        }
      complete = json_object_get_member (object, "is_complete");
      slice.complete = !(complete != NULL && JSON_NODE_TYPE (complete) == JSON_NODE_VALUE &&
                         json_node_get_value_type (complete) == G_TYPE_BOOLEAN &&
                         !json_node_get_boolean (complete));
      slice.avg = member_number (object, "avg");
      slice.min = member_number (object, "min");
      slice.max = member_number (object, "max");
      slice.total = member_number (object, "total");
      slice.rate = member_number (object, "rate");
      slice.count = member_number (object, "count");
      slice.sum = member_number (object, "sum");
      slice.buckets = read_buckets (member_object (object, "buckets"), n_skipped);
      if (isnan (slice.avg) && !isnan (slice.sum) && slice.count > 0)
        slice.avg = slice.sum / slice.count;
      g_array_append_val (series->slices, slice);
    }
}

static AiperfServerSeries *
read_series (JsonObject *object,
             guint      *n_skipped)
{
  AiperfServerSeries *series = aiperf_server_series_new (member_string (object, "endpoint_url"));
  JsonObject *labels = member_object (object, "labels");
  JsonObject *stats = member_object (object, "stats");
  JsonNode *slices = json_object_get_member (object, "timeslices");
  JsonObjectIter iter;
  const char *key;
  JsonNode *node;

  if (labels != NULL)
    {
      json_object_iter_init (&iter, labels);
      while (json_object_iter_next (&iter, &key, &node))
        if (JSON_NODE_TYPE (node) == JSON_NODE_VALUE)
          {
            /* Labels are strings, but be lenient with numbers. */
            char buf[G_ASCII_DTOSTR_BUF_SIZE];
            const char *text = NULL;

            if (json_node_get_value_type (node) == G_TYPE_STRING)
              text = json_node_get_string (node);
            else if (!isnan (node_number (node)))
              text = g_ascii_dtostr (buf, sizeof buf, node_number (node));
            if (text != NULL)
              g_hash_table_replace (series->labels, g_strdup (key), g_strdup (text));
          }
    }
  if (stats != NULL)
    {
      json_object_iter_init (&iter, stats);
      while (json_object_iter_next (&iter, &key, &node))
        {
          double value = node_number (node);

          if (!isnan (value))
            g_hash_table_replace (series->stats, g_strdup (key), g_memdup2 (&value, sizeof value));
        }
    }
  series->buckets = read_buckets (member_object (object, "buckets"), n_skipped);
  if (series->buckets == NULL && stats != NULL)
    series->buckets = read_buckets (member_object (stats, "buckets"), n_skipped);
  if (slices != NULL && JSON_NODE_HOLDS_ARRAY (slices))
    read_slices (json_node_get_array (slices), series, n_skipped);
  else if (slices != NULL && !JSON_NODE_HOLDS_NULL (slices))
    (*n_skipped)++;
  return series;
}

static AiperfServerMetric *
read_metric (const char *name,
             JsonNode   *node,
             guint      *n_skipped)
{
  AiperfServerMetric *metric;
  JsonObject *object;
  JsonNode *series;
  const char *text;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  object = json_node_get_object (node);
  metric = aiperf_server_metric_new (name, aiperf_server_metric_type_from_string (member_string (object, "type")));
  if ((text = member_string (object, "description")) != NULL)
    metric->description = g_strdup (text);
  if ((text = member_string (object, "unit")) != NULL && *text != '\0')
    metric->unit = g_strdup (text);
  series = json_object_get_member (object, "series");
  if (series != NULL && JSON_NODE_HOLDS_ARRAY (series))
    {
      JsonArray *array = json_node_get_array (series);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (JSON_NODE_HOLDS_OBJECT (element))
            g_ptr_array_add (metric->series, read_series (json_node_get_object (element), n_skipped));
          else
            (*n_skipped)++;
        }
    }
  if (metric->series->len == 0)
    {
      aiperf_server_metric_free (metric);
      return NULL;
    }
  return metric;
}

AiperfServerMetrics *
aiperf_server_metrics_load (const char  *path,
                            GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local_error = NULL;
  g_autoptr(AiperfServerMetrics) self = NULL;
  JsonNode *root;
  JsonNode *metrics;
  JsonObjectIter iter;
  const char *name;
  JsonNode *node;
  guint n_skipped = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!aiperf_json_parser_load_file (parser, path, &local_error))
    {
      g_set_error (error, AIPERF_ERROR,
                   local_error->domain == G_FILE_ERROR ? AIPERF_ERROR_IO : AIPERF_ERROR_PARSE,
                   _("%s: %s"), path, local_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected a JSON object with a \"metrics\" object"), path);
      return NULL;
    }
  metrics = json_object_get_member (json_node_get_object (root), "metrics");
  if (metrics == NULL || !JSON_NODE_HOLDS_OBJECT (metrics))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected a \"metrics\" object of server metrics"), path);
      return NULL;
    }

  self = aiperf_server_metrics_new ();
  json_object_iter_init (&iter, json_node_get_object (metrics));
  while (json_object_iter_next (&iter, &name, &node))
    {
      AiperfServerMetric *metric = read_metric (name, node, &n_skipped);

      if (metric != NULL)
        aiperf_server_metrics_add (self, metric);
      else
        n_skipped++;
    }
  aiperf_server_metrics_add_skipped (self, n_skipped);
  return g_steal_pointer (&self);
}
