/* aiperf-format-llmperf.c — ray-project/llmperf summaries as an input format.
 *
 * token_benchmark_ray.py writes <model>_<in>_<out>_summary.json: one flat
 * object (nested keys joined with "_"), one run per file, swept over
 * num_concurrent_requests. Everything is in seconds and converted to ms.
 * The keys are mapped by what LLMPerf computes, not by their names:
 *   ttft_s                                = first chunk − start: TTFT;
 *   end_to_end_latency_s                  = request_latency;
 *   inter_token_latency_s                 = the sum of all chunk gaps, TTFT
 *                                           included, ÷ output tokens, i.e.
 *                                           latency ÷ tokens: not AIPerf's
 *                                           ITL (which leaves TTFT out), kept
 *                                           as normalized_time_per_output_token;
 *   request_output_throughput_token_per_s = output tokens ÷ request latency
 *                                           per request: AIPerf's
 *                                           e2e_output_token_throughput (its
 *                                           output_token_throughput_per_user
 *                                           is 1 ÷ ITL);
 *   mean_output_throughput_token_per_s    = all output tokens ÷ duration:
 *                                           output_token_throughput;
 *   num_completed_requests_per_min ÷ 60   = request_throughput.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-llmperf-private.h"
#include "aiperf-number-cast.h"
#include "aiperf-peer-json.h"

typedef struct {
  const char *key;    /* results_<key>_mean, …_quantiles_p25, … */
  const char *tag;
  const char *unit;
  double      scale;
} DistributionKey;

static const DistributionKey distributions[] = {
  { "ttft_s", "time_to_first_token", "ms", 1000.0 },
  { "end_to_end_latency_s", "request_latency", "ms", 1000.0 },
  { "inter_token_latency_s", "normalized_time_per_output_token", "ms", 1000.0 },
  { "request_output_throughput_token_per_s", "e2e_output_token_throughput", "tokens/sec/user", 1.0 },
  { "number_input_tokens", "input_sequence_length", "tokens", 1.0 },
  { "number_output_tokens", "output_sequence_length", "tokens", 1.0 },
};

/* Suffixes after results_<key>_ and the slot each fills. */
static const AiperfPeerStatKey suffixes[] = {
  { "mean", AIPERF_STAT_AVG },
  { "min", AIPERF_STAT_MIN },
  { "max", AIPERF_STAT_MAX },
  { "stddev", AIPERF_STAT_STD },
  { "quantiles_p25", AIPERF_STAT_P25 },
  { "quantiles_p50", AIPERF_STAT_P50 },
  { "quantiles_p75", AIPERF_STAT_P75 },
  { "quantiles_p90", AIPERF_STAT_P90 },
  { "quantiles_p95", AIPERF_STAT_P95 },
  { "quantiles_p99", AIPERF_STAT_P99 },
  { NULL, 0 },
};

/* LLMPerf's individual responses: a list of per-request objects. One
 * found in a folder beside its summary is that summary's (it reads them);
 * one named on its own, or without a summary, opens. */
static guint
responses_sniff (const AiperfSniffInput *input)
{
  g_autofree char *summary = NULL;

  if (!aiperf_head_has_key (input->head, "ttft_s") || !aiperf_head_has_key (input->head, "end_to_end_latency_s") ||
      !aiperf_head_has_key (input->head, "inter_token_latency_s"))
    return AIPERF_SNIFF_NO;
  summary = input->named ? NULL : aiperf_llmperf_summary_path (input->path);
  if (summary != NULL && g_str_has_suffix (input->path, "_individual_responses.json"))
    return AIPERF_SNIFF_NO;
  return AIPERF_SNIFF_LIKELY;
}

static guint
llmperf_sniff (const AiperfSniffInput *input)
{
  if (!input->is_dir && aiperf_head_first_char (input->head) == '[')
    return responses_sniff (input);
  if (input->is_dir || aiperf_head_first_char (input->head) != '{')
    return AIPERF_SNIFF_NO;
  if (aiperf_head_has_key (input->head, "results_ttft_s_mean") ||
      aiperf_head_has_key (input->head, "results_end_to_end_latency_s_mean") ||
      aiperf_head_has_key (input->head, "results_inter_token_latency_s_quantiles_p25"))
    return AIPERF_SNIFF_SURE;
  /* A long additional_sampling_params can push the results out of the head. */
  if (aiperf_head_has_key (input->head, "num_concurrent_requests") &&
      aiperf_head_has_key (input->head, "mean_output_tokens"))
    return AIPERF_SNIFF_LIKELY;
  return AIPERF_SNIFF_NO;
}

