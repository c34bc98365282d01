/* aiperf-format-guidellm.c — vllm-project/guidellm reports (benchmarks.json)
 * as an input format.
 *
 * A report holds one benchmark per load point of its profile (a sweep is
 * synchronous + throughput + N constant rates); each benchmark is a run
 * "<file>#<n>", n counted from 1 in file order. Two layouts exist: the
 * older (mid-2025: args, run_stats, worker, request_totals beside the
 * metrics) and the current one with metadata.version (config,
 * scheduler_metrics, metrics.request_totals). Metrics are taken from the
 * successful requests' distributions, mapped by GuideLLM's definitions
 * (guidellm/schemas request stats):
 *   request_latency (s)            = end − start: request_latency, in ms;
 *   time_to_first_token_ms         = TTFT;
 *   inter_token_latency_ms         = (last − first token) ÷ (tokens − 1):
 *                                    AIPerf's inter_token_latency (GuideLLM
 *                                    weights its mean by tokens − 1);
 *   time_per_output_token_ms       = older layout (last − first token) ÷
 *                                    tokens, TTFT left out: no AIPerf twin,
 *                                    kept as time_per_output_token; current
 *                                    layout (last token − start) ÷ tokens,
 *                                    TTFT included: normalized_time_per_output_token.
 *                                    Neither is AIPerf's ITL, whatever the name;
 *   prompt/output_token_count      = input/output_sequence_length;
 *   requests_per_second, output_tokens_per_second, tokens_per_second
 *                                  = request, output and total token
 *                                    throughput (their mean).
 * The load parameter is the strategy's: concurrency 1 (synchronous), the
 * streams (concurrent), the rate (constant, poisson) or, for throughput,
 * the request rate it reached.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-guidellm-private.h"
#include "aiperf-number-cast.h"
#include "aiperf-peer-json.h"

static const AiperfPeerStatKey summary_keys[] = {
  { "mean", AIPERF_STAT_AVG },
  { "median", AIPERF_STAT_P50 },
  { "min", AIPERF_STAT_MIN },
  { "max", AIPERF_STAT_MAX },
  { "std_dev", AIPERF_STAT_STD },
  { NULL, 0 },
};

/* GuideLLM's percentile names: p01 is the 1st, p001 the 0.1th (dropped). */
static const AiperfPeerStatKey percentile_keys[] = {
  { "p01", AIPERF_STAT_P1 },
  { "p05", AIPERF_STAT_P5 },
  { "p10", AIPERF_STAT_P10 },
  { "p25", AIPERF_STAT_P25 },
  { "p50", AIPERF_STAT_P50 },
  { "p75", AIPERF_STAT_P75 },
  { "p90", AIPERF_STAT_P90 },
  { "p95", AIPERF_STAT_P95 },
  { "p99", AIPERF_STAT_P99 },
  { NULL, 0 },
};

typedef struct {
  const char *key;
  const char *tag;     /* NULL: decided by layout (time_per_output_token_ms) */
  const char *unit;
  double      scale;
  gboolean    avg_only;
} MetricKey;

static const MetricKey metric_keys[] = {
  { "request_latency", "request_latency", "ms", 1000.0, FALSE },
  { "time_to_first_token_ms", "time_to_first_token", "ms", 1.0, FALSE },
  { "time_to_first_output_token_ms", "time_to_first_output_token", "ms", 1.0, FALSE },
  { "inter_token_latency_ms", "inter_token_latency", "ms", 1.0, FALSE },
  { "time_per_output_token_ms", NULL, "ms", 1.0, FALSE },
  { "prompt_token_count", "input_sequence_length", "tokens", 1.0, FALSE },
  { "output_token_count", "output_sequence_length", "tokens", 1.0, FALSE },
  { "request_concurrency", "request_concurrency", "requests", 1.0, FALSE },
  /* Rates over time: AIPerf reports the run's rate, their mean. */
  { "requests_per_second", "request_throughput", "requests/sec", 1.0, TRUE },
  { "output_tokens_per_second", "output_token_throughput", "tokens/sec", 1.0, TRUE },
  { "tokens_per_second", "total_token_throughput", "tokens/sec", 1.0, TRUE },
  { "prompt_tokens_per_second", "input_token_throughput", "tokens/sec", 1.0, TRUE },
};

