/* bench-gemm.c — times loading and charting a 100,000-row GEMM table.
 *
 * bench-gemm [--rows N] [--repeat N]
 *
 * Writes a long GEMM sweep CSV (kernel, model, batch_size, dtype, M, N, K,
 * time_us, library, gpu: 4 models × 4 layers × 10 batch sizes × 2 dtypes
 * × 3 libraries, repeated to N rows), then times, median of the repeats:
 *   - the load: sniff + parse + FLOPs/bytes/AI/TFLOP/s (aiperf_run_set_load);
 *   - the charts: every default GEMM preset built into an AiperfChart with
 *     --gpu h100 (roofline, a heatmap per dtype, AI and TFLOP/s per kernel);
 *   target for both together < 0.5 s;
 *   - writing gemm_roofline.csv (reported);
 *   - drawing the roofline into a 2400×1200 image (reported).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-gemm-private.h"
#include "aiperf-kinds.h"
#include "aiperf-presets.h"
#include "aiperf-renderer.h"
#include "../aiperf-test-util.h"

static int n_rows = 100000, repeat = 5;

static char *
generate (const char *dir)
{
  static const struct {
    const char *model;
    double      hidden, inter, qkv;
  } models[] = {
    { "llama-8b", 4096, 14336, 6144 }, { "llama-70b", 8192, 28672, 10240 },
    { "qwen-7b", 3584, 18944, 4608 }, { "mixtral-8x7b", 4096, 14336, 6144 },
  };
  static const char * const dtypes[] = { "bf16", "fp8" };
  static const char * const libs[] = { "cublas", "triton", "cutlass" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  GString *s = g_string_new ("kernel,model,batch_size,dtype,M,N,K,time_us,library,gpu\n");
  char *path = g_build_filename (dir, "gemm-sweep.csv", NULL);

  for (int r = 0; r < n_rows; r++)
    {
      guint m = r % 4, layer = (r / 4) % 4, bs = 1u << ((r / 16) % 10), d = (r / 160) % 2, l = (r / 320) % 3;
      double N, K, flops, tflops;
      const char *name;

      switch (layer)
        {
        case 0: name = "qkv_proj"; N = models[m].qkv; K = models[m].hidden; break;
        case 1: name = "o_proj"; N = models[m].hidden; K = models[m].hidden; break;
        case 2: name = "gate_up"; N = 2 * models[m].inter; K = models[m].hidden; break;
        default: name = "down_proj"; N = models[m].hidden; K = models[m].inter; break;
        }
      flops = 2.0 * bs * N * K;
      /* a plausible speed: memory-bound at small batch, up to ~60 % of peak */
      tflops = MIN (0.6 * (d == 0 ? 989 : 1979), flops / (N * K * (d == 0 ? 2 : 1)) * 3.35 * 0.8) *
               g_rand_double_range (rand, 0.7, 1.0);
      g_string_append_printf (s, "%s,%s,%u,%s,%u,%.0f,%.0f,%.3f,%s,NVIDIA H100 80GB HBM3\n", name, models[m].model,
                              bs, dtypes[d], bs, N, K, flops / (tflops * 1e6), libs[l]);
    }
  g_assert_true (g_file_set_contents (path, s->str, s->len, NULL));
  g_string_free (s, TRUE);
  return path;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *ms)
{
  g_array_sort (ms, compare_doubles);
  return g_array_index (ms, double, ms->len / 2);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = g_dir_make_tmp ("bench-gemm-XXXXXX", NULL);
  g_autofree char *csv = NULL;
  g_autoptr(GArray) load_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) chart_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) total_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) draw_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) csv_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  const AiperfKind *kind = aiperf_kinds_find ("gemm");
  GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, "gemm");
  guint n_charts = 0, n_points = 0;

  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (g_str_equal (argv[i], "--rows"))
        n_rows = atoi (argv[i + 1]);
      else if (g_str_equal (argv[i], "--repeat"))
        repeat = atoi (argv[i + 1]);
    }
  g_assert_no_error (error);
  g_hash_table_insert (options, "gpu", "h100");
  csv = generate (dir);
  for (int rep = 0; rep < repeat; rep++)
    {
      const char *paths[] = { csv, NULL };
      gint64 t0 = g_get_monotonic_time (), t1, t2, t3, t4;
      g_autoptr(AiperfRunSet) runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
      AiperfChart *roofline = NULL;

      g_assert_no_error (error);
      t1 = g_get_monotonic_time ();
      n_charts = 0;
      for (guint i = 0; i < plots->len; i++)
        {
          g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_copy (g_ptr_array_index (plots, i));
          g_autoptr(GPtrArray) expanded = NULL;

          aiperf_plot_spec_apply_options (spec, options);
          expanded = kind->expand_preset (spec, runs);
          for (guint e = 0; e < (expanded != NULL ? expanded->len : 1); e++)
            {
              AiperfPlotSpec *one = expanded != NULL ? g_ptr_array_index (expanded, e) : spec;
              AiperfChart *chart = aiperf_plot_build_multi_run (one, runs, NULL, NULL, &error);

              g_assert_no_error (error);
              n_charts++;
              if (g_str_equal (one->name, "roofline") && roofline == NULL)
                roofline = chart;
              else
                aiperf_chart_free (chart);
            }
        }
      t2 = g_get_monotonic_time ();
      g_assert_true (kind->write_files (runs, options, dir, files, &error));
      t4 = g_get_monotonic_time ();
      n_points = aiperf_chart_count_points (roofline, AIPERF_LAYER_POINTS);
      {
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2400, 1200);
        cairo_t *cr = cairo_create (surface);
        g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
        AiperfStyle style;

        aiperf_style_init (&style, AIPERF_THEME_LIGHT);
        style.scale = 1.5;
        aiperf_renderer_draw (renderer, cr, roofline, NULL, &style, 2400, 1200);
        aiperf_style_clear (&style);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
      t3 = g_get_monotonic_time ();
      aiperf_chart_free (roofline);
      {
        double ms[] = { (t1 - t0) / 1000.0, (t2 - t1) / 1000.0, (t2 - t0) / 1000.0, (t3 - t4) / 1000.0,
                        (t4 - t2) / 1000.0 };

        g_array_append_val (load_ms, ms[0]);
        g_array_append_val (chart_ms, ms[1]);
        g_array_append_val (total_ms, ms[2]);
        g_array_append_val (draw_ms, ms[3]);
        g_array_append_val (csv_ms, ms[4]);
      }
    }
  g_print ("GEMM table of %d rows, %u charts (%u roofline points), median of %d:\n", n_rows, n_charts, n_points,
           repeat);
  g_print ("  load (sniff, parse, FLOPs/bytes/AI/TFLOP/s):   %7.1f ms\n", median (load_ms));
  g_print ("  charts (%u):                                    %7.1f ms\n", n_charts, median (chart_ms));
  g_print ("  load + charts:                                 %7.1f ms (target < 500 ms)\n", median (total_ms));
  g_print ("  gemm_roofline.csv:                             %7.1f ms\n", median (csv_ms));
  g_print ("  draw the roofline at 2400x1200:                %7.1f ms\n", median (draw_ms));
  aiperf_test_remove_tree (dir);
  return 0;
}
