/* aiperf-format-inference-perf.c — kubernetes-sigs/inference-perf report
 * folders as an input format.
 *
 * A report folder holds stage_<N>_lifecycle_metrics.json per load stage
 * (and summary_*, per-request and Prometheus reports). Each stage is a
 * run, its load parameter the requested rate. Latencies are in seconds and
 * are converted to ms. The keys are mapped by what inference-perf computes
 * (inference_perf/reportgen), not by their names:
 *   time_to_first_token               = first token − start: AIPerf's TTFT;
 *   time_per_output_token             = (last − first token) ÷ (tokens − 1)
 *                                       per request: AIPerf's inter_token_latency;
 *   inter_token_latency               = every gap between streamed chunks,
 *                                       pooled: AIPerf's inter_chunk_latency;
 *   normalized_time_per_output_token  = request latency ÷ tokens (TTFT
 *                                       included): no AIPerf twin, kept;
 *   request_latency, prompt_len, output_len, throughput.requests_per_sec,
 *   throughput.output_tokens_per_sec  = request_latency, input/output
 *                                       sequence length, request and output
 *                                       token throughput.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-inference-perf-private.h"
#include "aiperf-number-cast.h"
#include "aiperf-peer-json.h"

#define STAGE_PREFIX "stage_"
#define LIFECYCLE_SUFFIX "_lifecycle_metrics.json"
#define SUMMARY_FILE "summary_lifecycle_metrics.json"

typedef struct {
  const char *key;     /* under successes.latency */
  const char *tag;
} LatencyKey;

static const LatencyKey latency_keys[] = {
  { "request_latency", "request_latency" },
  { "time_to_first_token", "time_to_first_token" },
  { "time_per_output_token", "inter_token_latency" },
  { "inter_token_latency", "inter_chunk_latency" },
  { "normalized_time_per_output_token", "normalized_time_per_output_token" },
};

/* Stage number of "stage_<N>_<kind>_metrics.json" when <kind> is @kind, else -1. */
static gint64
stage_number (const char *name,
              const char *suffix)
{
  const char *p;
  char *end = NULL;
  gint64 n;

  if (!g_str_has_prefix (name, STAGE_PREFIX) || !g_str_has_suffix (name, suffix))
    return -1;
  p = name + strlen (STAGE_PREFIX);
  if (!g_ascii_isdigit (*p))
    return -1;
  n = g_ascii_strtoll (p, &end, 10);
  if (end == NULL || strcmp (end, suffix) != 0)
    return -1;
  return n;
}

static guint
inference_perf_sniff (const AiperfSniffInput *input)
{
  if (input->is_dir)
    {
      for (guint i = 0; input->entries[i] != NULL; i++)
        if (stage_number (input->entries[i], LIFECYCLE_SUFFIX) >= 0 ||
            g_str_equal (input->entries[i], SUMMARY_FILE))
          return AIPERF_SNIFF_LIKELY;
      return AIPERF_SNIFF_NO;
    }
  if (aiperf_head_first_char (input->head) == '{' &&
      aiperf_head_has_key (input->head, "load_summary") &&
      aiperf_head_has_key (input->head, "successes"))
    return AIPERF_SNIFF_SURE;
  return AIPERF_SNIFF_NO;
}

static void
set_len_metric (AiperfRun  *run,
                JsonObject *successes,
                const char *key,
                const char *tag)
{
  AiperfStats stats;

  aiperf_peer_stats_from_object (aiperf_peer_member_object (successes, key),
                                 aiperf_peer_stat_keys, 1.0, &stats);
  aiperf_peer_set_metric (run, tag, "tokens", &stats);
}

static void
set_rate_metric (AiperfRun  *run,
                 JsonObject *throughput,
                 const char *key,
                 const char *tag,
                 const char *unit)
{
  double value = aiperf_peer_member_number (throughput, key);
  AiperfStats stats;

  if (isnan (value))
    return;
  aiperf_peer_stats_avg (&stats, value);
  aiperf_run_set_metric (run, tag, unit, &stats);
}

static void
set_count (AiperfRun  *run,
           const char *tag,
           double      count)
{
  AiperfStats stats;

  if (isnan (count))
    return;
  aiperf_peer_stats_avg (&stats, count);
  aiperf_run_set_metric (run, tag, "requests", &stats);
}

