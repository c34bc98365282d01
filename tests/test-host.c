/* test-host.c — aiperf-plot --host as a user runs it: on a free port of
 * 127.0.0.1, the page fetched with a plain HTTP client, the window with
 * the sweep's charts seen in headless Chromium (driven over its DevTools
 * pipe, screenshots until the chart's series colour shows), a second
 * instance on the same port refused, Ctrl+C ending every process, and the
 * other process ended when one of the two dies.
 *
 * The last screenshot is kept as tests/test-host-window.png in the build
 * folder, to look at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo.h>
#include <errno.h>
#include <gio/gio.h>
#include <gio/gunixsocketaddress.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aiperf-host.h"
#include "aiperf-test-util.h"
#include "browser-test-util.h"

#define WAIT_US (120 * G_USEC_PER_SEC) /* generous: a loaded 2-core machine */

static char *tmp_root;
static char *runtime_dir;
static char *sweep;

/* --- processes --------------------------------------------------------- */

typedef struct {
  GPid     pid;
  int      out_fd, err_fd;
  GString *out, *err;
  int      wait_status;
  gboolean exited;
} Host;

static GStrv
host_environment (const char *path)
{
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *home = g_build_filename (tmp_root, "home", NULL);

  env = g_environ_unsetenv (env, "DISPLAY");
  env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  env = g_environ_setenv (env, "HOME", home, TRUE);
  /* the Broadway sockets of this test, in a folder of its own */
  env = g_environ_setenv (env, "XDG_RUNTIME_DIR", runtime_dir, TRUE);
  if (path != NULL)
    env = g_environ_setenv (env, "PATH", path, TRUE);
  return g_steal_pointer (&env);
}

/* Should this test die, the launcher gets SIGTERM and ends its two. */
static void
die_with_test (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
host_start (Host       *host,
            const char *path_env,
            ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = host_environment (path_env);
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("AIPERF_PLOT_EXE"));
  g_ptr_array_add (argv, (gpointer) "--host");
  va_start (args, path_env);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  *host = (Host) { .out = g_string_new (NULL), .err = g_string_new (NULL) };
  g_spawn_async_with_pipes (NULL, (char **) argv->pdata, env, G_SPAWN_DO_NOT_REAP_CHILD, die_with_test, NULL,
                            &host->pid, NULL, &host->out_fd, &host->err_fd, &error);
  g_assert_no_error (error);
  g_unix_set_fd_nonblocking (host->out_fd, TRUE, NULL);
  g_unix_set_fd_nonblocking (host->err_fd, TRUE, NULL);
}

static void
drain (int fd, GString *into)
{
  char buf[4096];
  gssize n;

  while (fd >= 0 && (n = read (fd, buf, sizeof buf)) > 0)
    g_string_append_len (into, buf, n);
}

/* Polls (never sleeps blind) until @done or the launcher exits. */
static gboolean
host_poll (Host     *host,
           gboolean (*done) (Host *host, gpointer data),
           gpointer  data,
           gint64    timeout_us)
{
  gint64 end = g_get_monotonic_time () + timeout_us;

  while (g_get_monotonic_time () < end)
    {
      struct pollfd fds[2] = { { host->out_fd, POLLIN, 0 }, { host->err_fd, POLLIN, 0 } };

      poll (fds, 2, 100);
      drain (host->out_fd, host->out);
      drain (host->err_fd, host->err);
      if (!host->exited && waitpid (host->pid, &host->wait_status, WNOHANG) == host->pid)
        host->exited = TRUE;
      if (done != NULL && done (host, data))
        return TRUE;
      if (host->exited)
        {
          drain (host->out_fd, host->out);
          drain (host->err_fd, host->err);
          return done != NULL ? done (host, data) : TRUE;
        }
    }
  return FALSE;
}

static gboolean
printed (Host    *host,
         gpointer text)
{
  return strstr (host->out->str, text) != NULL;
}

static void
host_finish (Host *host)
{
  if (!host->exited)
    {
      kill (host->pid, SIGKILL);
      waitpid (host->pid, &host->wait_status, 0);
    }
  g_test_message ("launcher stdout:\n%s\nstderr:\n%s", host->out->str, host->err->str);
  close (host->out_fd);
  close (host->err_fd);
  g_string_free (host->out, TRUE);
  g_string_free (host->err, TRUE);
  g_spawn_close_pid (host->pid);
}

