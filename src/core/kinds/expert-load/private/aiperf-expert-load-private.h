/* aiperf-expert-load-private.h — MoE expert load: the statistics of
 * ccl-bench's tokenToExpertAssignment tool over gate-log sets, their
 * charts, summary.txt section and expert_load.json.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-gate-log.h"
#include "aiperf-plot-helpers.h"
#include "aiperf-data-table.h"
#include "aiperf-run-set.h"

G_BEGIN_DECLS

/* The analysis option (and preset key) of --max-step-tokens. */
#define AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS "max_step_tokens"
/* Preset keys the window sets: the bar of its table's selected row. */
#define AIPERF_EXPERT_LOAD_HIGHLIGHT_SET    "highlight_set"
#define AIPERF_EXPERT_LOAD_HIGHLIGHT_EXPERT "highlight_expert"

/* One gate-log set (one run) after dropping warm-up steps. */
typedef struct {
  const char  *label;        /* "baseline_gates_logs" (the run's) */
  AiperfRun   *run;          /* borrowed */
  int          id;           /* position in the run set */
  guint        n_experts;
  guint        n_steps;      /* steps kept */
  guint        n_dropped;    /* steps over max_step_tokens */
  guint       *rows;         /* n_steps: the kept rows of the dataset */
  double      *totals;       /* n_experts: tokens per expert over kept steps */
  double      *step_cv;      /* n_steps: σ/μ of each kept step (NaN: no token) */
  double       total_tokens;
  double       entropy;      /* bits: −Σ p·log2 p */
  double       normalized_entropy;  /* ÷ log2 E (NaN for one expert) */
  double       cv;           /* population σ/μ of the totals (NaN: no token) */
  double       max_min_ratio;       /* max ÷ smallest non-zero (NaN: none) */
  double       mean_step_cv; /* mean of step_cv over steps with tokens */
  AiperfTable *table;        /* the run's expert_loads, borrowed */
  const double * const *experts;    /* n_experts columns of @table */
  const double *num_tokens;  /* the num_tokens column of @table, or NULL */
} AiperfExpertLoadSet;

typedef struct {
  GPtrArray *sets;           /* AiperfExpertLoadSet*, in run-set order */
  double     max_step_tokens;  /* NaN: no step dropped */
} AiperfExpertLoadData;

/* The value of --max-step-tokens in @text, NaN when @text is NULL or not a
 * non-negative number. */
double                aiperf_expert_load_parse_limit (const char  *text);
/* The sets of @runs (runs with an expert_loads dataset); steps whose
 * num_tokens (or, where unknown, summed loads) exceed @max_step_tokens are
 * dropped (NaN: none). NULL when no run has gate logs. */
AiperfExpertLoadData *aiperf_expert_load_data_new  (AiperfRunSet *runs,
                                                    double        max_step_tokens);
void                  aiperf_expert_load_data_free (AiperfExpertLoadData *data);
/* The load of expert @e in kept step @s of @set. */
double                aiperf_expert_load_set_get   (const AiperfExpertLoadSet *set,
                                                    guint                      s,
                                                    guint                      e);
/* The tokens that step @row of @table counts for the filter. */
double                aiperf_expert_load_step_tokens (const AiperfExpertLoadSet *set,
                                                      guint                      row);

/* Plot handlers (aiperf-handler-expert-load.c), multi-run scope. */
AiperfChart *aiperf_handler_expert_load         (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                                 const AiperfClassification *classification,
                                                 AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_expert_load_heatmap (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                                 const AiperfClassification *classification,
                                                 AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_expert_step_cv      (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                                 const AiperfClassification *classification,
                                                 AiperfPlotColors *colors, GError **error);

/* The kind's table: every expert of every set
 * (aiperf-expert-load-table.c). */
AiperfDataTable *aiperf_expert_load_data_table (AiperfRunSet *runs,
                                                GHashTable   *options);

/* summary.txt and expert_load.json (aiperf-expert-load-summary.c). */
char        *aiperf_expert_load_summary_section (AiperfRunSet *runs,
                                                 GHashTable   *options);
/* The text of expert_load.json for @data. */
char        *aiperf_expert_load_json            (const AiperfExpertLoadData *data);
gboolean     aiperf_expert_load_write_files     (AiperfRunSet *runs,
                                                 GHashTable   *options,
                                                 const char   *directory,
                                                 GPtrArray    *files,
                                                 GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfExpertLoadData, aiperf_expert_load_data_free)

G_END_DECLS
