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

/* Reads @length bytes of a file's text from @offset (NUL-terminated), or
 * NULL with @error: how the store gets args back for hover. */
typedef char *(*AiperfTraceTextRead) (gpointer  data,
                                      goffset   offset,
                                      gsize     length,
                                      GError  **error);

/* Starts the events of another file (rank) of a merged trace: the pids
 * and tids after it are this file's, and its lanes are named after
 * @label (NULL for a trace of one file). Returns the file's number. */
guint             aiperf_trace_store_begin_file (AiperfTraceStore    *self,
                                                 const char          *label);
const char       *aiperf_trace_store_get_file_label (AiperfTraceStore *self,
                                                     guint             file);
/* How @file's args are read back (for hover), once it has been read. */
void              aiperf_trace_store_set_file_text (AiperfTraceStore    *self,
                                                    guint                file,
                                                    AiperfTraceTextRead  read,
                                                    gpointer             data,
                                                    GDestroyNotify       data_free);
/* What to add to @file's times to put them on the first file's clock. */
void              aiperf_trace_store_set_file_offset (AiperfTraceStore *self,
                                                      guint             file,
                                                      gint64           offset_ns);
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
void              aiperf_trace_store_set_thread_sort (AiperfTraceStore *self,
                                                      const char       *pid,
                                                      const char       *tid,
                                                      gint64            index);
/* A slice on @track; times in absolute ns. A kernel's @category (from the
 * classifier) colours it; otherwise its @cat does. Its args are
 * @args_length bytes at @args_offset of the file's text (0 bytes: none). */
void              aiperf_trace_store_add_slice  (AiperfTraceStore *self,
                                                 guint             track,
                                                 gint64            start_ns,
                                                 gint64            dur_ns,
                                                 const char       *name,
                                                 const char       *cat,
                                                 const char       *category,
                                                 goffset           args_offset,
                                                 gsize             args_length);
/* A counter's sample (a C event's args member @series) on process @pid. */
void              aiperf_trace_store_add_counter (AiperfTraceStore *self,
                                                  const char       *pid,
                                                  const char       *name,
                                                  const char       *series,
                                                  gint64            t_ns,
                                                  double            value);
/* What carries a correlation id: a launch, or a device event. */
typedef enum {
  AIPERF_TRACE_LAUNCH,
  AIPERF_TRACE_KERNEL,
  AIPERF_TRACE_MEMCPY,
  AIPERF_TRACE_MEMSET,
} AiperfTraceEndKind;

/* A correlation id seen on a launch (a runtime call, or an ac2g flow's
 * start) or on a device event (a kernel, memcpy, memset) of @track at
 * @t_ns: joined when finishing, for the flow arrows and for grouping
 * device time by the CPU op that launched it. */
void              aiperf_trace_store_add_correlation (AiperfTraceStore *self,
                                                      gint64            correlation,
                                                      guint             track,
                                                      gint64            t_ns,
                                                      gint64            kernel_dur_ns,
                                                      AiperfTraceEndKind kind);
/* A flow event (s, t, f) with @id on @track: consecutive steps of one id
 * become arrows. @enclosing: bp "e" (bound to the slice around @t_ns,
 * as the start always is), else to the next slice starting at @t_ns. */
void              aiperf_trace_store_add_flow   (AiperfTraceStore *self,
                                                 const char       *id,
                                                 char              phase,
                                                 guint             track,
                                                 gint64            t_ns,
                                                 gboolean          enclosing);
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
/* For each track that ran device work (a GPU stream): its name, the time
 * its kernels, memcpys and memsets kept it busy (the union of their
 * intervals, overlaps counted once) and the span from its first one's
 * start to its last one's end.
 * Returns FALSE past the last such track. */
gboolean          aiperf_trace_store_get_stream (AiperfTraceStore *self,
                                                 guint             index,
                                                 const char      **out_name,
                                                 gint64           *out_busy_ns,
                                                 gint64           *out_span_ns);
/* What one GPU (a process, its streams merged) did inside a window, as
 * TraceLens's gpu_timeline defines it (µs): see
 * aiperf-trace-store-breakdown.c. */
typedef struct {
  char  *gpu;               /* "GPU 0" (with the rank's label in a merged trace) */
  double computation_us;    /* union of non-communication kernels and memsets */
  double exposed_comm_us;   /* communication not overlapped by computation */
  double exposed_memcpy_us; /* memcpy overlapped by neither */
  double busy_us;           /* union of kernels, memsets and memcpys */
  double idle_us;           /* total - busy */
  double total_us;          /* the window */
  double total_comm_us;     /* union of NCCL/RCCL kernels */
  double total_memcpy_us;   /* union of memcpys */
  double kernel_sum_us, memcpy_sum_us, memset_sum_us; /* plain sums inside the window */
  double comm_sum_us;       /* of which NCCL/RCCL kernels (HTA's communication kernels) */
  double window_start_us, window_end_us; /* the file's clock */
  guint  n_steps;           /* GPU-side ProfilerStep spans making the window; 0: first to last event */
} AiperfTraceBreakdown;

void              aiperf_trace_breakdown_clear  (AiperfTraceBreakdown *breakdown);
/* Computes the breakdowns of the GPU-side step window and HTA's temporal
 * breakdown and idle split of a finished store on two threads at once
 * (aiperf-trace-store-prepare.c): the getters below then return them
 * without waiting. */
void              aiperf_trace_store_prepare_analyses (AiperfTraceStore *self);
/* One AiperfTraceBreakdown per GPU, computed once (thread-safe); with
 * @steps_window the window is the GPU's GPU-side ProfilerStep spans when
 * it has them. Owned by the store. */
