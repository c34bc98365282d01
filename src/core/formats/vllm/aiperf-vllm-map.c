/* aiperf-vllm-map.c — vLLM's result keys in the canonical vocabulary, and
 * the repeats of one configuration folded into one run.
 *
 * Mapping, from the definitions in vllm/benchmarks/serve.py:
 *   *_ttft_ms  → time_to_first_token
 *   *_tpot_ms  → inter_token_latency  (per request (latency − TTFT) ÷
 *                (output tokens − 1): AIPerf's ITL)
 *   *_itl_ms   → inter_chunk_latency  (vLLM's ITL is the gap between chunks)
 *   *_e2el_ms  → request_latency
 *   mean → avg, median → p50, std → std, pNN → pNN. A percentile AIPerf has
 *   no slot for (p99.9, p67) stays a metric under the vLLM key itself
 *   ("p99.9_ttft_ms", in its avg slot), like every key with no canonical twin.
 *   request_throughput, output_throughput → request_throughput,
 *   output_token_throughput; completed, failed → request_count,
 *   error_request_count; total_input/output_tokens → total_isl/total_osl
 *   (both are sums over successful requests, as in AIPerf), and their
 *   per-request means input/output_sequence_length; duration →
 *   benchmark_duration; request_goodput (and the legacy "request_goodput:")
 *   → goodput.
 * Unknown numeric keys stay metrics under their own names, with a unit from
 * their suffix.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-vllm-private.h"
#include "aiperf-number-cast.h"

static const struct {
  const char *key, *tag, *unit;
} direct_keys[] = {
  { "request_throughput", "request_throughput", "requests/sec" },
  { "output_throughput", "output_token_throughput", "tokens/sec" },
  { "total_token_throughput", "total_token_throughput", "tokens/sec" },
  { "request_goodput", "goodput", "requests/sec" },
  { "request_goodput:", "goodput", "requests/sec" },
  { "completed", "request_count", "requests" },
  { "failed", "error_request_count", "requests" },
  { "total_input_tokens", "total_isl", "tokens" },
  { "total_output_tokens", "total_osl", "tokens" },
  { "input_sequence_length", "input_sequence_length", "tokens" },
  { "output_sequence_length", "output_sequence_length", "tokens" },
  { "duration", "benchmark_duration", "sec" },
  { "rtfx", "rtfx", "ratio" },
  { "input_throughput", "input_throughput", "tokens/sec" },
  { "max_output_tokens_per_s", "max_output_tokens_per_s", "tokens/sec" },
  { "max_concurrent_requests", "max_concurrent_requests", "requests" },
};

/* Settings of the benchmark or the server, not results. */
static const char * const parameter_keys[] = {
  "num_prompts", "request_rate", "burstiness", "max_concurrency", "best_of", "seed",
  "ramp_up_start_rps", "ramp_up_end_rps", "num_warmups", "random_input_len",
  "random_output_len", "random_range_ratio", "random_prefix_len", "max_num_seqs",
  "max_num_batched_tokens", "max_model_len", "tensor_parallel_size", "pipeline_parallel_size",
  "data_parallel_size", "gpu_memory_utilization", "block_size", "tp", "pp", "dp", "ep",
};

static const struct {
  const char *base, *tag;
} latency_bases[] = {
  { "ttft", "time_to_first_token" },
  { "tpot", "inter_token_latency" },
  { "itl", "inter_chunk_latency" },
  { "e2el", "request_latency" },
};

static const struct {
  const char *suffix, *unit;
} unit_suffixes[] = {
  { "_ms", "ms" },
  { "_toks_per_joule", "tokens/J" },
  { "_tokens_per_joule", "tokens/J" },
  { "_tokens_per_s", "tokens/sec" },
  { "_tokens_per_sec", "tokens/sec" },
  { "_per_s", "1/sec" },
  { "_per_sec", "1/sec" },
  { "_rps", "requests/sec" },
  { "_throughput", "tokens/sec" },
  { "_s", "sec" },
  { "_w", "W" },
  { "_j", "J" },
  { "_pct", "%" },
  { "_percent", "%" },
  { "_tokens", "tokens" },
  { "_length", "tokens" },
};

