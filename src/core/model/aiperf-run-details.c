/* aiperf-run-details.c — a run's details, read on demand and installed whole.
 *
 * The format that made a run says how to read its details (an AIPerf
 * folder's per-request JSONL, telemetry, time slices). The reader fills a
 * private staging run that nobody else sees; only when it has finished are
 * its datasets, GPUs and notes installed into the run, and only then does
 * aiperf_run_has_details() say so. A failed or cancelled load leaves the run
 * as it was. Arrays a reader may hold are replaced, never changed in place.
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

static AiperfGpu *
gpu_copy (const AiperfGpu *gpu)
{
  AiperfGpu *copy = g_new0 (AiperfGpu, 1);

  copy->uuid = g_strdup (gpu->uuid);
  copy->index = gpu->index;
  copy->name = g_strdup (gpu->name);
  copy->hostname = g_strdup (gpu->hostname);
  copy->endpoints = g_strdupv (gpu->endpoints);
  return copy;
}

/* What a details reader may look at: where the run is (folder and
 * locator), its parameters (the time-slice length) and its GPUs
 * (telemetry adds to them). */
static AiperfRun *
staging_new (AiperfRun *self)
{
  AiperfRun *staging = aiperf_run_new (self->directory);
  GHashTableIter iter;
  gpointer key, value;

  g_free (staging->locator);
  staging->locator = g_strdup (self->locator);
  g_hash_table_iter_init (&iter, self->parameters);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (staging->parameters, g_strdup (key), g_strdup (value));
  for (guint i = 0; i < self->gpus->len; i++)
    g_ptr_array_add (staging->gpus, gpu_copy (g_ptr_array_index (self->gpus, i)));
  return staging;
}

/* Replaces *@field by @replacement, keeping the old array alive until the
 * run goes: a thread may still be reading it. */
static void
replace_array (AiperfRun  *self,
               GPtrArray **field,
               GPtrArray  *replacement)
{
  g_ptr_array_add (self->retired, *field);
  *field = replacement;
}

static void
install (AiperfRun *self,
         AiperfRun *staging)
{
  g_autoptr(GPtrArray) names = aiperf_run_list_datasets (staging);

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      aiperf_run_set_dataset (self, name, aiperf_run_get_dataset_type (staging, name),
                              aiperf_run_get_dataset (staging, name, G_TYPE_INVALID));
    }

  g_mutex_lock (&self->notes_lock);
  replace_array (self, &self->gpus, g_ptr_array_ref (staging->gpus));
  if (staging->warnings->len > 0)
    {
      GPtrArray *warnings = g_ptr_array_new_full (self->warnings->len + staging->warnings->len, g_free);

      for (guint i = 0; i < self->warnings->len; i++)
        g_ptr_array_add (warnings, g_strdup (g_ptr_array_index (self->warnings, i)));
      for (guint i = 0; i < staging->warnings->len; i++)
        g_ptr_array_add (warnings, g_strdup (g_ptr_array_index (staging->warnings, i)));
      replace_array (self, &self->warnings, warnings);
    }
  self->n_bad_lines += staging->n_bad_lines;
  g_mutex_unlock (&self->notes_lock);
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
  if (!g_atomic_int_get (&self->details_loaded))
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else if (self->details_loader != NULL)
        {
          g_autoptr(AiperfRun) staging = staging_new (self);

          ok = self->details_loader (staging, cancellable, progress, progress_data, error);
          if (ok)
            install (self, staging);
        }
      if (ok)
        g_atomic_int_set (&self->details_loaded, TRUE);
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
