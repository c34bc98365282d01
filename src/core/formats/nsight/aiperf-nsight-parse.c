/* aiperf-nsight-parse.c — an Nsight Systems CUDA GPU kernel summary (CSV)
 * as a `kernels` table, whichever flavour wrote it.
 *
 * `nsys stats -r cuda_gpu_kern_sum -f csv` writes "Total Time (ns)" and
 * plain numbers (the unit in the header, changed by --timeunit; the old
 * gpukernsum report says "Average", "Minimum", "Maximum"), possibly after
 * "Generating SQLite file…" lines. The nsys-ui export writes "Total Time"
 * and values with their units: "1.204 s", "812.640 μs" (U+03BC or the
 * micro sign U+00B5), "703 ns", "4.12%". Files also come as UTF-16 and with
 * tab or semicolon separators. Everything becomes ns.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-nsight-private.h"

/* The columns read, by what their header says (lower case, unit removed). */
typedef enum {
  COL_NAME, COL_TOTAL, COL_CALLS, COL_AVG, COL_MED, COL_MIN, COL_MAX, COL_STD, N_COLS
} Column;

static const struct {
  Column      column;
  const char *header;
} header_names[] = {
  { COL_NAME, "name" },
  { COL_TOTAL, "total time" },
  { COL_CALLS, "instances" },
  { COL_CALLS, "count" },
  { COL_CALLS, "calls" },
  { COL_AVG, "avg" },
  { COL_AVG, "average" },
  { COL_MED, "med" },
  { COL_MED, "median" },
  { COL_MIN, "min" },
  { COL_MIN, "minimum" },
  { COL_MAX, "max" },
  { COL_MAX, "maximum" },
  { COL_STD, "stddev" },
  { COL_STD, "std dev" },
  { COL_STD, "std" },
};

static const char * const column_names[N_COLS] = {
  AIPERF_KERNELS_NAME, AIPERF_KERNELS_TOTAL_NS, AIPERF_KERNELS_CALLS, AIPERF_KERNELS_AVG_NS,
  AIPERF_KERNELS_MED_NS, AIPERF_KERNELS_MIN_NS, AIPERF_KERNELS_MAX_NS, AIPERF_KERNELS_STD_NS,
};

