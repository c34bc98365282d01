/* aiperf-window-actions.c — the window's actions (win.*) and their menus.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-error.h"
#include "aiperf-session-plot.h"
#include "aiperf-window-private.h"
#include "aiperf-preset-writer.h"
#include "aiperf-plot-names.h"
#include "aiperf-presets.h"

static AiperfChartView *
current_view (AiperfWindow *self)
{
  AiperfPlotPage *page = aiperf_window_get_current_page (self);

  return page ? aiperf_plot_page_get_chart_view (page) : NULL;
}

/* --- opening --- */

static void
on_open_response (GtkNativeDialog *dialog,
                  int              response,
                  AiperfWindow    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);
          char *path = g_file_get_path (file);

          if (path != NULL)
            g_ptr_array_add (paths, path);
        }
      g_ptr_array_add (paths, NULL);
      if (paths->len > 1)
        aiperf_window_load_paths_internal (self, (const char * const *) paths->pdata, FALSE);
    }
  g_object_unref (dialog);
}

static void
open_folder (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  AiperfWindow *self = user_data;
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Open Benchmark Result Folders"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Open"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* Result files of any tool the formats read: the walk sniffs each by
 * content, so the filter only keeps other files out of the way. */
static void
open_file (GSimpleAction *action,
           GVariant      *param,
           gpointer       user_data)
{
  AiperfWindow *self = user_data;
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) results = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (_("Open Benchmark Result Files"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (results, _("Benchmark results (JSON, JSON Lines, CSV, YAML)"));
  gtk_file_filter_add_suffix (results, "json");
  gtk_file_filter_add_suffix (results, "jsonl");
  gtk_file_filter_add_suffix (results, "csv");
  gtk_file_filter_add_suffix (results, "yaml");
  gtk_file_filter_add_suffix (results, "gz");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), results);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_recent (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  const char *paths[2] = { g_variant_get_string (param, NULL), NULL };

  aiperf_window_load_paths_internal (AIPERF_WINDOW (user_data), paths, FALSE);
}

static void
cancel_load (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  AiperfWindow *self = user_data;

  g_cancellable_cancel (self->load_cancellable);
  /* Also what the session opens of itself (the folders again, under a new pattern). */
  aiperf_session_cancel_opening (self->session);
}

static void
show_errors (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  aiperf_window_show_errors_dialog (AIPERF_WINDOW (user_data));
}

void
aiperf_window_show_errors_dialog (AiperfWindow *self)
{
  g_autoptr(GString) body = g_string_new (NULL);
  GtkWidget *dialog;

  for (guint i = 0; i < aiperf_session_get_errors (self->session)->len; i++)
    g_string_append_printf (body, "%s%s", i ? "\n\n" : "", (char *) g_ptr_array_index (aiperf_session_get_errors (self->session), i));
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Loading Errors"),
                                   body->len ? body->str : _("Everything loaded without errors."));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* --- tabs and charts --- */

static void
zoom (GSimpleAction *action,
      GVariant      *param,
      gpointer       user_data)
{
  AiperfChartView *view = current_view (AIPERF_WINDOW (user_data));
  const char *name = g_action_get_name (G_ACTION (action));

  if (view == NULL)
    return;
  if (g_str_equal (name, "zoom-in"))
    aiperf_chart_view_zoom_in (view);
  else if (g_str_equal (name, "zoom-out"))
    aiperf_chart_view_zoom_out (view);
  else
    aiperf_chart_view_reset_zoom (view);
}

static void
copy_chart (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  AiperfWindow *self = user_data;
  AiperfChartView *view = current_view (self);

  if (view == NULL)
    return;
  aiperf_chart_view_copy_to_clipboard (view);
  aiperf_window_show_toast (self, _("Chart copied"), FALSE);
}

static void
close_tab (GSimpleAction *action,
           GVariant      *param,
           gpointer       user_data)
{
  AiperfWindow *self = user_data;
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);

  if (page != NULL)
    adw_tab_view_close_page (self->tab_view, page);
}

static void
restore_plots (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  aiperf_window_rebuild_tabs (AIPERF_WINDOW (user_data));
}

/* Watch mode's offer taken: the comparison of every run. */
static void
compare_runs (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  aiperf_window_close_compare_offer (AIPERF_WINDOW (user_data));
  aiperf_window_rebuild_tabs (AIPERF_WINDOW (user_data));
}

