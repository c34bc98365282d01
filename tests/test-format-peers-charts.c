/* test-format-peers-charts.c — comparison charts over runs of several
 * tools: one series per tool sweep, points labelled by each tool's load
 * parameter, stated stand-ins for metrics a tool does not record, and
 * AIPerf-only charts unchanged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-plot-handlers.h"
#include "aiperf-plot.h"
#include "aiperf-presets.h"
#include "format-test-util.h"

typedef struct {
  AiperfPlotConfig *config;
  AiperfPlotColors *colors;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->config = aiperf_plot_config_load_default (&error);
  g_assert_no_error (error);
  f->colors = aiperf_plot_colors_new ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  aiperf_plot_config_free (f->config);
  aiperf_plot_colors_free (f->colors);
}

static AiperfChart *
build (Fixture      *f,
       AiperfRunSet *runs,
       const char   *preset)
{
  g_autoptr(GError) error = NULL;
  AiperfChart *chart;

  chart = aiperf_plot_build_multi_run (aiperf_plot_config_find (f->config, AIPERF_MODE_MULTI_RUN, preset),
                                       runs, NULL, f->colors, &error);
  g_assert_no_error (error);
  g_assert_nonnull (chart);
  return chart;
}

static int
find_series (AiperfChart *chart,
             const char  *name)
{
  for (guint i = 0; i < chart->series->len; i++)
    if (g_str_equal (((AiperfSeries *) g_ptr_array_index (chart->series, i))->name, name))
      return (int) i;
  g_test_message ("no series %s", name);
  g_assert_not_reached ();
  return -1;
}

/* Points (markers) of @series, over its point layers; @label_out (nullable)
 * gets whether a point carries @label. */
static guint
series_points (AiperfChart *chart,
               int          series,
               const char  *label,
               gboolean    *label_out)
{
  guint n = 0;

  for (guint i = 0; i < chart->layers->len; i++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind != AIPERF_LAYER_POINTS || layer->series != series)
        continue;
      n += aiperf_layer_get_n (layer);
      for (guint j = 0; label != NULL && layer->labels != NULL && j < layer->labels->len; j++)
        if (g_strcmp0 (g_ptr_array_index (layer->labels, j), label) == 0)
          *label_out = TRUE;
    }
  return n;
}

static void
test_inference_perf_runs (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *root = format_fixture ("inference-perf", NULL);
  g_autoptr(AiperfRunSet) runs = format_load_one (root);
  g_autoptr(AiperfChart) chart = build (f, runs, "pareto_curve_throughput_per_gpu_vs_latency");
  int vllm, batch;
  gboolean labelled = FALSE;

  /* The two real runs of one model: two series of 7 points. */
  g_assert_cmpuint (chart->series->len, ==, 2);
  vllm = find_series (chart, "meta-llama/Meta-Llama-3-8B-Instruct (inference-perf: vllm)");
  batch = find_series (chart, "meta-llama/Meta-Llama-3-8B-Instruct (inference-perf: vllm+batch_size)");
  /* every rate with the two decimals of 61.79 (one number format) */
  g_assert_cmpuint (series_points (chart, vllm, "31.40 req/s", &labelled), ==, 7);
  g_assert_true (labelled);
  g_assert_cmpuint (series_points (chart, batch, NULL, NULL), ==, 7);
  g_assert_cmpstr (chart->label_title, ==, "Request Rate");
  /* No GPU count: the total throughput, and the chart says so. */
  g_assert_cmpstr (chart->y.title, ==, "Output Token Throughput");
  g_assert_cmpstr (chart->y.unit, ==, "tokens/sec");
  g_assert_true (g_str_has_prefix (chart->note, "No GPU count recorded (inference-perf): the total "
                                                "output token throughput is shown, not per GPU\nBest:"));
  /* nor does its title claim "per GPU" (the preset's title does) */
  g_assert_cmpstr (chart->title, ==, "Pareto Curve: Token Throughput vs Latency");
}

