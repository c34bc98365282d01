/* aiperf-server-metrics.h — Prometheus metrics scraped from the inference
 * server during a run (server_metrics_export.json).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define AIPERF_FILE_SERVER_METRICS_JSON "server_metrics_export.json"

typedef enum {
  AIPERF_SERVER_METRIC_UNKNOWN,
  AIPERF_SERVER_METRIC_GAUGE,
  AIPERF_SERVER_METRIC_COUNTER,
  AIPERF_SERVER_METRIC_HISTOGRAM,
} AiperfServerMetricType;

/* One Prometheus bucket: observations <= le, cumulative as Prometheus
 * exports them (counted over the run, or over one time slice). */
typedef struct {
  double le;      /* +INFINITY for "+Inf" */
  double count;
} AiperfServerBucket;

/* One time slice of one series. Fields the metric type does not have are NaN. */
typedef struct {
  gint64  start_ns;
  gint64  end_ns;
  gboolean complete;     /* FALSE when the export says is_complete: false */
  double  avg, min, max; /* gauge; avg also for histograms (sum / count) */
  double  total, rate;   /* counter: increase in the slice, and per second */
  double  count, sum;    /* histogram */
  GArray *buckets;       /* histogram: AiperfServerBucket sorted by le, or NULL */
} AiperfServerSlice;

/* One endpoint + label set of a metric. */
typedef struct {
  char       *endpoint_url;
  GHashTable *labels;      /* char* → char*; never NULL */
  GHashTable *stats;       /* stat name ("avg", "rate", "p99_estimate") → double*; never NULL */
  GArray     *buckets;     /* run-wide AiperfServerBucket sorted by le, or NULL */
  GArray     *slices;      /* AiperfServerSlice, in time order; never NULL */
} AiperfServerSeries;

typedef struct {
  char                   *name;        /* "vllm:kv_cache_usage_perc" */
  AiperfServerMetricType  type;
  char                   *description;
  char                   *unit;        /* as the file says, or NULL */
  GPtrArray              *series;      /* AiperfServerSeries* */
} AiperfServerMetric;

typedef struct _AiperfServerMetrics AiperfServerMetrics;

AiperfServerMetrics *aiperf_server_metrics_new        (void);
#define AIPERF_TYPE_SERVER_METRICS (aiperf_server_metrics_get_type ())
GType                aiperf_server_metrics_get_type   (void) G_GNUC_CONST;
AiperfServerMetrics *aiperf_server_metrics_ref        (AiperfServerMetrics *self);
void                 aiperf_server_metrics_unref      (AiperfServerMetrics *self);

/* Sorted metric names. Free the array with g_ptr_array_unref. */
GPtrArray           *aiperf_server_metrics_list       (AiperfServerMetrics *self);
guint                aiperf_server_metrics_get_n_metrics (AiperfServerMetrics *self);
const AiperfServerMetric *aiperf_server_metrics_lookup (AiperfServerMetrics *self,
                                                       const char          *name);
/* Takes ownership of @metric; replaces one of the same name. */
void                 aiperf_server_metrics_add        (AiperfServerMetrics *self,
                                                       AiperfServerMetric  *metric);
/* Entries skipped while loading (wrong types, missing fields). */
guint                aiperf_server_metrics_get_n_skipped (AiperfServerMetrics *self);
void                 aiperf_server_metrics_add_skipped (AiperfServerMetrics *self,
                                                        guint                n);

AiperfServerMetric  *aiperf_server_metric_new         (const char          *name,
                                                       AiperfServerMetricType type);
void                 aiperf_server_metric_free        (AiperfServerMetric  *metric);
AiperfServerSeries  *aiperf_server_series_new         (const char          *endpoint_url);
void                 aiperf_server_series_free        (AiperfServerSeries  *series);
/* A run-wide stat ("avg", "rate"), NaN when absent. */
double               aiperf_server_series_get_stat    (const AiperfServerSeries *series,
                                                       const char          *stat);

const char          *aiperf_server_metric_type_to_string (AiperfServerMetricType type);
AiperfServerMetricType aiperf_server_metric_type_from_string (const char   *text);

/* Prometheus histogram_quantile(): the @q (0..1) quantile of cumulative
 * @buckets (sorted by le, the last one +Inf), interpolating linearly inside
 * the bucket that holds the rank; the lowest bucket starts at 0 when its
 * bound is positive, and a rank in +Inf gives the highest finite bound.
 * NaN when there are no observations. */
double               aiperf_histogram_quantile        (double               q,
                                                       const AiperfServerBucket *buckets,
                                                       guint                n_buckets);

/* "vllm:kv_cache_usage_perc" → "vLLM: KV Cache Usage". Free with g_free. */
char                *aiperf_server_metric_display_name (const char         *name);

/* A preset's metric spec: "name", "name[endpoint]", "name{k=v,...}",
 * "name[endpoint]{k=v}", quotes around values optional. FALSE when the
 * brackets do not close. @out_labels (char* → char*) is NULL without {}. */
gboolean             aiperf_server_metric_spec_parse  (const char          *spec,
                                                       char               **out_name,
                                                       char               **out_endpoint,
                                                       GHashTable         **out_labels);
/* TRUE for names the reference's heuristic takes for server metrics
 * ("vllm:…", "vllm_…", "…_total", "…_seconds"). */
gboolean             aiperf_server_metric_name_looks_like (const char      *name);
/* The series of @metric that a spec's endpoint/labels select (NULL = any),
 * appended to @out (transfer none). */
void                 aiperf_server_metric_select       (const AiperfServerMetric *metric,
                                                        const char          *endpoint,
                                                        GHashTable          *labels,
                                                        GPtrArray           *out);
/* Short legend labels for @series (AiperfServerSeries*): endpoint and
 * label parts common to all series dropped. Free with g_strfreev. */
char               **aiperf_server_series_legend_labels (GPtrArray          *series);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfServerMetrics, aiperf_server_metrics_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfServerMetric, aiperf_server_metric_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AiperfServerSeries, aiperf_server_series_free)

G_END_DECLS
