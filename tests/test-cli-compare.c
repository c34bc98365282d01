/* test-cli-compare.c — aiperf-plot --headless --baseline … and --history on
 * generated AIPerf runs with a known effect (gen-ab.h) and on the real
 * aiperf fixtures: the files, their fields, the JUnit failures, the exit
 * status of --fail-on-regression, unpaired configurations, failed requests,
 * and a 30-night history with a 10 % step at night 20.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "cli-test-util.h"
#include "gen-ab.h"

#define FIXTURES "aiperf-real", "tests", "unit", "plot", "fixtures"

typedef struct {
  char *root;
  char *baseline, *candidate, *null_candidate;
} Fixture;

static void
write_pair_run (const char *dir,
                double      effect,
                gboolean    candidate,
                guint       concurrency,
                guint       seed)
{
  GenAbParams p;
  GenAbRun run = { 0 };
  g_autoptr(GError) error = NULL;

  gen_ab_params_init (&p);
  p.effect = effect;
  p.seed = seed;
  p.concurrency = concurrency;
  p.fail_every = 50;
  /* The null pair: the same server, no level of its own per run (a
   * single-run comparison cannot tell a run's level from an effect). */
  if (effect == 0)
    p.run_sd = 0;
  gen_ab_run (&p, candidate, 0, &run);
  gen_ab_write_run (&run, dir, concurrency, "2026-01-01T00:00:00", NULL, &error);
  g_assert_no_error (error);
  gen_ab_run_clear (&run);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *extra = NULL;

  f->root = g_dir_make_tmp ("aiperf-compare-XXXXXX", &error);
  g_assert_no_error (error);
  f->baseline = g_build_filename (f->root, "base", "run-c4", NULL);
  f->candidate = g_build_filename (f->root, "cand", NULL);
  f->null_candidate = g_build_filename (f->root, "null", "run-c4", NULL);
  write_pair_run (f->baseline, 0.08, FALSE, 4, 7);
  {
    g_autofree char *dir = g_build_filename (f->candidate, "run-c4", NULL);

    write_pair_run (dir, 0.08, TRUE, 4, 7);
  }
  /* A configuration the baseline does not have. */
  extra = g_build_filename (f->candidate, "run-c8", NULL);
  write_pair_run (extra, 0.08, TRUE, 8, 7);
  /* The same distribution as the baseline (another draw of it). */
  write_pair_run (f->null_candidate, 0, TRUE, 4, 7);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", f->root);

  g_assert_true (g_str_has_prefix (f->root, g_get_tmp_dir ()));
  g_assert_cmpint (system (command), ==, 0);
  g_free (f->root);
  g_free (f->baseline);
  g_free (f->candidate);
  g_free (f->null_candidate);
}

static JsonObject *
find_record (JsonArray  *records,
             const char *configuration_part,
             const char *metric,
             const char *stat)
{
  for (guint i = 0; i < json_array_get_length (records); i++)
    {
      JsonObject *r = json_array_get_object_element (records, i);

      if (strstr (json_object_get_string_member (r, "configuration"), configuration_part) != NULL &&
          (g_str_equal (json_object_get_string_member (r, "metric"), metric) ||
           g_str_equal (json_object_get_string_member (r, "label"), metric)) &&
          g_str_equal (json_object_get_string_member (r, "stat"), stat))
        return r;
    }
  return NULL;
}

static JsonParser *
parse_file (const char *dir,
            const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  JsonParser *parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return parser;
}

