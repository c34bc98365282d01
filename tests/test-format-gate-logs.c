/* test-format-gate-logs.c — MoE gate logs: sniffing, ccl-bench's sets and
 * lone files, bad input reported at its line and column, the statistics
 * of expert_load.json (checked against values worked out here from the
 * fixtures' numbers), dropping warm-up steps, and the default charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-error.h"
#include "aiperf-expert-load-private.h"
#include "aiperf-formats.h"
#include "aiperf-gate-log.h"
#include "aiperf-presets.h"

#define FIXTURES "data", "gate-logs"

extern const AiperfFormat aiperf_format_gate_logs;

static char *
fixture (const char *path)
{
  return g_test_build_filename (G_TEST_DIST, FIXTURES, path, NULL);
}

static AiperfRunSet *
load (const char *path)
{
  g_autofree char *full = fixture (path);
  const char *paths[] = { full, NULL };
  g_autoptr(GError) error = NULL;
  AiperfRunSet *set = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return set;
}

static guint
sniff_file (const char *head)
{
  AiperfSniffInput input = { "/x/gate_logs_0.json", FALSE, head, strlen (head), NULL, TRUE };

  return aiperf_format_gate_logs.sniff (&input);
}

static guint
sniff_dir (const char *path)
{
  g_autofree char *full = fixture (path);
  g_autoptr(GDir) dir = g_dir_open (full, 0, NULL);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_free);
  AiperfSniffInput input = { full, TRUE, NULL, 0, NULL, FALSE };
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (entries, g_strdup (name));
  g_ptr_array_add (entries, NULL);
  input.entries = (const char * const *) entries->pdata;
  return aiperf_format_gate_logs.sniff (&input);
}

static void
test_sniff (void)
{
  g_assert_cmpuint (sniff_file ("{\"expert_loads\": [[1, 2]]}"), ==, AIPERF_SNIFF_SURE);
  g_assert_cmpuint (sniff_file ("\n{ \"num_tokens\" : [5, 6], \"expert_loads\":[[1]]}"), ==, AIPERF_SNIFF_SURE);
  /* "expert_loads" out of the head behind a long num_tokens */
  g_assert_cmpuint (sniff_file ("{\"num_tokens\": [1, 2, 3, 4"), ==, AIPERF_SNIFF_MAYBE);
  g_assert_cmpuint (sniff_file ("{\"expert_loads\": 3}"), ==, AIPERF_SNIFF_NO);
  g_assert_cmpuint (sniff_file ("{\"results\": {\"num_tokens\": [1]}}"), ==, AIPERF_SNIFF_NO);
  g_assert_cmpuint (sniff_file ("[{\"expert_loads\": [[1]]}]"), ==, AIPERF_SNIFF_NO);
  /* the set folder holds gate logs one level down; its parts do not */
  g_assert_cmpuint (sniff_dir ("ccl/baseline_gates_logs"), ==, AIPERF_SNIFF_SURE);
  g_assert_cmpuint (sniff_dir ("ccl/baseline_gates_logs/gates_logs_0"), ==, AIPERF_SNIFF_NO);
  g_assert_cmpuint (sniff_dir ("ccl"), ==, AIPERF_SNIFF_NO);
  /* a folder named like a set without gate logs in it */
  g_assert_cmpuint (sniff_dir ("bad"), ==, AIPERF_SNIFF_NO);
}

static AiperfGateLog *
parse (const char *text,
       GPtrArray  *problems,
       GError    **error)
{
  return aiperf_gate_log_parse ("g.json", text, strlen (text), 0, problems, error);
}

