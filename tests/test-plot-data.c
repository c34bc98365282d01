/* test-plot-data.c — plots against the data they stand for: one GPU point per
 * scrape at its own time, and the per-request inter-chunk latency range.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-artifacts.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-error.h"
#include "aiperf-plot.h"
#include "aiperf-presets.h"
#include "aiperf-run-builder.h"

#define FIXTURES "data", "aiperf-real", "tests", "unit", "plot", "fixtures"

static AiperfRun *
load_fixture_run (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, FIXTURES, name, NULL);
  AiperfRun *run = aiperf_run_load_summary (dir, &error);

  g_assert_no_error (error);
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return run;
}

static AiperfLayer *
gpu_layer (AiperfChart *chart)
{
  for (guint i = 0; i < chart->layers->len; i++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->on_y2)
        return layer;
    }
  g_assert_not_reached ();
  return NULL;
}

static AiperfChart *
build_gpu_chart (AiperfRun *run)
{
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (NULL);
  g_autoptr(GError) error = NULL;
  AiperfChart *chart;

  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN,
                                                                 "gpu_utilization_and_throughput_over_time"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (chart);
  return chart;
}

/* The real fixture: one GPU behind two DCGM exporters (9400 first), ten
 * scrapes each, 0.33 s apart, the two exporters about 1 ms apart. Each
 * scrape is drawn once, at its own time (9400's), with its own value. */
static void
test_gpu_real_fixture (void)
{
  g_autoptr(AiperfRun) run = load_fixture_run ("qwen_concurrency1");
  g_autoptr(AiperfChart) chart = build_gpu_chart (run);
  const double origin = 1762551534797067827.0;
  const gint64 stamps[] = {
    1762551530946074466, 1762551531280334975, 1762551531613443727, 1762551531945718875,
    1762551532277962767, 1762551532611692761,
  };
  const double util[] = { 2, 99, 94, 94, 94, 95 };
  AiperfLayer *layer = gpu_layer (chart);

  g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 10);
  /* Not −3.682 (the centre of a bin that held two scrapes). */
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (layer, 0), -3.851, 0.0005);
  for (guint i = 0; i < G_N_ELEMENTS (stamps); i++)
    {
      g_assert_cmpfloat_with_epsilon (aiperf_layer_x (layer, i), ((double) stamps[i] - origin) / 1e9, 1e-6);
      g_assert_cmpfloat (aiperf_layer_y (layer, i), ==, util[i]);
    }
  for (guint i = 1; i < aiperf_layer_get_n (layer); i++)
    g_assert_cmpfloat (aiperf_layer_x (layer, i), >, aiperf_layer_x (layer, i - 1) + 0.3);
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 1))->name, ==, "GPU Utilization");
}

/* Two GPUs on one exporter share each scrape's timestamp and are averaged;
 * a third GPU on its own exporter keeps its own timestamps; a repeated row
 * of one GPU is averaged with itself first, so it does not outweigh the
 * other GPU. Points = distinct timestamps, none binned. */
