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
  AIPERF_ERROR_NO_CHART,      /* an action needs a chart and none is shown */
} AiperfErrorCode;

GQuark          aiperf_error_quark    (void);
/* The AIPERF_ERROR code that stands for @error: its own code when it is in
 * this domain; NOT_FOUND or IO for GLib's file and I/O errors; PARSE for any
 * other domain (a library's parser). A code is only meaningful with its
 * domain, so an error re-raised under AIPERF_ERROR takes this, never
 * @error->code. */
AiperfErrorCode aiperf_error_code_for (const GError *error);

G_END_DECLS
