/* aiperf-requests-parse.c — turns profile_export.jsonl lines into table rows.
 *
 * Each worker thread owns one parser. A line is read in one pass with the
 * strict scanner: metadata timestamps as exact integers, metric values
 * straight into (tag id, value) pairs, inter-chunk-latency lists reduced to
 * seven numbers on the fly; then the row is committed to the table of its
 * phase (profiling or warm-up).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-metric-registry.h"
#include "aiperf-requests-private.h"
#include "aiperf-requests-reduce.h"

/* Fixed tag ids, registered first by every parser. */
enum {
  TAG_START, TAG_END, TAG_ACK, TAG_FILE_LINE, TAG_ERROR_CODE, TAG_CANCELLED,
  TAG_ICL_AVG, TAG_ICL_P50, TAG_ICL_P95, TAG_ICL_STD, TAG_ICL_MIN, TAG_ICL_MAX,
  TAG_ICL_RANGE,
  N_FIXED_TAGS
};

static const struct { const char *name; const char *unit; } fixed_tags[N_FIXED_TAGS] = {
  { "request_start_ns", "ns" }, { "request_end_ns", "ns" }, { "request_ack_ns", "ns" },
  { "file_line", "" }, { "error_code", "" }, { "was_cancelled", "" },
  { "inter_chunk_latency_avg", "ms" }, { "inter_chunk_latency_p50", "ms" },
  { "inter_chunk_latency_p95", "ms" }, { "inter_chunk_latency_std", "ms" },
  { "inter_chunk_latency_min", "ms" }, { "inter_chunk_latency_max", "ms" },
  { "inter_chunk_latency_range", "ms" },
};

/* Run-level counters aiperf repeats on every record of the pre-release
 * format; they say nothing about the request. */
static const char *const dropped_tags[] = {
  "request_count", "min_request_timestamp", "max_response_timestamp",
  "error_request_count",
};

#define TAG_DROP (-2)

typedef struct {
  int         tag;
  double      value;
  const char *unit;     /* view into the line, or NULL */
  gsize       unit_length;
} Pair;

struct _AiperfRequestsParser {
  GHashTable *tag_ids;   /* raw tag (owned) → id + 1, or TAG_DROP */
  GPtrArray  *tag_names; /* canonical column name per id (owned) */
  GArray     *pairs;     /* Pair of the line being parsed */
  double     *list;      /* the current list */
  gsize       list_length, list_capacity;
};

AiperfRequestsParser *
aiperf_requests_parser_new (void)
{
  AiperfRequestsParser *parser = g_new0 (AiperfRequestsParser, 1);

  parser->tag_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  parser->tag_names = g_ptr_array_new_with_free_func (g_free);
  parser->pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  for (guint i = 0; i < N_FIXED_TAGS; i++)
    g_ptr_array_add (parser->tag_names, g_strdup (fixed_tags[i].name));
  for (guint i = 0; i < G_N_ELEMENTS (dropped_tags); i++)
    g_hash_table_insert (parser->tag_ids, g_strdup (dropped_tags[i]),
                         GINT_TO_POINTER (TAG_DROP));
  return parser;
}

void
aiperf_requests_parser_free (AiperfRequestsParser *parser)
{
  if (parser == NULL)
    return;
  g_hash_table_unref (parser->tag_ids);
  g_ptr_array_unref (parser->tag_names);
  g_array_unref (parser->pairs);
  g_free (parser->list);
  g_free (parser);
}

void
aiperf_requests_part_init (AiperfRequestsPart *part)
{
  g_return_if_fail (part != NULL);

  part->table = aiperf_table_new ();
  part->column_of_tag = g_array_new (FALSE, FALSE, sizeof (int));
  part->start_ns = g_array_new (FALSE, FALSE, sizeof (gint64));
  part->end_ns = g_array_new (FALSE, FALSE, sizeof (gint64));
}

void
aiperf_requests_part_clear (AiperfRequestsPart *part)
{
  g_return_if_fail (part != NULL);

  g_clear_pointer (&part->table, aiperf_table_unref);
  g_clear_pointer (&part->column_of_tag, g_array_unref);
  g_clear_pointer (&part->start_ns, g_array_unref);
  g_clear_pointer (&part->end_ns, g_array_unref);
}

