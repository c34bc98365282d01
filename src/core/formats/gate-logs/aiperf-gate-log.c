/* aiperf-gate-log.c — reading one MoE gate log with the JSON scanner.
 *
 * The scanner keeps the position of every value, so a step that cannot be
 * used (ragged, a string among the counts) is reported at its line and
 * column and skipped while the others are read. A file with no usable step
 * is an error of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-error.h"
#include "aiperf-gate-log.h"
#include "aiperf-json-scan.h"

AiperfGateLog *
aiperf_gate_log_new (void)
{
  AiperfGateLog *log = g_new0 (AiperfGateLog, 1);

  log->loads = g_array_new (FALSE, FALSE, sizeof (double));
  log->file_steps = g_array_new (FALSE, FALSE, sizeof (guint));
  log->num_tokens = g_array_new (FALSE, FALSE, sizeof (double));
  return log;
}

void
aiperf_gate_log_free (AiperfGateLog *log)
{
  if (log == NULL)
    return;
  g_array_unref (log->loads);
  g_array_unref (log->file_steps);
  g_array_unref (log->num_tokens);
  g_free (log);
}

void
aiperf_gate_log_position (const char *text,
                          const char *at,
                          guint      *line,
                          guint      *column)
{
  const char *line_start = text;

  *line = 1;
  for (const char *p = text; p < at; p++)
    if (*p == '\n')
      {
        (*line)++;
        line_start = p + 1;
      }
  *column = (guint) (at - line_start) + 1;
}

typedef struct {
  const char     *path;
  AiperfJsonScan  scan;
  GPtrArray      *problems;
} Reader;

static void
problem (Reader     *r,
         const char *at,
         const char *format,
         ...) G_GNUC_PRINTF (3, 4);

static void
problem (Reader     *r,
         const char *at,
         const char *format,
         ...)
{
  g_autofree char *message = NULL;
  guint line, column;
  va_list args;

  if (r->problems == NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  aiperf_gate_log_position (r->scan.start, at, &line, &column);
  g_ptr_array_add (r->problems, g_strdup_printf ("%s:%u:%u: %s", r->path, line, column, message));
}

static void
set_error (GError    **error,
           Reader     *r,
           const char *at,
           int         code,
           const char *message)
{
  guint line, column;

  aiperf_gate_log_position (r->scan.start, at, &line, &column);
  g_set_error (error, AIPERF_ERROR, code, "%s:%u:%u: %s", r->path, line, column, message);
}

static void
set_scan_error (GError **error,
                Reader  *r)
{
  const char *at = r->scan.error_at != NULL ? r->scan.error_at : r->scan.p;
  g_autofree char *message = NULL;
  const char *p = at;

  /* Nothing but blanks after the error: a log cut short (a run killed
   * while writing), whatever the scanner was looking for. */
  while (p < r->scan.end && g_ascii_isspace (*p))
    p++;
  if (p >= r->scan.end)
    message = g_strdup (_("the file ends in the middle of the JSON (cut short?)"));
  else
    message = g_strdup_printf (_("not valid JSON: %s"), r->scan.error);
  set_error (error, r, MIN (at, r->scan.end), AIPERF_ERROR_PARSE, message);
}

/* What a value that should be a count is, for messages. */
static const char *
value_name (AiperfJsonType type)
{
  switch (type)
    {
    case AIPERF_JSON_NULL:   return "null";
    case AIPERF_JSON_BOOL:   return _("a boolean");
    case AIPERF_JSON_STRING: return _("a string");
    case AIPERF_JSON_ARRAY:  return _("a list");
    case AIPERF_JSON_OBJECT: return _("an object");
    default:                 return _("not a number");
    }
}

/* One step's counts into @row. FALSE only on a syntax error; a step that
 * cannot be used sets *@bad_at and @why instead. */
