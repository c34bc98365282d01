/* aiperf-run-snapshot.c — a run's datasets, GPUs and notes as one
 * reference-counted value, and the run's one pointer to it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-run-snapshot-private.h"
#include "aiperf-run-struct-private.h"

void
aiperf_gpu_free (AiperfGpu *gpu)
{
  if (gpu == NULL)
    return;
  g_free (gpu->uuid);
  g_free (gpu->name);
  g_free (gpu->hostname);
  g_strfreev (gpu->endpoints);
  g_free (gpu);
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

static void
run_dataset_free (gpointer data)
{
  RunDataset *dataset = data;

  g_boxed_free (dataset->type, dataset->value);
  g_free (dataset);
}

AiperfRunSnapshot *
aiperf_run_snapshot_new (void)
{
  AiperfRunSnapshot *self = g_new0 (AiperfRunSnapshot, 1);

  g_atomic_ref_count_init (&self->ref);
  self->datasets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, run_dataset_free);
  self->gpus = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_gpu_free);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  return self;
}

AiperfRunSnapshot *
aiperf_run_snapshot_new_for_details (const AiperfRunSnapshot *from)
{
  AiperfRunSnapshot *self = aiperf_run_snapshot_new ();

  for (guint i = 0; i < from->gpus->len; i++)
    g_ptr_array_add (self->gpus, gpu_copy (g_ptr_array_index (from->gpus, i)));
  for (guint i = 0; i < from->warnings->len; i++)
    g_ptr_array_add (self->warnings, g_strdup (g_ptr_array_index (from->warnings, i)));
  self->n_bad_lines = from->n_bad_lines;
  return self;
}

void
aiperf_run_snapshot_keep_datasets (AiperfRunSnapshot       *self,
                                   const AiperfRunSnapshot *from)
{
  GHashTableIter iter;
  gpointer name, value;

  g_hash_table_iter_init (&iter, from->datasets);
  while (g_hash_table_iter_next (&iter, &name, &value))
    {
      const RunDataset *kept = value;
      RunDataset *dataset;

      if (g_hash_table_contains (self->datasets, name))
        continue;
      dataset = g_new (RunDataset, 1);
      dataset->type = kept->type;
      dataset->value = g_boxed_copy (kept->type, kept->value);
      g_hash_table_insert (self->datasets, g_strdup (name), dataset);
    }
}

AiperfRunSnapshot *
aiperf_run_snapshot_ref (AiperfRunSnapshot *self)
{
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
aiperf_run_snapshot_unref (AiperfRunSnapshot *self)
{
  if (!g_atomic_ref_count_dec (&self->ref))
    return;
  g_hash_table_unref (self->datasets);
  g_ptr_array_unref (self->gpus);
  g_ptr_array_unref (self->warnings);
  g_free (self);
}

AiperfRunSnapshot *
aiperf_run_dup_snapshot (AiperfRun *run)
{
  AiperfRunSnapshot *snapshot;

  g_mutex_lock (&run->lock);
  snapshot = aiperf_run_snapshot_ref (run->snapshot);
  g_mutex_unlock (&run->lock);
  return snapshot;
}

void
aiperf_run_install_details (AiperfRun         *run,
                            AiperfRunSnapshot *snapshot)
{
  AiperfRunSnapshot *old;

  aiperf_run_snapshot_ref (snapshot);
  g_mutex_lock (&run->lock);
  old = run->snapshot;
  run->snapshot = snapshot;
  run->details_loaded = TRUE;
  g_mutex_unlock (&run->lock);
  /* Freed here only when no reader holds it any more. */
  aiperf_run_snapshot_unref (old);
}
