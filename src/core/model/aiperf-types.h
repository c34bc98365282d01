/* aiperf-types.h — shared forward declarations and enums of the core model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _AiperfRun      AiperfRun;
typedef struct _AiperfRunSet   AiperfRunSet;
typedef struct _AiperfTable    AiperfTable;
typedef struct _AiperfTimeslices AiperfTimeslices;

/* Exactly one run is single-run mode; two or more compare (aiperf's rule). */
typedef enum {
  AIPERF_MODE_SINGLE_RUN,
  AIPERF_MODE_MULTI_RUN,
} AiperfMode;

typedef enum {
  AIPERF_METRIC_KIND_RECORD,     /* per-request distribution */
  AIPERF_METRIC_KIND_AGGREGATE,  /* run counter or timestamp */
  AIPERF_METRIC_KIND_DERIVED,    /* computed from others */
  AIPERF_METRIC_KIND_GPU,        /* GPU telemetry field */
} AiperfMetricKind;

/* The statistics an AIPerf summary can carry, in export order. */
typedef enum {
  AIPERF_STAT_AVG,
  AIPERF_STAT_MIN,
  AIPERF_STAT_MAX,
  AIPERF_STAT_SUM,
  AIPERF_STAT_COUNT,
  AIPERF_STAT_P1,
  AIPERF_STAT_P5,
  AIPERF_STAT_P10,
  AIPERF_STAT_P25,
  AIPERF_STAT_P50,
  AIPERF_STAT_P75,
  AIPERF_STAT_P90,
  AIPERF_STAT_P95,
  AIPERF_STAT_P99,
  AIPERF_STAT_STD,
  AIPERF_N_STATS,
} AiperfStat;

/* Progress of a long load: fraction in [0,1] (or < 0 when unknown) and a
 * short human-readable description of the step. Called on the thread that
 * does the work; UI code must hop to the main context itself. */
typedef void (*AiperfProgressFunc) (double      fraction,
                                    const char *what,
                                    gpointer    user_data);

G_END_DECLS
