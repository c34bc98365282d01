/* aiperf-presets-private.h — shared helpers of the preset YAML reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <yaml.h>
#include "aiperf-plot-spec.h"

G_BEGIN_DECLS

typedef struct {
  yaml_document_t  *doc;
  const char       *filename;
  GError          **error;
  /* Parsing a kind's own section (cutile_plots, …): the handler's scope
   * decides, and the handler checks its own keys. */
  gboolean          kind_section;
} AiperfPresetParser;

/* aiperf-presets-yaml.c */
/* The text of a scalar node, or NULL. */
const char *aiperf_presets_scalar  (yaml_node_t *node);
/* TRUE for a missing node and YAML's null spellings. */
gboolean    aiperf_presets_is_null (yaml_node_t *node);

void         aiperf_presets_error      (AiperfPresetParser *p,
                                        yaml_node_t        *node,
                                        int                 code,
                                        const char         *format,
                                        ...) G_GNUC_PRINTF (4, 5);
yaml_node_t *aiperf_presets_node       (AiperfPresetParser *p,
                                        int                 index);
yaml_node_t *aiperf_presets_lookup     (AiperfPresetParser *p,
                                        yaml_node_t        *mapping,
                                        const char         *key);
/* NULL for a null/absent value (and on error, then *p->error is set). */
const char  *aiperf_presets_get_string (AiperfPresetParser *p,
                                        yaml_node_t        *node,
                                        const char         *key);
gboolean     aiperf_presets_get_bool   (AiperfPresetParser *p,
                                        yaml_node_t        *node,
                                        const char         *key,
                                        gboolean           *out_value);
gboolean     aiperf_presets_get_double (AiperfPresetParser *p,
                                        yaml_node_t        *node,
                                        const char         *key,
                                        double              min,
                                        double              max,
                                        double             *out_value);
GStrv        aiperf_presets_get_strv   (AiperfPresetParser *p,
                                        yaml_node_t        *node,
                                        const char         *key);

AiperfPlotSpec       *aiperf_presets_parse_spec           (AiperfPresetParser *p,
                                                           const char         *name,
                                                           yaml_node_t        *name_node,
                                                           yaml_node_t        *node,
                                                           gboolean            multi_run);
gboolean              aiperf_presets_parse_settings       (AiperfPresetParser *p,
                                                           yaml_node_t        *node,
                                                           AiperfPlotConfig   *config);
AiperfClassification *aiperf_presets_parse_classification (AiperfPresetParser *p,
                                                           yaml_node_t        *node);
/* aiperf-presets-runs.c: the runs: block (a mapping node). */
AiperfRunRules       *aiperf_presets_parse_runs           (AiperfPresetParser *p,
                                                           yaml_node_t        *node);

/* TRUE when @name is something a plot can show: a registry tag, alias or
 * display name, a computed column (request_number, timestamp_s, …) or a
 * server-metric-looking name. */
gboolean              aiperf_presets_metric_is_known      (const char         *name);

G_END_DECLS
