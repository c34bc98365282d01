/* aiperf-vllm-arrays.c — the per-request arrays of a bench-serve result.
 *
 * `vllm bench serve --save-result` (and benchmark_serving.py before it)
 * writes, beside its statistics, one entry per request in each of
 * input_lens, output_lens, ttfts (s), itls (a list of gaps per request, s),
 * newer versions also e2els (s) and errors (a message, "" on success);
 * generated_texts is skipped. They are read with the streaming scanner into
 * plain arrays, and give:
 *  - the statistics the file lacks, computed as vllm/benchmarks/serve.py
 *    computes its own (over the successful requests; std over the
 *    population; percentiles interpolated like numpy): request latency is
 *    e2els, or, in files without it, TTFT + the sum of the request's gaps
 *    (vLLM's latency ends at the last chunk, which is where the last gap
 *    ends); TPOT is (latency − TTFT) ÷ (output tokens − 1) for requests
 *    with more than one token; ITL is every gap of every request. A stat the
 *    file has is always the file's.
 *  - the run's per-request dataset, in AIPerf's columns, read again from
 *    the file when the run is shown on its own.
 * Bad elements (NaN, Infinity, strings) are unknown cells, counted in a
 * note; lists of different lengths are read up to the longest, the missing
 * cells unknown, and a note names them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-json-scan.h"
#include "aiperf-requests-reduce.h"
#include "aiperf-vllm-private.h"

VllmArrays *
aiperf_vllm_arrays_new (void)
{
  VllmArrays *arrays = g_new0 (VllmArrays, 1);

  for (guint k = 0; k < VLLM_N_LISTS; k++)
    {
      arrays->lists[k] = g_array_new (FALSE, FALSE, sizeof (double));
      arrays->present[k] = FALSE;
    }
  arrays->itl_flat = g_array_new (FALSE, FALSE, sizeof (double));
  arrays->itl_offset = g_array_new (FALSE, FALSE, sizeof (guint64));
  return arrays;
}

void
aiperf_vllm_arrays_free (VllmArrays *arrays)
{
  if (arrays == NULL)
    return;
  for (guint k = 0; k < VLLM_N_LISTS; k++)
    g_array_unref (arrays->lists[k]);
  g_array_unref (arrays->itl_flat);
  g_array_unref (arrays->itl_offset);
  g_free (arrays);
}

static const char * const list_keys[VLLM_N_LISTS] = {
  [VLLM_LIST_TTFT] = "ttfts",
  [VLLM_LIST_E2EL] = "e2els",
  [VLLM_LIST_INPUT] = "input_lens",
  [VLLM_LIST_OUTPUT] = "output_lens",
  [VLLM_LIST_FAILED] = "errors",
  [VLLM_LIST_ITL_N] = "itls",
};

int
aiperf_vllm_array_key (const char *key)
{
  for (guint k = 0; k < VLLM_N_LISTS; k++)
    if (strcmp (key, list_keys[k]) == 0)
      return (int) k;
  return -1;
}

/* One element of a number list: a number, Python's NaN/Infinity or null
 * (all unknown but the number), anything else skipped and counted. */
static gboolean
read_number_element (AiperfJsonScan *scan,
                     VllmArrays     *arrays,
                     double         *out)
{
  double special;

  *out = NAN;
  if (aiperf_vllm_scan_python_special (scan, &special))
    {
      arrays->n_bad++;
      return TRUE;
    }
  switch (aiperf_json_scan_peek (scan))
    {
    case AIPERF_JSON_NUMBER:
      {
        AiperfJsonNumber n;

        if (!aiperf_json_scan_number (scan, &n))
          return FALSE;
        *out = n.d;
        return TRUE;
      }
    case AIPERF_JSON_NULL:
      return aiperf_json_scan_null (scan);
    case AIPERF_JSON_ERROR:
      return aiperf_json_scan_fail (scan, "expected a value");
    default:
      arrays->n_bad++;
      return aiperf_json_scan_skip (scan);
    }
}

