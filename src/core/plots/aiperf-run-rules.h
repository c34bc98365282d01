/* aiperf-run-rules.h — which runs a view draws: the `runs:` block of a
 * preset file (aiperf-plot's; aiperf plot reads past it), as the report's
 * "Save view as preset" writes it and as the window and --config apply it.
 *
 *   runs:
 *     hidden: ["qwen-sweep/concurrency_16", "*-warmup"]
 *     parameters:
 *       concurrency: ["1", "4", "8"]
 *     metric_ranges:
 *       - {metric: request_latency, stat: avg, min: 10, max: 250}
 *
 * hidden: a run's name, its path relative to what was opened (any tail of
 * its path at a folder boundary), or a glob of either, as
 * experiment_classification matches runs. parameters: the values of a
 * parameter that are drawn (a run without it has the value ""). A range
 * leaves out runs whose statistic is outside it or missing; a bound that is
 * null is open.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-plot-spec.h"
#include "aiperf-run.h"

G_BEGIN_DECLS

typedef struct {
  char       *metric;
  AiperfStat  stat;
  double      min, max;   /* NaN: open */
} AiperfRunRange;

/* (typedef'd in aiperf-plot-spec.h, whose config holds one) */
struct _AiperfRunRules {
  GPtrArray  *hidden;      /* char* */
  GHashTable *parameters;  /* parameter → GPtrArray of char* values drawn */
  GPtrArray  *ranges;      /* AiperfRunRange* */
};

AiperfRunRules *aiperf_run_rules_new   (void);
void            aiperf_run_rules_free  (AiperfRunRules       *rules);
AiperfRunRules *aiperf_run_rules_copy  (const AiperfRunRules *rules);
/* TRUE when @rules (nullable) says nothing. */
gboolean        aiperf_run_rules_empty (const AiperfRunRules *rules);
void            aiperf_run_rules_add_range (AiperfRunRules *rules,
                                            const char     *metric,
                                            AiperfStat      stat,
                                            double          min,
                                            double          max);
/* TRUE when @rules is written as "hidden" for @run (by name, path tail or
 * glob). */
gboolean        aiperf_run_rules_hides (const AiperfRunRules *rules,
                                        AiperfRun            *run);
/* TRUE when a parameter or a range of @rules leaves @run out. */
gboolean        aiperf_run_rules_filters (const AiperfRunRules *rules,
                                          AiperfRun            *run);
/* TRUE when @run is drawn under @rules (nullable: every run is): not
 * hidden, each parameter's value among those drawn, each range kept. */
gboolean        aiperf_run_rules_shows (const AiperfRunRules *rules,
                                        AiperfRun            *run);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfRunRules, aiperf_run_rules_free)

G_END_DECLS
