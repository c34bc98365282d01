/* aiperf-sidebar.h — the runs being compared, and the settings of the
 * current tab's plot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "aiperf-run-set.h"
#include "aiperf-plot-page.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_SIDEBAR (aiperf_sidebar_get_type ())
G_DECLARE_FINAL_TYPE (AiperfSidebar, aiperf_sidebar, AIPERF, SIDEBAR, GtkBox)

GtkWidget *aiperf_sidebar_new            (void);
/* Rebuilds the run list and the parameter filters. @hidden: directories
 * of unchecked runs (borrowed, read only). */
void       aiperf_sidebar_set_runs       (AiperfSidebar  *self,
                                          AiperfRunSet   *runs,
                                          GHashTable     *hidden);
/* Shows @page's plot settings (NULL: none). Edits redraw the page at once. */
void       aiperf_sidebar_set_page       (AiperfSidebar  *self,
                                          AiperfPlotPage *page);
/* locator → AiperfRunMark* of the runs drawn in the current chart. */
void       aiperf_sidebar_set_run_marks  (AiperfSidebar  *self,
                                          GHashTable     *marks);
/* Testing hook: the row of @run, or NULL. */
GtkWidget *aiperf_sidebar_get_row        (AiperfSidebar  *self,
                                          AiperfRun      *run);
void       aiperf_sidebar_focus_search   (AiperfSidebar  *self);
/* "runs" or "plot": which of the two views the sidebar shows. */
void       aiperf_sidebar_set_view       (AiperfSidebar  *self,
                                          const char     *name);
const char *aiperf_sidebar_get_view      (AiperfSidebar  *self);

/* Signals:
 *   "run-toggled"   (AiperfRun *run, gboolean visible)
 *   "run-activated" (AiperfRun *run): double-click or Enter on a run.
 *   "runs-toggled"  (GPtrArray *runs, gboolean visible): Show All / Hide
 *     All on the runs the search lists, in one go.
 * Widget actions: sidebar.select-all, sidebar.select-none. */

G_END_DECLS
