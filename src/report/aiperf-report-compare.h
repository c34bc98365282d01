/* aiperf-report-compare.h — report.html's comparison section
 * (aiperf-report-compare.c).
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

G_END_DECLS
