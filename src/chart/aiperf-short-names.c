/* aiperf-short-names.c — names that fit a tab or a sidebar row and still
 * tell things apart: what a run's name does not share with the others,
 * and titles cut in the middle rather than at an end two titles share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
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
    /* Else the first word is kept whole ("Kernel", not "Kerne"; "Request",
     * not "Re"): a word cut inside reads as nothing. */
    if (!found)
      for (p = head_end; *p != '\0' && p < tail_start && !is_separator (g_utf8_get_char (p)); p = g_utf8_next_char (p))
        ;
    head_end = p;
  }
  while (head_end > title && g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (head_end))))
    head_end = g_utf8_prev_char (head_end);
  return g_strdup_printf ("%.*s" ELLIPSIS "%s", (int) (head_end - title), title, tail_start);
}

/* @title without its asides in parentheses ("TPOT (Inter Token
 * Latency) vs …"), as words. */
static GPtrArray *
title_words (const char *title)
{
  g_auto(GStrv) words = g_strsplit (title, " ", -1);
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);
  int depth = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      gboolean opens = word[0] == '(', closes = word[0] != '\0' && word[strlen (word) - 1] == ')';

      if (*word == '\0')
        continue;
      if (opens)
        depth++;
      if (depth == 0)
        g_ptr_array_add (kept, g_strdup (word));
      if (closes && depth > 0)
        depth--;
    }
  if (kept->len == 0)
    g_ptr_array_add (kept, g_strdup (title));
  return kept;
}

/* What the metrics' names are known by, for a title that does not fit:
 * each a word of its own, never cut apart ("Request vs Seqs" told nothing
 * of a request throughput). Longest first. */
static const struct {
  const char *words;
  const char *shorter;
} abbreviations[] = {
  { "Output Token Throughput Per GPU", "Tok/s/GPU" },
  { "Output Token Throughput per GPU", "Tok/s/GPU" },
  { "Token Throughput Per GPU", "Tok/s/GPU" },
  { "Token Throughput per GPU", "Tok/s/GPU" },
  { "Output Token Throughput", "Tok/s" },
  { "Output Throughput", "Tok/s" },
  { "Token Throughput", "Tok/s" },
  { "Request Throughput", "Req/s" },
  { "Time to First Token", "TTFT" },
  { "Time To First Token", "TTFT" },
  { "Inter Token Latency", "ITL" },
  { "Time Per Output Token", "TPOT" },
  { "Max Num Batched Tokens", "Batched" },
};

/* @words with the phrases of abbreviations[] each one word, shorter. */
static void
abbreviate (GPtrArray *words)
{
  for (guint w = 0; w < words->len; w++)
    for (guint k = 0; k < G_N_ELEMENTS (abbreviations); k++)
      {
        g_auto(GStrv) phrase = g_strsplit (abbreviations[k].words, " ", -1);
        guint n = g_strv_length (phrase), i;

        for (i = 0; i < n && w + i < words->len; i++)
          if (!g_str_equal (phrase[i], g_ptr_array_index (words, w + i)))
            break;
        if (i < n)
          continue;
        g_ptr_array_remove_range (words, w, n);
        g_ptr_array_insert (words, (int) w, g_strdup (abbreviations[k].shorter));
        break;
      }
}

static char *
join_words (GPtrArray *words)
{
  g_ptr_array_add (words, NULL);
  {
    char *text = g_strjoinv (" ", (char **) words->pdata);

    g_ptr_array_remove_index (words, words->len - 1);
    return text;
  }
}

/* Whether @word links others ("vs", "by", "gegen", "über"): lower case
 * throughout, or a preposition of a title's capitals ("Per", "Over").
 * Such words keep a title readable and are never left out. */
static gboolean
is_link_word (const char *word)
{
  static const char *const capitalized[] = { "Per", "Over", "Across", "With", "By", "In", "Of", "For", "At", "Vs", NULL };
  gboolean letters = FALSE;

  if (g_strv_contains (capitalized, word))
    return TRUE;

  for (const char *p = word; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isupper (c) || g_unichar_isdigit (c))
        return FALSE;
      letters = letters || g_unichar_isalpha (c);
    }
  return letters;
}

static guint
titles_with_word (const char * const *titles,
                  guint               n,
                  guint               self,
                  const char         *word)
{
  guint count = 0;

  for (guint i = 0; i < n; i++)
    if (i != self)
      {
        g_autoptr(GPtrArray) words = title_words (titles[i]);

        abbreviate (words);
        count += g_ptr_array_find_with_equal_func (words, word, g_str_equal, NULL);
      }
  return count;
}

