/* aiperf-nsight-private.h — what the Nsight Systems format's files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-table.h"

G_BEGIN_DECLS

/* A CUDA GPU kernel summary (either flavour, UTF-8 or UTF-16, any of the
 * usual separators) as a `kernels` table (aiperf-kernel-classes.h), times
 * in ns, not yet classified. Cells that do not parse add to @warnings
 * (file, line, column); a file with no usable row fails. */
AiperfTable *aiperf_nsight_parse       (const char  *bytes,
                                        gsize        length,
                                        const char  *path,
                                        GPtrArray   *warnings,
                                        GError     **error);
/* How surely a file head (UTF-8 or UTF-16) is a kernel summary: 100 with
 * its Instances column, 60 with only Name and Total Time, 0 otherwise. */
guint        aiperf_nsight_sniff_head  (const char  *head,
                                        gsize        length);

G_END_DECLS
