/* test-session-open.c — the session opens, and says what changed: runs
 * added and removed, load errors, options, progress, cancelling.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-session.h"
#include "aiperf-test-util.h"

static char *
fixtures (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit", "plot",
                                "fixtures", NULL);
}

/* What the session said, in order. */
typedef struct {
  GPtrArray *added;      /* run names, as "runs-added" gave them */
  guint      n_added;    /* emissions */
  gboolean   arrived;    /* of the last emission */
  GPtrArray *removed;    /* run names */
  GPtrArray *errors;     /* messages, as "load-errors" gave them */
  guint      n_batches;  /* "load-errors" emissions */
  GPtrArray *options;    /* keys, from "options-changed" */
  guint      gpu_only;   /* "options-changed::gpu" emissions */
  GPtrArray *loading;    /* "loading" at each notify, as "0"/"1" */
  double     last_progress;
  double     max_progress;
  GString   *texts;      /* every "progress-text", one a line */
  guint      n_runs;     /* "n-runs" at the last notify */
  gboolean   cancel_at_progress;
  gboolean   done;
  gboolean   ok;
  GError    *error;
} Seen;

static void
seen_init (Seen *seen)
{
  memset (seen, 0, sizeof *seen);
  seen->added = g_ptr_array_new_with_free_func (g_free);
  seen->removed = g_ptr_array_new_with_free_func (g_free);
  seen->errors = g_ptr_array_new_with_free_func (g_free);
  seen->options = g_ptr_array_new_with_free_func (g_free);
  seen->loading = g_ptr_array_new ();
  seen->texts = g_string_new (NULL);
  seen->max_progress = -2;
}

static void
seen_clear (Seen *seen)
{
  g_ptr_array_unref (seen->added);
  g_ptr_array_unref (seen->removed);
  g_ptr_array_unref (seen->errors);
  g_ptr_array_unref (seen->options);
  g_ptr_array_unref (seen->loading);
  g_string_free (seen->texts, TRUE);
  g_clear_error (&seen->error);
}

static void
on_runs_added (AiperfSession *session,
               GPtrArray     *runs,
               gboolean       arrived,
               Seen          *seen)
{
  seen->n_added++;
  seen->arrived = arrived;
  for (guint i = 0; i < runs->len; i++)
    g_ptr_array_add (seen->added, g_strdup (aiperf_run_get_name (g_ptr_array_index (runs, i))));
}

static void
on_runs_removed (AiperfSession *session,
                 GPtrArray     *runs,
                 Seen          *seen)
{
  for (guint i = 0; i < runs->len; i++)
    g_ptr_array_add (seen->removed, g_strdup (aiperf_run_get_name (g_ptr_array_index (runs, i))));
}

static void
on_load_errors (AiperfSession *session,
                char         **messages,
                Seen          *seen)
{
  seen->n_batches++;
  for (guint i = 0; messages[i] != NULL; i++)
    g_ptr_array_add (seen->errors, g_strdup (messages[i]));
}

static void
on_options_changed (AiperfSession *session,
                    const char    *key,
                    Seen          *seen)
{
  g_ptr_array_add (seen->options, g_strdup (key));
}

static void
on_gpu_changed (AiperfSession *session,
                const char    *key,
                Seen          *seen)
{
  seen->gpu_only++;
}

static void
on_loading (AiperfSession *session,
            GParamSpec    *pspec,
            Seen          *seen)
{
  g_ptr_array_add (seen->loading, (gpointer) (aiperf_session_get_loading (session) ? "1" : "0"));
}

static void
on_progress (AiperfSession *session,
             GParamSpec    *pspec,
             Seen          *seen)
{
  double progress;

  g_object_get (session, "progress", &progress, NULL);
  seen->last_progress = progress;
  seen->max_progress = MAX (seen->max_progress, progress);
  /* Cancelled while it reads: the first news of it comes from the worker. */
  if (seen->cancel_at_progress && progress >= 0)
    {
      seen->cancel_at_progress = FALSE;
      aiperf_session_cancel_opening (session);
    }
}

static void
on_progress_text (AiperfSession *session,
                  GParamSpec    *pspec,
                  Seen          *seen)
{
  g_autofree char *text = NULL;

  g_object_get (session, "progress-text", &text, NULL);
  g_string_append_printf (seen->texts, "%s\n", text);
}

