/* fuzz-timeslices-csv.c — libFuzzer target: profile_export_aiperf_timeslices.csv.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include "aiperf-loaders-private.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(AiperfRun) run = aiperf_run_new (aiperf_fuzz_dir ());
  g_autoptr(GError) error = NULL;

  /* The loader takes the run folder and picks the file itself. */
  aiperf_fuzz_write_file (AIPERF_FILE_TIMESLICES_CSV, data, size);
  aiperf_load_timeslices (run, aiperf_fuzz_dir (), &error);
  aiperf_fuzz_check_run (run);
  return 0;
}
