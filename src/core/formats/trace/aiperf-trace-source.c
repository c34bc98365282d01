/* aiperf-trace-source.c — a trace's text read again, a range at a time.
 *
 * Hover shows an event's args, but keeping the args of millions of events
 * would cost more memory than the file. The store keeps where each args
 * object is in the text instead, and this reads it back: a plain file by
 * seeking; a gzip file from the nearest access point, an inflate state the
 * reader copied every few MiB of text (zlib's inflateCopy keeps the
 * 32 KiB window, so decoding can resume there).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include "aiperf-error.h"
#include "aiperf-trace-private.h"

typedef struct {
  z_stream *z;            /* inflate state before text_offset */
  goffset   file_offset;  /* where its input continues */
  goffset   text_offset;
} Checkpoint;

struct _AiperfTraceSource {
  char    *path;
  gboolean gzip;
  GArray  *checkpoints;   /* Checkpoint, by offset */
  GMutex   lock;
};

AiperfTraceSource *
aiperf_trace_source_new (const char *path,
                         gboolean    gzip)
{
  AiperfTraceSource *source = g_new0 (AiperfTraceSource, 1);

  source->path = g_strdup (path);
  source->gzip = gzip;
  source->checkpoints = g_array_new (FALSE, FALSE, sizeof (Checkpoint));
  g_mutex_init (&source->lock);
  return source;
}

void
aiperf_trace_source_free (AiperfTraceSource *source)
{
  if (source == NULL)
    return;
  for (guint i = 0; i < source->checkpoints->len; i++)
    {
      Checkpoint *c = &g_array_index (source->checkpoints, Checkpoint, i);

      inflateEnd (c->z);
      g_free (c->z);
    }
  g_array_unref (source->checkpoints);
  g_mutex_clear (&source->lock);
  g_free (source->path);
  g_free (source);
}

void
aiperf_trace_source_add_checkpoint (AiperfTraceSource *source,
                                    gpointer           z_stream_state,
                                    goffset            file_offset,
                                    goffset            text_offset)
{
  Checkpoint c = { g_new0 (z_stream, 1), file_offset, text_offset };

  if (inflateCopy (c.z, z_stream_state) != Z_OK)
    {
      g_free (c.z);
      return;
    }
  g_array_append_val (source->checkpoints, c);
}

static char *
read_plain (AiperfTraceSource *source,
            FILE              *file,
            goffset            offset,
            gsize              length,
            GError           **error)
{
  char *text = g_malloc (length + 1);

  if (fseeko (file, offset, SEEK_SET) != 0 || fread (text, 1, length, file) != length)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: the file changed since it was opened"), source->path);
      g_free (text);
      return NULL;
    }
  text[length] = '\0';
  return text;
}

/* Inflates from the last access point before @offset, keeping only the
 * bytes of the range. */
static char *
read_gzip (AiperfTraceSource *source,
           FILE              *file,
           goffset            offset,
           gsize              length,
           GError           **error)
{
  const Checkpoint *from = NULL;
  z_stream z = { 0 };
  g_autofree guchar *in = g_malloc (1 << 16);
  g_autofree guchar *out = g_malloc (1 << 16);
  char *text = g_malloc0 (length + 1);
  goffset at;
  gsize got = 0;

  for (guint i = 0; i < source->checkpoints->len; i++)
    if (g_array_index (source->checkpoints, Checkpoint, i).text_offset <= offset)
      from = &g_array_index (source->checkpoints, Checkpoint, i);
  if (from == NULL || inflateCopy (&z, from->z) != Z_OK)
    goto fail;
  at = from->text_offset;
  if (fseeko (file, from->file_offset, SEEK_SET) != 0)
    {
      inflateEnd (&z);
      goto fail;
    }
  z.avail_in = 0;
  while (got < length)
    {
      int status;
      gsize n;

      if (z.avail_in == 0)
        {
          z.avail_in = (uInt) fread (in, 1, 1 << 16, file);
          z.next_in = in;
          if (z.avail_in == 0)
            break;
        }
      z.next_out = out;
      z.avail_out = 1 << 16;
      status = inflate (&z, Z_NO_FLUSH);
      n = (1 << 16) - z.avail_out;
      /* The part of this output that falls in the range. */
      if (at + (goffset) n > offset)
        {
          goffset from_byte = MAX (offset, at) - at;
          gsize take = MIN ((gsize) (n - from_byte), length - got);

          memcpy (text + got, out + from_byte, take);
          got += take;
        }
      at += n;
      if (status == Z_STREAM_END)
        {
          if (inflateReset (&z) != Z_OK)
            break;
        }
      else if (status != Z_OK && status != Z_BUF_ERROR)
        break;
    }
  inflateEnd (&z);
  if (got == length)
    return text;
fail:
  g_free (text);
  g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: the file changed since it was opened"), source->path);
  return NULL;
}

char *
aiperf_trace_source_read (AiperfTraceSource *source,
                          goffset            offset,
                          gsize              length,
                          GError           **error)
{
  FILE *file;
  char *text;

  g_return_val_if_fail (source != NULL, NULL);

  file = g_fopen (source->path, "rb");
  if (file == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: %s"), source->path, g_strerror (errno));
      return NULL;
    }
  g_mutex_lock (&source->lock);
  text = source->gzip ? read_gzip (source, file, offset, length, error) : read_plain (source, file, offset, length, error);
  g_mutex_unlock (&source->lock);
  fclose (file);
  return text;
}
