/* aiperf-plot-view.h — a preset's view keys (log_x, log_y, x_range,
 * y_range: see aiperf-plot-view.c) applied to a built chart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-chart.h"
#include "aiperf-plot-spec.h"

G_BEGIN_DECLS

/* @chart with @spec's view keys applied; @chart (NULL stays NULL). */
AiperfChart *aiperf_plot_apply_view (const AiperfPlotSpec *spec,
                                     AiperfChart          *chart);

G_END_DECLS
