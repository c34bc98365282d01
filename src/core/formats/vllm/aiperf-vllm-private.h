/* aiperf-vllm-private.h — what the vLLM format's files share.
 *
 * A result is one object written by `vllm bench serve` / benchmark_serving.py
 * (or one row of the nightly table): its numbers in file order and its text
 * values. Several results of one configuration (ccl-bench's results_json/,
 * `bench sweep`'s run=N.json) become one run whose values are their means.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-format.h"
#include "aiperf-run-private.h"

G_BEGIN_DECLS

typedef struct {
  char   *key;
  double  value;
} VllmNumber;

typedef struct {
  GArray     *numbers;  /* VllmNumber, file order */
  GHashTable *strings;  /* key → text (strings; booleans as "true"/"false") */
  guint       line;     /* 1-based line where the object starts */
} VllmResult;

VllmResult *aiperf_vllm_result_new       (void);
void        aiperf_vllm_result_free      (VllmResult  *result);
/* The number @key, or FALSE. */
gboolean    aiperf_vllm_result_number    (const VllmResult *result,
                                          const char       *key,
                                          double           *out);
void        aiperf_vllm_result_add_number (VllmResult *result,
                                          const char *key,
                                          double      value);

/* Reads every top-level object of @path: one object, JSON Lines
 * (--append-result), or a JSON array of objects (summary.json, the nightly
 * table; then *@out_is_array, nullable, is TRUE). Per-request arrays and
 * nested objects are skipped without being kept. Returns VllmResult*s, or
 * NULL with an error naming the file and line. */
GPtrArray  *aiperf_vllm_read_results     (const char  *path,
                                          gboolean    *out_is_array,
                                          GError     **error);

/* Fills @run from @results (VllmResult*, at least one), the repeats of one
 * configuration: each number is the arithmetic mean over the results that
 * have it, summed in order; with two or more, its sample standard deviation
 * (n − 1) is the spread. Keys in @param_keys (nullable) are parameters, not
 * metrics. Sets n_repeats, model, concurrency, request rate, load parameter. */
void        aiperf_vllm_fill_run         (AiperfRun   *run,
                                          GPtrArray   *results,
                                          GHashTable  *param_keys);

/* How a bench-serve key maps into the canonical vocabulary. */
typedef enum {
  VLLM_KEY_METRIC,     /* tag, stat, unit set */
  VLLM_KEY_PARAMETER,  /* a setting of the benchmark, kept as text */
  VLLM_KEY_IGNORED,
} VllmKeyKind;

VllmKeyKind aiperf_vllm_classify_key     (const char  *key,
                                          char       **out_tag,
                                          AiperfStat  *out_stat,
                                          const char **out_unit);
/* A unit for a key we do not know, from its suffix ("_ms" → "ms"). */
const char *aiperf_vllm_unit_from_suffix (const char  *key);
/* Shortest text that reads back as @value ("4", "0.5", "inf"). */
char       *aiperf_vllm_format_value     (double       value);

/* TRUE for "run=3.json" (not "run=3.failure.json"); *@out_number nullable. */
gboolean    aiperf_vllm_is_run_file_name (const char         *name,
                                          guint              *out_number);

/* The folder layouts (aiperf-vllm-folders.c): a ccl-bench trace folder
 * (*.yaml + results_json/) and a `vllm bench sweep` combination folder
 * (run=N.json, or summary.json alone). Each is one run. */
void        aiperf_vllm_load_ccl_folder  (const char         *path,
                                          const char * const *entries,
                                          AiperfLoadResult   *result);
void        aiperf_vllm_load_sweep_folder (const char        *path,
                                          const char * const *entries,
                                          AiperfLoadResult   *result);
/* The nightly results table (aiperf-vllm-nightly.c): a JSON array of rows
 * with "Test name", each one run "file#<Test name>". */
gboolean    aiperf_vllm_results_are_nightly (GPtrArray       *results);
void        aiperf_vllm_load_nightly     (const char         *path,
                                          GPtrArray          *rows,
                                          AiperfLoadResult   *result);

G_END_DECLS
