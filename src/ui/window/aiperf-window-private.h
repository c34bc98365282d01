/* aiperf-window-private.h — state shared by the window's source files, and
 * the small hooks the display tests use.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "aiperf-window.h"
#include "aiperf-compare.h"
#include "aiperf-kinds.h"
#include "aiperf-run-set.h"
#include "aiperf-session.h"
#include "aiperf-sidebar.h"
#include "aiperf-plot-page.h"
#include "aiperf-watch.h"

G_BEGIN_DECLS

struct _AiperfWindow
{
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwToastOverlay *toast_overlay;
  GtkStack        *main_stack;
  AdwStatusPage   *empty_page;
  AdwFlap         *flap;
  AiperfSidebar   *sidebar;
  AdwTabView      *tab_view;
  GtkStack        *tabs_stack;
  AdwTabBar       *tab_bar;
  GtkWidget       *tab_width_probe;  /* as wide as the tab bar, no height */
  GtkInfoBar      *compare_bar;    /* watch mode's offer to compare, until answered */
  GtkLabel        *compare_label;
  GtkRevealer     *progress_revealer;
  GtkProgressBar  *progress_bar;
  GtkLabel        *progress_label;
  GtkWidget       *drop_overlay;
  GtkToggleButton *sidebar_button;
  GtkWidget       *export_button;
  GtkWidget       *watch_button;
  GtkMenuButton   *add_plot_button;
  AdwWindowTitle  *window_title;
  GMenu           *open_section;    /* Open Folder… to Watch: holds Open Recent */
  GMenu           *recent_submenu;  /* Open Recent's submenu: recent_section */
  GMenu           *recent_section;
  AdwPreferencesGroup *recent_group;
  GtkListBox      *recent_list;

  GSettings       *settings;     /* NULL when the schema is not installed */
  AiperfSession   *session;      /* what is open: runs, hidden runs, colours, roots, errors */
  GSignalGroup    *session_signals;  /* the window's handlers of the session's signals */
  GBindingGroup   *session_bindings; /* its widgets and actions bound to the session's properties */
  GCancellable    *load_cancellable;  /* the opens and details loads the window asked for */
  char            *last_toast;   /* for tests */
  guint            progress_pulse_id;
  guint            runs_arrived;   /* new runs since the compare offer was shown */
  guint            reveal_tab_id;  /* tick: brings the selected tab into view */
  guint            reveal_frames;
  gint64           reveal_start;   /* µs, frame clock */
  int              tab_title_room; /* pixels of text a tab's title had room for */
  int              tab_icon_width; /* and how much less beside an icon */
  guint            retitle_tabs_id; /* tick: titles for the tab bar's new width */
  int              default_tabs_at; /* while its own tabs are made anew: where the next goes; -1: at the end */
};

/* aiperf-window-tabs.c */
/* Sets the title of a tab that is not a chart's (a timeline, a data tab,
 * a run's details): shown whole when it fits the tab, else @brief (if
 * not NULL) or the title, cut at the end if need be; whole in the tooltip
 * above @tooltip. */
void          aiperf_window_set_tab_text        (AiperfWindow   *self,
                                                 AdwTabPage     *tab,
                                                 const char     *title,
                                                 const char     *brief,
                                                 const char     *tooltip);
/* Title and tooltip of @page's tab (the run first for a drill-down). */
void          aiperf_window_update_tab_title    (AiperfWindow   *self,
                                                 AiperfPlotPage *page);
/* The tab bar is @width wide now: titles that fit its tabs. */
void          aiperf_window_tab_width_changed   (AiperfWindow   *self,
                                                 int             width,
                                                 int             height);
/* aiperf-window-tab-room.c */
/* The tab bar's class while a drill-down is open: its tabs are wider
 * (style.css), the run and its chart both fit. */
#define AIPERF_WINDOW_WIDE_TABS_CLASS "aiperf-wide-tabs"
/* How wide a title may be drawn in each of @n_tabs tabs and be shown
 * whole (pixels); @layout is set to one in the tab titles' font, for
 * aiperf_window_tab_text_width (). */
int           aiperf_window_tab_text_room       (AiperfWindow   *self,
                                                 int             n_tabs,
                                                 PangoLayout   **layout);
