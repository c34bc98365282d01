/* aiperf-trace-split.c — the events array of a large plain trace parsed by
 * worker threads, handed over in the file's order.
 *
 * Parsing JSON is most of the time a trace takes to open, and the events of
 * an array are independent: the text is cut into spans of a few MiB, and
 * each worker parses a span on its own from the first thing in it that looks
 * like the start of an event ("}" "," "{", spaces between). That guess can
 * be wrong (the same bytes inside a string), so it is checked: a span's
 * events are taken only when the span before it ended exactly where this
 * one started. Otherwise that span is read again here, from where the one
 * before really ended. The events, the skipped count and any damage are
 * therefore those of one serial pass, whatever the guesses were.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "aiperf-trace-private.h"

#define DEFAULT_SPAN (8u << 20)
#define AHEAD 4         /* spans parsed before their turn, at most (memory) */
#define MAX_WORKERS 4
#define LOOK_BEHIND 4096 /* read before a span's start, for the "}," of its first event */

static gsize span_size_for_tests;

void
aiperf_trace_set_span_size (gsize size)
{
  span_size_for_tests = size;
}

static gsize
span_size (void)
{
  return span_size_for_tests > 0 ? span_size_for_tests : DEFAULT_SPAN;
}

gboolean
aiperf_trace_split_worth (goffset length)
{
  return (span_size_for_tests > 0 || g_get_num_processors () > 1) && length >= 2 * (goffset) span_size ();
}

/* One span: parsed by a worker, handed over by the reading thread. */
typedef struct {
  goffset            from;      /* where its first event starts; -1: nothing looked like one */
  goffset            end;
  AiperfTraceSpanEnd result;
  GError            *error;
  guint              n_skipped;
  GArray            *events;    /* AiperfTraceEvent, their strings in text */
  GStringChunk      *text;
  gboolean           done;
} Span;

typedef struct {
  const char *path;
  goffset     first, size;      /* the array's first element; the file's size */
  goffset     span_size;
  guint       n_spans;
  Span       *spans;
  GMutex      lock;
  GCond       changed;
  guint       next;             /* the next span a worker takes */
  guint       handed;           /* spans handed over (or passed) so far */
  gboolean    cancelled;
} Split;

static goffset
span_start (Split *split,
            guint  k)
{
  return split->first + (goffset) k * split->span_size;
}

static goffset
span_stop (Split *split,
           guint  k)
{
  return k + 1 == split->n_spans ? split->size : span_start (split, k + 1);
}

