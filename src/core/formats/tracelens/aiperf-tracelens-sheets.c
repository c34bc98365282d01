/* aiperf-tracelens-sheets.c — TraceLens perf-report sheets as tables.
 *
 * kernel_summary.csv: "Parent op category, Parent cpu_op, Kernel name,
 * Kernel stream, Kernel duration (µs)_sum, _count, _mean, _min, _max, …"
 * (one row per kernel name under one CPU op on one stream; the unit is in
 * the header). gpu_timeline.csv: "type, time ms, percent".
 * ops_summary_by_category.csv: "op category, Count,
 * total_direct_kernel_time_ms, Percentage (%), …". ops_summary.csv: "name,
 * total_direct_kernel_time_sum, …, total_direct_kernel_time_ms, …, Count,
 * Categories, Percentage (%), …". Headers are matched
 * whatever their case; columns TraceLens adds later are ignored.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-kernel-classes.h"
#include "aiperf-tracelens-private.h"

/* Where one table column comes from. */
typedef struct {
  const char *column;    /* the table's column */
  gboolean    is_text;
  gboolean    required;  /* a row without it is skipped */
  gboolean    is_count;  /* a whole number ≥ 0 */
  double      scale;     /* to the column's unit */
  int         field;     /* index in the file's rows, -1 when absent */
} Field;

#define MAX_FIELDS 12

typedef struct {
  Field fields[MAX_FIELDS];
  guint n_fields;
} Layout;

static const char *
skip_bom (const char *text)
{
  if ((guchar) text[0] == 0xEF && (guchar) text[1] == 0xBB && (guchar) text[2] == 0xBF)
    return text + 3;
  return text;
}

/* ns per @unit ("µs", "us", "ms", "ns", "s"), 0 when it is not one. */
static double
unit_ns (const char *unit)
{
  if (g_str_equal (unit, "\xc2\xb5s") || g_str_equal (unit, "\xce\xbcs") || g_str_equal (unit, "us"))
    return 1e3;
  if (g_str_equal (unit, "ms"))
    return 1e6;
  if (g_str_equal (unit, "ns"))
    return 1.0;
  if (g_str_equal (unit, "s"))
    return 1e9;
  return 0;
}

/* "kernel duration (µs)_sum" → the kernels column and its scale. */
static const char *
duration_column (const char *key,
                 double     *scale,
                 gboolean   *is_count)
{
  static const struct { const char *stat; const char *column; } stats[] = {
    { "sum", AIPERF_KERNELS_TOTAL_NS }, { "count", AIPERF_KERNELS_CALLS },
    { "mean", AIPERF_KERNELS_AVG_NS }, { "median", AIPERF_KERNELS_MED_NS },
    { "min", AIPERF_KERNELS_MIN_NS }, { "max", AIPERF_KERNELS_MAX_NS },
    { "std", AIPERF_KERNELS_STD_NS },
  };
  const char *open = "kernel duration (";
  const char *close;
  g_autofree char *unit = NULL;

  if (!g_str_has_prefix (key, open) || (close = strstr (key, ")_")) == NULL)
    return NULL;
  unit = g_strndup (key + strlen (open), close - key - strlen (open));
  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    if (g_str_equal (close + 2, stats[i].stat))
      {
        *is_count = g_str_equal (stats[i].stat, "count");
        *scale = *is_count ? 1.0 : unit_ns (unit);
        return *scale > 0 ? stats[i].column : NULL;
      }
  return NULL;
}

static void
layout_add (Layout     *layout,
            const char *column,
            gboolean    is_text,
            gboolean    required,
            gboolean    is_count,
            double      scale,
            int         field)
{
  /* a header repeating its columns gets the first ones */
  if (layout->n_fields == MAX_FIELDS)
    return;
  layout->fields[layout->n_fields++] = (Field) { column, is_text, required, is_count, scale, field };
}

/* The index of the header field @key (lower case), or -1. */
static int
find_field (char * const *keys,
            guint         n,
            const char   *key)
{
  for (guint i = 0; i < n; i++)
    if (g_str_equal (keys[i], key))
      return (int) i;
  return -1;
}

/* The layout of @sheet for a header whose lower-case fields are @keys;
 * FALSE, with what is missing in @missing, when a required one is absent. */
