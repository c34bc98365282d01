/* aiperf-window-report.c — win.export-report: the HTML or PDF report of
 * what is open, as the tabs show it (their presets, axes, log scales,
 * hidden and filtered runs), written into a chosen folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-error.h"
#include "aiperf-kinds.h"
#include "aiperf-plot-spec.h"
#include "aiperf-report.h"
#include "aiperf-session-charts.h"
#include "aiperf-window-private.h"

/* One plan entry per tab that shows a chart: its spec, the runs its ids
 * refer to (the drawn runs of its kind, as aiperf_session_build_chart ()
 * picks them) and the chart as on screen. */
static GPtrArray *
plan_from_tabs (AiperfWindow *self)
{
  GPtrArray *plan = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_kind_charts_free);
  AdwTabView *view = self->tab_view;

  for (int i = 0; i < adw_tab_view_get_n_pages (view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (view, i));
      AiperfPlotPage *page;
      const AiperfChart *chart;
      const AiperfPlotSpec *spec;
      AiperfRun *single;
      AiperfRunSet *drawn;
      AiperfKindCharts *entry;

      if (!AIPERF_IS_PLOT_PAGE (child))
        continue;
      page = AIPERF_PLOT_PAGE (child);
      chart = aiperf_chart_view_get_chart (aiperf_plot_page_get_chart_view (page));
      if (chart == NULL)
        continue;
      spec = aiperf_plot_page_get_spec (page);
      single = aiperf_plot_page_get_single_run (page);
      drawn = aiperf_plot_page_get_drawn_runs (page);

      entry = g_new0 (AiperfKindCharts, 1);
      entry->kind = g_strdup (spec->kind != NULL ? spec->kind : AIPERF_KIND_SERVING);
      entry->mode = single != NULL ? AIPERF_MODE_SINGLE_RUN : AIPERF_MODE_MULTI_RUN;
      entry->runs = aiperf_run_set_new ();
      if (single != NULL)
        aiperf_run_set_add (entry->runs, single);
      for (guint r = 0; single == NULL && drawn != NULL && r < aiperf_run_set_get_n_runs (drawn); r++)
        {
          AiperfRun *run = aiperf_run_set_get_run (drawn, r);

          if (spec->kind == NULL || g_str_equal (aiperf_run_get_kind (run), spec->kind))
            aiperf_run_set_add (entry->runs, run);
        }
      entry->specs = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_plot_spec_free);
      g_ptr_array_add (entry->specs, aiperf_plot_spec_copy (spec));
      entry->charts = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_chart_free);
      g_ptr_array_add (entry->charts, aiperf_chart_copy (chart));
      g_ptr_array_add (plan, entry);
    }
  return plan;
}

gboolean
aiperf_window_write_report (AiperfWindow  *self,
                            const char    *directory,
                            guint          formats,
                            GPtrArray     *files,
                            GError       **error)
{
  g_autoptr(GPtrArray) plan = NULL;
  AiperfReportInput input = { 0 };

  g_return_val_if_fail (AIPERF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (directory != NULL && files != NULL, FALSE);

  plan = plan_from_tabs (self);
  if (plan->len == 0)
    {
      g_set_error_literal (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA, _("No tab shows a chart"));
      return FALSE;
    }
  input.session = self->session;
  input.config = aiperf_session_get_presets (self->session);
  input.plan = plan;
  input.comparison = aiperf_window_get_comparison (self);
  input.theme = adw_style_manager_get_dark (adw_style_manager_get_default ()) ? AIPERF_THEME_DARK
                                                                                : AIPERF_THEME_LIGHT;
  return aiperf_report_write (&input, formats, directory, files, error);
}

static void
on_open_report (AdwToast *toast,
                gpointer  user_data)
{
  const char *path = g_object_get_data (G_OBJECT (toast), "aiperf-path");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);

  gtk_show_uri (GTK_WINDOW (user_data), uri, GDK_CURRENT_TIME);
}

static void
on_folder_chosen (GtkNativeDialog *dialog,
                  int              response,
                  AiperfWindow    *self)
{
  guint formats = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "formats"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *dir = g_file_get_path (folder);
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GError) error = NULL;

      if (dir != NULL && aiperf_window_write_report (self, dir, formats, files, &error) && files->len > 0)
        {
          /* the whole path, as for a chart (aiperf-window-export.c) */
          g_autofree char *shown = g_filename_display_name (g_ptr_array_index (files, 0));
          g_autofree char *msg = g_strdup_printf (_("Saved “%s”"), shown);
          AdwToast *toast = adw_toast_new (msg);

          adw_toast_set_timeout (toast, AIPERF_WINDOW_TOAST_LONG);
          adw_toast_set_button_label (toast, _("Open"));
          g_object_set_data_full (G_OBJECT (toast), "aiperf-path", g_strdup (g_ptr_array_index (files, 0)), g_free);
          g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_open_report), self, 0);
          aiperf_window_present_toast (self, toast);
        }
      else
        {
          g_autofree char *msg = g_strdup_printf (_("Could not export the report: %s"),
                                                  error != NULL ? error->message : _("no folder"));

          aiperf_window_show_toast (self, msg, FALSE);
        }
    }
  g_object_unref (dialog);
}

/* win.export-report ("html" or "pdf"): report.html or report.pdf in a folder. */
static void
action_export_report (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  AiperfWindow *self = user_data;
  const char *what = g_variant_get_string (param, NULL);
  guint formats = g_str_equal (what, "pdf") ? AIPERF_REPORT_PDF : AIPERF_REPORT_HTML;
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (formats == AIPERF_REPORT_PDF ? _("Export Report as PDF")
                                                                     : _("Export Report as HTML"),
                                        GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                        _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data (G_OBJECT (dialog), "formats", GUINT_TO_POINTER (formats));
  g_signal_connect (dialog, "response", G_CALLBACK (on_folder_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static const GActionEntry report_entries[] = {
  { "export-report", action_export_report, "s" },
};

void
aiperf_window_init_report_action (AiperfWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), report_entries, G_N_ELEMENTS (report_entries), self);
}
