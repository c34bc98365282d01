/* aiperf-metric-registry.c — every AIPerf metric: display name, unit, direction.
 *
 * The table follows aiperf 0.11's MetricRegistry (src/aiperf/metrics/types)
 * plus the plot-only derived metric and the GPU telemetry fields.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-metric-registry.h"

#define R  AIPERF_METRIC_KIND_RECORD
#define A  AIPERF_METRIC_KIND_AGGREGATE
#define D  AIPERF_METRIC_KIND_DERIVED
#define G  AIPERF_METRIC_KIND_GPU
#define LB AIPERF_METRIC_FLAG_LARGER_IS_BETTER
#define SO AIPERF_METRIC_FLAG_STREAMING_ONLY
#define IN AIPERF_METRIC_FLAG_INTERNAL
#define EX AIPERF_METRIC_FLAG_EXPERIMENTAL
#define EO AIPERF_METRIC_FLAG_ERROR_ONLY
#define NR AIPERF_METRIC_FLAG_NO_RECORDS
#define GP AIPERF_METRIC_FLAG_GOODPUT
#define CT AIPERF_METRIC_FLAG_COUNTER
#define PD AIPERF_METRIC_FLAG_PLOT_DERIVED
#define NO AIPERF_METRIC_FLAG_NONE

/* Units of the "total_*" sums are inherited from the summed metric in aiperf;
 * they are spelled out here because the summed metric is always known. */