static void
on_n_runs (AiperfSession *session,
           GParamSpec    *pspec,
           Seen          *seen)
{
  g_object_get (session, "n-runs", &seen->n_runs, NULL);
}

static void
watch_session (AiperfSession *session,
               Seen          *seen)
{
  g_signal_connect (session, "runs-added", G_CALLBACK (on_runs_added), seen);
  g_signal_connect (session, "runs-removed", G_CALLBACK (on_runs_removed), seen);
  g_signal_connect (session, "load-errors", G_CALLBACK (on_load_errors), seen);
  g_signal_connect (session, "options-changed", G_CALLBACK (on_options_changed), seen);
  g_signal_connect (session, "options-changed::gpu", G_CALLBACK (on_gpu_changed), seen);
  g_signal_connect (session, "notify::loading", G_CALLBACK (on_loading), seen);
  g_signal_connect (session, "notify::progress", G_CALLBACK (on_progress), seen);
  g_signal_connect (session, "notify::progress-text", G_CALLBACK (on_progress_text), seen);
  g_signal_connect (session, "notify::n-runs", G_CALLBACK (on_n_runs), seen);
}

static void
on_opened (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Seen *seen = user_data;

  seen->ok = aiperf_session_open_finish (AIPERF_SESSION (source), result, &seen->error);
  seen->done = TRUE;
}

static void
open_and_wait (AiperfSession      *session,
               const char * const *paths,
               Seen               *seen)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  guint before = aiperf_run_set_get_n_runs (aiperf_session_get_runs (session));

  seen->done = FALSE;
  aiperf_session_open_async (session, paths, NULL, on_opened, seen);
  /* Nothing is installed before the main context runs. */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)), ==, before);
  g_assert_true (aiperf_session_get_loading (session));
  while (!seen->done && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (seen->done);
}

static char *
join (GPtrArray *strings)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < strings->len; i++)
    g_string_append_printf (out, "%s%s", i ? "," : "", (char *) g_ptr_array_index (strings, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_open_async (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *root = fixtures ();
  g_autofree char *added = NULL, *loading = NULL;
  const char *paths[] = { root, NULL };
  Seen seen;

  seen_init (&seen);
  watch_session (session, &seen);
  open_and_wait (session, paths, &seen);
  g_assert_no_error (seen.error);
  g_assert_true (seen.ok);

  /* One "runs-added" for the open, with every run, in the session's order. */
  g_assert_cmpuint (seen.n_added, ==, 1);
  g_assert_false (seen.arrived);
  added = join (seen.added);
  g_assert_cmpstr (added, ==, "qwen_concurrency1,qwen_concurrency2,qwen_concurrency4");
  g_assert_cmpuint (seen.n_runs, ==, 3);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)), ==, 3);
  g_assert_cmpuint (aiperf_session_get_roots (session)->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (aiperf_session_get_roots (session), 0), ==, root);
  g_assert_cmpuint (seen.n_batches, ==, 0);

  /* Loading went on, then off; progress ran to the end, naming what it read. */
  loading = join (seen.loading);
  g_assert_cmpstr (loading, ==, "1,0");
  g_assert_false (aiperf_session_get_loading (session));
  g_assert_cmpfloat (seen.max_progress, ==, 1.0);
  g_assert_true (g_str_has_prefix (seen.texts->str, "Looking for runs…\n"));
  g_assert_nonnull (strstr (seen.texts->str, "qwen_concurrency2"));

  /* Opening the same again adds nothing and says nothing. */
  open_and_wait (session, paths, &seen);
  g_assert_true (seen.ok);
  g_assert_cmpuint (seen.n_added, ==, 1);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)), ==, 3);

  /* Clearing says which runs went. */
  aiperf_session_clear (session);
  g_clear_pointer (&added, g_free);
  added = join (seen.removed);
  g_assert_cmpstr (added, ==, "qwen_concurrency1,qwen_concurrency2,qwen_concurrency4");
  g_assert_cmpuint (seen.n_runs, ==, 0);
  seen_clear (&seen);
}

