/* aiperf-details-load.c — an AIPerf run folder's details: per-request
 * data, telemetry, time slices and server metrics, read on demand into the
 * staging run aiperf_run_load_details() hands over (see aiperf-run-builder.h).
 *
 * GPU telemetry and time slices are read on threads of their own while the
 * requests load (itself on two threads), then applied to the run in the
 * old order: a 50 000-request run's three files take about as long
 * together as the requests alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-artifacts.h"
#include "aiperf-derived.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-run-builder.h"

typedef struct {
  AiperfProgressFunc func;
  gpointer           data;
  double             from;
  double             span;
} ProgressScale;

/* Maps a step's own 0..1 progress into its share of the whole load. */
static void
scaled_progress (double      fraction,
                 const char *what,
                 gpointer    user_data)
{
  ProgressScale *scale = user_data;

  if (scale->func == NULL)
    return;
  if (fraction < 0)
    scale->func (-1, what, scale->data);
  else
    scale->func (scale->from + scale->span * CLAMP (fraction, 0.0, 1.0), what, scale->data);
}

static gboolean
file_exists (const char *directory,
             const char *name)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);

  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

typedef struct {
  char                 *telemetry_path;
  const char           *directory;
  GCancellable         *cancellable;
  AiperfTelemetryParse *telemetry;
  GError               *telemetry_error;
  AiperfTimeslices     *timeslices;
  GError               *timeslices_error;
} SideLoad;

static gpointer
telemetry_thread (gpointer data)
{
  SideLoad *side = data;

  side->telemetry = aiperf_telemetry_parse (side->telemetry_path, side->cancellable,
                                            &side->telemetry_error);
  return NULL;
}

static gpointer
timeslices_thread (gpointer data)
{
  SideLoad *side = data;

  side->timeslices = aiperf_timeslices_load_file (side->directory, &side->timeslices_error);
  return NULL;
}

static void
side_load_join (GThread **thread)
{
  if (*thread != NULL)
    g_thread_join (g_steal_pointer (thread));
}

static void
side_load_clear (SideLoad *side)
{
  g_free (side->telemetry_path);
  g_clear_pointer (&side->telemetry, aiperf_telemetry_parse_free);
  g_clear_error (&side->telemetry_error);
  g_clear_pointer (&side->timeslices, aiperf_timeslices_unref);
  g_clear_error (&side->timeslices_error);
}

gboolean
aiperf_details_load (AiperfRun          *run,
                     GCancellable       *cancellable,
                     AiperfProgressFunc  progress,
                     gpointer            progress_data,
                     GError            **error)
{
  ProgressScale scale = { progress, progress_data, 0.0, 0.8 };
  gboolean has_requests = file_exists (aiperf_run_get_directory (run), AIPERF_FILE_REQUESTS);
  gboolean has_telemetry = file_exists (aiperf_run_get_directory (run), AIPERF_FILE_TELEMETRY);
  gboolean has_timeslices = file_exists (aiperf_run_get_directory (run), AIPERF_FILE_TIMESLICES_JSON) ||
                            file_exists (aiperf_run_get_directory (run), AIPERF_FILE_TIMESLICES_CSV);

  SideLoad side = { NULL, aiperf_run_get_directory (run), cancellable, NULL, NULL, NULL, NULL };
  GThread *telemetry = NULL, *timeslices = NULL;
  gboolean ok = TRUE;

  if (has_telemetry)
    {
      side.telemetry_path = g_build_filename (aiperf_run_get_directory (run), AIPERF_FILE_TELEMETRY, NULL);
      telemetry = g_thread_new ("aiperf-telemetry", telemetry_thread, &side);
    }
  if (has_timeslices)
    timeslices = g_thread_new ("aiperf-timeslices", timeslices_thread, &side);

  if (has_requests)
    {
      g_autofree char *path = g_build_filename (aiperf_run_get_directory (run), AIPERF_FILE_REQUESTS, NULL);

      ok = aiperf_load_requests_jsonl (run, path, cancellable, scaled_progress, &scale, error);
    }
  if (ok && g_cancellable_set_error_if_cancelled (cancellable, error))
    ok = FALSE;

  if (has_telemetry)
    {
      if (ok && progress != NULL)
        progress (0.8, _("Reading GPU telemetry"), progress_data);
      side_load_join (&telemetry);
      /* Telemetry is secondary: a broken file must not hide the requests. */
      if (ok && side.telemetry != NULL)
        aiperf_telemetry_parse_apply (side.telemetry, run);
      else if (ok && g_error_matches (side.telemetry_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&side.telemetry_error));
          ok = FALSE;
        }
      else if (ok)
        aiperf_run_add_warning (run, "%s", side.telemetry_error->message);
    }
  if (ok && g_cancellable_set_error_if_cancelled (cancellable, error))
    ok = FALSE;

  if (has_timeslices)
    {
      if (ok && progress != NULL)
        progress (0.9, _("Reading time slices"), progress_data);
      side_load_join (&timeslices);
      if (ok && side.timeslices != NULL)
        aiperf_timeslices_apply (run, side.timeslices);
      else if (ok)
        aiperf_run_add_warning (run, "%s", side.timeslices_error->message);
    }
  side_load_clear (&side);
  if (!ok || g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  if (file_exists (aiperf_run_get_directory (run), AIPERF_FILE_SERVER_METRICS_JSON))
    {
      g_autofree char *path = g_build_filename (aiperf_run_get_directory (run), AIPERF_FILE_SERVER_METRICS_JSON, NULL);
      g_autoptr(GError) local_error = NULL;
      g_autoptr(AiperfServerMetrics) metrics = NULL;

      if (progress != NULL)
        progress (0.95, _("Reading server metrics"), progress_data);
      /* Like telemetry, a broken file must not hide the rest of the run. */
      metrics = aiperf_server_metrics_load (path, &local_error);
      if (metrics == NULL)
        aiperf_run_add_warning (run, "%s", local_error->message);
      else
        {
          guint skipped = aiperf_server_metrics_get_n_skipped (metrics);

          if (skipped > 0)
            aiperf_run_add_warning (run, g_dngettext (GETTEXT_PACKAGE,
                                                       "%s: skipped %u malformed server-metric entry",
                                                       "%s: skipped %u malformed server-metric entries",
                                                       skipped),
                                    path, skipped);
          aiperf_run_set_server_metrics (run, metrics);
        }
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  if (aiperf_run_get_requests (run) != NULL && aiperf_run_get_throughput (run) == NULL)
    {
      AiperfTable *requests = aiperf_run_get_requests (run);
      g_autoptr(AiperfTable) throughput = NULL;

      throughput = aiperf_derive_dispersed_throughput (requests, aiperf_requests_origin (requests));
      if (throughput != NULL)
        aiperf_run_set_throughput (run, throughput);
    }

  if (progress != NULL)
    progress (1.0, _("Done"), progress_data);
  return TRUE;
}

AiperfRun *
aiperf_folder_run_new (const char *directory)
{
  AiperfRun *run;

  g_return_val_if_fail (directory != NULL, NULL);

  run = aiperf_run_new (directory);
  aiperf_run_set_details_loader (run, aiperf_details_load);
  return run;
}
