/* aiperf-presets-spec.c — one preset, settings and experiment_classification.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-metric-registry.h"
#include "aiperf-presets-private.h"
#include "aiperf-server-metrics.h"
#include "aiperf-stats.h"

/* Columns the loaders and handlers compute, which are not registry metrics. */
static const char * const computed_columns[] = {
  "request_number", "timestamp", "timestamp_s", "timestamp_ns", "throughput_tokens_per_sec",
  "active_requests", "request_start_ns", "request_end_ns", "request_ack_ns", "start_s",
  "end_s", "file_line", "error_code", "was_cancelled", "Timeslice", "timeslice",
  "inter_chunk_latency_avg", "inter_chunk_latency_p50", "inter_chunk_latency_p95",
  "inter_chunk_latency_std", "inter_chunk_latency_min", "inter_chunk_latency_max",
  "inter_chunk_latency_range", "concurrency", "request_rate", "model", "run_name",
  "experiment_group", "experiment_type", "request_count", "duration_seconds",
  "endpoint_type", "gpu_index",
};

static const char * const server_prefixes[] = {
  "vllm_", "sglang_", "trtllm_", "nv_", "http_", "dynamo_", "nvidia_", "dcgm_",
  "process_", "node_", "container_",
};

gboolean
aiperf_presets_metric_is_known (const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);

  if (aiperf_metric_registry_lookup (name) != NULL ||
      aiperf_metric_registry_lookup_display_name (name) != NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (computed_columns); i++)
    if (strcmp (name, computed_columns[i]) == 0)
      return TRUE;
  /* input_config parameters ("loadgen.concurrency") and server metrics ("vllm:…"). */
  if (strchr (name, '.') != NULL || strchr (name, ':') != NULL || strchr (name, '{') != NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (server_prefixes); i++)
    if (g_str_has_prefix (name, server_prefixes[i]))
      return TRUE;
  return aiperf_server_metric_name_looks_like (name);
}

