/* aiperf-trace-hta.c — HTA's temporal breakdown, idle time breakdown and
 * kernel breakdowns (by type and by kernel) of a trace (from the trace
 * store) as files and summary text, and the GPUs (ranks) of a merged
 * trace side by side with the slowest one named.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "aiperf-csv.h"
#include "aiperf-trace-kind-private.h"
#include "aiperf-trace-store.h"

static AiperfTraceStore *
store_of (AiperfRun *run)
{
  return aiperf_run_get_dataset (run, AIPERF_DATASET_EVENTS, AIPERF_TYPE_TRACE_STORE);
}

const GArray *
aiperf_trace_temporal_of (AiperfRun *run)
{
  AiperfTraceStore *store = store_of (run);
  const GArray *all = store != NULL ? aiperf_trace_store_get_temporal (store) : NULL;

  return all != NULL && all->len > 0 ? all : NULL;
}

static double
share (gint64 part,
       gint64 whole)
{
  return whole > 0 ? 100.0 * (double) part / (double) whole : 0.0;
}

const char *
aiperf_trace_hta_definitions (void)
{
  return _("As HTA (Holistic Trace Analysis) defines them, in whole µs as HTA reads times (a start rounded up, an "
           "end down, from the µs in a double as HTA holds them; an event shorter than a µs that this makes "
           "negative counts as zero here, where HTA's own check fails); a trace of two ProfilerStep#N or more without "
           "its last step, as HTA reads it (the device events launched from the last CPU-side step's start on are "
           "left out; MTIA's DMA transfers count only inside a CPU-side step): temporal breakdown per GPU over the span of its device events (first start to last end) — "
           "idle = the span less the union of its kernels, memcpys and memsets; compute = the union of its "
           "computation kernels; non-compute = the rest. HTA's kernel types, by name: communication = nccl…Kernel, "
           "memory = Memcpy…, Memset…, dma…, computation = the rest but names holding Memcpy or Sync. "
           "kernel_types.csv, HTA's kernel-type breakdown of the same events per GPU: each type's events merged "
           "into a union, and each stretch of time given to the set of types running in it (COMPUTATION = "
           "computation overlapped by no other type; \"COMPUTATION overlapping MEMORY\" = both at once), "
           "percentage = of the GPU's busy time; kernel_sum_us = the type's plain sum of durations, as HTA's "
           "per-kernel table sums them. kernel_breakdown.csv, HTA's per-kernel table of the same events: per "
           "type and GPU, each kernel's calls (count), their sum, max, min, mean and sample standard deviation "
           "(0 for one call); when a type has more than 10 kernel names on a GPU, the names are ranked by sum and "
           "those past the first 10, or whose running sum passes the 0.8 quantile of the running sums, merge "
           "into one row \"others\" (kernels = how many), as HTA's get_gpu_kernel_breakdown (num_kernels=10, "
           "duration_ratio=0.8) merges them; percentage = of the type's sum on that GPU; rows by type, kernel "
           "name, GPU, as HTA orders them. Where HTA merges, it computes max, min, mean and std again over the "
           "rows' sums (a named row's max then reads its sum); here they stay per call. Idle time per "
           "stream, each gap before a device event: host wait when the runtime call that launched it began after "
           "the previous event ended (the CPU was late), kernel wait when under 30 µs (launch overhead), other "
           "otherwise; overlapping events leave no gap. The slowest rank is the GPU that computed longest: the "
           "others wait for it in their collectives.");
}

char *
aiperf_trace_temporal_csv (AiperfRun *run)
{
  const GArray *all = aiperf_trace_temporal_of (run);
  GString *s;

  if (all == NULL)
    return NULL;
  s = g_string_new ("gpu,idle_time_us,compute_time_us,non_compute_time_us,kernel_time_us,idle_time_pctg,"
                    "compute_time_pctg,non_compute_time_pctg\n");
  for (guint i = 0; i < all->len; i++)
    {
      const AiperfTraceTemporal *t = &g_array_index (all, AiperfTraceTemporal, i);

      g_string_append_printf (s, "\"%s\",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%"
                              G_GINT64_FORMAT ",%.2f,%.2f,%.2f\n", t->gpu, t->idle_us, t->compute_us,
                              t->non_compute_us, t->kernel_time_us, share (t->idle_us, t->kernel_time_us),
                              share (t->compute_us, t->kernel_time_us), share (t->non_compute_us, t->kernel_time_us));
    }
  return g_string_free (s, FALSE);
}

char *
aiperf_trace_kernel_types_csv (AiperfRun *run)
{
  /* By index: HTA's names of each set of types, in its order. */
  static const char * const names[8] = {
    NULL, "COMPUTATION", "COMMUNICATION", "COMPUTATION overlapping COMMUNICATION", "MEMORY",
    "COMPUTATION overlapping MEMORY", "COMMUNICATION overlapping MEMORY",
    "COMPUTATION overlapping COMMUNICATION overlapping MEMORY",
  };
  static const guint order[7] = { 1, 2, 4, 3, 5, 6, 7 };
  const GArray *all = aiperf_trace_temporal_of (run);
  GString *s;

  if (all == NULL)
    return NULL;
  s = g_string_new ("gpu,kernel_type,sum_us,percentage,kernel_sum_us\n");
  for (guint i = 0; i < all->len; i++)
    {
      const AiperfTraceTemporal *t = &g_array_index (all, AiperfTraceTemporal, i);
      gint64 busy = 0;

      for (guint k = 1; k < 8; k++)
        busy += t->type_us[k];
      for (guint k = 0; k < G_N_ELEMENTS (order); k++)
        {
          guint mask = order[k];
          /* A single type's plain sum; none for an overlap. */
          int bit = mask == 1 ? 0 : mask == 2 ? 1 : mask == 4 ? 2 : -1;

          g_string_append_printf (s, "\"%s\",%s,%" G_GINT64_FORMAT ",%.1f,", t->gpu, names[mask], t->type_us[mask],
                                  share (t->type_us[mask], busy));
          if (bit >= 0)
            g_string_append_printf (s, "%" G_GINT64_FORMAT, t->type_sum_us[bit]);
          g_string_append_c (s, '\n');
        }
    }
  return g_string_free (s, FALSE);
}

