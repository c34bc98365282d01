/* aiperf-metric-registry.h — every AIPerf metric: display name, unit, direction.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-types.h"

G_BEGIN_DECLS

typedef enum {
  AIPERF_METRIC_FLAG_NONE             = 0,
  AIPERF_METRIC_FLAG_LARGER_IS_BETTER = 1 << 0,
  AIPERF_METRIC_FLAG_STREAMING_ONLY   = 1 << 1, /* STREAMING_ONLY and STREAMING_TOKENS_ONLY */
  AIPERF_METRIC_FLAG_INTERNAL         = 1 << 2,
  AIPERF_METRIC_FLAG_EXPERIMENTAL     = 1 << 3,
  AIPERF_METRIC_FLAG_ERROR_ONLY       = 1 << 4,
  AIPERF_METRIC_FLAG_NO_RECORDS       = 1 << 5, /* NO_INDIVIDUAL_RECORDS */
  AIPERF_METRIC_FLAG_GOODPUT          = 1 << 6,
  AIPERF_METRIC_FLAG_COUNTER          = 1 << 7, /* GPU counter: delta, not stats */
  AIPERF_METRIC_FLAG_PLOT_DERIVED     = 1 << 8, /* computed by us, not exported by aiperf */
} AiperfMetricFlags;

typedef struct {
  const char       *tag;           /* canonical tag, e.g. "time_to_first_token" */
  const char       *display_name;  /* "Time to First Token" */
  const char       *unit;          /* "ms"; "" when the unit is inherited or none */
  AiperfMetricKind  kind;
  guint             flags;         /* AiperfMetricFlags */
} AiperfMetricInfo;

/* Looks up a tag or a renamed alias ("ttft", "ttst", "prefill_throughput").
 * Returns NULL for unknown tags. */
const AiperfMetricInfo *aiperf_metric_registry_lookup              (const char *tag);
/* Display names as used in the CSV exports and timeslice files. */
const AiperfMetricInfo *aiperf_metric_registry_lookup_display_name (const char *display_name);
/* Canonical tag for an alias; @tag itself when it is not an alias. */
const char             *aiperf_metric_registry_canonical_tag       (const char *tag);
const AiperfMetricInfo *aiperf_metric_registry_get_all             (guint      *n_metrics);
/* TRUE when larger values are better (pareto direction "higher"). */
gboolean                aiperf_metric_registry_larger_is_better    (const char *tag);
/* The closest known tag to @unknown (edit distance), or NULL when none is close. */
const char             *aiperf_metric_registry_suggest             (const char *unknown);
/* "Time to First Token (ms)"; tags not in the registry are prettified
 * ("foo_bar" → "Foo Bar") and @fallback_unit is used. Free with g_free(). */
char                   *aiperf_metric_registry_axis_label          (const char *tag,
                                                                    const char *fallback_unit);

G_END_DECLS
