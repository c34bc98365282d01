/* aiperf-gemm-data.c — the GEMM rows of the open runs, filtered, with the
 * GPU peaks that give each row its attainable TFLOP/s and efficiency.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-gemm-private.h"
#include "aiperf-table.h"

/* What --filter can select on: string columns match ignoring case (dtype
 * by meaning: bfloat16 is bf16), numbers by value. */
static const char * const filter_keys[] = {
  AIPERF_GEMM_BATCH_SIZE, AIPERF_GEMM_DTYPE, AIPERF_GEMM_MODEL, AIPERF_GEMM_LIBRARY, AIPERF_GEMM_KERNEL,
  AIPERF_GEMM_LAYER, AIPERF_GEMM_GPU, AIPERF_GEMM_M, AIPERF_GEMM_N, AIPERF_GEMM_K, AIPERF_GEMM_BATCH,
};

typedef struct {
  const char *key;     /* one of filter_keys */
  GPtrArray  *values;  /* char*: any of them matches */
} Filter;

static void
filter_clear (gpointer data)
{
  Filter *f = data;

  g_ptr_array_unref (f->values);
}

static const char *
canonical_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (filter_keys); i++)
    if (g_ascii_strcasecmp (key, filter_keys[i]) == 0)
      return filter_keys[i];
  if (g_ascii_strcasecmp (key, "bs") == 0)
    return AIPERF_GEMM_BATCH_SIZE;
  if (g_ascii_strcasecmp (key, "precision") == 0)
    return AIPERF_GEMM_DTYPE;
  return NULL;
}

/* A dtype filter value in its canonical spelling. */
static char *
filter_value (const char *key,
              const char *value)
{
  if (g_str_equal (key, AIPERF_GEMM_DTYPE) && aiperf_gemm_dtype_parse (value) != AIPERF_GEMM_DTYPE_UNKNOWN)
    return g_strdup (aiperf_gemm_dtype_name (aiperf_gemm_dtype_parse (value)));
  return g_strdup (value);
}

static void
add_filter (GArray     *filters,
            const char *key,
            const char *value)
{
  for (guint i = 0; i < filters->len; i++)
    {
      Filter *f = &g_array_index (filters, Filter, i);

      if (f->key == key)
        {
          g_ptr_array_add (f->values, filter_value (key, value));
          return;
        }
    }
  {
    Filter f = { key, g_ptr_array_new_with_free_func (g_free) };

    g_ptr_array_add (f.values, filter_value (key, value));
    g_array_append_val (filters, f);
  }
}

/* "key=value" lines: the same key twice is either value, different keys
 * must all match. */
static GArray *
parse_filters (GHashTable  *options,
               char       **out_text,
               GError     **error)
{
  g_autoptr(GArray) filters = g_array_new (FALSE, FALSE, sizeof (Filter));
  const char *text = options != NULL ? g_hash_table_lookup (options, AIPERF_GEMM_OPTION_FILTER) : NULL;
  const char *split = options != NULL ? g_hash_table_lookup (options, AIPERF_GEMM_OPTION_SPLIT) : NULL;
  const char *split_value = options != NULL ? g_hash_table_lookup (options, AIPERF_GEMM_OPTION_SPLIT_VALUE) : NULL;
  g_auto(GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);
  g_autoptr(GString) said = g_string_new (NULL);

  g_array_set_clear_func (filters, filter_clear);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *eq = strchr (lines[i], '=');
      const char *key;

      g_strstrip (lines[i]);
      if (*lines[i] == '\0')
        continue;
      if (eq != NULL)
        *eq = '\0';
      key = canonical_key (g_strstrip (lines[i]));
      if (eq == NULL || key == NULL)
        {
          g_set_error (error, AIPERF_ERROR, AIPERF_ERROR_USAGE,
                       _("--filter %s: expected KEY=VALUE with KEY one of batch_size, dtype, model, library, "
                         "kernel, layer, gpu, M, N, K, batch"), lines[i]);
          return NULL;
        }
      add_filter (filters, key, g_strstrip (eq + 1));
      g_string_append_printf (said, "%s%s=%s", said->len > 0 ? ", " : "", key, eq + 1);
    }
  /* A preset split per value is a filter of its own (ANDed, not ORed). */
  if (split != NULL && split_value != NULL && canonical_key (split) != NULL)
    {
      Filter f = { canonical_key (split), g_ptr_array_new_with_free_func (g_free) };

      g_ptr_array_add (f.values, filter_value (f.key, split_value));
      g_array_append_val (filters, f);
    }
  *out_text = said->len > 0 ? g_strdup (said->str) : NULL;
  return g_steal_pointer (&filters);
}

