/* aiperf-host.c — aiperf-plot --host: gtk4-broadwayd on a free display and
 * the window on it, both watched until one ends or a signal stops them.
 *
 * The two run in their own process group, so Ctrl+C in the terminal
 * reaches only this process, which ends the window first (it is a client
 * of the display) and then gtk4-broadwayd, killing whichever has not gone
 * a few seconds later. Should this process itself be killed, Linux sends
 * both SIGTERM (PR_SET_PDEATHSIG): no process is left behind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "aiperf-host.h"

#define READY_TIMEOUT_US  (60 * G_USEC_PER_SEC) /* a loaded machine starts slowly */
#define KILL_AFTER_MS     3000

typedef struct {
  GMainLoop *loop;
  char      *address;
  int        port;
  int        display;
  char      *socket_path;
  GStrv      window_argv;   /* program, argv[0], arguments */
  GStrv      window_env;
  GPid       broadwayd;     /* 0 once it has ended */
  GPid       window;        /* 0 before it starts and once it has ended */
  gint64     started;
  guint      ready_source;
  guint      kill_source;
  guint      signal_sources[3];
  gboolean   stopping;
  int        status;        /* -1 until something decides it */
} Host;

static void
say (const char *message)
{
  g_printerr ("aiperf-plot: %s\n", message);
}

/* In the child, before exec: its own process group (the terminal's Ctrl+C
 * is for us), and SIGTERM should we die. */
static void
child_setup (gpointer data)
{
  pid_t parent = GPOINTER_TO_INT (data);

  setpgid (0, 0);
#ifdef __linux__
  prctl (PR_SET_PDEATHSIG, SIGTERM);
#endif
  if (getppid () != parent)
    _exit (127);
}

static char *
describe_wait_status (int wait_status)
{
  if (WIFEXITED (wait_status))
    return g_strdup_printf (_("exit status %d"), WEXITSTATUS (wait_status));
  if (WIFSIGNALED (wait_status))
    return g_strdup_printf (_("killed by signal %d, %s"), WTERMSIG (wait_status), g_strsignal (WTERMSIG (wait_status)));
  return g_strdup_printf (_("wait status %d"), wait_status);
}

static void
finish_if_done (Host *host)
{
  if (host->broadwayd != 0 || host->window != 0)
    return;
  g_clear_handle_id (&host->kill_source, g_source_remove);
  g_clear_handle_id (&host->ready_source, g_source_remove);
  /* gtk4-broadwayd leaves its socket behind when it is ended */
  if (host->socket_path != NULL && !aiperf_host_socket_in_use (host->socket_path))
    g_unlink (host->socket_path);
  g_main_loop_quit (host->loop);
}

static gboolean
kill_the_rest (gpointer data)
{
  Host *host = data;

  host->kill_source = 0;
  if (host->window != 0)
    kill (host->window, SIGKILL);
  if (host->broadwayd != 0)
    kill (host->broadwayd, SIGKILL);
  return G_SOURCE_REMOVE;
}

/* The window first: it is a client of the display. */
static void
stop (Host *host)
{
  host->stopping = TRUE;
  if (host->window != 0)
    kill (host->window, SIGTERM);
  else if (host->broadwayd != 0)
    kill (host->broadwayd, SIGTERM);
  if (host->kill_source == 0)
    host->kill_source = g_timeout_add (KILL_AFTER_MS, kill_the_rest, host);
}

static void
on_window_exit (GPid     pid,
                int      wait_status,
                gpointer data)
{
  Host *host = data;

  g_spawn_close_pid (pid);
  host->window = 0;
  if (host->status < 0)
    {
      g_autofree char *how = describe_wait_status (wait_status);
      g_autofree char *msg = NULL;

      if (WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0)
        {
          host->status = AIPERF_HOST_EXIT_OK;
          msg = g_strdup (_("the window was closed; stopping gtk4-broadwayd"));
        }
      else
        {
          host->status = AIPERF_HOST_EXIT_WINDOW;
          msg = g_strdup_printf (_("the window ended (%s); stopping gtk4-broadwayd"), how);
        }
      say (msg);
    }
  if (host->broadwayd != 0)
    {
      host->stopping = TRUE;
      kill (host->broadwayd, SIGTERM);
      if (host->kill_source == 0)
        host->kill_source = g_timeout_add (KILL_AFTER_MS, kill_the_rest, host);
    }
  finish_if_done (host);
}

