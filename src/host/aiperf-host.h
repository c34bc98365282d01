/* aiperf-host.h — aiperf-plot --host: the window served to a web browser
 * through GTK's Broadway backend (gtk4-broadwayd), for results that sit on
 * a machine with no desktop.
 *
 * GLib and GIO only: aiperf-plot, which links no GTK, starts
 * gtk4-broadwayd and the window program with the environment that puts the
 * window on that display, and watches both.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Exit statuses of aiperf-plot --host. */
enum {
  AIPERF_HOST_EXIT_OK         = 0, /* Ctrl+C, SIGTERM or SIGHUP; or the window was closed */
  AIPERF_HOST_EXIT_START      = 1, /* could not start: no gtk4-broadwayd, no free display, … */
  AIPERF_HOST_EXIT_USAGE      = 2, /* bad option, or the port is in use */
  AIPERF_HOST_EXIT_WINDOW     = 3, /* the window failed or was killed: gtk4-broadwayd ended */
  AIPERF_HOST_EXIT_BROADWAYD  = 4, /* gtk4-broadwayd ended: the window ended */
};

#define AIPERF_HOST_DEFAULT_PORT    8080
#define AIPERF_HOST_DEFAULT_ADDRESS "127.0.0.1"
#define AIPERF_HOST_BROADWAYD       "gtk4-broadwayd"
#define AIPERF_HOST_PACKAGE         "libgtk-4-bin"

/* aiperf-plot --host [--port N] [--address ADDR] [--watch] [PATH…]: runs
 * until the window or gtk4-broadwayd ends or a signal asks it to stop;
 * returns one of the statuses above. @window_program is the window's
 * executable; its argv[0] stays @argv[0]. */
int aiperf_host_main (int         argc,
                      char      **argv,
                      const char *window_program);

/* What listening on @address means. Returns FALSE with a usage error when
 * it is not an IPv4 or IPv6 address; otherwise sets @warning (nullable out)
 * to NULL for a loopback address, else to the sentence to print. */
gboolean aiperf_host_check_address (const char  *address,
                                    char       **warning,
                                    GError     **error);

/* Whether @port can be listened on at @address now: FALSE with
 * G_IO_ERROR_ADDRESS_IN_USE when something else listens there. */
gboolean aiperf_host_probe_port    (const char  *address,
                                    guint16      port,
                                    GError     **error);

/* Whether a web server answers GET / on @port with 200 (at @address, or
 * at the loopback address when @address listens on every interface). */
gboolean aiperf_host_page_answers  (const char  *address,
                                    guint16      port);

/* Whether a program accepts connections on the Unix socket @path. A
 * socket file that nothing accepts on is left over from a gtk4-broadwayd
 * that was ended (it does not remove it). */
gboolean aiperf_host_socket_in_use (const char  *path);

/* The first Broadway display number, from 1, whose client socket in
 * @runtime_dir is not held by a running gtk4-broadwayd; -1 when there is
 * none below 100. @socket_path (nullable out) is that socket's path. */
int      aiperf_host_free_display  (const char  *runtime_dir,
                                    char       **socket_path);

/* @address as a client names it: the loopback address for a wildcard one,
 * IPv6 in brackets ("127.0.0.1", "[::1]"). */
char    *aiperf_host_connect_text  (const char  *address);

/* The URL to open, http://ADDR:PORT/ with ADDR as above. */
char    *aiperf_host_url           (const char  *address,
                                    guint16      port);

G_END_DECLS
