/* test-server-metrics.c — server_metrics_export.json: loading, histogram
 * quantiles, metric specs, legend labels and the plots built from them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-artifacts.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-error.h"
#include "aiperf-handler-server.h"
#include "aiperf-plot.h"
#include "aiperf-run-builder.h"
#include "aiperf-run-set.h"
#include "aiperf-server-metrics.h"

/* Slice 0 starts 0.5 s after the first request and lasts 4 s. */
#define SLICE0_MID 2.5

static char *
fixture_dir (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "server-metrics", "qwen_concurrency1", NULL);
}

static AiperfServerMetrics *
load_fixture (void)
{
  g_autofree char *dir = fixture_dir ();
  g_autofree char *path = g_build_filename (dir, AIPERF_FILE_SERVER_METRICS_JSON, NULL);
  g_autoptr(GError) error = NULL;
  AiperfServerMetrics *metrics = aiperf_server_metrics_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (metrics);
  return metrics;
}

static AiperfRun *
load_run (const char *dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRun) run = aiperf_run_load_summary (dir, &error);

  g_assert_no_error (error);
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&run);
}

static void
test_quantile (void)
{
  /* Slice 0 of the fixture's TTFT histogram, cumulative. */
  const AiperfServerBucket slice0[] = {
    { 0.001, 0 }, { 0.005, 0 }, { 0.01, 0 }, { 0.02, 2 }, { 0.04, 6 }, { 0.06, 8 },
    { 0.08, 9 }, { 0.1, 10 }, { 0.25, 10 }, { 0.5, 10 }, { INFINITY, 10 },
  };
  const AiperfServerBucket first_only[] = { { 0.1, 10 }, { INFINITY, 10 } };
  const AiperfServerBucket in_inf[] = { { 1, 1 }, { 2, 2 }, { INFINITY, 10 } };
  const AiperfServerBucket empty[] = { { 1, 0 }, { INFINITY, 0 } };
  /* A dip (3 after 4) is evened out to 4, as Prometheus does. */
  const AiperfServerBucket dip[] = { { 1, 4 }, { 2, 3 }, { 3, 8 }, { INFINITY, 8 } };

  /* rank 5 in (0.02, 0.04] holding observations 3..6: 0.02 + 0.02 * 3/4 */
  g_assert_cmpfloat_with_epsilon (aiperf_histogram_quantile (0.50, slice0, 11), 0.035, 1e-12);
  /* rank 9.5 in (0.08, 0.1]: 0.08 + 0.02 * 0.5 */
  g_assert_cmpfloat_with_epsilon (aiperf_histogram_quantile (0.95, slice0, 11), 0.09, 1e-12);
  g_assert_cmpfloat_with_epsilon (aiperf_histogram_quantile (0.99, slice0, 11), 0.098, 1e-12);
  /* The lowest bucket starts at 0. */
  g_assert_cmpfloat_with_epsilon (aiperf_histogram_quantile (0.5, first_only, 2), 0.05, 1e-12);
  /* A rank in +Inf gives the highest finite bound. */
  g_assert_cmpfloat (aiperf_histogram_quantile (0.5, in_inf, 3), ==, 2.0);
  g_assert_true (isnan (aiperf_histogram_quantile (0.5, empty, 2)));
  g_assert_true (isnan (aiperf_histogram_quantile (0.5, NULL, 0)));
  /* rank 4 of 8 reached at le 1 already: 0 + 1 * 4/4 */
  g_assert_cmpfloat_with_epsilon (aiperf_histogram_quantile (0.5, dip, 4), 1.0, 1e-12);
  /* rank 6: (2, 3] holds 4..8 → 2 + 2/4 */
  g_assert_cmpfloat_with_epsilon (aiperf_histogram_quantile (0.75, dip, 4), 2.5, 1e-12);
}

