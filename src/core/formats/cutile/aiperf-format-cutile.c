/* aiperf-format-cutile.c — cutileGPT's profiling_results/profiling_data.json.
 *
 * {"metadata": {"timestamp", "gpu_name", "compute_capability", "cuda_version",
 *   "cupy_version", …},
 *  "benchmarks": {"gpt_nano": {"config": {"n_layer", "n_head", "n_embd"},
 *                              "timing": {"mean", "std", "min", "max", "median",
 *                                         "p95", "p99"},   (ms)
 *                              "throughput_tokens_per_sec": …}, …}}
 *
 * Each benchmark is a run "profiling_data.json#gpt_nano" of kind "cutile":
 * metric forward_latency (ms; mean → avg, median → p50) and
 * throughput_tokens_per_sec; its config as parameters, the file's metadata
 * as "system.*" parameters (a CUDA version written as CUDA_VERSION, 13000,
 * as 13.0). Keys we do not know are kept: numbers as metrics, other
 * values as parameters.
 *
 * Its comparison_data.json (the AS-IS vs TO-BE data behind the speedup
 * dashboard) is {"metadata": {…}, "comparisons": {"nano": {"config": {…},
 * "mingpt": {"mean_ms", "std_ms", "min_ms", "max_ms"}, "cutile": {…},
 * "speedup": …, "batch_size": …}, …}}: each side of each config is a run
 * "comparison_data.json#mingpt#nano" named after the config, so the sides
 * are compared as two profiles are (minGPT first); the file's own speedup
 * is the metric "speedup" of the other side's run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-run-builder.h"

#define LATENCY_TAG    "forward_latency"
#define THROUGHPUT_TAG "throughput_tokens_per_sec"

/* TRUE when the JSON text @head has "@key": followed by '{'. */
static gboolean
head_has_object (const char *head,
                 const char *key)
{
  g_autofree char *quoted = g_strconcat ("\"", key, "\"", NULL);

  for (const char *p = strstr (head, quoted); p != NULL; p = strstr (p + 1, quoted))
    {
      const char *q = p + strlen (quoted);

      while (g_ascii_isspace (*q))
        q++;
      if (*q++ != ':')
        continue;
      while (g_ascii_isspace (*q))
        q++;
      if (*q == '{')
        return TRUE;
    }
  return FALSE;
}

static guint
cutile_sniff (const AiperfSniffInput *input)
{
  if (input->is_dir || input->head == NULL || aiperf_head_first_char (input->head) != '{')
    return AIPERF_SNIFF_NO;
  if (head_has_object (input->head, "comparisons"))
    return aiperf_head_has_key (input->head, "speedup") || aiperf_head_has_key (input->head, "mean_ms")
             ? AIPERF_SNIFF_SURE : AIPERF_SNIFF_NO;
  if (!head_has_object (input->head, "benchmarks"))
    return AIPERF_SNIFF_NO;
  /* A benchmarks object whose entries are timed: what profile.py writes. */
  if (head_has_object (input->head, "timing"))
    return aiperf_head_has_key (input->head, THROUGHPUT_TAG) || head_has_object (input->head, "config")
             ? AIPERF_SNIFF_SURE : AIPERF_SNIFF_LIKELY;
  return AIPERF_SNIFF_MAYBE;
}

/* A scalar node as text: integers without a decimal point, doubles as the
 * shortest text that reads back the same. NULL for objects and arrays. */
static char *
scalar_text (JsonNode *node)
{
  GType type;

  if (!JSON_NODE_HOLDS_VALUE (node))
    return JSON_NODE_HOLDS_NULL (node) ? g_strdup ("null") : NULL;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  if (type == G_TYPE_DOUBLE)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      return g_strdup (g_ascii_dtostr (buf, sizeof buf, json_node_get_double (node)));
    }
  if (type == G_TYPE_BOOLEAN)
    return g_strdup (json_node_get_boolean (node) ? "true" : "false");
  return g_strdup (json_node_get_string (node));
}