static void
on_broadwayd_exit (GPid     pid,
                   int      wait_status,
                   gpointer data)
{
  Host *host = data;

  g_spawn_close_pid (pid);
  host->broadwayd = 0;
  if (host->status < 0 && host->ready_source != 0)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *how = describe_wait_status (wait_status);
      g_autofree char *msg = NULL;

      /* Another server took the port between our look and its bind. */
      if (!aiperf_host_probe_port (host->address, host->port, &error)
          && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
        {
          host->status = AIPERF_HOST_EXIT_USAGE;
          msg = g_strdup_printf (_("port %d is already in use at %s; choose another with --port"),
                                 host->port, host->address);
        }
      else
        {
          host->status = AIPERF_HOST_EXIT_START;
          msg = g_strdup_printf (_("gtk4-broadwayd could not start (%s)"), how);
        }
      say (msg);
    }
  else if (host->status < 0)
    {
      g_autofree char *how = describe_wait_status (wait_status);
      g_autofree char *msg = g_strdup_printf (_("gtk4-broadwayd ended (%s); stopping the window"), how);

      host->status = AIPERF_HOST_EXIT_BROADWAYD;
      say (msg);
    }
  if (host->window != 0)
    stop (host);
  finish_if_done (host);
}

static gboolean
on_signal (gpointer data)
{
  Host *host = data;

  if (host->stopping)
    {
      /* a second Ctrl+C: no more waiting */
      kill_the_rest (host);
      return G_SOURCE_CONTINUE;
    }
  if (host->status < 0)
    host->status = AIPERF_HOST_EXIT_OK;
  say (_("stopping the window and gtk4-broadwayd"));
  stop (host);
  return G_SOURCE_CONTINUE;
}

/* One write: whoever reads the output line by line sees it whole. */
static void
print_instructions (Host *host)
{
  g_autofree char *url = aiperf_host_url (host->address, host->port);
  g_autofree char *target = aiperf_host_connect_text (host->address);
  const char *machine = g_get_host_name ();
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append_printf (text, _("The window is served at %s\n"), url);
  /* the same port on the other computer, its own loopback address */
  g_string_append_printf (text, _("From another computer: ssh -L %d:%s:%d %s\n"
                                  "  then open http://127.0.0.1:%d/ in a browser there.\n"),
                          host->port, target, host->port, machine, host->port);
  g_string_append_printf (text, _("Exports and reports are written on %s, into the folder chosen in the "
                                  "window's dialogs.\n"), machine);
  g_string_append (text, _("Ctrl+C stops the window and gtk4-broadwayd.\n"));
  g_print ("%s", text->str);
}

static gboolean
start_window (Host    *host,
              GError **error)
{
  if (!g_spawn_async_with_pipes_and_fds (NULL, (const char * const *) host->window_argv,
                                         (const char * const *) host->window_env,
                                         G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_FILE_AND_ARGV_ZERO
                                         | G_SPAWN_STDIN_FROM_DEV_NULL,
                                         child_setup, GINT_TO_POINTER (getpid ()),
                                         -1, -1, -1, NULL, NULL, 0,
                                         &host->window, NULL, NULL, NULL, error))
    return FALSE;
  g_child_watch_add (host->window, on_window_exit, host);
  return TRUE;
}

