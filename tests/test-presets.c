/* test-presets.c — preset YAML parsing, resolution, Pareto and Student-t maths.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>

#include "aiperf-error.h"
#include "aiperf-pareto.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-student-t.h"
#include "aiperf-presets.h"
#include "aiperf-stats.h"

static AiperfPlotConfig *
load_text (const char *text,
           GError    **error)
{
  return aiperf_plot_config_load_data (text, strlen (text), "test.yaml", error);
}

static void
test_default (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  const AiperfPlotSpec *spec;
  static const char * const multi[] = {
    "pareto_curve_throughput_per_gpu_vs_latency", "pareto_curve_throughput_per_gpu_vs_interactivity",
    "ttft_vs_throughput", "latency_throughput_uncertainty",
  };
  static const char * const single[] = {
    "ttft_over_time", "ttft_timeline", "timeslices_ttft", "timeslices_itl",
    "gpu_utilization_and_throughput_over_time",
  };

  g_assert_no_error (error);
  g_assert_nonnull (config);
  g_assert_cmpuint (config->multi_run_defaults->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpstr (g_ptr_array_index (config->multi_run_defaults, i), ==, multi[i]);
  g_assert_cmpuint (config->single_run_defaults->len, ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpstr (g_ptr_array_index (config->single_run_defaults, i), ==, single[i]);
  g_assert_cmpuint (config->multi_run_plots->len, ==, 4);
  /* The five commented-out presets are defined too. */
  g_assert_cmpuint (config->single_run_plots->len, ==, 10);
  g_assert_nonnull (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "itl_over_time"));
  g_assert_nonnull (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_latency"));
  g_assert_null (config->classification);

  spec = aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "pareto_curve_throughput_per_gpu_vs_latency");
  g_assert_nonnull (spec);
  g_assert_cmpstr (spec->handler->type, ==, "pareto");
  g_assert_true (spec->multi_run);
  g_assert_cmpstr (spec->x.metric, ==, "request_latency");
  g_assert_true (spec->x.has_stat);
  g_assert_cmpint (spec->x.stat, ==, AIPERF_STAT_AVG);
  g_assert_cmpstr (spec->y.metric, ==, "output_token_throughput_per_gpu");
  g_assert_cmpstr (spec->label_by, ==, "concurrency");
  g_assert_cmpstr (spec->group_by, ==, "model");
  g_assert_cmpstr (spec->title, ==, "Pareto Curve: Token Throughput per GPU vs Latency");

  spec = aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "latency_throughput_uncertainty");
  g_assert_cmpstr (spec->handler->type, ==, "latency_throughput_uncertainty");
  g_assert_cmpfloat (spec->ci_level, ==, 0.95);

  spec = aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "timeslices_ttft");
  g_assert_cmpstr (spec->handler->type, ==, "timeslice");
  g_assert_cmpstr (spec->x.metric, ==, "Timeslice");
  g_assert_cmpstr (spec->y.metric, ==, "Time to First Token");
  g_assert_true (spec->has_stat);
  g_assert_cmpint (spec->stat, ==, AIPERF_STAT_AVG);
  g_assert_cmpint (spec->source, ==, AIPERF_SOURCE_TIMESLICES);
  g_assert_true (spec->use_slice_duration);

  spec = aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "gpu_utilization_and_throughput_over_time");
  g_assert_cmpstr (spec->handler->type, ==, "dual_axis");
  g_assert_cmpstr (spec->y2.metric, ==, "gpu_utilization");
  g_assert_true (spec->primary_style.set);
  g_assert_cmpint (spec->primary_style.line_shape, ==, AIPERF_LINE_SHAPE_HV);
  g_assert_true (spec->secondary_style.fill);
  g_assert_cmpstr (spec->supplementary_col, ==, "active_requests");

  spec = aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "ttft_over_time");
  g_assert_cmpstr (spec->x.metric, ==, "request_number");
  g_assert_false (spec->x.has_stat);
  g_assert_cmpuint (spec->line, >, 1);
}

