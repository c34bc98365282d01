/* aiperf-run-rules.c — which runs a view draws (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-plot-names.h"
#include "aiperf-run-rules.h"

static void
range_free (AiperfRunRange *range)
{
  g_free (range->metric);
  g_free (range);
}

AiperfRunRules *
aiperf_run_rules_new (void)
{
  AiperfRunRules *rules = g_new0 (AiperfRunRules, 1);

  rules->hidden = g_ptr_array_new_with_free_func (g_free);
  rules->parameters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) g_ptr_array_unref);
  rules->ranges = g_ptr_array_new_with_free_func ((GDestroyNotify) range_free);
  return rules;
}

void
aiperf_run_rules_free (AiperfRunRules *rules)
{
  if (rules == NULL)
    return;
  g_ptr_array_unref (rules->hidden);
  g_hash_table_unref (rules->parameters);
  g_ptr_array_unref (rules->ranges);
  g_free (rules);
}

AiperfRunRules *
aiperf_run_rules_copy (const AiperfRunRules *rules)
{
  AiperfRunRules *copy;
  GHashTableIter iter;
  gpointer key, values;

  if (rules == NULL)
    return NULL;
  copy = aiperf_run_rules_new ();
  for (guint i = 0; i < rules->hidden->len; i++)
    g_ptr_array_add (copy->hidden, g_strdup (g_ptr_array_index (rules->hidden, i)));
  g_hash_table_iter_init (&iter, rules->parameters);
  while (g_hash_table_iter_next (&iter, &key, &values))
    g_hash_table_insert (copy->parameters, g_strdup (key),
                         g_ptr_array_copy (values, (GCopyFunc) (void (*) (void)) g_strdup, NULL));
  for (guint i = 0; i < rules->ranges->len; i++)
    {
      const AiperfRunRange *r = g_ptr_array_index (rules->ranges, i);

      aiperf_run_rules_add_range (copy, r->metric, r->stat, r->min, r->max);
    }
  return copy;
}

gboolean
aiperf_run_rules_empty (const AiperfRunRules *rules)
{
  return rules == NULL ||
         (rules->hidden->len == 0 && g_hash_table_size (rules->parameters) == 0 && rules->ranges->len == 0);
}

void
aiperf_run_rules_add_range (AiperfRunRules *rules,
                            const char     *metric,
                            AiperfStat      stat,
                            double          min,
                            double          max)
{
  AiperfRunRange *range;

  g_return_if_fail (rules != NULL && metric != NULL);

  range = g_new0 (AiperfRunRange, 1);
  range->metric = g_strdup (metric);
  range->stat = stat;
  range->min = min;
  range->max = max;
  g_ptr_array_add (rules->ranges, range);
}

/* @path ends with @tail where a folder (or the run's "#part") begins. */
static gboolean
path_has_tail (const char *path,
               const char *tail)
{
  gsize n = strlen (path), m = strlen (tail);

  if (m == 0 || m > n || strcmp (path + n - m, tail) != 0)
    return FALSE;
  return m == n || path[n - m - 1] == G_DIR_SEPARATOR || path[n - m - 1] == '/';
}

gboolean
aiperf_run_rules_hides (const AiperfRunRules *rules,
                        AiperfRun            *run)
{
  const char *name, *locator;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  if (rules == NULL)
    return FALSE;
  name = aiperf_run_get_name (run);
  locator = aiperf_run_get_locator (run);
  for (guint i = 0; i < rules->hidden->len; i++)
    {
      const char *entry = g_ptr_array_index (rules->hidden, i);

      if (g_strcmp0 (entry, name) == 0 || (locator != NULL && path_has_tail (locator, entry)))
        return TRUE;
      if (strpbrk (entry, "*?") != NULL &&
          ((name != NULL && g_pattern_match_simple (entry, name)) ||
           (locator != NULL && g_pattern_match_simple (entry, locator))))
        return TRUE;
    }
  return FALSE;
}

static gboolean
in_range (const AiperfRunRange *range,
          AiperfRun            *run)
{
  double value;

  /* an alias or display name ("ttft") reads as the registry's tag */
  if (!aiperf_run_get_metric (run, aiperf_plot_resolve_tag (range->metric), range->stat, &value) ||
      !isfinite (value))
    return FALSE;
  return !(isfinite (range->min) && value < range->min) && !(isfinite (range->max) && value > range->max);
}

gboolean
aiperf_run_rules_filters (const AiperfRunRules *rules,
                          AiperfRun            *run)
{
  GHashTableIter iter;
  gpointer key, values;

  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  if (rules == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, rules->parameters);
  while (g_hash_table_iter_next (&iter, &key, &values))
    {
      g_autofree char *text = aiperf_plot_run_text (run, key);

      if (!g_ptr_array_find_with_equal_func (values, text != NULL ? text : "", g_str_equal, NULL))
        return TRUE;
    }
  for (guint i = 0; i < rules->ranges->len; i++)
    if (!in_range (g_ptr_array_index (rules->ranges, i), run))
      return TRUE;
  return FALSE;
}

gboolean
aiperf_run_rules_shows (const AiperfRunRules *rules,
                        AiperfRun            *run)
{
  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  return !aiperf_run_rules_hides (rules, run) && !aiperf_run_rules_filters (rules, run);
}
