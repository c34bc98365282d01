/* aiperf-error.h — the AIPERF_ERROR domain.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define AIPERF_ERROR (aiperf_error_quark ())

typedef enum {
  AIPERF_ERROR_NOT_FOUND,     /* path missing or not a directory */
  AIPERF_ERROR_NO_RUNS,       /* a folder holds no AIPerf run */
  AIPERF_ERROR_PARSE,         /* malformed JSON, JSONL, CSV or YAML */
  AIPERF_ERROR_INVALID_DATA,  /* well-formed but not what AIPerf writes */
  AIPERF_ERROR_IO,            /* unreadable or unwritable file */
  AIPERF_ERROR_CONFIG,        /* a plot preset file is wrong */
  AIPERF_ERROR_NO_DATA,       /* a plot's data source is missing: skip it */
  AIPERF_ERROR_USAGE,         /* bad command-line use */
} AiperfErrorCode;

GQuark aiperf_error_quark (void);

G_END_DECLS
