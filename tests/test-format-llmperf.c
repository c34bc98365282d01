/* test-format-llmperf.c — LLMPerf summaries: the mapping by definition,
 * seconds to ms, per-minute to per-second, and broken summaries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "format-test-util.h"
#include "aiperf-peer-json.h"

static void
test_summaries (void)
{
  g_autofree char *root = format_fixture ("llmperf", NULL);
  g_autoptr(AiperfRunSet) set = format_load_one (root);
  AiperfRun *run;

  /* Two summaries; the individual-responses arrays are not runs. */
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);
  run = format_find_run (set, "concurrency_1/meta-llama-Llama-2-7b-chat-hf_550_150_summary.json");
  g_assert_cmpstr (aiperf_run_get_source (run), ==, "llmperf");
  g_assert_cmpstr (aiperf_run_get_tool (run), ==, "LLMPerf");
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "meta-llama-Llama-2-7b-chat-hf_550_150");
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "meta-llama/Llama-2-7b-chat-hf");
  /* The load point's folder says nothing: the sweep is its parent. */
  g_assert_cmpstr (aiperf_run_get_variation_label (run), ==, "result_outputs");
  g_assert_cmpstr (aiperf_run_get_load_parameter (run), ==, "concurrency");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 1.0);
  g_assert_cmpstr (aiperf_run_get_parameter (run, "mean_output_tokens"), ==, "150");

  assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, 0.105 * 1000);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_P25, (0.081 + 0.25 * (0.190 - 0.081)) * 1000);
  assert_metric (run, "time_to_first_token", AIPERF_STAT_STD, 0.0218 * 1000);
  assert_metric (run, "request_latency", AIPERF_STAT_MAX, 3.80 * 1000);
  /* inter_token_latency_s is latency ÷ tokens (TTFT included): not ITL. */
  assert_metric (run, "normalized_time_per_output_token", AIPERF_STAT_AVG, 0.0212 * 1000);
  g_assert_true (isnan (format_metric (run, "inter_token_latency", AIPERF_STAT_AVG)));
  /* Per request tokens ÷ latency is E2E throughput, not 1 ÷ ITL. */
  assert_metric (run, "e2e_output_token_throughput", AIPERF_STAT_AVG, 47.2);
  g_assert_true (isnan (format_metric (run, "output_token_throughput_per_user", AIPERF_STAT_AVG)));
  assert_metric (run, "output_token_throughput", AIPERF_STAT_AVG, 46.9);
  assert_metric (run, "request_throughput", AIPERF_STAT_AVG, 18.9 / 60.0);
  assert_metric (run, "input_sequence_length", AIPERF_STAT_AVG, 551.2);
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 100);

  run = format_find_run (set, "concurrency_4/meta-llama-Llama-2-7b-chat-hf_550_150_summary.json");
  g_assert_cmpfloat (aiperf_run_get_concurrency (run), ==, 4.0);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 2);
  assert_metric (run, "error_rate", AIPERF_STAT_AVG, 2.0 / 152.0);
}

