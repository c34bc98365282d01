/* aiperf-window.h — the main window: runs in a sidebar, charts in tabs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define AIPERF_TYPE_WINDOW (aiperf_window_get_type ())
G_DECLARE_FINAL_TYPE (AiperfWindow, aiperf_window, AIPERF, WINDOW, AdwApplicationWindow)

AiperfWindow *aiperf_window_new        (AdwApplication *application);
/* Loads the run or sweep folders @files (asynchronously) and adds their
 * runs to the comparison. */
void          aiperf_window_open_files (AiperfWindow   *self,
                                        GFile         **files,
                                        int             n_files);

G_END_DECLS
