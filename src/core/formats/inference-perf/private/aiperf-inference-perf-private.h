/* aiperf-inference-perf-private.h — the parts of an inference-perf report
 * folder besides the lifecycle reports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a run takes from config.yaml. Only these keys are read: the file
 * also holds storage buckets and tokens that must never be shown. */
typedef struct {
  char     *path;          /* the config.yaml read */
  char     *model;         /* server.model_name, else the tokenizer's name */
  char     *server_type;   /* server.type: "vllm", "sglang", … */
  char     *api_type;      /* api.type: "completion", "chat" */
  gboolean  has_streaming;
  gboolean  streaming;     /* api.streaming */
  char     *load_type;     /* load.type: "constant", "poisson", … */
  char     *data_type;     /* data.type: "shared_prefix", … */
} AiperfInferencePerfConfig;

/* Reads the config.yaml of the report folder @folder, or of its parent
 * (several report folders of one experiment share it). Returns NULL when
 * there is none; sets @error (file and line) when one exists but cannot be
 * parsed. */
AiperfInferencePerfConfig *aiperf_inference_perf_config_load (const char  *folder,
                                                              GError     **error);
void                       aiperf_inference_perf_config_free (AiperfInferencePerfConfig *config);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfInferencePerfConfig, aiperf_inference_perf_config_free)

G_END_DECLS