static gboolean
matches (AiperfTable  *table,
         guint         row,
         GArray       *filters,
         const int    *columns)
{
  for (guint i = 0; i < filters->len; i++)
    {
      Filter *f = &g_array_index (filters, Filter, i);
      gboolean any = FALSE;

      if (columns[i] < 0)
        return FALSE;
      for (guint v = 0; v < f->values->len && !any; v++)
        {
          const char *want = g_ptr_array_index (f->values, v);

          if (aiperf_table_column_is_string (table, columns[i]))
            any = g_strcmp0 (want, "") == 0 ? aiperf_table_get_string (table, columns[i], row) == NULL
                  : g_ascii_strcasecmp (want, aiperf_table_get_string (table, columns[i], row) != NULL
                                              ? aiperf_table_get_string (table, columns[i], row) : "") == 0;
          else
            {
              char *end = NULL;
              double x = g_ascii_strtod (want, &end);

              any = end != want && aiperf_table_get (table, columns[i], row) == x;
            }
        }
      if (!any)
        return FALSE;
    }
  return TRUE;
}

/* Columns of a gemm table, looked up once per table. */
enum {
  COL_KERNEL, COL_MODEL, COL_DTYPE, COL_DTYPE_C, COL_LIBRARY, COL_LAYER, COL_GPU, COL_DEVICE_KERNEL,
  COL_FLOPS_SOURCE, COL_BYTES_SOURCE, COL_TFLOPS_SOURCE,
  COL_M, COL_N, COL_K, COL_BATCH, COL_BATCH_SIZE, COL_TIME, COL_FLOPS, COL_BYTES, COL_AI, COL_TFLOPS,
  N_COLS,
};

static const char * const column_names[N_COLS] = {
  AIPERF_GEMM_KERNEL, AIPERF_GEMM_MODEL, AIPERF_GEMM_DTYPE, AIPERF_GEMM_DTYPE_C, AIPERF_GEMM_LIBRARY,
  AIPERF_GEMM_LAYER, AIPERF_GEMM_GPU, AIPERF_GEMM_DEVICE_KERNEL, AIPERF_GEMM_FLOPS_SOURCE,
  AIPERF_GEMM_BYTES_SOURCE, AIPERF_GEMM_TFLOPS_SOURCE, AIPERF_GEMM_M, AIPERF_GEMM_N, AIPERF_GEMM_K,
  AIPERF_GEMM_BATCH, AIPERF_GEMM_BATCH_SIZE, AIPERF_GEMM_TIME_US, AIPERF_GEMM_FLOPS, AIPERF_GEMM_BYTES,
  AIPERF_GEMM_AI, AIPERF_GEMM_TFLOPS,
};

static const char *
text_at (AiperfTable *table,
         const int   *cols,
         guint        which,
         guint        row)
{
  return cols[which] >= 0 ? aiperf_table_get_string (table, cols[which], row) : NULL;
}

static double
number_at (AiperfTable *table,
           const int   *cols,
           guint        which,
           guint        row)
{
  return cols[which] >= 0 ? aiperf_table_get (table, cols[which], row) : NAN;
}

/* The GPU: --gpu, else the first the inputs name that is a preset. */
static void
choose_gpu (AiperfGemmData *data,
            AiperfRunSet   *runs,
            GHashTable     *options)
{
  AiperfGpuPeaks *peaks = aiperf_gpu_peaks_get_default ();
  const char *wanted = options != NULL ? g_hash_table_lookup (options, AIPERF_GEMM_OPTION_GPU) : NULL;

  if (wanted != NULL && *wanted != '\0')
    {
      data->gpu_asked = TRUE;
      data->gpu = aiperf_gpu_peaks_lookup (peaks, wanted);
      if (data->gpu != NULL)
        data->gpu_origin = g_strdup_printf ("--gpu %s", wanted);
      else
        {
          g_autofree char *known = aiperf_gpu_peaks_describe (peaks);

          data->gpu_problem = g_strdup_printf (_("--gpu %s is not a GPU preset (known: %s)"), wanted, known);
        }
      return;
    }
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      const char *named = aiperf_run_get_parameter (aiperf_run_set_get_run (runs, i), "gpu");

      if (named != NULL && (data->gpu = aiperf_gpu_peaks_match (peaks, named)) != NULL)
        {
          data->gpu_origin = g_strdup_printf (_("named by the input: %s"), named);
          return;
        }
    }
  /* Said on charts, in the window as in files: how to name one is each
   * surface's to say (a flag, a drop-down). */
  data->gpu_problem = g_strdup (_("the input names no known GPU: no ceilings, attainable TFLOP/s or efficiency"));
}

