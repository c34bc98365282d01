/* aiperf-vllm-read.c — reading vLLM result files into flat results.
 *
 * One bench-serve result is a flat object; files saved with the
 * per-request details also carry one array per quantity (generated texts
 * included, several MB). The scanner walks the text and keeps the scalars
 * and the per-request numbers (aiperf-vllm-arrays.c) as plain arrays; the
 * texts are skipped. Python's json.dump writes NaN and Infinity, which strict
 * JSON does not allow: they are read as numbers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-gzip.h"
#include "aiperf-json-scan.h"
#include "aiperf-vllm-private.h"

static void
number_clear (VllmNumber *number)
{
  g_free (number->key);
}

VllmResult *
aiperf_vllm_result_new (void)
{
  VllmResult *result = g_new0 (VllmResult, 1);

  result->numbers = g_array_new (FALSE, FALSE, sizeof (VllmNumber));
  g_array_set_clear_func (result->numbers, (GDestroyNotify) number_clear);
  result->strings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return result;
}

void
aiperf_vllm_result_free (VllmResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->numbers);
  g_hash_table_unref (result->strings);
  aiperf_vllm_arrays_free (result->arrays);
  g_free (result);
}

gboolean
aiperf_vllm_result_number (const VllmResult *result,
                           const char       *key,
                           double           *out)
{
  for (guint i = 0; i < result->numbers->len; i++)
    {
      const VllmNumber *n = &g_array_index (result->numbers, VllmNumber, i);

      if (strcmp (n->key, key) == 0)
        {
          *out = n->value;
          return TRUE;
        }
    }
  return FALSE;
}

void
aiperf_vllm_result_add_number (VllmResult *result,
                               const char *key,
                               double      value)
{
  VllmNumber n = { g_strdup (key), value };

  g_array_append_val (result->numbers, n);
}

static gboolean
read_value (AiperfJsonScan *scan,
            VllmResult     *result,
            const char     *key)
{
  double special;

  if (aiperf_vllm_scan_python_special (scan, &special))
    {
      aiperf_vllm_result_add_number (result, key, special);
      return TRUE;
    }
  switch (aiperf_json_scan_peek (scan))
    {
    case AIPERF_JSON_NUMBER:
      {
        AiperfJsonNumber n;

        if (!aiperf_json_scan_number (scan, &n))
          return FALSE;
        aiperf_vllm_result_add_number (result, key, n.d);
        return TRUE;
      }
    case AIPERF_JSON_STRING:
      {
        char *text = NULL;

        if (!aiperf_json_scan_string_or_null (scan, &text))
          return FALSE;
        g_hash_table_replace (result->strings, g_strdup (key), text);
        return TRUE;
      }
    case AIPERF_JSON_BOOL:
      {
        gboolean b;

        if (!aiperf_json_scan_bool (scan, &b))
          return FALSE;
        g_hash_table_replace (result->strings, g_strdup (key), g_strdup (b ? "true" : "false"));
        return TRUE;
      }
    case AIPERF_JSON_NULL:
      return aiperf_json_scan_null (scan);
    case AIPERF_JSON_ARRAY:
      {
        int list = aiperf_vllm_array_key (key);

        if (list < 0)
          return aiperf_json_scan_skip (scan);  /* generated_texts, … */
        if (result->arrays == NULL)
          result->arrays = aiperf_vllm_arrays_new ();
        return aiperf_vllm_arrays_read (scan, result->arrays, list);
      }
    case AIPERF_JSON_OBJECT:
      /* Nested metadata: validated, not kept. */
      return aiperf_json_scan_skip (scan);
    case AIPERF_JSON_ERROR:
    default:
      return aiperf_json_scan_fail (scan, "expected a value");
    }
}

static gboolean
read_object (AiperfJsonScan *scan,
             VllmResult     *result)
{
  const char *key;
  gsize key_length;
  guint count = 0;

  if (!aiperf_json_scan_begin_object (scan))
    return FALSE;
  while (aiperf_json_scan_next_key (scan, &count, &key, &key_length))
    {
      g_autofree char *name = g_strndup (key, key_length);

      if (!read_value (scan, result, name))
        return FALSE;
    }
  return scan->error == NULL;
}

/* Counts lines incrementally: results are read front to back. */
typedef struct {
  const char *at;
  guint       line;
} LineCounter;

static guint
line_of (LineCounter *counter,
         const char  *position)
{
  for (; counter->at < position; counter->at++)
    if (*counter->at == '\n')
      counter->line++;
  return counter->line;
}

GPtrArray *
aiperf_vllm_read_results (const char  *path,
                          gboolean    *out_is_array,
                          GError     **error)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_vllm_result_free);
  g_autofree char *text = NULL;
  g_autoptr(GError) io_error = NULL;
  LineCounter lines;
  AiperfJsonScan scan;
  gsize length;
  guint count = 0;

  if (out_is_array != NULL)
    *out_is_array = FALSE;
  if (!g_file_get_contents (path, &text, &length, &io_error))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s: %s", path, io_error->message);
      return NULL;
    }
  if (aiperf_gzip_is (text, length))
    {
      g_autofree char *packed = g_steal_pointer (&text);

      text = aiperf_gzip_inflate (packed, length, path, &length, error);
      if (text == NULL)
        return NULL;
    }
  aiperf_json_scan_init (&scan, text, length);
  lines = (LineCounter) { text, 1 };
  /* A UTF-8 byte-order mark is not content. */
  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    scan.p += 3;

  switch (aiperf_json_scan_peek (&scan))
    {
    case AIPERF_JSON_OBJECT:
      /* One object, or JSON Lines from --append-result. */
      while (!aiperf_json_scan_at_end (&scan))
        {
          VllmResult *result = aiperf_vllm_result_new ();

          aiperf_json_scan_peek (&scan);
          result->line = line_of (&lines, scan.p);
          g_ptr_array_add (results, result);
          if (aiperf_json_scan_peek (&scan) != AIPERF_JSON_OBJECT)
            aiperf_json_scan_fail (&scan, "expected an object on each line");
          if (!read_object (&scan, result))
            break;
        }
      break;
    case AIPERF_JSON_ARRAY:
      if (out_is_array != NULL)
        *out_is_array = TRUE;
      if (!aiperf_json_scan_begin_array (&scan))
        break;
      while (aiperf_json_scan_next_element (&scan, &count))
        {
          VllmResult *result = aiperf_vllm_result_new ();

          result->line = line_of (&lines, scan.p);
          g_ptr_array_add (results, result);
          if (aiperf_json_scan_peek (&scan) != AIPERF_JSON_OBJECT)
            aiperf_json_scan_fail (&scan, "expected an array of objects");
          if (!read_object (&scan, result))
            break;
        }
      if (scan.error == NULL && !aiperf_json_scan_at_end (&scan))
        aiperf_json_scan_fail (&scan, "unexpected text after the array");
      break;
    default:
      aiperf_json_scan_fail (&scan, length == 0 ? "the file is empty" : "expected a JSON object or array");
      break;
    }

  if (scan.error != NULL)
    {
      guint line = line_of (&lines, scan.error_at != NULL ? scan.error_at : scan.p);

      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s:%u: not valid JSON: %s"),
                   path, line, scan.error);
      return NULL;
    }
  return g_steal_pointer (&results);
}
