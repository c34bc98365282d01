/* aiperf-trace-reader.c — Chrome trace-event files read one event at a time.
 *
 * The file (plain, or gzip by its magic bytes) is read in chunks into one
 * window that slides over it: each event of "traceEvents" (or of a bare
 * array, whose closing bracket may be missing) is cut out whole by matching
 * brackets outside strings and handed to the scanner, so memory follows the
 * largest event, not the file. The other top-level members are skipped
 * the same way, except baseTimeNanoseconds.
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
#include "aiperf-json-scan.h"
#include "aiperf-trace-private.h"

#define CHUNK (4u << 20)
#define MAX_EVENT (64u << 20)   /* an event larger than this is damage, not data */
#define FAST_MARGIN (256u << 10) /* room after an event that is parsed in place */
#define CHECKPOINT_EVERY (4u << 20) /* inflated text between gzip access points */

typedef struct {
  FILE       *file;
  z_stream    z;
  gboolean    gzip, eof;
  guchar     *in;              /* compressed input */
  char       *buf;             /* the window */
  gsize       start, len, cap; /* unread part: buf[start .. len) */
  goffset     base;            /* file (uncompressed) offset of buf[0] */
  const char *path;
  GError     *error;
  AiperfTraceSource *source;   /* nullable: where hover re-reads args */
  goffset     next_checkpoint;
} Reader;

static gboolean
reader_open (Reader     *r,
             const char *path,
             GError    **error)
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
  if (r->gzip)
    {
      r->in = g_malloc (CHUNK);
      if (inflateInit2 (&r->z, 15 + 32) != Z_OK)
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, _("%s: cannot start gzip decoding"), path);
          return FALSE;
        }
    }
  r->cap = 2 * CHUNK;
  r->buf = g_malloc (r->cap);
  return TRUE;
}

static void
reader_close (Reader *r)
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
reader_fill (Reader *r)
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
  if (r->cap - r->len < CHUNK)
    {
      r->cap = MAX (r->cap * 2, r->len + CHUNK);
      r->buf = g_realloc (r->buf, r->cap);
    }
  if (!r->gzip)
    got = fread (r->buf + r->len, 1, CHUNK, r->file);
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
        r->z.avail_out = CHUNK;
        status = inflate (&r->z, Z_NO_FLUSH);
        got = CHUNK - r->z.avail_out;
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
                         _("%s: byte %s of the text: the gzip stream is corrupt (%s)"),
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
static char
peek (Reader *r)
{
  for (;;)
    {
      while (r->start < r->len && is_space (r->buf[r->start]))
        r->start++;
      if (r->start < r->len)
        return r->buf[r->start];
      if (!reader_fill (r))
        return 0;
    }
}

/* The length of the complete JSON value at r->start (an object, array,
 * string or scalar), reading more as needed; 0 when the text ends first or
 * the value is impossibly large. Brackets are matched outside strings, and
 * the scanner validates the inside later. */
static gsize
value_length (Reader *r)
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
      if (i > MAX_EVENT || !reader_fill (r))
        return scalar && r->eof && i > 0 ? i : 0;
    }
}

static void
set_damage (Reader     *r,
            GError    **error,
            const char *what)
{
  g_autofree char *offset = g_strdup_printf ("%" G_GOFFSET_FORMAT, r->base + (goffset) r->start);

  if (r->error != NULL)
    g_propagate_error (error, g_steal_pointer (&r->error));
  else
    g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s: byte %s: %s"), r->path, offset, what);
}

/* Walks the array at r->start, an event (object) at a time. FALSE with
 * @error at damage; the events before it have been handed over. */
static gboolean
read_events (Reader               *r,
             AiperfTraceEventFunc  func,
             gpointer              user_data,
             guint                *n_skipped,
             GError              **error)
{
  r->start++;   /* '[' */
  for (;;)
    {
      char c = peek (r);
      gsize n;

      if (c == ',')
        {
          r->start++;
          continue;
        }
      if (c == ']')
        {
          r->start++;
          return TRUE;
        }
      /* A tracer that crashed leaves the array open: the end is the end. */
      if (c == 0)
        return r->error == NULL ? TRUE : (set_damage (r, error, NULL), FALSE);
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
      n = value_length (r);
      if (n == 0)
        {
          set_damage (r, error, r->eof ? _("the file ends inside an event (cut short?)")
                                       : _("an event larger than 64 MiB"));
          return FALSE;
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

gboolean
aiperf_trace_read (const char           *path,
                   AiperfTraceEventFunc  func,
                   gpointer              user_data,
                   AiperfTraceTotals    *totals,
                   GError              **error)
{
  Reader r;
  gboolean ok = TRUE, found = FALSE;
  char c;

  g_return_val_if_fail (path != NULL && func != NULL && totals != NULL, FALSE);

  memset (totals, 0, sizeof *totals);
  if (!reader_open (&r, path, error))
    {
      reader_close (&r);
      return FALSE;
    }
  r.source = totals->source = aiperf_trace_source_new (path, r.gzip);
  c = peek (&r);
  if (c == '[')
    {
      found = TRUE;
      ok = read_events (&r, func, user_data, &totals->n_skipped, error);
    }
  else if (c == '{')
    {
      r.start++;
      while (ok && (c = peek (&r)) != '}' && c != 0)
        {
          gsize n;
          g_autofree char *key = NULL;

          if (c == ',')
            {
              r.start++;
              continue;
            }
          if (c != '"' || (n = value_length (&r)) < 2)
            {
              set_damage (&r, error, _("expected a member name"));
              ok = FALSE;
              break;
            }
          key = g_strndup (r.buf + r.start + 1, n - 2);
          r.start += n;
          if (peek (&r) != ':')
            {
              set_damage (&r, error, _("expected “:” after a member name"));
              ok = FALSE;
              break;
            }
          r.start++;
          c = peek (&r);
          if (g_str_equal (key, "traceEvents") && c == '[')
            {
              found = TRUE;
              ok = read_events (&r, func, user_data, &totals->n_skipped, error);
              continue;
            }
          n = c != 0 ? value_length (&r) : 0;
          if (n == 0)
            {
              set_damage (&r, error, _("the file ends inside a member (cut short?)"));
              ok = FALSE;
              break;
            }
          if (g_str_equal (key, "baseTimeNanoseconds"))
            {
              g_autofree char *text = g_strndup (r.buf + r.start, n);

              totals->base_time_ns = g_ascii_strtoll (text, NULL, 10);
            }
          r.start += n;
        }
    }
  /* Damage met while skipping to the end (a corrupt gzip tail). */
  if (ok && r.error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&r.error));
      ok = FALSE;
    }
  else if (ok && !found)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: no “traceEvents” (a Chrome trace-event file was expected)"), path);
      ok = FALSE;
    }
  totals->bytes = r.base + (goffset) r.start;
  reader_close (&r);
  return ok;
}
