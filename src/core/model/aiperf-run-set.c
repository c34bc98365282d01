/* aiperf-run-set.c — the runs being looked at: a GListModel of AiperfRun.
 * (Loading one from paths is the formats' job: aiperf-run-set-load.c.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-run-set-builder.h"

struct _AiperfRunSet {
  GObject    parent_instance;
  GPtrArray *runs;         /* AiperfRun*, sorted by locator (digits by value) */
  GPtrArray *load_errors;  /* GError* */
  GPtrArray *warnings;     /* char* */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AiperfRunSet, aiperf_run_set, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
get_item_type (GListModel *model)
{
  return AIPERF_TYPE_RUN;
}

static guint
get_n_items (GListModel *model)
{
  return AIPERF_RUN_SET (model)->runs->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  AiperfRunSet *self = AIPERF_RUN_SET (model);

  if (position >= self->runs->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->runs, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
aiperf_run_set_finalize (GObject *object)
{
  AiperfRunSet *self = AIPERF_RUN_SET (object);

  g_ptr_array_unref (self->runs);
  g_ptr_array_unref (self->load_errors);
  g_ptr_array_unref (self->warnings);

  G_OBJECT_CLASS (aiperf_run_set_parent_class)->finalize (object);
}

static void
aiperf_run_set_class_init (AiperfRunSetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_run_set_finalize;
}

static void
aiperf_run_set_init (AiperfRunSet *self)
{
  self->runs = g_ptr_array_new_with_free_func (g_object_unref);
  self->load_errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
}

AiperfRunSet *
aiperf_run_set_new (void)
{
  return g_object_new (AIPERF_TYPE_RUN_SET, NULL);
}

/* Like strcmp, but runs of digits compare by value, so "file#10" sorts
 * after "file#9" and "c8" before "c16". */
static int
natural_compare (const char *a,
                 const char *b)
{
  while (*a != '\0' && *b != '\0')
    {
      if (g_ascii_isdigit (*a) && g_ascii_isdigit (*b))
        {
          const char *ea = a, *eb = b;

          while (*a == '0' && g_ascii_isdigit (a[1]))
            a++;
          while (*b == '0' && g_ascii_isdigit (b[1]))
            b++;
          for (ea = a; g_ascii_isdigit (*ea); ea++)
            ;
          for (eb = b; g_ascii_isdigit (*eb); eb++)
            ;
          if (ea - a != eb - b)
            return (ea - a) < (eb - b) ? -1 : 1;
          for (; a < ea; a++, b++)
            if (*a != *b)
              return *a < *b ? -1 : 1;
          continue;
        }
      if (*a != *b)
        return (guchar) *a < (guchar) *b ? -1 : 1;
      a++;
      b++;
    }
  return (guchar) *a - (guchar) *b;
}

gboolean
aiperf_run_set_add (AiperfRunSet *self,
                    AiperfRun    *run)
{
  const char *locator;
  guint position = 0;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (self), FALSE);
  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  locator = aiperf_run_get_locator (run);
  /* Runs arrive mostly in order, so scan from the end. */
  for (position = self->runs->len; position > 0; position--)
    {
      AiperfRun *other = g_ptr_array_index (self->runs, position - 1);
      int cmp = strcmp (aiperf_run_get_locator (other), locator) == 0
                  ? 0 : natural_compare (aiperf_run_get_locator (other), locator);

      if (cmp == 0)
        return FALSE;
      if (cmp < 0)
        break;
    }
  g_ptr_array_insert (self->runs, position, g_object_ref (run));
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, 1);
  return TRUE;
}

gboolean
aiperf_run_set_remove (AiperfRunSet *self,
                       AiperfRun    *run)
{
  guint position;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (self), FALSE);
  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  if (!g_ptr_array_find (self->runs, run, &position))
    return FALSE;
  g_ptr_array_remove_index (self->runs, position);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
  return TRUE;
}

AiperfRun *
aiperf_run_set_get_run (AiperfRunSet *self,
                        guint         position)
{
  g_return_val_if_fail (AIPERF_IS_RUN_SET (self), NULL);
  g_return_val_if_fail (position < self->runs->len, NULL);

  return g_ptr_array_index (self->runs, position);
}