static gboolean
layout_for (AiperfTracelensSheet  sheet,
            char * const         *keys,
            guint                 n,
            Layout               *layout,
            const char          **missing)
{
  layout->n_fields = 0;
  *missing = NULL;
  switch (sheet)
    {
    case AIPERF_TRACELENS_SHEET_KERNELS:
      layout_add (layout, AIPERF_KERNELS_NAME, TRUE, TRUE, FALSE, 1, find_field (keys, n, "kernel name"));
      layout_add (layout, AIPERF_TRACELENS_OP_CATEGORY, TRUE, FALSE, FALSE, 1,
                  find_field (keys, n, "parent op category"));
      layout_add (layout, AIPERF_TRACELENS_CPU_OP, TRUE, FALSE, FALSE, 1, find_field (keys, n, "parent cpu_op"));
      layout_add (layout, AIPERF_TRACELENS_STREAM, TRUE, FALSE, FALSE, 1, find_field (keys, n, "kernel stream"));
      for (guint i = 0; i < n; i++)
        {
          double scale = 1;
          gboolean is_count = FALSE;
          const char *column = duration_column (keys[i], &scale, &is_count);

          if (column != NULL)
            layout_add (layout, column, FALSE, g_str_equal (column, AIPERF_KERNELS_TOTAL_NS), is_count, scale,
                        (int) i);
        }
      *missing = "Kernel duration (µs)_sum";
      for (guint f = 4; f < layout->n_fields; f++)
        if (g_str_equal (layout->fields[f].column, AIPERF_KERNELS_TOTAL_NS))
          *missing = NULL;
      if (layout->fields[0].field < 0)
        *missing = "Kernel name";
      break;
    case AIPERF_TRACELENS_SHEET_TIMELINE:
      layout_add (layout, AIPERF_TRACELENS_TIMELINE_TYPE, TRUE, TRUE, FALSE, 1, find_field (keys, n, "type"));
      layout_add (layout, AIPERF_TRACELENS_TIMELINE_MS, FALSE, TRUE, FALSE, 1, find_field (keys, n, "time ms"));
      layout_add (layout, AIPERF_TRACELENS_TIMELINE_PERCENT, FALSE, FALSE, FALSE, 1, find_field (keys, n, "percent"));
      *missing = layout->fields[0].field < 0 ? "type" : layout->fields[1].field < 0 ? "time ms" : NULL;
      break;
    case AIPERF_TRACELENS_SHEET_CATEGORIES:
      layout_add (layout, AIPERF_TRACELENS_CATEGORY_NAME, TRUE, TRUE, FALSE, 1, find_field (keys, n, "op category"));
      layout_add (layout, AIPERF_TRACELENS_CATEGORY_COUNT, FALSE, FALSE, TRUE, 1, find_field (keys, n, "count"));
      layout_add (layout, AIPERF_TRACELENS_CATEGORY_MS, FALSE, TRUE, FALSE, 1,
                  find_field (keys, n, "total_direct_kernel_time_ms"));
      layout_add (layout, AIPERF_TRACELENS_CATEGORY_PERCENT, FALSE, FALSE, FALSE, 1,
                  find_field (keys, n, "percentage (%)"));
      *missing = layout->fields[0].field < 0 ? "op category"
                 : layout->fields[2].field < 0 ? "total_direct_kernel_time_ms" : NULL;
      break;
    case AIPERF_TRACELENS_SHEET_OPS:
      layout_add (layout, AIPERF_TRACELENS_OP_NAME, TRUE, TRUE, FALSE, 1, find_field (keys, n, "name"));
      layout_add (layout, AIPERF_TRACELENS_OP_CATEGORIES, TRUE, FALSE, FALSE, 1, find_field (keys, n, "categories"));
      layout_add (layout, AIPERF_TRACELENS_OP_COUNT, FALSE, FALSE, TRUE, 1, find_field (keys, n, "count"));
      layout_add (layout, AIPERF_TRACELENS_OP_MS, FALSE, TRUE, FALSE, 1,
                  find_field (keys, n, "total_direct_kernel_time_ms"));
      layout_add (layout, AIPERF_TRACELENS_OP_PERCENT, FALSE, FALSE, FALSE, 1, find_field (keys, n, "percentage (%)"));
      /* "Categories" (a list per op) tells it from any table of names and times */
      *missing = layout->fields[0].field < 0 ? "name"
                 : layout->fields[1].field < 0 ? "Categories"
                 : layout->fields[3].field < 0 ? "total_direct_kernel_time_ms" : NULL;
      break;
    case AIPERF_TRACELENS_SHEET_NONE:
    default:
      *missing = "?";
      break;
    }
  return *missing == NULL;
}