/* ns per unit; 0 when @unit is not a time unit. */
static double
unit_scale (const char *unit)
{
  static const struct { const char *unit; double ns; } units[] = {
    { "ns", 1.0 }, { "us", 1e3 }, { "\xce\xbcs", 1e3 } /* μs */, { "\xc2\xb5s", 1e3 } /* µs */,
    { "usec", 1e3 }, { "ms", 1e6 }, { "msec", 1e6 }, { "s", 1e9 }, { "sec", 1e9 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_ascii_strcasecmp (unit, units[i].unit) == 0)
      return units[i].ns;
  return 0;
}

/* "Total Time (ns)" → "total time" and the unit's scale (*@scale stays
 * when the header has no unit). */
static char *
header_key_unit (const char  *header,
                 double      *scale,
                 char       **out_unit)
{
  g_autofree char *text = g_strstrip (g_strdup (header));
  char *open = strrchr (text, '(');

  if (open != NULL && g_str_has_suffix (text, ")"))
    {
      g_autofree char *unit = g_strndup (open + 1, strlen (open + 1) - 1);
      double s = unit_scale (g_strstrip (unit));

      if (s > 0)
        *scale = s;
      /* "(%)" is the share's; anything else must be a time unit */
      else if (out_unit != NULL && !g_str_equal (unit, "%"))
        *out_unit = g_steal_pointer (&unit);
      *open = '\0';
    }
  return g_ascii_strdown (g_strstrip (text), -1);
}

static char *
header_key (const char *header,
            double     *scale)
{
  return header_key_unit (header, scale, NULL);
}

static int
column_of (const char *key)
{
  /* "Time(%)" (old) and "Time (%)" and "Time" are the share: not read. */
  for (guint i = 0; i < G_N_ELEMENTS (header_names); i++)
    if (g_str_equal (key, header_names[i].header))
      return header_names[i].column;
  return -1;
}

typedef struct {
  int    field[N_COLS];   /* field index of each column, -1 when absent */
  double scale[N_COLS];   /* ns per unit of the header (1 without a unit) */
  guint  n_fields;
  int    bad_unit_field;  /* a read time column whose unit is unknown, or -1 */
  char  *bad_unit;
} Header;

static gboolean
read_header (const AiperfCsvRow *row,
             Header             *header)
{
  for (guint c = 0; c < N_COLS; c++)
    {
      header->field[c] = -1;
      header->scale[c] = 1.0;
    }
  header->n_fields = row->n_fields;
  header->bad_unit_field = -1;
  g_clear_pointer (&header->bad_unit, g_free);
  for (guint f = 0; f < row->n_fields; f++)
    {
      double scale = 1.0;
      g_autofree char *unit = NULL;
      g_autofree char *key = header_key_unit (row->fields[f], &scale, &unit);
      int c = column_of (key);

      if (c >= 0 && header->field[c] < 0)
        {
          header->field[c] = (int) f;
          header->scale[c] = scale;
          /* "Total Time (min)": reading it as ns would be silently wrong */
          if (unit != NULL && c != COL_NAME && c != COL_CALLS && header->bad_unit_field < 0)
            {
              header->bad_unit_field = (int) f;
              header->bad_unit = g_steal_pointer (&unit);
            }
        }
    }
  return header->field[COL_NAME] >= 0 && header->field[COL_TOTAL] >= 0;
}

/* A duration: a number with an optional unit ("812.640 μs"), else in the
 * header's unit. FALSE when it is neither. */
static gboolean
parse_duration (const char *text,
                double      header_scale,
                gboolean    decimal_comma,
                double     *out)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end;
  double value;
  char *comma = strchr (copy, ',');

  /* A file separated by semicolons or tabs comes from a locale that may
   * write "1,500 ms" for 1.5 ms: one comma and no point is a decimal
   * comma there. Otherwise commas group thousands ("1,204,000"). */
  if (decimal_comma && comma != NULL && strchr (comma + 1, ',') == NULL && strchr (copy, '.') == NULL)
    *comma = '.';
  for (char *r = copy, *w = copy; ; r++)
    {
      if (*r != ',')
        *w++ = *r;
      if (*r == '\0')
        break;
    }
  if (*copy == '\0')
    return FALSE;
  value = g_ascii_strtod (copy, &end);
  if (end == copy || !isfinite (value))
    return FALSE;
  for (;;)
    {
      if (*end == ' ' || *end == '\t')
        end++;
      else if ((guchar) end[0] == 0xC2 && (guchar) end[1] == 0xA0)  /* no-break space */
        end += 2;
      else
        break;
    }
  if (*end == '\0')
    *out = value * header_scale;
  else if (unit_scale (end) > 0)
    *out = value * unit_scale (end);
  else
    return FALSE;
  return TRUE;
}

static gboolean
parse_count (const char *text,
             double     *out)
{
  /* a count has no unit and no fraction */
  return parse_duration (text, 1.0, FALSE, out) && *out >= 0 && *out == floor (*out) &&
         strpbrk (text, "numsμµ") == NULL;
}

/* The text as UTF-8: UTF-16 (with a byte-order mark, or without one when
 * every other byte is NUL) converted, a UTF-8 mark dropped. */
static char *
to_utf8 (const char  *bytes,
         gsize        length,
         gsize       *out_length,
         const char  *path,
         GError     **error)
{
  const char *charset = NULL;
  g_autoptr(GError) local = NULL;
  char *text;

  if (length >= 2 && (guchar) bytes[0] == 0xFF && (guchar) bytes[1] == 0xFE)
    charset = "UTF-16LE", bytes += 2, length -= 2;
  else if (length >= 2 && (guchar) bytes[0] == 0xFE && (guchar) bytes[1] == 0xFF)
    charset = "UTF-16BE", bytes += 2, length -= 2;
  else if (length >= 4 && bytes[0] != '\0' && bytes[1] == '\0' && bytes[3] == '\0')
    charset = "UTF-16LE";
  else if (length >= 4 && bytes[0] == '\0' && bytes[2] == '\0' && bytes[1] != '\0')
    charset = "UTF-16BE";
  if (charset == NULL)
    {
      if (length >= 3 && (guchar) bytes[0] == 0xEF && (guchar) bytes[1] == 0xBB && (guchar) bytes[2] == 0xBF)
        bytes += 3, length -= 3;
      *out_length = length;
      return g_strndup (bytes, length);
    }
  text = g_convert (bytes, length & ~(gsize) 1, "UTF-8", charset, NULL, out_length, &local);
  if (text == NULL)
    g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE, _("%s: not valid %s text: %s"),
                 path, charset, local->message);
  return text;
}

