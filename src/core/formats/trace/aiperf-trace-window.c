/* aiperf-trace-window.c — a trace's text read through a window that slides
 * over it, and the events of its array parsed from there.
 *
 * The file (plain, or gzip by its magic bytes) is read in chunks into one
 * window: each event is cut out whole by matching brackets outside strings
 * (or parsed in place when it is well inside) and handed to the scanner, so
 * memory follows the largest event, not the file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <zlib.h>

#include "aiperf-error.h"
#include "aiperf-json-scan.h"
#include "aiperf-trace-window.h"

#define CHUNK (4u << 20)
#define MAX_EVENT (64u << 20)   /* an event larger than this is damage, not data */
/* Room after an event for it to be parsed in place. Not needed for
 * correctness (an event cut by the window's end fails to parse, nothing of
 * it handed over, and is then cut out whole): it only saves parsing a
 * piece of the last one twice. */
#define FAST_MARGIN (4u << 10)
#define CHECKPOINT_EVERY (4u << 20) /* inflated text between gzip access points */


gboolean
aiperf_trace_window_open (AiperfTraceWindow  *r,
                          const char         *path,
                          GError            **error)
{
  guchar magic[2] = { 0, 0 };

  memset (r, 0, sizeof *r);
  r->path = path;
  r->file = g_fopen (path, "rb");
  if (r->file == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: %s"), path, g_strerror (errno));
      return FALSE;
    }
  r->gzip = fread (magic, 1, 2, r->file) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
  rewind (r->file);
  if (fseeko (r->file, 0, SEEK_END) == 0)
    r->size = ftello (r->file);
  rewind (r->file);
  if (r->gzip)
    {
      r->in = g_malloc (CHUNK);
      if (inflateInit2 (&r->z, 15 + 32) != Z_OK)
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: cannot start gzip decoding"), path);
          return FALSE;
        }
    }
  /* The window grows at the first read, by pieces of this size. */
  r->piece = CHUNK;
  return TRUE;
}

void
aiperf_trace_window_close (AiperfTraceWindow *r)
{
  if (r->gzip)
    inflateEnd (&r->z);
  if (r->file != NULL)
    fclose (r->file);
  g_free (r->in);
  g_free (r->buf);
  g_clear_error (&r->error);
}

/* Reads more text after what is unread; FALSE at the end or on an error
 * (r->error set). What was read before stays. */
