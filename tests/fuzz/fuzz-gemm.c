/* fuzz-gemm.c — libFuzzer target: GEMM benchmark tables, from the bytes of
 * a CSV or JSON file (the first byte picks which) through the GEMM format's
 * sniff and load, then the roofline maths, every GEMM chart, the summary
 * section and gemm_roofline.csv with H100 peaks and a filter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include <string.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-format.h"
#include "aiperf-formats.h"
#include "aiperf-gemm-private.h"
#include "aiperf-plot-spec.h"
#include "aiperf-run-builder.h"

extern const AiperfFormat aiperf_format_gemm;

static void
draw_all (AiperfRunSet *runs,
          GHashTable   *options)
{
  static const char * const types[] = { "roofline", "gemm_heatmap", "gemm_bars" };
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = aiperf_gemm_summary_section (runs, options);
  g_autofree char *out = g_build_filename (aiperf_fuzz_dir (), "out", NULL);

  aiperf_fuzz_check_text ("summary", summary);
  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      const AiperfPlotHandler *type;
      g_autoptr(AiperfPlotSpec) spec = NULL;
      g_autoptr(GPtrArray) split = NULL;

      type = aiperf_plot_handler_find (types[t]);
      g_assert_nonnull (type);
      spec = aiperf_plot_spec_new (types[t], type);
      aiperf_plot_spec_apply_options (spec, options);
      aiperf_plot_spec_set_extra (spec, "split", "dtype");
      aiperf_plot_spec_set_extra (spec, "metric", t == 2 ? "efficiency" : "ai");
      split = aiperf_gemm_expand_preset (spec, runs);
      for (guint i = 0; i < (split != NULL ? split->len : 0) + 1; i++)
        {
          const AiperfPlotSpec *one = i == 0 ? spec : g_ptr_array_index (split, i - 1);
          AiperfChart *chart = aiperf_plot_build_multi_run (one, runs, NULL, NULL, NULL);

          aiperf_chart_free (chart);
        }
    }
  g_mkdir_with_parents (out, 0700);
  aiperf_gemm_write_files (runs, options, out, files, &error);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  AiperfLoadResult result;
  AiperfLoadOptions load_options = { NULL, NULL };
  g_autoptr(GHashTable) options = NULL;
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autofree char *head = NULL;
  const char *path;

  if (size == 0)
    return 0;
  path = aiperf_fuzz_write_file (data[0] & 1 ? "gemm.json" : "GEMM.csv", data + 1, size - 1);
  head = aiperf_read_head (path, 65536, NULL);
  {
    AiperfSniffInput input = { path, FALSE, head, head != NULL ? strlen (head) : 0, NULL, TRUE };

    if (aiperf_format_gemm.sniff (&input) == AIPERF_SNIFF_NO)
      return 0;
  }
  aiperf_load_result_init (&result);
  aiperf_format_gemm.load (path, &load_options, &result);
  for (guint i = 0; i < result.errors->len; i++)
    aiperf_fuzz_check_text ("error", ((GError *) g_ptr_array_index (result.errors, i))->message);
  runs = aiperf_run_set_new ();
  for (guint i = 0; i < result.runs->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (result.runs, i);

      aiperf_run_set_source (run, "gemm", "GEMM benchmark", "gemm");
      aiperf_fuzz_check_run (run);
      aiperf_run_set_add (runs, run);
    }
  aiperf_load_result_clear (&result);
  if (aiperf_run_set_get_n_runs (runs) == 0)
    return 0;
  options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (options, "gpu", "h100");
  draw_all (runs, options);
  g_hash_table_insert (options, "filter", "dtype=bf16\nbatch_size=8\nlibrary=cublas");
  g_hash_table_remove (options, "gpu");
  draw_all (runs, options);
  return 0;
}