static void
toggle_sidebar (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  AiperfWindow *self = user_data;

  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

static void
search_runs (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  AiperfWindow *self = user_data;

  adw_flap_set_reveal_flap (self->flap, TRUE);
  aiperf_sidebar_focus_search (self->sidebar);
}

static void
add_plot (GSimpleAction *action,
          GVariant      *param,
          gpointer       user_data)
{
  AiperfWindow *self = user_data;
  const char *name = g_variant_get_string (param, NULL);
  AiperfPlotPage *current = aiperf_window_get_current_page (self);
  AiperfRun *single = current ? aiperf_plot_page_get_single_run (current) : NULL;
  AiperfMode mode = single ? AIPERF_MODE_SINGLE_RUN : aiperf_run_set_get_mode (aiperf_session_get_runs (self->session));
  AiperfPlotConfig *config = aiperf_session_get_presets (self->session);
  const AiperfPlotSpec *found = config ? aiperf_plot_config_find (config, mode, name) : NULL;
  AiperfPlotSpec *spec;

  if (single == NULL && mode == AIPERF_MODE_SINGLE_RUN && aiperf_run_set_get_n_runs (aiperf_session_get_runs (self->session)) == 1)
    single = aiperf_run_set_get_run (aiperf_session_get_runs (self->session), 0);
  if (found != NULL)
    spec = aiperf_plot_spec_copy (found);
  else if (current != NULL)
    {
      /* "Custom": start from the current tab so the user edits from there. */
      spec = aiperf_plot_spec_copy (aiperf_plot_page_get_spec (current));
      g_free (spec->name);
      spec->name = g_strdup ("custom_plot");
    }
  else
    return;
  aiperf_window_add_page (self, aiperf_plot_page_new (spec, aiperf_session_get_runs (self->session), single), TRUE);
}

static void
rebuild_add_menu (AiperfWindow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) presets = g_menu_new ();
  AiperfPlotConfig *config = aiperf_session_get_presets (self->session);
  AiperfPlotPage *current = aiperf_window_get_current_page (self);
  gboolean single = (current && aiperf_plot_page_get_single_run (current))
                    || aiperf_run_set_get_mode (aiperf_session_get_runs (self->session)) == AIPERF_MODE_SINGLE_RUN;
  GPtrArray *list = config ? (single ? config->single_run_plots : config->multi_run_plots) : NULL;

  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      const AiperfPlotSpec *spec = g_ptr_array_index (list, i);
      g_autofree char *title = NULL;
      g_auto(GStrv) parts = NULL;
      g_autofree char *escaped = NULL;
      g_autoptr(GMenuItem) item = NULL;

      /* Not a sweep over a parameter no open run has (ccl-bench's
       * max_num_seqs for AIPerf runs). */
      if (!aiperf_plot_spec_applies (spec, aiperf_session_get_runs (self->session)))
        continue;
      title = aiperf_plot_spec_title (spec);
      parts = g_strsplit (title, "_", -1);
      escaped = g_strjoinv ("__", parts);
      item = g_menu_item_new (escaped, NULL);
      g_menu_item_set_action_and_target (item, "win.add-plot", "s", spec->name);
      g_menu_append_item (presets, item);
    }
  g_menu_append_section (menu, _("Presets"), G_MENU_MODEL (presets));
  {
    g_autoptr(GMenu) custom = g_menu_new ();
    g_menu_append (custom, _("Copy of Current Plot"), "win.add-plot::");
    g_menu_append_section (menu, NULL, G_MENU_MODEL (custom));
  }
  gtk_menu_button_set_menu_model (self->add_plot_button, G_MENU_MODEL (menu));
}

/* Open Recent: the folders' submenu, or with none a disabled item (its
 * action is), as GNOME's applications show it, never an empty submenu. */
static void
show_recent_item (AiperfWindow *self,
                  gboolean      any)
{
  GMenuModel *section = G_MENU_MODEL (self->open_section);
  g_autoptr(GMenuItem) item = NULL;

  for (int i = 0; i < g_menu_model_get_n_items (section); i++)
    {
      g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (section, i, G_MENU_LINK_SUBMENU);
      gboolean flag = FALSE;

      if (submenu != G_MENU_MODEL (self->recent_submenu) &&
          !g_menu_model_get_item_attribute (section, i, "aiperf-recent", "b", &flag))
        continue;
      if ((submenu != NULL) == any)
        return;
      item = any ? g_menu_item_new_submenu (_("Open _Recent"), G_MENU_MODEL (self->recent_submenu))
                 : g_menu_item_new (_("Open _Recent"), "win.no-recent");
      g_menu_item_set_attribute (item, "aiperf-recent", "b", TRUE);
      g_menu_remove (self->open_section, i);
      g_menu_insert_item (self->open_section, i, item);
      return;
    }
}

