/* aiperf-report-private.h — what the HTML and PDF reports share: the
 * charts drawn, the header facts and the runs tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include "aiperf-chart.h"
#include "aiperf-report.h"
#include "aiperf-session-charts.h"
#include "aiperf-track-model.h"

G_BEGIN_DECLS

/* Chart size in the report: aiperf's 1600x800 layout, at scale 1. */
#define AIPERF_REPORT_CHART_WIDTH  1000
#define AIPERF_REPORT_CHART_HEIGHT 500

typedef struct {
  char                   *id;       /* "c3": unique in the report */
  char                   *name;     /* the preset's name */
  char                   *caption;  /* the preset's description, else its title */
  AiperfChart            *chart;
  const AiperfPlotSpec   *spec;     /* owned by the plan */
  const AiperfKindCharts *plan;     /* the runs it draws */
} AiperfReportChart;

/* What a column of a runs table holds: the PDF keeps the run, its side
 * and its metrics on the page and moves parameters that do not fit to an
 * appendix; the HTML sets numbers right-aligned. */
typedef enum {
  AIPERF_REPORT_COLUMN_RUN,
  AIPERF_REPORT_COLUMN_SIDE,       /* which profile a run is from (cutileGPT AS-IS / TO-BE) */
  AIPERF_REPORT_COLUMN_TEXT,       /* tool, model: only when they differ between runs */
  AIPERF_REPORT_COLUMN_PARAMETER,
  AIPERF_REPORT_COLUMN_METRIC,
} AiperfReportColumnRole;

/* A table of text: a header row and rows of cells. */
typedef struct {
  char      *title;    /* "Serving benchmarks (12 runs)" */
  GPtrArray *columns;  /* char* */
  GArray    *roles;    /* AiperfReportColumnRole per column */
  GPtrArray *rows;     /* GPtrArray of char* (NULL cells allowed) */
  char      *section;  /* the kind's summary_section, or NULL */
  /* Parameters with one value in every run that sets them ("Streaming:
   * true; Endpoint Type: chat"), said once rather than as columns; NULL */
  char      *constant;
} AiperfReportTable;

/* A trace's timeline (a run whose kind has AIPERF_KIND_VIEW_TIMELINE). */
typedef struct {
  AiperfRun        *run;      /* borrowed: the session's */
  AiperfTrackModel  model;    /* its trace store's */
  char             *id;       /* "t1": unique in the report */
  char             *title;    /* "Timeline of steps_counters" */
  char             *caption;  /* the title, with the run's file */
} AiperfReportTimeline;

typedef struct {
  const AiperfReportInput *input;
  AiperfStyle              style;
  AiperfRunSet            *runs;        /* every open run (the session's) */
  GPtrArray               *charts;      /* AiperfReportChart* */
  GPtrArray               *not_drawn;   /* char*: "name: why" */
  GPtrArray               *tables;      /* AiperfReportTable*, one per kind */
  GPtrArray               *timelines;   /* AiperfReportTimeline*, one per trace */
  GPtrArray               *facts;       /* char* pairs { label, value } */
  char                    *title;       /* "qwen-sweep — AIPerf Plot report" */
  char                    *generated;   /* "2026-11-24 19:10 UTC" */
} AiperfReport;

/* aiperf-report-facts.c */
void         aiperf_report_collect_facts  (AiperfReport      *report);
/* The runs' tables (one per kind: parameters and key metrics). */
void         aiperf_report_collect_tables (AiperfReport      *report);
void         aiperf_report_table_free     (AiperfReportTable *table);

/* @text with every folder above what was opened cut from the paths it
 * names ("/home/me/sweep/run1/x.json" → "sweep/run1/x.json"). */
char        *aiperf_report_relative_text  (AiperfReport      *report,
                                           const char        *text);
/* @path (a run's locator) relative to the folder of the opened path it
 * is under ("sweep/run1/profile_export.jsonl"), so the report names no
 * folder of this machine; @path itself when it is under none. */
char        *aiperf_report_relative_path  (AiperfReport      *report,
                                           const char        *path);

/* aiperf-report-svg.c: @chart as an <svg> element whose ids all start
 * with @prefix (cairo numbers ids per file: glyph0-1, clip1, surface5). */
char        *aiperf_report_chart_svg      (const AiperfChart *chart,
                                           const AiperfStyle *style,
                                           const char        *prefix,
                                           GError           **error);
/* Any drawing as such an <svg> element: @paint draws @data into
 * @width × @height; @what names it in an error. */
typedef void (*AiperfReportPaint) (cairo_t           *cr,
                                   gconstpointer      data,
                                   const AiperfStyle *style,
                                   double             width,
                                   double             height);
char        *aiperf_report_svg            (AiperfReportPaint  paint,
                                           gconstpointer      data,
                                           const AiperfStyle *style,
                                           double             width,
                                           double             height,
                                           const char        *what,
                                           const char        *prefix,
                                           GError           **error);
