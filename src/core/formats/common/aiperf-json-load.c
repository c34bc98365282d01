/* aiperf-json-load.c — json-glib's parser behind a one-pass check of the
 * text's shape (aiperf-json-load.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-json-load.h"

/* The code unit of a \uXXXX escape at @p, or -1. */
static int
unicode_escape (const char *p,
                const char *end)
{
  int value = 0;

  if (end - p < 6 || p[0] != '\\' || p[1] != 'u')
    return -1;
  for (int k = 2; k < 6; k++)
    {
      int digit = g_ascii_xdigit_value (p[k]);

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }
  return value;
}

/* One pass over @text before json-glib sees it: besides the depth, json-glib
 * 1.6 leaks the nodes of a value that follows the top-level one ("{} []"),
 * and the string being read at an invalid escape ("\u12x", or "\ud800\u0041":
 * a high surrogate and a \u escape that is not its low half), while it turns
 * a lone surrogate into bytes that are not UTF-8; those, and (unless
 * @allow_scalar) a scalar top level, are refused here. It follows json-glib's
 * lexer: 'single-quoted' strings without escapes and C comments are accepted,
 * and a stray '/' is skipped; what it cannot place is left to json-glib.
 * @out_line is the line of the problem. */
AiperfJsonShape
aiperf_json_check_shape (const char *text,
                         gsize       length,
                         gboolean    allow_scalar,
                         guint      *out_line)
{
  gboolean closed = FALSE;
  char quote = 0;
  guint depth = 0, line = 1;
  gsize i = 0;

  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    i = 3;  /* json-glib skips a byte-order mark */
  for (; i < length; i++)
    {
      char c = text[i];

      if (c == '\n')
        line++;
      if (quote != 0)
        {
          if (c == '\\' && quote == '"')
            {
              int unit = unicode_escape (text + i, text + length);

              *out_line = line;
              if (i + 1 < length && text[i + 1] == 'u')
                {
                  /* json-glib turns a lone surrogate into bytes that are
                   * not UTF-8, and GTK takes UTF-8 only */
                  if (unit < 0 || (unit >= 0xdc00 && unit <= 0xdfff))
                    return AIPERF_JSON_SHAPE_BAD_ESCAPE;
                  if (unit >= 0xd800 && unit <= 0xdbff)
                    {
                      int low = unicode_escape (text + i + 6, text + length);

                      if (low < 0xdc00 || low > 0xdfff)
                        return AIPERF_JSON_SHAPE_BAD_ESCAPE;
                      i += 6;
                    }
                  i += 5;
                }
              else if (i + 1 < length && strchr ("\"\\/bfnrt", text[i + 1]) == NULL)
                return AIPERF_JSON_SHAPE_BAD_ESCAPE;
              else
                i++;
            }
          else if (c == quote)
            {
              quote = 0;
              closed = depth == 0;  /* a string at the top level */
            }
          continue;
        }
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        continue;
      if (c == '/')
        {
          if (i + 1 < length && text[i + 1] == '*')
            {
              const char *close = g_strstr_len (text + i + 2, (gssize) (length - i - 2), "*/");

              if (close == NULL)
                return AIPERF_JSON_SHAPE_OK;  /* json-glib reports the open comment */
              for (const char *p = text + i; p < close; p++)
                line += *p == '\n';
              i = (gsize) (close + 1 - text);
            }
          continue;
        }
      *out_line = line;
      if (closed)
        return AIPERF_JSON_SHAPE_TRAILING;
      if (depth == 0 && c != '[' && c != '{' && c != '"' && c != '\'')
        {
          /* a number or word at the top level: skip to its end */
          if (!allow_scalar)
            return AIPERF_JSON_SHAPE_NOT_CONTAINER;
          while (i + 1 < length && strchr (" \t\n\r[]{},:/\"'", text[i + 1]) == NULL)
            i++;
          closed = TRUE;
          continue;
        }
      if (depth == 0 && !allow_scalar && c != '[' && c != '{')
        return AIPERF_JSON_SHAPE_NOT_CONTAINER;
      if (c == '"' || c == '\'')
        quote = c;
      else if (c == '[' || c == '{')
        {
          if (++depth > AIPERF_JSON_MAX_DEPTH)
            return AIPERF_JSON_SHAPE_TOO_DEEP;
        }
      else if (c == ']' || c == '}')
        closed = --depth == 0;
    }
  return AIPERF_JSON_SHAPE_OK;
}

gboolean
aiperf_json_parser_load_data (JsonParser  *parser,
                              const char  *text,
                              gsize        length,
                              GError     **error)
{
  guint line = 0;

  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  g_return_val_if_fail (text != NULL || length == 0, FALSE);

  if (text == NULL)
    text = "";
  switch (aiperf_json_check_shape (text, length, TRUE, &line))
    {
    case AIPERF_JSON_SHAPE_OK:
      return json_parser_load_from_data (parser, text, (gssize) length, error);
    case AIPERF_JSON_SHAPE_TOO_DEEP:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
                   _("line %u: JSON nested more than %d levels deep"), line, AIPERF_JSON_MAX_DEPTH);
      return FALSE;
    case AIPERF_JSON_SHAPE_BAD_ESCAPE:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
                   _("line %u: invalid escape in a string"), line);
      return FALSE;
    case AIPERF_JSON_SHAPE_TRAILING:
    default:
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
                   _("line %u: unexpected text after the top-level value"), line);
      return FALSE;
    }
}

gboolean
aiperf_json_parser_load_file (JsonParser  *parser,
                              const char  *path,
                              GError     **error)
{
  g_autoptr(GMappedFile) file = NULL;
  gsize length;

  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  file = g_mapped_file_new (path, FALSE, error);
  if (file == NULL)
    return FALSE;
  length = g_mapped_file_get_length (file);
  return aiperf_json_parser_load_data (parser, length > 0 ? g_mapped_file_get_contents (file) : "",
                                       length, error);
}
