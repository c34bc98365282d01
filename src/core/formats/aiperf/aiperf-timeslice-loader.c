/* aiperf-timeslice-loader.c — per-slice statistics from the time-slice exports.
 *
 * The JSON export carries full precision and is preferred; the CSV (values
 * rounded to two decimals, metrics by display name) is the fallback.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-metric-registry.h"
#include "aiperf-summary-private.h"

static double
duration_from_config (JsonObject *config)
{
  const char *sections[] = { "output", "artifacts" };

  for (guint i = 0; config != NULL && i < G_N_ELEMENTS (sections); i++)
    {
      JsonNode *node = json_object_get_member (config, sections[i]);
      JsonNode *value;

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        continue;
      value = json_object_get_member (json_node_get_object (node), "slice_duration");
      if (value != NULL && JSON_NODE_HOLDS_VALUE (value)
          && json_node_get_value_type (value) != G_TYPE_STRING)
        return json_node_get_double (value);
    }
  return NAN;
}

static double
duration_from_parameters (AiperfRun *run)
{
  const char *keys[] = { "output.slice_duration", "artifacts.slice_duration" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *text = aiperf_run_get_parameter (run, keys[i]);
      char *end = NULL;
      double v;

      if (text == NULL)
        continue;
      v = g_ascii_strtod (text, &end);
      if (end != text && isfinite (v) && v > 0)
        return v;
    }
  return NAN;
}

/* Every metric keeps an array up to its last slice, so a few hostile bytes
 * naming slice 999,999 of many metrics would take gigabytes. The cells kept
 * (metrics × slices) are bounded by the values read: a real export has about
 * a dozen per cell, so four per cell plus some slack is never in its way. */
#define CELLS_PER_VALUE 4
#define FREE_CELLS      65536

static gboolean
cells_in_budget (guint64 n_metrics,
                 guint64 n_slices,
                 guint64 n_values)
{
  return n_metrics * n_slices <= CELLS_PER_VALUE * n_values + FREE_CELLS;
}

static void
set_too_sparse_error (GError    **error,
                      const char *base,
                      guint       index)
{
  g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
               _("%s: time slice %u is far beyond the data in the file; is it damaged?"),
               base, index);
}

static gboolean
load_json (AiperfTimeslices *ts,
           const char       *path,
           GError          **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GHashTable) tags = NULL;  /* distinct metrics */
  guint64 n_values = 0, n_slices = 0;
  JsonObject *root;
  JsonNode *slices, *config;
  JsonArray *array;

  if (!aiperf_json_parser_load_file (parser, path, &local_error))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s: %s"), base, local_error->message);
      return FALSE;
    }
  /* An empty or blank file parses, without a root. */
  if (json_parser_get_root (parser) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser))
      || (root = json_node_get_object (json_parser_get_root (parser))) == NULL
      || (slices = json_object_get_member (root, "timeslices")) == NULL
      || !JSON_NODE_HOLDS_ARRAY (slices))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected an object with a \"timeslices\" list"), base);
      return FALSE;
    }
  array = json_node_get_array (slices);
  tags = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *slice;
      JsonNode *index_node;
      guint index = i;
      g_autoptr(GList) members = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      slice = json_node_get_object (node);
      index_node = json_object_get_member (slice, "timeslice_index");
      if (index_node != NULL && JSON_NODE_HOLDS_VALUE (index_node)
          && json_node_get_value_type (index_node) != G_TYPE_STRING)
        {
          /* as a double: json-glib casts a double to gint64 unchecked */
          double v = json_node_get_double (index_node);

          if (v >= 0 && v < 1000000)
            index = (guint) v;
        }
      members = json_object_get_members (slice);
      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *m = json_object_get_member (slice, l->data);
          JsonObject *mo;
          const char *unit;
          AiperfStats stats;
          g_autoptr(GList) stat_names = NULL;
          gboolean any = FALSE;

          if (!JSON_NODE_HOLDS_OBJECT (m))
            continue;
          mo = json_node_get_object (m);
          unit = aiperf_json_get_string (mo, "unit");
          aiperf_stats_init_nan (&stats);
          stat_names = json_object_get_members (mo);
          for (GList *s = stat_names; s != NULL; s = s->next)
            {
              JsonNode *v = json_object_get_member (mo, s->data);
              AiperfStat stat;

              if (aiperf_stat_from_string (s->data, &stat) && JSON_NODE_HOLDS_VALUE (v)
                  && json_node_get_value_type (v) != G_TYPE_STRING)
                {
                  stats.v[stat] = json_node_get_double (v);
                  any = TRUE;
                  n_values++;
                }
            }
          if (any)
            {
              const char *tag = aiperf_metric_registry_canonical_tag (l->data);

              n_slices = MAX (n_slices, (guint64) index + 1);
              if (!cells_in_budget (g_hash_table_size (tags) + !g_hash_table_contains (tags, tag),
                                    n_slices, n_values))
                {
                  set_too_sparse_error (error, base, index);
                  return FALSE;
                }
              aiperf_timeslices_set_stats (ts, tag, unit, index, &stats);
              /* the registry's or the parser's string: both outlive @tags */
              g_hash_table_add (tags, (gpointer) tag);
            }
        }
    }
  config = json_object_get_member (root, "input_config");
  if (config != NULL && JSON_NODE_HOLDS_OBJECT (config))
    aiperf_timeslices_set_slice_duration (ts, duration_from_config (json_node_get_object (config)));
  aiperf_timeslices_set_full_precision (ts, TRUE);
  return TRUE;
}