static void
test_broken_summaries (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-llmperf-XXXXXX", NULL);
  g_autofree char *source = format_fixture ("llmperf", "result_outputs", "concurrency_4",
                                            "meta-llama-Llama-2-7b-chat-hf_550_150_summary.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *cut = NULL, *typed = NULL, *errors = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  AiperfRun *run;
  gsize length = 0;

  text = format_read (source, &length);
  g_free (format_write (dir, "good_summary.json", text, (gssize) length));
  cut = format_write (dir, "cut_summary.json", text, (gssize) length / 2);
  /* Every statistic of the wrong type, and num_concurrent_requests missing. */
  typed = format_write (dir, "typed_summary.json",
                        "{\"name\": \"typed\", \"results_ttft_s_mean\": \"n/a\","
                        " \"results_end_to_end_latency_s_mean\": [3.1], \"mean_output_tokens\": 100}", -1);
  g_free (format_write (dir, "half_summary.json",
                        "{\"results_ttft_s_mean\": 0.25, \"results_ttft_s_max\": true,"
                        " \"num_concurrent_requests\": \"eight\"}", -1));

  set = format_load_one (dir);
  errors = format_errors (set);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);
  assert_metric (format_find_run (set, "good_summary.json"), "time_to_first_token", AIPERF_STAT_AVG, 221.0);
  run = format_find_run (set, "half_summary.json");
  assert_metric (run, "time_to_first_token", AIPERF_STAT_AVG, 250.0);
  g_assert_true (isnan (format_metric (run, "time_to_first_token", AIPERF_STAT_MAX)));
  g_assert_true (isnan (aiperf_run_get_concurrency (run)));
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 2);
  g_assert_nonnull (strstr (errors, cut));
  g_assert_nonnull (strstr (errors, "cut_summary.json:"));
  g_assert_nonnull (strstr (errors, typed));
  g_assert_nonnull (strstr (errors, "not an LLMPerf summary"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

static double
cell (AiperfTable *table,
      const char  *column,
      guint        row)
{
  int c = aiperf_table_find_column (table, column);

  g_assert_cmpint (c, >=, 0);
  return aiperf_table_get (table, c, row);
}

/* The individual responses beside a summary are its per-request data:
 * seconds to ms, failed requests with their code, non-objects skipped
 * with a note. A summary without them has no details to load. */
static void
test_individual_responses (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-llmperf-XXXXXX", NULL);
  g_autofree char *source = format_fixture ("llmperf", "result_outputs", "concurrency_4",
                                            "meta-llama-Llama-2-7b-chat-hf_550_150_summary.json", NULL);
  g_autofree char *text = NULL, *summary = NULL, *lone = NULL, *responses = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GError) error = NULL;
  AiperfTable *requests;
  AiperfRun *run;
  gsize length = 0;

  text = format_read (source, &length);
  summary = format_write (dir, "with/m_550_150_summary.json", text, (gssize) length);
  responses = format_write (dir, "with/m_550_150_individual_responses.json",
                            "[{\"error_code\": null, \"error_msg\": \"\", \"ttft_s\": 0.125, "
                            "\"end_to_end_latency_s\": 3.5, \"inter_token_latency_s\": 0.02, "
                            "\"request_output_throughput_token_per_s\": 42.5, \"number_input_tokens\": 550, "
                            "\"number_output_tokens\": 150},\n 7,\n"
                            " {\"error_code\": 500, \"error_msg\": \"Internal Server Error\"}]", -1);
  lone = format_write (dir, "without/m_550_150_summary.json", text, (gssize) length);
  set = format_load_one (dir);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);

  run = format_find_run (set, "without/m_550_150_summary.json");
  g_assert_false (aiperf_run_can_load_details (run));

  run = format_find_run (set, "with/m_550_150_summary.json");
  g_assert_true (aiperf_run_can_load_details (run));
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  requests = aiperf_run_get_requests (run);
  g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, 2);
  g_assert_cmpfloat (cell (requests, "time_to_first_token", 0), ==, 125.0);
  g_assert_cmpfloat (cell (requests, "request_latency", 0), ==, 3500.0);
  g_assert_cmpfloat (cell (requests, "normalized_time_per_output_token", 0), ==, 20.0);
  g_assert_cmpfloat (cell (requests, "e2e_output_token_throughput", 0), ==, 42.5);
  g_assert_cmpfloat (cell (requests, "output_sequence_length", 0), ==, 150);
  g_assert_true (isnan (cell (requests, "error_code", 0)));
  g_assert_cmpfloat (cell (requests, "error_code", 1), ==, 500);
  g_assert_cmpfloat (cell (requests, "request_number", 1), ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (aiperf_run_get_warnings (run), aiperf_run_get_warnings (run)->len - 1),
                            "skipped 1 element that is not an object"));
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* Statistics of @column over the rows without an error code, as LLMPerf
 * computes them (pandas: sample std, linear quantiles). */
