/* aiperf-gemm-json.c — the JSON reader of GEMM records: an array of
 * objects, or an object holding one ({"gpu": …, "results": [{…}, …]}).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-gemm-read-private.h"
#include "aiperf-json-scan.h"

typedef struct {
  const char *start;
  const char *at;     /* position counted up to */
  guint       line;
  const char *line_start;
} Position;

static void
position_advance (Position   *pos,
                  const char *to)
{
  for (; pos->at < to; pos->at++)
    if (*pos->at == '\n')
      {
        pos->line++;
        pos->line_start = pos->at + 1;
      }
}

static void
skip_space (AiperfJsonScan *scan)
{
  while (scan->p < scan->end && g_ascii_isspace (*scan->p))
    scan->p++;
}

static gboolean
read_record (GemmBuilder    *b,
             AiperfJsonScan *scan,
             Position       *pos)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  guint rank[GEMM_N_ROLES];
  const char *key;
  gsize key_length;
  guint count = 0;
  GemmRow row;

  skip_space (scan);
  position_advance (pos, scan->p);
  gemm_row_init (&row, pos->line);
  for (guint r = 0; r < GEMM_N_ROLES; r++)
    rank[r] = G_MAXUINT;
  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
    {
      gemm_builder_warn (b, pos->line, (guint) (scan->p - pos->line_start) + 1, _("a record is not an object"));
      b->n_bad++;
      return aiperf_json_scan_skip (scan);
    }
  aiperf_json_scan_begin_object (scan);
  while (aiperf_json_scan_next_key (scan, &count, &key, &key_length))
    {
      g_autofree char *name = aiperf_json_decode_string (key, key_length);
      GemmColumn column;
      AiperfJsonType type;

      gemm_column_classify (name, &column);
      skip_space (scan);
      position_advance (pos, scan->p);
      type = aiperf_json_scan_peek (scan);
      if (column.error != NULL)
        gemm_builder_warn (b, pos->line, (guint) (scan->p - pos->line_start) + 1, "%s", column.error);
      if (column.role == GEMM_ROLE_NONE || column.error != NULL || column.rank > rank[column.role] ||
          (type != AIPERF_JSON_NUMBER && type != AIPERF_JSON_STRING))
        {
          gemm_column_clear (&column);
          if (!aiperf_json_scan_skip (scan))
            return FALSE;
          continue;
        }
      rank[column.role] = column.rank;
      row.line_of[column.role] = pos->line;
      row.column[column.role] = (guint) (scan->p - pos->line_start) + 1;
      if (type == AIPERF_JSON_NUMBER)
        {
          AiperfJsonNumber number;

          if (!aiperf_json_scan_number (scan, &number))
            return FALSE;
          row.number[column.role] = number.d * column.scale;
          row.text[column.role] = NULL;
          /* A number where a name goes ("model": 7) is its text. */
          if (column.role < GEMM_ROLE_M)
            {
              char buf[G_ASCII_DTOSTR_BUF_SIZE];
              char *as_text = g_strdup (g_ascii_dtostr (buf, sizeof buf, number.d));

              g_ptr_array_add (texts, as_text);
              row.text[column.role] = as_text;
            }
        }
      else
        {
          char *text = NULL;

          if (!aiperf_json_scan_string_or_null (scan, &text))
            return FALSE;
          g_ptr_array_add (texts, text);
          row.text[column.role] = text;
          row.number[column.role] = NAN;
          /* A string holding a number in a unit column is scaled. */
          if (column.scale != 1 && text != NULL)
            {
              char *end = NULL;
              double v = g_ascii_strtod (text, &end);

              if (end != text && *end == '\0')
                {
                  row.number[column.role] = v * column.scale;
                  row.text[column.role] = NULL;
                }
            }
        }
      gemm_column_clear (&column);
    }
  if (scan->error != NULL)
    return FALSE;
  gemm_builder_add (b, &row);
  return TRUE;
}

static gboolean
is_records_key (const char *key,
                gsize       length)
{
  static const char * const keys[] = { "records", "results", "data", "rows", "benchmarks", "gemms",
                                       "measurements", "gemm" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (aiperf_json_key_is (key, length, keys[i]))
      return TRUE;
  return FALSE;
}

static gboolean
read_records (GemmBuilder    *b,
              AiperfJsonScan *scan,
              Position       *pos)
{
  guint count = 0;

  if (!aiperf_json_scan_begin_array (scan))
    return FALSE;
  while (aiperf_json_scan_next_element (scan, &count))
    if (!read_record (b, scan, pos))
      return FALSE;
  return scan->error == NULL;
}

gboolean
gemm_read_json (GemmBuilder  *b,
                const char   *text,
                gsize         length,
                char        **out_gpu)
{
  AiperfJsonScan scan;
  Position pos = { text, text, 1, text };
  gboolean ok = TRUE, found = FALSE;

  aiperf_json_scan_init (&scan, text, length);
  switch (aiperf_json_scan_peek (&scan))
    {
    case AIPERF_JSON_ARRAY:
      found = TRUE;
      ok = read_records (b, &scan, &pos);
      break;
    case AIPERF_JSON_OBJECT:
      {
        const char *key;
        gsize key_length;
        guint count = 0;

        aiperf_json_scan_begin_object (&scan);
        while (ok && aiperf_json_scan_next_key (&scan, &count, &key, &key_length))
          {
            AiperfJsonType type = aiperf_json_scan_peek (&scan);

            if (type == AIPERF_JSON_ARRAY && is_records_key (key, key_length) && !found)
              {
                found = TRUE;
                ok = read_records (b, &scan, &pos);
              }
            else if (type == AIPERF_JSON_STRING && out_gpu != NULL && *out_gpu == NULL &&
                     (aiperf_json_key_is (key, key_length, "gpu") || aiperf_json_key_is (key, key_length, "device") ||
                      aiperf_json_key_is (key, key_length, "gpu_name")))
              ok = aiperf_json_scan_string_or_null (&scan, out_gpu);
            else
              ok = aiperf_json_scan_skip (&scan);
          }
        ok = ok && scan.error == NULL;
        break;
      }
    default:
      ok = FALSE;
      break;
    }
  if (!ok)
    {
      const char *at = scan.error_at != NULL ? scan.error_at : scan.p;

      at = MAX (at, pos.at);

      position_advance (&pos, MIN (at, text + length));
      aiperf_load_result_add_error (b->result, AIPERF_ERROR_PARSE, "%s:%u:%u: %s", b->path, pos.line,
                                    (guint) (at - pos.line_start) + 1,
                                    scan.error != NULL ? scan.error : _("expected a list of GEMM records"));
      return FALSE;
    }
  if (!found)
    {
      aiperf_load_result_add_error (b->result, AIPERF_ERROR_INVALID_DATA,
                                    _("%s: no list of GEMM records (a top-level array, or “records”/“results”)"),
                                    b->path);
      return FALSE;
    }
  return TRUE;
}
