/* aiperf-session-presets.c — the preset configuration of what is open: the
 * file in effect (--config, one beside the first root, ~/.aiperf's, the
 * shipped ones) is read once, a file that cannot be used is a load error,
 * and, while "follow-disk" is on, a change of it on disk reads it again
 * and says so ("presets-changed").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "aiperf-run-rules.h"
#include "aiperf-session-private.h"

/* An editor writes a file in several steps (a rename, a truncation, the
 * text): it is read again once they have settled. */
#define RELOAD_DELAY_MS 200

static gint64
file_stamp (const char *path)
{
  GStatBuf st;

  if (path == NULL || g_stat (path, &st) != 0)
    return 0;
  return (gint64) st.st_mtime * 1000003 + (gint64) st.st_size;
}

void
aiperf_session_drop_presets (AiperfSession *self)
{
  g_clear_handle_id (&self->presets_reload_id, g_source_remove);
  if (self->presets_monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->presets_monitor, self);
      g_file_monitor_cancel (self->presets_monitor);
      g_clear_object (&self->presets_monitor);
    }
  g_clear_pointer (&self->presets, aiperf_plot_config_free);
  g_clear_pointer (&self->presets_file, g_free);
  g_clear_error (&self->presets_error);
  self->presets_stamp = 0;
}

static gboolean
reload_presets (gpointer user_data)
{
  AiperfSession *self = user_data;

  self->presets_reload_id = 0;
  /* Whatever its stamp says: a save within the same second and of the
   * same size is a change all the same. */
  g_clear_pointer (&self->presets, aiperf_plot_config_free);
  aiperf_session_get_presets (self);
  g_signal_emit (self, aiperf_session_signals[AIPERF_SESSION_PRESETS_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

static void
on_presets_file_changed (GFileMonitor      *monitor,
                         GFile             *file,
                         GFile             *other,
                         GFileMonitorEvent  event,
                         AiperfSession     *self)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
      break;
    default:
      return;
    }
  g_clear_handle_id (&self->presets_reload_id, g_source_remove);
  self->presets_reload_id = g_timeout_add (RELOAD_DELAY_MS, reload_presets, self);
}

/* Watches @path (NULL: the shipped presets, which do not change) unless
 * it is watched already, or the session does not follow the disk. */
static void
watch_presets_file (AiperfSession *self,
                    const char    *path)
{
  g_autoptr(GFile) file = NULL;

  if (!self->follow_disk)
    path = NULL;
  if (self->presets_monitor != NULL && g_strcmp0 (path, self->presets_file) == 0)
    return;
  if (self->presets_monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->presets_monitor, self);
      g_file_monitor_cancel (self->presets_monitor);
      g_clear_object (&self->presets_monitor);
    }
  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  /* No monitor (no inotify, too many watches): the stamp still tells a
   * change when the presets are next asked for. */
  self->presets_monitor = g_file_monitor_file (file, G_FILE_MONITOR_NONE, NULL, NULL);
  if (self->presets_monitor != NULL)
    g_signal_connect (self->presets_monitor, "changed", G_CALLBACK (on_presets_file_changed), self);
}

void
aiperf_session_follow_presets_file (AiperfSession *self)
{
  /* Not read yet: it is watched when it is. */
  if (self->presets != NULL)
    watch_presets_file (self, self->presets_file);
}

void
aiperf_session_set_config_file (AiperfSession *self,
                                const char    *path)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));

  if (g_strcmp0 (self->config_file, path) == 0)
    return;
  g_free (self->config_file);
  self->config_file = g_strdup (path);
  g_clear_pointer (&self->presets, aiperf_plot_config_free);
}

/* The roots as a NULL-terminated array (transfer container). */
static GPtrArray *
root_paths (AiperfSession *self)
{
  GPtrArray *paths = g_ptr_array_new ();

  for (guint i = 0; i < self->roots->len; i++)
    g_ptr_array_add (paths, g_ptr_array_index (self->roots, i));
  g_ptr_array_add (paths, NULL);
  return paths;
}

/* Reads the presets in effect unless read already from that file as it
 * is (@fresh says whether it was read now); FALSE with @error when the
 * file cannot be used. The file is watched either way: once mended, it is
 * read again. */
static gboolean
read_presets (AiperfSession  *self,
              gboolean       *fresh,
              GError        **error)
{
  g_autoptr(GPtrArray) paths = root_paths (self);
  g_autofree char *file = NULL;
  g_autoptr(GError) local_error = NULL;
  AiperfPlotConfig *config;
  gint64 stamp;

  file = aiperf_plot_config_find_file (self->config_file, (const char * const *) paths->pdata);
  stamp = file_stamp (file);
  *fresh = FALSE;
  if (self->presets != NULL && g_strcmp0 (file, self->presets_file) == 0 && stamp == self->presets_stamp)
    {
      if (self->presets_error == NULL)
        return TRUE;
      g_propagate_error (error, g_error_copy (self->presets_error));
      return FALSE;
    }

  *fresh = TRUE;
  config = aiperf_plot_config_resolve (self->config_file, (const char * const *) paths->pdata, &local_error);
  watch_presets_file (self, file);
  g_clear_pointer (&self->presets, aiperf_plot_config_free);
  g_clear_error (&self->presets_error);
  g_free (self->presets_file);
  self->presets_file = g_steal_pointer (&file);
  self->presets_stamp = stamp;
  if (config == NULL)
    {
      /* In place before the error is said: whoever hears it may ask again. */
      self->presets = aiperf_plot_config_load_default (NULL);
      self->presets_error = g_error_copy (local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  self->presets = config;
  return TRUE;
}

AiperfPlotConfig *
aiperf_session_load_presets (AiperfSession  *self,
                             GError        **error)
{
  gboolean fresh;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);

  return read_presets (self, &fresh, error) ? self->presets : NULL;
}

AiperfPlotConfig *
aiperf_session_get_presets (AiperfSession *self)
{
  g_autoptr(GError) error = NULL;
  gboolean fresh;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);

  /* Said once, when read, where every loading error is listed; the
   * shipped presets stand in. */
  if (!read_presets (self, &fresh, &error) && fresh)
    {
      g_autofree char *message = g_strdup_printf (_("Plot presets not used: %s"), error->message);

      aiperf_session_add_error (self, message);
    }
  return self->presets;
}

/* A saved view's runs: block (a preset file in effect) hides the runs it
 * hid or filtered out as they open or arrive, before anyone draws them:
 * this is the first handler of "runs-added". */
static void
on_runs_added (AiperfSession *self,
               GPtrArray     *added)
{
  const AiperfRunRules *rules = aiperf_session_get_presets (self)->runs;

  for (guint i = 0; rules != NULL && i < added->len; i++)
    if (!aiperf_run_rules_shows (rules, g_ptr_array_index (added, i)))
      aiperf_session_set_run_visible (self, g_ptr_array_index (added, i), FALSE);
}

void
aiperf_session_follow_presets (AiperfSession *self)
{
  g_signal_connect (self, "runs-added", G_CALLBACK (on_runs_added), NULL);
}
