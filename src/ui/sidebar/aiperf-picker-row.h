/* aiperf-picker-row.h — a settings row that picks one of many named items
 * (metrics, parameters): the whole name of the choice wraps under the
 * row's title, and the list pops over with a search entry.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define AIPERF_TYPE_PICKER_ROW (aiperf_picker_row_get_type ())
G_DECLARE_FINAL_TYPE (AiperfPickerRow, aiperf_picker_row, AIPERF, PICKER_ROW, AdwActionRow)

GtkWidget  *aiperf_picker_row_new               (void);
/* Replaces the items with @labels (char*). Items from @n_main on are listed
 * under a "More" heading (G_MAXUINT: none). Nothing is selected after. */
void        aiperf_picker_row_set_items         (AiperfPickerRow *self,
                                                 GPtrArray       *labels,
                                                 guint            n_main);
void        aiperf_picker_row_append            (AiperfPickerRow *self,
                                                 const char      *label);
guint       aiperf_picker_row_get_n_items       (AiperfPickerRow *self);
/* Items before the "More" heading (G_MAXUINT: no heading). */
guint       aiperf_picker_row_get_n_main        (AiperfPickerRow *self);
const char *aiperf_picker_row_get_label         (AiperfPickerRow *self,
                                                 guint            position);
/* GTK_INVALID_LIST_POSITION when nothing is selected. Property "selected". */
guint       aiperf_picker_row_get_selected      (AiperfPickerRow *self);
void        aiperf_picker_row_set_selected      (AiperfPickerRow *self,
                                                 guint            position);
/* Shows the list (as activating the row does). */
void        aiperf_picker_row_popup             (AiperfPickerRow *self);
void        aiperf_picker_row_popdown           (AiperfPickerRow *self);
/* For tests: types @text into the search entry; returns how many items
 * stay listed. */
guint       aiperf_picker_row_search            (AiperfPickerRow *self,
                                                 const char      *text);

G_END_DECLS
