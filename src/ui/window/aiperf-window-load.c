/* aiperf-window-load.c — the window's side of what the session opens: it
 * asks the session to open, shows its progress, and reacts to what the
 * session says (runs added or removed, load errors), and binds the
 * settings that say how to open (run-name-pattern, watch-folders).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-run-row.h"
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

/* --- progress --- */

static gboolean
pulse (gpointer user_data)
{
  AiperfWindow *self = user_data;

  /* (a fraction, once known, is bound: aiperf-window-bindings.c) */
  if (gtk_progress_bar_get_fraction (self->progress_bar) <= 0.0)
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
  if (aiperf_session_get_loading (self->session))
    {
      gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
      self->progress_pulse_id = g_timeout_add (120, pulse, self);
    }
  return G_SOURCE_REMOVE;
}

static void
on_loading (AiperfWindow *self)
{
  g_clear_handle_id (&self->progress_pulse_id, g_source_remove);
  if (aiperf_session_get_loading (self->session))
    {
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
      self->progress_pulse_id = g_timeout_add (300, reveal_progress, self);
    }
  else
    gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
}

/* --- what the session says --- */

/* One toast per batch: the message's first line when it is one, else how
 * many; the whole of them is behind "Details". */
static void
on_load_errors (AiperfWindow *self,
                char        **messages)
{
  guint n = g_strv_length (messages);
  g_autofree char *msg = NULL;

  if (n == 0)
    return;
  if (n == 1)
    msg = g_strndup (messages[0], strcspn (messages[0], "\n"));
  else
    msg = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u run could not be loaded",
                                        "%u runs could not be loaded", n), n);
  aiperf_window_show_toast (self, msg, TRUE);
}

/* A run the watch brought: someone looking at one run in detail keeps
 * looking at it, and the comparison is offered, not forced. */
static void
show_arrival (AiperfWindow *self,
              AiperfRun    *run)
{
  AiperfRunSet *runs = aiperf_session_get_runs (self->session);
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  g_autofree char *msg = NULL;

  g_ptr_array_add (one, run);
  /* Single-run before this one came. */
  if ((aiperf_run_set_get_n_runs (runs) == 2 || self->runs_arrived > 0)
      && adw_tab_view_get_n_pages (self->tab_view) > 0)
    {
      /* A banner that stays until answered, counting every run that
       * arrived (a toast named only the first, and went). */
      aiperf_window_show_new_runs (self, one, TRUE);
      self->runs_arrived++;
      msg = self->runs_arrived == 1
              ? g_strdup_printf (_("A new run arrived: “%s”. Compare it with the run shown?"),
                                 aiperf_run_get_name (run))
              : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "%u new run arrived, the last “%s”. Compare all %u runs?",
                                              "%u new runs arrived, the last “%s”. Compare all %u runs?",
                                              self->runs_arrived),
                                 self->runs_arrived, aiperf_run_get_name (run),
                                 aiperf_run_set_get_n_runs (runs));
      gtk_label_set_label (self->compare_label, msg);
      gtk_info_bar_set_revealed (self->compare_bar, TRUE);
      return;
    }
  msg = g_strdup_printf (_("New run “%s” added"), aiperf_run_get_name (run));
  aiperf_window_show_new_runs (self, one, FALSE);
  aiperf_window_show_toast (self, msg, FALSE);
}

static void
on_runs_added (AiperfWindow *self,
               GPtrArray    *runs,
               gboolean      arrived)
{
  if (!arrived)
    {
      aiperf_window_show_new_runs (self, runs, FALSE);
      return;
    }
  for (guint i = 0; i < runs->len; i++)
    show_arrival (self, g_ptr_array_index (runs, i));
}

/* Runs went (a new content, opened again under another pattern, or one
 * removed): the tabs showed them. */
static void
on_runs_removed (AiperfWindow *self)
{
  aiperf_sidebar_set_runs (self->sidebar, aiperf_session_get_runs (self->session),
                           aiperf_session_get_hidden (self->session));
  aiperf_window_mark_missing_runs (self);
  aiperf_window_rebuild_tabs (self);
}

void
aiperf_window_mark_missing_runs (AiperfWindow *self)
{
  AiperfRunSet *runs = aiperf_session_get_runs (self->session);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      GtkWidget *row = aiperf_sidebar_get_row (self->sidebar, run);

      if (row != NULL)
        aiperf_run_row_set_missing (AIPERF_RUN_ROW (row), aiperf_session_is_run_missing (self->session, run));
    }
}

