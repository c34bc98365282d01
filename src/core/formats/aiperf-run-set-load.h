/* aiperf-run-set-load.h — opening paths: the walk of the format table
 * (aiperf-formats.h) finds what is below them, and every find loads in
 * parallel into one run set.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "aiperf-run-set.h"

G_BEGIN_DECLS

/* Opening @paths, synchronous: every format sniffs what is below them
 * (formats/aiperf-formats.h) and the finds load in parallel. Fails only when no
 * run at all was found or loaded; per-run failures go to load errors. */
AiperfRunSet *aiperf_run_set_load                 (const char * const *paths,
                                                   GCancellable       *cancellable,
                                                   AiperfProgressFunc  progress,
                                                   gpointer            progress_data,
                                                   GError            **error);
/* What opening paths can be told besides them. */
typedef struct {
  GRegex     *param_pattern;  /* nullable: named groups → parameters (--param-pattern) */
  const char *skip_dir;       /* nullable: never entered (the output folder) */
} AiperfOpenOptions;

AiperfRunSet *aiperf_run_set_load_with_options    (const char * const     *paths,
                                                   const AiperfOpenOptions *options,
                                                   GCancellable           *cancellable,
                                                   AiperfProgressFunc      progress,
                                                   gpointer                progress_data,
                                                   GError                **error);
/* The same on a worker thread. @progress is called in the caller's main context. */
void          aiperf_run_set_load_async           (const char * const *paths,
                                                   GCancellable       *cancellable,
                                                   AiperfProgressFunc  progress,
                                                   gpointer            progress_data,
                                                   GAsyncReadyCallback callback,
                                                   gpointer            user_data);
void          aiperf_run_set_load_with_options_async (const char * const     *paths,
                                                   const AiperfOpenOptions *options,
                                                   GCancellable           *cancellable,
                                                   AiperfProgressFunc      progress,
                                                   gpointer                progress_data,
                                                   GAsyncReadyCallback     callback,
                                                   gpointer                user_data);
AiperfRunSet *aiperf_run_set_load_finish          (GAsyncResult       *result,
                                                   GError            **error);

/* The error of a load where none of @n_folders runs loaded: AIPERF_ERROR,
 * with the code standing for @first (the first run's error, or NULL). */
GError *aiperf_run_set_load_failure (guint         n_folders,
                                     const GError *first);

G_END_DECLS
