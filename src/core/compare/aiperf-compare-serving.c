/* aiperf-compare-serving.c — the key metrics of serving runs, measured from
 * per-request samples when the runs have them, from run-level values else.
 *
 * Latencies (TTFT, ITL, request latency) are resampled per request at
 * avg/p50/p90/p99. Throughputs are rates over the run's time: each request,
 * in completion order, brings its tokens (or 1) and the time since the
 * previous completion, so Σ tokens / Σ time over contiguous blocks is the
 * run's throughput as aiperf computes it (successful requests over the
 * benchmark's duration). Failed and cancelled requests are left out of
 * every sample and counted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "aiperf-compare-measure.h"
#include "aiperf-metric-registry.h"

typedef enum {
  SOURCE_LATENCY,   /* per-request column, four stats */
  SOURCE_RATE,      /* completions over time; tokens column or NULL for requests */
  SOURCE_SUMMARY,   /* run-level value only */
} Source;

static const struct {
  const char   *tag;
  const char   *label;
  Source        source;
  const char   *tokens;     /* SOURCE_RATE: the column counted, NULL: requests */
  const char   *unit;       /* when the runs do not say */
  AiperfBetter  better;
} metrics[] = {
  { "time_to_first_token", N_("Time to First Token"), SOURCE_LATENCY, NULL, "ms", AIPERF_BETTER_LOWER },
  { "inter_token_latency", N_("Inter Token Latency"), SOURCE_LATENCY, NULL, "ms", AIPERF_BETTER_LOWER },
  { "request_latency", N_("Request Latency"), SOURCE_LATENCY, NULL, "ms", AIPERF_BETTER_LOWER },
  { "output_token_throughput", N_("Output Token Throughput"), SOURCE_RATE, "output_sequence_length",
    "tokens/sec", AIPERF_BETTER_HIGHER },
  { "request_throughput", N_("Request Throughput"), SOURCE_RATE, NULL, "requests/sec", AIPERF_BETTER_HIGHER },
  { "goodput", N_("Goodput"), SOURCE_SUMMARY, NULL, "requests/sec", AIPERF_BETTER_HIGHER },
};

static const AiperfStat latency_stats[] = {
  AIPERF_STAT_AVG, AIPERF_STAT_P50, AIPERF_STAT_P90, AIPERF_STAT_P99,
};
static const AiperfEstimator latency_estimators[] = {
  { AIPERF_ESTIMATOR_MEAN, 0 },
  { AIPERF_ESTIMATOR_PERCENTILE, 50 },
  { AIPERF_ESTIMATOR_PERCENTILE, 90 },
  { AIPERF_ESTIMATOR_PERCENTILE, 99 },
};
static const AiperfStat rate_stats[] = { AIPERF_STAT_AVG };
static const AiperfEstimator rate_estimators[] = { { AIPERF_ESTIMATOR_RATIO, 0 } };

/* One side of one metric: storage behind an AiperfCompareSide. */
typedef struct {
  GArray *samples;    /* AiperfSampleRun */
  GArray *values;     /* double: n_runs × n_est */
  GPtrArray *arrays;  /* GArray* of double behind the samples */
  guint n_failed;
  AiperfCompareSide side;
} SideData;

static void
side_data_clear (SideData *data)
{
  g_clear_pointer (&data->samples, g_array_unref);
  g_clear_pointer (&data->values, g_array_unref);
  g_clear_pointer (&data->arrays, g_ptr_array_unref);
}

static gboolean
request_failed (const double *error_code,
                const double *cancelled,
                guint         row)
{
  return (error_code != NULL && !isnan (error_code[row])) ||
         (cancelled != NULL && cancelled[row] == 1);
}

static guint
count_failed (AiperfRun *run)
{
  AiperfTable *requests = aiperf_run_get_requests (run);
  const double *error_code, *cancelled;
  guint n = 0;

  if (requests == NULL)
    {
      gint64 errors = aiperf_run_get_error_count (run);

      return errors > 0 ? (guint) errors : 0;
    }
  error_code = aiperf_table_get_column (requests, "error_code");
  cancelled = aiperf_table_get_column (requests, "was_cancelled");
  for (guint row = 0; row < aiperf_table_get_n_rows (requests); row++)
    if (request_failed (error_code, cancelled, row))
      n++;
  return n;
}

/* Whether the JSONL holds every request the summary counts: a rate needs
 * them all (aiperf's examples ship 10 records of 64). */
