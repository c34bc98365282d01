/* aiperf-report-compare.c — report.html's comparison section: when the
 * report is of a comparison (the window's Compare tab, --baseline), its
 * verdict counts, every record as a table row (the verdict a symbol and a
 * word as well as a colour), the configurations found on one side only,
 * and the forest plot the window and comparison.png draw.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-compare-chart.h"
#include "aiperf-report-compare.h"

static void
escaped (GString    *out,
         const char *text)
{
  g_autofree char *e = g_markup_escape_text (text != NULL ? text : "", -1);

  g_string_append (out, e);
}

/* A symbol that says the verdict without its colour. */
static const char *
verdict_symbol (AiperfVerdict verdict)
{
  switch (verdict)
    {
    case AIPERF_VERDICT_REGRESSION: return "▼";
    case AIPERF_VERDICT_IMPROVEMENT: return "▲";
    case AIPERF_VERDICT_NO_CHANGE: return "=";
    case AIPERF_VERDICT_NOT_ENOUGH_DATA:
    default: return "?";
    }
}

static void
cell (GString    *out,
      const char *cls,
      const char *text)
{
  g_string_append_printf (out, "<td%s%s%s>", cls != NULL ? " class=\"" : "", cls != NULL ? cls : "",
                          cls != NULL ? "\"" : "");
  escaped (out, text);
  g_string_append (out, "</td>");
}

static void
number_cell (GString    *out,
             const char *format,
             double      value,
             const char *unit)
{
  g_autofree char *text = NULL;

  if (!isfinite (value))
    {
      cell (out, "num", "–");
      return;
    }
  text = g_strdup_printf (format, value);
  if (unit != NULL && unit[0] != '\0')
    {
      g_autofree char *with_unit = g_strconcat (text, " ", unit, NULL);

      cell (out, "num", with_unit);
      return;
    }
  cell (out, "num", text);
}

static void
append_record (GString                   *out,
               const AiperfCompareRecord *r)
{
  const char *verdict = aiperf_verdict_to_string (r->verdict);
  g_autofree char *ci = NULL, *word = NULL;

  g_string_append_printf (out, "<tr class=\"verdict-%s\" data-verdict=\"%s\" data-metric=\"", verdict, verdict);
  escaped (out, r->metric);
  g_string_append (out, "\" data-stat=\"");
  escaped (out, r->stat);
  g_string_append (out, "\" data-configuration=\"");
  escaped (out, r->configuration);
  g_string_append (out, "\">");
  cell (out, NULL, r->configuration);
  cell (out, NULL, r->label);
  cell (out, NULL, r->stat);
  number_cell (out, "%.4g", r->baseline, r->unit);
  number_cell (out, "%.4g", r->candidate, r->unit);
  number_cell (out, "%+.2f %%", r->change * 100, NULL);
  ci = isfinite (r->ci_lo) && isfinite (r->ci_hi)
       ? g_strdup_printf ("%+.1f … %+.1f %%", r->ci_lo * 100, r->ci_hi * 100) : g_strdup ("–");
  cell (out, "num", ci);
  number_cell (out, "%.3g", r->p, NULL);
  number_cell (out, "%.3g", r->q, NULL);
  cell (out, NULL, aiperf_compare_test_to_string (r->test));
  word = g_strdup_printf ("%s %s", verdict_symbol (r->verdict), aiperf_verdict_label (r->verdict));
  g_string_append (out, "<td class=\"verdict\"");
  if (r->reason != NULL)
    {
      g_string_append (out, " title=\"");
      escaped (out, r->reason);
      g_string_append_c (out, '"');
    }
  g_string_append_c (out, '>');
  escaped (out, word);
  g_string_append (out, "</td></tr>\n");
}

static const char *const columns[] = {
  N_("Configuration"), N_("Metric"), N_("Stat"), N_("Baseline"), N_("Candidate"), N_("Change"),
  N_("95 % CI"), N_("p"), N_("q (FDR)"), N_("Test"), N_("Verdict"),
};

