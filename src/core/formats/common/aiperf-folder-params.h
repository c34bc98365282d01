/* aiperf-folder-params.h — parameters that benchmark tools write into
 * folder names: ccl-bench brackets, `vllm bench sweep` k=v names and
 * GenAI-Perf's -concurrencyN / -request_rateN suffixes.
 *
 * Any format may use these parsers; each fills a hash table of text
 * parameters (key → value, both owned by the table: create it with
 * g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free)).
 * A user's --param-pattern is applied afterwards by the walker and wins.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* ccl-bench: `Model-framework-Cluster[variant_maxseqs_maxtokens(_flag…)]-group`,
 * e.g. "Mixtral8x7B-vllmEP4-Perlmutter[defaultall2all_32_8192_eplboff]-group12".
 * Adds variant (the label ccl-bench's plots use: "Baseline" for vllmTP4,
 * "DefaultAll2All" for vllmEP4, else the bracket's own word), variant_tag
 * (the bracket's word as written), framework ("vllmEP4"), max_num_seqs,
 * max_num_batched_tokens, and for `_eplboff`/`_eplbon` eplb=off|on plus
 * excluded_from_sweep=eplb (ccl-bench leaves those folders out of its sweep
 * plots). FALSE when @name has no such bracket. */
gboolean aiperf_folder_params_ccl_bench   (const char *name,
                                           GHashTable *params);
/* `vllm bench sweep`: `SERVE--k=v-k=v-BENCH--k=v-…` (either half may be
 * missing; a parameter set with a _benchmark_name gives `SERVE--name`,
 * added as serve=name / bench=name). Values may contain '-': a pair ends
 * only where "-identifier=" starts the next one. */
gboolean aiperf_folder_params_vllm_sweep  (const char *name,
                                           GHashTable *params);
/* GenAI-Perf artifact folders end in -concurrency<N> or -request_rate<R>
 * (`meta_llama3-8b-instruct-openai-chat-concurrency10`). */
gboolean aiperf_folder_params_genai_perf  (const char *name,
                                           GHashTable *params);
/* Every convention above, in that order; TRUE when any matched. */
gboolean aiperf_folder_params_parse       (const char *name,
                                           GHashTable *params);
/* A new table suitable for the parsers. */
GHashTable *aiperf_folder_params_new      (void);

G_END_DECLS
