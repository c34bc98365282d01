/* aiperf-genai-perf-requests.c — perf_analyzer's raw export
 * (<stem>.json beside <stem>_genai_perf.json) as a GenAI-Perf run's
 * per-request dataset.
 *
 * The file is {"service_kind", "endpoint", "experiments": [{"experiment",
 * "requests": [{"timestamp", "request_inputs", "response_timestamps",
 * "response_outputs"}]}]}, times in ns. It is read with the streaming
 * scanner (request inputs are skipped unread), with GenAI-Perf's
 * definitions (genai_perf/profile_data_parser/llm_profile_data_parser.py):
 *  - a response that carries no content does not count: an OpenAI chunk
 *    with only the role, an empty delta, "[DONE]"; several SSE events
 *    received as one response count as one, with content if any has it;
 *  - a request with no response left is skipped;
 *  - TTFT is the first remaining response − the request's timestamp, the
 *    request latency the last remaining one − the timestamp;
 *  - the gaps between remaining responses are the inter-chunk latencies.
 * GenAI-Perf counts output tokens with the model's tokenizer, which we do
 * not have: the token-based values (sequence lengths, ITL, per-request
 * throughput) are not computed here; the summary's are shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-genai-perf-private.h"
#include "aiperf-json-scan.h"
#include "aiperf-requests-reduce.h"

typedef struct {
  AiperfTable *table;
  guint        c_num, c_start, c_end, c_ttft, c_latency, c_chunks;
  guint        c_icl[7];
  gboolean     openai;
  guint        n_empty;    /* requests with no response that has content */
  guint        n_bad;      /* requests that were not objects or lacked times */
  GArray      *stamps;     /* gint64: the request's response timestamps */
  GArray      *kept;       /* gboolean per response: it has content */
  GArray      *gaps;       /* double scratch */
} Reader;

/* The text of one OpenAI SSE event ("data: {…}"): does it carry content? */
static gboolean
openai_event_has_content (const char *event)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonNode *root;
  JsonObject *data, *choice, *inner;
  JsonArray *choices;
  const char *text = NULL;

  while (g_ascii_isspace (*event))
    event++;
  if (g_str_has_prefix (event, "data:"))
    event += strlen ("data:");
  while (g_ascii_isspace (*event))
    event++;
  if (*event == '\0' || g_str_has_prefix (event, "[DONE]"))
    return FALSE;
  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, event, -1, NULL))
    return FALSE;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  data = json_node_get_object (root);
  if (!json_object_has_member (data, "choices") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (data, "choices")))
    return FALSE;
  choices = json_object_get_array_member (data, "choices");
  if (json_array_get_length (choices) == 0 || !JSON_NODE_HOLDS_OBJECT (json_array_get_element (choices, 0)))
    return FALSE;
  choice = json_array_get_object_element (choices, 0);
  /* chat chunks: delta.content; chat: message.content; completions: text */
  inner = NULL;
  if (json_object_has_member (choice, "delta") && JSON_NODE_HOLDS_OBJECT (json_object_get_member (choice, "delta")))
    inner = json_object_get_object_member (choice, "delta");
  else if (json_object_has_member (choice, "message") &&
           JSON_NODE_HOLDS_OBJECT (json_object_get_member (choice, "message")))
    inner = json_object_get_object_member (choice, "message");
  if (inner != NULL && json_object_has_member (inner, "content") &&
      JSON_NODE_HOLDS_VALUE (json_object_get_member (inner, "content")) &&
      json_node_get_value_type (json_object_get_member (inner, "content")) == G_TYPE_STRING)
    text = json_object_get_string_member (inner, "content");
  else if (json_object_has_member (choice, "text") && JSON_NODE_HOLDS_VALUE (json_object_get_member (choice, "text")) &&
           json_node_get_value_type (json_object_get_member (choice, "text")) == G_TYPE_STRING)
    text = json_object_get_string_member (choice, "text");
  return text != NULL && *text != '\0';
}

/* One response_outputs element: {"response": "data: …\n\n"} (OpenAI) or
 * {"text_output": "…"} (Triton). */