static char *
read_text (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
test_regression (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *out = g_build_filename (f->root, "out", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *xml = NULL, *csv = NULL, *summary = NULL;
  g_auto(GStrv) rows = NULL;
  JsonObject *root, *r;
  JsonArray *records, *unpaired;
  gsize png_length = 0;
  Result res;

  cli_run (&res, f->root, "--baseline", f->baseline, f->candidate, "-o", out, NULL);
  g_assert_cmpint (res.status, ==, 0);
  g_assert_nonnull (strstr (res.out, "Regression"));
  result_clear (&res);

  parser = parse_file (out, "comparison.json");
  root = json_node_get_object (json_parser_get_root (parser));
  records = json_object_get_array_member (root, "records");
  /* TTFT, ITL, request latency × 4 stats, output and request throughput. */
  g_assert_cmpuint (json_array_get_length (records), ==, 14);
  r = find_record (records, "concurrency 4", "time_to_first_token", "avg");
  g_assert_nonnull (r);
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "regression");
  g_assert_cmpstr (json_object_get_string_member (r, "test"), ==, "block-bootstrap");
  g_assert_cmpstr (json_object_get_string_member (r, "better"), ==, "lower");
  g_assert_cmpstr (json_object_get_string_member (r, "unit"), ==, "ms");
  /* Every 50th of 1000 requests failed: excluded and counted. */
  g_assert_cmpint (json_object_get_int_member (r, "failed_baseline"), ==, 20);
  g_assert_cmpint (json_object_get_int_member (r, "n_baseline"), ==, 980);
  g_assert_cmpfloat (json_object_get_double_member (r, "ci_low"), >, 0.02);
  g_assert_cmpfloat (json_object_get_double_member (r, "ci_low"), <, json_object_get_double_member (r, "change"));
  g_assert_cmpfloat (json_object_get_double_member (r, "q_value"), <, 0.05);
  r = find_record (records, "concurrency 4", "request_throughput", "avg");
  g_assert_nonnull (r);
  g_assert_cmpstr (json_object_get_string_member (r, "better"), ==, "higher");
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "regression");
  g_assert_cmpfloat (json_object_get_double_member (r, "change"), <, 0);
  unpaired = json_object_get_array_member (root, "unpaired");
  g_assert_cmpuint (json_array_get_length (unpaired), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (unpaired, 0), "only_in"),
                   ==, "candidate");
  g_assert_nonnull (strstr (json_object_get_string_member (json_array_get_object_element (unpaired, 0),
                                                           "configuration"), "concurrency 8"));

  xml = read_text (out, "comparison.xml");
  g_assert_true (g_str_has_prefix (xml, "<?xml"));
  g_assert_nonnull (strstr (xml, "<failure type=\"regression\""));
  g_assert_nonnull (strstr (xml, "unpaired: only in the candidates"));
  csv = read_text (out, "comparison.csv");
  rows = g_strsplit (csv, "\n", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, 1 + 14 + 1);
  g_assert_true (g_str_has_prefix (rows[0], "configuration,kind,metric,stat,unit,better,baseline"));
  summary = read_text (out, "summary.txt");
  g_assert_nonnull (strstr (summary, "Comparison with the baseline"));
  {
    g_autofree char *path = g_build_filename (out, "comparison.png", NULL);
    g_autofree char *bytes = NULL;

    g_file_get_contents (path, &bytes, &png_length, NULL);
    g_assert_cmpuint (png_length, >, 10000);
    g_assert_cmpmem (bytes, 4, "\x89PNG", 4);
  }

  /* The CI gate. */
  cli_run (&res, f->root, "--baseline", f->baseline, f->candidate, "-o", out, "--fail-on-regression", NULL);
  g_assert_cmpint (res.status, ==, 3);
  result_clear (&res);
  cli_run (&res, f->root, "--baseline", f->baseline, f->candidate, "-o", out, "--fail-on-regression=50", NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  /* A minimal effect above the change: nothing regresses. */
  cli_run (&res, f->root, "--baseline", f->baseline, f->candidate, "-o", out, "--min-effect", "30",
           "--fail-on-regression", NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  /* Run again: summary.txt keeps one comparison section. */
  g_free (summary);
  summary = read_text (out, "summary.txt");
  g_assert_null (strstr (strstr (summary, "Comparison with the baseline") + 1, "Comparison with the baseline"));
}

/* --baseline with --html: report.html's comparison section has a row per
 * record of comparison.json, each with that record's verdict. */
static void
test_report (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *out = g_build_filename (f->root, "out-report", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *html = NULL, *section = NULL;
  JsonArray *records;
  const char *start, *end;
  guint rows = 0;
  Result res;

  cli_run (&res, f->root, "--baseline", f->baseline, f->candidate, "-o", out, "--html", NULL);
  g_assert_cmpint (res.status, ==, 0);
  g_assert_nonnull (strstr (res.out, "report.html"));
  result_clear (&res);
  parser = parse_file (out, "comparison.json");
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "records");
  html = read_text (out, "report.html");
  start = strstr (html, "<section id=\"comparison\">");
  g_assert_nonnull (start);
  end = strstr (start, "</section>");
  g_assert_nonnull (end);
  section = g_strndup (start, end - start);
  for (const char *at = strstr (section, "<tr class=\"verdict-"); at != NULL; at = strstr (at + 1, "<tr class=\"verdict-"))
    rows++;
  g_assert_cmpuint (rows, ==, json_array_get_length (records));
  for (guint i = 0; i < json_array_get_length (records); i++)
    {
      JsonObject *r = json_array_get_object_element (records, i);
      g_autofree char *row = g_strdup_printf ("data-verdict=\"%s\" data-metric=\"%s\" data-stat=\"%s\"",
                                              json_object_get_string_member (r, "verdict"),
                                              json_object_get_string_member (r, "metric"),
                                              json_object_get_string_member (r, "stat"));

      g_assert_nonnull (strstr (section, row));
    }
  /* The report also has the runs of both sides. */
  g_assert_nonnull (strstr (html, "<section id=\"summary\">"));
  g_assert_nonnull (strstr (section, "Only in the candidates"));
}

/* --baseline with --report pdf: report.pdf's comparison section, on
 * landscape pages: the counts, a row per record of comparison.json with
 * its values, change and verdict (the header on every page of the table),
 * the configuration on one side only, and the forest plot. */
static void
test_report_pdf (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *out = g_build_filename (f->root, "out-report-pdf", NULL);
  g_autofree char *path = g_build_filename (out, "report.pdf", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *text = NULL;
  JsonArray *records;
  int first, forest;
  guint rows = 0;
  Result res;

  cli_run (&res, f->root, "--baseline", f->baseline, f->candidate, "-o", out, "--report", "pdf", NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  if (g_getenv ("AIPERF_TEST_KEEP_PDF") != NULL)
    {
      g_autofree char *command = g_strdup_printf ("cp '%s' '%s'", path, g_getenv ("AIPERF_TEST_KEEP_PDF"));

      g_assert_cmpint (system (command), ==, 0);
    }
  text = pdf_text (path);
  if (text == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  parser = parse_file (out, "comparison.json");
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "records");
  g_assert_cmpuint (json_array_get_length (records), >, 10);
  first = page_of (text, "Comparison with the Baseline");
  g_assert_nonnull (strstr (text, "regressions,"));
  g_assert_nonnull (strstr (text, "Only in the candidates"));
  g_assert_nonnull (strstr (text, "metrics compared"));
  /* every record a row: its metric, stat, baseline value and verdict on one line */
  for (guint i = 0; i < json_array_get_length (records); i++)
    {
      JsonObject *r = json_array_get_object_element (records, i);
      g_autofree char *value = g_strdup_printf ("%.4g", json_object_get_double_member (r, "baseline"));
      const char *stat = json_object_get_string_member (r, "stat");
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
      gboolean found = FALSE;

      for (guint l = 0; lines[l] != NULL && !found; l++)
        found = strstr (lines[l], json_object_get_string_member (r, "label")) != NULL &&
                strstr (lines[l], value) != NULL && strstr (lines[l], stat) != NULL;
      if (!found)
        g_error ("record %u (%s %s = %s) is no row of the PDF", i, json_object_get_string_member (r, "label"),
                 stat, value);
      rows++;
    }
  g_assert_cmpuint (rows, ==, json_array_get_length (records));
  /* the forest plot after the table, on a page of its own */
  forest = page_of (text, "Change against the Baseline");
  g_assert_cmpint (forest, >, first);
}

/* The same distribution on both sides: no mean, median, p90 or throughput
 * flagged. (A p99 of 1000 requests rests on ten of them, most from the
 * warm-up; its false alarms are counted by test-compare-detect and
 * bench-compare, not asserted away here.) */
static void
test_null (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *out = g_build_filename (f->root, "out-null", NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonArray *records;
  Result res;

  cli_run (&res, f->root, "--baseline", f->baseline, f->null_candidate, "-o", out, NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  parser = parse_file (out, "comparison.json");
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "records");
  g_assert_cmpuint (json_array_get_length (records), ==, 14);
  for (guint i = 0; i < json_array_get_length (records); i++)
    {
      JsonObject *r = json_array_get_object_element (records, i);

      if (g_str_equal (json_object_get_string_member (r, "stat"), "p99"))
        continue;
      g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "no_significant_change");
    }
}

/* The real fixture against a copy of itself: no change anywhere; the
 * JSONL holds 10 of the 64 requests the summary counts, so the throughputs
 * are the summary's (the tool's own number) and cannot be tested. */
static void
test_real_fixture (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *run = g_test_build_filename (G_TEST_DIST, "data", FIXTURES, "qwen_concurrency1", NULL);
  g_autofree char *copy = g_build_filename (f->root, "copy", NULL);
  g_autofree char *out = g_build_filename (f->root, "out-real", NULL);
  g_autofree char *command = g_strdup_printf ("cp -r '%s' '%s'", run, copy);
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(JsonParser) summary = NULL;
  JsonArray *records, *notes;
  JsonObject *r;
  Result res;

  g_assert_cmpint (system (command), ==, 0);
  cli_run (&res, f->root, "--baseline", run, copy, "-o", out, NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  parser = parse_file (out, "comparison.json");
  summary = parse_file (run, "profile_export_aiperf.json");
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "records");
  r = find_record (records, "Qwen/Qwen3-0.6B · concurrency 1", "request_throughput", "avg");
  g_assert_nonnull (r);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "baseline"),
                                  json_object_get_double_member (json_object_get_object_member (
                                    json_node_get_object (json_parser_get_root (summary)), "request_throughput"), "avg"),
                                  1e-9);
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "not_enough_data");
  g_assert_cmpstr (json_object_get_string_member (r, "reason"), ==, "one run per side and no per-request data");
  r = find_record (records, "concurrency 1", "inter_token_latency", "p90");
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "no_significant_change");
  g_assert_cmpint (json_object_get_int_member (r, "n_baseline"), ==, 10);
  g_assert_cmpfloat (json_object_get_double_member (r, "change"), ==, 0);
  notes = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "notes");
  g_assert_nonnull (strstr (json_array_get_string_element (notes, 0), "holds 10 of the 64 requests"));
}

