/* aiperf-plot-build.c — preset + runs → AiperfChart: the dispatch through
 * the handler table. Handlers never call back here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-serving-handlers.h"
#include "aiperf-handler-server.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-plot-view.h"

/* What every chart gets before anyone shows it: the preset's view keys,
 * and one number format in its legend and in its point labels. */
static AiperfChart *
finish (const AiperfPlotSpec *spec,
        AiperfChart          *chart)
{
  chart = aiperf_plot_apply_view (spec, chart);
  if (chart != NULL)
    aiperf_chart_align_numbers (chart);
  return chart;
}

AiperfChart *
aiperf_plot_build_multi_run (const AiperfPlotSpec       *spec,
                             AiperfRunSet               *runs,
                             const AiperfClassification *classification,
                             AiperfPlotColors           *colors,
                             GError                    **error)
{
  g_autoptr(AiperfPlotColors) own_colors = NULL;
  const AiperfPlotHandler *handler;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (AIPERF_IS_RUN_SET (runs), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  handler = aiperf_plot_handler_get (spec->type);
  g_return_val_if_fail (handler != NULL, NULL);
  if (handler->build_multi == NULL)
    return aiperf_plot_no_data (error, _("“%s” is a plot of a single run."), handler->type);
  if (colors == NULL)
    colors = own_colors = aiperf_plot_colors_new ();
  return finish (spec, handler->build_multi (spec, runs, classification, colors, error));
}

/* A lone series named like the y axis tells nothing the axis does not:
 * leave the plot its full width instead of a one-line legend. */
static AiperfChart *
drop_redundant_legend (AiperfChart *chart)
{
  AiperfSeries *series;

  if (chart == NULL || chart->series->len != 1)
    return chart;
  series = g_ptr_array_index (chart->series, 0);
  if (g_strcmp0 (series->name, chart->y.title) == 0)
    series->in_legend = FALSE;
  return chart;
}

AiperfChart *
aiperf_plot_build_single_run (const AiperfPlotSpec *spec,
                              AiperfRun            *run,
                              AiperfPlotColors     *colors,
                              GError              **error)
{
  const AiperfPlotHandler *handler;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (AIPERF_IS_RUN (run), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (aiperf_plot_wants_server_metric (spec, run))
    return finish (spec, aiperf_handler_server_metric (spec, run, error));

  handler = aiperf_plot_handler_get (spec->type);
  g_return_val_if_fail (handler != NULL, NULL);
  if (handler->build_single == NULL)
    return aiperf_plot_no_data (error, _("“%s” compares runs: open two or more runs."), handler->type);
  if (spec->type == AIPERF_PLOT_SCATTER)
    return finish (spec, drop_redundant_legend (handler->build_single (spec, run, error)));
  return finish (spec, handler->build_single (spec, run, error));
}