static gboolean
wait_ready (gpointer data)
{
  Host *host = data;
  g_autoptr(GError) error = NULL;

  if (host->broadwayd == 0 || host->stopping)
    {
      host->ready_source = 0;
      finish_if_done (host);
      return G_SOURCE_REMOVE;
    }
  if (!aiperf_host_page_answers (host->address, host->port))
    {
      if (g_get_monotonic_time () - host->started < READY_TIMEOUT_US)
        return G_SOURCE_CONTINUE;
      host->ready_source = 0;
      host->status = AIPERF_HOST_EXIT_START;
      say (_("gtk4-broadwayd did not answer within a minute"));
      stop (host);
      return G_SOURCE_REMOVE;
    }
  host->ready_source = 0;
  if (!start_window (host, &error))
    {
      g_autofree char *msg = g_strdup_printf (_("cannot start the window (%s): %s"),
                                              host->window_argv[0], error->message);

      host->status = AIPERF_HOST_EXIT_START;
      say (msg);
      stop (host);
      return G_SOURCE_REMOVE;
    }
  print_instructions (host);
  return G_SOURCE_REMOVE;
}

static gboolean
start_broadwayd (Host       *host,
                 const char *program,
                 GError    **error)
{
  g_autofree char *port = g_strdup_printf ("%d", host->port);
  g_autofree char *display = g_strdup_printf (":%d", host->display);
  const char *argv[] = { program, "--port", port, "--address", host->address, display, NULL };

  /* its stdout only says which socket it listens on */
  if (!g_spawn_async_with_pipes_and_fds (NULL, argv, NULL,
                                         G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL
                                         | G_SPAWN_STDIN_FROM_DEV_NULL,
                                         child_setup, GINT_TO_POINTER (getpid ()),
                                         -1, -1, -1, NULL, NULL, 0,
                                         &host->broadwayd, NULL, NULL, NULL, error))
    return FALSE;
  g_child_watch_add (host->broadwayd, on_broadwayd_exit, host);
  return TRUE;
}

/* The window's command line: argv[0] as given (GLib names the program
 * after it), --watch when asked, then what --host did not take. */
static GStrv
window_command (const char *program,
                char      **argv,
                gboolean    watch)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_add (builder, program);
  g_strv_builder_add (builder, argv[0]);
  if (watch)
    g_strv_builder_add (builder, "--watch");
  for (int i = 1; argv[i] != NULL; i++)
    g_strv_builder_add (builder, argv[i]);
  return g_strv_builder_end (builder);
}

static GStrv
window_environment (int display)
{
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *value = g_strdup_printf (":%d", display);

  env = g_environ_setenv (env, "GDK_BACKEND", "broadway", TRUE);
  env = g_environ_setenv (env, "BROADWAY_DISPLAY", value, TRUE);
  /* nothing the window starts (a folder, a report) opens on a desktop of
   * this machine that the browser's user cannot see */
  env = g_environ_unsetenv (env, "DISPLAY");
  env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
  return g_steal_pointer (&env);
}

static int
usage_error (const char *message)
{
  say (message);
  return AIPERF_HOST_EXIT_USAGE;
}

