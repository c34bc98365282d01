/* aiperf-data-panel-controls.c — the controls above a data panel's table:
 * one for each option of the chart's handler that is an analysis option
 * of the kind (a GPU drop-down, a drop-down per filterable column, a
 * number), set from the session's options and setting them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-data-panel-private.h"
#include "aiperf-gpu-peaks.h"
#include "aiperf-plot-handlers.h"

typedef struct {
  const AiperfPlotOption *option;
  GtkWidget              *widget;       /* GtkDropDown or GtkSpinButton; NULL for the filter's own entry */
  GtkWidget              *box;          /* label and widget */
  char                   *column_key;   /* FILTER: the column this drop-down filters by */
  GPtrArray              *values;       /* FILTER: char*, [0] = all */
} Control;

void
aiperf_data_panel_free_control (gpointer data)
{
  Control *control = data;

  g_free (control->column_key);
  g_clear_pointer (&control->values, g_ptr_array_unref);
  g_free (control);
}

static GtkWidget *
labelled (const char *title,
          GtkWidget  *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (title);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), widget);
  return box;
}

static const char *
kind_option_description (AiperfDataPanel *self,
                         const char      *key)
{
  for (guint i = 0; self->kind->options != NULL && self->kind->options[i].name != NULL; i++)
    {
      g_autofree char *own = aiperf_kind_option_key (&self->kind->options[i]);

      if (g_str_equal (own, key))
        return _(self->kind->options[i].description);
    }
  return NULL;
}

/* --- a GPU of the peaks table (position 0: the one the input names) --- */

static void
on_gpu_selected (GtkDropDown     *drop_down,
                 GParamSpec      *pspec,
                 AiperfDataPanel *self)
{
  Control *control = g_object_get_data (G_OBJECT (drop_down), "aiperf-control");
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  guint selected = gtk_drop_down_get_selected (drop_down);

  if (self->updating)
    return;
  aiperf_data_panel_option_changed (self, control->option->key,
                                    selected > 0 && selected <= aiperf_gpu_peaks_get_n (peaks)
                                      ? aiperf_gpu_peaks_get (peaks, selected - 1)->name : NULL);
}

static GtkWidget *
gpu_drop_down (AiperfDataPanel *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  GtkWidget *drop_down;

  gtk_string_list_append (names, _("Named by the input"));
  for (guint i = 0; i < aiperf_gpu_peaks_get_n (peaks); i++)
    gtk_string_list_append (names, aiperf_gpu_peaks_get (peaks, i)->name);
  drop_down = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  gtk_widget_set_tooltip_text (drop_down, _("The GPU whose peaks draw the ceilings (gpu-peaks.yaml)"));
  g_signal_connect (drop_down, "notify::selected", G_CALLBACK (on_gpu_selected), self);
  return drop_down;
}

static void
sync_gpu (Control    *control,
          const char *current)
{
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  const AiperfGpuPreset *gpu = current != NULL && *current != '\0' ? aiperf_gpu_peaks_lookup (peaks, current) : NULL;
  guint selected = 0;

  for (guint i = 0; gpu != NULL && i < aiperf_gpu_peaks_get_n (peaks); i++)
    if (aiperf_gpu_peaks_get (peaks, i) == gpu)
      selected = i + 1;
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (control->widget)) != selected)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (control->widget), selected);
}

/* --- a whole number; 0 is "no limit" when the option allows it --- */

static void
on_count_changed (GtkSpinButton   *spin,
                  AiperfDataPanel *self)
{
  Control *control = g_object_get_data (G_OBJECT (spin), "aiperf-control");
  double value = gtk_spin_button_get_value (spin);
  g_autofree char *text = NULL;

  if (self->updating)
    return;
  if (value > 0 || control->option->min > 0)
    text = g_strdup_printf ("%.0f", value);
  aiperf_data_panel_option_changed (self, control->option->key, text);
}

static GtkWidget *
count_spin (AiperfDataPanel        *self,
            const AiperfPlotOption *option)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (option->min, option->max, 100);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 0);
  gtk_widget_set_tooltip_text (spin, kind_option_description (self, option->key));
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_count_changed), self);
  return spin;
}

static void
sync_count (Control    *control,
            const char *current)
{
  double value = current != NULL ? g_ascii_strtod (current, NULL) : NAN;

  value = isfinite (value) ? value : control->option->fallback;
  if (gtk_spin_button_get_value (GTK_SPIN_BUTTON (control->widget)) != value)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (control->widget), value);
}

/* --- KEY=VALUE lines: a drop-down per column that names its key --- */

