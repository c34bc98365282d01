/* aiperf-writer.c — (in progress)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-writer.h"
/* Interim: replaced by the renderer work. */
gboolean
aiperf_image_format_from_string (const char *text, AiperfImageFormat *out_format)
{
  if (g_ascii_strcasecmp (text, "png") == 0) { *out_format = AIPERF_FORMAT_PNG; return TRUE; }
  if (g_ascii_strcasecmp (text, "svg") == 0) { *out_format = AIPERF_FORMAT_SVG; return TRUE; }
  if (g_ascii_strcasecmp (text, "pdf") == 0) { *out_format = AIPERF_FORMAT_PDF; return TRUE; }
  return FALSE;
}
