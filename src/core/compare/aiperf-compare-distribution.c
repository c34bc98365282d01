/* aiperf-compare-distribution.c — one metric of a comparison as the two
 * sides' distributions: the empirical CDF of the baseline's and the
 * candidate's requests overlaid (or a histogram of both in shared bins,
 * aiperf-compare-histogram.c), each side's statistic as a rule, and the
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
#include "aiperf-compare-private.h"
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

/* A side's series: its name says how many runs and requests it has. */
static int
add_series (AiperfChart    *chart,
            const GArray   *sorted,
            guint           n_runs,
            const char     *name,
            AiperfColor     color,
            AiperfLayerKind kind)
{
  g_autofree char *series_name = NULL;

  /* TRANSLATORS: "Baseline (2 runs, 1960 requests)" */
  series_name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%u run, %u requests)",
                                              "%s (%u runs, %u requests)", n_runs),
                                 name, n_runs, sorted->len);
  return aiperf_chart_add_series (chart, series_name, color, kind);
}

/* @label (nullable): the two values are close, so one label says both. */
static void
add_rule (AiperfChart *chart,
          int          series,
          double       value,
          const char  *label)
{
  AiperfLayer *rule;

  if (!isfinite (value))
    return;
  rule = aiperf_chart_add_layer (chart, AIPERF_LAYER_VLINE, series);
  rule->dashed = TRUE;
  aiperf_layer_append_rule (rule, value, label);
}

/* The candidate's statistic within the interval of the change, from @lo
 * to @hi up the y axis; under what is drawn after it. */
static void
add_interval (AiperfChart               *chart,
              const AiperfCompareRecord *record,
              AiperfColor                color,
              double                     lo,
              double                     hi)
{
  AiperfLayer *band;

  if (!isfinite (record->baseline) || !isfinite (record->ci_lo) || !isfinite (record->ci_hi))
    return;
  band = aiperf_chart_add_layer (chart, AIPERF_LAYER_BAND, -1);
  band->color = color;
  band->fill_opacity = 0.2;
  aiperf_layer_append_band (band, record->baseline * (1 + record->ci_lo), lo, hi);
  aiperf_layer_append_band (band, record->baseline * (1 + record->ci_hi), lo, hi);
}

static void
add_ecdf (AiperfChart               *chart,
          const AiperfCompareRecord *record,
          const GArray              *base,
          guint                      base_runs,
          const GArray              *cand,
          guint                      cand_runs,
          const char                *values)
{
  AiperfColor cand_color = aiperf_color_palette (1);
  const GArray *sides[] = { base, cand };
  int series[2];

  aiperf_axis_set_label (&chart->y, _("Requests at or below"), "%");
  aiperf_axis_set_range (&chart->y, 0, 100);
  chart->note = g_strdup_printf (_("Cumulative distribution of each side’s requests; dashed: each side’s %s; "
                                   "shaded: the candidate’s %s within the %g %% interval of the change."),
                                 record->stat, record->stat, 95.0);
  add_interval (chart, record, cand_color, 0, 100);
  series[0] = add_series (chart, base, base_runs, _("Baseline"), aiperf_color_role (AIPERF_ROLE_BASELINE),
                          AIPERF_LAYER_LINE);
  series[1] = add_series (chart, cand, cand_runs, _("Candidate"), cand_color, AIPERF_LAYER_LINE);
  for (guint s = 0; s < 2; s++)
    {
      AiperfLayer *line = aiperf_chart_add_layer (chart, AIPERF_LAYER_STEP, series[s]);

      line->line_width = 2;
      append_ecdf (line, sides[s]);
    }
  add_rule (chart, series[0], record->baseline, NULL);
  add_rule (chart, series[1], record->candidate, values);
}

/* Both sides in the same bins, side by side within each bin: the
 * baseline's bar in its left half, the candidate's in its right. */