static void
column_stats (AiperfTable *table,
              const char  *column,
              double      *mean,
              double      *std,
              double      *p90,
              double      *min)
{
  int c = aiperf_table_find_column (table, column);
  int e = aiperf_table_find_column (table, "error_code");
  g_autoptr(GArray) v = g_array_new (FALSE, FALSE, sizeof (double));
  AiperfStats stats;
  double ss = 0;

  g_assert_cmpint (c, >=, 0);
  for (guint r = 0; r < aiperf_table_get_n_rows (table); r++)
    if (isnan (aiperf_table_get (table, e, r)))
      {
        double x = aiperf_table_get (table, c, r);

        g_array_append_val (v, x);
      }
  aiperf_stats_compute ((double *) (void *) v->data, v->len, &stats);
  for (guint i = 0; i < v->len; i++)
    ss += (g_array_index (v, double, i) - stats.v[AIPERF_STAT_AVG]) * (g_array_index (v, double, i) - stats.v[AIPERF_STAT_AVG]);
  *mean = stats.v[AIPERF_STAT_AVG];
  *std = sqrt (ss / (v->len - 1));
  *p90 = stats.v[AIPERF_STAT_P90];
  *min = stats.v[AIPERF_STAT_MIN];
}

#define assert_rel(a, b) \
  G_STMT_START { double a_ = (a), b_ = (b); \
    if (!(fabs (a_ - b_) <= 1e-12 * fabs (b_))) g_error ("%s = %.17g, %s = %.17g", #a, a_, #b, b_); } G_STMT_END

/* The leaderboard's layout (summary/<run>.json, individual/<run>.json):
 * paired, named after the provider, counts written as strings read as
 * numbers, and the per-request data agrees with the summary LLMPerf wrote. */
static void
test_leaderboard (void)
{
  static const struct {
    const char *run, *provider, *model;
    guint n_ok, n_failed;
    double min_output;  /* "results_number_output_tokens_min": a string */
  } runs[] = {
    { "together_13b", "together", "together_ai/togethercomputer/llama-2-13b-chat", 149, 1, 107 },
    { "anyscale_7b", "anyscale", "meta-llama/Llama-2-7b-chat-hf", 150, 0, 150 },
  };
  static const struct { const char *key, *column; double scale; } keys[] = {
    { "ttft_s", "time_to_first_token", 1000.0 },
    { "end_to_end_latency_s", "request_latency", 1000.0 },
    { "inter_token_latency_s", "normalized_time_per_output_token", 1000.0 },
    { "number_output_tokens", "output_sequence_length", 1.0 },
  };
  g_autofree char *root = format_fixture ("llmperf-leaderboard", NULL);
  g_autoptr(AiperfRunSet) set = format_load_one (root);

  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 2);
  g_assert_cmpuint (aiperf_run_set_get_load_errors (set)->len, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *rel = g_strdup_printf ("summary/%s.json", runs[i].run);
      g_autofree char *summary_path = format_fixture ("llmperf-leaderboard", "summary", NULL);
      g_autofree char *file = g_strdup_printf ("%s/%s.json", summary_path, runs[i].run);
      g_autoptr(JsonNode) root_node = aiperf_peer_json_load (file, NULL);
      JsonObject *summary = json_node_get_object (root_node);
      g_autoptr(GError) error = NULL;
      AiperfRun *run = format_find_run (set, rel);
      AiperfTable *requests;

      g_assert_cmpstr (aiperf_run_get_name (run), ==, runs[i].run);
      g_assert_cmpstr (aiperf_run_get_parameter (run, "provider"), ==, runs[i].provider);
      g_assert_cmpstr (aiperf_run_get_model (run), ==, runs[i].model);
      g_assert_cmpint (aiperf_run_get_request_count (run), ==, runs[i].n_ok);
      g_assert_cmpint (aiperf_run_get_error_count (run), ==, runs[i].n_failed);
      assert_metric (run, "output_sequence_length", AIPERF_STAT_MIN, runs[i].min_output);
      g_assert_true (aiperf_run_can_load_details (run));
      g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
      requests = aiperf_run_get_requests (run);
      g_assert_cmpuint (aiperf_table_get_n_rows (requests), ==, runs[i].n_ok + runs[i].n_failed);
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          double mean, std, p90, min;
          g_autofree char *mean_key = g_strdup_printf ("results_%s_mean", keys[k].key);
          g_autofree char *std_key = g_strdup_printf ("results_%s_stddev", keys[k].key);
          g_autofree char *p90_key = g_strdup_printf ("results_%s_quantiles_p90", keys[k].key);
          g_autofree char *min_key = g_strdup_printf ("results_%s_min", keys[k].key);

          column_stats (requests, keys[k].column, &mean, &std, &p90, &min);
          assert_rel (mean, aiperf_peer_member_number (summary, mean_key) * keys[k].scale);
          assert_rel (std, aiperf_peer_member_number (summary, std_key) * keys[k].scale);
          assert_rel (p90, aiperf_peer_member_number (summary, p90_key) * keys[k].scale);
          assert_rel (min, aiperf_peer_member_number (summary, min_key) * keys[k].scale);
          /* and what is shown is the summary's */
          g_assert_cmpfloat (format_metric (run, keys[k].column, AIPERF_STAT_AVG), ==,
                             aiperf_peer_member_number (summary, mean_key) * keys[k].scale);
        }
    }
}

