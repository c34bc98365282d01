/* aiperf-sidebar-filters.c — the sidebar's filters: runs by swept
 * parameter value, and by a range of one summary metric; the words the
 * statistic dropdowns show.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-plot-names.h"
#include "aiperf-sidebar-private.h"
#include "aiperf-session-plot.h"

static void
on_param_check_toggled (GtkCheckButton *check,
                        AiperfSidebar  *self)
{
  const char *key = g_object_get_data (G_OBJECT (check), "key");
  const char *value = g_object_get_data (G_OBJECT (check), "value");

  if (self->updating || self->page == NULL)
    return;
  aiperf_plot_page_set_excluded (self->page, key, value, !gtk_check_button_get_active (check));
  aiperf_plot_page_redraw (self->page);
}

void
aiperf_sidebar_rebuild_param_filters (AiperfSidebar *self)
{
  g_autoptr(GPtrArray) swept = NULL;
  GtkWidget *more = NULL;

  for (guint i = 0; i < self->param_rows->len; i++)
    adw_preferences_group_remove (self->filter_group, g_ptr_array_index (self->param_rows, i));
  g_ptr_array_set_size (self->param_rows, 0);
  if (self->runs == NULL)
    return;

  swept = aiperf_run_set_get_swept_parameters (self->runs);
  for (guint i = 0; swept != NULL && i < swept->len; i++)
    {
      const char *key = g_ptr_array_index (swept, i);
      gboolean known = aiperf_plot_parameter_name (key) != NULL;
      g_autoptr(GPtrArray) values = aiperf_session_parameter_values (self->runs, key);
      GtkWidget *expander;
      g_autofree char *subtitle = NULL;

      /* A filter with hundreds of checks helps nobody; search does that job. */
      if (values->len < 2 || values->len > 40)
        continue;
      expander = adw_expander_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), aiperf_sidebar_parameter_label (key));
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u value", "%u values",
                                               values->len), values->len);
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
      for (guint v = 0; v < values->len; v++)
        {
          const char *value = g_ptr_array_index (values, v);
          GtkWidget *row = adw_action_row_new ();
          GtkWidget *check = gtk_check_button_new ();

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), *value ? value : _("(not set)"));
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
          g_object_set_data_full (G_OBJECT (check), "key", g_strdup (key), g_free);
          g_object_set_data_full (G_OBJECT (check), "value", g_strdup (value), g_free);
          g_signal_connect (check, "toggled", G_CALLBACK (on_param_check_toggled), self);
          adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
          adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
        }
      if (known)
        {
          adw_preferences_group_add (self->filter_group, expander);
          g_ptr_array_add (self->param_rows, expander);
          continue;
        }
      /* Raw configuration keys stay out of the way, under "More". */
      if (more == NULL)
        {
          more = adw_expander_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (more), _("More"));
          adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (more), _("Other configuration keys that vary"));
        }
      adw_expander_row_add_row (ADW_EXPANDER_ROW (more), expander);
    }
  if (more != NULL)
    {
      adw_preferences_group_add (self->filter_group, more);
      g_ptr_array_add (self->param_rows, more);
    }
}

void
aiperf_sidebar_sync_param_checks (GtkWidget     *widget,
                   AiperfSidebar *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_CHECK_BUTTON (child) && g_object_get_data (G_OBJECT (child), "key") != NULL)
        {
          const char *key = g_object_get_data (G_OBJECT (child), "key");
          const char *value = g_object_get_data (G_OBJECT (child), "value");

          gtk_check_button_set_active (GTK_CHECK_BUTTON (child),
                                       self->page == NULL
                                       || !aiperf_plot_page_is_excluded (self->page, key, value));
        }
      else
        aiperf_sidebar_sync_param_checks (child, self);
    }
}

static double
parse_bound (AdwEntryRow *row)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));
  char *end;
  double v;

  if (text == NULL || *text == '\0')
    return NAN;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0')
    {
      gtk_widget_add_css_class (GTK_WIDGET (row), "error");
      return NAN;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
  return v;
}

void
aiperf_sidebar_on_filter_changed (AiperfSidebar *self)
{
  const char *metric;

  if (self->updating || self->page == NULL)
    return;
  metric = aiperf_sidebar_picked_key (self->filter_metric_row, self->filter_keys);
  aiperf_plot_page_set_metric_filter (self->page, metric && *metric ? metric : NULL,
                                      parse_bound (self->filter_min_row),
                                      parse_bound (self->filter_max_row));
  aiperf_plot_page_redraw (self->page);
}

/* What the statistic dropdowns show: words, not the preset ids ("avg"). */
const char *
aiperf_sidebar_stat_label (AiperfStat stat)
{
  g_return_val_if_fail (stat < AIPERF_N_STATS, _("Average"));

  switch (stat)
    {
    case AIPERF_STAT_AVG: return _("Average");
    case AIPERF_STAT_MIN: return _("Minimum");
    case AIPERF_STAT_MAX: return _("Maximum");
    case AIPERF_STAT_STD: return _("Standard Deviation");
    case AIPERF_STAT_P1: return _("p1 (1st percentile)");
    case AIPERF_STAT_P5: return _("p5 (5th percentile)");
    case AIPERF_STAT_P10: return _("p10 (10th percentile)");
    case AIPERF_STAT_P25: return _("p25 (lower quartile)");
    case AIPERF_STAT_P50: return _("p50 (median)");
    case AIPERF_STAT_P75: return _("p75 (upper quartile)");
    case AIPERF_STAT_P90: return _("p90 (90th percentile)");
    case AIPERF_STAT_P95: return _("p95 (95th percentile)");
    case AIPERF_STAT_P99: return _("p99 (99th percentile)");
    case AIPERF_STAT_SUM:
    case AIPERF_STAT_COUNT:
    case AIPERF_N_STATS:
    default:
      return aiperf_stat_to_string (stat);
    }
}
