/* aiperf-guidellm-scan.c — a GuideLLM report read member by member: the
 * shared JSON scanner walks the mapped file, skips the per-request records
 * and hands every other member to json-glib as a small slice.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-guidellm-private.h"
#include "aiperf-json-scan.h"
#include "aiperf-peer-json.h"

static guint
line_at (const char *start,
         const char *at)
{
  guint line = 1;

  for (const char *p = start; p < at; p++)
    if (*p == '\n')
      line++;
  return line;
}

static void
set_scan_error (GError              **error,
                const char           *path,
                const AiperfJsonScan *scan)
{
  const char *at = scan->error_at != NULL ? scan->error_at : scan->p;
  const char *last = scan->end;

  /* A report is one object: text that does not end with its brace was cut
   * short (an interrupted run, a partial copy), whatever the scanner met. */
  while (last > scan->start && g_ascii_isspace (last[-1]))
    last--;
  if (at >= scan->end || last == scan->start || last[-1] != '}')
    g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                 _("%s:%u: the file ends in the middle of the report (cut short?)"),
                 path, line_at (scan->start, scan->end));
  else
    g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, "%s:%u: %s",
                 path, line_at (scan->start, at), scan->error);
}

/* The value at the scanner as a tree; NULL with scan->error set when it is
 * malformed. */
static JsonNode *
read_value (AiperfJsonScan *scan,
            const char     *path,
            GError        **error)
{
  const char *start;
  g_autoptr(GError) local = NULL;
  JsonNode *node;

  aiperf_json_scan_peek (scan);
  start = scan->p;
  if (!aiperf_json_scan_skip (scan))
    return NULL;
  node = aiperf_peer_json_parse (path, start, scan->p - start, &local);
  if (node == NULL)
    {
      /* The scanner accepted it; json-glib did not (bad UTF-8?). */
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s:%u: malformed value"),
                   path, line_at (scan->start, start));
      aiperf_json_scan_fail (scan, "malformed value");
    }
  return node;
}

/* Skips the array or object at the scanner by matching brackets outside
 * strings, without validating what is inside: the per-request records
 * are most of a report and nothing is read from them. */
static gboolean
skip_records (AiperfJsonScan *scan)
{
  const char *p = scan->p, *end = scan->end;
  guint depth = 0;

  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_ARRAY && aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
    return aiperf_json_scan_skip (scan);
  p = scan->p;
  while (p < end)
    {
      char c = *p++;

      if (c == '"')
        {
          /* To the closing quote: one not preceded by an odd run of backslashes. */
          for (;;)
            {
              const char *quote = memchr (p, '"', end - p);
              const char *b;

              if (quote == NULL)
                {
                  p = end;
                  break;
                }
              for (b = quote; b > p && b[-1] == '\\'; b--)
                ;
              p = quote + 1;
              if ((quote - b) % 2 == 0)
                break;
            }
        }
      else if (c == '[' || c == '{')
        depth++;
      else if ((c == ']' || c == '}') && --depth == 0)
        {
          scan->p = p;
          return TRUE;
        }
    }
  scan->p = end;
  return aiperf_json_scan_fail (scan, "unexpected end of data");
}

static void
free_benchmark (gpointer data)
{
  if (data != NULL)
    json_object_unref (data);
}

/* One element of "benchmarks": an object without its requests, or NULL
 * (pushed as a placeholder) when the element is not an object. */
static gboolean
read_benchmark (AiperfJsonScan *scan,
                const char     *path,
                GPtrArray      *benchmarks,
                GError        **error)
{
  JsonObject *benchmark;
  const char *key;
  gsize key_length;
  guint count = 0;

  if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
    {
      g_ptr_array_add (benchmarks, NULL);
      return aiperf_json_scan_skip (scan);
    }
  aiperf_json_scan_begin_object (scan);
  benchmark = json_object_new ();
  while (aiperf_json_scan_next_key (scan, &count, &key, &key_length))
    {
      JsonNode *value;

      /* Per-request records: prompts and outputs, the bulk of the file. */
      if (aiperf_json_key_is (key, key_length, "requests"))
        {
          /* Kept as a mark: the details loader reads them on demand. */
          if (aiperf_json_scan_peek (scan) == AIPERF_JSON_OBJECT)
            json_object_set_boolean_member (benchmark, "requests", TRUE);
          if (!skip_records (scan))
            break;
          continue;
        }
      value = read_value (scan, path, error);
      if (value == NULL)
        break;
      {
        g_autofree char *name = g_strndup (key, key_length);

        json_object_set_member (benchmark, name, value);
      }
    }
  if (scan->error != NULL)
    {
      json_object_unref (benchmark);
      return FALSE;
    }
  g_ptr_array_add (benchmarks, benchmark);
  return TRUE;
}

