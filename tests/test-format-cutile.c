/* test-format-cutile.c — cutileGPT profiling_data.json: sniffing, the runs
 * and values it gives, broken files, and the data of every default chart
 * and of the summary.txt section for one file and for AS-IS vs TO-BE.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-cutile-private.h"
#include "aiperf-error.h"
#include "aiperf-formats.h"
#include "aiperf-kinds.h"
#include "aiperf-presets.h"

#define FIXTURES "data", "formats", "cutile"

extern const AiperfFormat aiperf_format_cutile;

static char *
fixture (const char *folder)
{
  return g_test_build_filename (G_TEST_DIST, FIXTURES, folder, "profiling_results",
                                "profiling_data.json", NULL);
}

static AiperfRunSet *
load (const char *first,
      ...)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  AiperfRunSet *set;
  va_list args;

  va_start (args, first);
  for (const char *f = first; f != NULL; f = va_arg (args, const char *))
    g_ptr_array_add (paths, g_test_build_filename (G_TEST_DIST, FIXTURES, f, NULL));
  va_end (args);
  g_ptr_array_add (paths, NULL);
  set = aiperf_run_set_load ((const char * const *) paths->pdata, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return set;
}

static void
assert_stat (AiperfRun  *run,
             const char *tag,
             AiperfStat  stat,
             double      expected)
{
  double value = NAN;

  g_assert_true (aiperf_run_get_metric (run, tag, stat, &value));
  g_assert_cmpfloat_with_epsilon (value, expected, 1e-9);
}

static void
test_sniff (void)
{
  g_autofree char *path = fixture ("minGPT");
  g_autofree char *head = aiperf_read_head (path, 4096, NULL);
  AiperfSniffInput input = { path, FALSE, head, head != NULL ? strlen (head) : 0, NULL, TRUE };
  AiperfSniffInput other = input;

  g_assert_nonnull (head);
  g_assert_cmpuint (aiperf_format_cutile.sniff (&input), ==, AIPERF_SNIFF_SURE);
  /* GuideLLM's "benchmarks" is an array; an AIPerf summary has no benchmarks */
  other.head = "{\"benchmarks\": [{\"timing\": {}}]}";
  g_assert_cmpuint (aiperf_format_cutile.sniff (&other), ==, AIPERF_SNIFF_NO);
  other.head = "{\"time_to_first_token\": {\"avg\": 1}}";
  g_assert_cmpuint (aiperf_format_cutile.sniff (&other), ==, AIPERF_SNIFF_NO);
  other.head = "{\"benchmarks\": {\"a\": {\"timing\" : {\"mean\": 1}}}}";
  g_assert_cmpuint (aiperf_format_cutile.sniff (&other), ==, AIPERF_SNIFF_LIKELY);
  other.is_dir = TRUE;
  other.head = NULL;
  g_assert_cmpuint (aiperf_format_cutile.sniff (&other), ==, AIPERF_SNIFF_NO);
}

