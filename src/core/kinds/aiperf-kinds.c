/* aiperf-kinds.c — the kinds of results and splitting a run set by kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-kind-descriptors.h"

/* The kinds, in the order of aiperf-kinds-list.h. */
static const AiperfKind *const kinds[] = {
#define AIPERF_KIND_ENTRY(name) &aiperf_kind_##name,
#include "aiperf-kinds-list.h"
};

const AiperfKind *
aiperf_kinds_get (guint index)
{
  return index < G_N_ELEMENTS (kinds) ? kinds[index] : NULL;
}

AiperfKindViews
aiperf_kinds_get_views (const char *id)
{
  const AiperfKind *kind;

  g_return_val_if_fail (id != NULL, 0);

  kind = aiperf_kinds_find (id);
  return kind != NULL ? kind->views : 0;
}

const AiperfKind *
aiperf_kinds_find (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_equal (kinds[i]->id, id))
      return kinds[i];
  return NULL;
}

const char *
aiperf_kinds_resolve_metric (AiperfRunSet *runs,
                             const char   *name)
{
  const AiperfKind *kind = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      const char *id = aiperf_run_get_kind (aiperf_run_set_get_run (runs, i));

      if (kind == NULL)
        kind = aiperf_kinds_find (id);
      if (kind == NULL || !g_str_equal (kind->id, id))
        return NULL;
    }
  for (guint i = 0; kind != NULL && kind->metric_aliases != NULL && kind->metric_aliases[i] != NULL; i += 2)
    if (g_str_equal (kind->metric_aliases[i], name))
      return kind->metric_aliases[i + 1];
  return NULL;
}

static int
compare_kinds (gconstpointer a,
               gconstpointer b)
{
  const char *ka = *(const char * const *) a;
  const char *kb = *(const char * const *) b;

  if (g_str_equal (ka, kb))
    return 0;
  if (g_str_equal (ka, AIPERF_KIND_SERVING))
    return -1;
  if (g_str_equal (kb, AIPERF_KIND_SERVING))
    return 1;
  return strcmp (ka, kb);
}

GPtrArray *
aiperf_kinds_split (AiperfRunSet *runs,
                    GHashTable  **out_sets)
{
  GHashTable *sets;
  GPtrArray *ids;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);
  g_return_val_if_fail (out_sets != NULL, NULL);

  sets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      const char *kind = aiperf_run_get_kind (run);
      AiperfRunSet *set = g_hash_table_lookup (sets, kind);

      if (set == NULL)
        {
          set = aiperf_run_set_new ();
          g_hash_table_insert (sets, g_strdup (kind), set);
          g_ptr_array_add (ids, g_strdup (kind));
        }
      aiperf_run_set_add (set, run);
    }
  g_ptr_array_sort (ids, compare_kinds);
  *out_sets = sets;
  return ids;
}