static void
test_load (void)
{
  g_autoptr(AiperfServerMetrics) metrics = load_fixture ();
  g_autoptr(GPtrArray) names = aiperf_server_metrics_list (metrics);
  const AiperfServerMetric *kv, *ttft, *prompt;
  const AiperfServerSeries *series;
  const AiperfServerSlice *slice;

  g_assert_cmpuint (names->len, ==, 4);
  g_assert_cmpstr (names->pdata[0], ==, "vllm:kv_cache_usage_perc");
  g_assert_cmpstr (names->pdata[3], ==, "vllm:time_to_first_token_seconds");
  g_assert_cmpuint (aiperf_server_metrics_get_n_skipped (metrics), ==, 0);

  kv = aiperf_server_metrics_lookup (metrics, "vllm:kv_cache_usage_perc");
  g_assert_cmpint (kv->type, ==, AIPERF_SERVER_METRIC_GAUGE);
  g_assert_cmpstr (kv->unit, ==, "ratio");
  g_assert_cmpuint (kv->series->len, ==, 2);
  series = g_ptr_array_index (kv->series, 1);
  g_assert_cmpstr (series->endpoint_url, ==, "http://localhost:8001/metrics");
  g_assert_cmpstr (g_hash_table_lookup (series->labels, "model_name"), ==, "Qwen/Qwen3-0.6B");
  series = g_ptr_array_index (kv->series, 0);
  g_assert_cmpuint (series->slices->len, ==, 10);
  slice = &g_array_index (series->slices, AiperfServerSlice, 0);
  g_assert_cmpint (slice->start_ns, ==, G_GINT64_CONSTANT (1762551535297067827));
  g_assert_cmpint (slice->end_ns - slice->start_ns, ==, G_GINT64_CONSTANT (4000000000));
  g_assert_cmpfloat (slice->avg, ==, 0.012);
  g_assert_cmpfloat (slice->min, ==, 0.008);
  g_assert_cmpfloat (slice->max, ==, 0.02);
  g_assert_true (slice->complete);
  g_assert_false (g_array_index (series->slices, AiperfServerSlice, 9).complete);
  g_assert_cmpfloat (aiperf_server_series_get_stat (series, "max"), ==, 0.042);
  g_assert_true (isnan (aiperf_server_series_get_stat (series, "rate")));

  prompt = aiperf_server_metrics_lookup (metrics, "vllm:prompt_tokens_total");
  g_assert_cmpint (prompt->type, ==, AIPERF_SERVER_METRIC_COUNTER);
  series = g_ptr_array_index (prompt->series, 0);
  slice = &g_array_index (series->slices, AiperfServerSlice, 0);
  g_assert_cmpfloat (slice->total, ==, 100);
  g_assert_cmpfloat (slice->rate, ==, 25);
  g_assert_cmpfloat (g_array_index (series->slices, AiperfServerSlice, 9).rate, ==, 40);
  g_assert_cmpfloat (aiperf_server_series_get_stat (series, "total"), ==, 1000);

  ttft = aiperf_server_metrics_lookup (metrics, "vllm:time_to_first_token_seconds");
  g_assert_cmpint (ttft->type, ==, AIPERF_SERVER_METRIC_HISTOGRAM);
  g_assert_cmpstr (ttft->unit, ==, "seconds");
  series = g_ptr_array_index (ttft->series, 0);
  g_assert_cmpuint (series->buckets->len, ==, 11);
  g_assert_cmpfloat (g_array_index (series->buckets, AiperfServerBucket, 0).le, ==, 0.001);
  g_assert_true (isinf (g_array_index (series->buckets, AiperfServerBucket, 10).le));
  g_assert_cmpfloat (g_array_index (series->buckets, AiperfServerBucket, 10).count, ==, 76);
  g_assert_cmpfloat (g_array_index (series->buckets, AiperfServerBucket, 4).count, ==, 30);
  slice = &g_array_index (series->slices, AiperfServerSlice, 0);
  g_assert_cmpfloat (slice->count, ==, 10);
  g_assert_cmpfloat_with_epsilon (slice->avg, 0.038, 1e-12);
  g_assert_cmpfloat (g_array_index (slice->buckets, AiperfServerBucket, 4).count, ==, 6);
  g_assert_cmpfloat (g_array_index (series->slices, AiperfServerSlice, 4).count, ==, 0);
}