static gboolean
read_row (Reader      *r,
          GArray      *row,
          const char **bad_at,
          char       **why)
{
  guint count = 0;

  g_array_set_size (row, 0);
  if (!aiperf_json_scan_begin_array (&r->scan))
    return FALSE;
  while (aiperf_json_scan_next_element (&r->scan, &count))
    {
      AiperfJsonType type = aiperf_json_scan_peek (&r->scan);
      const char *at = r->scan.p;
      AiperfJsonNumber number;

      if (type == AIPERF_JSON_NUMBER)
        {
          if (!aiperf_json_scan_number (&r->scan, &number))
            return FALSE;
          if (number.d < 0 && *bad_at == NULL)
            {
              *bad_at = at;
              *why = g_strdup_printf (_("expert %u has a negative token count (%g)"), count - 1, number.d);
            }
          g_array_append_val (row, number.d);
          continue;
        }
      if (type == AIPERF_JSON_ERROR)
        return aiperf_json_scan_skip (&r->scan);
      if (*bad_at == NULL)
        {
          *bad_at = at;
          *why = g_strdup_printf (_("expert %u: expected a token count, found %s"), count - 1, value_name (type));
        }
      if (!aiperf_json_scan_skip (&r->scan))
        return FALSE;
      number.d = NAN;
      g_array_append_val (row, number.d);
    }
  return r->scan.error == NULL;
}

/* "expert_loads": FALSE on a syntax error or when it is not a list. */
static gboolean
read_loads (Reader         *r,
            AiperfGateLog  *log,
            guint          *n_listed,
            GError        **error)
{
  g_autoptr(GArray) row = g_array_new (FALSE, FALSE, sizeof (double));
  AiperfJsonType type = aiperf_json_scan_peek (&r->scan);
  guint count = 0;

  if (type != AIPERF_JSON_ARRAY)
    {
      g_autofree char *message = g_strdup_printf (_("“expert_loads” is %s, not a list of steps"), value_name (type));

      if (type == AIPERF_JSON_ERROR)
        aiperf_json_scan_skip (&r->scan);
      if (r->scan.error != NULL)
        set_scan_error (error, r);
      else
        set_error (error, r, r->scan.p, AIPERF_ERROR_INVALID_DATA, message);
      return FALSE;
    }
  aiperf_json_scan_begin_array (&r->scan);
  while (aiperf_json_scan_next_element (&r->scan, &count))
    {
      guint step = count - 1;
      const char *at, *bad_at = NULL;
      g_autofree char *why = NULL;

      type = aiperf_json_scan_peek (&r->scan);
      at = r->scan.p;
      if (type != AIPERF_JSON_ARRAY)
        {
          if (type != AIPERF_JSON_ERROR)
            problem (r, at, _("step %u is %s, not a list of token counts per expert; step skipped"),
                     step, value_name (type));
          if (!aiperf_json_scan_skip (&r->scan))
            break;
          continue;
        }
      if (!read_row (r, row, &bad_at, &why))
        break;
      if (bad_at != NULL)
        {
          problem (r, bad_at, _("step %u: %s; step skipped"), step, why);
          continue;
        }
      if (row->len == 0)
        {
          problem (r, at, _("step %u has no expert counts; step skipped"), step);
          continue;
        }
      if (log->n_experts == 0)
        log->n_experts = row->len;
      if (row->len != log->n_experts)
        {
          problem (r, at, _("step %u has %u experts where %s %u (ragged “expert_loads”); step skipped"),
                   step, row->len, log->n_steps > 0 ? _("the steps before it have") : _("the set has"),
                   log->n_experts);
          continue;
        }
      g_array_append_vals (log->loads, row->data, row->len);
      g_array_append_val (log->file_steps, step);
      log->n_steps++;
    }
  *n_listed = count;
  if (r->scan.error != NULL)
    {
      set_scan_error (error, r);
      return FALSE;
    }
  return TRUE;
}

/* "num_tokens" into @tokens (NaN for entries that are not numbers). */
static gboolean
read_num_tokens (Reader  *r,
                 GArray  *tokens,
                 GError **error)
{
  AiperfJsonType type = aiperf_json_scan_peek (&r->scan);
  guint count = 0;

  if (type != AIPERF_JSON_ARRAY)
    {
      if (type != AIPERF_JSON_ERROR)
        problem (r, r->scan.p, _("“num_tokens” is %s, not a list; ignored"), value_name (type));
      if (!aiperf_json_scan_skip (&r->scan))
        {
          set_scan_error (error, r);
          return FALSE;
        }
      return TRUE;
    }
  aiperf_json_scan_begin_array (&r->scan);
  while (aiperf_json_scan_next_element (&r->scan, &count))
    {
      AiperfJsonNumber number = { NAN, 0, FALSE };

      type = aiperf_json_scan_peek (&r->scan);
      if (type == AIPERF_JSON_NUMBER)
        {
          if (!aiperf_json_scan_number (&r->scan, &number))
            break;
        }
      else
        {
          if (type != AIPERF_JSON_ERROR)
            problem (r, r->scan.p, _("num_tokens of step %u is %s; the step's expert counts are used"),
                     count - 1, value_name (type));
          if (!aiperf_json_scan_skip (&r->scan))
            break;
        }
      g_array_append_val (tokens, number.d);
    }
  if (r->scan.error != NULL)
    {
      set_scan_error (error, r);
      return FALSE;
    }
  return TRUE;
}

