/* aiperf-cli-export.c — (in progress)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "aiperf-export.h"
/* Interim: replaced by the plot export work. */
int aiperf_cli_export (const AiperfExportOptions *options) { g_printerr ("not yet\n"); return 1; }
