/* test-renderer-style.c — colours that read: the dark palette's contrast,
 * de-emphasised points faded in lightness, point labels in their series'
 * colour whose halos never cut a data line.
 *
 * Contrast and colour differences are computed here from the WCAG 2 and
 * CIE formulas, not with the renderer's own functions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "renderer-test-util.h"

static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
luminance (AiperfRGBA c)
{
  return 0.2126 * linear (c.r) + 0.7152 * linear (c.g) + 0.0722 * linear (c.b);
}

/* WCAG 2.x contrast ratio */
static double
contrast (AiperfRGBA a,
          AiperfRGBA b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

static void
cielab (AiperfRGBA  c,
        double     *lab)
{
  double r = linear (c.r), g = linear (c.g), b = linear (c.b);
  double xyz[3] = { (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
                    0.2126 * r + 0.7152 * g + 0.0722 * b,
                    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883 };

  for (int k = 0; k < 3; k++)
    xyz[k] = xyz[k] > 0.008856 ? cbrt (xyz[k]) : 7.787 * xyz[k] + 16.0 / 116;
  lab[0] = 116 * xyz[1] - 16;
  lab[1] = 500 * (xyz[0] - xyz[1]);
  lab[2] = 200 * (xyz[1] - xyz[2]);
}

/* CIE76 colour difference: about 2.3 is just noticeable, 20+ is another colour */
static double
delta_e (AiperfRGBA a,
         AiperfRGBA b)
{
  double la[3], lb[3];

  cielab (a, la);
  cielab (b, lb);
  return sqrt ((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
               (la[2] - lb[2]) * (la[2] - lb[2]));
}

static void
test_dark_contrast (void)
{
  AiperfStyle style;

  aiperf_style_init (&style, AIPERF_THEME_DARK);
  g_assert_cmpuint (style.n_palette, ==, 10);
  for (guint i = 0; i < style.n_palette; i++)
    {
      double on_plot = contrast (style.palette[i], style.plot_background);
      double on_paper = contrast (style.palette[i], style.background);

      g_test_message ("dark palette %u: %.2f:1 on the plot, %.2f:1 on the paper", i, on_plot, on_paper);
      g_assert_cmpfloat (on_plot, >=, 4.5);
      g_assert_cmpfloat (on_paper, >=, 4.5);
      /* and the series stay apart from each other */
      for (guint j = 0; j < i; j++)
        g_assert_cmpfloat (delta_e (style.palette[i], style.palette[j]), >=, 20);
    }
  aiperf_style_clear (&style);
}

static void
check_fade (AiperfTheme theme)
{
  AiperfStyle style;
  AiperfRGBA faded[10];

  aiperf_style_init (&style, theme);
  for (guint i = 0; i < style.n_palette; i++)
    {
      faded[i] = aiperf_style_fade (&style, style.palette[i], 0.5);
      g_assert_cmpfloat (faded[i].a, ==, 1.0);
      /* it stepped back: closer to the background, yet still a colour on it */
      g_test_message ("%s palette %u faded: %.2f:1, dE %.1f from the background",
                      theme == AIPERF_THEME_DARK ? "dark" : "light", i,
                      contrast (faded[i], style.plot_background),
                      delta_e (faded[i], style.plot_background));
      g_assert_cmpfloat (contrast (faded[i], style.plot_background), <,
                         contrast (style.palette[i], style.plot_background));
      g_assert_cmpfloat (delta_e (faded[i], style.plot_background), >=, 15);
      /* the same hue family as its series: nearer to it than to any other */
      for (guint j = 0; j < style.n_palette; j++)
        if (j != i)
          g_assert_cmpfloat (delta_e (faded[i], style.palette[i]), <,
                             delta_e (faded[i], style.palette[j]) + 25);
    }
  /* faded series stay apart (alpha 0.45 made blue and green navy and
   * olive on the dark background) */
  for (guint i = 0; i < style.n_palette; i++)
    for (guint j = 0; j < i; j++)
      {
        double d = delta_e (faded[i], faded[j]);

        if (d < 12)
          g_test_message ("faded %u and %u: dE %.1f", i, j, d);
        g_assert_cmpfloat (d, >=, 10);
      }
  aiperf_style_clear (&style);
}

static void
test_fade (void)
{
  check_fade (AIPERF_THEME_DARK);
  check_fade (AIPERF_THEME_LIGHT);
}

/* A faded layer is drawn opaque in the faded colour: the centre of a
 * marker is that colour, whatever is under it. */
static void
test_fade_drawn_opaque (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("fade");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (2), AIPERF_LAYER_POINTS);
  AiperfLayer *grid_line = aiperf_chart_add_layer (chart, AIPERF_LAYER_HLINE, -1);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfStyle style;
  AiperfRGBA want;
  double px, py;
  Pixel p;

  /* a white line under the marker: alpha would let it show through */
  grid_line->color = aiperf_color_rgba (1, 1, 1, 1);
  grid_line->line_width = 6;
  aiperf_layer_append_point (grid_line, 0, 5, -1);
  layer->marker_size = 20;
  layer->fade = 0.5;
  aiperf_layer_append_point (layer, 5, 5, 0);
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_DARK, W, H);
  aiperf_style_init (&style, AIPERF_THEME_DARK);
  want = aiperf_style_fade (&style, style.palette[2], 0.5);
  aiperf_style_clear (&style);
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 5, 5, FALSE, &px, &py));
  p = read_pixel (surface, px, py);
  g_assert_cmpint (ABS (p.r - (int) round (want.r * 255)), <=, 2);
  g_assert_cmpint (ABS (p.g - (int) round (want.g * 255)), <=, 2);
  g_assert_cmpint (ABS (p.b - (int) round (want.b * 255)), <=, 2);
  cairo_surface_destroy (surface);
}