/* errors: "" (or null) for a request that succeeded, a message otherwise. */
static gboolean
read_error_element (AiperfJsonScan *scan,
                    VllmArrays     *arrays,
                    double         *out)
{
  *out = NAN;
  switch (aiperf_json_scan_peek (scan))
    {
    case AIPERF_JSON_STRING:
      {
        const char *text;
        gsize length;
        gboolean escapes;

        if (!aiperf_json_scan_string_view (scan, &text, &length, &escapes))
          return FALSE;
        *out = length > 0 ? 1.0 : 0.0;
        return TRUE;
      }
    case AIPERF_JSON_NULL:
      *out = 0.0;
      return aiperf_json_scan_null (scan);
    case AIPERF_JSON_ERROR:
      return aiperf_json_scan_fail (scan, "expected a value");
    default:
      arrays->n_bad++;
      return aiperf_json_scan_skip (scan);
    }
}

/* One request's gaps, appended to the flat list; its count, or NaN when
 * the element is not a list. */
static gboolean
read_itl_element (AiperfJsonScan *scan,
                  VllmArrays     *arrays,
                  double         *out)
{
  guint64 start = arrays->itl_flat->len;
  guint count = 0;

  *out = NAN;
  g_array_append_val (arrays->itl_offset, start);
  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_ARRAY)
    {
      double ignored;

      /* not a list of gaps: the request's are unknown */
      arrays->n_bad++;
      if (aiperf_vllm_scan_python_special (scan, &ignored))
        return TRUE;
      return aiperf_json_scan_peek (scan) != AIPERF_JSON_ERROR ? aiperf_json_scan_skip (scan)
                                                               : aiperf_json_scan_fail (scan, "expected a value");
    }
  if (!aiperf_json_scan_begin_array (scan))
    return FALSE;
  while (aiperf_json_scan_next_element (scan, &count))
    {
      double gap;

      if (!read_number_element (scan, arrays, &gap))
        return FALSE;
      if (isfinite (gap))
        g_array_append_val (arrays->itl_flat, gap);
    }
  if (scan->error != NULL)
    return FALSE;
  *out = (double) (arrays->itl_flat->len - start);
  return TRUE;
}

gboolean
aiperf_vllm_arrays_read (AiperfJsonScan *scan,
                         VllmArrays     *arrays,
                         int             list)
{
  GArray *values;
  guint count = 0;

  g_assert (list >= 0 && list < VLLM_N_LISTS);

  values = arrays->lists[list];
  /* A key twice: the last one counts, as in Python's json. */
  g_array_set_size (values, 0);
  if (list == VLLM_LIST_ITL_N)
    {
      g_array_set_size (arrays->itl_flat, 0);
      g_array_set_size (arrays->itl_offset, 0);
    }
  arrays->present[list] = TRUE;
  if (!aiperf_json_scan_begin_array (scan))
    return FALSE;
  while (aiperf_json_scan_next_element (scan, &count))
    {
      double value;
      gboolean ok;

      if (list == VLLM_LIST_ITL_N)
        ok = read_itl_element (scan, arrays, &value);
      else if (list == VLLM_LIST_FAILED)
        ok = read_error_element (scan, arrays, &value);
      else
        ok = read_number_element (scan, arrays, &value);
      if (!ok)
        return FALSE;
      if (!isfinite (value) && !isnan (value))
        value = NAN;
      g_array_append_val (values, value);
    }
  return scan->error == NULL;
}

guint
aiperf_vllm_arrays_n_requests (const VllmArrays *arrays)
{
  guint n = 0;

  for (guint k = 0; k < VLLM_N_LISTS; k++)
    if (arrays->present[k])
      n = MAX (n, arrays->lists[k]->len);
  return n;
}

static double
cell (const VllmArrays *arrays,
      int               list,
      guint             i)
{
  GArray *values = arrays->lists[list];

  return i < values->len ? g_array_index (values, double, i) : NAN;
}

/* Whether request @i succeeded: by its error message when the file has
 * them, else by having a first token (older files list failed requests
 * with TTFT 0 and no output). */
static gboolean
succeeded (const VllmArrays *arrays,
           guint             i)
{
  double failed = cell (arrays, VLLM_LIST_FAILED, i);
  double ttft = cell (arrays, VLLM_LIST_TTFT, i);

  if (arrays->present[VLLM_LIST_FAILED] && !isnan (failed))
    return failed == 0.0;
  return ttft > 0 || cell (arrays, VLLM_LIST_OUTPUT, i) > 0;
}

