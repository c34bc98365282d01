/* aiperf-picker-row.c — a settings row that picks one of many named items.
 *
 * AdwComboRow (libadwaita 1.2) ellipsizes the choice beside its title and
 * has no search: three "Output Token Through…" metrics could not be told
 * apart among dozens. Here the choice wraps in full under the title, and
 * the list pops over with a search entry and wrapping rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-picker-row.h"

/* Lists this long get a search entry. */
#define SEARCH_FROM 8

struct _AiperfPickerRow
{
  AdwActionRow    parent_instance;

  GtkMenuButton  *button;
  GtkPopover     *popover;
  GtkSearchEntry *search;
  GtkListBox     *list;
  GPtrArray      *labels;     /* char* */
  GPtrArray      *folded;     /* char*: casefolded labels, for search */
  guint           n_main;
  guint           selected;
  char           *filter;     /* casefolded search text */
};

G_DEFINE_FINAL_TYPE (AiperfPickerRow, aiperf_picker_row, ADW_TYPE_ACTION_ROW)

enum { PROP_0, PROP_SELECTED, N_PROPS };
static GParamSpec *properties[N_PROPS];

static guint
row_position (GtkListBoxRow *row)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "position"));
}

static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       user_data)
{
  AiperfPickerRow *self = user_data;
  guint pos = row_position (row);
  g_auto(GStrv) words = NULL;

  if (self->filter == NULL || *self->filter == '\0' || pos >= self->folded->len)
    return TRUE;
  /* Every word somewhere: "through gpu" finds "Output Token Throughput Per GPU". */
  words = g_strsplit (self->filter, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0' && strstr (g_ptr_array_index (self->folded, pos), words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
header_row (GtkListBoxRow *row,
            GtkListBoxRow *before,
            gpointer       user_data)
{
  AiperfPickerRow *self = user_data;
  guint pos = row_position (row);
  gboolean more = pos >= self->n_main && self->n_main > 0;
  gboolean before_more = before != NULL && row_position (before) >= self->n_main;

  if (more && !before_more)
    {
      GtkWidget *label = gtk_label_new (_("More"));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_top (label, 12);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_widget_add_css_class (label, "heading");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_list_box_row_set_header (row, label);
    }
  else
    gtk_list_box_row_set_header (row, NULL);
}

static void
update_checks (AiperfPickerRow *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *check = g_object_get_data (G_OBJECT (child), "check");

      if (check != NULL)
        gtk_widget_set_opacity (check, row_position (GTK_LIST_BOX_ROW (child)) == self->selected ? 1 : 0);
    }
}

static void
update_subtitle (AiperfPickerRow *self)
{
  const char *label = aiperf_picker_row_get_label (self, self->selected);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), label ? label : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), label);
}

static GtkWidget *
make_row (AiperfPickerRow *self,
          guint            position)
{
  const char *text = g_ptr_array_index (self->labels, position);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, text);
  g_object_set_data (G_OBJECT (row), "position", GUINT_TO_POINTER (position));
  g_object_set_data (G_OBJECT (row), "check", check);
  gtk_widget_set_opacity (check, position == self->selected ? 1 : 0);
  return row;
}

static void
on_row_activated (AiperfPickerRow *self,
                  GtkListBoxRow   *row)
{
  aiperf_picker_row_set_selected (self, row_position (row));
  gtk_popover_popdown (self->popover);
}

static void
on_search_changed (AiperfPickerRow *self)
{
  g_free (self->filter);
  self->filter = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->search)), -1);
  gtk_list_box_invalidate_filter (self->list);
}

/* Enter picks the first item still listed. */
static void
on_search_activate (AiperfPickerRow *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && gtk_widget_get_child_visible (child)
        && filter_row (GTK_LIST_BOX_ROW (child), self))
      {
        on_row_activated (self, GTK_LIST_BOX_ROW (child));
        return;
      }
}

static void
on_popover_show (AiperfPickerRow *self)
{
  GtkListBoxRow *row;

  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
  gtk_widget_set_visible (GTK_WIDGET (self->search), self->labels->len > SEARCH_FROM);
  row = self->selected < self->labels->len
        ? gtk_list_box_get_row_at_index (self->list, (int) self->selected) : NULL;
  if (gtk_widget_get_visible (GTK_WIDGET (self->search)))
    gtk_widget_grab_focus (GTK_WIDGET (self->search));
  else if (row != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (row));
}

static void
rebuild (AiperfPickerRow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < self->labels->len; i++)
    gtk_list_box_append (self->list, make_row (self, i));
}