/* How much less room a title has beside its tab's icon or spinner (0
 * while no tab shows one). */
int           aiperf_window_tab_icon_width      (AiperfWindow   *self);
/* An AiperfTextWidthFunc: @text's width in pixels, drawn with @layout. */
int           aiperf_window_tab_text_width      (const char     *text,
                                                 gpointer        layout);
/* "page-attached" of the tab view: the selected tab stays in view. */
void          aiperf_window_page_attached       (AiperfWindow   *self,
                                                 AdwTabPage     *page,
                                                 int             position);
/* @page was rebuilt: its tab title, and the sidebar's swatches when current. */
void          aiperf_window_page_changed        (AiperfWindow   *self,
                                                 AiperfPlotPage *page);

/* aiperf-window-panels.c */
/* Adds @kind's data tab (its table beside its chart, its options) after
 * its charts' tabs; none when the table has no row. */
void          aiperf_window_add_data_panel      (AiperfWindow     *self,
                                                 const AiperfKind *kind);
/* The session's analysis option @key changed: the charts of the kinds
 * that have it are set and redrawn. */
void          aiperf_window_apply_kind_option   (AiperfWindow     *self,
                                                 const char       *key);
/* aiperf-window-timelines.c: a timeline tab per trace of @runs. */
void          aiperf_window_add_timelines       (AiperfWindow   *self,
                                                 AiperfRunSet   *runs);

/* aiperf-window-tabs.c: watch mode's offer to compare; answered (or
 * dismissed), it goes away. */
void          aiperf_window_close_compare_offer (AiperfWindow *self);

/* aiperf-window.c */
/* Seconds a toast stays: a plain message, one with a button. */
#define AIPERF_WINDOW_TOAST_SHORT 4
#define AIPERF_WINDOW_TOAST_LONG  8
void          aiperf_window_show_toast          (AiperfWindow *self,
                                                 const char   *message,
                                                 gboolean      with_details);
/* Shows @toast (transfer full) for its timeout, capped; it goes away even
 * while the pointer rests on it. */
void          aiperf_window_present_toast       (AiperfWindow *self,
                                                 AdwToast     *toast);
/* Every tab closed, the default ones made anew (Restore Default Plots,
 * what is open changed). */
void          aiperf_window_rebuild_tabs        (AiperfWindow *self);
/* The presets changed: the tabs the window made from them are made anew,
 * the ones the user added (drill-downs, charts from the Add Plot menu,
 * comparisons) stay as they were, after them, and so does the selected
 * one (else the new tab of the selected one's title). */
void          aiperf_window_reload_default_tabs (AiperfWindow *self);
/* Adds a tab of @child: at the end, or, while the window's own tabs are
 * made anew, after the last of them. */
AdwTabPage   *aiperf_window_append_tab          (AiperfWindow *self,
                                                 GtkWidget    *child);
/* Inserts @child as one of the window's own tabs (made from what is open,
 * remade with the presets): after the others of them, before the user's. */
AdwTabPage   *aiperf_window_add_default_tab     (AiperfWindow *self,
                                                 GtkWidget    *child);
void          aiperf_window_redraw_all          (AiperfWindow *self);
AiperfPlotPage *aiperf_window_get_current_page  (AiperfWindow *self);
AiperfPlotPage *aiperf_window_add_page          (AiperfWindow *self,
                                                 AiperfPlotPage *page,
                                                 gboolean      select);
/* @added (AiperfRun*), open in the session now, shown: the sidebar and
 * the tabs. @keep_view: a single-run view stays as it is when the run
 * count grows past one (watch mode); the comparison is then offered, not
 * forced. */
void          aiperf_window_show_new_runs       (AiperfWindow *self,
                                                 GPtrArray    *added,
                                                 gboolean      keep_view);
/* Shows @run's drill-down: its tab when open, else its single-run charts
 * and details (aiperf_window_add_run_tabs). */
void          aiperf_window_open_run_details    (AiperfWindow *self,
                                                 AiperfRun    *run);
/* Appends @run's single-run charts and its Details tab, selects the first
 * and starts reading its details. */
void          aiperf_window_add_run_tabs        (AiperfWindow *self,
                                                 AiperfRun    *run);
void          aiperf_window_remember_recent     (AiperfWindow *self,
                                                 const char   *path);

