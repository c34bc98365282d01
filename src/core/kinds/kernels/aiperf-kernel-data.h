/* aiperf-kernel-data.h — the `kernels` datasets of a run set (Nsight
 * kernel summaries, traces) as per-source kernel statistics: the kernels
 * kind's charts, files and comparison read them through here, and so does
 * the trace kind, whose kernels they are too.
 *
 * Columns read from a kernels table (aiperf-kernel-classes.h): name,
 * category, collective, calls, total_ns, avg_ns, med_ns, min_ns, max_ns,
 * std_ns, and group (rank/GPU/stream) when there is one.
 *
 * Columns read from a kernels table (aiperf-kernel-classes.h): name,
 * category, collective, calls, total_ns, avg_ns, med_ns, min_ns, max_ns,
 * std_ns, and group (rank/GPU/stream) when there is one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-compare-measure.h"
#include "aiperf-data-table.h"
#include "aiperf-kinds.h"
#include "aiperf-run-set.h"

G_BEGIN_DECLS

#define AIPERF_KIND_KERNELS "kernels"

/* One kernel name (or several rows combined): ns and counts. */
typedef struct {
  char       *name;
  const char *category;    /* the table's text (kept by its run) */
  const char *collective;  /* the same; NULL when not communication */
  double      calls, total, min, max, avg, med, std;
  /* for combining: Σ n·(σ² + μ²), and the total of the row med came from */
  double      sum_sq, med_weight;
  guint       n_rows;      /* table rows combined into this one (1 for a plain row) */
} AiperfKernelStat;

/* One source: a run, or one group (rank, GPU) of a run. */
typedef struct {
  char      *label;      /* run name, or "run · group" */
  const char *group;     /* the group ("rank · GPU 0"), kept by the run's table; NULL for a whole run */
  AiperfRun *run;
  int        run_index;  /* position in the run set */
  GPtrArray *kernels;    /* AiperfKernelStat*, largest total first */
  GHashTable *by_name;   /* name → AiperfKernelStat* of kernels */
  double     total;      /* Σ total over kernels */
} AiperfKernelSource;

typedef struct {
  GPtrArray *sources;    /* AiperfKernelSource*: the runs, in run-set order */
  GPtrArray *groups;     /* AiperfKernelSource*: per group, when any run has groups; else empty */
  GPtrArray *categories; /* const char*: the classifier's order, "other" last */
  GPtrArray *ranked;     /* char*: aiperf_kernel_data_ranked_names () */
  int        ref_count;
} AiperfKernelData;

/* NULL when no run of @runs has a kernels dataset. Immutable and shared:
 * the charts of one view get the same data (the last one is kept). */
AiperfKernelData *aiperf_kernel_data_new      (AiperfRunSet       *runs);
AiperfKernelData *aiperf_kernel_data_ref      (AiperfKernelData   *data);
void              aiperf_kernel_data_unref    (AiperfKernelData   *data);
/* A name and what it is ranked by. */
typedef struct {
  const char *name;
  double      value;
} AiperfKernelRank;
/* The names of @ranked (sorted here), largest value first, at most @n
 * (char*, not owned). */
GPtrArray        *aiperf_kernel_sorted_names  (GArray             *ranked,
                                               guint               n);
/* The kernel names of the compared sources (the runs, or one run's groups)
 * by their summed total, largest first (char*, owned by @data): a kernel's
 * position here is its id in the charts' hover and highlight. */
GPtrArray        *aiperf_kernel_data_ranked_names (AiperfKernelData *data);
/* The sources the charts compare: the runs, or a lone run's groups. */
GPtrArray        *aiperf_kernel_data_compared     (AiperfKernelData *data);
/* Preset key: the kernel name whose row top_kernels marks. */
#define AIPERF_KERNELS_OPTION_HIGHLIGHT "highlight"
/* Σ total of @source's kernels of @category. */
double            aiperf_kernel_source_category_total (const AiperfKernelSource *source,
                                                       const char               *category,
                                                       double                   *out_calls);
/* The kernel of @source named @name, or NULL. */
AiperfKernelStat *aiperf_kernel_source_find   (const AiperfKernelSource *source,
                                               const char               *name);
/* Adds @row into @into: calls and totals added, min/max over both, avg =
 * total ÷ calls, std pooled, med kept from the larger total. */
void              aiperf_kernel_stat_combine  (AiperfKernelStat       *into,
                                               const AiperfKernelStat *row);
void              aiperf_kernel_stat_free     (AiperfKernelStat       *stat);
/* A kernel name short enough for an axis: "void ", the argument list and
 * template arguments dropped (kept when the name alone says nothing, as
 * for cutlass::Kernel2<…>), at most @max_chars characters. */
char             *aiperf_kernel_short_name    (const char             *name,
                                               guint                   max_chars);
/* The time unit that shows @ns well: "s", "ms", "µs" or "ns", and its
 * ns per unit. */
const char       *aiperf_kernel_time_unit     (double                  ns,
                                               double                 *out_scale);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfKernelData, aiperf_kernel_data_unref)

/* --- Two sources compared (aiperf-kernels-diff.c) --- */

/* TraceLens's gpu_timeline rows, in its order: computation, exposed
 * communication, exposed memcpy, busy, idle, total (the window), total
 * communication, total memcpy. */
#define AIPERF_KERNEL_N_BREAKDOWN 8
extern const char * const aiperf_kernel_breakdown_types[AIPERF_KERNEL_N_BREAKDOWN];
/* @source's GPU time breakdown in ms, in the order above: its trace's
 * (summed over its GPUs; a rank's own GPU), else its TraceLens report's
 * gpu_timeline.csv. FALSE when it has none. */
gboolean          aiperf_kernel_source_breakdown (const AiperfKernelSource *source,
                                                  gboolean                  steps_window,
                                                  double                   *out_ms);
typedef enum {
  AIPERF_KERNEL_DIFF_KERNELS,    /* kernel_diff.csv */
  AIPERF_KERNEL_DIFF_CATEGORIES, /* category_diff.csv */
  AIPERF_KERNEL_DIFF_BREAKDOWN,  /* gpu_timeline_diff.csv */
} AiperfKernelDiffKind;
/* Each compared source after the first against the first, as CSV; NULL
 * with fewer than two sources (or, for the breakdown, none with one). */
char             *aiperf_kernels_diff_csv     (AiperfKernelData    *data,
                                               AiperfKernelDiffKind kind,
                                               gboolean             steps_window);
/* Writes the three diffs that exist into @directory, appending their
 * names to @files; refuses a name @files already holds. */
gboolean          aiperf_kernels_write_diffs  (AiperfKernelData *data,
                                               gboolean          steps_window,
                                               const char       *directory,
                                               GPtrArray        *files,
                                               GError          **error);

/* The kernels table (aiperf-kernels-kind.c), which traces show too. */
extern const AiperfKindTable aiperf_kernels_kind_table;

/* aiperf-kernels-comparison.c: every kernel's and category's total and
 * average time, Welch from count, mean and std (the kind's `compare`). */
void aiperf_compare_kernels (AiperfComparison *comparison,
                             const char       *configuration,
                             GPtrArray        *baseline,
                             GPtrArray        *candidate,
                             GCancellable     *cancellable);

G_END_DECLS
