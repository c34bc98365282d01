/* test-plot-handlers.c — plot handlers on the real aiperf fixtures and on
 * synthetic runs: values, frontier membership, segments, outliers, skips.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "aiperf-run-set-load.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-error.h"
#include "aiperf-plot.h"
#include "aiperf-presets.h"
#include "aiperf-run-builder.h"

static AiperfPlotConfig *
default_config (void)
{
  g_autoptr(GError) error = NULL;
  AiperfPlotConfig *config = aiperf_plot_config_load_default (&error);

  g_assert_no_error (error);
  return config;
}

static AiperfRunSet *
load_runs (const char *first,
           ...)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  AiperfRunSet *runs;
  va_list args;

  va_start (args, first);
  for (const char *part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (paths, g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", part, NULL));
  va_end (args);
  g_ptr_array_add (paths, NULL);
  runs = aiperf_run_set_load ((const char * const *) paths->pdata, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return runs;
}

/* The only layer of @kind drawn for @series (asserts there is one). */
static AiperfLayer *
find_layer (AiperfChart     *chart,
            AiperfLayerKind  kind,
            int              series,
            guint            nth)
{
  for (guint i = 0; i < chart->layers->len; i++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind == kind && layer->series == series && nth-- == 0)
        return layer;
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_pareto_fixture (void)
{
  g_autoptr(AiperfPlotConfig) config = default_config ();
  g_autoptr(AiperfRunSet) runs = load_runs ("tests/unit/plot/fixtures", NULL);
  g_autoptr(AiperfPlotColors) colors = aiperf_plot_colors_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  AiperfLayer *line, *points;
  AiperfSeries *series;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  g_assert_cmpstr (aiperf_run_get_name (aiperf_run_set_get_run (runs, 0)), ==, "qwen_concurrency1");
  g_assert_cmpstr (aiperf_run_get_name (aiperf_run_set_get_run (runs, 2)), ==, "qwen_concurrency4");

  /* Latency (avg, lower is better) vs per-GPU throughput (higher is better).
   * c1 3652.15 ms / 50.08, c2 3747.75 / 100.65, c4 3743.17 / 194.51 tok/s/GPU
   * (one GPU: the two DCGM endpoints report the same UUID). c4 beats c2 on
   * both, c1 has the lowest latency: the frontier is c1 → c4. */
  chart = aiperf_plot_build_multi_run (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN,
                                                                "pareto_curve_throughput_per_gpu_vs_latency"),
                                       runs, NULL, colors, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chart->title, ==, "Pareto Curve: Token Throughput per GPU vs Latency");
  g_assert_cmpstr (chart->x.title, ==, "Average Request Latency");
  g_assert_cmpstr (chart->x.unit, ==, "ms");
  g_assert_cmpstr (chart->y.title, ==, "Output Token Throughput Per GPU");
  g_assert_cmpstr (chart->y.unit, ==, "tokens/sec/gpu");
  /* Comparison charts do not pull latency down to zero; throughput keeps it. */
  g_assert_false (chart->x.include_zero);
  g_assert_true (chart->y.include_zero);
  g_assert_cmpuint (chart->series->len, ==, 1);
  series = g_ptr_array_index (chart->series, 0);
  g_assert_cmpstr (series->name, ==, "Qwen/Qwen3-0.6B");

  line = find_layer (chart, AIPERF_LAYER_LINE, 0, 0);
  g_assert_cmpuint (aiperf_layer_get_n (line), ==, 2);
  g_assert_cmpint (g_array_index (line->ids, int, 0), ==, 0);
  g_assert_cmpint (g_array_index (line->ids, int, 1), ==, 2);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (line, 0), 3652.1454372343746, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (line, 0), 50.08213863971112, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (line, 1), 3743.1736741874997, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (line, 1), 194.50576456385642, 1e-9);
  /* Dominated c2 is still drawn, with its label, faded in lightness and
   * opaque (alpha would turn dark-theme hues into look-alikes). */
  points = find_layer (chart, AIPERF_LAYER_POINTS, 0, 0);
  g_assert_cmpuint (aiperf_layer_get_n (points), ==, 1);
  g_assert_cmpstr (g_ptr_array_index (points->labels, 0), ==, "2");
  g_assert_cmpfloat (points->opacity, ==, 1.0);
  g_assert_cmpfloat (points->fade, >, 0.2);
  points = find_layer (chart, AIPERF_LAYER_POINTS, 0, 1);
  g_assert_cmpstr (g_ptr_array_index (points->labels, 0), ==, "1");
  g_assert_cmpstr (g_ptr_array_index (points->labels, 1), ==, "4");
  g_clear_pointer (&chart, aiperf_chart_free);

  /* Interactivity (higher better): c1 54.97, c2 53.68, c4 53.89 → c4 beats c2. */
  chart = aiperf_plot_build_multi_run (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN,
                                                                "pareto_curve_throughput_per_gpu_vs_interactivity"),
                                       runs, NULL, colors, &error);
  g_assert_no_error (error);
  line = find_layer (chart, AIPERF_LAYER_LINE, 0, 0);
  g_assert_cmpuint (aiperf_layer_get_n (line), ==, 2);
  g_assert_cmpint (g_array_index (line->ids, int, 0), ==, 2);
  g_assert_cmpint (g_array_index (line->ids, int, 1), ==, 0);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (line, 0), 53.885371766697574, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (line, 1), 54.96763210350922, 1e-9);
  g_clear_pointer (&chart, aiperf_chart_free);

  /* scatter_line joins every run in x order: TTFT avg 30.81, 36.46, 49.84. */
  chart = aiperf_plot_build_multi_run (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "ttft_vs_throughput"),
                                       runs, NULL, colors, &error);
  g_assert_no_error (error);
  line = find_layer (chart, AIPERF_LAYER_LINE, 0, 0);
  g_assert_cmpuint (aiperf_layer_get_n (line), ==, 3);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (line, 0), 30.814987671875, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (line, 2), 49.838312015625, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (line, 2), 0.9726808041949375, 1e-12);
  g_assert_cmpstr (chart->y.unit, ==, "requests/sec");
  /* The group kept its colour across plots. */
  g_assert_cmpuint (((AiperfSeries *) g_ptr_array_index (chart->series, 0))->color.index, ==, 0);
  g_clear_pointer (&chart, aiperf_chart_free);

  /* One run per operating point: no interval, and the chart says why. */
  chart = aiperf_plot_build_multi_run (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN,
                                                                "latency_throughput_uncertainty"),
                                       runs, NULL, colors, &error);
  g_assert_no_error (error);
  g_assert_nonnull (chart->note);
  g_assert_cmpuint (aiperf_chart_count_points (chart, AIPERF_LAYER_POINTS), ==, 3);
}

