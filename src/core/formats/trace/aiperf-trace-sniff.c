/* aiperf-trace-sniff.c — whether a file is a Chrome trace, by its
 * structure: a JSON object with a "traceEvents" array among its top-level
 * members (wherever it is: PyTorch writes metadata, distributedInfo and
 * deviceProperties blocks first, sometimes megabytes of them), or a bare
 * array of events. What a file that is not one looked like, for the
 * message that says why it was refused. The trace format's sniff and
 * refusal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-format.h"
#include "aiperf-gzip.h"
#include "aiperf-trace-window.h"

/* How far the top level is walked looking for "traceEvents": past any
 * metadata a tracer writes, short of reading a large non-trace file whole. */
#define SNIFF_BUDGET ((goffset) 256 << 20)
/* The window reads this much at a time (a sniff mostly needs little). */
#define SNIFF_PIECE (64u << 10)
/* Member names kept for the description. */
#define MAX_NAMES 6

/* Walks the top-level members of the object at r->start: TRUE when one is
 * "traceEvents" with an array value. @names collects the first names;
 * *@why says where and why the walk stopped without one. */
static gboolean
walk_members (AiperfTraceWindow *r,
              GString           *names,
              guint             *n_members,
              gboolean          *damaged,
              char             **why)
{
  char c;

  r->start++;   /* '{' */
  while ((c = aiperf_trace_window_peek (r)) != '}')
    {
      gsize n;
      gboolean is_events;
      goffset at = r->base + (goffset) r->start;

      if (c == ',')
        {
          r->start++;
          continue;
        }
      if (c == 0)
        {
          *damaged = TRUE;
          *why = g_strdup_printf (_("the text ends at byte %llu inside the top-level object"), (unsigned long long) at);
          return FALSE;
        }
      if (c != '"' || (n = aiperf_trace_window_value_length (r)) < 2)
        {
          *why = g_strdup_printf (_("byte %llu: expected a member name"), (unsigned long long) at);
          return FALSE;
        }
      is_events = n == strlen ("\"traceEvents\"") && memcmp (r->buf + r->start, "\"traceEvents\"", n) == 0;
      if (*n_members < MAX_NAMES)
        {
          /* The file's bytes go into a message: valid UTF-8, cut at a
           * character, never inside one. */
          g_autofree char *name = g_utf8_make_valid (r->buf + r->start + 1, n - 2);

          if (names->len > 0)
            g_string_append (names, ", ");
          if (g_utf8_strlen (name, -1) > 40)
            {
              g_autofree char *cut = g_utf8_substring (name, 0, 40);

              g_string_append_printf (names, "%s…", cut);
            }
          else
            g_string_append (names, name);
        }
      ++*n_members;
      r->start += n;
      if (aiperf_trace_window_peek (r) != ':')
        {
          *why = g_strdup_printf (_("byte %llu: expected “:” after a member name"),
                                  (unsigned long long) (r->base + (goffset) r->start));
          return FALSE;
        }
      r->start++;
      c = aiperf_trace_window_peek (r);
      if (is_events)
        {
          if (c == '[')
            return TRUE;
          *why = g_strdup (_("its “traceEvents” member is not an array"));
          return FALSE;
        }
      at = r->base + (goffset) r->start;
      n = c != 0 ? aiperf_trace_window_value_length (r) : 0;
      if (n == 0)
        {
          *damaged = r->eof;
          *why = g_strdup_printf (_("the member that starts at byte %llu is cut short (or larger "
                                    "than 64 MiB), before any “traceEvents”"), (unsigned long long) at);
          return FALSE;
        }
      r->start += n;
      if (r->base + (goffset) r->start > SNIFF_BUDGET)
        {
          *why = g_strdup (_("no “traceEvents” among the members of its first 256 MiB"));
          return FALSE;
        }
      c = aiperf_trace_window_peek (r);
      if (c != ',' && c != '}')
        {
          *why = g_strdup_printf (_("byte %llu: the top-level object does not go on (one JSON "
                                    "object per line, not one object)"),
                                  (unsigned long long) (r->base + (goffset) r->start));
          return FALSE;
        }
    }
  *why = g_strdup (_("no “traceEvents” among its top-level members"));
  return FALSE;
}

/* TRUE when the first element of the array at r->start is an object with
 * "ph" and "ts" members (or the array is empty). */
static gboolean
first_element_is_event (AiperfTraceWindow *r,
                        char             **why)
{
  gsize n;
  g_autofree char *text = NULL;

  r->start++;   /* '[' */
  if (aiperf_trace_window_peek (r) == ']')
    return TRUE;
  /* A log line ("[DeepRT] ===== Perf BEGIN", acelyzer's compiler logs) is
   * no JSON array at all. */
  if (aiperf_trace_window_peek (r) != 0 && strchr ("{[\"-0123456789tfn", aiperf_trace_window_peek (r)) == NULL)
    {
      const char *line = r->buf + r->start;
      gsize len = 0;

      while (r->start + len < r->len && len < 40 && line[len] != '\n' && line[len] != '\r')
        len++;
      g_autofree char *start = g_utf8_make_valid (line, (gssize) len);
      *why = g_strdup_printf (_("text that starts with “[” but is no JSON (“[%s”)"), start);
      return FALSE;
    }
  if (aiperf_trace_window_peek (r) != '{' || (n = aiperf_trace_window_value_length (r)) == 0)
    {
      *why = g_strdup (_("a JSON array whose first element is not an event object"));
      return FALSE;
    }
  text = g_strndup (r->buf + r->start, n);
  if (strstr (text, "\"ph\"") != NULL && strstr (text, "\"ts\"") != NULL)
    return TRUE;
  if (strstr (text, "\"ph\"") != NULL && strstr (text, "\"name\"") != NULL)
    return TRUE;   /* metadata (M) events have no ts */
  *why = g_strdup (_("a JSON array whose first object has no “ph” and “ts” (not trace events)"));
  return FALSE;
}

