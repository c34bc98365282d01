/* aiperf-export-log.h — aiperf_plot.log of a headless export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  AIPERF_LOG_DEBUG,
  AIPERF_LOG_INFO,
  AIPERF_LOG_WARNING,
  AIPERF_LOG_ERROR,
} AiperfLogLevel;

typedef struct _AiperfExportLog AiperfExportLog;

/* DEBUG lines are kept (and echoed to stderr) only when @verbose. */
AiperfExportLog *aiperf_export_log_new  (gboolean         verbose);
void             aiperf_export_log_free (AiperfExportLog *log);
/* Appends a line; WARNING and ERROR lines also go to stderr, one line each. */
void             aiperf_export_log      (AiperfExportLog *log,
                                         AiperfLogLevel   level,
                                         const char      *format,
                                         ...) G_GNUC_PRINTF (3, 4);
gboolean         aiperf_export_log_save (AiperfExportLog *log,
                                         const char      *path,
                                         GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfExportLog, aiperf_export_log_free)

G_END_DECLS