static void
test_gpu_scrapes (void)
{
  g_autoptr(AiperfRun) run = aiperf_run_new ("/synthetic/gpus");
  g_autoptr(AiperfTable) tput = aiperf_table_new ();
  g_autoptr(AiperfTable) telemetry = aiperf_table_new ();
  g_autoptr(AiperfChart) chart = NULL;
  /* t, gpu, endpoint, utilisation */
  const double rows[][4] = {
    { 0.0, 0, 0, 10 }, { 0.0, 1, 0, 30 }, { 0.0, 1, 0, 50 },  /* GPU 1 twice */
    { 0.05, 2, 1, 70 },
    { 1.0, 0, 0, 20 }, { 1.0, 1, 0, 40 },
    { 1.05, 2, 1, 80 },
    { 1.5, 0, 1, 99 },  /* GPU 0 also seen once by the other exporter */
    { 2.0, 1, 0, 60 },  /* GPU 0 missed this scrape */
  };
  const double want_x[] = { 0.0, 0.05, 1.0, 1.05, 2.0 };
  const double want_y[] = { (10 + 40) / 2.0, 70, 30, 80, 60 };
  guint c_ts, c_slot, c_ep, c_util, c_x, c_y;
  AiperfLayer *layer;

  c_x = aiperf_table_ensure_column (tput, "timestamp_s", "s");
  c_y = aiperf_table_ensure_column (tput, "throughput_tokens_per_sec", "tokens/sec");
  for (guint i = 0; i < 3; i++)
    {
      guint row = aiperf_table_append_row (tput);

      aiperf_table_set (tput, c_x, row, i);
      aiperf_table_set (tput, c_y, row, 100);
    }
  aiperf_run_set_throughput (run, tput);

  c_ts = aiperf_table_ensure_column (telemetry, "timestamp_s", "s");
  c_slot = aiperf_table_ensure_column (telemetry, "gpu_slot", "");
  c_ep = aiperf_table_ensure_column (telemetry, "endpoint_slot", "");
  c_util = aiperf_table_ensure_column (telemetry, "gpu_utilization", "%");
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      guint row = aiperf_table_append_row (telemetry);

      aiperf_table_set (telemetry, c_ts, row, rows[i][0]);
      aiperf_table_set (telemetry, c_slot, row, rows[i][1]);
      aiperf_table_set (telemetry, c_ep, row, rows[i][2]);
      aiperf_table_set (telemetry, c_util, row, rows[i][3]);
    }
  aiperf_run_set_gpu_telemetry (run, telemetry);

  chart = build_gpu_chart (run);
  layer = gpu_layer (chart);
  g_assert_cmpuint (aiperf_layer_get_n (layer), ==, G_N_ELEMENTS (want_x));
  for (guint i = 0; i < G_N_ELEMENTS (want_x); i++)
    {
      g_assert_cmpfloat (aiperf_layer_x (layer, i), ==, want_x[i]);
      g_assert_cmpfloat (aiperf_layer_y (layer, i), ==, want_y[i]);
    }
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 1))->name, ==,
                   "GPU Utilization (mean of 3 GPUs)");

  /* Each GPU is a line of its own beside the mean, its repeated rows of a
   * scrape averaged; the mean is the thicker line, drawn below them. */
  {
    const char *names[] = { "GPU 0", "GPU 1", "GPU 2" };
    const double gpu1_x[] = { 0.0, 1.0, 2.0 }, gpu1_y[] = { 40, 40, 60 };
    AiperfLayer *gpu1 = NULL;
    guint n_gpu_layers = 0;

    g_assert_cmpuint (chart->series->len, ==, 5);
    for (guint i = 0; i < 3; i++)
      g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 2 + i))->name, ==, names[i]);
    for (guint i = 0; i < chart->layers->len; i++)
      {
        AiperfLayer *l = g_ptr_array_index (chart->layers, i);

        if (!l->on_y2)
          {
            /* The throughput line is drawn last, over the GPU layers. */
            g_assert_cmpuint (i, ==, chart->layers->len - 1);
            continue;
          }
        n_gpu_layers++;
        if (l->series == 3)
          gpu1 = l;
        if (l != layer)
          g_assert_cmpfloat (l->line_width, <, layer->line_width);
      }
    g_assert_cmpuint (n_gpu_layers, ==, 4);
    g_assert_nonnull (gpu1);
    g_assert_cmpuint (aiperf_layer_get_n (gpu1), ==, G_N_ELEMENTS (gpu1_x));
    for (guint i = 0; i < G_N_ELEMENTS (gpu1_x); i++)
      {
        g_assert_cmpfloat (aiperf_layer_x (gpu1, i), ==, gpu1_x[i]);
        g_assert_cmpfloat (aiperf_layer_y (gpu1, i), ==, gpu1_y[i]);
      }
  }
}

/* 5,000 scrapes of one GPU: every scrape stays a point (the renderer, not
 * the handler, reduces them to the pixels). */
