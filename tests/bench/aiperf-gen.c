/* aiperf-gen.c — writes large AIPerf-shaped runs and sweeps for benchmarks.
 *
 * aiperf-gen [--runs N] [--requests N] [--icl | --no-icl] [--icl-length N]
 *            [--precise] [--concurrency N] [--seed N] --out DIR
 *
 * A single run is written into DIR itself; a sweep (--runs > 1) into folders
 * DIR/<model>-openai-chat-concurrency<C> (C = 1, 2, 4, … up to 12 runs, else
 * 1, 2, 3, …). Each run holds
 * profile_export_aiperf.json (flat top-level metrics, Nov 2025 layout),
 * profile_export.jsonl (Nov 2025 metadata, spaced separators like the
 * upstream fixtures) and gpu_telemetry_export.jsonl (dcgm_url variant,
 * 2 GPUs at ~3 Hz).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define MODEL "Qwen/Qwen3-0.6B"

static int      n_runs = 1;
static int      n_requests = 1000;
static gboolean icl = TRUE;
static gboolean no_icl = FALSE;
static int      icl_length = 750;
static int      seed = 1;
static int      base_concurrency = 64;
static gboolean precise = FALSE;
static char    *out_dir = NULL;

/* Writes v with 2 decimals; snprintf is the bottleneck for 37M numbers. */
static void
put_ms2 (GString *s,
         double   v)
{
  gint64 t = (gint64) llround (v * 100.0);
  char buf[32];
  int n = 0;

  if (t < 0)
    {
      g_string_append_c (s, '-');
      t = -t;
    }
  buf[n++] = (char) ('0' + t % 10); t /= 10;
  buf[n++] = (char) ('0' + t % 10); t /= 10;
  buf[n++] = '.';
  do
    {
      buf[n++] = (char) ('0' + t % 10);
      t /= 10;
    }
  while (t > 0);
  while (n > 0)
    g_string_append_c (s, buf[--n]);
}

typedef struct {
  double sum, sumsq, min, max;
  guint  n;
  GArray *all;
} Acc;