/* Nsight kernel summaries (the EPLB fixtures): Welch from each kernel's
 * instances, mean and std, labelled as such; a total that grew because
 * the kernel ran more often is a regression, and says so. */
static void
test_kernels (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *off = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBOFF.csv", NULL);
  g_autofree char *on = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBON.csv", NULL);
  g_autofree char *out = g_build_filename (f->root, "out-kernels", NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonArray *records;
  JsonObject *r;
  Result res;

  cli_run (&res, f->root, "--baseline", off, on, "-o", out, "--report", "pdf", NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  parser = parse_file (out, "comparison.json");
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "records");
  /* report.pdf's forest plot of 26 records: two pages equally full */
  g_assert_cmpuint (json_array_get_length (records), ==, 26);
  {
    g_autofree char *path = g_build_filename (out, "report.pdf", NULL);
    g_autofree char *text = pdf_text (path);

    if (text != NULL)
      g_assert_cmpint (page_of (text, "Records 14–26 of 26"), ==, page_of (text, "Records 1–13 of 26") + 1);
  }
  r = find_record (records, "kernels", "fused_moe_kernel", "avg");
  g_assert_nonnull (r);
  g_assert_cmpstr (json_object_get_string_member (r, "test"), ==, "welch-from-summary");
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "improvement");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "baseline"), 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "candidate"), 75, 1e-9);
  g_assert_cmpstr (json_object_get_string_member (r, "unit"), ==, "µs");
  r = find_record (records, "kernels", "ncclDevKernel_SendRecv", "total");
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "regression");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "change"), 0.2, 1e-9);
  g_assert_cmpstr (json_object_get_string_member (r, "reason"), ==, "instances differ: 10000 → 12000");
  r = find_record (records, "kernels", "ncclDevKernel_SendRecv", "avg");
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "no_significant_change");
}