/* The header fields of @line (one CSV line) in lower case, stripped. */
static GStrv
header_keys (const char *line,
             gsize       length,
             guint      *out_n)
{
  g_autoptr(GPtrArray) rows = aiperf_csv_parse (line, length, "head", NULL);
  AiperfCsvRow *row;
  GStrv keys;

  *out_n = 0;
  if (rows == NULL || rows->len == 0)
    return NULL;
  row = g_ptr_array_index (rows, 0);
  keys = g_new0 (char *, row->n_fields + 1);
  for (guint i = 0; i < row->n_fields; i++)
    {
      g_autofree char *copy = g_strstrip (g_strdup (row->fields[i]));

      keys[i] = g_utf8_strdown (copy, -1);
    }
  *out_n = row->n_fields;
  return keys;
}

AiperfTracelensSheet
aiperf_tracelens_sheet_of_head (const char *head)
{
  static const AiperfTracelensSheet sheets[] = {
    AIPERF_TRACELENS_SHEET_KERNELS, AIPERF_TRACELENS_SHEET_TIMELINE, AIPERF_TRACELENS_SHEET_CATEGORIES,
    AIPERF_TRACELENS_SHEET_OPS,
  };
  const char *end;
  g_auto(GStrv) keys = NULL;
  guint n = 0;

  if (head == NULL)
    return AIPERF_TRACELENS_SHEET_NONE;
  head = skip_bom (head);
  end = strpbrk (head, "\r\n");
  if (end == NULL || !g_utf8_validate (head, end - head, NULL))
    return AIPERF_TRACELENS_SHEET_NONE;
  keys = header_keys (head, end - head, &n);
  for (guint s = 0; keys != NULL && s < G_N_ELEMENTS (sheets); s++)
    {
      Layout layout;
      const char *missing;

      if (layout_for (sheets[s], keys, n, &layout, &missing))
        {
          /* gpu_timeline's three plain words could be anyone's: all of them, and nothing else */
          if (sheets[s] == AIPERF_TRACELENS_SHEET_TIMELINE &&
              (n != 3 || layout.fields[2].field < 0))
            continue;
          return sheets[s];
        }
    }
  return AIPERF_TRACELENS_SHEET_NONE;
}

const char *
aiperf_tracelens_unread_kind (const char *head)
{
  g_autofree char *line = NULL;
  const char *end;

  if (head == NULL || aiperf_tracelens_sheet_of_head (head) != AIPERF_TRACELENS_SHEET_NONE)
    return NULL;
  head = skip_bom (head);
  end = strpbrk (head, "\r\n");
  line = end != NULL ? g_strndup (head, end - head) : g_strdup (head);
  /* GEMM.csv and its comparison sheets are the gemm format's */
  if (strstr (line, ",param: M,") != NULL)
    return NULL;
  if (strstr (line, "total_direct_kernel_time") != NULL)
    return _("per-shape op statistics");
  if (strstr (line, "Short Kernel") != NULL || g_str_equal (line, "bin_start,bin_end,count"))
    return _("short-kernel tables");
  if (strstr (line, "GFLOPS_first") != NULL || strstr (line, ",GFLOPS,") != NULL)
    return _("perf-model sheets: FLOPs, bytes and TFLOP/s per op shape");
  return NULL;
}

/* A number cell: empty is NaN (TRUE); FALSE when it is not a number. */
static gboolean
parse_number (const char *text,
              gboolean    is_count,
              double     *out)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end;
  double value;

  *out = NAN;
  if (*copy == '\0')
    return TRUE;
  value = g_ascii_strtod (copy, &end);
  if (end == copy || *end != '\0' || !isfinite (value))
    return FALSE;
  if (is_count && (value < 0 || value != floor (value)))
    return FALSE;
  *out = value;
  return TRUE;
}

typedef struct {
  const char *path;
  GPtrArray  *warnings;
  guint       n_notes;
} Notes;

static void
note (Notes      *notes,
      guint       line,
      int         field,
      const char *what,
      const char *text)
{
  /* The first few say where; the rest are counted at the end. */
  if (notes->n_notes++ < 5)
    g_ptr_array_add (notes->warnings,
                     field >= 0 ? g_strdup_printf (_("%s:%u: column %d: “%s” %s; the row is skipped"),
                                                   notes->path, line, field + 1, text, what)
                                : g_strdup_printf (_("%s:%u: %s; the row is skipped"), notes->path, line, what));
}

