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

static char *
number_text (const char *format,
             double      value,
             const char *unit)
{
  g_autofree char *text = NULL;

  if (!isfinite (value))
    return g_strdup ("–");
  text = g_strdup_printf (format, value);
  return unit != NULL && unit[0] != '\0' ? g_strconcat (text, " ", unit, NULL) : g_steal_pointer (&text);
}

static const char *const columns[] = {
  N_("Configuration"), N_("Metric"), N_("Stat"), N_("Baseline"), N_("Candidate"), N_("Change"),
  /* xgettext:no-c-format */
  N_("95 % CI"), N_("p"), N_("q (FDR)"), N_("Test"), N_("Verdict"),
};
/* What each column holds: the PDF keeps the configuration and the verdict
 * whatever the width, and sets numbers right-aligned, as the HTML does. */
static const AiperfReportColumnRole roles[] = {
  AIPERF_REPORT_COLUMN_RUN, AIPERF_REPORT_COLUMN_TEXT, AIPERF_REPORT_COLUMN_TEXT, AIPERF_REPORT_COLUMN_METRIC,
  AIPERF_REPORT_COLUMN_METRIC, AIPERF_REPORT_COLUMN_METRIC, AIPERF_REPORT_COLUMN_METRIC,
  AIPERF_REPORT_COLUMN_METRIC, AIPERF_REPORT_COLUMN_METRIC, AIPERF_REPORT_COLUMN_TEXT, AIPERF_REPORT_COLUMN_SIDE,
};
G_STATIC_ASSERT (G_N_ELEMENTS (columns) == G_N_ELEMENTS (roles));

/* @r's row: its cells in the order of columns[]. */
static GPtrArray *
record_cells (const AiperfCompareRecord *r)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (cells, g_strdup (r->configuration));
  g_ptr_array_add (cells, g_strdup (r->label));
  g_ptr_array_add (cells, g_strdup (r->stat));
  g_ptr_array_add (cells, number_text ("%.4g", r->baseline, r->unit));
  g_ptr_array_add (cells, number_text ("%.4g", r->candidate, r->unit));
  g_ptr_array_add (cells, number_text ("%+.2f %%", r->change * 100, NULL));
  g_ptr_array_add (cells, isfinite (r->ci_lo) && isfinite (r->ci_hi)
                            ? g_strdup_printf ("%+.1f … %+.1f %%", r->ci_lo * 100, r->ci_hi * 100) : g_strdup ("–"));
  g_ptr_array_add (cells, number_text ("%.3g", r->p, NULL));
  g_ptr_array_add (cells, number_text ("%.3g", r->q, NULL));
  g_ptr_array_add (cells, g_strdup (aiperf_compare_test_to_string (r->test)));
  g_ptr_array_add (cells, g_strdup_printf ("%s %s", verdict_symbol (r->verdict), aiperf_verdict_label (r->verdict)));
  return cells;
}

static void
append_record (GString                   *out,
               const AiperfCompareRecord *r)
{
  const char *verdict = aiperf_verdict_to_string (r->verdict);
  g_autoptr(GPtrArray) cells = record_cells (r);

  g_string_append_printf (out, "<tr class=\"verdict-%s\" data-verdict=\"%s\" data-metric=\"", verdict, verdict);
  escaped (out, r->metric);
  g_string_append (out, "\" data-stat=\"");
  escaped (out, r->stat);
  g_string_append (out, "\" data-configuration=\"");
  escaped (out, r->configuration);
  g_string_append (out, "\">");
  for (guint c = 0; c + 1 < cells->len; c++)
    {
      g_string_append (out, roles[c] == AIPERF_REPORT_COLUMN_METRIC ? "<td class=\"num\">" : "<td>");
      escaped (out, g_ptr_array_index (cells, c));
      g_string_append (out, "</td>");
    }
  g_string_append (out, "<td class=\"verdict\"");
  if (r->reason != NULL)
    {
      g_string_append (out, " title=\"");
      escaped (out, r->reason);
      g_string_append_c (out, '"');
    }
  g_string_append_c (out, '>');
  escaped (out, g_ptr_array_index (cells, cells->len - 1));
  g_string_append (out, "</td></tr>\n");
}