/* Whether @line, split at @separator, is a kernel summary's header: its
 * fields (quotes and units aside) hold Name and Total Time. */
static gboolean
is_header_line (const char *line,
                char        separator)
{
  g_auto(GStrv) fields = NULL;
  char sep[2] = { separator, '\0' };
  gboolean name = FALSE, total = FALSE;

  if (strchr (line, separator) == NULL)
    return FALSE;
  fields = g_strsplit (line, sep, -1);
  for (guint i = 0; fields[i] != NULL; i++)
    {
      double scale = 1.0;
      g_autofree char *key = NULL;

      g_strdelimit (fields[i], "\"", ' ');
      key = header_key (fields[i], &scale);
      name |= g_str_equal (key, "name");
      total |= g_str_equal (key, "total time");
    }
  return name && total;
}

/* Whether the header @line (lower case) has a field @key, quotes and
 * blanks aside. */
static gboolean
has_field (const char *line,
           char        separator,
           const char *key)
{
  char sep[2] = { separator, '\0' };
  g_auto(GStrv) fields = g_strsplit (line, sep, -1);

  for (guint i = 0; fields[i] != NULL; i++)
    {
      g_strdelimit (fields[i], "\"\r", ' ');
      if (g_str_equal (g_strstrip (fields[i]), key))
        return TRUE;
    }
  return FALSE;
}

guint
aiperf_nsight_sniff_head (const char *head,
                          gsize       length)
{
  static const char separators[] = { ',', '\t', ';' };
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  gsize text_length;

  text = to_utf8 (head, length, &text_length, "", NULL);
  if (text == NULL)
    return 0;
  lines = g_strsplit (text, "\n", 64);
  /* The last piece may be cut off by the head's end. */
  for (guint i = 0; lines[i] != NULL && lines[i + 1] != NULL; i++)
    for (guint s = 0; s < G_N_ELEMENTS (separators); s++)
      if (is_header_line (lines[i], separators[s]))
        {
          g_autofree char *lower = g_ascii_strdown (lines[i], -1);

          /* cuda_gpu_trace and the memory/API/NVTX summaries have other
           * columns (cuda_api_sum: "Num Calls"; nvtx_sum: "Style", "Range"). */
          if (strstr (lower, "start") != NULL || strstr (lower, "operation") != NULL ||
              strstr (lower, "num calls") != NULL || has_field (lower, separators[s], "style") ||
              has_field (lower, separators[s], "range"))
            return 0;
          return strstr (lower, "instances") != NULL ? 100 : 60;
        }
  return 0;
}

static gboolean is_header_line (const char *line,
                                char        separator);

/* The separator the header row uses: the one that splits it into a Name
 * and a Total Time column. */
static char
find_separator (const char *text,
                gsize       length)
{
  static const char separators[] = { ',', '\t', ';' };
  const char *p = text, *end = text + length;

  for (guint lines = 0; p < end && lines < 64; lines++)
    {
      const char *eol = memchr (p, '\n', end - p);
      g_autofree char *line = g_ascii_strdown (p, (eol != NULL ? eol : end) - p);

      for (guint s = 0; s < G_N_ELEMENTS (separators); s++)
        if (is_header_line (line, separators[s]))
          return separators[s];
      if (eol == NULL)
        break;
      p = eol + 1;
    }
  return ',';
}

/* The name field, rejoined when an unquoted name held the separator: the
 * name is the last column, so extra fields belong to it. */
static char *
row_name (const AiperfCsvRow *row,
          const Header       *header,
          char                separator)
{
  guint first = (guint) header->field[COL_NAME];
  GString *name;

  if (row->n_fields <= header->n_fields || first + 1 != header->n_fields)
    return g_strdup (row->fields[first]);
  name = g_string_new (row->fields[first]);
  for (guint f = first + 1; f < row->n_fields; f++)
    {
      g_string_append_c (name, separator);
      g_string_append (name, row->fields[f]);
    }
  return g_string_free (name, FALSE);
}

static void
note_bad_cell (GPtrArray  *warnings,
               guint      *n_bad,
               const char *path,
               guint       line,
               guint       field,
               const char *text,
               const char *what)
{
  /* The first few say where; the rest are counted. */
  if ((*n_bad)++ < 5)
    g_ptr_array_add (warnings, g_strdup_printf (_("%s:%u: column %u: “%s” is not %s"),
                                                path, line, field + 1, text, what));
}

