/* aiperf-cutile-data.c — cutileGPT runs as a file × config table.
 *
 * A run of a cutileGPT profile is "…/profiling_data.json#gpt_nano": the
 * charts put its files side by side (AS-IS against TO-BE) for each config.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-cutile-private.h"

/* Folder names that say "the version before": they come first, so the
 * speedup is AS-IS ÷ TO-BE (e.g. minGPT ÷ cutileGPT). */
static const char * const as_is_hints[] = {
  "mingpt", "as-is", "as_is", "asis", "baseline", "before", "pytorch", "reference", "orig",
};

static gboolean
is_as_is (const char *label)
{
  g_autofree char *lower = g_ascii_strdown (label, -1);

  for (guint i = 0; i < G_N_ELEMENTS (as_is_hints); i++)
    if (strstr (lower, as_is_hints[i]) != NULL)
      return TRUE;
  return FALSE;
}

double
aiperf_cutile_metric (AiperfRun  *run,
                      const char *tag,
                      AiperfStat  stat)
{
  double value;

  if (run == NULL || !aiperf_run_get_metric (run, tag, stat, &value))
    return NAN;
  return value;
}

double
aiperf_cutile_parameter (AiperfRun  *run,
                         const char *key)
{
  const char *text = run != NULL ? aiperf_run_get_parameter (run, key) : NULL;
  char *end = NULL;
  double value;

  if (text == NULL)
    return NAN;
  value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' ? value : NAN;
}

static void
file_free (AiperfCutileFile *file)
{
  g_free (file->label);
  g_free (file->path);
  g_free (file->by_config);
  g_free (file->ids);
  g_free (file);
}

void
aiperf_cutile_data_free (AiperfCutileData *data)
{
  if (data == NULL)
    return;
  g_ptr_array_unref (data->files);
  g_ptr_array_unref (data->configs);
  g_free (data);
}

AiperfRun *
aiperf_cutile_data_get (AiperfCutileData *data,
                        guint             file,
                        guint             c)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (file < data->files->len && c < data->configs->len, NULL);

  return ((AiperfCutileFile *) g_ptr_array_index (data->files, file))->by_config[c];
}

const char *
aiperf_cutile_data_get_label (AiperfCutileData *data,
                              guint             file)
{
  g_return_val_if_fail (data != NULL && file < data->files->len, NULL);

  return ((AiperfCutileFile *) g_ptr_array_index (data->files, file))->label;
}

typedef struct {
  char   *name;
  double  size;
} ConfigKey;

static int
compare_configs (gconstpointer a,
                 gconstpointer b)
{
  const ConfigKey *ca = a, *cb = b;

  /* Unknown sizes last. */
  if (isfinite (ca->size) != isfinite (cb->size))
    return isfinite (ca->size) ? -1 : 1;
  if (isfinite (ca->size) && ca->size != cb->size)
    return ca->size < cb->size ? -1 : 1;
  return g_strcmp0 (ca->name, cb->name);
}

/* The file part of "file#key", or NULL. */
static char *
locator_file (AiperfRun *run)
{
  const char *locator = aiperf_run_get_locator (run);
  const char *hash = locator != NULL ? strrchr (locator, '#') : NULL;

  return hash != NULL ? g_strndup (locator, hash - locator) : NULL;
}