static void
test_names (void)
{
  struct { const char *name, *pretty; } cases[] = {
    { "vllm:kv_cache_usage_perc", "vLLM: KV Cache Usage" },
    { "vllm:time_to_first_token_seconds", "vLLM: Time to First Token" },
    { "vllm:prompt_tokens_total", "vLLM: Prompt Tokens" },
    { "vllm:num_requests_running", "vLLM: Num Requests Running" },
    { "sglang:gen_throughput", "SGLang: Gen Throughput" },
    { "process_cpu_seconds_total", "Process CPU" },
    { "vllm:total", "vLLM: Total" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pretty = aiperf_server_metric_display_name (cases[i].name);

      g_assert_cmpstr (pretty, ==, cases[i].pretty);
    }
  g_assert_true (aiperf_server_metric_name_looks_like ("vllm:anything"));
  g_assert_true (aiperf_server_metric_name_looks_like ("dynamo_frontend_requests"));
  g_assert_true (aiperf_server_metric_name_looks_like ("http_requests_total"));
  g_assert_true (aiperf_server_metric_name_looks_like ("queue_time_seconds{engine=0}"));
  g_assert_false (aiperf_server_metric_name_looks_like ("time_to_first_token"));
  g_assert_false (aiperf_server_metric_name_looks_like ("request_latency"));
}

static void
test_spec (void)
{
  g_autofree char *name = NULL, *endpoint = NULL;
  g_autoptr(GHashTable) labels = NULL;

  g_assert_true (aiperf_server_metric_spec_parse ("vllm:kv_cache_usage_perc", &name, &endpoint, &labels));
  g_assert_cmpstr (name, ==, "vllm:kv_cache_usage_perc");
  g_assert_null (endpoint);
  g_assert_null (labels);
  g_clear_pointer (&name, g_free);

  g_assert_true (aiperf_server_metric_spec_parse ("vllm:x[http://h:8001/metrics]", &name, &endpoint, &labels));
  g_assert_cmpstr (name, ==, "vllm:x");
  g_assert_cmpstr (endpoint, ==, "http://h:8001/metrics");
  g_assert_null (labels);
  g_clear_pointer (&name, g_free);
  g_clear_pointer (&endpoint, g_free);

  g_assert_true (aiperf_server_metric_spec_parse ("vllm:x{model_name=\"Qwen/Q, 3\", engine='0'}",
                                                  &name, &endpoint, &labels));
  g_assert_cmpstr (name, ==, "vllm:x");
  g_assert_null (endpoint);
  g_assert_cmpuint (g_hash_table_size (labels), ==, 2);
  g_assert_cmpstr (g_hash_table_lookup (labels, "model_name"), ==, "Qwen/Q, 3");
  g_assert_cmpstr (g_hash_table_lookup (labels, "engine"), ==, "0");
  g_clear_pointer (&name, g_free);
  g_clear_pointer (&labels, g_hash_table_unref);

  g_assert_true (aiperf_server_metric_spec_parse ("vllm:x[\"localhost:8000\"]{engine=0}",
                                                  &name, &endpoint, &labels));
  g_assert_cmpstr (name, ==, "vllm:x");
  g_assert_cmpstr (endpoint, ==, "localhost:8000");
  g_assert_cmpstr (g_hash_table_lookup (labels, "engine"), ==, "0");

  g_assert_false (aiperf_server_metric_spec_parse ("vllm:x[oops", NULL, NULL, NULL));
  g_assert_false (aiperf_server_metric_spec_parse ("vllm:x{a=1", NULL, NULL, NULL));
  g_assert_false (aiperf_server_metric_spec_parse ("vllm:x{novalue}", NULL, NULL, NULL));
}

static void
test_select_and_legend (void)
{
  g_autoptr(AiperfServerMetrics) metrics = load_fixture ();
  const AiperfServerMetric *kv = aiperf_server_metrics_lookup (metrics, "vllm:kv_cache_usage_perc");
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  g_autoptr(GHashTable) labels = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(GStrv) legend = NULL;
  g_auto(GStrv) legend_one = NULL;
  g_autoptr(AiperfServerSeries) a = aiperf_server_series_new ("http://h:1/metrics");
  g_autoptr(AiperfServerSeries) b = aiperf_server_series_new ("http://h:1/metrics");
  g_autoptr(GPtrArray) pair = g_ptr_array_new ();
  g_auto(GStrv) legend_labels = NULL;

  aiperf_server_metric_select (kv, NULL, NULL, all);
  g_assert_cmpuint (all->len, ==, 2);
  legend = aiperf_server_series_legend_labels (all);
  /* Same labels everywhere: only the endpoints tell the series apart. */
  g_assert_cmpstr (legend[0], ==, "localhost:8000");
  g_assert_cmpstr (legend[1], ==, "localhost:8001");

  g_hash_table_insert (labels, "engine", "0");
  aiperf_server_metric_select (kv, "localhost:8001", labels, one);
  g_assert_cmpuint (one->len, ==, 1);
  g_assert_cmpstr (((AiperfServerSeries *) one->pdata[0])->endpoint_url, ==, "http://localhost:8001/metrics");
  legend_one = aiperf_server_series_legend_labels (one);
  g_assert_cmpstr (legend_one[0], ==, "");

  g_hash_table_insert (labels, "engine", "7");
  aiperf_server_metric_select (kv, NULL, labels, none);
  g_assert_cmpuint (none->len, ==, 0);

  /* One endpoint, labels that differ in one key only. */
  g_hash_table_insert (a->labels, g_strdup ("model"), g_strdup ("m"));
  g_hash_table_insert (a->labels, g_strdup ("engine"), g_strdup ("0"));
  g_hash_table_insert (b->labels, g_strdup ("model"), g_strdup ("m"));
  g_hash_table_insert (b->labels, g_strdup ("engine"), g_strdup ("1"));
  g_ptr_array_add (pair, a);
  g_ptr_array_add (pair, b);
  legend_labels = aiperf_server_series_legend_labels (pair);
  g_assert_cmpstr (legend_labels[0], ==, "engine=0");
  g_assert_cmpstr (legend_labels[1], ==, "engine=1");
}

static AiperfLayer *
layer_of (AiperfChart     *chart,
          AiperfLayerKind  kind,
          const char      *series_name)
{
  int series = aiperf_chart_find_series (chart, series_name);

  g_assert_cmpint (series, >=, 0);
  for (guint i = 0; i < chart->layers->len; i++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind == kind && layer->series == series)
        return layer;
    }
  g_assert_not_reached ();
  return NULL;
}