/* @words cut in the middle between words: the first, "…", and as many of
 * the last as the room has (the last one at least, two when it is short). */
static char *
cut_words (GPtrArray *words,
           guint      max_chars)
{
  const char *first = g_ptr_array_index (words, 0);
  glong room = (glong) max_chars - g_utf8_strlen (first, -1) - 1;
  guint from = words->len - 1;
  glong tail;

  if (words->len < 3)
    return join_words (words);
  tail = g_utf8_strlen (g_ptr_array_index (words, from), -1);
  /* a short last word alone says little ("…Time"): its neighbour too */
  if (tail <= 4 && from > 1)
    tail += 1 + g_utf8_strlen (g_ptr_array_index (words, --from), -1);
  while (from > 1 && tail + 1 + g_utf8_strlen (g_ptr_array_index (words, from - 1), -1) <= room)
    {
      from--;
      tail += 1 + g_utf8_strlen (g_ptr_array_index (words, from), -1);
    }
  /* nothing left out: the words as they are */
  if (from == 1)
    return join_words (words);
  {
    g_autoptr(GString) text = g_string_new (first);

    g_string_append (text, ELLIPSIS);
    for (guint w = from; w < words->len; w++)
      g_string_append_printf (text, "%s%s", w > from ? " " : "", (const char *) g_ptr_array_index (words, w));
    return g_string_free (g_steal_pointer (&text), FALSE);
  }
}

/* A title that does not fit keeps what tells it from the others: its
 * asides go, metrics take their short names ("Req/s"), then the words it
 * shares with most other titles ("Max Num" of
 * "TTFT vs Max Num Seqs" beside "TTFT vs Max Num Batched Tokens" and "TPOT
 * vs Max Num Seqs"), never its first or last word nor a linking word; what
 * is still too long is cut in the middle. */
static char *
title_of_differences (const char * const *titles,
                      guint               n,
                      guint               self,
                      guint               max_chars)
{
  g_autoptr(GPtrArray) words = NULL;

  if (g_utf8_strlen (titles[self], -1) <= (glong) max_chars)
    return g_strdup (titles[self]);
  words = title_words (titles[self]);
  abbreviate (words);
  for (;;)
    {
      g_autofree char *text = join_words (words);
      guint best = 0, best_count = 0;

      if (g_utf8_strlen (text, -1) <= (glong) max_chars)
        return g_steal_pointer (&text);
      for (guint w = 1; w + 1 < words->len; w++)
        {
          const char *word = g_ptr_array_index (words, w);
          guint count;

          if (is_link_word (word))
            continue;
          count = titles_with_word (titles, n, self, word);
          if (count > best_count)
            {
              best_count = count;
              best = w;
            }
        }
      /* whole words a little past the room read better than a cut */
      if (best_count == 0 && g_utf8_strlen (text, -1) <= (glong) max_chars + 3)
        return g_steal_pointer (&text);
      if (best_count == 0)
        return cut_words (words, max_chars);
      g_ptr_array_remove_index (words, best);
      /* a linking word left beside another links nothing ("per vs") */
      if (best > 0 && best < words->len && is_link_word (g_ptr_array_index (words, best - 1))
          && is_link_word (g_ptr_array_index (words, best)))
        g_ptr_array_remove_index (words, best - 1);
    }
}

