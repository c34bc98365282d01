/* aiperf-expert-load-panel-private.h — the row objects and columns of the
 * expert load table (aiperf-expert-load-table.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-expert-load-private.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_EXPERT_ROW (aiperf_expert_row_get_type ())
G_DECLARE_FINAL_TYPE (AiperfExpertRow, aiperf_expert_row, AIPERF, EXPERT_ROW, GObject)

/* Expert @expert of @data, the @set-th set (the chart's series order). */
AiperfExpertRow *aiperf_expert_row_new        (int                        set,
                                               const AiperfExpertLoadSet *data,
                                               int                        expert);
int              aiperf_expert_row_get_set    (AiperfExpertRow *row);
int              aiperf_expert_row_get_expert (AiperfExpertRow *row);
const char      *aiperf_expert_row_get_label  (AiperfExpertRow *row);

/* Set, Expert, Tokens, Share, × Uniform: sortable, numbers right-aligned. */
void             aiperf_expert_load_table_add_columns (GtkColumnView *view);

G_END_DECLS