static guint
read_distribution (AiperfRun             *run,
                   JsonObject            *object,
                   const DistributionKey *d)
{
  AiperfStats stats;

  aiperf_stats_init_nan (&stats);
  for (guint i = 0; suffixes[i].key != NULL; i++)
    {
      g_autofree char *key = g_strdup_printf ("results_%s_%s", d->key, suffixes[i].key);
      double value = aiperf_peer_member_number (object, key);

      if (!isnan (value))
        stats.v[suffixes[i].stat] = value * d->scale;
    }
  return aiperf_peer_set_metric (run, d->tag, d->unit, &stats);
}

static void
set_avg (AiperfRun  *run,
         const char *tag,
         const char *unit,
         double      value)
{
  AiperfStats stats;

  if (isnan (value))
    return;
  aiperf_peer_stats_avg (&stats, value);
  aiperf_run_set_metric (run, tag, unit, &stats);
}

static void
set_number_parameter (AiperfRun  *run,
                      JsonObject *object,
                      const char *key)
{
  double value = aiperf_peer_member_number (object, key);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isnan (value))
    aiperf_run_set_parameter (run, key, g_ascii_formatd (buf, sizeof buf, "%.15g", value));
}

/* A file renamed from LLMPerf's <model>_<in>_<out>_summary.json (the
 * leaderboard's summary/<provider>_<size>.json): its stem, else NULL. */
static char *
renamed_stem (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  if (g_str_has_suffix (base, "_summary.json") || !g_str_has_suffix (base, ".json"))
    return NULL;
  base[strlen (base) - strlen (".json")] = '\0';
  return *base != '\0' ? g_steal_pointer (&base) : NULL;
}

/* The run's name: a renamed file's stem (it says which run it is: the
 * summary's "name" is only the model and lengths, the same for every
 * provider), else the summary's "name" or the file's, without "_summary". */
static char *
run_name (JsonObject *object,
          const char *path)
{
  const char *name = object != NULL ? aiperf_peer_member_string (object, "name") : NULL;
  g_autofree char *renamed = renamed_stem (path);
  g_autofree char *text = renamed != NULL ? g_strdup (renamed)
                          : name != NULL && *name != '\0' ? g_strdup (name) : g_path_get_basename (path);

  if (g_str_has_suffix (text, ".json"))
    text[strlen (text) - strlen (".json")] = '\0';
  if (g_str_has_suffix (text, "_summary"))
    text[strlen (text) - strlen ("_summary")] = '\0';
  return *text != '\0' ? g_steal_pointer (&text) : g_path_get_basename (path);
}

/* Who served the run (the leaderboard writes "framework" and names its
 * files <provider>_<size>): what tells runs of one model apart, and what
 * the legend shows. @object: the summary, or NULL. */
static void
set_provider (AiperfRun  *run,
              JsonObject *object,
              const char *path)
{
  const char *framework = object != NULL ? aiperf_peer_member_string (object, "framework") : NULL;
  g_autofree char *renamed = renamed_stem (path);
  char *underscore = renamed != NULL ? strchr (renamed, '_') : NULL;

  if (framework != NULL && *framework != '\0')
    aiperf_run_set_parameter (run, "provider", framework);
  else if (underscore != NULL && underscore > renamed && !g_str_has_suffix (renamed, "_individual_responses"))
    {
      *underscore = '\0';
      aiperf_run_set_parameter (run, "provider", renamed);
    }
}

static void llmperf_load (const char *path, const AiperfLoadOptions *options, AiperfLoadResult *result);

/* A responses file (@root, parsed): its summary's run when there is one
 * (it says more: model, concurrency, throughput), else a run of the
 * records alone. */
static void
load_responses (JsonNode                *root,
                const char              *path,
                const AiperfLoadOptions *options,
                AiperfLoadResult        *result)
{
  g_autofree char *summary = aiperf_llmperf_summary_path (path);
  g_autoptr(GError) error = NULL;
  AiperfRun *run;

  if (summary != NULL)
    {
      llmperf_load (summary, options, result);
      return;
    }
  run = aiperf_llmperf_run_from_responses (root, path, &error);
  if (run == NULL)
    {
      g_ptr_array_add (result->errors, g_steal_pointer (&error));
      return;
    }
  {
    g_autofree char *name = run_name (NULL, path);
    g_autofree char *folder = g_path_get_dirname (path);
    g_autofree char *label = aiperf_peer_sweep_label (folder);

    if (g_str_has_suffix (name, "_individual_responses"))
      name[strlen (name) - strlen ("_individual_responses")] = '\0';
    aiperf_run_set_name (run, name);
    aiperf_run_set_variation_label (run, label);
    set_provider (run, NULL, path);
  }
  g_ptr_array_add (result->runs, run);
}

