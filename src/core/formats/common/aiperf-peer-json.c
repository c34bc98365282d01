/* aiperf-peer-json.c — JSON reading, tolerant numbers, statistics and the
 * derived per-user throughput the peer formats share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-peer-json.h"
#include "aiperf-json-load.h"

const AiperfPeerStatKey aiperf_peer_stat_keys[] = {
  { "avg", AIPERF_STAT_AVG },
  { "mean", AIPERF_STAT_AVG },
  { "min", AIPERF_STAT_MIN },
  { "max", AIPERF_STAT_MAX },
  { "std", AIPERF_STAT_STD },
  { "std_dev", AIPERF_STAT_STD },
  { "stddev", AIPERF_STAT_STD },
  { "median", AIPERF_STAT_P50 },
  { "p50", AIPERF_STAT_P50 },
  { "p1", AIPERF_STAT_P1 },
  { "p5", AIPERF_STAT_P5 },
  { "p10", AIPERF_STAT_P10 },
  { "p25", AIPERF_STAT_P25 },
  { "p75", AIPERF_STAT_P75 },
  { "p90", AIPERF_STAT_P90 },
  { "p95", AIPERF_STAT_P95 },
  { "p99", AIPERF_STAT_P99 },
  { NULL, 0 },
};

JsonNode *
aiperf_peer_json_parse (const char  *path,
                        const char  *text,
                        gsize        length,
                        GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local = NULL;
  JsonNode *root;

  /* the guarded load: json-glib alone overflows the stack on deep nesting
   * and leaks what follows the top-level value */
  if (!aiperf_json_parser_load_data (parser, text, length, &local))
    {
      /* json-glib says "<data>:LINE:COL: Parse error: …", the guard
       * "line LINE: …"; name the file. */
      const char *message = local->message;

      if (g_str_has_prefix (message, "<data>:"))
        message += strlen ("<data>:");
      if (g_str_has_prefix (message, "line "))
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s, %s", path, message);
      else
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s:%s", path, message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s: the file is empty"), path);
      return NULL;
    }
  return json_node_ref (root);
}

JsonNode *
aiperf_peer_json_load (const char  *path,
                       GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &text, &length, &local))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s", local->message);
      return NULL;
    }
  return aiperf_peer_json_parse (path, text, length, error);
}

gboolean
aiperf_peer_parse_number (const char *text,
                          double     *out)
{
  g_autofree char *plain = NULL;
  char *end = NULL;
  double value;
  gsize j = 0;

  if (text == NULL)
    return FALSE;
  plain = g_malloc (strlen (text) + 1);
  for (const char *p = text; *p != '\0'; p++)
    if (*p != ',')
      plain[j++] = *p;
  plain[j] = '\0';
  g_strstrip (plain);
  if (*plain == '\0')
    return FALSE;
  value = g_ascii_strtod (plain, &end);
  if (end == plain || *end != '\0' || !isfinite (value))
    return FALSE;
  *out = value;
  return TRUE;
}

gboolean
aiperf_peer_node_number (JsonNode *node,
                         double   *out)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64 || type == G_TYPE_DOUBLE)
    {
      *out = json_node_get_double (node);
      return isfinite (*out);
    }
  if (type == G_TYPE_STRING)
    return aiperf_peer_parse_number (json_node_get_string (node), out);
  return FALSE;
}

double
aiperf_peer_member_number (JsonObject *object,
                           const char *name)
{
  double value;

  if (object != NULL && aiperf_peer_node_number (json_object_get_member (object, name), &value))
    return value;
  return NAN;
}

