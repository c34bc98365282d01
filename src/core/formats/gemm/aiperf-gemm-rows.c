/* aiperf-gemm-rows.c — one GEMM measurement from a row of values: the
 * checks and the maths (FLOPs, ideal bytes, AI, TFLOP/s, preferring what
 * the file gives and saying so).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-gemm-read-private.h"

/* Past this many, cells that cannot be read are counted, not listed. */
#define MAX_LISTED 20

void
gemm_row_init (GemmRow *row,
               guint    line)
{
  memset (row, 0, sizeof *row);
  row->line = line;
  for (guint r = 0; r < GEMM_N_ROLES; r++)
    row->number[r] = NAN;
}

void
gemm_builder_init (GemmBuilder      *b,
                   const char       *path,
                   AiperfLoadResult *result)
{
  AiperfTable *t = aiperf_table_new ();

  memset (b, 0, sizeof *b);
  b->path = path;
  b->result = result;
  b->table = t;
  b->notes = g_ptr_array_new_with_free_func (g_free);
  b->c_kernel = aiperf_table_ensure_string_column (t, AIPERF_GEMM_KERNEL);
  b->c_model = aiperf_table_ensure_string_column (t, AIPERF_GEMM_MODEL);
  b->c_dtype = aiperf_table_ensure_string_column (t, AIPERF_GEMM_DTYPE);
  b->c_dtype_c = aiperf_table_ensure_string_column (t, AIPERF_GEMM_DTYPE_C);
  b->c_library = aiperf_table_ensure_string_column (t, AIPERF_GEMM_LIBRARY);
  b->c_layer = aiperf_table_ensure_string_column (t, AIPERF_GEMM_LAYER);
  b->c_gpu = aiperf_table_ensure_string_column (t, AIPERF_GEMM_GPU);
  b->c_device_kernel = aiperf_table_ensure_string_column (t, AIPERF_GEMM_DEVICE_KERNEL);
  b->c_flops_src = aiperf_table_ensure_string_column (t, AIPERF_GEMM_FLOPS_SOURCE);
  b->c_bytes_src = aiperf_table_ensure_string_column (t, AIPERF_GEMM_BYTES_SOURCE);
  b->c_tflops_src = aiperf_table_ensure_string_column (t, AIPERF_GEMM_TFLOPS_SOURCE);
  b->c_m = aiperf_table_ensure_column (t, AIPERF_GEMM_M, NULL);
  b->c_n = aiperf_table_ensure_column (t, AIPERF_GEMM_N, NULL);
  b->c_k = aiperf_table_ensure_column (t, AIPERF_GEMM_K, NULL);
  b->c_batch = aiperf_table_ensure_column (t, AIPERF_GEMM_BATCH, NULL);
  b->c_batch_size = aiperf_table_ensure_column (t, AIPERF_GEMM_BATCH_SIZE, NULL);
  b->c_time = aiperf_table_ensure_column (t, AIPERF_GEMM_TIME_US, "us");
  b->c_flops = aiperf_table_ensure_column (t, AIPERF_GEMM_FLOPS, "FLOP");
  b->c_bytes = aiperf_table_ensure_column (t, AIPERF_GEMM_BYTES, "B");
  b->c_ai = aiperf_table_ensure_column (t, AIPERF_GEMM_AI, "FLOP/B");
  b->c_tflops = aiperf_table_ensure_column (t, AIPERF_GEMM_TFLOPS, "TFLOP/s");
  b->c_line = aiperf_table_ensure_column (t, AIPERF_GEMM_LINE, NULL);
}

void
gemm_builder_clear (GemmBuilder *b)
{
  g_clear_pointer (&b->table, aiperf_table_unref);
  g_clear_pointer (&b->notes, g_ptr_array_unref);
}

void
gemm_builder_warn (GemmBuilder *b,
                   guint        line,
                   guint        column,
                   const char  *format,
                   ...)
{
  va_list args;
  g_autofree char *what = NULL;

  if (++b->n_warnings > MAX_LISTED)
    return;
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (b->notes, g_strdup_printf ("%s:%u:%u: %s", b->path, line, column, what));
}

