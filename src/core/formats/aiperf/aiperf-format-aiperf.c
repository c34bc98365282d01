/* aiperf-format-aiperf.c — NVIDIA AIPerf artifact folders as an input format.
 *
 * A run folder is what aiperf plot's mode detector calls one: it holds
 * profile_export_aiperf.json (or its CSV, or a non-redundant aggregate).
 * An artifact file given on its own stands for its folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-artifacts.h"
#include "aiperf-discovery.h"
#include "aiperf-error.h"
#include "aiperf-format.h"
#include "aiperf-loaders-private.h"

static const char * const artifact_names[] = {
  "profile_export_aiperf.json", "profile_export_aiperf.csv", "profile_export.jsonl",
  "profile_export_aiperf_aggregate.json", "profile_export_aiperf_aggregate.csv",
  "gpu_telemetry_export.jsonl", "profile_export_aiperf_timeslices.json",
  "profile_export_aiperf_timeslices.csv", "server_metrics_export.json",
  "inputs.json", "profile_export_raw.jsonl",
};

static gboolean
is_artifact_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  for (guint i = 0; i < G_N_ELEMENTS (artifact_names); i++)
    if (strcmp (base, artifact_names[i]) == 0)
      return TRUE;
  return FALSE;
}

static guint
aiperf_sniff (const AiperfSniffInput *input)
{
  if (input->is_dir)
    return aiperf_is_run_directory (input->path) ? AIPERF_SNIFF_SURE : AIPERF_SNIFF_NO;
  if (is_artifact_name (input->path))
    {
      g_autofree char *parent = g_path_get_dirname (input->path);

      if (aiperf_is_run_directory (parent))
        return AIPERF_SNIFF_LIKELY;
    }
  return AIPERF_SNIFF_NO;
}

static void
aiperf_load (const char              *path,
             const AiperfLoadOptions *options,
             AiperfLoadResult        *result)
{
  g_autofree char *directory = g_file_test (path, G_FILE_TEST_IS_DIR)
                                 ? g_strdup (path) : g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  AiperfRun *run;

  run = aiperf_run_load_summary (directory, &error);
  if (run != NULL)
    {
      g_ptr_array_add (result->runs, run);
      return;
    }
  /* The loaders name the file; make sure the message also names the folder. */
  if (error == NULL)
    error = g_error_new (AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: could not be loaded"), directory);
  else if (strstr (error->message, directory) == NULL)
    g_prefix_error (&error, "%s: ", directory);
  g_ptr_array_add (result->errors, g_steal_pointer (&error));
}

/* With an aggregate the trials are redundant (pass profile_runs itself to
 * see them). */
static gboolean
aiperf_skip_child (const char         *directory,
                   const char * const *entries,
                   const char         *child_name)
{
  return g_str_equal (child_name, "profile_runs") && aiperf_entries_contain (entries, "aggregate");
}

const AiperfFormat aiperf_format_aiperf = {
  .id = "aiperf",
  .name = "AIPerf",
  .kind = "serving",
  .sniff = aiperf_sniff,
  .load = aiperf_load,
  .claims_subtree = NULL,
  .skip_child = aiperf_skip_child,
};