static gboolean
read_output (AiperfJsonScan *scan,
             Reader         *r,
             gboolean       *has_content)
{
  const char *key;
  gsize length;
  guint count = 0;

  *has_content = FALSE;
  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
    return aiperf_json_scan_skip (scan);
  if (!aiperf_json_scan_begin_object (scan))
    return FALSE;
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    {
      gboolean is_response = aiperf_json_key_is (key, length, "response");
      gboolean is_text = aiperf_json_key_is (key, length, "text_output");

      if ((is_response || is_text) && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        {
          g_autofree char *text = NULL;

          if (!aiperf_json_scan_string_or_null (scan, &text))
            return FALSE;
          if (is_text || !r->openai)
            *has_content |= text != NULL && *text != '\0';
          else
            {
              /* Several events received at once are one response. */
              g_auto(GStrv) events = g_strsplit (text, "\n\n", -1);

              for (guint e = 0; events[e] != NULL && !*has_content; e++)
                *has_content = openai_event_has_content (events[e]);
            }
        }
      else if (!aiperf_json_scan_skip (scan))
        return FALSE;
    }
  return scan->error == NULL;
}

static gboolean
read_stamps (AiperfJsonScan *scan,
             GArray         *stamps)
{
  guint count = 0;

  if (!aiperf_json_scan_begin_array (scan))
    return FALSE;
  while (aiperf_json_scan_next_element (scan, &count))
    {
      AiperfJsonNumber n;

      if (!aiperf_json_scan_number (scan, &n))
        return FALSE;
      if (!n.is_int)
        return aiperf_json_scan_fail (scan, "expected timestamps in whole nanoseconds");
      g_array_append_val (stamps, n.i);
    }
  return scan->error == NULL;
}

static gboolean
read_request (AiperfJsonScan *scan,
              Reader         *r)
{
  const char *key;
  gsize length;
  guint count = 0;
  gint64 start = 0;
  gboolean have_start = FALSE, have_stamps = FALSE;
  gint64 first = 0, last = 0, previous = 0;
  guint n_kept = 0, row;

  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
    {
      r->n_bad++;
      return aiperf_json_scan_skip (scan);
    }
  g_array_set_size (r->stamps, 0);
  g_array_set_size (r->kept, 0);
  if (!aiperf_json_scan_begin_object (scan))
    return FALSE;
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    {
      if (aiperf_json_key_is (key, length, "timestamp") && aiperf_json_scan_peek (scan) == AIPERF_JSON_NUMBER)
        {
          AiperfJsonNumber n;

          if (!aiperf_json_scan_number (scan, &n))
            return FALSE;
          have_start = n.is_int;
          start = n.i;
        }
      else if (aiperf_json_key_is (key, length, "response_timestamps") &&
               aiperf_json_scan_peek (scan) == AIPERF_JSON_ARRAY)
        {
          if (!read_stamps (scan, r->stamps))
            return FALSE;
          have_stamps = TRUE;
        }
      else if (aiperf_json_key_is (key, length, "response_outputs") &&
               aiperf_json_scan_peek (scan) == AIPERF_JSON_ARRAY)
        {
          guint n = 0;

          if (!aiperf_json_scan_begin_array (scan))
            return FALSE;
          while (aiperf_json_scan_next_element (scan, &n))
            {
              gboolean content;

              if (!read_output (scan, r, &content))
                return FALSE;
              g_array_append_val (r->kept, content);
            }
          if (scan->error != NULL)
            return FALSE;
        }
      else if (!aiperf_json_scan_skip (scan))
        return FALSE;
    }
  if (scan->error != NULL)
    return FALSE;
  if (!have_start || !have_stamps || r->stamps->len != r->kept->len)
    {
      r->n_bad++;
      return TRUE;
    }

  g_array_set_size (r->gaps, 0);
  for (guint i = 0; i < r->stamps->len; i++)
    {
      gint64 t = g_array_index (r->stamps, gint64, i);

      if (!g_array_index (r->kept, gboolean, i))
        continue;
      if (n_kept == 0)
        first = t;
      else
        {
          double gap = (double) (t - previous) / 1e6;

          g_array_append_val (r->gaps, gap);
        }
      previous = last = t;
      n_kept++;
    }
  if (n_kept == 0)
    {
      r->n_empty++;
      return TRUE;
    }

  row = aiperf_table_append_row (r->table);
  aiperf_table_set (r->table, r->c_num, row, row);
  aiperf_table_set (r->table, r->c_start, row, (double) start);
  aiperf_table_set (r->table, r->c_end, row, (double) last);
  aiperf_table_set (r->table, r->c_ttft, row, (double) (first - start) / 1e6);
  aiperf_table_set (r->table, r->c_latency, row, (double) (last - start) / 1e6);
  aiperf_table_set (r->table, r->c_chunks, row, n_kept);
  if (r->gaps->len > 0)
    {
      double reduced[6];

      aiperf_requests_reduce_list ((double *) (void *) r->gaps->data, r->gaps->len, reduced);
      for (guint c = 0; c < 6; c++)
        aiperf_table_set (r->table, r->c_icl[c], row, reduced[c]);
      aiperf_table_set (r->table, r->c_icl[6], row, reduced[5] - reduced[4]);
    }
  return TRUE;
}

/* experiments[].requests[]; other keys skipped. */
static gboolean
read_experiment (AiperfJsonScan *scan,
                 Reader         *r)
{
  const char *key;
  gsize length;
  guint count = 0;

  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
    return aiperf_json_scan_skip (scan);
  if (!aiperf_json_scan_begin_object (scan))
    return FALSE;
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    {
      if (aiperf_json_key_is (key, length, "requests") && aiperf_json_scan_peek (scan) == AIPERF_JSON_ARRAY)
        {
          guint n = 0;

          if (!aiperf_json_scan_begin_array (scan))
            return FALSE;
          while (aiperf_json_scan_next_element (scan, &n))
            if (!read_request (scan, r))
              return FALSE;
          if (scan->error != NULL)
            return FALSE;
        }
      else if (!aiperf_json_scan_skip (scan))
        return FALSE;
    }
  return scan->error == NULL;
}

static gboolean
read_export (AiperfJsonScan *scan,
             Reader         *r,
             gboolean       *out_found)
{
  const char *key;
  gsize length;
  guint count = 0;

  *out_found = FALSE;
  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
    return aiperf_json_scan_fail (scan, "expected an object with \"experiments\"");
  if (!aiperf_json_scan_begin_object (scan))
    return FALSE;
  while (aiperf_json_scan_next_key (scan, &count, &key, &length))
    {
      if (aiperf_json_key_is (key, length, "service_kind") && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        {
          g_autofree char *kind = NULL;

          if (!aiperf_json_scan_string_or_null (scan, &kind))
            return FALSE;
          r->openai = g_strcmp0 (kind, "openai") == 0;
        }
      else if (aiperf_json_key_is (key, length, "experiments") && aiperf_json_scan_peek (scan) == AIPERF_JSON_ARRAY)
        {
          guint n = 0;

          *out_found = TRUE;
          if (!aiperf_json_scan_begin_array (scan))
            return FALSE;
          while (aiperf_json_scan_next_element (scan, &n))
            if (!read_experiment (scan, r))
              return FALSE;
          if (scan->error != NULL)
            return FALSE;
        }
      else if (!aiperf_json_scan_skip (scan))
        return FALSE;
    }
  return scan->error == NULL;
}

char *
aiperf_genai_perf_raw_export_path (const char *folder)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (folder != NULL, NULL);

  dir = g_dir_open (folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, "_genai_perf.json"))
      {
        g_autofree char *stem = g_strndup (name, strlen (name) - strlen ("_genai_perf.json"));
        g_autofree char *raw = g_strconcat (stem, ".json", NULL);
        char *path = g_build_filename (folder, raw, NULL);

        if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
          return path;
        g_free (path);
      }
  {
    char *path = g_build_filename (folder, "profile_export.json", NULL);

    if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
      return path;
    g_free (path);
  }
  return NULL;
}

