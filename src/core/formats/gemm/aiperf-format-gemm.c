/* aiperf-format-gemm.c — GEMM kernel benchmark tables, kind "gemm".
 *
 * Recognised by their header (or a JSON record's keys): M, N and K
 * columns with a time or a TFLOP/s. TraceLens's GEMM.csv (one row per op
 * shape: "param: M", "TFLOPS/s_mean", "Kernel Time (µs)_mean", …), long
 * tables (kernel, model, batch_size, dtype, M, N, K, time_us), triton
 * perf_report wide CSVs (M, N, K, then a column per provider) and JSON
 * records ([{…}, …] or {"gpu": …, "results": [{…}, …]}).
 *
 * Each file is one run "GEMM.csv" with a `gemm` dataset (aiperf-gemm.h);
 * rows that cannot be read are reported with file, line and column, and
 * the others are kept.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-gemm-read-private.h"
#include "aiperf-run-builder.h"

static const char *
skip_bom (const char *text)
{
  if ((guchar) text[0] == 0xEF && (guchar) text[1] == 0xBB && (guchar) text[2] == 0xBF)
    return text + 3;
  return text;
}

/* The roles of a list of headers: M, N, K and a measure, or a wide table. */
static guint
score_headers (const char * const *headers,
               guint               n,
               gboolean            csv)
{
  g_autofree GemmColumn *columns = g_new0 (GemmColumn, n);
  g_autoptr(GPtrArray) sides = gemm_comparison_sides (headers, n);
  int by_role[GEMM_N_ROLES];
  gboolean tracelens = FALSE, wide = TRUE;
  guint score = AIPERF_SNIFF_NO;
  guint x = 0;

  /* A comparison sheet is as good as its first side; its differences are
   * never a measure. */
  if (sides != NULL && sides->len == 0)
    return AIPERF_SNIFF_NO;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *header = gemm_header_for_side (headers[i], sides != NULL ? g_ptr_array_index (sides, 0) : NULL);

      gemm_column_classify (header, &columns[i]);
      tracelens = tracelens || g_ascii_strncasecmp (header, "param: M", 8) == 0;
    }
  gemm_columns_pick (columns, n, by_role);
  /* Two of M, N, K and a measure: a GEMM table missing a column, which the
   * load then names. */
  if ((by_role[GEMM_ROLE_M] >= 0) + (by_role[GEMM_ROLE_N] >= 0) + (by_role[GEMM_ROLE_K] >= 0) == 2 &&
      (by_role[GEMM_ROLE_TIME] >= 0 || by_role[GEMM_ROLE_TFLOPS] >= 0))
    score = AIPERF_SNIFF_MAYBE;
  /* triton perf_report with fewer x columns than M, N, K ("M,cuBLAS,Triton"):
   * the load says which are unknown, rather than nothing opening it */
  if (csv && score == AIPERF_SNIFF_NO && n >= 2 && columns[0].role == GEMM_ROLE_M &&
      (by_role[GEMM_ROLE_N] < 0 || by_role[GEMM_ROLE_K] < 0))
    {
      while (x < n && (columns[x].role >= GEMM_ROLE_M && columns[x].role <= GEMM_ROLE_BATCH_SIZE))
        x++;
      for (guint i = x; i < n; i++)
        wide = wide && columns[i].role == GEMM_ROLE_NONE && *headers[i] != '\0';
      if (x < n && wide)
        score = AIPERF_SNIFF_MAYBE;
      x = 0;
      wide = TRUE;
    }
  if (by_role[GEMM_ROLE_M] >= 0 && by_role[GEMM_ROLE_N] >= 0 && by_role[GEMM_ROLE_K] >= 0)
    {
      if (by_role[GEMM_ROLE_TIME] >= 0 || by_role[GEMM_ROLE_TFLOPS] >= 0)
        score = tracelens ? AIPERF_SNIFF_SURE : AIPERF_SNIFF_LIKELY;
      else if (csv)
        {
          /* triton: the x columns, then providers only */
          while (x < n && (columns[x].role >= GEMM_ROLE_M && columns[x].role <= GEMM_ROLE_BATCH_SIZE))
            x++;
          for (guint i = x; i < n; i++)
            wide = wide && columns[i].role == GEMM_ROLE_NONE;
          if (x >= 3 && x < n && wide)
            score = AIPERF_SNIFF_LIKELY;
        }
    }
  for (guint i = 0; i < n; i++)
    gemm_column_clear (&columns[i]);
  return score;
}