/* Id of a metric tag as written in the file; canonical name on first sight. */
static int
tag_id (AiperfRequestsParser *parser,
        const char           *key,
        gsize                 length)
{
  char buf[128];
  gpointer v;
  int id;

  if (length >= sizeof buf)
    return TAG_DROP;
  memcpy (buf, key, length);
  buf[length] = '\0';
  v = g_hash_table_lookup (parser->tag_ids, buf);
  if (v != NULL)
    return GPOINTER_TO_INT (v) == TAG_DROP ? TAG_DROP : GPOINTER_TO_INT (v) - 1;
  id = (int) parser->tag_names->len;
  g_ptr_array_add (parser->tag_names, g_strdup (aiperf_metric_registry_canonical_tag (buf)));
  g_hash_table_insert (parser->tag_ids, g_strdup (buf), GINT_TO_POINTER (id + 1));
  return id;
}

static void
push (AiperfRequestsParser *parser,
      int                   tag,
      double                value,
      const char           *unit,
      gsize                 unit_length)
{
  Pair pair = { tag, value, unit, unit_length };

  g_array_append_val (parser->pairs, pair);
}

typedef struct {
  gint64   start_ns, end_ns, ack_ns;
  double   latency_ms;
  double   error_code;
  double   cancelled;
  gboolean cancel_error;  /* error type RequestCancellationError */
  gboolean warmup;
} Record;

static gboolean
scan_int_or_null (AiperfJsonScan *scan,
                  gint64         *out)
{
  AiperfJsonNumber n;

  if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NULL)
    return aiperf_json_scan_null (scan);
  if (!aiperf_json_scan_number (scan, &n))
    return FALSE;
  if (n.is_int)
    *out = n.i;
  else if (n.d >= -9.2e18 && n.d <= 9.2e18)
    *out = (gint64) n.d;
  else
    return aiperf_json_scan_fail (scan, "timestamp out of range");
  return TRUE;
}

static gboolean
parse_metadata (AiperfJsonScan *scan,
                Record         *rec)
{
  const char *key;
  gsize len;
  guint count = 0;

  if (!aiperf_json_scan_begin_object (scan))
    return aiperf_json_scan_fail (scan, "expected \"metadata\" to be an object");
  while (aiperf_json_scan_next_key (scan, &count, &key, &len))
    {
      gboolean ok;

      if (aiperf_json_key_is (key, len, "request_start_ns")
          || aiperf_json_key_is (key, len, "timestamp_ns"))
        ok = scan_int_or_null (scan, &rec->start_ns);
      else if (aiperf_json_key_is (key, len, "request_end_ns"))
        ok = scan_int_or_null (scan, &rec->end_ns);
      else if (aiperf_json_key_is (key, len, "request_ack_ns"))
        ok = scan_int_or_null (scan, &rec->ack_ns);
      else if (aiperf_json_key_is (key, len, "benchmark_phase")
               || aiperf_json_key_is (key, len, "credit_phase"))
        {
          const char *text = NULL;
          gsize tlen = 0;

          if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NULL)
            ok = aiperf_json_scan_null (scan);
          else
            ok = aiperf_json_scan_string_view (scan, &text, &tlen, NULL);
          rec->warmup = text != NULL && aiperf_json_key_is (text, tlen, "warmup");
        }
      else if (aiperf_json_key_is (key, len, "was_cancelled"))
        {
          gboolean b = FALSE;

          if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NULL)
            ok = aiperf_json_scan_null (scan);
          else
            {
              ok = aiperf_json_scan_bool (scan, &b);
              rec->cancelled = b ? 1.0 : 0.0;
            }
        }
      else
        ok = aiperf_json_scan_skip (scan);
      if (!ok)
        return FALSE;
    }
  return scan->error == NULL;
}