gboolean
aiperf_report_append_comparison (GString       *out,
                                 AiperfReport  *report,
                                 GError       **error)
{
  const AiperfComparison *comparison;
  g_autoptr(AiperfChart) forest = NULL;
  g_autofree char *counts = NULL, *method = NULL;

  g_return_val_if_fail (out != NULL && report != NULL, FALSE);

  comparison = report->input->comparison;
  if (comparison == NULL)
    return TRUE;
  /* Its colours: the same roles as the forest plot's verdicts. */
  g_string_append (out, "<section id=\"comparison\">\n<style>"
                        "#comparison .verdict-regression td.verdict{color:#c01c28;font-weight:bold}"
                        "#comparison .verdict-improvement td.verdict{color:#26a269;font-weight:bold}"
                        "#comparison .verdict-not_enough_data td.verdict{color:#9c6e03}"
                        "</style>\n<h2>");
  escaped (out, _("Comparison with the Baseline"));
  g_string_append (out, "</h2>\n<p class=\"counts\">");
  counts = g_strdup_printf (_("%u regressions, %u improvements, %u without significant change, "
                              "%u without enough data."),
                            aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, 0),
                            aiperf_comparison_count (comparison, AIPERF_VERDICT_IMPROVEMENT, 0),
                            aiperf_comparison_count (comparison, AIPERF_VERDICT_NO_CHANGE, 0),
                            aiperf_comparison_count (comparison, AIPERF_VERDICT_NOT_ENOUGH_DATA, 0));
  escaped (out, counts);
  g_string_append_c (out, ' ');
  method = g_strdup_printf (_("%g %% intervals; verdicts at a %g %% false discovery rate (Benjamini–Hochberg); "
                              "a change within ±%g %% is never a verdict."),
                            comparison->settings.level * 100, comparison->settings.alpha * 100,
                            comparison->settings.min_effect * 100);
  escaped (out, method);
  g_string_append (out, "</p>\n<div class=\"table-wrap\"><table class=\"runs comparison\"><thead><tr>");
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      g_string_append (out, "<th>");
      escaped (out, _(columns[c]));
      g_string_append (out, "</th>");
    }
  g_string_append (out, "</tr></thead>\n<tbody>\n");
  for (guint i = 0; i < comparison->records->len; i++)
    append_record (out, g_ptr_array_index (comparison->records, i));
  g_string_append (out, "</tbody></table></div>\n");

  if (comparison->unpaired->len > 0 || comparison->notes->len > 0)
    {
      g_string_append (out, "<ul class=\"unpaired\">\n");
      for (guint i = 0; i < comparison->unpaired->len; i++)
        {
          const AiperfCompareUnpaired *u = g_ptr_array_index (comparison->unpaired, i);
          g_autofree char *line = g_strdup_printf (u->in_baseline ? _("Only in the baseline: %s")
                                                                  : _("Only in the candidates: %s"),
                                                   u->configuration);

          g_string_append (out, "<li>");
          escaped (out, line);
          g_string_append (out, "</li>\n");
        }
      for (guint i = 0; i < comparison->notes->len; i++)
        {
          g_string_append (out, "<li>");
          escaped (out, g_ptr_array_index (comparison->notes, i));
          g_string_append (out, "</li>\n");
        }
      g_string_append (out, "</ul>\n");
    }

  forest = aiperf_compare_forest_chart (comparison);
  if (forest != NULL)
    {
      g_autofree char *svg = aiperf_report_chart_svg (forest, &report->style, "cmp-", error);

      if (svg == NULL)
        return FALSE;
      g_string_append (out, "<figure class=\"chart forest\">\n<figcaption>");
      escaped (out, forest->title);
      g_string_append (out, "</figcaption>\n<div class=\"static\">");
      g_string_append (out, svg);
      g_string_append (out, "</div></figure>\n");
    }
  g_string_append (out, "</section>\n");
  return TRUE;
}
