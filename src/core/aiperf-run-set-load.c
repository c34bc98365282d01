/* aiperf-run-set-load.c — discovery and parallel summary loading of a run set.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-discovery.h"
#include "aiperf-error.h"
#include "aiperf-run-set-private.h"

typedef struct {
  GPtrArray    *directories;  /* char* */
  AiperfRun   **runs;         /* one slot per directory */
  GError      **errors;
  GAsyncQueue  *done;         /* finished slot numbers + 1 */
  GCancellable *cancellable;
} LoadJob;

static void
load_one (gpointer data,
          gpointer user_data)
{
  LoadJob *job = user_data;
  guint slot = GPOINTER_TO_UINT (data) - 1;

  if (!g_cancellable_is_cancelled (job->cancellable))
    job->runs[slot] = aiperf_run_load_summary (g_ptr_array_index (job->directories, slot),
                                               &job->errors[slot]);
  g_async_queue_push (job->done, data);
}

/* The loaders name the file; make sure the message also names the folder,
 * and that every load error is in the AIPERF_ERROR domain. */
static GError *
error_for_folder (const char *directory,
                  GError     *error)
{
  if (error == NULL)
    return g_error_new (AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: could not be loaded"), directory);
  if (error->domain != AIPERF_ERROR)
    {
      GError *ours = g_error_new_literal (AIPERF_ERROR, aiperf_error_code_for (error), error->message);

      g_error_free (error);
      error = ours;
    }
  if (strstr (error->message, directory) == NULL)
    g_prefix_error (&error, "%s: ", directory);
  return error;
}

GError *
aiperf_run_set_load_failure (guint         n_folders,
                             const GError *first)
{
  const char *reason = first != NULL ? first->message : "?";
  AiperfErrorCode code = first != NULL ? aiperf_error_code_for (first) : AIPERF_ERROR_NO_RUNS;

  if (n_folders == 1)
    return g_error_new (AIPERF_ERROR, code, _("The run could not be loaded: %s"), reason);
  return g_error_new (AIPERF_ERROR, code,
                      _("None of the %u runs could be loaded; the first error: %s"), n_folders, reason);
}

AiperfRunSet *
aiperf_run_set_load (const char * const *paths,
                     GCancellable       *cancellable,
                     AiperfProgressFunc  progress,
                     gpointer            progress_data,
                     GError            **error)
{
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GPtrArray) directories = NULL;
  g_autofree AiperfRun **runs = NULL;
  g_autofree GError **errors = NULL;
  GThreadPool *pool;
  LoadJob job;
  guint n;

  g_return_val_if_fail (paths != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (progress != NULL)
    progress (-1, _("Looking for runs"), progress_data);

  warnings = g_ptr_array_new_with_free_func (g_free);
  directories = aiperf_discover_runs (paths, warnings, cancellable, error);
  if (directories == NULL)
    return NULL;

  set = aiperf_run_set_new ();
  for (guint i = 0; i < warnings->len; i++)
    aiperf_run_set_add_warning (set, g_ptr_array_index (warnings, i));

  n = directories->len;
  runs = g_new0 (AiperfRun *, n);
  errors = g_new0 (GError *, n);
  job = (LoadJob) { directories, runs, errors, g_async_queue_new (), cancellable };

  /* Summaries are small, so the cost is mostly JSON parsing: spread it over
   * the cores. The calling thread only collects and reports progress. */
  pool = g_thread_pool_new (load_one, &job, (int) MIN (n, MAX (1, g_get_num_processors ())),
                            FALSE, NULL);
  for (guint i = 0; i < n; i++)
    g_thread_pool_push (pool, GUINT_TO_POINTER (i + 1), NULL);
  for (guint i = 0; i < n; i++)
    {
      guint slot = GPOINTER_TO_UINT (g_async_queue_pop (job.done)) - 1;

      if (progress != NULL)
        {
          g_autofree char *what = g_strdup_printf (_("Read %s"), (const char *) g_ptr_array_index (directories, slot));

          progress ((double) (i + 1) / n, what, progress_data);
        }
    }
  g_thread_pool_free (pool, FALSE, TRUE);
  g_async_queue_unref (job.done);

  for (guint i = 0; i < n; i++)
    {
      if (runs[i] != NULL)
        {
          aiperf_run_set_add (set, runs[i]);
          g_object_unref (runs[i]);
        }
      else if (!g_cancellable_is_cancelled (cancellable))
        aiperf_run_set_take_load_error (set, error_for_folder (g_ptr_array_index (directories, i),
                                                               errors[i]));
      else
        g_clear_error (&errors[i]);
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if (aiperf_run_set_get_n_runs (set) == 0)
    {
      GPtrArray *load_errors = aiperf_run_set_get_load_errors (set);

      g_propagate_error (error, aiperf_run_set_load_failure (n, load_errors->len > 0
                                                                ? g_ptr_array_index (load_errors, 0)
                                                                : NULL));
      return NULL;
    }
  return g_steal_pointer (&set);
}

/* --- async --- */

typedef struct {
  char             **paths;
  AiperfProgressFunc progress;
  gpointer           progress_data;
  GMainContext      *context;
} AsyncData;

static void
async_data_free (gpointer data)
{
  AsyncData *d = data;

  g_strfreev (d->paths);
  g_main_context_unref (d->context);
  g_free (d);
}

typedef struct {
  AiperfProgressFunc progress;
  gpointer           progress_data;
  double             fraction;
  char              *what;
} ProgressCall;

static gboolean
progress_in_context (gpointer data)
{
  ProgressCall *call = data;

  call->progress (call->fraction, call->what, call->progress_data);
  return G_SOURCE_REMOVE;
}

static void
progress_call_free (gpointer data)
{
  ProgressCall *call = data;

  g_free (call->what);
  g_free (call);
}

static void
forward_progress (double      fraction,
                  const char *what,
                  gpointer    user_data)
{
  AsyncData *d = user_data;
  ProgressCall *call = g_new0 (ProgressCall, 1);

  call->progress = d->progress;
  call->progress_data = d->progress_data;
  call->fraction = fraction;
  call->what = g_strdup (what);
  g_main_context_invoke_full (d->context, G_PRIORITY_DEFAULT, progress_in_context,
                              call, progress_call_free);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  AsyncData *d = task_data;
  GError *error = NULL;
  AiperfRunSet *set;

  set = aiperf_run_set_load ((const char * const *) d->paths, cancellable,
                             d->progress != NULL ? forward_progress : NULL, d, &error);
  if (set == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, set, g_object_unref);
}

void
aiperf_run_set_load_async (const char * const *paths,
                           GCancellable       *cancellable,
                           AiperfProgressFunc  progress,
                           gpointer            progress_data,
                           GAsyncReadyCallback callback,
                           gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;
  AsyncData *d;

  g_return_if_fail (paths != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  d = g_new0 (AsyncData, 1);
  d->paths = g_strdupv ((char **) paths);
  d->progress = progress;
  d->progress_data = progress_data;
  d->context = g_main_context_ref_thread_default ();

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, aiperf_run_set_load_async);
  g_task_set_task_data (task, d, async_data_free);
  g_task_run_in_thread (task, load_thread);
}

AiperfRunSet *
aiperf_run_set_load_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