const char *
aiperf_data_panel_filter_option (AiperfDataPanel *self)
{
  for (guint i = 0; i < self->controls->len; i++)
    {
      Control *control = g_ptr_array_index (self->controls, i);

      if (control->option->type == AIPERF_PLOT_OPTION_FILTER)
        return control->option->key;
    }
  return NULL;
}

static Control *
find_filter (AiperfDataPanel *self,
             const char      *column_key)
{
  for (guint i = 0; i < self->controls->len; i++)
    {
      Control *control = g_ptr_array_index (self->controls, i);

      if (control->column_key != NULL && g_str_equal (control->column_key, column_key))
        return control;
    }
  return NULL;
}

GtkDropDown *
aiperf_data_panel_controls_find_filter (AiperfDataPanel *self,
                                        const char      *column_key)
{
  Control *control = find_filter (self, column_key);

  return control != NULL ? GTK_DROP_DOWN (control->widget) : NULL;
}

static void
on_filter_selected (GtkDropDown     *drop_down,
                    GParamSpec      *pspec,
                    AiperfDataPanel *self)
{
  Control *changed = g_object_get_data (G_OBJECT (drop_down), "aiperf-control");
  g_autoptr(GString) lines = g_string_new (NULL);

  if (self->updating)
    return;
  for (guint i = 0; i < self->controls->len; i++)
    {
      Control *control = g_ptr_array_index (self->controls, i);
      guint selected;

      if (control->column_key == NULL)
        continue;
      selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (control->widget));
      if (selected > 0 && selected < control->values->len)
        g_string_append_printf (lines, "%s%s=%s", lines->len > 0 ? "\n" : "", control->column_key,
                                (const char *) g_ptr_array_index (control->values, selected));
    }
  aiperf_data_panel_option_changed (self, changed->option->key, lines->len > 0 ? lines->str : NULL);
}

typedef struct {
  const char *text;
  double      number;
} Choice;

static int
compare_choices (gconstpointer a,
                 gconstpointer b)
{
  const Choice *x = a, *y = b;

  /* batch sizes by value, names alphabetically */
  if (isfinite (x->number) && isfinite (y->number))
    return x->number < y->number ? -1 : x->number > y->number;
  return g_utf8_collate (x->text, y->text);
}

static gboolean
same_strings (GListModel *a,
              GListModel *b)
{
  guint n = g_list_model_get_n_items (a);

  if (n != g_list_model_get_n_items (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (a), i),
                   gtk_string_list_get_string (GTK_STRING_LIST (b), i)) != 0)
      return FALSE;
  return TRUE;
}

/* The drop-down of @column of @unfiltered: "All", then every value any
 * row has, whatever the filter. */
static void
sync_filter_choices (AiperfDataPanel *self,
                     Control         *control,
                     AiperfDataTable *unfiltered,
                     guint            column,
                     GStrv            lines)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) choices = g_array_new (FALSE, FALSE, sizeof (Choice));
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  guint selected = 0;

  for (guint r = 0; r < aiperf_data_table_get_n_rows (unfiltered); r++)
    {
      Choice choice = { aiperf_data_table_get_text (unfiltered, r, column),
                        aiperf_data_table_get_number (unfiltered, r, column) };

      if (choice.text != NULL && g_hash_table_add (seen, (gpointer) choice.text))
        g_array_append_val (choices, choice);
    }
  g_array_sort (choices, compare_choices);
  g_clear_pointer (&control->values, g_ptr_array_unref);
  control->values = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (control->values, g_strdup (_("All")));
  for (guint i = 0; i < choices->len; i++)
    g_ptr_array_add (control->values, g_strdup (g_array_index (choices, Choice, i).text));
  for (guint i = 0; i < control->values->len; i++)
    {
      gtk_string_list_append (model, g_ptr_array_index (control->values, i));
      for (guint l = 0; i > 0 && lines[l] != NULL; l++)
        {
          g_autofree char *want = g_strdup_printf ("%s=%s", control->column_key,
                                                   (const char *) g_ptr_array_index (control->values, i));

          if (g_str_equal (lines[l], want))
            selected = i;
        }
    }
  /* The same choices keep their model: a drop-down whose model is
   * replaced while it tells of a choice tells of it again. */
  if (!same_strings (gtk_drop_down_get_model (GTK_DROP_DOWN (control->widget)), G_LIST_MODEL (model)))
    gtk_drop_down_set_model (GTK_DROP_DOWN (control->widget), G_LIST_MODEL (model));
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (control->widget)) != selected)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (control->widget), selected);
  /* one value is no choice */
  gtk_widget_set_sensitive (control->widget, control->values->len > 2);
}