static void
test_shortcut (void)
{
  AiperfMetricRef ref;
  g_autoptr(GError) error = NULL;

  g_assert_true (aiperf_metric_ref_parse_shortcut ("request_latency_p99", &ref, &error));
  g_assert_cmpstr (ref.metric, ==, "request_latency");
  g_assert_true (ref.has_stat);
  g_assert_cmpint (ref.stat, ==, AIPERF_STAT_P99);
  aiperf_metric_ref_clear (&ref);

  g_assert_true (aiperf_metric_ref_parse_shortcut ("inter_token_latency_avg", &ref, &error));
  g_assert_cmpstr (ref.metric, ==, "inter_token_latency");
  g_assert_cmpint (ref.stat, ==, AIPERF_STAT_AVG);
  aiperf_metric_ref_clear (&ref);

  g_assert_true (aiperf_metric_ref_parse_shortcut ("time_to_first_token", &ref, &error));
  g_assert_cmpstr (ref.metric, ==, "time_to_first_token");
  g_assert_false (ref.has_stat);
  aiperf_metric_ref_clear (&ref);

  g_assert_true (aiperf_metric_ref_parse_shortcut ("request_count", &ref, &error));
  g_assert_cmpstr (ref.metric, ==, "request_count");
  g_assert_false (ref.has_stat);
  aiperf_metric_ref_clear (&ref);

  g_assert_false (aiperf_metric_ref_parse_shortcut ("request_latency_p67", &ref, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_CONFIG);
  g_assert_nonnull (strstr (error->message, "“p67”"));
  g_assert_nonnull (strstr (error->message, "request_latency_p75"));
}

/* Found by fuzz-presets: libyaml's scanner is quadratic in the flow nesting
 * (100,000 "[" took minutes); nesting is refused before the document is built. */
static void
test_too_deep (void)
{
  gsize n = 100000;
  g_autofree char *text = g_malloc0 (n + 32);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = NULL;

  strcpy (text, "visualization:\n  a: ");
  memset (text + strlen (text), '[', n);
  config = load_text (text, &error);
  g_assert_null (config);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "test.yaml:2:68: nested more than 64 levels deep");
}

/* Found by fuzz-presets (a leak): a metric key given twice replaced the
 * first reference without freeing it; the last one wins, as in PyYAML. */
static void
test_duplicate_metric_key (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = NULL;
  const AiperfPlotSpec *spec;

  config = load_text ("visualization:\n  single_run_plots:\n    p:\n      type: scatter\n"
                      "      y: request_latency\n"
                      "      y: {metric: time_to_first_token, stat: p90}\n"
                      "      x: {metric: request_number, source: requests}\n"
                      "      x: timestamp_s\n", &error);
  g_assert_no_error (error);
  spec = aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "p");
  g_assert_cmpstr (spec->y.metric, ==, "time_to_first_token");
  g_assert_true (spec->y.has_stat);
  g_assert_cmpint (spec->y.stat, ==, AIPERF_STAT_P90);
  g_assert_cmpstr (spec->x.metric, ==, "timestamp_s");
  g_assert_cmpint (spec->x.source, ==, AIPERF_SOURCE_AUTO);
}

