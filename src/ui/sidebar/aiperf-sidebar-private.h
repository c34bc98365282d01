/* aiperf-sidebar-private.h — state shared by the sidebar's source files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "aiperf-picker-row.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-sidebar.h"

G_BEGIN_DECLS

struct _AiperfSidebar
{
  GtkBox          parent_instance;

  AdwViewStack   *view_stack;
  GtkStack       *runs_stack;
  AdwStatusPage  *no_plot_page;
  GtkSearchEntry *search_entry;
  GtkListBox     *run_list;
  AdwPreferencesGroup *plot_group;
  AdwPreferencesGroup *filter_group;
  AdwComboRow    *type_row;
  AiperfPickerRow *x_row, *y_row;
  AdwComboRow    *x_stat_row, *y_stat_row;
  AiperfPickerRow *group_row, *label_row;
  GtkSwitch      *log_x_switch, *log_y_switch, *autoscale_switch;
  GtkWidget      *log_x_row, *log_y_row, *autoscale_row;
  AdwPreferencesGroup *options_group;  /* the chart's own options */
  AiperfPickerRow *filter_metric_row;
  AdwEntryRow    *filter_min_row, *filter_max_row;

  AiperfRunSet   *runs;
  GHashTable     *hidden;       /* borrowed */
  AiperfPlotPage *page;         /* weak */
  GPtrArray      *type_handlers;  /* const AiperfPlotHandler*, as type_row lists them */
  GPtrArray      *metric_keys;  /* char*: x / y choices */
  GPtrArray      *filter_keys;  /* char*: "" then tags */
  GPtrArray      *group_keys;   /* char* */
  GPtrArray      *label_keys;   /* char*: "" = none */
  GPtrArray      *param_rows;   /* AdwExpanderRow* added to filter_group */
  GPtrArray      *option_rows;  /* rows added to options_group, one per option */
  char           *search_text;
  gboolean        updating;
  guint           reload_id;    /* idle: the controls of a chart whose type changed */
};

enum {
  AIPERF_SIDEBAR_RUN_TOGGLED,
  AIPERF_SIDEBAR_RUN_ACTIVATED,
  AIPERF_SIDEBAR_RUNS_TOGGLED,
  AIPERF_SIDEBAR_N_SIGNALS
};
extern guint aiperf_sidebar_signals[AIPERF_SIDEBAR_N_SIGNALS];

/* aiperf-sidebar-runs.c */
/* One row per run of self->runs, checked unless in self->hidden. */
void        aiperf_sidebar_fill_run_list         (AiperfSidebar *self);
void        aiperf_sidebar_init_runs             (AiperfSidebar *self);
void        aiperf_sidebar_class_init_runs       (GtkWidgetClass *widget_class);

/* aiperf-sidebar.c */
const char *aiperf_sidebar_parameter_label       (const char    *key);
/* "Average", "p50 (median)", … (translated) for the statistic dropdowns. */
const char *aiperf_sidebar_stat_label            (AiperfStat     stat);
const char *aiperf_sidebar_selected_key          (AdwComboRow   *row,
                                                  GPtrArray     *keys);
const char *aiperf_sidebar_picked_key            (AiperfPickerRow *row,
                                                  GPtrArray     *keys);

/* aiperf-sidebar-options.c */
/* What the current chart lets change (its handler's description). */
AiperfPlotControlFlags aiperf_sidebar_page_controls (AiperfSidebar *self);
/* Shows the rows @flags names and hides the others; FALSE when none shows. */
gboolean    aiperf_sidebar_show_controls         (AiperfSidebar          *self,
                                                  AiperfPlotControlFlags  flags,
                                                  gboolean                single);
/* The rows of @page's chart's own options (its handler's description),
 * replacing those of the page before; none when @page is NULL. */
void        aiperf_sidebar_build_options         (AiperfSidebar  *self,
                                                  AiperfPlotPage *page);

/* aiperf-sidebar-filters.c */
void        aiperf_sidebar_rebuild_param_filters (AiperfSidebar *self);
void        aiperf_sidebar_sync_param_checks     (GtkWidget     *widget,
                                                  AiperfSidebar *self);
void        aiperf_sidebar_on_filter_changed     (AiperfSidebar *self);

G_END_DECLS
