/* bench-kernels.c — times loading and charting a 100,000-row kernel summary.
 *
 * bench-kernels [--rows N] [--repeat N] [--files 1|2]
 *
 * Writes an nsys-ui "CUDA GPU Kernel Summary" export of N distinct kernels
 * (quoted template names, durations with units, like ccl-bench's
 * EPLBOFF.csv) and, with --files 2 (the default), a second one with other
 * times (EPLB on), then times, median of the repeats:
 *   - the load: sniff + parse + classify (aiperf_run_set_load);
 *   - the charts: the kernels defaults (top kernels, categories, changes);
 *   target for both together < 0.5 s;
 *   - kernel_analysis.json (reported).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-kernels-private.h"
#include "aiperf-presets.h"
#include "aiperf-session-plot.h"
#include "../aiperf-test-util.h"

static int n_rows = 100000, repeat = 5, n_files = 2;

static char *
generate (const char *dir,
          const char *name,
          double      factor)
{
  static const char * const stems[] = {
    "void fused_moe_kernel<__nv_bfloat16, %d>(const T*, int, int)",
    "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<(unsigned long)%d>)",
    "void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64, 64, %d, false>>(Flash_fwd_params)",
    "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize%dx128x64_warpgroupsize1x1x1",
    "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, %d>(int, float)",
    "void vllm::rms_norm_kernel<c10::BFloat16, %d>(c10::BFloat16*, float, int)",
  };
  GString *s = g_string_new ("Time,Total Time,Instances,Avg,Med,Min,Max,StdDev,Name\r\n");
  char *path = g_build_filename (dir, name, NULL);

  for (int r = 0; r < n_rows; r++)
    {
      double avg_us = (1 + r % 997) * factor;
      int calls = 1 + (r * 7919) % 5000;
      g_autofree char *kernel = g_strdup_printf (stems[r % G_N_ELEMENTS (stems)], r);
      g_autofree char *quoted = NULL;

      quoted = g_strdup_printf ("\"%s\"", kernel);
      g_string_append_printf (s, "0.00%%,%.3f ms,%d,%.3f μs,%.3f μs,%.3f μs,%.3f μs,%.3f μs,%s\r\n",
                              avg_us * calls / 1000.0, calls, avg_us, avg_us, avg_us * 0.5, avg_us * 2,
                              avg_us * 0.1, quoted);
    }
  g_assert_true (g_file_set_contents (path, s->str, s->len, NULL));
  g_string_free (s, TRUE);
  return path;
}

static int
compare (gconstpointer a,
         gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *times)
{
  g_array_sort (times, compare);
  return g_array_index (times, double, times->len / 2);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-bench-kernels-XXXXXX", NULL);
  g_autofree char *off = NULL, *on = NULL;
  g_autoptr(GArray) loads = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) charts = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) jsons = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (NULL);
  g_autoptr(GPtrArray) specs = NULL;

  for (int i = 1; i + 1 < argc; i += 2)
    if (g_str_equal (argv[i], "--rows"))
      n_rows = atoi (argv[i + 1]);
    else if (g_str_equal (argv[i], "--repeat"))
      repeat = atoi (argv[i + 1]);
    else if (g_str_equal (argv[i], "--files"))
      n_files = CLAMP (atoi (argv[i + 1]), 1, 2);
  off = generate (dir, "EPLBOFF.csv", 1.0);
  if (n_files > 1)
    on = generate (dir, "EPLBON.csv", 0.9);
  specs = aiperf_session_kind_specs (config, AIPERF_KIND_KERNELS);
  g_assert_cmpuint (specs->len, ==, 3);

  for (int k = 0; k < repeat; k++)
    {
      const char *paths[] = { dir, NULL };
      g_autoptr(AiperfRunSet) runs = NULL;
      g_autoptr(AiperfPlotColors) colors = aiperf_plot_colors_new ();
      g_autofree char *json = NULL;
      gint64 t0 = g_get_monotonic_time (), t1, t2;
      double ms;

      runs = aiperf_run_set_load (paths, NULL, NULL, NULL, NULL);
      g_assert_nonnull (runs);
      g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, (guint) n_files);
      t1 = g_get_monotonic_time ();
      for (guint i = 0; i < specs->len; i++)
        {
          g_autoptr(GError) error = NULL;
          AiperfChart *chart = aiperf_session_build_chart (g_ptr_array_index (specs, i), runs, NULL, colors, &error);

          /* One summary has no changes to chart. */
          g_assert_true (chart != NULL || n_files == 1);
          aiperf_chart_free (chart);
        }
      t2 = g_get_monotonic_time ();
      json = aiperf_kernels_analysis_json (runs);
      g_assert_nonnull (json);
      ms = (t1 - t0) / 1000.0;
      g_array_append_val (loads, ms);
      ms = (t2 - t1) / 1000.0;
      g_array_append_val (charts, ms);
      ms = (g_get_monotonic_time () - t2) / 1000.0;
      g_array_append_val (jsons, ms);
    }
  g_print ("kernel summaries: %d file(s) of %d rows\n", n_files, n_rows);
  g_print ("load (sniff, parse, classify): %.1f ms\n", median (loads));
  g_print ("charts (top kernels, categories, changes): %.1f ms\n", median (charts));
  g_print ("load + charts: %.1f ms (target < 500 ms)\n", median (loads) + median (charts));
  g_print ("kernel_analysis.json: %.1f ms\n", median (jsons));
  aiperf_test_remove_tree (dir);
  return 0;
}
