/* aiperf-trace-store-private.h — the trace store's insides, shared by its
 * files: filling and finishing (aiperf-trace-store.c), the joins of flows
 * and correlation ids (-links.c) and the track model (-model.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-trace-store.h"

G_BEGIN_DECLS

/* 32 bytes: times in ns from the trace's start, the args' place in the
 * file's text (offset << 24 | length; 0: none), interned name, colour key
 * and nesting depth. */
typedef struct {
  gint64  start, dur;
  guint64 args;
  guint32 name;
  guint16 key;
  guint16 depth;
} TraceSlice;

#define TRACE_ARGS_MAX_LENGTH ((1u << 24) - 1)

typedef struct {
  gint64 t;
  double v;
} TraceSample;

typedef struct {
  char    *pid, *tid;      /* the file's pid and tid ("" for counters) */
  guint    file;
  char    *label;          /* "GPU 0 · stream 7" */
  gint64   sort, thread_sort;
  GArray  *slices;         /* TraceSlice, while filling */
  GArray **rows;           /* once finished: TraceSlice by start, one array per depth */
  guint    depth;          /* rows: deepest + 1 */
  /* A counter lane: its samples by time, their range, its colour key. */
  GArray  *samples;
  double   vmin, vmax;
  guint    counter_key;
  guint    index;          /* its index while filling (links name tracks so) */
} TraceTrack;

typedef struct {
  char                *label;  /* NULL: a trace of one file */
  AiperfTraceTextRead  read;
  gpointer             read_data;
  GDestroyNotify       read_data_free;
  gint64               offset; /* onto the first file's clock */
  gint64               min, max; /* its times, before the offset */
} TraceFile;

/* One end of a join: a correlation id or a flow step. */
typedef struct {
  gint64  id;
  gint64  t;
  gint64  dur;             /* a device event's duration */
  guint32 track;
  guint8  kind;            /* LINK_LAUNCH, LINK_DEVICE, or a flow phase */
  guint8  enclosing;
  guint16 file;            /* ids are a file's own */
} TraceEnd;

/* A device end's kind is LINK_DEVICE + 0 (kernel), 1 (memcpy), 2 (memset). */
enum { LINK_LAUNCH = 1, LINK_DEVICE = 2 };

/* A joined pair: from (a launch, a flow's start) to (a kernel, its end). */
typedef struct {
  guint32 from_track, to_track;
  gint64  from_t, to_t;
} TraceLink;

/* A CPU op's device time: [0] all of it, [1] inside its GPU's GPU-side
 * steps; by kind (kernel, memcpy, memset). */
typedef struct {
  guint32 name;
  gint64  kernel_ns;        /* all kinds, whole trace: the order */
  guint   kernels;          /* all kinds, whole trace */
  gint64  ns[2][3];
  guint   counts[2][3];
} TraceOp;

struct _AiperfTraceStore {
  int         ref_count;
  GHashTable *track_ids;     /* "file\x1fpid\x1ftid" → index + 1 */
  GPtrArray  *tracks;        /* TraceTrack*, in lane order once finished */
  GHashTable *process_label; /* "file\x1fpid" → "GPU 0" or the process name */
  GHashTable *process_sort;  /* "file\x1fpid" → sort index (gint64*) */
  GHashTable *thread_name;   /* "file\x1fpid\x1ftid" → name */
  GHashTable *thread_sort;   /* "file\x1fpid\x1ftid" → sort index (gint64*) */
  GHashTable *name_ids;      /* name → index + 1 */
  GPtrArray  *names;         /* char* */
  /* The name interned last and its index: a loader interns an event's
   * name once and hands the interned text on (one hash per event). */
  const char *last_name;
  guint       last_name_index;
  GPtrArray  *keys;          /* char*: kernel categories, then cats */
  GHashTable *key_ids;       /* keys' texts → index + 1 */
  guint       n_kernel_keys; /* keys below this are kernel categories */
  GArray     *files;         /* TraceFile */
  guint       file;          /* the one being filled */
  gboolean    begun;         /* begin_file was called */
  guint       recent_tracks[4]; /* the tracks of the last events (a cache) */
  guint       next_recent;
  GArray     *correlations;  /* TraceEnd, while filling */
  GArray     *flow_steps;    /* TraceEnd (flows; id interned in flow_ids) */
  GHashTable *flow_ids;      /* flow id text → number + 1 */
  GArray     *links;         /* TraceLink: correlation joins, by from */
  GArray     *flows;         /* TraceLink: flow arrows */
  GArray     *ops;           /* TraceOp, largest first */
  GArray     *streams;       /* TraceStream, in lane order (once finished) */
  gint64      origin, end;   /* absolute ns */
  gboolean    finished;
  GByteArray *device_kinds;  /* TRACE_DEVICE_* of each key (once finished) */
  GMutex      breakdown_lock;
  GArray     *breakdowns[2]; /* AiperfTraceBreakdown: whole trace, steps (computed when asked) */
  GArray     *iterations;    /* AiperfTrackMark: the ProfilerStep#N spans the timeline marks */
  GArray     *temporal;      /* AiperfTraceTemporal (with idle_split, computed when asked) */
  guint8     *name_flags;    /* per name: NAME_COMM | NAME_DMA (once finished: read-only) */
  GMutex      hta_lock;      /* temporal and idle_split: apart from the breakdowns, so both can be computed at once */
  GArray     *idle_split;    /* AiperfTraceIdleSplit */
  GArray     *kernel_rows;   /* AiperfTraceKernelRow (with temporal) */
};

