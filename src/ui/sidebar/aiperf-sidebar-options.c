/* aiperf-sidebar-options.c — the rows of a chart's own options in the Plot
 * sidebar (how many kernels, which GPU's ceilings, which rows), made from
 * its handler's description: the sidebar knows kinds of option, never
 * kinds of result.
 *
 * Each row writes its preset key on the current tab's chart and redraws
 * it, as a preset line would ("top: 5").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-gpu-peaks.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-sidebar-private.h"

static void
set_option (AiperfSidebar *self,
            const char    *key,
            const char    *value)
{
  if (self->updating || self->page == NULL)
    return;
  aiperf_plot_spec_set_extra (aiperf_plot_page_get_spec (self->page), key, value);
  aiperf_plot_page_redraw (self->page);
}

/* --- the generic rows --- */

/* What the current chart lets change (its handler's description). */
AiperfPlotControlFlags
aiperf_sidebar_page_controls (AiperfSidebar *self)
{
  const AiperfPlotHandler *handler;

  if (self->page == NULL)
    return 0;
  handler = aiperf_plot_page_get_spec (self->page)->handler;
  return handler != NULL && handler->controls != NULL ? handler->controls->flags : 0;
}

/* Shows the rows @flags names and hides the others; FALSE when none shows. */
gboolean
aiperf_sidebar_show_controls (AiperfSidebar          *self,
                              AiperfPlotControlFlags  flags,
                              gboolean                single)
{
  static const struct { gsize offset; AiperfPlotControlFlags flag; gboolean multi_only; } rows[] = {
    { G_STRUCT_OFFSET (AiperfSidebar, type_row), AIPERF_PLOT_CONTROL_TYPE, FALSE },
    { G_STRUCT_OFFSET (AiperfSidebar, x_row), AIPERF_PLOT_CONTROL_X_METRIC, FALSE },
    { G_STRUCT_OFFSET (AiperfSidebar, x_stat_row), AIPERF_PLOT_CONTROL_STATS | AIPERF_PLOT_CONTROL_X_METRIC, TRUE },
    { G_STRUCT_OFFSET (AiperfSidebar, y_row), AIPERF_PLOT_CONTROL_Y_METRIC, FALSE },
    { G_STRUCT_OFFSET (AiperfSidebar, y_stat_row), AIPERF_PLOT_CONTROL_STATS | AIPERF_PLOT_CONTROL_Y_METRIC, TRUE },
    { G_STRUCT_OFFSET (AiperfSidebar, group_row), AIPERF_PLOT_CONTROL_GROUP_BY, TRUE },
    { G_STRUCT_OFFSET (AiperfSidebar, label_row), AIPERF_PLOT_CONTROL_LABEL_BY, TRUE },
    { G_STRUCT_OFFSET (AiperfSidebar, log_x_row), AIPERF_PLOT_CONTROL_LOG_X, FALSE },
    { G_STRUCT_OFFSET (AiperfSidebar, log_y_row), AIPERF_PLOT_CONTROL_LOG_Y, FALSE },
    { G_STRUCT_OFFSET (AiperfSidebar, autoscale_row), AIPERF_PLOT_CONTROL_AUTOSCALE, FALSE },
  };
  gboolean any = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      GtkWidget *row = G_STRUCT_MEMBER (GtkWidget *, self, rows[i].offset);
      /* A statistic row needs its metric row and the statistic control. */
      gboolean shown = (flags & rows[i].flag) == rows[i].flag && !(rows[i].multi_only && single);

      gtk_widget_set_visible (row, shown);
      any |= shown;
    }
  /* Only one chart of its family: nothing to choose between. */
  if ((flags & AIPERF_PLOT_CONTROL_TYPE) && self->type_handlers->len < 2)
    gtk_widget_set_visible (GTK_WIDGET (self->type_row), FALSE);
  any = any && (gtk_widget_get_visible (GTK_WIDGET (self->type_row)) || (flags & ~AIPERF_PLOT_CONTROL_TYPE) != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->plot_group), any);
  gtk_widget_set_visible (GTK_WIDGET (self->filter_group), (flags & AIPERF_PLOT_CONTROL_RUN_FILTERS) && !single);
  return any;
}

/* --- a whole number --- */

static void
on_count_changed (GtkSpinButton *spin,
                  AiperfSidebar *self)
{
  const AiperfPlotOption *option = g_object_get_data (G_OBJECT (spin), "option");
  int value = gtk_spin_button_get_value_as_int (spin);
  char text[32];

  /* 0, where allowed, is no limit: the key goes. */
  if (value == 0 && option->min == 0)
    {
      set_option (self, option->key, NULL);
      return;
    }
  g_snprintf (text, sizeof text, "%d", value);
  set_option (self, option->key, text);
}

static GtkWidget *
count_row (AiperfSidebar          *self,
           const AiperfPlotOption *option,
           const char             *current)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (option->min, MIN (option->max, (guint) G_MAXINT), 1);
  guint64 value = option->fallback;

  if (current != NULL && *current != '\0')
    g_ascii_string_to_unsigned (current, 10, 0, G_MAXINT, &value, NULL);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), (double) value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 6);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(option->label));
  if (option->min == 0)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("0 leaves nothing out"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  g_object_set_data (G_OBJECT (spin), "option", (gpointer) option);
  g_object_set_data (G_OBJECT (row), "control", spin);
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_count_changed), self);
  return row;
}

