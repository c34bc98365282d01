/* test-renderer-timeline.c — the request timeline draws every request: each
 * prefill and decode segment is in an SVG export at its pixel (±1), for a
 * small dense run and a 3,000-request one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-svg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiperf-plot-handlers.h"
#include "aiperf-plot.h"
#include "aiperf-presets.h"
#include "aiperf-run-builder.h"
#include "aiperf-renderer.h"

#define WIDTH 2400
#define HEIGHT 1200

typedef struct {
  double y, x0, x1;
} Stroke;

typedef struct {
  double start, first_token, end, ttft;  /* seconds since the first request; ttft in ms */
} Request;

/* C workers sending requests back to back, like aiperf at concurrency C:
 * TTFTs within a few ms of each other, so many requests share pixel rows. */
static AiperfRun *
dense_run (guint    n,
           guint    concurrency,
           guint32  seed,
           GArray  *out)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(AiperfTable) table = aiperf_table_new ();
  g_autofree double *clock = g_new0 (double, concurrency);
  AiperfRun *run = aiperf_run_new ("/synthetic/timeline");
  guint c_start = aiperf_table_ensure_column (table, "request_start_ns", "ns");
  guint c_end = aiperf_table_ensure_column (table, "request_end_ns", "ns");
  guint c_ttft = aiperf_table_ensure_column (table, "time_to_first_token", "ms");

  for (guint i = 0; i < n; i++)
    {
      guint lane = i % concurrency;
      Request r;
      guint row;

      r.start = clock[lane] + g_rand_double_range (rand, 0.001, 0.02);
      r.ttft = g_rand_double_range (rand, 29, 33);
      r.first_token = r.start + r.ttft / 1e3;
      r.end = r.first_token + g_rand_double_range (rand, 3.0, 4.0);
      clock[lane] = r.end;
      row = aiperf_table_append_row (table);
      aiperf_table_set (table, c_start, row, 1e12 + r.start * 1e9);
      aiperf_table_set (table, c_end, row, 1e12 + r.end * 1e9);
      aiperf_table_set (table, c_ttft, row, r.ttft);
      g_array_append_val (out, r);
    }
  /* times are relative to the first start, which is request 0's */
  for (guint i = 1; i < out->len; i++)
    {
      Request *r = &g_array_index (out, Request, i);
      const Request *r0 = &g_array_index (out, Request, 0);

      r->start -= r0->start;
      r->first_token -= r0->start;
      r->end -= r0->start;
    }
  {
    Request *r0 = &g_array_index (out, Request, 0);

    r0->first_token -= r0->start;
    r0->end -= r0->start;
    r0->start = 0;
  }
  aiperf_run_set_requests (run, table);
  return run;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The "M x y L x y" strokes of unfilled paths of colour @rgb in @svg,
 * inside the plot area @a (not the legend's swatches). */
static GArray *
strokes_of (const char       *svg,
            guint32           rgb,
            const AiperfRect *a)
{
  g_autoptr(GRegex) re = g_regex_new ("<path style=\"fill:none;[^\"]*stroke:rgb\\(([0-9.]+)%,"
                                      "([0-9.]+)%,([0-9.]+)%\\)[^\"]*\" d=\"([^\"]*)\"( transform)?",
                                      0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GArray *strokes = g_array_new (FALSE, FALSE, sizeof (Stroke));

  g_regex_match (re, svg, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      double channel[3];
      g_autofree char *d = g_match_info_fetch (match, 4);
      g_autofree char *transform = g_match_info_fetch (match, 5);
      g_auto(GStrv) tokens = NULL;
      gboolean same = TRUE;

      for (int k = 0; k < 3; k++)
        {
          g_autofree char *v = g_match_info_fetch (match, k + 1);

          channel[k] = g_ascii_strtod (v, NULL) * 2.55;
          same = same && fabs (channel[k] - ((rgb >> (16 - 8 * k)) & 0xff)) < 1;
        }
      if (!same)
        continue;
      /* the chart is drawn without a transform: coordinates are pixels */
      g_assert_true (transform == NULL || transform[0] == '\0');
      tokens = g_strsplit (d, " ", -1);
      for (guint t = 0; tokens[t] != NULL; t++)
        if (strcmp (tokens[t], "M") == 0 && tokens[t + 1] && tokens[t + 2] && tokens[t + 3] &&
            strcmp (tokens[t + 3], "L") == 0 && tokens[t + 4] && tokens[t + 5])
          {
            Stroke s;
            double y2;

            s.x0 = g_ascii_strtod (tokens[t + 1], NULL);
            s.y = g_ascii_strtod (tokens[t + 2], NULL);
            s.x1 = g_ascii_strtod (tokens[t + 4], NULL);
            y2 = g_ascii_strtod (tokens[t + 5], NULL);
            g_assert_cmpfloat (s.y, ==, y2);
            if (s.x1 < s.x0)
              {
                double tmp = s.x0;

                s.x0 = s.x1;
                s.x1 = tmp;
              }
            if (s.y >= a->y && s.y <= a->y + a->height &&
                s.x1 >= a->x - 1 && s.x0 <= a->x + a->width + 1)
              g_array_append_val (strokes, s);
            t += 5;
          }
    }
  return strokes;
}

static int
compare_x0 (gconstpointer a,
            gconstpointer b)
{
  const Stroke *sa = a, *sb = b;

  return (sa->x0 > sb->x0) - (sa->x0 < sb->x0);
}

/* TRUE when strokes within a pixel of row @y cover @x0..@x1. */
static gboolean
covered (GArray *strokes,
         double  y,
         double  x0,
         double  x1)
{
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (Stroke));
  double reach = x0;

  for (guint i = 0; i < strokes->len; i++)
    {
      const Stroke *s = &g_array_index (strokes, Stroke, i);

      if (fabs (s->y - y) < 1 && s->x1 >= x0 && s->x0 <= x1)
        g_array_append_val (near, *s);
    }
  g_array_sort (near, compare_x0);
  for (guint i = 0; i < near->len && reach < x1; i++)
    {
      const Stroke *s = &g_array_index (near, Stroke, i);

      if (s->x0 > reach)
        return FALSE;
      reach = MAX (reach, s->x1);
    }
  return reach >= x1;
}

/* @sparse_rows: no two prefills share a pixel row and touch, so each
 * prefill stroke is one request's. */
static void
check_every_request (guint    n,
                     guint    concurrency,
                     guint32  seed,
                     gboolean sparse_rows)
{
  g_autoptr(GArray) requests = g_array_new (FALSE, FALSE, sizeof (Request));
  g_autoptr(AiperfRun) run = dense_run (n, concurrency, seed, requests);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GArray) decode = NULL;
  g_autoptr(GArray) prefill = NULL;
  g_autofree char *svg = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  AiperfStyle style;
  AiperfRect a;
  guint missing_decode = 0, missing_prefill = 0;

  g_assert_no_error (error);
  chart = aiperf_plot_build_single_run (aiperf_plot_config_find (config, AIPERF_MODE_SINGLE_RUN,
                                                                 "ttft_timeline"),
                                        run, NULL, &error);
  g_assert_no_error (error);

  surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, WIDTH, HEIGHT);
  cr = cairo_create (surface);
  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  style.scale = 1.5;
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, WIDTH, HEIGHT);
  aiperf_style_clear (&style);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  svg = g_strndup ((const char *) bytes->data, bytes->len);
  a = aiperf_renderer_get_plot_area (renderer);

  decode = strokes_of (svg, 0x4c72b0, &a);
  prefill = strokes_of (svg, 0x76b900, &a);
  g_test_message ("%u requests at concurrency %u: %u decode and %u prefill strokes",
                  n, concurrency, decode->len, prefill->len);
  g_assert_cmpuint (decode->len, >, 0);
  g_assert_cmpuint (prefill->len, >, 0);

  for (guint i = 0; i < requests->len; i++)
    {
      const Request *r = &g_array_index (requests, Request, i);
      double xs, xt, xe, py;

      g_assert_true (aiperf_renderer_data_to_pixel (renderer, r->start, r->ttft, FALSE, &xs, &py));
      g_assert_true (aiperf_renderer_data_to_pixel (renderer, r->first_token, r->ttft, FALSE, &xt, NULL));
      g_assert_true (aiperf_renderer_data_to_pixel (renderer, r->end, r->ttft, FALSE, &xe, NULL));
      g_assert_cmpfloat (xs, >=, a.x - 0.5);
      g_assert_cmpfloat (xe, <=, a.x + a.width + 0.5);
      /* decode: its whole extent, give or take a pixel at each end */
      if (!covered (decode, py, xt + 1, xe - 1))
        missing_decode++;
      /* prefill (often shorter than a pixel): something at its place */
      if (!covered (prefill, py, MIN (xs + 1, (xs + xt) / 2), MAX (xt - 1, (xs + xt) / 2)))
        missing_prefill++;
    }
  g_test_message ("missing: %u decode, %u prefill", missing_decode, missing_prefill);
  g_assert_cmpuint (missing_decode, ==, 0);
  g_assert_cmpuint (missing_prefill, ==, 0);

  /* and no prefill is drawn longer than it is (no minimum length that
   * would cover the start of its decode) */
  if (sparse_rows)
    {
      double longest = 0, drawn = 0;

      for (guint i = 0; i < requests->len; i++)
        {
          const Request *r = &g_array_index (requests, Request, i);
          double xs, xt;

          aiperf_renderer_data_to_pixel (renderer, r->start, r->ttft, FALSE, &xs, NULL);
          aiperf_renderer_data_to_pixel (renderer, r->first_token, r->ttft, FALSE, &xt, NULL);
          longest = MAX (longest, xt - xs);
        }
      for (guint i = 0; i < prefill->len; i++)
        {
          const Stroke *s = &g_array_index (prefill, Stroke, i);

          drawn = MAX (drawn, s->x1 - s->x0);
        }
      g_test_message ("longest prefill %.2f px, longest prefill stroke %.2f px", longest, drawn);
      g_assert_cmpfloat (drawn, <=, longest + 0.5);
    }
}

static void
test_every_request_small (void)
{
  check_every_request (80, 8, 8, TRUE);
}

static void
test_every_request_large (void)
{
  check_every_request (3000, 32, 3000, FALSE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/render/timeline/every-request-80", test_every_request_small);
  g_test_add_func ("/aiperf/render/timeline/every-request-3000", test_every_request_large);
  return g_test_run ();
}