/* A PyTorch trace against itself: its 20 ProfilerStep iterations
 * resampled in blocks, its kernels from their summaries; nothing changed. */
static void
test_trace (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "report", "steps_counters.pt.trace.json", NULL);
  g_autofree char *out = g_build_filename (f->root, "out-trace", NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *root, *r;
  Result res;

  cli_run (&res, f->root, "--baseline", trace, trace, "-o", out, "--fail-on-regression", NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  parser = parse_file (out, "comparison.json");
  root = json_node_get_object (json_parser_get_root (parser));
  r = find_record (json_object_get_array_member (root, "records"), "trace", "iteration_time", "avg");
  g_assert_nonnull (r);
  g_assert_cmpstr (json_object_get_string_member (r, "kind"), ==, "trace");
  g_assert_cmpstr (json_object_get_string_member (r, "test"), ==, "block-bootstrap");
  g_assert_cmpint (json_object_get_int_member (r, "n_baseline"), ==, 20);
  g_assert_cmpfloat (json_object_get_double_member (r, "change"), ==, 0);
  /* The GPU time breakdown is one value a side: unchanged, not tested. */
  r = find_record (json_object_get_array_member (root, "records"), "trace", "gpu_busy_time", "avg");
  g_assert_nonnull (r);
  g_assert_cmpfloat (json_object_get_double_member (r, "change"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "not_enough_data");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "counts"),
                                               "no_significant_change") +
                   json_object_get_int_member (json_object_get_object_member (root, "counts"), "not_enough_data"), ==,
                   json_array_get_length (json_object_get_array_member (root, "records")));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "counts"), "not_enough_data"),
                   ==, 7);
}