static guint
sniff_csv (const char *head)
{
  const char *end = strpbrk (head, "\r\n");
  gsize len = end != NULL ? (gsize) (end - head) : strlen (head);
  g_autoptr(GPtrArray) rows = NULL;
  AiperfCsvRow *header;

  if (len == 0 || memchr (head, ',', len) == NULL)
    return AIPERF_SNIFF_NO;
  rows = aiperf_csv_parse (head, len, "head", NULL);
  if (rows == NULL || rows->len == 0)
    return AIPERF_SNIFF_NO;
  header = g_ptr_array_index (rows, 0);
  return score_headers ((const char * const *) header->fields, header->n_fields, TRUE);
}

/* The member names in a JSON head ("key":), for the same test. */
static guint
sniff_json (const char *head)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  const char *p = head;

  while ((p = strchr (p, '"')) != NULL && keys->len < 256)
    {
      const char *close = strchr (p + 1, '"');
      const char *q;

      if (close == NULL)
        break;
      for (q = close + 1; g_ascii_isspace (*q); q++)
        ;
      if (*q == ':' && close - p - 1 < 64)
        g_ptr_array_add (keys, g_strndup (p + 1, close - p - 1));
      p = close + 1;
    }
  return score_headers ((const char * const *) keys->pdata, keys->len, FALSE);
}

static guint
gemm_sniff (const AiperfSniffInput *input)
{
  const char *head;
  char first;

  if (input->is_dir || input->head == NULL)
    return AIPERF_SNIFF_NO;
  head = skip_bom (input->head);
  first = aiperf_head_first_char (head);
  if (first == '{' || first == '[')
    return sniff_json (head);
  return sniff_csv (head);
}

/* triton names its CSVs after the plot ("matmul-performance-fp16.csv"):
 * with no dtype column, the name's dtype is the rows'. */
static AiperfGemmDtype
dtype_from_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_auto(GStrv) parts = g_strsplit_set (base, "-_. ", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    if (strlen (parts[i]) >= 3 && aiperf_gemm_dtype_parse (parts[i]) != AIPERF_GEMM_DTYPE_UNKNOWN)
      return aiperf_gemm_dtype_parse (parts[i]);
  return AIPERF_GEMM_DTYPE_UNKNOWN;
}

/* Legends say which file: TraceLens always writes GEMM.csv, so its folder
 * ("h100") tells two apart; other files by their own name. */
static char *
file_label (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *dir = g_path_get_dirname (path);
  char *dot;

  if (g_ascii_strcasecmp (base, "GEMM.csv") == 0)
    return g_path_get_basename (dir);
  dot = strrchr (base, '.');
  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_steal_pointer (&base);
}

/* The sides of a CSV comparison sheet (gemm_comparison_sides), from its
 * header line; NULL for any other file. */
static GPtrArray *
csv_sides (const char *text,
           gsize       length)
{
  const char *end = memchr (text, '\n', length);
  g_autoptr(GPtrArray) rows = aiperf_csv_parse (text, end != NULL ? (gsize) (end - text) : length, "head", NULL);
  AiperfCsvRow *header;

  if (rows == NULL || rows->len == 0)
    return NULL;
  header = g_ptr_array_index (rows, 0);
  return gemm_comparison_sides ((const char * const *) header->fields, header->n_fields);
}

/* Reads @text (all of @path) as one run, or as @side's run of a
 * comparison sheet. */