/* The command line's open is the same open, waited for. */
static void
test_open_sync_signals (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *root = fixtures ();
  g_autofree char *loading = NULL;
  const char *paths[] = { root, NULL };
  g_autoptr(GError) error = NULL;
  Seen seen;

  seen_init (&seen);
  watch_session (session, &seen);
  g_assert_true (aiperf_session_open_sync (session, paths, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seen.n_added, ==, 1);
  g_assert_cmpuint (seen.added->len, ==, 3);
  loading = join (seen.loading);
  g_assert_cmpstr (loading, ==, "1,0");
  g_assert_cmpfloat (seen.max_progress, ==, 1.0);
  seen_clear (&seen);
}

static void
test_cancel (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *root = fixtures ();
  g_autofree char *loading = NULL;
  const char *paths[] = { root, NULL };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  gint64 deadline;
  Seen seen;

  /* Cancelled from the session while the worker reads. */
  seen_init (&seen);
  watch_session (session, &seen);
  seen.cancel_at_progress = TRUE;
  open_and_wait (session, paths, &seen);
  g_assert_false (seen.cancel_at_progress);
  g_assert_false (seen.ok);
  g_assert_error (seen.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (seen.n_added, ==, 0);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)), ==, 0);
  /* What was cancelled is not open: no root, no error, not loading. */
  g_assert_cmpuint (aiperf_session_get_roots (session)->len, ==, 0);
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 0);
  loading = join (seen.loading);
  g_assert_cmpstr (loading, ==, "1,0");

  /* Cancelled through the caller's cancellable, before it could finish. */
  g_clear_error (&seen.error);
  seen.done = FALSE;
  aiperf_session_open_async (session, paths, cancellable, on_opened, &seen);
  g_cancellable_cancel (cancellable);
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!seen.done && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (seen.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (seen.n_added, ==, 0);
  g_assert_false (aiperf_session_get_loading (session));

  /* The session opens again afterwards. */
  g_clear_error (&seen.error);
  open_and_wait (session, paths, &seen);
  g_assert_true (seen.ok);
  g_assert_cmpuint (seen.added->len, ==, 3);
  seen_clear (&seen);
}

static void
test_load_errors (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *root = fixtures ();
  g_autofree char *broken = g_test_build_filename (G_TEST_DIST, "data", "layouts", "bad", "truncated", NULL);
  const char *paths[] = { root, broken, NULL };
  const char *missing[] = { "/nonexistent/aiperf/session-open", NULL };
  const char *message;
  Seen seen;

  seen_init (&seen);
  watch_session (session, &seen);
  open_and_wait (session, paths, &seen);
  /* The good runs open; the broken one is said, once, naming file and line. */
  g_assert_true (seen.ok);
  g_assert_cmpuint (seen.added->len, ==, 3);
  g_assert_cmpuint (seen.n_batches, ==, 1);
  g_assert_cmpuint (seen.errors->len, ==, 1);
  message = g_ptr_array_index (seen.errors, 0);
  g_assert_nonnull (strstr (message, "truncated" G_DIR_SEPARATOR_S "profile_export_aiperf.json, line 127, column 29"));
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (aiperf_session_get_errors (session), 0), ==, message);

  /* Nothing at all to open: the open fails, it is no root, and the error
   * is the caller's to tell (the session keeps no second copy). */
  open_and_wait (session, missing, &seen);
  g_assert_false (seen.ok);
  g_assert_error (seen.error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND);
  g_assert_cmpuint (seen.n_batches, ==, 1);
  g_assert_cmpuint (aiperf_session_get_roots (session)->len, ==, 2);

  /* An error added by hand is a batch of its own. */
  aiperf_session_add_error (session, "Could not read the requests of “x”: why");
  g_assert_cmpuint (seen.n_batches, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (seen.errors, 1), ==, "Could not read the requests of “x”: why");
  seen_clear (&seen);
}

static void
test_options_changed (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *keys = NULL;
  Seen seen;

  seen_init (&seen);
  watch_session (session, &seen);
  aiperf_session_set_option (session, "gpu", "h100");
  aiperf_session_set_option (session, "gpu", "h100");   /* the same: no news */
  aiperf_session_set_option (session, "filter", "dtype=bf16");
  aiperf_session_set_option (session, "gpu", NULL);
  aiperf_session_set_option (session, "trace-window", NULL);   /* was not set */
  keys = join (seen.options);
  g_assert_cmpstr (keys, ==, "gpu,filter,gpu");
  g_assert_cmpuint (seen.gpu_only, ==, 2);
  g_assert_cmpstr (g_hash_table_lookup (aiperf_session_get_options (session), "filter"), ==, "dtype=bf16");
  g_assert_false (g_hash_table_contains (aiperf_session_get_options (session), "gpu"));
  seen_clear (&seen);
}

