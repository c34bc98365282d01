/* aiperf-presets.c — reading plot preset YAML with libyaml.
 *
 * The whole file is loaded as a libyaml document so every error can point
 * at the line and column of the node that is wrong.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>
#include <yaml.h>

#include "aiperf-core-resources.h"
#include "aiperf-error.h"
#include "aiperf-presets.h"
#include "aiperf-presets-private.h"

static const char *
scalar (yaml_node_t *node)
{
  if (node == NULL || node->type != YAML_SCALAR_NODE)
    return NULL;
  return (const char *) node->data.scalar.value;
}

static gboolean
is_null (yaml_node_t *node)
{
  const char *s = scalar (node);

  if (node == NULL)
    return TRUE;
  if (s == NULL || node->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
    return FALSE;
  return *s == '\0' || strcmp (s, "~") == 0 || g_ascii_strcasecmp (s, "null") == 0;
}

void
aiperf_presets_error (AiperfPresetParser *p,
                      yaml_node_t        *node,
                      int                 code,
                      const char         *format,
                      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (*p->error != NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (node != NULL)
    g_set_error (p->error, AIPERF_ERROR, code, "%s:%u:%u: %s", p->filename,
                 (guint) node->start_mark.line + 1, (guint) node->start_mark.column + 1,
                 message);
  else
    g_set_error (p->error, AIPERF_ERROR, code, "%s: %s", p->filename, message);
}

yaml_node_t *
aiperf_presets_node (AiperfPresetParser *p,
                     int                 index)
{
  return yaml_document_get_node (p->doc, index);
}

yaml_node_t *
aiperf_presets_lookup (AiperfPresetParser *p,
                       yaml_node_t        *mapping,
                       const char         *key)
{
  if (mapping == NULL || mapping->type != YAML_MAPPING_NODE)
    return NULL;
  for (yaml_node_pair_t *pair = mapping->data.mapping.pairs.start;
       pair < mapping->data.mapping.pairs.top; pair++)
    if (g_strcmp0 (scalar (aiperf_presets_node (p, pair->key)), key) == 0)
      return aiperf_presets_node (p, pair->value);
  return NULL;
}

const char *
aiperf_presets_get_string (AiperfPresetParser *p,
                           yaml_node_t        *node,
                           const char         *key)
{
  if (is_null (node))
    return NULL;
  if (node->type != YAML_SCALAR_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, _("“%s” must be a text value"), key);
      return NULL;
    }
  return scalar (node);
}

gboolean
aiperf_presets_get_bool (AiperfPresetParser *p,
                         yaml_node_t        *node,
                         const char         *key,
                         gboolean           *out_value)
{
  const char *s = scalar (node);
  static const char * const yes[] = { "true", "yes", "on", "1" };
  static const char * const no[] = { "false", "no", "off", "0" };

  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (yes); i++)
    {
      if (g_ascii_strcasecmp (s, yes[i]) == 0)
        {
          *out_value = TRUE;
          return TRUE;
        }
      if (g_ascii_strcasecmp (s, no[i]) == 0)
        {
          *out_value = FALSE;
          return TRUE;
        }
    }
  aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, _("“%s” must be true or false"), key);
  return FALSE;
}

gboolean
aiperf_presets_get_double (AiperfPresetParser *p,
                           yaml_node_t        *node,
                           const char         *key,
                           double              min,
                           double              max,
                           double             *out_value)
{
  const char *s = scalar (node);
  char *end = NULL;
  double v;

  if (s != NULL)
    {
      v = g_ascii_strtod (s, &end);
      if (end != s && *end == '\0' && v >= min && v <= max)
        {
          *out_value = v;
          return TRUE;
        }
    }
  aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                        _("“%s” must be a number from %g to %g"), key, min, max);
  return FALSE;
}

/* A list of strings, or a single string taken as a list of one. */
GStrv
aiperf_presets_get_strv (AiperfPresetParser *p,
                         yaml_node_t        *node,
                         const char         *key)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (is_null (node))
    return g_strv_builder_end (builder);
  if (node->type == YAML_SCALAR_NODE)
    {
      g_strv_builder_add (builder, scalar (node));
      return g_strv_builder_end (builder);
    }
  if (node->type != YAML_SEQUENCE_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG, _("“%s” must be a list"), key);
      return NULL;
    }
  for (yaml_node_item_t *item = node->data.sequence.items.start;
       item < node->data.sequence.items.top; item++)
    {
      yaml_node_t *child = aiperf_presets_node (p, *item);

      if (scalar (child) == NULL)
        {
          aiperf_presets_error (p, child, AIPERF_ERROR_CONFIG,
                                _("“%s” must be a list of names"), key);
          return NULL;
        }
      g_strv_builder_add (builder, scalar (child));
    }
  return g_strv_builder_end (builder);
}