static guint
line_of (const GemmRow *row,
         GemmRole       role)
{
  return row->line_of[role] != 0 ? row->line_of[role] : row->line;
}

/* The number in @role: NaN when the cell is empty or absent; FALSE when it
 * holds text that is not a number. */
static gboolean
cell_number (const GemmRow *row,
             GemmRole       role,
             double        *out)
{
  const char *text = row->text[role];
  char *end = NULL;

  *out = row->number[role];
  if (isfinite (*out) || text == NULL)
    return TRUE;
  while (g_ascii_isspace (*text))
    text++;
  if (*text == '\0' || g_ascii_strcasecmp (text, "nan") == 0 || g_ascii_strcasecmp (text, "none") == 0)
    return TRUE;
  *out = g_ascii_strtod (text, &end);
  while (end != NULL && g_ascii_isspace (*end))
    end++;
  if (end == text || *end != '\0' || !isfinite (*out))
    {
      *out = NAN;
      return FALSE;
    }
  return TRUE;
}

/* A number that must be there: FALSE (with the error) when it is not. */
static gboolean
required (GemmBuilder   *b,
          const GemmRow *row,
          GemmRole       role,
          double        *out)
{
  if (!cell_number (row, role, out))
    {
      gemm_builder_warn (b, line_of (row, role), row->column[role],
                         _("“%s” in column %s is not a number; row skipped"), row->text[role], gemm_role_name (role));
      return FALSE;
    }
  if (!isfinite (*out) || *out <= 0)
    {
      gemm_builder_warn (b, line_of (row, role), MAX (row->column[role], 1),
                         isfinite (*out) ? _("%s must be positive; row skipped") : _("no %s; row skipped"),
                         gemm_role_name (role));
      return FALSE;
    }
  return TRUE;
}

/* A number that may be missing: NaN (with a note) when it does not parse. */
static double
optional (GemmBuilder   *b,
          const GemmRow *row,
          GemmRole       role)
{
  double v;

  if (!cell_number (row, role, &v))
    gemm_builder_warn (b, line_of (row, role), row->column[role], _("“%s” in column %s is not a number"),
                       row->text[role], gemm_role_name (role));
  return v;
}

/* "('c10::BFloat16', 'float')" → A and B types; a plain "bf16" is both. */
static void
parse_dtypes (const char      *text,
              AiperfGemmDtype *a,
              AiperfGemmDtype *bt,
              char           **a_text)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  if (strchr (text, ',') == NULL)
    {
      *a = *bt = aiperf_gemm_dtype_parse (text);
      *a_text = g_strstrip (g_strdup (text));
      return;
    }
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *item = g_strstrip (g_strdelimit (parts[i], "()[]'\"", ' '));

      if (*item != '\0')
        g_ptr_array_add (items, g_strdup (item));
    }
  *a_text = g_strdup (items->len > 0 ? g_ptr_array_index (items, 0) : "");
  *a = aiperf_gemm_dtype_parse (*a_text);
  *bt = items->len > 1 ? aiperf_gemm_dtype_parse (g_ptr_array_index (items, 1)) : *a;
}

/* TraceLens lists the device kernels of an op as a Python repr:
 * "[{'name': 'Memset (Device)', …}, {'name': 'sm90_xmma_gemm_…', …}]".
 * The first that is not a memset or memcpy is the GEMM. */
static char *
device_kernel (const char *details)
{
  const char *p = details;

  while ((p = strstr (p, "'name': ")) != NULL)
    {
      char quote;
      const char *end;

      p += strlen ("'name': ");
      quote = *p;
      if (quote != '\'' && quote != '"')
        continue;
      end = strchr (p + 1, quote);
      if (end == NULL)
        break;
      if (g_ascii_strncasecmp (p + 1, "Memset", 6) != 0 && g_ascii_strncasecmp (p + 1, "Memcpy", 6) != 0)
        return g_strndup (p + 1, end - p - 1);
      p = end;
    }
  return NULL;
}

