/* bench-summaries.c — time discovery + summary loading of a 100-run sweep.
 *
 * Generates N run folders with summaries shaped like aiperf 0.11's
 * profile_export_aiperf.json (all record metrics with full stats, GPU
 * telemetry of two endpoints, legacy input_config; ~25 kB each) in a temp
 * folder, then times aiperf_run_set_load() over several repetitions.
 * Target: < 100 ms for 100 runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-run-set.h"
#include "../aiperf-test-util.h"

static const char * const record_metrics[] = {
  "request_latency", "time_to_first_token", "time_to_second_token", "inter_token_latency",
  "output_token_throughput_per_user", "output_sequence_length", "input_sequence_length",
  "output_token_count", "inter_chunk_latency", "time_to_first_output_token",
  "prefill_throughput_per_user", "reasoning_token_count",
};
static const char * const scalar_metrics[] = {
  "request_throughput", "output_token_throughput", "request_count", "total_output_tokens",
  "benchmark_duration", "total_isl", "total_osl", "min_request_timestamp",
  "max_response_timestamp", "error_request_count",
};
static const char * const gpu_fields[] = {
  "gpu_power_usage", "power_management_limit", "energy_consumption", "gpu_utilization",
  "memory_copy_utilization", "gpu_memory_used", "gpu_memory_free", "gpu_memory_total",
  "sm_clock_frequency", "memory_clock_frequency", "memory_temperature", "gpu_temperature",
  "xid_errors", "power_violation", "thermal_violation",
};
static const char * const stats[] = {
  "avg", "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99", "min", "max", "std",
};

static void
append_stats (GString *out,
              double   base,
              GRand   *rand)
{
  g_string_append (out, "{\"unit\": \"ms\"");
  for (guint s = 0; s < G_N_ELEMENTS (stats); s++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (out, ", \"%s\": %s", stats[s],
                              g_ascii_dtostr (buf, sizeof buf, base * (0.8 + 0.4 * g_rand_double (rand))));
    }
  g_string_append (out, ", \"count\": 640, \"sum\": 123456.789}");
}

static char *
make_summary (guint  index,
              GRand *rand)
{
  GString *out = g_string_new ("{\n  \"schema_version\": \"1.1\",\n  \"aiperf_version\": \"0.11.0\",\n");
  guint concurrency = 1u << (index % 8);

  for (guint m = 0; m < G_N_ELEMENTS (record_metrics); m++)
    {
      g_string_append_printf (out, "  \"%s\": ", record_metrics[m]);
      append_stats (out, 10.0 * (m + 1) * concurrency, rand);
      g_string_append (out, ",\n");
    }
  for (guint m = 0; m < G_N_ELEMENTS (scalar_metrics); m++)
    g_string_append_printf (out, "  \"%s\": {\"unit\": \"requests\", \"avg\": %.6f},\n",
                            scalar_metrics[m], 64.0 + g_rand_double (rand));
  g_string_append (out, "  \"goodput\": null,\n  \"telemetry_data\": {\"summary\": {}, \"endpoints\": {");
  for (guint e = 0; e < 2; e++)
    {
      g_string_append_printf (out, "%s\"localhost:94%02u\": {\"gpus\": {\"gpu_0\": {\"gpu_index\": 0, "
                              "\"gpu_name\": \"NVIDIA RTX 6000 Ada Generation\", "
                              "\"gpu_uuid\": \"GPU-00000000-0000-0000-0000-%012u\", "
                              "\"hostname\": \"node\", \"metrics\": {",
                              e > 0 ? ", " : "", e, index);
      for (guint f = 0; f < G_N_ELEMENTS (gpu_fields); f++)
        {
          g_string_append_printf (out, "%s\"%s\": ", f > 0 ? ", " : "", gpu_fields[f]);
          append_stats (out, 50.0, rand);
        }
      g_string_append (out, "}}}}");
    }
  g_string_append_printf (out, "}},\n  \"input_config\": {\"endpoint\": {\"model_names\": [\"Qwen/Qwen3-0.6B\"], "
                          "\"type\": \"chat\", \"streaming\": true, \"url\": \"localhost:8000\"}, "
                          "\"input\": {\"random_seed\": 100, \"prompt\": {\"input_tokens\": {\"mean\": %u}}}, "
                          "\"loadgen\": {\"concurrency\": %u, \"request_count\": 640}, "
                          "\"output\": {\"artifact_directory\": \"artifacts/run_%03u\"}},\n"
                          "  \"was_cancelled\": false, \"error_summary\": [],\n"
                          "  \"start_time\": \"2025-11-07T13:38:54.793124\", \"end_time\": \"2025-11-07T13:43:13.730640\"\n}\n",
                          100 * (1 + index / 8), concurrency, index);
  return g_string_free (out, FALSE);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autofree char *root = g_dir_make_tmp ("aiperf-bench-summaries-XXXXXX", &error);
  guint n_runs = argc > 1 ? (guint) atoi (argv[1]) : 100;
  const guint reps = 10;
  double best = INFINITY, total = 0;
  gsize bytes = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < n_runs; i++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/sweep/run_%03u_c%u", root, i, 1u << (i % 8));
      g_autofree char *file = g_build_filename (dir, "profile_export_aiperf.json", NULL);
      g_autofree char *jsonl = g_build_filename (dir, "profile_export.jsonl", NULL);
      g_autofree char *text = make_summary (i, rand);

      g_mkdir_with_parents (dir, 0755);
      g_file_set_contents (file, text, -1, &error);
      g_assert_no_error (error);
      g_file_set_contents (jsonl, "", 0, &error);
      g_assert_no_error (error);
      bytes += strlen (text);
    }

  for (guint r = 0; r < reps; r++)
    {
      const char *paths[] = { root, NULL };
      gint64 start = g_get_monotonic_time ();
      g_autoptr(AiperfRunSet) set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
      double ms = (g_get_monotonic_time () - start) / 1000.0;

      g_assert_no_error (error);
      g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, n_runs);
      best = MIN (best, ms);
      total += ms;
    }

  g_print ("bench-summaries: %u runs (%.1f kB summaries each), %u cores: "
           "best %.1f ms, mean %.1f ms per aiperf_run_set_load (target < 100 ms)\n",
           n_runs, bytes / 1024.0 / n_runs, g_get_num_processors (), best, total / reps);
  aiperf_test_remove_tree (root);
  return 0;
}
