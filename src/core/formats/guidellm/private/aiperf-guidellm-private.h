/* aiperf-guidellm-private.h — reading a GuideLLM report without its
 * per-request records.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>
#include "aiperf-run.h"

G_BEGIN_DECLS

typedef struct {
  JsonObject *report;      /* the top-level members except "benchmarks" */
  GPtrArray  *benchmarks;  /* JsonObject*, each without "requests" */
} AiperfGuidellmReport;

/* Reads @path. The per-request records ("requests", which hold every
 * prompt and answer and make reports of gigabytes) are skipped by a
 * scanner over the mapped file: only the other members of each benchmark
 * become JSON trees. When the file breaks off or is malformed part-way,
 * the benchmarks read before the fault are kept and @error (file and line)
 * says where it broke. Returns FALSE only when nothing was read. */
gboolean aiperf_guidellm_report_read  (const char            *path,
                                       AiperfGuidellmReport  *report,
                                       GError               **error);
void     aiperf_guidellm_report_clear (AiperfGuidellmReport  *report);

/* The status a per-request record is listed under. */
typedef enum {
  AIPERF_GUIDELLM_SUCCESSFUL,
  AIPERF_GUIDELLM_ERRORED,
  AIPERF_GUIDELLM_INCOMPLETE,
} AiperfGuidellmStatus;

typedef void (*AiperfGuidellmRecordFunc) (JsonObject           *record,
                                          AiperfGuidellmStatus  status,
                                          gpointer              user_data);

/* Calls @func for every per-request record of benchmark @number (1-based)
 * of @path, one small tree at a time. FALSE with @error (file and line)
 * when the file breaks before that benchmark's records end; the records
 * read before the fault have been handed over. */
gboolean aiperf_guidellm_read_records (const char              *path,
                                       guint                    number,
                                       GCancellable            *cancellable,
                                       AiperfGuidellmRecordFunc func,
                                       gpointer                 user_data,
                                       GError                 **error);

/* The AiperfDetailsLoader of a GuideLLM benchmark whose report kept its
 * per-request records (aiperf-guidellm-requests.c). */
gboolean aiperf_guidellm_load_requests (AiperfRun          *staging,
                                        GCancellable       *cancellable,
                                        AiperfProgressFunc  progress,
                                        gpointer            progress_data,
                                        GError            **error);

G_END_DECLS
