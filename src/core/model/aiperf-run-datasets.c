/* aiperf-run-datasets.c — a run's named datasets.
 *
 * A format hands a run what it read besides the summary under a name
 * ("requests", "kernels", "expert_loads", …); plot handlers ask for the
 * names they need. Values are boxed types (tables, time slices, a format's
 * own reference-counted data), so a reader keeps what it got even if the
 * run is freed meanwhile.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-run-builder.h"
#include "aiperf-run-struct-private.h"

typedef struct {
  GType    type;
  gpointer value;
} RunDataset;

static void
run_dataset_free (gpointer data)
{
  RunDataset *dataset = data;

  g_boxed_free (dataset->type, dataset->value);
  g_free (dataset);
}

void
aiperf_run_init_datasets (AiperfRun *self)
{
  g_rw_lock_init (&self->datasets_lock);
  self->datasets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, run_dataset_free);
}

void
aiperf_run_clear_datasets (AiperfRun *self)
{
  g_clear_pointer (&self->datasets, g_hash_table_unref);
  g_rw_lock_clear (&self->datasets_lock);
}

void
aiperf_run_set_dataset (AiperfRun  *self,
                        const char *name,
                        GType       type,
                        gpointer    value)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (G_TYPE_IS_BOXED (type));

  g_rw_lock_writer_lock (&self->datasets_lock);
  if (value == NULL)
    g_hash_table_remove (self->datasets, name);
  else
    {
      RunDataset *dataset = g_new (RunDataset, 1);

      dataset->type = type;
      dataset->value = g_boxed_copy (type, value);
      g_hash_table_replace (self->datasets, g_strdup (name), dataset);
    }
  g_rw_lock_writer_unlock (&self->datasets_lock);
}

void
aiperf_run_set_table (AiperfRun   *self,
                      const char  *name,
                      AiperfTable *table)
{
  aiperf_run_set_dataset (self, name, AIPERF_TYPE_TABLE, table);
}

gpointer
aiperf_run_get_dataset (AiperfRun  *self,
                        const char *name,
                        GType       type)
{
  RunDataset *dataset;
  gpointer value = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  g_rw_lock_reader_lock (&self->datasets_lock);
  dataset = g_hash_table_lookup (self->datasets, name);
  if (dataset != NULL && (type == G_TYPE_INVALID || g_type_is_a (dataset->type, type)))
    value = dataset->value;
  g_rw_lock_reader_unlock (&self->datasets_lock);
  return value;
}

GType
aiperf_run_get_dataset_type (AiperfRun  *self,
                             const char *name)
{
  RunDataset *dataset;
  GType type = G_TYPE_INVALID;

  g_rw_lock_reader_lock (&self->datasets_lock);
  dataset = g_hash_table_lookup (self->datasets, name);
  if (dataset != NULL)
    type = dataset->type;
  g_rw_lock_reader_unlock (&self->datasets_lock);
  return type;
}

AiperfTable *
aiperf_run_get_table (AiperfRun  *self,
                      const char *name)
{
  return aiperf_run_get_dataset (self, name, AIPERF_TYPE_TABLE);
}

gboolean
aiperf_run_has_dataset (AiperfRun  *self,
                        const char *name)
{
  return aiperf_run_get_dataset (self, name, G_TYPE_INVALID) != NULL;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
aiperf_run_list_datasets (AiperfRun *self)
{
  GPtrArray *names = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (AIPERF_IS_RUN (self), names);

  g_rw_lock_reader_lock (&self->datasets_lock);
  g_hash_table_iter_init (&iter, self->datasets);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (names, key);
  g_rw_lock_reader_unlock (&self->datasets_lock);
  g_ptr_array_sort (names, compare_names);
  return names;
}
