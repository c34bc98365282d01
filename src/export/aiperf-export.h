/* aiperf-export.h — the headless command line: aiperf-plot --headless …
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-style.h"

G_BEGIN_DECLS

/* Exit statuses of every headless command. */
enum {
  AIPERF_EXIT_OK    = 0,
  AIPERF_EXIT_EMPTY = 1,  /* no run, no value or no plot */
  AIPERF_EXIT_USAGE = 2,
};

typedef struct {
  char       **paths;      /* never empty: defaults to ./artifacts */
  char        *output;     /* NULL: <first path>/plots */
  AiperfTheme  theme;
  char        *config;     /* --config FILE or NULL */
  gboolean     verbose;
  guint        formats;    /* bit (1 << AiperfImageFormat) per requested format; 0: no images */
  guint        reports;    /* AiperfReportFormat bits (--html, --report) */
  int          width, height;
  char       **plots;      /* --plot NAME…, or NULL for every default */
  GRegex      *param_pattern; /* --param-pattern, or NULL */
  GHashTable  *kind_options; /* the kinds' options given (--gpu h100 …): session key → text */
} AiperfExportOptions;

/* Parses argv (which contains --headless) and runs the command. Never touches GTK. */
int aiperf_export_main (int argc, char **argv);

/* --list: one line per run and the mode. */
/* @param_pattern (nullable): --param-pattern, named groups → parameters. */
int aiperf_cli_list    (const char * const *paths,
                        GRegex             *param_pattern);
/* --metric TAG[:STAT]: "run<TAB>value" per run. */
int aiperf_cli_metric  (const char * const *paths,
                        const char         *spec,
                        GRegex             *param_pattern);
/* The default: every default plot of the detected mode, to files. */
int aiperf_cli_export  (const AiperfExportOptions *options);

G_END_DECLS