static void
load_run (const char       *path,
          const char       *text,
          gsize             length,
          const char       *side,
          AiperfLoadResult *result)
{
  g_autofree char *gpu = NULL, *label = NULL;
  g_autoptr(AiperfRun) run = NULL;
  GemmBuilder b;
  gboolean ok;
  guint n_rows;

  gemm_builder_init (&b, path, result);
  b.file_dtype = dtype_from_name (path);
  b.side = side;
  if (aiperf_head_first_char (text) == '{' || aiperf_head_first_char (text) == '[')
    ok = gemm_read_json (&b, text, length, &gpu);
  else
    ok = gemm_read_csv (&b, text, length);
  if (b.n_warnings > 20)
    g_ptr_array_add (b.notes, g_strdup_printf (_("%s: %u more cells could not be read"), path, b.n_warnings - 20));
  if (b.n_bad > 0)
    g_ptr_array_add (b.notes, g_strdup_printf (ngettext ("%s: %u row skipped", "%s: %u rows skipped", b.n_bad),
                                               path, b.n_bad));
  n_rows = aiperf_table_get_n_rows (b.table);
  if (ok && n_rows == 0)
    aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA, _("%s: no GEMM measurement could be read%s%s"),
                                  path, b.notes->len > 0 ? " — " : "",
                                  b.notes->len > 0 ? (const char *) g_ptr_array_index (b.notes, 0) : "");
  if (!ok || n_rows == 0)
    {
      gemm_builder_clear (&b);
      return;
    }

  run = aiperf_run_new_in_file (path, side);
  label = side != NULL ? g_strdup (side) : file_label (path);
  aiperf_run_set_variation_label (run, label);
  aiperf_table_trim (b.table);
  aiperf_run_set_table (run, AIPERF_GEMM_DATASET, b.table);
  if (gpu == NULL)
    {
      int c = aiperf_table_find_column (b.table, AIPERF_GEMM_GPU);

      for (guint r = 0; c >= 0 && r < n_rows && gpu == NULL; r++)
        gpu = g_strdup (aiperf_table_get_string (b.table, c, r));
    }
  if (gpu == NULL && side != NULL)
    gpu = g_strdup (side);
  if (gpu != NULL)
    aiperf_run_set_parameter (run, "gpu", gpu);
  {
    g_autofree char *count = g_strdup_printf ("%u", n_rows);

    aiperf_run_set_parameter (run, "gemm_rows", count);
  }
  if (side != NULL)
    aiperf_run_add_warning (run, _("%s: a TraceLens comparison sheet: this run is its “%s” columns; the "
                                   "differences (…_diff, …_pct) are not read"), path, side);
  for (guint i = 0; i < b.notes->len; i++)
    {
      aiperf_run_add_warning (run, "%s", (const char *) g_ptr_array_index (b.notes, i));
      g_ptr_array_add (result->warnings, g_strdup (g_ptr_array_index (b.notes, i)));
    }
  g_ptr_array_add (result->runs, g_steal_pointer (&run));
  gemm_builder_clear (&b);
}

static void
gemm_load (const char              *path,
           const AiperfLoadOptions *options,
           AiperfLoadResult        *result)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) sides = NULL;
  const char *text;
  gsize length;

  (void) options;
  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      aiperf_load_result_add_error (result, AIPERF_ERROR_IO, "%s", error->message);
      return;
    }
  text = skip_bom (contents);
  length -= text - contents;
  if (aiperf_head_first_char (text) != '{' && aiperf_head_first_char (text) != '[')
    sides = csv_sides (text, length);
  if (sides == NULL)
    load_run (path, text, length, NULL, result);
  else if (sides->len == 0)
    aiperf_load_result_add_error (result, AIPERF_ERROR_INVALID_DATA,
                                  _("%s: a comparison sheet (columns ending in _diff) with no per-side "
                                    "columns: differences are not GEMM measurements"), path);
  else
    for (guint s = 0; s < sides->len; s++)
      load_run (path, text, length, g_ptr_array_index (sides, s), result);
}

const AiperfFormat aiperf_format_gemm = {
  .id = "gemm",
  .name = "GEMM benchmark",
  .kind = "gemm",
  .sniff = gemm_sniff,
  .load = gemm_load,
  .claims_subtree = NULL,
  .skip_child = NULL,
};
