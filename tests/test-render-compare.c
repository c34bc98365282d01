/* test-render-compare.c — the forest plot of a comparison drawn: each
 * metric's change at its place, its confidence interval from its low to
 * its high end, the no-change line at 0 and the minimal-effect band, in
 * pixels; and the two sides' distributions of one metric as a histogram:
 * shared bins, each side's share, its bars where its bins are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-compare-chart.h"
#include "aiperf-run-builder.h"
#include "renderer-test-util.h"

#define FW 1000
#define FH 500

/* Two records with known changes and intervals: a regression of +10 %
 * [+6, +14] and no significant change of −1 % [−3, +1]. */
static AiperfComparison *
known_comparison (void)
{
  AiperfComparison *comparison = aiperf_comparison_new (NULL);
  AiperfCompareRecord *r;

  r = aiperf_comparison_add_record (comparison, "m · concurrency 4", "serving", "time_to_first_token",
                                    "Time to First Token", "avg", "ms", AIPERF_BETTER_LOWER);
  r->baseline = 100;
  r->candidate = 110;
  r->change = 0.10;
  r->ci_lo = 0.06;
  r->ci_hi = 0.14;
  r->p = 1e-6;
  r->test = AIPERF_TEST_WELCH;
  r = aiperf_comparison_add_record (comparison, "m · concurrency 4", "serving", "request_latency",
                                    "Request Latency", "p90", "ms", AIPERF_BETTER_LOWER);
  r->baseline = 1000;
  r->candidate = 990;
  r->change = -0.01;
  r->ci_lo = -0.03;
  r->ci_hi = 0.01;
  r->p = 0.4;
  r->test = AIPERF_TEST_WELCH;
  aiperf_comparison_finish (comparison);
  return comparison;
}

typedef struct {
  double px, py, x;
  guint  layer;
} Found;

/* Every diamond of the drawing, found by picking over a grid. */
static GArray *
find_markers (AiperfRenderer *renderer)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (Found));

  for (int py = 0; py < FH; py += 3)
    for (int px = 0; px < FW; px += 3)
      {
        AiperfPick pick;
        gboolean known = FALSE;

        if (!aiperf_renderer_pick (renderer, px, py, 4, &pick))
          continue;
        for (guint i = 0; i < found->len; i++)
          known |= fabs (g_array_index (found, Found, i).px - pick.px) < 1 &&
                   fabs (g_array_index (found, Found, i).py - pick.py) < 1;
        if (!known)
          {
            Found f = { pick.px, pick.py, pick.x, pick.layer };

            g_array_append_val (found, f);
          }
      }
  return found;
}

/* The leftmost and rightmost pixels of row @py near @colour, within
 * [@from, @to]. */
static void
colour_extent (cairo_surface_t *surface,
               double           py,
               Pixel            colour,
               int              from,
               int              to,
               int             *out_left,
               int             *out_right)
{
  guint32 rgb = ((guint32) colour.r << 16) | ((guint32) colour.g << 8) | colour.b;

  *out_left = -1;
  *out_right = -1;
  for (int x = from; x <= to; x++)
    if (pixel_near (read_pixel (surface, x, py), rgb, 24))
      {
        if (*out_left < 0)
          *out_left = x;
        *out_right = x;
      }
}

