/* aiperf-session-plot.c — what the window and the command line ask of
 * presets and plot handlers for what is open: charts, default presets, the
 * metrics and parameters a run set offers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-error.h"
#include "aiperf-metric-registry.h"
#include "aiperf-plot-names.h"
#include "aiperf-presets.h"
#include "aiperf-session-plot.h"

static GHashTable *loading_runs;   /* AiperfRun* (unowned) → itself */

void
aiperf_session_set_run_loading (AiperfRun *run,
                               gboolean   loading)
{
  g_return_if_fail (AIPERF_IS_RUN (run));

  if (loading_runs == NULL)
    loading_runs = g_hash_table_new (NULL, NULL);
  if (loading)
    g_hash_table_add (loading_runs, run);
  else
    g_hash_table_remove (loading_runs, run);
}

gboolean
aiperf_session_get_run_loading (AiperfRun *run)
{
  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  return loading_runs != NULL && g_hash_table_contains (loading_runs, run);
}

gboolean
aiperf_session_run_ready (AiperfRun *run)
{
  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  if (aiperf_session_get_run_loading (run))
    return FALSE;
  return aiperf_run_has_details (run);
}

AiperfChart *
aiperf_session_build_chart (const AiperfPlotSpec *spec,
                           AiperfRunSet         *runs,
                           AiperfRun            *single,
                           AiperfPlotColors     *colors,
                           GError              **error)
{
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  if (single != NULL)
    {
      AiperfChart *chart = aiperf_plot_build_single_run (spec, single, colors, error);
      char *note;

      /* Several runs' drill-downs look alike: each says which run it is,
       * on screen and in its exports. */
      if (chart == NULL)
        return NULL;
      note = chart->note != NULL && *chart->note != '\0'
             ? g_strdup_printf ("Run %s · %s", aiperf_run_get_name (single), chart->note)
             : g_strdup_printf ("Run %s", aiperf_run_get_name (single));
      g_free (chart->note);
      chart->note = note;
      return chart;
    }
  /* A window or report holding several kinds hands every chart all runs:
   * each compares only the runs of its own kind. */
  if (spec->kind != NULL)
    {
      g_autoptr(AiperfRunSet) same_kind = aiperf_run_set_new ();

      for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
        if (g_str_equal (aiperf_run_get_kind (aiperf_run_set_get_run (runs, i)), spec->kind))
          aiperf_run_set_add (same_kind, aiperf_run_set_get_run (runs, i));
      return aiperf_plot_build_multi_run (spec, same_kind, NULL, colors, error);
    }
  return aiperf_plot_build_multi_run (spec, runs, NULL, colors, error);
}

static gboolean
is_separator (char c)
{
  return c == '_' || c == '-' || c == '.' || c == ' ' || c == '/';
}

char *
aiperf_session_run_short_name (AiperfRunSet *runs,
                               AiperfRun    *run)
{
  const char *name, *first = NULL;
  gsize common = G_MAXSIZE;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);
  g_return_val_if_fail (AIPERF_IS_RUN (run), NULL);

  name = aiperf_run_get_name (run);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      const char *other = aiperf_run_get_name (aiperf_run_set_get_run (runs, i));
      gsize n = 0;

      if (first == NULL)
        first = other;
      while (name[n] != '\0' && name[n] == other[n])
        n++;
      common = MIN (common, n);
    }
  if (first == NULL || aiperf_run_set_get_n_runs (runs) < 2 || common == G_MAXSIZE)
    return g_strdup (name);
  /* Back to the start of a word: "concurrency16", not "16". */
  while (common > 0 && !is_separator (name[common - 1]))
    common--;
  if (name[common] == '\0')
    return g_strdup (name);
  return g_strdup (name + common);
}

char *
aiperf_session_export_name (const AiperfPlotSpec *spec,
                            AiperfRun            *single)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (spec != NULL, NULL);

  name = single != NULL ? g_strdup_printf ("%s-%s", spec->name, aiperf_run_get_name (single))
                        : g_strdup (spec->name);
  for (char *p = name; *p != '\0'; p++)
    if (*p == '/' || *p == '\\' || *p == ':' || (guchar) *p < 0x20)
      *p = '_';
  return g_steal_pointer (&name);
}

const char *
aiperf_session_run_parameter (AiperfRun  *run,
                              const char *key)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN (run), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  /* The charts' rule; interned so the caller gets a stable string. */
  text = aiperf_plot_run_text (run, key);
  return text != NULL ? g_intern_string (text) : NULL;
}