static GPtrArray *
parse_defaults (AiperfPresetParser *p,
                yaml_node_t        *node,
                const char         *key,
                GPtrArray          *marks)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  if (is_null (node))
    return g_steal_pointer (&names);
  if (node->type != YAML_SEQUENCE_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("“%s” must be a list of preset names"), key);
      return NULL;
    }
  for (yaml_node_item_t *item = node->data.sequence.items.start;
       item < node->data.sequence.items.top; item++)
    {
      yaml_node_t *child = aiperf_presets_node (p, *item);

      if (scalar (child) == NULL)
        {
          aiperf_presets_error (p, child, AIPERF_ERROR_CONFIG,
                                _("“%s” must be a list of preset names"), key);
          return NULL;
        }
      g_ptr_array_add (names, g_strdup (scalar (child)));
      g_ptr_array_add (marks, child);
    }
  return g_steal_pointer (&names);
}

static GPtrArray *
parse_plots (AiperfPresetParser *p,
             yaml_node_t        *node,
             const char         *key,
             gboolean            multi_run)
{
  g_autoptr(GPtrArray) plots = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_plot_spec_free);

  if (is_null (node))
    return g_steal_pointer (&plots);
  if (node->type != YAML_MAPPING_NODE)
    {
      aiperf_presets_error (p, node, AIPERF_ERROR_CONFIG,
                            _("“%s” must map preset names to presets"), key);
      return NULL;
    }
  for (yaml_node_pair_t *pair = node->data.mapping.pairs.start;
       pair < node->data.mapping.pairs.top; pair++)
    {
      yaml_node_t *name = aiperf_presets_node (p, pair->key);
      AiperfPlotSpec *spec;

      if (scalar (name) == NULL)
        {
          aiperf_presets_error (p, name, AIPERF_ERROR_CONFIG,
                                _("a preset name in “%s” must be text"), key);
          return NULL;
        }
      spec = aiperf_presets_parse_spec (p, scalar (name), name,
                                        aiperf_presets_node (p, pair->value), multi_run);
      if (spec == NULL)
        return NULL;
      g_ptr_array_add (plots, spec);
    }
  return g_steal_pointer (&plots);
}

static gboolean
check_defaults (AiperfPresetParser *p,
                GPtrArray          *names,
                GPtrArray          *marks,
                GPtrArray          *plots,
                const char         *defaults_key,
                const char         *plots_key)
{
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      gboolean found = FALSE;

      for (guint j = 0; j < plots->len && !found; j++)
        found = g_strcmp0 (((AiperfPlotSpec *) g_ptr_array_index (plots, j))->name, name) == 0;
      if (!found)
        {
          aiperf_presets_error (p, g_ptr_array_index (marks, i), AIPERF_ERROR_CONFIG,
                                _("“%s” names the preset “%s”, which is not defined in “%s”"),
                                defaults_key, name, plots_key);
          return FALSE;
        }
    }
  return TRUE;
}