static gboolean
window_fill (AiperfTraceWindow *r)
{
  gsize got = 0;

  if (r->eof)
    return FALSE;
  /* Slide the unread part to the front, and grow for a large event. */
  if (r->start > 0)
    {
      memmove (r->buf, r->buf + r->start, r->len - r->start);
      r->base += r->start;
      r->len -= r->start;
      r->start = 0;
    }
  if (r->cap - r->len < r->piece)
    {
      /* Room for an event's unread rest beside a piece: no realloc (and
       * copy of the window) at the second fill. */
      r->cap = MAX (r->cap * 2, r->len + r->piece + (64u << 10));
      r->buf = g_realloc (r->buf, r->cap);
    }
  if (!r->gzip)
    got = fread (r->buf + r->len, 1, r->piece, r->file);
  else
    while (got == 0)
      {
        int status;

        if (r->z.avail_in == 0)
          {
            r->z.avail_in = (uInt) fread (r->in, 1, CHUNK, r->file);
            r->z.next_in = r->in;
            if (r->z.avail_in == 0)
              break;
          }
        if (r->source != NULL && r->base + (goffset) r->len >= r->next_checkpoint)
          {
            aiperf_trace_source_add_checkpoint (r->source, &r->z, ftello (r->file) - r->z.avail_in,
                                                r->base + (goffset) r->len);
            r->next_checkpoint = r->base + (goffset) r->len + CHECKPOINT_EVERY;
          }
        r->z.next_out = (Bytef *) r->buf + r->len;
        r->z.avail_out = (uInt) r->piece;
        status = inflate (&r->z, Z_NO_FLUSH);
        got = r->piece - r->z.avail_out;
        if (status == Z_STREAM_END)
          {
            /* Concatenated gzip members continue the text. */
            if (inflateReset (&r->z) != Z_OK)
              break;
          }
        else if (status != Z_OK && status != Z_BUF_ERROR)
          {
            g_autofree char *offset = g_strdup_printf ("%" G_GOFFSET_FORMAT, r->base + (goffset) (r->len + got));

            /* The text inflated before the damage is still read. (The
             * offset is text: gettext cannot see through G_GOFFSET_FORMAT.) */
            g_set_error (&r->error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                         _("%s: byte %s of the inflated text: the gzip stream is corrupt (%s)"),
                         r->path, offset, r->z.msg != NULL ? r->z.msg : "?");
            r->eof = TRUE;
            r->len += got;
            return got > 0;
          }
      }
  if (got == 0)
    {
      r->eof = TRUE;
      return FALSE;
    }
  r->len += got;
  return TRUE;
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The next non-space byte, reading more as needed; 0 at the end. */
char
aiperf_trace_window_peek (AiperfTraceWindow *r)
{
  for (;;)
    {
      while (r->start < r->len && is_space (r->buf[r->start]))
        r->start++;
      if (r->start < r->len)
        return r->buf[r->start];
      if (!window_fill (r))
        return 0;
    }
}

/* The length of the complete JSON value at r->start (an object, array,
 * string or scalar), reading more as needed; 0 when the text ends first or
 * the value is impossibly large. Brackets are matched outside strings, and
 * the scanner validates the inside later. */
gsize
aiperf_trace_window_value_length (AiperfTraceWindow *r)
{
  gsize i = 0, depth = 0;
  gboolean in_string = FALSE, scalar;

  scalar = r->buf[r->start] != '{' && r->buf[r->start] != '[' && r->buf[r->start] != '"';
  for (;;)
    {
      for (; r->start + i < r->len; i++)
        {
          char c = r->buf[r->start + i];

          if (in_string)
            {
              /* Names and args are most of a trace: jump to the next quote
               * or backslash instead of looking at every byte. */
              const char *p = r->buf + r->start + i;
              const char *end = r->buf + r->len;

              while (p < end && *p != '"' && *p != '\\')
                {
                  const char *quote = memchr (p, '"', end - p);
                  const char *slash = quote != NULL ? memchr (p, '\\', quote - p) : NULL;

                  p = slash != NULL ? slash : quote != NULL ? quote : end;
                }
              i = p - (r->buf + r->start);
              if (p == end)
                break;
              c = *p;
              if (c == '\\')
                i++;
              else
                {
                  in_string = FALSE;
                  if (depth == 0)
                    return i + 1;
                }
            }
          else if (scalar)
            {
              if (c == ',' || c == '}' || c == ']' || is_space (c))
                return i;
            }
          else if (c == '"')
            in_string = TRUE;
          else if (c == '{' || c == '[')
            depth++;
          else if ((c == '}' || c == ']') && --depth == 0)
            return i + 1;
        }
      if (i > MAX_EVENT || !window_fill (r))
        return scalar && r->eof && i > 0 ? i : 0;
    }
}

void
aiperf_trace_window_set_damage (AiperfTraceWindow  *r,
                                GError            **error,
                                const char         *what)
{
  g_autofree char *offset = g_strdup_printf ("%" G_GOFFSET_FORMAT, r->base + (goffset) r->start);

  if (r->error != NULL)
    g_propagate_error (error, g_steal_pointer (&r->error));
  else if (r->gzip)
    g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s: byte %s of the inflated text: %s"), r->path,
                 offset, what);
  else
    g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s: byte %s: %s"), r->path, offset, what);
}

/* Why the value at r->start has no length: the text ends inside it (cut
 * short), it is larger than MAX_EVENT, or no JSON value starts there (a
 * stray "}" of damaged text). A gzip stream is then inflated to its end,
 * nothing kept: when it is corrupt (its checksum does not match), that
 * is said too, as the likely cause of text that is not JSON. */
static void
set_value_damage (AiperfTraceWindow  *r,
                  GError            **error)
{
  const char *what = r->eof ? _("the file ends inside an event (cut short?)")
                     : r->len - r->start > MAX_EVENT ? _("an event larger than 64 MiB")
                     : _("the text is not JSON here");
  GError *damage = NULL;

  if (r->error != NULL || !r->gzip)
    {
      aiperf_trace_window_set_damage (r, error, what);
      return;
    }
  aiperf_trace_window_set_damage (r, &damage, what);
  while (window_fill (r))
    r->start = r->len;
  if (r->error != NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s; %s", damage->message, r->error->message);
      g_error_free (damage);
      g_clear_error (&r->error);
    }
  else
    g_propagate_error (error, damage);
}