/* The library a kernel name gives away, or NULL. */
static const char *
library_of (const char *kernel)
{
  g_autofree char *lower = NULL;

  if (kernel == NULL)
    return NULL;
  lower = g_ascii_strdown (kernel, -1);
  if (strstr (lower, "cublas") != NULL || strstr (lower, "nvjet") != NULL)
    return "cublas";
  if (strstr (lower, "cutlass") != NULL)
    return "cutlass";
  if (strstr (lower, "triton") != NULL)
    return "triton";
  if (g_str_has_prefix (kernel, "Cijk_"))
    return "tensile";
  return NULL;
}

static void
set_text (AiperfTable *t,
          guint        column,
          guint        row,
          const char  *text)
{
  if (text == NULL)
    return;
  while (g_ascii_isspace (*text))
    text++;
  if (*text != '\0')
    aiperf_table_set_string (t, column, row, text);
}

gboolean
gemm_builder_add (GemmBuilder   *b,
                  const GemmRow *row)
{
  AiperfTable *t = b->table;
  double M, N, K, batch, batch_size, time_us, file_tflops, file_flops, file_bytes, file_ai;
  double flops, bytes = NAN, tflops, sa, sb, sc;
  AiperfGemmDtype a = AIPERF_GEMM_DTYPE_UNKNOWN, bt = AIPERF_GEMM_DTYPE_UNKNOWN, c;
  g_autofree char *a_text = NULL, *kernel = NULL;
  const char *flops_src, *bytes_src = NULL, *tflops_src;
  guint r;

  if (!required (b, row, GEMM_ROLE_M, &M) || !required (b, row, GEMM_ROLE_N, &N) ||
      !required (b, row, GEMM_ROLE_K, &K))
    {
      b->n_bad++;
      return FALSE;
    }
  batch = optional (b, row, GEMM_ROLE_BATCH);
  if (!(batch > 0))
    batch = 1;
  batch_size = optional (b, row, GEMM_ROLE_BATCH_SIZE);
  time_us = optional (b, row, GEMM_ROLE_TIME);
  file_tflops = optional (b, row, GEMM_ROLE_TFLOPS);
  file_flops = optional (b, row, GEMM_ROLE_FLOPS);
  file_bytes = optional (b, row, GEMM_ROLE_BYTES);
  file_ai = optional (b, row, GEMM_ROLE_AI);

  /* Types: the dtype column, else TraceLens's compute spec, else the
   * file's name (triton). */
  if (row->text[GEMM_ROLE_DTYPE] != NULL && *row->text[GEMM_ROLE_DTYPE] != '\0')
    {
      parse_dtypes (row->text[GEMM_ROLE_DTYPE], &a, &bt, &a_text);
      if (a == AIPERF_GEMM_DTYPE_UNKNOWN)
        gemm_builder_warn (b, line_of (row, GEMM_ROLE_DTYPE), row->column[GEMM_ROLE_DTYPE],
                           _("unknown dtype “%s” (known: fp64 fp32 tf32 bf16 fp16 fp8 int8 fp4); "
                             "its bytes are not computed"), a_text);
    }
  else if (row->text[GEMM_ROLE_COMPUTE_SPEC] != NULL)
    a = bt = aiperf_gemm_dtype_parse (row->text[GEMM_ROLE_COMPUTE_SPEC]);
  else
    a = bt = b->file_dtype;
  c = aiperf_gemm_default_c (a);
  if (row->text[GEMM_ROLE_DTYPE_C] != NULL && *row->text[GEMM_ROLE_DTYPE_C] != '\0')
    {
      AiperfGemmDtype given = aiperf_gemm_dtype_parse (row->text[GEMM_ROLE_DTYPE_C]);

      if (given != AIPERF_GEMM_DTYPE_UNKNOWN)
        c = given;
      else
        gemm_builder_warn (b, line_of (row, GEMM_ROLE_DTYPE_C), row->column[GEMM_ROLE_DTYPE_C],
                           _("unknown output dtype “%s”; C is taken as %s"), row->text[GEMM_ROLE_DTYPE_C],
                           aiperf_gemm_dtype_name (c) != NULL ? aiperf_gemm_dtype_name (c) : "unknown");
    }
  sa = aiperf_gemm_dtype_size (a);
  sb = aiperf_gemm_dtype_size (bt);
  sc = aiperf_gemm_dtype_size (c);

  /* The maths; the file's own numbers win where it gives them. */
  flops = aiperf_gemm_flops (M, N, K, batch);
  flops_src = AIPERF_GEMM_COMPUTED;
  if (file_flops > 0)
    {
      flops = file_flops;
      flops_src = AIPERF_GEMM_FROM_FILE;
    }
  if (file_bytes > 0)
    {
      bytes = file_bytes;
      bytes_src = AIPERF_GEMM_FROM_FILE;
    }
  else if (file_ai > 0)
    {
      bytes = flops / file_ai;
      bytes_src = AIPERF_GEMM_FROM_FILE;
    }
  else if (isfinite (sa) && isfinite (sb) && isfinite (sc))
    {
      bytes = aiperf_gemm_ideal_bytes (M, N, K, batch, sa, sb, sc);
      bytes_src = AIPERF_GEMM_COMPUTED;
    }
  tflops = file_tflops;
  tflops_src = AIPERF_GEMM_FROM_FILE;
  if (!(tflops > 0))
    {
      tflops = aiperf_gemm_tflops (flops, time_us);
      tflops_src = AIPERF_GEMM_COMPUTED;
    }
  if (!isfinite (tflops))
    {
      gemm_builder_warn (b, row->line, MAX (row->column[GEMM_ROLE_TIME], row->column[GEMM_ROLE_TFLOPS]),
                         _("no time and no TFLOP/s; row skipped"));
      b->n_bad++;
      return FALSE;
    }

  r = aiperf_table_append_row (t);
  aiperf_table_set (t, b->c_m, r, M);
  aiperf_table_set (t, b->c_n, r, N);
  aiperf_table_set (t, b->c_k, r, K);
  aiperf_table_set (t, b->c_batch, r, batch);
  aiperf_table_set (t, b->c_batch_size, r, batch_size);
  aiperf_table_set (t, b->c_time, r, time_us);
  aiperf_table_set (t, b->c_flops, r, flops);
  aiperf_table_set (t, b->c_bytes, r, bytes);
  aiperf_table_set (t, b->c_ai, r, bytes > 0 ? flops / bytes : NAN);
  aiperf_table_set (t, b->c_tflops, r, tflops);
  aiperf_table_set (t, b->c_line, r, row->line);
  set_text (t, b->c_kernel, r, row->text[GEMM_ROLE_KERNEL]);
  set_text (t, b->c_model, r, row->text[GEMM_ROLE_MODEL]);
  set_text (t, b->c_dtype, r, a != AIPERF_GEMM_DTYPE_UNKNOWN ? aiperf_gemm_dtype_name (a) : a_text);
  set_text (t, b->c_dtype_c, r, aiperf_gemm_dtype_name (c));
  set_text (t, b->c_layer, r, row->text[GEMM_ROLE_LAYER]);
  set_text (t, b->c_gpu, r, row->text[GEMM_ROLE_GPU]);
  if (row->text[GEMM_ROLE_KERNEL_DETAILS] != NULL)
    kernel = device_kernel (row->text[GEMM_ROLE_KERNEL_DETAILS]);
  set_text (t, b->c_device_kernel, r, kernel);
  set_text (t, b->c_library, r, row->text[GEMM_ROLE_LIBRARY] != NULL ? row->text[GEMM_ROLE_LIBRARY]
                                                                    : library_of (kernel));
  set_text (t, b->c_flops_src, r, flops_src);
  set_text (t, b->c_bytes_src, r, bytes_src);
  set_text (t, b->c_tflops_src, r, tflops_src);
  return TRUE;
}

/* --- JSON records --- */
