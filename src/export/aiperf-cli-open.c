/* aiperf-cli-open.c — the command line's commands open through a session.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-cli-open.h"

AiperfSession *
aiperf_cli_open (const char * const *paths,
                 GRegex             *param_pattern,
                 GError            **error)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();

  g_return_val_if_fail (paths != NULL, NULL);

  aiperf_session_set_param_pattern (session, param_pattern);
  if (!aiperf_session_open_sync (session, paths, NULL, error))
    return NULL;
  return g_steal_pointer (&session);
}
