/* fuzz-common.c — log handling and scratch files for the libFuzzer targets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char *scratch_dir;
static GHashTable *scratch_files;  /* name → path */

/* A critical is a broken precondition (g_return_if_fail) and GLib's own
 * warnings flag API misuse (bad casts, invalid UTF-8 handed to GLib): both are
 * bugs the input exposed, so they crash the run and libFuzzer keeps the
 * input. Warnings of the program about bad data are expected and dropped. */
static gboolean
is_bug (const char     *domain,
        GLogLevelFlags  level)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL))
    return TRUE;
  return (level & G_LOG_LEVEL_WARNING) && domain != NULL && g_str_has_prefix (domain, "GLib");
}

static void
log_handler (const char     *domain,
             GLogLevelFlags  level,
             const char     *message,
             gpointer        user_data)
{
  if (!is_bug (domain, level))
    return;
  fprintf (stderr, "%s-%s (fatal in fuzzing): %s\n", domain != NULL ? domain : "(no domain)",
           (level & G_LOG_LEVEL_ERROR) ? "ERROR" : (level & G_LOG_LEVEL_CRITICAL) ? "CRITICAL" : "WARNING",
           message);
  abort ();
}

static GLogWriterOutput
log_writer (GLogLevelFlags   level,
            const GLogField *fields,
            gsize            n_fields,
            gpointer         user_data)
{
  const char *domain = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0)
      domain = fields[i].value;
  if (!is_bug (domain, level))
    return G_LOG_WRITER_HANDLED;
  g_log_writer_standard_streams (level, fields, n_fields, user_data);
  abort ();
}

static void
remove_scratch (void)
{
  GHashTableIter iter;
  gpointer path;

  if (scratch_dir == NULL)
    return;
  g_hash_table_iter_init (&iter, scratch_files);
  while (g_hash_table_iter_next (&iter, NULL, &path))
    g_unlink (path);
  g_rmdir (scratch_dir);
  g_clear_pointer (&scratch_files, g_hash_table_unref);
  g_clear_pointer (&scratch_dir, g_free);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;

  /* GSlice (GLib 2.74) caches freed blocks, which LeakSanitizer and ASan's
   * use-after-free checks cannot see through. GLib reads G_SLICE before any
   * code of ours runs, so set it and start again. */
  if (g_getenv ("G_SLICE") == NULL)
    {
      g_setenv ("G_SLICE", "always-malloc", TRUE);
      execv ("/proc/self/exe", *argv);
      perror ("cannot re-execute with G_SLICE=always-malloc");
    }
  g_log_set_default_handler (log_handler, NULL);
  g_log_set_writer_func (log_writer, NULL, NULL);

  /* fuzz.sh names a fixed folder: the path is in messages the loaders
   * compare and copy, and a random one would change the run. */
  if (g_getenv ("AIPERF_FUZZ_SCRATCH") != NULL)
    {
      scratch_dir = g_strdup (g_getenv ("AIPERF_FUZZ_SCRATCH"));
      if (g_mkdir_with_parents (scratch_dir, 0700) != 0)
        g_clear_pointer (&scratch_dir, g_free);
    }
  else
    scratch_dir = g_dir_make_tmp ("aiperf-fuzz-XXXXXX", &error);
  if (scratch_dir == NULL)
    {
      fprintf (stderr, "cannot make a scratch folder: %s\n",
               error != NULL ? error->message : g_strerror (errno));
      exit (1);
    }
  scratch_files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  atexit (remove_scratch);
  return 0;
}

const char *
aiperf_fuzz_dir (void)
{
  return scratch_dir;
}

const char *
aiperf_fuzz_write_file (const char    *name,
                        const uint8_t *data,
                        size_t         size)
{
  const char *path = g_hash_table_lookup (scratch_files, name);
  FILE *file;

  if (path == NULL)
    {
      char *built = g_build_filename (scratch_dir, name, NULL);

      g_hash_table_insert (scratch_files, g_strdup (name), built);
      path = built;
    }
  /* Plain stdio: g_file_set_contents() would fsync on every input. */
  file = fopen (path, "wb");
  if (file == NULL || (size > 0 && fwrite (data, 1, size, file) != size) || fclose (file) != 0)
    {
      perror (path);
      abort ();
    }
  return path;
}