static void
span_clear (Span *span)
{
  g_clear_pointer (&span->events, g_array_unref);
  g_clear_pointer (&span->text, g_string_chunk_free);
  g_clear_error (&span->error);
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The first '{' in [@lo, @hi) that follows "}" "," (spaces between), or -1. */
static goffset
guess_event_start (const char *path,
                   goffset     lo,
                   goffset     hi,
                   goffset     first)
{
  enum { PIECE = 64 << 10 };
  FILE *file = g_fopen (path, "rb");
  g_autofree char *buf = g_malloc (LOOK_BEHIND + PIECE);
  goffset at = MAX (first, lo - LOOK_BEHIND);
  goffset found = -1;

  if (file == NULL)
    return -1;
  while (found < 0 && at < hi && fseeko (file, at, SEEK_SET) == 0)
    {
      gsize n = fread (buf, 1, LOOK_BEHIND + PIECE, file);

      if (n == 0)
        break;
      for (gsize i = MAX (lo - at, 0); i < n && at + (goffset) i < hi; i++)
        {
          gssize j = (gssize) i - 1;

          if (buf[i] != '{')
            continue;
          while (j >= 0 && is_space (buf[j]))
            j--;
          if (j < 0 || buf[j] != ',')
            continue;
          for (j--; j >= 0 && is_space (buf[j]); j--)
            ;
          if (j >= 0 && buf[j] == '}')
            {
              found = at + (goffset) i;
              break;
            }
        }
      /* The next piece overlaps this one by the look-behind. */
      at += MAX ((goffset) n - LOOK_BEHIND, 1);
      lo = MAX (lo, at + LOOK_BEHIND);
      if (n < LOOK_BEHIND + PIECE)
        break;
    }
  fclose (file);
  return found;
}

/* Keeps a copy of @event in the span (args text for counters only: the
 * other events' args are not read while loading). */
static void
collect (const AiperfTraceEvent *event,
         gpointer                user_data)
{
  Span *span = user_data;
  AiperfTraceEvent copy = *event;
  const char **strings[] = { &copy.name, &copy.cat, &copy.pid, &copy.tid, &copy.arg_name,
                             &copy.arg_labels, &copy.id };

  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    if (*strings[i] != NULL)
      *strings[i] = g_string_chunk_insert (span->text, *strings[i]);
  copy.args = event->ph == 'C' && event->args != NULL
                ? g_string_chunk_insert_len (span->text, event->args, (gssize) event->args_len) : NULL;
  g_array_append_val (span->events, copy);
}

static void
parse_span (Split *split,
            guint  k)
{
  Span *span = &split->spans[k];

  span->from = k == 0 ? split->first
                      : guess_event_start (split->path, span_start (split, k), span_stop (split, k), split->first);
  if (span->from < 0)
    return;
  /* Sized for events of about 256 bytes (PyTorch kernels); it grows for smaller ones. */
  span->events = g_array_sized_new (FALSE, FALSE, sizeof (AiperfTraceEvent), (guint) (split->span_size / 256 + 16));
  span->text = g_string_chunk_new ((gsize) CLAMP (split->span_size / 4, 1024, 256 << 10));
  span->result = aiperf_trace_read_span (split->path, span->from, span_stop (split, k), collect, span,
                                         &span->n_skipped, &span->end, &span->error);
}

static gpointer
worker (gpointer data)
{
  Split *split = data;

  g_mutex_lock (&split->lock);
  for (;;)
    {
      guint k;

      while (!split->cancelled && split->next < split->n_spans && split->next >= split->handed + AHEAD)
        g_cond_wait (&split->changed, &split->lock);
      if (split->cancelled || split->next >= split->n_spans)
        break;
      k = split->next++;
      g_mutex_unlock (&split->lock);
      parse_span (split, k);
      g_mutex_lock (&split->lock);
      split->spans[k].done = TRUE;
      g_cond_broadcast (&split->changed);
    }
  g_mutex_unlock (&split->lock);
  return NULL;
}

/* Hands span @k's events over when it starts at @pos; FALSE when it does
 * not (its guess was wrong, or it found none). */
static gboolean
hand_over (Span                 *span,
           goffset               pos,
           AiperfTraceEventFunc  func,
           gpointer              user_data,
           guint                *n_skipped,
           goffset              *end,
           AiperfTraceSpanEnd   *result,
           GError              **error)
{
  if (span->from != pos)
    return FALSE;
  for (guint i = 0; i < span->events->len; i++)
    func (&g_array_index (span->events, AiperfTraceEvent, i), user_data);
  *n_skipped += span->n_skipped;
  *end = span->end;
  *result = span->result;
  if (span->error != NULL)
    g_propagate_error (error, g_steal_pointer (&span->error));
  return TRUE;
}

AiperfTraceSpanEnd
aiperf_trace_read_parallel (const char           *path,
                            goffset               from,
                            goffset               size,
                            AiperfTraceEventFunc  func,
                            gpointer              user_data,
                            guint                *n_skipped,
                            goffset              *end,
                            GError              **error)
{
  Split split = { path, from, size, (goffset) span_size (), 0, NULL };
  AiperfTraceSpanEnd result = AIPERF_TRACE_SPAN_STOPPED;
  GThread *workers[MAX_WORKERS];
  guint n_workers = CLAMP (g_get_num_processors (), 1, MAX_WORKERS);
  goffset pos = from;

  split.n_spans = (guint) MAX (1, (size - from + split.span_size - 1) / split.span_size);
  split.spans = g_new0 (Span, split.n_spans);
  g_mutex_init (&split.lock);
  g_cond_init (&split.changed);
  for (guint i = 0; i < n_workers; i++)
    workers[i] = g_thread_new ("aiperf-trace-split", worker, &split);

  *end = from;
  for (guint k = 0; k < split.n_spans && result == AIPERF_TRACE_SPAN_STOPPED; k++)
    {
      Span *span = &split.spans[k];

      g_mutex_lock (&split.lock);
      while (!span->done)
        g_cond_wait (&split.changed, &split.lock);
      g_mutex_unlock (&split.lock);
      /* A large event before it may have covered the whole span. */
      if (pos < span_stop (&split, k) &&
          !hand_over (span, pos, func, user_data, n_skipped, end, &result, error))
        result = aiperf_trace_read_span (path, pos, span_stop (&split, k), func, user_data, n_skipped, end, error);
      pos = *end;
      span_clear (span);
      g_mutex_lock (&split.lock);
      split.handed = k + 1;
      g_cond_broadcast (&split.changed);
      g_mutex_unlock (&split.lock);
    }
  /* Only an event that starts past the file's size could stop the last span. */
  if (result == AIPERF_TRACE_SPAN_STOPPED)
    result = aiperf_trace_read_span (path, pos, G_MAXINT64, func, user_data, n_skipped, end, error);

  g_mutex_lock (&split.lock);
  split.cancelled = TRUE;
  g_cond_broadcast (&split.changed);
  g_mutex_unlock (&split.lock);
  for (guint i = 0; i < n_workers; i++)
    g_thread_join (workers[i]);
  for (guint k = 0; k < split.n_spans; k++)
    span_clear (&split.spans[k]);
  g_free (split.spans);
  g_mutex_clear (&split.lock);
  g_cond_clear (&split.changed);
  return result;
}
