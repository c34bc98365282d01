/* aiperf-vllm-folders.c — the folder layouts of vLLM results: ccl-bench
 * trace folders and `vllm bench sweep` combination folders.
 *
 * Either folder is one configuration, and the result files in it are its
 * repeats: the run's value is their mean (what ccl-bench's extract scripts
 * print), their spread is kept for error bars. Parameters come from the
 * workload YAML, then the result JSON, then the folder name (which wins, as
 * ccl-bench's plots read the name); a --param-pattern wins over all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "aiperf-error.h"
#include "aiperf-folder-params.h"
#include "aiperf-vllm-private.h"

gboolean
aiperf_vllm_is_run_file_name (const char *name,
                              guint      *out_number)
{
  const char *p;

  if (!g_str_has_prefix (name, "run=") || !g_str_has_suffix (name, ".json"))
    return FALSE;
  p = name + 4;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  if (strcmp (p, ".json") != 0)
    return FALSE;  /* run=3.failure.json */
  if (out_number != NULL)
    *out_number = (guint) g_ascii_strtoull (name + 4, NULL, 10);
  return TRUE;
}

/* --- workload YAML --- */

/* What of a ccl-bench workload card becomes a parameter. */
static const struct {
  const char *path, *parameter;
} yaml_parameters[] = {
  { "workload.model.phase", "phase" },
  { "workload.model.moe", "moe" },
  { "workload.model.model_family", "model_family" },
  { "workload.model.precision", "precision" },
  { "workload.hardware.xpu_spec.model", "gpu" },
  { "workload.hardware.xpu_spec.total_count", "gpu_count" },
  { "Model-executor.framework.name", "engine" },
  { "Model-executor.communication_library.name", "communication_library" },
  { "Model-executor.expert_parallel.mode", "expert_parallel_mode" },
  { "Model-executor.expert_parallel.eplb", "eplb" },
  { "Model-executor.expert_parallel.top_k", "top_k" },
};
/* Engine settings: every scalar below these, dashes spelled as underscores. */
static const char * const yaml_setting_prefixes[] = {
  "workload.data.",
  "Model-executor.model_plan_parallelization.",
};

static void
flatten_node (yaml_document_t *doc,
              yaml_node_t     *node,
              const char      *path,
              GHashTable      *out,
              guint            depth)
{
  yaml_node_pair_t *pair;

  if (node == NULL || depth > 16)
    return;
  if (node->type == YAML_SCALAR_NODE && path != NULL)
    {
      g_hash_table_replace (out, g_strdup (path),
                            g_strndup ((const char *) node->data.scalar.value, node->data.scalar.length));
      return;
    }
  if (node->type != YAML_MAPPING_NODE)
    return;
  for (pair = node->data.mapping.pairs.start; pair < node->data.mapping.pairs.top; pair++)
    {
      yaml_node_t *key = yaml_document_get_node (doc, pair->key);
      g_autofree char *child = NULL;

      if (key == NULL || key->type != YAML_SCALAR_NODE)
        continue;
      child = path != NULL ? g_strconcat (path, ".", (const char *) key->data.scalar.value, NULL)
                           : g_strdup ((const char *) key->data.scalar.value);
      flatten_node (doc, yaml_document_get_node (doc, pair->value), child, out, depth + 1);
    }
}

/* Every scalar of @file by dotted path, or NULL with a "file:line:column"
 * error. */
static GHashTable *
read_yaml (const char  *file,
           GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) io_error = NULL;
  yaml_parser_t parser;
  yaml_document_t doc;
  GHashTable *out;
  gsize length;

  if (!g_file_get_contents (file, &text, &length, &io_error))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s: %s", file, io_error->message);
      return NULL;
    }
  if (!yaml_parser_initialize (&parser))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s: %s", file,
                   _("cannot initialise the YAML parser"));
      return NULL;
    }
  yaml_parser_set_input_string (&parser, (const unsigned char *) text, length);
  if (!yaml_parser_load (&parser, &doc))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s:%u:%u: %s", file,
                   (guint) parser.problem_mark.line + 1, (guint) parser.problem_mark.column + 1,
                   parser.problem != NULL ? parser.problem : _("malformed YAML"));
      yaml_parser_delete (&parser);
      return NULL;
    }
  out = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  flatten_node (&doc, yaml_document_get_root_node (&doc), NULL, out, 0);
  yaml_document_delete (&doc);
  yaml_parser_delete (&parser);
  return out;
}

static void
apply_yaml (AiperfRun  *run,
            GHashTable *yaml)
{
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; i < G_N_ELEMENTS (yaml_parameters); i++)
    {
      const char *text = g_hash_table_lookup (yaml, yaml_parameters[i].path);

      if (text != NULL && *text != '\0')
        aiperf_run_set_parameter (run, yaml_parameters[i].parameter, text);
    }
  g_hash_table_iter_init (&iter, yaml);
  while (g_hash_table_iter_next (&iter, &key, &value))
    for (guint i = 0; i < G_N_ELEMENTS (yaml_setting_prefixes); i++)
      if (g_str_has_prefix (key, yaml_setting_prefixes[i]) && *(const char *) value != '\0')
        {
          g_autofree char *name = g_strdup ((const char *) key + strlen (yaml_setting_prefixes[i]));

          if (strchr (name, '.') != NULL)
            continue;
          g_strdelimit (name, "-", '_');
          aiperf_run_set_parameter (run, name, value);
        }
}