static void
test_every_key (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = NULL;
  const AiperfPlotSpec *spec;
  const char *text =
    "visualization:\n"
    "  multi_run_defaults: [cmp]\n"
    "  single_run_defaults: [one]\n"
    "  multi_run_plots:\n"
    "    cmp:\n"
    "      type: scatter_line\n"
    "      x: request_latency_p90\n"
    "      y: {metric: request_throughput, stat: avg, source: aggregated}\n"
    "      labels: model\n"
    "      groups: [concurrency]\n"
    "      title: \"A title\"\n"
    "      description: Some words\n"
    "      x_label: Latency here\n"
    "      y_label: Throughput here\n"
    "      autoscale: both\n"
    "  single_run_plots:\n"
    "    one:\n"
    "      type: dual_axis\n"
    "      x: timestamp_s\n"
    "      y: throughput_tokens_per_sec\n"
    "      y2: {metric: gpu_power_usage, source: gpu_telemetry}\n"
    "      stat: p95\n"
    "      source: requests\n"
    "      primary_style: {mode: lines+markers, line_shape: spline, line_width: 3,\n"
    "                      marker_size: 5, marker_opacity: 0.5}\n"
    "      secondary_style: {mode: markers, fill: tonexty, fill_opacity: 0.1}\n"
    "      supplementary_col: active_requests\n"
    "      use_slice_duration: false\n"
    "    unc:\n"
    "      type: histogram\n"
    "      y: Request Latency\n"
    "      autoscale: y\n"
    "settings:\n"
    "  server_metrics_downsampling: {enabled: false, window_size_seconds: 2.5, aggregation_method: max}\n"
    "experiment_classification:\n"
    "  baselines: [\"*base*\"]\n"
    "  treatments: [\"*new*\", \"*kv*\"]\n"
    "  default: baseline\n"
    "  group_extraction_pattern: \"^(x)\"\n"
    "  group_display_names: {base_a: \"Baseline A\"}\n";

  config = load_text (text, &error);
  g_assert_no_error (error);
  spec = aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "cmp");
  g_assert_cmpstr (spec->handler->type, ==, "scatter_line");
  g_assert_cmpstr (spec->x.metric, ==, "request_latency");
  g_assert_cmpint (spec->x.stat, ==, AIPERF_STAT_P90);
  g_assert_cmpstr (spec->y.metric, ==, "request_throughput");
  g_assert_cmpint (spec->y.source, ==, AIPERF_SOURCE_AGGREGATED);
  g_assert_cmpstr (spec->label_by, ==, "model");
  g_assert_cmpstr (spec->group_by, ==, "concurrency");
  g_assert_cmpstr (spec->title, ==, "A title");
  g_assert_cmpstr (spec->description, ==, "Some words");
  g_assert_cmpstr (spec->x_label, ==, "Latency here");
  g_assert_cmpstr (spec->y_label, ==, "Throughput here");
  g_assert_cmpuint (spec->autoscale, ==, AIPERF_AUTOSCALE_BOTH);
  g_assert_cmpuint (spec->line, ==, 5);
  g_assert_cmpuint (spec->column, ==, 5);

  spec = aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "one");
  g_assert_cmpstr (spec->handler->type, ==, "dual_axis");
  g_assert_cmpstr (spec->y2.metric, ==, "gpu_power_usage");
  g_assert_cmpint (spec->y2.source, ==, AIPERF_SOURCE_GPU_TELEMETRY);
  g_assert_cmpint (aiperf_plot_spec_get_y_stat (spec, AIPERF_STAT_AVG), ==, AIPERF_STAT_P95);
  g_assert_cmpint (spec->source, ==, AIPERF_SOURCE_REQUESTS);
  g_assert_true (spec->primary_style.lines && spec->primary_style.markers);
  g_assert_cmpint (spec->primary_style.line_shape, ==, AIPERF_LINE_SHAPE_SPLINE);
  g_assert_cmpfloat (spec->primary_style.line_width, ==, 3);
  g_assert_cmpfloat (spec->primary_style.marker_size, ==, 5);
  g_assert_cmpfloat (spec->primary_style.marker_opacity, ==, 0.5);
  g_assert_false (spec->secondary_style.lines);
  g_assert_true (spec->secondary_style.fill);
  g_assert_cmpfloat (spec->secondary_style.fill_opacity, ==, 0.1);
  g_assert_cmpstr (spec->supplementary_col, ==, "active_requests");
  g_assert_false (spec->use_slice_duration);

  spec = aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN, "unc");
  g_assert_cmpuint (spec->autoscale, ==, AIPERF_AUTOSCALE_Y);
  g_assert_cmpint (spec->source, ==, AIPERF_SOURCE_AUTO);

  g_assert_false (config->downsampling_enabled);
  g_assert_cmpfloat (config->downsampling_window_s, ==, 2.5);
  g_assert_cmpstr (config->downsampling_method, ==, "max");
  g_assert_nonnull (config->classification);
  g_assert_cmpstr (config->classification->baselines[0], ==, "*base*");
  g_assert_cmpuint (g_strv_length (config->classification->treatments), ==, 2);
  g_assert_true (config->classification->default_is_baseline);
  g_assert_cmpstr (config->classification->group_extraction_pattern, ==, "^(x)");
  g_assert_cmpstr (g_hash_table_lookup (config->classification->group_display_names, "base_a"), ==,
                   "Baseline A");
}

