/* aiperf-gemm-columns.c — what a GEMM table's column headers mean: long
 * tables' columns (kernel, model, batch_size, dtype, M, N, K, time_us, …)
 * and a triton perf_report's provider columns ("Triton (ms)").
 *
 * Headers are matched case-insensitively after splitting on spaces,
 * '_', '-', '(', ')' and ':' ("Kernel Time (µs)_mean" is kernel, time,
 * us, mean): a trailing statistic picks the preferred column (the mean or
 * plain value, then the median), a unit token scales it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-gemm-read-private.h"

static const char * const role_names[GEMM_N_ROLES] = {
  "", "kernel", "model", "dtype", "dtype_c", "compute spec", "library", "layer", "gpu",
  "kernel details", "M", "N", "K", "batch", "batch_size", "time", "tflops", "flops", "bytes", "ai",
};

const char *
gemm_role_name (GemmRole role)
{
  g_return_val_if_fail ((guint) role < GEMM_N_ROLES, "");

  return role_names[role];
}

/* Exact names (tokens joined by '_'). */
static const struct {
  const char *name;
  GemmRole    role;
} names[] = {
  { "m", GEMM_ROLE_M }, { "n", GEMM_ROLE_N }, { "k", GEMM_ROLE_K },
  { "b", GEMM_ROLE_BATCH }, { "batch", GEMM_ROLE_BATCH }, { "batch_count", GEMM_ROLE_BATCH },
  { "batches", GEMM_ROLE_BATCH }, { "num_batches", GEMM_ROLE_BATCH }, { "batch_gemms", GEMM_ROLE_BATCH },
  { "batch_size", GEMM_ROLE_BATCH_SIZE }, { "bs", GEMM_ROLE_BATCH_SIZE }, { "batchsize", GEMM_ROLE_BATCH_SIZE },
  { "kernel", GEMM_ROLE_KERNEL }, { "kernel_name", GEMM_ROLE_KERNEL }, { "name", GEMM_ROLE_KERNEL },
  { "op", GEMM_ROLE_KERNEL }, { "op_name", GEMM_ROLE_KERNEL }, { "operator", GEMM_ROLE_KERNEL },
  { "gemm", GEMM_ROLE_KERNEL }, { "function", GEMM_ROLE_KERNEL },
  { "model", GEMM_ROLE_MODEL }, { "model_name", GEMM_ROLE_MODEL }, { "model_id", GEMM_ROLE_MODEL },
  { "dtype", GEMM_ROLE_DTYPE }, { "precision", GEMM_ROLE_DTYPE }, { "data_type", GEMM_ROLE_DTYPE },
  { "datatype", GEMM_ROLE_DTYPE }, { "dtype_a_b", GEMM_ROLE_DTYPE }, { "dtype_ab", GEMM_ROLE_DTYPE },
  { "dtype_a", GEMM_ROLE_DTYPE }, { "a_dtype", GEMM_ROLE_DTYPE }, { "in_dtype", GEMM_ROLE_DTYPE },
  { "input_dtype", GEMM_ROLE_DTYPE },
  { "dtype_c", GEMM_ROLE_DTYPE_C }, { "c_dtype", GEMM_ROLE_DTYPE_C }, { "out_dtype", GEMM_ROLE_DTYPE_C },
  { "output_dtype", GEMM_ROLE_DTYPE_C }, { "dtype_out", GEMM_ROLE_DTYPE_C }, { "dtype_d", GEMM_ROLE_DTYPE_C },
  { "compute_spec", GEMM_ROLE_COMPUTE_SPEC },
  { "library", GEMM_ROLE_LIBRARY }, { "lib", GEMM_ROLE_LIBRARY }, { "backend", GEMM_ROLE_LIBRARY },
  { "provider", GEMM_ROLE_LIBRARY }, { "impl", GEMM_ROLE_LIBRARY }, { "implementation", GEMM_ROLE_LIBRARY },
  { "layer", GEMM_ROLE_LAYER }, { "layer_name", GEMM_ROLE_LAYER }, { "layer_tag", GEMM_ROLE_LAYER },
  { "tag", GEMM_ROLE_LAYER }, { "shape_name", GEMM_ROLE_LAYER },
  { "gpu", GEMM_ROLE_GPU }, { "gpu_name", GEMM_ROLE_GPU }, { "device", GEMM_ROLE_GPU },
  { "device_name", GEMM_ROLE_GPU }, { "gpu_type", GEMM_ROLE_GPU }, { "hardware", GEMM_ROLE_GPU },
  { "kernel_details_summarize_kernel_stats", GEMM_ROLE_KERNEL_DETAILS },
  { "ai", GEMM_ROLE_AI }, { "arithmetic_intensity", GEMM_ROLE_AI }, { "intensity", GEMM_ROLE_AI },
  { "flops/byte", GEMM_ROLE_AI }, { "flop/byte", GEMM_ROLE_AI }, { "flops_per_byte", GEMM_ROLE_AI },
};

