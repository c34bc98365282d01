/* aiperf-kind-compare.h — comparing runs of every kind, and the
 * comparison's and the history's charts as plot handlers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-compare.h"
#include "aiperf-plot.h"
#include "aiperf-plot-spec.h"

G_BEGIN_DECLS

/* The configurations of @baseline paired with those of @candidate, each
 * measured by its kind (aiperf-compare-measure.h); per-request details are
 * read here. */
AiperfComparison *aiperf_comparison_run (AiperfRunSet                *baseline,
                                         AiperfRunSet                *candidate,
                                         const AiperfCompareSettings *settings,
                                         GCancellable                *cancellable);

/* The handlers of the table (aiperf-plot-handlers.c). "comparison": the
 * forest plot of the runs the preset's "baseline" glob (a run's name or
 * path) or the experiment_classification calls baseline against the others,
 * "min_effect" (percent) as --min-effect. "history": the preset's y metric
 * and stat over time (--history's history-METRIC-STAT.png). */
AiperfChart *aiperf_handler_compare_forest (const AiperfPlotSpec       *spec,
                                            AiperfRunSet               *runs,
                                            const AiperfClassification *classification,
                                            AiperfPlotColors           *colors,
                                            GError                    **error);
AiperfChart *aiperf_handler_history        (const AiperfPlotSpec       *spec,
                                            AiperfRunSet               *runs,
                                            const AiperfClassification *classification,
                                            AiperfPlotColors           *colors,
                                            GError                    **error);

G_END_DECLS
