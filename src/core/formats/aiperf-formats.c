/* aiperf-formats.c — the format table, and the walk that sniffs every
 * folder and file below the paths a user opened.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-formats.h"
#include "aiperf-run-builder.h"

/* One line per format: adding a format touches its folder and this table. */
extern const AiperfFormat aiperf_format_aiperf;
extern const AiperfFormat aiperf_format_vllm;
extern const AiperfFormat aiperf_format_genai_perf;
extern const AiperfFormat aiperf_format_guidellm;
extern const AiperfFormat aiperf_format_inference_perf;
extern const AiperfFormat aiperf_format_llmperf;
extern const AiperfFormat aiperf_format_cutile;
extern const AiperfFormat aiperf_format_gemm;
extern const AiperfFormat aiperf_format_nsight;
extern const AiperfFormat aiperf_format_tracelens;
extern const AiperfFormat aiperf_format_trace;
extern const AiperfFormat aiperf_format_gate_logs;

static const AiperfFormat * const formats[] = {
  &aiperf_format_aiperf,
  &aiperf_format_vllm,
  &aiperf_format_genai_perf,
  &aiperf_format_guidellm,
  &aiperf_format_inference_perf,
  &aiperf_format_llmperf,
  &aiperf_format_cutile,
  &aiperf_format_gemm,
  &aiperf_format_nsight,
  &aiperf_format_tracelens,
  &aiperf_format_trace,
  &aiperf_format_gate_logs,
  NULL,
};

const AiperfFormat * const *
aiperf_formats_get_all (void)
{
  return formats;
}

const AiperfFormat *
aiperf_formats_find (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; formats[i] != NULL; i++)
    if (g_str_equal (formats[i]->id, id))
      return formats[i];
  return NULL;
}

char *
aiperf_formats_describe (void)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; formats[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (text, formats[i + 1] == NULL ? _(" or ") : ", ");
      g_string_append (text, formats[i]->name);
    }
  return g_string_free (text, FALSE);
}

/* --- helpers for formats --- */

gboolean
aiperf_entries_contain (const char * const *entries,
                        const char         *name)
{
  if (entries == NULL)
    return FALSE;
  for (guint i = 0; entries[i] != NULL; i++)
    if (g_str_equal (entries[i], name))
      return TRUE;
  return FALSE;
}

gboolean
aiperf_head_has_key (const char *head,
                     const char *key)
{
  g_autofree char *quoted = NULL;
  const char *p;

  if (head == NULL)
    return FALSE;
  quoted = g_strconcat ("\"", key, "\"", NULL);
  for (p = strstr (head, quoted); p != NULL; p = strstr (p + 1, quoted))
    {
      const char *q = p + strlen (quoted);

      while (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n')
        q++;
      if (*q == ':')
        return TRUE;
    }
  return FALSE;
}

char
aiperf_head_first_char (const char *head)
{
  if (head == NULL)
    return 0;
  /* A UTF-8 byte-order mark is not content. */
  if ((guchar) head[0] == 0xEF && (guchar) head[1] == 0xBB && (guchar) head[2] == 0xBF)
    head += 3;
  while (*head == ' ' || *head == '\t' || *head == '\r' || *head == '\n')
    head++;
  return *head;
}

gboolean
aiperf_folder_has_file (const char *directory,
                        const char *name)
{
  g_autofree char *path = g_build_filename (directory, name, NULL);

  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

char *
aiperf_read_head (const char *path,
                  gsize       max,
                  gsize      *out_len)
{
  FILE *file = fopen (path, "rb");
  char *buffer;
  gsize n = 0;

  if (out_len != NULL)
    *out_len = 0;
  if (file == NULL)
    return NULL;
  buffer = g_malloc (max + 1);
  n = fread (buffer, 1, max, file);
  fclose (file);
  buffer[n] = '\0';
  if (out_len != NULL)
    *out_len = n;
  return buffer;
}

void
aiperf_apply_param_pattern (AiperfRun  *run,
                            GRegex     *pattern,
                            const char *folder)
{
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *base = NULL;
  const char *p;

  if (pattern == NULL || folder == NULL)
    return;
  base = g_path_get_basename (folder);
  if (!g_regex_match (pattern, base, 0, &match))
    return;
  /* GRegex cannot list its group names: read them from the pattern,
   * "(?P<name>" or "(?<name>" (not the look-behinds "(?<=" and "(?<!"). */
  for (p = strstr (g_regex_get_pattern (pattern), "(?"); p != NULL; p = strstr (p + 2, "(?"))
    {
      const char *start = p + 2;
      const char *end;
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;

      if (*start == 'P')
        start++;
      if (*start != '<' || !(g_ascii_isalpha (start[1]) || start[1] == '_'))
        continue;
      start++;
      end = strchr (start, '>');
      if (end == NULL)
        break;
      name = g_strndup (start, end - start);
      value = g_match_info_fetch_named (match, name);
      if (value != NULL && *value != '\0')
        aiperf_run_set_parameter (run, name, value);
    }
}

void
aiperf_load_result_add_error (AiperfLoadResult *result,
                              int               code,
                              const char       *format,
                              ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (result->errors, g_error_new_literal (AIPERF_ERROR, code, message));
  g_free (message);
}

void
aiperf_load_result_init (AiperfLoadResult *result)
{
  result->runs = g_ptr_array_new_with_free_func (g_object_unref);
  result->errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  result->warnings = g_ptr_array_new_with_free_func (g_free);
}

void
aiperf_load_result_clear (AiperfLoadResult *result)
{
  g_clear_pointer (&result->runs, g_ptr_array_unref);
  g_clear_pointer (&result->errors, g_ptr_array_unref);
  g_clear_pointer (&result->warnings, g_ptr_array_unref);
}

void
aiperf_find_free (AiperfFind *find)
{
  if (find == NULL)
    return;
  g_free (find->path);
  g_strfreev (find->members);
  g_free (find);
}

void
aiperf_find_load (const AiperfFind        *find,
                  const AiperfLoadOptions *options,
                  AiperfLoadResult        *result)
{
  guint first = result->runs->len;
  guint first_error = result->errors->len;

  g_return_if_fail (find != NULL && options != NULL && result != NULL);

  if (find->members != NULL && find->format->load_merged != NULL)
    find->format->load_merged ((const char * const *) find->members, find->path, options, result);
  else
    find->format->load (find->path, options, result);
  /* Whatever a loader's library reported, a load error is ours. */
  for (guint i = first_error; i < result->errors->len; i++)
    {
      GError *err = g_ptr_array_index (result->errors, i);

      if (err->domain != AIPERF_ERROR)
        {
          result->errors->pdata[i] = g_error_new_literal (AIPERF_ERROR, aiperf_error_code_for (err),
                                                          err->message);
          g_error_free (err);
        }
    }
  for (guint i = first; i < result->runs->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (result->runs, i);

      aiperf_run_set_source (run, find->format->id, find->format->name, find->format->kind);
      aiperf_apply_param_pattern (run, options->param_pattern, aiperf_run_get_directory (run));
    }
}
