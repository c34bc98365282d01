/* aiperf-point-labels.c — what tells a comparison chart's points apart
 * when the label asked for reads the same on every point: a ccl-bench
 * collection driven at an infinite rate read "inf req/s" on all sixteen
 * points, while its variant, max_num_seqs and max_num_batched_tokens
 * were what differed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-plot-names.h"
#include "aiperf-point-labels-private.h"

/* More than this many values on one small label would not be read. */
#define MAX_COLUMNS 4

static void
point_column_free (AiperfPointColumn *column)
{
  g_free (column->key);
  g_free (column->usual);
  g_free (column);
}

static char *
value_of (AiperfRun  *run,
          const char *column)
{
  char *text = aiperf_plot_run_text (run, column);

  return text != NULL ? text : g_strdup ("");
}

/* The value at least three in four of the runs at @positions have for
 * @column, or NULL. */
static char *
usual_value (AiperfRunSet *runs,
             const guint  *positions,
             guint         n,
             const char   *column)
{
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer text, count;

  for (guint i = 0; i < n; i++)
    {
      char *value = value_of (aiperf_run_set_get_run (runs, positions[i]), column);
      guint seen = GPOINTER_TO_UINT (g_hash_table_lookup (counts, value));

      g_hash_table_replace (counts, value, GUINT_TO_POINTER (seen + 1));
    }
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &text, &count))
    if (4 * GPOINTER_TO_UINT (count) >= 3 * n)
      return g_strdup (text);
  return NULL;
}

/* Each run's value of @column as a small number, equal values equal. */
static guint *
value_ids (AiperfRunSet *runs,
           const guint  *positions,
           guint         n,
           const char   *column,
           guint        *out_n_values)
{
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint *values = g_new (guint, n);

  for (guint i = 0; i < n; i++)
    {
      char *text = value_of (aiperf_run_set_get_run (runs, positions[i]), column);
      gpointer id;

      if (!g_hash_table_lookup_extended (ids, text, NULL, &id))
        {
          id = GUINT_TO_POINTER (g_hash_table_size (ids));
          g_hash_table_insert (ids, text, id);
        }
      else
        g_free (text);
      values[i] = GPOINTER_TO_UINT (id);
    }
  *out_n_values = g_hash_table_size (ids);
  return values;
}

/* Pairs of points in a class so far that @values would part. */
static guint64
pairs_parted (const guint *classes,
              const guint *values,
              guint        n)
{
  g_autoptr(GHashTable) by_class = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) by_both = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64 *keys = g_new (gint64, 2 * n);
  guint64 together = 0, still_together = 0;

  /* Counting the pairs as they come: the k-th member of a set makes
   * k − 1 new pairs. */
  for (guint i = 0; i < n; i++)
    {
      gint64 *class_key = &keys[2 * i], *both_key = &keys[2 * i + 1];
      guint count;

      *class_key = classes[i];
      *both_key = ((gint64) classes[i] << 32) | values[i];
      count = GPOINTER_TO_UINT (g_hash_table_lookup (by_class, class_key));
      together += count;
      g_hash_table_insert (by_class, class_key, GUINT_TO_POINTER (count + 1));
      count = GPOINTER_TO_UINT (g_hash_table_lookup (by_both, both_key));
      still_together += count;
      g_hash_table_insert (by_both, both_key, GUINT_TO_POINTER (count + 1));
    }
  return together - still_together;
}

GPtrArray *
aiperf_point_label_columns (AiperfRunSet *runs,
                            const guint  *positions,
                            guint         n_positions,
                            const char   *series_column)
{
  g_autoptr(GPtrArray) swept = NULL;
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint *classes = NULL;
  GPtrArray *columns = g_ptr_array_new_with_free_func ((GDestroyNotify) point_column_free);

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), columns);

  if (n_positions < 2)
    return columns;
  swept = aiperf_run_set_get_swept_parameters (runs);
  for (guint k = 0; k < swept->len; k++)
    {
      guint n_values;

      g_ptr_array_add (values, value_ids (runs, positions, n_positions, g_ptr_array_index (swept, k), &n_values));
      /* one value on every point here: it tells nothing apart */
      if (n_values < 2 || g_strcmp0 (g_ptr_array_index (swept, k), series_column) == 0)
        g_clear_pointer (&g_ptr_array_index (values, k), g_free);
    }
  /* Greedily the parameter that parts the most points still alike, the
   * first of a tie in the swept order (alphabetical). */
  classes = g_new0 (guint, n_positions);
  while (columns->len < MAX_COLUMNS)
    {
      guint64 best_parted = 0;
      guint best = G_MAXUINT;

      for (guint k = 0; k < swept->len; k++)
        {
          guint64 parted;

          if (g_ptr_array_index (values, k) == NULL)
            continue;
          parted = pairs_parted (classes, g_ptr_array_index (values, k), n_positions);
          if (parted > best_parted)
            {
              best_parted = parted;
              best = k;
            }
        }
      if (best == G_MAXUINT)
        break;
      {
        AiperfPointColumn *column = g_new0 (AiperfPointColumn, 1);

        column->key = g_strdup (g_ptr_array_index (swept, best));
        column->usual = usual_value (runs, positions, n_positions, column->key);
        g_ptr_array_add (columns, column);
      }
      /* the classes split by the chosen values */
      {
        const guint *chosen = g_ptr_array_index (values, best);
        g_autoptr(GHashTable) split = g_hash_table_new (g_int64_hash, g_int64_equal);
        g_autofree gint64 *keys = g_new (gint64, n_positions);

        for (guint i = 0; i < n_positions; i++)
          {
            gpointer id;

            keys[i] = ((gint64) classes[i] << 32) | chosen[i];
            if (!g_hash_table_lookup_extended (split, &keys[i], NULL, &id))
              {
                id = GUINT_TO_POINTER (g_hash_table_size (split));
                g_hash_table_insert (split, &keys[i], id);
              }
            classes[i] = GPOINTER_TO_UINT (id);
          }
      }
      g_clear_pointer (&g_ptr_array_index (values, best), g_free);
    }
  return columns;
}

char *
aiperf_point_label_text (AiperfRun *run,
                         GPtrArray *columns)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (AIPERF_IS_RUN (run), NULL);

  for (guint i = 0; columns != NULL && i < columns->len; i++)
    {
      const AiperfPointColumn *column = g_ptr_array_index (columns, i);
      g_autofree char *value = value_of (run, column->key);

      if (*value == '\0' || g_strcmp0 (value, column->usual) == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append (text, value);
    }
  return g_string_free (text, FALSE);
}

char *
aiperf_point_label_title (GPtrArray *columns)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; columns != NULL && i < columns->len; i++)
    {
      const char *key = ((const AiperfPointColumn *) g_ptr_array_index (columns, i))->key;
      const char *name = aiperf_plot_parameter_name (key);
      g_autofree char *display = name != NULL ? g_strdup (_(name)) : aiperf_plot_display_name (key);

      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append (text, display);
    }
  return g_string_free (text, FALSE);
}