AiperfGateLog *
aiperf_gate_log_parse (const char  *path,
                       const char  *text,
                       gsize        length,
                       guint        expected_experts,
                       GPtrArray   *problems,
                       GError     **error)
{
  g_autoptr(AiperfGateLog) log = aiperf_gate_log_new ();
  g_autoptr(GArray) tokens = g_array_new (FALSE, FALSE, sizeof (double));
  Reader r = { path, { 0 }, problems };
  const char *loads_at = NULL, *tokens_at = NULL;
  gboolean has_tokens = FALSE;
  guint n_listed = 0, count = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  aiperf_json_scan_init (&r.scan, text != NULL ? text : "", length);
  /* A UTF-8 byte-order mark is not content. */
  if (length >= 3 && (guchar) text[0] == 0xEF && (guchar) text[1] == 0xBB && (guchar) text[2] == 0xBF)
    r.scan.p += 3;
  if (aiperf_json_scan_at_end (&r.scan))
    {
      set_error (error, &r, r.scan.end, AIPERF_ERROR_INVALID_DATA, _("empty gate log (the file holds no JSON)"));
      return NULL;
    }
  if (aiperf_json_scan_peek (&r.scan) != AIPERF_JSON_OBJECT)
    {
      set_error (error, &r, r.scan.p, AIPERF_ERROR_INVALID_DATA,
                 _("not a gate log: expected a JSON object with “expert_loads”"));
      return NULL;
    }
  log->n_experts = expected_experts;
  aiperf_json_scan_begin_object (&r.scan);
  for (;;)
    {
      const char *key;
      gsize key_length;

      if (!aiperf_json_scan_next_key (&r.scan, &count, &key, &key_length))
        break;
      if (aiperf_json_key_is (key, key_length, "expert_loads") && loads_at == NULL)
        {
          aiperf_json_scan_peek (&r.scan);
          loads_at = r.scan.p;
          if (!read_loads (&r, log, &n_listed, error))
            return NULL;
        }
      else if (aiperf_json_key_is (key, key_length, "num_tokens") && !has_tokens)
        {
          has_tokens = TRUE;
          aiperf_json_scan_peek (&r.scan);
          tokens_at = r.scan.p;
          if (!read_num_tokens (&r, tokens, error))
            return NULL;
        }
      else if (!aiperf_json_scan_skip (&r.scan))
        break;
    }
  if (r.scan.error != NULL)
    {
      set_scan_error (error, &r);
      return NULL;
    }
  if (!aiperf_json_scan_at_end (&r.scan))
    problem (&r, r.scan.p, _("text after the end of the JSON object is ignored"));
  if (loads_at == NULL)
    {
      set_error (error, &r, r.scan.start, AIPERF_ERROR_INVALID_DATA,
                 _("not a gate log: the object has no “expert_loads”"));
      return NULL;
    }
  if (n_listed == 0)
    {
      set_error (error, &r, loads_at, AIPERF_ERROR_INVALID_DATA,
                 _("empty gate log: “expert_loads” lists no step"));
      return NULL;
    }
  if (log->n_steps == 0)
    {
      set_error (error, &r, loads_at, AIPERF_ERROR_INVALID_DATA,
                 _("no usable step in “expert_loads” (every step was skipped)"));
      return NULL;
    }
  if (has_tokens && tokens->len != n_listed)
    problem (&r, tokens_at, _("“num_tokens” has %u entries for %u steps; steps without one use their expert counts"),
             tokens->len, n_listed);
  for (guint i = 0; i < log->n_steps; i++)
    {
      guint step = g_array_index (log->file_steps, guint, i);
      double t = step < tokens->len ? g_array_index (tokens, double, step) : NAN;

      g_array_append_val (log->num_tokens, t);
    }
  return g_steal_pointer (&log);
}