AiperfRun *
aiperf_run_set_find (AiperfRunSet *self,
                     const char   *locator)
{
  g_autofree char *canonical = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (self), NULL);
  g_return_val_if_fail (locator != NULL, NULL);

  canonical = g_canonicalize_filename (locator, NULL);
  for (guint i = 0; i < self->runs->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (self->runs, i);

      if (g_str_equal (aiperf_run_get_locator (run), canonical))
        return run;
    }
  return NULL;
}

guint
aiperf_run_set_get_n_runs (AiperfRunSet *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_SET (self), 0);
  return self->runs->len;
}

AiperfMode
aiperf_run_set_get_mode (AiperfRunSet *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_SET (self), AIPERF_MODE_SINGLE_RUN);
  return self->runs->len >= 2 ? AIPERF_MODE_MULTI_RUN : AIPERF_MODE_SINGLE_RUN;
}

GPtrArray *
aiperf_run_set_get_load_errors (AiperfRunSet *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_SET (self), NULL);
  return self->load_errors;
}

GPtrArray *
aiperf_run_set_get_warnings (AiperfRunSet *self)
{
  g_return_val_if_fail (AIPERF_IS_RUN_SET (self), NULL);
  return self->warnings;
}

void
aiperf_run_set_take_load_error (AiperfRunSet *self,
                                GError       *error)
{
  g_return_if_fail (AIPERF_IS_RUN_SET (self));
  g_return_if_fail (error != NULL);
  g_ptr_array_add (self->load_errors, error);
}

void
aiperf_run_set_add_warning (AiperfRunSet *self,
                            const char   *text)
{
  g_return_if_fail (AIPERF_IS_RUN_SET (self));
  g_return_if_fail (text != NULL);
  g_ptr_array_add (self->warnings, g_strdup (text));
}

/* --- swept parameters --- */

/* Keys that differ between any two runs without being an experiment variable,
 * or that repeat "model" / "concurrency". */
static gboolean
is_ignored_parameter (const char *key)
{
  static const char * const suffixes[] = {
    "start_time", "end_time", "random_seed", "url", "urls", "benchmark_id",
    "sweep_id", "run_id", "artifact_directory", "cli_command", "trial",
    "run_label", "variation_index", ".concurrency", "model_names",
    "models.items.name", "models.name", "metadata.model", "gpu_telemetry",
  };
  const char *last = strrchr (key, '.');

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_str_has_suffix (key, suffixes[i]))
      return TRUE;
  if (g_str_equal (key, "models"))
    return TRUE;
  last = last != NULL ? last + 1 : key;
  return g_str_has_suffix (last, "_id") || g_str_equal (last, "id");
}

static char *
run_value (AiperfRun  *run,
           const char *key)
{
  if (g_str_equal (key, "model"))
    return g_strdup (aiperf_run_get_model (run));
  if (g_str_equal (key, "concurrency"))
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      return g_strdup (g_ascii_dtostr (buf, sizeof buf, aiperf_run_get_concurrency (run)));
    }
  return g_strdup (aiperf_run_get_parameter (run, key));
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
aiperf_run_set_get_swept_parameters (AiperfRunSet *self)
{
  g_autoptr(GHashTable) keys = NULL;
  GPtrArray *swept;
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (self), NULL);

  keys = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_add (keys, (gpointer) "model");
  g_hash_table_add (keys, (gpointer) "concurrency");
  for (guint i = 0; i < self->runs->len; i++)
    {
      g_autoptr(GPtrArray) params = aiperf_run_list_parameters (g_ptr_array_index (self->runs, i));

      for (guint j = 0; j < params->len; j++)
        if (!is_ignored_parameter (g_ptr_array_index (params, j)))
          g_hash_table_add (keys, g_ptr_array_index (params, j));
    }

  /* Keys point into the runs, which outlive this function. */
  swept = g_ptr_array_new_with_free_func (g_free);
  g_hash_table_iter_init (&iter, keys);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_autofree char *first = NULL;
      gboolean differs = FALSE;

      for (guint i = 0; i < self->runs->len && !differs; i++)
        {
          g_autofree char *value = run_value (g_ptr_array_index (self->runs, i), key);

          if (i == 0)
            first = g_steal_pointer (&value);
          else
            differs = g_strcmp0 (first, value) != 0;
        }
      if (differs)
        g_ptr_array_add (swept, g_strdup (key));
    }
  g_ptr_array_sort (swept, compare_strings);
  return swept;
}
