/* aiperf-kind-descriptors.h — the descriptors of the kinds, for the kind
 * table and for the kinds' folders that define them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-kinds.h"

G_BEGIN_DECLS

#define AIPERF_KIND_ENTRY(name) extern const AiperfKind aiperf_kind_##name;
#include "aiperf-kinds-list.h"

/* Controls several kinds' charts share: another chart of the kind only,
 * that and a log y axis, nothing. */
extern const AiperfPlotControls aiperf_plot_controls_type_only;
extern const AiperfPlotControls aiperf_plot_controls_type_log_y;
extern const AiperfPlotControls aiperf_plot_controls_none;

G_END_DECLS