/* A running process whose parent is @parent and whose name is @comm
 * (15 characters at most, as the kernel keeps it); 0 when there is none. */
static GPid
child_named (GPid        parent,
             const char *comm)
{
  g_autoptr(GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;

  while (proc != NULL && (name = g_dir_read_name (proc)) != NULL)
    {
      g_autofree char *stat_path = g_build_filename ("/proc", name, "stat", NULL);
      g_autofree char *stat = NULL;
      const char *open_paren, *close_paren;
      char state;
      int ppid;

      if (!g_ascii_isdigit (name[0]) || !g_file_get_contents (stat_path, &stat, NULL, NULL))
        continue;
      open_paren = strchr (stat, '(');
      close_paren = strrchr (stat, ')');
      if (open_paren == NULL || close_paren == NULL
          || sscanf (close_paren + 1, " %c %d", &state, &ppid) != 2)
        continue;
      if (ppid == parent && state != 'Z'
          && strncmp (open_paren + 1, comm, close_paren - open_paren - 1) == 0
          && (size_t) (close_paren - open_paren - 1) == strlen (comm))
        return atoi (name);
    }
  return 0;
}

static gboolean
process_gone (GPid pid)
{
  g_autofree char *stat_path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *stat = NULL;
  const char *close_paren;

  if (!g_file_get_contents (stat_path, &stat, NULL, NULL))
    return TRUE;
  close_paren = strrchr (stat, ')');
  /* a zombie has ended; only its parent's wait is missing */
  return close_paren != NULL && close_paren[2] == 'Z';
}

static gboolean
wait_gone (GPid   pid,
           gint64 timeout_us)
{
  gint64 end = g_get_monotonic_time () + timeout_us;

  while (!process_gone (pid))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_usleep (50 * 1000);
    }
  return TRUE;
}

static guint16
free_port (void)
{
  g_autoptr(GSocket) sock = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) any_port = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;
  g_autoptr(GError) error = NULL;
  guint16 port;

  g_socket_bind (sock, any_port, FALSE, &error);
  g_assert_no_error (error);
  bound = g_socket_get_local_address (sock, &error);
  g_assert_no_error (error);
  port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  g_socket_close (sock, NULL);
  return port;
}

/* --- a plain HTTP client ---------------------------------------------- */

static char *
http_get (guint16     port,
          const char *path)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) conn = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *request = g_strdup_printf ("GET %s HTTP/1.0\r\nHost: 127.0.0.1:%u\r\n\r\n", path, port);
  GString *reply = g_string_new (NULL);
  char buf[4096];
  gssize n;

  g_socket_client_set_timeout (client, 30);
  conn = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (conn)), request, strlen (request),
                             NULL, NULL, &error);
  g_assert_no_error (error);
  while ((n = g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (conn)), buf, sizeof buf,
                                   NULL, &error)) > 0)
    {
      g_string_append_len (reply, buf, n);
      if (strstr (reply->str, "</html>") != NULL)
        break;
    }
  g_assert_no_error (error);
  return g_string_free (reply, FALSE);
}

typedef struct {
  guint series;   /* the first series' colour, #4C72B0 */
  guint plotted;  /* the same, right of the sidebar: the chart's line and points */
  guint dark;     /* text and axes */
} Census;

static Census
count_pixels (cairo_surface_t *surface)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data = cairo_image_surface_get_data (surface);
  Census c = { 0 };

  cairo_surface_flush (surface);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 px = *(const guint32 *) (data + y * stride + x * 4);
        int r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, bl = px & 0xff;

        if (ABS (r - 0x4c) <= 12 && ABS (g - 0x72) <= 12 && ABS (bl - 0xb0) <= 12)
          {
            c.series++;
            c.plotted += x > w / 3;
          }
        if (r < 80 && g < 80 && bl < 80)
          c.dark++;
      }
  return c;
}

/* --- the tests --------------------------------------------------------- */

static gboolean
have (const char *program)
{
  g_autofree char *path = g_find_program_in_path (program);

  return path != NULL;
}