static AiperfChart *
build (AiperfRun               *run,
       const AiperfPlotHandler *type,
       const char              *metric,
       GError                 **error)
{
  g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_new ("srv", type);

  spec->y.metric = g_strdup (metric);
  return aiperf_plot_build_single_run (spec, run, NULL, error);
}

static void
test_run_and_bands (void)
{
  g_autofree char *dir = fixture_dir ();
  g_autoptr(AiperfRun) run = load_run (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) ttft = NULL;
  g_autoptr(AiperfChart) kv = NULL;
  g_autoptr(AiperfChart) rate = NULL;
  AiperfLayer *line, *band;

  g_assert_true (aiperf_run_get_artifacts (run) & AIPERF_RUN_HAS_SERVER_METRICS);
  g_assert_nonnull (aiperf_run_get_server_metrics (run));
  g_assert_cmpuint (aiperf_server_metrics_get_n_metrics (aiperf_run_get_server_metrics (run)), ==, 4);
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_requests (run)), ==, 10);

  /* Histogram: p50 line and p95–p99 band per slice, from the buckets. */
  ttft = build (run, aiperf_plot_handler_find ("percentile_bands"), "vllm:time_to_first_token_seconds", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ttft->title, ==, "vLLM: Time to First Token");
  g_assert_cmpstr (ttft->y.unit, ==, "seconds");
  /* Its x is time whatever x the preset names: the title names y alone
   * (a scatter switched to percentile bands keeps its x). */
  {
    g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_new ("srv", aiperf_plot_handler_find ("percentile_bands"));
    g_autoptr(AiperfChart) chart = NULL;

    spec->x.metric = g_strdup ("request_number");
    spec->y.metric = g_strdup ("vllm:time_to_first_token_seconds");
    chart = aiperf_plot_build_single_run (spec, run, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (chart->title, ==, "vLLM: Time to First Token");
    g_clear_pointer (&spec->y.metric, g_free);
    spec->y.metric = g_strdup ("time_to_first_token");
    g_clear_pointer (&chart, aiperf_chart_free);
    chart = aiperf_plot_build_single_run (spec, run, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (chart->title, ==, "Time to First Token");
  }
  g_assert_cmpstr (ttft->x.unit, ==, "s");
  line = layer_of (ttft, AIPERF_LAYER_LINE, "p50");
  band = layer_of (ttft, AIPERF_LAYER_BAND, "p95–p99");
  g_assert_cmpuint (aiperf_layer_get_n (line), ==, 10);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (line, 0), SLICE0_MID, 1e-6);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (line, 0), 0.035, 1e-12);
  g_assert_cmpfloat_with_epsilon (g_array_index (band->lo, double, 0), 0.09, 1e-12);
  g_assert_cmpfloat_with_epsilon (g_array_index (band->hi, double, 0), 0.098, 1e-12);
  /* Slice 1: 8 observations, rank 4 in (0.04, 0.06] holding 4..5 → 0.05. */
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (line, 1), 0.05, 1e-12);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (line, 1), SLICE0_MID + 4, 1e-6);
  /* Slice 4 is empty: a gap, not a zero. */
  g_assert_true (isnan (aiperf_layer_y (line, 4)));
  g_assert_true (isnan (g_array_index (band->lo, double, 4)));
  /* The last slice is 2.5 s long: midpoint 36.5 + 1.25. */
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (line, 9), 0.5 + 36 + 1.25, 1e-6);

  /* Gauge on two endpoints: avg line, avg–max and min–avg bands each,
   * legends told apart by endpoint only. */
  kv = build (run, aiperf_plot_handler_find ("percentile_bands"), "vllm:kv_cache_usage_perc", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kv->title, ==, "vLLM: KV Cache Usage");
  g_assert_cmpstr (kv->y.unit, ==, "ratio");
  g_assert_cmpuint (kv->series->len, ==, 6);
  line = layer_of (kv, AIPERF_LAYER_LINE, "localhost:8001 avg");
  g_assert_cmpfloat (aiperf_layer_y (line, 0), ==, 0.010);
  band = layer_of (kv, AIPERF_LAYER_BAND, "localhost:8000 avg–max");
  g_assert_cmpfloat (g_array_index (band->lo, double, 0), ==, 0.012);
  g_assert_cmpfloat (g_array_index (band->hi, double, 0), ==, 0.02);
  band = layer_of (kv, AIPERF_LAYER_BAND, "localhost:8000 min–avg");
  g_assert_cmpfloat (g_array_index (band->lo, double, 0), ==, 0.008);
  g_assert_cmpfloat (g_array_index (band->hi, double, 0), ==, 0.012);

  /* Counter: the rate line; a spec that picks one endpoint. */
  rate = build (run, aiperf_plot_handler_find ("percentile_bands"), "vllm:prompt_tokens_total[localhost:8000]", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (rate->y.unit, ==, "tokens/s");
  line = layer_of (rate, AIPERF_LAYER_LINE, "rate");
  g_assert_cmpfloat (aiperf_layer_y (line, 0), ==, 25);
  g_assert_cmpfloat (aiperf_layer_y (line, 9), ==, 40);
}

