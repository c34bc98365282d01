/* aiperf-requests-private.h — one thread's parser of profile_export.jsonl lines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-json-scan.h"
#include "aiperf-table.h"

G_BEGIN_DECLS

/* Rows of one phase parsed from one chunk of the file. */
typedef struct {
  AiperfTable *table;
  GArray      *column_of_tag;  /* int per parser tag id, -1 until created */
  GArray      *start_ns;       /* gint64 per row, G_MININT64 when unknown */
  GArray      *end_ns;
} AiperfRequestsPart;

typedef struct _AiperfRequestsParser AiperfRequestsParser;

AiperfRequestsParser *aiperf_requests_parser_new   (void);
void                  aiperf_requests_parser_free  (AiperfRequestsParser *parser);

void                  aiperf_requests_part_init    (AiperfRequestsPart   *part);
void                  aiperf_requests_part_clear   (AiperfRequestsPart   *part);

/* Parses one line (without its newline) and appends a row to @profiling or
 * @warmup. Blank lines add nothing and succeed. On failure returns FALSE
 * and a static description of what was wrong. @line_number is stored in
 * the "file_line" column. */
gboolean              aiperf_requests_parse_line   (AiperfRequestsParser *parser,
                                                    const char           *line,
                                                    gsize                 length,
                                                    double                line_number,
                                                    AiperfRequestsPart   *profiling,
                                                    AiperfRequestsPart   *warmup,
                                                    const char          **error);

G_END_DECLS
