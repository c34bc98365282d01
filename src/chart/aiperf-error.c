/* aiperf-error.c — the AIPERF_ERROR domain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-error.h"

#include <gio/gio.h>

G_DEFINE_QUARK (aiperf-error-quark, aiperf_error)

AiperfErrorCode
aiperf_error_code_for (const GError *error)
{
  g_return_val_if_fail (error != NULL, AIPERF_ERROR_IO);

  if (error->domain == AIPERF_ERROR)
    return (AiperfErrorCode) error->code;
  if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return AIPERF_ERROR_NOT_FOUND;
  if (error->domain == G_FILE_ERROR || error->domain == G_IO_ERROR)
    return AIPERF_ERROR_IO;
  return AIPERF_ERROR_PARSE;
}