void
aiperf_picker_row_set_items (AiperfPickerRow *self,
                             GPtrArray       *labels,
                             guint            n_main)
{
  g_return_if_fail (AIPERF_IS_PICKER_ROW (self));
  g_return_if_fail (labels != NULL);

  g_ptr_array_set_size (self->labels, 0);
  g_ptr_array_set_size (self->folded, 0);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = g_ptr_array_index (labels, i);

      g_ptr_array_add (self->labels, g_strdup (text ? text : ""));
      g_ptr_array_add (self->folded, g_utf8_casefold (text ? text : "", -1));
    }
  self->n_main = n_main;
  self->selected = GTK_INVALID_LIST_POSITION;
  rebuild (self);
  update_subtitle (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

void
aiperf_picker_row_append (AiperfPickerRow *self,
                          const char      *label)
{
  g_return_if_fail (AIPERF_IS_PICKER_ROW (self));
  g_return_if_fail (label != NULL);

  g_ptr_array_add (self->labels, g_strdup (label));
  g_ptr_array_add (self->folded, g_utf8_casefold (label, -1));
  gtk_list_box_append (self->list, make_row (self, self->labels->len - 1));
}

guint
aiperf_picker_row_get_n_items (AiperfPickerRow *self)
{
  g_return_val_if_fail (AIPERF_IS_PICKER_ROW (self), 0);
  return self->labels->len;
}

guint
aiperf_picker_row_get_n_main (AiperfPickerRow *self)
{
  g_return_val_if_fail (AIPERF_IS_PICKER_ROW (self), G_MAXUINT);
  return self->n_main;
}

const char *
aiperf_picker_row_get_label (AiperfPickerRow *self,
                             guint            position)
{
  g_return_val_if_fail (AIPERF_IS_PICKER_ROW (self), NULL);
  return position < self->labels->len ? g_ptr_array_index (self->labels, position) : NULL;
}

guint
aiperf_picker_row_get_selected (AiperfPickerRow *self)
{
  g_return_val_if_fail (AIPERF_IS_PICKER_ROW (self), GTK_INVALID_LIST_POSITION);
  return self->selected;
}

void
aiperf_picker_row_set_selected (AiperfPickerRow *self,
                                guint            position)
{
  g_return_if_fail (AIPERF_IS_PICKER_ROW (self));

  if (position >= self->labels->len)
    position = GTK_INVALID_LIST_POSITION;
  if (position == self->selected)
    return;
  self->selected = position;
  update_checks (self);
  update_subtitle (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

void
aiperf_picker_row_popup (AiperfPickerRow *self)
{
  g_return_if_fail (AIPERF_IS_PICKER_ROW (self));
  gtk_menu_button_popup (self->button);
}

void
aiperf_picker_row_popdown (AiperfPickerRow *self)
{
  g_return_if_fail (AIPERF_IS_PICKER_ROW (self));
  gtk_menu_button_popdown (self->button);
}

guint
aiperf_picker_row_search (AiperfPickerRow *self,
                          const char      *text)
{
  guint n = 0;

  g_return_val_if_fail (AIPERF_IS_PICKER_ROW (self), 0);

  gtk_editable_set_text (GTK_EDITABLE (self->search), text);
  on_search_changed (self);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && filter_row (GTK_LIST_BOX_ROW (child), self))
      n++;
  return n;
}

static void
aiperf_picker_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AiperfPickerRow *self = AIPERF_PICKER_ROW (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      g_value_set_uint (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
aiperf_picker_row_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  AiperfPickerRow *self = AIPERF_PICKER_ROW (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      aiperf_picker_row_set_selected (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
aiperf_picker_row_finalize (GObject *object)
{
  AiperfPickerRow *self = AIPERF_PICKER_ROW (object);

  g_ptr_array_unref (self->labels);
  g_ptr_array_unref (self->folded);
  g_free (self->filter);
  G_OBJECT_CLASS (aiperf_picker_row_parent_class)->finalize (object);
}

static void
aiperf_picker_row_class_init (AiperfPickerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = aiperf_picker_row_get_property;
  object_class->set_property = aiperf_picker_row_set_property;
  object_class->finalize = aiperf_picker_row_finalize;

  properties[PROP_SELECTED] =
    g_param_spec_uint ("selected", NULL, NULL, 0, G_MAXUINT, GTK_INVALID_LIST_POSITION,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
aiperf_picker_row_init (AiperfPickerRow *self)
{
  GtkWidget *box, *scrolled;

  self->labels = g_ptr_array_new_with_free_func (g_free);
  self->folded = g_ptr_array_new_with_free_func (g_free);
  self->selected = GTK_INVALID_LIST_POSITION;
  self->n_main = G_MAXUINT;

  self->search = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->search, "placeholder-text", _("Search"), NULL);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_filter_func (self->list, filter_row, self, NULL);
  gtk_list_box_set_header_func (self->list, header_row, self, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  {
    GtkWidget *none = gtk_label_new (_("No match"));

    gtk_widget_add_css_class (none, "dim-label");
    gtk_widget_set_margin_top (none, 12);
    gtk_widget_set_margin_bottom (none, 12);
    gtk_list_box_set_placeholder (self->list, none);
  }
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 420);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_size_request (box, 300, -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->search));
  gtk_box_append (GTK_BOX (box), scrolled);

  self->popover = GTK_POPOVER (gtk_popover_new ());
  gtk_popover_set_child (self->popover, box);
  self->button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_icon_name (self->button, "pan-down-symbolic");
  gtk_menu_button_set_popover (self->button, GTK_WIDGET (self->popover));
  gtk_widget_set_valign (GTK_WIDGET (self->button), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->button), "flat");
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), GTK_WIDGET (self->button));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), GTK_WIDGET (self->button));

  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  g_signal_connect_swapped (self->search, "search-changed", G_CALLBACK (on_search_changed), self);
  g_signal_connect_swapped (self->search, "activate", G_CALLBACK (on_search_activate), self);
  g_signal_connect_swapped (self->search, "stop-search", G_CALLBACK (gtk_popover_popdown), self->popover);
  g_signal_connect_swapped (self->popover, "show", G_CALLBACK (on_popover_show), self);
}

GtkWidget *
aiperf_picker_row_new (void)
{
  return g_object_new (AIPERF_TYPE_PICKER_ROW, NULL);
}