GPtrArray *
aiperf_session_default_specs (const AiperfPlotConfig *config,
                             AiperfMode              mode)
{
  GPtrArray *specs = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_plot_spec_free);
  GPtrArray *names;

  g_return_val_if_fail (config != NULL, specs);

  names = aiperf_plot_config_get_defaults (config, mode);
  for (guint i = 0; names != NULL && i < names->len; i++)
    {
      const AiperfPlotSpec *spec = aiperf_plot_config_find (config, mode,
                                                            g_ptr_array_index (names, i));
      if (spec != NULL)
        g_ptr_array_add (specs, aiperf_plot_spec_copy (spec));
    }
  return specs;
}

GPtrArray *
aiperf_session_kind_specs (const AiperfPlotConfig *config,
                           const char             *kind)
{
  GPtrArray *specs = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_plot_spec_free);
  GPtrArray *names, *plots;

  g_return_val_if_fail (config != NULL, specs);
  g_return_val_if_fail (kind != NULL, specs);

  names = aiperf_plot_config_get_kind_defaults (config, kind);
  plots = aiperf_plot_config_get_kind_plots (config, kind);
  for (guint i = 0; names != NULL && plots != NULL && i < names->len; i++)
    for (guint j = 0; j < plots->len; j++)
      {
        const AiperfPlotSpec *spec = g_ptr_array_index (plots, j);

        if (g_str_equal (spec->name, g_ptr_array_index (names, i)))
          {
            g_ptr_array_add (specs, aiperf_plot_spec_copy (spec));
            break;
          }
      }
  return specs;
}

static int
compare_by_label (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const char *ta = *(const char * const *) a;
  const char *tb = *(const char * const *) b;
  const AiperfMetricInfo *ia = aiperf_metric_registry_lookup (ta);
  const AiperfMetricInfo *ib = aiperf_metric_registry_lookup (tb);

  return g_utf8_collate (ia ? ia->display_name : ta, ib ? ib->display_name : tb);
}

GPtrArray *
aiperf_session_list_metrics (AiperfRunSet *runs)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *tags = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), tags);

  for (guint r = 0; r < aiperf_run_set_get_n_runs (runs); r++)
    {
      g_autoptr(GPtrArray) list = aiperf_run_list_metrics (aiperf_run_set_get_run (runs, r));

      for (guint i = 0; list != NULL && i < list->len; i++)
        {
          const char *tag = g_ptr_array_index (list, i);

          if (g_hash_table_contains (seen, tag))
            continue;
          g_ptr_array_add (tags, g_strdup (tag));
          g_hash_table_add (seen, g_ptr_array_index (tags, tags->len - 1));
        }
    }
  g_ptr_array_sort_with_data (tags, compare_by_label, NULL);
  return tags;
}

char *
aiperf_session_metric_label (AiperfRunSet *runs,
                            const char   *tag)
{
  const char *unit = NULL;

  g_return_val_if_fail (tag != NULL, NULL);

  for (guint r = 0; runs != NULL && r < aiperf_run_set_get_n_runs (runs) && unit == NULL; r++)
    unit = aiperf_run_get_metric_unit (aiperf_run_set_get_run (runs, r), tag);
  return aiperf_metric_registry_axis_label (tag, unit);
}

static int
compare_natural (gconstpointer a,
                 gconstpointer b)
{
  const char *sa = *(const char * const *) a;
  const char *sb = *(const char * const *) b;
  char *ea, *eb;
  double da = g_ascii_strtod (sa, &ea), db = g_ascii_strtod (sb, &eb);

  /* Numbers in numeric order (concurrency 2 before 10), text after. */
  if (*sa && *sb && *ea == '\0' && *eb == '\0')
    return (da > db) - (da < db);
  return g_utf8_collate (sa, sb);
}

GPtrArray *
aiperf_session_parameter_values (AiperfRunSet *runs,
                                const char   *key)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), values);

  for (guint r = 0; r < aiperf_run_set_get_n_runs (runs); r++)
    {
      const char *v = aiperf_session_run_parameter (aiperf_run_set_get_run (runs, r), key);

      if (v == NULL)
        v = "";
      if (g_hash_table_contains (seen, v))
        continue;
      g_ptr_array_add (values, g_strdup (v));
      g_hash_table_add (seen, g_ptr_array_index (values, values->len - 1));
    }
  g_ptr_array_sort (values, compare_natural);
  return values;
}
