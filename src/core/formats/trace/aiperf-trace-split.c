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
 * A span's events and their strings are kept in storage that is handed
 * back once they are handed over, and each worker keeps its window buffer:
 * the next spans reuse them, instead of asking the kernel for fresh pages
 * span after span (page faults were a tenth of the time of a 1 GB trace).
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

#define TEXT_BLOCK (1u << 20)

/* A span's events and the text of their strings, in blocks that stay
 * allocated when it is emptied for the next span. */
typedef struct {
  GArray    *events;     /* AiperfTraceEvent, their strings in blocks */
  GPtrArray *blocks;     /* char[TEXT_BLOCK] (or larger, for one long string) */
  GArray    *sizes;      /* gsize per block */
  guint      block;      /* the block being filled */
  gsize      used;       /* in it */
} Storage;

static Storage *
storage_new (guint n_events)
{
  Storage *storage = g_new0 (Storage, 1);

  storage->events = g_array_sized_new (FALSE, FALSE, sizeof (AiperfTraceEvent), n_events);
  storage->blocks = g_ptr_array_new_with_free_func (g_free);
  storage->sizes = g_array_new (FALSE, FALSE, sizeof (gsize));
  return storage;
}

static void
storage_free (Storage *storage)
{
  g_array_unref (storage->events);
  g_ptr_array_unref (storage->blocks);
  g_array_unref (storage->sizes);
  g_free (storage);
}

/* Empty again, its memory kept. */
static void
storage_reset (Storage *storage)
{
  g_array_set_size (storage->events, 0);
  storage->block = 0;
  storage->used = 0;
}

/* A copy of @length bytes of @text, NUL-terminated, in @storage. */
static const char *
storage_copy (Storage    *storage,
              const char *text,
              gsize       length)
{
  char *copy;

  while (storage->block < storage->blocks->len &&
         storage->used + length + 1 > g_array_index (storage->sizes, gsize, storage->block))
    {
      storage->block++;
      storage->used = 0;
    }
  if (storage->block == storage->blocks->len)
    {
      gsize size = MAX (TEXT_BLOCK, length + 1);

      g_ptr_array_add (storage->blocks, g_malloc (size));
      g_array_append_val (storage->sizes, size);
      storage->used = 0;
    }
  copy = (char *) g_ptr_array_index (storage->blocks, storage->block) + storage->used;
  memcpy (copy, text, length);
  copy[length] = '\0';
  storage->used += length + 1;
  return copy;
}

/* One span: parsed by a worker, handed over by the reading thread. */
typedef struct {
  goffset            from;      /* where its first event starts; -1: nothing looked like one */
  goffset            end;
  AiperfTraceSpanEnd result;
  GError            *error;
  guint              n_skipped;
  Storage           *storage;   /* its events; NULL until parsed */
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
  GPtrArray  *spare;            /* Storage of spans handed over, for the next ones */
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

/* Empties @span, its storage kept for another (under the lock). */
static void
span_clear (Split *split,
            Span  *span)
{
  if (span->storage != NULL)
    {
      storage_reset (span->storage);
      g_ptr_array_add (split->spare, g_steal_pointer (&span->storage));
    }
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
  Storage *storage = user_data;
  AiperfTraceEvent copy = *event;
  const char **strings[] = { &copy.name, &copy.cat, &copy.pid, &copy.tid, &copy.arg_name,
                             &copy.arg_labels, &copy.id };

  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    if (*strings[i] != NULL)
      *strings[i] = storage_copy (storage, *strings[i], strlen (*strings[i]));
  copy.args = event->ph == 'C' && event->args != NULL ? storage_copy (storage, event->args, event->args_len) : NULL;
  g_array_append_val (storage->events, copy);
}

/* Parses span @k into storage of the spare ones (or new), through the
 * worker's window buffer *@buf. */
static void
parse_span (Split  *split,
            guint   k,
            char  **buf,
            gsize  *capacity)
{
  Span *span = &split->spans[k];
  Storage *storage = NULL;

  span->from = k == 0 ? split->first
                      : guess_event_start (split->path, span_start (split, k), span_stop (split, k), split->first);
  if (span->from < 0)
    return;
  g_mutex_lock (&split->lock);
  if (split->spare->len > 0)
    storage = g_ptr_array_steal_index_fast (split->spare, split->spare->len - 1);
  g_mutex_unlock (&split->lock);
  /* Sized for events of about 256 bytes (PyTorch kernels); it grows for smaller ones. */
  if (storage == NULL)
    storage = storage_new ((guint) (split->span_size / 256 + 16));
  span->storage = storage;
  span->result = aiperf_trace_read_span_in (split->path, span->from, span_stop (split, k), buf, capacity, collect,
                                            storage, &span->n_skipped, &span->end, &span->error);
}

static gpointer
worker (gpointer data)
{
  Split *split = data;
  g_autofree char *buf = NULL;
  gsize capacity = 0;

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
      parse_span (split, k, &buf, &capacity);
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
  for (guint i = 0; i < span->storage->events->len; i++)
    func (&g_array_index (span->storage->events, AiperfTraceEvent, i), user_data);
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

  split.spare = g_ptr_array_new_with_free_func ((GDestroyNotify) storage_free);
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
      g_mutex_lock (&split.lock);
      span_clear (&split, span);
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
    span_clear (&split, &split.spans[k]);
  g_ptr_array_unref (split.spare);
  g_free (split.spans);
  g_mutex_clear (&split.lock);
  g_cond_clear (&split.changed);
  return result;
}