static void
test_across_tools (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *aiperf = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit",
                                                   "plot", "fixtures", NULL);
  g_autofree char *guidellm = format_fixture ("guidellm", "benchmarks_stripped.json", NULL);
  g_autofree char *inference_perf = format_fixture ("inference-perf", NULL);
  const char *paths[] = { aiperf, guidellm, inference_perf, NULL };
  g_autoptr(AiperfRunSet) runs = format_load (paths);
  g_autoptr(AiperfChart) chart = build (f, runs, "pareto_curve_throughput_per_gpu_vs_latency");
  int qwen, example;
  gboolean labelled = FALSE;
  AiperfLayer *line = NULL;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3 + 1 + 14);
  /* The legend says which tool made each series. */
  g_assert_cmpuint (chart->series->len, ==, 4);
  qwen = find_series (chart, "Qwen/Qwen3-0.6B (AIPerf)");
  example = find_series (chart, "example_model (GuideLLM)");
  find_series (chart, "meta-llama/Meta-Llama-3-8B-Instruct (inference-perf: vllm)");
  g_assert_cmpuint (series_points (chart, qwen, "4", &labelled), ==, 3);
  g_assert_true (labelled);
  labelled = FALSE;
  g_assert_cmpuint (series_points (chart, example, "1", &labelled), ==, 1);
  g_assert_true (labelled);
  g_assert_cmpstr (chart->label_title, ==, "Concurrency or Request Rate");
  /* AIPerf keeps its per-GPU values; the others stand in, and say so. */
  g_assert_cmpstr (chart->y.title, ==, "Output Token Throughput Per GPU");
  g_assert_cmpstr (chart->title, ==, "Pareto Curve: Token Throughput per GPU vs Latency");
  g_assert_true (g_str_has_prefix (chart->note, "No GPU count recorded for 15 runs (GuideLLM and "
                                                "inference-perf): they show the total output token "
                                                "throughput, not per GPU\n"));
  for (guint i = 0; i < chart->layers->len && line == NULL; i++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind == AIPERF_LAYER_LINE && layer->series == qwen)
        line = layer;
    }
  g_assert_nonnull (line);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (line, 0), 50.08213863971112, 1e-9);
  g_clear_pointer (&chart, aiperf_chart_free);

  /* TTFT vs request throughput needs no stand-in: no note about one. */
  chart = build (f, runs, "ttft_vs_throughput");
  g_assert_cmpuint (chart->series->len, ==, 4);
  g_assert_null (chart->note);
}

static void
test_aiperf_only_unchanged (Fixture       *f,
                            gconstpointer  data)
{
  g_autofree char *aiperf = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit",
                                                   "plot", "fixtures", NULL);
  g_autoptr(AiperfRunSet) runs = format_load_one (aiperf);
  g_autoptr(AiperfChart) chart = build (f, runs, "pareto_curve_throughput_per_gpu_vs_latency");

  g_assert_cmpuint (chart->series->len, ==, 1);
  find_series (chart, "Qwen/Qwen3-0.6B");
  g_assert_cmpstr (chart->label_title, ==, "Concurrency");
  g_assert_true (g_str_has_prefix (chart->note, "Best: upper left"));
  g_assert_true (g_str_has_suffix (chart->note, "; the line joins the runs no other run beats"));
}

/* The leaderboard's runs are one per model: each series is a single
 * point, so there is no line, and the note does not speak of one. */
static void
test_pareto_single_points (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *root = format_fixture ("llmperf-leaderboard", NULL);
  g_autoptr(AiperfRunSet) runs = format_load_one (root);
  g_autoptr(AiperfChart) chart = build (f, runs, "pareto_curve_throughput_per_gpu_vs_latency");

  g_assert_cmpuint (chart->series->len, ==, 2);
  g_assert_cmpstr (strstr (chart->note, "Best:"), ==,
                   "Best: upper left (higher Output Token Throughput, lower Average Request Latency)");
}

