/* test-renderer-bounds.c — a chart costs its pixels, not its data: 16,000
 * time slices (markers, error bars, band, category ticks) and 16,000 items
 * of every other layer kind draw a number of primitives bounded by the
 * plot's width (or its pixels), the same for ten times the data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "renderer-test-util.h"

#define WIDTH 2400
#define HEIGHT 1200

static guint64
draw_count (const AiperfChart *chart,
            AiperfRect        *out_area,
            cairo_surface_t  **out_surface)
{
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  AiperfStyle style;
  guint64 count;

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  style.scale = 1.5;
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, WIDTH, HEIGHT);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  aiperf_style_clear (&style);
  *out_area = aiperf_renderer_get_plot_area (renderer);
  count = aiperf_renderer_get_primitive_count (renderer);
  if (out_surface != NULL)
    *out_surface = surface;
  else
    cairo_surface_destroy (surface);
  return count;
}

/* What the timeslice handler draws: a marker and a ±std bar per slice,
 * the run's ±1 std band and average, a category tick every @tick_every
 * slices. @spread is the slices' scatter around @mean. */
static AiperfChart *
timeslice_chart (guint  n,
                 double mean,
                 double spread,
                 double std,
                 guint  tick_every)
{
  AiperfChart *chart = aiperf_chart_new ("Inter Token Latency Across Time Slices");
  g_autoptr(GRand) rand = g_rand_new_with_seed (n);
  int sv = aiperf_chart_add_series (chart, "Time Slice Average", aiperf_color_palette (0),
                                    AIPERF_LAYER_POINTS);
  int se = aiperf_chart_add_series (chart, "±1 Time Slice Std Dev", aiperf_color_palette (0),
                                    AIPERF_LAYER_ERROR_BARS);
  int sb = aiperf_chart_add_series (chart, "Run ±1 Std Dev", aiperf_color_role (AIPERF_ROLE_BAND),
                                    AIPERF_LAYER_BAND);
  AiperfLayer *values = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, sv);
  AiperfLayer *errors = aiperf_chart_add_layer (chart, AIPERF_LAYER_ERROR_BARS, se);
  AiperfLayer *band = aiperf_chart_add_layer (chart, AIPERF_LAYER_BAND, sb);
  AiperfLayer *avg = aiperf_chart_add_layer (chart, AIPERF_LAYER_HLINE, -1);

  aiperf_axis_set_label (&chart->x, "Time Slice", "s");
  aiperf_axis_set_label (&chart->y, "Inter Token Latency", "ms");
  values->marker_size = 10;
  errors->line_width = 1.5;
  for (guint i = 0; i < n; i++)
    {
      double v = mean + g_rand_double_range (rand, -spread, spread);
      double s = std * g_rand_double_range (rand, 0.8, 1.2);

      aiperf_layer_append_point (values, i + 0.5, v, (int) i);
      aiperf_layer_append_error (errors, i + 0.5, v, v - s, v + s, NAN, NAN);
      aiperf_layer_append_band (band, i + 0.5, mean - std, mean + std);
      if (i % tick_every == 0)
        {
          g_autofree char *label = g_strdup_printf ("%u-%u", i, i + 1);

          aiperf_axis_add_tick (&chart->x, i + 0.5, label);
        }
    }
  aiperf_layer_append_point (avg, 0, mean, -1);
  aiperf_axis_set_range (&chart->x, 0, n);
  chart->x.fixed_range = TRUE;
  return chart;
}

/* Primitives of the chart with only series @only visible (-1: all). */
static guint64
count_series (AiperfChart *chart,
              int          only,
              AiperfRect  *out_area)
{
  for (guint i = 0; i < chart->series->len; i++)
    aiperf_chart_set_series_visible (chart, (int) i, only < 0 || (int) i == only);
  return draw_count (chart, out_area, NULL);
}

static void
test_timeslices (void)
{
  const guint sizes[] = { 16000, 160000 };
  /* ITL-like (the slices within a marker or two of each other) and
   * TTFT-like (scattered over the plot's height) */
  const double spreads[] = { 0.15, 8 };

  for (guint k = 0; k < G_N_ELEMENTS (spreads); k++)
    for (guint j = 0; j < G_N_ELEMENTS (sizes); j++)
      {
        g_autoptr(AiperfChart) chart = timeslice_chart (sizes[j], 14.27, spreads[k], spreads[k] / 2,
                                                        sizes[j] / 40);
        AiperfRect a;
        guint64 markers = count_series (chart, 0, &a);
        guint64 bars = count_series (chart, 1, &a);
        guint64 band = count_series (chart, 2, &a);

        g_test_message ("%u slices, spread %g: markers %" G_GUINT64_FORMAT ", error bars %"
                        G_GUINT64_FORMAT ", band %" G_GUINT64_FORMAT " for %.0f x %.0f px",
                        sizes[j], spreads[k], markers, bars, band, a.width, a.height);
        /* error bars: the union of each pixel column's, no caps once dense */
        g_assert_cmpuint (bars, <=, (guint64) (1.1 * a.width));
        /* a flat band: one rectangle */
        g_assert_cmpuint (band, <=, 8);
        /* markers: never more than one per pixel; a pixel column's that
         * overlap are one shape */
        g_assert_cmpuint (markers, <=, (guint64) (a.width * a.height));
        if (spreads[k] < 1)
          g_assert_cmpuint (markers, <=, (guint64) (3 * a.width));
      }
}