static AiperfRun *
synthetic_trial (const char *dir,
                 double      concurrency,
                 double      latency,
                 double      throughput)
{
  AiperfRun *run = aiperf_run_new (dir);
  AiperfStats stats;

  aiperf_run_set_model (run, "m");
  aiperf_run_set_concurrency (run, concurrency);
  aiperf_stats_init_nan (&stats);
  stats.v[AIPERF_STAT_AVG] = latency;
  aiperf_run_set_metric (run, "request_latency", "ms", &stats);
  stats.v[AIPERF_STAT_AVG] = throughput;
  aiperf_run_set_metric (run, "output_token_throughput", "tokens/sec", &stats);
  aiperf_run_add_gpu (run, "GPU-1", 0, "gpu", "host", "e1");
  aiperf_run_add_gpu (run, "GPU-1", 0, "gpu", "host", "e2");
  return run;
}

static void
test_uncertainty (void)
{
  g_autoptr(AiperfPlotConfig) config = default_config ();
  g_autoptr(AiperfRunSet) runs = aiperf_run_set_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  const double lat[] = { 100, 110, 120 }, tput[] = { 50, 52, 54 };
  AiperfLayer *bars, *ellipses;
  int low;

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *dir = g_strdup_printf ("/synthetic/c8/trial_%u", i);
      g_autoptr(AiperfRun) run = synthetic_trial (dir, 8, lat[i], tput[i]);

      aiperf_run_set_add (runs, run);
    }
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *dir = g_strdup_printf ("/synthetic/c16/trial_%u", i);
      g_autoptr(AiperfRun) run = synthetic_trial (dir, 16, 200 + 10 * i, 80);

      aiperf_run_set_add (runs, run);
    }

  chart = aiperf_plot_build_multi_run (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN,
                                                                "latency_throughput_uncertainty"),
                                       runs, NULL, NULL, &error);
  g_assert_no_error (error);
  /* The caption says what the intervals are: c8 has 3 trials, c16 2. */
  g_assert_cmpstr (chart->note, ==, "Error bars and ellipses: 95 % confidence intervals of the mean "
                                    "(Student's t) over 2–3 trials per operating point");
  /* One group: its palette colour, as in the other plots (not aiperf's lone green). */
  g_assert_cmpint (((AiperfSeries *) g_ptr_array_index (chart->series, 0))->color.kind, ==, AIPERF_COLOR_PALETTE);
  g_assert_cmpuint (((AiperfSeries *) g_ptr_array_index (chart->series, 0))->color.index, ==, 0);
  bars = find_layer (chart, AIPERF_LAYER_ERROR_BARS, 0, 0);
  g_assert_cmpuint (aiperf_layer_get_n (bars), ==, 2);
  /* c8: mean 110 ms, sd 10 → 4.302652729749464 · 10 / √3 = 24.8414 */
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (bars, 0), 110, 1e-9);
  g_assert_cmpfloat_with_epsilon (g_array_index (bars->xhi, double, 0) - 110, 24.841377, 1e-5);
  /* GPU counted once (same UUID on two endpoints): y = 52 tokens/s/GPU. */
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (bars, 0), 52, 1e-9);
  ellipses = find_layer (chart, AIPERF_LAYER_ELLIPSES, 0, 0);
  g_assert_cmpuint (aiperf_layer_get_n (ellipses), ==, 1);
  low = aiperf_chart_find_series (chart, "Low sample (n < 3)");
  g_assert_cmpint (low, >=, 0);
  g_assert_true (((AiperfSeries *) g_ptr_array_index (chart->series, low))->dashed);
  ellipses = find_layer (chart, AIPERF_LAYER_ELLIPSES, low, 0);
  g_assert_cmpuint (aiperf_layer_get_n (ellipses), ==, 1);
  g_assert_true (ellipses->dashed);
  /* c16: sd 7.0711, n 2 → t(0.975,1)=12.7062 · 7.0711 / √2 = 63.531 */
  g_assert_cmpfloat_with_epsilon (g_array_index (ellipses->xlo, double, 0), 63.531024, 1e-5);
}

