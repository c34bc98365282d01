/* aiperf-compare-files.c — a comparison as comparison.json, .csv, JUnit
 * comparison.xml (one test case per configuration × metric; a regression
 * is a failure) and the summary.txt section.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "aiperf-cli-compare.h"
#include "aiperf-csv.h"

void
aiperf_compare_json_add_number (JsonBuilder *builder,
                                const char  *name,
                                double       value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_int (JsonBuilder *builder,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static const char *
better_name (AiperfBetter better)
{
  return better == AIPERF_BETTER_HIGHER ? "higher" : "lower";
}

char *
aiperf_compare_to_json (const AiperfComparison *comparison,
                        const char             *baseline,
                        const char * const     *candidates)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  const AiperfCompareSettings *s = &comparison->settings;

  json_builder_begin_object (builder);
  add_string (builder, "baseline", baseline);
  json_builder_set_member_name (builder, "candidates");
  json_builder_begin_array (builder);
  for (guint i = 0; candidates != NULL && candidates[i] != NULL; i++)
    json_builder_add_string_value (builder, candidates[i]);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "settings");
  json_builder_begin_object (builder);
  aiperf_compare_json_add_number (builder, "min_effect", s->min_effect);
  aiperf_compare_json_add_number (builder, "confidence", s->level);
  aiperf_compare_json_add_number (builder, "false_discovery_rate", s->alpha);
  add_int (builder, "bootstrap_resamples", s->n_boot);
  add_int (builder, "seed", (gint64) s->seed);
  add_string (builder, "multiple_testing", "benjamini-hochberg");
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "counts");
  json_builder_begin_object (builder);
  for (AiperfVerdict v = AIPERF_VERDICT_NOT_ENOUGH_DATA; v <= AIPERF_VERDICT_REGRESSION; v++)
    add_int (builder, aiperf_verdict_to_string (v), aiperf_comparison_count (comparison, v, 0));
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "records");
  json_builder_begin_array (builder);
  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *r = g_ptr_array_index (comparison->records, i);

      json_builder_begin_object (builder);
      add_string (builder, "configuration", r->configuration);
      add_string (builder, "kind", r->kind);
      add_string (builder, "metric", r->metric);
      add_string (builder, "label", r->label);
      add_string (builder, "stat", r->stat);
      add_string (builder, "unit", r->unit);
      add_string (builder, "better", better_name (r->better));
      aiperf_compare_json_add_number (builder, "baseline", r->baseline);
      aiperf_compare_json_add_number (builder, "candidate", r->candidate);
      aiperf_compare_json_add_number (builder, "change", r->change);
      aiperf_compare_json_add_number (builder, "ci_low", r->ci_lo);
      aiperf_compare_json_add_number (builder, "ci_high", r->ci_hi);
      aiperf_compare_json_add_number (builder, "p_value", r->p);
      aiperf_compare_json_add_number (builder, "q_value", r->q);
      add_string (builder, "test", aiperf_compare_test_to_string (r->test));
      add_int (builder, "n_baseline", r->n_baseline);
      add_int (builder, "n_candidate", r->n_candidate);
      add_int (builder, "runs_baseline", r->runs_baseline);
      add_int (builder, "runs_candidate", r->runs_candidate);
      aiperf_compare_json_add_number (builder, "within_run_se", r->within_run_se);
      aiperf_compare_json_add_number (builder, "between_run_sd", r->between_run_sd);
      add_int (builder, "failed_baseline", r->failed_baseline);
      add_int (builder, "failed_candidate", r->failed_candidate);
      add_string (builder, "verdict", aiperf_verdict_to_string (r->verdict));
      add_string (builder, "reason", r->reason);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "unpaired");
  json_builder_begin_array (builder);
  for (guint i = 0; i < comparison->unpaired->len; i++)
    {
      const AiperfCompareUnpaired *u = g_ptr_array_index (comparison->unpaired, i);

      json_builder_begin_object (builder);
      add_string (builder, "configuration", u->configuration);
      add_string (builder, "kind", u->kind);
      add_string (builder, "only_in", u->in_baseline ? "baseline" : "candidate");
      json_builder_set_member_name (builder, "runs");
      json_builder_begin_array (builder);
      for (guint r = 0; r < u->runs->len; r++)
        json_builder_add_string_value (builder, g_ptr_array_index (u->runs, r));
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "notes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < comparison->notes->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (comparison->notes, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}

static void
csv_number (GString *out,
            double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (out, ',');
  if (isfinite (value))
    g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.6g", value));
}

char *
aiperf_compare_to_csv (const AiperfComparison *comparison)
{
  GString *out = g_string_new ("configuration,kind,metric,stat,unit,better,baseline,candidate,change,"
                               "ci_low,ci_high,p_value,q_value,test,n_baseline,n_candidate,runs_baseline,"
                               "runs_candidate,failed_baseline,failed_candidate,verdict,reason\n");

  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *r = g_ptr_array_index (comparison->records, i);

      aiperf_csv_append_field (out, r->configuration);
      g_string_append_c (out, ',');
      aiperf_csv_append_field (out, r->kind);
      g_string_append_c (out, ',');
      aiperf_csv_append_field (out, r->metric);
      g_string_append_c (out, ',');
      aiperf_csv_append_field (out, r->stat);
      g_string_append_c (out, ',');
      aiperf_csv_append_field (out, r->unit);
      g_string_append_printf (out, ",%s", better_name (r->better));
      csv_number (out, r->baseline);
      csv_number (out, r->candidate);
      csv_number (out, r->change);
      csv_number (out, r->ci_lo);
      csv_number (out, r->ci_hi);
      csv_number (out, r->p);
      csv_number (out, r->q);
      g_string_append_printf (out, ",%s,%u,%u,%u,%u,%u,%u,%s,", aiperf_compare_test_to_string (r->test),
                              r->n_baseline, r->n_candidate, r->runs_baseline, r->runs_candidate,
                              r->failed_baseline, r->failed_candidate, aiperf_verdict_to_string (r->verdict));
      aiperf_csv_append_field (out, r->reason);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static char *
record_line (const AiperfCompareRecord *r)
{
  return g_strdup_printf ("%s %s: %.4g → %.4g %s, %+.2f %% [%+.2f, %+.2f], p %.3g, q %.3g, %s, n %u/%u%s%s",
                          r->label, r->stat, r->baseline, r->candidate, r->unit, r->change * 100,
                          r->ci_lo * 100, r->ci_hi * 100, r->p, r->q, aiperf_compare_test_to_string (r->test),
                          r->n_baseline, r->n_candidate, r->reason != NULL ? "; " : "",
                          r->reason != NULL ? r->reason : "");
}

/* One test case per configuration × metric: its records are consecutive. */
char *
aiperf_compare_to_junit (const AiperfComparison *comparison)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  GString *cases = g_string_new (NULL);
  guint n_cases = 0, n_failures = 0, n_skipped = 0;

  for (guint i = 0; i < comparison->records->len;)
    {
      const AiperfCompareRecord *first = g_ptr_array_index (comparison->records, i);
      g_autoptr(GString) failures = g_string_new (NULL);
      g_autoptr(GString) lines = g_string_new (NULL);
      g_autofree char *classname = g_markup_escape_text (first->configuration, -1);
      g_autofree char *name = g_markup_escape_text (first->label, -1);
      guint j = i, tested = 0;

      for (; j < comparison->records->len; j++)
        {
          const AiperfCompareRecord *r = g_ptr_array_index (comparison->records, j);
          g_autofree char *line = NULL;

          if (!g_str_equal (r->configuration, first->configuration) || !g_str_equal (r->metric, first->metric))
            break;
          line = record_line (r);
          g_string_append_printf (lines, "%s\n", line);
          if (r->verdict == AIPERF_VERDICT_REGRESSION)
            g_string_append_printf (failures, "%s%s %+.2f %%", failures->len > 0 ? ", " : "",
                                    r->stat, r->change * 100);
          if (r->verdict != AIPERF_VERDICT_NOT_ENOUGH_DATA)
            tested++;
        }
      n_cases++;
      g_string_append_printf (cases, "    <testcase classname=\"%s\" name=\"%s\">\n", classname, name);
      if (failures->len > 0)
        {
          g_autofree char *message = g_markup_escape_text (failures->str, -1);

          n_failures++;
          g_string_append_printf (cases, "      <failure type=\"regression\" message=\"%s %s\"/>\n",
                                  _("Regression:"), message);
        }
      else if (tested == 0)
        {
          g_autofree char *reason = g_markup_escape_text (first->reason != NULL ? first->reason : "", -1);

          n_skipped++;
          g_string_append_printf (cases, "      <skipped message=\"%s %s\"/>\n", _("Not enough data:"), reason);
        }
      {
        g_autofree char *text = g_markup_escape_text (lines->str, -1);

        g_string_append_printf (cases, "      <system-out>%s</system-out>\n    </testcase>\n", text);
      }
      i = j;
    }
  for (guint i = 0; i < comparison->unpaired->len; i++)
    {
      const AiperfCompareUnpaired *u = g_ptr_array_index (comparison->unpaired, i);
      g_autofree char *classname = g_markup_escape_text (u->configuration, -1);

      n_cases++;
      n_skipped++;
      g_string_append_printf (cases, "    <testcase classname=\"%s\" name=\"%s\">\n      <skipped message=\"%s\"/>\n    </testcase>\n",
                              classname, _("pairing"),
                              u->in_baseline ? _("unpaired: only in the baseline") : _("unpaired: only in the candidates"));
    }
  g_string_append_printf (out, "<testsuites name=\"aiperf-plot comparison\" tests=\"%u\" failures=\"%u\" skipped=\"%u\">\n"
                               "  <testsuite name=\"comparison\" tests=\"%u\" failures=\"%u\" skipped=\"%u\">\n",
                          n_cases, n_failures, n_skipped, n_cases, n_failures, n_skipped);
  g_string_append (out, cases->str);
  g_string_append (out, "  </testsuite>\n</testsuites>\n");
  g_string_free (cases, TRUE);
  return g_string_free (out, FALSE);
}

