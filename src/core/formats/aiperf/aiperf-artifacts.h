/* aiperf-artifacts.h — AIPerf's artifact files read on their own, outside
 * the format table's walk: a run folder's summary, a server-metrics export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run.h"
#include "aiperf-server-metrics.h"

G_BEGIN_DECLS

/* Reads the summary of the run folder @directory (cheap: no JSONL).
 * Fails with AIPERF_ERROR_NOT_FOUND / _NO_RUNS when @directory is not a run
 * folder, _PARSE / _INVALID_DATA when its summary is broken. */
AiperfRun    *aiperf_run_load_summary    (const char   *directory,
                                          GError      **error);

/* Reads server_metrics_export.json. Fails with AIPERF_ERROR_PARSE /
 * _INVALID_DATA naming @path when it is not such a file; entries of the
 * wrong type inside an otherwise valid file are skipped and counted. */
AiperfServerMetrics *aiperf_server_metrics_load (const char          *path,
                                                 GError             **error);

G_END_DECLS
