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

  handler = spec->handler;
  if (handler->build_multi == NULL)
    return aiperf_plot_no_data (error, _("“%s” is a plot of a single run."), handler->type);
  if (colors == NULL)
    colors = own_colors = aiperf_plot_colors_new ();
  return finish (spec, handler->build_multi (spec, runs, classification, colors, error));
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

  handler = spec->handler;
  if (handler->build_single == NULL)
    return aiperf_plot_no_data (error, _("“%s” compares runs: open two or more runs."), handler->type);
  if (aiperf_plot_wants_server_metric (spec, run))
    {
      if (handler->build_server_metric == NULL)
        return aiperf_plot_no_data (error, _("%s plots cannot show server metrics."), handler->type);
      return finish (spec, handler->build_server_metric (spec, run, error));
    }
  return finish (spec, handler->build_single (spec, run, error));
}