/* Statistic suffixes: rank (lower is preferred), or G_MAXUINT to ignore. */
static const struct {
  const char *name;
  guint       rank;
} stats[] = {
  { "mean", 0 }, { "avg", 0 }, { "average", 0 }, { "first", 0 },
  { "median", 1 }, { "p50", 1 }, { "min", 2 }, { "max", 3 },
  { "std", G_MAXUINT }, { "stddev", G_MAXUINT }, { "stdev", G_MAXUINT }, { "sum", G_MAXUINT },
  { "count", G_MAXUINT }, { "var", G_MAXUINT },
};

static const struct {
  const char *unit;
  double      to_us;
} time_units[] = {
  { "ns", 1e-3 }, { "nsec", 1e-3 }, { "us", 1 }, { "usec", 1 }, { "microseconds", 1 },
  { "ms", 1e3 }, { "msec", 1e3 }, { "milliseconds", 1e3 }, { "s", 1e6 }, { "sec", 1e6 },
  { "secs", 1e6 }, { "seconds", 1e6 },
};

static const struct {
  const char *token;
  double      to_tflops;
} rates[] = {
  { "tflops", 1 }, { "tflop/s", 1 }, { "tflops/s", 1 }, { "tops", 1 }, { "tops/s", 1 },
  { "gflops", 1e-3 }, { "gflop/s", 1e-3 }, { "gflops/s", 1e-3 }, { "pflops", 1e3 }, { "pflop/s", 1e3 },
};

static const struct {
  const char *unit;
  double      to_bytes;
} byte_units[] = {
  { "b", 1 }, { "bytes", 1 }, { "kb", 1e3 }, { "mb", 1e6 }, { "gb", 1e9 },
  { "kib", 1024.0 }, { "mib", 1048576.0 }, { "gib", 1073741824.0 },
};

/* Lower case, µ/μ → u, "param: " dropped, split into tokens. */
static GPtrArray *
tokenize (const char *raw)
{
  GPtrArray *tokens = g_ptr_array_new_with_free_func (g_free);
  GString *cur = g_string_new (NULL);
  const char *p = raw;

  while (g_ascii_isspace (*p))
    p++;
  if (g_ascii_strncasecmp (p, "param:", 6) == 0)
    p += 6;
  for (; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      /* µ (U+00B5) and μ (U+03BC) */
      if ((c == 0xC2 && (guchar) p[1] == 0xB5) || (c == 0xCE && (guchar) p[1] == 0xBC))
        {
          g_string_append_c (cur, 'u');
          p++;
          continue;
        }
      if (c == ' ' || c == '_' || c == '-' || c == '(' || c == ')' || c == '[' || c == ']' ||
          c == ':' || c == '\t' || c == '"' || c == '.' || c == ',')
        {
          if (cur->len > 0)
            g_ptr_array_add (tokens, g_strdup (cur->str));
          g_string_truncate (cur, 0);
          continue;
        }
      g_string_append_c (cur, g_ascii_tolower (c));
    }
  if (cur->len > 0)
    g_ptr_array_add (tokens, g_strdup (cur->str));
  g_string_free (cur, TRUE);
  return tokens;
}

