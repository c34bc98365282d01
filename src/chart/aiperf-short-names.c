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
  /* long words known by their short form */
  { "Configuration", "Config" },
  { "Architecture", "Arch" },
  { "Performance", "Perf" },
  { "Utilization", "Util" },
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

/* What a short title must fit: @room in the units of @width. */
typedef struct {
  AiperfTextWidthFunc width;
  gpointer            data;
  int                 room;
} Room;

static gboolean
fits (const Room *room,
      const char *text)
{
  return room->width (text, room->data) <= room->room;
}

int
aiperf_text_chars (const char *text,
                   gpointer    unused)
{
  return (int) g_utf8_strlen (text, -1);
}

char *
aiperf_fit_text (const char          *text,
                 AiperfTextWidthFunc  width,
                 gpointer             user_data,
                 int                  room)
{
  Room r = { width, user_data, room };
  const char *end;

  g_return_val_if_fail (text != NULL && width != NULL, NULL);

  if (fits (&r, text))
    return g_strdup (text);
  /* The longest start that fits beside "…"; at a word's end when one is
   * near. */
  for (end = text + strlen (text); end > text; end = g_utf8_prev_char (end))
    {
      g_autofree char *cut = NULL;
      const char *trim = end;

      while (trim > text && g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (trim))))
        trim = g_utf8_prev_char (trim);
      cut = g_strdup_printf ("%.*s" ELLIPSIS, (int) (trim - text), text);
      if (fits (&r, cut))
        return g_steal_pointer (&cut);
    }
  return g_strdup (ELLIPSIS);
}

/* Adds @text to @forms unless it is there or does not fit. */
static void
add_form (GPtrArray  *forms,
          const Room *room,
          char       *text)
{
  if (fits (room, text) && !g_ptr_array_find_with_equal_func (forms, text, g_str_equal, NULL))
    g_ptr_array_add (forms, text);
  else
    g_free (text);
}

/* @words from @from on, after @head and "…" (no head: "…" first). */
static char *
cut_form (GPtrArray  *words,
          const char *head,
          guint       from)
{
  g_autoptr(GString) text = g_string_new (head);

  g_string_append (text, ELLIPSIS);
  for (guint w = from; w < words->len; w++)
    g_string_append_printf (text, "%s%s", w > from ? " " : "", (const char *) g_ptr_array_index (words, w));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* @words cut in the middle between words, as many forms as fit, the most
 * telling first: the first word, "…" and the last ones; the last ones
 * alone (a short last word only with its neighbour: "…Time" says
 * little); the first word alone. */
static void
add_cut_forms (GPtrArray  *forms,
               const Room *room,
               GPtrArray  *words)
{
  const char *first = g_ptr_array_index (words, 0);
  guint last = words->len - 1;
  gboolean short_last = g_utf8_strlen (g_ptr_array_index (words, last), -1) <= 4;

  if (words->len < 2)
    return;
  for (guint from = 2; from <= last; from++)
    add_form (forms, room, cut_form (words, first, from));
  for (guint from = 1; from <= last; from++)
    if (!(from == last && short_last))
      add_form (forms, room, cut_form (words, NULL, from));
  add_form (forms, room, g_strconcat (first, ELLIPSIS, NULL));
  if (short_last)
    add_form (forms, room, cut_form (words, NULL, last));
}

/* The title's words without its asides, metrics by their short names,
 * then without the words it shares with most other titles ("Max Num" of
 * "TTFT vs Max Num Seqs" beside "TTFT vs Max Num Batched Tokens" and
 * "TPOT vs Max Num Seqs"), never its first or last word nor a linking
 * word, until they fit or no shared word is left. */
static GPtrArray *
words_of_differences (const char * const *titles,
                      guint               n,
                      guint               self,
                      const Room         *room)
{
  GPtrArray *words = title_words (titles[self]);

  abbreviate (words);
  for (;;)
    {
      g_autofree char *text = join_words (words);
      guint best = 0, best_count = 0;

      if (fits (room, text))
        return words;
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
      if (best_count == 0)
        return words;
      g_ptr_array_remove_index (words, best);
      /* a linking word left beside another links nothing ("per vs") */
      if (best > 0 && best < words->len && is_link_word (g_ptr_array_index (words, best - 1))
          && is_link_word (g_ptr_array_index (words, best)))
        g_ptr_array_remove_index (words, best - 1);
    }
}

/* Every form of @titles[@self] that fits, the most telling first: the
 * title whole; without the words it shares with others; that cut between
 * words; the title's own words cut between words; a cut at its end. */
static GPtrArray *
title_forms (const char * const *titles,
             guint               n,
             guint               self,
             const Room         *room)
{
  GPtrArray *forms = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) words = words_of_differences (titles, n, self, room);
  g_autoptr(GPtrArray) all = title_words (titles[self]);

  add_form (forms, room, g_strdup (titles[self]));
  add_form (forms, room, join_words (words));
  add_cut_forms (forms, room, words);
  abbreviate (all);
  add_cut_forms (forms, room, all);
  if (forms->len == 0)
    g_ptr_array_add (forms, aiperf_fit_text (titles[self], room->width, room->data, room->room));
  return forms;
}

/* Whether @text is the short title of another title than @titles[@self]. */
static gboolean
taken_by_other (const char * const *titles,
                char              **shorts,
                guint               n,
                guint               self,
                const char         *text)
{
  for (guint i = 0; i < n; i++)
    if (i != self && shorts[i] != NULL && g_str_equal (shorts[i], text) && !g_str_equal (titles[i], titles[self]))
      return TRUE;
  return FALSE;
}

char **
aiperf_short_titles (const char * const  *titles,
                     AiperfTextWidthFunc  width,
                     gpointer             user_data,
                     int                  room)
{
  Room r = { width, user_data, room };
  guint n = titles != NULL ? g_strv_length ((char **) titles) : 0;
  char **shorts = g_new0 (char *, n + 1);
  g_autoptr(GPtrArray) forms = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  g_return_val_if_fail (width != NULL, shorts);

  for (guint i = 0; i < n; i++)
    {
      GPtrArray *own = title_forms (titles, n, i, &r);

      g_ptr_array_add (forms, own);
      shorts[i] = g_strdup (g_ptr_array_index (own, 0));
    }
  /* Two different titles that read alike: the later one takes its next
   * form that no other title has, if any fits. */
  for (guint i = 0; i < n; i++)
    if (taken_by_other (titles, shorts, i, i, shorts[i]))
      {
        GPtrArray *own = g_ptr_array_index (forms, i);

        for (guint f = 1; f < own->len; f++)
          if (!taken_by_other (titles, shorts, n, i, g_ptr_array_index (own, f)))
            {
              g_free (shorts[i]);
              shorts[i] = g_strdup (g_ptr_array_index (own, f));
              break;
            }
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

/* The brackets @text opened and left open closed as @tail (what follows
 * the name's last word) closes them: "(LLMPerf: anyscale)", not
 * "(LLMPerf: anyscale". */
static void
close_brackets (GString    *text,
                const char *tail)
{
  int open = 0;

  for (const char *p = text->str; *p != '\0'; p++)
    open += (*p == '(' || *p == '[') - (*p == ')' || *p == ']');
  for (const char *p = tail; *p != '\0' && open > 0; p++)
    if (*p == ')' || *p == ']')
      {
        g_string_append_c (text, *p);
        open--;
      }
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
  else if (last + 1 == words->len)
    close_brackets (text, name + g_array_index (words, Word, last).end);
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
