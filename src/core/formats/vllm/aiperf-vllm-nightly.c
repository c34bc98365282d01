/* aiperf-vllm-nightly.c — vLLM's nightly benchmark results table.
 *
 * The nightly suite (.buildkite/nightly-benchmarks) aggregates its serving
 * results into a JSON array with one row per test:
 *   {"Test name": "vllm_055_llama8B_tp1_sharegpt_qps_2", "GPU": "A100-SXM4-80GB",
 *    "Successful req.": 500, "Tput (req/s)": 1.92, "Mean TTFT (ms)": 59.8,
 *    "Std TTFT (ms)": 24.1, "Mean TPOT (ms)": 13.8, …, "Engine": "vllm_055"}
 * Each row is one run, "file#<Test name>". The request rate, tensor
 * parallelism, model and dataset are read from the test name
 * (<engine>_<model>_tp<N>_<dataset>_qps_<rate>). Rows that are copies of
 * the result files beside the table (aiperf-vllm-derived.c) are left out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-vllm-private.h"
#include "aiperf-number-cast.h"

#define TEST_NAME "Test name"

/* "Mean TTFT (ms)": the statistic word, the metric, the unit. */
static const struct {
  const char *word, *tag;
} latency_names[] = {
  { "TTFT", "time_to_first_token" },
  { "TPOT", "inter_token_latency" },
  { "ITL", "inter_chunk_latency" },
  { "E2EL", "request_latency" },
};

static const struct {
  const char *column, *tag, *unit;
} columns[] = {
  { "Successful req.", "request_count", "requests" },
  { "Tput (req/s)", "request_throughput", "requests/sec" },
  { "Input Tput (tok/s)", "input_throughput", "tokens/sec" },
  { "Output Tput (tok/s)", "output_token_throughput", "tokens/sec" },
  { "Total Token Tput (tok/s)", "total_token_throughput", "tokens/sec" },
  { "Total input tokens", "total_isl", "tokens" },
  { "Total output tokens", "total_osl", "tokens" },
};

gboolean
aiperf_vllm_results_are_nightly (GPtrArray *results)
{
  return results->len > 0 &&
         g_hash_table_contains (((VllmResult *) g_ptr_array_index (results, 0))->strings, TEST_NAME);
}

static gboolean
stat_word (const char *word,
           AiperfStat *out)
{
  if (g_ascii_strcasecmp (word, "Mean") == 0)
    *out = AIPERF_STAT_AVG;
  else if (g_ascii_strcasecmp (word, "Median") == 0)
    *out = AIPERF_STAT_P50;
  else if (g_ascii_strcasecmp (word, "Std") == 0)
    *out = AIPERF_STAT_STD;
  else
    {
      g_autofree char *lower = g_ascii_strdown (word, -1);

      return aiperf_stat_from_string (lower, out) && *out >= AIPERF_STAT_P1 && *out <= AIPERF_STAT_P99;
    }
  return TRUE;
}

/* "Mean TTFT (ms)" → time_to_first_token, avg. */
static gboolean
latency_column (const char  *column,
                const char **out_tag,
                AiperfStat  *out_stat)
{
  g_auto(GStrv) words = g_strsplit (column, " ", -1);

  if (g_strv_length (words) != 3 || strcmp (words[2], "(ms)") != 0 || !stat_word (words[0], out_stat))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (latency_names); i++)
    if (strcmp (words[1], latency_names[i].word) == 0)
      {
        *out_tag = latency_names[i].tag;
        return TRUE;
      }
  return FALSE;
}