/* The parameters come from the load: a new pattern opens what is open
 * again under it. One that is no pattern is a load error. */
static void
test_param_pattern_property (void)
{
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autofree char *root = fixtures ();
  g_autofree char *removed = NULL, *text = NULL;
  const char *paths[] = { root, NULL };
  gint64 deadline;
  Seen seen;

  seen_init (&seen);
  watch_session (session, &seen);
  open_and_wait (session, paths, &seen);
  g_assert_null (aiperf_run_get_parameter (aiperf_run_set_get_run (aiperf_session_get_runs (session), 0), "level"));

  g_object_set (session, "param-pattern", "qwen_concurrency(?P<level>\\d+)", NULL);
  removed = join (seen.removed);
  g_assert_cmpstr (removed, ==, "qwen_concurrency1,qwen_concurrency2,qwen_concurrency4");
  g_assert_true (aiperf_session_get_loading (session));
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (aiperf_session_get_loading (session) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (seen.n_added, ==, 2);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (aiperf_session_get_runs (session)), ==, 3);
  g_assert_cmpstr (aiperf_run_get_parameter (aiperf_run_set_get_run (aiperf_session_get_runs (session), 2), "level"),
                   ==, "4");
  g_object_get (session, "param-pattern", &text, NULL);
  g_assert_cmpstr (text, ==, "qwen_concurrency(?P<level>\\d+)");

  /* No named group: said, and no pattern is used. */
  g_object_set (session, "param-pattern", "qwen_concurrency\\d+", NULL);
  g_assert_cmpuint (seen.n_batches, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (seen.errors, 0), "Parameters from folder names are off: "));
  g_assert_null (aiperf_session_get_param_pattern (session));
  while (aiperf_session_get_loading (session) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (aiperf_run_get_parameter (aiperf_run_set_get_run (aiperf_session_get_runs (session), 2), "level"));
  seen_clear (&seen);
}

static void
ask_presets_again (AiperfSession *session,
                   char         **messages,
                   guint         *n_heard)
{
  (*n_heard)++;
  g_assert_nonnull (aiperf_session_get_presets (session));
}

/* A preset file that cannot be used is a load error; whoever hears of it
 * may ask for the presets again and gets the shipped ones, said once. */
static void
test_presets_error (void)
{
  g_autofree char *home = g_dir_make_tmp ("aiperf-session-open-home-XXXXXX", NULL);
  g_autofree char *bad = g_dir_make_tmp ("aiperf-session-open-bad-XXXXXX", NULL);
  g_autofree char *bad_file = g_build_filename (bad, ".aiperf-plot-config.yaml", NULL);
  g_autofree char *old_home = g_strdup (g_getenv ("HOME"));
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  guint n_heard = 0;

  g_setenv ("HOME", home, TRUE);
  g_assert_true (g_file_set_contents (bad_file, "visualization: [unclosed\n", -1, NULL));
  g_signal_connect (session, "load-errors", G_CALLBACK (ask_presets_again), &n_heard);
  aiperf_session_add_root (session, bad);
  g_assert_nonnull (aiperf_session_get_presets (session));
  g_assert_cmpuint (n_heard, ==, 1);
  g_assert_cmpuint (aiperf_session_get_errors (session)->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (aiperf_session_get_errors (session), 0), "Plot presets not used: "));

  g_setenv ("HOME", old_home, TRUE);
  aiperf_test_remove_tree (home);
  aiperf_test_remove_tree (bad);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/session/open-async", test_open_async);
  g_test_add_func ("/aiperf/session/open-sync-signals", test_open_sync_signals);
  g_test_add_func ("/aiperf/session/cancel", test_cancel);
  g_test_add_func ("/aiperf/session/load-errors", test_load_errors);
  g_test_add_func ("/aiperf/session/options-changed", test_options_changed);
  g_test_add_func ("/aiperf/session/param-pattern-property", test_param_pattern_property);
  g_test_add_func ("/aiperf/session/presets-error", test_presets_error);
  return g_test_run ();
}
