/* aiperf-preset-writer.h — writing plot presets back as aiperf YAML.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-plot-spec.h"

G_BEGIN_DECLS

/* The section of a preset file @spec goes back into: "multi_run" or
 * "single_run" for aiperf plot's own types, else its kind's ("gemm" for
 * gemm_plots). */
const char *aiperf_preset_section (const AiperfPlotSpec *spec);

/* The whole config as YAML in aiperf's plot_config.yaml schema, readable
 * by aiperf_plot_config_load_data(). */
char     *aiperf_plot_config_to_yaml (const AiperfPlotConfig *config);
/* Writes @spec to @path as a preset file (atomically). With @merge and an
 * existing file, the file's other presets, defaults and settings are kept
 * and a preset of the same name is replaced; without, the file holds only
 * @spec (listed in the defaults of its mode). */
gboolean  aiperf_preset_save         (const AiperfPlotSpec   *spec,
                                      const char             *path,
                                      gboolean                merge,
                                      GError                **error);

G_END_DECLS
