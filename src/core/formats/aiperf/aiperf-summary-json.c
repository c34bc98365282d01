/* aiperf-summary-json.c — reading summary files safely: size, encoding,
 * nesting depth and Python's NaN/Infinity, with errors naming file and line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aiperf-error.h"
#include "aiperf-json-load.h"
#include "aiperf-json-tree.h"
#include "aiperf-summary-private.h"

/* A summary is a few tens of kB; anything this large is not one. */
#define MAX_SUMMARY_BYTES (256 * 1024 * 1024)

char *
aiperf_summary_read_text (const char  *path,
                          gsize       *out_length,
                          GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  const char *bad = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &text, &length, &local_error))
    {
      g_set_error (error, AIPERF_ERROR,
                   g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT)
                     ? AIPERF_ERROR_NOT_FOUND : AIPERF_ERROR_IO,
                   _("%s: cannot be read: %s"), path, local_error->message);
      return NULL;
    }
  if (length == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                   _("%s: the file is empty"), path);
      return NULL;
    }
  if (length > MAX_SUMMARY_BYTES)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: %zu bytes is too large for a summary"), path, (size_t) length);
      return NULL;
    }
  if (!g_utf8_validate_len (text, length, &bad))
    {
      guint line = 1;

      for (const char *p = text; p < bad; p++)
        if (*p == '\n')
          line++;
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                   _("%s, line %u: the text is not valid UTF-8 (byte offset %zu)"),
                   path, line, (size_t) (bad - text));
      return NULL;
    }
  if (out_length != NULL)
    *out_length = length;
  return g_steal_pointer (&text);
}

/* Copy of @text with the bare words NaN, Infinity and -Infinity outside
 * strings replaced by null; NULL when there are none. */
static char *
replace_nonfinite (const char *text,
                   gsize       length)
{
  static const char * const words[] = { "-Infinity", "Infinity", "NaN" };
  GString *out = g_string_sized_new (length + 16);
  gboolean in_string = FALSE, changed = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];
      gboolean replaced = FALSE;

      if (in_string)
        {
          if (c == '\\' && i + 1 < length)
            {
              g_string_append_c (out, c);
              c = text[++i];
            }
          else if (c == '"')
            in_string = FALSE;
          g_string_append_c (out, c);
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      for (guint w = 0; w < G_N_ELEMENTS (words) && !replaced; w++)
        {
          gsize n = strlen (words[w]);

          if (i + n <= length && strncmp (text + i, words[w], n) == 0 &&
              (i + n == length || !g_ascii_isalnum (text[i + n])))
            {
              g_string_append (out, "null");
              i += n - 1;
              replaced = changed = TRUE;
            }
        }
      if (!replaced)
        g_string_append_c (out, c);
    }
  if (!changed)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}


/* A buffer per loading thread: a fresh 25 kB allocation per summary made
 * malloc consolidate the freed nodes of the previous summary's tree each
 * time, instead of handing them to the next tree. */
static GPrivate read_buffer = G_PRIVATE_INIT ((GDestroyNotify) g_byte_array_unref);

/* Reads @path into this thread's buffer; NULL on any trouble (the caller
 * then takes the slow path, which reports it). */
static const char *
read_reusing_buffer (const char *path,
                     gsize      *out_length)
{
  GByteArray *buf = g_private_get (&read_buffer);
  GStatBuf info;
  gsize have = 0;
  int fd;

  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return NULL;
  if (fstat (fd, &info) != 0 || info.st_size <= 0 || info.st_size > MAX_SUMMARY_BYTES)
    {
      close (fd);
      return NULL;
    }
  if (buf == NULL)
    {
      buf = g_byte_array_new ();
      g_private_set (&read_buffer, buf);
    }
  g_byte_array_set_size (buf, (guint) info.st_size + 1);
  while (have <= (gsize) info.st_size)
    {
      gssize n = read (fd, buf->data + have, buf->len - have);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      have += (gsize) n;
    }
  close (fd);
  /* a file that changed size while read goes the slow way */
  if (have != (gsize) info.st_size)
    return NULL;
  *out_length = have;
  return (const char *) buf->data;
}

