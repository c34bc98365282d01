/* aiperf-watch.h — watch opened folders for new runs (watch mode).
 *
 * GTK-free. A scan walks the roots on a worker thread with the format table,
 * as opening does; what was not seen before is loaded with the same options
 * and its runs are reported through the "run-added" signal. A folder or
 * file that yields no run yet is assumed to be still being written and is
 * retried on later scans until its files have not changed for a settle
 * time; only then "run-failed" is emitted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "aiperf-run.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_WATCH (aiperf_watch_get_type ())
G_DECLARE_FINAL_TYPE (AiperfWatch, aiperf_watch, AIPERF, WATCH, GObject)

AiperfWatch *aiperf_watch_new            (void);
void         aiperf_watch_add_root       (AiperfWatch *self,
                                          const char  *path);
void         aiperf_watch_remove_root    (AiperfWatch *self,
                                          const char  *path);
/* Forgets every root and everything seen (a new window content). */
void         aiperf_watch_forget         (AiperfWatch *self);
/* A folder or file already loaded by someone else: never reported. */
void         aiperf_watch_mark_known     (AiperfWatch *self,
                                          const char  *path);
/* The same for wherever @run was found (its folder, or its file). */
void         aiperf_watch_mark_run_known (AiperfWatch *self,
                                          AiperfRun   *run);
/* How what arrives is loaded, as opening does: --param-pattern (nullable,
 * referenced) and the output folder never entered (nullable). */
void         aiperf_watch_set_load_options (AiperfWatch *self,
                                            GRegex      *param_pattern,
                                            const char  *skip_dir);
/* Polling period (default 2000 ms) and how long a broken folder's files
 * must stay unchanged before it is reported (default 10 s). */
void         aiperf_watch_set_timing     (AiperfWatch *self,
                                          guint        interval_ms,
                                          guint        settle_ms);
void         aiperf_watch_set_active     (AiperfWatch *self,
                                          gboolean     active);
gboolean     aiperf_watch_get_active     (AiperfWatch *self);
/* Starts one scan now (asynchronous; signals are emitted in the thread-default
 * main context of the caller). Scans never overlap. */
void         aiperf_watch_scan_now       (AiperfWatch *self);

/* Signals:
 *   "run-added"  (AiperfRun *run)
 *   "run-failed" (const char *path, const GError *error): a folder or
 *                file that broke (also beside runs of it that loaded)
 *   "scan-done"  () after every scan, for tests. */

G_END_DECLS
