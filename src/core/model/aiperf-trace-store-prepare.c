/* aiperf-trace-store-prepare.c — a finished trace's two costly analyses,
 * the GPU time breakdown (GPU-side step window) and HTA's temporal
 * breakdown and idle split, computed side by side: each walks every
 * device event, neither needs the other, and what opens a trace asks for
 * both next (its summary, its charts, its files).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-trace-store.h"

static gpointer
temporal_thread (gpointer data)
{
  aiperf_trace_store_get_temporal (data);
  return NULL;
}

void
aiperf_trace_store_prepare_analyses (AiperfTraceStore *self)
{
  GThread *hta;

  g_return_if_fail (self != NULL);

  if (aiperf_trace_store_get_n_slices (self) == 0)
    return;
  /* One core: one after the other, as when they are asked for. */
  if (g_get_num_processors () < 2)
    {
      aiperf_trace_store_get_temporal (self);
      aiperf_trace_store_get_breakdowns (self, TRUE);
      return;
    }
  hta = g_thread_new ("aiperf-trace-hta", temporal_thread, self);
  aiperf_trace_store_get_breakdowns (self, TRUE);
  g_thread_join (hta);
}
