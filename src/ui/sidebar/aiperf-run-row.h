/* aiperf-run-row.h — one run in the sidebar: colour, name, key facts, a check.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-chart.h"
#include "aiperf-run.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_RUN_ROW (aiperf_run_row_get_type ())
G_DECLARE_FINAL_TYPE (AiperfRunRow, aiperf_run_row, AIPERF, RUN_ROW, GtkListBoxRow)

GtkWidget *aiperf_run_row_new         (AiperfRun     *run);
AiperfRun *aiperf_run_row_get_run     (AiperfRunRow  *self);
/* How the current chart draws a run, for the row's swatch: its point's
 * marker in the colour it is drawn in (faded or translucent as there), or
 * a block for a bar or box. */
typedef struct {
  GdkRGBA      color;
  AiperfMarker marker;
  gboolean     block;
} AiperfRunMark;

/* NULL: the run is not drawn (hidden, filtered or not in this chart). */
void       aiperf_run_row_set_mark    (AiperfRunRow        *self,
                                       const AiperfRunMark *mark);
/* The swatch; FALSE when the run is not in the current chart. */
gboolean   aiperf_run_row_get_mark    (AiperfRunRow        *self,
                                       AiperfRunMark       *out_mark);
void       aiperf_run_row_set_checked (AiperfRunRow  *self,
                                       gboolean       checked);
gboolean   aiperf_run_row_get_checked (AiperfRunRow  *self);
/* A lone run cannot be hidden from a comparison: no check or swatch then. */
void       aiperf_run_row_set_check_visible (AiperfRunRow *self,
                                             gboolean      visible);
/* The name shown (what tells the run from the others); the full name
 * stays in the tooltip and the search. */
void       aiperf_run_row_set_title   (AiperfRunRow  *self,
                                       const char    *title);
/* The run's folder or file went away while open: the row is dimmed,
 * says so (an icon, its tooltip) and offers to remove the run. */
void       aiperf_run_row_set_missing (AiperfRunRow  *self,
                                       gboolean       missing);
gboolean   aiperf_run_row_get_missing (AiperfRunRow  *self);
/* For the search field: name, model and parameters, case-folded. */
gboolean   aiperf_run_row_matches     (AiperfRunRow  *self,
                                       const char    *casefolded_text);

/* Signal "toggled" (gboolean checked): the user changed the check. */

G_END_DECLS
