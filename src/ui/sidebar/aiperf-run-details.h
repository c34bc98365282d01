/* aiperf-run-details.h — one run's configuration, errors and GPUs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "aiperf-run.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_RUN_DETAILS (aiperf_run_details_get_type ())
G_DECLARE_FINAL_TYPE (AiperfRunDetails, aiperf_run_details, AIPERF, RUN_DETAILS, AdwBin)

GtkWidget *aiperf_run_details_new     (AiperfRun        *run);
AiperfRun *aiperf_run_details_get_run (AiperfRunDetails *self);
/* Re-reads the run (after its per-request data was loaded). */
void       aiperf_run_details_refresh (AiperfRunDetails *self);

G_END_DECLS