/* The drop-downs of the filterable columns, made the first time the table
 * has columns. */
static void
sync_filters (AiperfDataPanel *self,
              Control         *filter,
              AiperfDataTable *unfiltered)
{
  const char *current = g_hash_table_lookup (aiperf_session_get_options (self->session), filter->option->key);
  g_auto(GStrv) lines = g_strsplit (current != NULL ? current : "", "\n", -1);

  for (guint c = 0; unfiltered != NULL && c < aiperf_data_table_get_n_columns (unfiltered); c++)
    {
      const char *key = aiperf_data_table_get_column_filter (unfiltered, c);
      Control *control;

      if (key == NULL)
        continue;
      control = find_filter (self, key);
      if (control == NULL)
        {
          GtkWidget *drop_down = gtk_drop_down_new (G_LIST_MODEL (gtk_string_list_new (NULL)), NULL);

          control = g_new0 (Control, 1);
          control->option = filter->option;
          control->column_key = g_strdup (key);
          control->widget = drop_down;
          control->box = labelled (aiperf_data_table_get_column_title (unfiltered, c), drop_down);
          gtk_widget_set_tooltip_text (drop_down, _("Only the rows with this value, here and on the kind's charts"));
          g_object_set_data (G_OBJECT (drop_down), "aiperf-control", control);
          g_signal_connect (drop_down, "notify::selected", G_CALLBACK (on_filter_selected), self);
          gtk_box_append (self->controls_box, control->box);
          g_ptr_array_add (self->controls, control);
        }
      sync_filter_choices (self, control, unfiltered, c, lines);
    }
}

void
aiperf_data_panel_build_controls (AiperfDataPanel *self)
{
  const AiperfPlotHandler *handler = self->spec->handler;

  for (guint i = 0; handler != NULL && i < AIPERF_PLOT_MAX_OPTIONS; i++)
    {
      const AiperfPlotOption *option = &handler->controls->options[i];
      Control *control;

      if (option->type == AIPERF_PLOT_OPTION_NONE)
        break;
      /* the chart's own settings (top N) stay in its sidebar */
      if (!aiperf_kind_has_option (self->kind, option->key))
        continue;
      control = g_new0 (Control, 1);
      control->option = option;
      switch (option->type)
        {
        case AIPERF_PLOT_OPTION_GPU:
          control->widget = gpu_drop_down (self);
          break;
        case AIPERF_PLOT_OPTION_COUNT:
          control->widget = count_spin (self, option);
          break;
        case AIPERF_PLOT_OPTION_FILTER:
          /* its drop-downs come with the table's columns */
          break;
        case AIPERF_PLOT_OPTION_NONE:
        default:
          g_assert_not_reached ();
        }
      if (control->widget != NULL)
        {
          control->box = labelled (_(option->label), control->widget);
          g_object_set_data (G_OBJECT (control->widget), "aiperf-control", control);
          gtk_box_append (self->controls_box, control->box);
        }
      g_ptr_array_add (self->controls, control);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->controls_scroller), self->controls->len > 0);
}

void
aiperf_data_panel_sync_controls (AiperfDataPanel *self,
                                 AiperfDataTable *unfiltered)
{
  GHashTable *options = aiperf_session_get_options (self->session);
  guint n = self->controls->len;

  /* (the filter's drop-downs are appended while this runs) */
  for (guint i = 0; i < n; i++)
    {
      Control *control = g_ptr_array_index (self->controls, i);
      const char *current = g_hash_table_lookup (options, control->option->key);

      if (control->option->type == AIPERF_PLOT_OPTION_GPU)
        sync_gpu (control, current);
      else if (control->option->type == AIPERF_PLOT_OPTION_COUNT)
        sync_count (control, current);
      else if (control->option->type == AIPERF_PLOT_OPTION_FILTER && control->column_key == NULL)
        sync_filters (self, control, unfiltered);
    }
}

char *
aiperf_data_panel_normalize_option (AiperfDataPanel *self,
                                    const char      *key,
                                    const char      *value)
{
  for (guint i = 0; value != NULL && i < self->controls->len; i++)
    {
      Control *control = g_ptr_array_index (self->controls, i);
      const AiperfGpuPreset *gpu;

      if (control->option->type != AIPERF_PLOT_OPTION_GPU || !g_str_equal (control->option->key, key))
        continue;
      gpu = aiperf_gpu_peaks_lookup (aiperf_gpu_peaks_get_default (), value);
      if (gpu != NULL)
        return g_strdup (gpu->name);
    }
  return g_strdup (value);
}
