/* aiperf-gemm-panel-private.h — what the GEMM kernels tab's files share:
 * the table's row objects and columns (aiperf-gemm-table.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-gemm-private.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_GEMM_ROW (aiperf_gemm_row_get_type ())
G_DECLARE_FINAL_TYPE (AiperfGemmRow, aiperf_gemm_row, AIPERF, GEMM_ROW, GObject)

/* A row holding a copy of @point (its strings stay the session's runs'). */
AiperfGemmRow         *aiperf_gemm_row_new           (const AiperfGemmPoint *point);
const AiperfGemmPoint *aiperf_gemm_row_get_point     (AiperfGemmRow         *row);
/* Kernel, model, batch, dtype, M, N, K, TFLOP/s, FLOP/B, attainable,
 * efficiency, time and library columns, each sortable. */
void                   aiperf_gemm_table_add_columns (GtkColumnView         *view);

G_END_DECLS
