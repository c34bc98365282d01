/* aiperf-run.h — one AIPerf run: its summary, parameters and, on demand,
 * its per-request table, GPU telemetry and time slices.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "aiperf-types.h"
#include "aiperf-stats.h"
#include "aiperf-table.h"
#include "aiperf-timeslices.h"
#include "aiperf-server-metrics.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_RUN (aiperf_run_get_type ())
G_DECLARE_FINAL_TYPE (AiperfRun, aiperf_run, AIPERF, RUN, GObject)

/* One GPU, counted once per UUID however many telemetry endpoints saw it. */
typedef struct {
  char  *uuid;
  int    index;
  char  *name;       /* "NVIDIA RTX 6000 Ada Generation" */
  char  *hostname;
  char **endpoints;  /* every telemetry endpoint that reported it */
} AiperfGpu;

/* One row of the run's error summary. */
typedef struct {
  int     code;      /* HTTP-ish code, or 0 when absent */
  char   *type;      /* "RequestCancellationError" */
  char   *message;
  guint64 count;
} AiperfErrorEntry;

/* Which artifacts a run folder had. */
typedef enum {
  AIPERF_RUN_HAS_SUMMARY_JSON   = 1 << 0, /* profile_export_aiperf.json */
  AIPERF_RUN_HAS_SUMMARY_CSV    = 1 << 1, /* profile_export_aiperf.csv */
  AIPERF_RUN_HAS_REQUESTS       = 1 << 2, /* profile_export.jsonl */
  AIPERF_RUN_HAS_TELEMETRY      = 1 << 3, /* gpu_telemetry_export.jsonl */
  AIPERF_RUN_HAS_TIMESLICES     = 1 << 4, /* profile_export_aiperf_timeslices.{json,csv} */
  AIPERF_RUN_IS_AGGREGATE       = 1 << 5, /* profile_export_aiperf_aggregate.json */
  AIPERF_RUN_HAS_SERVER_METRICS = 1 << 6, /* server_metrics_export.json */
} AiperfRunArtifacts;

const char   *aiperf_run_get_name            (AiperfRun    *self); /* folder name, or key in its file */
/* Where the run is: its folder (absolute), or "file#key" for one of
 * several runs in a file. Unique within a run set. */
const char   *aiperf_run_get_locator         (AiperfRun    *self);
/* The format that read it ("aiperf", "vllm", …) and its display name. */
const char   *aiperf_run_get_source          (AiperfRun    *self);
const char   *aiperf_run_get_tool            (AiperfRun    *self);
/* The family of results it belongs to: "serving" runs are compared
 * together whatever tool made them; each other kind has its own charts. */
const char   *aiperf_run_get_kind            (AiperfRun    *self);
/* When the run was opened among all runs of this process: 1, 2, … in the
 * order of the paths given (command line, Open, drops); 0 when unknown.
 * A comparison's baseline is the run opened first, not the one whose name
 * sorts first. */
guint         aiperf_run_get_open_order      (AiperfRun    *self);
/* The load parameter the tool sweeps ("concurrency", "request_rate"). */
const char   *aiperf_run_get_load_parameter  (AiperfRun    *self);
/* Result files averaged into this run (1 for a single result). */
guint         aiperf_run_get_n_repeats       (AiperfRun    *self);
/* Standard deviation of @stat of @tag over the repeats; FALSE when the
 * run has a single result or no spread for it. */
gboolean      aiperf_run_get_metric_spread   (AiperfRun    *self,
                                              const char   *tag,
                                              AiperfStat    stat,
                                              double       *out_value);