/* Two traces' GPU time breakdowns part by part: BERT's numbers are those
 * of TraceLens's gpu_timeline.csv for it, Qwen's busy time TraceLens's
 * 31.905483154296874 ms of its 34.892421 ms window. */
static void
test_trace_breakdown (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *bert = g_test_build_filename (G_TEST_DIST, "data", "trace",
                                                 "gaunernst_bert-small-uncased__1016001.json.gz", NULL);
  g_autofree char *qwen = g_test_build_filename (G_TEST_DIST, "data", "trace", "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz",
                                                 NULL);
  g_autofree char *out = g_build_filename (f->root, "out-breakdown", NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonArray *records;
  JsonObject *r;
  Result res;

  cli_run (&res, f->root, "--baseline", bert, qwen, "-o", out, NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  parser = parse_file (out, "comparison.json");
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "records");
  r = find_record (records, "", "gpu_busy_time", "avg");
  g_assert_nonnull (r);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "baseline"), 0.309437744140625, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "candidate"), 31.905483154296874, 1e-12);
  g_assert_cmpstr (json_object_get_string_member (r, "unit"), ==, "ms");
  r = find_record (records, "", "gpu_computation_time", "avg");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "baseline"), 0.30719775390625, 1e-12);
  r = find_record (records, "", "gpu_exposed_memcpy_time", "avg");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "baseline"), 0.002239990234375, 1e-12);
  r = find_record (records, "", "gpu_window_time", "avg");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "candidate"), 34.892421, 1e-6);
  r = find_record (records, "", "gpu_idle_time", "avg");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "baseline"), 3.59838720703125, 1e-5);
  g_assert_nonnull (find_record (records, "", "hta_idle_share", "avg"));
}

/* TraceLens GEMM rows: TFLOP/s per shape, the tool's own mean; one row a
 * shape a side has no spread to test against, and says so. */
static void
test_gemm (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *gemm = g_test_build_filename (G_TEST_DIST, "data", "gemm", "tracelens", "h100", NULL);
  g_autofree char *out = g_build_filename (f->root, "out-gemm", NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonArray *records;
  JsonObject *r;
  Result res;

  cli_run (&res, f->root, "--baseline", gemm, gemm, "-o", out, NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  parser = parse_file (out, "comparison.json");
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "records");
  g_assert_cmpuint (json_array_get_length (records), ==, 5);
  r = find_record (records, "gemm", "8944×2816×1024 bf16 cublas aten::mm", "tflops");
  g_assert_nonnull (r);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "baseline"), 610.6657102342793, 1e-9);
  g_assert_cmpstr (json_object_get_string_member (r, "better"), ==, "higher");
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "not_enough_data");
  g_assert_cmpstr (json_object_get_string_member (r, "reason"), ==,
                   "one measurement of the shape a side: no spread to test against");
}