static void
assert_window_drawn (guint16 port)
{
  g_autofree char *chromium = g_find_program_in_path ("chromium");
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u/", port);
  g_autofree char *keep = g_test_build_filename (G_TEST_BUILT, "test-host-window.png", NULL);
  g_autofree char *profile = g_build_filename (tmp_root, "chromium-profile", NULL);
  g_autoptr(GBytes) png = NULL;
  gint64 end = g_get_monotonic_time () + WAIT_US;
  Browser browser;
  Census c = { 0 };
  int shots = 0;

  if (chromium == NULL)
    chromium = g_find_program_in_path ("chromium-browser");
  if (chromium == NULL)
    {
      g_test_message ("chromium is not installed: the page is not opened in a browser");
      return;
    }
  browser_open (&browser, chromium, profile, url);
  /* The window draws once it has loaded the sweep: screenshots until the
   * Pareto line (several hundred pixels of the series colour) is there. */
  while (g_get_monotonic_time () < end)
    {
      cairo_surface_t *surface;

      g_clear_pointer (&png, g_bytes_unref);
      surface = browser_screenshot (&browser, &png);
      c = count_pixels (surface);
      shots++;
      cairo_surface_destroy (surface);
      if (c.plotted >= 600 && c.dark >= 2000)
        break;
      g_usleep (500 * 1000);
    }
  browser_close (&browser);
  g_file_set_contents (keep, g_bytes_get_data (png, NULL), g_bytes_get_size (png), NULL);
  g_test_message ("%d screenshot(s); the last (%s): %u series-coloured pixels, %u in the chart, %u dark",
                  shots, keep, c.series, c.plotted, c.dark);
  /* the Pareto line from concurrency 1 to 4 and its points (about 1500
   * pixels in a 1280x900 page), the run rows' swatches, text */
  g_assert_cmpuint (c.plotted, >=, 600);
  g_assert_cmpuint (c.series, >, c.plotted);
  g_assert_cmpuint (c.dark, >=, 2000);
}

static void
test_serve (void)
{
  guint16 port;
  g_autofree char *port_text = NULL, *url_line = NULL, *ssh_line = NULL, *page = NULL;
  g_autofree char *busy = NULL, *socket_path = g_build_filename (runtime_dir, "broadway2.socket", NULL);
  g_autoptr(GError) error = NULL;
  GPid broadwayd, window;
  Host host, second;

  if (!have (AIPERF_HOST_BROADWAYD))
    {
      g_test_skip ("gtk4-broadwayd (libgtk-4-bin) is not installed");
      return;
    }
  port = free_port ();
  port_text = g_strdup_printf ("%u", port);
  host_start (&host, NULL, "--port", port_text, sweep, NULL);
  url_line = g_strdup_printf ("The window is served at http://127.0.0.1:%u/\n", port);
  ssh_line = g_strdup_printf ("ssh -L %u:127.0.0.1:%u ", port, port);
  g_assert_true (host_poll (&host, printed, "Ctrl+C stops the window and gtk4-broadwayd.\n", WAIT_US));
  g_assert_nonnull (strstr (host.out->str, url_line));
  g_assert_nonnull (strstr (host.out->str, ssh_line));
  g_assert_false (host.exited);

  broadwayd = child_named (host.pid, "gtk4-broadwayd");
  window = child_named (host.pid, "aiperf-plot-win");
  g_assert_cmpint (broadwayd, >, 0);
  g_assert_cmpint (window, >, 0);
  /* the first free display, :1, in this test's runtime folder */
  g_assert_true (g_file_test (socket_path, G_FILE_TEST_EXISTS));

  /* the Broadway client page */
  page = http_get (port, "/");
  g_assert_true (g_str_has_prefix (page, "HTTP/1.1 200 ") || g_str_has_prefix (page, "HTTP/1.0 200 "));
  g_assert_nonnull (strstr (page, "broadway.js"));
  g_assert_nonnull (strstr (page, "connect()"));

  assert_window_drawn (port);

  /* a second instance on the same port: refused, the first untouched */
  host_start (&second, NULL, "--port", port_text, sweep, NULL);
  g_assert_true (host_poll (&second, NULL, NULL, WAIT_US));
  g_assert_true (second.exited);
  g_assert_true (WIFEXITED (second.wait_status));
  g_assert_cmpint (WEXITSTATUS (second.wait_status), ==, AIPERF_HOST_EXIT_USAGE);
  busy = g_strdup_printf ("port %u is already in use", port);
  g_assert_nonnull (strstr (second.err->str, busy));
  g_assert_cmpstr (second.out->str, ==, "");
  host_finish (&second);
  g_assert_false (process_gone (host.pid));
  g_assert_false (process_gone (broadwayd));
  g_assert_false (process_gone (window));

  /* Ctrl+C: both gone within seconds, status 0, the port and socket free */
  g_assert_no_errno (kill (host.pid, SIGINT));
  g_assert_true (host_poll (&host, NULL, NULL, 30 * G_USEC_PER_SEC));
  g_assert_true (host.exited);
  g_assert_true (WIFEXITED (host.wait_status));
  g_assert_cmpint (WEXITSTATUS (host.wait_status), ==, AIPERF_HOST_EXIT_OK);
  g_assert_true (wait_gone (broadwayd, 10 * G_USEC_PER_SEC));
  g_assert_true (wait_gone (window, 10 * G_USEC_PER_SEC));
  g_assert_nonnull (strstr (host.err->str, "stopping the window and gtk4-broadwayd"));
  g_assert_false (g_file_test (socket_path, G_FILE_TEST_EXISTS));
  aiperf_host_probe_port ("127.0.0.1", port, &error);
  g_assert_no_error (error);
  host_finish (&host);
}