/* Two series; series "red" has a labelled point with a line of series
 * "green" running right through the label's first choice of place. */
static void
test_labels (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("labels");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  int red = aiperf_chart_add_series (chart, "red", aiperf_color_rgba (0.85, 0.1, 0.1, 1),
                                     AIPERF_LAYER_POINTS);
  int green = aiperf_chart_add_series (chart, "green", aiperf_color_rgba (0.1, 0.6, 0.1, 1),
                                       AIPERF_LAYER_LINE);
  AiperfLayer *points = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, red);
  AiperfLayer *line = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, green);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  double px, py, ly;
  guint red_ink = 0, cut = 0, line_px = 0;

  points->marker_size = 8;
  aiperf_layer_append_labeled (points, 5, 5, 0, "1024");
  line->line_width = 2;
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  /* where the upper-right label would sit: just above the point */
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 5, 5, FALSE, &px, &py));
  cairo_surface_destroy (surface);
  ly = py - 4 - 2 - 8;  /* marker radius, gap, about half a line of text */
  {
    double x, y;

    g_assert_true (aiperf_renderer_pixel_to_data (renderer, px, ly, &x, &y));
    aiperf_layer_append_point (line, 0, y, -1);
    aiperf_layer_append_point (line, 10, y, -1);
  }
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);

  /* the green line is whole: no halo erased any of it */
  for (double x = a.x + 3; x < a.x + a.width - 3; x += 1)
    {
      Pixel p = read_pixel (surface, x, ly);

      line_px++;
      if (!(p.g > p.r + 40 && p.g > p.b + 40))
        cut++;
    }
  g_test_message ("green line: %u of %u pixels not green", cut, line_px);
  g_assert_cmpuint (cut, ==, 0);

  /* the label is written in red (its series), somewhere around its point */
  for (double y = py - 40; y < py + 40; y += 1)
    for (double x = px - 60; x < px + 60; x += 1)
      {
        Pixel p = read_pixel (surface, x, y);

        if (fabs (x - px) <= 6 && fabs (y - py) <= 6)
          continue;  /* the marker itself */
        if (p.r > 120 && p.r > p.g + 60 && p.r > p.b + 60)
          red_ink++;
      }
  g_test_message ("red label ink: %u px", red_ink);
  g_assert_cmpuint (red_ink, >, 20);
  cairo_surface_destroy (surface);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/render/style/dark-palette-contrast", test_dark_contrast);
  g_test_add_func ("/aiperf/render/style/fade-in-lightness", test_fade);
  g_test_add_func ("/aiperf/render/style/fade-drawn-opaque", test_fade_drawn_opaque);
  g_test_add_func ("/aiperf/render/labels/series-colour-whole-lines", test_labels);
  return g_test_run ();
}