const char *
aiperf_peer_member_string (JsonObject *object,
                           const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

JsonObject *
aiperf_peer_member_object (JsonObject *object,
                           const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonObject *
aiperf_peer_path_object (JsonObject *object,
                         const char *path)
{
  g_auto(GStrv) steps = g_strsplit (path, ".", -1);

  for (guint i = 0; steps[i] != NULL && object != NULL; i++)
    object = aiperf_peer_member_object (object, steps[i]);
  return object;
}

guint
aiperf_peer_stats_from_object (JsonObject              *object,
                               const AiperfPeerStatKey *keys,
                               double                   scale,
                               AiperfStats             *stats)
{
  guint n = 0;

  aiperf_stats_init_nan (stats);
  if (object == NULL)
    return 0;
  for (guint i = 0; keys[i].key != NULL; i++)
    {
      double value = aiperf_peer_member_number (object, keys[i].key);

      if (isnan (value) || !isnan (stats->v[keys[i].stat]))
        continue;
      stats->v[keys[i].stat] = value * scale;
      n++;
    }
  return n;
}

void
aiperf_peer_stats_avg (AiperfStats *stats,
                       double       avg)
{
  aiperf_stats_init_nan (stats);
  stats->v[AIPERF_STAT_AVG] = avg;
}

gboolean
aiperf_peer_set_metric (AiperfRun         *run,
                        const char        *tag,
                        const char        *unit,
                        const AiperfStats *stats)
{
  for (guint i = 0; i < AIPERF_N_STATS; i++)
    if (!isnan (stats->v[i]))
      {
        aiperf_run_set_metric (run, tag, unit, stats);
        return TRUE;
      }
  return FALSE;
}

void
aiperf_peer_derive_per_user (AiperfRun *run)
{
  /* Each slot of the throughput and the latency slot it comes from. */
  static const AiperfStat mirror[][2] = {
    { AIPERF_STAT_AVG, AIPERF_STAT_AVG },
    { AIPERF_STAT_MIN, AIPERF_STAT_MAX },
    { AIPERF_STAT_MAX, AIPERF_STAT_MIN },
    { AIPERF_STAT_P1, AIPERF_STAT_P99 },
    { AIPERF_STAT_P5, AIPERF_STAT_P95 },
    { AIPERF_STAT_P10, AIPERF_STAT_P90 },
    { AIPERF_STAT_P25, AIPERF_STAT_P75 },
    { AIPERF_STAT_P50, AIPERF_STAT_P50 },
    { AIPERF_STAT_P75, AIPERF_STAT_P25 },
    { AIPERF_STAT_P90, AIPERF_STAT_P10 },
    { AIPERF_STAT_P95, AIPERF_STAT_P5 },
    { AIPERF_STAT_P99, AIPERF_STAT_P1 },
  };
  const AiperfStats *itl;
  AiperfStats per_user;

  if (aiperf_run_get_metric_stats (run, "output_token_throughput_per_user") != NULL)
    return;
  itl = aiperf_run_get_metric_stats (run, "inter_token_latency");
  if (itl == NULL)
    return;
  aiperf_stats_init_nan (&per_user);
  for (guint i = 0; i < G_N_ELEMENTS (mirror); i++)
    {
      double ms = itl->v[mirror[i][1]];

      if (!isnan (ms) && ms > 0)
        per_user.v[mirror[i][0]] = 1000.0 / ms;
    }
  if (aiperf_peer_set_metric (run, "output_token_throughput_per_user", "tokens/sec/user", &per_user))
    aiperf_run_add_warning (run, "%s", _("output_token_throughput_per_user is derived, not recorded: 1000 ÷ each "
                                         "inter_token_latency statistic of the file (its average is 1000 ÷ the "
                                         "average latency, at most the per-request mean)"));
}

/* "results", or a load point's own folder ("concurrency_4", "qps-2.5", "16"):
 * names that say nothing about the sweep. */
static gboolean
says_nothing (const char *name)
{
  static const char * const generic[] = { "results", "artifacts", "result", "output", "outputs", "summary" };
  static GRegex *load_point;

  for (guint i = 0; i < G_N_ELEMENTS (generic); i++)
    if (g_ascii_strcasecmp (name, generic[i]) == 0)
      return TRUE;
  if (g_once_init_enter (&load_point))
    g_once_init_leave (&load_point,
                       g_regex_new ("^(?:(?:concurrency|concurrent|conc|c|request_rate|rate|qps|rps)[-_=]?)?"
                                    "[0-9]+(?:\\.[0-9]+)?$", G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, NULL));
  return g_regex_match (load_point, name, 0, NULL);
}

char *
aiperf_peer_sweep_label (const char *folder)
{
  g_autofree char *dir = g_strdup (folder);

  /* At most two levels up: results/concurrency_4 → the experiment. */
  for (guint level = 0; level < 2; level++)
    {
      g_autofree char *base = g_path_get_basename (dir);
      g_autofree char *parent = g_path_get_dirname (dir);

      if (!says_nothing (base) || g_str_equal (parent, dir) || g_str_equal (parent, "/") ||
          g_str_equal (parent, "."))
        return g_steal_pointer (&base);
      g_free (dir);
      dir = g_steal_pointer (&parent);
    }
  return g_path_get_basename (dir);
}