/* A column nobody mapped: "Peak Mem (GB)" → peak_mem, unit "GB". */
static char *
own_name (const char  *column,
          char       **out_unit)
{
  const char *paren = strrchr (column, '(');
  g_autofree char *name = g_strndup (column, paren != NULL ? (gsize) (paren - column) : strlen (column));
  GString *tag = g_string_new (NULL);

  *out_unit = NULL;
  if (paren != NULL && strchr (paren, ')') != NULL)
    {
      g_autofree char *unit = g_strndup (paren + 1, strchr (paren, ')') - paren - 1);

      *out_unit = g_strdup (g_str_equal (unit, "tok/s") ? "tokens/sec"
                            : g_str_equal (unit, "req/s") ? "requests/sec" : unit);
    }
  for (const char *p = name; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (tag, g_ascii_tolower (*p));
      else if (tag->len > 0 && tag->str[tag->len - 1] != '_')
        g_string_append_c (tag, '_');
    }
  while (tag->len > 0 && tag->str[tag->len - 1] == '_')
    g_string_truncate (tag, tag->len - 1);
  return g_string_free (tag, FALSE);
}

static void
set_value (AiperfRun  *run,
           const char *tag,
           AiperfStat  stat,
           const char *unit,
           double      value)
{
  const AiperfStats *old = aiperf_run_get_metric_stats (run, tag);
  AiperfStats stats;

  if (old != NULL)
    stats = *old;
  else
    aiperf_stats_init_nan (&stats);
  stats.v[stat] = value;
  aiperf_run_set_metric (run, tag, unit, &stats);
}

/* <engine>_<model>_tp<N>_<dataset>_qps_<rate> */
static void
parse_test_name (AiperfRun  *run,
                 const char *name,
                 const char *engine)
{
  g_auto(GStrv) tokens = NULL;
  const char *rest = name;
  guint n, tp = G_MAXUINT, qps = G_MAXUINT;

  if (engine != NULL && g_str_has_prefix (name, engine) && name[strlen (engine)] == '_')
    rest = name + strlen (engine) + 1;
  tokens = g_strsplit (rest, "_", -1);
  n = g_strv_length (tokens);
  for (guint i = 0; i < n; i++)
    {
      if (tp == G_MAXUINT && tokens[i][0] == 't' && tokens[i][1] == 'p' && g_ascii_isdigit (tokens[i][2]))
        {
          tp = i;
          aiperf_run_set_parameter (run, "tp", tokens[i] + 2);
        }
      else if ((strcmp (tokens[i], "qps") == 0 || strcmp (tokens[i], "concurrency") == 0) && i + 1 < n)
        {
          char *end = NULL;
          double value = g_ascii_strtod (tokens[i + 1], &end);

          if (end == tokens[i + 1] || *end != '\0')
            continue;
          qps = MIN (qps, i);
          if (tokens[i][0] == 'q')
            {
              aiperf_run_set_request_rate (run, value);
              aiperf_run_set_parameter (run, "request_rate", tokens[i + 1]);
            }
          else
            {
              aiperf_run_set_concurrency (run, value);
              aiperf_run_set_parameter (run, "max_concurrency", tokens[i + 1]);
              aiperf_run_set_load_parameter (run, "concurrency");
            }
        }
    }
  if (tp != G_MAXUINT && tp > 0)
    {
      GString *m = g_string_new (NULL);

      for (guint i = 0; i < tp; i++)
        g_string_append_printf (m, "%s%s", i > 0 ? "_" : "", tokens[i]);
      aiperf_run_set_model (run, m->str);
      g_string_free (m, TRUE);
      if (qps != G_MAXUINT && qps > tp + 1)
        {
          GString *d = g_string_new (NULL);

          for (guint i = tp + 1; i < qps; i++)
            g_string_append_printf (d, "%s%s", i > tp + 1 ? "_" : "", tokens[i]);
          aiperf_run_set_parameter (run, "dataset", d->str);
          g_string_free (d, TRUE);
        }
    }
}

