/* aiperf-plot-spec.h — plot presets: what one plot shows, and the preset file.
 *
 * The schema is that of aiperf plot's plot_config.yaml (visualization:
 * multi_run_defaults, single_run_defaults, multi_run_plots, single_run_plots;
 * settings; experiment_classification), so files written for aiperf work here;
 * aiperf-plot adds each kind's sections, view keys in a preset and a runs:
 * block (aiperf-run-rules.h), which aiperf plot reads past.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-types.h"

G_BEGIN_DECLS

/* What draws a preset: one line of a kind's handler table
 * (aiperf-plot-handlers.h, in the kinds layer above this one). */
typedef struct _AiperfPlotHandler AiperfPlotHandler;

typedef enum {
  AIPERF_SOURCE_AUTO,
  AIPERF_SOURCE_REQUESTS,
  AIPERF_SOURCE_TIMESLICES,
  AIPERF_SOURCE_GPU_TELEMETRY,
  AIPERF_SOURCE_AGGREGATED,
  AIPERF_SOURCE_SERVER_METRICS,
  AIPERF_SOURCE_SERVER_METRICS_AGGREGATED,
} AiperfDataSource;

typedef enum {
  AIPERF_AUTOSCALE_NONE = 0,
  AIPERF_AUTOSCALE_X    = 1 << 0,
  AIPERF_AUTOSCALE_Y    = 1 << 1,
  AIPERF_AUTOSCALE_BOTH = AIPERF_AUTOSCALE_X | AIPERF_AUTOSCALE_Y,
} AiperfAutoscale;

typedef enum {
  AIPERF_LINE_SHAPE_LINEAR,
  AIPERF_LINE_SHAPE_HV,      /* step: value held until the next x */
  AIPERF_LINE_SHAPE_SPLINE,  /* drawn as linear */
} AiperfLineShape;

/* One axis of a preset: "x: request_latency_avg" or
 * "x: {metric: request_latency, stat: avg, source: aggregated}". */
typedef struct {
  char             *metric;    /* as written: a tag, alias or display name; NULL when unset */
  gboolean          has_stat;
  AiperfStat        stat;
  AiperfDataSource  source;
} AiperfMetricRef;

/* primary_style / secondary_style of dual_axis plots. */
typedef struct {
  gboolean         set;
  gboolean         lines;
  gboolean         markers;
  AiperfLineShape  line_shape;
  gboolean         fill;            /* tozeroy / tonexty */
  double           line_width;      /* 2 */
  double           marker_size;     /* 8 */
  double           marker_opacity;  /* 1.0 */
  double           fill_opacity;    /* 0.3 */
} AiperfTraceStyle;

typedef struct {
  char             *name;        /* preset key; also the output file name */
  gboolean          multi_run;   /* from multi_run_plots */
  /* The kind of runs it draws: "serving" for aiperf's sections, else the
   * <kind> of its <kind>_plots section. */
  char             *kind;
  const AiperfPlotHandler *handler;  /* its "type:"; never NULL */
  AiperfMetricRef   x, y, y2;
  gboolean          has_stat;    /* "stat:" overrides y's stat */
  AiperfStat        stat;
  AiperfDataSource  source;
  char             *label_by;    /* labels: [concurrency]; NULL = the type's default */
  char             *group_by;    /* groups: [model]; NULL = run_name */
  char             *title;
  char             *description;
  char             *x_label;
  char             *y_label;
  AiperfTraceStyle  primary_style;
  AiperfTraceStyle  secondary_style;
  char             *supplementary_col;
  guint             autoscale;   /* AiperfAutoscale */
  double            ci_level;    /* 0.90, 0.95 (default) or 0.99 */
  gboolean          use_slice_duration;
  /* Keys the common schema does not know, kept for the handler ("x_param",
   * roofline peaks, bins): key → text; a nested mapping gives "key.sub". */
  GHashTable       *extra;
  guint             line;        /* 1-based position of the preset in its file */
  guint             column;
} AiperfPlotSpec;

/* The optional experiment_classification block. */
typedef struct {
  char       **baselines;          /* globs */
  char       **treatments;
  gboolean     default_is_baseline;
  char        *group_extraction_pattern;  /* accepted, unused (as in aiperf 0.11) */
  GHashTable  *group_display_names;       /* group id → legend text */
} AiperfClassification;

