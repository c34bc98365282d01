/* test-preset-writer.c — presets written back as YAML read the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-preset-writer.h"
#include "aiperf-presets.h"
#include "aiperf-run-rules.h"

static void
assert_ref_equal (const AiperfMetricRef *a,
                  const AiperfMetricRef *b)
{
  g_assert_cmpstr (a->metric, ==, b->metric);
  g_assert_cmpint (a->has_stat, ==, b->has_stat);
  if (a->has_stat)
    g_assert_cmpint (a->stat, ==, b->stat);
  g_assert_cmpint (a->source, ==, b->source);
}

static void
assert_spec_equal (const AiperfPlotSpec *a,
                   const AiperfPlotSpec *b)
{
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_true (a->handler == b->handler);
  assert_ref_equal (&a->x, &b->x);
  assert_ref_equal (&a->y, &b->y);
  assert_ref_equal (&a->y2, &b->y2);
  g_assert_cmpint (a->has_stat, ==, b->has_stat);
  g_assert_cmpstr (a->label_by, ==, b->label_by);
  g_assert_cmpstr (a->group_by, ==, b->group_by);
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpstr (a->x_label, ==, b->x_label);
  g_assert_cmpstr (a->y_label, ==, b->y_label);
  g_assert_cmpuint (a->autoscale, ==, b->autoscale);
  g_assert_cmpint (a->use_slice_duration, ==, b->use_slice_duration);
  g_assert_cmpint (a->primary_style.set, ==, b->primary_style.set);
  g_assert_cmpint (a->primary_style.fill, ==, b->primary_style.fill);
  g_assert_cmpint (a->secondary_style.fill, ==, b->secondary_style.fill);
  g_assert_cmpint (a->secondary_style.line_shape, ==, b->secondary_style.line_shape);
  g_assert_cmpstr (a->supplementary_col, ==, b->supplementary_col);
}

static void
test_round_trip_defaults (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  g_autoptr(AiperfPlotConfig) back = NULL;
  g_autofree char *yaml = NULL;

  g_assert_no_error (error);
  yaml = aiperf_plot_config_to_yaml (config);
  back = aiperf_plot_config_load_data (yaml, strlen (yaml), "round-trip.yaml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->multi_run_plots->len, ==, config->multi_run_plots->len);
  g_assert_cmpuint (back->single_run_plots->len, ==, config->single_run_plots->len);
  g_assert_cmpuint (back->multi_run_defaults->len, ==, config->multi_run_defaults->len);
  for (guint i = 0; i < config->multi_run_plots->len; i++)
    assert_spec_equal (g_ptr_array_index (config->multi_run_plots, i),
                       g_ptr_array_index (back->multi_run_plots, i));
  for (guint i = 0; i < config->single_run_plots->len; i++)
    assert_spec_equal (g_ptr_array_index (config->single_run_plots, i),
                       g_ptr_array_index (back->single_run_plots, i));
}

static void
test_save_merge (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-preset-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "mine.yaml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) loaded = NULL;
  g_autoptr(AiperfPlotSpec) a = aiperf_plot_spec_new ("ttft_vs_rps", aiperf_plot_handler_find ("scatter_line"));
  g_autoptr(AiperfPlotSpec) b = aiperf_plot_spec_new ("latency \"quoted\": yes", aiperf_plot_handler_find ("pareto"));

  a->multi_run = b->multi_run = TRUE;
  a->x.metric = g_strdup ("request_throughput");
  a->x.has_stat = TRUE;
  a->x.stat = AIPERF_STAT_AVG;
  a->y.metric = g_strdup ("time_to_first_token");
  a->y.has_stat = TRUE;
  a->y.stat = AIPERF_STAT_P99;
  a->group_by = g_strdup ("model");
  a->label_by = g_strdup ("concurrency");
  a->title = g_strdup ("TTFT p99: \"tail\" vs throughput");
  a->autoscale = AIPERF_AUTOSCALE_Y;
  b->x.metric = g_strdup ("request_latency");
  b->y.metric = g_strdup ("output_token_throughput");

  g_assert_true (aiperf_preset_save (a, path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (aiperf_preset_save (b, path, TRUE, &error));
  g_assert_no_error (error);
  g_free (a->title);
  a->title = g_strdup ("replaced");
  g_assert_true (aiperf_preset_save (a, path, TRUE, &error));
  g_assert_no_error (error);

  loaded = aiperf_plot_config_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->multi_run_plots->len, ==, 2);
  g_assert_cmpuint (loaded->multi_run_defaults->len, ==, 2);
  assert_spec_equal (aiperf_plot_config_find (loaded, AIPERF_MODE_MULTI_RUN, "ttft_vs_rps"), a);
  assert_spec_equal (aiperf_plot_config_find (loaded, AIPERF_MODE_MULTI_RUN, "latency \"quoted\": yes"), b);

  /* Without merge the file holds only the new preset. */
  g_assert_true (aiperf_preset_save (b, path, FALSE, &error));
  g_clear_pointer (&loaded, aiperf_plot_config_free);
  loaded = aiperf_plot_config_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->multi_run_plots->len, ==, 1);

  g_unlink (path);
  g_rmdir (dir);
}

