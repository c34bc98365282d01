/* test-plot-names.c — one name per quantity, parameter and plot: chart
 * titles that follow the axes, labels that can be switched off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-plot.h"
#include "aiperf-plot-names.h"
#include "aiperf-presets.h"

static AiperfRunSet *
load_fixture_sweep (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "aiperf-real", "tests", "unit",
                                                 "plot", "fixtures", NULL);
  const char *paths[] = { path, NULL };
  AiperfRunSet *runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  return runs;
}

static AiperfPlotSpec *
default_pareto (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  const AiperfPlotSpec *spec;

  g_assert_no_error (error);
  spec = aiperf_plot_config_find (config, AIPERF_MODE_MULTI_RUN, "pareto_curve_throughput_per_gpu_vs_latency");
  g_assert_nonnull (spec);
  return aiperf_plot_spec_copy (spec);
}

/* Without the preset's title (cleared when the axes change) the chart
 * says what it shows, never the preset id. */
static void
test_title_follows_axes (void)
{
  g_autoptr(AiperfRunSet) runs = load_fixture_sweep ();
  AiperfPlotSpec *spec = default_pareto ();
  g_autoptr(AiperfChart) chart = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&spec->title, g_free);
  g_free (spec->x.metric);
  spec->x.metric = g_strdup ("inter_token_latency");
  title = aiperf_plot_spec_title (spec);
  g_assert_cmpstr (title, ==, "Output Token Throughput Per GPU vs Inter Token Latency");
  chart = aiperf_plot_build_multi_run (spec, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chart->title, ==, title);
  g_assert_null (strstr (chart->title, "pareto"));
  aiperf_plot_spec_free (spec);
}

static guint
count_labels (const AiperfChart *chart)
{
  guint n = 0;

  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      for (guint i = 0; layer->labels != NULL && i < layer->labels->len; i++)
        n += g_ptr_array_index (layer->labels, i) != NULL;
    }
  return n;
}

/* label_by "" (Label By: None, "labels: []") draws no text; NULL keeps
 * the type's default, concurrency. */
static void
test_labels_none (void)
{
  g_autoptr(AiperfRunSet) runs = load_fixture_sweep ();
  AiperfPlotSpec *spec = default_pareto ();
  g_autoptr(AiperfChart) with = NULL, without = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&spec->label_by, g_free);
  g_assert_cmpstr (aiperf_plot_spec_label_by (spec), ==, "concurrency");
  with = aiperf_plot_build_multi_run (spec, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_labels (with), ==, 3);
  g_assert_cmpstr (with->label_title, ==, "Concurrency");

  spec->label_by = g_strdup ("");
  without = aiperf_plot_build_multi_run (spec, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_labels (without), ==, 0);
  g_assert_null (without->label_title);
  /* The uncertainty plot still tells operating points apart. */
  spec->handler = aiperf_plot_handler_find ("latency_throughput_uncertainty");
  g_clear_pointer (&without, aiperf_chart_free);
  without = aiperf_plot_build_multi_run (spec, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_chart_count_points (without, AIPERF_LAYER_POINTS), ==, 3);
  g_assert_cmpuint (count_labels (without), ==, 0);
  aiperf_plot_spec_free (spec);
}

/* The sidebar and the chart axis use one name per quantity. */
static void
test_quantity_names (void)
{
  g_autofree char *start = aiperf_plot_quantity_label ("request_start_ns", "ns");
  g_autofree char *ts = aiperf_plot_quantity_label ("timestamp_s", "s");
  g_autofree char *ttft = aiperf_plot_quantity_label ("time_to_first_token", NULL);
  g_autofree char *number = aiperf_plot_quantity_label ("request_number", "");

  g_assert_cmpstr (ts, ==, "Time since the first request (s)");
  g_assert_cmpstr (start, ==, "Request start since the first request (s)");
  g_assert_cmpstr (aiperf_plot_request_tag ("request_start_ns"), ==, "start_s");
  g_assert_true (aiperf_plot_request_tag_hidden ("request_start_ns"));
  g_assert_false (aiperf_plot_request_tag_hidden ("start_s"));
  g_assert_cmpstr (ttft, ==, "Time to First Token (ms)");
  g_assert_cmpstr (number, ==, "Request Number");
}

static void
test_parameter_names (void)
{
  g_assert_cmpstr (aiperf_plot_parameter_name ("artifacts.slice_duration"), ==, "Time Slice Duration");
  g_assert_cmpstr (aiperf_plot_parameter_name ("loadgen.arrival_pattern"), ==, "Arrival Pattern");
  g_assert_cmpstr (aiperf_plot_parameter_name ("phases.name"), ==, "Phase");
  g_assert_cmpstr (aiperf_plot_parameter_name ("input_config.loadgen.arrival_pattern"), ==, "Arrival Pattern");
  g_assert_null (aiperf_plot_parameter_name ("xloadgen.arrival_pattern"));
  g_assert_null (aiperf_plot_parameter_name ("input.extra"));
  g_assert_cmpstr (aiperf_plot_parameter_label ("input.extra"), ==, "input.extra");
}

/* Past the palette's ten colours a group keeps a colour that repeats, so
 * its marker and dash differ; the first ten stay plain circles. */
static void
test_past_palette (void)
{
  g_autoptr(AiperfRunSet) runs = load_fixture_sweep ();
  g_autoptr(AiperfPlotColors) colors = aiperf_plot_colors_new ();
  AiperfPlotSpec *spec = default_pareto ();
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 10; i++)
    {
      g_autofree char *name = g_strdup_printf ("earlier group %u", i);

      aiperf_plot_colors_get (colors, name);
    }
  spec->handler = aiperf_plot_handler_find ("scatter_line");
  g_free (spec->group_by);
  spec->group_by = g_strdup ("run_name");
  chart = aiperf_plot_build_multi_run (spec, runs, NULL, colors, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chart->series->len, ==, 3);
  for (guint i = 0; i < chart->series->len; i++)
    {
      const AiperfSeries *series = g_ptr_array_index (chart->series, i);

      g_assert_cmpuint (series->color.index, ==, 10 + i);
      g_assert_cmpint (series->marker, ==, AIPERF_MARKER_DIAMOND);
      g_assert_true (series->dashed);
    }
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind == AIPERF_LAYER_POINTS)
        g_assert_cmpint (layer->marker, ==, AIPERF_MARKER_DIAMOND);
      else if (layer->kind == AIPERF_LAYER_LINE)
        g_assert_true (layer->dashed);
    }
  aiperf_plot_spec_free (spec);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/plot-names/title-follows-axes", test_title_follows_axes);
  g_test_add_func ("/aiperf/plot-names/labels-none", test_labels_none);
  g_test_add_func ("/aiperf/plot-names/quantities", test_quantity_names);
  g_test_add_func ("/aiperf/plot-names/parameters", test_parameter_names);
  g_test_add_func ("/aiperf/plot-names/past-palette", test_past_palette);
  return g_test_run ();
}
