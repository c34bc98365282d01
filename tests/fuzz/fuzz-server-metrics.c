/* fuzz-server-metrics.c — libFuzzer target: server_metrics_export.json, and
 * the quantiles the plots estimate from its histograms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include "aiperf-artifacts.h"
#include "aiperf-server-metrics.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *path = aiperf_fuzz_write_file (AIPERF_FILE_SERVER_METRICS_JSON, data, size);
  g_autoptr(GError) error = NULL;
  AiperfServerMetrics *metrics = aiperf_server_metrics_load (path, &error);
  g_autoptr(GPtrArray) names = NULL;

  if (metrics == NULL)
    return 0;
  names = aiperf_server_metrics_list (metrics);
  for (guint i = 0; i < names->len; i++)
    {
      const AiperfServerMetric *metric = aiperf_server_metrics_lookup (metrics, names->pdata[i]);
      g_autofree char *display = aiperf_server_metric_display_name (metric->name);
      g_auto(GStrv) labels = aiperf_server_series_legend_labels (metric->series);

      g_assert (g_strv_length (labels) == metric->series->len);
      aiperf_fuzz_check_text ("metric name", metric->name);
      aiperf_fuzz_check_text ("display name", display);
      aiperf_fuzz_check_text ("description", metric->description);
      aiperf_fuzz_check_text ("unit", metric->unit);
      for (guint s = 0; s < metric->series->len; s++)
        aiperf_fuzz_check_text ("legend label", labels[s]);

      for (guint s = 0; s < metric->series->len; s++)
        {
          const AiperfServerSeries *series = g_ptr_array_index (metric->series, s);

          if (series->buckets != NULL)
            aiperf_histogram_quantile (0.99, (const AiperfServerBucket *) (void *) series->buckets->data,
                                       series->buckets->len);
          for (guint k = 0; k < series->slices->len; k++)
            {
              const AiperfServerSlice *slice = &g_array_index (series->slices, AiperfServerSlice, k);

              if (slice->buckets != NULL)
                aiperf_histogram_quantile (0.5, (const AiperfServerBucket *) (void *) slice->buckets->data,
                                           slice->buckets->len);
            }
        }
    }
  aiperf_server_metrics_unref (metrics);
  return 0;
}
