/* gen-ab.h — baseline/candidate serving runs with a known true effect, for
 * proving the comparison: the tests (test-compare-detect, test-cli-compare)
 * and the benchmark (bench-compare) generate them here.
 *
 * A run is @n_requests requests served by @concurrency workers back to
 * back. Each request's TTFT and ITL are lognormal around 30 ms and 18 ms
 * times:
 *   - warm-up: the first requests slower, 1 + warmup·e^(−i/15);
 *   - drift: a slow trend over the run, 1 + drift·i/n;
 *   - queueing: AR(1) noise on the log scale (φ @ar), so neighbours are alike;
 *   - the run's own level: lognormal with σ @run_sd, drawn per run;
 *   - the candidate's true effect: every latency × (1 + @effect).
 * Request latency = TTFT + 199 × ITL (200 output tokens); failed requests
 * (every @fail_every-th, when set) carry an error and no metrics. With
 * effect 0 both sides come from the same distribution.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  guint   n_requests;
  guint   concurrency;
  double  effect;      /* candidate latencies × (1 + effect) */
  double  warmup;      /* extra factor of the first requests */
  double  drift;       /* trend over a run */
  double  ar;          /* AR(1) coefficient on the log scale */
  double  noise;       /* per-request σ of log TTFT (ITL gets a third) */
  double  run_sd;      /* σ of a run's own log level */
  guint   fail_every;  /* 0: no failed requests */
  guint64 seed;
} GenAbParams;

typedef struct {
  GArray *ttft, *itl, *latency;   /* double ms, successful requests in start order */
  GArray *start_ns, *end_ns;      /* gint64, every request */
  GArray *failed;                 /* gboolean, every request */
  guint   n_failed;
} GenAbRun;

static inline void
gen_ab_params_init (GenAbParams *p)
{
  *p = (GenAbParams) { .n_requests = 1000, .concurrency = 4, .effect = 0, .warmup = 0.3,
                       .drift = 0.03, .ar = 0.5, .noise = 0.15, .run_sd = 0.005,
                       .fail_every = 0, .seed = 1 };
}

static inline double
gen_ab_normal (GRand *rand)
{
  double u1 = g_rand_double_range (rand, 1e-12, 1), u2 = g_rand_double (rand);

  return sqrt (-2 * log (u1)) * cos (2 * G_PI * u2);
}

static inline void
gen_ab_run_clear (GenAbRun *run)
{
  g_clear_pointer (&run->ttft, g_array_unref);
  g_clear_pointer (&run->itl, g_array_unref);
  g_clear_pointer (&run->latency, g_array_unref);
  g_clear_pointer (&run->start_ns, g_array_unref);
  g_clear_pointer (&run->end_ns, g_array_unref);
  g_clear_pointer (&run->failed, g_array_unref);
}

/* Run @index of the baseline (@candidate FALSE) or the candidate. */
static inline void
gen_ab_run (const GenAbParams *p,
            gboolean           candidate,
            guint              index,
            GenAbRun          *out)
{
  guint32 words[3] = { (guint32) p->seed, (guint32) (p->seed >> 32), index * 2 + (candidate ? 1 : 0) };
  g_autoptr(GRand) rand = g_rand_new_with_seed_array (words, 3);
  g_autofree gint64 *free_at = g_new0 (gint64, MAX (p->concurrency, 1));
  double level = exp (p->run_sd * gen_ab_normal (rand)) * (candidate ? 1 + p->effect : 1);
  double e = 0;
  gint64 t0 = G_GINT64_CONSTANT (1762551534000000000);

  out->ttft = g_array_new (FALSE, FALSE, sizeof (double));
  out->itl = g_array_new (FALSE, FALSE, sizeof (double));
  out->latency = g_array_new (FALSE, FALSE, sizeof (double));
  out->start_ns = g_array_new (FALSE, FALSE, sizeof (gint64));
  out->end_ns = g_array_new (FALSE, FALSE, sizeof (gint64));
  out->failed = g_array_new (FALSE, FALSE, sizeof (gboolean));
  out->n_failed = 0;
  for (guint c = 0; c < MAX (p->concurrency, 1); c++)
    free_at[c] = t0;
  for (guint i = 0; i < p->n_requests; i++)
    {
      guint slot = 0;
      double shape = (1 + p->warmup * exp (-(double) i / 15)) * (1 + p->drift * i / p->n_requests) * level;
      double ttft, itl, latency;
      gboolean failed = p->fail_every > 0 && i % p->fail_every == p->fail_every - 1;
      gint64 start, end;

      e = p->ar * e + sqrt (1 - p->ar * p->ar) * gen_ab_normal (rand);
      ttft = 30 * shape * exp (p->noise * e);
      itl = 18 * shape * exp (p->noise / 3 * (0.5 * e + 0.5 * gen_ab_normal (rand)));
      latency = ttft + 199 * itl;
      for (guint c = 1; c < MAX (p->concurrency, 1); c++)
        if (free_at[c] < free_at[slot])
          slot = c;
      start = free_at[slot];
      end = start + (gint64) ((failed ? 5 : latency) * 1e6);
      free_at[slot] = end;
      g_array_append_val (out->start_ns, start);
      g_array_append_val (out->end_ns, end);
      g_array_append_val (out->failed, failed);
      if (failed)
        {
          out->n_failed++;
          continue;
        }
      g_array_append_val (out->ttft, ttft);
      g_array_append_val (out->itl, itl);
      g_array_append_val (out->latency, latency);
    }
}

