/* fuzz-formats.c — libFuzzer target: every format of the format table
 * (vLLM, GenAI-Perf, GuideLLM, inference-perf, LLMPerf, cutileGPT, …)
 * through the same sniff-and-load walk a user's drop goes through.
 *
 * The first byte picks where the rest is written, so folder formats (a
 * ccl-bench results_json/, an inference-perf stage, a GenAI-Perf export, a
 * bench sweep run) and file formats are all reached.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include <glib/gstdio.h>
#include <stdio.h>

#include "aiperf-run-set-load.h"
#include "aiperf-run-set.h"

static const char * const layouts[] = {
  "results_json/result.json",                              /* vLLM, ccl-bench */
  "workload.yaml",                                         /* ccl-bench card */
  "SERVE--max_num_seqs=4-BENCH--max_concurrency=2/run=0.json", /* vllm bench sweep */
  "SERVE--max_num_seqs=4-BENCH--max_concurrency=2/summary.json",
  "nightly_results.json",                                  /* vLLM nightly table */
  "m-openai-chat-concurrency4/profile_export_genai_perf.json",
  "m-openai-chat-concurrency4/profile_export_genai_perf.csv",
  "benchmarks.json",                                       /* GuideLLM */
  "report/stage_0_lifecycle_metrics.json",                 /* inference-perf */
  "report/config.yaml",
  "m_200_100_summary.json",                                /* LLMPerf */
  "profiling_results/profiling_data.json",                 /* cutileGPT */
  "GEMM.csv",                                              /* GEMM tables */
};

/* A GenAI-Perf summary input is also written as perf_analyzer's raw export
 * beside it (one object can be both: metrics and "experiments"), so the
 * raw export's reader is fuzzed without a layout of its own (which would
 * change where the saved inputs go). */
#define GENAI_PERF_SUMMARY "/profile_export_genai_perf.json"

/* A fresh folder per input: formats read whole folders. */
static void
clear_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        clear_dir (path);
      g_remove (path);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *root = NULL;
  g_autofree char *path = NULL;
  g_autofree char *parent = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GError) error = NULL;
  const char *paths[2] = { NULL, NULL };

  if (size == 0)
    return 0;
  root = g_build_filename (aiperf_fuzz_dir (), "formats", NULL);
  clear_dir (root);
  path = g_build_filename (root, layouts[data[0] % G_N_ELEMENTS (layouts)], NULL);
  parent = g_path_get_dirname (path);
  g_mkdir_with_parents (parent, 0700);
  /* Plain stdio: g_file_set_contents() would fsync on every input. */
  {
    FILE *file = fopen (path, "wb");

    if (file == NULL)
      return 0;
    fwrite (data + 1, 1, size - 1, file);
    fclose (file);
  }
  if (g_str_has_suffix (path, GENAI_PERF_SUMMARY))
    {
      g_autofree char *raw = g_build_filename (parent, "profile_export.json", NULL);
      FILE *file = fopen (raw, "wb");

      if (file == NULL)
        return 0;
      fwrite (data + 1, 1, size - 1, file);
      fclose (file);
    }

  paths[0] = root;
  set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  for (guint i = 0; set != NULL && i < aiperf_run_set_get_n_runs (set); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (set, i);

      aiperf_fuzz_check_run (run);
      /* Per-request data read on demand (vLLM's arrays, LLMPerf's
       * individual responses, GuideLLM's records) is parsed input too. */
      if (aiperf_run_can_load_details (run))
        {
          g_autoptr(GError) details_error = NULL;

          if (aiperf_run_load_details (run, NULL, NULL, NULL, &details_error))
            aiperf_fuzz_check_run (run);
        }
    }
  return 0;
}
