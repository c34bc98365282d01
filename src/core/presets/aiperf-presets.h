/* aiperf-presets.h — reading plot preset files (aiperf's plot_config.yaml schema).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "aiperf-plot-spec.h"

G_BEGIN_DECLS

/* Resource path of the shipped default presets. */
#define AIPERF_PRESETS_RESOURCE "/org/aiperf/Plot/core/presets/default-plot-config.yaml"

/* Parses a preset file's text. Errors (AIPERF_ERROR_PARSE for bad YAML,
 * AIPERF_ERROR_CONFIG for a wrong preset) read "FILE:LINE:COLUMN: what",
 * name the key, and offer a "did you mean" for unknown metrics. */
AiperfPlotConfig *aiperf_plot_config_load_data    (const char  *data,
                                                   gsize        length,
                                                   const char  *filename,
                                                   GError     **error);
AiperfPlotConfig *aiperf_plot_config_load_file    (const char  *path,
                                                   GError     **error);
/* The presets shipped in the gresource (aiperf 0.11's defaults). */
AiperfPlotConfig *aiperf_plot_config_load_default (GError     **error);

/* Which file to use, in aiperf's order: @explicit_path (--config), then
 * <path>/.aiperf-plot-config.yaml for the first input path that has one,
 * then $HOME/.aiperf/plot_config.yaml. NULL means the shipped default.
 * Never creates or changes a file. */
char             *aiperf_plot_config_find_file    (const char          *explicit_path,
                                                   const char * const  *paths);
/* Finds (as above) and loads. An explicit path that does not exist is an
 * AIPERF_ERROR_NOT_FOUND error. */
AiperfPlotConfig *aiperf_plot_config_resolve      (const char          *explicit_path,
                                                   const char * const  *paths,
                                                   GError             **error);

G_END_DECLS
