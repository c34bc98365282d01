/* aiperf-run-details.c — a run's details, read on demand and installed whole.
 *
 * The format that made a run says how to read its details (an AIPerf
 * folder's per-request JSONL, telemetry, time slices). The reader fills a
 * private staging run that nobody else sees, whose snapshot starts from
 * the run's GPUs and notes; when it has finished, that snapshot, with the
 * run's datasets added, becomes the run's in one pointer swap, which also
 * makes aiperf_run_has_details() say so. A failed or cancelled load leaves
 * the run as it was; a snapshot a reader holds never changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-run-builder.h"
#include "aiperf-run-struct-private.h"

void
aiperf_run_set_details_loader (AiperfRun           *self,
                               AiperfDetailsLoader  loader)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  self->details_loader = loader;
}

/* What a details reader may look at: where the run is (folder and
 * locator), its parameters (the time-slice length) and, in a snapshot of
 * its own, copies of its GPUs (telemetry adds to them) and notes. */
static AiperfRun *
staging_new (AiperfRun         *self,
             AiperfRunSnapshot *current)
{
  AiperfRun *staging = aiperf_run_new (self->directory);
  GHashTableIter iter;
  gpointer key, value;

  g_free (staging->locator);
  staging->locator = g_strdup (self->locator);
  g_hash_table_iter_init (&iter, self->parameters);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (staging->parameters, g_strdup (key), g_strdup (value));
  aiperf_run_snapshot_unref (staging->snapshot);
  staging->snapshot = aiperf_run_snapshot_new_for_details (current);
  return staging;
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

  g_mutex_lock (&self->load_lock);
  if (!aiperf_run_has_details (self))
    {
      /* Only a load changes a handed-out run's snapshot, and loads take
       * turns: @current stays the run's until this one installs. */
      g_autoptr(AiperfRunSnapshot) current = aiperf_run_dup_snapshot (self);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else if (self->details_loader == NULL)
        aiperf_run_install_details (self, current);
      else
        {
          g_autoptr(AiperfRun) staging = staging_new (self, current);

          ok = self->details_loader (staging, cancellable, progress, progress_data, error);
          if (ok)
            {
              aiperf_run_snapshot_keep_datasets (staging->snapshot, current);
              aiperf_run_install_details (self, staging->snapshot);
            }
        }
    }
  g_mutex_unlock (&self->load_lock);
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
  gboolean loaded;

  g_return_val_if_fail (AIPERF_IS_RUN (self), FALSE);

  /* Under the snapshot's lock, not load_lock: a load holds that one
   * throughout, and the window asks this while a load runs. */
  g_mutex_lock (&self->lock);
  loaded = self->details_loaded;
  g_mutex_unlock (&self->lock);
  return loaded;
}

gboolean
aiperf_run_can_load_details (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), FALSE);
  return self->details_loader != NULL;
}

/* The detail getters and setters: named datasets under their old names. */

AiperfTable *
aiperf_run_get_requests (AiperfRun *self)
{
  return aiperf_run_get_table (self, AIPERF_DATASET_REQUESTS);
}

AiperfTable *
aiperf_run_get_warmup_requests (AiperfRun *self)
{
  return aiperf_run_get_table (self, AIPERF_DATASET_WARMUP_REQUESTS);
}

AiperfTable *
aiperf_run_get_throughput (AiperfRun *self)
{
  return aiperf_run_get_table (self, AIPERF_DATASET_THROUGHPUT);
}

AiperfTable *
aiperf_run_get_gpu_telemetry (AiperfRun *self)
{
  return aiperf_run_get_table (self, AIPERF_DATASET_GPU_TELEMETRY);
}

AiperfTimeslices *
aiperf_run_get_timeslices (AiperfRun *self)
{
  return aiperf_run_get_dataset (self, AIPERF_DATASET_TIMESLICES, AIPERF_TYPE_TIMESLICES);
}

AiperfServerMetrics *
aiperf_run_get_server_metrics (AiperfRun *self)
{
  return aiperf_run_get_dataset (self, AIPERF_DATASET_SERVER_METRICS, AIPERF_TYPE_SERVER_METRICS);
}

void
aiperf_run_set_requests (AiperfRun   *self,
                         AiperfTable *requests)
{
  aiperf_run_set_table (self, AIPERF_DATASET_REQUESTS, requests);
}

void
aiperf_run_set_warmup_requests (AiperfRun   *self,
                                AiperfTable *warmup)
{
  aiperf_run_set_table (self, AIPERF_DATASET_WARMUP_REQUESTS, warmup);
}

void
aiperf_run_set_throughput (AiperfRun   *self,
                           AiperfTable *throughput)
{
  aiperf_run_set_table (self, AIPERF_DATASET_THROUGHPUT, throughput);
}

void
aiperf_run_set_gpu_telemetry (AiperfRun   *self,
                              AiperfTable *telemetry)
{
  aiperf_run_set_table (self, AIPERF_DATASET_GPU_TELEMETRY, telemetry);
}

void
aiperf_run_set_timeslices (AiperfRun        *self,
                           AiperfTimeslices *timeslices)
{
  aiperf_run_set_dataset (self, AIPERF_DATASET_TIMESLICES, AIPERF_TYPE_TIMESLICES, timeslices);
}

void
aiperf_run_set_server_metrics (AiperfRun           *self,
                               AiperfServerMetrics *metrics)
{
  aiperf_run_set_dataset (self, AIPERF_DATASET_SERVER_METRICS, AIPERF_TYPE_SERVER_METRICS, metrics);
}