char *
aiperf_trace_kernel_breakdown_csv (AiperfRun *run)
{
  static const char * const type_names[5] = { NULL, "COMPUTATION", "COMMUNICATION", NULL, "MEMORY" };
  AiperfTraceStore *store = store_of (run);
  const GArray *temporal = aiperf_trace_temporal_of (run);
  const GArray *rows = temporal != NULL ? aiperf_trace_store_get_kernel_rows (store) : NULL;
  GString *s;

  if (rows == NULL || rows->len == 0)
    return NULL;
  s = g_string_new ("kernel_type,name,gpu,sum_us,max_us,min_us,std_us,mean_us,count,kernels,percentage\n");
  for (guint i = 0; i < rows->len; i++)
    {
      const AiperfTraceKernelRow *row = &g_array_index (rows, AiperfTraceKernelRow, i);

      g_string_append_printf (s, "%s,", type_names[row->type]);
      aiperf_csv_append_field (s, row->name);
      g_string_append_c (s, ',');
      aiperf_csv_append_field (s, g_array_index (temporal, AiperfTraceTemporal, row->gpu).gpu);
      g_string_append_printf (s, ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%.3f,%.3f,%"
                              G_GUINT64_FORMAT ",%u,%.2f\n", row->sum_us, row->max_us, row->min_us, row->std_us,
                              row->mean_us, row->count, row->kernels, row->percentage);
    }
  return g_string_free (s, FALSE);
}

char *
aiperf_trace_idle_time_csv (AiperfRun *run)
{
  AiperfTraceStore *store = store_of (run);
  const GArray *all = store != NULL ? aiperf_trace_store_get_idle_split (store) : NULL;
  static const char * const names[3] = { "host_wait", "kernel_wait", "other" };
  GString *s;

  if (all == NULL || all->len == 0)
    return NULL;
  s = g_string_new ("gpu,stream,idle_category,idle_time_us,idle_time_ratio,gaps\n");
  for (guint i = 0; i < all->len; i++)
    {
      const AiperfTraceIdleSplit *split = &g_array_index (all, AiperfTraceIdleSplit, i);
      gint64 parts[3] = { split->host_wait_us, split->kernel_wait_us, split->other_us };
      gint64 total = parts[0] + parts[1] + parts[2];

      for (guint k = 0; k < 3; k++)
        g_string_append_printf (s, "\"%s\",\"%s\",%s,%" G_GINT64_FORMAT ",%.4f,%u\n", split->gpu, split->stream,
                                names[k], parts[k], total > 0 ? (double) parts[k] / (double) total : 0.0,
                                split->n_gaps[k]);
    }
  return g_string_free (s, FALSE);
}