char **
aiperf_short_titles (const char * const *titles,
                     guint               max_chars)
{
  guint n = titles != NULL ? g_strv_length ((char **) titles) : 0;
  char **shorts = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    shorts[i] = title_of_differences (titles, n, i, max_chars);
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

/* A name's words: the runs of characters between separators. */
typedef struct {
  gsize start, end;  /* bytes of the word in its name */
} Word;

static GArray *
name_words (const char *name)
{
  GArray *words = g_array_new (FALSE, FALSE, sizeof (Word));
  gsize i = 0, length = strlen (name);

  while (i < length)
    {
      Word word;

      while (i < length && is_separator ((guchar) name[i]))
        i++;
      if (i >= length)
        break;
      word.start = i;
      while (i < length && !is_separator ((guchar) name[i]))
        i++;
      word.end = i;
      g_array_append_val (words, word);
    }
  return words;
}

/* Whether every one of @names has @word (of @length bytes) as a word. */
static gboolean
all_have_word (const char         *word,
               gsize               length,
               const char * const *names,
               guint               n_names)
{
  for (guint i = 0; i < n_names; i++)
    {
      g_autoptr(GArray) words = name_words (names[i]);
      gboolean found = FALSE;

      for (guint w = 0; w < words->len && !found; w++)
        {
          const Word *other = &g_array_index (words, Word, w);

          found = other->end - other->start == length && memcmp (names[i] + other->start, word, length) == 0;
        }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* Letters then digits ("concurrency32") where every name has a word of
 * those letters and digits: the digits are the value. */
static gsize
value_start (const char         *word,
             gsize               length,
             const char * const *names,
             guint               n_names)
{
  gsize letters = 0;

  while (letters < length && g_ascii_isalpha (word[letters]))
    letters++;
  if (letters == 0 || letters == length)
    return 0;
  for (gsize i = letters; i < length; i++)
    if (!g_ascii_isdigit (word[i]))
      return 0;
  for (guint i = 0; i < n_names; i++)
    {
      g_autoptr(GArray) words = name_words (names[i]);
      gboolean found = FALSE;

      for (guint w = 0; w < words->len && !found; w++)
        {
          const Word *other = &g_array_index (words, Word, w);
          const char *text = names[i] + other->start;
          gsize other_length = other->end - other->start;

          found = other_length > letters && strncmp (text, word, letters) == 0 && g_ascii_isdigit (text[letters]);
        }
      if (!found)
        return 0;
    }
  return letters;
}

static char *
distinct_name (const char         *name,
               const char * const *names,
               guint               n_names,
               gboolean            for_tab)
{
  g_autoptr(GArray) words = NULL;
  g_autofree gboolean *shared = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  guint first = 0, last, own_first, own_last;
  gboolean any_kept = FALSE, in_cut = FALSE;

  if (n_names < 2)
    return g_strdup (name);
  words = name_words (name);
  if (words->len == 0)
    return g_strdup (name);
  shared = g_new0 (gboolean, words->len);
  for (guint w = 0; w < words->len; w++)
    {
      const Word *word = &g_array_index (words, Word, w);

      shared[w] = all_have_word (name + word->start, word->end - word->start, names, n_names);
      any_kept = any_kept || !shared[w];
    }
  if (!any_kept)
    return g_strdup (name);
  last = words->len - 1;
  while (shared[first])
    first++;
  while (shared[last])
    last--;
  own_first = first;
  own_last = last;
  /* A short shared start or end is a word worth keeping in a row
   * ("run_"): only what takes room is cut. */
  if (!for_tab)
    {
      gsize head = g_array_index (words, Word, first).start;
      gsize tail_start = g_array_index (words, Word, last).end;

      if (first > 0 && g_utf8_strlen (name, head) <= 5)
        first = 0;
      if (last + 1 < words->len && g_utf8_strlen (name + tail_start, -1) <= 5)
        last = words->len - 1;
    }
  if (first > 0 && !for_tab)
    g_string_append (text, ELLIPSIS);
  for (guint w = first; w <= last; w++)
    {
      const Word *word = &g_array_index (words, Word, w);
      gsize letters;

      /* shared words inside: one mark for each run of them */
      if (shared[w] && w > own_first && w < own_last)
        {
          if (!in_cut)
            g_string_append (text, for_tab ? " " : ELLIPSIS);
          in_cut = TRUE;
          continue;
        }
      /* the name's own separators between kept neighbours */
      if (w > first && !in_cut)
        g_string_append_len (text, name + g_array_index (words, Word, w - 1).end,
                             word->start - g_array_index (words, Word, w - 1).end);
      in_cut = FALSE;
      /* a lone word that is a parameter and its value */
      letters = for_tab && own_first == own_last
                  ? value_start (name + word->start, word->end - word->start, names, n_names) : 0;
      g_string_append_len (text, name + word->start, letters);
      if (letters > 0)
        g_string_append_c (text, ' ');
      g_string_append_len (text, name + word->start + letters, word->end - word->start - letters);
    }
  if (last + 1 < words->len && !for_tab)
    g_string_append (text, ELLIPSIS);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
aiperf_distinct_name (const char         *name,
                      const char * const *names,
                      guint               n_names)
{
  g_return_val_if_fail (name != NULL, NULL);

  return distinct_name (name, names, n_names, FALSE);
}

char *
aiperf_distinct_run_label (const char         *name,
                           const char * const *names,
                           guint               n_names)
{
  g_return_val_if_fail (name != NULL, NULL);

  return distinct_name (name, names, n_names, TRUE);
}
