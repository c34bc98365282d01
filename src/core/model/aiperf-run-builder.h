/* aiperf-run-builder.h — what the loaders (formats) use to fill an AiperfRun.
 *
 * For a run nobody else sees yet: while a format loads it, or the staging
 * run of a details load. They take no lock.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run.h"

G_BEGIN_DECLS

/* Reads a run's details into @staging, a private run holding a copy of the
 * run's directory, parameters, GPUs and notes; what it adds there
 * (datasets, GPUs, warnings, bad lines) is installed into the run in one
 * step when it succeeds. It adds datasets; the run keeps those it had. */
typedef gboolean (*AiperfDetailsLoader) (AiperfRun          *staging,
                                         GCancellable       *cancellable,
                                         AiperfProgressFunc  progress,
                                         gpointer            progress_data,
                                         GError            **error);

AiperfRun *aiperf_run_new                  (const char  *directory);
/* A run inside a file: locator "file#key" (just "file" when @key is NULL),
 * named @key (or the file's name), directory the file's folder. */
AiperfRun *aiperf_run_new_in_file          (const char  *file,
                                            const char  *key);

void  aiperf_run_set_open_order            (AiperfRun   *self, guint       order);
void  aiperf_run_set_source                (AiperfRun   *self, const char *format_id,
                                            const char  *tool, const char *kind);
void  aiperf_run_set_name                  (AiperfRun   *self, const char *name);
void  aiperf_run_set_load_parameter        (AiperfRun   *self, const char *parameter);
void  aiperf_run_set_n_repeats             (AiperfRun   *self, guint       n);
/* Standard deviation over repeats of each stat of @tag (NaN where unknown). */
void  aiperf_run_set_metric_spread         (AiperfRun   *self, const char *tag,
                                            const AiperfStats *spread);

void  aiperf_run_set_model                 (AiperfRun   *self, const char *model);
void  aiperf_run_set_concurrency           (AiperfRun   *self, double      concurrency);
void  aiperf_run_set_request_rate          (AiperfRun   *self, double      rate);
void  aiperf_run_set_endpoint_type         (AiperfRun   *self, const char *type);
void  aiperf_run_set_streaming             (AiperfRun   *self, gboolean    streaming);
void  aiperf_run_set_times                 (AiperfRun   *self, const char *start, const char *end);
void  aiperf_run_set_versions              (AiperfRun   *self, const char *aiperf_version,
                                            const char  *schema_version);
void  aiperf_run_set_variation_label       (AiperfRun   *self, const char *label);
void  aiperf_run_add_artifacts             (AiperfRun   *self, guint       flags);
/* Takes a copy of @value. */
void  aiperf_run_set_parameter             (AiperfRun   *self, const char *key, const char *value);
/* Sets (replacing) a summary metric; @tag is canonicalised. */
void  aiperf_run_set_metric                (AiperfRun   *self, const char *tag, const char *unit,
                                            const AiperfStats *stats);
void  aiperf_run_set_request_counts        (AiperfRun   *self, gint64 ok, gint64 errors);
/* Takes ownership of @entry. */
void  aiperf_run_add_error_entry           (AiperfRun   *self, AiperfErrorEntry *entry);
/* Adds a GPU seen on @endpoint; merges with an existing GPU of the same UUID. */
void  aiperf_run_add_gpu                   (AiperfRun   *self, const char *uuid, int index,
                                            const char  *name, const char *hostname,
                                            const char  *endpoint);
/* Slot of the GPU with @uuid in aiperf_run_get_gpus(), or -1. */
int   aiperf_run_find_gpu                  (AiperfRun   *self, const char *uuid);
void  aiperf_run_add_warning               (AiperfRun   *self, const char *format, ...) G_GNUC_PRINTF (2, 3);
void  aiperf_run_add_bad_lines             (AiperfRun   *self, guint       n);

/* Sets (or, with @value NULL, removes) the dataset @name; takes a copy
 * (a reference) of the boxed @value. */
void  aiperf_run_set_dataset               (AiperfRun   *self, const char *name,
                                            GType        type, gpointer    value);
void  aiperf_run_set_table                 (AiperfRun   *self, const char *name,
                                            AiperfTable *table);

void  aiperf_run_set_details_loader        (AiperfRun   *self, AiperfDetailsLoader loader);

/* The detail setters take a reference (datasets under their names). */
void  aiperf_run_set_requests              (AiperfRun   *self, AiperfTable *requests);
void  aiperf_run_set_warmup_requests       (AiperfRun   *self, AiperfTable *warmup);
void  aiperf_run_set_throughput            (AiperfRun   *self, AiperfTable *throughput);
void  aiperf_run_set_gpu_telemetry         (AiperfRun   *self, AiperfTable *telemetry);
void  aiperf_run_set_timeslices            (AiperfRun   *self, AiperfTimeslices *timeslices);
void  aiperf_run_set_server_metrics        (AiperfRun   *self, AiperfServerMetrics *metrics);

G_END_DECLS
