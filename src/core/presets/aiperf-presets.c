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

static GPtrArray *
parse_defaults (AiperfPresetParser *p,
                yaml_node_t        *node,
                const char         *key,
                GPtrArray          *marks)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  if (aiperf_presets_is_null (node))
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

      if (aiperf_presets_scalar (child) == NULL)
        {
          aiperf_presets_error (p, child, AIPERF_ERROR_CONFIG,
                                _("“%s” must be a list of preset names"), key);
          return NULL;
        }
      g_ptr_array_add (names, g_strdup (aiperf_presets_scalar (child)));
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

  if (aiperf_presets_is_null (node))
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

      if (aiperf_presets_scalar (name) == NULL)
        {
          aiperf_presets_error (p, name, AIPERF_ERROR_CONFIG,
                                _("a preset name in “%s” must be text"), key);
          return NULL;
        }
      spec = aiperf_presets_parse_spec (p, aiperf_presets_scalar (name), name,
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

/* <kind>_defaults and <kind>_plots for the kinds of runs other than
 * AIPerf's (whose sections keep aiperf's names). */
static gboolean
parse_kind_sections (AiperfPresetParser *p,
                     yaml_node_t        *vis,
                     AiperfPlotConfig   *config)
{
  config->kind_defaults = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                 (GDestroyNotify) g_ptr_array_unref);
  config->kind_plots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify) g_ptr_array_unref);
  for (yaml_node_pair_t *pair = vis->data.mapping.pairs.start;
       pair < vis->data.mapping.pairs.top; pair++)
    {
      const char *key = aiperf_presets_scalar (aiperf_presets_node (p, pair->key));
      g_autofree char *kind = NULL;
      g_autofree char *defaults_key = NULL;
      g_autoptr(GPtrArray) marks = g_ptr_array_new ();
      g_autoptr(GPtrArray) names = NULL;
      g_autoptr(GPtrArray) plots = NULL;

      if (key == NULL || !g_str_has_suffix (key, "_plots") ||
          g_str_equal (key, "multi_run_plots") || g_str_equal (key, "single_run_plots"))
        continue;
      kind = g_strndup (key, strlen (key) - strlen ("_plots"));
      defaults_key = g_strconcat (kind, "_defaults", NULL);
      p->kind_section = TRUE;
      plots = parse_plots (p, aiperf_presets_node (p, pair->value), key, TRUE);
      p->kind_section = FALSE;
      if (plots == NULL)
        return FALSE;
      for (guint i = 0; i < plots->len; i++)
        {
          AiperfPlotSpec *spec = g_ptr_array_index (plots, i);

          g_free (spec->kind);
          spec->kind = g_strdup (kind);
        }
      names = parse_defaults (p, aiperf_presets_lookup (p, vis, defaults_key), defaults_key, marks);
      if (names == NULL || !check_defaults (p, names, marks, plots, defaults_key, key))
        return FALSE;
      g_hash_table_replace (config->kind_plots, g_strdup (kind), g_steal_pointer (&plots));
      g_hash_table_replace (config->kind_defaults, g_strdup (kind), g_steal_pointer (&names));
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
  yaml_node_t *vis, *settings, *classification, *runs;

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

  if (!parse_kind_sections (p, vis, config))
    return NULL;

  settings = aiperf_presets_lookup (p, root, "settings");
  if (!aiperf_presets_parse_settings (p, settings, config))
    return NULL;
  classification = aiperf_presets_lookup (p, root, "experiment_classification");
  if (!aiperf_presets_is_null (classification))
    {
      config->classification = aiperf_presets_parse_classification (p, classification);
      if (config->classification == NULL)
        return NULL;
    }
  runs = aiperf_presets_lookup (p, root, "runs");
  if (!aiperf_presets_is_null (runs))
    {
      config->runs = aiperf_presets_parse_runs (p, runs);
      if (config->runs == NULL)
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

/* serving_defaults / serving_plots: our presets for AIPerf and its peers
 * that aiperf plot does not have (parameter sweeps). They live in their own
 * section so that the file stays readable by aiperf, which ignores unknown
 * sections; once resolved they join the multi- and single-run presets, after
 * aiperf's, unless a preset of the same name is already there. */
static void
fold_serving_section (AiperfPlotConfig *config)
{
  GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, "serving");
  GPtrArray *names = aiperf_plot_config_get_kind_defaults (config, "serving");

  for (guint i = 0; plots != NULL && i < plots->len; i++)
    {
      const AiperfPlotSpec *spec = g_ptr_array_index (plots, i);
      AiperfMode mode = spec->multi_run ? AIPERF_MODE_MULTI_RUN : AIPERF_MODE_SINGLE_RUN;
      GPtrArray *into = spec->multi_run ? config->multi_run_plots : config->single_run_plots;
      GPtrArray *defaults = spec->multi_run ? config->multi_run_defaults : config->single_run_defaults;

      if (into == NULL || defaults == NULL || aiperf_plot_config_find (config, mode, spec->name) != NULL)
        continue;
      g_ptr_array_add (into, aiperf_plot_spec_copy (spec));
      if (names != NULL && g_ptr_array_find_with_equal_func (names, spec->name, g_str_equal, NULL))
        g_ptr_array_add (defaults, g_strdup (spec->name));
    }
}

AiperfPlotConfig *
aiperf_plot_config_resolve (const char         *explicit_path,
                            const char * const *paths,
                            GError            **error)
{
  g_autofree char *path = aiperf_plot_config_find_file (explicit_path, paths);
  g_autoptr(AiperfPlotConfig) config = NULL;
  g_autoptr(AiperfPlotConfig) builtin = NULL;
  GHashTableIter iter;
  gpointer kind, plots;

  if (path == NULL)
    {
      config = aiperf_plot_config_load_default (error);
      if (config != NULL)
        fold_serving_section (config);
      return g_steal_pointer (&config);
    }
  config = aiperf_plot_config_load_file (path, error);
  if (config == NULL)
    return NULL;
  /* An aiperf plot_config.yaml knows nothing of the other kinds: it must
   * not silently remove their built-in plots. */
  builtin = aiperf_plot_config_load_default (NULL);
  if (builtin == NULL)
    return g_steal_pointer (&config);
  g_hash_table_iter_init (&iter, builtin->kind_plots);
  while (g_hash_table_iter_next (&iter, &kind, &plots))
    if (!g_hash_table_contains (config->kind_plots, kind))
      {
        g_hash_table_insert (config->kind_plots, g_strdup (kind), g_ptr_array_ref (plots));
        g_hash_table_insert (config->kind_defaults, g_strdup (kind),
                             g_ptr_array_ref (g_hash_table_lookup (builtin->kind_defaults, kind)));
      }
  fold_serving_section (config);
  return g_steal_pointer (&config);
}