static void
test_other_types_and_values (void)
{
  g_autofree char *dir = fixture_dir ();
  g_autoptr(AiperfRun) run = load_run (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) area = NULL;
  g_autoptr(AiperfChart) bars = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_new ("auto", aiperf_plot_handler_find ("scatter"));
  AiperfLayer *layer;
  g_autofree char *unit = NULL;

  /* Averaged over the two endpoints: (0.012 + 0.010) / 2 in slice 0. */
  area = build (run, aiperf_plot_handler_find ("area"), "vllm:kv_cache_usage_perc", &error);
  g_assert_no_error (error);
  layer = g_ptr_array_index (area->layers, 0);
  g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 11);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (layer, 0), 0.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (layer, 0), 0.011, 1e-12);

  /* Run-wide buckets as per-bucket counts: 12 cumulative at 0.02, 1 at 0.01. */
  bars = build (run, aiperf_plot_handler_find ("histogram"), "vllm:time_to_first_token_seconds", &error);
  g_assert_no_error (error);
  layer = g_ptr_array_index (bars->layers, 0);
  g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 11);
  g_assert_cmpfloat (aiperf_layer_y (layer, 3), ==, 11);
  g_assert_cmpfloat (aiperf_layer_y (layer, 4), ==, 18);
  g_assert_cmpstr (g_ptr_array_index (bars->x.tick_labels, 10), ==, "+Inf");

  /* Auto-detection: request metrics stay per-request. */
  spec->y.metric = g_strdup ("time_to_first_token");
  g_assert_false (aiperf_plot_wants_server_metric (spec, run));
  g_free (spec->y.metric);
  spec->y.metric = g_strdup ("vllm:num_requests_running");
  g_assert_true (aiperf_plot_wants_server_metric (spec, run));
  g_free (spec->y.metric);
  spec->y.metric = g_strdup ("num_requests_running");
  g_assert_false (aiperf_plot_wants_server_metric (spec, run));
  spec->y.source = AIPERF_SOURCE_SERVER_METRICS;
  g_assert_true (aiperf_plot_wants_server_metric (spec, run));

  /* A missing metric is a skip with a reason, not a crash. */
  chart = build (run, aiperf_plot_handler_find ("percentile_bands"), "vllm:no_such_metric", &error);
  g_assert_null (chart);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
  g_assert_nonnull (strstr (error->message, "vllm:no_such_metric"));
  g_clear_error (&error);

  /* One number per run for comparison plots. */
  g_assert_cmpfloat_with_epsilon (aiperf_plot_server_metric_value (run, "vllm:prompt_tokens_total",
                                                                   &unit, &error), 25.974026, 1e-9);
  g_assert_no_error (error);
  g_assert_cmpstr (unit, ==, "tokens");
  g_assert_cmpfloat_with_epsilon (aiperf_plot_server_metric_value (run, "vllm:kv_cache_usage_perc",
                                                                   NULL, &error),
                                  (0.0234 + 0.0185) / 2, 1e-9);
  g_assert_no_error (error);
}

