/* aiperf-compare-distribution.c — one metric of a comparison as the two
 * sides' distributions: the empirical CDF of the baseline's and the
 * candidate's requests overlaid, each side's statistic as a rule, and the
 * candidate's statistic within the confidence interval of the change as a
 * band, so the verdict can be read off the data it came from.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "aiperf-compare-chart.h"
#include "aiperf-plot-helpers.h"

/* Steps of an ECDF drawn: about one per pixel column of a wide export. */
#define MAX_STEPS 1200

/* The successful requests' finite values of @metric in @side's runs of
 * @configuration, sorted; @n_runs counts the runs that had any. */
static GArray *
side_samples (AiperfRunSet *side,
              const char   *configuration,
              const char   *metric,
              guint        *n_runs)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  *n_runs = 0;
  for (guint r = 0; side != NULL && r < aiperf_run_set_get_n_runs (side); r++)
    {
      AiperfRun *run = aiperf_run_set_get_run (side, r);
      g_autofree char *key = aiperf_compare_configuration (run);
      AiperfTable *requests = aiperf_run_get_requests (run);
      const double *column, *error_code, *cancelled;
      guint before = values->len;

      if (!g_str_equal (key, configuration) || requests == NULL)
        continue;
      column = aiperf_table_get_column (requests, metric);
      if (column == NULL)
        continue;
      error_code = aiperf_table_get_column (requests, "error_code");
      cancelled = aiperf_table_get_column (requests, "was_cancelled");
      for (guint row = 0; row < aiperf_table_get_n_rows (requests); row++)
        {
          /* Failed requests are left out, as the comparison leaves them out. */
          if ((error_code != NULL && !isnan (error_code[row])) || (cancelled != NULL && cancelled[row] == 1))
            continue;
          if (isfinite (column[row]))
            g_array_append_val (values, column[row]);
        }
      if (values->len > before)
        (*n_runs)++;
    }
  qsort (values->data, values->len, sizeof (double), (int (*) (const void *, const void *)) aiperf_compare_doubles);
  return values;
}

/* The ECDF of @sorted as a step line: at most MAX_STEPS steps, each at
 * the value below which its fraction of the requests lies. */
static void
append_ecdf (AiperfLayer  *layer,
             const GArray *sorted)
{
  guint n = sorted->len, steps = MIN (n, MAX_STEPS);
  const double *v = (const double *) sorted->data;

  aiperf_layer_append_point (layer, v[0], 0, -1);
  for (guint k = 1; k <= steps; k++)
    {
      guint i = (guint) ((guint64) k * n / steps) - 1;

      aiperf_layer_append_point (layer, v[i], 100.0 * (i + 1) / n, -1);
    }
}

/* @rule_label (nullable): the side's value rule says it; the two values
 * are close, so one label says both. */
static void
add_side (AiperfChart  *chart,
          const GArray *sorted,
          guint         n_runs,
          const char   *name,
          AiperfColor   color,
          double        value,
          const char   *rule_label)
{
  g_autofree char *series_name = NULL;
  int series;
  AiperfLayer *line, *rule;

  /* TRANSLATORS: "Baseline (2 runs, 1960 requests)" */
  series_name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%u run, %u requests)",
                                              "%s (%u runs, %u requests)", n_runs),
                                 name, n_runs, sorted->len);
  series = aiperf_chart_add_series (chart, series_name, color, AIPERF_LAYER_LINE);
  line = aiperf_chart_add_layer (chart, AIPERF_LAYER_STEP, series);
  line->line_width = 2;
  append_ecdf (line, sorted);
  if (!isfinite (value))
    return;
  rule = aiperf_chart_add_layer (chart, AIPERF_LAYER_VLINE, series);
  rule->dashed = TRUE;
  aiperf_layer_append_rule (rule, value, rule_label);
}

AiperfChart *
aiperf_compare_distribution_chart (const AiperfCompareRecord *record,
                                   AiperfRunSet              *baseline,
                                   AiperfRunSet              *candidate,
                                   GError                   **error)
{
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GArray) base = NULL;
  g_autoptr(GArray) cand = NULL;
  g_autofree char *title = NULL, *values = NULL;
  guint base_runs, cand_runs;
  AiperfColor cand_color = aiperf_color_palette (1);

  g_return_val_if_fail (record != NULL, NULL);

  base = side_samples (baseline, record->configuration, record->metric, &base_runs);
  cand = side_samples (candidate, record->configuration, record->metric, &cand_runs);
  if (base->len < 2 || cand->len < 2)
    return aiperf_plot_no_data (error, _("%s has no per-request values on both sides to draw "
                                         "(a rate over the whole run, or runs without per-request data)"),
                                record->label);
  /* TRANSLATORS: "Time to First Token p90: the two sides' requests" */
  title = g_strdup_printf (_("%s %s: the two sides’ requests"), record->label, record->stat);
  chart = aiperf_chart_new (title);
  aiperf_axis_set_label (&chart->x, record->label, record->unit);
  aiperf_axis_set_label (&chart->y, _("Requests at or below"), "%");
  chart->x.include_zero = FALSE;
  chart->y.include_zero = TRUE;
  aiperf_axis_set_range (&chart->y, 0, 100);
  chart->note = g_strdup_printf (_("Cumulative distribution of each side’s requests; dashed: each side’s %s; "
                                   "shaded: the candidate’s %s within the %g %% interval of the change."),
                                 record->stat, record->stat, 95.0);

  /* The interval first, under the lines. */
  if (isfinite (record->baseline) && isfinite (record->ci_lo) && isfinite (record->ci_hi))
    {
      AiperfLayer *band = aiperf_chart_add_layer (chart, AIPERF_LAYER_BAND, -1);

      band->color = cand_color;
      band->fill_opacity = 0.2;
      aiperf_layer_append_band (band, record->baseline * (1 + record->ci_lo), 0, 100);
      aiperf_layer_append_band (band, record->baseline * (1 + record->ci_hi), 0, 100);
    }
  /* TRANSLATORS: "p90 36.47 → 40.68 ms": the baseline's and candidate's value */
  values = g_strdup_printf (_("%s %.4g → %.4g %s"), record->stat, record->baseline, record->candidate, record->unit);
  add_side (chart, base, base_runs, _("Baseline"), aiperf_color_role (AIPERF_ROLE_BASELINE),
            record->baseline, NULL);
  add_side (chart, cand, cand_runs, _("Candidate"), cand_color, record->candidate, values);
  return g_steal_pointer (&chart);
}