static void
acc_add (Acc   *a,
         double v)
{
  if (a->n == 0 || v < a->min) a->min = v;
  if (a->n == 0 || v > a->max) a->max = v;
  a->sum += v;
  a->sumsq += v * v;
  a->n++;
  g_array_append_val (a->all, v);
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
put_stats (GString    *s,
           const char *tag,
           const char *unit,
           Acc        *a,
           gboolean    last)
{
  static const struct { const char *name; double p; } pct[] = {
    { "p1", 1 }, { "p5", 5 }, { "p10", 10 }, { "p25", 25 }, { "p50", 50 },
    { "p75", 75 }, { "p90", 90 }, { "p95", 95 }, { "p99", 99 },
  };
  double mean = a->n ? a->sum / a->n : 0;
  double *v;

  g_array_sort (a->all, cmp_double);
  v = (double *) (void *) a->all->data;
  g_string_append_printf (s, "  \"%s\": {\"unit\": \"%s\", \"avg\": %.17g", tag, unit, mean);
  for (guint i = 0; i < G_N_ELEMENTS (pct) && a->n > 0; i++)
    {
      double r = pct[i].p / 100.0 * (a->n - 1);
      guint lo = (guint) floor (r);
      double x = lo + 1 < a->n ? v[lo] + (v[lo + 1] - v[lo]) * (r - lo) : v[lo];
      g_string_append_printf (s, ", \"%s\": %.17g", pct[i].name, x);
    }
  g_string_append_printf (s, ", \"min\": %.17g, \"max\": %.17g, \"std\": %.17g}%s\n",
                          a->min, a->max, sqrt (fmax (0, a->sumsq / MAX (a->n, 1) - mean * mean)),
                          last ? "" : ",");
}

static gboolean
write_run (const char *dir,
           int         concurrency,
           GRand      *r,
           GError    **error)
{
  g_autofree char *jsonl = g_build_filename (dir, "profile_export.jsonl", NULL);
  g_autofree char *tele = g_build_filename (dir, "gpu_telemetry_export.jsonl", NULL);
  g_autofree char *summary = g_build_filename (dir, "profile_export_aiperf.json", NULL);
  g_autoptr(GString) line = g_string_sized_new (16384);
  g_autoptr(GString) s = g_string_new (NULL);
  Acc ttft = { 0 }, lat = { 0 }, osl_acc = { 0 }, tput = { 0 };
  gint64 t0 = G_GINT64_CONSTANT (1762551534797067827), t_end = t0;
  gint64 *slot_free = g_new0 (gint64, concurrency);
  FILE *f;

  ttft.all = g_array_new (FALSE, FALSE, sizeof (double));
  lat.all = g_array_new (FALSE, FALSE, sizeof (double));
  osl_acc.all = g_array_new (FALSE, FALSE, sizeof (double));
  tput.all = g_array_new (FALSE, FALSE, sizeof (double));
  for (int i = 0; i < concurrency; i++)
    slot_free[i] = t0;

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", dir, g_strerror (errno));
      return FALSE;
    }
  f = fopen (jsonl, "w");
  if (f == NULL)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", jsonl, g_strerror (errno));
      return FALSE;
    }
  setvbuf (f, NULL, _IOFBF, 1 << 20);
  for (int i = 0; i < n_requests; i++)
    {
      int slot = i % concurrency;
      gint64 start = slot_free[slot] + g_rand_int_range (r, 100000, 2000000);
      double t_first = 25.0 + 3.0 * concurrency + g_rand_double_range (r, 0, 10);
      int n_chunks = icl ? MAX (1, icl_length + g_rand_int_range (r, -50, 51)) : 0;
      double gen_ms = 0;
      gint64 end;
      int osl = icl ? n_chunks + 1 : 200 + g_rand_int_range (r, -20, 21);
      double base = 15.0 + concurrency * 0.5;

      g_string_truncate (line, 0);
      if (icl)
        {
          g_string_append (line, "\"inter_chunk_latency\": {\"value\": [");
          for (int k = 0; k < n_chunks; k++)
            {
              double v = base + g_rand_double_range (r, 0, 4);

              if (k > 0)
                g_string_append (line, ", ");
              /* --precise: Python's repr of ns/1e6, up to 17 digits, as aiperf writes */
              if (precise)
                {
                  char buf[G_ASCII_DTOSTR_BUF_SIZE];
                  v = (double) (gint64) (v * 1e6) / 1e6;
                  g_string_append (line, g_ascii_dtostr (buf, sizeof buf, v));
                }
              else
                {
                  v = round (v * 100) / 100;
                  put_ms2 (line, v);
                }
              gen_ms += v;
            }
          g_string_append (line, "], \"unit\": \"ms\"}, ");
        }
      else
        gen_ms = (osl - 1) * (base + 2);
      end = start + (gint64) ((t_first + gen_ms) * 1e6);
      slot_free[slot] = end;
      t_end = MAX (t_end, end);
      acc_add (&ttft, t_first);
      acc_add (&lat, t_first + gen_ms);
      acc_add (&osl_acc, osl);
      acc_add (&tput, (osl - 1) / (gen_ms / 1000.0));

      fprintf (f, "{\"metadata\": {\"session_num\": %d, \"x_request_id\": \"%08x-0000-4000-8000-%012x\", "
               "\"x_correlation_id\": \"%08x-1111-4000-8000-%012x\", \"conversation_id\": null, "
               "\"turn_index\": 0, \"request_start_ns\": %" G_GINT64_FORMAT ", \"request_ack_ns\": %"
               G_GINT64_FORMAT ", \"request_end_ns\": %" G_GINT64_FORMAT ", \"worker_id\": \"worker_%08x\", "
               "\"record_processor_id\": \"record_processor_%08x\", \"benchmark_phase\": \"profiling\", "
               "\"was_cancelled\": false, \"cancellation_time_ns\": null}, \"metrics\": {"
               "\"output_sequence_length\": {\"value\": %d, \"unit\": \"tokens\"}, "
               "\"input_sequence_length\": {\"value\": 100, \"unit\": \"tokens\"}, "
               "\"time_to_first_token\": {\"value\": %.17g, \"unit\": \"ms\"}, "
               "\"output_token_count\": {\"value\": %d, \"unit\": \"tokens\"}, "
               "\"request_latency\": {\"value\": %.17g, \"unit\": \"ms\"}, %s"
               "\"inter_token_latency\": {\"value\": %.17g, \"unit\": \"ms\"}, "
               "\"output_token_throughput_per_user\": {\"value\": %.17g, \"unit\": \"tokens/sec/user\"}}, "
               "\"error\": null}\n",
               i, (unsigned) i, (unsigned) g_rand_int (r), (unsigned) i, (unsigned) g_rand_int (r),
               start, start + 10000000, end, (unsigned) slot, (unsigned) (slot % 4),
               osl, t_first, osl, t_first + gen_ms, line->str,
               gen_ms / MAX (osl - 1, 1), (osl - 1) / (gen_ms / 1000.0));
    }
  fclose (f);

  /* telemetry: 2 GPUs, one DCGM endpoint, every 333 ms */
  f = fopen (tele, "w");
  if (f == NULL)
    return FALSE;
  for (gint64 t = t0; t <= t_end; t += 333000000)
    for (int g = 0; g < 2; g++)
      fprintf (f, "{\"timestamp_ns\": %" G_GINT64_FORMAT ", \"dcgm_url\": \"http://localhost:9400/metrics\", "
               "\"gpu_index\": %d, \"gpu_uuid\": \"GPU-0000000%d-f8e2-cef9-036e-8f12d59b5ffc\", "
               "\"gpu_model_name\": \"NVIDIA H100 80GB HBM3\", \"pci_bus_id\": \"00000000:0%d:00.0\", "
               "\"device\": \"nvidia%d\", \"hostname\": \"bench-node\", \"telemetry_data\": {"
               "\"gpu_power_usage\": %.3f, \"energy_consumption\": %.6f, \"gpu_utilization\": %.1f, "
               "\"gpu_memory_used\": 61.2, \"gpu_temperature\": %.1f, \"xid_errors\": 0.0, "
               "\"power_violation\": 0.0}}\n",
               t + g * 1000000, g, g, g + 1, g, 300 + g_rand_double_range (r, 0, 300),
               (t - t0) / 1e9 * 0.0005, g_rand_double_range (r, 60, 100), 50 + g_rand_double_range (r, 0, 20));
  fclose (f);

  g_string_append (s, "{\n");
  put_stats (s, "time_to_first_token", "ms", &ttft, FALSE);
  put_stats (s, "request_latency", "ms", &lat, FALSE);
  put_stats (s, "output_sequence_length", "tokens", &osl_acc, FALSE);
  put_stats (s, "output_token_throughput_per_user", "tokens/sec/user", &tput, FALSE);
  g_string_append_printf (s, "  \"request_throughput\": {\"unit\": \"requests/sec\", \"avg\": %.17g},\n",
                          n_requests / ((t_end - t0) / 1e9));
  g_string_append_printf (s, "  \"output_token_throughput\": {\"unit\": \"tokens/sec\", \"avg\": %.17g},\n",
                          osl_acc.sum / ((t_end - t0) / 1e9));
  g_string_append_printf (s, "  \"request_count\": {\"unit\": \"requests\", \"avg\": %d},\n", n_requests);
  g_string_append_printf (s, "  \"input_config\": {\"endpoint\": {\"model_names\": [\"%s\"], \"type\": \"chat\", "
                          "\"streaming\": true}, \"loadgen\": {\"concurrency\": %d, \"request_count\": %d}, "
                          "\"output\": {\"artifact_directory\": \"%s\"}},\n",
                          MODEL, concurrency, n_requests, dir);
  g_string_append (s, "  \"was_cancelled\": false,\n  \"error_summary\": [],\n"
                   "  \"start_time\": \"2025-11-07T13:38:54.793124\",\n"
                   "  \"end_time\": \"2025-11-07T13:48:54.793124\"\n}\n");
  g_array_unref (ttft.all);
  g_array_unref (lat.all);
  g_array_unref (osl_acc.all);
  g_array_unref (tput.all);
  g_free (slot_free);
  return g_file_set_contents (summary, s->str, (gssize) s->len, error);
}