/* The height @chart needs at @width for its legend to name every series
 * (as aiperf_report_draw_chart draws it) with its plot as tall as a
 * legend summed up in "+N more" leaves it at @height: @height, or more
 * when the legend takes rows below the plot. */
double       aiperf_report_chart_height   (const AiperfChart *chart,
                                           const AiperfStyle *style,
                                           double             width,
                                           double             height);
/* Draws @chart into @cr's @width × @height area at its origin, its legend
 * naming every series (a page or a picture cannot be clicked open). */
void         aiperf_report_draw_chart     (cairo_t           *cr,
                                           const AiperfChart *chart,
                                           const AiperfStyle *style,
                                           double             width,
                                           double             height);

/* aiperf-report-lod.c: what report.html embeds of a layer. A layer of
 * more than AIPERF_REPORT_LOD_MIN_ITEMS items is thinned to the pixels of
 * a grid finer than the chart (lines: first, lowest, highest and last
 * vertex per column; markers and segments: one per cell). */
#define AIPERF_REPORT_LOD_MIN_ITEMS 5000
#define AIPERF_REPORT_LOD_COLUMNS   4000
#define AIPERF_REPORT_LOD_ROWS      1000

/* Whether item @i of @layer has what the renderer needs to draw it. */
gboolean     aiperf_report_item_drawable  (const AiperfLayer *layer,
                                           guint              i);
guint        aiperf_report_layer_count_drawable (const AiperfLayer *layer);
/* The rows of @layer to embed, in order (guint), or NULL for all of them. */
GArray      *aiperf_report_layer_lod      (const AiperfLayer *layer,
                                           gboolean           log_x,
                                           gboolean           log_y);

/* aiperf-report-data.c: the JSON embedded in the HTML (every "<" escaped,
 * so it can sit in a <script> element); the finer levels of thinned
 * layers, each a <script> element of its own, go to @fine_out (nullable:
 * none). */
char        *aiperf_report_data_json      (AiperfReport      *report,
                                           GString           *fine_out);
/* Appends @text as a JSON string with "<", ">" and "&" as \u escapes. */
void         aiperf_report_json_string    (GString           *out,
                                           const char        *text);
/* 6 significant digits; null for NaN and infinities. */
void         aiperf_report_json_number    (GString           *out,
                                           double             value);
/* "key": */
void         aiperf_report_json_key       (GString           *out,
                                           const char        *key);
/* "[1,2,null]" of @values[0], [stride], … below @n */
void         aiperf_report_json_numbers   (GString           *out,
                                           const double      *values,
                                           guint              n,
                                           guint              stride);

/* aiperf-report-runs-json.c: "params":{…},"runs":[…] (adding each metric's
 * tag and unit to @metric_tags), then ,"metrics":{…} of @metric_tags, and
 * ,"requests":{…} of a single run shown in detail. */
void         aiperf_report_json_runs      (GString           *out,
                                           AiperfReport      *report,
                                           GHashTable        *metric_tags);
/* ,"view":{hidden, params, ranges}: the view the page opens with. */
void         aiperf_report_json_view      (GString           *out,
                                           AiperfReport      *report);
void         aiperf_report_json_metrics   (GString           *out,
                                           GHashTable        *metric_tags);
void         aiperf_report_json_requests  (GString           *out,
                                           AiperfReport      *report);

/* aiperf-report-preset-json.c: @spec as a JSON object in the keys of
 * aiperf plot's plot_config.yaml ("extra": the handler's own keys). */
void         aiperf_report_json_preset    (GString              *out,
                                           const AiperfPlotSpec *spec);
/* aiperf-report-timeline-json.c: ,"timelines":[…] of the report's traces;
 * the finer level of a trace embedded on a grid, a <script> element of its
 * own, goes to @fine_out (nullable: none). */
void         aiperf_report_json_timelines (GString           *out,
                                           GString           *fine_out,
                                           AiperfReport      *report);
/* aiperf-report-timeline.c: every run whose kind brings a timeline
 * (AIPERF_KIND_VIEW_TIMELINE) with its trace's events, into timelines. */
void         aiperf_report_collect_timelines (AiperfReport         *report);
void         aiperf_report_timeline_free  (AiperfReportTimeline *timeline);
/* @timeline's whole trace drawn into @width ×
 * its height (aiperf_report_timeline_height), as timeline.png draws it. */
double       aiperf_report_timeline_height (const AiperfReportTimeline *timeline,
                                            double                      max_height);
void         aiperf_report_draw_timeline  (cairo_t                    *cr,
                                           const AiperfReportTimeline *timeline,
                                           const AiperfStyle          *style,
                                           double                      width,
                                           double                      height);

/* aiperf-report-html.c / aiperf-report-pdf.c */
gboolean     aiperf_report_write_html     (AiperfReport      *report,
                                           const char        *path,
                                           GError           **error);
gboolean     aiperf_report_write_pdf      (AiperfReport      *report,
                                           const char        *path,
                                           GError           **error);

G_END_DECLS
