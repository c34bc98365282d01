/* aiperf-cli-open.h — how every command of the command line opens paths:
 * through a session, as the window does, waited for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-session.h"

G_BEGIN_DECLS

/* A session holding what @paths open under @param_pattern (nullable): its
 * runs, its per-run load errors and discovery notes. NULL, with @error,
 * when nothing at all could be loaded. */
AiperfSession *aiperf_cli_open (const char * const *paths,
                                GRegex             *param_pattern,
                                GError            **error);

G_END_DECLS
