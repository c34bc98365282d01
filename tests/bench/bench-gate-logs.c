/* bench-gate-logs.c — times loading and charting a large MoE gate-log set.
 *
 * bench-gate-logs [--steps N] [--experts E] [--files F] [--repeat N]
 *
 * Writes ccl-bench's layout bench_gates_logs/gates_logs_<f>/gate_logs_0.json
 * with N steps of E experts in all (a skewed top-2 router: a few hot
 * experts, a warm-up step per file), then times, median of the repeats:
 *   - the load: sniff + parse of every file into one run (aiperf_run_set_load);
 *   - the charts: the three default presets with --max-step-tokens;
 *   - expert_load.json and the summary.txt section;
 *   - drawing the heatmap into a 2400×1200 image (reported).
 * Target: load and charts of 100,000 steps × 64 experts < 0.5 s.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-expert-load-private.h"
#include "aiperf-presets.h"
#include "aiperf-renderer.h"
#include "../aiperf-test-util.h"

static int n_steps = 100000, n_experts = 64, n_files = 8, repeat = 5;

static char *
generate (const char *dir)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  char *root = g_build_filename (dir, "bench_gates_logs", NULL);

  for (int f = 0; f < n_files; f++)
    {
      g_autofree char *sub = g_strdup_printf ("%s/gates_logs_%d", root, f);
      g_autofree char *path = g_build_filename (sub, "gate_logs_0.json", NULL);
      GString *s = g_string_new ("{\"expert_loads\": [");
      GString *tokens = g_string_new ("], \"num_tokens\": [");
      int steps = n_steps / n_files + (f < n_steps % n_files);
      g_autofree int *row = g_new (int, n_experts);

      for (int st = 0; st < steps; st++)
        {
          /* the first step of each file is a 4096-token warm-up batch */
          int n_tok = st == 0 ? 4096 : 32 + g_rand_int_range (rand, 0, 480);

          memset (row, 0, sizeof (int) * n_experts);
          for (int t = 0; t < 2 * n_tok; t++)
            {
              /* a quarter of the routes go to the first 4 experts */
              int e = g_rand_int_range (rand, 0, 4) == 0 ? g_rand_int_range (rand, 0, 4)
                                                         : g_rand_int_range (rand, 0, n_experts);
              row[e]++;
            }
          g_string_append (s, st > 0 ? ", [" : "[");
          for (int e = 0; e < n_experts; e++)
            g_string_append_printf (s, e > 0 ? ", %d" : "%d", row[e]);
          g_string_append_c (s, ']');
          g_string_append_printf (tokens, st > 0 ? ", %d" : "%d", n_tok);
        }
      g_string_append (s, tokens->str);
      g_string_append (s, "]}\n");
      g_mkdir_with_parents (sub, 0700);
      g_assert_true (g_file_set_contents (path, s->str, s->len, NULL));
      g_string_free (s, TRUE);
      g_string_free (tokens, TRUE);
    }
  return root;
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
  g_autofree char *dir = g_dir_make_tmp ("bench-gate-logs-XXXXXX", NULL);
  g_autofree char *root = NULL;
  g_autoptr(GArray) load_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) chart_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) total_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) files_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) draw_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, AIPERF_KIND_EXPERT_LOAD);
  guint64 bytes = 0;

  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (g_str_equal (argv[i], "--steps"))
        n_steps = atoi (argv[i + 1]);
      else if (g_str_equal (argv[i], "--experts"))
        n_experts = atoi (argv[i + 1]);
      else if (g_str_equal (argv[i], "--files"))
        n_files = MAX (atoi (argv[i + 1]), 1);
      else if (g_str_equal (argv[i], "--repeat"))
        repeat = atoi (argv[i + 1]);
    }
  g_assert_no_error (error);
  root = generate (dir);
  for (int f = 0; f < n_files; f++)
    {
      g_autofree char *path = g_strdup_printf ("%s/gates_logs_%d/gate_logs_0.json", root, f);
      GStatBuf st;

      if (g_stat (path, &st) == 0)
        bytes += st.st_size;
    }
  for (int rep = 0; rep < repeat; rep++)
    {
      const char *paths[] = { root, NULL };
      g_autoptr(AiperfRunSet) runs = NULL;
      g_autoptr(AiperfChart) heatmap = NULL;
      g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *section = NULL;
      gint64 t0 = g_get_monotonic_time (), t1, t2, t3;

      runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 1);
      t1 = g_get_monotonic_time ();
      for (guint i = 0; i < plots->len; i++)
        {
          g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_copy (g_ptr_array_index (plots, i));
          AiperfChart *chart;

          aiperf_plot_spec_set_extra (spec, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS, "1000");
          chart = aiperf_plot_build_multi_run (spec, runs, NULL, NULL, &error);
          g_assert_no_error (error);
          if (g_str_equal (spec->name, "expert_load_heatmap"))
            heatmap = chart;
          else
            aiperf_chart_free (chart);
        }
      t2 = g_get_monotonic_time ();
      g_hash_table_insert (options, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS, "1000");
      g_assert_true (aiperf_expert_load_write_files (runs, options, dir, written, &error));
      section = aiperf_expert_load_summary_section (runs, options);
      t3 = g_get_monotonic_time ();
      g_array_append_val (load_ms, (double) { (t1 - t0) / 1000.0 });
      g_array_append_val (chart_ms, (double) { (t2 - t1) / 1000.0 });
      g_array_append_val (total_ms, (double) { (t2 - t0) / 1000.0 });
      g_array_append_val (files_ms, (double) { (t3 - t2) / 1000.0 });
      {
        g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2400, 1200);
        cairo_t *cr = cairo_create (surface);
        AiperfStyle style;
        gint64 d0 = g_get_monotonic_time ();

        aiperf_style_init (&style, AIPERF_THEME_LIGHT);
        style.scale = 1.5;
        aiperf_renderer_draw (renderer, cr, heatmap, NULL, &style, 2400, 1200);
        g_array_append_val (draw_ms, (double) { (g_get_monotonic_time () - d0) / 1000.0 });
        aiperf_style_clear (&style);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
    }
  g_print ("gate logs: %d steps × %d experts in %d files (%.1f MB)\n", n_steps, n_experts, n_files,
           bytes / 1e6);
  g_print ("load                      %8.1f ms\n", median (load_ms));
  g_print ("charts (3 presets)        %8.1f ms\n", median (chart_ms));
  g_print ("load + charts             %8.1f ms   (target < 500 ms)\n", median (total_ms));
  g_print ("expert_load.json+summary  %8.1f ms\n", median (files_ms));
  g_print ("draw heatmap 2400x1200    %8.1f ms\n", median (draw_ms));
  aiperf_test_remove_tree (dir);
  return 0;
}
