/* aiperf-plot-handlers.h — plot handlers: each says what its chart is
 * called, whether it draws one run or compares several, how it builds its
 * chart and what the window may change on it. A preset holds its handler;
 * nothing names a plot by number.
 *
 * A new chart is its builder and one line in its kind's handler table
 * (kinds/<kind>/aiperf-<kind>-kind.c); presets, the command line, the
 * window and the report find it there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-plot.h"

G_BEGIN_DECLS

typedef enum {
  AIPERF_PLOT_SCOPE_SINGLE_RUN,  /* one run's datasets */
  AIPERF_PLOT_SCOPE_MULTI_RUN,   /* summaries of several runs */
} AiperfPlotScope;

/* What a chart lets the window change: its Plot sidebar shows these
 * controls and no others. */
typedef enum {
  AIPERF_PLOT_CONTROL_TYPE        = 1 << 0,  /* another chart of its kind and scope */
  AIPERF_PLOT_CONTROL_X_METRIC    = 1 << 1,
  AIPERF_PLOT_CONTROL_Y_METRIC    = 1 << 2,
  AIPERF_PLOT_CONTROL_STATS       = 1 << 3,  /* a statistic per metric axis */
  AIPERF_PLOT_CONTROL_GROUP_BY    = 1 << 4,
  AIPERF_PLOT_CONTROL_LABEL_BY    = 1 << 5,
  AIPERF_PLOT_CONTROL_LOG_X       = 1 << 6,
  AIPERF_PLOT_CONTROL_LOG_Y       = 1 << 7,
  AIPERF_PLOT_CONTROL_AUTOSCALE   = 1 << 8,
  AIPERF_PLOT_CONTROL_RUN_FILTERS = 1 << 9,  /* metric range, parameter values */
} AiperfPlotControlFlags;

/* A setting of the chart's own, kept as a preset key. */
typedef enum {
  AIPERF_PLOT_OPTION_NONE,    /* ends the list */
  AIPERF_PLOT_OPTION_COUNT,   /* a whole number from min to max ("top: 15") */
  AIPERF_PLOT_OPTION_GPU,     /* a GPU of the peaks table, or the input's own */
  AIPERF_PLOT_OPTION_FILTER,  /* KEY=VALUE lines over the chart's rows */
} AiperfPlotOptionType;

typedef struct {
  AiperfPlotOptionType type;
  const char          *key;       /* preset key: "top", "gpu", "filter" */
  const char          *label;     /* untranslated (N_): "Kernels Shown" */
  guint                min, max;  /* COUNT; 0 when allowed means "no limit" */
  guint                fallback;  /* COUNT: what the chart uses when the preset says nothing */
} AiperfPlotOption;

#define AIPERF_PLOT_MAX_OPTIONS 3

typedef struct {
  AiperfPlotControlFlags flags;
  AiperfPlotOption       options[AIPERF_PLOT_MAX_OPTIONS];  /* up to the first NONE */
} AiperfPlotControls;

typedef AiperfChart *(*AiperfPlotBuildSingle) (const AiperfPlotSpec *spec,
                                               AiperfRun            *run,
                                               GError              **error);
typedef AiperfChart *(*AiperfPlotBuildMulti)  (const AiperfPlotSpec       *spec,
                                               AiperfRunSet               *runs,
                                               const AiperfClassification *classification,
                                               AiperfPlotColors           *colors,
                                               GError                    **error);

struct _AiperfPlotHandler {
  const char           *type;      /* as written in presets: "pareto" */
  const char           *label;     /* untranslated (N_): "Pareto Frontier" */
  AiperfPlotScope       scope;
  /* The kind of runs it draws ("serving", "cutile", …). */
  const char           *kind;
  AiperfPlotBuildSingle build_single;  /* for SINGLE_RUN */
  AiperfPlotBuildMulti  build_multi;   /* for MULTI_RUN */
  /* Nullable: the chart of a preset whose y is a server metric
   * (aiperf_plot_wants_server_metric); without it such a preset fails. */
  AiperfPlotBuildSingle build_server_metric;
  /* Nullable: FALSE when a default preset of this type is not about
   * @runs at all (a parameter sweep when no run has the parameter), so it
   * is left out of the defaults instead of showing an empty chart. */
  gboolean            (*applies)      (const AiperfPlotSpec *spec,
                                       AiperfRunSet         *runs);
  /* What the window offers to change on this chart (never NULL). */
  const AiperfPlotControls *controls;
  /* One of aiperf plot's own types: its presets go in aiperf's
   * single_run_plots / multi_run_plots sections, not in the kind's. */
  gboolean              aiperf_type;
  /* Its points are means over repeated trials with a confidence interval
   * at the preset's ci_level, not single runs. */
  gboolean              trial_means;
};

/* Every kind's handlers, in the kinds' order (aiperf-kinds-list.h). */
guint                    aiperf_plot_handlers_count (void);
const AiperfPlotHandler *aiperf_plot_handler_nth    (guint       i);
/* The handler of the type @type ("pareto"), or NULL for an unknown one. */
const AiperfPlotHandler *aiperf_plot_handler_find   (const char *type);
/* Whether the default preset @spec is about @runs (see applies above):
 * TRUE for every handler without such a test. */
gboolean                 aiperf_plot_spec_applies   (const AiperfPlotSpec *spec,
                                                     AiperfRunSet         *runs);
/* What a chart of @spec is called: the preset's own title, else one said
 * from what it shows ("Output Token Throughput Per GPU vs Inter Token
 * Latency"), else the type's label; never the preset id. */
char                    *aiperf_plot_spec_title     (const AiperfPlotSpec *spec);
/* Whether @b is another chart of @a's kind and scope: what a chart can be
 * switched to. */
gboolean                 aiperf_plot_handlers_alike (const AiperfPlotHandler *a,
                                                     const AiperfPlotHandler *b);
/* "scatter, scatter_line, … or bar": every type, for error messages. */
char                    *aiperf_plot_handlers_describe (void);

/* A preset drawn by @handler, with aiperf plot's defaults. */
AiperfPlotSpec *aiperf_plot_spec_new (const char              *name,
                                      const AiperfPlotHandler *handler);

/* Builds the chart of a multi-run preset over @runs (summaries only).
 * @classification (nullable) is the config's experiment_classification: when
 * set, runs are grouped by experiment group. @colors may be NULL.
 * Fails with AIPERF_ERROR_NO_DATA and a one-line reason when the runs do
 * not have what the plot needs. */
AiperfChart      *aiperf_plot_build_multi_run  (const AiperfPlotSpec       *spec,
                                                AiperfRunSet               *runs,
                                                const AiperfClassification *classification,
                                                AiperfPlotColors           *colors,
                                                GError                    **error);
/* Builds the chart of a single-run preset. @run should have its details
 * loaded (aiperf_run_load_details); without them request, telemetry and
 * time-slice plots fail with AIPERF_ERROR_NO_DATA. */
AiperfChart      *aiperf_plot_build_single_run (const AiperfPlotSpec       *spec,
                                                AiperfRun                  *run,
                                                AiperfPlotColors           *colors,
                                                GError                    **error);

G_END_DECLS