AiperfTable *
aiperf_nsight_parse (const char  *bytes,
                     gsize        length,
                     const char  *path,
                     GPtrArray   *warnings,
                     GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(AiperfTable) table = NULL;
  guint columns[N_COLS];
  gsize text_length = 0;
  Header header = { .bad_unit = NULL };
  char separator;
  guint r, n_bad = 0;

  g_return_val_if_fail (bytes != NULL || length == 0, NULL);
  g_return_val_if_fail (path != NULL, NULL);

  text = to_utf8 (bytes, length, &text_length, path, error);
  if (text == NULL)
    return NULL;
  separator = find_separator (text, text_length);
  rows = aiperf_csv_parse_separated (text, text_length, separator, path, error);
  if (rows == NULL)
    return NULL;
  /* Lines before the header ("Processing [report.sqlite] with …") are not data. */
  for (r = 0; r < rows->len; r++)
    if (read_header (g_ptr_array_index (rows, r), &header))
      break;
  if (r == rows->len)
    {
      g_free (header.bad_unit);
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: no header with “Name” and “Total Time” columns (an Nsight Systems "
                     "CUDA GPU kernel summary was expected)"), path);
      return NULL;
    }

  if (header.bad_unit_field >= 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s:%u: column %d: unknown time unit “%s” (expected ns, us, μs, ms or s)"),
                   path, ((AiperfCsvRow *) g_ptr_array_index (rows, r))->line, header.bad_unit_field + 1,
                   header.bad_unit);
      g_free (header.bad_unit);
      return NULL;
    }
  if (header.field[COL_CALLS] < 0)
    g_ptr_array_add (warnings, g_strdup_printf (_("%s:%u: no “Instances” column: the number of calls is unknown"),
                                                path, ((AiperfCsvRow *) g_ptr_array_index (rows, r))->line));

  table = aiperf_table_new ();
  columns[COL_NAME] = aiperf_table_ensure_string_column (table, AIPERF_KERNELS_NAME);
  for (guint c = COL_TOTAL; c < N_COLS; c++)
    columns[c] = aiperf_table_ensure_column (table, column_names[c], c == COL_CALLS ? "" : "ns");
  aiperf_table_reserve (table, rows->len - r - 1);
  for (r++; r < rows->len; r++)
    {
      const AiperfCsvRow *row = g_ptr_array_index (rows, r);
      g_autofree char *name = NULL;
      double values[N_COLS];
      guint out;

      if (row->n_fields == 0)
        continue;
      if (row->n_fields < header.n_fields)
        {
          if ((n_bad++) < 5)
            g_ptr_array_add (warnings, g_strdup_printf (_("%s:%u: %u fields where the header has %u"),
                                                        path, row->line, row->n_fields, header.n_fields));
          continue;
        }
      name = row_name (row, &header, separator);
      for (guint c = COL_TOTAL; c < N_COLS; c++)
        {
          int f = header.field[c];
          gboolean ok;

          values[c] = NAN;
          if (f < 0 || *row->fields[f] == '\0')
            continue;
          ok = c == COL_CALLS ? parse_count (row->fields[f], &values[c])
                              : parse_duration (row->fields[f], header.scale[c], separator != ',', &values[c]);
          if (!ok)
            {
              values[c] = NAN;
              note_bad_cell (warnings, &n_bad, path, row->line, (guint) f, row->fields[f],
                             c == COL_CALLS ? _("a count") : _("a duration"));
            }
        }
      /* Without its total a kernel adds nothing to any chart. */
      if (isnan (values[COL_TOTAL]))
        continue;
      out = aiperf_table_append_row (table);
      aiperf_table_set_string (table, columns[COL_NAME], out, name);
      for (guint c = COL_TOTAL; c < N_COLS; c++)
        aiperf_table_set (table, columns[c], out, values[c]);
    }
  if (n_bad > 5)
    g_ptr_array_add (warnings, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "%s: %u more bad cell or row",
                                                             "%s: %u more bad cells or rows", n_bad - 5),
                                                path, n_bad - 5));
  if (aiperf_table_get_n_rows (table) == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s: the kernel summary has no row with a total time"), path);
      return NULL;
    }
  aiperf_table_trim (table);
  return g_steal_pointer (&table);
}
