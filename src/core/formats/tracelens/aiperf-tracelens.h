/* aiperf-tracelens.h — what a TraceLens perf report adds to a kernels run:
 * the names of its datasets and columns, for the kernels kind to show.
 *
 * A TraceLens report folder (`<trace>_perf_report_csvs/`) becomes one run
 * of kind "kernels": kernel_summary.csv is its `kernels` dataset (with the
 * parent op category, CPU op and stream of every row kept), and the
 * sheets below, when present, are datasets of the same run. A report may
 * hold only some of them (only its ops sheets, without kernel summary).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Extra string columns of the kernels dataset. */
#define AIPERF_TRACELENS_OP_CATEGORY  "op_category"   /* "Parent op category"; "" when none */
#define AIPERF_TRACELENS_CPU_OP       "cpu_op"        /* "Parent cpu_op" */
#define AIPERF_TRACELENS_STREAM       "stream"        /* "Kernel stream" */

/* gpu_timeline.csv: one row per TraceLens breakdown type, in file order. */
#define AIPERF_TRACELENS_DATASET_TIMELINE    "gpu_timeline"
#define AIPERF_TRACELENS_TIMELINE_TYPE       "type"      /* string: computation_time, … */
#define AIPERF_TRACELENS_TIMELINE_MS         "time_ms"
#define AIPERF_TRACELENS_TIMELINE_PERCENT    "percent"

/* ops_summary_by_category.csv: kernel time per op category. */
#define AIPERF_TRACELENS_DATASET_CATEGORIES  "op_categories"
#define AIPERF_TRACELENS_CATEGORY_NAME       "category"  /* string */
#define AIPERF_TRACELENS_CATEGORY_COUNT      "count"
#define AIPERF_TRACELENS_CATEGORY_MS         "kernel_time_ms"
#define AIPERF_TRACELENS_CATEGORY_PERCENT    "percent"

/* ops_summary.csv: direct kernel time per op name (the kernels an op
 * launched itself), largest first as TraceLens writes it. */
#define AIPERF_TRACELENS_DATASET_OPS         "ops"
#define AIPERF_TRACELENS_OP_NAME             "op"          /* string: aten::mul, … */
#define AIPERF_TRACELENS_OP_CATEGORIES       "categories"  /* string: "['elementwise']" as written */
#define AIPERF_TRACELENS_OP_COUNT            "count"
#define AIPERF_TRACELENS_OP_MS               "kernel_time_ms"
#define AIPERF_TRACELENS_OP_PERCENT          "percent"

/* The sheets of the report in @directory that are not read, grouped by
 * what they hold ("ops_unique_args.csv (per-shape op statistics); …"),
 * and in *@out_n how many; NULL when it reads all of them. */
char *aiperf_tracelens_unread_sheets (const char *directory,
                                      guint      *out_n);

G_END_DECLS