static guint
guidellm_sniff (const AiperfSniffInput *input)
{
  if (input->is_dir || aiperf_head_first_char (input->head) != '{')
    return AIPERF_SNIFF_NO;
  if (strstr (input->head, "\"generative_benchmark\"") != NULL ||
      aiperf_head_has_key (input->head, "guidellm_version"))
    return AIPERF_SNIFF_SURE;
  if (aiperf_head_has_key (input->head, "benchmarks") && aiperf_head_has_key (input->head, "type_"))
    return AIPERF_SNIFF_LIKELY;
  return AIPERF_SNIFF_NO;
}

/* The successful requests' distribution of @key, scaled. */
static gboolean
read_distribution (JsonObject  *metrics,
                   const char  *key,
                   double       scale,
                   AiperfStats *stats)
{
  JsonObject *successful = aiperf_peer_path_object (metrics, key);
  AiperfStats percentiles;

  successful = aiperf_peer_member_object (successful, "successful");
  if (aiperf_peer_stats_from_object (successful, summary_keys, scale, stats) == 0)
    return FALSE;
  aiperf_peer_stats_from_object (aiperf_peer_member_object (successful, "percentiles"),
                                 percentile_keys, scale, &percentiles);
  for (guint i = 0; i < AIPERF_N_STATS; i++)
    if (isnan (stats->v[i]))
      stats->v[i] = percentiles.v[i];
  return TRUE;
}

/* The first string found at one of the dotted @paths (last step a member). */
static const char *
find_string (JsonObject         *root,
             const char * const *paths)
{
  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *parent = NULL;
      const char *dot = strrchr (paths[i], '.');
      const char *value;

      if (dot == NULL)
        value = aiperf_peer_member_string (root, paths[i]);
      else
        {
          parent = g_strndup (paths[i], dot - paths[i]);
          value = aiperf_peer_member_string (aiperf_peer_path_object (root, parent), dot + 1);
        }
      if (value != NULL && *value != '\0')
        return value;
    }
  return NULL;
}

static const char *
find_model (JsonObject *benchmark,
            JsonObject *report)
{
  static const char * const in_benchmark[] = {
    "config.backend.model", "worker.backend_model", "config.requests.model", NULL,
  };
  static const char * const in_report[] = {
    "args.model", "config.spec.model", "config.spec.backend.model", "config.spec.backend_kwargs.model", NULL,
  };
  const char *model = find_string (benchmark, in_benchmark);

  return model != NULL ? model : find_string (report, in_report);
}

static void
set_unix_times (AiperfRun  *run,
                JsonObject *benchmark)
{
  double start = aiperf_peer_member_number (benchmark, "start_time");
  double end = aiperf_peer_member_number (benchmark, "end_time");
  g_autoptr(GDateTime) from = NULL;
  g_autoptr(GDateTime) to = NULL;
  g_autofree char *start_text = NULL;
  g_autofree char *end_text = NULL;

  gint64 start_s, end_s;

  if (!(start > 0 && end > 0) || !aiperf_double_to_int64 (floor (start), &start_s) ||
      !aiperf_double_to_int64 (floor (end), &end_s))
    return;
  from = g_date_time_new_from_unix_utc (start_s);
  to = g_date_time_new_from_unix_utc (end_s);
  if (from == NULL || to == NULL)
    return;
  start_text = g_date_time_format_iso8601 (from);
  end_text = g_date_time_format_iso8601 (to);
  aiperf_run_set_times (run, start_text, end_text);
}