static gboolean
requests_complete (AiperfRun *run)
{
  AiperfTable *requests = aiperf_run_get_requests (run);
  gint64 counted = aiperf_run_get_request_count (run);
  guint rows;

  if (requests == NULL)
    return FALSE;
  rows = aiperf_table_get_n_rows (requests);
  return counted < 0 || (gint64) (rows - MIN (rows, count_failed (run))) >= counted;
}

/* A latency column's successful, finite values in start order. */
static GArray *
latency_samples (AiperfTable *requests,
                 const char  *tag)
{
  const double *x = aiperf_table_get_column (requests, tag);
  const double *error_code = aiperf_table_get_column (requests, "error_code");
  const double *cancelled = aiperf_table_get_column (requests, "was_cancelled");
  GArray *out;

  if (x == NULL)
    return NULL;
  out = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint row = 0; row < aiperf_table_get_n_rows (requests); row++)
    if (!request_failed (error_code, cancelled, row) && isfinite (x[row]))
      g_array_append_val (out, x[row]);
  return out;
}

/* Completion-ordered (count, seconds since the previous completion). */
static gboolean
rate_samples (AiperfTable *requests,
              const char  *tokens_column,
              GArray     **out_x,
              GArray     **out_w)
{
  const double *start = aiperf_table_get_column (requests, "request_start_ns");
  const double *end = aiperf_table_get_column (requests, "request_end_ns");
  const double *tokens = tokens_column != NULL ? aiperf_table_get_column (requests, tokens_column) : NULL;
  const double *error_code = aiperf_table_get_column (requests, "error_code");
  const double *cancelled = aiperf_table_get_column (requests, "was_cancelled");
  int end_column = aiperf_table_find_column (requests, "request_end_ns");
  g_autofree guint *order = NULL;
  guint n = aiperf_table_get_n_rows (requests);
  double previous = INFINITY;

  if (start == NULL || end == NULL || end_column < 0 || (tokens_column != NULL && tokens == NULL))
    return FALSE;
  for (guint row = 0; row < n; row++)
    if (isfinite (start[row]))
      previous = MIN (previous, start[row]);
  if (!isfinite (previous))
    return FALSE;
  order = aiperf_table_sort_order (requests, (guint) end_column);
  *out_x = g_array_new (FALSE, FALSE, sizeof (double));
  *out_w = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < n; i++)
    {
      guint row = order[i];
      double x, w;

      if (!isfinite (end[row]))
        continue;
      x = request_failed (error_code, cancelled, row) ? 0
        : tokens != NULL ? (isfinite (tokens[row]) ? tokens[row] : 0) : 1;
      w = MAX (end[row] - previous, 0) / 1e9;
      previous = MAX (previous, end[row]);
      g_array_append_val (*out_x, x);
      g_array_append_val (*out_w, w);
    }
  return TRUE;
}

static void
side_data_build (SideData   *data,
                 GPtrArray  *runs,
                 guint       m,
                 guint       n_est,
                 const AiperfStat *stats)
{
  data->samples = g_array_new (FALSE, TRUE, sizeof (AiperfSampleRun));
  data->values = g_array_new (FALSE, FALSE, sizeof (double));
  data->arrays = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  data->n_failed = 0;
  for (guint r = 0; r < runs->len; r++)
    {
      AiperfRun *run = g_ptr_array_index (runs, r);
      AiperfTable *requests = aiperf_run_get_requests (run);
      AiperfSampleRun sample = { NULL, NULL, 0 };
      GArray *x = NULL, *w = NULL;

      data->n_failed += count_failed (run);
      if (requests != NULL && metrics[m].source == SOURCE_LATENCY)
        x = latency_samples (requests, metrics[m].tag);
      else if (requests != NULL && metrics[m].source == SOURCE_RATE && requests_complete (run))
        rate_samples (requests, metrics[m].tokens, &x, &w);
      if (x != NULL)
        {
          g_ptr_array_add (data->arrays, x);
          sample.x = (const double *) x->data;
          sample.n = x->len;
        }
      if (w != NULL)
        {
          g_ptr_array_add (data->arrays, w);
          sample.w = (const double *) w->data;
        }
      g_array_append_val (data->samples, sample);
      for (guint e = 0; e < n_est; e++)
        {
          double v = NAN;

          if (!aiperf_run_get_metric (run, metrics[m].tag, stats[e], &v))
            v = NAN;
          g_array_append_val (data->values, v);
        }
    }
  data->side.n_runs = runs->len;
  data->side.samples = (const AiperfSampleRun *) data->samples->data;
  data->side.values = (const double *) data->values->data;
  data->side.n_failed = data->n_failed;
}

