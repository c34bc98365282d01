/* aiperf-session-plot.h — the window's bridge to presets and plot handlers:
 * building a chart, the default presets, the metrics and parameters a run
 * set offers to the sidebar.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-chart.h"
#include "aiperf-plot.h"
#include "aiperf-plot-spec.h"
#include "aiperf-run-set.h"

G_BEGIN_DECLS

/* @single (nullable): a single-run plot of that run; else compares @runs.
 * @colors (nullable) keeps group colours the same across tabs. */
AiperfChart      *aiperf_session_build_chart       (const AiperfPlotSpec *spec,
                                                   AiperfRunSet         *runs,
                                                   AiperfRun            *single,
                                                   AiperfPlotColors     *colors,
                                                   GError              **error);
/* "model", "concurrency", "run_name" or a dotted input_config key, as text. */
const char       *aiperf_session_run_parameter     (AiperfRun            *run,
                                                   const char           *key);
/* Specs (copies) of the default presets of @mode. */
GPtrArray        *aiperf_session_default_specs     (const AiperfPlotConfig *config,
                                                   AiperfMode              mode);
/* Specs (copies) of the default presets of the kind @kind ("cutile"):
 * its <kind>_defaults, in order; empty when it has none. */
GPtrArray        *aiperf_session_kind_specs        (const AiperfPlotConfig *config,
                                                   const char             *kind);
/* Summary metric tags any run of @runs has, sorted by display name. */
GPtrArray        *aiperf_session_list_metrics      (AiperfRunSet         *runs);
/* "Time to First Token (ms)" for a tag; free with g_free(). */
char             *aiperf_session_metric_label      (AiperfRunSet         *runs,
                                                   const char           *tag);
/* Distinct values of @key over @runs, sorted naturally. */
GPtrArray        *aiperf_session_parameter_values  (AiperfRunSet         *runs,
                                                   const char           *key);

/* Runs whose per-request data a thread is reading right now (main thread
 * only). While a run loads, its details must not be touched: the tables are
 * being built and aiperf_run_has_details() would wait for the whole load. */
void              aiperf_session_set_run_loading   (AiperfRun            *run,
                                                   gboolean              loading);
gboolean          aiperf_session_get_run_loading   (AiperfRun            *run);
/* TRUE when @run's per-request data is loaded and no load is running. */
gboolean          aiperf_session_run_ready         (AiperfRun            *run);

/* The part of @run's name that tells it from the other runs of @runs
 * ("concurrency16" among "qwen_concurrency1", "qwen_concurrency16"):
 * short enough for a tab. The whole name when nothing is shared. */
char             *aiperf_session_run_short_name    (AiperfRunSet         *runs,
                                                   AiperfRun            *run);
/* What a chart of @spec drawn for @single (nullable) is saved as, without
 * extension: the preset name, then the run's name for a single-run plot,
 * safe as a file name ("ttft_over_time-qwen_concurrency1"). */
char             *aiperf_session_export_name       (const AiperfPlotSpec *spec,
                                                   AiperfRun            *single);

G_END_DECLS
