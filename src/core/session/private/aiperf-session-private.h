/* aiperf-session-private.h — the session's state, shared by its files:
 * aiperf-session.c (the object: its life, properties, clearing),
 * aiperf-session-contents.c (what is open: runs, roots, errors, options),
 * aiperf-session-open.c (opening), aiperf-session-watch.c (following the
 * disk: runs that arrive or go) and aiperf-session-presets.c (the preset
 * file in effect). Calls go down that list's tail only: the object calls
 * the others, and they call the contents.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-presets.h"
#include "aiperf-session.h"

G_BEGIN_DECLS

struct _AiperfSession
{
  GObject           parent_instance;

  AiperfRunSet     *runs;
  AiperfPlotColors *colors;
  GHashTable       *hidden;         /* locator → TRUE */
  GPtrArray        *roots;          /* char* */
  GPtrArray        *errors;         /* char* */
  GPtrArray        *notes;          /* char*: discovery's warnings */
  GRegex           *param_pattern;
  GHashTable       *options;        /* char* → char* */
  AiperfWatch      *watch;          /* follows the roots, loads as opening does */
  gboolean          follow_disk;    /* open runs' places and the preset file are watched */
  GHashTable       *followed;       /* AiperfRun* → GFileMonitor*: runs whose place is watched */
  GHashTable       *missing;        /* AiperfRun* → TRUE: their folder or file went */
  char             *config_file;    /* --config, or NULL */
  AiperfPlotConfig *presets;        /* read once for the roots; NULL until asked */
  char             *presets_file;   /* the file they were read from; NULL: the shipped ones */
  gint64            presets_stamp;  /* its modification time and size then */
  GError           *presets_error;  /* why that file is not used (the shipped ones stand in) */
  GFileMonitor     *presets_monitor; /* on presets_file: a change reads it again */
  guint             presets_reload_id; /* a change seen, read again shortly */
  GPtrArray        *opening;        /* GCancellable* of each open under way */
  double            progress;       /* of the open under way; -1: looking for runs */
  char             *progress_text;
};

enum {
  AIPERF_SESSION_PROP_0,
  AIPERF_SESSION_PROP_N_RUNS,
  AIPERF_SESSION_PROP_LOADING,
  AIPERF_SESSION_PROP_PROGRESS,
  AIPERF_SESSION_PROP_PROGRESS_TEXT,
  AIPERF_SESSION_PROP_N_ERRORS,
  AIPERF_SESSION_PROP_PARAM_PATTERN,
  AIPERF_SESSION_PROP_WATCHING,
  AIPERF_SESSION_PROP_FOLLOW_DISK,
  AIPERF_SESSION_PROP_TITLE,
  AIPERF_SESSION_N_PROPS
};

enum {
  AIPERF_SESSION_RUNS_ADDED,
  AIPERF_SESSION_RUNS_REMOVED,
  AIPERF_SESSION_LOAD_ERRORS,
  AIPERF_SESSION_OPTIONS_CHANGED,
  AIPERF_SESSION_PRESETS_CHANGED,
  AIPERF_SESSION_RUN_MISSING,
  AIPERF_SESSION_N_SIGNALS
};

/* Defined in aiperf-session.c. */
extern GParamSpec *aiperf_session_props[AIPERF_SESSION_N_PROPS];
extern guint aiperf_session_signals[AIPERF_SESSION_N_SIGNALS];

/* aiperf-session-contents.c: keeps @messages (char*) and says so once
 * for all of them ("load-errors"). */
void aiperf_session_add_errors      (AiperfSession *self,
                                     GPtrArray     *messages);

/* aiperf-session-watch.c: the watch's and the runs' places followed;
 * connected once, at the session's start. */
void aiperf_session_follow_disk     (AiperfSession *self);
/* Frees a value of the followed table (a GFileMonitor, or NULL). */
void aiperf_session_stop_following  (gpointer       monitor);
/* Stops following every run's place (the session is cleared or goes). */
void aiperf_session_unfollow_runs   (AiperfSession *self);
/* "follow-disk" changed: every open run's place is followed now, or
 * none. */
void aiperf_session_follow_runs     (AiperfSession *self);

/* aiperf-session-presets.c: hides the runs a saved view's runs: block
 * leaves out as they open; connected first, at the session's start. */
void aiperf_session_follow_presets  (AiperfSession *self);
/* Forgets the presets read and stops watching
 * their file. */
void aiperf_session_drop_presets    (AiperfSession *self);
/* "follow-disk" changed: the preset file in effect is watched now, or
 * not. */
void aiperf_session_follow_presets_file (AiperfSession *self);

G_END_DECLS
