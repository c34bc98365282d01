/* aiperf-style.c — (in progress)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-style.h"
/* Interim: replaced by the renderer work. */
gboolean
aiperf_theme_from_string (const char *text, AiperfTheme *out_theme)
{
  if (g_ascii_strcasecmp (text, "light") == 0) { *out_theme = AIPERF_THEME_LIGHT; return TRUE; }
  if (g_ascii_strcasecmp (text, "dark") == 0) { *out_theme = AIPERF_THEME_DARK; return TRUE; }
  return FALSE;
}
