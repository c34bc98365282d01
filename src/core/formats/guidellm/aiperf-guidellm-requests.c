/* aiperf-guidellm-requests.c — a GuideLLM benchmark's per-request records
 * as the run's `requests` dataset, read when the run is shown on its own.
 *
 * Records carry Unix times in seconds (start_time, end_time,
 * first_token_time, or scheduler_info.request_start / request_end), the
 * latency in seconds and TTFT and inter-token latency in ms; GuideLLM's
 * inter_token_latency_ms is (last token − first token) ÷ (output tokens −
 * 1), AIPerf's inter_token_latency. Columns follow AIPerf's requests
 * table (aiperf-run.h), so the single-run charts draw them unchanged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-derived.h"
#include "aiperf-error.h"
#include "aiperf-guidellm-private.h"
#include "aiperf-peer-json.h"
#include "aiperf-run-builder.h"

typedef struct {
  double start_s, end_s;          /* Unix seconds */
  double ttft_ms, latency_ms, itl_ms;
  double input_tokens, output_tokens;
  AiperfGuidellmStatus status;
} Record;

/* The number at the dotted @path ("info.timings.request_start"); NaN
 * when a step is missing. */
static double
path_number (JsonObject *record,
             const char *path)
{
  const char *dot = strrchr (path, '.');
  g_autofree char *parent = NULL;

  if (dot == NULL)
    return aiperf_peer_member_number (record, path);
  parent = g_strndup (path, dot - path);
  return aiperf_peer_member_number (aiperf_peer_path_object (record, parent), dot + 1);
}

/* The first of @paths that holds a number; NaN otherwise. */
static double
first_number (JsonObject         *record,
              const char * const *paths)
{
  for (guint i = 0; paths[i] != NULL; i++)
    {
      double v = path_number (record, paths[i]);

      if (!isnan (v))
        return v;
    }
  return NAN;
}

static void
add_record (JsonObject           *object,
            AiperfGuidellmStatus  status,
            gpointer              user_data)
{
  static const char * const starts[] = { "start_time", "scheduler_info.request_start",
                                         "info.timings.request_start", NULL };
  static const char * const ends[] = { "end_time", "scheduler_info.request_end",
                                       "info.timings.request_end", NULL };
  static const char * const firsts[] = { "first_token_time", "info.timings.first_iteration", NULL };
  static const char * const inputs[] = { "prompt_tokens", "input_metrics.text_tokens", NULL };
  static const char * const outputs[] = { "output_tokens", "output_metrics.text_tokens", NULL };
  static const char * const itls[] = { "inter_token_latency_ms", NULL };
  static const char * const ttfts[] = { "time_to_first_token_ms", NULL };
  static const char * const latencies[] = { "request_latency", NULL };
  GArray *records = user_data;
  Record r = { 0 };
  double first;

  r.status = status;
  r.start_s = first_number (object, starts);
  r.end_s = first_number (object, ends);
  first = first_number (object, firsts);
  r.input_tokens = first_number (object, inputs);
  r.output_tokens = first_number (object, outputs);
  r.itl_ms = first_number (object, itls);
  r.ttft_ms = first_number (object, ttfts);
  if (isnan (r.ttft_ms) && !isnan (first) && !isnan (r.start_s))
    r.ttft_ms = (first - r.start_s) * 1000.0;
  r.latency_ms = first_number (object, latencies) * 1000.0;
  if (isnan (r.latency_ms) && !isnan (r.end_s) && !isnan (r.start_s))
    r.latency_ms = (r.end_s - r.start_s) * 1000.0;
  g_array_append_val (records, r);
}

static int
compare_starts (gconstpointer a,
                gconstpointer b)
{
  double x = ((const Record *) a)->start_s, y = ((const Record *) b)->start_s;

  if (isnan (x) || isnan (y))
    return isnan (x) - isnan (y);   /* NaN last */
  return (x > y) - (x < y);
}