static void
rebuild_recent_menu (AiperfWindow *self)
{
  g_auto(GStrv) recent = NULL;
  GtkWidget *child;

  g_menu_remove_all (self->recent_section);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_group), FALSE);
  recent = self->settings != NULL ? g_settings_get_strv (self->settings, "recent-folders") : g_new0 (char *, 1);
  show_recent_item (self, recent[0] != NULL);
  for (guint i = 0; recent[i] != NULL; i++)
    {
      g_autofree char *base = g_path_get_basename (recent[i]);
      g_autofree char *parent = g_path_get_dirname (recent[i]);
      g_autofree char *where = NULL;
      g_autofree char *label = NULL;
      g_autoptr(GMenuItem) item = NULL;
      GtkWidget *row;

      /* Two "run1" folders differ by where they are: say it, home as ~. */
      if (g_str_has_prefix (parent, g_get_home_dir ()) && !g_str_equal (g_get_home_dir (), "/"))
        where = g_strconcat ("~", parent + strlen (g_get_home_dir ()), NULL);
      else
        where = g_strdup (parent);
      /* TRANSLATORS: Open Recent menu item: a folder's name, then the folder it is in */
      label = g_strdup_printf (_("%s — %s"), base, where);
      {
        /* Menus read "_" as a mnemonic: "qwen_sweep" needs it doubled. */
        g_auto(GStrv) parts = g_strsplit (label, "_", -1);
        g_autofree char *escaped = g_strjoinv ("__", parts);

        item = g_menu_item_new (escaped, NULL);
      }
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", recent[i]);
      g_menu_append_item (self->recent_section, item);

      row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), base);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), recent[i]);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-recent");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", recent[i]);
      gtk_list_box_append (self->recent_list, row);
      gtk_widget_set_visible (GTK_WIDGET (self->recent_group), TRUE);
    }
}

/* --- save as preset --- */

typedef struct {
  AiperfWindow   *self;
  AiperfPlotSpec *spec;
  char           *path;
} SavePreset;

static void
save_preset_free (SavePreset *sp)
{
  g_object_unref (sp->self);
  aiperf_plot_spec_free (sp->spec);
  g_free (sp->path);
  g_free (sp);
}

static void
do_save_preset (SavePreset *sp,
                gboolean    merge)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *msg = NULL;

  if (aiperf_preset_save (sp->spec, sp->path, merge, &error))
    {
      /* What the chart is called, not the preset's id; the whole path
       * (the file may be on a remote machine under --host), the home
       * folder as "~" so that the toast stays one line and off the
       * chart's x axis. */
      g_autofree char *title = aiperf_plot_spec_title (sp->spec);
      const char *home = g_get_home_dir ();
      g_autofree char *where = g_str_has_prefix (sp->path, home) && !g_str_equal (home, "/")
                                 && sp->path[strlen (home)] == G_DIR_SEPARATOR
                                 ? g_strconcat ("~", sp->path + strlen (home), NULL)
                                 : g_strdup (sp->path);

      msg = g_strdup_printf (_("Preset “%s” saved to “%s”"), title, where);
    }
  else
    msg = g_strdup_printf (_("Could not save the preset: %s"), error->message);
  /* A failure is listed with the session's errors, which toasts it. */
  if (error != NULL)
    aiperf_session_add_error (sp->self->session, msg);
  else
    aiperf_window_show_toast (sp->self, msg, FALSE);
}

static void
on_overwrite_response (AdwMessageDialog *dialog,
                       const char       *response,
                       SavePreset       *sp)
{
  if (g_str_equal (response, "add"))
    do_save_preset (sp, TRUE);
  else if (g_str_equal (response, "replace"))
    do_save_preset (sp, FALSE);
  save_preset_free (sp);
}

