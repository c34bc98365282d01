/* aiperf-trace-breakdown.c — a trace's GPU time breakdown as files and
 * summary text: gpu_timeline.csv with TraceLens's rows and columns (and
 * its definitions, from the trace store's breakdown), its companion
 * notes, and the --trace-window option that chooses the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-store.h"

gboolean
aiperf_trace_steps_window (GHashTable *options)
{
  const char *window = options != NULL ? g_hash_table_lookup (options, "trace_window") : NULL;

  return window == NULL || g_ascii_strcasecmp (window, "all") != 0;
}

const char *
aiperf_trace_breakdown_definitions (void)
{
  return _("GPU time per GPU (all its streams merged), as TraceLens's gpu_timeline defines it: busy = the union of "
           "its kernels, memsets and memcpys; computation = the union of its kernels and memsets that are not "
           "communication; communication = kernels named NCCL/RCCL; exposed = not overlapped by computation "
           "(memcpy: by computation or communication); idle = window - busy. The window is the GPU-side "
           "ProfilerStep#N spans (gpu_user_annotation) when the GPU has them (--trace-window all: from its first "
           "event to its last), clipped to which every interval is counted.");
}

/* The breakdowns of @run's trace, or NULL. */
static const GArray *
breakdowns_of (AiperfRun *run,
               gboolean   steps)
{
  AiperfTraceStore *store = aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
  const GArray *all = store != NULL ? aiperf_trace_store_get_breakdowns (store, steps) : NULL;

  return all != NULL && all->len > 0 ? all : NULL;
}

/* The shortest text that reads back as @v (as Python and pandas write). */
static void
format_shortest (char   *buf,
                 gsize   size,
                 double  v)
{
  for (int digits = 15; digits <= 17; digits++)
    {
      g_ascii_formatd (buf, size, digits == 15 ? "%.15g" : digits == 16 ? "%.16g" : "%.17g", v);
      if (g_ascii_strtod (buf, NULL) == v)
        return;
    }
}

static void
append_row (GString    *s,
            const char *gpu,
            const char *type,
            double      us,
            double      total_us)
{
  char ms[G_ASCII_DTOSTR_BUF_SIZE], percent[G_ASCII_DTOSTR_BUF_SIZE];

  format_shortest (ms, sizeof ms, us / 1e3);
  format_shortest (percent, sizeof percent, total_us > 0 ? us / total_us * 100 : 0.0);
  if (gpu != NULL)
    g_string_append_printf (s, "\"%s\",", gpu);
  g_string_append_printf (s, "%s,%s,%s\n", type, ms, percent);
}

char *
aiperf_trace_gpu_timeline_csv (AiperfRun *run,
                               gboolean   steps)
{
  const GArray *all = breakdowns_of (run, steps);
  GString *s;

  if (all == NULL)
    return NULL;
  /* One GPU: TraceLens's own columns; several: a column names the GPU. */
  s = g_string_new (all->len > 1 ? "gpu,type,time ms,percent\n" : "type,time ms,percent\n");
  for (guint i = 0; i < all->len; i++)
    {
      const AiperfTraceBreakdown *b = &g_array_index (all, AiperfTraceBreakdown, i);
      const char *gpu = all->len > 1 ? b->gpu : NULL;

      append_row (s, gpu, "computation_time", b->computation_us, b->total_us);
      append_row (s, gpu, "exposed_comm_time", b->exposed_comm_us, b->total_us);
      append_row (s, gpu, "exposed_memcpy_time", b->exposed_memcpy_us, b->total_us);
      append_row (s, gpu, "busy_time", b->busy_us, b->total_us);
      append_row (s, gpu, "idle_time", b->idle_us, b->total_us);
      append_row (s, gpu, "total_time", b->total_us, b->total_us);
      append_row (s, gpu, "total_comm_time", b->total_comm_us, b->total_us);
      append_row (s, gpu, "total_memcpy_time", b->total_memcpy_us, b->total_us);
    }
  return g_string_free (s, FALSE);
}

/* Where each GPU's window came from, one line each. */
static void
append_windows (GString      *s,
                const GArray *all)
{
  for (guint i = 0; i < all->len; i++)
    {
      const AiperfTraceBreakdown *b = &g_array_index (all, AiperfTraceBreakdown, i);

      if (b->n_steps > 0)
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "  %s: window = %u GPU-side ProfilerStep span, %.3f ms\n",
                                                "  %s: window = %u GPU-side ProfilerStep spans, %.3f ms\n", b->n_steps),
                                b->gpu, b->n_steps, b->total_us / 1e3);
      else
        g_string_append_printf (s, _("  %s: window = its first event to its last, %.3f ms\n"), b->gpu, b->total_us / 1e3);
    }
}

char *
aiperf_trace_gpu_timeline_notes (AiperfRun *run,
                                 gboolean   steps)
{
  const GArray *all = breakdowns_of (run, steps);
  GString *s;

  if (all == NULL)
    return NULL;
  s = g_string_new (NULL);
  g_string_append_printf (s, "%s\n\n", aiperf_trace_breakdown_definitions ());
  append_windows (s, all);
  return g_string_free (s, FALSE);
}

char *
aiperf_trace_gpu_timeline_text (AiperfRun *run,
                                gboolean   steps)
{
  const GArray *all = breakdowns_of (run, steps);
  GString *s;

  if (all == NULL)
    return g_strdup ("");
  s = g_string_new (_("  GPU time (busy: the union of kernels, memsets and memcpys over all streams):\n"));
  append_windows (s, all);
  for (guint i = 0; i < all->len; i++)
    {
      const AiperfTraceBreakdown *b = &g_array_index (all, AiperfTraceBreakdown, i);
      double t = b->total_us > 0 ? 100 / b->total_us : 0;

      if (b->total_comm_us > 0)
        g_string_append_printf (s, _("  %s: computation overlaps %.1f%% of the communication time\n"), b->gpu,
                                100 * (b->total_comm_us - b->exposed_comm_us) / b->total_comm_us);
      g_string_append_printf (s, _("  %s: busy %.3f ms (%.1f%%), idle %.3f ms (%.1f%%); computation %.3f ms "
                                   "(%.1f%%), exposed communication %.3f ms (%.1f%%) of %.3f ms, exposed memcpy "
                                   "%.3f ms (%.1f%%) of %.3f ms\n"),
                              b->gpu, b->busy_us / 1e3, b->busy_us * t, b->idle_us / 1e3, b->idle_us * t,
                              b->computation_us / 1e3, b->computation_us * t, b->exposed_comm_us / 1e3,
                              b->exposed_comm_us * t, b->total_comm_us / 1e3, b->exposed_memcpy_us / 1e3,
                              b->exposed_memcpy_us * t, b->total_memcpy_us / 1e3);
    }
  return g_string_free (s, FALSE);
}
