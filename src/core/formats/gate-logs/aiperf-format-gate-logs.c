/* aiperf-format-gate-logs.c — MoE gate logs as sets of expert loads.
 *
 * ccl-bench's tokenToExpertAssignment tool reads
 * <label>gates_logs<…>/gates_logs_<n>/gate_logs_<m>.json: a folder whose
 * name says it holds gate logs is a set (its name is the label, e.g.
 * "baseline_gates_logs"), and every gate log below it adds up into one run.
 * The folder is recognised by content too: it must hold a subfolder with a
 * gate log in it. A gate log found anywhere else is a set of its own,
 * labelled by its file name. Gate logs are JSON objects with
 * "expert_loads" (aiperf-gate-log.c reads them).
 *
 * The run (kind "expert_load") carries the dataset "expert_loads": one row
 * per step of the set, one column per expert, plus num_tokens and the file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-gate-log.h"
#include "aiperf-run-builder.h"
#include "aiperf-table.h"

#define SET_NAME_MARK  "gates_logs"
#define HEAD_SIZE      4096
/* Gate logs sit two levels below the set; deeper trees are not ours. */
#define MAX_DEPTH      6
/* A sniffer looks at this many entries of each subfolder, no more. */
#define SNIFF_ENTRIES  32

/* TRUE when the JSON text @head has "@key": followed by '['. */
static gboolean
head_has_list (const char *head,
               const char *key)
{
  g_autofree char *quoted = g_strconcat ("\"", key, "\"", NULL);

  for (const char *p = strstr (head, quoted); p != NULL; p = strstr (p + 1, quoted))
    {
      const char *q = p + strlen (quoted);

      while (g_ascii_isspace (*q))
        q++;
      if (*q++ != ':')
        continue;
      while (g_ascii_isspace (*q))
        q++;
      if (*q == '[')
        return TRUE;
    }
  return FALSE;
}

static guint
sniff_head (const char *head)
{
  const char *p;

  if (head == NULL || aiperf_head_first_char (head) != '{')
    return AIPERF_SNIFF_NO;
  if (head_has_list (head, "expert_loads"))
    return AIPERF_SNIFF_SURE;
  /* The experiment scripts may write "num_tokens" first, and a long one
   * pushes "expert_loads" out of the head. */
  p = strchr (head, '{') + 1;
  while (g_ascii_isspace (*p))
    p++;
  if (g_str_has_prefix (p, "\"num_tokens\"") && head_has_list (head, "num_tokens"))
    return AIPERF_SNIFF_MAYBE;
  return AIPERF_SNIFF_NO;
}

static gboolean
is_gate_log_file (const char *path)
{
  g_autofree char *head = NULL;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return FALSE;
  head = aiperf_read_head (path, HEAD_SIZE, NULL);
  return sniff_head (head) > AIPERF_SNIFF_NO;
}

/* TRUE when the folder @path holds a gate log among its first entries. */
static gboolean
folder_holds_gate_log (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && n++ < SNIFF_ENTRIES && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (is_gate_log_file (child))
        return TRUE;
    }
  return FALSE;
}

static guint
gate_logs_sniff (const AiperfSniffInput *input)
{
  g_autofree char *base = NULL;

  if (!input->is_dir)
    return sniff_head (input->head);
  base = g_path_get_basename (input->path);
  if (strstr (base, SET_NAME_MARK) == NULL || input->entries == NULL)
    return AIPERF_SNIFF_NO;
  for (guint i = 0; input->entries[i] != NULL; i++)
    {
      g_autofree char *child = g_build_filename (input->path, input->entries[i], NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && folder_holds_gate_log (child))
        return AIPERF_SNIFF_SURE;
    }
  return AIPERF_SNIFF_NO;
}

static gboolean
gate_logs_claims_subtree (const char *path)
{
  (void) path;
  return TRUE;
}

/* Every .json file below @directory (regular files, no links followed
 * into loops: depth is bounded), in @files. */