const GArray     *aiperf_trace_store_get_breakdowns (AiperfTraceStore *self,
                                                     gboolean          steps_window);
/* HTA's temporal breakdown of one GPU (a process, its streams merged),
 * over the whole trace as HTA measures it: kernel_time = from its first
 * device event's start to its last one's end; idle = kernel_time less the
 * union of its kernels, memcpys and memsets; compute = the union of its
 * computation kernels (AIPERF_TRACE_TYPE_COMPUTATION below, by name as
 * HTA types them); non_compute = the rest. In whole µs, as HTA
 * reads times (a start rounded up, an end down). See
 * aiperf-trace-store-hta.c. */
/* HTA's kernel types (hta/utils/utils.py get_kernel_type, by name):
 * communication ^nccl.*Kernel; memory ^Memcpy, ^Memset, ^dma;
 * computation the rest but names holding Memcpy or Sync (HTA's "other",
 * in no type). As bits, for the time their kinds overlap. */
enum {
  AIPERF_TRACE_TYPE_COMPUTATION   = 1,
  AIPERF_TRACE_TYPE_COMMUNICATION = 2,
  AIPERF_TRACE_TYPE_MEMORY        = 4,
};

typedef struct {
  char  *gpu;
  guint  file;              /* the rank's file, in a merged trace */
  gint64 kernel_time_us, idle_us, compute_us, non_compute_us;
  /* HTA's kernel-type breakdown (get_gpu_kernel_breakdown's kernel_type
   * table) of the same events: the time during which exactly the types in
   * the index's bits run (the union of each type, swept together: [1] is
   * computation overlapped by nothing else, [3] computation overlapping
   * communication); and each type's plain sum of durations (its
   * per-kernel table's sums), by bit index (0 computation, 1
   * communication, 2 memory). */
  gint64 type_us[8];
  gint64 type_sum_us[3];
} AiperfTraceTemporal;

/* HTA's idle time breakdown of one stream: each gap before a device event
 * (after the previous one on the stream ended) is host wait when the
 * runtime call that launched it began after that end (the CPU was late),
 * kernel wait when it is shorter than 30 µs (launch overhead), other
 * otherwise. Gaps of overlapping events (< 0) are no idle time. Whole µs. */
typedef struct {
  char  *gpu;
  char  *stream;            /* the lane's name */
  gint64 host_wait_us, kernel_wait_us, other_us;
  guint  n_gaps[3];         /* how many gaps of each */
} AiperfTraceIdleSplit;

#define AIPERF_TRACE_KERNEL_WAIT_US 30

/* HTA's per-kernel table (get_gpu_kernel_breakdown's kernel_metrics_df,
 * with its memory kernels) of the same events: per GPU and kernel type,
 * each kernel name's calls. When a type has more than
 * AIPERF_TRACE_TOP_KERNELS names on a GPU, HTA keeps the names by sum
 * (largest first) while the running sum stays within the 0.8 quantile of
 * the running sums (linear, as numpy) and the first AIPERF_TRACE_TOP_KERNELS,
 * and merges the rest into one row named "others". The statistics are
 * per call, whole µs (std: sample, 0 for one call). */
#define AIPERF_TRACE_TOP_KERNELS 10

typedef struct {
  guint       gpu;          /* index into the temporal array */
  guint8      type;         /* AIPERF_TRACE_TYPE_* */
  const char *name;         /* the store's, or "others" */
  gint64      sum_us, max_us, min_us;
  double      mean_us, std_us;
  guint64     count;        /* calls */
  guint       kernels;      /* names in the row: 1, more for "others" */
  double      percentage;   /* of the type's sum on the GPU */
} AiperfTraceKernelRow;

/* Computed once (thread-safe), owned by the store; empty without device
 * events. The kernel rows in HTA's order: by type name, kernel name, GPU. */
const GArray     *aiperf_trace_store_get_temporal   (AiperfTraceStore *self);
const GArray     *aiperf_trace_store_get_idle_split (AiperfTraceStore *self);
const GArray     *aiperf_trace_store_get_kernel_rows (AiperfTraceStore *self);

/* Device time (kernels, memcpys, memsets) by the CPU op that launched it
 * (the innermost "cpu_op" slice around the launch joined by correlation),
 * largest first. FALSE past the last. */
gboolean          aiperf_trace_store_get_op     (AiperfTraceStore *self,
                                                 guint             index,
                                                 const char      **out_name,
                                                 gint64           *out_kernel_ns,
                                                 guint            *out_kernels);
/* The device time of the @index-th CPU op (as get_op orders them) by
 * kind (kernels, memcpys, memsets), and how many of each; with
 * @steps_window only the part inside its GPU's GPU-side ProfilerStep
 * spans (a GPU without them: all of it). FALSE past the last. */
gboolean          aiperf_trace_store_get_op_split (AiperfTraceStore *self,
                                                   guint             index,
                                                   gboolean          steps_window,
                                                   const char      **out_name,
                                                   gint64            out_ns[3],
                                                   guint             out_counts[3]);
/* Flows joined into arrows, and the counter lanes. */
guint             aiperf_trace_store_get_n_flows (AiperfTraceStore *self);
/* The args of the slice at @start of @lane's row @depth, as text (the
 * raw JSON object), read again from the file; NULL without args, or with
 * @error when the file can no longer give them. */
char             *aiperf_trace_store_get_args   (AiperfTraceStore *self,
                                                 guint             lane,
                                                 guint             depth,
                                                 gint64            start,
                                                 GError          **error);
void              aiperf_trace_store_get_model  (AiperfTraceStore *self,
                                                 AiperfTrackModel *out_model);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfTraceStore, aiperf_trace_store_unref)

G_END_DECLS
