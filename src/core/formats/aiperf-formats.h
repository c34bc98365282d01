/* aiperf-formats.h — the table of input formats, and the walk that sniffs
 * everything below the paths a user opened.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "aiperf-format.h"

G_BEGIN_DECLS

/* Something the walk recognised: a folder or file and the format that
 * will load it. */
typedef struct {
  const AiperfFormat *format;
  char               *path;    /* absolute; for a merged group the list or glob given */
  char              **members; /* nullable: a group's files, loaded as one run */
} AiperfFind;

typedef struct {
  /* Nullable: only these formats are tried (NULL-terminated ids). */
  const char * const *only;
  /* Nullable: a folder the walk never enters (the output folder). */
  const char         *skip_dir;
} AiperfDiscoverOptions;

/* Every registered format, NULL-terminated, in sniffing order. */
const AiperfFormat * const *aiperf_formats_get_all (void);
const AiperfFormat         *aiperf_formats_find    (const char *id);
/* "AIPerf run folders, vLLM result folders, …": what the walk looks for. */
char                       *aiperf_formats_describe (void);

/* Walks @paths. Folders whose files another format owns, and folders with
 * an aiperf_plot.log (our own output), are not entered. Returns the finds
 * sorted by path (AiperfFind*, free with aiperf_find_free). A path given
 * that is neither a folder nor a file fails with AIPERF_ERROR_NOT_FOUND;
 * @unrecognised (nullable) receives char* messages for given paths in which
 * nothing was recognised. Fails with AIPERF_ERROR_NO_RUNS when nothing at
 * all was found. */
GPtrArray *aiperf_formats_discover (const char * const          *paths,
                                    const AiperfDiscoverOptions *options,
                                    GPtrArray                   *warnings,
                                    GPtrArray                   *unrecognised,
                                    GCancellable                *cancellable,
                                    GError                     **error);

/* Loads one find; every run gets its source, tool and kind set. */
void       aiperf_find_load        (const AiperfFind            *find,
                                    const AiperfLoadOptions     *options,
                                    AiperfLoadResult            *result);
void       aiperf_find_free        (AiperfFind                  *find);

void       aiperf_load_result_init  (AiperfLoadResult *result);
void       aiperf_load_result_clear (AiperfLoadResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfFind, aiperf_find_free)

G_END_DECLS