static void
test_classification (void)
{
  g_autoptr(GError) error = NULL;
  const char *text =
    "visualization:\n"
    "  multi_run_plots:\n"
    "    p: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg}\n"
    "experiment_classification:\n"
    "  baselines: [\"*baseline*\"]\n"
    "  treatments: [\"*treatment*\"]\n"
    "  group_display_names: {baseline_x: \"Baseline\"}\n";
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_data (text, strlen (text), "c.yaml", &error);
  g_autoptr(AiperfRunSet) runs = aiperf_run_set_new ();
  g_autoptr(AiperfChart) chart = NULL;
  const char *dirs[] = { "/e/treatment_b/concurrency_1", "/e/baseline_x/concurrency_1",
                         "/e/baseline_x/concurrency_2", "/e/treatment_a/concurrency_1" };
  AiperfSeries *s;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autoptr(AiperfRun) run = synthetic_trial (dirs[i], 1 + i, 100 + i, 50 + i);

      aiperf_run_set_add (runs, run);
    }
  chart = aiperf_plot_build_multi_run (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "p"),
                                       runs, config->classification, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chart->series->len, ==, 3);
  s = g_ptr_array_index (chart->series, 0);
  g_assert_cmpstr (s->name, ==, "Baseline");
  g_assert_cmpuint (s->color.index, ==, AIPERF_ROLE_BASELINE);
  s = g_ptr_array_index (chart->series, 1);
  g_assert_cmpstr (s->name, ==, "treatment_a");
  g_assert_cmpint (s->color.kind, ==, AIPERF_COLOR_ROLE);
  g_assert_cmpuint (s->color.index, ==, AIPERF_ROLE_ACCENT);
  s = g_ptr_array_index (chart->series, 2);
  g_assert_cmpstr (s->name, ==, "treatment_b");
  g_assert_cmpint (s->color.kind, ==, AIPERF_COLOR_PALETTE);
  g_assert_cmpuint (aiperf_layer_get_n (find_layer (chart, AIPERF_LAYER_LINE, 0, 0)), ==, 2);
}

