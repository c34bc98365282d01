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
#include "aiperf-run-rules.h"
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
  GPtrArray        *notes;          /* char*: discovery's warnings */
  GRegex           *param_pattern;
  GHashTable       *options;        /* char* → char* */
  AiperfWatch      *watch;          /* follows the roots, loads as opening does */
  char             *config_file;    /* --config, or NULL */
  AiperfPlotConfig *presets;        /* read once for the roots; NULL until asked */
  char             *presets_file;   /* the file they were read from; NULL: the shipped ones */
  gint64            presets_stamp;  /* its modification time and size then */
  GPtrArray        *opening;        /* GCancellable* of each open under way */
  double            progress;       /* of the open under way; -1: looking for runs */
  char             *progress_text;
};

G_DEFINE_FINAL_TYPE (AiperfSession, aiperf_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_RUNS,
  PROP_LOADING,
  PROP_PROGRESS,
  PROP_PROGRESS_TEXT,
  PROP_N_ERRORS,
  PROP_PARAM_PATTERN,
  PROP_WATCHING,
  N_PROPS
};

enum {
  RUNS_ADDED,
  RUNS_REMOVED,
  LOAD_ERRORS,
  OPTIONS_CHANGED,
  N_SIGNALS
};

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

static void add_errors (AiperfSession *self, GPtrArray *messages);

static void
aiperf_session_dispose (GObject *object)
{
  AiperfSession *self = AIPERF_SESSION (object);

  /* Opens under way hold a reference, so none is left here; the watch's
   * signals must not reach a session going away. */
  if (self->watch != NULL)
    {
      aiperf_watch_set_active (self->watch, FALSE);
      g_signal_handlers_disconnect_by_data (self->watch, self);
    }
  G_OBJECT_CLASS (aiperf_session_parent_class)->dispose (object);
}