/* Request latency (s): e2els when the file has them, else TTFT + gaps. */
static double
latency_s (const VllmArrays *arrays,
           guint             i)
{
  double n_gaps;
  const double *gaps;
  guint64 start;
  double sum;

  if (arrays->present[VLLM_LIST_E2EL])
    return cell (arrays, VLLM_LIST_E2EL, i);
  n_gaps = cell (arrays, VLLM_LIST_ITL_N, i);
  if (isnan (n_gaps) || i >= arrays->itl_offset->len)
    return NAN;
  start = g_array_index (arrays->itl_offset, guint64, i);
  gaps = &g_array_index (arrays->itl_flat, double, start);
  sum = cell (arrays, VLLM_LIST_TTFT, i);
  for (guint j = 0; j < (guint) n_gaps; j++)
    sum += gaps[j];
  return sum;
}

/* TPOT (s): (latency − TTFT) ÷ (output tokens − 1), more than one token. */
static double
tpot_s (const VllmArrays *arrays,
        guint             i)
{
  double out = cell (arrays, VLLM_LIST_OUTPUT, i);

  if (!(out > 1))
    return NAN;
  return (latency_s (arrays, i) - cell (arrays, VLLM_LIST_TTFT, i)) / (out - 1);
}

gboolean
aiperf_vllm_arrays_stats (const VllmArrays *arrays,
                          VllmStatOf        of,
                          AiperfStats      *stats)
{
  guint n = aiperf_vllm_arrays_n_requests (arrays);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  aiperf_stats_init_nan (stats);
  if (of == VLLM_STAT_ITL && !arrays->present[VLLM_LIST_ITL_N])
    return FALSE;
  if (of != VLLM_STAT_ITL && !arrays->present[VLLM_LIST_TTFT])
    return FALSE;
  if (of == VLLM_STAT_E2EL && !arrays->present[VLLM_LIST_E2EL] && !arrays->present[VLLM_LIST_ITL_N])
    return FALSE;
  if ((of == VLLM_STAT_TPOT || of == VLLM_STAT_PER_USER) && !arrays->present[VLLM_LIST_OUTPUT])
    return FALSE;
  if (of == VLLM_STAT_PER_USER && !arrays->present[VLLM_LIST_E2EL] && !arrays->present[VLLM_LIST_ITL_N])
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      double v;

      if (!succeeded (arrays, i))
        continue;
      switch (of)
        {
        case VLLM_STAT_TTFT:
          v = cell (arrays, VLLM_LIST_TTFT, i);
          g_array_append_val (values, v);
          break;
        case VLLM_STAT_E2EL:
          v = latency_s (arrays, i);
          g_array_append_val (values, v);
          break;
        case VLLM_STAT_TPOT:
          v = tpot_s (arrays, i);
          g_array_append_val (values, v);
          break;
        case VLLM_STAT_PER_USER:
          v = tpot_s (arrays, i);
          v = v > 0 ? 1.0 / v : NAN;  /* tokens per second */
          g_array_append_val (values, v);
          break;
        case VLLM_STAT_ITL:
          {
            double n_gaps = cell (arrays, VLLM_LIST_ITL_N, i);
            guint64 start;

            if (isnan (n_gaps) || i >= arrays->itl_offset->len)
              break;
            start = g_array_index (arrays->itl_offset, guint64, i);
            g_array_append_vals (values, &g_array_index (arrays->itl_flat, double, start), (guint) n_gaps);
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
  /* seconds → ms, as the file's *_ms keys */
  if (of != VLLM_STAT_PER_USER)
    for (guint i = 0; i < values->len; i++)
      g_array_index (values, double, i) *= 1000.0;
  aiperf_stats_compute ((double *) (void *) values->data, values->len, stats);
  return stats->v[AIPERF_STAT_COUNT] > 0;
}

char *
aiperf_vllm_arrays_problems (const VllmArrays *arrays)
{
  GString *text = g_string_new (NULL);
  guint n = aiperf_vllm_arrays_n_requests (arrays);

  for (guint k = 0; k < VLLM_N_LISTS; k++)
    if (arrays->present[k] && arrays->lists[k]->len < n)
      g_string_append_printf (text, "%s%s has %u entries, not %u", text->len > 0 ? "; " : "",
                              list_keys[k], arrays->lists[k]->len, n);
  if (text->len > 0)
    g_string_append (text, _(" (the requests past its end have no value there)"));
  if (arrays->n_bad > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "%s%u per-request value is not a finite number",
                                               "%s%u per-request values are not finite numbers",
                                               arrays->n_bad),
                            text->len > 0 ? "; " : "", arrays->n_bad);
  return g_string_free (text, text->len == 0);
}

AiperfTable *
aiperf_vllm_arrays_table (const VllmArrays *arrays)
{
  enum { C_NUM, C_ERROR, C_CANCEL, C_TTFT, C_LATENCY, C_ITL, C_PER_USER, C_ISL, C_OSL, N_FIXED };
  static const struct { const char *name, *unit; } fixed[N_FIXED] = {
    { "request_number", "" }, { "error_code", "" }, { "was_cancelled", "" },
    { "time_to_first_token", "ms" }, { "request_latency", "ms" },
    { "inter_token_latency", "ms" }, { "output_token_throughput_per_user", "tokens/sec/user" },
    { "input_sequence_length", "tokens" }, { "output_sequence_length", "tokens" },
  };
  static const char * const icl[] = {
    "inter_chunk_latency_avg", "inter_chunk_latency_p50", "inter_chunk_latency_p95",
    "inter_chunk_latency_std", "inter_chunk_latency_min", "inter_chunk_latency_max",
  };
  g_autoptr(AiperfTable) table = aiperf_table_new ();
  guint n = aiperf_vllm_arrays_n_requests (arrays);
  guint cols[N_FIXED], icl_cols[G_N_ELEMENTS (icl)], range_col = 0;
  g_autofree double *scratch = NULL;
  gsize scratch_size = 0;

  for (guint c = 0; c < N_FIXED; c++)
    cols[c] = aiperf_table_ensure_column (table, fixed[c].name, fixed[c].unit);
  if (arrays->present[VLLM_LIST_ITL_N])
    {
      for (guint c = 0; c < G_N_ELEMENTS (icl); c++)
        icl_cols[c] = aiperf_table_ensure_column (table, icl[c], "ms");
      range_col = aiperf_table_ensure_column (table, "inter_chunk_latency_range", "ms");
    }
  aiperf_table_reserve (table, n);
  for (guint i = 0; i < n; i++)
    {
      guint row = aiperf_table_append_row (table);
      gboolean ok = succeeded (arrays, i);
      double ttft = cell (arrays, VLLM_LIST_TTFT, i) * 1000.0;
      double latency = latency_s (arrays, i) * 1000.0;
      double itl = tpot_s (arrays, i) * 1000.0;
      double n_gaps = cell (arrays, VLLM_LIST_ITL_N, i);

      aiperf_table_set (table, cols[C_NUM], row, row);
      /* vLLM records a message, not a code: 0 marks the failure. */
      aiperf_table_set (table, cols[C_ERROR], row, ok ? NAN : 0.0);
      aiperf_table_set (table, cols[C_CANCEL], row, 0.0);
      aiperf_table_set (table, cols[C_ISL], row, cell (arrays, VLLM_LIST_INPUT, i));
      if (!ok)
        continue;  /* a failed request's zeros are not times */
      aiperf_table_set (table, cols[C_TTFT], row, ttft);
      aiperf_table_set (table, cols[C_LATENCY], row, latency);
      aiperf_table_set (table, cols[C_ITL], row, itl);
      aiperf_table_set (table, cols[C_PER_USER], row, itl > 0 ? 1000.0 / itl : NAN);
      aiperf_table_set (table, cols[C_OSL], row, cell (arrays, VLLM_LIST_OUTPUT, i));
      if (arrays->present[VLLM_LIST_ITL_N] && n_gaps > 0 && i < arrays->itl_offset->len)
        {
          guint64 start = g_array_index (arrays->itl_offset, guint64, i);
          gsize m = (gsize) n_gaps;
          double reduced[6];

          if (m > scratch_size)
            {
              scratch_size = MAX (m, scratch_size * 2);
              scratch = g_renew (double, scratch, scratch_size);
            }
          for (gsize j = 0; j < m; j++)
            scratch[j] = g_array_index (arrays->itl_flat, double, start + j) * 1000.0;
          aiperf_requests_reduce_list (scratch, m, reduced);
          for (guint c = 0; c < G_N_ELEMENTS (icl); c++)
            aiperf_table_set (table, icl_cols[c], row, reduced[c]);
          aiperf_table_set (table, range_col, row, reduced[5] - reduced[4]);
        }
    }
  return g_steal_pointer (&table);
}