const char *
aiperf_vllm_unit_from_suffix (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (unit_suffixes); i++)
    if (g_str_has_suffix (key, unit_suffixes[i].suffix))
      return unit_suffixes[i].unit;
  return "";
}

char *
aiperf_vllm_format_value (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isinf (value))
    return g_strdup (value > 0 ? "inf" : "-inf");
  for (int digits = 15; digits <= 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  return g_strdup (buf);
}

/* "p99" → AIPERF_STAT_P99; FALSE for percentiles AiperfStat has no slot for. */
static gboolean
percentile_stat (const char *text,
                 gsize       length,
                 AiperfStat *out)
{
  g_autofree char *name = g_strndup (text, length);

  return aiperf_stat_from_string (name, out) && *out >= AIPERF_STAT_P1 && *out <= AIPERF_STAT_P99;
}

/* "<stat>_<base>_<unit>": mean_ttft_ms, p99.9_itl_ms, median_power_w. */
static gboolean
classify_stat_key (const char  *key,
                   char       **out_tag,
                   AiperfStat  *out_stat,
                   const char **out_unit)
{
  const char *rest, *unit_start;
  g_autofree char *base = NULL;
  gboolean known_stat = TRUE;
  AiperfStat stat;

  if (g_str_has_prefix (key, "mean_"))
    stat = AIPERF_STAT_AVG, rest = key + 5;
  else if (g_str_has_prefix (key, "median_"))
    stat = AIPERF_STAT_P50, rest = key + 7;
  else if (g_str_has_prefix (key, "std_"))
    stat = AIPERF_STAT_STD, rest = key + 4;
  else if (key[0] == 'p' && g_ascii_isdigit (key[1]))
    {
      rest = key + 1;
      while (g_ascii_isdigit (*rest) || *rest == '.')
        rest++;
      if (*rest != '_')
        return FALSE;
      known_stat = percentile_stat (key, rest - key, &stat);
      rest++;
    }
  else
    return FALSE;

  if (g_str_has_suffix (rest, "_ms"))
    *out_unit = "ms";
  else if (g_str_has_suffix (rest, "_w"))
    *out_unit = "W";
  else
    return FALSE;
  unit_start = strrchr (rest, '_');
  if (unit_start == rest)
    return FALSE;
  base = g_strndup (rest, unit_start - rest);

  if (!known_stat)
    {
      *out_tag = g_strdup (key);
      *out_stat = AIPERF_STAT_AVG;
      return TRUE;
    }
  *out_stat = stat;
  for (guint i = 0; i < G_N_ELEMENTS (latency_bases); i++)
    if (strcmp (base, latency_bases[i].base) == 0)
      {
        *out_tag = g_strdup (latency_bases[i].tag);
        return TRUE;
      }
  *out_tag = g_steal_pointer (&base);
  return TRUE;
}

VllmKeyKind
aiperf_vllm_classify_key (const char  *key,
                          char       **out_tag,
                          AiperfStat  *out_stat,
                          const char **out_unit)
{
  g_return_val_if_fail (key != NULL, VLLM_KEY_IGNORED);

  *out_tag = NULL;
  *out_stat = AIPERF_STAT_AVG;
  *out_unit = "";
  if (strcmp (key, "run_number") == 0)
    return VLLM_KEY_IGNORED;
  for (guint i = 0; i < G_N_ELEMENTS (parameter_keys); i++)
    if (strcmp (key, parameter_keys[i]) == 0)
      return VLLM_KEY_PARAMETER;
  for (guint i = 0; i < G_N_ELEMENTS (direct_keys); i++)
    if (strcmp (key, direct_keys[i].key) == 0)
      {
        *out_tag = g_strdup (direct_keys[i].tag);
        *out_unit = direct_keys[i].unit;
        return VLLM_KEY_METRIC;
      }
  if (classify_stat_key (key, out_tag, out_stat, out_unit))
    return VLLM_KEY_METRIC;
  *out_tag = g_strdup (key);
  *out_unit = aiperf_vllm_unit_from_suffix (key);
  return VLLM_KEY_METRIC;
}

