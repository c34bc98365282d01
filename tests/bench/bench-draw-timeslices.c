/* bench-draw-timeslices.c — times the drawing of a timeslice chart with
 * thousands of categorical slices (markers, ±std error bars, outliers).
 *
 * Usage: bench-draw-timeslices [N_SLICES]. The chart comes from the real
 * timeslice handler (timeslices_itl and timeslices_ttft presets), drawn at
 * the exporters' 2400x1200 and scale 1.5; a third case gives every slice
 * its own category tick, the worst case for tick labels. Target (reported,
 * not asserted): each draw < 50 ms, whatever the number of slices, since
 * a chart should never cost more than its pixels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-plot.h"
#include "aiperf-presets.h"
#include "aiperf-run-builder.h"
#include "aiperf-renderer.h"

#ifndef REPEAT
#define REPEAT 5
#endif

/* A long run: ITL around 14.27 ms drifting slowly, TTFT with spikes. */
static AiperfRun *
make_run (guint n)
{
  AiperfRun *run = aiperf_run_new ("/bench/slices");
  AiperfTimeslices *ts = aiperf_timeslices_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (16000);
  AiperfStats stats;

  aiperf_timeslices_set_slice_duration (ts, 1.0);
  aiperf_timeslices_set_full_precision (ts, TRUE);
  for (guint i = 0; i < n; i++)
    {
      aiperf_stats_init_nan (&stats);
      stats.v[AIPERF_STAT_AVG] = 14.27 + 0.1 * sin (i / 500.0) + g_rand_double_range (rand, -0.05, 0.05);
      stats.v[AIPERF_STAT_STD] = 0.08 + g_rand_double_range (rand, 0, 0.04);
      aiperf_timeslices_set_stats (ts, "inter_token_latency", "ms", i, &stats);
      aiperf_stats_init_nan (&stats);
      stats.v[AIPERF_STAT_AVG] = 50 + g_rand_double_range (rand, -8, 8) +
                                 (g_rand_int_range (rand, 0, 200) == 0 ? 60 : 0);
      stats.v[AIPERF_STAT_STD] = 5 + g_rand_double_range (rand, 0, 3);
      aiperf_timeslices_set_stats (ts, "time_to_first_token", "ms", i, &stats);
    }
  aiperf_run_set_timeslices (run, ts);
  aiperf_timeslices_unref (ts);
  aiperf_stats_init_nan (&stats);
  stats.v[AIPERF_STAT_AVG] = 14.27;
  stats.v[AIPERF_STAT_STD] = 0.09597;
  aiperf_run_set_metric (run, "inter_token_latency", "ms", &stats);
  aiperf_stats_init_nan (&stats);
  stats.v[AIPERF_STAT_AVG] = 50.3;
  stats.v[AIPERF_STAT_STD] = 6.1;
  aiperf_run_set_metric (run, "time_to_first_token", "ms", &stats);
  return run;
}

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* CPU time too: the machine is shared, and wall time alone is noisy. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Median wall time of REPEAT draws at 2400x1200, scale 1.5 (and CPU time
 * in @out_cpu). */
static double
time_draw (AiperfRenderer    *renderer,
           const AiperfChart *chart,
           guint64           *out_primitives,
           double            *out_cpu)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2400, 1200);
  double times[REPEAT], cpu[REPEAT];
  AiperfStyle style;

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  style.scale = 1.5;
  for (int r = 0; r < REPEAT; r++)
    {
      cairo_t *cr = cairo_create (surface);
      double t0 = now_ms (), c0 = cpu_ms ();

      aiperf_renderer_draw (renderer, cr, chart, NULL, &style, 2400, 1200);
      cairo_surface_flush (surface);
      times[r] = now_ms () - t0;
      cpu[r] = cpu_ms () - c0;
      cairo_destroy (cr);
    }
  *out_primitives = aiperf_renderer_get_primitive_count (renderer);
  /* AIPERF_BENCH_OUT=DIR keeps the last image of each case for a look */
  if (g_getenv ("AIPERF_BENCH_OUT") != NULL)
    {
      static int counter = 0;
      g_autofree char *name = g_strdup_printf ("bench-timeslices-%d.png", counter++);
      g_autofree char *path = g_build_filename (g_getenv ("AIPERF_BENCH_OUT"), name, NULL);

      cairo_surface_write_to_png (surface, path);
    }
  aiperf_style_clear (&style);
  cairo_surface_destroy (surface);
  qsort (times, REPEAT, sizeof times[0], compare_double);
  qsort (cpu, REPEAT, sizeof cpu[0], compare_double);
  *out_cpu = cpu[REPEAT / 2];
  return times[REPEAT / 2];
}

static AiperfChart *
build (AiperfPlotConfig *config,
       AiperfRun        *run,
       const char       *preset)
{
  g_autoptr(GError) error = NULL;
  AiperfChart *chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN,
                                                                              preset),
                                                     run, NULL, &error);

  if (chart == NULL)
    g_error ("%s: %s", preset, error->message);
  return chart;
}

int
main (int argc, char **argv)
{
  guint n = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 16000;
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  g_autoptr(AiperfRun) run = make_run (n);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(AiperfChart) itl = NULL;
  g_autoptr(AiperfChart) ttft = NULL;
  g_autoptr(AiperfChart) every_tick = NULL;
  const char *names[] = { "timeslices_itl", "timeslices_ttft", "timeslices_ttft, a tick per slice" };
  AiperfChart *charts[3];
  gboolean ok = TRUE;

  if (config == NULL)
    g_error ("%s", error->message);
  itl = build (config, run, "timeslices_itl");
  ttft = build (config, run, "timeslices_ttft");
  every_tick = aiperf_chart_copy (ttft);
  g_clear_pointer (&every_tick->x.tick_positions, g_array_unref);
  g_clear_pointer (&every_tick->x.tick_labels, g_ptr_array_unref);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = g_strdup_printf ("%u-%u", i, i + 1);

      aiperf_axis_add_tick (&every_tick->x, i + 0.5, label);
    }
  charts[0] = itl;
  charts[1] = ttft;
  charts[2] = every_tick;

  for (guint c = 0; c < G_N_ELEMENTS (charts); c++)
    {
      guint64 primitives;
      double cpu;
      double ms = time_draw (renderer, charts[c], &primitives, &cpu);
      AiperfRect a = aiperf_renderer_get_plot_area (renderer);

      printf ("draw %u slices, %s, 2400x1200: %.1f ms wall, %.1f ms CPU (medians of %d), %"
              G_GUINT64_FORMAT " primitives for a %.0f px wide plot (target < 50 ms)\n",
              n, names[c], ms, cpu, REPEAT, primitives, a.width);
      ok = ok && ms < 50;
    }
  printf ("%s\n", ok ? "all targets met" : "SOME TARGETS MISSED");
  return 0;
}
