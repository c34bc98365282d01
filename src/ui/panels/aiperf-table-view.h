/* aiperf-table-view.h — sortable tables from a description of their
 * columns (the Compare tab's): their columns, and
 * selecting a row with it scrolled into view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct {
  const char *title;    /* untranslated, N_() */
  gboolean    numeric;  /* right-aligned, sorted by the number */
  int         width;    /* fixed width; 0: the column takes the room left */
} AiperfTableColumn;

typedef struct _AiperfTableSpec AiperfTableSpec;

struct _AiperfTableSpec {
  const AiperfTableColumn *columns;
  guint                    n_columns;
  /* A numeric column's value (NaN: empty, sorted last). */
  double      (*number)  (gpointer row, guint column);
  /* A text column's text, for sorting (and shown when cell is NULL). */
  const char *(*text)    (gpointer row, guint column);
  /* Nullable: the text a cell shows, newly allocated. */
  char       *(*cell)    (gpointer row, guint column);
  /* Nullable: a cell's tooltip (the whole of a shortened name). */
  const char *(*tooltip) (gpointer row, guint column);
  /* Nullable: the order of two rows in @column, for tables with a column
   * of their own order; aiperf_table_view_compare () is the default. */
  GtkOrdering (*compare) (const AiperfTableSpec *spec, gpointer a, gpointer b, guint column);
};

/* Appends @spec's columns (each sortable) to @view; @spec must outlive it. */
void        aiperf_table_view_add_columns (GtkColumnView         *view,
                                           const AiperfTableSpec *spec);
/* The default order: numbers by value (empty last), text by collation. */
GtkOrdering aiperf_table_view_compare     (const AiperfTableSpec *spec,
                                           gpointer               a,
                                           gpointer               b,
                                           guint                  column);
/* Selects row @position of @selection, shown by @view, and scrolls it to
 * the middle of the view: GTK 4.8 has no gtk_column_view_scroll_to, but
 * the rows are of one height. */
void        aiperf_table_view_select      (GtkColumnView         *view,
                                           GtkSingleSelection    *selection,
                                           guint                  position);

G_END_DECLS