static gboolean
parse_metric_ref (AiperfPresetParser *p,
                  yaml_node_t        *node,
                  const char         *key,
                  AiperfMetricRef    *ref)
{
  /* YAML allows a key twice; the last one wins, as in aiperf (PyYAML). */
  aiperf_metric_ref_clear (ref);
  ref->source = AIPERF_SOURCE_AUTO;
  if (node->type == YAML_SCALAR_NODE)
    {
      g_autoptr(GError) local_error = NULL;
      const char *text = aiperf_presets_get_string (p, node, key);

      if (text == NULL)
        return TRUE;
      if (!aiperf_metric_ref_parse_shortcut (text, ref, &local_error))
        {
          aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, "“%s”: %s", key,
                                local_error->message);
          return FALSE;
        }
    }
  else if (node->type == YAML_MAPPING_NODE)
    {
      yaml_node_t *metric = aiperf_presets_lookup (p, node, "metric");
      yaml_node_t *stat = aiperf_presets_lookup (p, node, "stat");
      yaml_node_t *source = aiperf_presets_lookup (p, node, "source");
      const char *text;

      text = aiperf_presets_get_string (p, metric, "metric");
      if (text == NULL)
        {
          aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                                _("“%s” needs a “metric” name"), key);
          return FALSE;
        }
      ref->metric = g_strdup (text);
      text = aiperf_presets_get_string (p, stat, "stat");
      if (text != NULL && !(ref->has_stat = aiperf_stat_from_string (text, &ref->stat)))
        {
          aiperf_presets_error (p, stat, AIPERF_ERROR_CONFIG,
                                _("“%s”: unknown stat “%s” (expected avg, min, max, std, "
                                  "p1, p5, p10, p25, p50, p75, p90, p95 or p99)"), key, text);
          return FALSE;
        }
      text = aiperf_presets_get_string (p, source, "source");
      if (text != NULL && !aiperf_data_source_from_string (text, &ref->source))
        {
          aiperf_presets_error (p, source, AIPERF_ERROR_CONFIG,
                                _("“%s”: unknown source “%s” (expected requests, timeslices, "
                                  "gpu_telemetry, aggregated, server_metrics or "
                                  "server_metrics_aggregated)"), key, text);
          return FALSE;
        }
    }
  else
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("“%s” must be a metric name or {metric, stat, source}"), key);
      return FALSE;
    }
  if (p->error != NULL && *p->error != NULL)
    return FALSE;

  if (ref->metric != NULL && ref->source == AIPERF_SOURCE_AUTO &&
      !aiperf_presets_metric_is_known (ref->metric))
    {
      const char *suggestion = aiperf_metric_registry_suggest (ref->metric);

      if (suggestion != NULL)
        aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                              _("“%s”: unknown metric “%s”. Did you mean “%s”?"),
                              key, ref->metric, suggestion);
      else
        aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                              _("“%s”: unknown metric “%s” (set “source:” for a GPU or "
                                "server metric)"), key, ref->metric);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_style (AiperfPresetParser *p,
             yaml_node_t        *node,
             const char         *key,
             AiperfTraceStyle   *style)
{
  const char *text;
  yaml_node_t *child;

  if (node->type != YAML_MAPPING_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, _("“%s” must be a mapping"), key);
      return FALSE;
    }
  style->set = TRUE;
  child = aiperf_presets_lookup (p, node, "mode");
  if ((text = aiperf_presets_get_string (p, child, "mode")) != NULL)
    {
      if (strcmp (text, "lines") == 0)
        style->lines = TRUE, style->markers = FALSE;
      else if (strcmp (text, "markers") == 0)
        style->lines = FALSE, style->markers = TRUE;
      else if (strcmp (text, "lines+markers") == 0 || strcmp (text, "markers+lines") == 0)
        style->lines = TRUE, style->markers = TRUE;
      else
        {
          aiperf_presets_error (p, child, AIPERF_ERROR_CONFIG,
                                _("“%s.mode” must be lines, markers or lines+markers, not “%s”"),
                                key, text);
          return FALSE;
        }
    }
  child = aiperf_presets_lookup (p, node, "line_shape");
  if ((text = aiperf_presets_get_string (p, child, "line_shape")) != NULL)
    {
      if (strcmp (text, "linear") == 0)
        style->line_shape = AIPERF_LINE_SHAPE_LINEAR;
      else if (strcmp (text, "hv") == 0)
        style->line_shape = AIPERF_LINE_SHAPE_HV;
      else if (strcmp (text, "spline") == 0)
        style->line_shape = AIPERF_LINE_SHAPE_SPLINE;
      else
        {
          aiperf_presets_error (p, child, AIPERF_ERROR_CONFIG,
                                _("“%s.line_shape” must be linear, hv or spline, not “%s”"),
                                key, text);
          return FALSE;
        }
    }
  child = aiperf_presets_lookup (p, node, "fill");
  if ((text = aiperf_presets_get_string (p, child, "fill")) != NULL)
    {
      if (strcmp (text, "tozeroy") != 0 && strcmp (text, "tonexty") != 0 && strcmp (text, "none") != 0)
        {
          aiperf_presets_error (p, child, AIPERF_ERROR_CONFIG,
                                _("“%s.fill” must be tozeroy or tonexty, not “%s”"), key, text);
          return FALSE;
        }
      style->fill = strcmp (text, "none") != 0;
    }
  if ((child = aiperf_presets_lookup (p, node, "line_width")) != NULL &&
      !aiperf_presets_get_double (p, child, "line_width", 0, 100, &style->line_width))
    return FALSE;
  if ((child = aiperf_presets_lookup (p, node, "marker_size")) != NULL &&
      !aiperf_presets_get_double (p, child, "marker_size", 0, 100, &style->marker_size))
    return FALSE;
  if ((child = aiperf_presets_lookup (p, node, "marker_opacity")) != NULL &&
      !aiperf_presets_get_double (p, child, "marker_opacity", 0, 1, &style->marker_opacity))
    return FALSE;
  if ((child = aiperf_presets_lookup (p, node, "fill_opacity")) != NULL &&
      !aiperf_presets_get_double (p, child, "fill_opacity", 0, 1, &style->fill_opacity))
    return FALSE;
  return p->error == NULL || *p->error == NULL;
}

/* labels: [concurrency] / groups: [model]: one column at most. */
static gboolean
parse_single_column (AiperfPresetParser *p,
                     yaml_node_t        *node,
                     const char         *key,
                     char              **out)
{
  g_auto(GStrv) names = aiperf_presets_get_strv (p, node, key);

  if (names == NULL)
    return FALSE;
  if (g_strv_length (names) > 1)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("“%s” takes a single column, e.g. [%s]; got %u"),
                            key, names[0], g_strv_length (names));
      return FALSE;
    }
  g_free (*out);
  /* "labels: []" switches the point labels off (what the window writes for
   * Label By: None); an empty "groups" keeps the default. */
  if (names[0] == NULL && node->type == YAML_SEQUENCE_NODE && strcmp (key, "labels") == 0)
    *out = g_strdup ("");
  else
    *out = g_strdup (names[0]);
  return TRUE;
}