/* --- shared --- */

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Appends the results of @file to @all; FALSE (error added) when broken. */
static gboolean
read_into (const char       *folder,
           const char       *file,
           GPtrArray        *all,
           AiperfLoadResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = aiperf_vllm_read_results (file, NULL, &error);

  if (results == NULL)
    {
      g_prefix_error (&error, _("%s: not loaded: "), folder);
      g_ptr_array_add (result->errors, g_steal_pointer (&error));
      return FALSE;
    }
  for (guint i = 0; i < results->len; i++)
    g_ptr_array_add (all, g_ptr_array_steal_index (results, i--));
  return TRUE;
}

static void
apply_folder_params (AiperfRun  *run,
                     GHashTable *params)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, params);
  while (g_hash_table_iter_next (&iter, &key, &value))
    aiperf_run_set_parameter (run, key, value);
}

/* --- ccl-bench --- */

void
aiperf_vllm_load_ccl_folder (const char         *path,
                             const char * const *entries,
                             AiperfLoadResult   *result)
{
  g_autofree char *results_dir = g_build_filename (path, "results_json", NULL);
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) yamls = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_vllm_result_free);
  g_autoptr(GHashTable) params = aiperf_folder_params_new ();
  g_autoptr(GDir) dir = NULL;
  g_autoptr(AiperfRun) run = NULL;
  g_autoptr(GError) dir_error = NULL;
  const char *name;

  dir = g_dir_open (results_dir, 0, &dir_error);
  if (dir == NULL)
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_IO, "%s: %s", path, dir_error->message);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (files, g_strdup (name));
  g_clear_pointer (&dir, g_dir_close);
  if (files->len == 0)
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_NO_RUNS,
                                    _("%s: results_json/ holds no .json result file"), path);
      return;
    }
  g_ptr_array_sort (files, compare_names);
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *file = g_build_filename (results_dir, g_ptr_array_index (files, i), NULL);

      /* One broken repeat would change the mean: the run is not shown. */
      if (!read_into (path, file, all, result))
        return;
    }
  if (all->len == 0)
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                    _("%s: the files in results_json/ hold no result"), path);
      return;
    }

  run = aiperf_run_new (path);
  /* The workload card: the first *.yaml, as ccl-bench's scripts take it. */
  for (guint i = 0; entries[i] != NULL; i++)
    if (g_str_has_suffix (entries[i], ".yaml") || g_str_has_suffix (entries[i], ".yml"))
      g_ptr_array_add (yamls, g_strdup (entries[i]));
  if (yamls->len > 0)
    {
      g_autofree char *file = NULL;
      g_autoptr(GHashTable) yaml = NULL;
      g_autoptr(GError) error = NULL;

      g_ptr_array_sort (yamls, compare_names);
      file = g_build_filename (path, g_ptr_array_index (yamls, 0), NULL);
      yaml = read_yaml (file, &error);
      if (yaml != NULL)
        apply_yaml (run, yaml);
      else
        {
          /* The results are fine; only the workload settings are lost. */
          aiperf_run_add_warning (run, _("%s; the workload settings were not read"), error->message);
          g_ptr_array_add (result->warnings,
                           g_strdup_printf (_("%s; the workload settings were not read"), error->message));
        }
    }

  aiperf_vllm_fill_run (run, all, NULL);
  if (aiperf_folder_params_ccl_bench (base, params))
    apply_folder_params (run, params);
  g_ptr_array_add (result->runs, g_steal_pointer (&run));
}

/* --- vllm bench sweep --- */

typedef struct {
  guint  number;
  char  *name;
} RunFile;

static int
compare_run_files (gconstpointer a,
                   gconstpointer b)
{
  const RunFile *ra = a, *rb = b;

  return ra->number < rb->number ? -1 : ra->number > rb->number;
}

static void
run_file_clear (RunFile *file)
{
  g_free (file->name);
}

void
aiperf_vllm_load_sweep_folder (const char         *path,
                               const char * const *entries,
                               AiperfLoadResult   *result)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GArray) runs = g_array_new (FALSE, FALSE, sizeof (RunFile));
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_vllm_result_free);
  g_autoptr(GHashTable) params = aiperf_folder_params_new ();
  g_autoptr(GHashTable) param_keys = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(AiperfRun) run = NULL;
  GHashTableIter iter;
  gpointer key;

  g_array_set_clear_func (runs, (GDestroyNotify) run_file_clear);
  for (guint i = 0; entries[i] != NULL; i++)
    {
      RunFile file = { 0, NULL };

      if (aiperf_vllm_is_run_file_name (entries[i], &file.number))
        {
          file.name = g_strdup (entries[i]);
          g_array_append_val (runs, file);
        }
    }
  g_array_sort (runs, compare_run_files);

  /* summary.json repeats the run files: it is read only without them. */
  if (runs->len == 0)
    {
      g_autofree char *file = g_build_filename (path, "summary.json", NULL);

      if (!read_into (path, file, all, result))
        return;
    }
  for (guint i = 0; i < runs->len; i++)
    {
      g_autofree char *file = g_build_filename (path, g_array_index (runs, RunFile, i).name, NULL);

      if (!read_into (path, file, all, result))
        return;
    }
  if (all->len == 0)
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA, _("%s: no result in the run files"),
                                    path);
      return;
    }

  aiperf_folder_params_vllm_sweep (base, params);
  /* The sweep merges its serve/bench overrides into each result: those keys
   * are settings, not metrics. */
  g_hash_table_iter_init (&iter, params);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (param_keys, key);

  run = aiperf_run_new (path);
  aiperf_vllm_fill_run (run, all, param_keys);
  apply_folder_params (run, params);
  g_ptr_array_add (result->runs, g_steal_pointer (&run));
}