gboolean
aiperf_genai_perf_load_requests (AiperfRun          *staging,
                                 GCancellable       *cancellable,
                                 AiperfProgressFunc  progress,
                                 gpointer            progress_data,
                                 GError            **error)
{
  static const char * const icl[] = {
    "inter_chunk_latency_avg", "inter_chunk_latency_p50", "inter_chunk_latency_p95",
    "inter_chunk_latency_std", "inter_chunk_latency_min", "inter_chunk_latency_max",
    "inter_chunk_latency_range",
  };
  g_autofree char *path = aiperf_genai_perf_raw_export_path (aiperf_run_get_directory (staging));
  g_autofree char *text = NULL;
  g_autoptr(GError) io_error = NULL;
  g_autoptr(GArray) stamps = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(GArray) gaps = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(AiperfTable) table = aiperf_table_new ();
  Reader r = { 0 };
  AiperfJsonScan scan;
  gboolean found = FALSE;
  gsize length;

  if (path == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND,
                   _("%s: has no per-request data (no profile_export.json)"), aiperf_run_get_directory (staging));
      return FALSE;
    }
  if (progress != NULL)
    progress (-1, _("Reading per-request records"), progress_data);
  if (!g_file_get_contents (path, &text, &length, &io_error))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s: %s", path, io_error->message);
      return FALSE;
    }
  r.table = table;
  r.stamps = stamps;
  r.kept = kept;
  r.gaps = gaps;
  r.openai = TRUE;
  r.c_num = aiperf_table_ensure_column (table, "request_number", "");
  r.c_start = aiperf_table_ensure_column (table, "request_start_ns", "ns");
  r.c_end = aiperf_table_ensure_column (table, "request_end_ns", "ns");
  r.c_ttft = aiperf_table_ensure_column (table, "time_to_first_token", "ms");
  r.c_latency = aiperf_table_ensure_column (table, "request_latency", "ms");
  r.c_chunks = aiperf_table_ensure_column (table, "output_chunk_count", "");
  for (guint c = 0; c < G_N_ELEMENTS (icl); c++)
    r.c_icl[c] = aiperf_table_ensure_column (table, icl[c], "ms");
  aiperf_table_ensure_column (table, "error_code", "");
  aiperf_table_ensure_column (table, "was_cancelled", "");

  aiperf_json_scan_init (&scan, text, length);
  if (!read_export (&scan, &r, &found) || (scan.error == NULL && !aiperf_json_scan_at_end (&scan) &&
                                           !aiperf_json_scan_fail (&scan, "unexpected text after the object")))
    {
      const char *at = scan.error_at != NULL ? scan.error_at : scan.p;

      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s: byte %zu: not valid JSON: %s"),
                   path, (size_t) (at - text), scan.error != NULL ? scan.error : "?");
      return FALSE;
    }
  if (!found)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: not a perf_analyzer export (no “experiments” list)"), path);
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (r.n_empty > 0)
    aiperf_run_add_warning (staging, g_dngettext (GETTEXT_PACKAGE,
                                                  "%s: %u request has no response with content (skipped, as GenAI-Perf does)",
                                                  "%s: %u requests have no response with content (skipped, as GenAI-Perf does)",
                                                  r.n_empty),
                            path, r.n_empty);
  if (r.n_bad > 0)
    aiperf_run_add_warning (staging, g_dngettext (GETTEXT_PACKAGE,
                                                  "%s: %u request is not an object with a timestamp and as many response "
                                                  "timestamps as outputs (skipped)",
                                                  "%s: %u requests are not objects with a timestamp and as many response "
                                                  "timestamps as outputs (skipped)",
                                                  r.n_bad),
                            path, r.n_bad);
  /* Where a number comes from, said where the run's notes are shown. */
  aiperf_run_add_warning (staging, _("%s: time to first token and request latency are recomputed from this file "
                                     "as GenAI-Perf defines them; inter-token latency, sequence lengths and token "
                                     "throughputs are GenAI-Perf's own (its summary), counted with the model's "
                                     "tokenizer"),
                          path);
  aiperf_run_set_requests (staging, table);
  if (progress != NULL)
    progress (1.0, _("Done"), progress_data);
  return TRUE;
}