static void
assert_parse_error (const char *text,
                    int         code,
                    const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGateLog) log = parse (text, NULL, &error);

  g_assert_null (log);
  g_assert_error (error, AIPERF_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_parse (void)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfGateLog) log = NULL;
  const char *text =
    "{\"expert_loads\": [\n"
    "  [1, 2, 3],\n"
    "  [4, 5],\n"
    "  [1, \"x\", 3],\n"
    "  [7, 8, -9],\n"
    "  [0, 0, 6]\n"
    "],\n"
    " \"num_tokens\": [3, 4, 5, \"n\", 3, 9]}";

  log = parse (text, problems, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log->n_experts, ==, 3);
  g_assert_cmpuint (log->n_steps, ==, 2);
  g_assert_cmpfloat (g_array_index (log->loads, double, 2), ==, 3);
  g_assert_cmpfloat (g_array_index (log->loads, double, 5), ==, 6);
  g_assert_cmpuint (g_array_index (log->file_steps, guint, 1), ==, 4);
  /* num_tokens stay with their step: step 4 has 3 */
  g_assert_cmpfloat (g_array_index (log->num_tokens, double, 0), ==, 3);
  g_assert_cmpfloat (g_array_index (log->num_tokens, double, 1), ==, 3);
  g_assert_cmpuint (problems->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (problems, 0), ==,
                   "g.json:3:3: step 1 has 2 experts where the steps before it have 3 "
                   "(ragged “expert_loads”); step skipped");
  g_assert_cmpstr (g_ptr_array_index (problems, 1), ==,
                   "g.json:4:7: step 2: expert 1: expected a token count, found a string; step skipped");
  g_assert_cmpstr (g_ptr_array_index (problems, 2), ==,
                   "g.json:5:10: step 3: expert 2 has a negative token count (-9); step skipped");
  g_assert_cmpstr (g_ptr_array_index (problems, 3), ==,
                   "g.json:8:26: num_tokens of step 3 is a string; the step's expert counts are used");
  g_assert_cmpstr (g_ptr_array_index (problems, 4), ==,
                   "g.json:8:16: “num_tokens” has 6 entries for 5 steps; steps without one use "
                   "their expert counts");

  assert_parse_error ("", AIPERF_ERROR_INVALID_DATA, "g.json:1:1: empty gate log (the file holds no JSON)");
  assert_parse_error ("\n  \n", AIPERF_ERROR_INVALID_DATA, "g.json:3:1: empty gate log (the file holds no JSON)");
  assert_parse_error ("{\"expert_loads\": []}", AIPERF_ERROR_INVALID_DATA,
                      "g.json:1:18: empty gate log: “expert_loads” lists no step");
  assert_parse_error ("{\"expert_loads\": [[\"a\"], [1, null]]}", AIPERF_ERROR_INVALID_DATA,
                      "g.json:1:18: no usable step in “expert_loads” (every step was skipped)");
  assert_parse_error ("{\"steps\": 3}", AIPERF_ERROR_INVALID_DATA,
                      "g.json:1:1: not a gate log: the object has no “expert_loads”");
  assert_parse_error ("[1, 2]", AIPERF_ERROR_INVALID_DATA,
                      "g.json:1:1: not a gate log: expected a JSON object with “expert_loads”");
  assert_parse_error ("{\"expert_loads\": {\"a\": 1}}", AIPERF_ERROR_INVALID_DATA,
                      "g.json:1:18: “expert_loads” is an object, not a list of steps");
  assert_parse_error ("{\"expert_loads\": [[1, 2],\n [3, 4", AIPERF_ERROR_PARSE,
                      "g.json:2:7: the file ends in the middle of the JSON (cut short?)");
  assert_parse_error ("{\"expert_loads\": [[1, 2] [3]]}", AIPERF_ERROR_PARSE,
                      "g.json:1:26: not valid JSON: expected ',' or ']' in an array");

  /* the other files of a set fix the number of experts */
  g_ptr_array_set_size (problems, 0);
  g_clear_pointer (&log, aiperf_gate_log_free);
  log = aiperf_gate_log_parse ("h.json", "{\"expert_loads\": [[1, 2], [1, 2, 3]]}", 37, 3, problems, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log->n_steps, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (problems, 0), ==,
                   "h.json:1:19: step 0 has 2 experts where the set has 3 (ragged “expert_loads”); step skipped");
}

static AiperfRun *
run_named (AiperfRunSet *set,
           const char   *name)
{
  for (guint i = 0; i < aiperf_run_set_get_n_runs (set); i++)
    if (g_str_equal (aiperf_run_get_name (aiperf_run_set_get_run (set, i)), name))
      return aiperf_run_set_get_run (set, i);
  g_assert_not_reached ();
}

static gboolean
has_warning (AiperfRun  *run,
             const char *suffix)
{
  GPtrArray *warnings = aiperf_run_get_warnings (run);

  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    if (g_str_has_suffix (g_ptr_array_index (warnings, i), suffix))
      return TRUE;
  return FALSE;
}

