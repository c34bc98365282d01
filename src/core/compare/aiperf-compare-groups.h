/* aiperf-compare-groups.h — runs grouped by the folder they came from, the
 * way a baseline and its candidates are laid out on disk (sweep/base/…,
 * sweep/cand/…): what the sidebar heads and "Compare with Baseline…"
 * guesses by.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run-set.h"

G_BEGIN_DECLS

/* For each run of @runs, in order, its group (char*, an absolute path):
 * the first folder below the folder every run lies in ("…/sweep/base" of
 * …/sweep/base/run-c4 and …/sweep/cand/run-c4). A run lying in that
 * shared folder itself, or whose first folder below it is another run's
 * (runs nested in a run), is a group of its own: its folder. */
GPtrArray *aiperf_compare_folder_groups (AiperfRunSet *runs);

/* How many distinct groups @groups holds. */
guint      aiperf_compare_count_groups  (GPtrArray    *groups);

G_END_DECLS