static void
llmperf_load (const char              *path,
              const AiperfLoadOptions *options,
              AiperfLoadResult        *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = aiperf_peer_json_load (path, &error);
  g_autoptr(AiperfRun) run = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *label = NULL;
  g_autofree char *name = NULL;
  JsonObject *object;
  const char *model;
  double concurrency, completed, errors, per_min;
  guint n_metrics = 0;

  if (root == NULL)
    {
      g_ptr_array_add (result->errors, g_steal_pointer (&error));
      return;
    }
  if (JSON_NODE_HOLDS_ARRAY (root))
    {
      load_responses (root, path, options, result);
      return;
    }
  object = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  run = aiperf_run_new_in_file (path, NULL);
  for (guint i = 0; object != NULL && i < G_N_ELEMENTS (distributions); i++)
    n_metrics += read_distribution (run, object, &distributions[i]);
  if (n_metrics == 0)
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                    _("%s: not an LLMPerf summary (no results_*_mean statistics)"),
                                    path);
      return;
    }

  name = run_name (object, path);
  aiperf_run_set_name (run, name);
  folder = g_path_get_dirname (path);
  label = aiperf_peer_sweep_label (folder);
  aiperf_run_set_variation_label (run, label);
  model = aiperf_peer_member_string (object, "model");
  if (model != NULL && *model != '\0')
    aiperf_run_set_model (run, model);
  set_provider (run, object, path);

  concurrency = aiperf_peer_member_number (object, "num_concurrent_requests");
  aiperf_run_set_load_parameter (run, "concurrency");
  aiperf_run_set_concurrency (run, concurrency);
  if (isnan (concurrency))
    aiperf_run_add_warning (run, _("%s: num_concurrent_requests is missing"), path);

  set_avg (run, "output_token_throughput", "tokens/sec",
           aiperf_peer_member_number (object, "results_mean_output_throughput_token_per_s"));
  per_min = aiperf_peer_member_number (object, "results_num_completed_requests_per_min");
  set_avg (run, "request_throughput", "requests/sec", per_min / 60.0);
  completed = aiperf_peer_member_number (object, "results_num_completed_requests");
  errors = aiperf_peer_member_number (object, "results_number_errors");
  set_avg (run, "request_count", "requests", completed);
  set_avg (run, "error_request_count", "requests", errors);
  set_avg (run, "error_rate", "ratio", aiperf_peer_member_number (object, "results_error_rate"));
  aiperf_run_set_request_counts (run, aiperf_count_from_double (completed),
                                 aiperf_count_from_double (errors));
  set_number_parameter (run, object, "mean_input_tokens");
  set_number_parameter (run, object, "mean_output_tokens");
  {
    g_autofree char *responses = aiperf_llmperf_responses_path (path);

    if (responses != NULL && g_file_test (responses, G_FILE_TEST_IS_REGULAR))
      aiperf_run_set_details_loader (run, aiperf_llmperf_load_responses);
  }
  g_ptr_array_add (result->runs, g_steal_pointer (&run));
}

/* The leaderboard's individual/ beside summary/: its files are read by
 * the summaries of the same names, not runs of their own. */
static gboolean
llmperf_skip_child (const char         *directory,
                    const char * const *entries,
                    const char         *child_name)
{
  g_autofree char *individual = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gboolean all_paired = TRUE;

  if (strcmp (child_name, "individual") != 0 || !aiperf_entries_contain (entries, "summary"))
    return FALSE;
  individual = g_build_filename (directory, child_name, NULL);
  dir = g_dir_open (individual, 0, NULL);
  while (all_paired && dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (individual, name, NULL);
      g_autofree char *summary = aiperf_llmperf_summary_path (path);

      all_paired = summary != NULL;
    }
  return dir != NULL && all_paired;
}

const AiperfFormat aiperf_format_llmperf = {
  .id = "llmperf",
  .name = "LLMPerf",
  .kind = "serving",
  .sniff = llmperf_sniff,
  .load = llmperf_load,
  .claims_subtree = NULL,
  .skip_child = llmperf_skip_child,
};
