/* fuzz-gate-logs.c — libFuzzer target: the MoE gate-log reader and the
 * statistics, charts and files built on it.
 *
 * The first byte picks the number of experts the other files of a set
 * would have fixed (0: none) and whether the input is also loaded as a
 * ccl-bench set folder; the rest is the gate log. A set goes through
 * ccl-bench's statistics with and without a warm-up limit and through
 * expert_load.json.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>

#include "aiperf-run-set-load.h"
#include "aiperf-expert-load-private.h"
#include "aiperf-gate-log.h"
#include "aiperf-run-set.h"

static void
check_set (const char *root)
{
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GError) error = NULL;
  const char *paths[] = { root, NULL };

  set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  if (set == NULL)
    return;
  for (guint i = 0; i < aiperf_run_set_get_n_runs (set); i++)
    aiperf_fuzz_check_run (aiperf_run_set_get_run (set, i));
  for (int pass = 0; pass < 2; pass++)
    {
      g_autoptr(AiperfExpertLoadData) data = aiperf_expert_load_data_new (set, pass == 0 ? NAN : 10);
      g_autofree char *json = NULL;
      g_autofree char *summary = NULL;

      if (data == NULL)
        continue;
      json = aiperf_expert_load_json (data);
      aiperf_fuzz_check_text ("expert_load.json", json);
      g_assert (json != NULL && g_str_has_prefix (json, "{\n"));
      summary = aiperf_expert_load_summary_section (set, NULL);
      aiperf_fuzz_check_text ("summary", summary);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AiperfGateLog) log = NULL;
  g_autoptr(GError) error = NULL;
  guint expected;

  if (size == 0)
    return 0;
  expected = data[0] % 8;
  log = aiperf_gate_log_parse ("gate_logs_0.json", (const char *) data + 1, size - 1, expected, problems,
                               &error);
  g_assert ((log == NULL) == (error != NULL));
  if (log != NULL)
    {
      g_assert (log->n_steps > 0 && log->n_experts > 0);
      g_assert (expected == 0 || log->n_experts == expected);
      g_assert (log->loads->len == (gsize) log->n_steps * log->n_experts);
      g_assert (log->num_tokens->len == log->n_steps);
    }
  for (guint i = 0; i < problems->len; i++)
    g_assert (g_str_has_prefix (g_ptr_array_index (problems, i), "gate_logs_0.json:"));

  if (data[0] & 0x80)
    {
      g_autofree char *root = g_build_filename (aiperf_fuzz_dir (), "x_gates_logs", NULL);
      g_autofree char *sub = g_build_filename (root, "gates_logs_0", NULL);
      g_autofree char *path = g_build_filename (sub, "gate_logs_0.json", NULL);
      FILE *file;

      g_mkdir_with_parents (sub, 0700);
      /* Plain stdio: g_file_set_contents() would fsync on every input. */
      file = fopen (path, "wb");
      if (file == NULL)
        return 0;
      fwrite (data + 1, 1, size - 1, file);
      fclose (file);
      check_set (root);
    }
  return 0;
}
