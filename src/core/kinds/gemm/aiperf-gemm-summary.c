/* aiperf-gemm-summary.c — what GEMM benchmarks add to an export: the
 * summary.txt section (GPU used, which numbers came from the file, the
 * best and worst kernels by efficiency), gemm_roofline.csv (one row per
 * measurement), and the split of a preset into one chart per dtype.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "aiperf-csv.h"
#include "aiperf-error.h"
#include "aiperf-gemm-private.h"

#define CSV_NAME "gemm_roofline.csv"

static void
append_gpu (GString        *s,
            AiperfGemmData *data)
{
  if (data->gpu == NULL && !data->gpu_asked)
    {
      g_string_append (s, _("  GPU: none — the input names no known GPU: pass --gpu NAME (h100, h200, a100, mi300x, "
                            "b200) for ceilings, attainable TFLOP/s and efficiency\n"));
      return;
    }
  if (data->gpu == NULL)
    {
      g_string_append_printf (s, _("  GPU: none — %s\n"), data->gpu_problem);
      return;
    }
  g_string_append_printf (s, _("  GPU: %s (%s): %.3g TB/s"), data->gpu->name, data->gpu_origin,
                          data->gpu->bandwidth_tbs);
  for (guint d = AIPERF_GEMM_DTYPE_FP64; d < AIPERF_GEMM_N_DTYPES; d++)
    if (isfinite (data->gpu->peak_tflops[d]))
      g_string_append_printf (s, ", %s %.4g", aiperf_gemm_dtype_name (d), data->gpu->peak_tflops[d]);
  g_string_append (s, " TFLOP/s\n");
}

static void
append_point (GString               *s,
              const char            *title,
              const AiperfGemmPoint *p,
              AiperfGemmData        *data)
{
  g_autofree char *label = aiperf_gemm_point_label (p);

  g_string_append_printf (s, "  %-18s %s %s%s%s (%s): %.1f%% — %.4g of %.4g TFLOP/s attainable, AI %.4g FLOP/B\n",
                          title, label, p->dtype != NULL ? p->dtype : "?",
                          p->model != NULL ? " · " : "", p->model != NULL ? p->model : "",
                          (const char *) g_ptr_array_index (data->run_labels, p->run),
                          100 * p->efficiency, p->tflops, p->attainable, p->ai);
}

char *
aiperf_gemm_summary_section (AiperfRunSet *runs,
                             GHashTable   *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGemmData) data = aiperf_gemm_data_new (runs, options, &error);
  g_autofree char *sources = NULL;
  const AiperfGemmPoint *best = NULL, *worst = NULL;
  GString *s;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);

  s = g_string_new (_("GEMM kernel benchmarks\n"));
  if (data == NULL)
    {
      g_string_append_printf (s, "  %s\n", error->message);
      return g_string_free (s, FALSE);
    }
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);
      AiperfTable *table = aiperf_run_get_table (run, AIPERF_GEMM_DATASET);

      g_string_append_printf (s, _("  Input: %s (%s), %u measurements\n"),
                              (const char *) g_ptr_array_index (data->run_labels, i), aiperf_run_get_locator (run),
                              table != NULL ? aiperf_table_get_n_rows (table) : 0);
    }
  append_gpu (s, data);
  if (data->filter != NULL)
    g_string_append_printf (s, _("  Filter: %s (%u of %u measurements)\n"), data->filter, data->points->len,
                            data->n_total);
  sources = aiperf_gemm_data_sources (data);
  g_string_append_printf (s, _("  From the file: %s\n"), sources != NULL ? sources : _("nothing (all computed)"));
  g_string_append (s, _("  Computed: FLOPs = 2·M·N·K·batch; ideal bytes = batch·(M·K·sA + K·N·sB + M·N·sC), "
                        "s = 2 bf16/fp16, 1 fp8/int8, 4 fp32, C in bf16 unless given (float GEMMs: float); "
                        "AI = FLOPs ÷ bytes; TFLOP/s = FLOPs ÷ time; attainable = min(peak(dtype), AI × bandwidth); "
                        "efficiency = achieved ÷ attainable\n"));
  for (guint i = 0; i < data->points->len; i++)
    {
      const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, i);

      if (!isfinite (p->efficiency))
        continue;
      if (best == NULL || p->efficiency > best->efficiency)
        best = p;
      if (worst == NULL || p->efficiency < worst->efficiency)
        worst = p;
    }
  if (best != NULL)
    {
      append_point (s, _("Best efficiency:"), best, data);
      append_point (s, _("Worst efficiency:"), worst, data);
    }
  else
    g_string_append (s, _("  Efficiency: not computed (no GPU peaks for these dtypes)\n"));
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      g_autoptr(GPtrArray) warnings = aiperf_run_dup_warnings (aiperf_run_set_get_run (runs, i));

      for (guint w = 0; warnings != NULL && w < warnings->len; w++)
        g_string_append_printf (s, _("  Note: %s\n"), (const char *) g_ptr_array_index (warnings, w));
    }
  return g_string_free (s, FALSE);
}

/* --- gemm_roofline.csv --- */