/* A preset's view keys (saved from a report's view): log scales and a
 * zoomed range on the chart the handler built; a bad range is ignored,
 * and "log_x: false" takes a log axis back to linear. */
static void
test_view_keys (void)
{
  g_autoptr(GError) error = NULL;
  const char *text =
    "visualization:\n"
    "  multi_run_plots:\n"
    "    p: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg,\n"
    "        log_y: true, x_range: [100.5, 102], y_range: [9, 3]}\n"
    "    q: {type: scatter_line, x: request_latency_avg, y: output_token_throughput_avg, log_x: false}\n";
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_data (text, strlen (text), "v.yaml", &error);
  g_autoptr(AiperfRunSet) runs = aiperf_run_set_new ();
  g_autoptr(AiperfChart) chart = NULL, plain = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(AiperfRun) run = synthetic_trial ("/e/run", 1 + i, 100 + i, 50 + i);

      aiperf_run_set_add (runs, run);
    }
  chart = aiperf_plot_build_multi_run (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "p"),
                                       runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (chart->x.scale, ==, AIPERF_SCALE_LINEAR);
  g_assert_cmpint (chart->y.scale, ==, AIPERF_SCALE_LOG);
  g_assert_true (chart->x.fixed_range);
  g_assert_cmpfloat (chart->x.min, ==, 100.5);
  g_assert_cmpfloat (chart->x.max, ==, 102);
  /* [9, 3] is no range */
  g_assert_false (chart->y.fixed_range);
  plain = aiperf_plot_build_multi_run (aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "q"),
                                       runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (plain->x.scale, ==, AIPERF_SCALE_LINEAR);
  g_assert_false (plain->x.fixed_range);
}

static void
test_single_run_fixture (void)
{
  g_autoptr(AiperfPlotConfig) config = default_config ();
  g_autoptr(AiperfRunSet) runs = load_runs ("tests/unit/plot/fixtures/qwen_concurrency1", NULL);
  AiperfRun *run = aiperf_run_set_get_run (runs, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  AiperfLayer *prefill, *decode, *points;

  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  /* Request timeline: one prefill and one decode segment per request with TTFT (10). */
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "ttft_timeline"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_chart_count_points (chart, AIPERF_LAYER_SEGMENTS), ==, 2 * 10);
  prefill = find_layer (chart, AIPERF_LAYER_SEGMENTS, aiperf_chart_find_series (chart, "Prefill Phase"), 0);
  decode = find_layer (chart, AIPERF_LAYER_SEGMENTS, aiperf_chart_find_series (chart, "Decode Phase"), 0);
  g_assert_cmpuint (aiperf_layer_get_n (prefill), ==, 10);
  g_assert_cmpfloat (aiperf_layer_x (prefill, 0), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (g_array_index (prefill->x2, double, 0), 0.031742934, 1e-6);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (prefill, 0), 31.742933999999998, 1e-9);
  g_assert_cmpfloat_with_epsilon (g_array_index (decode->x2, double, 0), 3.644287149, 1e-6);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (decode, 1), 3.648202589 + 0.031274152, 1e-6);
  g_assert_cmpstr (chart->x.unit, ==, "s");
  g_assert_cmpstr (chart->y.title, ==, "Time to First Token");
  g_clear_pointer (&chart, aiperf_chart_free);

  /* TTFT per request, in start-time order. */
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "ttft_over_time"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  points = find_layer (chart, AIPERF_LAYER_POINTS, 0, 0);
  g_assert_cmpuint (aiperf_layer_get_n (points), ==, 10);
  g_assert_cmpfloat (aiperf_layer_x (points, 0), ==, 0);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (points, 0), 31.742933999999998, 1e-9);
  g_assert_cmpstr (chart->x.title, ==, "Request Number");
  g_clear_pointer (&chart, aiperf_chart_free);

  /* GPU utilisation: one GPU behind two endpoints, % axis fixed to 0..100. */
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN,
                                                                 "gpu_utilization_and_throughput_over_time"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (chart->has_y2);
  g_assert_true (chart->y2.fixed_range);
  g_assert_cmpfloat (chart->y2.max, ==, 100);
  g_assert_cmpstr (chart->y2.title, ==, "GPU Utilization");
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 1))->name, ==, "GPU Utilization");
  g_clear_pointer (&chart, aiperf_chart_free);

  /* No time slices in the fixture: skipped with a reason. */
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_ttft"),
                                        run, NULL, &error);
  g_assert_null (chart);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
  g_assert_nonnull (strstr (error->message, "time slices"));
}