static void
test_forest_pixels (void)
{
  g_autoptr(AiperfComparison) comparison = known_comparison ();
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GArray) found = NULL;
  cairo_surface_t *surface;
  const Found *regression = NULL, *steady = NULL;
  double scale, zero_px;
  int left, right;
  Pixel red, background;

  g_assert_cmpint (((AiperfCompareRecord *) g_ptr_array_index (comparison->records, 0))->verdict, ==,
                   AIPERF_VERDICT_REGRESSION);
  g_assert_cmpint (((AiperfCompareRecord *) g_ptr_array_index (comparison->records, 1))->verdict, ==,
                   AIPERF_VERDICT_NO_CHANGE);
  chart = aiperf_compare_forest_chart (comparison);
  g_assert_nonnull (chart);
  g_assert_cmpuint (chart->panels->len, ==, 1);

  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, FW, FH);
  found = find_markers (renderer);
  g_assert_cmpuint (found->len, ==, 2);
  for (guint i = 0; i < found->len; i++)
    {
      const Found *f = &g_array_index (found, Found, i);

      if (fabs (f->x - 10) < 1e-9)
        regression = f;
      else if (fabs (f->x + 1) < 1e-9)
        steady = f;
    }
  g_assert_nonnull (regression);
  g_assert_nonnull (steady);
  /* The first record is on top. */
  g_assert_cmpfloat (regression->py, <, steady->py - 20);
  /* x is linear in the change: pixels per percent from the two diamonds. */
  scale = (regression->px - steady->px) / 11.0;
  g_assert_cmpfloat (scale, >, 5);
  zero_px = steady->px + scale * 1.0;

  /* The regression's interval, in its verdict's colour, runs from +6 % to
   * +14 % (caps included: ± 3 px). */
  red = read_pixel (surface, regression->px, regression->py);
  background = read_pixel (surface, 5, FH - 5);
  g_assert_false (pixel_near (red, ((guint32) background.r << 16) | ((guint32) background.g << 8) | background.b, 30));
  colour_extent (surface, regression->py, red, 0, FW - 1, &left, &right);
  g_assert_cmpfloat (fabs (left - (zero_px + 6 * scale)), <=, 3);
  g_assert_cmpfloat (fabs (right - (zero_px + 14 * scale)), <=, 3);

  /* No change: a line at 0 between the rows, darker than the band. */
  {
    double mid = (regression->py + steady->py) / 2;
    Pixel line = read_pixel (surface, zero_px, mid);
    Pixel band = read_pixel (surface, zero_px + 1.2 * scale, mid);
    Pixel outside = read_pixel (surface, zero_px + 4 * scale, mid);

    g_assert_cmpint (line.r + line.g + line.b, <, band.r + band.g + band.b - 60);
    /* The ±2 % band is shaded: darker than the plot beside it. */
    g_assert_cmpint (band.r + band.g + band.b, <, outside.r + outside.g + outside.b - 6);
  }
  if (g_getenv ("AIPERF_TEST_SAVE_PNG") != NULL)
    cairo_surface_write_to_png (surface, g_getenv ("AIPERF_TEST_SAVE_PNG"));
  cairo_surface_destroy (surface);
}

/* A serving run of @n requests whose time to first token is @first,
 * @first + 0.1, …: bin middles, never an edge. */
static AiperfRun *
ttft_run (const char *dir,
          double      first,
          guint       n)
{
  AiperfRun *run = aiperf_run_new (dir);
  g_autoptr(AiperfTable) requests = aiperf_table_new ();
  guint col = aiperf_table_ensure_column (requests, "time_to_first_token", "ms");

  aiperf_run_set_model (run, "m");
  aiperf_run_set_concurrency (run, 4);
  for (guint i = 0; i < n; i++)
    aiperf_table_set (requests, col, aiperf_table_append_row (requests), first + 0.1 * i);
  aiperf_run_set_requests (run, requests);
  return run;
}

static double
px_of (AiperfRenderer *renderer,
       double          x)
{
  double px, py;

  g_assert_true (aiperf_renderer_data_to_pixel (renderer, x, 0, FALSE, &px, &py));
  return px;
}

static double
py_of (AiperfRenderer *renderer,
       double          y)
{
  double px, py;

  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 11, y, FALSE, &px, &py));
  return py;
}

static guint32
rgb_of (Pixel p)
{
  return ((guint32) p.r << 16) | ((guint32) p.g << 8) | p.b;
}

/* Baseline 10.05 … 19.95 ms, candidate 12.05 … 21.95 ms (100 requests
 * each): bins of 1 ms from 10 to 22 (2 ms would give fewer than 7); the
 * baseline has 10 % in each of the first ten, the candidate 10 % in each
 * of the last ten. */
