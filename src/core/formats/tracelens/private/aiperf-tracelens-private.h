/* aiperf-tracelens-private.h — what the TraceLens format's files share: the
 * sheets it reads and their reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-table.h"
#include "aiperf-tracelens.h"

G_BEGIN_DECLS

typedef enum {
  AIPERF_TRACELENS_SHEET_NONE,
  AIPERF_TRACELENS_SHEET_KERNELS,     /* kernel_summary.csv */
  AIPERF_TRACELENS_SHEET_TIMELINE,    /* gpu_timeline.csv */
  AIPERF_TRACELENS_SHEET_CATEGORIES,  /* ops_summary_by_category.csv */
  AIPERF_TRACELENS_SHEET_OPS,         /* ops_summary.csv */
} AiperfTracelensSheet;

/* Which sheet a file's first line (its header) says it is. */
AiperfTracelensSheet aiperf_tracelens_sheet_of_head (const char *head);

/* What a sheet of a report that is not read holds, from the file's first
 * bytes (its header line), for saying so: "per-shape op statistics", …;
 * NULL when it is no such sheet (one that is read, GEMM.csv, or no
 * TraceLens sheet). */
const char          *aiperf_tracelens_unread_kind (const char *head);

/* @text (a whole CSV file) as the table of @sheet: the kernels table has
 * the kernels columns (aiperf-kernel-classes.h: times in ns, not yet
 * classified) and the op category, CPU op and stream. A row that cannot be
 * read is skipped with a note in @warnings (file, line, column); a file
 * with no readable row, or without the sheet's header, fails. */
AiperfTable *aiperf_tracelens_read_sheet (AiperfTracelensSheet  sheet,
                                          const char           *text,
                                          gsize                 length,
                                          const char           *path,
                                          GPtrArray            *warnings,
                                          GError              **error);

G_END_DECLS
