/* aiperf-vllm-requests.c — what a vLLM run gets from its per-request
 * arrays: the statistics its file leaves out, and its per-request dataset.
 *
 * The statistics are only filled where the file is silent (an older file
 * has no *_e2el_ms and no p90/p95): the file's own numbers are what vLLM
 * printed, and they are shown as written. What was computed is named in a
 * note on the run, so a derived number never passes for the tool's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-vllm-private.h"

static const struct {
  VllmStatOf  of;
  const char *tag, *base, *unit;  /* base: vLLM's key is mean_<base>_ms, … */
} computed_tags[] = {
  { VLLM_STAT_TTFT, "time_to_first_token", "ttft", "ms" },
  { VLLM_STAT_E2EL, "request_latency", "e2el", "ms" },
  { VLLM_STAT_TPOT, "inter_token_latency", "tpot", "ms" },
  { VLLM_STAT_ITL, "inter_chunk_latency", "itl", "ms" },
  /* AIPerf's definition (1 ÷ ITL per request), which vLLM does not write */
  { VLLM_STAT_PER_USER, "output_token_throughput_per_user", NULL, "tokens/sec/user" },
};

/* Whether the file has the key of @stat of @base, even as NaN: a value the
 * tool wrote, or declined to write, is not replaced. */
static gboolean
file_has_key (VllmResult *result,
              const char *base,
              AiperfStat  stat)
{
  g_autofree char *key = NULL;
  double ignored;

  if (base == NULL)
    return FALSE;
  switch (stat)
    {
    case AIPERF_STAT_AVG:
      key = g_strdup_printf ("mean_%s_ms", base);
      break;
    case AIPERF_STAT_STD:
      key = g_strdup_printf ("std_%s_ms", base);
      break;
    case AIPERF_STAT_P50:
      key = g_strdup_printf ("median_%s_ms", base);
      break;
    case AIPERF_STAT_MIN:
    case AIPERF_STAT_MAX:
      return FALSE;
    default:
      key = g_strdup_printf ("%s_%s_ms", aiperf_stat_to_string (stat), base);
      break;
    }
  return aiperf_vllm_result_number (result, key, &ignored);
}

/* The slots a summary shows (not the sum and count of the values). */
static gboolean
is_summary_stat (AiperfStat stat)
{
  return stat != AIPERF_STAT_SUM && stat != AIPERF_STAT_COUNT;
}

void
aiperf_vllm_fill_from_arrays (AiperfRun  *run,
                              VllmResult *result,
                              const char *path)
{
  g_autoptr(GString) note = NULL;
  g_autofree char *problems = NULL;

  g_return_if_fail (AIPERF_IS_RUN (run));
  g_return_if_fail (result != NULL);

  if (result->arrays == NULL || aiperf_vllm_arrays_n_requests (result->arrays) == 0)
    return;
  problems = aiperf_vllm_arrays_problems (result->arrays);
  if (problems != NULL)
    aiperf_run_add_warning (run, _("%s: per-request lists: %s"), path, problems);

  note = g_string_new (NULL);
  for (guint t = 0; t < G_N_ELEMENTS (computed_tags); t++)
    {
      const AiperfStats *existing = aiperf_run_get_metric_stats (run, computed_tags[t].tag);
      g_autoptr(GString) filled = g_string_new (NULL);
      AiperfStats computed, merged;
      gboolean every = TRUE;

      if (!aiperf_vllm_arrays_stats (result->arrays, computed_tags[t].of, &computed))
        continue;
      if (existing != NULL)
        merged = *existing;
      else
        aiperf_stats_init_nan (&merged);
      for (guint s = 0; s < AIPERF_N_STATS; s++)
        {
          if (!is_summary_stat (s))
            continue;
          if (isnan (merged.v[s]) && !isnan (computed.v[s]) && !file_has_key (result, computed_tags[t].base, s))
            {
              merged.v[s] = computed.v[s];
              g_string_append_printf (filled, "%s%s", filled->len > 0 ? ", " : "", aiperf_stat_to_string (s));
            }
          else
            every = FALSE;
        }
      if (filled->len == 0)
        continue;
      g_string_append_printf (note, "%s%s ", note->len > 0 ? "; " : "", computed_tags[t].tag);
      if (every)
        g_string_append (note, _("(every statistic)"));
      else
        g_string_append (note, filled->str);
      aiperf_run_set_metric (run, computed_tags[t].tag, computed_tags[t].unit, &merged);
    }
  if (note->len > 0)
    aiperf_run_add_warning (run, _("%s: derived from the per-request arrays (the file does not have them): %s"),
                            path, note->str);
  aiperf_run_set_details_loader (run, aiperf_vllm_load_requests);
}

/* The result a run's locator names: "file" (the only one), "file#N" (the
 * N-th of a list, or the JSON Lines result starting on line N). */
static VllmResult *
find_result (GPtrArray  *results,
             gboolean    is_array,
             const char *key)
{
  guint64 number;

  if (key == NULL)
    return results->len == 1 ? g_ptr_array_index (results, 0) : NULL;
  if (!g_ascii_string_to_unsigned (key, 10, 1, G_MAXUINT, &number, NULL))
    return NULL;
  if (is_array)
    return number <= results->len ? g_ptr_array_index (results, number - 1) : NULL;
  for (guint i = 0; i < results->len; i++)
    if (((VllmResult *) g_ptr_array_index (results, i))->line == number)
      return g_ptr_array_index (results, i);
  return NULL;
}

gboolean
aiperf_vllm_load_requests (AiperfRun          *staging,
                           GCancellable       *cancellable,
                           AiperfProgressFunc  progress,
                           gpointer            progress_data,
                           GError            **error)
{
  const char *locator = aiperf_run_get_locator (staging);
  g_autofree char *path = g_strdup (locator);
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(AiperfTable) table = NULL;
  g_autofree char *problems = NULL;
  const char *key = NULL;
  gboolean is_array = FALSE;
  VllmResult *result;

  /* A '#' may be part of the file's name: split only when the whole is not
   * a file. */
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      char *hash = strrchr (path, '#');

      if (hash != NULL)
        {
          *hash = '\0';
          key = hash + 1;
        }
    }
  if (progress != NULL)
    progress (-1, _("Reading per-request records"), progress_data);
  results = aiperf_vllm_read_results (path, &is_array, error);
  if (results == NULL)
    return FALSE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  result = find_result (results, is_array, key);
  if (result == NULL || result->arrays == NULL || aiperf_vllm_arrays_n_requests (result->arrays) == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND,
                   _("%s: has no per-request data (no ttfts, itls, input_lens or output_lens lists)"),
                   locator);
      return FALSE;
    }
  table = aiperf_vllm_arrays_table (result->arrays);
  problems = aiperf_vllm_arrays_problems (result->arrays);
  if (problems != NULL)
    aiperf_run_add_warning (staging, _("%s: per-request lists: %s"), locator, problems);
  aiperf_run_set_requests (staging, table);
  if (progress != NULL)
    progress (1.0, _("Done"), progress_data);
  return TRUE;
}
