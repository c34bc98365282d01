/* aiperf-export-log.c — aiperf_plot.log: "time - aiperf_plot - LEVEL - message".
 *
 * The log is kept in memory and written once at the end, through a
 * temporary file, so a failed export never leaves a half-written log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-export-log.h"
#include "aiperf-writer.h"

struct _AiperfExportLog {
  GString  *text;
  gboolean  verbose;
};

static const char * const level_names[] = { "DEBUG", "INFO", "WARNING", "ERROR" };

AiperfExportLog *
aiperf_export_log_new (gboolean verbose)
{
  AiperfExportLog *log = g_new0 (AiperfExportLog, 1);

  log->text = g_string_new (NULL);
  log->verbose = verbose;
  return log;
}

void
aiperf_export_log_free (AiperfExportLog *log)
{
  if (log == NULL)
    return;
  g_string_free (log->text, TRUE);
  g_free (log);
}

void
aiperf_export_log (AiperfExportLog *log,
                   AiperfLogLevel   level,
                   const char      *format,
                   ...)
{
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *message = NULL;
  g_autofree char *stamp = NULL;
  va_list args;

  g_return_if_fail (log != NULL);
  g_return_if_fail ((guint) level < G_N_ELEMENTS (level_names));

  if (level == AIPERF_LOG_DEBUG && !log->verbose)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  now = g_date_time_new_now_local ();
  stamp = g_date_time_format (now, "%Y-%m-%d %H:%M:%S");
  g_string_append_printf (log->text, "%s,%03d - aiperf_plot - %s - %s\n", stamp,
                          g_date_time_get_microsecond (now) / 1000, level_names[level], message);
  if (level >= AIPERF_LOG_WARNING)
    g_printerr ("aiperf-plot: %s\n", message);
  else if (log->verbose)
    g_printerr ("%s - %s\n", level_names[level], message);
}

gboolean
aiperf_export_log_save (AiperfExportLog *log,
                        const char      *path,
                        GError         **error)
{
  g_return_val_if_fail (log != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return aiperf_write_file_atomically (path, log->text->str, log->text->len, error);
}