/* Fills @run from one lifecycle report; FALSE (with @error) when it is not one. */
static gboolean
read_lifecycle (AiperfRun   *run,
                const char  *path,
                GError     **error)
{
  g_autoptr(JsonNode) root = aiperf_peer_json_load (path, error);
  g_autofree char *base = g_path_get_basename (path);
  JsonObject *object, *load, *successes, *failures, *latency;
  double requested, achieved, ok, failed;
  guint n_metrics = 0;

  if (root == NULL)
    return FALSE;
  object = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  load = aiperf_peer_member_object (object, "load_summary");
  successes = aiperf_peer_member_object (object, "successes");
  if (load == NULL || successes == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: not an inference-perf lifecycle report (no load_summary and successes objects)"),
                   path);
      return FALSE;
    }

  requested = aiperf_peer_member_number (load, "requested_rate");
  achieved = aiperf_peer_member_number (load, "achieved_rate");
  aiperf_run_set_load_parameter (run, "request_rate");
  /* The stage sets a rate; how many requests were in flight is not recorded. */
  aiperf_run_set_concurrency (run, NAN);
  aiperf_run_set_request_rate (run, requested);
  if (!isnan (achieved))
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      aiperf_run_set_parameter (run, "achieved_rate", g_ascii_dtostr (buf, sizeof buf, achieved));
    }

  latency = aiperf_peer_member_object (successes, "latency");
  for (guint i = 0; i < G_N_ELEMENTS (latency_keys); i++)
    {
      AiperfStats stats;

      aiperf_peer_stats_from_object (aiperf_peer_member_object (latency, latency_keys[i].key),
                                     aiperf_peer_stat_keys, 1000.0, &stats);
      n_metrics += aiperf_peer_set_metric (run, latency_keys[i].tag, "ms", &stats);
    }
  set_len_metric (run, successes, "prompt_len", "input_sequence_length");
  set_len_metric (run, successes, "output_len", "output_sequence_length");
  {
    JsonObject *throughput = aiperf_peer_member_object (successes, "throughput");

    set_rate_metric (run, throughput, "requests_per_sec", "request_throughput", "requests/sec");
    set_rate_metric (run, throughput, "output_tokens_per_sec", "output_token_throughput", "tokens/sec");
    set_rate_metric (run, throughput, "total_tokens_per_sec", "total_token_throughput", "tokens/sec");
    set_rate_metric (run, throughput, "input_tokens_per_sec", "input_token_throughput", "tokens/sec");
  }

  ok = aiperf_peer_member_number (successes, "count");
  failures = aiperf_peer_member_object (object, "failures");
  failed = aiperf_peer_member_number (failures, "count");
  set_count (run, "request_count", ok);
  set_count (run, "error_request_count", failed);
  aiperf_run_set_request_counts (run, aiperf_count_from_double (ok), aiperf_count_from_double (failed));
  aiperf_peer_derive_per_user (run);

  if (isnan (requested) && stage_number (base, LIFECYCLE_SUFFIX) >= 0)
    aiperf_run_add_warning (run, _("%s: load_summary.requested_rate is missing"), path);
  if (n_metrics == 0 && ok > 0)
    aiperf_run_add_warning (run, _("%s: successes.latency holds no statistics"), path);
  return TRUE;
}

static void
apply_config (AiperfRun                       *run,
              const AiperfInferencePerfConfig *config)
{
  if (config == NULL)
    return;
  if (config->model != NULL)
    aiperf_run_set_model (run, config->model);
  if (config->api_type != NULL)
    aiperf_run_set_endpoint_type (run, config->api_type);
  if (config->has_streaming)
    aiperf_run_set_streaming (run, config->streaming);
  if (config->server_type != NULL)
    aiperf_run_set_parameter (run, "server.type", config->server_type);
  if (config->load_type != NULL)
    aiperf_run_set_parameter (run, "load.type", config->load_type);
  if (config->data_type != NULL)
    aiperf_run_set_parameter (run, "data.type", config->data_type);
}

/* Server-side numbers of a stage (stage_<N>_prometheus_metrics.json), kept
 * under server_* names: they are the engine's own view, not the client's. */
static void
read_prometheus (AiperfRun  *run,
                 const char *path)
{
  static const struct { const char *key, *tag, *unit; double scale; } keys[] = {
    { "request_latency", "server_request_latency", "ms", 1000.0 },
    { "time_to_first_token", "server_time_to_first_token", "ms", 1000.0 },
    { "time_per_output_token", "server_time_per_output_token", "ms", 1000.0 },
    { "kv_cache_usage_percentage", "server_kv_cache_usage", "%", 1.0 },
    { "queue_len", "server_queue_length", "requests", 1.0 },
    { "prefix_cache_hit_percent", "server_prefix_cache_hit", "%", 1.0 },
    { "num_preemptions_total", "server_preemptions", "count", 1.0 },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *successes;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return;
  root = aiperf_peer_json_load (path, &error);
  if (root == NULL)
    {
      aiperf_run_add_warning (run, "%s", error->message);
      return;
    }
  successes = JSON_NODE_HOLDS_OBJECT (root)
                ? aiperf_peer_member_object (json_node_get_object (root), "successes") : NULL;
  for (guint i = 0; successes != NULL && i < G_N_ELEMENTS (keys); i++)
    {
      AiperfStats stats;

      aiperf_peer_stats_from_object (aiperf_peer_member_object (successes, keys[i].key),
                                     aiperf_peer_stat_keys, keys[i].scale, &stats);
      aiperf_peer_set_metric (run, keys[i].tag, keys[i].unit, &stats);
    }
}

typedef struct {
  gint64  stage;
  char   *name;
} Stage;

static int
compare_stages (gconstpointer a,
                gconstpointer b)
{
  const Stage *sa = a, *sb = b;

  return sa->stage < sb->stage ? -1 : sa->stage > sb->stage;
}

/* When the run started: inference-perf names its report folder
 * "reports-YYYYMMDD-HHMMSS" in the machine's local time (its default
 * storage path); the reports themselves carry no date. The folder or the
 * one above it (a folder per model server inside). NULL: neither says. */
static char *
folder_start_time (const char *folder)
{
  g_autofree char *parent = g_path_get_dirname (folder);
  const char *candidates[] = { folder, parent };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      g_autofree char *base = g_path_get_basename (candidates[i]);
      int year, month, day, hour, minute, second;
      char tail;
      g_autoptr(GTimeZone) local = NULL;
      g_autoptr(GDateTime) when = NULL;

      if (sscanf (base, "reports-%4d%2d%2d-%2d%2d%2d%c", &year, &month, &day, &hour, &minute, &second, &tail) != 6)
        continue;
      local = g_time_zone_new_local ();
      when = g_date_time_new (local, year, month, day, hour, minute, second);
      if (when != NULL)
        return g_date_time_format_iso8601 (when);
    }
  return NULL;
}

