/* aiperf-peer-json.h — what the peer formats (GenAI-Perf, GuideLLM,
 * inference-perf, LLMPerf) share: JSON reading with errors that name the
 * file and line, tolerant numbers, statistics objects mapped onto
 * AiperfStats, and metrics derived the way AIPerf defines them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>
#include "aiperf-run-builder.h"

G_BEGIN_DECLS

/* One key of a statistics object and the slot it fills. */
typedef struct {
  const char *key;
  AiperfStat  stat;
} AiperfPeerStatKey;

/* "avg"/"mean", "min", "max", "std"/"std_dev"/"stddev", "median"/"p50",
 * "p1" … "p99": the spellings GenAI-Perf and inference-perf write. */
extern const AiperfPeerStatKey aiperf_peer_stat_keys[];

/* Parses @length bytes of @text (the contents of @path) as JSON. The error
 * (AIPERF_ERROR_PARSE) names @path, line and column. A text with nothing in
 * it is an error too. Returns the root node. */
JsonNode   *aiperf_peer_json_parse          (const char   *path,
                                             const char   *text,
                                             gsize         length,
                                             GError      **error);
/* Reads and parses @path; errors name the file. */
JsonNode   *aiperf_peer_json_load           (const char   *path,
                                             GError      **error);

/* A number, or a string holding one (very old GenAI-Perf wrote "12.5";
 * CSV exports quote "5,919.16"): thousands separators are dropped. */
gboolean    aiperf_peer_parse_number        (const char   *text,
                                             double       *out);
gboolean    aiperf_peer_node_number         (JsonNode     *node,
                                             double       *out);
/* NaN when @name is absent or not a number. */
double      aiperf_peer_member_number       (JsonObject   *object,
                                             const char   *name);
/* NULL when absent or not a string. */
const char *aiperf_peer_member_string       (JsonObject   *object,
                                             const char   *name);
/* NULL when absent or not an object. */
JsonObject *aiperf_peer_member_object       (JsonObject   *object,
                                             const char   *name);
/* Follows a dotted path of objects ("config.strategy"); NULL when any step
 * is missing. */
JsonObject *aiperf_peer_path_object         (JsonObject   *object,
                                             const char   *path);

/* Fills @stats (NaN first) from the members of @object named in @keys
 * (NULL-key terminated), each multiplied by @scale. Returns the number of
 * slots filled. */
guint       aiperf_peer_stats_from_object   (JsonObject              *object,
                                             const AiperfPeerStatKey *keys,
                                             double                   scale,
                                             AiperfStats             *stats);
/* An AiperfStats with only the average set. */
void        aiperf_peer_stats_avg           (AiperfStats  *stats,
                                             double        avg);

/* Sets @tag on @run when @stats has any slot; returns whether it did. */
gboolean    aiperf_peer_set_metric          (AiperfRun         *run,
                                             const char        *tag,
                                             const char        *unit,
                                             const AiperfStats *stats);

/* AIPerf's output_token_throughput_per_user is 1000 / inter_token_latency
 * per request. For a run whose tool records only inter_token_latency
 * statistics, the percentiles, minimum and maximum follow exactly (the
 * reciprocal reverses the order: p90 of the throughput is 1000 / p10 of
 * the latency); the average is 1000 / average latency, the throughput of
 * the average request, which is at most the per-request mean AIPerf
 * reports (equal when every request has the same pace). Does nothing
 * when the run already has the metric or lacks the latency. */
void        aiperf_peer_derive_per_user     (AiperfRun    *run);

/* The name of the sweep a run in @folder belongs to: the folder's name, or
 * its parent's (up to two levels) when it says nothing about the sweep:
 * "results", "artifacts", or a load point's own folder ("concurrency_4",
 * "qps-2.5", "16"). Newly allocated. */
char       *aiperf_peer_sweep_label         (const char   *folder);

G_END_DECLS
