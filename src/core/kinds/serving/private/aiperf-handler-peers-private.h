/* aiperf-handler-peers-private.h — comparison charts over runs of several
 * tools: which tool a series came from, points labelled by each tool's
 * load parameter, and stand-ins for metrics a tool does not record.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-run-set.h"

G_BEGIN_DECLS

typedef struct _AiperfPeerGroups AiperfPeerGroups;

/* NULL when every run is AIPerf's: aiperf's groups stay as they are. */
AiperfPeerGroups *aiperf_peer_groups_new   (AiperfRunSet     *runs);
void              aiperf_peer_groups_free  (AiperfPeerGroups *groups);
/* The series of @run when grouping by model: "model (GuideLLM)", or, when
 * the tool has several sweeps of that model, "model (inference-perf: vllm)". */
char             *aiperf_peer_groups_label (AiperfPeerGroups *groups,
                                            AiperfRun        *run);

/* The label of @run's point when the chart labels by @label_by: a
 * rate-driven run shows its request rate ("31.4 req/s") where the chart
 * asks for the concurrency. NULL when the usual label applies. */
char             *aiperf_peer_point_label  (AiperfRun        *run,
                                            const char       *label_by);

/* The metric that stands in for @tag on a run of another tool that lacks
 * it (no GPU count: the total output token throughput), or NULL. */
const char       *aiperf_peer_substitute   (AiperfRun        *run,
                                            const char       *tag);

/* Which runs of one axis got a stand-in. */
typedef struct {
  const char *tag;            /* the axis' metric */
  const char *substitute;     /* what stood in, NULL when nothing did */
  guint       n_points;
  guint       n_substituted;
  GPtrArray  *tools;          /* unique tool names of those runs */
} AiperfPeerAxis;

void              aiperf_peer_axis_init    (AiperfPeerAxis   *axis,
                                            const char       *tag);
void              aiperf_peer_axis_clear   (AiperfPeerAxis   *axis);
/* Counts a plotted point of @run; @substituted when its value is the stand-in's. */
void              aiperf_peer_axis_count   (AiperfPeerAxis   *axis,
                                            AiperfRun        *run,
                                            gboolean          substituted);
/* The sentence the chart shows about the stand-in, or NULL. */
char             *aiperf_peer_axis_note    (const AiperfPeerAxis *axis);

G_END_DECLS