static void
csv_number (GString *s,
            double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* Counts (FLOPs, bytes, shapes) in full; measurements to ten significant
   * digits, more than any benchmark resolves. */
  if (isfinite (value) && value == floor (value) && fabs (value) < 1e18)
    g_string_append_printf (s, "%" G_GINT64_FORMAT, (gint64) value);
  else if (isfinite (value))
    g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.10g", value));
}

gboolean
aiperf_gemm_write_files (AiperfRunSet *runs,
                         GHashTable   *options,
                         const char   *directory,
                         GPtrArray    *files,
                         GError      **error)
{
  g_autoptr(AiperfGemmData) data = NULL;
  g_autoptr(GString) s = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), FALSE);
  g_return_val_if_fail (directory != NULL && files != NULL, FALSE);

  data = aiperf_gemm_data_new (runs, options, error);
  if (data == NULL)
    return FALSE;
  s = g_string_sized_new (256 + data->points->len * 200);
  g_string_append (s, "kernel,model,batch_size,dtype,M,N,K,flops,bytes,ai,tflops,attainable_tflops,efficiency,"
                      "batch,time_us,library,layer,dtype_c,gpu,flops_source,bytes_source,tflops_source,"
                      "device_kernel,file,line\n");
  for (guint i = 0; i < data->points->len; i++)
    {
      const AiperfGemmPoint *p = &g_array_index (data->points, AiperfGemmPoint, i);
      AiperfRun *run = aiperf_run_set_get_run (runs, p->run);
      AiperfTable *table = aiperf_run_get_table (run, AIPERF_GEMM_DATASET);
      const double numbers[] = { p->flops, p->bytes, p->ai, p->tflops, p->attainable, p->efficiency,
                                 p->batch, p->time_us };

      aiperf_csv_append_field (s, p->kernel);
      g_string_append_c (s, ',');
      aiperf_csv_append_field (s, p->model);
      g_string_append_c (s, ',');
      csv_number (s, p->batch_size);
      g_string_append_c (s, ',');
      aiperf_csv_append_field (s, p->dtype);
      g_string_append_c (s, ',');
      csv_number (s, p->M);
      g_string_append_c (s, ',');
      csv_number (s, p->N);
      g_string_append_c (s, ',');
      csv_number (s, p->K);
      for (guint k = 0; k < G_N_ELEMENTS (numbers); k++)
        {
          g_string_append_c (s, ',');
          csv_number (s, numbers[k]);
        }
      {
        const char *texts[] = { p->library, p->layer, p->dtype_c, p->gpu, p->flops_source, p->bytes_source,
                                p->tflops_source, p->device_kernel, aiperf_run_get_locator (run) };

        for (guint k = 0; k < G_N_ELEMENTS (texts); k++)
          {
            g_string_append_c (s, ',');
            aiperf_csv_append_field (s, texts[k]);
          }
      }
      g_string_append_c (s, ',');
      csv_number (s, aiperf_table_get (table, aiperf_table_find_column (table, AIPERF_GEMM_LINE), p->row));
      g_string_append_c (s, '\n');
    }
  path = g_build_filename (directory, CSV_NAME, NULL);
  if (!g_file_set_contents (path, s->str, s->len, error))
    return FALSE;
  g_ptr_array_add (files, g_strdup (CSV_NAME));
  return TRUE;
}

/* --- one chart per dtype --- */

/* @text as a file-name part: letters, digits, '.', '-' and '_'. */
static char *
file_part (const char *text)
{
  char *part = g_strdup (text);

  for (char *p = part; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '.' && *p != '-' && *p != '_')
      *p = '_';
  return part;
}

GPtrArray *
aiperf_gemm_expand_preset (const AiperfPlotSpec *spec,
                           AiperfRunSet         *runs)
{
  const char *split;
  g_autoptr(AiperfGemmData) data = NULL;
  GPtrArray *specs;

  g_return_val_if_fail (spec != NULL, NULL);

  split = aiperf_plot_spec_get_extra (spec, AIPERF_GEMM_OPTION_SPLIT);
  if (split == NULL || aiperf_plot_spec_get_extra (spec, AIPERF_GEMM_OPTION_SPLIT_VALUE) != NULL)
    return NULL;
  /* Only dtype is split on: the per-dtype heatmap files. */
  if (!g_str_equal (split, AIPERF_GEMM_DTYPE))
    return NULL;
  data = aiperf_gemm_data_for_spec (spec, runs, NULL);
  specs = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_plot_spec_free);
  for (guint d = 0; data != NULL && d < data->dtypes->len; d++)
    {
      const char *value = g_ptr_array_index (data->dtypes, d);
      AiperfPlotSpec *copy = aiperf_plot_spec_copy (spec);
      g_autofree char *part = file_part (value);

      g_free (copy->name);
      copy->name = g_strdup_printf ("%s_%s", spec->name, part);
      aiperf_plot_spec_set_extra (copy, AIPERF_GEMM_OPTION_SPLIT_VALUE, value);
      g_ptr_array_add (specs, copy);
    }
  return specs;
}
