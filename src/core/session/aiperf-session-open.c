/* aiperf-session-open.c — opening: one path for the window and the command
 * line. The format walk and the loads run on a worker thread; what they
 * bring is installed in the caller's main context, all at once, or not at
 * all when cancelled.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-session-private.h"

typedef struct {
  char         **paths;
  GPtrArray     *new_roots;    /* char*: the paths that were no root before */
  GCancellable  *cancellable;  /* this open's own */
  GCancellable  *caller;       /* nullable: the caller's, which cancels this one */
  gulong         caller_id;
} Open;

static void
open_free (Open *open)
{
  if (open->caller != NULL)
    g_cancellable_disconnect (open->caller, open->caller_id);
  g_clear_object (&open->caller);
  g_clear_object (&open->cancellable);
  g_ptr_array_unref (open->new_roots);
  g_strfreev (open->paths);
  g_free (open);
}

static void
cancel_open (GCancellable *caller,
             GCancellable *own)
{
  g_cancellable_cancel (own);
}

static void
set_progress (AiperfSession *self,
              double         fraction,
              const char    *text)
{
  self->progress = fraction;
  g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_PROGRESS]);
  if (text != NULL && g_strcmp0 (text, self->progress_text) != 0)
    {
      g_free (self->progress_text);
      self->progress_text = g_strdup (text);
      g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_PROGRESS_TEXT]);
    }
}

static void
on_open_progress (double      fraction,
                  const char *what,
                  gpointer    user_data)
{
  AiperfSession *self = user_data;

  if (self->opening->len > 0)
    set_progress (self, fraction >= 0 ? MIN (fraction, 1.0) : -1, what);
}

/* The paths become roots (watched, and where presets are looked for) while
 * they open, as the user sees them. */
static Open *
begin_open (AiperfSession      *self,
            const char * const *paths,
            GCancellable       *caller)
{
  Open *open = g_new0 (Open, 1);

  open->paths = g_strdupv ((char **) paths);
  open->new_roots = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; paths[i] != NULL; i++)
    if (!g_ptr_array_find_with_equal_func (self->roots, paths[i], g_str_equal, NULL))
      {
        aiperf_session_add_root (self, paths[i]);
        g_ptr_array_add (open->new_roots, g_strdup (paths[i]));
      }
  open->cancellable = g_cancellable_new ();
  if (caller != NULL)
    {
      open->caller = g_object_ref (caller);
      open->caller_id = g_cancellable_connect (caller, G_CALLBACK (cancel_open),
                                               open->cancellable, NULL);
    }
  g_ptr_array_add (self->opening, g_object_ref (open->cancellable));
  if (self->opening->len == 1)
    {
      set_progress (self, -1, _("Looking for runs…"));
      g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_LOADING]);
    }
  return open;
}

/* Installs what @open loaded (@loaded NULL: it failed with @error); a
 * cancelled open installs nothing, whatever came back. */
static gboolean
end_open (AiperfSession *self,
          Open          *open,
          AiperfRunSet  *loaded,
          GError       **error)
{
  gboolean ok = loaded != NULL;
  /* Not there any more when the session was cleared meanwhile: the roots
   * are no longer this open's to take back. */
  gboolean current = g_ptr_array_remove (self->opening, open->cancellable);

  if (ok && g_cancellable_set_error_if_cancelled (open->cancellable, error))
    ok = FALSE;
  if (ok)
    aiperf_session_add_runs (self, loaded);
  else if (current)
    /* Paths that opened nothing are not "what is open". */
    for (guint i = 0; i < open->new_roots->len; i++)
      aiperf_session_remove_root (self, g_ptr_array_index (open->new_roots, i));
  if (current && self->opening->len == 0)
    g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_LOADING]);
  return ok;
}

static void
on_open_loaded (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  AiperfSession *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) loaded = aiperf_run_set_load_finish (result, &error);

  if (end_open (self, g_task_get_task_data (task), loaded, error == NULL ? &error : NULL))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

void
aiperf_session_open_async (AiperfSession       *self,
                           const char * const  *paths,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  GTask *task;
  Open *open;
  AiperfOpenOptions options;

  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (paths != NULL && paths[0] != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  open = begin_open (self, paths, cancellable);
  task = g_task_new (self, open->cancellable, callback, user_data);
  g_task_set_source_tag (task, aiperf_session_open_async);
  /* The result is what was installed, cancelled or not since. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, open, (GDestroyNotify) open_free);
  aiperf_session_get_open_options (self, &options);
  aiperf_run_set_load_with_options_async (paths, &options, open->cancellable,
                                          on_open_progress, self, on_open_loaded, task);
}

gboolean
aiperf_session_open_finish (AiperfSession  *self,
                            GAsyncResult   *result,
                            GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == aiperf_session_open_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
aiperf_session_open_sync (AiperfSession      *self,
                          const char * const *paths,
                          const char         *skip_dir,
                          GError            **error)
{
  g_autoptr(AiperfRunSet) loaded = NULL;
  g_autoptr(GError) local_error = NULL;
  AiperfOpenOptions options;
  Open *open;
  gboolean ok;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), FALSE);
  g_return_val_if_fail (paths != NULL, FALSE);

  open = begin_open (self, paths, NULL);
  aiperf_session_get_open_options (self, &options);
  options.skip_dir = skip_dir;
  loaded = aiperf_run_set_load_with_options (paths, &options, open->cancellable,
                                             on_open_progress, self, &local_error);
  ok = end_open (self, open, loaded, local_error == NULL ? &local_error : NULL);
  open_free (open);
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return ok;
}

void
aiperf_session_cancel_opening (AiperfSession *self)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));

  for (guint i = 0; i < self->opening->len; i++)
    g_cancellable_cancel (g_ptr_array_index (self->opening, i));
}

gboolean
aiperf_session_get_loading (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), FALSE);
  return self->opening->len > 0;
}