/* The leaderboard's individual/ folder, or one of its files, named on
 * its own: the runs of the summaries beside it, which say more (model,
 * concurrency, throughput), not runs of their own. */
static void
test_leaderboard_responses_named (void)
{
  g_autofree char *individual = format_fixture ("llmperf-leaderboard", "individual", NULL);
  g_autofree char *one = format_fixture ("llmperf-leaderboard", "individual", "anyscale_7b.json", NULL);
  g_autoptr(AiperfRunSet) folder = format_load_one (individual);
  g_autoptr(AiperfRunSet) file = format_load_one (one);
  AiperfRun *run;

  g_assert_cmpuint (aiperf_run_set_get_n_runs (folder), ==, 2);
  format_find_run (folder, "summary/together_13b.json");
  format_find_run (folder, "summary/anyscale_7b.json");
  g_assert_cmpuint (aiperf_run_set_get_n_runs (file), ==, 1);
  run = format_find_run (file, "summary/anyscale_7b.json");
  g_assert_cmpstr (aiperf_run_get_model (run), ==, "meta-llama/Llama-2-7b-chat-hf");
  g_assert_true (aiperf_run_can_load_details (run));
}

/* LLMPerf's own file names in one folder: its responses file named on its
 * own is its summary's run; in the folder it is not a second run. */
static void
test_responses_beside_summary (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-llmperf-XXXXXX", NULL);
  g_autofree char *source = format_fixture ("llmperf-leaderboard", "summary", "anyscale_7b.json", NULL);
  g_autofree char *records = format_fixture ("llmperf-leaderboard", "individual", "anyscale_7b.json", NULL);
  g_autofree char *text = NULL, *responses_text = NULL, *summary = NULL, *responses = NULL;
  g_autoptr(AiperfRunSet) folder = NULL;
  g_autoptr(AiperfRunSet) named = NULL;
  gsize length = 0, responses_length = 0;

  text = format_read (source, &length);
  responses_text = format_read (records, &responses_length);
  summary = format_write (dir, "m_550_150_summary.json", text, (gssize) length);
  responses = format_write (dir, "m_550_150_individual_responses.json", responses_text, (gssize) responses_length);
  folder = format_load_one (dir);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (folder), ==, 1);
  format_find_run (folder, "m_550_150_summary.json");
  named = format_load_one (responses);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (named), ==, 1);
  format_find_run (named, "m_550_150_summary.json");
  g_assert_true (aiperf_test_remove_tree (dir));
}

/* A responses file with no summary is a run of its own, and its
 * statistics are the ones LLMPerf's summary has for the same requests:
 * every stat of every per-request metric, to 1e-12. */