static AiperfRun *
timeslice_run (void)
{
  const double ttft[] = { 95, 100, 105, 150, 98, 60 };
  const double tput[] = { 10, 10.5, 7, 9.8, 10, 10 };
  AiperfRun *run = aiperf_run_new ("/synthetic/slices");
  AiperfTimeslices *ts = aiperf_timeslices_new ();
  AiperfStats stats;

  aiperf_timeslices_set_slice_duration (ts, 10);
  aiperf_timeslices_set_full_precision (ts, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (ttft); i++)
    {
      aiperf_stats_init_nan (&stats);
      stats.v[AIPERF_STAT_AVG] = ttft[i];
      stats.v[AIPERF_STAT_STD] = 5;
      stats.v[AIPERF_STAT_P90] = ttft[i] + 20;
      aiperf_timeslices_set_stats (ts, "time_to_first_token", "ms", i, &stats);
      aiperf_stats_init_nan (&stats);
      stats.v[AIPERF_STAT_AVG] = tput[i];
      stats.v[AIPERF_STAT_STD] = 0.5;
      aiperf_timeslices_set_stats (ts, "request_throughput", "requests/sec", i, &stats);
    }
  aiperf_run_set_timeslices (run, ts);
  aiperf_timeslices_unref (ts);
  aiperf_stats_init_nan (&stats);
  stats.v[AIPERF_STAT_AVG] = 100;
  stats.v[AIPERF_STAT_STD] = 10;
  stats.v[AIPERF_STAT_P90] = 125;
  aiperf_run_set_metric (run, "time_to_first_token", "ms", &stats);
  aiperf_stats_init_nan (&stats);
  stats.v[AIPERF_STAT_AVG] = 10;
  stats.v[AIPERF_STAT_STD] = 1;
  aiperf_run_set_metric (run, "request_throughput", "requests/sec", &stats);
  return run;
}

