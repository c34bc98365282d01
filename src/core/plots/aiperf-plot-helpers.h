/* aiperf-plot-helpers.h — what every kind's plot handlers share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-plot.h"
#include "aiperf-metric-registry.h"
#include "aiperf-plot-names.h"

G_BEGIN_DECLS

/* Style constants, in px of a 1600×800 layout (aiperf's sizes). */
#define AIPERF_PLOT_MARKER_SMALL  4.0
#define AIPERF_PLOT_MARKER_MEDIUM 6.0
#define AIPERF_PLOT_MARKER_LARGE  10.0
#define AIPERF_PLOT_LINE_WIDTH    2.0
#define AIPERF_PLOT_FRONTIER_WIDTH 3.0
/* Colours in the renderer's palettes (aiperf-style.c): past them, series
 * repeat a colour and differ by marker shape and dash instead. */
#define AIPERF_PLOT_PALETTE_SIZE  10

/* Sets @error to AIPERF_ERROR_NO_DATA with a one-line reason; returns NULL. */
gpointer     aiperf_plot_no_data          (GError          **error,
                                           const char       *format,
                                           ...) G_GNUC_PRINTF (2, 3);
/* Sets an axis title from the metric (display name, stat prefix when it
 * matters, registry unit or @fallback_unit), or from @override when set. */
void         aiperf_plot_set_metric_axis  (AiperfAxis       *axis,
                                           const char       *tag,
                                           gboolean          show_stat,
                                           AiperfStat        stat,
                                           const char       *fallback_unit,
                                           const char       *override);
/* Chart with the preset's title (or @fallback_title) and aiperf's axis
 * defaults: zero included unless autoscale asks otherwise. */
AiperfChart *aiperf_plot_chart_new        (const AiperfPlotSpec *spec,
                                           const char       *fallback_title);
/* A chart of y over the run's time, whatever x the preset names: without
 * the preset's title it is called @y_title alone, not "y vs x". */
AiperfChart *aiperf_plot_chart_new_over_time (const AiperfPlotSpec *spec,
                                              const char           *y_title);

/* x axis of time-series plots: "Request Number", "Time since the first request (s)". */
void         aiperf_plot_set_time_axis    (AiperfAxis       *axis,
                                           const char       *tag,
                                           const char       *override);
/* Most steps/bins a time series gets: about one per pixel column of a
 * 2400 px export. */
#define AIPERF_PLOT_MAX_STEPS 1200
double       aiperf_plot_append_step      (AiperfLayer      *layer,
                                           const double     *xs,
                                           const double     *ys,
                                           guint             n,
                                           guint             max_bins);
/* qsort comparison of doubles (no NaN). */
int          aiperf_compare_doubles       (const double     *a,
                                           const double     *b);

/* The per-request column a single-run preset names ("timestamp" is the
 * request end in seconds), or NULL with AIPERF_ERROR_NO_DATA saying why
 * (no JSONL, streaming-only metric on a non-streaming run, …). */
const double *aiperf_plot_request_column  (AiperfRun        *run,
                                           const char       *name,
                                           const char      **out_tag,
                                           const char      **out_unit,
                                           GError          **error);

G_END_DECLS