static void
test_load_sets (void)
{
  g_autoptr(AiperfRunSet) set = load ("ccl");
  AiperfRun *base, *a2a;
  AiperfTable *table;
  const double *tokens, *e0, *step;
  guint c_file;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);
  base = run_named (set, "baseline_gates_logs");
  a2a = run_named (set, "default_all2all_gates_logs");
  g_assert_cmpstr (aiperf_run_get_kind (base), ==, "expert_load");
  g_assert_cmpstr (aiperf_run_get_source (base), ==, "gate-logs");
  g_assert_cmpstr (aiperf_run_get_variation_label (a2a), ==, "default_all2all_gates_logs");
  g_assert_cmpstr (aiperf_run_get_parameter (base, "gate_log_files"), ==, "3");
  g_assert_cmpstr (aiperf_run_get_parameter (a2a, "gate_log_files"), ==, "3");

  /* the files of a set in order, one row per step */
  table = aiperf_run_get_table (base, AIPERF_EXPERT_LOADS);
  g_assert_nonnull (table);
  g_assert_cmpuint (aiperf_table_get_n_rows (table), ==, 5);
  g_assert_cmpuint (aiperf_table_get_n_columns (table), ==, 8);
  c_file = (guint) aiperf_table_find_column (table, AIPERF_EXPERT_LOADS_FILE);
  g_assert_cmpstr (aiperf_table_get_string (table, c_file, 0), ==, "gates_logs_0/gate_logs_0.json");
  g_assert_cmpstr (aiperf_table_get_string (table, c_file, 2), ==, "gates_logs_0/gate_logs_1.json");
  g_assert_cmpstr (aiperf_table_get_string (table, c_file, 4), ==, "gates_logs_1/gate_logs_0.json");
  e0 = aiperf_table_get_column (table, "expert_0");
  tokens = aiperf_table_get_column (table, AIPERF_EXPERT_LOADS_NUM_TOKENS);
  step = aiperf_table_get_column (table, AIPERF_EXPERT_LOADS_STEP);
  g_assert_cmpfloat (e0[2], ==, 4000);
  g_assert_cmpfloat (tokens[2], ==, 2000);
  g_assert_cmpfloat (tokens[4], ==, 30);
  g_assert_cmpfloat (step[4], ==, 4);
  g_assert_null (aiperf_table_get_column (table, "expert_4"));

  /* the ragged step and the empty file are left out, and said */
  table = aiperf_run_get_table (a2a, AIPERF_EXPERT_LOADS);
  g_assert_cmpuint (aiperf_table_get_n_rows (table), ==, 5);
  tokens = aiperf_table_get_column (table, AIPERF_EXPERT_LOADS_NUM_TOKENS);
  g_assert_true (isnan (tokens[0]));
  g_assert_cmpfloat (tokens[3], ==, 50);
  g_assert_cmpfloat (aiperf_table_get_column (table, AIPERF_EXPERT_LOADS_FILE_STEP)[3], ==, 2);
  g_assert_true (has_warning (a2a, "gates_logs_0/gate_logs_1.json:3:3: step 1 has 3 experts where the steps "
                                   "before it have 4 (ragged “expert_loads”); step skipped"));
  g_assert_true (has_warning (a2a, "gates_logs_1/gate_logs_0.json:1:1: empty gate log (the file holds no "
                                   "JSON); file skipped"));
  g_assert_cmpuint (aiperf_run_get_n_bad_lines (a2a), ==, 1);
}

static void
test_lone_and_bad (void)
{
  g_autoptr(AiperfRunSet) lone = load ("lone.json");
  g_autoptr(AiperfRunSet) bad = load ("bad");
  GPtrArray *errors;
  AiperfRun *run;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (lone), ==, 1);
  run = aiperf_run_set_get_run (lone, 0);
  g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, "lone");
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_table (run, AIPERF_EXPERT_LOADS)), ==, 3);

  /* bad/: strings.json is read (two of its four steps), the others fail */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (bad), ==, 1);
  run = aiperf_run_set_get_run (bad, 0);
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "strings");
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_table (run, AIPERF_EXPERT_LOADS)), ==, 2);
  g_assert_true (has_warning (run, "strings.json:3:7: step 1: expert 1: expected a token count, found a string; "
                                   "step skipped"));
  g_assert_true (has_warning (run, "strings.json:4:13: step 2: expert 3: expected a token count, found null; "
                                   "step skipped"));
  errors = aiperf_run_set_get_load_errors (bad);
  g_assert_cmpuint (errors->len, ==, 2);
  for (guint i = 0; i < errors->len; i++)
    {
      const GError *e = g_ptr_array_index (errors, i);

      if (strstr (e->message, "broken.json") != NULL)
        g_assert_true (g_str_has_suffix (e->message, "broken.json:2:1: the file ends in the middle of the JSON (cut short?)"));
      else
        g_assert_true (g_str_has_suffix (e->message, "empty_steps.json:1:18: empty gate log: “expert_loads” lists no step"));
    }
}

