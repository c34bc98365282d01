/* aiperf-window.c — the main window: runs in a sidebar, charts in tabs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-ui-resources.h"
#include "aiperf-run-row.h"
#include "aiperf-session-plot.h"
#include "aiperf-window-private.h"

G_DEFINE_FINAL_TYPE (AiperfWindow, aiperf_window, ADW_TYPE_APPLICATION_WINDOW)

#define RECENT_MAX 10

/* --- toasts --- */

static void
on_toast_button (AdwToast     *toast,
                 AiperfWindow *self)
{
  aiperf_window_show_errors_dialog (self);
}

static void
on_toast_dismissed (AdwToast *toast)
{
  g_object_set_data (G_OBJECT (toast), "aiperf-dismissed", GINT_TO_POINTER (TRUE));
}

static gboolean
dismiss_toast (gpointer data)
{
  AdwToast *toast = data;

  if (g_object_get_data (G_OBJECT (toast), "aiperf-dismissed") == NULL)
    adw_toast_dismiss (toast);
  return G_SOURCE_REMOVE;
}

void
aiperf_window_present_toast (AiperfWindow *self,
                             AdwToast     *toast)
{
  guint timeout;

  g_return_if_fail (AIPERF_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  g_free (self->last_toast);
  self->last_toast = g_strdup (adw_toast_get_title (toast));
  /* A toast ends its one line in "…": a message that names plots and says
   * why wraps instead, a few lines at most. */
  if (self->last_toast != NULL && g_utf8_strlen (self->last_toast, -1) > 70)
    {
      GtkWidget *label = gtk_label_new (self->last_toast);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_lines (GTK_LABEL (label), 3);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 70);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      adw_toast_set_custom_title (toast, label);
    }
  /* Toasts sit over the chart's x axis: never one that stays. */
  timeout = adw_toast_get_timeout (toast);
  if (timeout == 0 || timeout > AIPERF_WINDOW_TOAST_LONG)
    timeout = AIPERF_WINDOW_TOAST_LONG;
  adw_toast_set_timeout (toast, timeout);
  /* AdwToast stops its clock while the pointer rests on it, and after a
   * double-click on a point the pointer often rests right there: a clock
   * of our own takes it away a little later all the same. */
  g_signal_connect (toast, "dismissed", G_CALLBACK (on_toast_dismissed), NULL);
  g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, timeout + 3, dismiss_toast,
                              g_object_ref (toast), g_object_unref);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
aiperf_window_show_toast (AiperfWindow *self,
                          const char   *message,
                          gboolean      with_details)
{
  AdwToast *toast;

  g_assert (AIPERF_IS_WINDOW (self));

  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, with_details ? AIPERF_WINDOW_TOAST_LONG : AIPERF_WINDOW_TOAST_SHORT);
  if (with_details)
    {
      adw_toast_set_button_label (toast, _("Details"));
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_toast_button), self, 0);
      /* The error is in the session's list by now: the menu's "Show
       * Loading Errors" reaches it after the toast has gone. */
      aiperf_window_update_actions (self);
    }
  aiperf_window_present_toast (self, toast);
}

/* The kinds of @runs, as a set. */
static GHashTable *
run_kinds (AiperfRunSet *runs)
{
  GHashTable *kinds = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    g_hash_table_add (kinds, (gpointer) aiperf_run_get_kind (aiperf_run_set_get_run (runs, i)));
  return kinds;
}

/* @added (AiperfRun*) are open now: the sidebar lists them and the tabs
 * show them. @keep_view: a single-run view stays as it is when the run
 * count grows past one (watch mode); the comparison is then offered, not
 * forced. */
