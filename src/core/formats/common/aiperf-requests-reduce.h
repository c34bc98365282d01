/* aiperf-requests-reduce.h — a request's inter-chunk latencies reduced to
 * AIPerf's per-request statistics; AIPerf's, GenAI-Perf's and vLLM's
 * per-request readers share it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Reduces @n values (reordered in place) to the per-request inter-chunk
 * latency stats: avg, p50, p95, std (population), min, max. */
void aiperf_requests_reduce_list (double *values,
                                  gsize   n,
                                  double  out[6]);

G_END_DECLS
