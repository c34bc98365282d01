/* fuzz-summary-csv.c — libFuzzer target: profile_export_aiperf.csv.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include "aiperf-loaders-private.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path = aiperf_fuzz_write_file (AIPERF_FILE_SUMMARY_CSV, data, size);
  g_autoptr(AiperfRun) run = aiperf_run_new (aiperf_fuzz_dir ());
  g_autoptr(GError) error = NULL;

  aiperf_load_summary_csv (run, path, &error);
  aiperf_fuzz_check_run (run);
  return 0;
}
