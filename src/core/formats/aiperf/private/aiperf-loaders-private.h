/* aiperf-loaders-private.h — the artifact readers behind AiperfRun.
 *
 * Each reader fills @run and returns FALSE with an AIPERF_ERROR that names
 * the file (and the line, for line-based formats) when it cannot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run-builder.h"
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Artifact file names, as aiperf writes them. */
#define AIPERF_FILE_SUMMARY_JSON     "profile_export_aiperf.json"
#define AIPERF_FILE_SUMMARY_CSV      "profile_export_aiperf.csv"
#define AIPERF_FILE_AGGREGATE_JSON   "profile_export_aiperf_aggregate.json"
#define AIPERF_FILE_REQUESTS         "profile_export.jsonl"
#define AIPERF_FILE_TELEMETRY        "gpu_telemetry_export.jsonl"
#define AIPERF_FILE_TIMESLICES_JSON  "profile_export_aiperf_timeslices.json"
#define AIPERF_FILE_TIMESLICES_CSV   "profile_export_aiperf_timeslices.csv"

/* profile_export_aiperf.json in every layout, or the aggregate JSON. */
gboolean aiperf_load_summary_json     (AiperfRun *run, const char *path, GError **error);
/* A run of the AIPerf folder @directory that reads its details with
 * aiperf_details_load (the summary is not read). */
AiperfRun *aiperf_folder_run_new      (const char *directory);
/* The AiperfDetailsLoader of AIPerf run folders (aiperf-details-load.c). */
gboolean aiperf_details_load          (AiperfRun          *run,
                                       GCancellable       *cancellable,
                                       AiperfProgressFunc  progress,
                                       gpointer            progress_data,
                                       GError            **error);
gboolean aiperf_load_aggregate_json   (AiperfRun *run, const char *path, GError **error);
/* profile_export_aiperf.csv, used when there is no JSON summary. */
gboolean aiperf_load_summary_csv      (AiperfRun *run, const char *path, GError **error);
/* input_config: flattens it into parameters and sets model, concurrency, … */
void     aiperf_apply_input_config    (AiperfRun *run, JsonNode *input_config);
/* Every leaf of @node as a parameter "prefix.key.sub" (single-item lists
 * unwrapped, longer lists kept as JSON text), as aiperf plot flattens them. */
void     aiperf_flatten_parameters   (AiperfRun *run, const char *prefix, JsonNode *node);
/* telemetry_data of the summary: GPUs (deduplicated by UUID). */
void     aiperf_apply_telemetry_summary (AiperfRun *run, JsonNode *telemetry_data);

/* profile_export.jsonl → requests and warm-up tables. */
gboolean aiperf_load_requests_jsonl   (AiperfRun          *run,
                                       const char         *path,
                                       GCancellable       *cancellable,
                                       AiperfProgressFunc  progress,
                                       gpointer            progress_data,
                                       GError            **error);
gboolean aiperf_load_telemetry_jsonl  (AiperfRun *run, const char *path,
                                       GCancellable *cancellable, GError **error);
/* The same in two steps, so the file can be read on a thread while the
 * requests load: parse touches no run; apply (after the requests, whose
 * first start is the time origin) adds the GPUs, slots and seconds. */
typedef struct _AiperfTelemetryParse AiperfTelemetryParse;
AiperfTelemetryParse *aiperf_telemetry_parse       (const char *path, GCancellable *cancellable,
                                                    GError **error);
void                  aiperf_telemetry_parse_apply (AiperfTelemetryParse *parse, AiperfRun *run);
void                  aiperf_telemetry_parse_free  (AiperfTelemetryParse *parse);
/* Time slices: the JSON export (full precision), else the CSV. */
gboolean aiperf_load_timeslices       (AiperfRun *run, const char *directory, GError **error);
/* The file part of it, touching no run (the slice length may still be
 * NaN: aiperf_load_timeslices then takes it from the run's parameters). */
AiperfTimeslices *aiperf_timeslices_load_file (const char *directory, GError **error);
/* Sets @ts on @run, its slice length from the parameters if still NaN. */
void              aiperf_timeslices_apply     (AiperfRun *run, AiperfTimeslices *ts);

/* (@a - @b) / 1e9: the seconds between two ns timestamps, exact when the
 * difference fits in gint64, and without the (undefined) signed overflow when
 * a hostile file puts them further apart. */
static inline double
aiperf_ns_diff_s (gint64 a,
                  gint64 b)
{
  if ((b > 0 && a < G_MININT64 + b) || (b < 0 && a > G_MAXINT64 + b))
    return ((double) a - (double) b) / 1e9;
  return (double) (a - b) / 1e9;
}

G_END_DECLS