static AiperfPlotConfig *
parse_root (AiperfPresetParser *p,
            yaml_node_t        *root)
{
  g_autoptr(AiperfPlotConfig) config = g_new0 (AiperfPlotConfig, 1);
  g_autoptr(GPtrArray) multi_marks = g_ptr_array_new ();
  g_autoptr(GPtrArray) single_marks = g_ptr_array_new ();
  yaml_node_t *vis, *settings, *classification;

  config->filename = g_strdup (p->filename);
  config->downsampling_enabled = TRUE;
  config->downsampling_window_s = 5.0;
  config->downsampling_method = g_strdup ("mean");

  vis = aiperf_presets_lookup (p, root, "visualization");
  if (root == NULL || root->type != YAML_MAPPING_NODE || vis == NULL || vis->type != YAML_MAPPING_NODE)
    {
      aiperf_presets_error (p, root, AIPERF_ERROR_CONFIG,
                            _("Invalid YAML config: expected a mapping with a “visualization” "
                              "key holding multi_run_defaults, single_run_defaults, "
                              "multi_run_plots and single_run_plots"));
      return NULL;
    }

  config->multi_run_defaults = parse_defaults (p, aiperf_presets_lookup (p, vis, "multi_run_defaults"),
                                               "multi_run_defaults", multi_marks);
  if (config->multi_run_defaults == NULL)
    return NULL;
  config->single_run_defaults = parse_defaults (p, aiperf_presets_lookup (p, vis, "single_run_defaults"),
                                                "single_run_defaults", single_marks);
  if (config->single_run_defaults == NULL)
    return NULL;
  config->multi_run_plots = parse_plots (p, aiperf_presets_lookup (p, vis, "multi_run_plots"),
                                         "multi_run_plots", TRUE);
  if (config->multi_run_plots == NULL)
    return NULL;
  config->single_run_plots = parse_plots (p, aiperf_presets_lookup (p, vis, "single_run_plots"),
                                          "single_run_plots", FALSE);
  if (config->single_run_plots == NULL)
    return NULL;
  if (!check_defaults (p, config->multi_run_defaults, multi_marks, config->multi_run_plots,
                       "multi_run_defaults", "multi_run_plots") ||
      !check_defaults (p, config->single_run_defaults, single_marks, config->single_run_plots,
                       "single_run_defaults", "single_run_plots"))
    return NULL;

  settings = aiperf_presets_lookup (p, root, "settings");
  if (!aiperf_presets_parse_settings (p, settings, config))
    return NULL;
  classification = aiperf_presets_lookup (p, root, "experiment_classification");
  if (!is_null (classification))
    {
      config->classification = aiperf_presets_parse_classification (p, classification);
      if (config->classification == NULL)
        return NULL;
    }
  return g_steal_pointer (&config);
}

/* Presets nest five levels; libyaml has no limit and its scanner is
 * quadratic in the flow nesting ("[[[[…" of 40 kB takes half a minute). */
#define MAX_YAML_DEPTH 64

/* Streams the events once, which stops at the first level too deep, before
 * the document is built. FALSE with @error when nesting exceeds the limit;
 * malformed YAML is left to the loader, which reports it. */
static gboolean
check_depth (const char  *data,
             gsize        length,
             const char  *filename,
             GError     **error)
{
  yaml_parser_t parser;
  gboolean ok = TRUE, done = FALSE;
  int depth = 0;

  if (!yaml_parser_initialize (&parser))
    return TRUE;
  yaml_parser_set_input_string (&parser, (const unsigned char *) data, length);
  while (ok && !done)
    {
      yaml_event_t event;

      if (!yaml_parser_parse (&parser, &event))
        break;
      if (event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT)
        depth++;
      else if (event.type == YAML_SEQUENCE_END_EVENT || event.type == YAML_MAPPING_END_EVENT)
        depth--;
      if (depth > MAX_YAML_DEPTH)
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                       _("%s:%u:%u: nested more than %d levels deep"), filename,
                       (guint) event.start_mark.line + 1, (guint) event.start_mark.column + 1,
                       MAX_YAML_DEPTH);
          ok = FALSE;
        }
      done = event.type == YAML_STREAM_END_EVENT;
      yaml_event_delete (&event);
    }
  yaml_parser_delete (&parser);
  return ok;
}

