/* fuzz-input-config.c — libFuzzer target: the input_config object of a
 * summary (legacy and YAML-v2 layouts), read as the summary reader reads it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include "aiperf-loaders-private.h"
#include "aiperf-summary-private.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path = aiperf_fuzz_write_file ("input_config.json", data, size);
  g_autoptr(AiperfRun) run = aiperf_run_new (aiperf_fuzz_dir ());
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = aiperf_summary_read_json (path, NULL, &error);
  g_autoptr(GPtrArray) keys = NULL;

  if (root == NULL)
    return 0;
  aiperf_apply_input_config (run, root);
  aiperf_flatten_parameters (run, "run_info", root);
  keys = aiperf_run_list_parameters (run);
  aiperf_run_get_model (run);
  aiperf_run_get_concurrency (run);
  aiperf_fuzz_check_run (run);
  return 0;
}
