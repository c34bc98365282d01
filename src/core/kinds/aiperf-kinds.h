/* aiperf-kinds.h — the kinds of results: serving benchmarks (AIPerf, vLLM,
 * GenAI-Perf, … compared together) and each other family of inputs. A kind
 * is a plug-in, as a format is: its folder kinds/<kind>/ defines its
 * descriptor (its charts, options, data files, summary section, table and
 * views) and aiperf-kinds-list.h names it on one line.
 *
 * Its default charts are its presets (<kind>_plots in the preset file).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-compare-measure.h"
#include "aiperf-data-table.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-plot-spec.h"
#include "aiperf-run-set.h"

G_BEGIN_DECLS

/* The kind of AIPerf and its peers: aiperf plot's presets and summary. */
#define AIPERF_KIND_SERVING "serving"

/* An analysis option of a kind (--gpu NAME for GEMM rooflines): a
 * command-line flag of the same name, and a session option (key @name with
 * dashes as underscores) that its charts and data files read. */
typedef struct {
  const char *name;             /* "max-step-tokens" */
  GOptionArg  arg;              /* STRING, FILENAME, or STRING_ARRAY (values joined by "\n") */
  const char *description;      /* untranslated (N_) */
  const char *arg_description;  /* untranslated (N_): "NAME" */
  /* Nullable: FALSE with a message in @error when @value (one value of an
   * array) is not usable; may also install what it names (kernel classes). */
  gboolean  (*check)           (const char *value,
                                GError    **error);
} AiperfKindOption;

/* What the surfaces show of a kind besides its charts. */
typedef enum {
  /* Runs of a benchmark of requests, aiperf plot's way: with several, its
   * multi-run presets compare them; one with per-request data opens its
   * drill-down; a run is listed by its load, requests and errors. */
  AIPERF_KIND_VIEW_RUNS          = 1 << 0,
  AIPERF_KIND_VIEW_TIMELINE      = 1 << 1,  /* a trace timeline per run */
} AiperfKindViews;

/* A kind's data in a sortable table beside one of its charts, each row
 * linked to its point or bar, with the kind's analysis options that the
 * chart offers as controls above (the window's data panel). */
typedef struct {
  const char *title;    /* untranslated (N_): "GEMM Kernels" */
  const char *tooltip;  /* untranslated (N_) */
  const char *chart;    /* the plot type of the chart beside it: "roofline" */
  /* The table of @runs (those of the kind) under @options (the session's
   * analysis options); never NULL: with no data, no rows and a status
   * that says why. */
  AiperfDataTable *(*build) (AiperfRunSet *runs,
                             GHashTable   *options);
} AiperfKindTable;

typedef struct {
  const char *id;            /* "cutile" */
  const char *display_name;  /* untranslated (N_): "cutileGPT Profiles" */
  /* Its charts (designated initializers, in its folder); the handler table
   * lists every kind's in the kinds' order. */
  const AiperfPlotHandler *handlers;
  guint                    n_handlers;
  /* Nullable: the section appended to summary.txt for @runs (all of this
   * kind); NULL when there is nothing to add. */
  char     *(*summary_section) (AiperfRunSet *runs);
  /* Nullable: NULL-terminated pairs { alias, tag } that --metric accepts
   * when every open run is of this kind ("latency" → "forward_latency"). */
  const char * const *metric_aliases;
  /* Nullable: writes the kind's data files (kernel_analysis.json, …) for
   * @runs into @directory, each atomically, and appends their names to
   * @files. @options: the session's analysis options (key → text). FALSE
   * with @error when one could not be written (the others still are). */
  gboolean  (*write_files)     (AiperfRunSet *runs,
                                GHashTable   *options,
                                const char   *directory,
                                GPtrArray    *files,
                                GError      **error);
  /* Nullable: used instead of summary_section by a kind whose numbers
   * depend on the analysis options (--gpu, --filter). */
  char     *(*summary_with_options) (AiperfRunSet *runs,
                                     GHashTable   *options);
  /* Nullable: the charts one preset of this kind becomes when it is drawn
   * for @runs (copies, each with its own name, which is its file name):
   * the GEMM heatmap becomes heatmap_bf16, heatmap_fp8, …. NULL keeps
   * @spec as it is. */
  GPtrArray *(*expand_preset)       (const AiperfPlotSpec *spec,
                                     AiperfRunSet         *runs);
  /* Nullable: the kind's analysis options, ended by { NULL }. */
  const AiperfKindOption *options;
  AiperfKindViews          views;
  /* Nullable: for runs of one name measured on several sides (a
   * cutileGPT config in an AS-IS and a TO-BE profile), which side each of
   * @runs is on, one char* per run (NULL where it has none), named as the
   * charts' legends name it; @side_title (untranslated, N_) titles the
   * runs table's column of them. */
  GPtrArray  *(*run_sides)     (AiperfRunSet *runs);
  const char  *side_title;
  /* Nullable: the kind's table (kernels, GEMM measurements, experts). */
  const AiperfKindTable   *table;
  /* Nullable: measures a baseline's and a candidate's runs of one
   * configuration on the kind's key metrics (aiperf-compare-measure.h);
   * NULL compares every summary metric, run-level. */
  AiperfCompareMeasureFunc  compare;
} AiperfKind;

/* The views of the kind @id (0 for a kind with no entry). */
AiperfKindViews   aiperf_kinds_get_views (const char *id);
/* The @index-th kind of the table, NULL past its end. */
const AiperfKind *aiperf_kinds_get  (guint index);
/* The kind @id, or NULL when it has no entry (then it has no summary section). */
const AiperfKind *aiperf_kinds_find (const char *id);

/* The chart beside @kind's table: a copy of its preset of that type
 * (the user's title and keys), else a plain one of @kind. */
AiperfPlotSpec   *aiperf_kind_table_chart      (const AiperfKind       *kind,
                                                const AiperfPlotConfig *config);
/* Whether @spec is a chart of @kind of the type its table sits beside
 * (its points select the table's rows). */
gboolean          aiperf_kind_table_links      (const AiperfKind       *kind,
                                                const AiperfPlotSpec   *spec);
/* When @spec is a chart of @kind: sets each of the kind's analysis options
 * on it from @options (cleared where @options has none) and returns TRUE;
 * FALSE and nothing changed for a chart of another kind. */
gboolean          aiperf_kind_apply_options    (const AiperfKind       *kind,
                                                AiperfPlotSpec         *spec,
                                                GHashTable             *options);
/* Whether @key is the session key of one of @kind's options. */
gboolean          aiperf_kind_has_option       (const AiperfKind       *kind,
                                                const char             *key);

/* Every kind's options as command-line entries (a newly allocated array
 * ended by { NULL }) for a GOptionGroup whose user data is a GHashTable
 * (char* → char*): parsing checks each value and stores it there under the
 * option's session key, array values joined by "\n". */
GOptionEntry     *aiperf_kinds_option_entries (void);
/* The session key of an option: "max-step-tokens" → "max_step_tokens". */
char             *aiperf_kind_option_key      (const AiperfKindOption *option);

/* The tag that @name stands for when every run of @runs is of one kind
 * whose metric_aliases has it; NULL otherwise. */
const char       *aiperf_kinds_resolve_metric (AiperfRunSet *runs,
                                               const char   *name);

/* Splits @runs by kind: kind id → AiperfRunSet of its runs (in @runs'
 * order). The returned array holds the ids, serving first, then the others
 * by name. Load errors and warnings stay with @runs. */
GPtrArray *aiperf_kinds_split (AiperfRunSet *runs,
                               GHashTable  **out_sets);

G_END_DECLS