const char   *aiperf_run_get_directory       (AiperfRun    *self); /* absolute path */
const char   *aiperf_run_get_model           (AiperfRun    *self); /* "Unknown" when absent */
/* Concurrency of the profiling phase; 1 when the config does not say (aiperf's default). */
double        aiperf_run_get_concurrency     (AiperfRun    *self);
/* Requests per second, NaN when the run was not rate-driven. */
double        aiperf_run_get_request_rate    (AiperfRun    *self);
const char   *aiperf_run_get_endpoint_type   (AiperfRun    *self); /* "chat", or NULL */
gboolean      aiperf_run_get_streaming       (AiperfRun    *self);
const char   *aiperf_run_get_start_time      (AiperfRun    *self); /* ISO-8601 text or NULL */
const char   *aiperf_run_get_end_time        (AiperfRun    *self);
const char   *aiperf_run_get_aiperf_version  (AiperfRun    *self); /* NULL when absent */
const char   *aiperf_run_get_schema_version  (AiperfRun    *self);
guint         aiperf_run_get_artifacts       (AiperfRun    *self); /* AiperfRunArtifacts */
/* Variation label (aggregate metadata or folder walk), used for grouping. */
const char   *aiperf_run_get_variation_label (AiperfRun    *self);

/* input_config flattened with dotted keys ("loadgen.concurrency"); values as text. */
GPtrArray    *aiperf_run_list_parameters     (AiperfRun    *self); /* sorted keys, transfer container */
const char   *aiperf_run_get_parameter       (AiperfRun    *self,
                                              const char   *key);

/* Summary metrics, tags canonical (aliases like "ttft" resolved). */
GPtrArray    *aiperf_run_list_metrics        (AiperfRun    *self); /* sorted tags, transfer container */
const AiperfStats *aiperf_run_get_metric_stats (AiperfRun  *self,
                                              const char   *tag);
const char   *aiperf_run_get_metric_unit     (AiperfRun    *self,
                                              const char   *tag);
/* FALSE when the run has no such metric or not that stat. */
gboolean      aiperf_run_get_metric          (AiperfRun    *self,
                                              const char   *tag,
                                              AiperfStat    stat,
                                              double       *out_value);

/* Requests that succeeded / failed, from the summary (request_count,
 * error_request_count); -1 when unknown. */
gint64        aiperf_run_get_request_count   (AiperfRun    *self);
gint64        aiperf_run_get_error_count     (AiperfRun    *self);
GPtrArray    *aiperf_run_get_errors          (AiperfRun    *self); /* of AiperfErrorEntry, transfer none */
/* The run's GPUs. A details load with telemetry replaces the array whole
 * (it never changes one in place): get_ borrows it, valid until the run's
 * details are installed, which a load on another thread may do at any
 * moment; dup_ takes a reference (unref it), for code that may run while
 * a load finishes (the window, the session). Never change it. */
GPtrArray    *aiperf_run_get_gpus            (AiperfRun    *self); /* of AiperfGpu, transfer none */
GPtrArray    *aiperf_run_dup_gpus            (AiperfRun    *self); /* of AiperfGpu, transfer full */
guint         aiperf_run_get_gpu_count       (AiperfRun    *self);

/* --- named datasets ---
 * What a format read besides the summary, by name. A dataset is set before
 * the run is handed out or comes with its details (installed whole), and
 * is never replaced nor removed afterwards; plot handlers ask for the
 * names they need. */
#define AIPERF_DATASET_REQUESTS        "requests"
#define AIPERF_DATASET_WARMUP_REQUESTS "warmup_requests"
#define AIPERF_DATASET_THROUGHPUT      "throughput"
#define AIPERF_DATASET_GPU_TELEMETRY   "gpu_telemetry"
#define AIPERF_DATASET_TIMESLICES      "timeslices"
#define AIPERF_DATASET_SERVER_METRICS  "server_metrics"
/* A kernels table (Nsight summaries, traces): see aiperf-kernel-classes.h. */
#define AIPERF_DATASET_KERNELS         "kernels"

/* The dataset @name when it is of boxed @type (G_TYPE_INVALID: any type),
 * else NULL. Transfer none: the run keeps it alive as long as it lives. */
gpointer      aiperf_run_get_dataset         (AiperfRun    *self,
                                              const char   *name,
                                              GType         type);
/* The dataset @name when it is an AiperfTable, else NULL. */
AiperfTable  *aiperf_run_get_table           (AiperfRun    *self,
                                              const char   *name);