static void
test_gpu_many_scrapes (void)
{
  g_autoptr(AiperfRun) run = aiperf_run_new ("/synthetic/long");
  g_autoptr(AiperfTable) tput = aiperf_table_new ();
  g_autoptr(AiperfTable) telemetry = aiperf_table_new ();
  g_autoptr(AiperfChart) chart = NULL;
  guint c_ts, c_slot, c_ep, c_util, row;
  AiperfLayer *layer;

  row = aiperf_table_append_row (tput);
  aiperf_table_set (tput, aiperf_table_ensure_column (tput, "timestamp_s", "s"), row, 0);
  aiperf_table_set (tput, aiperf_table_ensure_column (tput, "throughput_tokens_per_sec", NULL), row, 1);
  aiperf_run_set_throughput (run, tput);
  c_ts = aiperf_table_ensure_column (telemetry, "timestamp_s", "s");
  c_slot = aiperf_table_ensure_column (telemetry, "gpu_slot", "");
  c_ep = aiperf_table_ensure_column (telemetry, "endpoint_slot", "");
  c_util = aiperf_table_ensure_column (telemetry, "gpu_utilization", "%");
  for (guint i = 0; i < 5000; i++)
    {
      row = aiperf_table_append_row (telemetry);
      aiperf_table_set (telemetry, c_ts, row, 5000 - i);  /* reversed file order */
      aiperf_table_set (telemetry, c_slot, row, 0);
      aiperf_table_set (telemetry, c_ep, row, 0);
      aiperf_table_set (telemetry, c_util, row, i % 100);
    }
  aiperf_run_set_gpu_telemetry (run, telemetry);

  chart = build_gpu_chart (run);
  layer = gpu_layer (chart);
  g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 5000);
  g_assert_cmpfloat (aiperf_layer_x (layer, 0), ==, 1);
  g_assert_cmpfloat (aiperf_layer_y (layer, 0), ==, 4999 % 100);
  g_assert_cmpfloat (aiperf_layer_x (layer, 4999), ==, 5000);
  g_assert_cmpfloat (aiperf_layer_y (layer, 4999), ==, 0);
}

/* max − min of each request's inter-chunk list (python: max(l) - min(l)),
 * in start-time order. */
static const double icl_range[] = {
  5.217470000000002, 5.091459, 6.308617000000002, 10.470946000000001, 3.721663000000003,
  5.159547, 5.612196000000001, 7.318234999999998, 3.3638939999999984, 3.854742999999999,
};

static void
test_icl_range_column (void)
{
  g_autoptr(AiperfRun) run = load_fixture_run ("qwen_concurrency1");
  AiperfTable *requests = aiperf_run_get_requests (run);
  const double *range = aiperf_table_get_column (requests, "inter_chunk_latency_range");
  const double *mn = aiperf_table_get_column (requests, "inter_chunk_latency_min");
  const double *mx = aiperf_table_get_column (requests, "inter_chunk_latency_max");
  int column = aiperf_table_find_column (requests, "inter_chunk_latency_range");

  g_assert_nonnull (range);
  g_assert_cmpstr (aiperf_table_get_column_unit (requests, column), ==, "ms");
  g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, G_N_ELEMENTS (icl_range));
  for (guint i = 0; i < G_N_ELEMENTS (icl_range); i++)
    {
      g_assert_cmpfloat (range[i], ==, icl_range[i]);
      g_assert_cmpfloat (range[i], ==, mx[i] - mn[i]);
    }
}

/* A preset on the column is drawn, not skipped for want of data. */
static void
test_icl_range_preset (void)
{
  const char *text =
    "visualization:\n"
    "  single_run_defaults: [icl_spread]\n"
    "  single_run_plots:\n"
    "    icl_spread:\n"
    "      type: scatter\n"
    "      x: request_number\n"
    "      y: inter_chunk_latency_range\n";
  g_autoptr(AiperfRun) run = load_fixture_run ("qwen_concurrency1");
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_data (text, strlen (text), "icl.yaml", &error);
  g_autoptr(AiperfChart) chart = NULL;
  AiperfLayer *points = NULL;

  g_assert_no_error (error);
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "icl_spread"),
                                        run, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (chart);
  for (guint i = 0; i < chart->layers->len; i++)
    if (((AiperfLayer *) g_ptr_array_index (chart->layers, i))->kind == AIPERF_LAYER_POINTS)
      points = g_ptr_array_index (chart->layers, i);
  g_assert_nonnull (points);
  g_assert_cmpuint (aiperf_layer_get_n (points), ==, G_N_ELEMENTS (icl_range));
  for (guint i = 0; i < G_N_ELEMENTS (icl_range); i++)
    {
      g_assert_cmpfloat (aiperf_layer_x (points, i), ==, i);
      g_assert_cmpfloat (aiperf_layer_y (points, i), ==, icl_range[i]);
    }
  g_assert_cmpstr (chart->y.unit, ==, "ms");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/plot/gpu/real-fixture", test_gpu_real_fixture);
  g_test_add_func ("/aiperf/plot/gpu/scrapes", test_gpu_scrapes);
  g_test_add_func ("/aiperf/plot/gpu/many-scrapes", test_gpu_many_scrapes);
  g_test_add_func ("/aiperf/plot/icl-range/column", test_icl_range_column);
  g_test_add_func ("/aiperf/plot/icl-range/preset", test_icl_range_preset);
  return g_test_run ();
}
