/* aiperf-window-load.c — loading folders without blocking: progress,
 * cancel, per-run failures as toasts, and watch mode.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-error.h"
#include "aiperf-window-private.h"

typedef struct {
  AiperfWindow *self;
  char        **paths;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_object_unref (data->self);
  g_strfreev (data->paths);
  g_free (data);
}

static gboolean
pulse (gpointer user_data)
{
  AiperfWindow *self = user_data;

  if (gtk_progress_bar_get_fraction (self->progress_bar) <= 0.0
      || gtk_progress_bar_get_pulse_step (self->progress_bar) > 0.5)
    gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_CONTINUE;
}

/* Small folders load faster than a progress bar could be read: show it
 * only when loading takes a while. */
static gboolean
reveal_progress (gpointer user_data)
{
  AiperfWindow *self = user_data;

  self->progress_pulse_id = 0;
  if (self->loads_pending > 0)
    {
      gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
      self->progress_pulse_id = g_timeout_add (120, pulse, self);
    }
  return G_SOURCE_REMOVE;
}

static void
on_progress (double      fraction,
             const char *what,
             gpointer    user_data)
{
  AiperfWindow *self = user_data;

  if (fraction >= 0)
    {
      gtk_progress_bar_set_pulse_step (self->progress_bar, 0.1);
      gtk_progress_bar_set_fraction (self->progress_bar, fraction);
    }
  if (what != NULL)
    gtk_label_set_label (self->progress_label, what);
}

static void
end_load (AiperfWindow *self)
{
  g_assert (self->loads_pending > 0);

  if (--self->loads_pending > 0)
    return;
  g_clear_handle_id (&self->progress_pulse_id, g_source_remove);
  gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
  aiperf_window_update_actions (self);
}

static void
report_load_errors (AiperfWindow *self,
                    AiperfRunSet *loaded)
{
  GPtrArray *errors = aiperf_run_set_get_load_errors (loaded);
  g_autofree char *msg = NULL;

  if (errors == NULL || errors->len == 0)
    return;
  for (guint i = 0; i < errors->len; i++)
    aiperf_session_add_error (self->session, ((GError *) g_ptr_array_index (errors, i))->message);
  if (errors->len == 1)
    msg = g_strdup (((GError *) g_ptr_array_index (errors, 0))->message);
  else
    msg = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u run could not be loaded",
                                        "%u runs could not be loaded", errors->len), errors->len);
  aiperf_window_show_toast (self, msg, TRUE);
}

static void
on_loaded (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  LoadData *data = user_data;
  AiperfWindow *self = data->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) loaded = aiperf_run_set_load_finish (result, &error);

  if (loaded == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *names = NULL;
          g_autofree char *msg = NULL;

          for (guint i = 0; data->paths[i] != NULL; i++)
            {
              g_autofree char *base = g_path_get_basename (data->paths[i]);
              char *joined = names ? g_strconcat (names, ", ", base, NULL) : g_strdup (base);

              g_free (names);
              names = joined;
            }
          if (g_error_matches (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND))
            msg = g_strdup_printf (_("“%s” does not exist"), names);
          else if (g_error_matches (error, AIPERF_ERROR, AIPERF_ERROR_NO_RUNS))
            msg = g_strdup_printf (_("Nothing to open in “%s”: no benchmark result was recognised"), names);
          else
            msg = g_strdup_printf (_("Could not open “%s”: %s"), names, error->message);
          {
            g_autofree char *details = g_strdup_printf ("%s\n%s", msg, error->message);

            aiperf_session_add_error (self->session, details);
          }
          aiperf_window_show_toast (self, msg, TRUE);
        }
      /* Paths that opened nothing are not "what is open". */
      for (guint i = 0; data->paths[i] != NULL; i++)
        aiperf_session_remove_root (self->session, data->paths[i]);
      aiperf_window_update_title (self);
    }
  else
    {
      for (guint i = 0; data->paths[i] != NULL; i++)
        {
          aiperf_window_remember_recent (self, data->paths[i]);
        }
      aiperf_window_add_runs (self, loaded);
      report_load_errors (self, loaded);
    }
  end_load (self);
  load_data_free (data);
}

void
aiperf_window_load_paths_internal (AiperfWindow       *self,
                                   const char * const *paths,
                                   gboolean            replace)
{
  LoadData *data;

  g_return_if_fail (AIPERF_IS_WINDOW (self));
  g_return_if_fail (paths != NULL && paths[0] != NULL);

  for (guint i = 0; paths[i] != NULL; i++)
    aiperf_session_add_root (self->session, paths[i]);

  if (self->loads_pending++ == 0)
    {
      if (g_cancellable_is_cancelled (self->load_cancellable))
        g_set_object (&self->load_cancellable, g_cancellable_new ());
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
      gtk_label_set_label (self->progress_label, _("Looking for runs…"));
      g_clear_handle_id (&self->progress_pulse_id, g_source_remove);
      self->progress_pulse_id = g_timeout_add (300, reveal_progress, self);
    }
  aiperf_window_update_actions (self);

  data = g_new0 (LoadData, 1);
  data->self = g_object_ref (self);
  data->paths = g_strdupv ((char **) paths);
  {
    AiperfOpenOptions options;

    aiperf_session_get_open_options (self->session, &options);
    aiperf_run_set_load_with_options_async (paths, &options, self->load_cancellable,
                                            on_progress, self, on_loaded, data);
  }
}

void
aiperf_window_set_watching (AiperfWindow *self,
                            gboolean      watching)
{
  g_return_if_fail (AIPERF_IS_WINDOW (self));

  /* The session's watch already follows its roots and knows its runs. */
  aiperf_watch_set_active (self->watch, watching);
}

void
aiperf_window_apply_param_pattern (AiperfWindow *self,
                                   gboolean      reopen)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) roots = NULL;

  g_return_if_fail (AIPERF_IS_WINDOW (self));

  if (self->settings == NULL)
    return;
  text = g_settings_get_string (self->settings, "run-name-pattern");
  if (!aiperf_session_set_param_pattern_text (self->session, text, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Parameters from folder names are off: %s"), error->message);

      aiperf_window_show_toast (self, message, FALSE);
      aiperf_session_set_param_pattern (self->session, NULL);
    }
  if (!reopen || aiperf_session_get_roots (self->session)->len == 0)
    return;
  /* The parameters come from the load: open the same folders again. */
  roots = g_ptr_array_copy (aiperf_session_get_roots (self->session), (GCopyFunc) g_strdup, NULL);
  g_ptr_array_set_free_func (roots, g_free);
  g_ptr_array_add (roots, NULL);
  aiperf_session_clear (self->session);
  aiperf_sidebar_set_runs (self->sidebar, aiperf_session_get_runs (self->session), aiperf_session_get_hidden (self->session));
  aiperf_window_rebuild_tabs (self);
  aiperf_window_load_paths_internal (self, (const char * const *) roots->pdata, FALSE);
}