static void
test_distribution_histogram (void)
{
  g_autoptr(AiperfRun) base_run = ttft_run ("/synthetic/base/run-c4", 10.05, 100);
  g_autoptr(AiperfRun) cand_run = ttft_run ("/synthetic/cand/run-c4", 12.05, 100);
  g_autoptr(AiperfRunSet) baseline = aiperf_run_set_new ();
  g_autoptr(AiperfRunSet) candidate = aiperf_run_set_new ();
  g_autoptr(AiperfComparison) comparison = aiperf_comparison_new (NULL);
  g_autoptr(AiperfChart) chart = NULL;
  g_autoptr(AiperfChart) ecdf = NULL;
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *configuration = aiperf_compare_configuration (base_run);
  static const double expected[2][12] = { { 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0 },
                                          { 0, 0, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10 } };
  const AiperfLayer *bars[2] = { NULL, NULL };
  AiperfCompareRecord *record;
  cairo_surface_t *surface;
  Pixel base_colour, cand_colour, background, band, beside;
  int left, right;
  guint n_bars = 0;

  aiperf_run_set_add (baseline, base_run);
  aiperf_run_set_add (candidate, cand_run);
  record = aiperf_comparison_add_record (comparison, configuration, "serving", "time_to_first_token",
                                         "Time to First Token", "avg", "ms", AIPERF_BETTER_LOWER);
  record->baseline = 15;
  record->candidate = 17;
  record->change = 17.0 / 15 - 1;
  record->ci_lo = 0.10;
  record->ci_hi = 0.17;

  chart = aiperf_compare_distribution_chart (record, baseline, candidate, AIPERF_DISTRIBUTION_HISTOGRAM, &error);
  g_assert_no_error (error);
  g_assert_nonnull (chart);
  g_assert_cmpuint (chart->series->len, ==, 2);
  g_assert_cmpstr (((AiperfSeries *) g_ptr_array_index (chart->series, 0))->name, ==, "Baseline (1 run, 100 requests)");
  g_assert_cmpfloat (chart->x.min, ==, 10);
  g_assert_cmpfloat (chart->x.max, ==, 22);
  g_assert_cmpfloat_with_epsilon (chart->y.max, 11, 1e-9);
  g_assert_nonnull (strstr (chart->note, "bins of 1 ms"));
  for (guint l = 0; l < chart->layers->len; l++)
    {
      const AiperfLayer *layer = g_ptr_array_index (chart->layers, l);

      if (layer->kind == AIPERF_LAYER_BARS)
        bars[n_bars++] = layer;
    }
  g_assert_cmpuint (n_bars, ==, 2);
  for (guint s = 0; s < 2; s++)
    {
      g_assert_cmpuint (bars[s]->group, ==, s);
      g_assert_cmpuint (bars[s]->n_groups, ==, 2);
      g_assert_cmpuint (bars[s]->x->len, ==, 12);
      for (guint b = 0; b < 12; b++)
        {
          g_assert_cmpfloat_with_epsilon (g_array_index (bars[s]->x, double, b), 10.5 + b, 1e-9);
          g_assert_cmpfloat_with_epsilon (g_array_index (bars[s]->x2, double, b), 1, 1e-9);
          g_assert_cmpfloat_with_epsilon (g_array_index (bars[s]->y, double, b), expected[s][b], 1e-9);
        }
    }

  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, FW, FH);
  if (g_getenv ("AIPERF_TEST_SAVE_PNG") != NULL)
    cairo_surface_write_to_png (surface, g_getenv ("AIPERF_TEST_SAVE_PNG"));
  /* In the first bin only the baseline's bar, in its left half: 10 to
   * 10.5 ms, 10 % tall. */
  base_colour = read_pixel (surface, px_of (renderer, 10.25), py_of (renderer, 5));
  background = read_pixel (surface, px_of (renderer, 10.75), py_of (renderer, 5));
  g_assert_false (pixel_near (base_colour, rgb_of (background), 30));
  /* (not left of the axis: the tick labels are grey too) */
  colour_extent (surface, py_of (renderer, 5), base_colour, (int) px_of (renderer, 10) - 1,
                 (int) px_of (renderer, 11) - 2, &left, &right);
  g_assert_cmpfloat (fabs (left - px_of (renderer, 10)), <=, 2);
  g_assert_cmpfloat (fabs (right - px_of (renderer, 10.5)), <=, 2);
  g_assert_true (pixel_near (read_pixel (surface, px_of (renderer, 10.25), py_of (renderer, 9.7)), rgb_of (base_colour), 24));
  g_assert_false (pixel_near (read_pixel (surface, px_of (renderer, 10.25), py_of (renderer, 10.3)), rgb_of (base_colour), 24));
  /* The third bin: the candidate's bar in its right half, 12.5 to 13 ms. */
  cand_colour = read_pixel (surface, px_of (renderer, 12.75), py_of (renderer, 5));
  g_assert_false (pixel_near (cand_colour, rgb_of (base_colour), 30));
  g_assert_false (pixel_near (cand_colour, rgb_of (background), 30));
  colour_extent (surface, py_of (renderer, 5), cand_colour, (int) px_of (renderer, 12) - 6,
                 (int) px_of (renderer, 13) + 2, &left, &right);
  g_assert_cmpfloat (fabs (left - px_of (renderer, 12.5)), <=, 2);
  g_assert_cmpfloat (fabs (right - px_of (renderer, 13)), <=, 2);
  /* The last bin: the candidate's alone, the baseline's half empty. */
  g_assert_true (pixel_near (read_pixel (surface, px_of (renderer, 21.75), py_of (renderer, 5)), rgb_of (cand_colour), 24));
  g_assert_true (pixel_near (read_pixel (surface, px_of (renderer, 21.25), py_of (renderer, 5)), rgb_of (background), 24));
  /* The interval, 16.5 to 17.55 ms, shaded above the bars. */
  band = read_pixel (surface, px_of (renderer, 17.3), py_of (renderer, 10.6));
  beside = read_pixel (surface, px_of (renderer, 18.5), py_of (renderer, 10.6));
  g_assert_false (pixel_near (band, rgb_of (beside), 6));
  g_assert_true (pixel_near (read_pixel (surface, px_of (renderer, 16.3), py_of (renderer, 10.6)), rgb_of (beside), 6));
  cairo_surface_destroy (surface);

  /* The same record as cumulative curves: two steps up to 100 %. */
  ecdf = aiperf_compare_distribution_chart (record, baseline, candidate, AIPERF_DISTRIBUTION_ECDF, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (ecdf->y.max, ==, 100);
  for (guint l = 0; l < ecdf->layers->len; l++)
    g_assert_cmpint (((AiperfLayer *) g_ptr_array_index (ecdf->layers, l))->kind, !=, AIPERF_LAYER_BARS);
}

