/* browser-test-util.h — headless Chromium driven over its DevTools pipe
 * (--remote-debugging-pipe: JSON messages ending in a NUL byte on file
 * descriptors 3 and 4), for tests that look at a page as a user would:
 * open it, wait, take screenshots.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <json-glib/json-glib.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  GPid     pid;
  int      to_fd, from_fd;
  GString *buf;
  int      next_id;
  char    *session;
} Browser;

static inline JsonNode *
browser_call (Browser    *b,
              const char *method,
              const char *params)
{
  g_autofree char *msg = NULL;
  int id = ++b->next_id;
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  gsize len;

  if (b->session != NULL)
    msg = g_strdup_printf ("{\"id\":%d,\"method\":\"%s\",\"params\":%s,\"sessionId\":\"%s\"}",
                           id, method, params, b->session);
  else
    msg = g_strdup_printf ("{\"id\":%d,\"method\":\"%s\",\"params\":%s}", id, method, params);
  len = strlen (msg) + 1; /* messages end with a NUL byte */
  for (gsize done = 0; done < len;)
    {
      gssize n = write (b->to_fd, msg + done, len - done);

      g_assert_cmpint (n, >, 0);
      done += n;
    }
  for (;;)
    {
      char *nul;

      while ((nul = memchr (b->buf->str, '\0', b->buf->len)) != NULL)
        {
          g_autoptr(JsonParser) parser = json_parser_new ();
          g_autoptr(GError) error = NULL;
          gsize used = nul - b->buf->str + 1;
          JsonObject *reply;

          json_parser_load_from_data (parser, b->buf->str, nul - b->buf->str, &error);
          g_string_erase (b->buf, 0, used);
          g_assert_no_error (error);
          reply = json_node_get_object (json_parser_get_root (parser));
          if (!json_object_has_member (reply, "id") || json_object_get_int_member (reply, "id") != id)
            continue; /* an event */
          if (json_object_has_member (reply, "error"))
            g_error ("%s: %s", method, json_to_string (json_object_get_member (reply, "error"), FALSE));
          return json_node_copy (json_object_get_member (reply, "result"));
        }
      {
        struct pollfd fd = { b->from_fd, POLLIN, 0 };
        char chunk[65536];
        gssize n;

        g_assert_cmpint (g_get_monotonic_time (), <, end);
        if (poll (&fd, 1, 1000) <= 0)
          continue;
        n = read (b->from_fd, chunk, sizeof chunk);
        g_assert_cmpint (n, >, 0);
        g_string_append_len (b->buf, chunk, n);
      }
    }
}

static inline void
browser_open (Browser    *b,
              const char *chromium,
              const char *profile,
              const char *url)
{
  g_autofree char *user_dir = g_strconcat ("--user-data-dir=", profile, NULL);
  const char *argv[] = {
    chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    /* nothing but this machine: no proxy reached, no name resolved */
    "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--remote-debugging-pipe", user_dir, "--window-size=1280,900", "about:blank", NULL
  };
  int to_child[2], from_child[2];
  int source_fds[2], target_fds[2] = { 3, 4 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) target = NULL, attached = NULL;
  g_autofree char *params = NULL, *create = g_strdup_printf ("{\"url\":\"%s\"}", url);

  g_assert_no_errno (pipe (to_child));
  g_assert_no_errno (pipe (from_child));
  source_fds[0] = to_child[0];
  source_fds[1] = from_child[1];
  *b = (Browser) { .buf = g_string_new (NULL) };
  g_spawn_async_with_pipes_and_fds (NULL, argv, NULL,
                                    G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL
                                    | G_SPAWN_STDERR_TO_DEV_NULL,
                                    NULL, NULL, -1, -1, -1, source_fds, target_fds, 2,
                                    &b->pid, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  close (to_child[0]);
  close (from_child[1]);
  b->to_fd = to_child[1];
  b->from_fd = from_child[0];

  /* a page that starts at the URL: no later swap of its process */
  target = browser_call (b, "Target.createTarget", create);
  params = g_strdup_printf ("{\"targetId\":\"%s\",\"flatten\":true}",
                            json_object_get_string_member (json_node_get_object (target), "targetId"));
  attached = browser_call (b, "Target.attachToTarget", params);
  b->session = g_strdup (json_object_get_string_member (json_node_get_object (attached), "sessionId"));
  json_node_unref (browser_call (b, "Emulation.setDeviceMetricsOverride",
                                 "{\"width\":1280,\"height\":900,\"deviceScaleFactor\":1,\"mobile\":false}"));
}

static inline void
browser_close (Browser *b)
{
  gboolean reaped = FALSE;

  g_free (b->session);
  b->session = NULL;
  json_node_unref (browser_call (b, "Browser.close", "{}"));
  close (b->to_fd);
  close (b->from_fd);
  /* up to 30 s to close, polled */
  for (int i = 0; i < 600 && !reaped; i++)
    {
      reaped = waitpid (b->pid, NULL, WNOHANG) == b->pid;
      if (!reaped)
        g_usleep (50 * 1000);
    }
  if (!reaped)
    {
      kill (b->pid, SIGKILL);
      waitpid (b->pid, NULL, 0);
    }
  g_spawn_close_pid (b->pid);
  g_string_free (b->buf, TRUE);
}

typedef struct {
  const guchar *data;
  gsize         len, pos;
} PngReader;

static inline cairo_status_t
browser_read_png (void          *closure,
          unsigned char *data,
          unsigned int   length)
{
  PngReader *r = closure;

  if (r->pos + length > r->len)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, r->data + r->pos, length);
  r->pos += length;
  return CAIRO_STATUS_SUCCESS;
}

/* The page as the user sees it, decoded; the PNG's bytes in @png. */
static inline cairo_surface_t *
browser_screenshot (Browser *b,
                    GBytes **png)
{
  g_autoptr(JsonNode) shot = browser_call (b, "Page.captureScreenshot", "{\"format\":\"png\"}");
  gsize len = 0;
  guchar *data = g_base64_decode (json_object_get_string_member (json_node_get_object (shot), "data"), &len);
  PngReader reader = { data, len, 0 };
  cairo_surface_t *surface = cairo_image_surface_create_from_png_stream (browser_read_png, &reader);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  *png = g_bytes_new_take (data, len);
  return surface;
}