static const AiperfMetricInfo metrics[] = {
  { "accuracy.correct", "Accuracy Correct", "ratio", A, IN },
  { "accuracy.unparsed", "Accuracy Unparsed", "ratio", A, IN },
  { "audio_duration", "Audio Duration", "sec", R, NO },
  { "benchmark_duration", "Benchmark Duration", "sec", D, NO },
  { "credit_drop_latency", "Credit Drop Latency", "ms", R, IN },
  { "e2e_output_token_throughput", "E2E Output Token Throughput", "tokens/sec/user", R, LB },
  /* cutileGPT profiles: one forward pass of the model (ms) */
  { "forward_latency", "Forward Latency", "ms", R, NO },
  { "error_request_count", "Error Request Count", "requests", A, EO | NR },
  { "good_request_count", "Good Request Count", "requests", A, GP },
  { "good_request_fraction", "GoodRequestFraction", "ratio", D, GP | LB },
  { "goodput", "Goodput", "requests/sec", D, GP },
  { "http_req_blocked", "HTTP Blocked", "ms", R, NO },
  { "http_req_connection_reused", "HTTP Connection Reused", "ratio", R, NO },
  { "http_req_connecting", "HTTP Connecting", "ms", R, NO },
  { "http_req_dns_lookup", "HTTP DNS Lookup", "ms", R, NO },
  { "http_req_sending", "HTTP Sending", "ms", R, NO },
  { "http_req_waiting", "HTTP Waiting (TTFB)", "ms", R, NO },
  { "http_req_receiving", "HTTP Receiving", "ms", R, NO },
  { "http_req_duration", "HTTP Duration (excl. conn)", "ms", R, NO },
  { "http_req_data_sent", "HTTP Data Sent", "KB", R, NO },
  { "http_req_data_received", "HTTP Data Received", "KB", R, NO },
  { "http_req_chunks_sent", "HTTP Chunks Sent", "count", R, NO },
  { "http_req_chunks_received", "HTTP Chunks Received", "count", R, NO },
  { "http_req_connection_overhead", "HTTP Connection Overhead", "ms", R, NO },
  { "http_req_total", "HTTP Total Time", "ms", R, NO },
  { "num_images", "Number of Images", "images", R, NO },
  { "image_throughput", "Image Throughput", "images/sec", R, NO },
  { "image_latency", "Image Latency", "ms/image", R, NO },
  { "input_sequence_length", "Input Sequence Length", "tokens", R, LB },
  { "total_isl", "Total Input Sequence Length", "tokens", D, LB },
  { "error_isl", "Error Input Sequence Length", "tokens", R, LB | EO },
  { "total_error_isl", "Total Error Input Sequence Length", "tokens", D, LB | EO },
  { "inter_chunk_latency", "Inter Chunk Latency", "ms", R, SO },
  { "inter_token_latency", "Inter Token Latency", "ms", R, SO },
  { "max_response_timestamp", "Maximum Response Timestamp", "ns", A, NR | IN },
  { "min_request_timestamp", "Minimum Request Timestamp", "ns", A, NR | IN },
  { "network_adjusted_request_latency", "Network-Adjusted Request Latency", "ms", D, NO },
  { "network_adjusted_time_to_first_token", "Network-Adjusted Time to First Token", "ms", D, SO },
  { "network_adjusted_time_to_first_output_token", "Network-Adjusted Time to First Output Token", "ms", D, SO },
  { "network_rtt", "Network RTT", "ms", D, NR },
  { "requested_osl", "Requested OSL", "tokens", R, IN },
  { "osl_mismatch_diff_pct", "OSL Mismatch Diff %", "%", R, NO },
  { "osl_mismatch_count", "OSL Mismatch Count", "requests", A, NR },
  { "output_sequence_length", "Output Sequence Length", "tokens", R, LB },
  { "total_osl", "Total Output Sequence Length", "tokens", D, LB },
  { "output_token_count", "Output Token Count", "tokens", R, LB },
  { "total_output_tokens", "Total Output Tokens", "tokens", D, LB },
  { "output_token_throughput", "Output Token Throughput", "tokens/sec", D, LB },
  { "output_token_throughput_per_user", "Output Token Throughput Per User", "tokens/sec/user", R, SO | LB },
  { "output_token_throughput_per_gpu", "Output Token Throughput Per GPU", "tokens/sec/gpu", D, LB | PD },
  { "total_gpu_power", "Total GPU Power", "W", D, NO },
  { "total_gpu_energy", "Total GPU Energy", "J", D, NO },
  { "output_tokens_per_joule", "Output Tokens per Joule", "tokens/J", D, LB },
  { "energy_per_user", "Energy per User", "joules/user", D, NO },
  { "prefill_throughput_per_user", "Prefill Throughput Per User", "tokens/sec/user", R, SO | LB },
  { "reasoning_token_count", "Reasoning Token Count", "tokens", R, LB },
  { "total_reasoning_tokens", "Total Reasoning Tokens", "tokens", D, LB },
  { "request_count", "Request Count", "requests", A, LB | NR },
  { "request_latency", "Request Latency", "ms", R, NO },
  { "request_throughput", "Request Throughput", "requests/sec", D, LB },
  { "rtfx", "Inverse Real-Time Factor (RTFx)", "ratio", R, LB },
  { "stream_setup_latency", "Stream Setup Latency", "ms", R, SO | EX },
  { "stream_prefill_latency", "Stream Prefill Latency", "ms", R, SO | EX },
  { "thinking_efficiency", "Thinking Efficiency", "ratio", R, EX },
  { "overall_thinking_efficiency", "Overall Thinking Efficiency", "ratio", D, EX },
  { "time_to_first_output_token", "Time to First Output Token", "ms", R, SO },
  { "total_token_throughput", "Total Token Throughput", "tokens/sec", D, LB },
  { "time_to_first_token", "Time to First Token", "ms", R, SO },
  { "time_to_second_token", "Time to Second Token", "ms", R, SO },
  { "usage_prompt_cache_read_tokens", "Usage Prompt Cache Read Tokens", "tokens", R, LB },
  { "usage_prompt_cache_write_tokens", "Usage Prompt Cache Write Tokens", "tokens", R, NO },
  { "usage_prompt_cache_miss_tokens", "Usage Prompt Cache Miss Tokens", "tokens", R, NO },
  { "usage_prompt_tokens_diff_pct", "Usage Prompt Diff %", "%", R, NO },
  { "usage_completion_tokens_diff_pct", "Usage Completion Diff %", "%", R, NO },
  { "usage_reasoning_tokens_diff_pct", "Usage Reasoning Diff %", "%", R, NO },
  { "usage_discrepancy_count", "Usage Discrepancy Count", "requests", A, NR },
  { "usage_tool_use_prompt_tokens", "Usage Tool Use Prompt Tokens", "tokens", R, NO },
  { "usage_prompt_audio_seconds", "Usage Prompt Audio Seconds", "sec", R, LB },
  { "usage_prompt_tokens", "Usage Prompt Tokens", "tokens", R, LB },
  { "usage_completion_tokens", "Usage Completion Tokens", "tokens", R, LB },
  { "usage_total_tokens", "Usage Total Tokens", "tokens", R, LB },
  { "usage_reasoning_tokens", "Usage Reasoning Tokens", "tokens", R, LB },
  { "usage_prompt_audio_tokens", "Usage Prompt Audio Tokens", "tokens", R, LB },
  { "usage_completion_audio_tokens", "Usage Completion Audio Tokens", "tokens", R, LB },
  { "usage_accepted_prediction_tokens", "Usage Accepted Prediction Tokens", "tokens", R, LB },
  { "usage_rejected_prediction_tokens", "Usage Rejected Prediction Tokens", "tokens", R, NO },
  { "total_usage_prompt_tokens", "Total Usage Prompt Tokens", "tokens", D, NO },
  { "total_usage_completion_tokens", "Total Usage Completion Tokens", "tokens", D, NO },
  { "total_usage_total_tokens", "Total Usage Total Tokens", "tokens", D, NO },
  { "total_usage_reasoning_tokens", "Total Usage Reasoning Tokens", "tokens", D, NO },
  { "total_usage_prompt_cache_read_tokens", "Total Usage Prompt Cache Read Tokens", "tokens", D, NO },
  { "total_usage_prompt_cache_write_tokens", "Total Usage Prompt Cache Write Tokens", "tokens", D, NO },
  { "total_usage_prompt_audio_tokens", "Total Usage Prompt Audio Tokens", "tokens", D, NO },
  { "total_usage_completion_audio_tokens", "Total Usage Completion Audio Tokens", "tokens", D, NO },
  { "total_usage_accepted_prediction_tokens", "Total Usage Accepted Prediction Tokens", "tokens", D, NO },
  { "total_usage_rejected_prediction_tokens", "Total Usage Rejected Prediction Tokens", "tokens", D, NO },
  { "total_usage_prompt_cache_miss_tokens", "Total Usage Prompt Cache Miss Tokens", "tokens", D, NO },
  { "total_usage_tool_use_prompt_tokens", "Total Usage Tool Use Prompt Tokens", "tokens", D, NO },
  { "total_usage_prompt_audio_seconds", "Total Usage Prompt Audio Seconds", "sec", D, NO },
  { "overall_usage_prompt_cache_read_pct", "Overall Usage Prompt Cache Read %", "%", D, LB },
  { "video_inference_time", "Video Inference Time", "ms", R, NO },
  { "video_peak_memory", "Video Peak Memory", "MB", R, NO },

  /* Peer tools' metrics with no AIPerf twin: request latency ÷ output
   * tokens, TTFT included (inference-perf's NTPOT, LLMPerf's
   * inter_token_latency_s, GuideLLM's time_per_output_token_ms since its
   * 2025 scheduler rewrite). */
  { "normalized_time_per_output_token", "Normalized Time per Output Token", "ms", R, NO },

  /* GPU telemetry (DCGM / pynvml, aiperf 0.11 and the November 2025 set). */
  { "gpu_power_usage", "GPU Power Usage", "W", G, NO },
  { "energy_consumption", "Energy Consumption", "MJ", G, CT },
  { "gpu_utilization", "GPU Utilization", "%", G, NO },
  { "mem_utilization", "Memory Utilization", "%", G, NO },
  { "gpu_memory_used", "GPU Memory Used", "GB", G, NO },
  { "gpu_temperature", "GPU Temperature", "°C", G, NO },
  { "sm_utilization", "SM Utilization", "%", G, NO },
  { "decoder_utilization", "Decoder Utilization", "%", G, NO },
  { "encoder_utilization", "Encoder Utilization", "%", G, NO },
  { "jpg_utilization", "JPEG Utilization", "%", G, NO },
  { "xid_errors", "XID Errors", "count", G, CT },
  { "power_violation", "Power Violation", "us", G, CT },
  { "power_management_limit", "Power Management Limit", "W", G, NO },
  { "gpu_memory_free", "GPU Memory Free", "GB", G, NO },
  { "gpu_memory_total", "GPU Memory Total", "GB", G, NO },
  { "sm_clock_frequency", "SM Clock Frequency", "MHz", G, NO },
  { "memory_clock_frequency", "Memory Clock Frequency", "MHz", G, NO },
  { "memory_temperature", "Memory Temperature", "°C", G, NO },
  { "memory_copy_utilization", "Memory Copy Utilization", "%", G, NO },
  { "thermal_violation", "Thermal Violation", "us", G, CT },
  /* AMD (amdsmi / device-metrics-exporter). */
  { "amd_power", "AMD GPU Power", "W", G, NO },
  { "amd_energy_consumption", "AMD Energy Consumption", "MJ", G, CT },
  { "amd_gfx_activity", "AMD GFX Activity", "%", G, NO },
  { "amd_umc_activity", "AMD UMC Activity", "%", G, NO },
  { "amd_mm_activity", "AMD MM Activity", "%", G, NO },
  { "amd_memory_used", "AMD GPU Memory Used", "GB", G, NO },
  { "amd_temperature", "AMD GPU Temperature", "°C", G, NO },
  { "amd_ecc_uncorrectable", "AMD ECC Uncorrectable", "count", G, CT },
  { "amd_throttle_status", "AMD Throttle Status", "count", G, NO },
};