static void
test_responses_alone (void)
{
  static const AiperfStat stats[] = { AIPERF_STAT_AVG, AIPERF_STAT_MIN, AIPERF_STAT_MAX, AIPERF_STAT_STD,
                                      AIPERF_STAT_P25, AIPERF_STAT_P50, AIPERF_STAT_P75, AIPERF_STAT_P90,
                                      AIPERF_STAT_P95, AIPERF_STAT_P99 };
  static const char * const suffixes[] = { "mean", "min", "max", "stddev", "quantiles_p25", "quantiles_p50",
                                           "quantiles_p75", "quantiles_p90", "quantiles_p95", "quantiles_p99" };
  static const struct { const char *key, *column; double scale; } keys[] = {
    { "ttft_s", "time_to_first_token", 1000.0 },
    { "end_to_end_latency_s", "request_latency", 1000.0 },
    { "inter_token_latency_s", "normalized_time_per_output_token", 1000.0 },
    { "request_output_throughput_token_per_s", "e2e_output_token_throughput", 1.0 },
    { "number_input_tokens", "input_sequence_length", 1.0 },
    { "number_output_tokens", "output_sequence_length", 1.0 },
  };
  g_autofree char *dir = g_dir_make_tmp ("aiperf-llmperf-XXXXXX", NULL);
  g_autofree char *records = format_fixture ("llmperf-leaderboard", "individual", "together_13b.json", NULL);
  g_autofree char *summary_path = format_fixture ("llmperf-leaderboard", "summary", "together_13b.json", NULL);
  g_autoptr(JsonNode) summary_node = aiperf_peer_json_load (summary_path, NULL);
  JsonObject *summary = json_node_get_object (summary_node);
  g_autofree char *text = NULL, *alone = NULL;
  g_autoptr(AiperfRunSet) set = NULL;
  g_autoptr(GError) error = NULL;
  AiperfRun *run;
  gsize length = 0;
  gboolean noted = FALSE;

  text = format_read (records, &length);
  alone = format_write (dir, "together_13b.json", text, (gssize) length);
  set = format_load_one (alone);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (set), ==, 1);
  run = format_find_run (set, "together_13b.json");
  g_assert_cmpstr (aiperf_run_get_source (run), ==, "llmperf");
  g_assert_cmpstr (aiperf_run_get_name (run), ==, "together_13b");
  g_assert_cmpstr (aiperf_run_get_parameter (run, "provider"), ==, "together");
  g_assert_cmpint (aiperf_run_get_request_count (run), ==, 149);
  g_assert_cmpint (aiperf_run_get_error_count (run), ==, 1);
  assert_rel (format_metric (run, "error_rate", AIPERF_STAT_AVG),
              aiperf_peer_member_number (summary, "results_error_rate"));
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
      {
        g_autofree char *key = g_strdup_printf ("results_%s_%s", keys[k].key, suffixes[i]);

        assert_rel (format_metric (run, keys[k].column, stats[i]),
                    aiperf_peer_member_number (summary, key) * keys[k].scale);
      }
  for (guint i = 0; i < aiperf_run_get_warnings (run)->len; i++)
    noted |= strstr (g_ptr_array_index (aiperf_run_get_warnings (run), i), "without their summary") != NULL;
  g_assert_true (noted);
  g_assert_true (aiperf_run_can_load_details (run));
  g_assert_true (aiperf_run_load_details (run, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (aiperf_table_get_n_rows (aiperf_run_get_requests (run)), ==, 150);
  g_assert_true (aiperf_test_remove_tree (dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/llmperf/summaries", test_summaries);
  g_test_add_func ("/format/llmperf/broken", test_broken_summaries);
  g_test_add_func ("/format/llmperf/individual-responses", test_individual_responses);
  g_test_add_func ("/format/llmperf/leaderboard", test_leaderboard);
  g_test_add_func ("/format/llmperf/leaderboard-responses-named", test_leaderboard_responses_named);
  g_test_add_func ("/format/llmperf/responses-beside-summary", test_responses_beside_summary);
  g_test_add_func ("/format/llmperf/responses-alone", test_responses_alone);
  return g_test_run ();
}
