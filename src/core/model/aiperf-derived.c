/* aiperf-derived.c — metrics aiperf plot computes from the exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "aiperf-derived.h"
#include "aiperf-run-builder.h"

void
aiperf_derive_per_gpu_throughput (AiperfRun *run)
{
  const AiperfStats *tput;
  AiperfStats per_gpu;
  guint n_gpus;

  g_return_if_fail (AIPERF_IS_RUN (run));

  /* Distinct GPUs (by UUID), not endpoints × GPUs as aiperf counts them. */
  n_gpus = aiperf_run_get_gpu_count (run);
  tput = aiperf_run_get_metric_stats (run, "output_token_throughput");
  if (n_gpus == 0 || tput == NULL)
    return;
  aiperf_stats_init_nan (&per_gpu);
  for (guint s = 0; s < AIPERF_N_STATS; s++)
    if (s != AIPERF_STAT_COUNT && !isnan (tput->v[s]))
      per_gpu.v[s] = tput->v[s] / (double) n_gpus;
  per_gpu.v[AIPERF_STAT_COUNT] = tput->v[AIPERF_STAT_COUNT];
  aiperf_run_set_metric (run, "output_token_throughput_per_gpu", "tokens/sec/gpu", &per_gpu);
}

typedef struct {
  double t;       /* ns */
  double rate;    /* tokens/s added (negative: removed) */
  int    active;  /* +1 / -1 */
} Event;

static int
compare_events (const void *a,
                const void *b)
{
  const Event *x = a, *y = b;

  if (x->t != y->t)
    return x->t < y->t ? -1 : 1;
  /* At equal times, ends before starts: no spurious peak of overlap. */
  if (x->active != y->active)
    return x->active < y->active ? -1 : 1;
  return 0;
}

AiperfTable *
aiperf_derive_dispersed_throughput (const AiperfTable *requests,
                                    double             origin_ns)
{
  const double *start, *end, *ttft, *osl;
  g_autoptr(GArray) events = NULL;
  AiperfTable *out;
  guint n, c_t, c_tp, c_act;
  double tp = 0;
  int active = 0;

  g_return_val_if_fail (requests != NULL, NULL);

  start = aiperf_table_get_column (requests, "request_start_ns");
  end = aiperf_table_get_column (requests, "request_end_ns");
  ttft = aiperf_table_get_column (requests, "time_to_first_token");
  osl = aiperf_table_get_column (requests, "output_sequence_length");
  n = aiperf_table_get_n_rows (requests);
  if (start == NULL || end == NULL || osl == NULL || n == 0)
    return NULL;

  events = g_array_sized_new (FALSE, FALSE, sizeof (Event), 4 * n);
  for (guint i = 0; i < n; i++)
    {
      double gen_start, rate;

      if (isnan (start[i]) || isnan (end[i]) || !(osl[i] > 0))
        continue;
      gen_start = start[i];
      if (ttft != NULL && ttft[i] > 0)
        gen_start += ttft[i] * 1e6;
      if (!(end[i] > gen_start))
        continue;
      rate = osl[i] / ((end[i] - gen_start) / 1e9);
      g_array_append_vals (events, (Event[]) {
                             { start[i], 0, +1 }, { gen_start, rate, 0 },
                             { end[i], -rate, -1 },
                           }, 3);
    }
  if (events->len == 0)
    return NULL;
  qsort (events->data, events->len, sizeof (Event), compare_events);
  if (isnan (origin_ns))
    origin_ns = g_array_index (events, Event, 0).t;

  out = aiperf_table_new ();
  c_t = aiperf_table_ensure_column (out, "timestamp_s", "s");
  c_tp = aiperf_table_ensure_column (out, "throughput_tokens_per_sec", "tokens/sec");
  c_act = aiperf_table_ensure_column (out, "active_requests", "requests");
  for (guint i = 0; i < events->len; i++)
    {
      const Event *e = &g_array_index (events, Event, i);
      guint row = aiperf_table_append_row (out);

      tp += e->rate;
      active += e->active;
      /* Running sums drift by rounding; exact zero when nothing is active. */
      if (active == 0 || fabs (tp) < 1e-9)
        tp = active == 0 ? 0.0 : tp;
      aiperf_table_set (out, c_t, row, (e->t - origin_ns) / 1e9);
      aiperf_table_set (out, c_tp, row, tp);
      aiperf_table_set (out, c_act, row, active);
    }
  return out;
}

double
aiperf_requests_origin (const AiperfTable *requests)
{
  const double *start;
  double origin = NAN;
  guint n;

  if (requests == NULL || (start = aiperf_table_get_column (requests, "request_start_ns")) == NULL)
    return NAN;
  n = aiperf_table_get_n_rows (requests);
  /* Rows are in start order, but NaN starts may lead; take the minimum. */
  for (guint i = 0; i < n; i++)
    if (!isnan (start[i]) && (isnan (origin) || start[i] < origin))
      origin = start[i];
  return origin;
}
