/* aiperf-session-contents.c — what is open: the runs and which are hidden,
 * the roots, the errors and notes, the group colours, and the rules runs
 * were opened by (--param-pattern, the analysis options). Each change is
 * said by the session's signals and properties.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-session-private.h"

AiperfRunSet *
aiperf_session_get_runs (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->runs;
}

AiperfWatch *
aiperf_session_get_watch (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->watch;
}

AiperfPlotColors *
aiperf_session_get_colors (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->colors;
}

guint
aiperf_session_add_runs (AiperfSession *self,
                         AiperfRunSet  *loaded)
{
  g_autoptr(GPtrArray) added = NULL;
  g_autoptr(GPtrArray) messages = NULL;
  GPtrArray *errors, *warnings;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), 0);
  g_return_val_if_fail (AIPERF_IS_RUN_SET (loaded), 0);

  added = g_ptr_array_new ();
  for (guint i = 0; i < aiperf_run_set_get_n_runs (loaded); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (loaded, i);

      aiperf_watch_mark_run_known (self->watch, run);
      if (aiperf_run_set_add (self->runs, run))
        g_ptr_array_add (added, run);
    }
  warnings = aiperf_run_set_get_warnings (loaded);
  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    g_ptr_array_add (self->notes, g_strdup (g_ptr_array_index (warnings, i)));
  if (added->len > 0)
    g_signal_emit (self, aiperf_session_signals[AIPERF_SESSION_RUNS_ADDED], 0, added, FALSE);

  messages = g_ptr_array_new ();
  errors = aiperf_run_set_get_load_errors (loaded);
  for (guint i = 0; errors != NULL && i < errors->len; i++)
    g_ptr_array_add (messages, ((GError *) g_ptr_array_index (errors, i))->message);
  aiperf_session_add_errors (self, messages);
  return added->len;
}

gboolean
aiperf_session_is_run_visible (AiperfSession *self,
                               AiperfRun     *run)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), FALSE);
  g_return_val_if_fail (AIPERF_IS_RUN (run), FALSE);

  return !g_hash_table_contains (self->hidden, aiperf_run_get_locator (run));
}

void
aiperf_session_set_run_visible (AiperfSession *self,
                                AiperfRun     *run,
                                gboolean       visible)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (AIPERF_IS_RUN (run));

  if (visible)
    g_hash_table_remove (self->hidden, aiperf_run_get_locator (run));
  else
    g_hash_table_add (self->hidden, g_strdup (aiperf_run_get_locator (run)));
}

GHashTable *
aiperf_session_get_hidden (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->hidden;
}

void
aiperf_session_add_root (AiperfSession *self,
                         const char    *path)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (path != NULL);

  if (!g_ptr_array_find_with_equal_func (self->roots, path, g_str_equal, NULL))
    {
      g_ptr_array_add (self->roots, g_strdup (path));
      g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_TITLE]);
    }
  aiperf_watch_add_root (self->watch, path);
}

void
aiperf_session_remove_root (AiperfSession *self,
                            const char    *path)
{
  guint index;

  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (path != NULL);

  if (g_ptr_array_find_with_equal_func (self->roots, path, g_str_equal, &index))
    {
      g_ptr_array_remove_index (self->roots, index);
      g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_TITLE]);
    }
  aiperf_watch_remove_root (self->watch, path);
}

GPtrArray *
aiperf_session_get_roots (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->roots;
}

char *
aiperf_session_describe_roots (AiperfSession *self)
{
  g_autofree char *first = NULL, *second = NULL;
  guint n;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);

  n = self->roots->len;
  if (n == 0)
    return NULL;
  first = g_path_get_basename (g_ptr_array_index (self->roots, 0));
  if (n == 1)
    return g_steal_pointer (&first);
  if (n == 2)
    {
      second = g_path_get_basename (g_ptr_array_index (self->roots, 1));
      /* TRANSLATORS: a window title: two opened folders */
      return g_strdup_printf (_("%s and %s"), first, second);
    }
  /* TRANSLATORS: a window title: the first opened folder and how many more */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s and %u more", "%s and %u more", n - 1),
                          first, n - 1);
}