/* TRUE with the value of a number node (JSON has no NaN; strings are not
 * numbers here). */
static gboolean
number_value (JsonNode *node,
              double   *out)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return FALSE;
  *out = json_node_get_double (node);
  return isfinite (*out);
}

/* Sets @prefix@key (and @prefix@key.sub for objects) as parameters; arrays
 * of scalars become one comma-separated value. */
static void
set_parameters (AiperfRun  *run,
                const char *prefix,
                JsonObject *object)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      JsonNode *node = json_object_get_member (object, key);
      g_autofree char *name = g_strconcat (prefix, key, NULL);
      g_autofree char *text = scalar_text (node);

      if (text != NULL)
        aiperf_run_set_parameter (run, name, text);
      else if (JSON_NODE_HOLDS_OBJECT (node))
        {
          g_autofree char *sub = g_strconcat (name, ".", NULL);

          set_parameters (run, sub, json_node_get_object (node));
        }
      else if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *array = json_node_get_array (node);
          g_autoptr(GString) list = g_string_new (NULL);

          for (guint i = 0; i < json_array_get_length (array); i++)
            {
              g_autofree char *item = scalar_text (json_array_get_element (array, i));

              if (item == NULL)
                continue;
              if (list->len > 0)
                g_string_append (list, ", ");
              g_string_append (list, item);
            }
          aiperf_run_set_parameter (run, name, list->str);
        }
    }
}

static void
set_single_metric (AiperfRun  *run,
                   const char *tag,
                   const char *unit,
                   double      value)
{
  AiperfStats stats;

  aiperf_stats_init_nan (&stats);
  stats.v[AIPERF_STAT_AVG] = value;
  aiperf_run_set_metric (run, tag, unit, &stats);
}

/* How many forward passes a benchmark's timing is over: "n_iterations"
 * in its timing or its config, when the file says it; NaN else (the
 * comparison then has a mean and a spread but no sample size). */
static double
timed_iterations (JsonObject *bench)
{
  static const char * const holders[] = { "timing", "config" };

  for (guint i = 0; i < G_N_ELEMENTS (holders); i++)
    {
      JsonNode *holder = json_object_get_member (bench, holders[i]);
      JsonNode *node;
      double n;

      if (holder == NULL || !JSON_NODE_HOLDS_OBJECT (holder))
        continue;
      node = json_object_get_member (json_node_get_object (holder), "n_iterations");
      if (node != NULL && number_value (node, &n) && n >= 1)
        return n;
    }
  return NAN;
}

/* timing → forward_latency, its count the timed iterations (@count, NaN:
 * unknown). FALSE (and @why) without a mean or a median. */
static gboolean
read_timing (AiperfRun   *run,
             JsonObject  *timing,
             double       count,
             char       **why)
{
  g_autoptr(GList) members = json_object_get_members (timing);
  AiperfStats stats;

  aiperf_stats_init_nan (&stats);
  stats.v[AIPERF_STAT_COUNT] = count;
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      JsonNode *node = json_object_get_member (timing, key);
      AiperfStat stat;
      double value;

      /* "mean", "median", "std", "min", "max", "p95", "p99" and any other pNN */
      if (aiperf_stat_from_string (key, &stat) && stat != AIPERF_STAT_COUNT && stat != AIPERF_STAT_SUM)
        {
          if (number_value (node, &value))
            {
              stats.v[stat] = value;
            }
          else
            aiperf_run_add_warning (run, _("%s: timing.%s is not a number"),
                                    aiperf_run_get_locator (run), key);
          continue;
        }
      {
        g_autofree char *text = scalar_text (node);
        g_autofree char *name = g_strconcat ("timing.", key, NULL);

        if (text != NULL)
          aiperf_run_set_parameter (run, name, text);
      }
    }
  /* A spread or a tail alone says nothing of how fast it was. */
  if (!isfinite (stats.v[AIPERF_STAT_AVG]) && !isfinite (stats.v[AIPERF_STAT_P50]))
    {
      *why = g_strdup (_("“timing” has neither a mean nor a median"));
      return FALSE;
    }
  aiperf_run_set_metric (run, LATENCY_TAG, "ms", &stats);
  return TRUE;
}

