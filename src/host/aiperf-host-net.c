/* aiperf-host-net.c — what --host checks before it starts anything: the
 * address it may listen on, whether the port is free, a free Broadway
 * display, the URL to print.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gunixsocketaddress.h>
#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-host.h"

gboolean
aiperf_host_check_address (const char  *address,
                           char       **warning,
                           GError     **error)
{
  g_autoptr(GInetAddress) inet = NULL;

  g_return_val_if_fail (address != NULL, FALSE);

  if (warning != NULL)
    *warning = NULL;
  inet = g_inet_address_new_from_string (address);
  if (inet == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--address %s: not an IPv4 or IPv6 address (such as 127.0.0.1)"), address);
      return FALSE;
    }
  if (g_inet_address_get_is_loopback (inet) || warning == NULL)
    return TRUE;
  /* Broadway has no password: whoever reaches the port gets the window,
   * its results, its file dialogs and what they can write. */
  if (g_inet_address_get_is_any (inet))
    *warning = g_strdup_printf (_("Warning: listening on %s, every network interface of this machine. "
                                  "The browser window has no password: anyone who can reach this "
                                  "machine can see the results and use the window, including its "
                                  "file dialogs."), address);
  else
    *warning = g_strdup_printf (_("Warning: listening on %s, not only on this machine. The browser "
                                  "window has no password: anyone who can reach %s can see the "
                                  "results and use the window, including its file dialogs."),
                                address, address);
  return TRUE;
}

static GSocketAddress *
socket_address (const char *address,
                guint16     port,
                gboolean    for_connecting)
{
  g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (address);

  if (inet == NULL)
    return NULL;
  if (for_connecting && g_inet_address_get_is_any (inet))
    {
      GSocketFamily family = g_inet_address_get_family (inet);

      g_clear_object (&inet);
      inet = g_inet_address_new_loopback (family);
    }
  return g_inet_socket_address_new (inet, port);
}

gboolean
aiperf_host_probe_port (const char  *address,
                        guint16      port,
                        GError     **error)
{
  g_autoptr(GSocketAddress) where = socket_address (address, port, FALSE);
  g_autoptr(GSocket) sock = NULL;

  g_return_val_if_fail (address != NULL, FALSE);

  if (where == NULL)
    return aiperf_host_check_address (address, NULL, error);
  sock = g_socket_new (g_socket_address_get_family (where), G_SOCKET_TYPE_STREAM,
                       G_SOCKET_PROTOCOL_TCP, error);
  if (sock == NULL)
    return FALSE;
  /* As gtk4-broadwayd binds (SO_REUSEADDR): a port that only lingers in
   * TIME_WAIT is free for it, one that a server listens on is not. */
  if (!g_socket_bind (sock, where, TRUE, error))
    return FALSE;
  return g_socket_close (sock, error);
}

gboolean
aiperf_host_page_answers (const char *address,
                          guint16     port)
{
  static const char request[] = "GET / HTTP/1.0\r\n\r\n";
  g_autoptr(GSocketAddress) where = socket_address (address, port, TRUE);
  g_autoptr(GSocket) sock = NULL;
  char reply[64] = "";
  gssize got = 0, n;

  if (where == NULL)
    return FALSE;
  sock = g_socket_new (g_socket_address_get_family (where), G_SOCKET_TYPE_STREAM,
                       G_SOCKET_PROTOCOL_TCP, NULL);
  if (sock == NULL)
    return FALSE;
  g_socket_set_timeout (sock, 5);
  /* a whole request: gtk4-broadwayd complains about a connection that
   * sends none */
  if (g_socket_connect (sock, where, NULL, NULL)
      && g_socket_send (sock, request, sizeof request - 1, NULL, NULL) == sizeof request - 1)
    while (got < (gssize) sizeof reply - 1
           && (n = g_socket_receive (sock, reply + got, sizeof reply - 1 - got, NULL, NULL)) > 0)
      got += n;
  g_socket_close (sock, NULL);
  reply[got] = '\0';
  return g_str_has_prefix (reply, "HTTP/1.") && strstr (reply, " 200 ") != NULL;
}

gboolean
aiperf_host_socket_in_use (const char *path)
{
  g_autoptr(GSocketAddress) where = NULL;
  g_autoptr(GSocket) sock = NULL;
  gboolean used;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return FALSE;
  where = g_unix_socket_address_new (path);
  sock = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, NULL);
  if (sock == NULL)
    return TRUE;
  used = g_socket_connect (sock, where, NULL, NULL);
  g_socket_close (sock, NULL);
  return used;
}

int
aiperf_host_free_display (const char  *runtime_dir,
                          char       **socket_path)
{
  g_return_val_if_fail (runtime_dir != NULL, -1);

  /* Display :N of GTK 4's Broadway listens for its programs on
   * broadway<N+1>.socket in the user's runtime folder; :0 is the one a
   * user starts by hand without a number, so it is left to them. */
  for (int display = 1; display < 100; display++)
    {
      g_autofree char *name = g_strdup_printf ("broadway%d.socket", display + 1);
      g_autofree char *path = g_build_filename (runtime_dir, name, NULL);

      if (!aiperf_host_socket_in_use (path))
        {
          if (socket_path != NULL)
            *socket_path = g_steal_pointer (&path);
          return display;
        }
    }
  return -1;
}

char *
aiperf_host_connect_text (const char *address)
{
  g_autoptr(GInetAddress) inet = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (address != NULL, NULL);

  inet = g_inet_address_new_from_string (address);
  if (inet == NULL)
    return g_strdup (address);
  if (g_inet_address_get_is_any (inet))
    {
      GSocketFamily family = g_inet_address_get_family (inet);

      g_clear_object (&inet);
      inet = g_inet_address_new_loopback (family);
    }
  text = g_inet_address_to_string (inet);
  if (g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV6)
    return g_strdup_printf ("[%s]", text);
  return g_steal_pointer (&text);
}

char *
aiperf_host_url (const char *address,
                 guint16     port)
{
  g_autofree char *host = NULL;

  g_return_val_if_fail (address != NULL, NULL);

  host = aiperf_host_connect_text (address);
  return g_strdup_printf ("http://%s:%u/", host, port);
}