AiperfCutileData *
aiperf_cutile_data_new (AiperfRunSet *runs)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) path_labels = g_ptr_array_new ();
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (ConfigKey));
  AiperfCutileData *data;
  guint n = aiperf_run_set_get_n_runs (runs);
  guint first_later = 0;

  /* Files in run order, configs with their model size. */
  for (guint i = 0; i < n; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      g_autofree char *file = NULL;
      gboolean known = FALSE;

      if (g_strcmp0 (aiperf_run_get_kind (run), AIPERF_KIND_CUTILE) != 0 ||
          (file = locator_file (run)) == NULL)
        continue;
      if (!g_ptr_array_find_with_equal_func (paths, file, g_str_equal, NULL))
        {
          g_ptr_array_add (paths, g_steal_pointer (&file));
          g_ptr_array_add (path_labels, (gpointer) aiperf_run_get_variation_label (run));
        }
      for (guint k = 0; k < keys->len && !known; k++)
        known = g_str_equal (g_array_index (keys, ConfigKey, k).name, aiperf_run_get_name (run));
      if (!known)
        {
          double layers = aiperf_cutile_parameter (run, "n_layer");
          double embd = aiperf_cutile_parameter (run, "n_embd");
          ConfigKey key = { (char *) aiperf_run_get_name (run), layers * embd * embd };

          g_array_append_val (keys, key);
        }
    }
  if (paths->len == 0)
    return NULL;
  g_array_sort (keys, compare_configs);

  data = g_new0 (AiperfCutileData, 1);
  data->files = g_ptr_array_new_with_free_func ((GDestroyNotify) file_free);
  data->configs = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < keys->len; k++)
    g_ptr_array_add (data->configs, g_strdup (g_array_index (keys, ConfigKey, k).name));

  for (guint f = 0; f < paths->len; f++)
    {
      AiperfCutileFile *file = g_new0 (AiperfCutileFile, 1);
      g_autofree char *label = NULL;

      file->path = g_strdup (g_ptr_array_index (paths, f));
      label = g_ptr_array_index (path_labels, f) != NULL ? g_strdup (g_ptr_array_index (path_labels, f))
                                                          : g_path_get_basename (file->path);
      /* Two files in folders of the same name stay apart: by the file's
       * name ("cutileGPT (profiling_data.json)" beside comparison_data.json's
       * cutileGPT side), else by number. */
      for (guint g = 0; g < data->files->len; g++)
        if (g_str_equal (((AiperfCutileFile *) g_ptr_array_index (data->files, g))->label, label))
          {
            g_autofree char *file_part = g_strdup (file->path);
            g_autofree char *base = NULL;
            g_autofree char *named = NULL;
            gboolean taken = FALSE;

            if (strchr (file_part, '#') != NULL)
              *strchr (file_part, '#') = '\0';
            base = g_path_get_basename (file_part);
            named = g_strdup_printf ("%s (%s)", label, base);
            for (guint h = 0; h < data->files->len && !taken; h++)
              taken = g_str_equal (((AiperfCutileFile *) g_ptr_array_index (data->files, h))->label, named);
            g_free (label);
            label = taken ? g_strdup_printf ("%s (%u)", named, f + 1) : g_steal_pointer (&named);
            break;
          }
      file->label = g_steal_pointer (&label);
      file->by_config = g_new0 (AiperfRun *, data->configs->len);
      file->ids = g_new (int, data->configs->len);
      for (guint c = 0; c < data->configs->len; c++)
        file->ids[c] = -1;
      /* AS-IS files first, in their order; the others after them. */
      if (is_as_is (file->label))
        g_ptr_array_insert (data->files, first_later++, file);
      else
        g_ptr_array_add (data->files, file);
    }

  for (guint i = 0; i < n; i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      g_autofree char *path = NULL;

      if (g_strcmp0 (aiperf_run_get_kind (run), AIPERF_KIND_CUTILE) != 0 ||
          (path = locator_file (run)) == NULL)
        continue;
      for (guint f = 0; f < data->files->len; f++)
        {
          AiperfCutileFile *file = g_ptr_array_index (data->files, f);

          if (!g_str_equal (file->path, path))
            continue;
          for (guint c = 0; c < data->configs->len; c++)
            if (g_str_equal (g_ptr_array_index (data->configs, c), aiperf_run_get_name (run)))
              {
                file->by_config[c] = run;
                file->ids[c] = (int) i;
              }
        }
    }
  return data;
}

GPtrArray *
aiperf_cutile_run_sides (AiperfRunSet *runs)
{
  g_autoptr(AiperfCutileData) data = aiperf_cutile_data_new (runs);
  GPtrArray *sides = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_set_size (sides, aiperf_run_set_get_n_runs (runs));
  for (guint f = 0; data != NULL && f < data->files->len; f++)
    {
      AiperfCutileFile *file = g_ptr_array_index (data->files, f);

      for (guint c = 0; c < data->configs->len; c++)
        if (file->ids[c] >= 0 && (guint) file->ids[c] < sides->len)
          {
            g_free (sides->pdata[file->ids[c]]);
            sides->pdata[file->ids[c]] = g_strdup (file->label);
          }
    }
  return sides;
}

char *
aiperf_cutile_metric_title (AiperfCutileData *data,
                            const char       *tag,
                            const char      **out_unit)
{
  if (g_str_equal (tag, AIPERF_CUTILE_LATENCY))
    {
      *out_unit = "ms";
      return g_strdup (_("Forward Latency"));
    }
  if (g_str_equal (tag, AIPERF_CUTILE_THROUGHPUT))
    {
      *out_unit = "tokens/s";
      return g_strdup (_("Throughput"));
    }
  *out_unit = NULL;
  for (guint f = 0; f < data->files->len && *out_unit == NULL; f++)
    for (guint c = 0; c < data->configs->len && *out_unit == NULL; c++)
      {
        AiperfRun *run = aiperf_cutile_data_get (data, f, c);

        if (run != NULL && aiperf_run_get_metric_stats (run, tag) != NULL)
          *out_unit = aiperf_run_get_metric_unit (run, tag);
      }
  return aiperf_plot_display_name (tag);
}