/* A file's label, for legends and the sidebar: the folder above
 * profiling_results/ (minGPT, cutileGPT), else its folder. */
static char *
file_label (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (dir);

  if (g_str_equal (base, "profiling_results"))
    {
      g_autofree char *above = g_path_get_dirname (dir);
      char *label = g_path_get_basename (above);

      if (!g_str_equal (label, ".") && !g_str_equal (label, G_DIR_SEPARATOR_S))
        return label;
      g_free (label);
    }
  return g_steal_pointer (&base);
}

/* CUDA_VERSION's encoding, major × 1000 + minor × 10 ("13000", "12040"),
 * as people write it ("13.0", "12.4"); any other text stays. */
static void
set_cuda_version (AiperfRun *run)
{
  const char *text = aiperf_run_get_parameter (run, "system.cuda_version");
  g_autofree char *version = NULL;
  guint64 value;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1000, 999999, &value, NULL))
    return;
  version = g_strdup_printf ("%u.%u", (guint) (value / 1000), (guint) (value % 1000) / 10);
  aiperf_run_set_parameter (run, "system.cuda_version", version);
}

static AiperfRun *
read_benchmark (const char  *path,
                const char  *key,
                JsonNode    *node,
                JsonObject  *metadata,
                char       **why)
{
  g_autoptr(AiperfRun) run = aiperf_run_new_in_file (path, key);
  g_autofree char *label = file_label (path);
  g_autoptr(GList) members = NULL;
  JsonObject *bench, *timing;
  JsonNode *timing_node;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      *why = g_strdup (_("not an object"));
      return NULL;
    }
  bench = json_node_get_object (node);
  timing_node = json_object_get_member (bench, "timing");
  if (timing_node == NULL || !JSON_NODE_HOLDS_OBJECT (timing_node))
    {
      *why = g_strdup (timing_node == NULL ? _("no “timing”") : _("“timing” is not an object"));
      return NULL;
    }
  timing = json_node_get_object (timing_node);
  if (!read_timing (run, timing, timed_iterations (bench), why))
    return NULL;
  aiperf_run_set_variation_label (run, label);

  members = json_object_get_members (bench);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *member = l->data;
      JsonNode *value_node = json_object_get_member (bench, member);
      double value;

      if (g_str_equal (member, "timing"))
        continue;
      if (g_str_equal (member, "config") && JSON_NODE_HOLDS_OBJECT (value_node))
        set_parameters (run, "", json_node_get_object (value_node));
      else if (number_value (value_node, &value))
        set_single_metric (run, member, g_str_equal (member, THROUGHPUT_TAG) ? "tokens/sec" : NULL, value);
      else if (g_str_equal (member, THROUGHPUT_TAG))
        aiperf_run_add_warning (run, _("%s: %s is not a number"), aiperf_run_get_locator (run), member);
      else if (JSON_NODE_HOLDS_OBJECT (value_node))
        {
          g_autofree char *prefix = g_strconcat (member, ".", NULL);

          set_parameters (run, prefix, json_node_get_object (value_node));
        }
      else
        {
          g_autoptr(JsonObject) one = json_object_new ();

          json_object_set_member (one, member, json_node_copy (value_node));
          set_parameters (run, "", one);
        }
    }
  if (metadata != NULL)
    {
      JsonNode *stamp = json_object_get_member (metadata, "timestamp");

      set_parameters (run, "system.", metadata);
      set_cuda_version (run);
      if (stamp != NULL && JSON_NODE_HOLDS_VALUE (stamp) &&
          json_node_get_value_type (stamp) == G_TYPE_STRING)
        aiperf_run_set_times (run, json_node_get_string (stamp), NULL);
    }
  return g_steal_pointer (&run);
}

