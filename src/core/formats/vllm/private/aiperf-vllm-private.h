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
#include "aiperf-json-scan.h"
#include "aiperf-run-builder.h"
#include "aiperf-table.h"

G_BEGIN_DECLS

typedef struct {
  char   *key;
  double  value;
} VllmNumber;

/* The per-request lists of a result (aiperf-vllm-arrays.c), one double
 * per request in each, NaN where unknown. */
typedef enum {
  VLLM_LIST_TTFT,    /* ttfts, s */
  VLLM_LIST_E2EL,    /* e2els, s */
  VLLM_LIST_INPUT,   /* input_lens */
  VLLM_LIST_OUTPUT,  /* output_lens */
  VLLM_LIST_FAILED,  /* errors: 1 with a message, 0 without */
  VLLM_LIST_ITL_N,   /* itls: the number of gaps of each request */
  VLLM_N_LISTS
} VllmList;

typedef struct {
  GArray   *lists[VLLM_N_LISTS];
  gboolean  present[VLLM_N_LISTS];
  GArray   *itl_flat;    /* double: every gap (s), request after request */
  GArray   *itl_offset;  /* guint64 per request: its first gap in itl_flat */
  guint     n_bad;       /* elements that were not finite numbers */
} VllmArrays;

typedef struct {
  GArray     *numbers;  /* VllmNumber, file order */
  GHashTable *strings;  /* key → text (strings; booleans as "true"/"false") */
  guint       line;     /* 1-based line where the object starts */
  VllmArrays *arrays;   /* NULL when the result has no per-request lists */
} VllmResult;

/* What a statistic is computed over (as vLLM's serve.py does). */
typedef enum {
  VLLM_STAT_TTFT,  /* ttfts of the successful requests */
  VLLM_STAT_E2EL,  /* their latency: e2els, else TTFT + Σ itls */
  VLLM_STAT_TPOT,  /* (latency − TTFT) ÷ (output − 1), output > 1 */
  VLLM_STAT_ITL,   /* every gap of every successful request */
  VLLM_STAT_PER_USER, /* 1 ÷ TPOT per request (tokens/sec/user): AIPerf's
                       * output_token_throughput_per_user, not in vLLM's files */
} VllmStatOf;

VllmArrays  *aiperf_vllm_arrays_new       (void);
void         aiperf_vllm_arrays_free      (VllmArrays       *arrays);
/* The list a key fills ("ttfts" → VLLM_LIST_TTFT), or -1. */
int          aiperf_vllm_array_key        (const char       *key);
/* Reads the array at the scanner into @list of @arrays. */
gboolean     aiperf_vllm_arrays_read      (AiperfJsonScan   *scan,
                                           VllmArrays       *arrays,
                                           int               list);
/* The number of requests: the longest list. */
guint        aiperf_vllm_arrays_n_requests (const VllmArrays *arrays);
/* Every stat (ms; tokens/sec/user for VLLM_STAT_PER_USER) of @of over
 * the successful requests; FALSE when the lists it needs are absent or
 * hold no value. */
gboolean     aiperf_vllm_arrays_stats     (const VllmArrays *arrays,
                                           VllmStatOf        of,
                                           AiperfStats      *stats);
/* Ragged lists and bad elements in words, or NULL when there are none. */
char        *aiperf_vllm_arrays_problems  (const VllmArrays *arrays);
/* The per-request dataset, in AIPerf's columns. */
AiperfTable *aiperf_vllm_arrays_table     (const VllmArrays *arrays);
/* Fills the slots of the run's TTFT, request latency, TPOT and ITL that
 * @result's own statistics leave empty from its arrays, with a note naming
 * what was computed, and gives the run its per-request dataset loader. */
void         aiperf_vllm_fill_from_arrays (AiperfRun        *run,
                                           VllmResult       *result,
                                           const char       *path);
/* The AiperfDetailsLoader of a run from one bench-serve result file. */
gboolean     aiperf_vllm_load_requests    (AiperfRun          *staging,
                                           GCancellable       *cancellable,
                                           AiperfProgressFunc  progress,
                                           gpointer            progress_data,
                                           GError            **error);

/* NaN, Infinity and -Infinity as Python writes them. */
gboolean     aiperf_vllm_scan_python_special (AiperfJsonScan *scan,
                                              double         *out);

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
/* For a results table @path with @rows (VllmResult*): the name of the
 * bench-serve result file beside it each row was made from ("" for a row
 * that is no copy), or NULL when no row is a copy. */
char      **aiperf_vllm_derived_rows     (const char         *path,
                                          GPtrArray          *rows);

G_END_DECLS