/* Renamed tags (aiperf PRs #343 and #500), display names of old exports,
 * and the names ccl-bench's metric tools print (TTFT, TPOT, output_throughput:
 * vLLM's keys, whose TPOT is AIPerf's inter-token latency). */
static const struct { const char *alias, *tag; } tag_aliases[] = {
  { "ttft", "time_to_first_token" },
  { "ttst", "time_to_second_token" },
  { "prefill_throughput", "prefill_throughput_per_user" },
  { "TTFT", "time_to_first_token" },
  { "TPOT", "inter_token_latency" },
  { "tpot", "inter_token_latency" },
  { "output_throughput", "output_token_throughput" },
};
static const struct { const char *alias, *tag; } display_aliases[] = {
  { "Prefill Throughput", "prefill_throughput_per_user" },
  { "Good Request Fraction", "good_request_fraction" },
};

static GHashTable *by_tag;      /* tag or alias → info */
static GHashTable *by_display;  /* casefolded display name → info */

static gpointer
build_tables (gpointer data)
{
  by_tag = g_hash_table_new (g_str_hash, g_str_equal);
  by_display = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (metrics); i++)
    {
      g_hash_table_insert (by_tag, (gpointer) metrics[i].tag, (gpointer) &metrics[i]);
      g_hash_table_insert (by_display, g_ascii_strdown (metrics[i].display_name, -1),
                           (gpointer) &metrics[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (tag_aliases); i++)
    g_hash_table_insert (by_tag, (gpointer) tag_aliases[i].alias,
                         g_hash_table_lookup (by_tag, tag_aliases[i].tag));
  for (guint i = 0; i < G_N_ELEMENTS (display_aliases); i++)
    g_hash_table_insert (by_display, g_ascii_strdown (display_aliases[i].alias, -1),
                         g_hash_table_lookup (by_tag, display_aliases[i].tag));
  return NULL;
}

static void
ensure_tables (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, build_tables, NULL);
}