void
aiperf_session_add_errors (AiperfSession *self,
                           GPtrArray     *messages)
{
  g_autoptr(GStrvBuilder) batch = NULL;
  g_auto(GStrv) strv = NULL;

  if (messages->len == 0)
    return;
  batch = g_strv_builder_new ();
  for (guint i = 0; i < messages->len; i++)
    {
      g_ptr_array_add (self->errors, g_strdup (g_ptr_array_index (messages, i)));
      g_strv_builder_add (batch, g_ptr_array_index (messages, i));
    }
  strv = g_strv_builder_end (batch);
  g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_N_ERRORS]);
  g_signal_emit (self, aiperf_session_signals[AIPERF_SESSION_LOAD_ERRORS], 0, strv);
}

void
aiperf_session_add_error (AiperfSession *self,
                          const char    *message)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();

  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (message != NULL);

  g_ptr_array_add (one, (gpointer) message);
  aiperf_session_add_errors (self, one);
}

GPtrArray *
aiperf_session_get_errors (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->errors;
}

void
aiperf_session_set_param_pattern (AiperfSession *self,
                                  GRegex        *pattern)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));

  if (pattern != NULL)
    g_regex_ref (pattern);
  g_clear_pointer (&self->param_pattern, g_regex_unref);
  self->param_pattern = pattern;
  aiperf_watch_set_load_options (self->watch, self->param_pattern, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_PARAM_PATTERN]);
}

gboolean
aiperf_session_set_param_pattern_text (AiperfSession *self,
                                       const char    *text,
                                       GError       **error)
{
  g_autoptr(GRegex) pattern = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), FALSE);

  if (text == NULL || *text == '\0')
    {
      aiperf_session_set_param_pattern (self, NULL);
      return TRUE;
    }
  pattern = g_regex_new (text, G_REGEX_OPTIMIZE, 0, &local_error);
  if (pattern == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_USAGE, "%s", local_error->message);
      return FALSE;
    }
  if (strstr (text, "(?P<") == NULL && strstr (text, "(?<") == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_USAGE,
                   _("“%s” has no named group such as (?P<concurrency>\\d+): it would add no parameter"), text);
      return FALSE;
    }
  aiperf_session_set_param_pattern (self, pattern);
  return TRUE;
}

GRegex *
aiperf_session_get_param_pattern (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->param_pattern;
}

void
aiperf_session_set_option (AiperfSession *self,
                           const char    *key,
                           const char    *value)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (key != NULL);

  if (g_strcmp0 (g_hash_table_lookup (self->options, key), value) == 0)
    return;
  if (value == NULL)
    g_hash_table_remove (self->options, key);
  else
    g_hash_table_replace (self->options, g_strdup (key), g_strdup (value));
  g_signal_emit (self, aiperf_session_signals[AIPERF_SESSION_OPTIONS_CHANGED], g_quark_from_string (key), key);
}

GHashTable *
aiperf_session_get_options (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->options;
}

void
aiperf_session_get_open_options (AiperfSession     *self,
                                 AiperfOpenOptions *options)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (options != NULL);

  options->param_pattern = self->param_pattern;
  options->skip_dir = NULL;
}

GPtrArray *
aiperf_session_get_notes (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->notes;
}

void
aiperf_session_remove_run (AiperfSession *self,
                           AiperfRun     *run)
{
  g_autoptr(GPtrArray) removed = NULL;
  const char *locator;

  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (AIPERF_IS_RUN (run));

  removed = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (removed, g_object_ref (run));
  if (!aiperf_run_set_remove (self->runs, run))
    return;
  locator = aiperf_run_get_locator (run);
  g_hash_table_remove (self->hidden, locator);
  /* A run opened by itself was a root: nothing of it is open any more. */
  if (g_ptr_array_find_with_equal_func (self->roots, locator, g_str_equal, NULL))
    aiperf_session_remove_root (self, locator);
  g_signal_emit (self, aiperf_session_signals[AIPERF_SESSION_RUNS_REMOVED], 0, removed);
}
