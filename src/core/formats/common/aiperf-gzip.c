/* aiperf-gzip.c — gzip streams inflated with zlib (aiperf-gzip.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <zlib.h>

#include "aiperf-error.h"
#include "aiperf-gzip.h"

/* More than any result file inflates to; a bomb stops here. */
#define MAX_INFLATED ((gsize) 1 << 31)

gboolean
aiperf_gzip_is (const char *data,
                gsize       length)
{
  return length >= 2 && (guchar) data[0] == 0x1f && (guchar) data[1] == 0x8b;
}

char *
aiperf_gzip_inflate_head (const char *head,
                          gsize       length,
                          gsize       max)
{
  z_stream z = { 0 };
  char *out = g_malloc0 (max + 1);

  /* 15 + 32: a gzip or zlib header, found by inflate itself */
  if (inflateInit2 (&z, 15 + 32) != Z_OK)
    return out;
  z.next_in = (Bytef *) head;
  z.avail_in = (uInt) MIN (length, G_MAXUINT);
  z.next_out = (Bytef *) out;
  z.avail_out = (uInt) MIN (max, G_MAXUINT);
  inflate (&z, Z_SYNC_FLUSH);
  inflateEnd (&z);
  return out;
}

char *
aiperf_gzip_inflate (const char *data,
                     gsize       length,
                     const char *path,
                     gsize      *out_length,
                     GError    **error)
{
  g_autoptr(GByteArray) out = g_byte_array_sized_new (MAX (length * 4, 4096));
  z_stream z = { 0 };
  int status = Z_OK;

  if (inflateInit2 (&z, 15 + 32) != Z_OK)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: zlib could not start"), path);
      return NULL;
    }
  z.next_in = (Bytef *) data;
  z.avail_in = (uInt) MIN (length, G_MAXUINT);
  while (status == Z_OK && out->len < MAX_INFLATED)
    {
      gsize done = out->len;

      g_byte_array_set_size (out, MAX (done * 2, 65536));
      z.next_out = out->data + done;
      z.avail_out = (uInt) MIN (out->len - done, G_MAXUINT);
      status = inflate (&z, Z_NO_FLUSH);
      g_byte_array_set_size (out, done + (gsize) ((char *) z.next_out - (char *) (out->data + done)));
      if (status == Z_BUF_ERROR && z.avail_in > 0)
        status = Z_OK;  /* the output was full: grow it and go on */
    }
  inflateEnd (&z);
  if (status != Z_STREAM_END)
    {
      if (out->len >= MAX_INFLATED)
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                     _("%s: inflates to more than %zu bytes; not a result file"),
                     path, (size_t) MAX_INFLATED);
      else if (status == Z_BUF_ERROR)
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                     _("%s: the gzip stream is cut short at byte %lu"), path, z.total_in);
      else
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                     _("%s, byte %lu: not a valid gzip stream (%s)"), path, z.total_in,
                     z.msg != NULL ? z.msg : _("corrupt data"));
      return NULL;
    }
  if (out_length != NULL)
    *out_length = out->len;
  g_byte_array_append (out, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&out), FALSE);
}