static void
collect_json (const char *directory,
              guint       depth,
              GPtrArray  *files)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (depth > MAX_DEPTH || (dir = g_dir_open (directory, 0, NULL)) == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (directory, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        collect_json (child, depth + 1, files);
      else if (g_str_has_suffix (name, ".json") && g_file_test (child, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (files, g_steal_pointer (&child));
    }
}

/* gates_logs_2 before gates_logs_10: numbers compare as numbers. */
static int
compare_natural (gconstpointer a,
                 gconstpointer b)
{
  g_autofree char *ka = g_utf8_collate_key_for_filename (*(const char * const *) a, -1);
  g_autofree char *kb = g_utf8_collate_key_for_filename (*(const char * const *) b, -1);

  return strcmp (ka, kb);
}

typedef struct {
  AiperfTable *table;
  guint        n_experts;
  guint        step;
  guint        c_step, c_file, c_file_step, c_tokens;
  guint       *c_experts;
} SetBuilder;

static void
builder_start (SetBuilder *b,
               guint       n_experts)
{
  b->table = aiperf_table_new ();
  b->n_experts = n_experts;
  b->c_step = aiperf_table_ensure_column (b->table, AIPERF_EXPERT_LOADS_STEP, NULL);
  b->c_file = aiperf_table_ensure_string_column (b->table, AIPERF_EXPERT_LOADS_FILE);
  b->c_file_step = aiperf_table_ensure_column (b->table, AIPERF_EXPERT_LOADS_FILE_STEP, NULL);
  b->c_tokens = aiperf_table_ensure_column (b->table, AIPERF_EXPERT_LOADS_NUM_TOKENS, "tokens");
  b->c_experts = g_new (guint, n_experts);
  for (guint e = 0; e < n_experts; e++)
    {
      g_autofree char *name = g_strdup_printf (AIPERF_EXPERT_LOADS_EXPERT_FMT, e);

      b->c_experts[e] = aiperf_table_ensure_column (b->table, name, "tokens");
    }
}

static void
builder_add (SetBuilder          *b,
             const AiperfGateLog *log,
             const char          *file)
{
  const double *loads = (const double *) log->loads->data;

  aiperf_table_reserve (b->table, aiperf_table_get_n_rows (b->table) + log->n_steps);
  for (guint s = 0; s < log->n_steps; s++)
    {
      guint row = aiperf_table_append_row (b->table);

      aiperf_table_set (b->table, b->c_step, row, b->step++);
      aiperf_table_set_string (b->table, b->c_file, row, file);
      aiperf_table_set (b->table, b->c_file_step, row, g_array_index (log->file_steps, guint, s));
      aiperf_table_set (b->table, b->c_tokens, row, g_array_index (log->num_tokens, double, s));
      for (guint e = 0; e < b->n_experts; e++)
        aiperf_table_set (b->table, b->c_experts[e], row, loads[(gsize) s * b->n_experts + e]);
    }
}

/* Reads @files (absolute) into one run of @run's set; names in the table
 * are relative to @root. NULL when no file gave a step. */
static AiperfRun *
load_set (AiperfRun        *run,
          const char       *root,
          GPtrArray        *files,
          AiperfLoadResult *result)
{
  g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  SetBuilder b = { 0 };
  guint n_files = 0;

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(AiperfGateLog) log = NULL;
      gsize length = 0;

      if (!g_file_get_contents (path, &text, &length, &error))
        {
          g_ptr_array_add (failures, g_steal_pointer (&error));
          continue;
        }
      log = aiperf_gate_log_parse (path, text, length, b.n_experts, problems, &error);
      for (guint p = 0; p < problems->len; p++)
        {
          aiperf_run_add_warning (run, "%s", (const char *) g_ptr_array_index (problems, p));
          g_ptr_array_add (result->warnings, g_strdup (g_ptr_array_index (problems, p)));
        }
      if (problems->len > 0)
        aiperf_run_add_bad_lines (run, problems->len);
      if (log == NULL)
        {
          g_ptr_array_add (failures, g_steal_pointer (&error));
          continue;
        }
      if (b.table == NULL)
        builder_start (&b, log->n_experts);
      {
        const char *rel = g_str_has_prefix (path, root) && path[strlen (root)] == G_DIR_SEPARATOR
                            ? path + strlen (root) + 1 : path;

        builder_add (&b, log, rel);
      }
      n_files++;
    }
  /* A file that gave nothing is an error when the whole set is lost, a
   * note on the set when its other files were read. */
  for (guint i = 0; i < failures->len; i++)
    {
      GError *failure = g_ptr_array_index (failures, i);

      if (b.table == NULL)
        {
          g_ptr_array_add (result->errors, g_error_copy (failure));
          continue;
        }
      aiperf_run_add_warning (run, _("%s; file skipped"), failure->message);
      g_ptr_array_add (result->warnings, g_strdup_printf (_("%s; file skipped"), failure->message));
    }
  if (b.table == NULL)
    return NULL;
  aiperf_table_trim (b.table);
  aiperf_run_set_table (run, AIPERF_EXPERT_LOADS, b.table);
  {
    g_autofree char *n_text = g_strdup_printf ("%u", n_files);
    g_autofree char *e_text = g_strdup_printf ("%u", b.n_experts);

    aiperf_run_set_parameter (run, "gate_log_files", n_text);
    aiperf_run_set_parameter (run, "num_experts", e_text);
  }
  aiperf_table_unref (b.table);
  g_free (b.c_experts);
  return g_object_ref (run);
}

static void
gate_logs_load (const char              *path,
                const AiperfLoadOptions *options,
                AiperfLoadResult        *result)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AiperfRun) run = NULL;
  g_autofree char *root = NULL;
  g_autofree char *label = NULL;
  AiperfRun *loaded;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      root = g_canonicalize_filename (path, NULL);
      run = aiperf_run_new (root);
      label = g_path_get_basename (root);
      collect_json (root, 0, candidates);
      g_ptr_array_sort (candidates, compare_natural);
      /* Other JSON beside the logs (configs, results) is not ours; an
       * empty .json among them is a gate log that lost its content. */
      for (guint i = 0; i < candidates->len; i++)
        {
          const char *file = g_ptr_array_index (candidates, i);
          g_autofree char *head = aiperf_read_head (file, HEAD_SIZE, NULL);

          if (head != NULL && (sniff_head (head) > AIPERF_SNIFF_NO || aiperf_head_first_char (head) == 0))
            g_ptr_array_add (files, g_strdup (file));
        }
      if (files->len == 0)
        {
          aiperf_load_result_add_error (result, AIPERF_ERROR_NO_RUNS, _("%s: no gate log in this folder"), path);
          return;
        }
    }
  else
    {
      g_autofree char *base = g_path_get_basename (path);

      root = g_path_get_dirname (path);
      run = aiperf_run_new_in_file (path, NULL);
      label = g_str_has_suffix (base, ".json") ? g_strndup (base, strlen (base) - 5) : g_strdup (base);
      g_ptr_array_add (files, g_canonicalize_filename (path, NULL));
    }
  aiperf_run_set_variation_label (run, label);
  aiperf_run_set_name (run, label);
  aiperf_apply_param_pattern (run, options != NULL ? options->param_pattern : NULL, root);
  loaded = load_set (run, root, files, result);
  if (loaded != NULL)
    g_ptr_array_add (result->runs, loaded);
}

const AiperfFormat aiperf_format_gate_logs = {
  .id = "gate-logs",
  .name = "MoE gate logs",
  .kind = AIPERF_KIND_EXPERT_LOAD,
  .sniff = gate_logs_sniff,
  .load = gate_logs_load,
  .claims_subtree = gate_logs_claims_subtree,
  .skip_child = NULL,
};