static void
test_timeslice_outliers (void)
{
  g_autoptr(AiperfPlotConfig) config = default_config ();
  g_autoptr(AiperfRun) run = timeslice_run ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(AiperfPlotSpec) spec = NULL;
  AiperfLayer *outliers, *points, *bars;
  int outlier_series;

  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_ttft"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  outlier_series = aiperf_chart_find_series (chart, "Outlier");
  outliers = find_layer (chart, AIPERF_LAYER_POINTS, outlier_series, 0);
  /* Only slice 3: 150 > 100 + 10 + 5. The low 60 is not a TTFT outlier. */
  g_assert_cmpuint (aiperf_layer_get_n (outliers), ==, 1);
  g_assert_cmpfloat (aiperf_layer_x (outliers, 0), ==, 35);
  g_assert_cmpfloat (aiperf_layer_y (outliers, 0), ==, 150);
  g_assert_cmpint (outliers->marker, ==, AIPERF_MARKER_DIAMOND);
  points = find_layer (chart, AIPERF_LAYER_POINTS, 0, 0);
  g_assert_cmpuint (aiperf_layer_get_n (points), ==, 5);
  g_assert_cmpfloat (aiperf_layer_x (points, 0), ==, 5);
  g_assert_cmpuint (chart->x.tick_labels->len, ==, 6);
  g_assert_cmpstr (g_ptr_array_index (chart->x.tick_labels, 0), ==, "0-10");
  g_assert_cmpstr (g_ptr_array_index (chart->x.tick_labels, 5), ==, "50-60");
  g_assert_cmpfloat (chart->x.max, ==, 60);
  g_assert_cmpuint (aiperf_layer_get_n (find_layer (chart, AIPERF_LAYER_HLINE,
                                                    aiperf_chart_find_series (chart, "Run Average: 100 ms"), 0)), ==, 1);
  g_assert_cmpint (aiperf_chart_find_series (chart, "Run ±1 Std Dev: 10 ms"), >=, 0);
  /* The outlier's own ±std bar is red too. */
  g_assert_cmpuint (aiperf_layer_get_n (find_layer (chart, AIPERF_LAYER_ERROR_BARS, outlier_series, 0)), ==, 1);
  g_clear_pointer (&chart, aiperf_chart_free);

  /* Throughput: low is bad. 7 < 10 - 1 - 0.5. */
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_throughput"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  outliers = find_layer (chart, AIPERF_LAYER_POINTS, aiperf_chart_find_series (chart, "Outlier"), 0);
  g_assert_cmpuint (aiperf_layer_get_n (outliers), ==, 1);
  g_assert_cmpfloat (aiperf_layer_x (outliers, 0), ==, 25);
  g_clear_pointer (&chart, aiperf_chart_free);

  /* Any stat the slices carry: p90, as a histogram of bars 10 s wide. */
  spec = aiperf_plot_spec_copy (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_ttft"));
  spec->handler = aiperf_plot_handler_find ("histogram");
  spec->stat = AIPERF_STAT_P90;
  chart = aiperf_plot_build_single_run (spec, run, NULL, &error);
  g_assert_no_error (error);
  bars = find_layer (chart, AIPERF_LAYER_BARS, 0, 0);
  g_assert_cmpuint (aiperf_layer_get_n (bars), ==, 6);
  g_assert_cmpfloat (aiperf_layer_y (bars, 3), ==, 170);
  g_assert_cmpfloat (g_array_index (bars->x2, double, 0), ==, 10);
  g_assert_cmpstr (chart->y.title, ==, "p90 Time to First Token");
  g_clear_pointer (&chart, aiperf_chart_free);

  spec->stat = AIPERF_STAT_P99;
  chart = aiperf_plot_build_single_run (spec, run, NULL, &error);
  g_assert_null (chart);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
  g_assert_nonnull (strstr (error->message, "p99"));
}

/* The same from files: the synthetic JSON time-slice export in tests/data/plots. */
static void
test_timeslice_fixture (void)
{
  g_autoptr(AiperfPlotConfig) config = default_config ();
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "plots", "timeslice-run", NULL);
  const char *paths[] = { dir, NULL };
  g_autoptr(AiperfRunSet) runs = aiperf_run_set_load (paths, NULL, NULL, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  AiperfRun *run;
  AiperfLayer *outliers;

  g_assert_nonnull (runs);
  run = aiperf_run_set_get_run (runs, 0);
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_ttft"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  /* Slices 0 and 17 sit above 49.84 + 8.75 + 4.37 ms; their centres are 5 s and 175 s. */
  outliers = find_layer (chart, AIPERF_LAYER_POINTS, aiperf_chart_find_series (chart, "Outlier"), 0);
  g_assert_cmpuint (aiperf_layer_get_n (outliers), ==, 2);
  g_assert_cmpfloat (aiperf_layer_x (outliers, 0), ==, 5);
  g_assert_cmpfloat (aiperf_layer_x (outliers, 1), ==, 175);
  g_assert_cmpuint (aiperf_layer_get_n (find_layer (chart, AIPERF_LAYER_POINTS, 0, 0)), ==, 22);
  g_assert_cmpstr (g_ptr_array_index (chart->x.tick_labels, 23), ==, "230-240");
  /* One precision for the legend's numbers: the std to two significant
   * digits, the average to as many decimals. */
  g_assert_cmpint (aiperf_chart_find_series (chart, "Run Average: 49.8 ms"), >=, 0);
  g_assert_cmpint (aiperf_chart_find_series (chart, "Run ±1 Std Dev: 8.7 ms"), >=, 0);
  /* TTFT spreads from 40 to 75 ms: its axis keeps 0, and says nothing. */
  g_assert_true (chart->y.include_zero);
  g_assert_null (chart->note);
  g_clear_pointer (&chart, aiperf_chart_free);

  /* ITL sits at 18.2–18.9 ms: the axis starts near the data and says so. */
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_itl"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (chart->y.include_zero);
  g_assert_nonnull (chart->note);
  g_assert_nonnull (strstr (chart->note, "does not start at 0"));
}

static gboolean
in_legend (const AiperfChart *chart,
           const char        *name)
{
  int series = aiperf_chart_find_series (chart, name);

  return series >= 0 && ((AiperfSeries *) g_ptr_array_index (chart->series, series))->in_legend;
}

/* ITL at 14.1–14.4 ms with a run std of 0.09597 ms; throughput slices
 * without a std. */
static void
test_timeslice_legend_and_axis (void)
{
  g_autoptr(AiperfPlotConfig) config = default_config ();
  g_autoptr(AiperfRun) run = aiperf_run_new ("/synthetic/itl");
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  AiperfTimeslices *ts = aiperf_timeslices_new ();
  AiperfStats stats;
  guint decimals[2];
  const char *names[2] = { "Run Average: 14.270 ms", "Run ±1 Std Dev: 0.096 ms" };

  aiperf_timeslices_set_slice_duration (ts, 10);
  aiperf_timeslices_set_full_precision (ts, TRUE);
  for (guint i = 0; i < 30; i++)
    {
      aiperf_stats_init_nan (&stats);
      stats.v[AIPERF_STAT_AVG] = 14.1 + 0.3 * (i % 7) / 6.0;
      stats.v[AIPERF_STAT_STD] = 0.05;
      aiperf_timeslices_set_stats (ts, "inter_token_latency", "ms", i, &stats);
      aiperf_stats_init_nan (&stats);
      stats.v[AIPERF_STAT_AVG] = 9 + (i % 3);
      aiperf_timeslices_set_stats (ts, "request_throughput", "requests/sec", i, &stats);
    }
  aiperf_run_set_timeslices (run, ts);
  aiperf_timeslices_unref (ts);
  aiperf_stats_init_nan (&stats);
  stats.v[AIPERF_STAT_AVG] = 14.2701;
  stats.v[AIPERF_STAT_STD] = 0.09597;
  aiperf_run_set_metric (run, "inter_token_latency", "ms", &stats);

  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_itl"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  /* "14.270 ms" beside "0.096 ms": as many decimals in both, not
   * "14.27" beside "0.09597" */
  for (guint k = 0; k < 2; k++)
    {
      const char *dot;

      g_assert_cmpint (aiperf_chart_find_series (chart, names[k]), >=, 0);
      dot = strchr (names[k], '.');
      decimals[k] = (guint) (strchr (dot, ' ') - dot - 1);
    }
  g_assert_cmpuint (decimals[0], ==, decimals[1]);
  g_assert_true (in_legend (chart, "±1 Time Slice Std Dev"));
  /* 14.1–14.4 with ±0.05 bars and the ±0.096 band: far from 0 */
  g_assert_false (chart->y.include_zero);
  g_assert_cmpstr (chart->note, ==, "The y axis does not start at 0");
  g_clear_pointer (&chart, aiperf_chart_free);

  /* Throughput slices carry no std: no error bar, so no legend entry for one. */
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_throughput"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_chart_count_points (chart, AIPERF_LAYER_ERROR_BARS), ==, 0);
  g_assert_false (in_legend (chart, "±1 Time Slice Std Dev"));
  g_assert_true (in_legend (chart, "Time Slice Average"));
  /* 9–11 requests/s: the 9 below them is more than twice their spread of
   * 2, so this axis starts near the data too. */
  g_assert_false (chart->y.include_zero);
  g_clear_pointer (&chart, aiperf_chart_free);

  /* A histogram keeps 0 whatever the values: a bar's length is its value. */
  {
    g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_copy (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN,
                                                                                      "timeslices_itl"));

    spec->handler = aiperf_plot_handler_find ("histogram");
    chart = aiperf_plot_build_single_run (spec, run, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (chart->y.include_zero);
  }
}

static void
test_no_data (void)
{
  g_autoptr(AiperfPlotConfig) config = default_config ();
  g_autoptr(AiperfRun) run = aiperf_run_new ("/synthetic/plain");
  g_autoptr(AiperfTable) requests = aiperf_table_new ();
  g_autoptr(GError) error = NULL;
  AiperfChart *chart;
  guint col, row;

  /* A non-streaming run: no TTFT column. */
  aiperf_run_set_streaming (run, FALSE);
  col = aiperf_table_ensure_column (requests, "request_latency", "ms");
  row = aiperf_table_append_row (requests);
  aiperf_table_set (requests, col, row, 12.5);
  aiperf_table_set (requests, aiperf_table_ensure_column (requests, "request_number", NULL), row, 0);
  aiperf_run_set_requests (run, requests);

  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "ttft_over_time"),
                                        run, NULL, &error);
  g_assert_null (chart);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
  g_assert_nonnull (strstr (error->message, "streaming"));
  g_assert_null (strchr (error->message, '\n'));
  g_clear_error (&error);

  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN,
                                                                 "gpu_utilization_and_throughput_over_time"),
                                        run, NULL, &error);
  g_assert_null (chart);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
  g_clear_error (&error);

  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "latency_over_time"),
                                        run, NULL, &error);
  g_assert_null (chart);  /* no timestamp_s column */
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
}