JsonNode *
aiperf_summary_read_json (const char  *path,
                          gboolean    *out_nonfinite,
                          GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  JsonNode *root;
  gsize length = 0;
  guint bad_line = 0;

  g_return_val_if_fail (path != NULL, NULL);

  /* The fast path: the scanner limits the depth itself and accepts only
   * valid UTF-8, so a text it parses needs no other check. The slow path
   * below (json-glib) reads NaN and words every error. */
  {
    const char *fast = read_reusing_buffer (path, &length);

    root = fast != NULL ? aiperf_json_tree_parse (fast, length, AIPERF_JSON_MAX_DEPTH, NULL) : NULL;
    if (root != NULL)
      {
        if (JSON_NODE_HOLDS_OBJECT (root))
          return root;
        json_node_unref (root);
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                     _("%s: expected a JSON object at the top level"), path);
        return NULL;
      }
  }

  text = aiperf_summary_read_text (path, &length, error);
  if (text == NULL)
    return NULL;

  switch (aiperf_json_check_shape (text, length, FALSE, &bad_line))
    {
    case AIPERF_JSON_SHAPE_OK:
      break;
    case AIPERF_JSON_SHAPE_NOT_CONTAINER:
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected a JSON object at the top level"), path);
      return NULL;
    case AIPERF_JSON_SHAPE_TOO_DEEP:
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s, line %u: JSON nested more than %d levels deep; not an AIPerf summary"),
                   path, bad_line, AIPERF_JSON_MAX_DEPTH);
      return NULL;
    case AIPERF_JSON_SHAPE_BAD_ESCAPE:
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                   _("%s, line %u: not valid JSON: invalid escape in a string"), path, bad_line);
      return NULL;
    case AIPERF_JSON_SHAPE_TRAILING:
    default:
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                   _("%s, line %u: not valid JSON: unexpected text after the top-level value"),
                   path, bad_line);
      return NULL;
    }
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, text, (gssize) length, &local_error))
    {
      g_autofree char *fixed = replace_nonfinite (text, length);

      /* Python's json module writes NaN / Infinity, which is not JSON;
       * read them as null (absent) rather than reject the whole run. */
      if (fixed != NULL && json_parser_load_from_data (parser, fixed, -1, NULL))
        {
          if (out_nonfinite != NULL)
            *out_nonfinite = TRUE;
          goto parsed;
        }

      guint line = 0, column = 0;
      int consumed = 0;
      const char *reason = local_error->message;

      /* json-glib's message is "<data>:LINE:COL: Parse error: …" */
      if (sscanf (reason, "<data>:%u:%u: %n", &line, &column, &consumed) == 2 && consumed > 0)
        {
          reason += consumed;
          if (g_str_has_prefix (reason, "Parse error: "))
            reason += strlen ("Parse error: ");
          guint n_lines = 1;

          for (gsize i = 0; i + 1 < length; i++)
            if (text[i] == '\n')
              n_lines++;
          if (line + 1 >= n_lines)
            g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                         _("%s, line %u, column %u: not valid JSON: the file ends early "
                           "(cut short while being written or copied?): %s"),
                         path, line, column, reason);
          else
            g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                         _("%s, line %u, column %u: not valid JSON: %s"), path, line, column, reason);
        }
      else
        g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE,
                     _("%s: not valid JSON: %s"), path, reason);
      return NULL;
    }
parsed:
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: expected a JSON object at the top level"), path);
      return NULL;
    }
  return json_node_ref (root);
}

gboolean
aiperf_json_get_number (JsonNode *node,
                        double   *out)
{
  GType type;
  double value;

  g_return_val_if_fail (out != NULL, FALSE);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return FALSE;
  value = json_node_get_double (node);
  if (!isfinite (value))
    return FALSE;
  *out = value;
  return TRUE;
}

const char *
aiperf_json_get_string (JsonObject *object,
                        const char *member)
{
  JsonNode *node;

  g_return_val_if_fail (object != NULL, NULL);
  g_return_val_if_fail (member != NULL, NULL);

  node = json_object_get_member (object, member);
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

gboolean
aiperf_text_get_number (const char *text,
                        double     *out)
{
  char *end = NULL;
  double value;

  g_return_val_if_fail (out != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  while (g_ascii_isspace (*text))
    text++;
  if (*text == '\0')
    return FALSE;
  errno = 0;
  value = g_ascii_strtod (text, &end);
  if (end == text || errno == ERANGE)
    return FALSE;
  while (g_ascii_isspace (*end))
    end++;
  if (*end != '\0' || !isfinite (value))
    return FALSE;
  *out = value;
  return TRUE;
}
