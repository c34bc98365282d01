/* aiperf-run-snapshot-private.h — what a details load changes in a run,
 * held as one value.
 *
 * A run's datasets, GPUs and loading notes live in one reference-counted
 * snapshot. A details load builds a whole new snapshot on its thread and
 * the run installs it by swapping one pointer under its lock; a reader
 * takes a reference (or looks under the lock), so a snapshot somebody
 * holds never changes. The builder functions (aiperf-run-builder.h) change
 * a run's snapshot in place: they are only for a run nobody else sees yet
 * (a format's load, the staging run of a details load).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run.h"

G_BEGIN_DECLS

typedef struct {
  GType    type;
  gpointer value;   /* boxed, a reference of its own */
} RunDataset;

typedef struct {
  gatomicrefcount ref;
  GHashTable     *datasets;    /* name → RunDataset* */
  GPtrArray      *gpus;        /* AiperfGpu* */
  GPtrArray      *warnings;    /* char* */
  guint           n_bad_lines;
} AiperfRunSnapshot;

AiperfRunSnapshot *aiperf_run_snapshot_new    (void);
/* What a details load starts from: copies of @from's GPUs (telemetry
 * merges into them), notes and bad-line count; no datasets. */
AiperfRunSnapshot *aiperf_run_snapshot_new_for_details (const AiperfRunSnapshot *from);
/* Adds to @self, by reference, each dataset of @from it does not have:
 * a dataset a run has is never replaced, so a reader may keep it as long
 * as the run lives. */
void               aiperf_run_snapshot_keep_datasets   (AiperfRunSnapshot       *self,
                                                        const AiperfRunSnapshot *from);
AiperfRunSnapshot *aiperf_run_snapshot_ref    (AiperfRunSnapshot *self);
void               aiperf_run_snapshot_unref  (AiperfRunSnapshot *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfRunSnapshot, aiperf_run_snapshot_unref)

/* The run's current snapshot: a reference, taken under the run's lock. */
AiperfRunSnapshot *aiperf_run_dup_snapshot    (AiperfRun *run);
/* Makes @snapshot (a reference is taken) the run's, and marks its details
 * loaded, in one step under the run's lock. */
void               aiperf_run_install_details (AiperfRun         *run,
                                               AiperfRunSnapshot *snapshot);

G_END_DECLS
