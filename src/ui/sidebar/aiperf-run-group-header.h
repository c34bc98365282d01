/* aiperf-run-group-header.h — the head of a folder group in the run list
 * (sweep/base, sweep/cand): its name, how many runs, and its menu —
 * compare with this group as the baseline or as the candidate.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define AIPERF_TYPE_RUN_GROUP_HEADER (aiperf_run_group_header_get_type ())
G_DECLARE_FINAL_TYPE (AiperfRunGroupHeader, aiperf_run_group_header, AIPERF, RUN_GROUP_HEADER, GtkBox)

/* @group: the folder (aiperf-compare-groups.h), @n_runs: its runs. */
GtkWidget  *aiperf_run_group_header_new       (const char           *group,
                                               guint                 n_runs);
const char *aiperf_run_group_header_get_group (AiperfRunGroupHeader *self);
/* The menu its button and a secondary click open (transfer none). */
GMenuModel *aiperf_run_group_header_get_menu  (AiperfRunGroupHeader *self);

G_END_DECLS
