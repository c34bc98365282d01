/* aiperf-session.c — what is open, shared by the window and the command line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-presets.h"
#include "aiperf-session.h"
#include "aiperf-watch.h"

struct _AiperfSession
{
  GObject           parent_instance;

  AiperfRunSet     *runs;
  AiperfPlotColors *colors;
  GHashTable       *hidden;         /* locator → TRUE */
  GPtrArray        *roots;          /* char* */
  GPtrArray        *errors;         /* char* */
  GRegex           *param_pattern;
  GHashTable       *options;        /* char* → char* */
  AiperfWatch      *watch;          /* follows the roots, loads as opening does */
  char             *config_file;    /* --config, or NULL */
  AiperfPlotConfig *presets;        /* read once for the roots; NULL until asked */
  char             *presets_file;   /* the file they were read from; NULL: the shipped ones */
  gint64            presets_stamp;  /* its modification time and size then */
};

G_DEFINE_FINAL_TYPE (AiperfSession, aiperf_session, G_TYPE_OBJECT)

static void
aiperf_session_finalize (GObject *object)
{
  AiperfSession *self = AIPERF_SESSION (object);

  if (self->watch != NULL)
    aiperf_watch_set_active (self->watch, FALSE);
  g_clear_object (&self->watch);
  g_clear_pointer (&self->presets, aiperf_plot_config_free);
  g_free (self->presets_file);
  g_free (self->config_file);
  g_clear_object (&self->runs);
  g_clear_pointer (&self->colors, aiperf_plot_colors_free);
  g_clear_pointer (&self->hidden, g_hash_table_unref);
  g_clear_pointer (&self->roots, g_ptr_array_unref);
  g_clear_pointer (&self->errors, g_ptr_array_unref);
  g_clear_pointer (&self->param_pattern, g_regex_unref);
  g_clear_pointer (&self->options, g_hash_table_unref);

  G_OBJECT_CLASS (aiperf_session_parent_class)->finalize (object);
}

static void
aiperf_session_class_init (AiperfSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = aiperf_session_finalize;
}

static void
aiperf_session_init (AiperfSession *self)
{
  self->runs = aiperf_run_set_new ();
  self->colors = aiperf_plot_colors_new ();
  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->roots = g_ptr_array_new_with_free_func (g_free);
  self->errors = g_ptr_array_new_with_free_func (g_free);
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->watch = aiperf_watch_new ();
}

AiperfSession *
aiperf_session_new (void)
{
  return g_object_new (AIPERF_TYPE_SESSION, NULL);
}

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
  GPtrArray *errors;
  guint added = 0;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), 0);
  g_return_val_if_fail (AIPERF_IS_RUN_SET (loaded), 0);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (loaded); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (loaded, i);

      aiperf_watch_mark_run_known (self->watch, run);
      if (aiperf_run_set_add (self->runs, run))
        added++;
    }
  errors = aiperf_run_set_get_load_errors (loaded);
  for (guint i = 0; errors != NULL && i < errors->len; i++)
    aiperf_session_add_error (self, ((GError *) g_ptr_array_index (errors, i))->message);
  return added;
}

void
aiperf_session_clear (AiperfSession *self)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));

  while (aiperf_run_set_get_n_runs (self->runs) > 0)
    aiperf_run_set_remove (self->runs, aiperf_run_set_get_run (self->runs, 0));
  g_hash_table_remove_all (self->hidden);
  g_ptr_array_set_size (self->roots, 0);
  g_ptr_array_set_size (self->errors, 0);
  aiperf_watch_forget (self->watch);
  g_clear_pointer (&self->presets, aiperf_plot_config_free);
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
      /* A preset file beside what was opened may now be the one in effect. */
      g_clear_pointer (&self->presets, aiperf_plot_config_free);
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
      g_clear_pointer (&self->presets, aiperf_plot_config_free);
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
aiperf_session_add_error (AiperfSession *self,
                          const char    *message)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (message != NULL);

  g_ptr_array_add (self->errors, g_strdup (message));
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

  if (value == NULL)
    g_hash_table_remove (self->options, key);
  else
    g_hash_table_replace (self->options, g_strdup (key), g_strdup (value));
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

gboolean
aiperf_session_open_sync (AiperfSession      *self,
                          const char * const *paths,
                          const char         *skip_dir,
                          GError            **error)
{
  g_autoptr(AiperfRunSet) loaded = NULL;
  AiperfOpenOptions options;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), FALSE);
  g_return_val_if_fail (paths != NULL, FALSE);

  aiperf_session_get_open_options (self, &options);
  options.skip_dir = skip_dir;
  loaded = aiperf_run_set_load_with_options (paths, &options, NULL, NULL, NULL, error);
  if (loaded == NULL)
    return FALSE;
  for (guint i = 0; paths[i] != NULL; i++)
    aiperf_session_add_root (self, paths[i]);
  aiperf_session_add_runs (self, loaded);
  return TRUE;
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

static gint64
file_stamp (const char *path)
{
  GStatBuf st;

  if (path == NULL || g_stat (path, &st) != 0)
    return 0;
  return (gint64) st.st_mtime * 1000003 + (gint64) st.st_size;
}

AiperfPlotConfig *
aiperf_session_get_presets (AiperfSession *self)
{
  g_autoptr(GPtrArray) paths = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;
  gint64 stamp;

  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);

  paths = g_ptr_array_new ();
  for (guint i = 0; i < self->roots->len; i++)
    g_ptr_array_add (paths, g_ptr_array_index (self->roots, i));
  g_ptr_array_add (paths, NULL);
  /* Read again only when another file is in effect or the file changed. */
  file = aiperf_plot_config_find_file (self->config_file, (const char * const *) paths->pdata);
  stamp = file_stamp (file);
  if (self->presets != NULL && g_strcmp0 (file, self->presets_file) == 0 && stamp == self->presets_stamp)
    return self->presets;

  g_clear_pointer (&self->presets, aiperf_plot_config_free);
  g_free (self->presets_file);
  self->presets_file = g_strdup (file);
  self->presets_stamp = stamp;
  self->presets = aiperf_plot_config_resolve (self->config_file, (const char * const *) paths->pdata, &error);
  if (self->presets == NULL)
    {
      /* Said once, where every loading error is listed; the shipped presets stand in. */
      g_autofree char *message = g_strdup_printf (_("Plot presets not used: %s"), error->message);

      aiperf_session_add_error (self, message);
      self->presets = aiperf_plot_config_load_default (NULL);
    }
  return self->presets;
}
