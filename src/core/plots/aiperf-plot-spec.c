/* aiperf-plot-spec.c — plot presets as values: types, sources, stat shortcuts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-plot-spec.h"
#include "aiperf-run-rules.h"
#include "aiperf-stats.h"

static const char * const source_names[] = {
  "auto",
  "requests",
  "timeslices",
  "gpu_telemetry",
  "aggregated",
  "server_metrics",
  "server_metrics_aggregated",
};

/* The suffixes aiperf's shortcut splitter knows (config.py). */
static const char * const shortcut_stats[] = {
  "p50", "avg", "p90", "p95", "p99", "min", "max", "std",
  "p1", "p5", "p10", "p25", "p75",
};

const char *
aiperf_data_source_to_string (AiperfDataSource source)
{
  g_return_val_if_fail ((guint) source < G_N_ELEMENTS (source_names), NULL);

  return source_names[source];
}

gboolean
aiperf_data_source_from_string (const char       *text,
                                AiperfDataSource *out_source)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (source_names); i++)
    if (g_strcmp0 (text, source_names[i]) == 0)
      {
        if (out_source != NULL)
          *out_source = (AiperfDataSource) i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
looks_like_percentile (const char *tail)
{
  if (tail[0] != 'p' || tail[1] == '\0')
    return FALSE;
  for (const char *p = tail + 1; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p) && *p != '.')
      return FALSE;
  return TRUE;
}

/* The known percentile nearest to "p67", for the error message. */
static const char *
nearest_percentile (const char *tail)
{
  double want = g_ascii_strtod (tail + 1, NULL);
  const char *best = "p50";
  double best_d = G_MAXDOUBLE;

  for (guint i = 0; i < G_N_ELEMENTS (shortcut_stats); i++)
    {
      const char *s = shortcut_stats[i];
      double d;

      if (s[0] != 'p')
        continue;
      d = ABS (g_ascii_strtod (s + 1, NULL) - want);
      if (d < best_d)
        {
          best_d = d;
          best = s;
        }
    }
  return best;
}

gboolean
aiperf_metric_ref_parse_shortcut (const char      *text,
                                  AiperfMetricRef *out_ref,
                                  GError         **error)
{
  const char *underscore;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_ref != NULL, FALSE);

  memset (out_ref, 0, sizeof *out_ref);
  out_ref->source = AIPERF_SOURCE_AUTO;
  underscore = strrchr (text, '_');
  if (underscore != NULL && underscore != text && underscore[1] != '\0')
    {
      const char *tail = underscore + 1;

      for (guint i = 0; i < G_N_ELEMENTS (shortcut_stats); i++)
        if (strcmp (tail, shortcut_stats[i]) == 0)
          {
            out_ref->metric = g_strndup (text, underscore - text);
            out_ref->has_stat = aiperf_stat_from_string (tail, &out_ref->stat);
            return TRUE;
          }
      if (looks_like_percentile (tail))
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_CONFIG,
                       _("Invalid stat suffix “%s” in “%s”. Did you mean “%.*s_%s”? "
                         "Known stats: p1 p5 p10 p25 p50 p75 p90 p95 p99 avg min max std"),
                       tail, text, (int) (underscore - text), text, nearest_percentile (tail));
          return FALSE;
        }
    }
  out_ref->metric = g_strdup (text);
  return TRUE;
}

void
aiperf_metric_ref_clear (AiperfMetricRef *ref)
{
  g_return_if_fail (ref != NULL);

  g_clear_pointer (&ref->metric, g_free);
  ref->has_stat = FALSE;
}

AiperfStat
aiperf_plot_spec_get_y_stat (const AiperfPlotSpec *spec,
                             AiperfStat            fallback)
{
  g_return_val_if_fail (spec != NULL, fallback);

  if (spec->has_stat)
    return spec->stat;
  if (spec->y.has_stat)
    return spec->y.stat;
  return fallback;
}

static void
metric_ref_copy (AiperfMetricRef       *dest,
                 const AiperfMetricRef *src)
{
  *dest = *src;
  dest->metric = g_strdup (src->metric);
}

AiperfPlotSpec *
aiperf_plot_spec_copy (const AiperfPlotSpec *spec)
{
  AiperfPlotSpec *copy;

  g_return_val_if_fail (spec != NULL, NULL);

  copy = g_new0 (AiperfPlotSpec, 1);
  *copy = *spec;
  copy->name = g_strdup (spec->name);
  copy->kind = g_strdup (spec->kind);
  metric_ref_copy (&copy->x, &spec->x);
  metric_ref_copy (&copy->y, &spec->y);
  metric_ref_copy (&copy->y2, &spec->y2);
  copy->label_by = g_strdup (spec->label_by);
  copy->group_by = g_strdup (spec->group_by);
  copy->title = g_strdup (spec->title);
  copy->description = g_strdup (spec->description);
  copy->x_label = g_strdup (spec->x_label);
  copy->y_label = g_strdup (spec->y_label);
  copy->supplementary_col = g_strdup (spec->supplementary_col);
  copy->extra = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (spec->extra != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, spec->extra);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (copy->extra, g_strdup (key), g_strdup (value));
    }
  return copy;
}