/* cutileGPT profiles: each config's forward latency from the timing's
 * mean, spread and iteration count (Welch from the summary); a 10 %
 * slower gpt_nano is a regression, gpt_micro unchanged is none; against
 * minGPT's profile, which does not say how many iterations, not enough
 * data, said why. */
static void
test_cutile (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *base = g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", "cutileGPT", NULL);
  g_autofree char *mingpt = g_test_build_filename (G_TEST_DIST, "data", "formats", "cutile", "minGPT", NULL);
  g_autofree char *base_file = g_build_filename (base, "profiling_results", "profiling_data.json", NULL);
  g_autofree char *cand_root = g_build_filename (f->root, "cutile-cand", NULL);
  g_autofree char *cand = g_build_filename (cand_root, "profiling_results", NULL);
  g_autofree char *cand_file = g_build_filename (cand, "profiling_data.json", NULL);
  g_autofree char *out = g_build_filename (f->root, "out-cutile", NULL);
  g_autofree char *out2 = g_build_filename (f->root, "out-cutile-mingpt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) slower = NULL;
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(JsonParser) parser2 = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *records;
  JsonObject *r;
  Result res;

  g_assert_true (g_file_get_contents (base_file, &text, NULL, &error));
  slower = g_string_new (text);
  g_assert_cmpuint (g_string_replace (slower, "\"mean\": 1.20,", "\"mean\": 1.32,", 1), ==, 1);
  g_assert_cmpint (g_mkdir_with_parents (cand, 0755), ==, 0);
  g_assert_true (g_file_set_contents (cand_file, slower->str, -1, &error));

  cli_run (&res, f->root, "--baseline", base, cand_root, "-o", out, NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  parser = parse_file (out, "comparison.json");
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "records");
  r = find_record (records, "gpt_nano", "forward_latency", "avg");
  g_assert_nonnull (r);
  g_assert_cmpstr (json_object_get_string_member (r, "kind"), ==, "cutile");
  g_assert_cmpstr (json_object_get_string_member (r, "test"), ==, "welch-from-summary");
  g_assert_cmpint (json_object_get_int_member (r, "n_baseline"), ==, 100);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "baseline"), 1.20, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "change"), 0.10, 1e-9);
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "regression");
  r = find_record (records, "gpt_micro", "forward_latency", "avg");
  g_assert_nonnull (r);
  g_assert_cmpfloat (json_object_get_double_member (r, "change"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "no_significant_change");
  /* Throughput is one number a side: no spread to test. */
  r = find_record (records, "gpt_nano", "throughput_tokens_per_sec", "avg");
  g_assert_nonnull (r);
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "not_enough_data");

  cli_run (&res, f->root, "--baseline", mingpt, base, "-o", out2, NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  parser2 = parse_file (out2, "comparison.json");
  records = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser2)), "records");
  r = find_record (records, "gpt_nano", "forward_latency", "avg");
  g_assert_nonnull (r);
  g_assert_cmpstr (json_object_get_string_member (r, "verdict"), ==, "not_enough_data");
  g_assert_cmpstr (json_object_get_string_member (r, "reason"), ==,
                   "a mean and a spread but not how many iterations they are over");
}

static void
test_usage (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *missing = g_build_filename (f->root, "missing", NULL);
  Result res;

  cli_run (&res, f->root, "--baseline", f->baseline, f->candidate, "--min-effect", "abc", NULL);
  g_assert_cmpint (res.status, ==, 2);
  g_assert_nonnull (strstr (res.err, "--min-effect"));
  result_clear (&res);
  cli_run (&res, f->root, "--baseline", missing, f->candidate, "-o", missing, NULL);
  g_assert_cmpint (res.status, ==, 1);
  g_assert_nonnull (strstr (res.err, "baseline"));
  result_clear (&res);
}

/* 30 nights; from night 20 every latency is 10 % higher (and the server
 * version changed): one change point, at night 20 ± 1, in each latency
 * series, and none in any series anywhere else. */