static void
write_file (const char *dir,
            const char *name,
            const char *contents,
            gssize      length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
}

static void
copy_file (const char *from_dir,
           const char *to_dir,
           const char *name)
{
  g_autofree char *from = g_build_filename (from_dir, name, NULL);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (from, &contents, &length, &error);
  g_assert_no_error (error);
  write_file (to_dir, name, contents, length);
}

static void
remove_dir (const char *dir)
{
  const char *names[] = { "profile_export_aiperf.json", "profile_export.jsonl",
                          AIPERF_FILE_SERVER_METRICS_JSON };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

static void
test_bad_input (void)
{
  g_autofree char *fixture = fixture_dir ();
  g_autofree char *good_path = g_build_filename (fixture, AIPERF_FILE_SERVER_METRICS_JSON, NULL);
  g_autofree char *good = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("aiperf-srv-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, AIPERF_FILE_SERVER_METRICS_JSON, NULL);
  g_autoptr(AiperfServerMetrics) metrics = NULL;
  g_autoptr(AiperfRun) run = NULL;
  gsize length;
  gboolean warned = FALSE;
  GPtrArray *warnings;

  g_assert_no_error (error);
  g_file_get_contents (good_path, &good, &length, &error);
  g_assert_no_error (error);

  /* Truncated half-way. */
  write_file (dir, AIPERF_FILE_SERVER_METRICS_JSON, good, length / 2);
  metrics = aiperf_server_metrics_load (path, &error);
  g_assert_null (metrics);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, AIPERF_FILE_SERVER_METRICS_JSON));
  g_clear_error (&error);

  /* Valid JSON of the wrong shape. */
  write_file (dir, AIPERF_FILE_SERVER_METRICS_JSON, "{\"metrics\": [1, 2]}", -1);
  g_assert_null (aiperf_server_metrics_load (path, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, AIPERF_FILE_SERVER_METRICS_JSON));
  g_clear_error (&error);
  write_file (dir, AIPERF_FILE_SERVER_METRICS_JSON, "[]", -1);
  g_assert_null (aiperf_server_metrics_load (path, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_INVALID_DATA);
  g_clear_error (&error);
  /* Found by fuzz-server-metrics: json-glib recursed once per "[" until
   * the stack overflowed. */
  {
    gsize n = 1000000;
    g_autofree char *deep = g_malloc0 (n + 16);

    strcpy (deep, "{\"metrics\": ");
    memset (deep + strlen (deep), '[', n);
    write_file (dir, AIPERF_FILE_SERVER_METRICS_JSON, deep, -1);
    g_assert_null (aiperf_server_metrics_load (path, &error));
    g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "line 1: JSON nested more than 512 levels deep"));
    g_clear_error (&error);
  }
  g_assert_null (aiperf_server_metrics_load ("/nonexistent/" AIPERF_FILE_SERVER_METRICS_JSON, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_IO);
  g_clear_error (&error);

  /* Wrong types inside: skipped and counted, the good parts kept. */
  write_file (dir, AIPERF_FILE_SERVER_METRICS_JSON,
              "{\"metrics\": {"
              " \"a:bad\": 5,"
              " \"a:no_series\": {\"type\": \"gauge\", \"series\": \"x\"},"
              " \"a:odd\": {\"type\": 7, \"unit\": [], \"series\": [3, {\"endpoint_url\": 9,"
              "   \"labels\": {\"k\": 1, \"n\": null}, \"stats\": {\"avg\": \"x\", \"max\": 2},"
              "   \"buckets\": {\"abc\": 1, \"1\": \"2\", \"+Inf\": true},"
              "   \"timeslices\": [\"s\", {\"start_ns\": \"a\", \"end_ns\": 1},"
              "     {\"start_ns\": 10, \"end_ns\": 5}, {\"start_ns\": 0, \"end_ns\": 4000000000, \"avg\": {}}]}]}"
              "}}", -1);
  metrics = aiperf_server_metrics_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_server_metrics_get_n_metrics (metrics), ==, 1);
  {
    const AiperfServerMetric *odd = aiperf_server_metrics_lookup (metrics, "a:odd");
    const AiperfServerSeries *series = g_ptr_array_index (odd->series, 0);

    g_assert_cmpint (odd->type, ==, AIPERF_SERVER_METRIC_UNKNOWN);
    g_assert_null (odd->unit);
    g_assert_cmpuint (odd->series->len, ==, 1);
    g_assert_null (series->endpoint_url);
    g_assert_cmpstr (g_hash_table_lookup (series->labels, "k"), ==, "1");
    g_assert_true (isnan (aiperf_server_series_get_stat (series, "avg")));
    g_assert_cmpfloat (aiperf_server_series_get_stat (series, "max"), ==, 2);
    g_assert_cmpuint (series->buckets->len, ==, 1);
    g_assert_cmpuint (series->slices->len, ==, 1);
    g_assert_true (isnan (g_array_index (series->slices, AiperfServerSlice, 0).avg));
  }
  /* 2 metrics, 1 series, 2 buckets, 3 slices */
  g_assert_cmpuint (aiperf_server_metrics_get_n_skipped (metrics), ==, 8);
  g_clear_pointer (&metrics, aiperf_server_metrics_unref);

  /* A start beyond gint64 was cast to it (undefined); the slice is skipped. */
  write_file (dir, AIPERF_FILE_SERVER_METRICS_JSON,
              "{\"metrics\": {\"a:g\": {\"type\": \"gauge\", \"series\": [{\"timeslices\": ["
              "{\"start_ns\": 1e300, \"end_ns\": 1e300, \"avg\": 1},"
              "{\"start_ns\": \"2e19\", \"end_ns\": 3e19, \"avg\": 2},"
              "{\"start_ns\": 1e9, \"end_ns\": 2e9, \"avg\": 3}]}]}}}", -1);
  metrics = aiperf_server_metrics_load (path, &error);
  g_assert_no_error (error);
  {
    const AiperfServerMetric *gauge = aiperf_server_metrics_lookup (metrics, "a:g");
    const AiperfServerSeries *series = g_ptr_array_index (gauge->series, 0);

    g_assert_cmpuint (series->slices->len, ==, 1);
    g_assert_cmpint (g_array_index (series->slices, AiperfServerSlice, 0).start_ns, ==, 1000000000);
    g_assert_cmpfloat (g_array_index (series->slices, AiperfServerSlice, 0).avg, ==, 3);
  }
  g_assert_cmpuint (aiperf_server_metrics_get_n_skipped (metrics), ==, 2);

  /* A broken file in a run folder: the requests still load, with a warning. */
  copy_file (fixture, dir, "profile_export_aiperf.json");
  copy_file (fixture, dir, "profile_export.jsonl");
  write_file (dir, AIPERF_FILE_SERVER_METRICS_JSON, good, length - 10);
  run = load_run (dir);
  g_assert_null (aiperf_run_get_server_metrics (run));
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_requests (run)), ==, 10);
  warnings = aiperf_run_get_warnings (run);
  for (guint i = 0; i < warnings->len; i++)
    warned |= strstr (g_ptr_array_index (warnings, i), AIPERF_FILE_SERVER_METRICS_JSON) != NULL;
  g_assert_true (warned);
  {
    g_autoptr(AiperfChart) chart = build (run, aiperf_plot_handler_find ("percentile_bands"), "vllm:kv_cache_usage_perc", &error);

    g_assert_null (chart);
    g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
    g_clear_error (&error);
  }
  remove_dir (dir);
}