int
aiperf_host_main (int         argc,
                  char      **argv,
                  const char *window_program)
{
  gboolean host_flag = FALSE, watch = FALSE;
  int port = AIPERF_HOST_DEFAULT_PORT;
  g_autofree char *address = NULL, *warning = NULL, *broadwayd = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = g_strdupv (argv);
  const GOptionEntry entries[] = {
    { "host", 0, 0, G_OPTION_ARG_NONE, &host_flag,
      N_("Serve the window to a web browser through gtk4-broadwayd"), NULL },
    { "port", 'p', 0, G_OPTION_ARG_INT, &port,
      N_("The port to serve on (default 8080)"), N_("N") },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address,
      N_("The address to listen on (default 127.0.0.1, this machine only)"), N_("ADDR") },
    { "watch", 0, 0, G_OPTION_ARG_NONE, &watch,
      N_("Load runs that appear in the opened folders while the window is open"), NULL },
    { NULL }
  };
  Host host = { .status = -1 };
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };

  g_return_val_if_fail (window_program != NULL, AIPERF_HOST_EXIT_START);

  context = g_option_context_new (_("[PATH…]"));
  g_option_context_set_summary (context,
    _("Serves the window to a web browser: gtk4-broadwayd on a free display and the given "
      "port, the window on that display, for results on a machine with no desktop."));
  g_option_context_set_description (context,
    _("The page has no password: by default only this machine (127.0.0.1) can open it; from "
      "another computer, forward the port with ssh -L. --address with another address makes the "
      "results visible to anyone who can reach it.\n"
      "Exit status: 0 when stopped (Ctrl+C, SIGTERM) or the window was closed, 1 when it could "
      "not start, 2 for a bad option or a port in use, 3 when the window failed, 4 when "
      "gtk4-broadwayd did."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  /* the window's own options and the paths go on to the window */
  g_option_context_set_ignore_unknown_options (context, TRUE);
  if (!g_option_context_parse_strv (context, &args, &error))
    return usage_error (error->message);
  if (port < 1 || port > 65535)
    {
      g_autofree char *msg = g_strdup_printf (_("--port %d: a port is a number from 1 to 65535"), port);

      return usage_error (msg);
    }
  if (address == NULL)
    address = g_strdup (AIPERF_HOST_DEFAULT_ADDRESS);
  if (!aiperf_host_check_address (address, &warning, &error))
    return usage_error (error->message);

  broadwayd = g_find_program_in_path (AIPERF_HOST_BROADWAYD);
  if (broadwayd == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("%s is not installed; it comes with the package %s "
                                                "(Debian, Ubuntu: sudo apt install %s; Fedora: gtk4)"),
                                              AIPERF_HOST_BROADWAYD, AIPERF_HOST_PACKAGE,
                                              AIPERF_HOST_PACKAGE);

      say (msg);
      return AIPERF_HOST_EXIT_START;
    }
  if (!g_file_test (window_program, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_autofree char *msg = g_strdup_printf (_("cannot start the window: %s is not there"), window_program);

      say (msg);
      return AIPERF_HOST_EXIT_START;
    }
  if (!aiperf_host_probe_port (address, port, &error))
    {
      g_autofree char *msg = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
        msg = g_strdup_printf (_("port %d is already in use at %s (another aiperf-plot --host, or "
                                 "another server); choose another with --port"), port, address);
      else
        msg = g_strdup_printf (_("cannot listen on port %d at %s: %s"), port, address, error->message);
      return usage_error (msg);
    }
  if (warning != NULL)
    say (warning);

  host.display = aiperf_host_free_display (g_get_user_runtime_dir (), &host.socket_path);
  if (host.display < 0)
    {
      say (_("no free Broadway display: every one from :1 to :99 is in use"));
      return AIPERF_HOST_EXIT_START;
    }
  host.loop = g_main_loop_new (NULL, FALSE);
  host.address = address;
  host.port = port;
  host.window_argv = window_command (window_program, args, watch);
  host.window_env = window_environment (host.display);
  host.started = g_get_monotonic_time ();
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    host.signal_sources[i] = g_unix_signal_add (signals[i], on_signal, &host);

  if (!start_broadwayd (&host, broadwayd, &error))
    {
      g_autofree char *msg = g_strdup_printf (_("cannot start %s: %s"), broadwayd, error->message);

      say (msg);
      host.status = AIPERF_HOST_EXIT_START;
    }
  else
    {
      host.ready_source = g_timeout_add (100, wait_ready, &host);
      g_main_loop_run (host.loop);
    }

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_source_remove (host.signal_sources[i]);
  g_main_loop_unref (host.loop);
  g_strfreev (host.window_argv);
  g_strfreev (host.window_env);
  g_free (host.socket_path);
  return host.status < 0 ? AIPERF_HOST_EXIT_OK : host.status;
}
