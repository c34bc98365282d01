/* fuzz-requests.c — libFuzzer target: profile_export.jsonl (per-request records).
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
  const char *path = aiperf_fuzz_write_file (AIPERF_FILE_REQUESTS, data, size);
  g_autoptr(AiperfRun) run = aiperf_run_new (aiperf_fuzz_dir ());
  g_autoptr(GError) error = NULL;

  if (aiperf_load_requests_jsonl (run, path, NULL, NULL, NULL, &error))
    {
      AiperfTable *requests = aiperf_run_get_requests (run);
      g_autoptr(AiperfTable) throughput = NULL;

      /* What loading the details computes next from the requests. */
      throughput = aiperf_derive_dispersed_throughput (requests, 0.0);
    }
  aiperf_fuzz_check_run (run);
  return 0;
}