static void
test_history (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *nights = g_build_filename (f->root, "nights", NULL);
  g_autofree char *out = g_build_filename (f->root, "out-history", NULL);
  g_autofree char *png = g_build_filename (out, "history-time_to_first_token-avg.png", NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonArray *series;
  guint ttft_changes = 0;
  Result res;

  for (guint night = 1; night <= 30; night++)
    {
      g_autofree char *name = g_strdup_printf ("night-%02u", night);
      g_autofree char *dir = g_build_filename (nights, name, NULL);
      g_autofree char *when = g_strdup_printf ("2026-01-%02uT02:00:00", night);
      GenAbParams p;
      GenAbRun run = { 0 };
      g_autoptr(GError) error = NULL;

      gen_ab_params_init (&p);
      p.n_requests = 300;
      p.seed = 500 + night;
      p.effect = night >= 20 ? 0.10 : 0;
      gen_ab_run (&p, FALSE, 0, &run);
      if (night >= 20)
        {
          /* gen_ab_run applies the effect to candidates only. */
          gen_ab_run_clear (&run);
          gen_ab_run (&p, TRUE, 0, &run);
        }
      gen_ab_write_run (&run, dir, 4, when, night >= 20 ? "0.5.0" : "0.4.0", &error);
      g_assert_no_error (error);
      gen_ab_run_clear (&run);
    }
  cli_run (&res, f->root, "--history", nights, "-o", out, NULL);
  g_assert_cmpint (res.status, ==, 0);
  result_clear (&res);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  parser = parse_file (out, "history.json");
  series = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "series");
  g_assert_cmpuint (json_array_get_length (series), >=, 8);
  for (guint s = 0; s < json_array_get_length (series); s++)
    {
      JsonObject *one = json_array_get_object_element (series, s);
      JsonArray *changes = json_object_get_array_member (one, "change_points");
      const char *metric = json_object_get_string_member (one, "metric");

      JsonArray *points = json_object_get_array_member (one, "points");

      g_assert_cmpuint (json_array_get_length (points), ==, 30);
      /* Each point says what changed since the one before: the version,
       * at night 20 only. */
      for (guint i = 0; i < 30; i++)
        {
          JsonObject *point = json_array_get_object_element (points, i);

          g_assert_cmpstr (json_object_get_string_member (point, "time_from"), ==, "run");
          if (i == 19)
            g_assert_cmpstr (json_object_get_string_member (point, "what_changed"), ==, "version 0.4.0 → 0.5.0");
          else
            g_assert_true (json_object_get_null_member (point, "what_changed"));
        }
      g_assert_cmpuint (json_array_get_length (changes), <=, 1);
      if (json_array_get_length (changes) == 1)
        {
          JsonObject *change = json_array_get_object_element (changes, 0);
          gint64 index = json_object_get_int_member (change, "index");

          /* Night 20 is index 19. */
          g_assert_cmpint (index, >=, 18);
          g_assert_cmpint (index, <=, 20);
          if (index == 19)
            g_assert_nonnull (strstr (json_object_get_string_member (change, "what_changed"), "0.4.0 → 0.5.0"));
          if (g_str_equal (metric, "time_to_first_token") && g_str_equal (json_object_get_string_member (one, "stat"), "avg"))
            {
              ttft_changes++;
              g_assert_cmpfloat (json_object_get_double_member (change, "change"), >, 0.06);
              g_assert_cmpfloat (json_object_get_double_member (change, "change"), <, 0.14);
            }
        }
    }
  g_assert_cmpuint (ttft_changes, ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/aiperf/cli/compare/regression", Fixture, NULL, fixture_set_up, test_regression, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/report", Fixture, NULL, fixture_set_up, test_report, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/report-pdf", Fixture, NULL, fixture_set_up, test_report_pdf, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/null", Fixture, NULL, fixture_set_up, test_null, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/real-fixture", Fixture, NULL, fixture_set_up, test_real_fixture, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/kernels", Fixture, NULL, fixture_set_up, test_kernels, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/trace", Fixture, NULL, fixture_set_up, test_trace, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/trace-breakdown", Fixture, NULL, fixture_set_up, test_trace_breakdown,
              fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/gemm", Fixture, NULL, fixture_set_up, test_gemm, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/cutile", Fixture, NULL, fixture_set_up, test_cutile, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/usage", Fixture, NULL, fixture_set_up, test_usage, fixture_tear_down);
  g_test_add ("/aiperf/cli/compare/history", Fixture, NULL, fixture_set_up, test_history, fixture_tear_down);

  return g_test_run ();
}
