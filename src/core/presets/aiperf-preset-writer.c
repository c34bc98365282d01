/* aiperf-preset-writer.c — writing plot presets back as aiperf YAML.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-error.h"
#include "aiperf-kinds.h"
#include "aiperf-preset-writer.h"
#include "aiperf-presets.h"
#include "aiperf-run-rules.h"
#include "aiperf-stats.h"

/* Double-quoted YAML scalar: safe for any text. */
static void
append_quoted (GString    *out,
               const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if ((guchar) *p < 0x20)
            g_string_append_printf (out, "\\x%02x", (guchar) *p);
          else
            g_string_append_c (out, *p);
        }
    }
  g_string_append_c (out, '"');
}

static void
append_key_string (GString    *out,
                   const char *indent,
                   const char *key,
                   const char *value)
{
  if (value == NULL)
    return;
  g_string_append_printf (out, "%s%s: ", indent, key);
  append_quoted (out, value);
  g_string_append_c (out, '\n');
}

static void
append_double (GString *out,
               double   v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, g_ascii_dtostr (buf, sizeof buf, v));
}

static void
append_metric_ref (GString               *out,
                   const char            *key,
                   const AiperfMetricRef *ref)
{
  if (ref->metric == NULL)
    return;
  g_string_append_printf (out, "      %s:\n", key);
  append_key_string (out, "        ", "metric", ref->metric);
  if (ref->has_stat)
    g_string_append_printf (out, "        stat: %s\n", aiperf_stat_to_string (ref->stat));
  if (ref->source != AIPERF_SOURCE_AUTO)
    g_string_append_printf (out, "        source: %s\n", aiperf_data_source_to_string (ref->source));
}

static void
append_style (GString                *out,
              const char             *key,
              const AiperfTraceStyle *style)
{
  static const char * const shapes[] = { "linear", "hv", "spline" };

  if (!style->set)
    return;
  g_string_append_printf (out, "      %s:\n", key);
  g_string_append_printf (out, "        mode: %s\n",
                          style->lines && style->markers ? "lines+markers"
                          : style->markers ? "markers" : "lines");
  g_string_append_printf (out, "        line_shape: %s\n", shapes[MIN (style->line_shape, 2)]);
  if (style->fill)
    g_string_append (out, "        fill: tozeroy\n");
  g_string_append (out, "        line_width: ");
  append_double (out, style->line_width);
  g_string_append (out, "\n        marker_size: ");
  append_double (out, style->marker_size);
  g_string_append (out, "\n        marker_opacity: ");
  append_double (out, style->marker_opacity);
  g_string_append (out, "\n        fill_opacity: ");
  append_double (out, style->fill_opacity);
  g_string_append_c (out, '\n');
}

static void
append_spec (GString              *out,
             const AiperfPlotSpec *spec)
{
  static const char * const autoscale[] = { "none", "x", "y", "both" };

  g_string_append (out, "    ");
  append_quoted (out, spec->name);
  g_string_append_printf (out, ":\n      type: %s\n", spec->handler->type);
  append_metric_ref (out, "x", &spec->x);
  append_metric_ref (out, "y", &spec->y);
  append_metric_ref (out, "y2", &spec->y2);
  if (spec->has_stat)
    g_string_append_printf (out, "      stat: %s\n", aiperf_stat_to_string (spec->stat));
  if (spec->source != AIPERF_SOURCE_AUTO)
    g_string_append_printf (out, "      source: %s\n", aiperf_data_source_to_string (spec->source));
  /* "" is "no labels": an empty list, which reads back the same. */
  if (spec->label_by != NULL && *spec->label_by == '\0')
    g_string_append (out, "      labels: []\n");
  else if (spec->label_by != NULL)
    {
      g_string_append (out, "      labels: [");
      append_quoted (out, spec->label_by);
      g_string_append (out, "]\n");
    }
  if (spec->group_by != NULL)
    {
      g_string_append (out, "      groups: [");
      append_quoted (out, spec->group_by);
      g_string_append (out, "]\n");
    }
  append_key_string (out, "      ", "title", spec->title);
  append_key_string (out, "      ", "description", spec->description);
  append_key_string (out, "      ", "x_label", spec->x_label);
  append_key_string (out, "      ", "y_label", spec->y_label);
  append_style (out, "primary_style", &spec->primary_style);
  append_style (out, "secondary_style", &spec->secondary_style);
  append_key_string (out, "      ", "supplementary_col", spec->supplementary_col);
  if (spec->autoscale != AIPERF_AUTOSCALE_NONE)
    g_string_append_printf (out, "      autoscale: %s\n", autoscale[spec->autoscale & 3]);
  if (spec->handler->trial_means && spec->ci_level > 0)
    {
      g_string_append (out, "      ci_level: ");
      append_double (out, spec->ci_level);
      g_string_append_c (out, '\n');
    }
  if (spec->use_slice_duration)
    g_string_append (out, "      use_slice_duration: true\n");
}

