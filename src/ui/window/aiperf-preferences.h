/* aiperf-preferences.h — the preferences window (colour scheme, watching).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define AIPERF_TYPE_PREFERENCES (aiperf_preferences_get_type ())
G_DECLARE_FINAL_TYPE (AiperfPreferences, aiperf_preferences, AIPERF, PREFERENCES, AdwPreferencesWindow)

/* @settings may be NULL (schema not installed): the rows then do nothing. */
GtkWidget *aiperf_preferences_new (GtkWindow *parent,
                                   GSettings *settings);

G_END_DECLS