/* One data row into @table; FALSE (noted) when it cannot be read. */
static gboolean
read_row (const Layout       *layout,
          const AiperfCsvRow *row,
          const guint        *columns,
          AiperfTable        *table,
          Notes              *notes)
{
  double values[MAX_FIELDS];
  guint r;

  for (guint f = 0; f < layout->n_fields; f++)
    {
      const Field *field = &layout->fields[f];
      const char *cell = field->field >= 0 && (guint) field->field < row->n_fields
                           ? row->fields[field->field] : NULL;

      values[f] = NAN;
      if (field->field >= 0 && cell == NULL && field->required)
        {
          note (notes, row->line, -1, _("the row is shorter than the header"), NULL);
          return FALSE;
        }
      if (field->is_text)
        {
          if (field->required && (cell == NULL || *cell == '\0'))
            {
              note (notes, row->line, field->field, _("is empty"), "");
              return FALSE;
            }
          continue;
        }
      if (cell != NULL && !parse_number (cell, field->is_count, &values[f]))
        {
          note (notes, row->line, field->field,
                field->is_count ? _("is not a count") : _("is not a number"), cell);
          if (field->required)
            return FALSE;
        }
      if (field->required && isnan (values[f]))
        {
          note (notes, row->line, field->field, _("is empty"), cell != NULL ? cell : "");
          return FALSE;
        }
    }
  r = aiperf_table_append_row (table);
  for (guint f = 0; f < layout->n_fields; f++)
    {
      const Field *field = &layout->fields[f];

      if (field->field < 0)
        continue;
      if (field->is_text)
        {
          const char *cell = (guint) field->field < row->n_fields ? row->fields[field->field] : "";

          aiperf_table_set_string (table, columns[f], r, cell);
        }
      else
        aiperf_table_set (table, columns[f], r, values[f] * field->scale);
    }
  return TRUE;
}

AiperfTable *
aiperf_tracelens_read_sheet (AiperfTracelensSheet  sheet,
                             const char           *text,
                             gsize                 length,
                             const char           *path,
                             GPtrArray            *warnings,
                             GError              **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(AiperfTable) table = NULL;
  g_auto(GStrv) keys = NULL;
  const char *start;
  const char *missing = NULL;
  AiperfCsvRow *header;
  Notes notes = { path, warnings, 0 };
  guint columns[MAX_FIELDS];
  Layout layout;
  guint n = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (path != NULL && warnings != NULL, NULL);

  start = length >= 3 ? skip_bom (text) : text;
  length -= start - text;
  rows = aiperf_csv_parse (start, length, path, error);
  if (rows == NULL)
    return NULL;
  if (rows->len == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA, _("%s: the file is empty"), path);
      return NULL;
    }
  header = g_ptr_array_index (rows, 0);
  keys = g_new0 (char *, header->n_fields + 1);
  for (guint i = 0; i < header->n_fields; i++)
    {
      g_autofree char *copy = g_strstrip (g_strdup (header->fields[i]));

      keys[i] = g_utf8_strdown (copy, -1);
    }
  n = header->n_fields;
  if (!layout_for (sheet, keys, n, &layout, &missing))
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA,
                   _("%s:%u: missing column “%s” (a TraceLens sheet)"), path, header->line, missing);
      return NULL;
    }
  table = aiperf_table_new ();
  for (guint f = 0; f < layout.n_fields; f++)
    columns[f] = layout.fields[f].is_text ? aiperf_table_ensure_string_column (table, layout.fields[f].column)
                                          : aiperf_table_ensure_column (table, layout.fields[f].column,
                                                                        NULL);
  for (guint r = 1; r < rows->len; r++)
    {
      const AiperfCsvRow *row = g_ptr_array_index (rows, r);

      if (row->n_fields == 0 || (row->n_fields == 1 && *g_strstrip (row->fields[0]) == '\0'))
        continue;
      read_row (&layout, row, columns, table, &notes);
    }
  if (notes.n_notes > 5)
    g_ptr_array_add (warnings, g_strdup_printf (ngettext ("%s: %u more row skipped", "%s: %u more rows skipped",
                                                          notes.n_notes - 5),
                                                path, notes.n_notes - 5));
  if (aiperf_table_get_n_rows (table) == 0)
    {
      g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA, _("%s: no row could be read%s%s"), path,
                   warnings->len > 0 ? " — " : "",
                   warnings->len > 0 ? (const char *) g_ptr_array_index (warnings, warnings->len - 1) : "");
      return NULL;
    }
  aiperf_table_trim (table);
  return g_steal_pointer (&table);
}