/* If one of the two dies, the other is ended and the status says which. */
static void
test_one_dies (gconstpointer data)
{
  gboolean kill_window = GPOINTER_TO_INT (data);
  g_autofree char *port_text = g_strdup_printf ("%u", free_port ());
  GPid broadwayd, window;
  Host host;

  if (!have (AIPERF_HOST_BROADWAYD))
    {
      g_test_skip ("gtk4-broadwayd (libgtk-4-bin) is not installed");
      return;
    }
  host_start (&host, NULL, "--port", port_text, sweep, NULL);
  g_assert_true (host_poll (&host, printed, "Ctrl+C stops the window and gtk4-broadwayd.\n", WAIT_US));
  broadwayd = child_named (host.pid, "gtk4-broadwayd");
  window = child_named (host.pid, "aiperf-plot-win");
  g_assert_cmpint (broadwayd, >, 0);
  g_assert_cmpint (window, >, 0);

  g_assert_no_errno (kill (kill_window ? window : broadwayd, SIGKILL));
  g_assert_true (host_poll (&host, NULL, NULL, 30 * G_USEC_PER_SEC));
  g_assert_true (WIFEXITED (host.wait_status));
  g_assert_true (wait_gone (broadwayd, 10 * G_USEC_PER_SEC));
  g_assert_true (wait_gone (window, 10 * G_USEC_PER_SEC));
  if (kill_window)
    {
      g_assert_cmpint (WEXITSTATUS (host.wait_status), ==, AIPERF_HOST_EXIT_WINDOW);
      g_assert_nonnull (strstr (host.err->str, "the window ended (killed by signal 9"));
    }
  else
    {
      g_assert_cmpint (WEXITSTATUS (host.wait_status), ==, AIPERF_HOST_EXIT_BROADWAYD);
      g_assert_nonnull (strstr (host.err->str, "gtk4-broadwayd ended (killed by signal 9"));
    }
  host_finish (&host);
}

static void
test_no_broadwayd (void)
{
  g_autofree char *empty = g_build_filename (tmp_root, "empty-bin", NULL);
  Host host;

  g_mkdir_with_parents (empty, 0700);
  host_start (&host, empty, "--port", "8080", sweep, NULL);
  g_assert_true (host_poll (&host, NULL, NULL, WAIT_US));
  g_assert_true (WIFEXITED (host.wait_status));
  g_assert_cmpint (WEXITSTATUS (host.wait_status), ==, AIPERF_HOST_EXIT_START);
  g_assert_nonnull (strstr (host.err->str, "gtk4-broadwayd is not installed; it comes with the package libgtk-4-bin"));
  host_finish (&host);
}