const AiperfMetricInfo *
aiperf_metric_registry_lookup (const char *tag)
{
  g_return_val_if_fail (tag != NULL, NULL);

  ensure_tables ();
  return g_hash_table_lookup (by_tag, tag);
}

const AiperfMetricInfo *
aiperf_metric_registry_lookup_display_name (const char *display_name)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (display_name != NULL, NULL);

  ensure_tables ();
  key = g_ascii_strdown (display_name, -1);
  g_strstrip (key);
  return g_hash_table_lookup (by_display, key);
}

const char *
aiperf_metric_registry_canonical_tag (const char *tag)
{
  g_return_val_if_fail (tag != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (tag_aliases); i++)
    if (strcmp (tag, tag_aliases[i].alias) == 0)
      return tag_aliases[i].tag;
  return tag;
}

const AiperfMetricInfo *
aiperf_metric_registry_get_all (guint *n_metrics)
{
  if (n_metrics != NULL)
    *n_metrics = G_N_ELEMENTS (metrics);
  return metrics;
}

gboolean
aiperf_metric_registry_larger_is_better (const char *tag)
{
  const AiperfMetricInfo *info;

  g_return_val_if_fail (tag != NULL, FALSE);

  info = aiperf_metric_registry_lookup (tag);
  return info != NULL && (info->flags & AIPERF_METRIC_FLAG_LARGER_IS_BETTER) != 0;
}

