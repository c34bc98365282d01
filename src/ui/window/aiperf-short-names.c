/* aiperf-short-names.c — names that fit a tab or a sidebar row and still
 * tell things apart: what a run's name does not share with the others,
 * and titles cut in the middle rather than at an end two titles share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-short-names.h"

#define ELLIPSIS "…"

static gboolean
is_separator (gunichar c)
{
  return c == '_' || c == '-' || c == '.' || c == ' ' || c == '/' || c == ':' || c == '[' || c == ']'
         || c == '(' || c == ')' || c == '#' || c == ',';
}

char *
aiperf_short_title (const char *title,
                    guint       max_chars)
{
  glong length;
  glong head, tail;
  const char *head_end, *tail_start;

  g_return_val_if_fail (title != NULL, NULL);

  length = g_utf8_strlen (title, -1);
  if (max_chars < 5 || length <= (glong) max_chars)
    return g_strdup (title);
  /* Titles of one family share their start ("Pareto Curve: Token
   * Throughput per GPU vs …") and differ at the end: keep more of it, from
   * the start of a word. */
  tail = (max_chars - 1) * 3 / 5;
  tail_start = g_utf8_offset_to_pointer (title, length - tail);
  {
    const char *word = tail_start;

    while (word > title && tail_start - word < 8 && !is_separator (g_utf8_get_char (g_utf8_prev_char (word))))
      word = g_utf8_prev_char (word);
    if (word == title || is_separator (g_utf8_get_char (g_utf8_prev_char (word))))
      tail_start = word;
    else
      while (*tail_start != '\0' && !is_separator (g_utf8_get_char (g_utf8_prev_char (tail_start))))
        tail_start = g_utf8_next_char (tail_start);
  }
  while (*tail_start != '\0' && g_unichar_isspace (g_utf8_get_char (tail_start)))
    tail_start = g_utf8_next_char (tail_start);
  /* The start gets what room is left, up to the end of a word. */
  head = MAX ((glong) max_chars - 1 - g_utf8_strlen (tail_start, -1), 1);
  head_end = g_utf8_offset_to_pointer (title, head);
  {
    const char *p = head_end;
    gboolean found = FALSE;

    for (; p > title && head_end - p < 8; p = g_utf8_prev_char (p))
      if (is_separator (g_utf8_get_char (p)) || is_separator (g_utf8_get_char (g_utf8_prev_char (p))))
        {
          found = TRUE;
          break;
        }
    /* A first word a little too long is kept whole ("Kernel", not "Kerne"). */
    if (!found)
      for (p = head_end; *p != '\0' && p < tail_start && p - head_end < 4; p = g_utf8_next_char (p))
        if (is_separator (g_utf8_get_char (p)))
          {
            found = TRUE;
            break;
          }
    if (found)
      head_end = p;
  }
  while (head_end > title && g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (head_end))))
    head_end = g_utf8_prev_char (head_end);
  return g_strdup_printf ("%.*s" ELLIPSIS "%s", (int) (head_end - title), title, tail_start);
}

char **
aiperf_short_titles (const char * const *titles,
                     guint               max_chars)
{
  guint n = titles != NULL ? g_strv_length ((char **) titles) : 0;
  char **shorts = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    shorts[i] = aiperf_short_title (titles[i], max_chars);
  /* Two different titles cut alike: those get more room, then all of it. */
  for (guint room = max_chars + 12; ; room += 12)
    {
      gboolean clash = FALSE;

      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          if (i != j && g_str_equal (shorts[i], shorts[j]) && !g_str_equal (titles[i], titles[j]))
            {
              g_free (shorts[i]);
              shorts[i] = aiperf_short_title (titles[i], room);
              clash = TRUE;
              break;
            }
      if (!clash)
        break;
    }
  return shorts;
}

/* Bytes of the start every one of @names shares with @name, back to the
 * start of a word. */
static gsize
common_start (const char         *name,
              const char * const *names,
              guint               n)
{
  gsize common = strlen (name);

  for (guint i = 0; i < n; i++)
    {
      gsize k = 0;

      while (k < common && names[i][k] != '\0' && names[i][k] == name[k])
        k++;
      common = k;
    }
  while (common > 0 && !is_separator ((guchar) name[common - 1]))
    common--;
  /* Never in the middle of a UTF-8 sequence (separators are ASCII). */
  return common;
}

/* Bytes of the end every one of @names shares with @name, up to the end of
 * a word. */
static gsize
common_end (const char         *name,
            const char * const *names,
            guint               n)
{
  gsize length = strlen (name), common = length;

  for (guint i = 0; i < n; i++)
    {
      gsize other = strlen (names[i]), k = 0;

      while (k < common && k < other && names[i][other - 1 - k] == name[length - 1 - k])
        k++;
      common = k;
    }
  while (common > 0 && !is_separator ((guchar) name[length - common]))
    common--;
  return common;
}

char *
aiperf_distinct_name (const char         *name,
                      const char * const *names,
                      guint               n_names)
{
  gsize start, end, length;
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  if (n_names < 2)
    return g_strdup (name);
  length = strlen (name);
  start = common_start (name, names, n_names);
  end = common_end (name, names, n_names);
  if (start + end >= length)
    return g_strdup (name);
  /* A short shared start is a word worth keeping ("run_"): only cut what
   * takes room. */
  if (g_utf8_strlen (name, start) <= 4)
    start = 0;
  if (g_utf8_strlen (name + length - end, -1) <= 4)
    end = 0;
  if (start == 0 && end == 0)
    return g_strdup (name);
  text = g_string_new (start > 0 ? ELLIPSIS : "");
  g_string_append_len (text, name + start, length - start - end);
  if (end > 0)
    g_string_append (text, ELLIPSIS);
  return g_string_free (g_steal_pointer (&text), FALSE);
}
