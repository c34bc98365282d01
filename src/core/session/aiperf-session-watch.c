/* aiperf-session-watch.c — the session follows the disk: runs that arrive
 * in a watched folder become its runs (through the watch, which loads them
 * as opening does), and, while "follow-disk" is on, a run whose folder or
 * file goes away is marked missing ("run-missing"), said where every
 * loading error is listed, and left for the user to remove
 * (aiperf_session_remove_run): its numbers are still in memory, and a
 * folder moved away may come back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-session-private.h"

/* --- runs that arrive --- */

static void
on_watch_run_added (AiperfSession *self,
                    AiperfRun     *run)
{
  g_autoptr(GPtrArray) added = NULL;

  /* A scan may race with an open of the same folder. */
  if (!aiperf_run_set_add (self->runs, run))
    return;
  added = g_ptr_array_new ();
  g_ptr_array_add (added, run);
  g_signal_emit (self, aiperf_session_signals[AIPERF_SESSION_RUNS_ADDED], 0, added, TRUE);
}

static void
on_watch_run_failed (AiperfSession *self,
                     const char    *path,
                     const GError  *error)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *message = g_strdup_printf (_("Could not load “%s”: %s"), base, error->message);

  aiperf_session_add_error (self, message);
}

/* --- runs that go --- */

/* The value of the followed table: the run's monitor, or NULL. */
void
aiperf_session_stop_following (gpointer data)
{
  GFileMonitor *monitor = data;

  if (monitor == NULL)
    return;
  g_signal_handlers_disconnect_matched (monitor, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, NULL, NULL);
  g_file_monitor_cancel (monitor);
  g_object_unref (monitor);
}

/* Where @run was found: its folder or file ("file#key" is one run of
 * several in a file: the file). */
static char *
run_place (AiperfRun *run)
{
  const char *locator = aiperf_run_get_locator (run);
  const char *hash = strrchr (locator, '#');

  return hash != NULL ? g_strndup (locator, hash - locator) : g_strdup (locator);
}

static void
mark_missing (AiperfSession *self,
              AiperfRun     *run)
{
  g_autofree char *place = run_place (run);
  g_autofree char *message = NULL;

  if (!g_hash_table_add (self->missing, run))
    return;
  /* Its monitor has nothing left to watch. */
  g_hash_table_remove (self->followed, run);
  /* TRANSLATORS: a run whose folder was deleted or moved while it was open */
  message = g_strdup_printf (_("“%s” is missing: %s no longer exists\n"
                               "Its charts show what was read before; remove it from the runs, or put it back."),
                             aiperf_run_get_name (run), place);
  g_signal_emit (self, aiperf_session_signals[AIPERF_SESSION_RUN_MISSING], 0, run);
  aiperf_session_add_error (self, message);
}

/* Whether @run's place is still there; marks it missing when not. */
static gboolean
check_run (AiperfSession *self,
           AiperfRun     *run)
{
  g_autofree char *place = run_place (run);

  if (g_hash_table_contains (self->missing, run) || !g_hash_table_contains (self->followed, run))
    return TRUE;
  if (g_file_test (place, G_FILE_TEST_EXISTS))
    return TRUE;
  mark_missing (self, run);
  return FALSE;
}

static void
on_run_place_changed (GFileMonitor      *monitor,
                      GFile             *file,
                      GFile             *other,
                      GFileMonitorEvent  event,
                      AiperfSession     *self)
{
  AiperfRun *run = g_object_get_data (G_OBJECT (monitor), "aiperf-run");

  /* A file of the folder went, or the folder itself (rm -r deletes what
   * is inside first): whether the run's place is still there says which. */
  if (event == G_FILE_MONITOR_EVENT_DELETED || event == G_FILE_MONITOR_EVENT_MOVED_OUT ||
      event == G_FILE_MONITOR_EVENT_RENAMED || event == G_FILE_MONITOR_EVENT_UNMOUNTED)
    check_run (self, run);
}

/* Watches @run's place, when it has one on disk (a comma list or a glob
 * opened as one run has none). */
static void
follow_run (AiperfSession *self,
            AiperfRun     *run)
{
  g_autofree char *place = run_place (run);
  g_autoptr(GFile) file = NULL;
  GFileMonitor *monitor;

  if (g_hash_table_contains (self->followed, run) || !g_file_test (place, G_FILE_TEST_EXISTS))
    return;
  file = g_file_new_for_path (place);
  monitor = g_file_test (place, G_FILE_TEST_IS_DIR)
              ? g_file_monitor_directory (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL)
              : g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  /* No monitor (out of inotify watches): a re-check still finds it gone. */
  if (monitor != NULL)
    {
      g_object_set_data (G_OBJECT (monitor), "aiperf-run", run);
      g_signal_connect (monitor, "changed", G_CALLBACK (on_run_place_changed), self);
    }
  g_hash_table_insert (self->followed, run, monitor);
}

static void
on_runs_added (AiperfSession *self,
               GPtrArray     *runs)
{
  /* A one-shot export reads once: a monitor per run is only cost. */
  if (!self->follow_disk)
    return;
  for (guint i = 0; i < runs->len; i++)
    follow_run (self, g_ptr_array_index (runs, i));
}

static void
on_runs_removed (AiperfSession *self,
                 GPtrArray     *runs)
{
  for (guint i = 0; i < runs->len; i++)
    {
      g_hash_table_remove (self->followed, g_ptr_array_index (runs, i));
      g_hash_table_remove (self->missing, g_ptr_array_index (runs, i));
    }
}

void
aiperf_session_unfollow_runs (AiperfSession *self)
{
  g_hash_table_remove_all (self->followed);
  g_hash_table_remove_all (self->missing);
}

void
aiperf_session_follow_runs (AiperfSession *self)
{
  if (!self->follow_disk)
    {
      /* What was found missing stays so: only the news stops. */
      g_hash_table_remove_all (self->followed);
      return;
    }
  for (guint i = 0; i < aiperf_run_set_get_n_runs (self->runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (self->runs, i);

      if (!g_hash_table_contains (self->missing, run))
        follow_run (self, run);
    }
}

void
aiperf_session_follow_disk (AiperfSession *self)
{
  g_signal_connect_swapped (self->watch, "run-added", G_CALLBACK (on_watch_run_added), self);
  g_signal_connect_swapped (self->watch, "run-failed", G_CALLBACK (on_watch_run_failed), self);
  /* Each scan of the watch is also a re-check of what is open. */
  g_signal_connect_swapped (self->watch, "scan-done", G_CALLBACK (aiperf_session_check_runs), self);
  g_signal_connect (self, "runs-added", G_CALLBACK (on_runs_added), NULL);
  g_signal_connect (self, "runs-removed", G_CALLBACK (on_runs_removed), NULL);
}

guint
aiperf_session_check_runs (AiperfSession *self)
{
  g_autoptr(GPtrArray) runs = NULL;
  guint n = 0;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), 0);

  /* A copy: marking one says so, and a listener may remove it. */
  runs = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (self->runs); i++)
    g_ptr_array_add (runs, g_object_ref (aiperf_run_set_get_run (self->runs, i)));
  for (guint i = 0; i < runs->len; i++)
    if (!check_run (self, g_ptr_array_index (runs, i)))
      n++;
  return n;
}

gboolean
aiperf_session_is_run_missing (AiperfSession *self,
                               AiperfRun     *run)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), FALSE);
  return g_hash_table_contains (self->missing, run);
}
