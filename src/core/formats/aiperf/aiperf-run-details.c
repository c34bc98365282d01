/* aiperf-run-details.c — loading a run's per-request data, telemetry and
 * time slices on demand, and the detail accessors.
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

#include "aiperf-derived.h"
#include "aiperf-error.h"
#include "aiperf-loaders-private.h"
#include "aiperf-run-private.h"
#include "aiperf-run-struct-private.h"

void
aiperf_run_clear_details (AiperfRun *self)
{
  g_clear_pointer (&self->requests, aiperf_table_unref);
  g_clear_pointer (&self->warmup, aiperf_table_unref);
  g_clear_pointer (&self->throughput, aiperf_table_unref);
  g_clear_pointer (&self->gpu_telemetry, aiperf_table_unref);
  g_clear_pointer (&self->timeslices, aiperf_timeslices_unref);
  g_clear_pointer (&self->server_metrics, aiperf_server_metrics_unref);
}

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

static double
first_request_start (AiperfTable *requests)
{
  const double *start;
  guint n;
  double origin = NAN;

  start = aiperf_table_get_column (requests, "request_start_ns");
  if (start == NULL)
    return NAN;
  n = aiperf_table_get_n_rows (requests);
  /* Rows are in start order, but NaN starts may lead; take the minimum. */
  for (guint i = 0; i < n; i++)
    if (!isnan (start[i]) && (isnan (origin) || start[i] < origin))
      origin = start[i];
  return origin;
}