char *
aiperf_compare_to_text (const AiperfComparison *comparison,
                        const char             *baseline)
{
  GString *out = g_string_new (NULL);
  const char *configuration = NULL;

  g_string_append_printf (out, _("Comparison with the baseline %s\n"), baseline);
  g_string_append_printf (out, _("  minimal effect %g %%, %g %% intervals, false discovery rate %g %% "
                                 "(Benjamini–Hochberg), seed %llu\n"),
                          comparison->settings.min_effect * 100, comparison->settings.level * 100,
                          comparison->settings.alpha * 100, (unsigned long long) comparison->settings.seed);
  g_string_append_printf (out, _("  %u regressions, %u improvements, %u no significant change, %u not enough data\n"),
                          aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, 0),
                          aiperf_comparison_count (comparison, AIPERF_VERDICT_IMPROVEMENT, 0),
                          aiperf_comparison_count (comparison, AIPERF_VERDICT_NO_CHANGE, 0),
                          aiperf_comparison_count (comparison, AIPERF_VERDICT_NOT_ENOUGH_DATA, 0));
  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *r = g_ptr_array_index (comparison->records, i);
      g_autofree char *line = record_line (r);

      if (g_strcmp0 (configuration, r->configuration) != 0)
        {
          configuration = r->configuration;
          g_string_append_printf (out, "  %s\n", configuration);
        }
      g_string_append_printf (out, "    %-22s %s\n", aiperf_verdict_label (r->verdict), line);
    }
  for (guint i = 0; i < comparison->unpaired->len; i++)
    {
      const AiperfCompareUnpaired *u = g_ptr_array_index (comparison->unpaired, i);
      g_autoptr(GString) runs = g_string_new (NULL);

      for (guint r = 0; r < u->runs->len; r++)
        g_string_append_printf (runs, "%s%s", r > 0 ? ", " : "", (const char *) g_ptr_array_index (u->runs, r));

      g_string_append_printf (out, u->in_baseline ? _("  Unpaired (only in the baseline): %s (%s)\n")
                                                  : _("  Unpaired (only in the candidates): %s (%s)\n"),
                              u->configuration, runs->str);
    }
  for (guint i = 0; i < comparison->notes->len; i++)
    g_string_append_printf (out, "  %s\n", (const char *) g_ptr_array_index (comparison->notes, i));
  return g_string_free (out, FALSE);
}