gboolean
aiperf_trace_sniff_path (const char  *path,
                         gboolean    *out_damaged,
                         char       **out_why)
{
  AiperfTraceWindow r;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *why = NULL;
  guint n_members = 0;
  gboolean found = FALSE, damaged = FALSE;
  char c;

  if (!aiperf_trace_window_open (&r, path, NULL))
    {
      aiperf_trace_window_close (&r);
      if (out_why != NULL)
        *out_why = g_strdup (_("it cannot be read"));
      return FALSE;
    }
  r.piece = SNIFF_PIECE;
  c = aiperf_trace_window_peek (&r);
  if (c == '{')
    {
      found = walk_members (&r, names, &n_members, &damaged, &why);
      if (!found && n_members > 0)
        {
          g_autofree char *detail = g_steal_pointer (&why);

          why = g_strdup_printf (_("a JSON object with %u top-level members (%s%s): %s"), n_members, names->str,
                                 n_members > MAX_NAMES ? ", …" : "", detail);
        }
      else if (!found)
        {
          g_autofree char *detail = g_steal_pointer (&why);

          why = g_strdup_printf (_("a JSON object: %s"), detail);
        }
    }
  else if (c == '[')
    found = first_element_is_event (&r, &why);
  else if (r.error != NULL)
    why = g_strdup (r.error->message);
  else
    why = g_strdup (c == 0 ? _("it is empty") : _("it is not JSON (a trace starts with “{” or “[”)"));
  /* Damage met on the way (a corrupt gzip stream) is the better reason. */
  if (!found && r.error != NULL && why != NULL && strstr (why, r.error->message) == NULL)
    {
      g_autofree char *detail = g_steal_pointer (&why);

      why = g_strdup_printf ("%s (%s)", detail, r.error->message);
    }
  damaged |= !found && r.error != NULL;
  aiperf_trace_window_close (&r);
  if (out_damaged != NULL)
    *out_damaged = damaged;
  if (out_why != NULL)
    *out_why = found ? NULL : g_steal_pointer (&why);
  return found;
}

/* A trace by structure: the head says so when "traceEvents" is in it;
 * otherwise an object's top-level members are walked (PyTorch writes
 * metadata blocks first, megabytes of them at times). */
guint
aiperf_trace_sniff (const AiperfSniffInput *input)
{
  g_autofree char *text = NULL;
  const char *head = input->head;
  gboolean damaged = FALSE;

  if (input->is_dir || input->head_len < 2)
    return AIPERF_SNIFF_NO;
  if (aiperf_gzip_is (head, input->head_len))
    head = text = aiperf_gzip_inflate_head (input->head, input->head_len, 16383);
  if (aiperf_head_first_char (head) == '{' && aiperf_head_has_key (head, "traceEvents"))
    return AIPERF_SNIFF_SURE;
  if (aiperf_head_first_char (head) == '[' && aiperf_head_has_key (head, "ph") &&
      (aiperf_head_has_key (head, "ts") || aiperf_head_has_key (head, "name")))
    return AIPERF_SNIFF_LIKELY;
  if (aiperf_head_first_char (head) != '{')
    return AIPERF_SNIFF_NO;
  if (aiperf_trace_sniff_path (input->path, &damaged, NULL))
    return AIPERF_SNIFF_SURE;
  /* A PyTorch trace's head whose events are missing, or an object cut off
   * (or its gzip stream corrupt) before any "traceEvents" that no other
   * format takes: loaded, so that the damage is said with its byte
   * offset, not left out in silence. */
  if (damaged || (aiperf_head_has_key (head, "schemaVersion") &&
                  (aiperf_head_has_key (head, "deviceProperties") || aiperf_head_has_key (head, "distributedInfo") ||
                   aiperf_head_has_key (head, "traceName"))))
    return AIPERF_SNIFF_MAYBE;
  return AIPERF_SNIFF_NO;
}

/* Why a JSON file is not a trace: the closer, the more it looked like one. */
char *
aiperf_trace_refusal (const AiperfSniffInput *input,
                      guint                  *closeness)
{
  g_autofree char *text = NULL;
  const char *head = input->head;
  char *why = NULL;
  char first;

  *closeness = 0;
  if (input->is_dir || input->head == NULL || input->head_len < 2)
    return NULL;
  if (aiperf_gzip_is (head, input->head_len))
    head = text = aiperf_gzip_inflate_head (input->head, input->head_len, 16383);
  first = aiperf_head_first_char (head);
  if (first != '{' && first != '[')
    return NULL;
  if (aiperf_trace_sniff_path (input->path, NULL, &why))
    return NULL;
  /* A key a trace writes, or an event's fields, make it close. */
  *closeness = aiperf_head_has_key (head, "traceEvents") || aiperf_head_has_key (head, "ph") ||
               aiperf_head_has_key (head, "deviceProperties") || aiperf_head_has_key (head, "distributedInfo") ||
               aiperf_head_has_key (head, "schemaVersion")
               ? AIPERF_SNIFF_LIKELY : AIPERF_SNIFF_MAYBE;
  return why;
}