/* A side's key as its project is called: cutileGPT compares itself
 * ("cutile") with minGPT ("mingpt"). */
static char *
side_label (const char *key)
{
  if (g_ascii_strcasecmp (key, "mingpt") == 0)
    return g_strdup ("minGPT");
  if (g_ascii_strcasecmp (key, "cutile") == 0 || g_ascii_strcasecmp (key, "cutilegpt") == 0)
    return g_strdup ("cutileGPT");
  return g_strdup (key);
}

/* {"mean_ms", "std_ms", "min_ms", "max_ms", …} → forward_latency. FALSE
 * (and @why) without a mean or a median. */
static gboolean
read_side_timing (AiperfRun   *run,
                  JsonObject  *side,
                  char       **why)
{
  g_autoptr(GList) members = json_object_get_members (side);
  AiperfStats stats;

  aiperf_stats_init_nan (&stats);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      g_autofree char *stat_name = g_str_has_suffix (key, "_ms") ? g_strndup (key, strlen (key) - 3) : NULL;
      AiperfStat stat;
      double value;

      if (stat_name == NULL || !aiperf_stat_from_string (stat_name, &stat) ||
          stat == AIPERF_STAT_COUNT || stat == AIPERF_STAT_SUM)
        continue;
      if (number_value (json_object_get_member (side, key), &value))
        stats.v[stat] = value;
      else
        aiperf_run_add_warning (run, _("%s: %s is not a number"), aiperf_run_get_locator (run), key);
    }
  if (!isfinite (stats.v[AIPERF_STAT_AVG]) && !isfinite (stats.v[AIPERF_STAT_P50]))
    {
      *why = g_strdup (_("neither “mean_ms” nor “median_ms”"));
      return FALSE;
    }
  aiperf_run_set_metric (run, LATENCY_TAG, "ms", &stats);
  return TRUE;
}

/* Whether member @key of a comparison is a side: an object of timings. */
static gboolean
is_side (JsonObject *comparison,
         const char *key)
{
  JsonNode *node = json_object_get_member (comparison, key);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) && !g_str_equal (key, "config") &&
         (json_object_has_member (json_node_get_object (node), "mean_ms") ||
          json_object_has_member (json_node_get_object (node), "median_ms"));
}

/* One config of comparison_data.json: a run per side. */
static void
read_comparison (const char       *path,
                 const char       *key,
                 JsonNode         *node,
                 JsonObject       *metadata,
                 AiperfLoadResult *result)
{
  g_autoptr(GList) members = NULL;
  JsonObject *comparison;
  JsonNode *config;
  double speedup = NAN;
  guint n_sides = 0;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA, _("%s#%s: not an object"), path, key);
      return;
    }
  comparison = json_node_get_object (node);
  config = json_object_get_member (comparison, "config");
  if (json_object_has_member (comparison, "speedup") &&
      !number_value (json_object_get_member (comparison, "speedup"), &speedup))
    g_ptr_array_add (result->warnings, g_strdup_printf (_("%s#%s: “speedup” is not a number"), path, key));
  members = json_object_get_members (comparison);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *side = l->data;
      g_autofree char *run_key = NULL, *label = NULL, *why = NULL;
      g_autoptr(AiperfRun) run = NULL;

      if (!is_side (comparison, side))
        continue;
      run_key = g_strconcat (side, "#", key, NULL);
      run = aiperf_run_new_in_file (path, run_key);
      if (!read_side_timing (run, json_object_get_object_member (comparison, side), &why))
        {
          aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA, "%s#%s: %s: %s", path, key, side, why);
          continue;
        }
      label = side_label (side);
      aiperf_run_set_name (run, key);
      aiperf_run_set_variation_label (run, label);
      if (config != NULL && JSON_NODE_HOLDS_OBJECT (config))
        set_parameters (run, "", json_node_get_object (config));
      for (GList *m = members; m != NULL; m = m->next)
        {
          const char *member = m->data;
          JsonNode *value = json_object_get_member (comparison, member);

          if (!g_str_equal (member, "config") && !g_str_equal (member, "speedup") && !is_side (comparison, member) &&
              JSON_NODE_HOLDS_VALUE (value))
            {
              g_autoptr(JsonObject) one = json_object_new ();

              json_object_set_member (one, member, json_node_copy (value));
              set_parameters (run, "", one);
            }
        }
      /* The file's speedup is AS-IS ÷ TO-BE: it belongs to the second side. */
      if (n_sides++ > 0 && isfinite (speedup))
        set_single_metric (run, "speedup", "×", speedup);
      if (metadata != NULL)
        {
          JsonNode *stamp = json_object_get_member (metadata, "timestamp");

          set_parameters (run, "system.", metadata);
          set_cuda_version (run);
          if (stamp != NULL && JSON_NODE_HOLDS_VALUE (stamp) && json_node_get_value_type (stamp) == G_TYPE_STRING)
            aiperf_run_set_times (run, json_node_get_string (stamp), NULL);
        }
      g_ptr_array_add (result->runs, g_steal_pointer (&run));
    }
  if (n_sides == 0)
    aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                  _("%s#%s: no side with timings (an object with “mean_ms”)"), path, key);
}