/* The statistics worked out from the fixtures' numbers. */
static double
entropy_of (const double *totals,
            guint         n)
{
  double sum = 0, h = 0;

  for (guint i = 0; i < n; i++)
    sum += totals[i];
  for (guint i = 0; i < n; i++)
    if (totals[i] > 0)
      h -= totals[i] / sum * log2 (totals[i] / sum);
  return h;
}

static AiperfExpertLoadSet *
set_named (AiperfExpertLoadData *data,
           const char           *label)
{
  for (guint i = 0; i < data->sets->len; i++)
    if (g_str_equal (((AiperfExpertLoadSet *) g_ptr_array_index (data->sets, i))->label, label))
      return g_ptr_array_index (data->sets, i);
  g_assert_not_reached ();
}

static void
test_statistics (void)
{
  g_autoptr(AiperfRunSet) runs = load ("ccl");
  g_autoptr(AiperfExpertLoadData) all = aiperf_expert_load_data_new (runs, NAN);
  g_autoptr(AiperfExpertLoadData) limited = aiperf_expert_load_data_new (runs, 1000);
  g_autoptr(AiperfExpertLoadData) tight = aiperf_expert_load_data_new (runs, 90);
  AiperfExpertLoadSet *a2a = set_named (all, "default_all2all_gates_logs");
  AiperfExpertLoadSet *base = set_named (all, "baseline_gates_logs");
  AiperfExpertLoadSet *base_limited = set_named (limited, "baseline_gates_logs");
  AiperfExpertLoadSet *a2a_tight = set_named (tight, "default_all2all_gates_logs");
  const double a2a_totals[] = { 105, 145, 95, 75 };
  const double base_totals[] = { 4055, 75, 70, 100 }, base_kept[] = { 55, 75, 70, 100 };

  /* default_all2all: 420 tokens over 5 steps */
  g_assert_cmpuint (a2a->n_experts, ==, 4);
  g_assert_cmpuint (a2a->n_steps, ==, 5);
  for (guint e = 0; e < 4; e++)
    g_assert_cmpfloat (a2a->totals[e], ==, a2a_totals[e]);
  g_assert_cmpfloat (a2a->total_tokens, ==, 420);
  g_assert_cmpfloat_with_epsilon (a2a->entropy, entropy_of (a2a_totals, 4), 1e-12);
  g_assert_cmpfloat_with_epsilon (a2a->entropy, 1.9585781796048383, 1e-12);
  g_assert_cmpfloat_with_epsilon (a2a->normalized_entropy, a2a->entropy / 2, 1e-12);
  /* mean 105; deviations 0, 40, -10, -30: σ = √650 */
  g_assert_cmpfloat_with_epsilon (a2a->cv, sqrt (650) / 105, 1e-12);
  g_assert_cmpfloat_with_epsilon (a2a->max_min_ratio, 145.0 / 75, 1e-12);
  /* per-step σ/μ: 5/25, 10/20, √75/25, 0, √300/10 */
  g_assert_cmpfloat_with_epsilon (a2a->step_cv[2], sqrt (75) / 25, 1e-12);
  g_assert_cmpfloat_with_epsilon (a2a->mean_step_cv,
                                  (0.2 + 0.5 + sqrt (75) / 25 + 0 + sqrt (300) / 10) / 5, 1e-12);
  g_assert_cmpuint (a2a->n_dropped, ==, 0);

  /* baseline: the 2000-token warm-up step dominates until it is dropped */
  for (guint e = 0; e < 4; e++)
    g_assert_cmpfloat (base->totals[e], ==, base_totals[e]);
  g_assert_cmpfloat_with_epsilon (base->max_min_ratio, 4055.0 / 70, 1e-12);
  g_assert_cmpuint (base_limited->n_dropped, ==, 1);
  g_assert_cmpuint (base_limited->n_steps, ==, 4);
  for (guint e = 0; e < 4; e++)
    g_assert_cmpfloat (base_limited->totals[e], ==, base_kept[e]);
  g_assert_cmpfloat (base_limited->total_tokens, ==, 300);
  g_assert_cmpfloat_with_epsilon (base_limited->entropy, entropy_of (base_kept, 4), 1e-12);
  /* steps [10,20,30,40], [25]*4, [5,15,0,20], [15]*4 */
  g_assert_cmpfloat_with_epsilon (base_limited->mean_step_cv,
                                  (sqrt (125) / 25 + 0 + sqrt (62.5) / 10 + 0) / 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (base_limited->cv, sqrt ((400 + 0 + 25 + 625) / 4.0) / 75, 1e-12);

  /* at 90 tokens: num_tokens where the file has them (50, 3, 50, 20 pass),
   * summed loads where it has none (100 fails, 80 passes); baseline's
   * num_tokens are 50, 50, 2000, 20, 30 */
  g_assert_cmpuint (a2a_tight->n_dropped, ==, 1);
  g_assert_cmpfloat (a2a_tight->totals[0], ==, 75);
  g_assert_cmpuint (set_named (tight, "baseline_gates_logs")->n_dropped, ==, 1);

  g_assert_true (isnan (aiperf_expert_load_parse_limit ("ten")));
  g_assert_true (isnan (aiperf_expert_load_parse_limit ("-1")));
  g_assert_cmpfloat (aiperf_expert_load_parse_limit ("1e3"), ==, 1000);
}

static void
test_json (void)
{
  g_autoptr(AiperfRunSet) runs = load ("lone.json");
  g_autoptr(AiperfExpertLoadData) data = aiperf_expert_load_data_new (runs, NAN);
  g_autofree char *text = aiperf_expert_load_json (data);

  /* totals 8, 16; steps [6,2], [2,6], [0,8] */
  g_assert_cmpstr (text, ==,
                   "{\n"
                   "  \"totals\": [8, 16],\n"
                   "  \"normalized\": [0.3333333333333333, 0.6666666666666666],\n"
                   "  \"summary\": {\n"
                   "    \"entropy\": 0.9182958340544896,\n"
                   "    \"normalized_entropy\": 0.9182958340544896,\n"
                   "    \"coefficient_of_variation\": 0.3333333333333333,\n"
                   "    \"max_min_ratio\": 2,\n"
                   "    \"total_tokens\": 24,\n"
                   "    \"num_experts\": 2,\n"
                   "    \"total_steps\": 3,\n"
                   "    \"mean_step_coefficient_of_variation\": 0.6666666666666666\n"
                   "  }\n"
                   "}\n");
  g_assert_cmpfloat_with_epsilon (0.9182958340544896, -(1 / 3.0) * log2 (1 / 3.0) - (2 / 3.0) * log2 (2 / 3.0),
                                  1e-15);
}

static AiperfChart *
build (AiperfRunSet *runs,
       const char   *name,
       const char   *limit,
       GError      **error)
{
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (NULL);
  GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, "expert_load");
  GPtrArray *defaults = aiperf_plot_config_get_kind_defaults (config, "expert_load");

  g_assert_nonnull (plots);
  g_assert_cmpuint (defaults->len, ==, 3);
  for (guint i = 0; i < plots->len; i++)
    {
      const AiperfPlotSpec *spec = g_ptr_array_index (plots, i);

      if (g_str_equal (spec->name, name))
        {
          g_autoptr(AiperfPlotSpec) copy = aiperf_plot_spec_copy (spec);

          if (limit != NULL)
            aiperf_plot_spec_set_extra (copy, AIPERF_EXPERT_LOAD_MAX_STEP_TOKENS, limit);
          return aiperf_plot_build_multi_run (copy, runs, NULL, NULL, error);
        }
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

static AiperfChart *
build_highlight (AiperfRunSet *runs,
                 const char   *set,
                 const char   *expert)
{
  g_autoptr(AiperfPlotSpec) spec = NULL;
  g_autoptr(GError) error = NULL;
  const AiperfPlotHandler *type;
  AiperfChart *chart;

  type = aiperf_plot_handler_find ("expert_load");
  g_assert_nonnull (type);
  spec = aiperf_plot_spec_new ("expert_load", type);
  aiperf_plot_spec_set_extra (spec, AIPERF_EXPERT_LOAD_HIGHLIGHT_SET, set);
  aiperf_plot_spec_set_extra (spec, AIPERF_EXPERT_LOAD_HIGHLIGHT_EXPERT, expert);
  chart = aiperf_plot_build_multi_run (spec, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  return chart;
}

static void
test_charts (void)
{
  g_autoptr(AiperfRunSet) one = load ("ccl/baseline_gates_logs");
  g_autoptr(AiperfRunSet) two = load ("ccl");
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfChart) bars = build (one, "expert_load", "1000", &error);
  g_autoptr(AiperfChart) shares = build (two, "expert_load", NULL, &error);
  g_autoptr(AiperfChart) heat = build (two, "expert_load_heatmap", NULL, &error);
  g_autoptr(AiperfChart) cv = build (one, "expert_step_cv", "1000", &error);
  const AiperfLayer *layer;
  const double kept[] = { 55, 75, 70, 100 };

  g_assert_no_error (error);
  /* one set: tokens per expert and the uniform share, 300 / 4 */
  layer = layer_of (bars, AIPERF_LAYER_BARS, 0);
  g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 4);
  for (guint e = 0; e < 4; e++)
    {
      g_assert_cmpfloat (aiperf_layer_x (layer, e), ==, e);
      g_assert_cmpfloat (aiperf_layer_y (layer, e), ==, kept[e]);
    }
  g_assert_cmpfloat (aiperf_layer_y (layer_of (bars, AIPERF_LAYER_HLINE, 0), 0), ==, 75);
  g_assert_cmpstr (bars->note, ==, "1 step above 1000 tokens dropped");
  g_assert_cmpstr (bars->y.title, ==, "Tokens");

  /* two sets: shares side by side, one uniform line at 25 % */
  g_assert_cmpstr (shares->y.unit, ==, "%");
  layer = layer_of (shares, AIPERF_LAYER_BARS, 1);
  g_assert_cmpuint (layer->group, ==, 1);
  g_assert_cmpuint (layer->n_groups, ==, 2);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (layer, 1), 100.0 * 145 / 420, 1e-9);
  g_assert_cmpfloat (aiperf_layer_y (layer_of (shares, AIPERF_LAYER_HLINE, 0), 0), ==, 25);
  /* the window's selected row: its bar again on top, in its set's slot */
  {
    g_autoptr(AiperfChart) marked = build_highlight (two, "default_all2all_gates_logs", "0");

    layer = layer_of (marked, AIPERF_LAYER_BARS, 2);
    g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 1);
    g_assert_cmpuint (layer->group, ==, 1);
    g_assert_cmpfloat (aiperf_layer_x (layer, 0), ==, 0);
    g_assert_cmpfloat_with_epsilon (aiperf_layer_y (layer, 0), 25, 1e-9);
    g_assert_cmpint (aiperf_chart_find_series (marked, "default_all2all_gates_logs"), ==, 1);
    g_assert_cmpuint (marked->series->len, ==, 2);
  }
  /* values: tokens with two sets: each set's own uniform line, named */
  {
    g_autoptr(AiperfPlotSpec) spec = NULL;
    g_autoptr(AiperfChart) tokens = NULL;
    const AiperfPlotHandler *type;

    type = aiperf_plot_handler_find ("expert_load");
    g_assert_nonnull (type);
    spec = aiperf_plot_spec_new ("expert_load", type);
    aiperf_plot_spec_set_extra (spec, "values", "tokens");
    tokens = aiperf_plot_build_multi_run (spec, two, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (tokens->y.title, ==, "Tokens");
    g_assert_cmpfloat (aiperf_layer_y (layer_of (tokens, AIPERF_LAYER_HLINE, 0), 0), ==, 4300 / 4.0);
    g_assert_cmpfloat (aiperf_layer_y (layer_of (tokens, AIPERF_LAYER_HLINE, 1), 0), ==, 420 / 4.0);
    g_assert_cmpstr (g_ptr_array_index (layer_of (tokens, AIPERF_LAYER_HLINE, 1)->labels, 0), ==,
                     "default_all2all_gates_logs: uniform share 105 tokens per expert");
  }
  g_assert_cmpuint (aiperf_chart_count_points (shares, AIPERF_LAYER_HLINE), ==, 1);

  /* heatmap: a panel per set, one cell per step and expert, one scale */
  g_assert_cmpuint (heat->panels->len, ==, 2);
  /* baseline's steps have 50, 50, 2000, 20, 30 tokens: the median is 50 */
  g_assert_cmpstr (heat->note, ==, "baseline_gates_logs: step 2 has 2000 tokens, 40× the median step "
                                   "(warm-up? --max-step-tokens leaves such steps out); "
                                   "one colour scale for all panels");
  for (guint p = 0; p < 2; p++)
    {
      const AiperfChart *panel = g_ptr_array_index (heat->panels, p);

      layer = layer_of (panel, AIPERF_LAYER_CELLS, 0);
      g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 20);
      g_assert_true (panel->has_color_scale);
      g_assert_cmpfloat (panel->color_axis.max, ==, 4000);
    }
  /* baseline step 2, expert 0: the warm-up step's 4000 tokens */
  layer = layer_of (g_ptr_array_index (heat->panels, 0), AIPERF_LAYER_CELLS, 0);
  g_assert_cmpfloat (g_array_index (layer->value, double, 8), ==, 4000);
  g_assert_cmpfloat (aiperf_layer_x (layer, 8), ==, 1.5);

  /* per-step CV: the dropped step 2 is a gap */
  layer = layer_of (cv, AIPERF_LAYER_LINE, 0);
  g_assert_cmpuint (aiperf_layer_get_n (layer), ==, 5);
  g_assert_cmpfloat (aiperf_layer_x (layer, 3), ==, 3);
  g_assert_true (isnan (aiperf_layer_y (layer, 2)));
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (layer, 0), sqrt (125) / 25, 1e-12);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_y (layer_of (cv, AIPERF_LAYER_HLINE, 0), 0),
                                  (sqrt (125) / 25 + sqrt (62.5) / 10) / 4, 1e-12);
}

