/* aiperf-llmperf-private.h — what the LLMPerf format's files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "aiperf-run.h"

G_BEGIN_DECLS

/* The individual-responses file of the summary @summary_path
 * ("…_summary.json" → "…_individual_responses.json"; summary/<run>.json →
 * individual/<run>.json when that file exists); NULL when there is none
 * to look for. */
char     *aiperf_llmperf_responses_path (const char         *summary_path);
/* The AiperfDetailsLoader of an LLMPerf run with individual responses. */
gboolean  aiperf_llmperf_load_responses (AiperfRun          *staging,
                                         GCancellable       *cancellable,
                                         AiperfProgressFunc  progress,
                                         gpointer            progress_data,
                                         GError            **error);

/* The summary whose responses file is @responses_path (the inverse of
 * aiperf_llmperf_responses_path), when that summary exists; else NULL. */
char      *aiperf_llmperf_summary_path   (const char         *responses_path);
/* A run of a responses file alone (@root, the file @path parsed): every
 * metric's statistics over the requests that did not fail; its details
 * are the file's per-request table. */
AiperfRun *aiperf_llmperf_run_from_responses (JsonNode       *root,
                                              const char     *path,
                                              GError        **error);

G_END_DECLS
