/* fuzz-summary-json.c — libFuzzer target: profile_export_aiperf.json (every
 * layout; an aggregate written under that name is handed to its reader).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include "aiperf-derived.h"
#include "aiperf-loaders-private.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path = aiperf_fuzz_write_file (AIPERF_FILE_SUMMARY_JSON, data, size);
  g_autoptr(AiperfRun) run = aiperf_run_new (aiperf_fuzz_dir ());
  g_autoptr(GError) error = NULL;

  if (aiperf_load_summary_json (run, path, &error))
    aiperf_derive_per_gpu_throughput (run);
  aiperf_fuzz_check_run (run);
  return 0;
}
