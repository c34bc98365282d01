/* aiperf-guidellm-private.h — reading a GuideLLM report without its
 * per-request records.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

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

G_END_DECLS
