/* aiperf-trace-store.h — a trace's slices per track (process/thread), for
 * the timeline: filled by the trace format, then finished (sorted, nested,
 * times made relative) and read through its track model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "aiperf-track-model.h"

G_BEGIN_DECLS

/* The name of the dataset a trace run keeps its store under. */
#define AIPERF_DATASET_EVENTS "events"

#define AIPERF_TYPE_TRACE_STORE (aiperf_trace_store_get_type ())

typedef struct _AiperfTraceStore AiperfTraceStore;

GType             aiperf_trace_store_get_type   (void) G_GNUC_CONST;
AiperfTraceStore *aiperf_trace_store_new        (void);
AiperfTraceStore *aiperf_trace_store_ref        (AiperfTraceStore *self);
void              aiperf_trace_store_unref      (AiperfTraceStore *self);

/* --- filling (one thread, before finish) --- */

/* The store's copy of @name (interned): equal names, equal pointers. */
const char       *aiperf_trace_store_intern_name (AiperfTraceStore *self,
                                                  const char       *name);
/* The track of @pid/@tid (numbers as text), created on first use. */
guint             aiperf_trace_store_track      (AiperfTraceStore *self,
                                                 const char       *pid,
                                                 const char       *tid);
/* A process's name (process_name) or, with @is_device_label, its label
 * (process_labels: "GPU 0"), which wins. */
void              aiperf_trace_store_set_process (AiperfTraceStore *self,
                                                  const char       *pid,
                                                  const char       *label,
                                                  gboolean          is_device_label);
void              aiperf_trace_store_set_process_sort (AiperfTraceStore *self,
                                                       const char       *pid,
                                                       gint64            index);
void              aiperf_trace_store_set_thread (AiperfTraceStore *self,
                                                 const char       *pid,
                                                 const char       *tid,
                                                 const char       *name);
/* A slice on @track; times in absolute ns. A kernel's @category (from the
 * classifier) colours it; otherwise its @cat does. */
void              aiperf_trace_store_add_slice  (AiperfTraceStore *self,
                                                 guint             track,
                                                 gint64            start_ns,
                                                 gint64            dur_ns,
                                                 const char       *name,
                                                 const char       *cat,
                                                 const char       *category);
/* Sorts and nests the slices, makes times relative to the first start and
 * orders the tracks (process sort index, then name). */
void              aiperf_trace_store_finish     (AiperfTraceStore *self);

/* --- reading (any thread, after finish) --- */

guint             aiperf_trace_store_get_n_slices (AiperfTraceStore *self);
/* The first slice's start and the last one's end, as the trace's
 * timestamps were (ns): what times in the model are relative to. */
void              aiperf_trace_store_get_bounds (AiperfTraceStore *self,
                                                 gint64           *out_origin_ns,
                                                 gint64           *out_end_ns);
/* For each track that ran kernels (a GPU stream): its name, the time its
 * kernels kept it busy (the union of their intervals, overlaps counted
 * once) and the span from its first kernel's start to its last's end.
 * Returns FALSE past the last such track. */
gboolean          aiperf_trace_store_get_stream (AiperfTraceStore *self,
                                                 guint             index,
                                                 const char      **out_name,
                                                 gint64           *out_busy_ns,
                                                 gint64           *out_span_ns);
void              aiperf_trace_store_get_model  (AiperfTraceStore *self,
                                                 AiperfTrackModel *out_model);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfTraceStore, aiperf_trace_store_unref)

G_END_DECLS