/* Many steps: the heatmap is binned, never one cell per step. */
static void
test_heatmap_bins (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-gate-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "gate_logs_0.json", NULL);
  g_autoptr(GString) text = g_string_new ("{\"expert_loads\": [");
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autoptr(AiperfChart) heat = NULL;
  g_autoptr(GError) error = NULL;
  const char *paths[] = { path, NULL };
  const AiperfLayer *cells;

  for (guint s = 0; s < 5000; s++)
    g_string_append_printf (text, "%s[%u, %u, 1]", s > 0 ? ", " : "", s % 7, s % 2);
  g_string_append (text, "]}");
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
  runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  heat = build (runs, "expert_load_heatmap", NULL, &error);
  g_assert_no_error (error);
  cells = layer_of (heat, AIPERF_LAYER_CELLS, 0);
  /* 5000 steps in bins of 9 (≤ 600 bins), 3 experts */
  g_assert_cmpuint (aiperf_layer_get_n (cells), ==, 556 * 3);
  g_assert_cmpfloat (aiperf_layer_x (cells, 0), ==, -0.5);
  g_assert_cmpfloat (g_array_index (cells->x2, double, 0), ==, 8.5);
  /* expert 0 over steps 0..8: (0+1+…+6+0+1) / 9 */
  g_assert_cmpfloat_with_epsilon (g_array_index (cells->value, double, 0), 22.0 / 9, 1e-12);
  g_assert_cmpstr (heat->note, ==, "gate_logs_0: mean of 9 steps per cell");
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/format/gate-logs/sniff", test_sniff);
  g_test_add_func ("/aiperf/format/gate-logs/parse", test_parse);
  g_test_add_func ("/aiperf/format/gate-logs/load-sets", test_load_sets);
  g_test_add_func ("/aiperf/format/gate-logs/lone-and-bad", test_lone_and_bad);
  g_test_add_func ("/aiperf/format/gate-logs/statistics", test_statistics);
  g_test_add_func ("/aiperf/format/gate-logs/json", test_json);
  g_test_add_func ("/aiperf/format/gate-logs/charts", test_charts);
  g_test_add_func ("/aiperf/format/gate-logs/heatmap-bins", test_heatmap_bins);
  return g_test_run ();
}
