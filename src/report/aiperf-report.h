/* aiperf-report.h — shareable reports of what is open: one self-contained
 * interactive HTML file, and a multi-page PDF.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-compare.h"
#include "aiperf-presets.h"
#include "aiperf-session.h"
#include "aiperf-style.h"

G_BEGIN_DECLS

typedef enum {
  AIPERF_REPORT_HTML = 1 << 0,  /* report.html */
  AIPERF_REPORT_PDF  = 1 << 1,  /* report.pdf */
} AiperfReportFormat;

typedef struct {
  AiperfSession          *session;  /* what is open, its load errors and colours */
  const AiperfPlotConfig *config;
  /* AiperfKindCharts* (aiperf_session_plan_charts): the charts to show, with
   * the runs they draw. */
  GPtrArray              *plan;
  AiperfTheme             theme;
  /* Nullable: a comparison with a baseline, shown in a section of its own. */
  const AiperfComparison *comparison;
} AiperfReportInput;

/* Writes the reports of @formats (AiperfReportFormat bits) into @directory,
 * each atomically, and appends their paths to @files (char*). A chart that
 * cannot be drawn is named in the report, not an error. FALSE with @error
 * when a file could not be written (the other one still is). */
gboolean aiperf_report_write (const AiperfReportInput *input,
                              guint                    formats,
                              const char              *directory,
                              GPtrArray               *files,
                              GError                 **error);

G_END_DECLS
