/* aiperf-window-details.c — exploring one run: its single-run plots in
 * tabs and its details, per-request data read only now.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-kinds.h"
#include "aiperf-run-details.h"
#include "aiperf-session-plot.h"
#include "aiperf-window-private.h"

static void
on_left_out_details (AdwToast     *toast,
                     AiperfWindow *self)
{
  const char *body = g_object_get_data (G_OBJECT (toast), "aiperf-reasons");
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Plots Not Shown"), body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* aiperf skips a single-run plot whose data the run lacks (time-slice plots
 * of a run recorded without them, GPU plots without telemetry); an
 * empty tab per such plot would only hide the plots that do have data. The
 * toast names the plots and says why. */
static void
drop_plots_without_data (AiperfWindow *self,
                         AiperfRun    *run)
{
  g_autoptr(GPtrArray) doomed = g_ptr_array_new ();
  g_autoptr(GString) titles = g_string_new (NULL);
  g_autoptr(GString) reasons = g_string_new (NULL);
  g_autofree char *message = NULL;
  const char *reason = NULL;
  gboolean same_reason = TRUE;
  AdwTabPage *selected = adw_tab_view_get_selected_page (self->tab_view);
  AdwTabPage *first_kept = NULL;
  gboolean selected_doomed = FALSE;
  AdwToast *toast;

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);
      GtkWidget *child = adw_tab_page_get_child (tab);

      if (AIPERF_IS_PLOT_PAGE (child) && aiperf_plot_page_get_single_run (AIPERF_PLOT_PAGE (child)) == run)
        {
          if (aiperf_plot_page_get_no_data (AIPERF_PLOT_PAGE (child)))
            {
              AiperfPlotPage *page = AIPERF_PLOT_PAGE (child);
              const char *problem = aiperf_plot_page_get_problem (page);

              g_ptr_array_add (doomed, tab);
              selected_doomed |= tab == selected;
              /* TRANSLATORS: a plot title in a list of plots */
              g_string_append_printf (titles, titles->len ? _(", “%s”") : _("“%s”"),
                                      aiperf_plot_page_get_title (page));
              g_string_append_printf (reasons, "%s%s: %s", reasons->len ? "\n\n" : "",
                                      aiperf_plot_page_get_title (page), problem);
              if (reason != NULL && g_strcmp0 (reason, problem) != 0)
                same_reason = FALSE;
              reason = problem;
            }
          else if (first_kept == NULL)
            first_kept = tab;
        }
      else if (first_kept == NULL && AIPERF_IS_RUN_DETAILS (child)
               && aiperf_run_details_get_run (AIPERF_RUN_DETAILS (child)) == run)
        first_kept = tab;
    }
  if (doomed->len == 0)
    return;

  /* Say it before the pages (and their problems) go. */
  if (same_reason && reason != NULL)
    /* TRANSLATORS: the first %s lists plot titles, the second says why (a sentence) */
    message = g_strdup_printf (_("Not shown: %s. %s"), titles->str, reason);
  else
    /* TRANSLATORS: the first %s lists plot titles, the second is a run's name */
    message = g_strdup_printf (_("Not shown: %s. Run “%s” has no data for them."),
                               titles->str, aiperf_run_get_name (run));
  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, AIPERF_WINDOW_TOAST_LONG);
  adw_toast_set_button_label (toast, _("Details"));
  g_object_set_data_full (G_OBJECT (toast), "aiperf-reasons", g_strdup (reasons->str), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_left_out_details), self, 0);

  /* Move away first, so closing does not select some unrelated tab. */
  if (selected_doomed && first_kept != NULL)
    adw_tab_view_set_selected_page (self->tab_view, first_kept);
  for (guint i = 0; i < doomed->len; i++)
    adw_tab_view_close_page (self->tab_view, g_ptr_array_index (doomed, i));
  aiperf_window_present_toast (self, toast);
}

