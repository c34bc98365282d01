/* aiperf-data-panel-private.h — what the data panel's files share: its
 * instance, the option controls above the table
 * (aiperf-data-panel-controls.c), the table's rows and columns
 * (aiperf-data-columns.c) and where the table goes beside the chart
 * (aiperf-data-panel-layout.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-data-panel.h"

G_BEGIN_DECLS

struct _AiperfDataPanel
{
  GtkBox              parent_instance;

  AiperfSession      *session;
  const AiperfKind   *kind;
  AiperfPlotSpec     *spec;       /* the chart beside the table */
  AiperfDataTable    *table;      /* what the rows show */
  GListStore         *store;      /* AiperfDataRow */
  GtkSingleSelection *selection;
  GPtrArray          *controls;   /* one per option control, see -controls.c */
  gboolean            updating;   /* the panel sets its widgets: no reaction */
  int                 divider_position, divider_max;  /* as last set here */
  gboolean            divider_dragged;                /* then it is left where it is */
  guint               orient_idle;                    /* see -layout.c */

  /* template */
  GtkScrolledWindow  *controls_scroller;
  GtkBox             *controls_box;
  GtkPaned           *paned;
  GtkScrolledWindow  *scroller;
  GtkColumnView      *view;
  AiperfChartView    *chart_view;
  GtkLabel           *status;
};

/* aiperf-data-panel.c: the controls changed option @key to @value (NULL:
 * unset). */
void          aiperf_data_panel_option_changed  (AiperfDataPanel *self,
                                                 const char      *key,
                                                 const char      *value);

/* aiperf-data-panel-layout.c: the table beside the chart when both fit,
 * else above it, and where the divider goes. */
void          aiperf_data_panel_layout_init     (AiperfDataPanel *self);
/* The table changed: it may ask for another width. */
void          aiperf_data_panel_layout_update   (AiperfDataPanel *self);
void          aiperf_data_panel_layout_dispose  (AiperfDataPanel *self);

/* aiperf-data-panel-controls.c */
/* A control above the table for each option of the chart's handler that
 * is one of the kind's analysis options. */
void          aiperf_data_panel_build_controls  (AiperfDataPanel *self);
/* Sets the controls from the session's options and the filter choices
 * from @unfiltered (the table without the filter). */
void          aiperf_data_panel_sync_controls   (AiperfDataPanel *self,
                                                 AiperfDataTable *unfiltered);
/* The value stored for @key: a GPU by its preset's name. Newly allocated. */
char         *aiperf_data_panel_normalize_option (AiperfDataPanel *self,
                                                  const char      *key,
                                                  const char      *value);
/* The session key of the filter control, or NULL when there is none. */
const char   *aiperf_data_panel_filter_option   (AiperfDataPanel *self);
GtkDropDown  *aiperf_data_panel_controls_find_filter (AiperfDataPanel *self,
                                                      const char      *column_key);
void          aiperf_data_panel_free_control    (gpointer         control);

/* aiperf-data-columns.c: one row of a table, for a list model */
#define AIPERF_TYPE_DATA_ROW (aiperf_data_row_get_type ())
G_DECLARE_FINAL_TYPE (AiperfDataRow, aiperf_data_row, AIPERF, DATA_ROW, GObject)

AiperfDataRow *aiperf_data_row_new        (AiperfDataTable    *table,
                                           guint               index);
guint          aiperf_data_row_get_index  (AiperfDataRow      *row);
/* Gives @view the columns of @table (sortable, as wide as their titles
 * and cells, the name column taking the room left), unless it has them
 * already. */
void           aiperf_data_columns_set    (GtkColumnView      *view,
                                           AiperfDataTable    *table);
/* The width @view's shown columns ask for, the name column whole. */
int            aiperf_data_columns_natural_width (GtkColumnView *view);
/* Hides the columns of @view in which no row of @table has a value (a
 * file with no model or batch size). */
void           aiperf_data_columns_show_filled (GtkColumnView   *view,
                                                AiperfDataTable *table);

G_END_DECLS
