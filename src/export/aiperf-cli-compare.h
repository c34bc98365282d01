/* aiperf-cli-compare.h — aiperf-plot --headless --baseline BASE CANDIDATE…
 * and --history PATH…: the comparison's and the history's files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>
#include "aiperf-compare.h"

G_BEGIN_DECLS

/* Exit status when --fail-on-regression finds one. */
#define AIPERF_EXIT_REGRESSION 3

typedef struct {
  char     *baseline;          /* --baseline PATH */
  char     *min_effect;        /* --min-effect PCT (text until checked) */
  gboolean  fail_on_regression;
  char     *fail_pct;          /* --fail-on-regression=PCT, or NULL */
  gboolean  history;           /* --history */
  guint     reports;           /* AiperfReportFormat bits of --html / --report */
} AiperfCompareCliOptions;

/* The options' group, filling @options as they are parsed. */
GOptionGroup *aiperf_cli_compare_option_group (AiperfCompareCliOptions *options);
void          aiperf_cli_compare_options_clear (AiperfCompareCliOptions *options);
gboolean      aiperf_cli_compare_requested    (const AiperfCompareCliOptions *options);
/* Runs --baseline or --history on @paths (the candidates, or the history's
 * runs) into @output (NULL: <first path>/plots). */
int           aiperf_cli_compare              (const AiperfCompareCliOptions *options,
                                               const char * const            *paths,
                                               const char                    *output,
                                               const char                    *theme,
                                               GRegex                        *param_pattern);

/* The files (aiperf-compare-files.c), each written atomically. */
char         *aiperf_compare_to_json          (const AiperfComparison *comparison,
                                               const char             *baseline,
                                               const char * const     *candidates);
char         *aiperf_compare_to_csv           (const AiperfComparison *comparison);
char         *aiperf_compare_to_junit         (const AiperfComparison *comparison);
/* The summary.txt section (and what is printed). */
char         *aiperf_compare_to_text          (const AiperfComparison *comparison,
                                               const char             *baseline);

/* --history (aiperf-cli-history.c). */
int           aiperf_cli_history              (const char * const *paths,
                                               const char         *output,
                                               const char         *theme,
                                               double              min_effect,
                                               GRegex             *param_pattern);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AiperfCompareCliOptions, aiperf_cli_compare_options_clear)

/* Member @name: @value, or null when it is not finite (JSON has no NaN);
 * for comparison.json and history.json alike. */
void aiperf_compare_json_add_number (JsonBuilder *builder,
                                     const char  *name,
                                     double      value);

G_END_DECLS
