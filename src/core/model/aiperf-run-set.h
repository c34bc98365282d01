/* aiperf-run-set.h — the runs being looked at: a GListModel of AiperfRun.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "aiperf-run.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_RUN_SET (aiperf_run_set_get_type ())
G_DECLARE_FINAL_TYPE (AiperfRunSet, aiperf_run_set, AIPERF, RUN_SET, GObject)

AiperfRunSet *aiperf_run_set_new                  (void);
/* Adds @run unless a run of the same locator is there; keeps runs sorted by
 * locator (numbers in it by value). */
gboolean      aiperf_run_set_add                  (AiperfRunSet *self,
                                                   AiperfRun    *run);
gboolean      aiperf_run_set_remove               (AiperfRunSet *self,
                                                   AiperfRun    *run);
AiperfRun    *aiperf_run_set_get_run              (AiperfRunSet *self,
                                                   guint         position); /* transfer none */
/* The run whose locator (folder, or "file#key") is @locator, or NULL. */
AiperfRun    *aiperf_run_set_find                 (AiperfRunSet *self,
                                                   const char   *locator);
guint         aiperf_run_set_get_n_runs           (AiperfRunSet *self);
AiperfMode    aiperf_run_set_get_mode             (AiperfRunSet *self);
/* Parameters that differ between runs (including "model" and "concurrency"),
 * ignoring start/end time, random seed, URLs and run ids. Sorted. */
GPtrArray    *aiperf_run_set_get_swept_parameters (AiperfRunSet *self); /* transfer container */
/* Errors of the runs that failed to load (GError*, message names the folder). */
GPtrArray    *aiperf_run_set_get_load_errors      (AiperfRunSet *self); /* transfer none */
/* Notes from discovery (broken symlinks, unreadable folders). Of char*. */
GPtrArray    *aiperf_run_set_get_warnings         (AiperfRunSet *self); /* transfer none */
G_END_DECLS
