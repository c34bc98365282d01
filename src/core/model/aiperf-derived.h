/* aiperf-derived.h — metrics aiperf plot computes from the exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run.h"

G_BEGIN_DECLS

/* Adds "output_token_throughput_per_gpu" (every stat of output_token_throughput
 * divided by the number of distinct GPUs) when the run has GPUs. */
void         aiperf_derive_per_gpu_throughput (AiperfRun *run);

/* Dispersed throughput of a requests table (columns request_start_ns,
 * request_end_ns, time_to_first_token, output_sequence_length): each request's
 * tokens spread uniformly from start+TTFT to end. Returns a table with
 * "timestamp_s" (relative to @origin_ns), "throughput_tokens_per_sec" and
 * "active_requests", one row per event, or NULL when nothing can be computed. */
AiperfTable *aiperf_derive_dispersed_throughput (const AiperfTable *requests,
                                                 double             origin_ns);

/* The earliest request_start_ns of @requests (nullable): time zero of a
 * run's time series. NaN when there is none. */
double       aiperf_requests_origin (const AiperfTable *requests);

G_END_DECLS