int
main (int argc, char **argv)
{
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &n_runs, "Runs in the sweep", "N" },
    { "requests", 0, 0, G_OPTION_ARG_INT, &n_requests, "Requests per run", "N" },
    { "icl", 0, 0, G_OPTION_ARG_NONE, &icl, "Write inter_chunk_latency lists (default)", NULL },
    { "no-icl", 0, 0, G_OPTION_ARG_NONE, &no_icl, "No inter_chunk_latency lists", NULL },
    { "icl-length", 0, 0, G_OPTION_ARG_INT, &icl_length, "Average list length (750)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "Random seed", "N" },
    { "concurrency", 0, 0, G_OPTION_ARG_INT, &base_concurrency, "Concurrency of a single run (64)", "N" },
    { "precise", 0, 0, G_OPTION_ARG_NONE, &precise, "Latencies with up to 17 digits, like aiperf", NULL },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out_dir, "Output folder", "DIR" },
    { NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new ("- write AIPerf-shaped benchmark data");
  g_autoptr(GError) error = NULL;
  GRand *r;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || out_dir == NULL
      || n_runs < 1 || n_requests < 0)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "usage: aiperf-gen --out DIR [options]");
      return 2;
    }
  if (no_icl)
    icl = FALSE;
  r = g_rand_new_with_seed ((guint32) seed);
  for (int i = 0; i < n_runs; i++)
    {
      /* powers of two for a short sweep, 1..N beyond: names stay unique */
      int c = n_runs == 1 ? MAX (base_concurrency, 1) : n_runs <= 12 ? 1 << i : i + 1;
      g_autofree char *name = g_strdup_printf ("Qwen_Qwen3-0.6B-openai-chat-concurrency%d", c);
      g_autofree char *dir = n_runs == 1 ? g_strdup (out_dir) : g_build_filename (out_dir, name, NULL);

      if (!write_run (dir, c, r, &error))
        {
          g_printerr ("%s\n", error != NULL ? error->message : "write failed");
          return 1;
        }
    }
  g_rand_free (r);
  return 0;
}
