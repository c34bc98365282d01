/* aiperf-path-params.h — folder levels that tell otherwise-equal runs
 * apart, made parameters (path_1 = ray|vllm) after a load.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run.h"

G_BEGIN_DECLS

/* For the serving runs (AiperfRun*, not AIPerf's) of one tool and one
 * model in @runs: each folder level where two runs at the same load differ
 * becomes the parameter path_N (N levels above the run's folder), and,
 * when their labels do not already separate them, the runs' label. */
void aiperf_path_params_infer (GPtrArray *runs);

G_END_DECLS