/* Two copies of the fixture, the second with its prompt-token rate at 40/s. */
static void
test_multi_run (void)
{
  g_autofree char *fixture = fixture_dir ();
  g_autofree char *good_path = g_build_filename (fixture, AIPERF_FILE_SERVER_METRICS_JSON, NULL);
  g_autofree char *good = NULL;
  g_autofree char *changed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *parent = g_dir_make_tmp ("aiperf-srv-multi-XXXXXX", &error);
  g_autofree char *a = g_build_filename (parent, "run_a", NULL);
  g_autofree char *b = g_build_filename (parent, "run_b", NULL);
  const char *paths[] = { a, b, NULL };
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autoptr(AiperfPlotSpec) spec = aiperf_plot_spec_new ("kv_vs_prompt", aiperf_plot_handler_find ("scatter_line"));
  g_autoptr(AiperfChart) chart = NULL;
  g_auto(GStrv) parts = NULL;
  double xs[2] = { 0 }, ys[2] = { 0 };
  guint n = 0;

  g_assert_no_error (error);
  g_file_get_contents (good_path, &good, NULL, &error);
  g_assert_no_error (error);
  parts = g_strsplit (good, "\"rate\": 25.974026", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  changed = g_strjoinv ("\"rate\": 40.0", parts);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (g_mkdir (paths[i], 0700), ==, 0);
      copy_file (fixture, paths[i], "profile_export_aiperf.json");
      write_file (paths[i], AIPERF_FILE_SERVER_METRICS_JSON, i == 0 ? good : changed, -1);
    }
  runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  spec->multi_run = TRUE;
  spec->x.metric = g_strdup ("vllm:prompt_tokens_total");
  spec->y.metric = g_strdup ("vllm:kv_cache_usage_perc");
  chart = aiperf_plot_build_multi_run (spec, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chart->x.title, ==, "vLLM: Prompt Tokens");
  g_assert_cmpstr (chart->y.title, ==, "vLLM: KV Cache Usage");
  for (guint i = 0; i < chart->layers->len; i++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind != AIPERF_LAYER_POINTS)
        continue;
      for (guint k = 0; k < aiperf_layer_get_n (layer) && n < 2; k++, n++)
        {
          xs[n] = aiperf_layer_x (layer, k);
          ys[n] = aiperf_layer_y (layer, k);
        }
    }
  g_assert_cmpuint (n, ==, 2);
  /* Counter: the summed rate; gauge: the mean of both endpoints' averages. */
  g_assert_cmpfloat_with_epsilon (MIN (xs[0], xs[1]), 25.974026, 1e-9);
  g_assert_cmpfloat_with_epsilon (MAX (xs[0], xs[1]), 40.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ys[0], (0.0234 + 0.0185) / 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (ys[1], (0.0234 + 0.0185) / 2, 1e-9);

  for (guint i = 0; i < 2; i++)
    remove_dir (paths[i]);
  g_rmdir (parent);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/server-metrics/histogram-quantile", test_quantile);
  g_test_add_func ("/aiperf/server-metrics/load", test_load);
  g_test_add_func ("/aiperf/server-metrics/names", test_names);
  g_test_add_func ("/aiperf/server-metrics/spec", test_spec);
  g_test_add_func ("/aiperf/server-metrics/select-legend", test_select_and_legend);
  g_test_add_func ("/aiperf/server-metrics/percentile-bands", test_run_and_bands);
  g_test_add_func ("/aiperf/server-metrics/other-types", test_other_types_and_values);
  g_test_add_func ("/aiperf/server-metrics/bad-input", test_bad_input);
  g_test_add_func ("/aiperf/server-metrics/multi-run", test_multi_run);
  return g_test_run ();
}
