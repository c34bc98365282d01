/* aiperf-compare-table.h — the comparison's records as the rows of a
 * sortable table: metric, baseline, candidate, change, interval, p and
 * the verdict (an icon and a word as well as a colour), filtered by
 * verdict and by text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-compare.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_COMPARE_ROW (aiperf_compare_row_get_type ())
G_DECLARE_FINAL_TYPE (AiperfCompareRow, aiperf_compare_row, AIPERF, COMPARE_ROW, GObject)

/* A row of @record (not copied: the comparison outlives its rows). */
AiperfCompareRow          *aiperf_compare_row_new        (const AiperfCompareRecord *record,
                                                          guint                      index);
const AiperfCompareRecord *aiperf_compare_row_get_record (AiperfCompareRow          *row);
/* Its position in the comparison's records. */
guint                      aiperf_compare_row_get_index  (AiperfCompareRow          *row);

/* The icon and style class that say @verdict besides its word. */
const char *aiperf_compare_verdict_icon  (AiperfVerdict verdict);
const char *aiperf_compare_verdict_class (AiperfVerdict verdict);

/* Appends the table's columns (each sortable; the verdict column by
 * severity) to @view. */
void        aiperf_compare_table_add_columns (GtkColumnView *view);

/* A filter of rows: @verdict (-1: any) and @text (NULL or "": any) found in
 * the configuration, metric or statistic, case-insensitively. */
GtkFilter  *aiperf_compare_table_filter_new  (void);
void        aiperf_compare_table_filter_set  (GtkFilter  *filter,
                                              int         verdict,
                                              const char *text);

G_END_DECLS