/* --- folding repeats --- */

typedef struct {
  char   *key;
  double  sum;
  GArray *values;  /* double */
} Acc;

static void
acc_free (Acc *acc)
{
  g_free (acc->key);
  g_array_unref (acc->values);
  g_free (acc);
}

typedef struct {
  const char  *unit;
  AiperfStats  stats;
  AiperfStats  spread;
  gboolean     any_spread;
} TagValues;

static void
accumulate (GHashTable *by_key,
            GPtrArray  *order,
            const char *key,
            double      value)
{
  Acc *acc;

  /* NaN (json.dump's word for a mean of nothing) is no result. */
  if (isnan (value))
    return;
  acc = g_hash_table_lookup (by_key, key);
  if (acc == NULL)
    {
      acc = g_new0 (Acc, 1);
      acc->key = g_strdup (key);
      acc->values = g_array_new (FALSE, FALSE, sizeof (double));
      g_hash_table_insert (by_key, acc->key, acc);
      g_ptr_array_add (order, acc);
    }
  /* Summed in file order, as ccl-bench's sum(values) / len(values). */
  acc->sum += value;
  g_array_append_val (acc->values, value);
}

static double
sample_std (GArray *values,
            double  mean)
{
  double squares = 0;

  for (guint i = 0; i < values->len; i++)
    {
      double d = g_array_index (values, double, i) - mean;

      squares += d * d;
    }
  return sqrt (squares / (values->len - 1));
}

/* "20251215-080259" → "2025-12-15T08:02:59". */
static char *
iso_date (const char *date)
{
  if (strlen (date) != 15 || date[8] != '-')
    return g_strdup (date);
  return g_strdup_printf ("%.4s-%.2s-%.2sT%.2s:%.2s:%.2s", date, date + 4, date + 6, date + 9,
                          date + 11, date + 13);
}

static void
fill_strings (AiperfRun *run,
              GPtrArray *results)
{
  /* The first result that has a key gives its text. */
  for (guint r = results->len; r-- > 0;)
    {
      VllmResult *result = g_ptr_array_index (results, r);
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, result->strings);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          if (strcmp (key, "model_id") == 0)
            aiperf_run_set_model (run, value);
          else if (strcmp (key, "date") == 0)
            {
              g_autofree char *iso = iso_date (value);

              aiperf_run_set_times (run, iso, NULL);
            }
          else if (strcmp (key, "request_rate") == 0)
            {
              char *end = NULL;
              double rate = g_ascii_strtod (value, &end);

              if (end != value)
                aiperf_run_set_request_rate (run, rate);  /* "inf" reads as infinity */
              aiperf_run_set_parameter (run, key, value);
            }
          else
            aiperf_run_set_parameter (run, key, value);
        }
    }
}

static void
add_derived (VllmResult *result,
             GHashTable *by_key,
             GPtrArray  *order)
{
  double completed, total;

  /* The per-request means of the lengths, from the sums over the successful
   * requests (unless a file wrote them itself). */
  if (!aiperf_vllm_result_number (result, "completed", &completed) || completed <= 0)
    return;
  if (aiperf_vllm_result_number (result, "total_input_tokens", &total) &&
      !aiperf_vllm_result_number (result, "input_sequence_length", &(double){ 0 }))
    accumulate (by_key, order, "input_sequence_length", total / completed);
  if (aiperf_vllm_result_number (result, "total_output_tokens", &total) &&
      !aiperf_vllm_result_number (result, "output_sequence_length", &(double){ 0 }))
    accumulate (by_key, order, "output_sequence_length", total / completed);
}

