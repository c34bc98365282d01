/* aiperf-window-bindings.c — what the window shows of its session's
 * properties is bound, not set by hand: the title and subtitle, the
 * progress bar, the buttons and actions that need runs, the watch toggle.
 * One GBindingGroup holds them all, so the window lets go of the session
 * (aiperf_window_release_session) in one step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-window-private.h"

/* --- transforms --- */

/* What is open names the window, and the application follows it, as a
 * document window's title does; nothing open: the application alone. */
static gboolean
title_to_heading (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  const char *opened = g_value_get_string (from);

  g_value_set_string (to, opened != NULL ? opened : _("AIPerf Plot"));
  return TRUE;
}

static gboolean
title_to_window_title (GBinding     *binding,
                       const GValue *from,
                       GValue       *to,
                       gpointer      user_data)
{
  const char *opened = g_value_get_string (from);

  if (opened == NULL)
    g_value_set_string (to, _("AIPerf Plot"));
  else
    /* TRANSLATORS: the window's title: what is open, then the application */
    g_value_take_string (to, g_strdup_printf (_("%s — AIPerf Plot"), opened));
  return TRUE;
}

static gboolean
n_runs_to_subtitle (GBinding     *binding,
                    const GValue *from,
                    GValue       *to,
                    gpointer      user_data)
{
  guint n = g_value_get_uint (from);

  g_value_take_string (to, n > 0 ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u run", "%u runs", n), n)
                                 : NULL);
  return TRUE;
}

/* At least as many as the binding's data (a GUINT_TO_POINTER). */
static gboolean
count_to_at_least (GBinding     *binding,
                   const GValue *from,
                   GValue       *to,
                   gpointer      user_data)
{
  g_value_set_boolean (to, g_value_get_uint (from) >= GPOINTER_TO_UINT (user_data));
  return TRUE;
}

/* While it is still looking for runs the open's size is unknown: the bar
 * pulses (aiperf-window-load.c) instead of showing a fraction. */
static gboolean
progress_to_fraction (GBinding     *binding,
                      const GValue *from,
                      GValue       *to,
                      gpointer      user_data)
{
  double fraction = g_value_get_double (from);

  if (fraction < 0)
    return FALSE;
  g_value_set_double (to, fraction);
  return TRUE;
}

/* @source's @property, a count, makes @target's @target_property TRUE
 * from @least on. */
static void
bind_count (AiperfWindow *self,
            const char   *property,
            gpointer      target,
            const char   *target_property,
            guint         least)
{
  g_binding_group_bind_full (self->session_bindings, property, target, target_property, G_BINDING_SYNC_CREATE,
                             count_to_at_least, NULL, GUINT_TO_POINTER (least), NULL);
}

static void
bind_action_count (AiperfWindow *self,
                   const char   *property,
                   const char   *action,
                   guint         least)
{
  bind_count (self, property, g_action_map_lookup_action (G_ACTION_MAP (self), action), "enabled", least);
}

/* --- the widgets --- */

void
aiperf_window_bind_session (AiperfWindow *self)
{
  GBindingGroup *bindings;

  g_return_if_fail (AIPERF_IS_WINDOW (self));
  g_return_if_fail (self->session_bindings == NULL);

  bindings = self->session_bindings = g_binding_group_new ();
  g_binding_group_bind_full (bindings, "title", self->window_title, "title", G_BINDING_SYNC_CREATE,
                             title_to_heading, NULL, NULL, NULL);
  g_binding_group_bind_full (bindings, "title", self, "title", G_BINDING_SYNC_CREATE,
                             title_to_window_title, NULL, NULL, NULL);
  g_binding_group_bind_full (bindings, "n-runs", self->window_title, "subtitle", G_BINDING_SYNC_CREATE,
                             n_runs_to_subtitle, NULL, NULL, NULL);
  /* The empty state offers only what can be done there: opening. */
  bind_count (self, "n-runs", self->sidebar_button, "visible", 1);
  bind_count (self, "n-runs", self->export_button, "visible", 1);
  bind_count (self, "n-runs", self->watch_button, "visible", 1);
  g_binding_group_bind (bindings, "progress-text", self->progress_label, "label", G_BINDING_SYNC_CREATE);
  g_binding_group_bind_full (bindings, "progress", self->progress_bar, "fraction", G_BINDING_SYNC_CREATE,
                             progress_to_fraction, NULL, NULL, NULL);
  g_binding_group_set_source (bindings, self->session);
}

/* --- the actions, once they exist --- */

void
aiperf_window_bind_session_actions (AiperfWindow *self)
{
  g_autoptr(GPropertyAction) watch = NULL;

  g_return_if_fail (AIPERF_IS_WINDOW (self));

  /* The watch toggle is the session's "watching" itself (which the
   * watch-folders setting is bound to). */
  watch = g_property_action_new ("watch", self->session, "watching");
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (watch));

  bind_action_count (self, "n-errors", "show-errors", 1);
  bind_action_count (self, "n-runs", "add-plot", 1);
  bind_action_count (self, "n-runs", "restore-plots", 1);
  bind_action_count (self, "n-runs", "compare-runs", 1);
  bind_action_count (self, "n-runs", "compare-baseline", 2);
  g_binding_group_bind (self->session_bindings, "loading",
                        g_action_map_lookup_action (G_ACTION_MAP (self), "cancel-load"), "enabled",
                        G_BINDING_SYNC_CREATE);
}

void
aiperf_window_unbind_session (AiperfWindow *self)
{
  if (self->session_bindings != NULL)
    g_binding_group_set_source (self->session_bindings, NULL);
  /* (it holds the session, which may outlive the window for a while) */
  g_action_map_remove_action (G_ACTION_MAP (self), "watch");
}