static void
test_values (void)
{
  g_autoptr(AiperfRunSet) set = load ("minGPT", "cutileGPT", NULL);
  g_autofree char *min_file = fixture ("minGPT");
  g_autofree char *cut_file = fixture ("cutileGPT");
  g_autofree char *locator = NULL;
  AiperfRun *nano, *mini;
  double value;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 6);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 0);
  locator = g_strconcat (min_file, "#gpt_nano", NULL);
  nano = aiperf_run_set_find (set, locator);
  g_assert_nonnull (nano);
  g_assert_cmpstr (aiperf_run_get_name (nano), ==, "gpt_nano");
  g_assert_cmpstr (aiperf_run_get_source (nano), ==, "cutile");
  g_assert_cmpstr (aiperf_run_get_tool (nano), ==, "cutileGPT");
  g_assert_cmpstr (aiperf_run_get_kind (nano), ==, "cutile");
  /* timing: mean → avg, median → p50, in ms */
  assert_stat (nano, "forward_latency", AIPERF_STAT_AVG, 2.34);
  assert_stat (nano, "forward_latency", AIPERF_STAT_P50, 2.31);
  assert_stat (nano, "forward_latency", AIPERF_STAT_STD, 0.12);
  assert_stat (nano, "forward_latency", AIPERF_STAT_MIN, 2.10);
  assert_stat (nano, "forward_latency", AIPERF_STAT_MAX, 2.90);
  assert_stat (nano, "forward_latency", AIPERF_STAT_P95, 2.55);
  assert_stat (nano, "forward_latency", AIPERF_STAT_P99, 2.80);
  g_assert_false (aiperf_run_get_metric (nano, "forward_latency", AIPERF_STAT_P90, &value));
  g_assert_cmpstr (aiperf_run_get_metric_unit (nano, "forward_latency"), ==, "ms");
  assert_stat (nano, "throughput_tokens_per_sec", AIPERF_STAT_AVG, 54700.85);
  /* config and metadata */
  g_assert_cmpstr (aiperf_run_get_parameter (nano, "n_layer"), ==, "3");
  g_assert_cmpstr (aiperf_run_get_parameter (nano, "n_head"), ==, "3");
  g_assert_cmpstr (aiperf_run_get_parameter (nano, "n_embd"), ==, "48");
  g_assert_cmpstr (aiperf_run_get_parameter (nano, "system.gpu_name"), ==, "NVIDIA GeForce RTX 4090");
  g_assert_cmpstr (aiperf_run_get_parameter (nano, "system.compute_capability"), ==, "8.9");
  g_assert_cmpstr (aiperf_run_get_parameter (nano, "system.cuda_version"), ==, "12.4");
  g_assert_cmpstr (aiperf_run_get_parameter (nano, "system.cupy_version"), ==, "13.3.0");
  g_assert_cmpstr (aiperf_run_get_parameter (nano, "system.torch_version"), ==, "2.3.0");
  g_assert_cmpstr (aiperf_run_get_start_time (nano), ==, "2025-01-15T10:30:00");

  /* cutileGPT's unknown keys are kept: numbers as metrics, the rest as parameters */
  g_clear_pointer (&locator, g_free);
  locator = g_strconcat (cut_file, "#gpt_mini", NULL);
  mini = aiperf_run_set_find (set, locator);
  g_assert_nonnull (mini);
  assert_stat (mini, "forward_latency", AIPERF_STAT_AVG, 4.0);
  assert_stat (mini, "memory_mb", AIPERF_STAT_AVG, 640.25);
  g_assert_cmpstr (aiperf_run_get_parameter (mini, "timing.n_iterations"), ==, "100");
  g_assert_cmpstr (aiperf_run_get_parameter (mini, "block_size"), ==, "128");
  g_assert_cmpstr (aiperf_run_get_parameter (mini, "system.warmup_iterations"), ==, "10");
  /* the kind's short metric names, only with cutileGPT runs alone */
  g_assert_cmpstr (aiperf_kinds_resolve_metric (set, "latency"), ==, "forward_latency");
  g_assert_cmpstr (aiperf_kinds_resolve_metric (set, "throughput"), ==, "throughput_tokens_per_sec");
  g_assert_null (aiperf_kinds_resolve_metric (set, "request_latency"));
}

static void
test_broken (void)
{
  g_autofree char *broken = fixture ("broken");
  g_autofree char *partial = fixture ("partial");
  g_autoptr(AiperfRunSet) set = load ("broken", "partial", "minGPT", NULL);
  GPtrArray *errors = aiperf_run_set_get_load_errors (set);
  g_autofree char *all = NULL;
  g_autofree char *nano_locator = g_strconcat (partial, "#gpt_nano", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  AiperfRun *nano;
  double value;

  for (guint i = 0; i < errors->len; i++)
    g_string_append_printf (text, "%s\n", ((GError *) g_ptr_array_index (errors, i))->message);
  g_test_message ("%s", text->str);
  /* the truncated file: one error naming it and the line */
  g_assert_nonnull (strstr (text->str, broken));
  g_assert_nonnull (strstr (text->str, ":6:"));
  /* named once, not twice */
  g_assert_null (strstr (strstr (text->str, broken) + strlen (broken), broken));
  /* partial: gpt_micro has no timing, gpt_mini is not an object, gpt2 has no mean */
  g_assert_nonnull (strstr (text->str, "#gpt_micro: no “timing”"));
  g_assert_nonnull (strstr (text->str, "#gpt_mini: not an object"));
  g_assert_nonnull (strstr (text->str, "#gpt2: “timing” has neither a mean nor a median"));
  g_assert_cmpuint (errors->len, ==, 4);
  /* the other runs load: minGPT's three and partial's gpt_nano */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 4);
  nano = aiperf_run_set_find (set, nano_locator);
  g_assert_nonnull (nano);
  assert_stat (nano, "forward_latency", AIPERF_STAT_AVG, 1.5);
  assert_stat (nano, "forward_latency", AIPERF_STAT_P50, 1.4);
  g_assert_false (aiperf_run_get_metric (nano, "forward_latency", AIPERF_STAT_STD, &value));
  g_assert_false (aiperf_run_get_metric (nano, "throughput_tokens_per_sec", AIPERF_STAT_AVG, &value));
  g_assert_cmpuint (aiperf_run_get_warnings (nano)->len, ==, 2);
  g_assert_null (aiperf_run_get_parameter (nano, "system.gpu_name"));
}