void
aiperf_vllm_fill_run (AiperfRun  *run,
                      GPtrArray  *results,
                      GHashTable *param_keys)
{
  g_autoptr(GHashTable) by_key = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) order = g_ptr_array_new_with_free_func ((GDestroyNotify) acc_free);
  g_autoptr(GHashTable) tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) tag_order = g_ptr_array_new ();
  double concurrency = NAN, completed = NAN, failed = NAN;

  g_return_if_fail (AIPERF_IS_RUN (run));
  g_return_if_fail (results != NULL && results->len > 0);

  for (guint r = 0; r < results->len; r++)
    {
      VllmResult *result = g_ptr_array_index (results, r);

      for (guint i = 0; i < result->numbers->len; i++)
        {
          VllmNumber *n = &g_array_index (result->numbers, VllmNumber, i);

          accumulate (by_key, order, n->key, n->value);
        }
      add_derived (result, by_key, order);
    }

  aiperf_run_set_streaming (run, TRUE);
  aiperf_run_set_concurrency (run, NAN);
  aiperf_run_set_request_rate (run, NAN);
  fill_strings (run, results);

  for (guint i = 0; i < order->len; i++)
    {
      Acc *acc = g_ptr_array_index (order, i);
      guint n = acc->values->len;
      double mean = acc->sum / n;
      g_autofree char *tag = NULL;
      AiperfStat stat;
      const char *unit;
      TagValues *tv;
      VllmKeyKind kind = aiperf_vllm_classify_key (acc->key, &tag, &stat, &unit);

      if (param_keys != NULL && g_hash_table_contains (param_keys, acc->key))
        kind = VLLM_KEY_PARAMETER;
      if (kind == VLLM_KEY_IGNORED)
        continue;
      if (kind == VLLM_KEY_PARAMETER)
        {
          /* A setting is the same in every repeat: the first one says it. */
          double first = g_array_index (acc->values, double, 0);
          g_autofree char *text = aiperf_vllm_format_value (first);

          aiperf_run_set_parameter (run, acc->key, text);
          if (strcmp (acc->key, "max_concurrency") == 0)
            concurrency = first;
          else if (strcmp (acc->key, "request_rate") == 0)
            aiperf_run_set_request_rate (run, first);
          continue;
        }

      if (strcmp (acc->key, "completed") == 0)
        completed = mean;
      else if (strcmp (acc->key, "failed") == 0)
        failed = mean;
      tv = g_hash_table_lookup (tags, tag);
      if (tv == NULL)
        {
          tv = g_new0 (TagValues, 1);
          tv->unit = unit;
          aiperf_stats_init_nan (&tv->stats);
          aiperf_stats_init_nan (&tv->spread);
          {
            char *stored = g_strdup (tag);

            g_hash_table_insert (tags, stored, tv);
            g_ptr_array_add (tag_order, stored);
          }
        }
      tv->stats.v[stat] = mean;
      if (n >= 2)
        {
          tv->spread.v[stat] = sample_std (acc->values, mean);
          tv->any_spread = TRUE;
        }
    }

  for (guint i = 0; i < tag_order->len; i++)
    {
      const char *tag = g_ptr_array_index (tag_order, i);
      TagValues *tv = g_hash_table_lookup (tags, tag);

      aiperf_run_set_metric (run, tag, tv->unit, &tv->stats);
      if (tv->any_spread)
        aiperf_run_set_metric_spread (run, tag, &tv->spread);
    }

  aiperf_run_set_request_counts (run, aiperf_count_from_double (completed),
                                 isnan (failed) ? (isnan (completed) ? -1 : 0) : aiperf_count_from_double (failed));
  aiperf_run_set_concurrency (run, concurrency);
  aiperf_run_set_load_parameter (run, isnan (concurrency) ? "request_rate" : "concurrency");
  aiperf_run_set_n_repeats (run, results->len);
}
