/* aiperf-kernel-classes.h — the one kernel classifier: which category
 * (gemm, attention, moe, communication, …) a GPU kernel's name falls into,
 * and for communication kernels which collective.
 *
 * The rules are data (data/kernels/kernel-classes.yaml, overridable by the
 * user), shared by Nsight kernel summaries and traces so that both feed the
 * same `kernels` dataset and the same charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-table.h"

G_BEGIN_DECLS

/* The category of kernels no rule matches. */
#define AIPERF_KERNEL_CATEGORY_OTHER "other"

/* Columns of a `kernels` dataset (an AiperfTable, one row per kernel name,
 * or per name and group when the source has several GPUs/ranks/streams).
 * Times are in ns; NaN where the source does not say. */
#define AIPERF_KERNELS_NAME       "name"        /* string: the full kernel name */
#define AIPERF_KERNELS_CATEGORY   "category"    /* string: from the classifier */
#define AIPERF_KERNELS_COLLECTIVE "collective"  /* string: AllReduce, …; none for non-communication */
#define AIPERF_KERNELS_GROUP      "group"       /* string: rank/GPU/stream label; none when there is one */
#define AIPERF_KERNELS_CALLS      "calls"
#define AIPERF_KERNELS_TOTAL_NS   "total_ns"
#define AIPERF_KERNELS_AVG_NS     "avg_ns"
#define AIPERF_KERNELS_MED_NS     "med_ns"
#define AIPERF_KERNELS_MIN_NS     "min_ns"
#define AIPERF_KERNELS_MAX_NS     "max_ns"
#define AIPERF_KERNELS_STD_NS     "std_ns"

typedef struct _AiperfKernelClasses AiperfKernelClasses;

/* Reads rules from YAML text; @origin names it in errors (file:line). */
AiperfKernelClasses *aiperf_kernel_classes_new_from_data (const char  *text,
                                                          gsize        length,
                                                          const char  *origin,
                                                          GError     **error);
AiperfKernelClasses *aiperf_kernel_classes_new_from_file (const char  *path,
                                                          GError     **error);
/* The rules in use: those set by aiperf_kernel_classes_set_default(), else
 * ~/.config/aiperf-plot/kernel-classes.yaml when it exists and parses, else
 * the shipped ones. Never NULL; owned by the library. Thread-safe. */
AiperfKernelClasses *aiperf_kernel_classes_get_default   (void);
/* Makes @classes (owned from now on) the default, e.g. for --kernel-classes. */
void                 aiperf_kernel_classes_set_default   (AiperfKernelClasses *classes);
void                 aiperf_kernel_classes_free          (AiperfKernelClasses *classes);

/* The category of @name ("gemm", …, or "other"); *@out_collective (nullable)
 * gets the collective of a communication kernel, or NULL. Thread-safe. */
const char          *aiperf_kernel_classes_classify      (AiperfKernelClasses *classes,
                                                          const char          *name,
                                                          const char         **out_collective);
/* Categories in rule order, "other" last. */
guint                aiperf_kernel_classes_get_n_categories (AiperfKernelClasses *classes);
const char          *aiperf_kernel_classes_get_category  (AiperfKernelClasses *classes,
                                                          guint                index);

/* Fills the category and collective columns of a kernels table from its
 * name column (creating them). */
void                 aiperf_kernel_classes_apply         (AiperfKernelClasses *classes,
                                                          AiperfTable         *kernels);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfKernelClasses, aiperf_kernel_classes_free)

G_END_DECLS