static void
cutile_load (const char              *path,
             const AiperfLoadOptions *options,
             AiperfLoadResult        *result)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GList) keys = NULL;
  JsonObject *root, *metadata = NULL, *benchmarks;
  JsonNode *node;

  (void) options;
  if (!json_parser_load_from_mapped_file (parser, path, &error))
    {
      /* json-glib says "FILE:LINE:COL: Parse error: …" for mapped files */
      if (strstr (error->message, path) != NULL)
        aiperf_load_result_add_error (result, aiperf_error_code_for (error), "%s", error->message);
      else
        aiperf_load_result_add_error (result, aiperf_error_code_for (error), "%s: %s", path,
                                      error->message);
      return;
    }
  node = json_parser_get_root (parser);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                    _("%s: not a cutileGPT profiling file (the top level is not an object)"),
                                    path);
      return;
    }
  root = json_node_get_object (node);
  node = json_object_get_member (root, "metadata");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    metadata = json_node_get_object (node);
  node = json_object_get_member (root, "comparisons");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      keys = json_object_get_members (json_node_get_object (node));
      for (GList *l = keys; l != NULL; l = l->next)
        read_comparison (path, l->data, json_object_get_member (json_node_get_object (node), l->data), metadata,
                         result);
      if (keys == NULL)
        aiperf_load_result_add_error (result, AIPERF_ERROR_NO_RUNS, _("%s: “comparisons” is empty"), path);
      return;
    }
  metadata = NULL;
  node = json_object_get_member (root, "benchmarks");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                    _("%s: not a cutileGPT profiling file (no “benchmarks” object)"),
                                    path);
      return;
    }
  benchmarks = json_node_get_object (node);
  node = json_object_get_member (root, "metadata");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    metadata = json_node_get_object (node);
  else if (node != NULL)
    g_ptr_array_add (result->warnings,
                     g_strdup_printf (_("%s: “metadata” is not an object; no system information"), path));

  keys = json_object_get_members (benchmarks);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      const char *key = l->data;
      g_autofree char *why = NULL;
      AiperfRun *run = read_benchmark (path, key, json_object_get_member (benchmarks, key), metadata, &why);

      if (run == NULL)
        {
          aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA, "%s#%s: %s", path, key, why);
          continue;
        }
      g_ptr_array_add (result->runs, run);
    }
  if (keys == NULL)
    aiperf_load_result_add_error (result, AIPERF_ERROR_NO_RUNS, _("%s: “benchmarks” is empty"), path);
}

const AiperfFormat aiperf_format_cutile = {
  .id = "cutile",
  .name = "cutileGPT",
  .kind = "cutile",
  .sniff = cutile_sniff,
  .load = cutile_load,
  .claims_subtree = NULL,
  .skip_child = NULL,
};