static gboolean
has_token (GPtrArray  *tokens,
           const char *token)
{
  for (guint i = 0; i < tokens->len; i++)
    if (g_str_equal (g_ptr_array_index (tokens, i), token))
      return TRUE;
  return FALSE;
}

static char *
join (GPtrArray *tokens)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < tokens->len; i++)
    {
      if (i > 0)
        g_string_append_c (s, '_');
      g_string_append (s, g_ptr_array_index (tokens, i));
    }
  return g_string_free (s, FALSE);
}

static gboolean
classify_time (GPtrArray  *tokens,
               const char *raw,
               GemmColumn *out)
{
  static const char * const words[] = { "time", "latency", "duration", "runtime", "elapsed" };
  int at = -1;

  for (guint i = 0; i < tokens->len && at < 0; i++)
    for (guint w = 0; w < G_N_ELEMENTS (words); w++)
      if (g_str_equal (g_ptr_array_index (tokens, i), words[w]))
        at = (int) i;
  /* A bare unit is a time too ("ms", "us"). */
  if (at < 0 && tokens->len == 1)
    for (guint u = 0; u < G_N_ELEMENTS (time_units); u++)
      if (g_str_equal (g_ptr_array_index (tokens, 0), time_units[u].unit) && strlen (time_units[u].unit) == 2)
        {
          out->role = GEMM_ROLE_TIME;
          out->scale = time_units[u].to_us;
          return TRUE;
        }
  if (at < 0)
    return FALSE;
  out->role = GEMM_ROLE_TIME;
  for (guint i = 0; i < tokens->len; i++)
    for (guint u = 0; u < G_N_ELEMENTS (time_units); u++)
      if (g_str_equal (g_ptr_array_index (tokens, i), time_units[u].unit))
        {
          out->scale = time_units[u].to_us;
          return TRUE;
        }
  if ((guint) at + 1 < tokens->len)
    out->error = g_strdup_printf (_("the unit “%s” of column “%s” is not a time unit it knows (ns, us, µs, ms, s)"),
                                  (const char *) g_ptr_array_index (tokens, at + 1), raw);
  else
    out->error = g_strdup_printf (_("column “%s” gives no time unit (name it like time_us, time_ms or latency_ns)"),
                                  raw);
  return TRUE;
}

void
gemm_column_classify (const char *raw,
                      GemmColumn *out)
{
  g_autoptr(GPtrArray) tokens = tokenize (raw);
  g_autofree char *joined = NULL;
  const char *stat = NULL;

  memset (out, 0, sizeof *out);
  out->scale = 1;
  if (tokens->len == 0)
    return;
  /* A trailing statistic: TraceLens's _mean/_median/_first, a sweep's _avg. */
  if (tokens->len > 1)
    for (guint s = 0; s < G_N_ELEMENTS (stats); s++)
      if (g_str_equal (g_ptr_array_index (tokens, tokens->len - 1), stats[s].name))
        {
          if (stats[s].rank == G_MAXUINT)
            return;
          stat = stats[s].name;
          out->rank = stats[s].rank;
          g_ptr_array_remove_index (tokens, tokens->len - 1);
          break;
        }
  joined = join (tokens);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (joined, names[i].name))
      {
        out->role = names[i].role;
        return;
      }
  if (classify_time (tokens, raw, out))
    return;
  /* TraceLens names the op's FLOP count "GFLOPS_first" (an amount). */
  if (g_str_equal (joined, "gflops") && g_strcmp0 (stat, "first") == 0)
    {
      out->role = GEMM_ROLE_FLOPS;
      out->scale = 1e9;
      return;
    }
  for (guint r = 0; r < G_N_ELEMENTS (rates); r++)
    if (has_token (tokens, rates[r].token) && !has_token (tokens, "tb/s"))
      {
        out->role = GEMM_ROLE_TFLOPS;
        out->scale = rates[r].to_tflops;
        return;
      }
  if (g_str_equal (joined, "flops") || g_str_equal (joined, "flop") || g_str_equal (joined, "total_flops") ||
      g_str_equal (joined, "num_flops"))
    {
      out->role = GEMM_ROLE_FLOPS;
      return;
    }
  if (g_str_equal (joined, "gflop") || g_str_equal (joined, "tflop"))
    {
      out->role = GEMM_ROLE_FLOPS;
      out->scale = joined[0] == 'g' ? 1e9 : 1e12;
      return;
    }
  /* TraceLens's "Data Moved (MB)" is in MiB (its own byte counts ÷ 2^20). */
  if (has_token (tokens, "data") && has_token (tokens, "moved"))
    {
      out->role = GEMM_ROLE_BYTES;
      out->scale = has_token (tokens, "mb") ? 1048576.0 : has_token (tokens, "gb") ? 1073741824.0 :
                   has_token (tokens, "kb") ? 1024.0 : 1;
      return;
    }
  if (has_token (tokens, "bytes") || g_str_has_prefix (joined, "bytes") || g_str_equal (joined, "dram_bytes"))
    {
      out->role = GEMM_ROLE_BYTES;
      for (guint i = 0; i < tokens->len; i++)
        for (guint u = 0; u < G_N_ELEMENTS (byte_units); u++)
          if (g_str_equal (g_ptr_array_index (tokens, i), byte_units[u].unit))
            out->scale = byte_units[u].to_bytes;
      return;
    }
}