static void
aiperf_session_finalize (GObject *object)
{
  AiperfSession *self = AIPERF_SESSION (object);

  g_clear_object (&self->watch);
  g_clear_pointer (&self->presets, aiperf_plot_config_free);
  g_free (self->presets_file);
  g_free (self->config_file);
  g_free (self->progress_text);
  if (self->runs != NULL)
    g_signal_handlers_disconnect_by_data (self->runs, self);
  g_clear_object (&self->runs);
  g_clear_pointer (&self->colors, aiperf_plot_colors_free);
  g_clear_pointer (&self->hidden, g_hash_table_unref);
  g_clear_pointer (&self->roots, g_ptr_array_unref);
  g_clear_pointer (&self->errors, g_ptr_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_clear_pointer (&self->opening, g_ptr_array_unref);
  g_clear_pointer (&self->param_pattern, g_regex_unref);
  g_clear_pointer (&self->options, g_hash_table_unref);

  G_OBJECT_CLASS (aiperf_session_parent_class)->finalize (object);
}

static void
aiperf_session_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  AiperfSession *self = AIPERF_SESSION (object);

  switch (prop_id)
    {
    case PROP_N_RUNS:
      g_value_set_uint (value, aiperf_run_set_get_n_runs (self->runs));
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->opening->len > 0);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    case PROP_PROGRESS_TEXT:
      g_value_set_string (value, self->progress_text);
      break;
    case PROP_N_ERRORS:
      g_value_set_uint (value, self->errors->len);
      break;
    case PROP_PARAM_PATTERN:
      g_value_set_string (value, self->param_pattern != NULL ? g_regex_get_pattern (self->param_pattern) : "");
      break;
    case PROP_WATCHING:
      g_value_set_boolean (value, aiperf_watch_get_active (self->watch));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* "param-pattern" from a setting: a text that is no pattern is said where
 * load errors are, and no pattern is used rather than a stale one. Since
 * the parameters come from the load, what is open is opened again. */
static void
set_param_pattern_from_property (AiperfSession *self,
                                 const char    *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) roots = NULL;
  /* A copy: setting the pattern frees the old one. */
  g_autofree char *old = g_strdup (self->param_pattern != NULL ? g_regex_get_pattern (self->param_pattern) : "");

  if (g_strcmp0 (old, text != NULL ? text : "") == 0)
    return;
  if (!aiperf_session_set_param_pattern_text (self, text, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Parameters from folder names are off: %s"), error->message);

      aiperf_session_set_param_pattern (self, NULL);
      aiperf_session_add_error (self, message);
      if (*old == '\0')
        return;
    }
  if (self->roots->len == 0)
    return;
  roots = g_ptr_array_copy (self->roots, (GCopyFunc) (void (*) (void)) g_strdup, NULL);
  g_ptr_array_set_free_func (roots, g_free);
  g_ptr_array_add (roots, NULL);
  aiperf_session_clear (self);
  aiperf_session_open_async (self, (const char * const *) roots->pdata, NULL, NULL, NULL);
}

static void
aiperf_session_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  AiperfSession *self = AIPERF_SESSION (object);

  switch (prop_id)
    {
    case PROP_PARAM_PATTERN:
      set_param_pattern_from_property (self, g_value_get_string (value));
      break;
    case PROP_WATCHING:
      if (g_value_get_boolean (value) != aiperf_watch_get_active (self->watch))
        {
          aiperf_watch_set_active (self->watch, g_value_get_boolean (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
aiperf_session_class_init (AiperfSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = aiperf_session_dispose;
  object_class->finalize = aiperf_session_finalize;
  object_class->get_property = aiperf_session_get_property;
  object_class->set_property = aiperf_session_set_property;

  props[PROP_N_RUNS] = g_param_spec_uint ("n-runs", NULL, NULL, 0, G_MAXUINT, 0,
                                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, -1, 1, 0,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_PROGRESS_TEXT] = g_param_spec_string ("progress-text", NULL, NULL, NULL,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_N_ERRORS] = g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0,
                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_PARAM_PATTERN] = g_param_spec_string ("param-pattern", NULL, NULL, "",
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                   G_PARAM_STATIC_STRINGS);
  props[PROP_WATCHING] = g_param_spec_boolean ("watching", NULL, NULL, FALSE,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                               G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  signals[RUNS_ADDED] = g_signal_new ("runs-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                      G_TYPE_PTR_ARRAY, G_TYPE_BOOLEAN);
  signals[RUNS_REMOVED] = g_signal_new ("runs-removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_PTR_ARRAY);
  signals[LOAD_ERRORS] = g_signal_new ("load-errors", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRV);
  signals[OPTIONS_CHANGED] = g_signal_new ("options-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
on_runs_changed (AiperfSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_N_RUNS]);
}

/* The watch loads what arrives with the session's rules; its runs are the
 * session's runs. */
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
  g_signal_emit (self, signals[RUNS_ADDED], 0, added, TRUE);
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

static void
aiperf_session_init (AiperfSession *self)
{
  self->runs = aiperf_run_set_new ();
  self->colors = aiperf_plot_colors_new ();
  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->roots = g_ptr_array_new_with_free_func (g_free);
  self->errors = g_ptr_array_new_with_free_func (g_free);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->opening = g_ptr_array_new_with_free_func (g_object_unref);
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->watch = aiperf_watch_new ();
  g_signal_connect_swapped (self->runs, "items-changed", G_CALLBACK (on_runs_changed), self);
  g_signal_connect_swapped (self->watch, "run-added", G_CALLBACK (on_watch_run_added), self);
  g_signal_connect_swapped (self->watch, "run-failed", G_CALLBACK (on_watch_run_failed), self);
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
  /* A saved view's runs: block (a preset file in effect) hides the runs
   * it hid or filtered out, before anyone draws them. */
  if (added->len > 0)
    {
      const AiperfRunRules *rules = aiperf_session_get_presets (self)->runs;

      for (guint i = 0; rules != NULL && i < added->len; i++)
        if (!aiperf_run_rules_shows (rules, g_ptr_array_index (added, i)))
          aiperf_session_set_run_visible (self, g_ptr_array_index (added, i), FALSE);
    }
  warnings = aiperf_run_set_get_warnings (loaded);
  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    g_ptr_array_add (self->notes, g_strdup (g_ptr_array_index (warnings, i)));
  if (added->len > 0)
    g_signal_emit (self, signals[RUNS_ADDED], 0, added, FALSE);

  messages = g_ptr_array_new ();
  errors = aiperf_run_set_get_load_errors (loaded);
  for (guint i = 0; errors != NULL && i < errors->len; i++)
    g_ptr_array_add (messages, ((GError *) g_ptr_array_index (errors, i))->message);
  add_errors (self, messages);
  return added->len;
}

void
aiperf_session_clear (AiperfSession *self)
{
  g_autoptr(GPtrArray) removed = NULL;

  g_return_if_fail (AIPERF_IS_SESSION (self));

  /* What is still being opened belongs to the old content. */
  if (self->opening->len > 0)
    {
      aiperf_session_cancel_opening (self);
      g_ptr_array_set_size (self->opening, 0);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOADING]);
    }
  removed = g_ptr_array_new_with_free_func (g_object_unref);
  while (aiperf_run_set_get_n_runs (self->runs) > 0)
    {
      AiperfRun *run = aiperf_run_set_get_run (self->runs, 0);

      g_ptr_array_add (removed, g_object_ref (run));
      aiperf_run_set_remove (self->runs, run);
    }
  g_hash_table_remove_all (self->hidden);
  g_ptr_array_set_size (self->roots, 0);
  g_ptr_array_set_size (self->errors, 0);
  g_ptr_array_set_size (self->notes, 0);
  aiperf_watch_forget (self->watch);
  g_clear_pointer (&self->presets, aiperf_plot_config_free);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_N_ERRORS]);
  if (removed->len > 0)
    g_signal_emit (self, signals[RUNS_REMOVED], 0, removed);
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

/* Keeps @messages (char*) and says so once for all of them. */
static void
add_errors (AiperfSession *self,
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
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_N_ERRORS]);
  g_signal_emit (self, signals[LOAD_ERRORS], 0, strv);
}

void
aiperf_session_add_error (AiperfSession *self,
                          const char    *message)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();

  g_return_if_fail (AIPERF_IS_SESSION (self));
  g_return_if_fail (message != NULL);

  g_ptr_array_add (one, (gpointer) message);
  add_errors (self, one);
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
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PARAM_PATTERN]);
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
  g_signal_emit (self, signals[OPTIONS_CHANGED], g_quark_from_string (key), key);
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

      /* In place before the error is said: whoever hears it may ask again. */
      self->presets = aiperf_plot_config_load_default (NULL);
      aiperf_session_add_error (self, message);
    }
  return self->presets;
}

/* --- opening: one path for the window and the command line --- */

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
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PROGRESS]);
  if (text != NULL && g_strcmp0 (text, self->progress_text) != 0)
    {
      g_free (self->progress_text);
      self->progress_text = g_strdup (text);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PROGRESS_TEXT]);
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
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOADING]);
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
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOADING]);
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

GPtrArray *
aiperf_session_get_notes (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), NULL);
  return self->notes;
}