AiperfReportTable *
aiperf_report_comparison_table (const AiperfComparison *comparison)
{
  AiperfReportTable *table;

  g_return_val_if_fail (comparison != NULL, NULL);

  table = g_new0 (AiperfReportTable, 1);
  table->title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u metric compared", "%u metrics compared",
                                               comparison->records->len),
                                  comparison->records->len);
  table->columns = g_ptr_array_new_with_free_func (g_free);
  table->roles = g_array_new (FALSE, FALSE, sizeof (AiperfReportColumnRole));
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      g_ptr_array_add (table->columns, g_strdup (_(columns[c])));
      g_array_append_val (table->roles, roles[c]);
    }
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; i < comparison->records->len; i++)
    {
      const AiperfCompareRecord *r = g_ptr_array_index (comparison->records, i);
      GPtrArray *cells = record_cells (r);

      /* on paper the reason is beside the verdict (the page's is on hover) */
      if (r->reason != NULL)
        {
          char *verdict = g_strdup_printf ("%s: %s", (const char *) g_ptr_array_index (cells, cells->len - 1),
                                           r->reason);

          g_free (cells->pdata[cells->len - 1]);
          cells->pdata[cells->len - 1] = verdict;
        }
      g_ptr_array_add (table->rows, cells);
    }
  return table;
}

char *
aiperf_report_comparison_counts (const AiperfComparison *comparison)
{
  g_autofree char *counts = NULL, *method = NULL;

  g_return_val_if_fail (comparison != NULL, NULL);

  counts = g_strdup_printf (_("%u regressions, %u improvements, %u without significant change, "
                              "%u without enough data."),
                            aiperf_comparison_count (comparison, AIPERF_VERDICT_REGRESSION, 0),
                            aiperf_comparison_count (comparison, AIPERF_VERDICT_IMPROVEMENT, 0),
                            aiperf_comparison_count (comparison, AIPERF_VERDICT_NO_CHANGE, 0),
                            aiperf_comparison_count (comparison, AIPERF_VERDICT_NOT_ENOUGH_DATA, 0));
  method = g_strdup_printf (_("%g %% intervals; verdicts at a %g %% false discovery rate (Benjamini–Hochberg); "
                              "a change within ±%g %% is never a verdict."),
                            comparison->settings.level * 100, comparison->settings.alpha * 100,
                            comparison->settings.min_effect * 100);
  return g_strconcat (counts, " ", method, NULL);
}

GPtrArray *
aiperf_report_comparison_notes (const AiperfComparison *comparison)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (comparison != NULL, lines);

  for (guint i = 0; i < comparison->unpaired->len; i++)
    {
      const AiperfCompareUnpaired *u = g_ptr_array_index (comparison->unpaired, i);

      g_ptr_array_add (lines, g_strdup_printf (u->in_baseline ? _("Only in the baseline: %s")
                                                              : _("Only in the candidates: %s"),
                                               u->configuration));
    }
  for (guint i = 0; i < comparison->notes->len; i++)
    g_ptr_array_add (lines, g_strdup (g_ptr_array_index (comparison->notes, i)));
  return lines;
}

gboolean
aiperf_report_append_comparison (GString       *out,
                                 AiperfReport  *report,
                                 GError       **error)
{
  const AiperfComparison *comparison;
  g_autoptr(AiperfChart) forest = NULL;
  g_autoptr(GPtrArray) notes = NULL;
  g_autofree char *counts = NULL;

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
  counts = aiperf_report_comparison_counts (comparison);
  escaped (out, counts);
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

  notes = aiperf_report_comparison_notes (comparison);
  if (notes->len > 0)
    {
      g_string_append (out, "<ul class=\"unpaired\">\n");
      for (guint i = 0; i < notes->len; i++)
        {
          g_string_append (out, "<li>");
          escaped (out, g_ptr_array_index (notes, i));
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
