/* aiperf-timeslices.h — per-time-slice statistics of a run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "aiperf-types.h"
#include "aiperf-stats.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_TIMESLICES (aiperf_timeslices_get_type ())

GType             aiperf_timeslices_get_type           (void) G_GNUC_CONST;
AiperfTimeslices *aiperf_timeslices_new                (void);
AiperfTimeslices *aiperf_timeslices_ref                (AiperfTimeslices       *ts);
void              aiperf_timeslices_unref              (AiperfTimeslices       *ts);

/* Slice length in seconds; NaN when the run does not say. */
double            aiperf_timeslices_get_slice_duration (const AiperfTimeslices *ts);
void              aiperf_timeslices_set_slice_duration (AiperfTimeslices       *ts,
                                                        double                  seconds);
guint             aiperf_timeslices_get_n_slices       (const AiperfTimeslices *ts);
/* TRUE when read from the JSON export, FALSE for the 2-decimal CSV. */
gboolean          aiperf_timeslices_is_full_precision  (const AiperfTimeslices *ts);
void              aiperf_timeslices_set_full_precision (AiperfTimeslices       *ts,
                                                        gboolean                full);
/* Sorted canonical tags of the metrics present. Free the array with g_ptr_array_unref. */
GPtrArray        *aiperf_timeslices_list_metrics       (const AiperfTimeslices *ts);
const char       *aiperf_timeslices_get_unit           (const AiperfTimeslices *ts,
                                                        const char             *tag);
/* Stats of @tag in slice @index, NULL if absent. */
const AiperfStats*aiperf_timeslices_get_stats          (const AiperfTimeslices *ts,
                                                        const char             *tag,
                                                        guint                   index);
/* Sets (creating as needed) the stats of @tag in slice @index. */
void              aiperf_timeslices_set_stats          (AiperfTimeslices       *ts,
                                                        const char             *tag,
                                                        const char             *unit,
                                                        guint                   index,
                                                        const AiperfStats      *stats);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfTimeslices, aiperf_timeslices_unref)

G_END_DECLS