void
aiperf_window_show_new_runs (AiperfWindow *self,
                             GPtrArray    *added,
                             gboolean      keep_view)
{
  AiperfRunSet *runs = aiperf_session_get_runs (self->session);
  guint before = aiperf_run_set_get_n_runs (runs) - MIN (added->len, aiperf_run_set_get_n_runs (runs));
  g_autoptr(GHashTable) old_kinds = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) new_kinds = NULL;

  /* The kinds open before these runs came. */
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);

      if (!g_ptr_array_find (added, run, NULL))
        g_hash_table_add (old_kinds, (gpointer) aiperf_run_get_kind (run));
    }
  if (added->len == 0)
    return;

  aiperf_sidebar_set_runs (self->sidebar, aiperf_session_get_runs (self->session), aiperf_session_get_hidden (self->session));
  aiperf_window_mark_missing_runs (self);
  new_kinds = run_kinds (aiperf_session_get_runs (self->session));
  /* A kind seen for the first time brings its own default tabs. */
  if (before == 0 || (before == 1 && !keep_view) ||
      g_hash_table_size (new_kinds) != g_hash_table_size (old_kinds))
    aiperf_window_rebuild_tabs (self);
  else
    aiperf_window_redraw_all (self);
  /* The single-run tabs now say which run they show. */
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));

      if (AIPERF_IS_PLOT_PAGE (child))
        aiperf_window_update_tab_title (self, AIPERF_PLOT_PAGE (child));
    }
  aiperf_sidebar_set_page (self->sidebar, aiperf_window_get_current_page (self));
  if (aiperf_window_get_current_page (self) != NULL)
    aiperf_window_page_changed (self, aiperf_window_get_current_page (self));
}

void
aiperf_window_set_run_visible (AiperfWindow *self,
                               AiperfRun    *run,
                               gboolean      visible)
{
  GtkWidget *row;

  g_return_if_fail (AIPERF_IS_WINDOW (self));
  g_return_if_fail (AIPERF_IS_RUN (run));

  aiperf_session_set_run_visible (self->session, run, visible);
  row = aiperf_sidebar_get_row (self->sidebar, run);
  if (row != NULL)
    aiperf_run_row_set_checked (AIPERF_RUN_ROW (row), visible);
  aiperf_window_redraw_all (self);
}

static void
on_run_toggled (AiperfWindow *self,
                AiperfRun    *run,
                gboolean      visible)
{
  aiperf_window_set_run_visible (self, run, visible);
}

static void
on_runs_toggled (AiperfWindow *self,
                 GPtrArray    *runs,
                 gboolean      visible)
{
  /* One redraw for all of them, not one per run. */
  for (guint i = 0; i < runs->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (runs, i);
      GtkWidget *row = aiperf_sidebar_get_row (self->sidebar, run);

      aiperf_session_set_run_visible (self->session, run, visible);
      if (row != NULL)
        aiperf_run_row_set_checked (AIPERF_RUN_ROW (row), visible);
    }
  aiperf_window_redraw_all (self);
}

static void
on_run_activated (AiperfWindow *self,
                  AiperfRun    *run)
{
  aiperf_window_open_run_details (self, run);
}

/* --- window state and recent folders --- */

void
aiperf_window_remember_recent (AiperfWindow *self,
                               const char   *path)
{
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) recent = NULL;
  guint n = 1;

  g_autofree char *whole = NULL;

  if (self->settings == NULL)
    return;
  /* Whole, so it opens again from wherever the next start is ("run/../x"
   * and "x" are one folder). */
  whole = g_canonicalize_filename (path, NULL);
  old = g_settings_get_strv (self->settings, "recent-folders");
  g_strv_builder_add (builder, whole);
  for (guint i = 0; old[i] != NULL && n < RECENT_MAX; i++)
    if (g_strcmp0 (old[i], whole) != 0)
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }
  recent = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-folders", (const char * const *) recent);
}

/* The tab menu's items are the window's actions on the current tab: make
 * the right-clicked tab current first. */
static void
on_setup_tab_menu (AiperfWindow *self,
                   AdwTabPage   *page)
{
  if (page != NULL)
    adw_tab_view_set_selected_page (self->tab_view, page);
}