static AiperfRun *
load_row (const char *path,
          VllmResult *row)
{
  const char *name = g_hash_table_lookup (row->strings, TEST_NAME);
  const char *engine = g_hash_table_lookup (row->strings, "Engine");
  const char *gpu = g_hash_table_lookup (row->strings, "GPU");
  AiperfRun *run = aiperf_run_new_in_file (path, name);
  double ok = NAN, total_in = NAN, total_out = NAN;

  aiperf_run_set_streaming (run, TRUE);
  aiperf_run_set_concurrency (run, NAN);
  aiperf_run_set_request_rate (run, NAN);
  aiperf_run_set_load_parameter (run, "request_rate");
  if (gpu != NULL)
    aiperf_run_set_parameter (run, "gpu", gpu);
  if (engine != NULL)
    aiperf_run_set_parameter (run, "engine", engine);
  parse_test_name (run, name, engine);

  for (guint i = 0; i < row->numbers->len; i++)
    {
      const VllmNumber *number = &g_array_index (row->numbers, VllmNumber, i);
      const char *tag = NULL;
      AiperfStat stat = AIPERF_STAT_AVG;
      gboolean done = FALSE;

      if (latency_column (number->key, &tag, &stat))
        {
          set_value (run, tag, stat, "ms", number->value);
          continue;
        }
      for (guint c = 0; c < G_N_ELEMENTS (columns) && !done; c++)
        if (strcmp (number->key, columns[c].column) == 0)
          {
            set_value (run, columns[c].tag, AIPERF_STAT_AVG, columns[c].unit, number->value);
            done = TRUE;
          }
      if (!done)
        {
          g_autofree char *unit = NULL;
          g_autofree char *own = own_name (number->key, &unit);

          if (*own != '\0')
            set_value (run, own, AIPERF_STAT_AVG, unit != NULL ? unit : "", number->value);
        }
      if (strcmp (number->key, "Successful req.") == 0)
        ok = number->value;
      else if (strcmp (number->key, "Total input tokens") == 0)
        total_in = number->value;
      else if (strcmp (number->key, "Total output tokens") == 0)
        total_out = number->value;
    }
  if (ok > 0)
    {
      /* Per-request means of the lengths, as for bench-serve results. */
      if (!isnan (total_in))
        set_value (run, "input_sequence_length", AIPERF_STAT_AVG, "tokens", total_in / ok);
      if (!isnan (total_out))
        set_value (run, "output_sequence_length", AIPERF_STAT_AVG, "tokens", total_out / ok);
    }
  aiperf_run_set_request_counts (run, aiperf_count_from_double (ok), isnan (ok) ? -1 : 0);
  return run;
}

void
aiperf_vllm_load_nightly (const char       *path,
                          GPtrArray        *rows,
                          AiperfLoadResult *result)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(GStrv) derived = aiperf_vllm_derived_rows (path, rows);
  g_autoptr(GString) copies = g_string_new (NULL);
  guint n_copies = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      VllmResult *row = g_ptr_array_index (rows, i);
      const char *name = g_hash_table_lookup (row->strings, TEST_NAME);

      if (derived != NULL && *derived[i] != '\0')
        {
          g_string_append_printf (copies, "%s%s", n_copies > 0 ? ", " : "", derived[i]);
          n_copies++;
          continue;
        }

      if (name == NULL || *name == '\0')
        {
          aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                        _("%s:%u: a row without a “%s”"), path, row->line, TEST_NAME);
          continue;
        }
      if (!g_hash_table_add (seen, (gpointer) name))
        {
          aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                        _("%s:%u: a second row named “%s”"), path, row->line, name);
          continue;
        }
      g_ptr_array_add (result->runs, load_row (path, row));
    }
  if (n_copies > 0)
    g_ptr_array_add (result->warnings,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%s: a table derived from the run files beside it; "
                                                   "%u row is the run of %s, loaded from its own file and not counted again",
                                                   "%s: a table derived from the run files beside it; "
                                                   "%u rows are the runs of %s, loaded from their own files and not counted again",
                                                   n_copies),
                                      path, n_copies, copies->str));
}