/* --- charts --- */

static AiperfChart *
build (AiperfRunSet *set,
       const char   *name,
       GError      **error)
{
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (NULL);
  GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, "cutile");
  GPtrArray *defaults = aiperf_plot_config_get_kind_defaults (config, "cutile");

  g_assert_nonnull (plots);
  g_assert_cmpuint (defaults->len, ==, 6);
  for (guint i = 0; i < plots->len; i++)
    {
      const AiperfPlotSpec *spec = g_ptr_array_index (plots, i);

      if (g_str_equal (spec->name, name))
        return aiperf_plot_build_multi_run (spec, set, NULL, NULL, error);
    }
  g_assert_not_reached ();
}

static const AiperfLayer *
layer_of (const AiperfChart *chart,
          AiperfLayerKind    kind,
          guint              nth)
{
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind == kind && nth-- == 0)
        return layer;
    }
  g_assert_not_reached ();
}

static double
col (GArray *a,
     guint   i)
{
  return g_array_index (a, double, i);
}

static void
test_charts_one_file (void)
{
  g_autoptr(AiperfRunSet) set = load ("minGPT", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) latency = build (set, "forward_latency", &error);
  g_autoptr(AiperfChart) throughput = build (set, "throughput", &error);
  g_autoptr(AiperfChart) profile = build (set, "percentile_profile", &error);
  g_autoptr(AiperfChart) arch = build (set, "architecture", &error);
  g_autoptr(AiperfChart) eff = build (set, "efficiency", &error);
  g_autoptr(AiperfChart) speedup = NULL;
  const AiperfLayer *bars;
  const double means[] = { 2.34, 3.90, 6.60 }, stds[] = { 0.12, 0.20, 0.35 };
  const double nano[] = { 2.10, 2.31, 2.55, 2.80, 2.90 };

  g_assert_no_error (error);
  /* configs smallest first, on a category axis */
  g_assert_cmpuint (latency->x.tick_labels->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (latency->x.tick_labels, 0), ==, "gpt_nano");
  g_assert_cmpstr (g_ptr_array_index (latency->x.tick_labels, 1), ==, "gpt_micro");
  g_assert_cmpstr (g_ptr_array_index (latency->x.tick_labels, 2), ==, "gpt_mini");
  g_assert_cmpstr (latency->y.unit, ==, "ms");
  g_assert_cmpuint (latency->series->len, ==, 1);
  bars = layer_of (latency, AIPERF_LAYER_BARS, 0);
  g_assert_cmpuint (aiperf_layer_get_n (bars), ==, 3);
  for (guint c = 0; c < 3; c++)
    {
      g_assert_cmpfloat (col (bars->x, c), ==, c);
      g_assert_cmpfloat_with_epsilon (col (bars->y, c), means[c], 1e-9);
      g_assert_cmpfloat_with_epsilon (col (bars->lo, c), means[c] - stds[c], 1e-9);
      g_assert_cmpfloat_with_epsilon (col (bars->hi, c), means[c] + stds[c], 1e-9);
    }
  bars = layer_of (throughput, AIPERF_LAYER_BARS, 0);
  g_assert_cmpfloat_with_epsilon (col (bars->y, 2), 19393.94, 1e-6);
  g_assert_true (isnan (col (bars->lo, 2)));

  /* one line per config over min, median, p95, p99, max */
  g_assert_cmpuint (profile->series->len, ==, 3);
  g_assert_null (profile->panels);
  g_assert_cmpstr (g_ptr_array_index (profile->x.tick_labels, 1), ==, "median");
  g_assert_cmpuint (aiperf_chart_count_points (profile, AIPERF_LAYER_LINE), ==, 15);
  for (guint s = 0; s < 5; s++)
    g_assert_cmpfloat_with_epsilon (col (layer_of (profile, AIPERF_LAYER_LINE, 0)->y, s), nano[s], 1e-9);

  /* three small panels: layers, embedding size, heads */
  g_assert_cmpuint (arch->panels->len, ==, 3);
  {
    const double expected[3][3] = { { 3, 4, 6 }, { 48, 128, 192 }, { 3, 4, 6 } };

    for (guint p = 0; p < 3; p++)
      {
        const AiperfChart *panel = g_ptr_array_index (arch->panels, p);

        bars = layer_of (panel, AIPERF_LAYER_BARS, 0);
        for (guint c = 0; c < 3; c++)
          g_assert_cmpfloat (col (bars->y, c), ==, expected[p][c]);
      }
    g_assert_cmpstr (((AiperfChart *) g_ptr_array_index (arch->panels, 1))->title, ==, "Embedding Size");
  }

  /* efficiency: throughput per layer against layers */
  {
    const AiperfLayer *points = layer_of (eff, AIPERF_LAYER_POINTS, 0);

    g_assert_cmpuint (aiperf_layer_get_n (points), ==, 3);
    g_assert_cmpfloat (col (points->x, 0), ==, 3);
    g_assert_cmpfloat_with_epsilon (col (points->y, 0), 54700.85 / 3, 1e-6);
    g_assert_cmpfloat_with_epsilon (col (points->y, 2), 19393.94 / 6, 1e-6);
    g_assert_cmpstr (g_ptr_array_index (points->labels, 1), ==, "gpt_micro");
  }

  /* a speedup needs two files */
  speedup = build (set, "speedup", &error);
  g_assert_null (speedup);
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_NO_DATA);
}

