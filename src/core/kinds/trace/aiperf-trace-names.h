/* aiperf-trace-names.h — the names a trace's output files go by.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run-set.h"

G_BEGIN_DECLS

/* aiperf-trace-names.c: run → the name its output files go by (its stem,
 * or with the fewest parent folders that tell it from another trace of
 * that stem). */
GHashTable  *aiperf_trace_output_names    (AiperfRunSet *runs);

G_END_DECLS