static gboolean
load_csv (AiperfTimeslices *ts,
          const char       *path,
          GError          **error)
{
  g_autofree char *text = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GHashTable) acc = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 n_values = 0, n_slices = 0;
  gsize length;
  GHashTableIter iter;
  gpointer key, value;

  if (!g_file_get_contents (path, &text, &length, &local_error))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: %s"), base, local_error->message);
      return FALSE;
    }
  /* Metric names and units end up in labels: GTK and Pango take UTF-8 only. */
  if (!g_utf8_validate_len (text, length, NULL))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                   _("%s: the text is not valid UTF-8"), base);
      return FALSE;
    }
  rows = aiperf_csv_parse (text, length, base, error);
  if (rows == NULL)
    return FALSE;
  for (guint i = 1; i < rows->len; i++)
    {
      AiperfCsvRow *row = g_ptr_array_index (rows, i);
      const AiperfMetricInfo *info;
      AiperfStat stat;
      char *end = NULL;
      gint64 index;
      double v;
      char *k;
      AiperfStats *stats;

      if (row->n_fields < 5)
        continue;
      index = g_ascii_strtoll (row->fields[0], &end, 10);
      if (end == row->fields[0] || index < 0 || index >= 1000000)
        continue;
      v = g_ascii_strtod (row->fields[4], &end);
      if (end == row->fields[4] || !aiperf_stat_from_string (row->fields[3], &stat))
        continue;
      info = aiperf_metric_registry_lookup_display_name (row->fields[1]);
      /* key: index \x1f tag \x1f unit, so one metric's stats of one slice meet */
      k = g_strdup_printf ("%" G_GINT64_FORMAT "\x1f%s\x1f%s", index,
                           info != NULL ? info->tag : row->fields[1], row->fields[2]);
      stats = g_hash_table_lookup (acc, k);
      if (stats == NULL)
        {
          stats = g_new (AiperfStats, 1);
          aiperf_stats_init_nan (stats);
          g_hash_table_insert (acc, k, stats);
        }
      else
        g_free (k);
      stats->v[stat] = v;
      n_values++;
      n_slices = MAX (n_slices, (guint64) index + 1);
      if (!g_hash_table_contains (tags, info != NULL ? info->tag : row->fields[1]))
        g_hash_table_add (tags, g_strdup (info != NULL ? info->tag : row->fields[1]));
      if (!cells_in_budget (g_hash_table_size (tags), n_slices, n_values))
        {
          set_too_sparse_error (error, base, (guint) index);
          return FALSE;
        }
    }
  g_hash_table_iter_init (&iter, acc);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_auto(GStrv) parts = g_strsplit (key, "\x1f", 3);

      aiperf_timeslices_set_stats (ts, parts[1], parts[2], (guint) g_ascii_strtoull (parts[0], NULL, 10),
                                   value);
    }
  aiperf_timeslices_set_full_precision (ts, FALSE);
  return TRUE;
}

gboolean
aiperf_load_timeslices (AiperfRun  *run,
                        const char *directory,
                        GError    **error)
{
  g_autofree char *json = NULL;
  g_autofree char *csv = NULL;
  g_autoptr(AiperfTimeslices) ts = NULL;
  gboolean ok;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);
  g_return_val_if_fail (directory != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  json = g_build_filename (directory, AIPERF_FILE_TIMESLICES_JSON, NULL);
  csv = g_build_filename (directory, AIPERF_FILE_TIMESLICES_CSV, NULL);
  ts = aiperf_timeslices_new ();
  if (g_file_test (json, G_FILE_TEST_IS_REGULAR))
    ok = load_json (ts, json, error);
  else if (g_file_test (csv, G_FILE_TEST_IS_REGULAR))
    ok = load_csv (ts, csv, error);
  else
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND,
                   _("%s: no time-slice export"), directory);
      return FALSE;
    }
  if (!ok)
    return FALSE;
  if (isnan (aiperf_timeslices_get_slice_duration (ts)))
    aiperf_timeslices_set_slice_duration (ts, duration_from_parameters (run));
  aiperf_run_set_timeslices (run, ts);
  aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_TIMESLICES);
  return TRUE;
}
