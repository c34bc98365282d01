/* aiperf-run-set-load.c — discovery and parallel summary loading of a run set.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-formats.h"
#include "aiperf-path-params.h"
#include "aiperf-error.h"
#include "aiperf-run-builder.h"
#include "aiperf-run-set-builder.h"

typedef struct {
  GPtrArray               *finds;    /* AiperfFind* */
  AiperfLoadResult        *results;  /* one per find */
  const AiperfLoadOptions *options;
  GAsyncQueue             *done;     /* finished slot numbers + 1 */
} LoadJob;

static void
load_one (gpointer data,
          gpointer user_data)
{
  LoadJob *job = user_data;
  guint slot = GPOINTER_TO_UINT (data) - 1;

  if (!g_cancellable_is_cancelled (job->options->cancellable))
    aiperf_find_load (g_ptr_array_index (job->finds, slot), job->options, &job->results[slot]);
  g_async_queue_push (job->done, data);
}

/* Loads every find on a pool of threads; the calling thread only collects
 * and reports progress. */
static void
load_finds (LoadJob            *job,
            AiperfProgressFunc  progress,
            gpointer            progress_data)
{
  guint n = job->finds->len;
  GThreadPool *pool;

  job->done = g_async_queue_new ();
  pool = g_thread_pool_new (load_one, job, (int) MIN (n, MAX (1, g_get_num_processors ())),
                            FALSE, NULL);
  for (guint i = 0; i < n; i++)
    g_thread_pool_push (pool, GUINT_TO_POINTER (i + 1), NULL);
  for (guint i = 0; i < n; i++)
    {
      guint slot = GPOINTER_TO_UINT (g_async_queue_pop (job->done)) - 1;

      if (progress != NULL)
        {
          const AiperfFind *find = g_ptr_array_index (job->finds, slot);
          g_autofree char *what = g_strdup_printf (_("Read %s"), find->path);

          progress ((double) (i + 1) / n, what, progress_data);
        }
    }
  g_thread_pool_free (pool, FALSE, TRUE);
  g_async_queue_unref (job->done);
}

/* 1, 2, … for the runs of this process in the order they were opened. */
static guint
next_open_order (void)
{
  static gint opened;

  return (guint) g_atomic_int_add (&opened, 1) + 1;
}

/* The position in @inputs (canonical paths) of the one @path came from:
 * itself or a folder above it; the number of inputs when none (a glob). */
static guint
input_of (const char  *path,
          GPtrArray   *inputs)
{
  for (guint i = 0; i < inputs->len; i++)
    {
      const char *input = g_ptr_array_index (inputs, i);
      gsize len = strlen (input);

      if (strncmp (path, input, len) == 0 && (path[len] == '\0' || path[len] == G_DIR_SEPARATOR))
        return i;
    }
  return inputs->len;
}

typedef struct {
  guint input, slot;
} Slot;

static int
compare_slots (gconstpointer a,
               gconstpointer b)
{
  const Slot *x = a, *y = b;

  if (x->input != y->input)
    return x->input < y->input ? -1 : 1;
  return x->slot < y->slot ? -1 : x->slot > y->slot ? 1 : 0;
}

/* Gives the runs of @results (one per find) their open order: by the
 * position of the path they came from in @paths, then by path. */
static void
number_runs (const char * const *paths,
             GPtrArray          *finds,
             AiperfLoadResult   *results)
{
  g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func (g_free);
  g_autofree Slot *slots = g_new (Slot, MAX (finds->len, 1u));

  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (inputs, g_canonicalize_filename (paths[i], NULL));
  for (guint f = 0; f < finds->len; f++)
    slots[f] = (Slot) { input_of (((AiperfFind *) g_ptr_array_index (finds, f))->path, inputs), f };
  qsort (slots, finds->len, sizeof (Slot), compare_slots);
  for (guint f = 0; f < finds->len; f++)
    {
      AiperfLoadResult *result = &results[slots[f].slot];

      for (guint r = 0; r < result->runs->len; r++)
        aiperf_run_set_open_order (g_ptr_array_index (result->runs, r), next_open_order ());
    }
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
  return aiperf_run_set_load_with_options (paths, NULL, cancellable, progress, progress_data, error);
}