/* A preset names its chart by type: every type names one handler, of one
 * kind and scope, and aiperf plot's eleven types are the serving kind's. */
static void
test_handlers_by_type (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const char *aiperf_types[] = {
    "scatter", "scatter_line", "pareto", "scatter_with_percentiles", "area", "request_timeline",
    "timeslice", "histogram", "dual_axis", "percentile_bands", "latency_throughput_uncertainty",
  };
  guint n_aiperf = 0;

  g_assert_cmpuint (aiperf_plot_handlers_count (), >, G_N_ELEMENTS (aiperf_types));
  g_assert_null (aiperf_plot_handler_nth (aiperf_plot_handlers_count ()));
  g_assert_null (aiperf_plot_handler_find ("no_such_chart"));
  for (guint i = 0; i < aiperf_plot_handlers_count (); i++)
    {
      const AiperfPlotHandler *handler = aiperf_plot_handler_nth (i);
      g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_new ("p", handler);

      g_assert_false (g_hash_table_contains (seen, handler->type));
      g_hash_table_add (seen, (gpointer) handler->type);
      g_assert_true (aiperf_plot_handler_find (handler->type) == handler);
      g_assert_true (spec->handler == handler);
      g_assert_cmpstr (spec->kind, ==, handler->kind);
      g_assert_cmpint (spec->multi_run, ==, handler->scope == AIPERF_PLOT_SCOPE_MULTI_RUN);
      g_assert_true ((handler->build_single != NULL) == !spec->multi_run);
      g_assert_true ((handler->build_multi != NULL) == spec->multi_run);
      n_aiperf += handler->aiperf_type;
    }
  g_assert_cmpuint (n_aiperf, ==, G_N_ELEMENTS (aiperf_types));
  for (guint i = 0; i < G_N_ELEMENTS (aiperf_types); i++)
    {
      const AiperfPlotHandler *handler = aiperf_plot_handler_find (aiperf_types[i]);

      g_assert_nonnull (handler);
      g_assert_true (handler->aiperf_type);
      g_assert_cmpstr (handler->kind, ==, "serving");
      /* only the uncertainty chart's points are means over trials */
      g_assert_cmpint (handler->trial_means, ==, g_str_equal (aiperf_types[i], "latency_throughput_uncertainty"));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/plot/handlers/by-type", test_handlers_by_type);
  g_test_add_func ("/aiperf/plot/pareto/fixture-sweep", test_pareto_fixture);
  g_test_add_func ("/aiperf/plot/uncertainty/student-t", test_uncertainty);
  g_test_add_func ("/aiperf/plot/classification", test_classification);
  g_test_add_func ("/aiperf/plot/view-keys", test_view_keys);
  g_test_add_func ("/aiperf/plot/single-run/fixture", test_single_run_fixture);
  g_test_add_func ("/aiperf/plot/timeslice/outliers", test_timeslice_outliers);
  g_test_add_func ("/aiperf/plot/timeslice/fixture", test_timeslice_fixture);
  g_test_add_func ("/aiperf/plot/timeslice/legend-and-axis", test_timeslice_legend_and_axis);
  g_test_add_func ("/aiperf/plot/no-data", test_no_data);
  return g_test_run ();
}
