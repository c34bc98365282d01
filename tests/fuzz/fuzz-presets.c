/* fuzz-presets.c — libFuzzer target: plot preset YAML (plot_config.yaml), and
 * the server-metric specs ("name[endpoint]{k=v}") its metrics may be.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include "aiperf-presets.h"
#include "aiperf-server-metrics.h"

static void
parse_spec (const char *metric)
{
  g_autofree char *name = NULL;
  g_autofree char *endpoint = NULL;
  g_autoptr(GHashTable) labels = NULL;

  if (metric == NULL)
    return;
  aiperf_server_metric_name_looks_like (metric);
  if (aiperf_server_metric_spec_parse (metric, &name, &endpoint, &labels))
    {
      aiperf_fuzz_check_text ("server metric name", name);
      aiperf_fuzz_check_text ("server metric endpoint", endpoint);
    }
}

static void
parse_specs (GPtrArray *specs)
{
  for (guint i = 0; i < specs->len; i++)
    {
      const AiperfPlotSpec *spec = g_ptr_array_index (specs, i);

      parse_spec (spec->x.metric);
      parse_spec (spec->y.metric);
      parse_spec (spec->y2.metric);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = NULL;

  config = aiperf_plot_config_load_data ((const char *) data, size, "fuzz.yaml", &error);
  if (config == NULL)
    return 0;
  parse_specs (config->multi_run_plots);
  parse_specs (config->single_run_plots);
  return 0;
}