/* Moves the window to @offset of a plain file. */
void
aiperf_trace_window_seek (AiperfTraceWindow *r,
                          goffset            offset)
{
  r->eof = fseeko (r->file, offset, SEEK_SET) != 0;
  r->base = offset;
  r->start = r->len = 0;
}

/* Walks the elements of the array from r->start (an element, or a comma
 * before one), an event (object) at a time, until its ']', the end of the
 * text, damage, or an element that starts at or after @stop. *@end is
 * where it stopped: past the ']', or at that element. */
AiperfTraceSpanEnd
aiperf_trace_window_read_elements (AiperfTraceWindow     *r,
                                   goffset                stop,
                                   AiperfTraceEventFunc   func,
                                   gpointer               user_data,
                                   guint                 *n_skipped,
                                   goffset               *end,
                                   GError               **error)
{
  for (;;)
    {
      char c = aiperf_trace_window_peek (r);
      gsize n;

      *end = r->base + (goffset) r->start;
      if (c == ',')
        {
          r->start++;
          continue;
        }
      if (c == ']')
        {
          r->start++;
          *end += 1;
          return AIPERF_TRACE_SPAN_CLOSED;
        }
      /* A tracer that crashed leaves the array open: the end is the end. */
      if (c == 0 && r->error == NULL)
        return AIPERF_TRACE_SPAN_OPEN;
      if (c == 0)
        {
          aiperf_trace_window_set_damage (r, error, NULL);
          return AIPERF_TRACE_SPAN_DAMAGED;
        }
      if (*end >= stop)
        return AIPERF_TRACE_SPAN_STOPPED;
      /* Most events are small and well inside the window: parsed in place,
       * in one pass. One that reaches the window's end, or is damaged, is
       * first cut out by its brackets (nothing of it was handed over). */
      if (c == '{' && r->len - r->start > FAST_MARGIN)
        {
          AiperfJsonScan scan;
          gboolean valid;

          aiperf_json_scan_init (&scan, r->buf + r->start, r->len - r->start);
          valid = aiperf_trace_event_parse (&scan, r->base + (goffset) r->start, func, user_data);
          if (scan.error == NULL)
            {
              if (!valid)
                (*n_skipped)++;
              r->start += scan.p - scan.start;
              continue;
            }
        }
      n = aiperf_trace_window_value_length (r);
      if (n == 0)
        {
          set_value_damage (r, error);
          return AIPERF_TRACE_SPAN_DAMAGED;
        }
      if (c == '{')
        {
          AiperfJsonScan scan;

          aiperf_json_scan_init (&scan, r->buf + r->start, n);
          if (!aiperf_trace_event_parse (&scan, r->base + (goffset) r->start, func, user_data))
            (*n_skipped)++;
        }
      else
        (*n_skipped)++;
      r->start += n;
    }
}

AiperfTraceSpanEnd
aiperf_trace_read_span_in (const char            *path,
                           goffset                from,
                           goffset                stop,
                           char                 **buf,
                           gsize                 *capacity,
                           AiperfTraceEventFunc   func,
                           gpointer               user_data,
                           guint                 *n_skipped,
                           goffset               *end,
                           GError               **error)
{
  AiperfTraceWindow r;
  AiperfTraceSpanEnd result = AIPERF_TRACE_SPAN_DAMAGED;

  *end = from;
  if (aiperf_trace_window_open (&r, path, error))
    {
      r.buf = *buf;
      r.cap = *capacity;
      *buf = NULL;
      /* A short span needs no window of the default size. */
      r.piece = (gsize) CLAMP (stop - from, 4096, CHUNK);
      aiperf_trace_window_seek (&r, from);
      result = aiperf_trace_window_read_elements (&r, stop, func, user_data, n_skipped, end, error);
      *buf = g_steal_pointer (&r.buf);
      *capacity = r.cap;
    }
  aiperf_trace_window_close (&r);
  return result;
}

AiperfTraceSpanEnd
aiperf_trace_read_span (const char            *path,
                        goffset                from,
                        goffset                stop,
                        AiperfTraceEventFunc   func,
                        gpointer               user_data,
                        guint                 *n_skipped,
                        goffset               *end,
                        GError               **error)
{
  char *buf = NULL;
  gsize capacity = 0;
  AiperfTraceSpanEnd result = aiperf_trace_read_span_in (path, from, stop, &buf, &capacity, func, user_data,
                                                         n_skipped, end, error);

  g_free (buf);
  return result;
}
