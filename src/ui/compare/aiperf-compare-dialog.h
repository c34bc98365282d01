/* aiperf-compare-dialog.h — "Compare with Baseline…": which open runs are
 * the baseline, which the candidates (and which are left out), and the
 * minimal effect.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "aiperf-run-set.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_COMPARE_DIALOG (aiperf_compare_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AiperfCompareDialog, aiperf_compare_dialog, AIPERF, COMPARE_DIALOG, AdwWindow)

/* A dialog over @runs. The first guess: @baseline (nullable) and the runs
 * of its folder group (aiperf-compare-groups.h); else, when the runs lie
 * in several groups, those of the first; else the first run. */
GtkWidget *aiperf_compare_dialog_new         (GtkWindow          *parent,
                                              AiperfRunSet       *runs,
                                              AiperfRun          *baseline);
/* The runs of folder group @group as the baseline (the others the
 * candidates) or as the candidates (against the first other group; any
 * further group left out). */
void       aiperf_compare_dialog_choose_group (AiperfCompareDialog *self,
                                               const char          *group,
                                               gboolean             as_baseline);
/* The runs chosen for each side (new sets) and the minimal effect, a
 * fraction. */
void       aiperf_compare_dialog_get_choice  (AiperfCompareDialog *self,
                                              AiperfRunSet       **out_baseline,
                                              AiperfRunSet       **out_candidate,
                                              double              *out_min_effect);
/* What the Compare button does: emits "compare" and closes. */
void       aiperf_compare_dialog_accept      (AiperfCompareDialog *self);

/* Signal "compare": the choice is made (read it with get_choice). */

G_END_DECLS