/* Load parameter and run name from the strategy. */
static void
apply_strategy (AiperfRun  *run,
                JsonObject *strategy,
                JsonObject *metrics)
{
  const char *type = aiperf_peer_member_string (strategy, "type_");
  double streams = aiperf_peer_member_number (strategy, "streams");
  double rate = aiperf_peer_member_number (strategy, "rate");
  AiperfStats measured;
  char buf[64];

  if (type == NULL)
    type = "unknown";
  aiperf_run_set_parameter (run, "strategy", type);
  if (g_str_equal (type, "synchronous") || (g_str_equal (type, "concurrent") && !isnan (streams)))
    {
      double concurrency = g_str_equal (type, "synchronous") ? 1.0 : streams;

      aiperf_run_set_load_parameter (run, "concurrency");
      aiperf_run_set_concurrency (run, concurrency);
      g_snprintf (buf, sizeof buf, "%s %g", type, concurrency);
      aiperf_run_set_name (run, g_str_equal (type, "synchronous") ? type : buf);
      return;
    }
  aiperf_run_set_load_parameter (run, "request_rate");
  aiperf_run_set_concurrency (run, NAN);
  if (isnan (rate) || rate <= 0)
    {
      /* throughput (and unknown strategies): the rate it reached. */
      if (read_distribution (metrics, "requests_per_second", 1.0, &measured))
        rate = measured.v[AIPERF_STAT_AVG];
      aiperf_run_set_parameter (run, "rate_source", "measured");
    }
  aiperf_run_set_request_rate (run, rate);
  g_snprintf (buf, sizeof buf, "%s %.3g/s", type, rate);
  aiperf_run_set_name (run, buf);
}

static void
set_counts (AiperfRun  *run,
            JsonObject *totals)
{
  double ok = aiperf_peer_member_number (totals, "successful");
  double errored = aiperf_peer_member_number (totals, "errored");
  double incomplete = aiperf_peer_member_number (totals, "incomplete");
  AiperfStats stats;

  if (!isnan (ok))
    {
      aiperf_peer_stats_avg (&stats, ok);
      aiperf_run_set_metric (run, "request_count", "requests", &stats);
    }
  if (!isnan (errored))
    {
      aiperf_peer_stats_avg (&stats, errored);
      aiperf_run_set_metric (run, "error_request_count", "requests", &stats);
    }
  if (!isnan (incomplete))
    {
      aiperf_peer_stats_avg (&stats, incomplete);
      aiperf_run_set_metric (run, "incomplete_request_count", "requests", &stats);
    }
  aiperf_run_set_request_counts (run, aiperf_count_from_double (ok), aiperf_count_from_double (errored));
}

static AiperfRun *
read_benchmark (const char  *path,
                guint        number,
                JsonObject  *benchmark,
                JsonObject  *report,
                gboolean     current,
                const char  *label,
                GError     **error)
{
  g_autofree char *key = g_strdup_printf ("%u", number);
  g_autoptr(AiperfRun) run = NULL;
  JsonObject *metrics = aiperf_peer_member_object (benchmark, "metrics");
  JsonObject *strategy;
  const char *type = aiperf_peer_member_string (benchmark, "type_");
  const char *model;
  guint n_metrics = 0;

  if (metrics == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s#%u: the benchmark has no metrics object"), path, number);
      return NULL;
    }
  run = aiperf_run_new_in_file (path, key);
  for (guint i = 0; i < G_N_ELEMENTS (metric_keys); i++)
    {
      const MetricKey *m = &metric_keys[i];
      const char *tag = m->tag != NULL ? m->tag
                        : current ? "normalized_time_per_output_token" : "time_per_output_token";
      AiperfStats stats;

      if (!read_distribution (metrics, m->key, m->scale, &stats))
        continue;
      if (m->avg_only)
        aiperf_peer_stats_avg (&stats, stats.v[AIPERF_STAT_AVG]);
      n_metrics += aiperf_peer_set_metric (run, tag, m->unit, &stats);
    }
  if (n_metrics == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s#%u: no metric has statistics of successful requests"), path, number);
      return NULL;
    }

  strategy = aiperf_peer_path_object (benchmark, current ? "config.strategy" : "args.strategy");
  if (strategy == NULL)
    strategy = aiperf_peer_path_object (benchmark, current ? "args.strategy" : "config.strategy");
  apply_strategy (run, strategy, metrics);
  set_counts (run, current ? aiperf_peer_member_object (metrics, "request_totals")
                           : aiperf_peer_member_object (benchmark, "request_totals"));
  if (type != NULL && !g_str_equal (type, "generative_benchmark"))
    aiperf_run_set_parameter (run, "benchmark_type", type);
  model = find_model (benchmark, report);
  if (model != NULL)
    aiperf_run_set_model (run, model);
  aiperf_run_set_variation_label (run, label);
  set_unix_times (run, benchmark);
  aiperf_peer_derive_per_user (run);
  /* The scanner left a mark where the per-request records are. */
  if (json_object_has_member (benchmark, "requests"))
    aiperf_run_set_details_loader (run, aiperf_guidellm_load_requests);
  return g_steal_pointer (&run);
}