static void
set_first_run_size (AiperfWindow *self)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  g_autoptr(GdkMonitor) monitor = NULL;
  GdkRectangle area;
  int width, height;

  if (display == NULL)
    return;
  monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  if (monitor == NULL)
    return;
  gdk_monitor_get_geometry (monitor, &area);
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  width = MAX (width, area.width * 85 / 100);
  height = MAX (height, area.height * 85 / 100);
  gtk_window_set_default_size (GTK_WINDOW (self), MIN (width, area.width), MIN (height, area.height));
}

static gboolean
aiperf_window_close_request (GtkWindow *window)
{
  AiperfWindow *self = AIPERF_WINDOW (window);

  if (self->settings != NULL)
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_set_boolean (self->settings, "sidebar-visible", adw_flap_get_reveal_flap (self->flap));
    }
  g_cancellable_cancel (self->load_cancellable);
  aiperf_session_cancel_opening (self->session);
  return GTK_WINDOW_CLASS (aiperf_window_parent_class)->close_request (window);
}

static void
on_selected_page (AiperfWindow *self)
{
  AiperfPlotPage *page = aiperf_window_get_current_page (self);

  aiperf_sidebar_set_page (self->sidebar, page);
  /* A details tab keeps the comparison's swatches: they still identify
   * runs. With no tab left they would tell of a chart no longer there. */
  if (page != NULL)
    aiperf_window_page_changed (self, page);

  aiperf_window_update_actions (self);
}

/* With the last tab closed: a status page that says so, and no swatches
 * telling of a chart no longer there. */
static void
on_n_pages (AiperfWindow *self)
{
  gboolean none = adw_tab_view_get_n_pages (self->tab_view) == 0;

  gtk_stack_set_visible_child_name (self->tabs_stack, none ? "no-tabs" : "tabs");
  if (none)
    aiperf_sidebar_set_run_marks (self->sidebar, NULL);
}

static GSettings *
settings_if_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  /* Running from the build tree without installed schemas must not abort. */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  return schema ? g_settings_new (APP_ID) : NULL;
}

static void
aiperf_window_dispose (GObject *object)
{
  AiperfWindow *self = AIPERF_WINDOW (object);

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_handle_id (&self->progress_pulse_id, g_source_remove);
  aiperf_window_release_session (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), AIPERF_TYPE_WINDOW);
  G_OBJECT_CLASS (aiperf_window_parent_class)->dispose (object);
}

static void
aiperf_window_finalize (GObject *object)
{
  AiperfWindow *self = AIPERF_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session_bindings);
  g_clear_object (&self->session);
  g_clear_object (&self->load_cancellable);
  g_free (self->last_toast);
  G_OBJECT_CLASS (aiperf_window_parent_class)->finalize (object);
}

static void
aiperf_window_class_init (AiperfWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = aiperf_window_dispose;
  object_class->finalize = aiperf_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = aiperf_window_close_request;

  /* Referencing the resource keeps its object (and the constructor that
   * registers it) in the link of a static library. */
  (void) aiperf_ui_get_resource ();
  g_type_ensure (AIPERF_TYPE_SIDEBAR);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/aiperf/Plot/aiperf-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, compare_bar);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, compare_label);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, tab_view);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, tabs_stack);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, tab_bar);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, tab_width_probe);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, drop_overlay);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, export_button);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, watch_button);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, add_plot_button);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, open_section);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, recent_submenu);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, recent_group);
  gtk_widget_class_bind_template_child (widget_class, AiperfWindow, recent_list);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-sidebar", NULL);
}

static void
on_compare_bar_response (AiperfWindow *self,
                         int           response)
{
  aiperf_window_close_compare_offer (self);
}