guint
aiperf_trace_slowest_gpu (const GArray *temporal)
{
  guint slowest = 0;

  for (guint i = 1; i < temporal->len; i++)
    if (g_array_index (temporal, AiperfTraceTemporal, i).compute_us >
        g_array_index (temporal, AiperfTraceTemporal, slowest).compute_us)
      slowest = i;
  return slowest;
}

/* The median compute time of the GPUs other than @skip. */
static double
median_of_others (const GArray *temporal,
                  guint         skip)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < temporal->len; i++)
    if (i != skip)
      {
        double v = (double) g_array_index (temporal, AiperfTraceTemporal, i).compute_us;

        g_array_append_val (values, v);
      }
  g_array_sort (values, (GCompareFunc) aiperf_compare_doubles);
  if (values->len == 0)
    return 0;
  return values->len % 2 ? g_array_index (values, double, values->len / 2)
                         : (g_array_index (values, double, values->len / 2 - 1) +
                            g_array_index (values, double, values->len / 2)) / 2;
}

char *
aiperf_trace_hta_text (AiperfRun *run)
{
  const GArray *temporal = aiperf_trace_temporal_of (run);
  AiperfTraceStore *store = store_of (run);
  const GArray *splits = store != NULL ? aiperf_trace_store_get_idle_split (store) : NULL;
  GString *s;

  if (temporal == NULL)
    return g_strdup ("");
  s = g_string_new (_("  HTA temporal breakdown (span of each GPU's device events):\n"));
  for (guint i = 0; i < temporal->len; i++)
    {
      const AiperfTraceTemporal *t = &g_array_index (temporal, AiperfTraceTemporal, i);

      g_string_append_printf (s, _("  %s: idle %.3f ms (%.2f%%), compute %.3f ms (%.2f%%), non-compute %.3f ms "
                                   "(%.2f%%) of %.3f ms\n"),
                              t->gpu, t->idle_us / 1e3, share (t->idle_us, t->kernel_time_us), t->compute_us / 1e3,
                              share (t->compute_us, t->kernel_time_us), t->non_compute_us / 1e3,
                              share (t->non_compute_us, t->kernel_time_us), t->kernel_time_us / 1e3);
    }
  if (temporal->len > 1)
    {
      guint slowest = aiperf_trace_slowest_gpu (temporal);
      const AiperfTraceTemporal *t = &g_array_index (temporal, AiperfTraceTemporal, slowest);
      double median = median_of_others (temporal, slowest);

      g_string_append_printf (s, _("  Slowest rank: %s, computing %.3f ms, %.1f%% more than the median of the "
                                   "other %u (%.3f ms)\n"),
                              t->gpu, t->compute_us / 1e3, median > 0 ? 100.0 * (t->compute_us - median) / median : 0.0,
                              temporal->len - 1, median / 1e3);
    }
  g_string_append (s, _("  Idle time per stream (HTA's idle time breakdown):\n"));
  for (guint i = 0; splits != NULL && i < splits->len; i++)
    {
      const AiperfTraceIdleSplit *split = &g_array_index (splits, AiperfTraceIdleSplit, i);
      gint64 total = split->host_wait_us + split->kernel_wait_us + split->other_us;

      g_string_append_printf (s, _("  %s: idle %.3f ms — host wait %.3f ms (%.1f%%), kernel wait %.3f ms (%.1f%%), "
                                   "other %.3f ms (%.1f%%)\n"),
                              split->stream, total / 1e3, split->host_wait_us / 1e3, share (split->host_wait_us, total),
                              split->kernel_wait_us / 1e3, share (split->kernel_wait_us, total), split->other_us / 1e3,
                              share (split->other_us, total));
    }
  return g_string_free (s, FALSE);
}