static void
append_names (GString    *out,
              const char *key,
              GPtrArray  *names)
{
  g_string_append_printf (out, "  %s:", key);
  if (names == NULL || names->len == 0)
    {
      g_string_append (out, " []\n");
      return;
    }
  g_string_append_c (out, '\n');
  for (guint i = 0; i < names->len; i++)
    {
      g_string_append (out, "    - ");
      append_quoted (out, g_ptr_array_index (names, i));
      g_string_append_c (out, '\n');
    }
}

static void
append_specs (GString    *out,
              const char *key,
              GPtrArray  *specs)
{
  g_string_append_printf (out, "  %s:", key);
  if (specs == NULL || specs->len == 0)
    {
      g_string_append (out, " {}\n");
      return;
    }
  g_string_append_c (out, '\n');
  for (guint i = 0; i < specs->len; i++)
    append_spec (out, g_ptr_array_index (specs, i));
}

static void
append_globs (GString     *out,
              const char  *key,
              char       **globs)
{
  g_string_append_printf (out, "  %s: [", key);
  for (guint i = 0; globs != NULL && globs[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      append_quoted (out, globs[i]);
    }
  g_string_append (out, "]\n");
}

static void
append_list (GString   *out,
             GPtrArray *values)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < values->len; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      append_quoted (out, g_ptr_array_index (values, i));
    }
  g_string_append (out, "]\n");
}

static void
append_bound (GString    *out,
              const char *key,
              double      v)
{
  g_string_append_printf (out, ", %s: ", key);
  if (isfinite (v))
    append_double (out, v);
  else
    g_string_append (out, "null");
}

/* aiperf-plot's runs: block (aiperf-run-rules.h). */
static void
append_runs (GString              *out,
             const AiperfRunRules *rules)
{
  g_autoptr(GList) keys = NULL;

  if (aiperf_run_rules_empty (rules))
    return;
  g_string_append (out, "runs:\n");
  if (rules->hidden->len > 0)
    {
      g_string_append (out, "  hidden: ");
      append_list (out, rules->hidden);
    }
  keys = g_list_sort (g_hash_table_get_keys (rules->parameters), (GCompareFunc) g_strcmp0);
  if (keys != NULL)
    g_string_append (out, "  parameters:\n");
  for (GList *l = keys; l != NULL; l = l->next)
    {
      g_string_append (out, "    ");
      append_quoted (out, l->data);
      g_string_append (out, ": ");
      append_list (out, g_hash_table_lookup (rules->parameters, l->data));
    }
  if (rules->ranges->len > 0)
    g_string_append (out, "  metric_ranges:\n");
  for (guint i = 0; i < rules->ranges->len; i++)
    {
      const AiperfRunRange *r = g_ptr_array_index (rules->ranges, i);

      g_string_append (out, "    - {metric: ");
      append_quoted (out, r->metric);
      g_string_append_printf (out, ", stat: %s", aiperf_stat_to_string (r->stat));
      append_bound (out, "min", r->min);
      append_bound (out, "max", r->max);
      g_string_append (out, "}\n");
    }
}