static gboolean
set_text (AiperfPresetParser *p,
          yaml_node_t        *node,
          const char         *key,
          char              **out)
{
  const char *text = aiperf_presets_get_string (p, node, key);

  if (p->error != NULL && *p->error != NULL)
    return FALSE;
  g_free (*out);
  *out = g_strdup (text);
  return TRUE;
}

static void
keep_extra (AiperfPresetParser *p,
            AiperfPlotSpec     *spec,
            const char         *key,
            yaml_node_t        *value)
{
  if (value == NULL)
    return;
  if (value->type == YAML_SCALAR_NODE)
    g_hash_table_replace (spec->extra, g_strdup (key), g_strdup ((const char *) value->data.scalar.value));
  else if (value->type == YAML_MAPPING_NODE)
    for (yaml_node_pair_t *pair = value->data.mapping.pairs.start;
         pair < value->data.mapping.pairs.top; pair++)
      {
        yaml_node_t *sub = aiperf_presets_node (p, pair->key);
        g_autofree char *path = NULL;

        if (sub == NULL || sub->type != YAML_SCALAR_NODE)
          continue;
        path = g_strconcat (key, ".", (const char *) sub->data.scalar.value, NULL);
        keep_extra (p, spec, path, aiperf_presets_node (p, pair->value));
      }
  else if (value->type == YAML_SEQUENCE_NODE)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (yaml_node_item_t *item = value->data.sequence.items.start;
           item < value->data.sequence.items.top; item++)
        {
          yaml_node_t *child = aiperf_presets_node (p, *item);

          if (child == NULL || child->type != YAML_SCALAR_NODE)
            continue;
          if (list->len > 0)
            g_string_append_c (list, ',');
          g_string_append (list, (const char *) child->data.scalar.value);
        }
      g_hash_table_replace (spec->extra, g_strdup (key), g_string_free (g_steal_pointer (&list), FALSE));
    }
}

static gboolean
parse_spec_key (AiperfPresetParser *p,
                AiperfPlotSpec     *spec,
                const char         *key,
                yaml_node_t        *value)
{
  const char *text;

  if (strcmp (key, "type") == 0 || strcmp (key, "description") == 0)
    return strcmp (key, "type") == 0 || set_text (p, value, key, &spec->description);
  if (strcmp (key, "x") == 0)
    return parse_metric_ref (p, value, key, &spec->x);
  if (strcmp (key, "y") == 0)
    return parse_metric_ref (p, value, key, &spec->y);
  if (strcmp (key, "y2") == 0)
    return parse_metric_ref (p, value, key, &spec->y2);
  if (strcmp (key, "title") == 0)
    return set_text (p, value, key, &spec->title);
  if (strcmp (key, "x_label") == 0)
    return set_text (p, value, key, &spec->x_label);
  if (strcmp (key, "y_label") == 0)
    return set_text (p, value, key, &spec->y_label);
  if (strcmp (key, "supplementary_col") == 0)
    return set_text (p, value, key, &spec->supplementary_col);
  if (strcmp (key, "labels") == 0)
    return parse_single_column (p, value, key, &spec->label_by);
  if (strcmp (key, "groups") == 0)
    return parse_single_column (p, value, key, &spec->group_by);
  if (strcmp (key, "primary_style") == 0)
    return parse_style (p, value, key, &spec->primary_style);
  if (strcmp (key, "secondary_style") == 0)
    return parse_style (p, value, key, &spec->secondary_style);
  if (strcmp (key, "use_slice_duration") == 0)
    return aiperf_presets_get_bool (p, value, key, &spec->use_slice_duration);
  if (strcmp (key, "stat") == 0)
    {
      if ((text = aiperf_presets_get_string (p, value, key)) == NULL)
        return p->error == NULL || *p->error == NULL;
      if (!(spec->has_stat = aiperf_stat_from_string (text, &spec->stat)))
        aiperf_presets_error (p, value, AIPERF_ERROR_CONFIG,
                              _("“stat”: unknown stat “%s” (expected avg, min, max, std, p1, "
                                "p5, p10, p25, p50, p75, p90, p95 or p99)"), text);
      return spec->has_stat;
    }
  if (strcmp (key, "source") == 0)
    {
      if ((text = aiperf_presets_get_string (p, value, key)) == NULL)
        return p->error == NULL || *p->error == NULL;
      if (aiperf_data_source_from_string (text, &spec->source))
        return TRUE;
      aiperf_presets_error (p, value, AIPERF_ERROR_CONFIG,
                            _("“source”: unknown source “%s” (expected requests, timeslices, "
                              "gpu_telemetry, aggregated, server_metrics or "
                              "server_metrics_aggregated)"), text);
      return FALSE;
    }
  if (strcmp (key, "autoscale") == 0)
    {
      static const char * const names[] = { "none", "x", "y", "both" };

      text = aiperf_presets_get_string (p, value, key);
      for (guint i = 0; text != NULL && i < G_N_ELEMENTS (names); i++)
        if (g_ascii_strcasecmp (text, names[i]) == 0)
          {
            spec->autoscale = i;
            return TRUE;
          }
      aiperf_presets_error (p, value, AIPERF_ERROR_CONFIG,
                            _("“autoscale” must be none, x, y or both"));
      return FALSE;
    }
  if (strcmp (key, "ci_level") == 0)
    {
      double level = 0;

      if (!aiperf_presets_get_double (p, value, key, 0, 1, &level))
        return FALSE;
      if (ABS (level - 0.90) > 1e-9 && ABS (level - 0.95) > 1e-9 && ABS (level - 0.99) > 1e-9)
        {
          aiperf_presets_error (p, value, AIPERF_ERROR_CONFIG,
                                _("“ci_level” must be 0.90, 0.95 or 0.99, not %g"), level);
          return FALSE;
        }
      spec->ci_level = level;
      return TRUE;
    }
  /* aiperf reads presets with .get() and ignores other keys; we keep
   * them for the handlers that have keys of their own. */
  keep_extra (p, spec, key, value);
  return TRUE;
}