static void
test_charts_two_files (void)
{
  g_autoptr(AiperfRunSet) set = load ("cutileGPT", "minGPT", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) latency = build (set, "forward_latency", &error);
  g_autoptr(AiperfChart) profile = build (set, "percentile_profile", &error);
  g_autoptr(AiperfChart) arch = build (set, "architecture", &error);
  g_autoptr(AiperfChart) eff = build (set, "efficiency", &error);
  g_autoptr(AiperfChart) speedup = build (set, "speedup", &error);
  const AiperfLayer *a, *b, *rule, *text;
  const double expected[] = { 2.34 / 1.20, 3.90 / 1.60, 6.60 / 4.00 };

  g_assert_no_error (error);
  /* grouped: minGPT (AS-IS) in the first slot, though cutileGPT sorts first */
  g_assert_cmpuint (latency->series->len, ==, 2);
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (latency->series, 0))->name, ==, "minGPT");
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (latency->series, 1))->name, ==, "cutileGPT");
  a = layer_of (latency, AIPERF_LAYER_BARS, 0);
  b = layer_of (latency, AIPERF_LAYER_BARS, 1);
  g_assert_cmpuint (a->group, ==, 0);
  g_assert_cmpuint (b->group, ==, 1);
  g_assert_cmpuint (b->n_groups, ==, 2);
  g_assert_cmpfloat_with_epsilon (col (a->y, 0), 2.34, 1e-9);
  g_assert_cmpfloat_with_epsilon (col (b->y, 0), 1.20, 1e-9);
  g_assert_cmpfloat_with_epsilon (col (b->hi, 1), 1.60 + 0.08, 1e-9);

  /* a panel per config, a line per file */
  g_assert_cmpuint (profile->panels->len, ==, 3);
  g_assert_cmpuint (profile->series->len, ==, 2);
  {
    const AiperfChart *mini = g_ptr_array_index (profile->panels, 2);

    g_assert_cmpstr (mini->title, ==, "gpt_mini");
    g_assert_cmpuint (aiperf_chart_count_points (mini, AIPERF_LAYER_LINE), ==, 10);
    g_assert_cmpfloat_with_epsilon (col (layer_of (mini, AIPERF_LAYER_LINE, 1)->y, 4), 4.60, 1e-9);
  }
  g_assert_cmpuint (arch->panels->len, ==, 3);
  g_assert_cmpuint (aiperf_chart_count_points (g_ptr_array_index (arch->panels, 0), AIPERF_LAYER_BARS), ==, 6);
  g_assert_cmpuint (aiperf_chart_count_points (eff, AIPERF_LAYER_POINTS), ==, 6);

  /* speedup = minGPT mean ÷ cutileGPT mean, with a labelled 1.0 line */
  g_assert_cmpstr (speedup->title, ==, "Speedup: minGPT ÷ cutileGPT");
  b = layer_of (speedup, AIPERF_LAYER_BARS, 0);
  g_assert_cmpuint (aiperf_layer_get_n (b), ==, 3);
  for (guint c = 0; c < 3; c++)
    g_assert_cmpfloat_with_epsilon (col (b->y, c), expected[c], 1e-9);
  /* ±1σ propagated from both stds */
  g_assert_cmpfloat_with_epsilon (col (b->hi, 0) - col (b->y, 0),
                                  expected[0] * sqrt (pow (0.12 / 2.34, 2) + pow (0.05 / 1.20, 2)), 1e-9);
  rule = layer_of (speedup, AIPERF_LAYER_HLINE, 0);
  g_assert_cmpfloat (col (rule->y, 0), ==, 1.0);
  g_assert_nonnull (g_ptr_array_index (rule->labels, 0));
  text = layer_of (speedup, AIPERF_LAYER_TEXT, 0);
  g_assert_cmpstr (g_ptr_array_index (text->labels, 0), ==, "1.95×");
  g_assert_cmpstr (g_ptr_array_index (text->labels, 1), ==, "2.44×");
  g_assert_cmpstr (g_ptr_array_index (text->labels, 2), ==, "1.65×");
}

