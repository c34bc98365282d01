/* fuzz-nsight.c — libFuzzer target: kernel summaries, from the bytes of a
 * file through the nsight format's sniff and load (UTF-16 and separator
 * detection, preamble, cells), then the kernel analysis: every kernel chart
 * (twice the run, for the deltas), the summary section and
 * kernel_analysis.json. The same bytes go through the TraceLens sheet
 * reader as each of its sheets, and as a report folder (kernel_summary.csv,
 * gpu_timeline.csv and ops_summary.csv, beside the other seeds' sheets
 * whose names the folder's not-read note lists) through the tracelens
 * format and the analysis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include <string.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-format.h"
#include "aiperf-formats.h"
#include "aiperf-kernels-private.h"
#include "aiperf-plot-spec.h"
#include "aiperf-run-builder.h"
#include "aiperf-tracelens-private.h"

extern const AiperfFormat aiperf_format_nsight;
extern const AiperfFormat aiperf_format_tracelens;

static void
analyse (AiperfRunSet *runs)
{
  static const char * const types[] = { "top_kernels", "kernel_categories", "kernel_deltas", "tracelens_ops" };
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = aiperf_kernels_summary_section (runs);
  g_autofree char *out = g_build_filename (aiperf_fuzz_dir (), "out", NULL);

  aiperf_fuzz_check_text ("summary", summary);
  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      const AiperfPlotHandler *type;
      g_autoptr(AiperfPlotSpec) spec = NULL;
      AiperfChart *chart;

      type = aiperf_plot_handler_find (types[t]);
      g_assert_nonnull (type);
      spec = aiperf_plot_spec_new (types[t], type);
      aiperf_plot_spec_set_extra (spec, "top", "3");
      chart = aiperf_plot_build_multi_run (spec, runs, NULL, NULL, NULL);
      aiperf_chart_free (chart);
    }
  g_mkdir_with_parents (out, 0700);
  aiperf_kernels_write_files (runs, NULL, out, files, &error);
}

static void
tracelens (const uint8_t *data,
           size_t         size)
{
  static const AiperfTracelensSheet sheets[] = {
    AIPERF_TRACELENS_SHEET_KERNELS, AIPERF_TRACELENS_SHEET_TIMELINE, AIPERF_TRACELENS_SHEET_CATEGORIES,
    AIPERF_TRACELENS_SHEET_OPS,
  };
  AiperfLoadResult result;
  AiperfLoadOptions load_options = { NULL, NULL };
  g_autoptr(AiperfRunSet) runs = aiperf_run_set_new ();
  g_autofree char *head = NULL;
  gsize head_len = 0;
  const char *path;

  for (guint s = 0; s < G_N_ELEMENTS (sheets); s++)
    {
      g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GError) error = NULL;
      g_autoptr(AiperfTable) table = aiperf_tracelens_read_sheet (sheets[s], (const char *) data, size, "sheet.csv",
                                                                  warnings, &error);

      if (table == NULL)
        aiperf_fuzz_check_text ("error", error->message);
      for (guint i = 0; i < warnings->len; i++)
        aiperf_fuzz_check_text ("warning", g_ptr_array_index (warnings, i));
    }
  /* a report folder whose kernel summary, GPU timeline and ops summary are
   * these bytes, and so is a sheet that is not read */
  aiperf_fuzz_write_file ("gpu_timeline.csv", data, size);
  aiperf_fuzz_write_file ("ops_summary.csv", data, size);
  aiperf_fuzz_write_file ("SDPA_fwd.csv", data, size);
  path = aiperf_fuzz_write_file ("kernel_summary.csv", data, size);
  head = aiperf_read_head (path, 65536, &head_len);
  aiperf_fuzz_check_text ("unread kind", aiperf_tracelens_unread_kind (head));
  {
    AiperfSniffInput input = { path, FALSE, head, head_len, NULL, TRUE };

    if (aiperf_format_tracelens.sniff (&input) == AIPERF_SNIFF_NO)
      return;
  }
  aiperf_load_result_init (&result);
  aiperf_format_tracelens.load (path, &load_options, &result);
  for (guint i = 0; i < result.errors->len; i++)
    aiperf_fuzz_check_text ("error", ((GError *) g_ptr_array_index (result.errors, i))->message);
  for (guint i = 0; i < result.runs->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (result.runs, i);

      aiperf_run_set_source (run, "tracelens", "TraceLens", "kernels");
      aiperf_fuzz_check_run (run);
      aiperf_run_set_add (runs, run);
    }
  aiperf_load_result_clear (&result);
  if (aiperf_run_set_get_n_runs (runs) > 0)
    analyse (runs);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  AiperfLoadResult result;
  AiperfLoadOptions load_options = { NULL, NULL };
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autofree char *head = NULL;
  gsize head_len = 0;
  const char *path;

  tracelens (data, size);
  path = aiperf_fuzz_write_file ("kern_sum.csv", data, size);
  head = aiperf_read_head (path, 65536, &head_len);
  {
    AiperfSniffInput input = { path, FALSE, head, head_len, NULL, TRUE };

    if (aiperf_format_nsight.sniff (&input) == AIPERF_SNIFF_NO)
      return 0;
  }
  aiperf_load_result_init (&result);
  aiperf_format_nsight.load (path, &load_options, &result);
  for (guint i = 0; i < result.errors->len; i++)
    aiperf_fuzz_check_text ("error", ((GError *) g_ptr_array_index (result.errors, i))->message);
  for (guint i = 0; i < result.warnings->len; i++)
    aiperf_fuzz_check_text ("warning", g_ptr_array_index (result.warnings, i));
  runs = aiperf_run_set_new ();
  for (guint i = 0; i < result.runs->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (result.runs, i);

      aiperf_run_set_source (run, "nsight", "Nsight Systems kernel summary", "kernels");
      aiperf_fuzz_check_run (run);
      aiperf_run_set_add (runs, run);
    }
  aiperf_load_result_clear (&result);
  if (aiperf_run_set_get_n_runs (runs) == 0)
    return 0;
  analyse (runs);
  /* a second copy of the file: the deltas and the comparison */
  path = aiperf_fuzz_write_file ("kern_sum_b.csv", data, size);
  aiperf_load_result_init (&result);
  aiperf_format_nsight.load (path, &load_options, &result);
  for (guint i = 0; i < result.runs->len; i++)
    {
      AiperfRun *run = g_ptr_array_index (result.runs, i);

      aiperf_run_set_source (run, "nsight", "Nsight Systems kernel summary", "kernels");
      aiperf_run_set_add (runs, run);
    }
  aiperf_load_result_clear (&result);
  analyse (runs);
  return 0;
}