typedef struct {
  const char *text;
  int         code;
  const char *expect[3];
} ErrorCase;

static void
test_errors (void)
{
  static const ErrorCase cases[] = {
    { "visualization:\n  multi_run_defaults: []\n  single_run_plots:\n    p:\n      type: bogus\n      y: request_latency\n",
      AIPERF_ERROR_CONFIG, { "test.yaml:5:13:", "unknown plot type “bogus”", "preset “p”" } },
    { "visualization:\n  single_run_plots:\n    p:\n      type: scatter\n      y: time_to_frist_token\n",
      AIPERF_ERROR_CONFIG, { "test.yaml:5:10:", "unknown metric “time_to_frist_token”", "Did you mean “time_to_first_token”" } },
    { "visualization:\n  single_run_defaults:\n    - p\n    - missing\n  single_run_plots:\n    p: {type: scatter, y: request_latency}\n",
      AIPERF_ERROR_CONFIG, { "test.yaml:4:7:", "“missing”", "single_run_plots" } },
    { "visualization:\n  multi_run_plots:\n    p:\n      type: pareto\n      x: request_latency_p67\n      y: request_throughput\n",
      AIPERF_ERROR_CONFIG, { "test.yaml:5:10:", "“p67”", "Did you mean" } },
    { "visualization:\n  multi_run_plots:\n    p:\n      type: pareto\n      x: request_latency\n      y: request_throughput\n      groups: [model, concurrency]\n",
      AIPERF_ERROR_CONFIG, { "test.yaml:7:15:", "“groups”", "single column" } },
    { "visualization:\n  multi_run_plots:\n    p:\n      type: scatter\n      y: request_latency\n",
      AIPERF_ERROR_CONFIG, { "test.yaml:4:13:", "single-run", NULL } },
    { "visualization:\n  multi_run_plots:\n    p:\n      type: pareto\n      x: {metric: request_latency, stat: p42}\n      y: request_throughput\n",
      AIPERF_ERROR_CONFIG, { "test.yaml:5:42:", "unknown stat “p42”", NULL } },
    { "plots: []\n", AIPERF_ERROR_CONFIG, { "test.yaml:1:1:", "visualization", NULL } },
    { "visualization:\n  multi_run_plots: {p: {type: pareto\n", AIPERF_ERROR_PARSE, { "test.yaml:3:", NULL, NULL } },
    { "visualization:\n  single_run_plots:\n    p: {type: timeslice, y: Request Latency, ci_level: 0.5}\n",
      AIPERF_ERROR_CONFIG, { "test.yaml:3:56:", "ci_level", NULL } },
    { "visualization: {}\nruns: [a]\n", AIPERF_ERROR_CONFIG, { "test.yaml:2:7:", "“runs” must be a mapping", NULL } },
    { "visualization: {}\nruns:\n  parameters: [concurrency]\n", AIPERF_ERROR_CONFIG,
      { "test.yaml:3:15:", "“parameters” must map", NULL } },
    { "visualization: {}\nruns:\n  metric_ranges:\n    - {metric: request_latency, stat: p42}\n", AIPERF_ERROR_CONFIG,
      { "test.yaml:4:39:", "“p42” is not a statistic", NULL } },
    { "visualization: {}\nruns:\n  metric_ranges:\n    - {stat: avg, min: 1}\n", AIPERF_ERROR_CONFIG,
      { "test.yaml:4:7:", "needs a “metric”", NULL } },
    { "visualization: {}\nruns:\n  metric_ranges:\n    - {metric: request_latency, min: fast}\n", AIPERF_ERROR_CONFIG,
      { "test.yaml:4:38:", "“min” must be a number, or null", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AiperfPlotConfig) config = load_text (cases[i].text, &error);

      g_test_message ("case %u: %s", i, error ? error->message : "(no error)");
      g_assert_null (config);
      g_assert_error (error, AIPERF_ERROR, cases[i].code);
      for (guint k = 0; k < 3 && cases[i].expect[k] != NULL; k++)
        if (strstr (error->message, cases[i].expect[k]) == NULL)
          g_error ("case %u: “%s” lacks “%s”", i, error->message, cases[i].expect[k]);
    }
}

static void
write_config (const char *path,
              const char *preset)
{
  g_autofree char *text = g_strdup_printf ("visualization:\n  single_run_defaults: [%s]\n"
                                           "  single_run_plots:\n    %s: {type: scatter, y: request_latency}\n",
                                           preset, preset);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static void
test_resolve (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("aiperf-presets-XXXXXX", NULL);
  g_autofree char *home = g_build_filename (tmp, "home", NULL);
  g_autofree char *home_dir = g_build_filename (home, ".aiperf", NULL);
  g_autofree char *home_file = g_build_filename (home_dir, "plot_config.yaml", NULL);
  g_autofree char *run = g_build_filename (tmp, "run", NULL);
  g_autofree char *run_file = g_build_filename (run, ".aiperf-plot-config.yaml", NULL);
  g_autofree char *explicit_file = g_build_filename (tmp, "mine.yaml", NULL);
  g_autofree char *old_home = g_strdup (g_getenv ("HOME"));
  const char *paths[] = { run, NULL };
  g_autoptr(GError) error = NULL;
  AiperfPlotConfig *config;

  g_assert_cmpint (g_mkdir_with_parents (home, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (run, 0700), ==, 0);
  g_setenv ("HOME", home, TRUE);

  /* Nothing anywhere: the shipped default, and no file is created. */
  config = aiperf_plot_config_resolve (NULL, paths, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (config->filename, "resource://"));
  g_assert_false (g_file_test (home_dir, G_FILE_TEST_EXISTS));
  aiperf_plot_config_free (config);

  g_assert_cmpint (g_mkdir (home_dir, 0700), ==, 0);
  write_config (home_file, "from_home");
  config = aiperf_plot_config_resolve (NULL, paths, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (g_ptr_array_index (config->single_run_defaults, 0), ==, "from_home");
  aiperf_plot_config_free (config);

  write_config (run_file, "from_run");
  config = aiperf_plot_config_resolve (NULL, paths, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (g_ptr_array_index (config->single_run_defaults, 0), ==, "from_run");
  aiperf_plot_config_free (config);

  write_config (explicit_file, "from_flag");
  config = aiperf_plot_config_resolve (explicit_file, paths, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (g_ptr_array_index (config->single_run_defaults, 0), ==, "from_flag");
  aiperf_plot_config_free (config);

  config = aiperf_plot_config_resolve ("/nonexistent/plot.yaml", paths, &error);
  g_assert_null (config);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "/nonexistent/plot.yaml"));

  g_remove (explicit_file);
  g_remove (run_file);
  g_remove (home_file);
  g_rmdir (home_dir);
  g_rmdir (home);
  g_rmdir (run);
  g_rmdir (tmp);
  if (old_home != NULL)
    g_setenv ("HOME", old_home, TRUE);
}

static void
test_pareto (void)
{
  /* lower x better, higher y better */
  const double x[] = { 1, 2, 2, 3, 4, 4, NAN, 0.5 };
  const double y[] = { 1, 5, 4, 5, 9, 9, 100, 0.5 };
  gboolean on[G_N_ELEMENTS (x)];
  guint n;

  n = aiperf_pareto_frontier (x, y, G_N_ELEMENTS (x), FALSE, TRUE, on);
  /* 0.5 (best x), 1 (better y than 0.5), 2→5 (tie on x: best y wins), 4→9 twice (duplicates kept). */
  g_assert_cmpuint (n, ==, 5);
  g_assert_true (on[7] && on[0] && on[1] && on[4] && on[5]);
  g_assert_false (on[2] || on[3] || on[6]);

  /* both higher better: only (4,9) twice */
  n = aiperf_pareto_frontier (x, y, G_N_ELEMENTS (x), TRUE, TRUE, on);
  g_assert_cmpuint (n, ==, 2);
  g_assert_true (on[4] && on[5]);

  g_assert_cmpuint (aiperf_pareto_frontier (NULL, NULL, 0, TRUE, TRUE, NULL), ==, 0);
}

static void
test_student_t (void)
{
  /* scipy.stats.t.ppf values */
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.975, 1), 12.706204736174698, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.975, 2), 4.302652729749464, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.975, 4), 2.7764451051977934, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.975, 10), 2.2281388519649385, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.95, 5), 2.015048372669157, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.995, 3), 5.840909309733355, 1e-9);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.995, 1), 63.65674116287399, 1e-7);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_quantile (0.025, 10), -2.2281388519649385, 1e-9);
  g_assert_cmpfloat (aiperf_student_t_quantile (0.5, 7), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (aiperf_student_t_cdf (2.2281388519649385, 10), 0.975, 1e-12);
  /* 95% CI of 3 samples with sd 2: 4.302652729749464 * 2 / sqrt(3) */
  g_assert_cmpfloat_with_epsilon (aiperf_confidence_half_width (0.95, 3, 2.0), 4.968275, 1e-6);
  g_assert_true (isnan (aiperf_confidence_half_width (0.95, 1, 2.0)));
}