/* The presets for the opened folders (aiperf's resolution order). */

/* aiperf-window-actions.c */
void          aiperf_window_init_actions        (AiperfWindow *self);
void          aiperf_window_update_actions      (AiperfWindow *self);
void          aiperf_window_show_errors_dialog  (AiperfWindow *self);
/* What win.export does once the file is chosen (aiperf's sizes). */
gboolean      aiperf_window_export_current      (AiperfWindow      *self,
                                                 const char        *path,
                                                 AiperfImageFormat  format,
                                                 GError           **error);

/* aiperf-window-export.c: the win.export action ("png", "svg", "pdf"). */
void          aiperf_window_action_export       (GSimpleAction *action,
                                                 GVariant      *param,
                                                 gpointer       user_data);

/* aiperf-window-report.c: win.export-report ("html", "pdf"), and what it
 * does once the folder is chosen: the report of the tabs as shown. */
void          aiperf_window_init_report_action  (AiperfWindow *self);
gboolean      aiperf_window_write_report        (AiperfWindow *self,
                                                 const char   *directory,
                                                 guint         formats,
                                                 GPtrArray    *files,
                                                 GError      **error);

/* aiperf-window-compare.c: win.compare-baseline, the Compare tabs it
 * opens, and the History tab of runs recorded over time. */
void          aiperf_window_init_compare_action (AiperfWindow *self);
/* Opens a Compare tab of @candidate against @baseline (@min_effect a
 * fraction; negative: the default). */
void          aiperf_window_open_comparison     (AiperfWindow *self,
                                                 AiperfRunSet *baseline,
                                                 AiperfRunSet *candidate,
                                                 double        min_effect);
/* The comparison of the selected Compare tab, else of the last one done;
 * NULL when none. */
const AiperfComparison *aiperf_window_get_comparison (AiperfWindow *self);
void          aiperf_window_add_history         (AiperfWindow *self,
                                                 AiperfRunSet *runs);

/* aiperf-window-dnd.c */
void          aiperf_window_init_dnd            (AiperfWindow *self);
/* What a drop of @files does: run folders and artifact files are loaded,
 * anything else is refused with a toast. Returns TRUE when anything loads. */
gboolean      aiperf_window_handle_drop         (AiperfWindow *self,
                                                 GSList       *files);

/* aiperf-window-load.c */
/* Asks the session to open @paths; what it says is shown as it comes. */
void          aiperf_window_load_paths_internal (AiperfWindow       *self,
                                                 const char * const *paths,
                                                 gboolean            replace);
/* Creates the session, binds the settings it follows (run-name-pattern,
 * watch-folders), reacts to its signals (one GSignalGroup) and binds the
 * window to its properties; adds win.remove-run. */
void          aiperf_window_init_session        (AiperfWindow *self);
/* The run rows of runs whose folder went say so (after the list is made). */
void          aiperf_window_mark_missing_runs   (AiperfWindow *self);
/* From dispose: the session, which may outlive the window for a while,
 * no longer reaches it, and what it still opens is cancelled. */
void          aiperf_window_release_session     (AiperfWindow *self);

/* aiperf-window-bindings.c: one GBindingGroup on the session. */
/* The title and subtitle, the progress bar and label, the buttons that
 * need runs. */
void          aiperf_window_bind_session        (AiperfWindow *self);
/* Once the actions exist: win.watch is the session's "watching"; the
 * actions that need runs, errors or an open under way follow them. */
void          aiperf_window_bind_session_actions (AiperfWindow *self);
/* Every binding lets go of the session. */
void          aiperf_window_unbind_session      (AiperfWindow *self);

/* Testing hooks. */
AdwTabView   *aiperf_window_get_tab_view        (AiperfWindow *self);
const char   *aiperf_window_get_last_toast      (AiperfWindow *self);
AiperfRunSet *aiperf_window_get_run_set         (AiperfWindow *self);
AiperfSidebar *aiperf_window_get_sidebar        (AiperfWindow *self);
guint         aiperf_window_get_loads_pending   (AiperfWindow *self);
void          aiperf_window_set_run_visible     (AiperfWindow *self,
                                                 AiperfRun    *run,
                                                 gboolean      visible);

G_END_DECLS
