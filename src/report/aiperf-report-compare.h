/* aiperf-report-compare.h — the comparison section of report.html
 * (aiperf-report-compare.c) and of report.pdf (aiperf-report-pdf-compare.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-report-private.h"

G_BEGIN_DECLS

/* Appends the section of the report's comparison (its input's), or
 * nothing when it has none. FALSE with @error when its chart could not be
 * drawn. */
gboolean aiperf_report_append_comparison (GString       *out,
                                          AiperfReport  *report,
                                          GError       **error);

/* Every record as a row (configuration, metric, stat, baseline, candidate,
 * change, CI, p, q, test, verdict and its reason), as report.pdf shows
 * them (report.html has the same cells, the reason on hover). */
AiperfReportTable *aiperf_report_comparison_table  (const AiperfComparison *comparison);
/* The verdict counts and the method, one paragraph. */
char              *aiperf_report_comparison_counts (const AiperfComparison *comparison);
/* The configurations on one side only and what was excluded (char*). */
GPtrArray         *aiperf_report_comparison_notes  (const AiperfComparison *comparison);

G_END_DECLS
