/* aiperf-run.c — one AIPerf run: summary, parameters and on-demand details.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-metric-registry.h"
#include "aiperf-run-builder.h"
#include "aiperf-run-struct-private.h"

G_DEFINE_FINAL_TYPE (AiperfRun, aiperf_run, G_TYPE_OBJECT)

static void
run_metric_free (gpointer data)
{
  RunMetric *m = data;

  g_free (m->unit);
  g_free (m);
}

void
aiperf_error_entry_free (AiperfErrorEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->type);
  g_free (entry->message);
  g_free (entry);
}

static void
aiperf_run_finalize (GObject *object)
{
  AiperfRun *self = AIPERF_RUN (object);

  aiperf_run_clear_identity (self);
  g_free (self->directory);
  g_free (self->name);
  g_free (self->model);
  g_free (self->endpoint_type);
  g_free (self->start_time);
  g_free (self->end_time);
  g_free (self->aiperf_version);
  g_free (self->schema_version);
  g_free (self->variation_label);
  g_hash_table_unref (self->parameters);
  g_hash_table_unref (self->metrics);
  g_ptr_array_unref (self->errors);
  aiperf_run_snapshot_unref (self->snapshot);
  g_mutex_clear (&self->lock);
  g_mutex_clear (&self->load_lock);

  G_OBJECT_CLASS (aiperf_run_parent_class)->finalize (object);
}

static void
aiperf_run_class_init (AiperfRunClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_run_finalize;
}

static void
aiperf_run_init (AiperfRun *self)
{
  self->concurrency = 1.0;
  self->request_rate = NAN;
  self->request_count = -1;
  self->error_count = -1;
  self->parameters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->metrics = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, run_metric_free);
  self->errors = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_error_entry_free);
  self->snapshot = aiperf_run_snapshot_new ();
  g_mutex_init (&self->lock);
  g_mutex_init (&self->load_lock);
  aiperf_run_init_identity (self);
}

/* Folder names aiperf's sweep orchestrator generates; they say nothing about
 * the variation, so the label is taken from further up. */
static gboolean
is_generic_dir_name (const char *name)
{
  static const char * const prefixes[] = { "run_", "trial_" };

  if (g_str_equal (name, "aggregate") || g_str_equal (name, "profile_runs"))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    {
      gsize len = strlen (prefixes[i]);
      const char *p;

      if (strncmp (name, prefixes[i], len) != 0 || name[len] == '\0')
        continue;
      for (p = name + len; g_ascii_isdigit (*p); p++)
        ;
      if (*p == '\0')
        return TRUE;
    }
  return FALSE;
}

static char *
variation_label_from_path (const char *directory)
{
  g_autofree char *dir = g_strdup (directory);

  while (dir != NULL)
    {
      g_autofree char *base = g_path_get_basename (dir);
      g_autofree char *parent = g_path_get_dirname (dir);

      if (!is_generic_dir_name (base))
        return g_steal_pointer (&base);
      if (g_str_equal (parent, dir))
        break;
      g_free (dir);
      dir = g_steal_pointer (&parent);
    }
  return g_path_get_basename (directory);
}

AiperfRun *
aiperf_run_new (const char *directory)
{
  AiperfRun *self;

  g_return_val_if_fail (directory != NULL, NULL);

  self = g_object_new (AIPERF_TYPE_RUN, NULL);
  self->directory = g_canonicalize_filename (directory, NULL);
  self->name = g_path_get_basename (self->directory);
  self->variation_label = variation_label_from_path (self->directory);
  self->locator = g_strdup (self->directory);
  return self;
}

AiperfRun *
aiperf_run_new_in_file (const char *file,
                        const char *key)
{
  g_autofree char *path = NULL;
  g_autofree char *directory = NULL;
  AiperfRun *self;

  g_return_val_if_fail (file != NULL, NULL);

  path = g_canonicalize_filename (file, NULL);
  directory = g_path_get_dirname (path);
  self = aiperf_run_new (directory);
  g_free (self->locator);
  g_free (self->name);
  if (key != NULL)
    {
      self->locator = g_strconcat (path, "#", key, NULL);
      self->name = g_strdup (key);
    }
  else
    {
      self->locator = g_strdup (path);
      self->name = g_path_get_basename (path);
    }
  return self;
}

/* --- getters --- */

const char *
aiperf_run_get_name (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->name;
}

const char *
aiperf_run_get_directory (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->directory;
}

const char *
aiperf_run_get_model (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->model != NULL ? self->model : "Unknown";
}

double
aiperf_run_get_concurrency (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), 1.0);
  return self->concurrency;
}

