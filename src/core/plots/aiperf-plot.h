/* aiperf-plot.h — turning a preset and runs into an AiperfChart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-chart.h"
#include "aiperf-plot-spec.h"
#include "aiperf-run-set.h"

G_BEGIN_DECLS

/* Which palette colour each group got: kept for a whole export (or window)
 * so a model has the same colour in every plot. */
typedef struct _AiperfPlotColors AiperfPlotColors;

AiperfPlotColors *aiperf_plot_colors_new   (void);
void              aiperf_plot_colors_free  (AiperfPlotColors *colors);
/* The palette index of @group, assigning the next free one on first use. */
guint             aiperf_plot_colors_get   (AiperfPlotColors *colors,
                                            const char       *group);

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

/* Experiment classification of one run (aiperf's rules, with the documented
 * parent-folder grouping restored): "baseline" or "treatment", and the
 * group id. */
gboolean          aiperf_plot_classify_run     (const AiperfClassification *classification,
                                                AiperfRun                  *run,
                                                char                      **out_group);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfPlotColors, aiperf_plot_colors_free)

G_END_DECLS
