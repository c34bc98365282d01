/* aiperf-gpu-peaks.h — GPU presets for rooflines: peak TFLOP/s per
 * precision and memory bandwidth, from data/gpus/gpu-peaks.yaml, extended
 * or corrected by ~/.config/aiperf-plot/gpus.yaml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "aiperf-gemm.h"

G_BEGIN_DECLS

typedef struct {
  char   *name;                             /* "H100 SXM" */
  char  **aliases;                          /* "h100", … */
  double  bandwidth_tbs;
  double  peak_tflops[AIPERF_GEMM_N_DTYPES]; /* NaN where the GPU has no such unit */
} AiperfGpuPreset;

typedef struct _AiperfGpuPeaks AiperfGpuPeaks;

/* Reads presets from YAML text; @origin names it in errors (file:line). */
AiperfGpuPeaks  *aiperf_gpu_peaks_new_from_data (const char  *text,
                                                 gsize        length,
                                                 const char  *origin,
                                                 GError     **error);
void             aiperf_gpu_peaks_free          (AiperfGpuPeaks *peaks);
/* Adds the GPUs of @other (replacing those of the same name). */
void             aiperf_gpu_peaks_merge         (AiperfGpuPeaks *peaks,
                                                 AiperfGpuPeaks *other);
/* The shipped presets plus ~/.config/aiperf-plot/gpus.yaml when it exists
 * (a broken user file is reported once on stderr and ignored). Never
 * NULL; owned by the library. Thread-safe. */
AiperfGpuPeaks  *aiperf_gpu_peaks_get_default   (void);

guint            aiperf_gpu_peaks_get_n         (AiperfGpuPeaks *peaks);
const AiperfGpuPreset *aiperf_gpu_peaks_get           (AiperfGpuPeaks *peaks,
                                                 guint           index);
/* The GPU named @name or one of its aliases, ignoring case, spaces, '-'
 * and '_' (--gpu h100); NULL when none. */
const AiperfGpuPreset *aiperf_gpu_peaks_lookup        (AiperfGpuPeaks *peaks,
                                                 const char     *name);
/* The GPU a tool's device string names ("NVIDIA H100 80GB HBM3"): the one
 * whose name or alias is the longest part of it; NULL when none. */
const AiperfGpuPreset *aiperf_gpu_peaks_match         (AiperfGpuPeaks *peaks,
                                                 const char     *device);
/* "H100 SXM, H100 PCIe, …": the names, for messages. */
char            *aiperf_gpu_peaks_describe      (AiperfGpuPeaks *peaks);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfGpuPeaks, aiperf_gpu_peaks_free)

G_END_DECLS