AiperfPlotConfig *
aiperf_plot_config_load_data (const char  *data,
                              gsize        length,
                              const char  *filename,
                              GError     **error)
{
  yaml_parser_t parser;
  yaml_document_t doc;
  AiperfPresetParser p = { 0 };
  AiperfPlotConfig *config = NULL;
  GError *local_error = NULL;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_depth (data, length, filename, error))
    return NULL;
  if (!yaml_parser_initialize (&parser))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s: %s", filename,
                   _("cannot initialise the YAML parser"));
      return NULL;
    }
  yaml_parser_set_input_string (&parser, (const unsigned char *) data, length);
  if (!yaml_parser_load (&parser, &doc))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s:%u:%u: %s%s%s", filename,
                   (guint) parser.problem_mark.line + 1, (guint) parser.problem_mark.column + 1,
                   parser.problem ? parser.problem : _("malformed YAML"),
                   parser.context ? " " : "", parser.context ? parser.context : "");
      yaml_parser_delete (&parser);
      return NULL;
    }

  p.doc = &doc;
  p.filename = filename;
  /* Always collect into a local error: the helpers test it to stop early. */
  p.error = &local_error;
  config = parse_root (&p, yaml_document_get_root_node (&doc));
  if (config != NULL && local_error != NULL)
    g_clear_pointer (&config, aiperf_plot_config_free);
  if (config == NULL && local_error == NULL)
    g_set_error (&local_error, AIPERF_ERROR, AIPERF_ERROR_CONFIG, "%s: %s", filename,
                 _("Invalid YAML config"));
  if (local_error != NULL)
    g_propagate_error (error, local_error);

  yaml_document_delete (&doc);
  yaml_parser_delete (&parser);
  return config;
}

AiperfPlotConfig *
aiperf_plot_config_load_file (const char  *path,
                              GError     **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, &local_error))
    {
      g_set_error (error, AIPERF_ERROR,
                   g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT)
                     ? AIPERF_ERROR_NOT_FOUND : AIPERF_ERROR_IO,
                   _("Cannot read plot config %s: %s"), path, local_error->message);
      return NULL;
    }
  return aiperf_plot_config_load_data (contents, length, path, error);
}

AiperfPlotConfig *
aiperf_plot_config_load_default (GError **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize length = 0;
  const char *data;

  /* Through the resource object, not the global registry: that reference is
   * what links the resource into programs using the static core library. */
  bytes = g_resource_lookup_data (aiperf_core_get_resource (), AIPERF_PRESETS_RESOURCE,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return aiperf_plot_config_load_data (data, length, "resource://" AIPERF_PRESETS_RESOURCE, error);
}

char *
aiperf_plot_config_find_file (const char         *explicit_path,
                              const char * const *paths)
{
  const char *home;

  if (explicit_path != NULL)
    return g_strdup (explicit_path);
  for (guint i = 0; paths != NULL && paths[i] != NULL; i++)
    {
      g_autofree char *candidate = g_build_filename (paths[i], ".aiperf-plot-config.yaml", NULL);

      if (g_file_test (candidate, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&candidate);
    }
  /* $HOME rather than g_get_home_dir (): tests and sandboxes point HOME elsewhere. */
  home = g_getenv ("HOME");
  if (home != NULL && *home != '\0')
    {
      g_autofree char *candidate = g_build_filename (home, ".aiperf", "plot_config.yaml", NULL);

      if (g_file_test (candidate, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&candidate);
    }
  return NULL;
}

AiperfPlotConfig *
aiperf_plot_config_resolve (const char         *explicit_path,
                            const char * const *paths,
                            GError            **error)
{
  g_autofree char *path = aiperf_plot_config_find_file (explicit_path, paths);

  if (path == NULL)
    return aiperf_plot_config_load_default (error);
  return aiperf_plot_config_load_file (path, error);
}