void
aiperf_fuzz_check_text (const char *what,
                        const char *text)
{
  if (text == NULL || g_utf8_validate (text, -1, NULL))
    return;
  fprintf (stderr, "%s is not valid UTF-8\n", what);
  abort ();
}

static void
check_table (const char  *what,
             AiperfTable *table)
{
  if (table == NULL)
    return;
  for (guint c = 0; c < aiperf_table_get_n_columns (table); c++)
    {
      aiperf_fuzz_check_text (what, aiperf_table_get_column_name (table, c));
      aiperf_fuzz_check_text (what, aiperf_table_get_column_unit (table, c));
    }
}

void
aiperf_fuzz_check_timeslices (AiperfTimeslices *timeslices)
{
  g_autoptr(GPtrArray) tags = NULL;

  if (timeslices == NULL)
    return;
  tags = aiperf_timeslices_list_metrics (timeslices);
  for (guint i = 0; i < tags->len; i++)
    {
      aiperf_fuzz_check_text ("time-slice metric", tags->pdata[i]);
      aiperf_fuzz_check_text ("time-slice unit", aiperf_timeslices_get_unit (timeslices, tags->pdata[i]));
    }
}

void
aiperf_fuzz_check_run (AiperfRun *run)
{
  g_autoptr(GPtrArray) metrics = aiperf_run_list_metrics (run);
  g_autoptr(GPtrArray) parameters = aiperf_run_list_parameters (run);
  GPtrArray *gpus = aiperf_run_get_gpus (run);
  GPtrArray *errors = aiperf_run_get_errors (run);
  GPtrArray *warnings = aiperf_run_get_warnings (run);

  aiperf_fuzz_check_text ("model", aiperf_run_get_model (run));
  aiperf_fuzz_check_text ("endpoint type", aiperf_run_get_endpoint_type (run));
  aiperf_fuzz_check_text ("start time", aiperf_run_get_start_time (run));
  aiperf_fuzz_check_text ("end time", aiperf_run_get_end_time (run));
  aiperf_fuzz_check_text ("aiperf version", aiperf_run_get_aiperf_version (run));
  aiperf_fuzz_check_text ("schema version", aiperf_run_get_schema_version (run));
  aiperf_fuzz_check_text ("variation label", aiperf_run_get_variation_label (run));
  for (guint i = 0; i < metrics->len; i++)
    {
      aiperf_fuzz_check_text ("metric", metrics->pdata[i]);
      aiperf_fuzz_check_text ("metric unit", aiperf_run_get_metric_unit (run, metrics->pdata[i]));
    }
  for (guint i = 0; i < parameters->len; i++)
    {
      aiperf_fuzz_check_text ("parameter", parameters->pdata[i]);
      aiperf_fuzz_check_text ("parameter value", aiperf_run_get_parameter (run, parameters->pdata[i]));
    }
  for (guint i = 0; i < gpus->len; i++)
    {
      const AiperfGpu *gpu = gpus->pdata[i];

      aiperf_fuzz_check_text ("GPU UUID", gpu->uuid);
      aiperf_fuzz_check_text ("GPU name", gpu->name);
      aiperf_fuzz_check_text ("GPU hostname", gpu->hostname);
      for (guint k = 0; gpu->endpoints != NULL && gpu->endpoints[k] != NULL; k++)
        aiperf_fuzz_check_text ("GPU endpoint", gpu->endpoints[k]);
    }
  for (guint i = 0; i < errors->len; i++)
    {
      const AiperfErrorEntry *entry = errors->pdata[i];

      aiperf_fuzz_check_text ("error type", entry->type);
      aiperf_fuzz_check_text ("error message", entry->message);
    }
  for (guint i = 0; i < warnings->len; i++)
    aiperf_fuzz_check_text ("warning", warnings->pdata[i]);
  check_table ("requests column", aiperf_run_get_requests (run));
  check_table ("warm-up column", aiperf_run_get_warmup_requests (run));
  check_table ("telemetry column", aiperf_run_get_gpu_telemetry (run));
  aiperf_fuzz_check_timeslices (aiperf_run_get_timeslices (run));
}