gboolean      aiperf_run_has_dataset         (AiperfRun    *self,
                                              const char   *name);
/* Sorted names, transfer full (the array frees them). */
GPtrArray    *aiperf_run_list_datasets       (AiperfRun    *self);

/* --- details, read on demand --- */

/* Reads profile_export.jsonl, gpu_telemetry_export.jsonl, the time-slice
 * export and server_metrics_export.json (whichever exist) and computes the
 * derived columns. A broken telemetry, time-slice or server-metrics file
 * only adds a warning. Safe to call
 * from a worker thread; a second call is a no-op. Bad JSONL lines are
 * skipped and counted; see aiperf_run_get_warnings(). What the load read
 * appears all at once when it succeeds, together with
 * aiperf_run_has_details(); a failed or cancelled load changes nothing. */
gboolean      aiperf_run_load_details        (AiperfRun          *self,
                                              GCancellable       *cancellable,
                                              AiperfProgressFunc  progress,
                                              gpointer            progress_data,
                                              GError            **error);
void          aiperf_run_load_details_async  (AiperfRun          *self,
                                              GCancellable       *cancellable,
                                              GAsyncReadyCallback callback,
                                              gpointer            user_data);
gboolean      aiperf_run_load_details_finish (AiperfRun          *self,
                                              GAsyncResult       *result,
                                              GError            **error);
gboolean      aiperf_run_has_details         (AiperfRun    *self);
/* FALSE when the run's format keeps no details (per-request data,
 * telemetry) at all: a vLLM or GuideLLM summary. Then single-run plots
 * have nothing to show. */
gboolean      aiperf_run_can_load_details    (AiperfRun    *self);

/* Profiling-phase requests, one row each, in start-time order.
 * Columns: every metric tag of the JSONL ("time_to_first_token", …),
 * "request_start_ns", "request_end_ns", "request_ack_ns", "request_number"
 * (0.. in start-time order), "file_line" (1-based), "timestamp_s"
 * (request end relative to the first start), "start_s", "end_s",
 * "error_code" (NaN when the request succeeded), "was_cancelled" (0/1),
 * "inter_chunk_latency_{avg,p50,p95,std,min,max,range}".
 * NULL before aiperf_run_load_details() or when there is no JSONL. */
AiperfTable  *aiperf_run_get_requests        (AiperfRun    *self);
/* Warm-up requests, same columns; NULL when there were none. */
AiperfTable  *aiperf_run_get_warmup_requests (AiperfRun    *self);
/* Dispersed throughput: columns "timestamp_s", "throughput_tokens_per_sec",
 * "active_requests" (step function, one row per event). */
AiperfTable  *aiperf_run_get_throughput      (AiperfRun    *self);
/* GPU samples: "timestamp_ns", "timestamp_s" (relative to the first request
 * start when known), "gpu_index", "gpu_slot" (index into aiperf_run_get_gpus),
 * "endpoint_slot", and one column per telemetry field. */
AiperfTable  *aiperf_run_get_gpu_telemetry   (AiperfRun    *self);
AiperfTimeslices *aiperf_run_get_timeslices  (AiperfRun    *self);
/* Server metrics (server_metrics_export.json); NULL when absent or unreadable. */
AiperfServerMetrics *aiperf_run_get_server_metrics (AiperfRun *self);
/* Human-readable notes from loading (skipped lines, ignored files). A
 * details load replaces the array whole, with its own notes added: borrow
 * or take a reference as with aiperf_run_get_gpus(). */
GPtrArray    *aiperf_run_get_warnings        (AiperfRun    *self); /* of char*, transfer none */
GPtrArray    *aiperf_run_dup_warnings        (AiperfRun    *self); /* of char*, transfer full */
/* Number of JSONL lines skipped as malformed, over all files. */
guint         aiperf_run_get_n_bad_lines     (AiperfRun    *self);

void          aiperf_gpu_free                (AiperfGpu        *gpu);
void          aiperf_error_entry_free        (AiperfErrorEntry *entry);

G_END_DECLS