AiperfRunSet *
aiperf_run_set_load_with_options (const char * const     *paths,
                                  const AiperfOpenOptions *open_options,
                                  GCancellable           *cancellable,
                                  AiperfProgressFunc      progress,
                                  gpointer                progress_data,
                                  GError                **error)
{
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GPtrArray) finds = NULL;
  AiperfDiscoverOptions discover = { NULL, NULL };
  AiperfLoadOptions options = { NULL, cancellable };
  guint n_errors = 0;
  const GError *first_error = NULL;
  LoadJob job;
  guint n;

  g_return_val_if_fail (paths != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (open_options != NULL)
    {
      discover.skip_dir = open_options->skip_dir;
      options.param_pattern = open_options->param_pattern;
    }
  if (progress != NULL)
    progress (-1, _("Looking for runs"), progress_data);

  warnings = g_ptr_array_new_with_free_func (g_free);
  finds = aiperf_formats_discover (paths, &discover, warnings, warnings, cancellable, error);
  if (finds == NULL)
    return NULL;

  set = aiperf_run_set_new ();
  for (guint i = 0; i < warnings->len; i++)
    aiperf_run_set_add_warning (set, g_ptr_array_index (warnings, i));

  n = finds->len;
  job = (LoadJob) { finds, g_new0 (AiperfLoadResult, n), &options, NULL };
  for (guint i = 0; i < n; i++)
    aiperf_load_result_init (&job.results[i]);
  load_finds (&job, progress, progress_data);

  /* Runs are numbered in the order their paths were given (the finds are
   * sorted by path, and the set sorts its runs by locator). */
  number_runs (paths, finds, job.results);

  /* Folder levels that tell otherwise-equal runs apart become parameters,
   * unless the user's pattern says what the folders mean. */
  if (options.param_pattern == NULL)
    {
      g_autoptr(GPtrArray) all = g_ptr_array_new ();

      for (guint i = 0; i < n; i++)
        for (guint r = 0; r < job.results[i].runs->len; r++)
          g_ptr_array_add (all, g_ptr_array_index (job.results[i].runs, r));
      aiperf_path_params_infer (all);
    }

  /* What the loads returned is complete: only now does the set see it. */
  for (guint i = 0; i < n && !g_cancellable_is_cancelled (cancellable); i++)
    {
      AiperfLoadResult *result = &job.results[i];

      for (guint r = 0; r < result->runs->len; r++)
        aiperf_run_set_add (set, g_ptr_array_index (result->runs, r));
      for (guint w = 0; w < result->warnings->len; w++)
        aiperf_run_set_add_warning (set, g_ptr_array_index (result->warnings, w));
      for (guint e = 0; e < result->errors->len; e++)
        {
          GError *err = g_ptr_array_index (result->errors, e);

          if (first_error == NULL)
            first_error = err;
          n_errors++;
          aiperf_run_set_take_load_error (set, g_error_copy (err));
        }
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;

  if (aiperf_run_set_get_n_runs (set) == 0)
    {
      g_propagate_error (error, aiperf_run_set_load_failure (n_errors, first_error));
      goto out;
    }

out:
  for (guint i = 0; i < n; i++)
    aiperf_load_result_clear (&job.results[i]);
  g_free (job.results);
  if (error != NULL && *error != NULL)
    return NULL;
  return g_steal_pointer (&set);
}

/* --- async --- */

typedef struct {
  char             **paths;
  AiperfOpenOptions  options;
  AiperfProgressFunc progress;
  gpointer           progress_data;
  GMainContext      *context;
} AsyncData;

static void
async_data_free (gpointer data)
{
  AsyncData *d = data;

  g_strfreev (d->paths);
  g_clear_pointer (&d->options.param_pattern, g_regex_unref);
  g_free ((char *) d->options.skip_dir);
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

  set = aiperf_run_set_load_with_options ((const char * const *) d->paths, &d->options, cancellable,
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
  aiperf_run_set_load_with_options_async (paths, NULL, cancellable, progress, progress_data,
                                          callback, user_data);
}

void
aiperf_run_set_load_with_options_async (const char * const     *paths,
                                        const AiperfOpenOptions *options,
                                        GCancellable           *cancellable,
                                        AiperfProgressFunc      progress,
                                        gpointer                progress_data,
                                        GAsyncReadyCallback     callback,
                                        gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  AsyncData *d;

  g_return_if_fail (paths != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  d = g_new0 (AsyncData, 1);
  d->paths = g_strdupv ((char **) paths);
  if (options != NULL)
    {
      d->options.param_pattern = options->param_pattern != NULL ? g_regex_ref (options->param_pattern) : NULL;
      d->options.skip_dir = g_strdup (options->skip_dir);
    }
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