static void
test_summary (void)
{
  g_autoptr(AiperfRunSet) one = load ("minGPT", NULL);
  g_autoptr(AiperfRunSet) two = load ("minGPT", "cutileGPT", NULL);
  g_autofree char *text1 = aiperf_cutile_summary_section (one);
  g_autofree char *text2 = aiperf_cutile_summary_section (two);
  const AiperfKind *kind = aiperf_kinds_find ("cutile");

  g_test_message ("%s", text2);
  g_assert_nonnull (kind);
  g_assert_true (kind->summary_section == aiperf_cutile_summary_section);
  g_assert_true (g_str_has_prefix (text1, "cutileGPT Profiling Summary\n"));
  g_assert_nonnull (strstr (text1, "    GPU:                 NVIDIA GeForce RTX 4090\n"));
  g_assert_nonnull (strstr (text1, "    Compute capability:  8.9\n"));
  g_assert_nonnull (strstr (text1, "    CUDA:                12.4\n"));
  g_assert_nonnull (strstr (text1, "    CuPy:                13.3.0\n"));
  g_assert_nonnull (strstr (text1, "    Timestamp:           2025-01-15T10:30:00\n"));
  g_assert_nonnull (strstr (text1, "  gpt_nano      2.34     0.12     2.10     2.31     2.55     2.80     2.90     54700.85\n"));
  g_assert_null (strstr (text1, "speedup"));
  g_assert_nonnull (strstr (text2, "speedup = minGPT ÷ cutileGPT:\n"));
  g_assert_nonnull (strstr (text2, "  config        minGPT  cutileGPT    speedup\n"));
  g_assert_nonnull (strstr (text2, "  gpt_nano        2.34       1.20       1.95\n"));
  g_assert_nonnull (strstr (text2, "  gpt_micro       3.90       1.60       2.44\n"));
  g_assert_nonnull (strstr (text2, "  gpt_mini        6.60       4.00       1.65\n"));
}

/* cutileGPT's own comparison_data.json (AS-IS minGPT vs TO-BE cutileGPT):
 * a comparison whose speedups are the file's own "speedup" values. */