AiperfPlotSpec *
aiperf_presets_parse_spec (AiperfPresetParser *p,
                           const char         *name,
                           yaml_node_t        *name_node,
                           yaml_node_t        *node,
                           gboolean            multi_run)
{
  g_autoptr(AiperfPlotSpec) spec = NULL;
  yaml_node_t *type_node;
  const char *type_text;
  const AiperfPlotHandler *handler;

  if (node == NULL || node->type != YAML_MAPPING_NODE)
    {
      aiperf_presets_error (p, node ? node : name_node, AIPERF_ERROR_CONFIG,
                            _("preset “%s” must be a mapping with a “type”"), name);
      return NULL;
    }
  type_node = aiperf_presets_lookup (p, node, "type");
  type_text = aiperf_presets_get_string (p, type_node, "type");
  if (type_text == NULL)
    {
      aiperf_presets_error (p, type_node ? type_node : node, AIPERF_ERROR_CONFIG,
                            _("preset “%s” has no “type”"), name);
      return NULL;
    }
  handler = aiperf_plot_handler_find (type_text);
  if (handler == NULL)
    {
      g_autofree char *expected = aiperf_plot_handlers_describe ();

      aiperf_presets_error (p, type_node, AIPERF_ERROR_CONFIG,
                            _("preset “%s”: unknown plot type “%s” (expected %s)"),
                            name, type_text, expected);
      return NULL;
    }
  if (p->kind_section)
    multi_run = handler->scope == AIPERF_PLOT_SCOPE_MULTI_RUN;
  else if ((handler->scope == AIPERF_PLOT_SCOPE_MULTI_RUN) != multi_run)
    {
      aiperf_presets_error (p, type_node, AIPERF_ERROR_CONFIG,
                            multi_run
                              ? _("preset “%s”: “%s” is a single-run plot type; it belongs in single_run_plots")
                              : _("preset “%s”: “%s” compares runs; it belongs in multi_run_plots"),
                            name, type_text);
      return NULL;
    }

  spec = aiperf_plot_spec_new (name, handler);
  spec->multi_run = multi_run;
  spec->line = name_node->start_mark.line + 1;
  spec->column = name_node->start_mark.column + 1;
  for (yaml_node_pair_t *pair = node->data.mapping.pairs.start;
       pair < node->data.mapping.pairs.top; pair++)
    {
      yaml_node_t *key = aiperf_presets_node (p, pair->key);
      const char *key_text = key->type == YAML_SCALAR_NODE ? (const char *) key->data.scalar.value : "";

      if (!parse_spec_key (p, spec, key_text, aiperf_presets_node (p, pair->value)))
        return NULL;
    }
  if (spec->x.metric == NULL && spec->y.metric == NULL && !p->kind_section)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("preset “%s” needs at least an “x” or a “y” metric"), name);
      return NULL;
    }
  if (multi_run && !p->kind_section && (spec->x.metric == NULL || spec->y.metric == NULL))
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("preset “%s”: a %s plot needs both an “x” and a “y” metric"),
                            name, type_text);
      return NULL;
    }
  /* use_slice_duration: aiperf treats the key's presence as "this is a time-slice plot". */
  if (aiperf_presets_lookup (p, node, "use_slice_duration") != NULL && spec->source == AIPERF_SOURCE_AUTO)
    spec->source = AIPERF_SOURCE_TIMESLICES;
  return g_steal_pointer (&spec);
}

