/* aiperf-plot-names.h — the one name each quantity, run parameter and plot
 * goes by, shared by the charts, the hover text and the window's controls.
 *
 * Names are returned in English: charts are English by design (like
 * aiperf's own figures, whatever the UI language; see README). Parameter
 * names are marked for translation, so the window's controls may show
 * them translated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-plot-spec.h"
#include "aiperf-run.h"

G_BEGIN_DECLS

/* "Concurrency", "Arrival Pattern", "Time Slice Duration" for a run
 * parameter key (model, concurrency, run_name or a dotted input_config key
 * such as loadgen.arrival_pattern); NULL when the key has no known name. */
const char *aiperf_plot_parameter_name  (const char           *key);
/* The known name, else the key itself. Never NULL. */
const char *aiperf_plot_parameter_label (const char           *key);

/* Per-request columns: the column a preset's x or y really reads. Absolute
 * nanosecond clocks (request_start_ns) become seconds since the first
 * request (start_s), which is what their charts show. */
const char *aiperf_plot_request_tag     (const char           *name);
/* TRUE for per-request columns no one plots (file_line, raw ns clocks that
 * have a seconds twin, end_s which repeats timestamp_s). */
gboolean    aiperf_plot_request_tag_hidden (const char        *tag);
/* The axis title (no unit) and unit of a quantity: "Time since the first
 * request" + "s" for timestamp_s, "Request Number" + NULL, the metric's
 * display name and @fallback_unit otherwise. The title is newly allocated. */
char       *aiperf_plot_quantity_title  (const char           *tag,
                                         const char           *fallback_unit,
                                         const char          **out_unit);
/* "Time since the first request (s)": title and unit in one. */
char       *aiperf_plot_quantity_label  (const char           *tag,
                                         const char           *fallback_unit);

/* What a chart of @spec is called when the preset says or its axes do:
 * the preset's own title, else "Output Token Throughput Per GPU vs Inter
 * Token Latency"; NULL otherwise (aiperf_plot_spec_title () then falls
 * back to the plot type's label). */
char       *aiperf_plot_spec_axes_title (const AiperfPlotSpec *spec);

/* The canonical tag of a metric written as a tag, alias or display name;
 * @name itself when the registry does not know it. */
const char *aiperf_plot_resolve_tag     (const char           *name);
/* "Time to First Token"; a prettified name for unknown tags. Free with g_free. */
char       *aiperf_plot_display_name    (const char           *tag);
/* Whether a chart's axis of @tag names its statistic ("Average Request
 * Latency"): per-request distributions and GPU telemetry have several;
 * derived throughputs and server metrics have one value per run. */
gboolean    aiperf_plot_metric_has_stats (const char          *tag);
/* "4" for 4.0, "0.5" for 0.5: labels of parameters such as concurrency. */
char       *aiperf_plot_format_value    (double                value);

/* The column whose values label the points: the preset's "labels:", else
 * the type's default (concurrency); "" when the labels are switched off
 * ("labels: []"). */
const char *aiperf_plot_spec_label_by   (const AiperfPlotSpec *spec);
/* The text of a grouping, label or filter column for @run: run_name,
 * model, endpoint_type, experiment_group, concurrency (a rate-driven run
 * says "2 req/s"), request_rate, or a parameter. NULL when the run has no
 * such column: a handler may then try a metric. Free with g_free(). The one
 * rule for charts, sidebar and filters. */
char       *aiperf_plot_run_text        (AiperfRun            *run,
                                         const char           *column);

G_END_DECLS