/* Label By: None is "labels: []", which reads back as no labels (not as
 * the type's default, concurrency). */
static void
test_labels_none (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  g_autoptr(AiperfPlotConfig) back = NULL;
  g_autofree char *yaml = NULL;
  AiperfPlotSpec *pareto;
  const AiperfPlotSpec *read;

  g_assert_no_error (error);
  pareto = (AiperfPlotSpec *) aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN,
                                                       "pareto_curve_throughput_per_gpu_vs_latency");
  g_assert_nonnull (pareto);
  g_free (pareto->label_by);
  pareto->label_by = g_strdup ("");
  yaml = aiperf_plot_config_to_yaml (config);
  g_assert_nonnull (strstr (yaml, "labels: []"));
  back = aiperf_plot_config_load_data (yaml, strlen (yaml), "labels.yaml", &error);
  g_assert_no_error (error);
  read = aiperf_plot_config_find (back, AIPERF_MODE_MULTI_RUN, "pareto_curve_throughput_per_gpu_vs_latency");
  g_assert_nonnull (read);
  g_assert_cmpstr (read->label_by, ==, "");
}

/* aiperf-plot's runs: block (a saved view's hidden runs and filters)
 * written and read back the same. */
static void
test_runs_block (void)
{
  const char *text = "visualization: {}\n"
                     "runs:\n"
                     "  hidden: [\"sweep/run \\\"a\\\"\", \"*-warmup\"]\n"
                     "  parameters:\n"
                     "    concurrency: [\"1\", \"4\"]\n"
                     "    \"input_config.loadgen.isl\": []\n"
                     "  metric_ranges:\n"
                     "    - {metric: request_latency, stat: p90, min: 10.5, max: null}\n"
                     "    - {metric: ttft, min: null, max: 2e3}\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_data (text, strlen (text), "runs.yaml", &error);
  g_autoptr(AiperfPlotConfig) again = NULL;
  g_autofree char *yaml = NULL;
  const AiperfRunRange *range;

  g_assert_no_error (error);
  g_assert_nonnull (config->runs);
  yaml = aiperf_plot_config_to_yaml (config);
  g_test_message ("%s", yaml);
  g_assert_nonnull (strstr (yaml, "runs:\n  hidden: [\"sweep/run \\\"a\\\"\", \"*-warmup\"]\n  parameters:\n"
                                  "    \"concurrency\": [\"1\", \"4\"]\n    \"input_config.loadgen.isl\": []\n"
                                  "  metric_ranges:\n    - {metric: \"request_latency\", stat: p90, min: 10.5, max: null}\n"
                                  "    - {metric: \"ttft\", stat: avg, min: null, max: 2000}\n"));
  again = aiperf_plot_config_load_data (yaml, strlen (yaml), "again.yaml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->runs->hidden->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (again->runs->hidden, 0), ==, "sweep/run \"a\"");
  g_assert_cmpuint (((GPtrArray *) g_hash_table_lookup (again->runs->parameters, "concurrency"))->len, ==, 2);
  g_assert_cmpuint (((GPtrArray *) g_hash_table_lookup (again->runs->parameters, "input_config.loadgen.isl"))->len, ==, 0);
  g_assert_cmpuint (again->runs->ranges->len, ==, 2);
  range = g_ptr_array_index (again->runs->ranges, 0);
  g_assert_cmpint (range->stat, ==, AIPERF_STAT_P90);
  g_assert_cmpfloat (range->min, ==, 10.5);
  g_assert_true (isnan (range->max));
  range = g_ptr_array_index (again->runs->ranges, 1);
  g_assert_cmpint (range->stat, ==, AIPERF_STAT_AVG);
  g_assert_cmpfloat (range->max, ==, 2000);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/preset-writer/round-trip-defaults", test_round_trip_defaults);
  g_test_add_func ("/aiperf/preset-writer/save-merge", test_save_merge);
  g_test_add_func ("/aiperf/preset-writer/labels-none", test_labels_none);
  g_test_add_func ("/aiperf/preset-writer/runs-block", test_runs_block);
  return g_test_run ();
}
