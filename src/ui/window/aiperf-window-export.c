/* aiperf-window-export.c — win.export: the file chooser, aiperf's image
 * sizes, a file name that says what is in it, and a toast that opens the
 * folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-error.h"
#include "aiperf-session-plot.h"
#include "aiperf-window-private.h"

static AiperfChartView *
current_view (AiperfWindow *self)
{
  AiperfPlotPage *page = aiperf_window_get_current_page (self);

  return page ? aiperf_plot_page_get_chart_view (page) : NULL;
}

static void
on_open_export_folder (AdwToast     *toast,
                       AiperfWindow *self)
{
  const char *path = g_object_get_data (G_OBJECT (toast), "aiperf-path");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autofree char *uri = g_file_get_uri (folder);

  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

static void
on_export_response (GtkNativeDialog *dialog,
                    int              response,
                    AiperfWindow    *self)
{
  AiperfImageFormat format = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "format"));
  AiperfChartView *view = current_view (self);

  if (response == GTK_RESPONSE_ACCEPT && view != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;
      g_autofree char *msg = NULL;

      if (aiperf_window_export_current (self, path, format, &error))
        {
          /* the whole path: under aiperf-plot --host the file is on the
           * remote machine, not beside the browser */
          g_autofree char *shown = g_filename_display_name (path);
          AdwToast *toast;

          msg = g_strdup_printf (_("Saved “%s”"), shown);
          toast = adw_toast_new (msg);
          adw_toast_set_timeout (toast, AIPERF_WINDOW_TOAST_LONG);
          adw_toast_set_button_label (toast, _("Open Folder"));
          g_object_set_data_full (G_OBJECT (toast), "aiperf-path", g_strdup (path), g_free);
          g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_open_export_folder), self, 0);
          aiperf_window_present_toast (self, toast);
        }
      else
        {
          msg = g_strdup_printf (_("Could not export: %s"), error->message);
          aiperf_window_show_toast (self, msg, FALSE);
        }
    }
  g_object_unref (dialog);
}

gboolean
aiperf_window_export_current (AiperfWindow      *self,
                              const char        *path,
                              AiperfImageFormat  format,
                              GError           **error)
{
  AiperfChartView *view;
  /* aiperf's size: a 1600x800 layout, PNG at scale 1.5. */
  int w = format == AIPERF_FORMAT_PNG ? 2400 : 1600;
  int h = format == AIPERF_FORMAT_PNG ? 1200 : 800;

  g_return_val_if_fail (AIPERF_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  view = current_view (self);
  if (view == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_CHART, _("There is no chart to export"));
      return FALSE;
    }
  return aiperf_chart_view_export (view, path, format, w, h, error);
}

void
aiperf_window_action_export (GSimpleAction *action,
                             GVariant      *param,
                             gpointer       user_data)
{
  AiperfWindow *self = user_data;
  AiperfPlotPage *page = aiperf_window_get_current_page (self);
  AiperfImageFormat format;
  GtkFileChooserNative *dialog;
  g_autofree char *name = NULL;

  if (page == NULL || !aiperf_image_format_from_string (g_variant_get_string (param, NULL), &format))
    return;
  dialog = gtk_file_chooser_native_new (_("Export Chart"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  {
    /* A drill-down's file names its run: each run's export differs. */
    g_autofree char *base = aiperf_session_export_name (aiperf_plot_page_get_spec (page),
                                                        aiperf_plot_page_get_single_run (page));

    name = g_strdup_printf ("%s.%s", base, aiperf_image_format_extension (format));
  }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_object_set_data (G_OBJECT (dialog), "format", GINT_TO_POINTER (format));
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