/* win.remove-run (a run's locator): the run row's menu and its button. */
static void
remove_run (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  AiperfWindow *self = user_data;
  AiperfRun *run = aiperf_run_set_find (aiperf_session_get_runs (self->session), g_variant_get_string (param, NULL));

  if (run != NULL)
    aiperf_session_remove_run (self->session, run);
}

/* The preset file in effect was edited on disk and read again (or said
 * as a load error): the default charts are made anew from it; the tabs
 * the user added stay. */
static void
on_presets_changed (AiperfWindow *self)
{
  if (aiperf_run_set_get_n_runs (aiperf_session_get_runs (self->session)) == 0)
    return;
  aiperf_window_reload_default_tabs (self);
  aiperf_window_show_toast (self, _("Plot presets changed on disk: charts made again"), FALSE);
}

static void
on_option_changed (AiperfWindow *self,
                   const char   *key)
{
  aiperf_window_apply_kind_option (self, key);
}

/* Back in the window after a while elsewhere (a file manager, a shell):
 * a look whether every run's folder is still there. */
static void
on_active (AiperfWindow *self)
{
  if (gtk_window_is_active (GTK_WINDOW (self)))
    aiperf_session_check_runs (self->session);
}

void
aiperf_window_init_session (AiperfWindow *self)
{
  static const GActionEntry entries[] = {
    { "remove-run", remove_run, "s" },
  };
  GSignalGroup *signals;

  g_return_if_fail (AIPERF_IS_WINDOW (self));

  self->session = aiperf_session_new ();
  /* A window stays open: it tells of a run folder that goes and of a
   * preset file edited (an export, which reads once, does not ask). */
  aiperf_session_set_follow_disk (self->session, TRUE);
  /* How paths are opened and whether open folders are watched are
   * settings the session follows; a new pattern opens the folders again. */
  if (self->settings != NULL)
    {
      g_settings_bind (self->settings, "run-name-pattern", self->session, "param-pattern", G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "watch-folders", self->session, "watching", G_SETTINGS_BIND_DEFAULT);
    }
  /* What the session says, as one group: the window lets go of it at
   * once (aiperf_window_release_session). */
  signals = self->session_signals = g_signal_group_new (AIPERF_TYPE_SESSION);
  g_signal_group_connect_swapped (signals, "runs-added", G_CALLBACK (on_runs_added), self);
  g_signal_group_connect_swapped (signals, "runs-removed", G_CALLBACK (on_runs_removed), self);
  g_signal_group_connect_swapped (signals, "load-errors", G_CALLBACK (on_load_errors), self);
  /* (its message comes as a load error: the toast, and the list) */
  g_signal_group_connect_swapped (signals, "run-missing", G_CALLBACK (aiperf_window_mark_missing_runs), self);
  /* What the session owns changed: the window follows, nobody calls it. */
  g_signal_group_connect_swapped (signals, "presets-changed", G_CALLBACK (on_presets_changed), self);
  g_signal_group_connect_swapped (signals, "options-changed", G_CALLBACK (on_option_changed), self);
  g_signal_group_connect_swapped (signals, "notify::loading", G_CALLBACK (on_loading), self);
  g_signal_group_set_target (signals, self->session);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active), NULL);
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  /* What the window shows of its properties is bound to them. */
  aiperf_window_bind_session (self);
}

/* The window going away: nothing the session still does reaches it. */
void
aiperf_window_release_session (AiperfWindow *self)
{
  if (self->session == NULL)
    return;
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  aiperf_window_unbind_session (self);
  g_settings_unbind (self->session, "param-pattern");
  g_settings_unbind (self->session, "watching");
  aiperf_session_cancel_opening (self->session);
}

/* --- opening --- */

static void
on_opened (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  LoadData *data = user_data;
  AiperfWindow *self = data->self;
  g_autoptr(GError) error = NULL;

  if (aiperf_session_open_finish (AIPERF_SESSION (object), result, &error))
    {
      for (guint i = 0; data->paths[i] != NULL; i++)
        aiperf_window_remember_recent (self, data->paths[i]);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *names = NULL;
      g_autofree char *msg = NULL;
      g_autofree char *details = NULL;

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
      /* What failed first, then why: the toast says the first line. */
      details = g_strdup_printf ("%s\n%s", msg, error->message);
      aiperf_session_add_error (self->session, details);
    }
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

  if (g_cancellable_is_cancelled (self->load_cancellable))
    g_set_object (&self->load_cancellable, g_cancellable_new ());
  data = g_new0 (LoadData, 1);
  data->self = g_object_ref (self);
  data->paths = g_strdupv ((char **) paths);
  aiperf_session_open_async (self->session, paths, self->load_cancellable, on_opened, data);
}
