/* aiperf-format-genai-perf.c — GenAI-Perf artifact folders as an input format.
 *
 * genai-perf profile writes artifacts/<model>-<service kind>-<backend or
 * endpoint>-<concurrency|request_rate><value>/ with <export>_genai_perf.json
 * (read when present) and <export>_genai_perf.csv (the fallback). A folder
 * is one run. GenAI-Perf is AIPerf's ancestor: its metric keys are AIPerf's
 * tags, in ms, with the same definitions (inter_token_latency is
 * (latency − TTFT) ÷ (output tokens − 1) per request, and
 * output_token_throughput_per_user is 1 ÷ that), except the older
 * output_token_throughput_per_request, which is output tokens ÷ request
 * latency: AIPerf's e2e_output_token_throughput, not the per-user one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-genai-perf-private.h"
#include "aiperf-metric-registry.h"
#include "aiperf-peer-json.h"

#define JSON_SUFFIX "_genai_perf.json"
#define CSV_SUFFIX "_genai_perf.csv"
#define DEFAULT_STEM "profile_export"

/* Exports of `genai-perf analyze`, next to the run folders, not runs. */
static gboolean
is_sweep_export (const char *name)
{
  return g_str_has_prefix (name, "analyze_export") || g_str_has_prefix (name, "compare");
}

static gboolean
is_export (const char *name,
           const char *suffix)
{
  return g_str_has_suffix (name, suffix) && !is_sweep_export (name);
}

static guint
genai_perf_sniff (const AiperfSniffInput *input)
{
  g_autofree char *base = NULL;
  gboolean named_json, named_csv;

  if (input->is_dir)
    {
      for (guint i = 0; input->entries[i] != NULL; i++)
        if (is_export (input->entries[i], JSON_SUFFIX) || is_export (input->entries[i], CSV_SUFFIX))
          return AIPERF_SNIFF_LIKELY;
      return AIPERF_SNIFF_NO;
    }
  base = g_path_get_basename (input->path);
  named_json = is_export (base, JSON_SUFFIX);
  named_csv = is_export (base, CSV_SUFFIX);
  /* AIPerf's summary has the same shape: the keys only GenAI-Perf writes,
   * or its file name, tell them apart. */
  if (aiperf_head_first_char (input->head) == '{' &&
      (aiperf_head_has_key (input->head, "request_latency") ||
       aiperf_head_has_key (input->head, "time_to_first_token") ||
       aiperf_head_has_key (input->head, "request_throughput")))
    {
      gboolean own_keys = aiperf_head_has_key (input->head, "output_token_throughput_per_request") ||
                          aiperf_head_has_key (input->head, "formatted_model_name") ||
                          aiperf_head_has_key (input->head, "service_kind") ||
                          aiperf_head_has_key (input->head, "perf_analyzer");

      if (named_json && own_keys)
        return AIPERF_SNIFF_SURE;
      if (named_json || own_keys)
        return AIPERF_SNIFF_LIKELY;
    }
  if (named_csv && g_str_has_prefix (input->head, "Metric,avg,"))
    return AIPERF_SNIFF_SURE;
  return AIPERF_SNIFF_NO;
}

/* --- folder names --- */

/* "…-concurrency16" / "…-request_rate2.5": the load the folder was run at.
 * Returns the folder name without it (the sweep's name). */
static char *
parse_load_suffix (const char  *name,
                   const char **out_parameter,
                   double      *out_value)
{
  static const char * const parameters[] = { "concurrency", "request_rate" };

  *out_parameter = NULL;
  *out_value = NAN;
  for (guint i = 0; i < G_N_ELEMENTS (parameters); i++)
    {
      g_autofree char *marker = g_strconcat ("-", parameters[i], NULL);
      const char *at = g_strrstr (name, marker);
      char *end = NULL;
      double value;

      if (at == NULL)
        continue;
      value = g_ascii_strtod (at + strlen (marker), &end);
      if (end == at + strlen (marker) || *end != '\0')
        continue;
      *out_parameter = parameters[i];
      *out_value = value;
      return g_strndup (name, at - name);
    }
  return g_strdup (name);
}

/* "<model>-<service kind>-<backend or endpoint>": the model, when the
 * summary does not name it (CSV). Models contain dashes; service kinds
 * do not. */
static char *
model_from_sweep_name (const char *sweep)
{
  static const char * const kinds[] = { "-openai-", "-triton-", "-tensorrtllm_engine-", "-dynamic_grpc-" };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      const char *at = g_strrstr (sweep, kinds[i]);

      if (at != NULL && at > sweep)
        return g_strndup (sweep, at - sweep);
    }
  return NULL;
}

/* The model another point of the same sweep names in its JSON: a CSV-only
 * point then joins its sweep's series instead of starting one under the
 * folder's spelling of the name ("Qwen_Qwen3-0.6B"). */