/* The runs: block (aiperf-run-rules.h). */
typedef struct _AiperfRunRules AiperfRunRules;

typedef struct {
  char                 *filename;   /* where it came from (a path or "resource://…") */
  GPtrArray            *multi_run_defaults;   /* char* preset names */
  GPtrArray            *single_run_defaults;
  GPtrArray            *multi_run_plots;      /* AiperfPlotSpec*, file order */
  GPtrArray            *single_run_plots;
  AiperfClassification *classification;       /* NULL when the block is absent */
  /* Sections of the other kinds of runs (cutile_defaults/cutile_plots, …):
   * kind → GPtrArray of char* names / of AiperfPlotSpec*. A file without a
   * kind's sections gets that kind's built-in ones (aiperf_plot_config_resolve). */
  GHashTable           *kind_defaults;
  GHashTable           *kind_plots;
  /* settings.server_metrics_downsampling (kept for round trips; no server metrics yet) */
  gboolean              downsampling_enabled;
  double                downsampling_window_s;
  char                 *downsampling_method;
  /* aiperf-plot's runs: block — the runs a saved view hides or filters
   * out; NULL when absent. */
  AiperfRunRules       *runs;
} AiperfPlotConfig;

const char     *aiperf_data_source_to_string (AiperfDataSource source);
gboolean        aiperf_data_source_from_string (const char       *text,
                                                AiperfDataSource *out_source);

/* Splits "request_latency_p99" on a known stat suffix. A metric without
 * one gives has_stat FALSE. A suffix that looks like a stat but is not one
 * ("p67") fails with AIPERF_ERROR_CONFIG and a "did you mean". */
gboolean        aiperf_metric_ref_parse_shortcut (const char      *text,
                                                  AiperfMetricRef *out_ref,
                                                  GError         **error);
void            aiperf_metric_ref_clear      (AiperfMetricRef *ref);
/* The y statistic a handler uses: stat:, else y's stat, else @fallback. */
AiperfStat      aiperf_plot_spec_get_y_stat  (const AiperfPlotSpec *spec,
                                              AiperfStat            fallback);

AiperfPlotSpec *aiperf_plot_spec_copy        (const AiperfPlotSpec *spec);
void            aiperf_plot_spec_free        (AiperfPlotSpec       *spec);

void            aiperf_classification_free   (AiperfClassification *classification);

void            aiperf_plot_config_free      (AiperfPlotConfig     *config);
/* The preset @name among the plots of @mode, or NULL. */
const AiperfPlotSpec *aiperf_plot_config_find (const AiperfPlotConfig *config,
                                               AiperfMode              mode,
                                               const char             *name);
/* A handler-specific key of @spec (see AiperfPlotSpec.extra), or NULL. */
const char     *aiperf_plot_spec_get_extra   (const AiperfPlotSpec *spec,
                                              const char           *key);
/* Sets (replaces) a handler-specific key of @spec. */
void            aiperf_plot_spec_set_extra   (AiperfPlotSpec       *spec,
                                              const char           *key,
                                              const char           *value);
/* Sets every key of @options (char* → char*, nullable) on @spec: analysis
 * options given on the command line or in the window (--gpu, --filter)
 * override the preset's own. */
void            aiperf_plot_spec_apply_options (AiperfPlotSpec     *spec,
                                                GHashTable         *options);
/* The presets and default names of a kind other than AIPerf's ("cutile"):
 * NULL when the config has none. Transfer none. */
GPtrArray      *aiperf_plot_config_get_kind_plots    (const AiperfPlotConfig *config,
                                                      const char             *kind);
GPtrArray      *aiperf_plot_config_get_kind_defaults (const AiperfPlotConfig *config,
                                                      const char             *kind);
/* The default preset names of @mode (char*, transfer none). */
GPtrArray      *aiperf_plot_config_get_defaults (const AiperfPlotConfig *config,
                                                 AiperfMode              mode);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfPlotSpec, aiperf_plot_spec_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfPlotConfig, aiperf_plot_config_free)

G_END_DECLS
