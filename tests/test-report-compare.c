/* test-report-compare.c — report.html of a comparison: generated baseline
 * and candidate runs (a true 8 % slow-down, tests/gen-ab.h) compared, the
 * report written with the comparison; its section has one row per record
 * with that record's verdict, as a symbol and a word, the unpaired
 * configuration and the forest plot. Without a comparison, no section.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "aiperf-kind-compare.h"
#include "aiperf-report.h"
#include "aiperf-session-charts.h"
#include "gen-ab.h"

static void
write_run (const char *dir,
           gboolean    candidate,
           guint       concurrency)
{
  GenAbParams p;
  GenAbRun run = { 0 };
  g_autoptr(GError) error = NULL;

  gen_ab_params_init (&p);
  p.effect = 0.08;
  p.seed = 7;
  p.concurrency = concurrency;
  p.n_requests = 600;
  gen_ab_run (&p, candidate, 0, &run);
  gen_ab_write_run (&run, dir, concurrency, "2026-01-01T00:00:00", NULL, &error);
  g_assert_no_error (error);
  gen_ab_run_clear (&run);
}

/* The report.html of @session, with @comparison (nullable). */
static char *
write_report (AiperfSession          *session,
              const AiperfComparison *comparison,
              const char             *dir)
{
  AiperfPlotConfig *config = aiperf_session_get_presets (session);
  g_autoptr(GPtrArray) plan = aiperf_session_plan_charts (session, config, NULL, NULL, NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, "report.html", NULL);
  AiperfReportInput input = {
    .session = session, .config = config, .plan = plan, .theme = AIPERF_THEME_LIGHT, .comparison = comparison,
  };
  char *html = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (aiperf_report_write (&input, AIPERF_REPORT_HTML, dir, files, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &html, NULL, NULL));
  return html;
}

/* The <tr> of @record in @section, or NULL. */
static char *
record_row (const char                *section,
            const AiperfCompareRecord *record)
{
  g_autofree char *key = g_strdup_printf ("data-metric=\"%s\" data-stat=\"%s\"", record->metric, record->stat);
  const char *at = strstr (section, key), *start, *end;

  if (at == NULL)
    return NULL;
  /* One configuration here: the metric and stat name the row. */
  g_assert_null (strstr (at + 1, key));
  start = g_strrstr_len (section, at - section, "<tr ");
  end = strstr (at, "</tr>");
  g_assert_nonnull (start);
  g_assert_nonnull (end);
  return g_strndup (start, end - start);
}

static void
test_section (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("aiperf-report-compare-XXXXXX", &error);
  g_autofree char *base = g_build_filename (root, "base", "run-c4", NULL);
  g_autofree char *cand = g_build_filename (root, "cand", "run-c4", NULL);
  g_autofree char *cand_c8 = g_build_filename (root, "cand", "run-c8", NULL);
  g_autofree char *out = g_build_filename (root, "report", NULL);
  g_autofree char *plain_out = g_build_filename (root, "plain", NULL);
  g_autofree char *command = NULL, *html = NULL, *plain = NULL, *section = NULL;
  g_autoptr(AiperfSession) session = aiperf_session_new ();
  g_autoptr(AiperfRunSet) baseline = aiperf_run_set_new ();
  g_autoptr(AiperfRunSet) candidate = aiperf_run_set_new ();
  g_autoptr(AiperfComparison) comparison = NULL;
  const char *paths[] = { root, NULL };
  AiperfRunSet *runs;
  const char *start, *end;
  guint regressions = 0;

  g_assert_no_error (error);
  write_run (base, FALSE, 4);
  write_run (cand, TRUE, 4);
  write_run (cand_c8, TRUE, 8);
  g_assert_true (aiperf_session_open_sync (session, paths, NULL, &error));
  g_assert_no_error (error);
  runs = aiperf_session_get_runs (session);
  g_assert_cmpuint (aiperf_run_set_get_n_runs (runs), ==, 3);
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);

      aiperf_run_set_add (g_str_equal (aiperf_run_get_directory (run), base) ? baseline : candidate, run);
    }
  comparison = aiperf_comparison_run (baseline, candidate, NULL, NULL);
  g_assert_cmpuint (comparison->records->len, >=, 12);

  html = write_report (session, comparison, out);
  start = strstr (html, "<section id=\"comparison\">");
  g_assert_nonnull (start);
  end = strstr (start, "</section>");
  g_assert_nonnull (end);
  section = g_strndup (start, end - start);
  /* Every record a row, with its verdict as a word and a symbol. */
  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *record = g_ptr_array_index (comparison->records, i);
      g_autofree char *row = record_row (section, record);
      g_autofree char *verdict = g_strdup_printf ("data-verdict=\"%s\"", aiperf_verdict_to_string (record->verdict));

      g_assert_nonnull (row);
      g_assert_nonnull (strstr (row, verdict));
      g_assert_nonnull (strstr (row, aiperf_verdict_label (record->verdict)));
      g_assert_nonnull (strstr (row, record->label));
      if (record->verdict == AIPERF_VERDICT_REGRESSION)
        {
          g_assert_nonnull (strstr (row, "▼ "));
          regressions++;
        }
      if (g_str_equal (record->metric, "time_to_first_token") && g_str_equal (record->stat, "avg"))
        g_assert_cmpint (record->verdict, ==, AIPERF_VERDICT_REGRESSION);
    }
  g_assert_cmpuint (regressions, ==, aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, 0));
  g_assert_cmpuint (regressions, >, 0);
  /* The counts, the configuration without a baseline and the forest plot. */
  {
    g_autofree char *counts = g_strdup_printf ("%u regressions", regressions);

    g_assert_nonnull (strstr (section, counts));
  }
  g_assert_nonnull (strstr (section, "Only in the candidates: gen/ab-model · concurrency 8"));
  g_assert_nonnull (strstr (section, "<svg"));
  g_assert_nonnull (strstr (section, "Comparison with the Baseline"));

  /* A report of the same runs without a comparison has no such section. */
  plain = write_report (session, NULL, plain_out);
  g_assert_null (strstr (plain, "id=\"comparison\""));

  command = g_strdup_printf ("rm -rf '%s'", root);
  g_assert_true (g_str_has_prefix (root, g_get_tmp_dir ()));
  g_assert_cmpint (system (command), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/report/compare/section", test_section);
  return g_test_run ();
}
