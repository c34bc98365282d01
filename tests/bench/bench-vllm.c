/* bench-vllm.c — times opening and exporting a 1,000-folder vLLM collection.
 *
 * bench-vllm --exe AIPERF_PLOT [--folders N] [--repeat N]
 *
 * Generates a ccl-bench-style trace collection: N folders
 * Model-vllmEP4-Cluster[variant_seqs_tokens]-group1/ (10 variants × 10
 * max_num_seqs × 10 max_num_batched_tokens for N = 1000), each with a
 * workload YAML and three bench-serve result JSONs (one line, ~2 kB, as
 * vLLM writes them). Then it times
 *   - sniffing + loading: aiperf_run_set_load () over the collection
 *     (target < 0.5 s), and discovery alone;
 *   - the default export: aiperf-plot --headless (the real binary, no
 *     display; target < 1 s), median wall time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <sys/resource.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-formats.h"
#include "aiperf-run-set.h"
#include "../aiperf-test-util.h"

static char *plot_exe;
static int n_folders = 1000, repeat = 5;
static gboolean keep;

static char *
result_json (guint  variant,
             guint  seqs,
             guint  tokens,
             guint  r,
             GRand *rand)
{
  GString *out = g_string_new (NULL);
  double ttft = 50 + 10 * variant + seqs * 0.5 + tokens / 1024.0 + g_rand_double_range (rand, 0, 5);
  double tpot = 8 + variant + seqs / 32.0 + g_rand_double_range (rand, 0, 1);
  double rps = 1 + seqs / 16.0 + tokens / 65536.0 + g_rand_double_range (rand, 0, 0.5);
  static const char * const metrics[] = { "ttft", "tpot", "itl" };

  g_string_append_printf (out, "{\"date\": \"2025112%u-101500\", \"endpoint_type\": \"vllm\", \"backend\": \"vllm\", "
                          "\"label\": null, \"model_id\": \"mistralai/Mixtral-8x7B-v0.1\", "
                          "\"tokenizer_id\": \"mistralai/Mixtral-8x7B-v0.1\", \"num_prompts\": 200, "
                          "\"request_rate\": \"inf\", \"burstiness\": 1.0, \"max_concurrency\": null, "
                          "\"duration\": %.17g, \"completed\": 200, \"failed\": 0, \"total_input_tokens\": 51200, "
                          "\"total_output_tokens\": 40000, \"request_throughput\": %.17g, \"request_goodput\": null, "
                          "\"output_throughput\": %.17g, \"total_token_throughput\": %.17g, "
                          "\"max_output_tokens_per_s\": %.17g, \"max_concurrent_requests\": 64",
                          r, 200 / rps, rps, rps * 200, rps * 456, rps * 512);
  for (guint m = 0; m < G_N_ELEMENTS (metrics); m++)
    {
      double v = m == 0 ? ttft : tpot + m * 0.5;

      g_string_append_printf (out, ", \"mean_%s_ms\": %.17g, \"median_%s_ms\": %.17g, \"std_%s_ms\": %.17g, "
                              "\"p99_%s_ms\": %.17g", metrics[m], v, metrics[m], v * 0.97, metrics[m], v / 4,
                              metrics[m], v * 2.1);
    }
  g_string_append (out, "}");
  return g_string_free (out, FALSE);
}

static void
generate (const char *root)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GError) error = NULL;
  guint per_side = (guint) ceil (cbrt (n_folders));

  for (guint i = 0; i < (guint) n_folders; i++)
    {
      guint variant = i / (per_side * per_side), seqs = 2u << ((i / per_side) % per_side),
            tokens = 512u << (i % per_side);
      g_autofree char *name = g_strdup_printf ("Mixtral8x7B-vllmEP4-Perlmutter[var%u_%u_%u]-group1",
                                               variant, seqs, tokens);
      g_autofree char *dir = g_build_filename (root, "trace_collection", name, "results_json", NULL);
      g_autofree char *yaml_path = NULL, *yaml = NULL;

      g_mkdir_with_parents (dir, 0755);
      yaml = g_strdup_printf ("version: 1\nworkload:\n  model:\n    phase: inference\n    moe: true\n"
                              "  data:\n    max-num-seqs: %u\n    max-num-batched-tokens: %u\n"
                              "Model-executor:\n  framework:\n    name: vllm\n"
                              "  model_plan_parallelization:\n    tp: 1\n    ep: 4\n", seqs, tokens);
      yaml_path = g_strdup_printf ("%s/trace_collection/%s/%s.yaml", root, name, name);
      g_file_set_contents (yaml_path, yaml, -1, &error);
      g_assert_no_error (error);
      for (guint r = 0; r < 3; r++)
        {
          g_autofree char *file = g_strdup_printf ("%s/vllm-infqps-Mixtral-8x7B-v0.1-2025112%u-101500.json", dir, r);
          g_autofree char *text = result_json (variant, seqs, tokens, r, rand);

          g_file_set_contents (file, text, -1, &error);
          g_assert_no_error (error);
        }
    }
}

/* CPU time of this process (all threads), ms. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* CPU time of the finished children, ms. */
static double
children_cpu_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_CHILDREN, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

