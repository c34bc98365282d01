/* aiperf-summary-open.c — aiperf_run_load_summary(): the one entry point
 * that picks the reader of a run folder's summary (JSON, aggregate, CSV).
 * The readers never call back here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-artifacts.h"
#include "aiperf-derived.h"
#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-loaders-private.h"
#include "aiperf-run-builder.h"

AiperfRun *
aiperf_run_load_summary (const char  *directory,
                         GError     **error)
{
  g_autoptr(AiperfRun) run = NULL;
  g_autofree char *path = NULL;
  gboolean ok;

  g_return_val_if_fail (directory != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_test (directory, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND,
                   _("%s: no such folder"), directory);
      return NULL;
    }

  run = aiperf_folder_run_new (directory);
  directory = aiperf_run_get_directory (run);

  if (aiperf_folder_has_file (directory, AIPERF_FILE_SUMMARY_CSV))
    aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_SUMMARY_CSV);
  if (aiperf_folder_has_file (directory, AIPERF_FILE_REQUESTS))
    aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_REQUESTS);
  if (aiperf_folder_has_file (directory, AIPERF_FILE_TELEMETRY))
    aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_TELEMETRY);
  if (aiperf_folder_has_file (directory, AIPERF_FILE_TIMESLICES_JSON) ||
      aiperf_folder_has_file (directory, AIPERF_FILE_TIMESLICES_CSV))
    aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_TIMESLICES);
  if (aiperf_folder_has_file (directory, AIPERF_FILE_SERVER_METRICS_JSON))
    aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_SERVER_METRICS);

  if (aiperf_folder_has_file (directory, AIPERF_FILE_SUMMARY_JSON))
    {
      g_autoptr(GError) json_error = NULL;

      path = g_build_filename (directory, AIPERF_FILE_SUMMARY_JSON, NULL);
      ok = aiperf_load_summary_json (run, path, &json_error);
      /* The CSV carries the same numbers; prefer it over failing the run. */
      if (!ok && aiperf_folder_has_file (directory, AIPERF_FILE_SUMMARY_CSV))
        {
          g_autofree char *csv = g_build_filename (directory, AIPERF_FILE_SUMMARY_CSV, NULL);

          g_clear_object (&run);
          run = aiperf_folder_run_new (directory);
          aiperf_run_add_artifacts (run, AIPERF_RUN_HAS_SUMMARY_CSV);
          ok = aiperf_load_summary_csv (run, csv, NULL);
          if (ok)
            aiperf_run_add_warning (run, _("%s; read %s instead"), json_error->message,
                                    AIPERF_FILE_SUMMARY_CSV);
        }
      if (!ok)
        g_propagate_error (error, g_steal_pointer (&json_error));
    }
  else if (aiperf_folder_has_file (directory, AIPERF_FILE_AGGREGATE_JSON))
    {
      path = g_build_filename (directory, AIPERF_FILE_AGGREGATE_JSON, NULL);
      ok = aiperf_load_aggregate_json (run, path, error);
    }
  else if (aiperf_folder_has_file (directory, AIPERF_FILE_SUMMARY_CSV))
    {
      path = g_build_filename (directory, AIPERF_FILE_SUMMARY_CSV, NULL);
      ok = aiperf_load_summary_csv (run, path, error);
    }
  else
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS,
                   _("%s is not an AIPerf run folder: it has no %s, %s or %s"),
                   directory, AIPERF_FILE_SUMMARY_JSON, AIPERF_FILE_AGGREGATE_JSON,
                   AIPERF_FILE_SUMMARY_CSV);
      return NULL;
    }
  if (!ok)
    return NULL;

  aiperf_derive_per_gpu_throughput (run);
  return g_steal_pointer (&run);
}
