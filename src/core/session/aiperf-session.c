/* aiperf-session.c — what is open, shared by the window and the command
 * line: the object, its life, its properties and signals, and clearing it.
 * Opening, following the disk and the presets are files of their own
 * (aiperf-session-private.h says which).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-session-private.h"

G_DEFINE_FINAL_TYPE (AiperfSession, aiperf_session, G_TYPE_OBJECT)

GParamSpec *aiperf_session_props[AIPERF_SESSION_N_PROPS];
guint aiperf_session_signals[AIPERF_SESSION_N_SIGNALS];

static void
aiperf_session_dispose (GObject *object)
{
  AiperfSession *self = AIPERF_SESSION (object);

  /* Opens under way hold a reference, so none is left here; the watch's
   * and the monitors' signals must not reach a session going away. */
  if (self->watch != NULL)
    {
      aiperf_watch_set_active (self->watch, FALSE);
      g_signal_handlers_disconnect_by_data (self->watch, self);
    }
  if (self->followed != NULL)
    aiperf_session_unfollow_runs (self);
  aiperf_session_drop_presets (self);
  G_OBJECT_CLASS (aiperf_session_parent_class)->dispose (object);
}

static void
aiperf_session_finalize (GObject *object)
{
  AiperfSession *self = AIPERF_SESSION (object);

  g_clear_object (&self->watch);
  g_clear_pointer (&self->followed, g_hash_table_unref);
  g_clear_pointer (&self->missing, g_hash_table_unref);
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
    case AIPERF_SESSION_PROP_N_RUNS:
      g_value_set_uint (value, aiperf_run_set_get_n_runs (self->runs));
      break;
    case AIPERF_SESSION_PROP_LOADING:
      g_value_set_boolean (value, self->opening->len > 0);
      break;
    case AIPERF_SESSION_PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    case AIPERF_SESSION_PROP_PROGRESS_TEXT:
      g_value_set_string (value, self->progress_text);
      break;
    case AIPERF_SESSION_PROP_N_ERRORS:
      g_value_set_uint (value, self->errors->len);
      break;
    case AIPERF_SESSION_PROP_PARAM_PATTERN:
      g_value_set_string (value, self->param_pattern != NULL ? g_regex_get_pattern (self->param_pattern) : "");
      break;
    case AIPERF_SESSION_PROP_WATCHING:
      g_value_set_boolean (value, aiperf_watch_get_active (self->watch));
      break;
    case AIPERF_SESSION_PROP_FOLLOW_DISK:
      g_value_set_boolean (value, self->follow_disk);
      break;
    case AIPERF_SESSION_PROP_TITLE:
      /* Roots are there while they open: named once something opened. */
      g_value_take_string (value, aiperf_run_set_get_n_runs (self->runs) > 0
                                    ? aiperf_session_describe_roots (self) : NULL);
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
    case AIPERF_SESSION_PROP_PARAM_PATTERN:
      set_param_pattern_from_property (self, g_value_get_string (value));
      break;
    case AIPERF_SESSION_PROP_WATCHING:
      if (g_value_get_boolean (value) != aiperf_watch_get_active (self->watch))
        {
          aiperf_watch_set_active (self->watch, g_value_get_boolean (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case AIPERF_SESSION_PROP_FOLLOW_DISK:
      aiperf_session_set_follow_disk (self, g_value_get_boolean (value));
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

  aiperf_session_props[AIPERF_SESSION_PROP_N_RUNS] = g_param_spec_uint ("n-runs", NULL, NULL, 0, G_MAXUINT, 0,
                                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  aiperf_session_props[AIPERF_SESSION_PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  aiperf_session_props[AIPERF_SESSION_PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, -1, 1, 0,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  aiperf_session_props[AIPERF_SESSION_PROP_PROGRESS_TEXT] = g_param_spec_string ("progress-text", NULL, NULL, NULL,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  aiperf_session_props[AIPERF_SESSION_PROP_N_ERRORS] = g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0,
                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  aiperf_session_props[AIPERF_SESSION_PROP_PARAM_PATTERN] = g_param_spec_string ("param-pattern", NULL, NULL, "",
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                   G_PARAM_STATIC_STRINGS);
  aiperf_session_props[AIPERF_SESSION_PROP_WATCHING] = g_param_spec_boolean ("watching", NULL, NULL, FALSE,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                               G_PARAM_STATIC_STRINGS);
  aiperf_session_props[AIPERF_SESSION_PROP_FOLLOW_DISK] = g_param_spec_boolean ("follow-disk", NULL, NULL, FALSE,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                  G_PARAM_STATIC_STRINGS);
  aiperf_session_props[AIPERF_SESSION_PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL,
                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, AIPERF_SESSION_N_PROPS, aiperf_session_props);

  aiperf_session_signals[AIPERF_SESSION_RUNS_ADDED] = g_signal_new ("runs-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                      G_TYPE_PTR_ARRAY, G_TYPE_BOOLEAN);
  aiperf_session_signals[AIPERF_SESSION_RUNS_REMOVED] = g_signal_new ("runs-removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_PTR_ARRAY);
  aiperf_session_signals[AIPERF_SESSION_LOAD_ERRORS] = g_signal_new ("load-errors", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRV);
  aiperf_session_signals[AIPERF_SESSION_OPTIONS_CHANGED] = g_signal_new ("options-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  aiperf_session_signals[AIPERF_SESSION_PRESETS_CHANGED] =
    g_signal_new ("presets-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  aiperf_session_signals[AIPERF_SESSION_RUN_MISSING] =
    g_signal_new ("run-missing", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, AIPERF_TYPE_RUN);
}

static void
on_runs_changed (AiperfSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_N_RUNS]);
  g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_TITLE]);
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
  self->followed = g_hash_table_new_full (NULL, NULL, NULL, aiperf_session_stop_following);
  self->missing = g_hash_table_new (NULL, NULL);
  g_signal_connect_swapped (self->runs, "items-changed", G_CALLBACK (on_runs_changed), self);
  aiperf_session_follow_presets (self);
  aiperf_session_follow_disk (self);
}

AiperfSession *
aiperf_session_new (void)
{
  return g_object_new (AIPERF_TYPE_SESSION, NULL);
}

void
aiperf_session_set_follow_disk (AiperfSession *self,
                                gboolean       follow)
{
  g_return_if_fail (AIPERF_IS_SESSION (self));

  follow = !!follow;
  if (self->follow_disk == follow)
    return;
  self->follow_disk = follow;
  aiperf_session_follow_runs (self);
  aiperf_session_follow_presets_file (self);
  g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_FOLLOW_DISK]);
}

gboolean
aiperf_session_get_follow_disk (AiperfSession *self)
{
  g_return_val_if_fail (AIPERF_IS_SESSION (self), FALSE);
  return self->follow_disk;
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
      g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_LOADING]);
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
  g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_TITLE]);
  g_ptr_array_set_size (self->errors, 0);
  g_ptr_array_set_size (self->notes, 0);
  aiperf_watch_forget (self->watch);
  aiperf_session_unfollow_runs (self);
  aiperf_session_drop_presets (self);
  g_object_notify_by_pspec (G_OBJECT (self), aiperf_session_props[AIPERF_SESSION_PROP_N_ERRORS]);
  if (removed->len > 0)
    g_signal_emit (self, aiperf_session_signals[AIPERF_SESSION_RUNS_REMOVED], 0, removed);
}