/* --- a GPU of the peaks table --- */

static void
on_gpu_selected (AdwComboRow   *row,
                 GParamSpec    *pspec,
                 AiperfSidebar *self)
{
  const AiperfPlotOption *option = g_object_get_data (G_OBJECT (row), "option");
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  guint selected = adw_combo_row_get_selected (row);

  /* Position 0 is the GPU the input names. */
  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION || selected > aiperf_gpu_peaks_get_n (peaks))
    set_option (self, option->key, NULL);
  else
    set_option (self, option->key, aiperf_gpu_peaks_get (peaks, selected - 1)->name);
}

static GtkWidget *
gpu_row (AiperfSidebar          *self,
         const AiperfPlotOption *option,
         const char             *current)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  const AiperfGpuPreset *gpu = current != NULL && *current != '\0' ? aiperf_gpu_peaks_lookup (peaks, current) : NULL;
  guint selected = 0;

  gtk_string_list_append (names, _("Named by the input"));
  for (guint i = 0; i < aiperf_gpu_peaks_get_n (peaks); i++)
    {
      gtk_string_list_append (names, aiperf_gpu_peaks_get (peaks, i)->name);
      if (aiperf_gpu_peaks_get (peaks, i) == gpu)
        selected = i + 1;
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(option->label));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
  gtk_widget_set_tooltip_text (row, _("The GPU whose peaks draw the ceilings"));
  g_object_set_data (G_OBJECT (row), "option", (gpointer) option);
  g_object_set_data (G_OBJECT (row), "control", row);
  g_signal_connect (row, "notify::selected", G_CALLBACK (on_gpu_selected), self);
  return row;
}

/* --- KEY=VALUE filters, written comma-separated --- */

static void
on_filter_applied (AdwEntryRow   *row,
                   AiperfSidebar *self)
{
  const AiperfPlotOption *option = g_object_get_data (G_OBJECT (row), "option");
  g_auto(GStrv) parts = g_strsplit_set (gtk_editable_get_text (GTK_EDITABLE (row)), ",;\n", -1);
  g_autoptr(GString) lines = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (*parts[i] != '\0')
        g_string_append_printf (lines, "%s%s", lines->len > 0 ? "\n" : "", parts[i]);
    }
  set_option (self, option->key, lines->len > 0 ? lines->str : NULL);
}

static GtkWidget *
filter_row (AiperfSidebar          *self,
            const AiperfPlotOption *option,
            const char             *current)
{
  GtkWidget *row = adw_entry_row_new ();
  g_auto(GStrv) lines = g_strsplit (current != NULL ? current : "", "\n", -1);
  g_autofree char *text = g_strjoinv (", ", lines);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(option->label));
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, _("Only the rows with these values, as KEY=VALUE separated by commas "
                                      "(dtype=bf16, batch_size=8); empty for every row"));
  g_object_set_data (G_OBJECT (row), "option", (gpointer) option);
  g_object_set_data (G_OBJECT (row), "control", row);
  g_signal_connect (row, "apply", G_CALLBACK (on_filter_applied), self);
  return row;
}

void
aiperf_sidebar_build_options (AiperfSidebar  *self,
                              AiperfPlotPage *page)
{
  const AiperfPlotHandler *handler;
  AiperfPlotSpec *spec;
  gboolean was_updating = self->updating;

  for (guint i = 0; i < self->option_rows->len; i++)
    adw_preferences_group_remove (self->options_group, g_ptr_array_index (self->option_rows, i));
  g_ptr_array_set_size (self->option_rows, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->options_group), FALSE);
  if (page == NULL)
    return;

  spec = aiperf_plot_page_get_spec (page);
  handler = spec->handler;
  if (handler == NULL || handler->controls == NULL)
    return;
  self->updating = TRUE;
  for (guint i = 0; i < AIPERF_PLOT_MAX_OPTIONS; i++)
    {
      const AiperfPlotOption *option = &handler->controls->options[i];
      const char *current;
      GtkWidget *row = NULL;

      if (option->type == AIPERF_PLOT_OPTION_NONE)
        break;
      current = aiperf_plot_spec_get_extra (spec, option->key);
      switch (option->type)
        {
        case AIPERF_PLOT_OPTION_COUNT:
          row = count_row (self, option, current);
          break;
        case AIPERF_PLOT_OPTION_GPU:
          row = gpu_row (self, option, current);
          break;
        case AIPERF_PLOT_OPTION_FILTER:
          row = filter_row (self, option, current);
          break;
        case AIPERF_PLOT_OPTION_NONE:
        default:
          g_assert_not_reached ();
        }
      g_object_set_data (G_OBJECT (row), "key", (gpointer) option->key);
      adw_preferences_group_add (self->options_group, row);
      g_ptr_array_add (self->option_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->options_group), self->option_rows->len > 0);
  self->updating = was_updating;
}
