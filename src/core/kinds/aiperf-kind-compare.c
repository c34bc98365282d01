/* aiperf-kind-compare.c — the comparison of every kind: each kind's runs
 * go to its descriptor's measuring; and the comparison and the history as
 * plot handlers, for presets and the report.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-compare-chart.h"
#include "aiperf-compare-measure.h"
#include "aiperf-kind-compare.h"
#include "aiperf-kinds.h"
#include "aiperf-plot-helpers.h"

static AiperfCompareMeasureFunc
measure_of (const char *kind)
{
  const AiperfKind *descriptor = aiperf_kinds_find (kind);

  return descriptor != NULL && descriptor->compare != NULL ? descriptor->compare : aiperf_compare_summaries;
}

AiperfComparison *
aiperf_comparison_run (AiperfRunSet                *baseline,
                       AiperfRunSet                *candidate,
                       const AiperfCompareSettings *settings,
                       GCancellable                *cancellable)
{
  return aiperf_comparison_pair (baseline, candidate, settings, measure_of, cancellable);
}

/* A preset's percentage key ("min_effect: 5"), as a fraction; @fallback
 * when unset or not a percentage. */
static double
spec_percent (const AiperfPlotSpec *spec,
              const char           *key,
              double                fallback)
{
  const char *text = aiperf_plot_spec_get_extra (spec, key);
  char *end = NULL;
  double value;

  if (text == NULL)
    return fallback;
  value = g_ascii_strtod (text, &end);
  return end != text && isfinite (value) && value >= 0 ? value / 100 : fallback;
}

AiperfChart *
aiperf_handler_compare_forest (const AiperfPlotSpec       *spec,
                               AiperfRunSet               *runs,
                               const AiperfClassification *classification,
                               AiperfPlotColors           *colors,
                               GError                    **error)
{
  g_autoptr(AiperfRunSet) baseline = aiperf_run_set_new ();
  g_autoptr(AiperfRunSet) candidate = aiperf_run_set_new ();
  g_autoptr(AiperfComparison) comparison = NULL;
  const char *glob = aiperf_plot_spec_get_extra (spec, "baseline");
  char *globs[2] = { (char *) glob, NULL };
  AiperfClassification by_key = { .baselines = globs };
  AiperfCompareSettings settings;
  AiperfChart *chart;

  /* The preset's own "baseline: GLOB" first, else the config's
   * experiment_classification (aiperf's baseline and treatment runs). */
  if (glob != NULL && glob[0] != '\0')
    classification = &by_key;
  if (classification == NULL)
    return aiperf_plot_no_data (error, _("No baseline: give the preset a “baseline” (a run name or path glob) "
                                         "or the configuration an experiment_classification"));
  for (guint i = 0; i < aiperf_run_set_get_n_runs (runs); i++)
    {
      AiperfRun *run = aiperf_run_set_get_run (runs, i);

      aiperf_run_set_add (aiperf_plot_classify_run (classification, run, NULL) ? baseline : candidate, run);
    }
  if (aiperf_run_set_get_n_runs (baseline) == 0 || aiperf_run_set_get_n_runs (candidate) == 0)
    return aiperf_plot_no_data (error, _("The comparison needs baseline and candidate runs: %u baseline, %u candidate"),
                                aiperf_run_set_get_n_runs (baseline), aiperf_run_set_get_n_runs (candidate));
  aiperf_compare_settings_init (&settings);
  settings.min_effect = spec_percent (spec, "min_effect", settings.min_effect);
  comparison = aiperf_comparison_run (baseline, candidate, &settings, NULL);
  chart = aiperf_compare_forest_chart (comparison);
  if (chart == NULL)
    return aiperf_plot_no_data (error, _("No metric of the baseline's configurations was measured in the candidates"));
  return chart;
}

AiperfChart *
aiperf_handler_history (const AiperfPlotSpec       *spec,
                        AiperfRunSet               *runs,
                        const AiperfClassification *classification,
                        AiperfPlotColors           *colors,
                        GError                    **error)
{
  AiperfCompareSettings settings;
  g_autoptr(GPtrArray) series = NULL;
  const char *metric = spec->y.metric != NULL ? aiperf_plot_resolve_tag (spec->y.metric) : "time_to_first_token";
  AiperfStat stat = spec->y.has_stat ? spec->y.stat : spec->has_stat ? spec->stat : AIPERF_STAT_AVG;
  AiperfChart *chart;

  aiperf_compare_settings_init (&settings);
  series = aiperf_history_build (runs, spec_percent (spec, "min_effect", settings.min_effect),
                                 AIPERF_HISTORY_SEED, NULL);
  chart = aiperf_history_chart (series, metric, aiperf_stat_to_string (stat));
  if (chart == NULL)
    return aiperf_plot_no_data (error, _("No configuration has three runs or more with %s %s over time"),
                                metric, aiperf_stat_to_string (stat));
  return chart;
}
