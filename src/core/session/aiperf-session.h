/* aiperf-session.h — what is open: the runs, which are hidden, the colour
 * each group keeps, the folders to watch, what failed to load, and how
 * paths are opened. GTK-free: the window and the command line share it.
 *
 * The session opens (aiperf_session_open_async: the walk and the loads on a
 * worker thread, the runs installed in the caller's main context) and says
 * what changed, so that surfaces react instead of being told:
 *
 * Signals
 *   "runs-added"      (GPtrArray *runs, gboolean arrived): runs now open
 *                     (AiperfRun*, in the session's order); @arrived when the
 *                     watch brought them rather than an open.
 *   "runs-removed"    (GPtrArray *runs): runs no longer open.
 *   "load-errors"     (GStrv messages): what failed, once per open, watch
 *                     scan or other batch; each message's first line says
 *                     what, the rest why. Also in aiperf_session_get_errors ().
 *   "options-changed" (const char *key), detailed by the key
 *                     ("options-changed::gpu"): an analysis option changed.
 *   "presets-changed" (): the preset file in effect changed on disk and was
 *                     read again (aiperf_session_get_presets () has it).
 *   "run-missing"     (AiperfRun *run): the run's folder or file went away
 *                     while open; it stays open, marked, until removed
 *                     (aiperf_session_remove_run ()), and is a load error.
 *
 * Properties
 *   "n-runs" (guint, read), "loading" (gboolean, read: an open is under way),
 *   "progress" (double, read: 0…1 of the open under way, -1 while looking for
 *   runs), "progress-text" (string, read: what it is doing), "n-errors"
 *   (guint, read), "param-pattern" (string: --param-pattern as text; a new
 *   pattern opens what is open again, since parameters come from the load;
 *   one that is no pattern is a load error and none is used), "watching"
 *   (gboolean: the watch of the roots is on), "follow-disk" (gboolean: the
 *   open runs' folders and the preset file in effect are watched, so a run
 *   that goes is "run-missing" and a preset file edited "presets-changed";
 *   off by default: a one-shot export reads once, and a monitor per run
 *   would be only cost; the window turns it on), "title" (string, read:
 *   what is open as a window title names it, aiperf_session_describe_roots
 *   (), once a run is open; NULL before). A surface binds to them
 *   (g_object_bind_property, GBindingGroup, g_settings_bind) rather than
 *   being told.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "aiperf-run-set-load.h"
#include "aiperf-plot.h"
#include "aiperf-run-set.h"
#include "aiperf-watch.h"

G_BEGIN_DECLS

#define AIPERF_TYPE_SESSION (aiperf_session_get_type ())
G_DECLARE_FINAL_TYPE (AiperfSession, aiperf_session, AIPERF, SESSION, GObject)

AiperfSession    *aiperf_session_new              (void);

/* Every run loaded so far (transfer none; the same object for the
 * session's life, so views can keep it). */
AiperfRunSet     *aiperf_session_get_runs         (AiperfSession *self);
/* The watch of the session's roots (transfer none): it loads what arrives
 * with the session's options, and never reports runs already open. Turn it
 * on with aiperf_watch_set_active (); connect to its "run-added". */
AiperfWatch      *aiperf_session_get_watch        (AiperfSession *self);
/* A group keeps its palette colour in every chart of the session. */
AiperfPlotColors *aiperf_session_get_colors       (AiperfSession *self);

/* Adds the runs of @loaded that are not open yet ("runs-added"), and keeps
 * its load errors ("load-errors"). Returns how many runs were new. */
guint             aiperf_session_add_runs         (AiperfSession *self,
                                                   AiperfRunSet  *loaded);
/* Closes @run ("runs-removed"): no longer open, drawn or watched. */
void              aiperf_session_remove_run       (AiperfSession *self,
                                                   AiperfRun     *run);
/* Whether @run's folder or file went away while open ("run-missing"). */
gboolean          aiperf_session_is_run_missing   (AiperfSession *self,
                                                   AiperfRun     *run);
/* Looks now whether every open run's folder or file is still there (the
 * session also learns it from the disk as it happens, and at each scan of
 * the watch); returns how many were found missing by this look. Only
 * while "follow-disk" is on: a run not followed is not looked at. */
guint             aiperf_session_check_runs       (AiperfSession *self);
/* Forgets every run ("runs-removed"), hidden flag, root and error, and
 * cancels the opens under way (a new window content). */
void              aiperf_session_clear            (AiperfSession *self);

/* "follow-disk": whether the open runs' places and the preset file in
 * effect are watched on disk (a GFileMonitor each). */
void              aiperf_session_set_follow_disk  (AiperfSession *self,
                                                   gboolean       follow);
gboolean          aiperf_session_get_follow_disk  (AiperfSession *self);

/* Runs the user unchecked stay loaded but are not drawn. */
gboolean          aiperf_session_is_run_visible   (AiperfSession *self,
                                                   AiperfRun     *run);