static void
on_details_loaded (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(AiperfWindow) self = user_data;
  AiperfRun *run = AIPERF_RUN (object);
  g_autoptr(GError) error = NULL;

  aiperf_session_set_run_loading (run, FALSE);
  if (!aiperf_run_load_details_finish (run, result, &error))
    {
      g_autofree char *msg = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      msg = g_strdup_printf (_("Could not read the requests of “%s”: %s"),
                             aiperf_run_get_name (run), error->message);
      /* Listed with the session's errors, which toasts it. */
      aiperf_session_add_error (self->session, msg);
    }
  else if (aiperf_run_get_n_bad_lines (run) > 0)
    {
      g_autofree char *msg = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "“%s”: %u malformed line skipped",
                                                           "“%s”: %u malformed lines skipped",
                                                           aiperf_run_get_n_bad_lines (run)),
                                              aiperf_run_get_name (run), aiperf_run_get_n_bad_lines (run));
      aiperf_window_show_toast (self, msg, FALSE);
    }

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));

      if (AIPERF_IS_PLOT_PAGE (child) && aiperf_plot_page_get_single_run (AIPERF_PLOT_PAGE (child)) == run)
        {
          if (aiperf_session_run_ready (run))
            aiperf_plot_page_redraw (AIPERF_PLOT_PAGE (child));
          else
            adw_tab_page_set_loading (adw_tab_view_get_nth_page (self->tab_view, i), FALSE);
        }
      else if (AIPERF_IS_RUN_DETAILS (child) && aiperf_run_details_get_run (AIPERF_RUN_DETAILS (child)) == run)
        aiperf_run_details_refresh (AIPERF_RUN_DETAILS (child));
    }
  if (aiperf_session_run_ready (run))
    drop_plots_without_data (self, run);
  if (AIPERF_IS_PLOT_PAGE (aiperf_window_get_current_page (self)))
    aiperf_sidebar_set_page (self->sidebar, aiperf_window_get_current_page (self));
  aiperf_window_update_actions (self);
}

void
aiperf_window_open_run_details (AiperfWindow *self,
                                AiperfRun    *run)
{
  g_return_if_fail (AIPERF_IS_WINDOW (self));
  g_return_if_fail (AIPERF_IS_RUN (run));

  /* Already open: just go there. */
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);
      GtkWidget *child = adw_tab_page_get_child (tab);

      if (AIPERF_IS_PLOT_PAGE (child) && aiperf_plot_page_get_single_run (AIPERF_PLOT_PAGE (child)) == run)
        {
          adw_tab_view_set_selected_page (self->tab_view, tab);
          return;
        }
    }
  aiperf_window_add_run_tabs (self, run);
}

void
aiperf_window_add_run_tabs (AiperfWindow *self,
                            AiperfRun    *run)
{
  AiperfPlotConfig *config = NULL;
  g_autoptr(GPtrArray) specs = NULL;
  GtkWidget *details;
  AdwTabPage *first = NULL;

  config = aiperf_session_get_presets (self->session);
  /* Only serving benchmarks whose tool keeps per-request data (AIPerf) have
   * single-run plots; the others get their Details page alone. */
  if ((aiperf_kinds_get_views (aiperf_run_get_kind (run)) & AIPERF_KIND_VIEW_RUNS) &&
      aiperf_run_can_load_details (run))
    specs = config ? aiperf_session_default_specs (config, AIPERF_MODE_SINGLE_RUN) : NULL;
  while (specs != NULL && specs->len > 0)
    {
      AiperfPlotPage *page = aiperf_plot_page_new (g_ptr_array_steal_index (specs, 0), aiperf_session_get_runs (self->session), run);

      aiperf_window_add_page (self, page, FALSE);
      if (first == NULL)
        first = adw_tab_view_get_page (self->tab_view, GTK_WIDGET (page));
    }
  details = aiperf_run_details_new (run);
  {
    AdwTabPage *tab = aiperf_window_append_tab (self, details);
    g_autofree char *short_name = aiperf_session_run_short_name (aiperf_session_get_runs (self->session), run);
    /* TRANSLATORS: tab title; %s is the part of a run's name that tells it apart */
    g_autofree char *title = aiperf_run_set_get_n_runs (aiperf_session_get_runs (self->session)) > 1
      ? g_strdup_printf (_("%s · Details"), short_name)
      : g_strdup (_("Run Details"));

    g_autoptr(GIcon) icon = g_themed_icon_new ("dialog-information-symbolic");

    adw_tab_page_set_icon (tab, icon);
    aiperf_window_set_tab_text (self, tab, title, NULL, aiperf_run_get_locator (run));
    if (first == NULL)
      first = tab;
  }
  adw_tab_view_set_selected_page (self->tab_view, first);
  if (!aiperf_session_get_run_loading (run) && !aiperf_run_has_details (run))
    {
      aiperf_session_set_run_loading (run, TRUE);
      aiperf_run_load_details_async (run, self->load_cancellable, on_details_loaded, g_object_ref (self));
    }
}