gboolean
aiperf_guidellm_report_read (const char            *path,
                             AiperfGuidellmReport  *report,
                             GError               **error)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GError) local = NULL;
  AiperfJsonScan scan;
  const char *key;
  gsize key_length;
  guint count = 0;

  report->report = json_object_new ();
  report->benchmarks = g_ptr_array_new_with_free_func (free_benchmark);

  file = g_mapped_file_new (path, FALSE, &local);
  if (file == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  if (g_mapped_file_get_length (file) == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s: the file is empty"), path);
      return FALSE;
    }
  aiperf_json_scan_init (&scan, g_mapped_file_get_contents (file), g_mapped_file_get_length (file));
  if (!aiperf_json_scan_begin_object (&scan))
    {
      set_scan_error (error, path, &scan);
      return FALSE;
    }
  while (aiperf_json_scan_next_key (&scan, &count, &key, &key_length))
    {
      if (aiperf_json_key_is (key, key_length, "benchmarks") &&
          aiperf_json_scan_peek (&scan) == AIPERF_JSON_ARRAY)
        {
          guint n = 0;

          aiperf_json_scan_begin_array (&scan);
          while (aiperf_json_scan_next_element (&scan, &n))
            if (!read_benchmark (&scan, path, report->benchmarks, error))
              break;
        }
      else
        {
          JsonNode *value = read_value (&scan, path, error);

          if (value == NULL)
            break;
          g_autofree char *name = g_strndup (key, key_length);

          json_object_set_member (report->report, name, value);
        }
      if (scan.error != NULL)
        break;
    }
  if (scan.error != NULL)
    {
      if (error == NULL || *error == NULL)
        set_scan_error (error, path, &scan);
      return report->benchmarks->len > 0;
    }
  return TRUE;
}

void
aiperf_guidellm_report_clear (AiperfGuidellmReport *report)
{
  g_clear_pointer (&report->report, json_object_unref);
  g_clear_pointer (&report->benchmarks, g_ptr_array_unref);
}

static gboolean
status_of (const char           *key,
           gsize                 length,
           AiperfGuidellmStatus *out)
{
  if (aiperf_json_key_is (key, length, "successful"))
    *out = AIPERF_GUIDELLM_SUCCESSFUL;
  else if (aiperf_json_key_is (key, length, "errored"))
    *out = AIPERF_GUIDELLM_ERRORED;
  else if (aiperf_json_key_is (key, length, "incomplete"))
    *out = AIPERF_GUIDELLM_INCOMPLETE;
  else
    return FALSE;
  return TRUE;
}

/* "requests": {successful: [...], errored: [...], incomplete: [...], total: …} */
static gboolean
read_status_lists (AiperfJsonScan          *scan,
                   const char              *path,
                   GCancellable            *cancellable,
                   AiperfGuidellmRecordFunc func,
                   gpointer                 user_data,
                   GError                 **error)
{
  const char *key;
  gsize key_length;
  guint count = 0;

  if (!aiperf_json_scan_begin_object (scan))
    return FALSE;
  while (aiperf_json_scan_next_key (scan, &count, &key, &key_length))
    {
      AiperfGuidellmStatus status;
      guint n = 0;

      if (!status_of (key, key_length, &status) || aiperf_json_scan_peek (scan) != AIPERF_JSON_ARRAY)
        {
          if (!skip_records (scan))
            return FALSE;
          continue;
        }
      aiperf_json_scan_begin_array (scan);
      while (aiperf_json_scan_next_element (scan, &n))
        {
          g_autoptr(JsonNode) record = NULL;

          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (aiperf_json_scan_peek (scan) != AIPERF_JSON_OBJECT)
            {
              if (!aiperf_json_scan_skip (scan))
                return FALSE;
              continue;
            }
          record = read_value (scan, path, error);
          if (record == NULL)
            return FALSE;
          func (json_node_get_object (record), status, user_data);
        }
      if (scan->error != NULL)
        return FALSE;
    }
  return scan->error == NULL;
}

gboolean
aiperf_guidellm_read_records (const char              *path,
                              guint                    number,
                              GCancellable            *cancellable,
                              AiperfGuidellmRecordFunc func,
                              gpointer                 user_data,
                              GError                 **error)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GError) local = NULL;
  AiperfJsonScan scan;
  const char *key;
  gsize key_length;
  guint count = 0;

  g_return_val_if_fail (path != NULL && number > 0 && func != NULL, FALSE);

  file = g_mapped_file_new (path, FALSE, &local);
  if (file == NULL)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  aiperf_json_scan_init (&scan, g_mapped_file_get_contents (file), g_mapped_file_get_length (file));
  if (!aiperf_json_scan_begin_object (&scan))
    goto fail;
  while (aiperf_json_scan_next_key (&scan, &count, &key, &key_length))
    {
      guint n = 0;

      if (!aiperf_json_key_is (key, key_length, "benchmarks") ||
          aiperf_json_scan_peek (&scan) != AIPERF_JSON_ARRAY)
        {
          if (!skip_records (&scan))
            goto fail;
          continue;
        }
      aiperf_json_scan_begin_array (&scan);
      while (aiperf_json_scan_next_element (&scan, &n))
        {
          guint members = 0;

          if (n != number || aiperf_json_scan_peek (&scan) != AIPERF_JSON_OBJECT)
            {
              if (!skip_records (&scan))
                goto fail;
              continue;
            }
          aiperf_json_scan_begin_object (&scan);
          while (aiperf_json_scan_next_key (&scan, &members, &key, &key_length))
            {
              if (aiperf_json_key_is (key, key_length, "requests") &&
                  aiperf_json_scan_peek (&scan) == AIPERF_JSON_OBJECT)
                {
                  if (!read_status_lists (&scan, path, cancellable, func, user_data, error))
                    goto fail;
                  return TRUE;
                }
              if (!skip_records (&scan))
                goto fail;
            }
          goto fail;
        }
      goto fail;
    }
fail:
  if (error != NULL && *error == NULL)
    {
      if (scan.error != NULL)
        set_scan_error (error, path, &scan);
      else
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                     _("%s#%u: the benchmark has no per-request records"), path, number);
    }
  return FALSE;
}
