/* aiperf-cli-list.c — (in progress)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-export.h"
/* Interim: replaced by the summary-loading work. */
int aiperf_cli_list (const char * const *paths) { g_printerr ("not yet\n"); return 1; }
int aiperf_cli_metric (const char * const *paths, const char *spec) { g_printerr ("not yet\n"); return 1; }