gboolean
aiperf_presets_parse_settings (AiperfPresetParser *p,
                               yaml_node_t        *node,
                               AiperfPlotConfig   *config)
{
  yaml_node_t *ds, *child;
  const char *method;

  if (node == NULL || (node->type == YAML_SCALAR_NODE && node->data.scalar.length == 0))
    return TRUE;
  ds = aiperf_presets_lookup (p, node, "server_metrics_downsampling");
  if (ds == NULL)
    return TRUE;
  if ((child = aiperf_presets_lookup (p, ds, "enabled")) != NULL &&
      !aiperf_presets_get_bool (p, child, "enabled", &config->downsampling_enabled))
    return FALSE;
  if ((child = aiperf_presets_lookup (p, ds, "window_size_seconds")) != NULL &&
      !aiperf_presets_get_double (p, child, "window_size_seconds", 1e-9, 1e9,
                                  &config->downsampling_window_s))
    return FALSE;
  child = aiperf_presets_lookup (p, ds, "aggregation_method");
  method = aiperf_presets_get_string (p, child, "aggregation_method");
  if (method != NULL && (g_strcmp0 (method, "mean") == 0 || g_strcmp0 (method, "max") == 0 ||
                         g_strcmp0 (method, "min") == 0 || g_strcmp0 (method, "median") == 0))
    {
      g_free (config->downsampling_method);
      config->downsampling_method = g_strdup (method);
    }
  return p->error == NULL || *p->error == NULL;
}

AiperfClassification *
aiperf_presets_parse_classification (AiperfPresetParser *p,
                                     yaml_node_t        *node)
{
  AiperfClassification *c;
  yaml_node_t *child;
  const char *text;

  if (node->type != YAML_MAPPING_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("“experiment_classification” must be a mapping"));
      return NULL;
    }
  c = g_new0 (AiperfClassification, 1);
  c->group_display_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c->baselines = aiperf_presets_get_strv (p, aiperf_presets_lookup (p, node, "baselines"), "baselines");
  c->treatments = aiperf_presets_get_strv (p, aiperf_presets_lookup (p, node, "treatments"), "treatments");
  child = aiperf_presets_lookup (p, node, "default");
  text = aiperf_presets_get_string (p, child, "default");
  if (text != NULL)
    {
      if (strcmp (text, "baseline") == 0)
        c->default_is_baseline = TRUE;
      else if (strcmp (text, "treatment") != 0)
        aiperf_presets_error (p, child, AIPERF_ERROR_CONFIG,
                              _("“default” must be baseline or treatment, not “%s”"), text);
    }
  child = aiperf_presets_lookup (p, node, "group_extraction_pattern");
  c->group_extraction_pattern = g_strdup (aiperf_presets_get_string (p, child, "group_extraction_pattern"));
  child = aiperf_presets_lookup (p, node, "group_display_names");
  if (child != NULL && child->type == YAML_MAPPING_NODE)
    {
      for (yaml_node_pair_t *pair = child->data.mapping.pairs.start;
           pair < child->data.mapping.pairs.top; pair++)
        {
          const char *k = aiperf_presets_get_string (p, aiperf_presets_node (p, pair->key), "group_display_names");
          const char *v = aiperf_presets_get_string (p, aiperf_presets_node (p, pair->value), "group_display_names");

          if (k != NULL && v != NULL)
            g_hash_table_replace (c->group_display_names, g_strdup (k), g_strdup (v));
        }
    }
  else if (child != NULL && child->type != YAML_SCALAR_NODE)
    aiperf_presets_error (p, child, AIPERF_ERROR_CONFIG,
                          _("“group_display_names” must map group ids to legend text"));

  if (c->baselines == NULL || c->treatments == NULL || (p->error != NULL && *p->error != NULL))
    {
      aiperf_classification_free (c);
      return NULL;
    }
  return c;
}
