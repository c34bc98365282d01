/* aiperf-genai-perf-keys.c — GenAI-Perf's metric keys and units mapped
 * into the canonical vocabulary, shared by the JSON and CSV readers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-genai-perf-private.h"
#include "aiperf-metric-registry.h"

static const struct { const char *key, *tag; } renames[] = {
  { "output_token_throughput_per_request", "e2e_output_token_throughput" },
  { "num_output_token", "output_sequence_length" },
  { "num_input_token", "input_sequence_length" },
  { "request_goodput", "goodput" },
};

const char *
aiperf_genai_perf_canonical_tag (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (renames); i++)
    if (g_str_equal (key, renames[i].key))
      return renames[i].tag;
  return aiperf_metric_registry_canonical_tag (key);
}

const char *
aiperf_genai_perf_normalise (const char  *tag,
                             const char  *unit,
                             AiperfStats *stats)
{
  static const struct { const char *unit; double to_ms; } times[] = {
    { "ns", 1e-6 }, { "us", 1e-3 }, { "µs", 1e-3 }, { "ms", 1.0 }, { "s", 1e3 }, { "sec", 1e3 },
  };
  const AiperfMetricInfo *info = aiperf_metric_registry_lookup (tag);

  if (info == NULL)
    return unit != NULL ? unit : "";
  if (g_str_equal (info->unit, "ms") && unit != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (times); i++)
      if (g_str_equal (unit, times[i].unit))
        {
          for (guint s = 0; s < AIPERF_N_STATS; s++)
            stats->v[s] *= times[i].to_ms;
          break;
        }
  /* "tokens per sec", "per sec", "tokens/sec/user": the registry's spelling. */
  return info->unit;
}

const char *
aiperf_genai_perf_set_metric (AiperfRun   *run,
                              const char  *key,
                              const char  *unit,
                              AiperfStats *stats)
{
  const char *tag = aiperf_genai_perf_canonical_tag (key);
  const char *canonical_unit = aiperf_genai_perf_normalise (tag, unit, stats);

  aiperf_run_set_metric (run, tag, canonical_unit, stats);
  /* GenAI-Perf's per-request output throughput (output tokens ÷ request
   * latency) is also kept under its own name, every statistic as written:
   * it is not AIPerf's per-user throughput (1000 ÷ ITL), and a reader who
   * knows GenAI-Perf looks for it by that name. */
  if (g_str_equal (key, GENAI_PERF_PER_REQUEST_THROUGHPUT))
    aiperf_run_set_metric (run, GENAI_PERF_PER_REQUEST_THROUGHPUT, "tokens/sec/user", stats);
  return tag;
}