/* A history's points say what changed since the one before and when
 * their time is only a folder's; the note counts those. */
static void
test_history_annotations (void)
{
  AiperfHistorySeries *series = aiperf_history_series_new ("m · concurrency 4", "time_to_first_token",
                                                           "Time to First Token", "avg", "ms", AIPERF_BETTER_LOWER);
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify) aiperf_history_series_free);
  g_autoptr(AiperfChart) chart = NULL;
  const AiperfLayer *markers = NULL;

  for (guint i = 0; i < 4; i++)
    {
      double t = 1767225600.0 + 86400.0 * i, v = 30 + i;
      gboolean guessed = i == 3;

      g_array_append_val (series->times, t);
      g_array_append_val (series->values, v);
      g_array_append_val (series->from_mtime, guessed);
      g_ptr_array_add (series->runs, g_strdup_printf ("night-%u", i + 1));
      g_ptr_array_add (series->changed, i == 2 ? g_strdup ("version 0.4.0 → 0.5.0") : NULL);
    }
  g_ptr_array_add (all, series);
  chart = aiperf_history_chart (all, "time_to_first_token", "avg");
  g_assert_nonnull (chart);
  g_assert_nonnull (strstr (chart->note, "1 point has no time of its own"));
  for (guint l = 0; l < chart->layers->len; l++)
    if (((AiperfLayer *) g_ptr_array_index (chart->layers, l))->kind == AIPERF_LAYER_POINTS)
      markers = g_ptr_array_index (chart->layers, l);
  g_assert_nonnull (markers);
  g_assert_cmpstr (g_ptr_array_index (markers->labels, 0), ==, "night-1");
  g_assert_cmpstr (g_ptr_array_index (markers->labels, 2), ==, "night-3\nversion 0.4.0 → 0.5.0");
  g_assert_nonnull (strstr (g_ptr_array_index (markers->labels, 3), "modification time"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/compare/forest-pixels", test_forest_pixels);
  g_test_add_func ("/aiperf/render/compare/distribution-histogram", test_distribution_histogram);
  g_test_add_func ("/aiperf/render/compare/history-annotations", test_history_annotations);
  return g_test_run ();
}
