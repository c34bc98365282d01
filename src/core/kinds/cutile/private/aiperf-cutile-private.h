/* aiperf-cutile-private.h — cutileGPT profiles: runs grouped by file and
 * config, the charts of its dashboard and its summary.txt section.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-plot-helpers.h"
#include "aiperf-run-set.h"

G_BEGIN_DECLS

#define AIPERF_KIND_CUTILE          "cutile"
#define AIPERF_CUTILE_LATENCY       "forward_latency"
#define AIPERF_CUTILE_THROUGHPUT    "throughput_tokens_per_sec"

/* One profiling_data.json. */
typedef struct {
  char       *label;      /* "minGPT": the folder above profiling_results/ */
  char       *path;       /* the file */
  AiperfRun **by_config;  /* one per config of the data, NULL where absent */
  int        *ids;        /* position of each run in the run set, or -1 */
} AiperfCutileFile;

/* The cutileGPT runs of a run set as a file × config table. */
typedef struct {
  GPtrArray *files;       /* AiperfCutileFile*: the AS-IS file first */
  GPtrArray *configs;     /* char*: smallest model first */
} AiperfCutileData;

/* NULL when @runs holds no cutileGPT run. The AS-IS file (a folder named
 * like minGPT, baseline, as-is, before, …) comes first; otherwise files
 * keep the run set's order. Configs are ordered by model size
 * (n_layer × n_embd²), then by name. */
AiperfCutileData *aiperf_cutile_data_new    (AiperfRunSet     *runs);
void              aiperf_cutile_data_free   (AiperfCutileData *data);
/* The run of @file for config @c, or NULL. */
AiperfRun        *aiperf_cutile_data_get    (AiperfCutileData *data,
                                             guint             file,
                                             guint             c);
/* The label of file @file. */
const char       *aiperf_cutile_data_get_label (AiperfCutileData *data,
                                                guint             file);
/* @stat of metric @tag (NaN when absent). */
double            aiperf_cutile_metric      (AiperfRun        *run,
                                             const char       *tag,
                                             AiperfStat        stat);
/* Numeric parameter @key (NaN when absent or not a number). */
double            aiperf_cutile_parameter   (AiperfRun        *run,
                                             const char       *key);
/* Which file (its label, as the charts' legends say) each of @runs is
 * from: one char* per run, NULL for a run of no cutileGPT file. */
GPtrArray        *aiperf_cutile_run_sides   (AiperfRunSet     *runs);
/* "Forward Latency" and "ms" for the known metrics, a prettified name and
 * the run's unit otherwise. */
char             *aiperf_cutile_metric_title (AiperfCutileData *data,
                                              const char       *tag,
                                              const char      **out_unit);

/* Plot handlers (aiperf-handler-cutile.c), multi-run scope. */
AiperfChart *aiperf_handler_cutile_bars        (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                                const AiperfClassification *classification,
                                                AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_cutile_percentiles (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                                const AiperfClassification *classification,
                                                AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_cutile_architecture (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                                 const AiperfClassification *classification,
                                                 AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_cutile_efficiency  (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                                const AiperfClassification *classification,
                                                AiperfPlotColors *colors, GError **error);
AiperfChart *aiperf_handler_cutile_speedup     (const AiperfPlotSpec *spec, AiperfRunSet *runs,
                                                const AiperfClassification *classification,
                                                AiperfPlotColors *colors, GError **error);

/* summary.txt: system information and the latency table or comparison
 * (aiperf-cutile-summary.c). */
char        *aiperf_cutile_summary_section     (AiperfRunSet *runs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfCutileData, aiperf_cutile_data_free)

G_END_DECLS
