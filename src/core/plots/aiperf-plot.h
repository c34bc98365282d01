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

/* Experiment classification of one run (aiperf's rules, with the documented
 * parent-folder grouping restored): "baseline" or "treatment", and the
 * group id. */
gboolean          aiperf_plot_classify_run     (const AiperfClassification *classification,
                                                AiperfRun                  *run,
                                                char                      **out_group);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfPlotColors, aiperf_plot_colors_free)

G_END_DECLS