void
aiperf_plot_spec_free (AiperfPlotSpec *spec)
{
  if (spec == NULL)
    return;
  g_free (spec->name);
  g_free (spec->kind);
  aiperf_metric_ref_clear (&spec->x);
  aiperf_metric_ref_clear (&spec->y);
  aiperf_metric_ref_clear (&spec->y2);
  g_free (spec->label_by);
  g_free (spec->group_by);
  g_free (spec->title);
  g_free (spec->description);
  g_free (spec->x_label);
  g_free (spec->y_label);
  g_free (spec->supplementary_col);
  g_clear_pointer (&spec->extra, g_hash_table_unref);
  g_free (spec);
}

void
aiperf_classification_free (AiperfClassification *classification)
{
  if (classification == NULL)
    return;
  g_strfreev (classification->baselines);
  g_strfreev (classification->treatments);
  g_free (classification->group_extraction_pattern);
  g_clear_pointer (&classification->group_display_names, g_hash_table_unref);
  g_free (classification);
}

void
aiperf_plot_config_free (AiperfPlotConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->filename);
  g_clear_pointer (&config->multi_run_defaults, g_ptr_array_unref);
  g_clear_pointer (&config->single_run_defaults, g_ptr_array_unref);
  g_clear_pointer (&config->multi_run_plots, g_ptr_array_unref);
  g_clear_pointer (&config->single_run_plots, g_ptr_array_unref);
  aiperf_classification_free (config->classification);
  g_clear_pointer (&config->kind_defaults, g_hash_table_unref);
  g_clear_pointer (&config->kind_plots, g_hash_table_unref);
  g_free (config->downsampling_method);
  aiperf_run_rules_free (config->runs);
  g_free (config);
}

const AiperfPlotSpec *
aiperf_plot_config_find (const AiperfPlotConfig *config,
                         AiperfMode              mode,
                         const char             *name)
{
  GPtrArray *plots;

  g_return_val_if_fail (config != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  plots = mode == AIPERF_MODE_MULTI_RUN ? config->multi_run_plots : config->single_run_plots;
  for (guint i = 0; plots != NULL && i < plots->len; i++)
    {
      const AiperfPlotSpec *spec = g_ptr_array_index (plots, i);

      if (g_strcmp0 (spec->name, name) == 0)
        return spec;
    }
  return NULL;
}

GPtrArray *
aiperf_plot_config_get_defaults (const AiperfPlotConfig *config,
                                 AiperfMode              mode)
{
  g_return_val_if_fail (config != NULL, NULL);

  return mode == AIPERF_MODE_MULTI_RUN ? config->multi_run_defaults
                                       : config->single_run_defaults;
}

const char *
aiperf_plot_spec_get_extra (const AiperfPlotSpec *spec,
                            const char           *key)
{
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  return spec->extra != NULL ? g_hash_table_lookup (spec->extra, key) : NULL;
}

void
aiperf_plot_spec_set_extra (AiperfPlotSpec *spec,
                            const char     *key,
                            const char     *value)
{
  g_return_if_fail (spec != NULL);
  g_return_if_fail (key != NULL);

  if (spec->extra == NULL)
    spec->extra = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (value == NULL)
    g_hash_table_remove (spec->extra, key);
  else
    g_hash_table_replace (spec->extra, g_strdup (key), g_strdup (value));
}

void
aiperf_plot_spec_apply_options (AiperfPlotSpec *spec,
                                GHashTable     *options)
{
  GHashTableIter iter;
  gpointer key, value;

  g_return_if_fail (spec != NULL);

  if (options == NULL)
    return;
  g_hash_table_iter_init (&iter, options);
  while (g_hash_table_iter_next (&iter, &key, &value))
    aiperf_plot_spec_set_extra (spec, key, value);
}

GPtrArray *
aiperf_plot_config_get_kind_plots (const AiperfPlotConfig *config,
                                   const char             *kind)
{
  g_return_val_if_fail (config != NULL, NULL);
  g_return_val_if_fail (kind != NULL, NULL);

  return config->kind_plots != NULL ? g_hash_table_lookup (config->kind_plots, kind) : NULL;
}

GPtrArray *
aiperf_plot_config_get_kind_defaults (const AiperfPlotConfig *config,
                                      const char             *kind)
{
  g_return_val_if_fail (config != NULL, NULL);
  g_return_val_if_fail (kind != NULL, NULL);

  return config->kind_defaults != NULL ? g_hash_table_lookup (config->kind_defaults, kind) : NULL;
}