static gboolean
any_has_metric (GPtrArray  *runs,
                const char *tag)
{
  for (guint r = 0; r < runs->len; r++)
    {
      AiperfRun *run = g_ptr_array_index (runs, r);
      AiperfTable *requests = aiperf_run_get_requests (run);

      if (aiperf_run_get_metric_stats (run, tag) != NULL ||
          (requests != NULL && aiperf_table_find_column (requests, tag) >= 0))
        return TRUE;
    }
  return FALSE;
}

static const char *
metric_unit (GPtrArray  *runs,
             guint       m)
{
  for (guint r = 0; r < runs->len; r++)
    {
      const char *unit = aiperf_run_get_metric_unit (g_ptr_array_index (runs, r), metrics[m].tag);

      if (unit != NULL && *unit != '\0')
        return unit;
    }
  return metrics[m].unit;
}

static void
load_details (AiperfComparison *comparison,
              GPtrArray        *runs,
              GCancellable     *cancellable)
{
  for (guint r = 0; r < runs->len; r++)
    {
      AiperfRun *run = g_ptr_array_index (runs, r);
      g_autoptr(GError) error = NULL;

      if (!aiperf_run_can_load_details (run) || aiperf_run_has_details (run))
        continue;
      if (!aiperf_run_load_details (run, cancellable, NULL, NULL, &error))
        g_ptr_array_add (comparison->notes,
                         g_strdup_printf (_("%s: per-request data not read: %s"),
                                          aiperf_run_get_name (run), error->message));
    }
}

static void
note_incomplete (AiperfComparison *comparison,
                 GPtrArray        *runs)
{
  for (guint r = 0; r < runs->len; r++)
    {
      AiperfRun *run = g_ptr_array_index (runs, r);
      AiperfTable *requests = aiperf_run_get_requests (run);

      if (requests != NULL && !requests_complete (run))
        g_ptr_array_add (comparison->notes,
                         g_strdup_printf (_("%s: the per-request file holds %u of the %lld"
                                            " requests the summary counts; throughputs from the summary"),
                                          aiperf_run_get_name (run), aiperf_table_get_n_rows (requests),
                                          (long long) aiperf_run_get_request_count (run)));
    }
}

static void
note_failed (AiperfComparison *comparison,
             const char       *configuration,
             GPtrArray        *runs,
             const char       *side)
{
  for (guint r = 0; r < runs->len; r++)
    {
      AiperfRun *run = g_ptr_array_index (runs, r);
      guint failed = count_failed (run);

      if (failed > 0)
        g_ptr_array_add (comparison->notes,
                         g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       "%s, %s run %s: %u failed request excluded",
                                                       "%s, %s run %s: %u failed requests excluded",
                                                       failed),
                                          configuration, side, aiperf_run_get_name (run), failed));
    }
}

void
aiperf_compare_serving (AiperfComparison *comparison,
                        const char       *configuration,
                        GPtrArray        *baseline,
                        GPtrArray        *candidate,
                        GCancellable     *cancellable)
{
  g_return_if_fail (comparison != NULL && baseline != NULL && candidate != NULL);

  load_details (comparison, baseline, cancellable);
  load_details (comparison, candidate, cancellable);
  note_incomplete (comparison, baseline);
  note_incomplete (comparison, candidate);
  note_failed (comparison, configuration, baseline, _("baseline"));
  note_failed (comparison, configuration, candidate, _("candidate"));

  for (guint m = 0; m < G_N_ELEMENTS (metrics); m++)
    {
      gboolean latency = metrics[m].source == SOURCE_LATENCY;
      const AiperfStat *stats = latency ? latency_stats : rate_stats;
      const AiperfEstimator *estimators = latency ? latency_estimators : rate_estimators;
      guint n_est = latency ? G_N_ELEMENTS (latency_stats) : 1;
      AiperfCompareRecord *records[G_N_ELEMENTS (latency_stats)];
      SideData base = { 0 }, cand = { 0 };
      const char *unit;

      if (!any_has_metric (baseline, metrics[m].tag) && !any_has_metric (candidate, metrics[m].tag))
        continue;
      unit = metric_unit (baseline, m);
      for (guint e = 0; e < n_est; e++)
        records[e] = aiperf_comparison_add_record (comparison, configuration, "serving",
                                                   metrics[m].tag, _(metrics[m].label),
                                                   aiperf_stat_to_string (stats[e]), unit,
                                                   metrics[m].better);
      side_data_build (&base, baseline, m, n_est, stats);
      side_data_build (&cand, candidate, m, n_est, stats);
      aiperf_compare_measure (comparison, records, estimators, n_est, &base.side, &cand.side);
      side_data_clear (&base);
      side_data_clear (&cand);
    }
}
