/* aiperf-run-datasets.c — a run's named datasets.
 *
 * A format hands a run what it read besides the summary under a name
 * ("requests", "kernels", "expert_loads", …); plot handlers ask for the
 * names they need. Values are boxed types (tables, time slices, a format's
 * own reference-counted data), so a reader keeps what it got even if the
 * run is freed meanwhile. They live in the run's snapshot
 * (aiperf-run-snapshot-private.h): set while the run is built, read
 * through a reference to it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-run-builder.h"
#include "aiperf-run-struct-private.h"

void
aiperf_run_set_dataset (AiperfRun  *self,
                        const char *name,
                        GType       type,
                        gpointer    value)
{
  g_return_if_fail (AIPERF_IS_RUN (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (G_TYPE_IS_BOXED (type));

  if (value == NULL)
    g_hash_table_remove (self->snapshot->datasets, name);
  else
    {
      RunDataset *dataset = g_new (RunDataset, 1);

      dataset->type = type;
      dataset->value = g_boxed_copy (type, value);
      g_hash_table_replace (self->snapshot->datasets, g_strdup (name), dataset);
    }
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
  g_autoptr(AiperfRunSnapshot) snapshot = NULL;
  RunDataset *dataset;

  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  /* Every later snapshot keeps this value (details only add datasets), so
   * it lives as long as the run. */
  snapshot = aiperf_run_dup_snapshot (self);
  dataset = g_hash_table_lookup (snapshot->datasets, name);
  if (dataset == NULL || (type != G_TYPE_INVALID && !g_type_is_a (dataset->type, type)))
    return NULL;
  return dataset->value;
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
  g_autoptr(AiperfRunSnapshot) snapshot = NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (AIPERF_IS_RUN (self), names);

  snapshot = aiperf_run_dup_snapshot (self);
  g_hash_table_iter_init (&iter, snapshot->datasets);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (names, g_strdup (key));
  g_ptr_array_sort (names, compare_names);
  return names;
}