static void
test_comparison (void)
{
  g_autoptr(AiperfRunSet) set = load ("real/comparison_data.json", NULL);
  g_autoptr(AiperfRunSet) profile = load ("real/profiling_data.json", NULL);
  g_autoptr(AiperfCutileData) data = aiperf_cutile_data_new (set);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) speedup = build (set, "speedup", &error);
  g_autoptr(AiperfChart) latency = build (set, "forward_latency", &error);
  g_autofree char *summary = aiperf_cutile_summary_section (set);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, FIXTURES, "real", "comparison_data.json", NULL);
  g_autofree char *head = aiperf_read_head (path, 65536, NULL);
  AiperfSniffInput input = { path, FALSE, head, strlen (head), NULL, TRUE };
  /* the file's "speedup" (minGPT mean ÷ cutileGPT mean), smallest model first */
  static const struct { const char *config; double speedup; } expected[] = {
    { "nano", 0.6549945277479303 }, { "tile-small", 0.6109355188100636 }, { "micro", 0.44268485360625914 },
    { "tile-medium", 0.387104275564779 }, { "mini", 0.21549993041042165 }, { "tile-large", 0.10720881231473534 },
  };
  const AiperfLayer *bars;

  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_format_cutile.sniff (&input), ==, AIPERF_SNIFF_SURE);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 12);
  g_assert_cmpuint (data->files->len, ==, 2);
  g_assert_cmpstr (aiperf_cutile_data_get_label (data, 0), ==, "minGPT");
  g_assert_cmpstr (aiperf_cutile_data_get_label (data, 1), ==, "cutileGPT");
  g_assert_cmpuint (data->configs->len, ==, G_N_ELEMENTS (expected));
  for (guint c = 0; c < G_N_ELEMENTS (expected); c++)
    {
      AiperfRun *to_be = aiperf_cutile_data_get (data, 1, c);

      g_assert_cmpstr (g_ptr_array_index (data->configs, c), ==, expected[c].config);
      g_assert_cmpfloat_with_epsilon (aiperf_cutile_metric (to_be, "speedup", AIPERF_STAT_AVG), expected[c].speedup, 1e-15);
      g_assert_cmpstr (aiperf_run_get_parameter (to_be, "batch_size"), ==, "4");
      g_assert_cmpstr (aiperf_run_get_parameter (to_be, "fused_mlp"), ==, "true");
    }
  /* nano's timings and config */
  assert_stat (aiperf_cutile_data_get (data, 0, 0), "forward_latency", AIPERF_STAT_AVG, 0.870466560125351);
  assert_stat (aiperf_cutile_data_get (data, 0, 0), "forward_latency", AIPERF_STAT_STD, 0.42592296467689006);
  assert_stat (aiperf_cutile_data_get (data, 1, 0), "forward_latency", AIPERF_STAT_MAX, 3.1079680919647217);
  g_assert_cmpstr (aiperf_run_get_parameter (aiperf_cutile_data_get (data, 1, 0), "n_embd"), ==, "48");

  /* the speedup chart computes what the file says */
  g_assert_cmpstr (speedup->title, ==, "Speedup: minGPT ÷ cutileGPT");
  bars = layer_of (speedup, AIPERF_LAYER_BARS, 0);
  g_assert_cmpuint (aiperf_layer_get_n (bars), ==, G_N_ELEMENTS (expected));
  for (guint c = 0; c < G_N_ELEMENTS (expected); c++)
    g_assert_cmpfloat_with_epsilon (col (bars->y, c), expected[c].speedup, 1e-12);
  g_assert_cmpuint (latency->series->len, ==, 2);
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (latency->series, 0))->name, ==, "minGPT");

  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, "speedup = minGPT ÷ cutileGPT:\n"));
  g_assert_nonnull (strstr (summary, "  config          minGPT  cutileGPT    speedup file's speedup\n"));
  g_assert_nonnull (strstr (summary, "  nano              0.87       1.33       0.65           0.65\n"));
  g_assert_nonnull (strstr (summary, "  tile-large        3.02      28.18       0.11           0.11\n"));

  /* with a cutileGPT profile: the two cutileGPT are told apart by file */
  {
    g_autoptr(AiperfRunSet) both = load ("real/comparison_data.json", "cutileGPT", NULL);
    g_autoptr(AiperfCutileData) all = aiperf_cutile_data_new (both);

    g_assert_cmpuint (all->files->len, ==, 3);
    g_assert_cmpstr (aiperf_cutile_data_get_label (all, 0), ==, "minGPT");
    g_assert_cmpstr (aiperf_cutile_data_get_label (all, 1), ==, "cutileGPT");
    g_assert_cmpstr (aiperf_cutile_data_get_label (all, 2), ==, "cutileGPT (comparison_data.json)");
  }

  /* profiling_data.json's CUDA version 13000 is CUDA 13.0 */
  g_assert_cmpstr (aiperf_run_get_parameter (aiperf_run_set_get_run (profile, 0), "system.cuda_version"), ==, "13.0");
}