static void
test_llmperf_interactivity (Fixture       *f,
                            gconstpointer  data)
{
  g_autofree char *root = format_fixture ("llmperf", NULL);
  g_autoptr(AiperfRunSet) runs = format_load_one (root);
  g_autoptr(AiperfChart) chart = build (f, runs, "pareto_curve_throughput_per_gpu_vs_interactivity");
  int series;

  /* LLMPerf has neither a GPU count nor 1 ÷ ITL: both axes stand in. */
  series = find_series (chart, "meta-llama/Llama-2-7b-chat-hf (LLMPerf)");
  g_assert_cmpuint (series_points (chart, series, NULL, NULL), ==, 2);
  g_assert_cmpstr (chart->x.title, ==, "Average E2E Output Token Throughput");
  g_assert_cmpstr (chart->y.title, ==, "Output Token Throughput");
  g_assert_nonnull (strstr (chart->note, "No per-user throughput (1 ÷ inter-token latency) recorded for "
                                         "2 runs (LLMPerf): they show output tokens ÷ request latency"));
  g_assert_nonnull (strstr (chart->note, "No GPU count recorded (LLMPerf)"));
}

/* A ccl-bench collection driven at an infinite rate: "inf req/s" on every
 * point would say nothing, so each point shows the parameters that tell
 * it from the others (and EPLB only on the one run that turned it off). */
static void
test_constant_label (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *root = format_fixture ("vllm", "ccl", NULL);
  g_autoptr(AiperfRunSet) runs = format_load_one (root);
  g_autoptr(AiperfChart) chart = build (f, runs, "ttft_vs_throughput");
  g_autoptr(GHashTable) labels = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_points = 0;

  for (guint i = 0; i < chart->layers->len; i++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind != AIPERF_LAYER_POINTS)
        continue;
      g_assert_nonnull (layer->labels);
      for (guint j = 0; j < layer->labels->len; j++)
        {
          const char *label = g_ptr_array_index (layer->labels, j);

          g_assert_false (g_hash_table_contains (labels, label));
          g_hash_table_add (labels, (gpointer) label);
          n_points++;
        }
    }
  /* 16 runs (one of the 17 folders is broken), 16 different labels */
  g_assert_cmpuint (n_points, ==, 16);
  g_assert_false (g_hash_table_contains (labels, "inf req/s"));
  g_assert_true (g_hash_table_contains (labels, "pplx · 8192 · 64"));
  g_assert_true (g_hash_table_contains (labels, "Baseline · 4096 · 32"));
  g_assert_true (g_hash_table_contains (labels, "DefaultAll2All · 8192 · 32"));
  g_assert_true (g_hash_table_contains (labels, "DefaultAll2All · 8192 · 32 · off"));
  g_assert_cmpstr (chart->label_title, ==, "Variant · Max Num Batched Tokens · Max Num Seqs · Eplb");
}

/* A GuideLLM run's time-slice chart is left out naming the tool that
 * does not record slices, not AIPerf's setting. */
static void
test_no_time_slices (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *guidellm = format_fixture ("guidellm", "benchmarks_stripped.json", NULL);
  g_autoptr(AiperfRunSet) runs = format_load_one (guidellm);
  AiperfRun *run = aiperf_run_set_get_run (runs, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) chart = NULL;

  aiperf_run_load_details (run, NULL, NULL, NULL, NULL);
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (f->config, AIPERF_MODE_SINGLE_RUN, "timeslices_ttft"),
                                        run, f->colors, &error);
  g_assert_null (chart);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
  g_assert_nonnull (strstr (error->message, "has no time slices: GuideLLM does not record them, only AIPerf does."));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/format/peers/no-time-slices", Fixture, NULL, fixture_set_up, test_no_time_slices, fixture_tear_down);
  g_test_add ("/format/peers/constant-label", Fixture, NULL,
              fixture_set_up, test_constant_label, fixture_tear_down);
  g_test_add ("/format/peers/inference-perf-series", Fixture, NULL,
              fixture_set_up, test_inference_perf_runs, fixture_tear_down);
  g_test_add ("/format/peers/across-tools", Fixture, NULL,
              fixture_set_up, test_across_tools, fixture_tear_down);
  g_test_add ("/format/peers/aiperf-only-unchanged", Fixture, NULL,
              fixture_set_up, test_aiperf_only_unchanged, fixture_tear_down);
  g_test_add ("/format/peers/pareto-single-points", Fixture, NULL,
              fixture_set_up, test_pareto_single_points, fixture_tear_down);
  g_test_add ("/format/peers/llmperf-interactivity", Fixture, NULL,
              fixture_set_up, test_llmperf_interactivity, fixture_tear_down);
  return g_test_run ();
}