static inline int
gen_ab_compare_doubles (const void *a,
                        const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static inline double
gen_ab_percentile (const double *sorted,
                   guint         n,
                   double        pct)
{
  double rank = pct / 100 * (n - 1);
  guint k = (guint) floor (rank);

  return k + 1 >= n ? sorted[n - 1] : sorted[k] + (sorted[k + 1] - sorted[k]) * (rank - k);
}

static inline void
gen_ab_put_stats (GString    *s,
                  const char *tag,
                  GArray     *values)
{
  guint n = values->len;
  g_autofree double *sorted = g_memdup2 (values->data, n * sizeof (double));
  double sum = 0, ss = 0, mean;

  qsort (sorted, n, sizeof (double), gen_ab_compare_doubles);
  for (guint i = 0; i < n; i++)
    sum += sorted[i];
  mean = sum / n;
  for (guint i = 0; i < n; i++)
    ss += (sorted[i] - mean) * (sorted[i] - mean);
  g_string_append_printf (s, "  \"%s\": {\"unit\": \"ms\", \"avg\": %.17g, \"min\": %.17g, \"max\": %.17g, "
                          "\"p50\": %.17g, \"p90\": %.17g, \"p95\": %.17g, \"p99\": %.17g, \"std\": %.17g},\n",
                          tag, mean, sorted[0], sorted[n - 1], gen_ab_percentile (sorted, n, 50),
                          gen_ab_percentile (sorted, n, 90), gen_ab_percentile (sorted, n, 95),
                          gen_ab_percentile (sorted, n, 99), sqrt (ss / (n - 1)));
}

/* Writes @run as an AIPerf artifact folder @dir (profile_export_aiperf.json
 * and profile_export.jsonl); @start_time ISO-8601. */
static inline gboolean
gen_ab_write_run (const GenAbRun *run,
                  const char     *dir,
                  guint           concurrency,
                  const char     *start_time,
                  const char     *version,
                  GError        **error)
{
  g_autofree char *jsonl_path = g_build_filename (dir, "profile_export.jsonl", NULL);
  g_autofree char *summary_path = g_build_filename (dir, "profile_export_aiperf.json", NULL);
  g_autoptr(GString) lines = g_string_new (NULL);
  g_autoptr(GString) s = g_string_new ("{\n");
  gint64 first = G_MAXINT64, last = 0;
  guint ok = 0, n_ok = run->ttft->len;

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot create %s", dir);
      return FALSE;
    }
  for (guint i = 0; i < run->start_ns->len; i++)
    {
      gint64 start = g_array_index (run->start_ns, gint64, i), end = g_array_index (run->end_ns, gint64, i);

      first = MIN (first, start);
      last = MAX (last, end);
      g_string_append_printf (lines, "{\"metadata\": {\"session_num\": %u, \"request_start_ns\": %" G_GINT64_FORMAT
                              ", \"request_end_ns\": %" G_GINT64_FORMAT ", \"benchmark_phase\": \"profiling\", "
                              "\"was_cancelled\": false}, ", i, start, end);
      if (g_array_index (run->failed, gboolean, i))
        g_string_append (lines, "\"metrics\": {}, \"error\": {\"code\": 500, \"type\": \"ServerError\", "
                                "\"message\": \"generated failure\"}}\n");
      else
        {
          g_string_append_printf (lines, "\"metrics\": {\"output_sequence_length\": {\"value\": 200, \"unit\": \"tokens\"}, "
                                  "\"time_to_first_token\": {\"value\": %.17g, \"unit\": \"ms\"}, "
                                  "\"inter_token_latency\": {\"value\": %.17g, \"unit\": \"ms\"}, "
                                  "\"request_latency\": {\"value\": %.17g, \"unit\": \"ms\"}}, \"error\": null}\n",
                                  g_array_index (run->ttft, double, ok), g_array_index (run->itl, double, ok),
                                  g_array_index (run->latency, double, ok));
          ok++;
        }
    }
  gen_ab_put_stats (s, "time_to_first_token", run->ttft);
  gen_ab_put_stats (s, "inter_token_latency", run->itl);
  gen_ab_put_stats (s, "request_latency", run->latency);
  g_string_append_printf (s, "  \"request_throughput\": {\"unit\": \"requests/sec\", \"avg\": %.17g},\n",
                          n_ok / ((last - first) / 1e9));
  g_string_append_printf (s, "  \"output_token_throughput\": {\"unit\": \"tokens/sec\", \"avg\": %.17g},\n",
                          200.0 * n_ok / ((last - first) / 1e9));
  g_string_append_printf (s, "  \"request_count\": {\"unit\": \"requests\", \"avg\": %u},\n", n_ok);
  g_string_append_printf (s, "  \"error_request_count\": {\"unit\": \"requests\", \"avg\": %u},\n", run->n_failed);
  g_string_append_printf (s, "  \"input_config\": {\"endpoint\": {\"model_names\": [\"gen/ab-model\"], \"type\": \"chat\", "
                          "\"streaming\": true}, \"loadgen\": {\"concurrency\": %u}},\n", concurrency);
  if (version != NULL)
    g_string_append_printf (s, "  \"aiperf_version\": \"%s\",\n", version);
  g_string_append_printf (s, "  \"was_cancelled\": false,\n  \"start_time\": \"%s\"\n}\n", start_time);
  return g_file_set_contents (jsonl_path, lines->str, (gssize) lines->len, error) &&
         g_file_set_contents (summary_path, s->str, (gssize) s->len, error);
}