/* cutileGPT's two real files open together: the comparison names its
 * configs "nano", the profile "gpt_nano", and only the profile has a
 * throughput. Each chart keeps only the configs and files it has bars
 * for: the throughput chart its 6 profile configs as whole bars (not 12
 * slots, half of them empty, each bar a third of its slot), the speedup
 * chart its 6 comparison configs, and the files without a bar leave the
 * legend. */
static void
test_real_pair_no_empty_slots (void)
{
  g_autoptr(AiperfRunSet) set = load ("real/comparison_data.json", "real/profiling_data.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) throughput = build (set, "throughput", &error);
  g_autoptr(AiperfChart) speedup = build (set, "speedup", &error);
  static const char * const profile[] = { "gpt_nano", "gpt_tile_small", "gpt_micro", "gpt_tile_medium",
                                          "gpt_mini", "gpt_tile_large" };
  static const char * const compared[] = { "nano", "tile-small", "micro", "tile-medium", "mini", "tile-large" };
  const AiperfLayer *bars = NULL;
  guint shown = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (throughput->x.tick_labels->len, ==, G_N_ELEMENTS (profile));
  for (guint c = 0; c < G_N_ELEMENTS (profile); c++)
    g_assert_cmpstr (g_ptr_array_index (throughput->x.tick_labels, c), ==, profile[c]);
  /* gpt_nano: 248081.02 tokens/s, a whole-width bar at the first config */
  for (guint l = 0; l < throughput->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (throughput->layers, l);

      if (layer->kind == AIPERF_LAYER_BARS && aiperf_layer_get_n (layer) > 0)
        {
          bars = layer;
          shown++;
        }
    }
  g_assert_cmpuint (shown, ==, 1);
  g_assert_cmpuint (aiperf_layer_get_n (bars), ==, 6);
  g_assert_cmpfloat (col (bars->x, 0), ==, 0);
  g_assert_cmpfloat_with_epsilon (col (bars->y, 0), 248081.02, 0.01);
  g_assert_cmpuint (bars->n_groups, <=, 1);
  for (guint s = 0; s < throughput->series->len; s++)
    {
      AiperfSeries *series = g_ptr_array_index (throughput->series, s);

      /* minGPT and cutileGPT (the comparison) have no throughput */
      g_assert_true (series->in_legend == (s == 2));
    }

  g_assert_cmpuint (speedup->x.tick_labels->len, ==, G_N_ELEMENTS (compared));
  for (guint c = 0; c < G_N_ELEMENTS (compared); c++)
    g_assert_cmpstr (g_ptr_array_index (speedup->x.tick_labels, c), ==, compared[c]);
  bars = layer_of (speedup, AIPERF_LAYER_BARS, 0);
  g_assert_cmpfloat (col (bars->x, 0), ==, 0);
  g_assert_cmpfloat_with_epsilon (col (bars->y, 0), 0.6549945277479303, 1e-12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/format/cutile/sniff", test_sniff);
  g_test_add_func ("/aiperf/format/cutile/values", test_values);
  g_test_add_func ("/aiperf/format/cutile/broken", test_broken);
  g_test_add_func ("/aiperf/plot/cutile/one-file", test_charts_one_file);
  g_test_add_func ("/aiperf/plot/cutile/two-files", test_charts_two_files);
  g_test_add_func ("/aiperf/plot/cutile/summary", test_summary);
  g_test_add_func ("/aiperf/format/cutile/comparison", test_comparison);
  g_test_add_func ("/aiperf/plot/cutile/real-pair-no-empty-slots", test_real_pair_no_empty_slots);
  return g_test_run ();
}