void
gemm_column_clear (GemmColumn *column)
{
  g_clear_pointer (&column->error, g_free);
}

void
gemm_columns_pick (const GemmColumn *columns,
                   guint             n,
                   int              *by_role)
{
  for (guint r = 0; r < GEMM_N_ROLES; r++)
    by_role[r] = -1;
  for (guint i = 0; i < n; i++)
    {
      GemmRole role = columns[i].role;

      if (role == GEMM_ROLE_NONE || columns[i].error != NULL)
        continue;
      if (by_role[role] < 0 || columns[i].rank < columns[by_role[role]].rank)
        by_role[role] = (int) i;
    }
}

/* --- the headers of triton perf_report tables --- */

static gboolean
is_x_role (GemmRole role)
{
  return role == GEMM_ROLE_M || role == GEMM_ROLE_N || role == GEMM_ROLE_K ||
         role == GEMM_ROLE_BATCH || role == GEMM_ROLE_BATCH_SIZE;
}

/* A triton perf_report table: the x columns first, then only columns that
 * mean nothing to us (the providers), and no measure, name or dtype. */
guint
gemm_wide_x_columns (const GemmColumn *columns,
                     guint             n)
{
  guint x = 0;

  while (x < n && is_x_role (columns[x].role))
    x++;
  if (x == 0 || x == n)
    return 0;
  for (guint i = x; i < n; i++)
    if (columns[i].role != GEMM_ROLE_NONE)
      return 0;
  return x;
}

/* The unit a provider header carries: "Triton (ms)", "cuBLAS TFLOPS". */
GemmRole
gemm_provider_metric (const char *header,
                      double     *scale)
{
  g_autoptr(GPtrArray) tokens = tokenize (header);

  for (guint i = 1; i < tokens->len; i++)
    {
      for (guint u = 0; u < G_N_ELEMENTS (time_units); u++)
        if (g_str_equal (g_ptr_array_index (tokens, i), time_units[u].unit))
          {
            *scale = time_units[u].to_us;
            return GEMM_ROLE_TIME;
          }
      for (guint r = 0; r < G_N_ELEMENTS (rates); r++)
        if (g_str_equal (g_ptr_array_index (tokens, i), rates[r].token))
          {
            *scale = rates[r].to_tflops;
            return GEMM_ROLE_TFLOPS;
          }
    }
  *scale = 1;
  return GEMM_ROLE_NONE;
}

/* "Triton (ms)" → "Triton". */
char *
gemm_provider_name (const char *header)
{
  const char *paren = strchr (header, '(');
  char *name = g_strndup (header, paren != NULL ? (gsize) (paren - header) : strlen (header));

  return g_strstrip (name);
}
