/* fuzz-trace.c — libFuzzer target for the Chrome trace reader (plain and
 * gzip) and the trace format's load: any bytes end in events or an error,
 * never a crash, a hang or a leak.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"
#include "aiperf-run-set.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path = aiperf_fuzz_write_file ("trace.json", data, size);
  const char *paths[] = { path, NULL };
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autoptr(GError) error = NULL;

  runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  for (guint i = 0; runs != NULL && i < aiperf_run_set_get_n_runs (runs); i++)
    aiperf_fuzz_check_run (aiperf_run_set_get_run (runs, i));
  return 0;
}