char *
aiperf_plot_config_to_yaml (const AiperfPlotConfig *config)
{
  GString *out;

  g_return_val_if_fail (config != NULL, NULL);

  out = g_string_new ("# Plot presets (aiperf plot_config.yaml schema), written by AIPerf Plot.\n");
  g_string_append (out, "visualization:\n");
  append_names (out, "multi_run_defaults", config->multi_run_defaults);
  append_names (out, "single_run_defaults", config->single_run_defaults);
  append_specs (out, "multi_run_plots", config->multi_run_plots);
  append_specs (out, "single_run_plots", config->single_run_plots);
  if (config->downsampling_method != NULL)
    {
      g_string_append_printf (out, "settings:\n  server_metrics_downsampling:\n    enabled: %s\n"
                              "    window_size_seconds: ",
                              config->downsampling_enabled ? "true" : "false");
      append_double (out, config->downsampling_window_s);
      g_string_append (out, "\n    aggregation_method: ");
      append_quoted (out, config->downsampling_method);
      g_string_append_c (out, '\n');
    }
  if (config->classification != NULL)
    {
      const AiperfClassification *c = config->classification;

      g_string_append (out, "experiment_classification:\n");
      append_globs (out, "baselines", c->baselines);
      append_globs (out, "treatments", c->treatments);
      g_string_append_printf (out, "  default: %s\n", c->default_is_baseline ? "baseline" : "treatment");
      if (c->group_extraction_pattern != NULL)
        append_key_string (out, "  ", "group_extraction_pattern", c->group_extraction_pattern);
      if (c->group_display_names != NULL && g_hash_table_size (c->group_display_names) > 0)
        {
          GHashTableIter iter;
          gpointer k, v;

          g_string_append (out, "  group_display_names:\n");
          g_hash_table_iter_init (&iter, c->group_display_names);
          while (g_hash_table_iter_next (&iter, &k, &v))
            {
              g_string_append (out, "    ");
              append_quoted (out, k);
              g_string_append (out, ": ");
              append_quoted (out, v);
              g_string_append_c (out, '\n');
            }
        }
    }
  append_runs (out, config->runs);
  return g_string_free (out, FALSE);
}

static void
put_spec (GPtrArray            *specs,
          GPtrArray            *defaults,
          const AiperfPlotSpec *spec)
{
  gboolean listed = FALSE;

  for (guint i = 0; i < specs->len; i++)
    {
      AiperfPlotSpec *old = g_ptr_array_index (specs, i);

      if (g_strcmp0 (old->name, spec->name) == 0)
        {
          aiperf_plot_spec_free (old);
          specs->pdata[i] = aiperf_plot_spec_copy (spec);
          goto defaults;
        }
    }
  g_ptr_array_add (specs, aiperf_plot_spec_copy (spec));
defaults:
  for (guint i = 0; i < defaults->len && !listed; i++)
    listed = g_strcmp0 (g_ptr_array_index (defaults, i), spec->name) == 0;
  if (!listed)
    g_ptr_array_add (defaults, g_strdup (spec->name));
}

const char *
aiperf_preset_section (const AiperfPlotSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  if (spec->handler->aiperf_type)
    return spec->multi_run ? "multi_run" : "single_run";
  return spec->kind != NULL ? spec->kind : AIPERF_KIND_SERVING;
}

gboolean
aiperf_preset_save (const AiperfPlotSpec *spec,
                    const char           *path,
                    gboolean              merge,
                    GError              **error)
{
  g_autoptr(AiperfPlotConfig) config = NULL;
  g_autofree char *yaml = NULL;
  g_autofree char *tmp = NULL;

  g_return_val_if_fail (spec != NULL && spec->name != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (merge && g_file_test (path, G_FILE_TEST_EXISTS))
    {
      config = aiperf_plot_config_load_file (path, error);
      if (config == NULL)
        return FALSE;
    }
  else
    {
      config = g_new0 (AiperfPlotConfig, 1);
      config->filename = g_strdup (path);
      config->multi_run_defaults = g_ptr_array_new_with_free_func (g_free);
      config->single_run_defaults = g_ptr_array_new_with_free_func (g_free);
      config->multi_run_plots = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_plot_spec_free);
      config->single_run_plots = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_plot_spec_free);
    }
  if (spec->multi_run)
    put_spec (config->multi_run_plots, config->multi_run_defaults, spec);
  else
    put_spec (config->single_run_plots, config->single_run_defaults, spec);

  yaml = aiperf_plot_config_to_yaml (config);
  /* Write beside the target and rename: a failure never leaves half a file. */
  tmp = g_strdup_printf ("%s.tmp-XXXXXX", path);
  {
    int fd = g_mkstemp (tmp);

    if (fd < 0)
      {
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s: %s", path, g_strerror (errno));
        return FALSE;
      }
    close (fd);
    if (!g_file_set_contents (tmp, yaml, -1, error))
      {
        g_unlink (tmp);
        return FALSE;
      }
    if (g_rename (tmp, path) != 0)
      {
        int saved = errno;

        g_unlink (tmp);
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s: %s", path, g_strerror (saved));
        return FALSE;
      }
  }
  return TRUE;
}