/* 16,000 category ticks: tick marks and labels thinned by pixels, so
 * neither overlap. */
static void
test_category_ticks (void)
{
  g_autoptr(AiperfChart) chart = timeslice_chart (16000, 14.27, 0.15, 0.1, 1);
  cairo_surface_t *surface;
  AiperfRect a;
  guint marks = 0;
  gboolean in_mark = FALSE;

  draw_count (chart, &a, &surface);
  /* tick marks hang 5 px (at scale 1.5, 7.5) under the axis line */
  for (double x = a.x + 1; x < a.x + a.width - 1; x += 1)
    {
      Pixel p = read_pixel (surface, x, a.y + a.height + 4);
      gboolean ink = p.r + p.g + p.b < 3 * 200;

      if (ink && !in_mark)
        marks++;
      in_mark = ink;
    }
  g_test_message ("%u tick marks along %.0f px", marks, a.width);
  g_assert_cmpuint (marks, >, 10);
  /* at least a text line apart (16.5 px at scale 1.5) */
  g_assert_cmpuint (marks, <=, (guint) (a.width / 16));
  cairo_surface_destroy (surface);
}

/* 16,000 items of each other kind. */
static void
test_every_kind (void)
{
  const AiperfLayerKind kinds[] = { AIPERF_LAYER_BARS, AIPERF_LAYER_BOXES, AIPERF_LAYER_CELLS,
                                    AIPERF_LAYER_ELLIPSES, AIPERF_LAYER_HLINE, AIPERF_LAYER_TEXT,
                                    AIPERF_LAYER_SEGMENTS, AIPERF_LAYER_LINE, AIPERF_LAYER_AREA };
  const char *names[] = { "bars", "boxes", "cells", "ellipses", "hlines", "text", "segments",
                          "line", "area" };
  const guint n = 16000;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(AiperfChart) chart = aiperf_chart_new ("many");
      g_autoptr(GRand) rand = g_rand_new_with_seed (k + 1);
      int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), kinds[k]);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, kinds[k], s);
      AiperfRect a;
      guint64 count, bound;

      if (kinds[k] == AIPERF_LAYER_TEXT)
        layer->labels = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < n; i++)
        {
          double x = i * 10.0 / n, y = g_rand_double_range (rand, 2, 8);

          switch (kinds[k])
            {
            case AIPERF_LAYER_BARS:
              aiperf_layer_append_bar (layer, x, 10.0 / n, y, (int) i);
              break;
            case AIPERF_LAYER_BOXES:
              aiperf_layer_append_box (layer, x, 10.0 / n, y - 1.5, y - 0.5, y, y + 0.5, y + 1.5, (int) i);
              break;
            case AIPERF_LAYER_CELLS:
              /* an 8000 x 2 grid: cells a quarter of a pixel wide */
              aiperf_layer_append_cell (layer, (i % 8000) * 10.0 / 8000, (i % 8000 + 1) * 10.0 / 8000,
                                        (i / 8000) * 5.0, (i / 8000 + 1) * 5.0, y);
              break;
            case AIPERF_LAYER_ELLIPSES:
              /* dots about 2 px across */
              aiperf_layer_append_ellipse (layer, x, y, 0.005, 0.01, (int) i);
              break;
            case AIPERF_LAYER_HLINE:
              aiperf_layer_append_point (layer, 0, y, -1);
              break;
            case AIPERF_LAYER_TEXT:
              aiperf_layer_append_labeled (layer, x, y, (int) i, "label");
              break;
            case AIPERF_LAYER_SEGMENTS:
              aiperf_layer_append_segment (layer, x, x + 0.5, y, (int) i);
              break;
            default:
              aiperf_layer_append_point (layer, x, y, (int) i);
              break;
            }
        }
      aiperf_axis_set_range (&chart->x, 0, 10);
      chart->x.fixed_range = TRUE;
      aiperf_axis_set_range (&chart->y, 0, 10);
      chart->y.fixed_range = TRUE;
      count = draw_count (chart, &a, NULL);
      switch (kinds[k])
        {
        case AIPERF_LAYER_HLINE:
          bound = (guint64) a.height;
          break;
        case AIPERF_LAYER_ELLIPSES:
          bound = (guint64) (a.width * a.height);  /* one dot per pixel */
          break;
        case AIPERF_LAYER_AREA:
          bound = 8 * (guint64) a.width;  /* the fill's outline and the line on it */
          break;
        case AIPERF_LAYER_TEXT:
          bound = (guint64) (a.width * a.height / (16.5 * 16.5));
          break;
        default:
          bound = 4 * (guint64) a.width;
          break;
        }
      g_test_message ("16,000 of kind %s: %" G_GUINT64_FORMAT " primitives (bound %" G_GUINT64_FORMAT ")",
                      names[k], count, bound);
      g_assert_cmpuint (count, >, 0);
      g_assert_cmpuint (count, <=, bound);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/render/bounds/timeslices-16k", test_timeslices);
  g_test_add_func ("/aiperf/render/bounds/category-ticks-16k", test_category_ticks);
  g_test_add_func ("/aiperf/render/bounds/every-kind-16k", test_every_kind);
  return g_test_run ();
}