/* The sweep's name: the file's, unless it is GuideLLM's default one. */
static char *
sweep_label (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *folder = g_path_get_dirname (path);
  char *dot = strrchr (base, '.');

  if (dot != NULL)
    *dot = '\0';
  if (g_str_equal (base, "benchmarks"))
    return aiperf_peer_sweep_label (folder);
  return g_steal_pointer (&base);
}

static void
guidellm_load (const char              *path,
               const AiperfLoadOptions *options,
               AiperfLoadResult        *result)
{
  AiperfGuidellmReport report = { NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *label = sweep_label (path);
  JsonObject *metadata;
  const char *version;
  gboolean current;

  if (!aiperf_guidellm_report_read (path, &report, &error))
    {
      g_ptr_array_add (result->errors, g_steal_pointer (&error));
      aiperf_guidellm_report_clear (&report);
      return;
    }
  /* A part-way fault: the benchmarks before it still load. */
  if (error != NULL)
    g_ptr_array_add (result->errors, g_steal_pointer (&error));

  metadata = aiperf_peer_member_object (report.report, "metadata");
  current = metadata != NULL && !isnan (aiperf_peer_member_number (metadata, "version"));
  for (guint i = 0; i < report.benchmarks->len; i++)
    {
      JsonObject *benchmark = g_ptr_array_index (report.benchmarks, i);
      g_autoptr(GError) run_error = NULL;
      AiperfRun *run;

      if (g_cancellable_is_cancelled (options->cancellable))
        break;
      if (benchmark == NULL)
        {
          aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                        _("%s#%u: the benchmark is not a JSON object"), path, i + 1);
          continue;
        }
      /* Without metadata, the layout tells the generation. */
      run = read_benchmark (path, i + 1, benchmark, report.report,
                            current || json_object_has_member (benchmark, "scheduler_metrics"),
                            label, &run_error);
      if (run == NULL)
        {
          g_ptr_array_add (result->errors, g_steal_pointer (&run_error));
          continue;
        }
      version = aiperf_peer_member_string (metadata, "guidellm_version");
      if (version != NULL)
        aiperf_run_set_parameter (run, "guidellm_version", version);
      g_ptr_array_add (result->runs, run);
    }
  if (report.benchmarks->len == 0 && result->errors->len == 0)
    aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                  _("%s: the report holds no benchmarks"), path);
  aiperf_guidellm_report_clear (&report);
}

const AiperfFormat aiperf_format_guidellm = {
  .id = "guidellm",
  .name = "GuideLLM",
  .kind = "serving",
  .sniff = guidellm_sniff,
  .load = guidellm_load,
  .claims_subtree = NULL,
  .skip_child = NULL,
};
