/* aiperf-genai-perf-private.h — the two GenAI-Perf summary readers (JSON,
 * CSV) and the key mapping they share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run-builder.h"

G_BEGIN_DECLS

/* The canonical tag of a GenAI-Perf metric key (or of a CSV row name
 * turned into one: "Time To First Token" → time_to_first_token); @key
 * itself when it has no other name. */
const char *aiperf_genai_perf_canonical_tag (const char *key);

/* Scales @stats from @unit to the unit of @tag (time in ms, "tokens per
 * sec" spelled "tokens/sec"); returns the unit to record. */
const char *aiperf_genai_perf_normalise     (const char  *tag,
                                             const char  *unit,
                                             AiperfStats *stats);
/* GenAI-Perf's own per-request output throughput key. */
#define GENAI_PERF_PER_REQUEST_THROUGHPUT "output_token_throughput_per_request"
/* Sets @stats (normalised) under the canonical tag of @key, and
 * output_token_throughput_per_request also under its own name. Returns
 * the canonical tag. */
const char *aiperf_genai_perf_set_metric    (AiperfRun   *run,
                                             const char  *key,
                                             const char  *unit,
                                             AiperfStats *stats);

/* Fills @run from profile_export_genai_perf.json at @path;
 * @out_has_load tells whether its input_config set the concurrency or
 * request rate. */
gboolean    aiperf_genai_perf_read_json     (AiperfRun   *run,
                                             const char  *path,
                                             gboolean    *out_has_load,
                                             GError     **error);
/* Fills @run from profile_export_genai_perf.csv at @path. */
gboolean    aiperf_genai_perf_read_csv      (AiperfRun   *run,
                                             const char  *path,
                                             GError     **error);

/* perf_analyzer's raw export in @folder (<stem>.json beside
 * <stem>_genai_perf.json, or profile_export.json), or NULL. */
char       *aiperf_genai_perf_raw_export_path (const char *folder);
/* The AiperfDetailsLoader of a GenAI-Perf run with a raw export
 * (aiperf-genai-perf-requests.c). */
gboolean    aiperf_genai_perf_load_requests   (AiperfRun          *staging,
                                               GCancellable       *cancellable,
                                               AiperfProgressFunc  progress,
                                               gpointer            progress_data,
                                               GError            **error);

G_END_DECLS
