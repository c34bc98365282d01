/* test-cli-gate-logs.c — aiperf-plot --headless on MoE gate logs: --list,
 * the export of one set and of two (exact file lists, expert_load.json,
 * summary.txt), --max-step-tokens, and the bar heights in the SVG.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "aiperf-test-util.h"
#include "cli-test-util.h"

static char *tmp_root;
static char *home_dir;  /* HOME of the runs: no user preset file */

static char *
fixture (const char *path)
{
  return g_test_build_filename (G_TEST_DIST, "data", "gate-logs", path, NULL);
}

static char *
read_out (const char *dir,
          const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_list (void)
{
  g_autofree char *ccl = fixture ("ccl");
  g_autofree char *expected = NULL;
  Result r;

  cli_run (&r, home_dir, "--list", ccl, NULL);
  g_assert_cmpint (r.status, ==, 0);
  expected = g_strdup_printf ("%s/baseline_gates_logs\tgate-logs\tgate_log_files=3\tnum_experts=4\n"
                              "%s/default_all2all_gates_logs\tgate-logs\tgate_log_files=3\tnum_experts=4\n"
                              "mode: multi-run (2 runs)\n", ccl, ccl);
  g_assert_cmpstr (r.out, ==, expected);
  /* the empty file of default_all2all is named with its line and column */
  g_assert_nonnull (strstr (r.err, "gates_logs_1/gate_logs_0.json:1:1: empty gate log"));
  result_clear (&r);
}

static void
test_export_one (void)
{
  g_autofree char *set = fixture ("ccl/baseline_gates_logs");
  g_autofree char *out = g_build_filename (tmp_root, "one", NULL);
  g_autofree char *files = NULL, *json = NULL, *summary = NULL;
  Result r;

  cli_run (&r, home_dir, set, "-o", out, "--max-step-tokens", "1000", NULL);
  g_assert_cmpint (r.status, ==, 0);
  files = aiperf_test_list_dir (out);
  g_assert_cmpstr (files, ==, "aiperf_plot.log expert_load.json expert_load.png expert_load_heatmap.png "
                              "expert_step_cv.png summary.txt");
  /* without the 2000-token warm-up step: totals 55, 75, 70, 100 of 300;
   * entropy −Σ p·log2 p; σ of the totals √262.5 over a mean of 75; the
   * steps' σ/μ √125/25, 0, √62.5/10, 0 */
  json = read_out (out, "expert_load.json");
  g_assert_cmpstr (json, ==,
                   "{\n"
                   "  \"totals\": [55, 75, 70, 100],\n"
                   "  \"normalized\": [0.18333333333333332, 0.25, 0.23333333333333334, 0.3333333333333333],\n"
                   "  \"summary\": {\n"
                   "    \"entropy\": 1.9669133031803225,\n"
                   "    \"normalized_entropy\": 0.9834566515901613,\n"
                   "    \"coefficient_of_variation\": 0.21602468994692867,\n"
                   "    \"max_min_ratio\": 1.8181818181818181,\n"
                   "    \"total_tokens\": 300,\n"
                   "    \"num_experts\": 4,\n"
                   "    \"total_steps\": 4,\n"
                   "    \"mean_step_coefficient_of_variation\": 0.3094457526355132,\n"
                   "    \"dropped_steps\": 1\n"
                   "  }\n"
                   "}\n");
  g_assert_cmpfloat_with_epsilon (1.9669133031803225,
                                  -(55 / 300.0) * log2 (55 / 300.0) - 0.25 * log2 (0.25)
                                  - (70 / 300.0) * log2 (70 / 300.0) - (100 / 300.0) * log2 (100 / 300.0),
                                  1e-15);
  g_assert_cmpfloat_with_epsilon (0.21602468994692867, sqrt (262.5) / 75, 1e-15);
  g_assert_cmpfloat_with_epsilon (0.3094457526355132, (sqrt (125) / 25 + sqrt (62.5) / 10) / 4, 1e-15);

  summary = read_out (out, "summary.txt");
  g_assert_nonnull (strstr (summary, "  - expert_load.json\n"));
  g_assert_nonnull (strstr (summary, "MoE Expert Load (gate logs)\n"));
  g_assert_nonnull (strstr (summary, "    Steps                              4\n"
                                     "    Dropped (> 1000 tokens)            1\n"
                                     "    Tokens routed                      300\n"));
  g_assert_nonnull (strstr (summary, "    Normalized entropy (÷ log2 E)      0.9835\n"));
  g_assert_nonnull (strstr (summary, "exceed 1000 were dropped as warm-up or profiling steps.\n"));
  result_clear (&r);
}

static void
test_export_two (void)
{
  g_autofree char *ccl = fixture ("ccl");
  g_autofree char *out = g_build_filename (tmp_root, "two", NULL);
  g_autofree char *files = NULL, *json = NULL, *summary = NULL;
  Result r;

  cli_run (&r, home_dir, ccl, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  files = aiperf_test_list_dir (out);
  g_assert_cmpstr (files, ==, "aiperf_plot.log expert_load.json expert_load.png expert_load_heatmap.png "
                              "expert_step_cv.png summary.txt");
  json = read_out (out, "expert_load.json");
  g_assert_true (g_str_has_prefix (json, "{\n  \"sets\": [\n    {\n      \"label\": \"baseline_gates_logs\",\n"
                                         "      \"totals\": [4055, 75, 70, 100],\n"));
  /* default_all2all: totals 105, 145, 95, 75 of 420; σ √650; max ÷ min 145 ÷ 75 */
  g_assert_nonnull (strstr (json, "      \"label\": \"default_all2all_gates_logs\",\n"
                                  "      \"totals\": [105, 145, 95, 75],\n"
                                  "      \"normalized\": [0.25, 0.34523809523809523, 0.2261904761904762, "
                                  "0.17857142857142858],\n"));
  g_assert_nonnull (strstr (json, "        \"coefficient_of_variation\": 0.24281045302822785,\n"
                                  "        \"max_min_ratio\": 1.9333333333333333,\n"
                                  "        \"total_tokens\": 420,\n"));
  g_assert_cmpfloat_with_epsilon (0.24281045302822785, sqrt (650) / 105, 1e-15);
  /* no limit given: nothing dropped, and no dropped_steps key */
  g_assert_null (strstr (json, "dropped_steps"));
  summary = read_out (out, "summary.txt");
  g_assert_nonnull (strstr (summary, "step 1 has 3 experts where the steps before it have 4 "
                                     "(ragged “expert_loads”); step skipped\n"));
  g_assert_null (strstr (summary, "Dropped"));
  result_clear (&r);

  /* a limit that is not a number is a usage error */
  cli_run (&r, home_dir, ccl, "-o", out, "--max-step-tokens", "ten", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--max-step-tokens “ten”"));
  result_clear (&r);
}

/* The bars of the SVG: heights in proportion to the tokens, on one
 * baseline, and the uniform share at the height of 75 tokens. */
static void
test_svg_bars (void)
{
  g_autofree char *set = fixture ("ccl/baseline_gates_logs");
  g_autofree char *out = g_build_filename (tmp_root, "svg", NULL);
  g_autofree char *svg = NULL;
  const double kept[] = { 55, 75, 70, 100 };
  double top[4], bottom[4], left[4];
  const char *p;
  double line_y = NAN, x_end;
  Result r;

  cli_run (&r, home_dir, set, "-o", out, "--max-step-tokens", "1000", "--format", "svg", "--plot",
           "expert_load", NULL);
  g_assert_cmpint (r.status, ==, 0);
  svg = read_out (out, "expert_load.svg");
  /* the bars are one path of four rectangles, filled at 0.7 */
  p = strstr (svg, "fill-opacity:0.7;\" d=\"");
  g_assert_nonnull (p);
  p = strchr (p, 'd') + 3;
  for (guint e = 0; e < 4; e++)
    {
      double x0, y0, x1, y1, x2, y2, x3, y3;
      int used = 0;

      g_assert_cmpint (sscanf (p, "M %lf %lf L %lf %lf L %lf %lf L %lf %lf Z %n", &x0, &y0, &x1, &y1,
                               &x2, &y2, &x3, &y3, &used), ==, 8);
      p += used;
      top[e] = MIN (y0, y2);
      bottom[e] = MAX (y0, y2);
      left[e] = MIN (x0, x1);
    }
  for (guint e = 0; e < 4; e++)
    {
      g_assert_cmpfloat_with_epsilon (bottom[e], bottom[0], 0.01);
      g_assert_cmpfloat_with_epsilon ((bottom[e] - top[e]) / (bottom[3] - top[3]), kept[e] / 100, 0.002);
      if (e > 0)
        g_assert_cmpfloat (left[e], >, left[e - 1]);
    }
  /* the dashed uniform-share line: 300 / 4 = 75 tokens, bar 1's height */
  p = strstr (svg, "stroke-dasharray");
  g_assert_nonnull (p);
  p = strstr (p, " d=\"");
  g_assert_nonnull (p);
  g_assert_cmpint (sscanf (p, " d=\"M %*f %lf L %lf", &line_y, &x_end), ==, 2);
  g_assert_cmpfloat_with_epsilon (line_y, top[1], 0.5);
  result_clear (&r);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_root = g_dir_make_tmp ("aiperf-cli-gate-logs-XXXXXX", NULL);
  home_dir = g_build_filename (tmp_root, "home", NULL);
  g_test_add_func ("/aiperf/cli/gate-logs/list", test_list);
  g_test_add_func ("/aiperf/cli/gate-logs/export-one", test_export_one);
  g_test_add_func ("/aiperf/cli/gate-logs/export-two", test_export_two);
  g_test_add_func ("/aiperf/cli/gate-logs/svg-bars", test_svg_bars);
  status = g_test_run ();
  aiperf_test_remove_tree (tmp_root);
  g_free (home_dir);
  g_free (tmp_root);
  return status;
}