static char *
load_average (void)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    return g_strdup ("?");
  return g_strndup (text, strcspn (text, " "));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Sorts @times: the median, and the best in *@out_best. */
static double
median (GArray *times,
        double *out_best)
{
  g_array_sort (times, compare_doubles);
  if (out_best != NULL)
    *out_best = g_array_index (times, double, 0);
  return g_array_index (times, double, times->len / 2);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOptionContext) ctx = g_option_context_new ("- time a vLLM collection");
  g_autofree char *root = NULL, *collection = NULL, *out = NULL, *load = NULL;
  g_autoptr(GArray) load_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) walk_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) export_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) load_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) export_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_auto(GStrv) env = g_get_environ ();
  const GOptionEntry entries[] = {
    { "exe", 0, 0, G_OPTION_ARG_FILENAME, &plot_exe, "aiperf-plot", "PATH" },
    { "folders", 0, 0, G_OPTION_ARG_INT, &n_folders, "trace folders", "N" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "timed repetitions", "N" },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep, "keep the generated collection (for profiling)", NULL },
    { NULL }
  };
  guint n_plots = 0;
  double wall, best;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  root = g_dir_make_tmp ("aiperf-bench-vllm-XXXXXX", &error);
  g_assert_no_error (error);
  collection = g_build_filename (root, "trace_collection", NULL);
  generate (root);

  for (int r = 0; r < repeat; r++)
    {
      const char *paths[] = { collection, NULL };
      gint64 start = g_get_monotonic_time ();
      g_autoptr(GPtrArray) finds = aiperf_formats_discover (paths, NULL, NULL, NULL, NULL, &error);
      double ms = (g_get_monotonic_time () - start) / 1000.0;

      g_assert_no_error (error);
      g_assert_cmpuint (finds->len, ==, (guint) n_folders);
      g_array_append_val (walk_times, ms);
    }
  for (int r = 0; r < repeat; r++)
    {
      const char *paths[] = { collection, NULL };
      double cpu = cpu_ms ();
      gint64 start = g_get_monotonic_time ();
      g_autoptr(AiperfRunSet) set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
      double ms = (g_get_monotonic_time () - start) / 1000.0;

      cpu = cpu_ms () - cpu;
      g_assert_no_error (error);
      g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, (guint) n_folders);
      g_array_append_val (load_times, ms);
      g_array_append_val (load_cpu, cpu);
    }

  out = g_build_filename (root, "plots", NULL);
  env = g_environ_unsetenv (env, "DISPLAY");
  env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
  env = g_environ_setenv (env, "HOME", root, TRUE);
  for (int r = 0; plot_exe != NULL && r < repeat; r++)
    {
      char *cmd[] = { plot_exe, "--headless", collection, "-o", out, NULL };
      g_autofree char *stdout_text = NULL;
      int status = 0;
      double cpu = children_cpu_ms ();
      gint64 start = g_get_monotonic_time ();
      double ms;

      if (!g_spawn_sync (NULL, cmd, env, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &stdout_text, NULL,
                         &status, &error))
        g_error ("%s", error->message);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      cpu = children_cpu_ms () - cpu;
      g_array_append_val (export_cpu, cpu);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      sscanf (stdout_text, "Saved %u", &n_plots);
      g_array_append_val (export_times, ms);
      aiperf_test_remove_tree (out);
    }

  load = load_average ();
  /* Wall time depends on what else the machine runs; CPU time (all
   * threads) is what the work costs. */
  g_print ("bench-vllm: %d ccl-bench folders x 3 result files, %u cores, load average %s\n", n_folders,
           g_get_num_processors (), load);
  g_print ("  discovery (sniffing) only: median %.1f ms wall\n", median (walk_times, NULL));
  wall = median (load_times, &best);
  g_print ("  sniffing + loading (aiperf_run_set_load): median %.1f ms wall (best %.1f), "
           "%.1f ms CPU (target < 500 ms)\n", wall, best, median (load_cpu, NULL));
  if (export_times->len > 0)
    {
      wall = median (export_times, &best);
      g_print ("  default export (aiperf-plot --headless, %u PNGs at 2400x1200): median %.1f ms wall "
               "(best %.1f), %.1f ms CPU (target < 1000 ms)\n", n_plots, wall, best, median (export_cpu, NULL));
    }
  if (keep)
    g_print ("  kept %s\n", collection);
  else
    aiperf_test_remove_tree (root);
  return 0;
}