static AiperfTable *
records_table (GArray *records)
{
  AiperfTable *table = aiperf_table_new ();
  guint c_start = aiperf_table_ensure_column (table, "request_start_ns", "ns");
  guint c_end = aiperf_table_ensure_column (table, "request_end_ns", "ns");
  guint c_num = aiperf_table_ensure_column (table, "request_number", "");
  guint c_ts = aiperf_table_ensure_column (table, "timestamp_s", "s");
  guint c_s = aiperf_table_ensure_column (table, "start_s", "s");
  guint c_e = aiperf_table_ensure_column (table, "end_s", "s");
  guint c_error = aiperf_table_ensure_column (table, "error_code", "");
  guint c_cancel = aiperf_table_ensure_column (table, "was_cancelled", "");
  guint c_ttft = aiperf_table_ensure_column (table, "time_to_first_token", "ms");
  guint c_latency = aiperf_table_ensure_column (table, "request_latency", "ms");
  guint c_itl = aiperf_table_ensure_column (table, "inter_token_latency", "ms");
  guint c_isl = aiperf_table_ensure_column (table, "input_sequence_length", "tokens");
  guint c_osl = aiperf_table_ensure_column (table, "output_sequence_length", "tokens");
  double origin;

  g_array_sort (records, compare_starts);
  origin = records->len > 0 ? g_array_index (records, Record, 0).start_s : NAN;
  aiperf_table_reserve (table, records->len);
  for (guint i = 0; i < records->len; i++)
    {
      const Record *r = &g_array_index (records, Record, i);
      guint row = aiperf_table_append_row (table);

      aiperf_table_set (table, c_start, row, r->start_s * 1e9);
      aiperf_table_set (table, c_end, row, r->end_s * 1e9);
      aiperf_table_set (table, c_num, row, row);
      aiperf_table_set (table, c_s, row, r->start_s - origin);
      aiperf_table_set (table, c_e, row, r->end_s - origin);
      aiperf_table_set (table, c_ts, row, r->end_s - origin);
      /* GuideLLM keeps no HTTP status: an errored request is code 0. */
      aiperf_table_set (table, c_error, row, r->status == AIPERF_GUIDELLM_ERRORED ? 0.0 : NAN);
      aiperf_table_set (table, c_cancel, row, r->status == AIPERF_GUIDELLM_INCOMPLETE ? 1.0 : 0.0);
      aiperf_table_set (table, c_ttft, row, r->ttft_ms);
      aiperf_table_set (table, c_latency, row, r->latency_ms);
      aiperf_table_set (table, c_itl, row, r->itl_ms);
      aiperf_table_set (table, c_isl, row, r->input_tokens);
      aiperf_table_set (table, c_osl, row, r->output_tokens);
    }
  return table;
}

gboolean
aiperf_guidellm_load_requests (AiperfRun          *staging,
                               GCancellable       *cancellable,
                               AiperfProgressFunc  progress,
                               gpointer            progress_data,
                               GError            **error)
{
  const char *locator = aiperf_run_get_locator (staging);
  const char *hash = locator != NULL ? strrchr (locator, '#') : NULL;
  g_autofree char *path = NULL;
  g_autoptr(GArray) records = g_array_new (FALSE, FALSE, sizeof (Record));
  g_autoptr(AiperfTable) table = NULL;
  g_autoptr(GError) local = NULL;
  guint64 number;

  if (hash == NULL || !g_ascii_string_to_unsigned (hash + 1, 10, 1, G_MAXUINT, &number, NULL))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: not a GuideLLM benchmark"), locator != NULL ? locator : "?");
      return FALSE;
    }
  path = g_strndup (locator, hash - locator);
  if (progress != NULL)
    progress (-1, _("Reading per-request records"), progress_data);
  if (!aiperf_guidellm_read_records (path, (guint) number, cancellable, add_record, records, &local))
    {
      /* A cut-off file keeps what came before the cut, with a note. */
      if (records->len == 0 || g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      aiperf_run_add_warning (staging, _("%s; read the %u records before it"), local->message, records->len);
    }
  table = records_table (records);
  aiperf_run_set_requests (staging, table);
  {
    g_autoptr(AiperfTable) throughput = aiperf_derive_dispersed_throughput (table, aiperf_requests_origin (table));

    if (throughput != NULL)
      aiperf_run_set_throughput (staging, throughput);
  }
  if (progress != NULL)
    progress (1.0, _("Done"), progress_data);
  return TRUE;
}