static char *
model_from_sibling (const char *folder,
                    const char *sweep)
{
  g_autofree char *parent = g_path_get_dirname (folder);
  g_autofree char *self = g_path_get_basename (folder);
  g_autofree char *prefix = g_strconcat (sweep, "-", NULL);
  g_autoptr(GDir) dir = g_dir_open (parent, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *json = NULL;
      g_autoptr(AiperfRun) sibling = NULL;
      gboolean has_load;

      if (!g_str_has_prefix (name, prefix) || g_str_equal (name, self))
        continue;
      json = g_build_filename (parent, name, DEFAULT_STEM JSON_SUFFIX, NULL);
      if (!g_file_test (json, G_FILE_TEST_IS_REGULAR))
        continue;
      sibling = aiperf_run_new (folder);
      if (aiperf_genai_perf_read_json (sibling, json, &has_load, NULL) &&
          !g_str_equal (aiperf_run_get_model (sibling), "Unknown"))
        return g_strdup (aiperf_run_get_model (sibling));
    }
  return NULL;
}

/* The export to read in @folder: profile_export_genai_perf.<ext> first,
 * then any other <stem>_genai_perf.<ext>. */
static char *
find_export (const char *folder,
             const char *suffix)
{
  g_autofree char *preferred = g_strconcat (folder, G_DIR_SEPARATOR_S, DEFAULT_STEM, suffix, NULL);
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (g_file_test (preferred, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&preferred);
  dir = g_dir_open (folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (is_export (name, suffix))
      g_ptr_array_add (names, g_strdup (name));
  if (names->len == 0)
    return NULL;
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  return g_build_filename (folder, (const char *) g_ptr_array_index (names, 0), NULL);
}

static void
genai_perf_load (const char              *path,
                 const AiperfLoadOptions *options,
                 AiperfLoadResult        *result)
{
  gboolean is_dir = g_file_test (path, G_FILE_TEST_IS_DIR);
  g_autofree char *folder = is_dir ? g_strdup (path) : g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (folder);
  g_autofree char *json = find_export (folder, JSON_SUFFIX);
  g_autofree char *csv = find_export (folder, CSV_SUFFIX);
  g_autofree char *sweep = NULL;
  g_autoptr(AiperfRun) run = aiperf_run_new (folder);
  g_autoptr(GError) json_error = NULL;
  g_autoptr(GError) csv_error = NULL;
  gboolean ok = FALSE, has_load = FALSE;
  const char *parameter;
  double value;

  /* A file given on its own is read even under another name. */
  if (!is_dir && g_str_has_suffix (path, ".csv"))
    {
      g_free (csv);
      csv = g_strdup (path);
    }
  else if (!is_dir)
    {
      g_free (json);
      json = g_strdup (path);
    }

  if (json != NULL)
    ok = aiperf_genai_perf_read_json (run, json, &has_load, &json_error);
  if (!ok && csv != NULL)
    {
      /* The CSV has the same statistics, without the configuration. */
      if (json_error != NULL)
        {
          g_clear_object (&run);
          run = aiperf_run_new (folder);
          g_ptr_array_add (result->warnings, g_strdup_printf (_("%s; read %s instead"),
                                                              json_error->message, csv));
          g_clear_error (&json_error);
        }
      ok = aiperf_genai_perf_read_csv (run, csv, &csv_error);
    }
  if (!ok)
    {
      GError *error = json_error != NULL ? g_steal_pointer (&json_error)
                    : csv_error != NULL ? g_steal_pointer (&csv_error)
                    : g_error_new (AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND,
                                   _("%s: no GenAI-Perf export"), folder);

      g_ptr_array_add (result->errors, error);
      return;
    }

  sweep = parse_load_suffix (base, &parameter, &value);
  aiperf_run_set_variation_label (run, sweep);
  /* The configuration wins; the folder name fills in what it lacks. */
  if (parameter != NULL && !has_load)
    {
      aiperf_run_set_load_parameter (run, parameter);
      if (g_str_equal (parameter, "concurrency"))
        aiperf_run_set_concurrency (run, value);
      else
        {
          aiperf_run_set_concurrency (run, NAN);
          aiperf_run_set_request_rate (run, value);
        }
    }
  if (g_str_equal (aiperf_run_get_model (run), "Unknown"))
    {
      g_autofree char *model = model_from_sibling (folder, sweep);

      if (model == NULL)
        model = model_from_sweep_name (sweep);
      if (model != NULL)
        aiperf_run_set_model (run, model);
    }
  aiperf_peer_derive_per_user (run);
  {
    g_autofree char *raw = aiperf_genai_perf_raw_export_path (folder);

    if (raw != NULL)
      aiperf_run_set_details_loader (run, aiperf_genai_perf_load_requests);
  }
  g_ptr_array_add (result->runs, g_steal_pointer (&run));
}

const AiperfFormat aiperf_format_genai_perf = {
  .id = "genai-perf",
  .name = "GenAI-Perf",
  .kind = "serving",
  .sniff = genai_perf_sniff,
  .load = genai_perf_load,
  .claims_subtree = NULL,
  .skip_child = NULL,
};