static void
add_histogram (AiperfChart               *chart,
               const AiperfCompareRecord *record,
               const GArray              *base,
               guint                      base_runs,
               const GArray              *cand,
               guint                      cand_runs,
               const char                *values)
{
  AiperfColor cand_color = aiperf_color_palette (1);
  double keep[] = { record->baseline, record->candidate, NAN, NAN };
  AiperfCompareHistogram histogram = { 0 };
  g_autoptr(GString) note = g_string_new (NULL);
  double top;
  int series[2];

  if (isfinite (record->baseline))
    {
      keep[2] = record->baseline * (1 + record->ci_lo);
      keep[3] = record->baseline * (1 + record->ci_hi);
    }
  aiperf_compare_histogram_init (&histogram, base, cand, keep, G_N_ELEMENTS (keep));
  top = histogram.top * 1.1;
  aiperf_axis_set_label (&chart->y, _("Share of the side’s requests"), "%");
  aiperf_axis_set_range (&chart->y, 0, top);
  aiperf_axis_set_range (&chart->x, histogram.first, histogram.first + histogram.width * histogram.n_bins);
  /* TRANSLATORS: the histogram's note; "bins of 2 ms" */
  g_string_append_printf (note, _("Each side’s share of its own requests in bins of %g %s; dashed: each side’s %s; "
                                  "shaded: the candidate’s %s within the %g %% interval of the change."),
                          histogram.width, record->unit, record->stat, record->stat, 95.0);
  if (histogram.beyond_baseline + histogram.beyond_candidate > 0)
    g_string_append_printf (note, _(" The last bin also holds the requests beyond %g %s (baseline %u, candidate %u)."),
                            histogram.first + histogram.width * histogram.n_bins, record->unit,
                            histogram.beyond_baseline, histogram.beyond_candidate);
  chart->note = g_string_free (g_steal_pointer (&note), FALSE);
  add_interval (chart, record, cand_color, 0, top);
  series[0] = add_series (chart, base, base_runs, _("Baseline"), aiperf_color_role (AIPERF_ROLE_BASELINE),
                          AIPERF_LAYER_BARS);
  series[1] = add_series (chart, cand, cand_runs, _("Candidate"), cand_color, AIPERF_LAYER_BARS);
  for (guint s = 0; s < 2; s++)
    {
      AiperfLayer *bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, series[s]);
      const double *pct = s == 0 ? histogram.baseline : histogram.candidate;

      bars->fill_opacity = 0.85;
      aiperf_layer_set_group (bars, s, 2);
      for (guint b = 0; b < histogram.n_bins; b++)
        aiperf_layer_append_bar (bars, histogram.first + histogram.width * (b + 0.5), histogram.width, pct[b], (int) b);
    }
  add_rule (chart, series[0], record->baseline, NULL);
  add_rule (chart, series[1], record->candidate, values);
  aiperf_compare_histogram_clear (&histogram);
}

AiperfChart *
aiperf_compare_distribution_chart (const AiperfCompareRecord *record,
                                   AiperfRunSet              *baseline,
                                   AiperfRunSet              *candidate,
                                   AiperfDistributionStyle    style,
                                   GError                   **error)
{
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(GArray) base = NULL;
  g_autoptr(GArray) cand = NULL;
  g_autofree char *title = NULL, *values = NULL;
  guint base_runs, cand_runs;

  g_return_val_if_fail (record != NULL, NULL);

  base = side_samples (baseline, record->configuration, record->metric, &base_runs);
  cand = side_samples (candidate, record->configuration, record->metric, &cand_runs);
  if (base->len < 2 || cand->len < 2)
    return aiperf_plot_no_data (error, _("%s has no per-request values on both sides to draw "
                                         "(a rate over the whole run, or runs without per-request data)"),
                                record->label);
  /* TRANSLATORS: "Time to First Token p90: the two sides’ requests" */
  title = g_strdup_printf (_("%s %s: the two sides’ requests"), record->label, record->stat);
  chart = aiperf_chart_new (title);
  aiperf_axis_set_label (&chart->x, record->label, record->unit);
  chart->x.include_zero = FALSE;
  chart->y.include_zero = TRUE;
  /* TRANSLATORS: "p90 36.47 → 40.68 ms": the baseline's and candidate's value */
  values = g_strdup_printf (_("%s %.4g → %.4g %s"), record->stat, record->baseline, record->candidate, record->unit);
  if (style == AIPERF_DISTRIBUTION_HISTOGRAM)
    add_histogram (chart, record, base, base_runs, cand, cand_runs, values);
  else
    add_ecdf (chart, record, base, base_runs, cand, cand_runs, values);
  return g_steal_pointer (&chart);
}