static int
compare_dtypes (gconstpointer a,
                gconstpointer b)
{
  const char *da = *(const char * const *) a, *db = *(const char * const *) b;
  AiperfGemmDtype ta = aiperf_gemm_dtype_parse (da), tb = aiperf_gemm_dtype_parse (db);

  /* known precisions in enum order (fp64 … fp4), unknown ones after, by name */
  if (ta != tb)
    return (ta == AIPERF_GEMM_DTYPE_UNKNOWN ? 100 : (int) ta) - (tb == AIPERF_GEMM_DTYPE_UNKNOWN ? 100 : (int) tb);
  return strcmp (da, db);
}

AiperfGemmData *
aiperf_gemm_data_new (AiperfRunSet *runs,
                      GHashTable   *options,
                      GError      **error)
{
  g_autoptr(AiperfGemmData) data = g_new0 (AiperfGemmData, 1);
  g_autoptr(GArray) filters = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_tables = 0;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  filters = parse_filters (options, &data->filter, error);
  if (filters == NULL)
    return NULL;
  data->points = g_array_new (FALSE, FALSE, sizeof (AiperfGemmPoint));
  data->dtypes = g_ptr_array_new_with_free_func (g_free);
  data->run_labels = g_ptr_array_new_with_free_func (g_free);
  choose_gpu (data, runs, options);

  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *table = aiperf_run_get_table (run, AIPERF_GEMM_DATASET);
      const char *label = aiperf_run_get_variation_label (run);
      g_autofree int *columns = NULL;
      int cols[N_COLS];
      guint n;

      g_ptr_array_add (data->run_labels, g_strdup (label != NULL ? label : aiperf_run_get_name (run)));
      if (table == NULL)
        continue;
      n_tables++;
      n = aiperf_table_get_n_rows (table);
      data->n_total += n;
      for (guint c = 0; c < N_COLS; c++)
        cols[c] = aiperf_table_find_column (table, column_names[c]);
      columns = g_new (int, filters->len + 1);
      for (guint f = 0; f < filters->len; f++)
        columns[f] = aiperf_table_find_column (table, g_array_index (filters, Filter, f).key);
      for (guint r = 0; r < n; r++)
        {
          AiperfGemmPoint p = { 0 };
          AiperfGemmDtype dtype;

          if (!matches (table, r, filters, columns))
            continue;
          p.id = (int) (data->n_total - n + r);
          p.run = (int) i;
          p.row = r;
          p.kernel = text_at (table, cols, COL_KERNEL, r);
          p.model = text_at (table, cols, COL_MODEL, r);
          p.dtype = text_at (table, cols, COL_DTYPE, r);
          p.dtype_c = text_at (table, cols, COL_DTYPE_C, r);
          p.library = text_at (table, cols, COL_LIBRARY, r);
          p.layer = text_at (table, cols, COL_LAYER, r);
          p.gpu = text_at (table, cols, COL_GPU, r);
          p.device_kernel = text_at (table, cols, COL_DEVICE_KERNEL, r);
          p.flops_source = text_at (table, cols, COL_FLOPS_SOURCE, r);
          p.bytes_source = text_at (table, cols, COL_BYTES_SOURCE, r);
          p.tflops_source = text_at (table, cols, COL_TFLOPS_SOURCE, r);
          p.M = number_at (table, cols, COL_M, r);
          p.N = number_at (table, cols, COL_N, r);
          p.K = number_at (table, cols, COL_K, r);
          p.batch = number_at (table, cols, COL_BATCH, r);
          p.batch_size = number_at (table, cols, COL_BATCH_SIZE, r);
          p.time_us = number_at (table, cols, COL_TIME, r);
          p.flops = number_at (table, cols, COL_FLOPS, r);
          p.bytes = number_at (table, cols, COL_BYTES, r);
          p.ai = number_at (table, cols, COL_AI, r);
          p.tflops = number_at (table, cols, COL_TFLOPS, r);
          dtype = aiperf_gemm_dtype_parse (p.dtype);
          p.attainable = data->gpu != NULL ? aiperf_gemm_attainable (p.ai, data->gpu->peak_tflops[dtype],
                                                                     data->gpu->bandwidth_tbs) : NAN;
          p.efficiency = p.attainable > 0 ? p.tflops / p.attainable : NAN;
          if (p.dtype != NULL && !g_hash_table_contains (seen, p.dtype))
            {
              g_hash_table_add (seen, (gpointer) p.dtype);
              g_ptr_array_add (data->dtypes, g_strdup (p.dtype));
            }
          g_array_append_val (data->points, p);
        }
    }
  if (n_tables == 0)
    {
      g_set_error_literal (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA, _("no GEMM benchmark table is open"));
      return NULL;
    }
  g_ptr_array_sort (data->dtypes, compare_dtypes);
  return g_steal_pointer (&data);
}