static void
load_one (const char                      *folder,
          const char                      *file,
          gint64                           stage,
          const char                      *label,
          const AiperfInferencePerfConfig *config,
          AiperfLoadResult                *result)
{
  g_autoptr(AiperfRun) run = aiperf_run_new_in_file (file, NULL);
  g_autoptr(GError) error = NULL;

  if (!read_lifecycle (run, file, &error))
    {
      g_ptr_array_add (result->errors, g_steal_pointer (&error));
      return;
    }
  if (stage >= 0)
    {
      g_autofree char *name = g_strdup_printf ("%s/stage_%" G_GINT64_FORMAT, label, stage);
      g_autofree char *prometheus = g_strdup_printf ("%s/" STAGE_PREFIX "%" G_GINT64_FORMAT
                                                     "_prometheus_metrics.json", folder, stage);
      char buf[32];

      g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, stage);
      aiperf_run_set_parameter (run, "stage", buf);
      aiperf_run_set_name (run, name);
      read_prometheus (run, prometheus);
    }
  else
    {
      g_autofree char *name = g_strdup_printf ("%s/summary", label);

      aiperf_run_set_name (run, name);
    }
  aiperf_run_set_variation_label (run, label);
  {
    g_autofree char *start = folder_start_time (folder);

    if (start != NULL)
      aiperf_run_set_times (run, start, NULL);
  }
  apply_config (run, config);
  g_ptr_array_add (result->runs, g_steal_pointer (&run));
}

static void
inference_perf_load (const char              *path,
                     const AiperfLoadOptions *options,
                     AiperfLoadResult        *result)
{
  g_autofree char *folder = NULL;
  g_autofree char *label = NULL;
  g_autoptr(GArray) stages = g_array_new (FALSE, FALSE, sizeof (Stage));
  g_autoptr(AiperfInferencePerfConfig) config = NULL;
  g_autoptr(GError) config_error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint first = result->runs->len;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      /* A lifecycle report on its own (renamed, or outside its folder). */
      folder = g_path_get_dirname (path);
      label = aiperf_peer_sweep_label (folder);
      config = aiperf_inference_perf_config_load (folder, &config_error);
      load_one (folder, path, stage_number (g_path_get_basename (path), LIFECYCLE_SUFFIX),
                label, config, result);
      goto out;
    }

  folder = g_strdup (path);
  label = aiperf_peer_sweep_label (folder);
  config = aiperf_inference_perf_config_load (folder, &config_error);
  dir = g_dir_open (folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      gint64 n = stage_number (name, LIFECYCLE_SUFFIX);

      if (n >= 0)
        {
          Stage stage = { n, g_strdup (name) };

          g_array_append_val (stages, stage);
        }
    }
  g_array_sort (stages, compare_stages);

  for (guint i = 0; i < stages->len; i++)
    {
      Stage *stage = &g_array_index (stages, Stage, i);
      g_autofree char *file = g_build_filename (folder, stage->name, NULL);

      if (g_cancellable_is_cancelled (options->cancellable))
        break;
      load_one (folder, file, stage->stage, label, config, result);
    }
  /* The summary spans every stage: a load point only when there are none. */
  if (stages->len == 0)
    {
      g_autofree char *summary = g_build_filename (folder, SUMMARY_FILE, NULL);

      load_one (folder, summary, -1, label, config, result);
    }
  for (guint i = 0; i < stages->len; i++)
    g_free (g_array_index (stages, Stage, i).name);

out:
  if (config_error != NULL)
    {
      /* The runs still load; they say why they have no model. */
      for (guint i = first; i < result->runs->len; i++)
        aiperf_run_add_warning (g_ptr_array_index (result->runs, i), "%s", config_error->message);
      g_ptr_array_add (result->warnings, g_strdup (config_error->message));
    }
}

const AiperfFormat aiperf_format_inference_perf = {
  .id = "inference-perf",
  .name = "inference-perf",
  .kind = "serving",
  .sniff = inference_perf_sniff,
  .load = inference_perf_load,
  .claims_subtree = NULL,
  .skip_child = NULL,
};
