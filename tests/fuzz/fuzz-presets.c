/* fuzz-presets.c — libFuzzer target: plot preset YAML (plot_config.yaml).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include "aiperf-presets.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  AiperfPlotConfig *config;

  config = aiperf_plot_config_load_data ((const char *) data, size, "fuzz.yaml", &error);
  if (config != NULL)
    aiperf_plot_config_free (config);
  return 0;
}