/* Levenshtein distance with two rows; tags are short. */
static guint
edit_distance (const char *a,
               const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  g_autofree guint *prev = g_new (guint, lb + 1);
  g_autofree guint *cur = g_new (guint, lb + 1);

  for (gsize j = 0; j <= lb; j++)
    prev[j] = (guint) j;
  for (gsize i = 1; i <= la; i++)
    {
      cur[0] = (guint) i;
      for (gsize j = 1; j <= lb; j++)
        {
          guint cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1]) ? 0 : 1;
          guint best = prev[j - 1] + cost;

          best = MIN (best, prev[j] + 1);
          best = MIN (best, cur[j - 1] + 1);
          cur[j] = best;
        }
      memcpy (prev, cur, sizeof (guint) * (lb + 1));
    }
  return prev[lb];
}

const char *
aiperf_metric_registry_suggest (const char *unknown)
{
  const char *best = NULL;
  guint best_distance = G_MAXUINT;
  guint limit;

  g_return_val_if_fail (unknown != NULL, NULL);

  if (*unknown == '\0')
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (metrics); i++)
    {
      guint d = edit_distance (unknown, metrics[i].tag);

      if (d < best_distance)
        {
          best_distance = d;
          best = metrics[i].tag;
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (tag_aliases); i++)
    {
      guint d = edit_distance (unknown, tag_aliases[i].alias);

      if (d < best_distance)
        {
          best_distance = d;
          best = tag_aliases[i].tag;
        }
    }
  /* A third of the length is the usual cut-off for typos (difflib-like). */
  limit = MAX (2, (guint) strlen (unknown) / 3);
  return best_distance <= limit ? best : NULL;
}

static char *
prettify_tag (const char *tag)
{
  g_auto(GStrv) words = g_strsplit_set (tag, "_.", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_c (out, g_ascii_toupper (words[i][0]));
      g_string_append (out, words[i] + 1);
    }
  return g_string_free (out, FALSE);
}

char *
aiperf_metric_registry_axis_label (const char *tag,
                                   const char *fallback_unit)
{
  const AiperfMetricInfo *info;
  g_autofree char *name = NULL;
  const char *unit;

  g_return_val_if_fail (tag != NULL, NULL);

  info = aiperf_metric_registry_lookup (tag);
  if (info != NULL)
    {
      name = g_strdup (info->display_name);
      unit = *info->unit != '\0' ? info->unit : fallback_unit;
    }
  else
    {
      /* The one column the sidebar offers that is not an aiperf metric; the
       * charts translate it too (aiperf_plot_display_name ()). */
      name = g_strcmp0 (tag, "request_number") == 0 ? g_strdup ("Request Number")
                                                    : prettify_tag (tag);
      unit = fallback_unit;
    }
  if (unit == NULL || *unit == '\0')
    return g_steal_pointer (&name);
  return g_strdup_printf ("%s (%s)", name, unit);
}