typedef struct {
  char                 *telemetry_path;
  char                 *directory;
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

static gboolean
load_details_locked (AiperfRun          *self,
                     GCancellable       *cancellable,
                     AiperfProgressFunc  progress,
                     gpointer            progress_data,
                     GError            **error)
{
  ProgressScale scale = { progress, progress_data, 0.0, 0.8 };
  gboolean has_requests = file_exists (self->directory, AIPERF_FILE_REQUESTS);
  gboolean has_telemetry = file_exists (self->directory, AIPERF_FILE_TELEMETRY);
  gboolean has_timeslices = file_exists (self->directory, AIPERF_FILE_TIMESLICES_JSON) ||
                            file_exists (self->directory, AIPERF_FILE_TIMESLICES_CSV);

  SideLoad side = { NULL, self->directory, cancellable, NULL, NULL, NULL, NULL };
  GThread *telemetry = NULL, *timeslices = NULL;
  gboolean ok = TRUE;

  if (has_telemetry)
    {
      side.telemetry_path = g_build_filename (self->directory, AIPERF_FILE_TELEMETRY, NULL);
      telemetry = g_thread_new ("aiperf-telemetry", telemetry_thread, &side);
    }
  if (has_timeslices)
    timeslices = g_thread_new ("aiperf-timeslices", timeslices_thread, &side);

  if (has_requests)
    {
      g_autofree char *path = g_build_filename (self->directory, AIPERF_FILE_REQUESTS, NULL);

      self->artifacts |= AIPERF_RUN_HAS_REQUESTS;
      ok = aiperf_load_requests_jsonl (self, path, cancellable, scaled_progress, &scale, error);
    }
  if (ok && g_cancellable_set_error_if_cancelled (cancellable, error))
    ok = FALSE;

  if (has_telemetry)
    {
      self->artifacts |= AIPERF_RUN_HAS_TELEMETRY;
      if (ok && progress != NULL)
        progress (0.8, _("Reading GPU telemetry"), progress_data);
      side_load_join (&telemetry);
      /* Telemetry is secondary: a broken file must not hide the requests. */
      if (ok && side.telemetry != NULL)
        aiperf_telemetry_parse_apply (side.telemetry, self);
      else if (ok && g_error_matches (side.telemetry_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&side.telemetry_error));
          ok = FALSE;
        }
      else if (ok)
        aiperf_run_add_warning (self, "%s", side.telemetry_error->message);
    }
  if (ok && g_cancellable_set_error_if_cancelled (cancellable, error))
    ok = FALSE;

  if (has_timeslices)
    {
      self->artifacts |= AIPERF_RUN_HAS_TIMESLICES;
      if (ok && progress != NULL)
        progress (0.9, _("Reading time slices"), progress_data);
      side_load_join (&timeslices);
      if (ok && side.timeslices != NULL)
        aiperf_timeslices_apply (self, side.timeslices);
      else if (ok)
        aiperf_run_add_warning (self, "%s", side.timeslices_error->message);
    }
  side_load_clear (&side);
  if (!ok || g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  if (file_exists (self->directory, AIPERF_FILE_SERVER_METRICS_JSON))
    {
      g_autofree char *path = g_build_filename (self->directory, AIPERF_FILE_SERVER_METRICS_JSON, NULL);
      g_autoptr(GError) local_error = NULL;
      g_autoptr(AiperfServerMetrics) metrics = NULL;

      self->artifacts |= AIPERF_RUN_HAS_SERVER_METRICS;
      if (progress != NULL)
        progress (0.95, _("Reading server metrics"), progress_data);
      /* Like telemetry, a broken file must not hide the rest of the run. */
      metrics = aiperf_server_metrics_load (path, &local_error);
      if (metrics == NULL)
        aiperf_run_add_warning (self, "%s", local_error->message);
      else
        {
          guint skipped = aiperf_server_metrics_get_n_skipped (metrics);

          if (skipped > 0)
            aiperf_run_add_warning (self, g_dngettext (GETTEXT_PACKAGE,
                                                       "%s: skipped %u malformed server-metric entry",
                                                       "%s: skipped %u malformed server-metric entries",
                                                       skipped),
                                    path, skipped);
          g_clear_pointer (&self->server_metrics, aiperf_server_metrics_unref);
          self->server_metrics = g_steal_pointer (&metrics);
        }
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  if (self->requests != NULL && self->throughput == NULL)
    {
      AiperfTable *throughput;

      throughput = aiperf_derive_dispersed_throughput (self->requests,
                                                       first_request_start (self->requests));
      if (throughput != NULL)
        {
          g_clear_pointer (&self->throughput, aiperf_table_unref);
          self->throughput = throughput;
        }
    }

  if (progress != NULL)
    progress (1.0, _("Done"), progress_data);
  return TRUE;
}

gboolean
aiperf_run_load_details (AiperfRun          *self,
                         GCancellable       *cancellable,
                         AiperfProgressFunc  progress,
                         gpointer            progress_data,
                         GError            **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (AIPERF_IS_RUN (self), FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_mutex_lock (&self->details_lock);
  if (!self->details_loaded)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else
        ok = load_details_locked (self, cancellable, progress, progress_data, error);
      if (ok)
        g_atomic_int_set (&self->details_loaded, TRUE);
      else
        aiperf_run_clear_details (self);   /* a later call starts afresh */
    }
  g_mutex_unlock (&self->details_lock);
  return ok;
}

static void
load_details_thread (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  GError *error = NULL;

  if (aiperf_run_load_details (AIPERF_RUN (source_object), cancellable, NULL, NULL, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
aiperf_run_load_details_async (AiperfRun          *self,
                               GCancellable       *cancellable,
                               GAsyncReadyCallback callback,
                               gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, aiperf_run_load_details_async);
  g_task_run_in_thread (task, load_details_thread);
}

gboolean
aiperf_run_load_details_finish (AiperfRun     *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
aiperf_run_has_details (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), FALSE);

  /* Atomic, not under details_lock: a load holds that lock throughout, and
   * the window asks this from the main thread while a load runs. */
  return g_atomic_int_get (&self->details_loaded);
}

/* The getters do not take the lock: the tables are only replaced while a
 * load holds it, and callers read them after the load has finished. */

AiperfTable *
aiperf_run_get_requests (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->requests;
}

AiperfTable *
aiperf_run_get_warmup_requests (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->warmup;
}

AiperfTable *
aiperf_run_get_throughput (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->throughput;
}

AiperfTable *
aiperf_run_get_gpu_telemetry (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->gpu_telemetry;
}

AiperfTimeslices *
aiperf_run_get_timeslices (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->timeslices;
}

AiperfServerMetrics *
aiperf_run_get_server_metrics (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->server_metrics;
}

#define DEFINE_TABLE_SETTER(func, field, type, ref, unref)        \
  void                                                            \
  func (AiperfRun *self,                                          \
        type      *value)                                         \
  {                                                               \
    g_return_if_fail (AIPERF_IS_RUN (self));                      \
    if (value != NULL)                                            \
      ref (value);                                                \
    g_clear_pointer (&self->field, unref);                        \
    self->field = value;                                          \
  }

DEFINE_TABLE_SETTER (aiperf_run_set_requests, requests, AiperfTable,
                     aiperf_table_ref, aiperf_table_unref)
DEFINE_TABLE_SETTER (aiperf_run_set_warmup_requests, warmup, AiperfTable,
                     aiperf_table_ref, aiperf_table_unref)
DEFINE_TABLE_SETTER (aiperf_run_set_throughput, throughput, AiperfTable,
                     aiperf_table_ref, aiperf_table_unref)
DEFINE_TABLE_SETTER (aiperf_run_set_gpu_telemetry, gpu_telemetry, AiperfTable,
                     aiperf_table_ref, aiperf_table_unref)
DEFINE_TABLE_SETTER (aiperf_run_set_timeslices, timeslices, AiperfTimeslices,
                     aiperf_timeslices_ref, aiperf_timeslices_unref)
DEFINE_TABLE_SETTER (aiperf_run_set_server_metrics, server_metrics, AiperfServerMetrics,
                     aiperf_server_metrics_ref, aiperf_server_metrics_unref)