static void
on_preset_response (GtkNativeDialog *dialog,
                    int              response,
                    AiperfWindow    *self)
{
  AiperfPlotPage *page = aiperf_window_get_current_page (self);

  if (response == GTK_RESPONSE_ACCEPT && page != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      SavePreset *sp = g_new0 (SavePreset, 1);

      sp->self = g_object_ref (self);
      sp->spec = aiperf_plot_spec_copy (aiperf_plot_page_get_spec (page));
      sp->spec->multi_run = aiperf_plot_page_get_single_run (page) == NULL;
      sp->path = g_file_get_path (file);
      if (g_file_test (sp->path, G_FILE_TEST_EXISTS))
        {
          g_autofree char *base = g_path_get_basename (sp->path);
          GtkWidget *confirm = adw_message_dialog_new (GTK_WINDOW (self), _("Preset File Exists"), NULL);

          adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (confirm),
                                          _("“%s” already exists. Add the preset to it (a preset of the same name is replaced), or replace the whole file?"),
                                          base);
          adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (confirm),
                                            "cancel", _("_Cancel"),
                                            "replace", _("_Replace File"),
                                            "add", _("_Add to File"), NULL);
          adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (confirm), "replace",
                                                      ADW_RESPONSE_DESTRUCTIVE);
          adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (confirm), "add",
                                                      ADW_RESPONSE_SUGGESTED);
          adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (confirm), "add");
          adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (confirm), "cancel");
          g_signal_connect (confirm, "response", G_CALLBACK (on_overwrite_response), sp);
          gtk_window_present (GTK_WINDOW (confirm));
        }
      else
        {
          do_save_preset (sp, FALSE);
          save_preset_free (sp);
        }
    }
  g_object_unref (dialog);
}

static void
save_preset (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  AiperfWindow *self = user_data;
  AiperfPlotPage *page = aiperf_window_get_current_page (self);
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (page == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_("Save Plot as Preset"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_file_filter_set_name (filter, _("Plot presets (YAML)"));
  gtk_file_filter_add_pattern (filter, "*.yaml");
  gtk_file_filter_add_pattern (filter, "*.yml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "plot_config.yaml");
  g_signal_connect (dialog, "response", G_CALLBACK (on_preset_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* --- set-up --- */

static const GActionEntry win_entries[] = {
  { "open-folder", open_folder },
  { "open-file", open_file },
  { "open-recent", open_recent, "s" },
  /* Open Recent with nothing recent: an item that is always disabled */
  { "no-recent", NULL },
  { "cancel-load", cancel_load },
  { "show-errors", show_errors },
  { "export", aiperf_window_action_export, "s" },
  { "copy-chart", copy_chart },
  { "save-preset", save_preset },
  { "add-plot", add_plot, "s" },
  { "close-tab", close_tab },
  { "restore-plots", restore_plots },
  { "compare-runs", compare_runs },
  { "zoom-in", zoom },
  { "zoom-out", zoom },
  { "reset-zoom", zoom },
  { "toggle-sidebar", toggle_sidebar },
  { "search", search_runs },
};

static void
set_enabled (AiperfWindow *self,
             const char   *name,
             gboolean      enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
aiperf_window_update_actions (AiperfWindow *self)
{
  gboolean has_chart = aiperf_window_get_current_page (self) != NULL;

  set_enabled (self, "export", has_chart);
  set_enabled (self, "export-report", has_chart);
  set_enabled (self, "copy-chart", has_chart);
  set_enabled (self, "save-preset", has_chart);
  set_enabled (self, "zoom-in", has_chart);
  set_enabled (self, "zoom-out", has_chart);
  set_enabled (self, "reset-zoom", has_chart);
  set_enabled (self, "close-tab", adw_tab_view_get_selected_page (self->tab_view) != NULL);
  /* (what needs runs follows the session's n-runs: aiperf-window-bindings.c) */
  rebuild_add_menu (self);
  rebuild_recent_menu (self);
}

void
aiperf_window_init_actions (AiperfWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
  set_enabled (self, "no-recent", FALSE);
  aiperf_window_init_report_action (self);
  aiperf_window_init_compare_action (self);
  aiperf_window_bind_session_actions (self);
  if (self->settings != NULL)
    g_signal_connect_object (self->settings, "changed::recent-folders",
                             G_CALLBACK (rebuild_recent_menu), self, G_CONNECT_SWAPPED);
}
