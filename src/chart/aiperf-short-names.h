/* aiperf-short-names.h — names that fit a tab, a sidebar row or a legend and still
 * tell things apart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How wide @text is drawn, in a unit of the caller's (characters,
 * pixels of a font). */
typedef int (*AiperfTextWidthFunc) (const char *text,
                                    gpointer    user_data);

/* An AiperfTextWidthFunc: @text's characters. */
int    aiperf_text_chars    (const char         *text,
                             gpointer            unused);
/* @text whole when @width of it is at most @room, else its longest start
 * that fits before "…". */
char  *aiperf_fit_text      (const char         *text,
                             AiperfTextWidthFunc width,
                             gpointer            user_data,
                             int                 room);
/* Each of @titles (NULL-terminated) whole when it fits @room, else what
 * tells it from the others: without its asides, metrics by their short
 * names ("Req/s"), without the words it shares with the others, cut
 * between words around "…" — never wider than @room (a cut at the end
 * when nothing else fits) and, where any form fits, never like another
 * title's. Free with g_strfreev. */
char **aiperf_short_titles  (const char * const *titles,
                             AiperfTextWidthFunc width,
                             gpointer            user_data,
                             int                 room);
/* @name without the words every one of @names has (a shared start or end
 * of more than five characters, and any inside), "…" where words were cut:
 * "…tp2_bs8…" of "Mixtral8x7B-vllm_tp2_bs8_8192-group12", "…vllmEP4…
 * defaultall2all_8_8192…" of a ccl-bench folder. @name itself when fewer
 * than two names or nothing would be left. */
char  *aiperf_distinct_name (const char         *name,
                             const char * const *names,
                             guint               n_names);
/* The same for a tab, which has less room: no marks, a space where words
 * were cut, and a value apart from the word it is the value of
 * ("concurrency 32" of "qwen_concurrency32"). */
char  *aiperf_distinct_run_label (const char         *name,
                                  const char * const *names,
                                  guint               n_names);

G_END_DECLS
