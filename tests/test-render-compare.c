/* test-render-compare.c — the forest plot of a comparison drawn: each
 * metric's change at its place, its confidence interval from its low to
 * its high end, the no-change line at 0 and the minimal-effect band, in
 * pixels; and the two sides' distributions of one metric.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "aiperf-compare-chart.h"
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/compare/forest-pixels", test_forest_pixels);
  return g_test_run ();
}
