/* fuzz-telemetry.c — libFuzzer target: gpu_telemetry_export.jsonl.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include "aiperf-loaders-private.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path = aiperf_fuzz_write_file (AIPERF_FILE_TELEMETRY, data, size);
  g_autoptr(AiperfRun) run = aiperf_run_new (aiperf_fuzz_dir ());
  g_autoptr(GError) error = NULL;

  aiperf_load_telemetry_jsonl (run, path, NULL, &error);
  aiperf_fuzz_check_run (run);
  return 0;
}
