/* aiperf-short-names.h — names that fit a tab, a sidebar row or a legend and still
 * tell things apart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @title whole when it has at most @max_chars characters, else its start
 * and its (longer) end around "…", cut between words (a first word up to
 * three characters too long is kept whole). */
char  *aiperf_short_title   (const char         *title,
                             guint               max_chars);
/* aiperf_short_title () of each of @titles (NULL-terminated), given more
 * room where two different titles would read alike. Free with g_strfreev. */
char **aiperf_short_titles  (const char * const *titles,
                             guint               max_chars);
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
