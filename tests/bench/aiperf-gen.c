/* aiperf-gen.c — writes large AIPerf-shaped runs and sweeps for benchmarks.
 *
 * aiperf-gen [--runs N] [--requests N] [--icl | --no-icl] [--icl-length N]
 *            [--precise] [--concurrency N] [--gpus N] [--scrape-ms MS]
 *            [--timeslices N] [--seed N] --out DIR
 *
 * A single run is written into DIR itself; a sweep (--runs > 1) into folders
 * DIR/<model>-openai-chat-concurrency<C> (C = 1, 2, 4, … up to 12 runs, else
 * 1, 2, 3, …). Each run holds
 * profile_export_aiperf.json (flat top-level metrics, Nov 2025 layout),
 * profile_export.jsonl (Nov 2025 metadata, spaced separators like the
 * upstream fixtures), gpu_telemetry_export.jsonl (the upstream fixtures'
 * 15 DCGM fields, telemetry_source_url layout; --gpus GPUs, one scrape
 * every --scrape-ms) and, with --timeslices N, N time slices in
 * profile_export_aiperf_timeslices.json (every slice with the per-request
 * metrics' statistics, as aiperf writes them).
 *
 * The large single run of the benchmarks (issue 8): --requests 50000
 * --gpus 4 --scrape-ms 350 --timeslices 16000 gives a 307 MB JSONL with
 * inter-chunk lists, a 245 MB telemetry file and 16 000 slices.
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
static int      n_gpus = 2;
static int      scrape_ms = 333;
static int      n_timeslices = 0;
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
open_failed (const char *path,
             GError    **error)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "%s: %s", path, g_strerror (errno));
  return FALSE;
}

/* One scrape per GPU every scrape_ms, one DCGM endpoint. */
static gboolean
write_telemetry (const char *path,
                 gint64      t0,
                 gint64      t_end,
                 GRand      *r,
                 GError    **error)
{
  g_autoptr(GString) line = g_string_sized_new (1024);
  FILE *f = fopen (path, "w");
  double energy = 32.6;

  if (f == NULL)
    return open_failed (path, error);
  setvbuf (f, NULL, _IOFBF, 1 << 20);
  for (gint64 t = t0; t <= t_end; t += (gint64) scrape_ms * 1000000)
    for (int g = 0; g < n_gpus; g++)
      {
        double power = 250 + g_rand_double_range (r, 0, 350);

        energy += power * scrape_ms / 1e6;
        g_string_printf (line, "{\"timestamp_ns\":%" G_GINT64_FORMAT ",\"gpu_index\":%d,"
                         "\"gpu_uuid\":\"GPU-%08x-f8e2-cef9-036e-8f12d59b5ffc\","
                         "\"gpu_model_name\":\"NVIDIA H100 80GB HBM3\",\"pci_bus_id\":\"00000000:%02x:00.0\","
                         "\"device\":\"nvidia%d\",\"hostname\":\"bench-node\",\"telemetry_data\":{"
                         "\"gpu_power_usage\":%.3f,\"energy_consumption\":%.8f,\"gpu_utilization\":%.1f,"
                         "\"gpu_memory_used\":%.15g,\"sm_clock_frequency\":%.1f,\"memory_clock_frequency\":2619.0,"
                         "\"memory_temperature\":%.1f,\"gpu_temperature\":%.1f,\"memory_copy_utilization\":%.1f,"
                         "\"xid_errors\":0.0,\"power_violation\":%.1f,\"thermal_violation\":0.0,"
                         "\"power_management_limit\":700.0,\"gpu_memory_free\":%.15g,"
                         "\"gpu_memory_total\":85.520809984},\"telemetry_source_url\":\"http://localhost:9400/metrics\"}\n",
                         t + g * 1000000, g, (unsigned) g, g + 1, g, power, energy,
                         g_rand_double_range (r, 60, 100), 61.2 + g_rand_double_range (r, 0, 1),
                         1980.0 - g_rand_int_range (r, 0, 200), 40 + g_rand_double_range (r, 0, 10),
                         50 + g_rand_double_range (r, 0, 20), g_rand_double_range (r, 0, 40),
                         (double) g_rand_int_range (r, 0, 1000000) * 1000, 24.3 - g_rand_double_range (r, 0, 1));
        fwrite (line->str, 1, line->len, f);
      }
  return fclose (f) == 0 || open_failed (path, error);
}