static void
aiperf_window_init (AiperfWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->tab_width_probe, "resize", G_CALLBACK (aiperf_window_tab_width_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tab_view, "page-attached", G_CALLBACK (aiperf_window_page_attached),
                           self, G_CONNECT_SWAPPED);

  self->load_cancellable = g_cancellable_new ();
  self->default_tabs_at = -1;
  self->settings = settings_if_installed ();
  /* What is open, and the settings that say how to open it. */
  aiperf_window_init_session (self);
  if (self->settings != NULL)
    {
      g_autoptr(GVariant) saved = g_settings_get_user_value (self->settings, "window-width");

      /* Never sized by the user: charts want room, so take most of the
       * screen rather than the schema's modest default. */
      if (saved == NULL)
        set_first_run_size (self);
      else
        gtk_window_set_default_size (GTK_WINDOW (self),
                                     g_settings_get_int (self->settings, "window-width"),
                                     g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      adw_flap_set_reveal_flap (self->flap, g_settings_get_boolean (self->settings, "sidebar-visible"));
    }

  g_signal_connect_swapped (self->compare_bar, "response", G_CALLBACK (on_compare_bar_response), self);
  g_signal_connect_swapped (self->tab_view, "notify::selected-page", G_CALLBACK (on_selected_page), self);
  g_signal_connect_swapped (self->tab_view, "setup-menu", G_CALLBACK (on_setup_tab_menu), self);
  g_signal_connect_swapped (self->tab_view, "notify::n-pages", G_CALLBACK (on_n_pages), self);
  g_signal_connect_swapped (self->sidebar, "run-toggled", G_CALLBACK (on_run_toggled), self);
  g_signal_connect_swapped (self->sidebar, "run-activated", G_CALLBACK (on_run_activated), self);
  g_signal_connect_swapped (self->sidebar, "runs-toggled", G_CALLBACK (on_runs_toggled), self);
  gtk_stack_set_visible_child_name (self->main_stack, "empty");
  /* Swatches are resolved against the light or dark palette. */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_selected_page), self, G_CONNECT_SWAPPED);

  aiperf_window_init_actions (self);
  aiperf_window_init_dnd (self);
  aiperf_window_update_actions (self);
}

AiperfWindow *
aiperf_window_new (AdwApplication *application)
{
  g_return_val_if_fail (ADW_IS_APPLICATION (application), NULL);

  return g_object_new (AIPERF_TYPE_WINDOW, "application", application, NULL);
}

void
aiperf_window_open_files (AiperfWindow  *self,
                          GFile        **files,
                          int            n_files)
{
  g_autoptr(GSList) list = NULL;

  g_return_if_fail (AIPERF_IS_WINDOW (self));

  /* The same rules as a drop: "aiperf-plot notes.txt" must not load the
   * whole folder notes.txt sits in. */
  for (int i = n_files - 1; i >= 0; i--)
    list = g_slist_prepend (list, files[i]);
  aiperf_window_handle_drop (self, list);
}

/* --- testing hooks --- */

AdwTabView *
aiperf_window_get_tab_view (AiperfWindow *self)
{
  g_return_val_if_fail (AIPERF_IS_WINDOW (self), NULL);
  return self->tab_view;
}

const char *
aiperf_window_get_last_toast (AiperfWindow *self)
{
  g_return_val_if_fail (AIPERF_IS_WINDOW (self), NULL);
  return self->last_toast;
}

AiperfRunSet *
aiperf_window_get_run_set (AiperfWindow *self)
{
  g_return_val_if_fail (AIPERF_IS_WINDOW (self), NULL);
  return aiperf_session_get_runs (self->session);
}

AiperfSidebar *
aiperf_window_get_sidebar (AiperfWindow *self)
{
  g_return_val_if_fail (AIPERF_IS_WINDOW (self), NULL);
  return self->sidebar;
}

guint
aiperf_window_get_loads_pending (AiperfWindow *self)
{
  g_return_val_if_fail (AIPERF_IS_WINDOW (self), 0);
  return aiperf_session_get_loading (self->session) ? 1 : 0;
}