/* What a slice's key says it is on a device. */
enum {
  TRACE_DEVICE_NONE,
  TRACE_DEVICE_KERNEL,
  TRACE_DEVICE_MEMCPY,
  TRACE_DEVICE_MEMSET,
  TRACE_DEVICE_ANNOTATION, /* gpu_user_annotation */
};

/* Fills self->device_kinds from the keys and self->name_flags from the
 * names, once the store is finished (aiperf-trace-store-breakdown.c). */
void     trace_store_classify_keys (AiperfTraceStore *self);
/* A GPU's name: its process label ("GPU 0", else "pid N"), after the
 * rank's label in a merged trace. */
char    *trace_store_gpu_name     (AiperfTraceStore *self,
                                   guint             file,
                                   const char       *pid);
/* What a device slice is, by its key and name: a kernel named like a
 * memory transfer (MTIA's dma_*) is one (TRACE_DEVICE_*). */
guint8   trace_store_device_kind  (AiperfTraceStore *self,
                                   const TraceSlice *slice);
/* Whether name @name_id is an NCCL or RCCL kernel's. */
gboolean trace_store_is_comm      (AiperfTraceStore *self,
                                   guint32           name_id);

/* One device event as HTA reads it (aiperf-trace-store-hta.c): whole µs
 * on its file's clock. 32 bytes. */
typedef struct {
  gint64  start, end;
  gint64  start_ns;    /* the store's time, to find its launch */
  guint32 name;        /* interned */
  guint8  type;        /* AIPERF_TRACE_TYPE_*, 0 for HTA's "other" */
} TraceHtaEvent;

/* HTA's per-kernel table (aiperf-trace-store-hta-kernels.c): for each GPU
 * in turn, its events' rows (GPU @gpu) appended to @rows; then the rows
 * sorted in HTA's order. @slots: one guint32 per name, all 0, left so. */
void     trace_hta_kernels_of     (AiperfTraceStore *self,
                                   const GArray     *events,
                                   guint             gpu,
                                   guint32          *slots,
                                   GArray           *rows);
void     trace_hta_kernels_sort   (GArray           *rows);

/* A lane with device work (kernels, memcpys, memsets): how long it kept
 * the lane busy (the union of their intervals) within the span from its
 * first to its last. */
typedef struct {
  guint  track;
  gint64 busy, span;
} TraceStream;

/* Sorts @array unless a pass finds it sorted already: tracers mostly
 * write events in time order, and sorting millions again costs far more. */
void     trace_sort_unless_sorted (GArray       *array,
                                   GCompareFunc  compare);
/* Sorts @array made of @n_runs runs each in order, run r ending at
 * @ends[r] (the last is the array's length), by merging them: stable, as
 * g_array_sort, in linear time per run. */
void     trace_merge_sorted_runs  (GArray       *array,
                                   const guint  *ends,
                                   guint         n_runs,
                                   GCompareFunc  compare);
char    *trace_track_key          (guint       file,
                                   const char *pid,
                                   const char *tid);
char    *trace_process_key        (guint       file,
                                   const char *pid);
guint    trace_store_intern       (GHashTable *ids,
                                   GPtrArray  *texts,
                                   const char *text);
/* The first slice of @row, from index @lo on, starting at or after @t. */
guint    trace_row_first_from     (GArray     *row,
                                   guint       lo,
                                   gint64      t);
/* The innermost slice of @track around @t (start ≤ t < end), with its
 * depth; with @key_only ≥ 0 only slices of that colour key. @hints
 * (nullable; one per depth, zeroed at first) remember where the last
 * search ended, for searches that move forward in time. */
const TraceSlice *trace_track_enclosing (const TraceTrack *track,
                                         gint64            t,
                                         int               key_only,
                                         guint            *hints);
/* What turns @file's times into the trace's (ns from its start). */
gint64   trace_store_shift        (AiperfTraceStore *self,
                                   guint             file);
/* Joins correlation ids and flow steps into links, flows and ops; times
 * already relative. */
void     trace_store_join         (AiperfTraceStore *self);
/* Fills self->streams from the finished lanes. */
void     trace_store_measure_streams (AiperfTraceStore *self);
/* The timeline's search and iteration marks (aiperf-trace-store-search.c),
 * for the track model. */
guint    trace_store_match_count  (gpointer                self,
                                   gconstpointer           match,
                                   const AiperfTrackSlice *before);
gboolean trace_store_match_step   (gpointer                self,
                                   gconstpointer           match,
                                   const AiperfTrackSlice *from,
                                   gboolean                forward,
                                   AiperfTrackSlice       *out);
void     trace_store_find_iterations (AiperfTraceStore *self);
const AiperfTrackMark *trace_store_marks (gpointer  self,
                                          guint    *out_n);
/* The slice linked to the one at (@track, @start). */
gboolean trace_store_find_link    (AiperfTraceStore *self,
                                   guint             track,
                                   gint64            start,
                                   guint            *out_track,
                                   gint64           *out_t);

G_END_DECLS