static void
put_slice_stats (GString    *s,
                 const char *tag,
                 const char *unit,
                 double      centre,
                 double      spread,
                 GRand      *r,
                 gboolean    last)
{
  static const char * const pct[] = { "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99" };
  static const double z[] = { -2.33, -1.64, -1.28, -0.67, 0, 0.67, 1.28, 1.64, 2.33 };
  double avg = centre * (1 + g_rand_double_range (r, -0.05, 0.05));
  double std = spread * (1 + g_rand_double_range (r, -0.2, 0.2));

  g_string_append_printf (s, "      \"%s\": {\n        \"unit\": \"%s\",\n        \"avg\": %.6f,\n"
                          "        \"std\": %.6f,\n        \"min\": %.6f,\n        \"max\": %.6f",
                          tag, unit, avg, std, avg - 2.6 * std, avg + 2.6 * std);
  for (guint i = 0; i < G_N_ELEMENTS (pct); i++)
    g_string_append_printf (s, ",\n        \"%s\": %.6f", pct[i], avg + z[i] * std);
  g_string_append_printf (s, "\n      }%s\n", last ? "" : ",");
}

/* n_timeslices slices of equal length over the run. */
static gboolean
write_timeslices (const char *dir,
                  gint64      t0,
                  gint64      t_end,
                  int         concurrency,
                  GRand      *r,
                  GError    **error)
{
  g_autofree char *path = g_build_filename (dir, "profile_export_aiperf_timeslices.json", NULL);
  g_autoptr(GString) s = g_string_sized_new (4096);
  double slice_s = (t_end - t0) / 1e9 / n_timeslices;
  double itl = 15.0 + concurrency * 0.5 + 2;
  FILE *f = fopen (path, "w");

  if (f == NULL)
    return open_failed (path, error);
  setvbuf (f, NULL, _IOFBF, 1 << 20);
  fputs ("{\n  \"timeslices\": [\n", f);
  for (int i = 0; i < n_timeslices; i++)
    {
      double rps = concurrency / (icl_length * itl / 1000.0) * (1 + g_rand_double_range (r, -0.2, 0.2));

      g_string_printf (s, "    {\n      \"timeslice_index\": %d,\n", i);
      put_slice_stats (s, "time_to_first_token", "ms", 25.0 + 3.0 * concurrency, 3, r, FALSE);
      put_slice_stats (s, "time_to_second_token", "ms", itl, 1, r, FALSE);
      put_slice_stats (s, "inter_token_latency", "ms", itl, 0.3, r, FALSE);
      put_slice_stats (s, "inter_chunk_latency", "ms", itl, 1.2, r, FALSE);
      put_slice_stats (s, "request_latency", "ms", icl_length * itl, icl_length * 0.4, r, FALSE);
      put_slice_stats (s, "output_token_throughput_per_user", "tokens/sec/user", 1000 / itl, 2, r, FALSE);
      put_slice_stats (s, "output_sequence_length", "tokens", icl_length + 1, 29, r, FALSE);
      put_slice_stats (s, "input_sequence_length", "tokens", 100, 0, r, FALSE);
      g_string_append_printf (s, "      \"request_throughput\": {\n        \"unit\": \"requests/sec\",\n"
                              "        \"avg\": %.6f\n      },\n", rps);
      g_string_append_printf (s, "      \"output_token_throughput\": {\n        \"unit\": \"tokens/sec\",\n"
                              "        \"avg\": %.6f\n      }\n    }%s\n", rps * icl_length,
                              i + 1 < n_timeslices ? "," : "");
      fwrite (s->str, 1, s->len, f);
    }
  fprintf (f, "  ],\n  \"input_config\": {\n    \"output\": {\n      \"slice_duration\": %.6f\n    }\n  }\n}\n",
           slice_s);
  return fclose (f) == 0 || open_failed (path, error);
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

  if (!write_telemetry (tele, t0, t_end, r, error))
    return FALSE;
  if (n_timeslices > 0 && !write_timeslices (dir, t0, t_end, concurrency, r, error))
    return FALSE;

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
    { "gpus", 0, 0, G_OPTION_ARG_INT, &n_gpus, "GPUs in the telemetry (2)", "N" },
    { "scrape-ms", 0, 0, G_OPTION_ARG_INT, &scrape_ms, "Telemetry scrape interval (333 ms)", "MS" },
    { "timeslices", 0, 0, G_OPTION_ARG_INT, &n_timeslices, "Time slices to write (0: none)", "N" },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out_dir, "Output folder", "DIR" },
    { NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new ("- write AIPerf-shaped benchmark data");
  g_autoptr(GError) error = NULL;
  GRand *r;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || out_dir == NULL
      || n_runs < 1 || n_requests < 0 || n_gpus < 1 || scrape_ms < 1 || n_timeslices < 0)
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
