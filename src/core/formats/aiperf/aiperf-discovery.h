/* aiperf-discovery.h — finding run folders below the paths the user gave.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* TRUE when @directory itself is a run folder: it holds profile_export_aiperf.json
 * (with or without profile_export.jsonl), or only profile_export_aiperf.csv, or a
 * profile_export_aiperf_aggregate.json that is not a redundant shadow. */
gboolean   aiperf_is_run_directory (const char         *directory);

/* Every run folder below @paths (recursively, nested runs included; the
 * profile_runs/aggregate rule applied; symlink loops guarded), as absolute
 * paths, sorted and de-duplicated by resolved path. @warnings (nullable)
 * receives char* notes such as broken symlinks. Fails with
 * AIPERF_ERROR_NOT_FOUND for a missing path and AIPERF_ERROR_NO_RUNS when
 * nothing was found, with a message saying what a run folder must contain. */
GPtrArray *aiperf_discover_runs    (const char * const *paths,
                                    GPtrArray          *warnings,
                                    GCancellable       *cancellable,
                                    GError            **error);

G_END_DECLS