/* Handler-specific keys are kept; a kind's own sections are read, and a
 * user file without them keeps the built-in ones. */
static void
test_kind_sections (void)
{
  static const char text[] =
    "visualization:\n"
    "  multi_run_defaults: []\n"
    "  single_run_defaults: []\n"
    "  multi_run_plots:\n"
    "    sweep:\n"
    "      type: pareto\n"
    "      x: request_throughput\n"
    "      y: time_to_first_token\n"
    "      bins: 40\n"
    "      peaks: {bf16: 989, fp8: 1979}\n"
    "      series: [a, b]\n"
    "  single_run_plots: {}\n"
    "  demo_defaults: [one]\n"
    "  demo_plots:\n"
    "    one:\n"
    "      type: pareto\n"
    "      title: Only a title\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = load_text (text, &error);
  const AiperfPlotSpec *spec;
  GPtrArray *plots, *defaults;

  g_assert_no_error (error);
  spec = aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "sweep");
  g_assert_nonnull (spec);
  g_assert_cmpstr (aiperf_plot_spec_get_extra (spec, "bins"), ==, "40");
  g_assert_cmpstr (aiperf_plot_spec_get_extra (spec, "peaks.fp8"), ==, "1979");
  g_assert_cmpstr (aiperf_plot_spec_get_extra (spec, "series"), ==, "a,b");
  g_assert_null (aiperf_plot_spec_get_extra (spec, "x"));

  plots = aiperf_plot_config_get_kind_plots (config, "demo");
  defaults = aiperf_plot_config_get_kind_defaults (config, "demo");
  g_assert_nonnull (plots);
  g_assert_cmpuint (plots->len, ==, 1);
  g_assert_cmpstr (((AiperfPlotSpec *) g_ptr_array_index (plots, 0))->title, ==, "Only a title");
  g_assert_cmpuint (defaults->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (defaults, 0), ==, "one");
  g_assert_null (aiperf_plot_config_get_kind_plots (config, "multi_run"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/presets/default", test_default);
  g_test_add_func ("/aiperf/presets/kind-sections", test_kind_sections);
  g_test_add_func ("/aiperf/presets/shortcut", test_shortcut);
  g_test_add_func ("/aiperf/presets/every-key", test_every_key);
  g_test_add_func ("/aiperf/presets/errors", test_errors);
  g_test_add_func ("/aiperf/presets/resolve", test_resolve);
  g_test_add_func ("/aiperf/pareto/frontier", test_pareto);
  g_test_add_func ("/aiperf/pareto/student-t", test_student_t);
  g_test_add_func ("/aiperf/presets/too-deep", test_too_deep);
  g_test_add_func ("/aiperf/presets/duplicate-metric-key", test_duplicate_metric_key);
  return g_test_run ();
}