double
aiperf_run_get_request_rate (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NAN);
  return self->request_rate;
}

const char *
aiperf_run_get_endpoint_type (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->endpoint_type;
}

gboolean
aiperf_run_get_streaming (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), FALSE);
  return self->streaming;
}

const char *
aiperf_run_get_start_time (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->start_time;
}

const char *
aiperf_run_get_end_time (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->end_time;
}

const char *
aiperf_run_get_aiperf_version (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->aiperf_version;
}

const char *
aiperf_run_get_schema_version (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->schema_version;
}

guint
aiperf_run_get_artifacts (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), 0);
  return self->artifacts;
}

const char *
aiperf_run_get_variation_label (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->variation_label;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static GPtrArray *
sorted_keys (GHashTable *table)
{
  GPtrArray *keys = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (keys, key);
  g_ptr_array_sort (keys, compare_strings);
  return keys;
}

GPtrArray *
aiperf_run_list_parameters (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return sorted_keys (self->parameters);
}

const char *
aiperf_run_get_parameter (AiperfRun  *self,
                          const char *key)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);
  return g_hash_table_lookup (self->parameters, key);
}

GPtrArray *
aiperf_run_list_metrics (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return sorted_keys (self->metrics);
}

const AiperfStats *
aiperf_run_get_metric_stats (AiperfRun  *self,
                             const char *tag)
{
  RunMetric *m;

  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  g_return_val_if_fail (tag != NULL, NULL);

  m = g_hash_table_lookup (self->metrics, aiperf_metric_registry_canonical_tag (tag));
  return m != NULL ? &m->stats : NULL;
}

const char *
aiperf_run_get_metric_unit (AiperfRun  *self,
                            const char *tag)
{
  RunMetric *m;

  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  g_return_val_if_fail (tag != NULL, NULL);

  m = g_hash_table_lookup (self->metrics, aiperf_metric_registry_canonical_tag (tag));
  return m != NULL ? m->unit : NULL;
}

gboolean
aiperf_run_get_metric (AiperfRun  *self,
                       const char *tag,
                       AiperfStat  stat,
                       double     *out_value)
{
  const AiperfStats *stats;

  g_return_val_if_fail (AIPERF_IS_RUN (self), FALSE);
  g_return_val_if_fail (tag != NULL, FALSE);
  g_return_val_if_fail ((guint) stat < AIPERF_N_STATS, FALSE);

  stats = aiperf_run_get_metric_stats (self, tag);
  if (stats == NULL || !aiperf_stats_has (stats, stat))
    return FALSE;
  if (out_value != NULL)
    *out_value = stats->v[stat];
  return TRUE;
}

gint64
aiperf_run_get_request_count (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), -1);
  return self->request_count;
}

gint64
aiperf_run_get_error_count (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), -1);
  return self->error_count;
}

GPtrArray *
aiperf_run_get_errors (AiperfRun *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  return self->errors;
}

/* GPUs and notes belong to the run's snapshot: a borrowed pointer lives
 * while the run holds that snapshot, a reference as long as it likes. */

GPtrArray *
aiperf_run_get_gpus (AiperfRun *self)
{
  g_autoptr(AiperfRunSnapshot) snapshot = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  snapshot = aiperf_run_dup_snapshot (self);
  return snapshot->gpus;
}

GPtrArray *
aiperf_run_dup_gpus (AiperfRun *self)
{
  g_autoptr(AiperfRunSnapshot) snapshot = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  snapshot = aiperf_run_dup_snapshot (self);
  return g_ptr_array_ref (snapshot->gpus);
}

guint
aiperf_run_get_gpu_count (AiperfRun *self)
{
  g_autoptr(AiperfRunSnapshot) snapshot = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (self), 0);
  snapshot = aiperf_run_dup_snapshot (self);
  return snapshot->gpus->len;
}

GPtrArray *
aiperf_run_get_warnings (AiperfRun *self)
{
  g_autoptr(AiperfRunSnapshot) snapshot = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  snapshot = aiperf_run_dup_snapshot (self);
  return snapshot->warnings;
}

GPtrArray *
aiperf_run_dup_warnings (AiperfRun *self)
{
  g_autoptr(AiperfRunSnapshot) snapshot = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (self), NULL);
  snapshot = aiperf_run_dup_snapshot (self);
  return g_ptr_array_ref (snapshot->warnings);
}

guint
aiperf_run_get_n_bad_lines (AiperfRun *self)
{
  g_autoptr(AiperfRunSnapshot) snapshot = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (self), 0);
  snapshot = aiperf_run_dup_snapshot (self);
  return snapshot->n_bad_lines;
}