static void
test_bad_options (void)
{
  static const char *cases[][3] = {
    { "--port", "0", "--port 0: a port is a number from 1 to 65535" },
    { "--port", "65536", "--port 65536: a port is a number from 1 to 65535" },
    { "--address", "example.org", "--address example.org: not an IPv4 or IPv6 address" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Host host;

      host_start (&host, NULL, cases[i][0], cases[i][1], sweep, NULL);
      g_assert_true (host_poll (&host, NULL, NULL, WAIT_US));
      g_assert_true (WIFEXITED (host.wait_status));
      g_assert_cmpint (WEXITSTATUS (host.wait_status), ==, AIPERF_HOST_EXIT_USAGE);
      g_assert_nonnull (strstr (host.err->str, cases[i][2]));
      host_finish (&host);
    }
}

/* Listening elsewhere than on this machine warns; nothing here listens on
 * such an address (the tests stay on 127.0.0.1), the check is asked. */
static void
test_address (void)
{
  g_autoptr(GError) error = NULL;
  static const char *urls[][2] = {
    { "127.0.0.1", "http://127.0.0.1:8080/" },
    { "::1", "http://[::1]:8080/" },
    { "0.0.0.0", "http://127.0.0.1:8080/" },
    { "192.0.2.7", "http://192.0.2.7:8080/" },
  };
  char *warning = NULL;
  char *url;

  g_assert_true (aiperf_host_check_address ("127.0.0.1", &warning, &error));
  g_assert_null (warning);
  g_assert_true (aiperf_host_check_address ("::1", &warning, &error));
  g_assert_null (warning);
  g_assert_true (aiperf_host_check_address ("192.0.2.7", &warning, &error));
  g_assert_nonnull (strstr (warning, "listening on 192.0.2.7"));
  g_assert_nonnull (strstr (warning, "no password"));
  g_clear_pointer (&warning, g_free);
  g_assert_true (aiperf_host_check_address ("0.0.0.0", &warning, &error));
  g_assert_nonnull (strstr (warning, "every network interface"));
  g_clear_pointer (&warning, g_free);
  g_assert_no_error (error);
  g_assert_false (aiperf_host_check_address ("localhost", &warning, &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);

  for (guint i = 0; i < G_N_ELEMENTS (urls); i++)
    {
      url = aiperf_host_url (urls[i][0], 8080);
      g_assert_cmpstr (url, ==, urls[i][1]);
      g_free (url);
    }
  url = aiperf_host_connect_text ("::");
  g_assert_cmpstr (url, ==, "[::1]");
  g_free (url);
}

/* A socket left by a killed gtk4-broadwayd does not hold its display. */
static void
test_free_display (void)
{
  g_autofree char *dir = g_build_filename (tmp_root, "displays", NULL);
  g_autofree char *stale = g_build_filename (dir, "broadway2.socket", NULL);
  g_autofree char *path = NULL;
  g_autoptr(GSocket) live = NULL;
  g_autoptr(GSocketAddress) where = NULL;
  g_autoptr(GError) error = NULL;

  g_mkdir_with_parents (dir, 0700);
  g_assert_cmpint (aiperf_host_free_display (dir, &path), ==, 1);
  g_clear_pointer (&path, g_free);
  /* a listening socket for :1 */
  live = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, &error);
  g_assert_no_error (error);
  where = g_unix_socket_address_new (stale);
  g_socket_bind (live, where, FALSE, &error);
  g_assert_no_error (error);
  g_socket_listen (live, &error);
  g_assert_no_error (error);
  g_assert_cmpint (aiperf_host_free_display (dir, &path), ==, 2);
  g_assert_true (g_str_has_suffix (path, "/broadway3.socket"));
  g_clear_pointer (&path, g_free);
  /* closed, its file stays: :1 is free again */
  g_socket_close (live, NULL);
  g_assert_true (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_cmpint (aiperf_host_free_display (dir, &path), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_root = g_dir_make_tmp ("aiperf-host-XXXXXX", NULL);
  runtime_dir = g_build_filename (tmp_root, "runtime", NULL);
  g_mkdir_with_parents (runtime_dir, 0700);
  sweep = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "examples", "qwen-sweep", NULL);

  g_test_add_func ("/aiperf/cli/host/address", test_address);
  g_test_add_func ("/aiperf/cli/host/free-display", test_free_display);
  g_test_add_func ("/aiperf/cli/host/bad-options", test_bad_options);
  g_test_add_func ("/aiperf/cli/host/no-broadwayd", test_no_broadwayd);
  g_test_add_func ("/aiperf/cli/host/serve", test_serve);
  g_test_add_data_func ("/aiperf/cli/host/window-dies", GINT_TO_POINTER (TRUE), test_one_dies);
  g_test_add_data_func ("/aiperf/cli/host/broadwayd-dies", GINT_TO_POINTER (FALSE), test_one_dies);
  status = g_test_run ();
  aiperf_test_remove_tree (tmp_root);
  g_free (tmp_root);
  g_free (runtime_dir);
  g_free (sweep);
  return status;
}