void              aiperf_session_set_run_visible  (AiperfSession *self,
                                                   AiperfRun     *run,
                                                   gboolean       visible);
/* Locators of the hidden runs → TRUE (transfer none; kept up to date). */
GHashTable       *aiperf_session_get_hidden       (AiperfSession *self);

/* The paths the user opened, for watching and preset look-up (char*). */
void              aiperf_session_add_root         (AiperfSession *self,
                                                   const char    *path);
GPtrArray        *aiperf_session_get_roots        (AiperfSession *self);
/* A path whose load failed is not something open. */
void              aiperf_session_remove_root      (AiperfSession *self,
                                                   const char    *path);

/* What is open, for a window title: the folder or file opened
 * ("qwen-sweep"), "qwen-sweep and run7" for two, "qwen-sweep and 2 more"
 * beyond; NULL when nothing is open. */
char             *aiperf_session_describe_roots   (AiperfSession *self);

/* Every load failure so far, as messages (char*); adding one emits
 * "load-errors". */
void              aiperf_session_add_error        (AiperfSession *self,
                                                   const char    *message);
GPtrArray        *aiperf_session_get_errors       (AiperfSession *self);

/* How paths are opened (--param-pattern, the output folder to skip). The
 * pattern is referenced; NULL clears it. */
void              aiperf_session_set_param_pattern (AiperfSession *self,
                                                    GRegex        *pattern);
GRegex           *aiperf_session_get_param_pattern (AiperfSession *self);
/* Sets the pattern from its text (NULL or "" clears it). FALSE, leaving the
 * old pattern, when @text is not a regular expression with a named group
 * ("(?P<isl>\\d+)"): without one it would add nothing. */
gboolean          aiperf_session_set_param_pattern_text (AiperfSession *self,
                                                         const char    *text,
                                                         GError       **error);
/* Analysis options (--gpu h100, --filter dtype=bf16, …): key → text, given
 * to every chart as preset keys and to the kinds' data files. @value NULL
 * removes @key. A change emits "options-changed::KEY". */
void              aiperf_session_set_option       (AiperfSession *self,
                                                   const char    *key,
                                                   const char    *value);
GHashTable       *aiperf_session_get_options      (AiperfSession *self);
/* Fills @options with the session's rules (pointers stay owned by it). */
void              aiperf_session_get_open_options (AiperfSession     *self,
                                                   AiperfOpenOptions *options);

/* The preset file given with --config (NULL: none); the presets are read
 * again when next asked for. */
void              aiperf_session_set_config_file  (AiperfSession *self,
                                                   const char    *path);
/* The presets in effect for what is open (transfer none), in aiperf's order
 * (--config, a preset file beside the first root that has one,
 * ~/.aiperf/plot_config.yaml, the shipped ones). Read once, and again only
 * when another file is in effect (the roots or --config changed) or that
 * file changed on disk (with "follow-disk" the file in effect is watched:
 * a change reads it again and emits "presets-changed"; without, a change
 * of its time or size is seen when next asked); the pointer stays valid
 * until then.
 * A preset file that cannot be used is a session error
 * (aiperf_session_get_errors) and the shipped presets stand in; never
 * NULL. */
AiperfPlotConfig *aiperf_session_get_presets      (AiperfSession *self);
/* The same, for the command line, which refuses a preset file it cannot
 * use: NULL and @error then, and no session error nor stand-in. */
AiperfPlotConfig *aiperf_session_load_presets     (AiperfSession  *self,
                                                   GError        **error);

/* Opens @paths: every format sniffs what is below them and the finds load
 * on worker threads with the session's rules (--param-pattern); progress
 * is told through "progress" and "progress-text". When done, in the main
 * context of the caller, the paths are roots, their new runs are added
 * ("runs-added") and their runs' failures kept ("load-errors"); @callback
 * then runs. Fails only when nothing at all could be loaded (the paths are
 * then no roots, and the session holds no error of it: the caller says
 * it), or when cancelled (through @cancellable or
 * aiperf_session_cancel_opening ()): nothing of it is installed. */
void              aiperf_session_open_async       (AiperfSession       *self,
                                                   const char * const  *paths,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
gboolean          aiperf_session_open_finish      (AiperfSession       *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);
/* The same, waiting for it (the command line): @skip_dir is never entered
 * (the output folder). */
gboolean          aiperf_session_open_sync        (AiperfSession      *self,
                                                   const char * const *paths,
                                                   const char         *skip_dir,
                                                   GError            **error);
/* Cancels every open under way. */
void              aiperf_session_cancel_opening   (AiperfSession *self);
gboolean          aiperf_session_get_loading      (AiperfSession *self);

/* Discovery notes of the opens so far (broken symlinks, unreadable
 * folders), as messages (char*). */
GPtrArray        *aiperf_session_get_notes        (AiperfSession *self);

G_END_DECLS