/* One {"value": …, "unit": …} entry of "metrics". */
static gboolean
parse_metric (AiperfRequestsParser *parser,
              AiperfJsonScan       *scan,
              int                   tag,
              Record               *rec)
{
  const char *key, *unit = NULL;
  gsize len, unit_length = 0;
  guint count = 0;
  double value = NAN;
  gboolean have_list = FALSE;

  if (!aiperf_json_scan_begin_object (scan))
    return aiperf_json_scan_fail (scan, "expected a metric to be an object with \"value\"");
  while (aiperf_json_scan_next_key (scan, &count, &key, &len))
    {
      gboolean ok;

      if (aiperf_json_key_is (key, len, "value"))
        {
          AiperfJsonType type = aiperf_json_scan_peek (scan);

          if (type == AIPERF_JSON_ARRAY)
            {
              ok = aiperf_json_scan_number_list (scan, &parser->list, &parser->list_length,
                                                 &parser->list_capacity);
              have_list = TRUE;
            }
          else if (type == AIPERF_JSON_NUMBER || type == AIPERF_JSON_NULL)
            ok = aiperf_json_scan_number_or_null (scan, &value);
          else
            return aiperf_json_scan_fail (scan, "expected a metric value to be a number or a list");
        }
      else if (aiperf_json_key_is (key, len, "unit")
               && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        ok = aiperf_json_scan_string_view (scan, &unit, &unit_length, NULL);
      else
        ok = aiperf_json_scan_skip (scan);
      if (!ok)
        return FALSE;
    }
  if (scan->error != NULL)
    return FALSE;

  if (have_list)
    {
      double stats[6];

      /* Only the inter-chunk latencies are a per-request list in AIPerf;
       * an unknown list has no column to go to. */
      if (strcmp (g_ptr_array_index (parser->tag_names, tag), "inter_chunk_latency") != 0)
        return TRUE;
      aiperf_requests_reduce_list (parser->list, parser->list_length, stats);
      for (int i = 0; i < 6; i++)
        push (parser, TAG_ICL_AVG + i, stats[i], unit, unit_length);
      /* aiperf's per-request spread column: max − min of the list. */
      push (parser, TAG_ICL_RANGE, stats[5] - stats[4], unit, unit_length);
    }
  else if (!isnan (value))
    {
      if (tag == TAG_DROP)
        return TRUE;
      push (parser, tag, value, unit, unit_length);
      /* pre-release records have no request_end_ns */
      if (strcmp (g_ptr_array_index (parser->tag_names, tag), "request_latency") == 0)
        rec->latency_ms = value;
    }
  return TRUE;
}

static gboolean
parse_metrics (AiperfRequestsParser *parser,
               AiperfJsonScan       *scan,
               Record               *rec)
{
  const char *key;
  gsize len;
  guint count = 0;

  if (!aiperf_json_scan_begin_object (scan))
    return aiperf_json_scan_fail (scan, "expected \"metrics\" to be an object");
  while (aiperf_json_scan_next_key (scan, &count, &key, &len))
    {
      int tag = tag_id (parser, key, len);

      if (tag == TAG_DROP)
        {
          if (!aiperf_json_scan_skip (scan))
            return FALSE;
        }
      else if (!parse_metric (parser, scan, tag, rec))
        return FALSE;
    }
  return scan->error == NULL;
}

static gboolean
parse_error (AiperfJsonScan *scan,
             Record         *rec)
{
  const char *key;
  gsize len;
  guint count = 0;

  if (aiperf_json_scan_peek (scan) == AIPERF_JSON_NULL)
    return aiperf_json_scan_null (scan);
  if (!aiperf_json_scan_begin_object (scan))
    return aiperf_json_scan_fail (scan, "expected \"error\" to be an object or null");
  rec->error_code = 0;
  while (aiperf_json_scan_next_key (scan, &count, &key, &len))
    {
      gboolean ok;

      if (aiperf_json_key_is (key, len, "code"))
        {
          double code;

          ok = aiperf_json_scan_number_or_null (scan, &code);
          if (ok && !isnan (code))
            rec->error_code = code;
        }
      else if (aiperf_json_key_is (key, len, "type")
               && aiperf_json_scan_peek (scan) == AIPERF_JSON_STRING)
        {
          const char *text;
          gsize tlen;

          ok = aiperf_json_scan_string_view (scan, &text, &tlen, NULL);
          rec->cancel_error = ok && aiperf_json_key_is (text, tlen, "RequestCancellationError");
        }
      else
        ok = aiperf_json_scan_skip (scan);
      if (!ok)
        return FALSE;
    }
  return scan->error == NULL;
}

static void
set_fixed (AiperfRequestsPart *part,
           guint               row,
           int                 tag,
           double              value)
{
  int col = g_array_index (part->column_of_tag, int, tag);

  if (col < 0)
    {
      col = (int) aiperf_table_ensure_column (part->table, fixed_tags[tag].name,
                                              fixed_tags[tag].unit);
      g_array_index (part->column_of_tag, int, tag) = col;
    }
  aiperf_table_set (part->table, (guint) col, row, value);
}

static void
commit (AiperfRequestsParser *parser,
        AiperfRequestsPart   *part,
        const Record         *rec,
        double                line_number)
{
  guint row = aiperf_table_append_row (part->table);
  gint64 end = rec->end_ns;

  if (part->column_of_tag->len < parser->tag_names->len)
    {
      guint old = part->column_of_tag->len;

      g_array_set_size (part->column_of_tag, parser->tag_names->len);
      for (guint i = old; i < part->column_of_tag->len; i++)
        g_array_index (part->column_of_tag, int, i) = -1;
    }

  /* A latency that would put the end beyond the gint64 range (years away)
   * leaves it unknown rather than overflow. */
  if (end == G_MININT64 && rec->start_ns != G_MININT64 && fabs (rec->latency_ms) < 9e12)
    {
      gint64 latency_ns = llround (rec->latency_ms * 1e6);

      if ((latency_ns > 0 && rec->start_ns <= G_MAXINT64 - latency_ns) ||
          (latency_ns <= 0 && rec->start_ns > G_MININT64 - latency_ns))
        end = rec->start_ns + latency_ns;
    }
  g_array_append_val (part->start_ns, rec->start_ns);
  g_array_append_val (part->end_ns, end);

  set_fixed (part, row, TAG_FILE_LINE, line_number);
  set_fixed (part, row, TAG_START, rec->start_ns == G_MININT64 ? NAN : (double) rec->start_ns);
  set_fixed (part, row, TAG_END, end == G_MININT64 ? NAN : (double) end);
  set_fixed (part, row, TAG_ACK, rec->ack_ns == G_MININT64 ? NAN : (double) rec->ack_ns);
  set_fixed (part, row, TAG_ERROR_CODE, rec->error_code);
  /* the pre-release format has no was_cancelled, only the error type */
  set_fixed (part, row, TAG_CANCELLED, !isnan (rec->cancelled) ? rec->cancelled
                                       : rec->cancel_error ? 1.0 : 0.0);

  for (guint i = 0; i < parser->pairs->len; i++)
    {
      const Pair *pair = &g_array_index (parser->pairs, Pair, i);
      int col = g_array_index (part->column_of_tag, int, pair->tag);

      if (col < 0)
        {
          g_autofree char *unit = pair->unit != NULL ? g_strndup (pair->unit, pair->unit_length) : NULL;

          col = (int) aiperf_table_ensure_column (part->table,
                                                  g_ptr_array_index (parser->tag_names, pair->tag),
                                                  unit);
          g_array_index (part->column_of_tag, int, pair->tag) = col;
        }
      aiperf_table_set (part->table, (guint) col, row, pair->value);
    }
}

gboolean
aiperf_requests_parse_line (AiperfRequestsParser *parser,
                            const char           *line,
                            gsize                 length,
                            double                line_number,
                            AiperfRequestsPart   *profiling,
                            AiperfRequestsPart   *warmup,
                            const char          **error)
{
  AiperfJsonScan scan;
  Record rec = { G_MININT64, G_MININT64, G_MININT64, NAN, NAN, NAN, FALSE, FALSE };
  const char *key;
  gsize len;
  guint count = 0;
  gboolean have_metadata = FALSE;

  g_return_val_if_fail (parser != NULL && profiling != NULL && warmup != NULL, FALSE);

  aiperf_json_scan_init (&scan, line, length);
  if (aiperf_json_scan_at_end (&scan))
    return TRUE;
  g_array_set_size (parser->pairs, 0);
  if (!aiperf_json_scan_begin_object (&scan))
    goto fail;
  while (aiperf_json_scan_next_key (&scan, &count, &key, &len))
    {
      gboolean ok;

      if (aiperf_json_key_is (key, len, "metadata"))
        ok = have_metadata = parse_metadata (&scan, &rec);
      else if (aiperf_json_key_is (key, len, "metrics"))
        ok = parse_metrics (parser, &scan, &rec);
      else if (aiperf_json_key_is (key, len, "error"))
        ok = parse_error (&scan, &rec);
      else
        ok = aiperf_json_scan_skip (&scan);
      if (!ok)
        goto fail;
    }
  if (scan.error != NULL)
    goto fail;
  if (!aiperf_json_scan_at_end (&scan))
    {
      aiperf_json_scan_fail (&scan, "expected the line to end after the record");
      goto fail;
    }
  if (!have_metadata)
    {
      aiperf_json_scan_fail (&scan, "expected a \"metadata\" object");
      goto fail;
    }
  commit (parser, rec.warmup ? warmup : profiling, &rec, line_number);
  return TRUE;

fail:
  if (error != NULL)
    *error = scan.error != NULL ? scan.error : "malformed JSON";
  return FALSE;
}