AiperfGemmData *
aiperf_gemm_data_for_spec (const AiperfPlotSpec *spec,
                           AiperfRunSet         *runs,
                           GError              **error)
{
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  static const char * const keys[] = {
    AIPERF_GEMM_OPTION_GPU, AIPERF_GEMM_OPTION_FILTER, AIPERF_GEMM_OPTION_SPLIT, AIPERF_GEMM_OPTION_SPLIT_VALUE,
  };

  g_return_val_if_fail (spec != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (aiperf_plot_spec_get_extra (spec, keys[i]) != NULL)
      g_hash_table_insert (options, (gpointer) keys[i], (gpointer) aiperf_plot_spec_get_extra (spec, keys[i]));
  return aiperf_gemm_data_new (runs, options, error);
}

void
aiperf_gemm_data_free (AiperfGemmData *data)
{
  if (data == NULL)
    return;
  g_clear_pointer (&data->points, g_array_unref);
  g_clear_pointer (&data->dtypes, g_ptr_array_unref);
  g_clear_pointer (&data->run_labels, g_ptr_array_unref);
  g_free (data->filter);
  g_free (data->gpu_origin);
  g_free (data->gpu_problem);
  g_free (data);
}

/* A dimension as text: integers without printf's slow float path. */
static void
append_dim (GString *s,
            double   v)
{
  if (v == floor (v) && fabs (v) < 1e15)
    g_string_append_printf (s, "%" G_GINT64_FORMAT, (gint64) v);
  else
    g_string_append_printf (s, "%g", v);
}

char *
aiperf_gemm_point_label (const AiperfGemmPoint *p)
{
  GString *s;

  g_return_val_if_fail (p != NULL, NULL);

  s = g_string_sized_new (48);
  g_string_append (s, p->kernel != NULL ? p->kernel : "GEMM");
  g_string_append_c (s, ' ');
  if (p->batch > 1)
    {
      append_dim (s, p->batch);
      g_string_append (s, "×");
    }
  append_dim (s, p->M);
  g_string_append (s, "×");
  append_dim (s, p->N);
  g_string_append (s, "×");
  append_dim (s, p->K);
  return g_string_free (s, FALSE);
}

const AiperfGemmPoint *
aiperf_gemm_data_find (AiperfGemmData *data,
                       int             id)
{
  guint lo = 0, hi;

  g_return_val_if_fail (data != NULL, NULL);

  /* points are in id order: a binary search */
  hi = data->points->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, mid);

      if (p->id == id)
        return p;
      if (p->id < id)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

double
aiperf_gemm_data_peak (AiperfGemmData *data,
                       const char     *dtype)
{
  g_return_val_if_fail (data != NULL, NAN);

  if (data->gpu == NULL || dtype == NULL)
    return NAN;
  return data->gpu->peak_tflops[aiperf_gemm_dtype_parse (dtype)];
}

static void
count_sources (AiperfGemmData *data,
               gsize           offset,
               guint          *from_file,
               guint          *computed)
{
  *from_file = *computed = 0;
  for (guint i = 0; i < data->points->len; i++)
    {
      const char *src = G_STRUCT_MEMBER (const char *, &g_array_index (data->points, AiperfGemmPoint, i), offset);

      if (g_strcmp0 (src, AIPERF_GEMM_FROM_FILE) == 0)
        (*from_file)++;
      else if (src != NULL)
        (*computed)++;
    }
}

char *
aiperf_gemm_data_sources (AiperfGemmData *data)
{
  static const struct {
    gsize       offset;
    const char *what;
  } fields[] = {
    { G_STRUCT_OFFSET (AiperfGemmPoint, flops_source), N_("FLOPs") },
    { G_STRUCT_OFFSET (AiperfGemmPoint, bytes_source), N_("bytes") },
    { G_STRUCT_OFFSET (AiperfGemmPoint, tflops_source), N_("TFLOP/s") },
  };
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (data != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      guint from_file, computed;

      count_sources (data, fields[i].offset, &from_file, &computed);
      if (from_file == 0)
        continue;
      if (s->len > 0)
        g_string_append (s, "; ");
      if (computed == 0)
        g_string_append_printf (s, _("%s from the file"), _(fields[i].what));
      else
        g_string_append_printf (s, _("%s from the file for %u of %u rows"), _(fields[i].what), from_file,
                                from_file + computed);
    }
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

char *
aiperf_gemm_note_text (const GString *note)
{
  char first[8] = { 0 };

  if (note->len == 0)
    return NULL;
  g_unichar_to_utf8 (g_unichar_toupper (g_utf8_get_char (note->str)), first);
  return g_strconcat (first, g_utf8_next_char (note->str), NULL);
}
