/* aiperf-application.h — the GtkApplication: single instance, opens folders.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define AIPERF_TYPE_APPLICATION (aiperf_application_get_type ())
G_DECLARE_FINAL_TYPE (AiperfApplication, aiperf_application, AIPERF, APPLICATION, AdwApplication)

AiperfApplication *aiperf_application_new (void);
/* The program's locale and catalogues: AIPERF_PLOT_LOCALEDIR when set
 * (meson devenv sets it), else the build folder's when the program runs
 * from there, else the installed ones. Call first in main (). */
void               aiperf_application_init_i18n (void);

G_END_DECLS
