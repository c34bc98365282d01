/* test-renderer-layers.c — what the renderer draws: decimation bounds, every
 * layer kind, category ticks, margins, and SVG/PDF/recording surfaces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "renderer-test-util.h"

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
test_decimate_points (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("50k points");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  guint64 count;
  double cx, cy;

  for (int i = 0; i < 50000; i++)
    aiperf_layer_append_point (layer, g_rand_double (rand) * 10,
                               g_rand_double (rand) * 10, i);
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  count = aiperf_renderer_get_primitive_count (renderer);
  g_test_message ("50k random points: %" G_GUINT64_FORMAT " primitives, plot %gx%g",
                  count, a.width, a.height);
  g_assert_cmpuint (count, >, 0);
  g_assert_cmpuint (count, <=, (guint64) (ceil (a.width) * ceil (a.height)));
  cairo_surface_destroy (surface);

  /* the same 50k points squeezed into about 20x20 pixels */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 5, 5, FALSE, &cx, &cy));
  for (guint i = 0; i < layer->x->len; i++)
    {
      g_array_index (layer->x, double, i) = 5 + (g_array_index (layer->x, double, i) - 5)
                                                * 20 / a.width;
      g_array_index (layer->y, double, i) = 5 + (g_array_index (layer->y, double, i) - 5)
                                                * 20 / a.height;
    }
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  count = aiperf_renderer_get_primitive_count (renderer);
  g_test_message ("50k points in 20x20 px: %" G_GUINT64_FORMAT " primitives", count);
  g_assert_cmpuint (count, <=, 22 * 22);
  cairo_surface_destroy (surface);
}

static void
test_decimate_line (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("50k line");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), AIPERF_LAYER_LINE);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_LINE, s);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  guint64 count;
  double px, py, peak_px, peak_py;

  for (int i = 0; i < 50000; i++)
    aiperf_layer_append_point (layer, i / 5000.0, 3 + g_rand_double (rand), i);
  /* one spike that decimation must keep */
  g_array_index (layer->y, double, 25000) = 9.5;
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  count = aiperf_renderer_get_primitive_count (renderer);
  g_test_message ("50k-vertex line: %" G_GUINT64_FORMAT " primitives, %g columns",
                  count, a.width);
  g_assert_cmpuint (count, >=, (guint64) a.width);
  g_assert_cmpuint (count, <=, (guint64) (4 * ceil (a.width) + 8));
  /* the spike is drawn */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 5.0, 9.0, FALSE,
                                                &peak_px, &peak_py));
  g_assert_true (pixel_near (read_pixel (surface, peak_px, peak_py), BLUE, 60));
  /* the band of noise is drawn, nothing above it but the spike */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 2.5, 3.5, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), BLUE, 60));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 2.5, 6, FALSE, &px, &py));
  g_assert_false (pixel_near (read_pixel (surface, px, py), BLUE, 60));
  cairo_surface_destroy (surface);
}

/* A request timeline: 50k segments in start order at random heights. Ones
 * that share a pixel row and overlap are drawn as one. */
static void
test_decimate_segments (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("timeline");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_SEGMENTS, -1);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  guint64 count;
  double px, py;

  for (int i = 0; i < 50000; i++)
    {
      double x0 = i * 9.0 / 50000;

      aiperf_layer_append_segment (layer, x0, x0 + 1.0, g_rand_double_range (rand, 1, 9), i);
    }
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  count = aiperf_renderer_get_primitive_count (renderer);
  g_test_message ("50k timeline segments: %" G_GUINT64_FORMAT " primitives, %g rows",
                  count, a.height);
  g_assert_cmpuint (count, <=, (guint64) (4 * ceil (a.height)));
  /* still all drawn: the band between x = 1 and 9 is covered */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 5, 5, FALSE, &px, &py));
  g_assert_false (pixel_near (read_pixel (surface, px, py), 0xffffff, 30));
  cairo_surface_destroy (surface);
}

static void
test_category_ticks (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Time slices");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  int s = aiperf_chart_add_series (chart, "a", aiperf_color_palette (0), AIPERF_LAYER_BARS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, s);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  double px, py, px2, py2;
  guint ink_at_tick, ink_between;

  for (int i = 0; i < 4; i++)
    {
      g_autofree char *label = g_strdup_printf ("%d-%d", i * 10, i * 10 + 10);

      aiperf_layer_append_bar (layer, i, 0.6, 5 + i, i);
      aiperf_axis_add_tick (&chart->x, i, label);
    }
  fixed_view (&vp, AIPERF_SCALE_LINEAR, -0.5, 3.5);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);

  /* a label under each category, nothing halfway between them */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1, 0, FALSE, &px, &py));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.5, 0, FALSE, &px2, &py2));
  ink_at_tick = count_ink (surface, px - 20, a.y + a.height + 3, px + 20, a.y + a.height + 30);
  ink_between = count_ink (surface, px2 - 5, a.y + a.height + 3, px2 + 5, a.y + a.height + 30);
  g_assert_cmpuint (ink_at_tick, >, 15);
  g_assert_cmpuint (ink_between, ==, 0);

  /* the bar of category 2 is drawn from 0 to 7 */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 2, 3.5, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), BLUE, 90)
                 || pixel_near (read_pixel (surface, px, py), 0xc9d4e7, 40));
  cairo_surface_destroy (surface);

  /* many long labels on a narrow canvas are turned, not overprinted */
  g_clear_pointer (&chart->x.tick_positions, g_array_unref);
  g_clear_pointer (&chart->x.tick_labels, g_ptr_array_unref);
  for (int i = 0; i < 30; i++)
    {
      g_autofree char *label = g_strdup_printf ("slice %d-%d s", i * 100, i * 100 + 100);

      aiperf_axis_add_tick (&chart->x, i, label);
    }
  fixed_view (&vp, AIPERF_SCALE_LINEAR, -0.5, 29.5);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, 500, 400);
  a = aiperf_renderer_get_plot_area (renderer);
  /* turned labels need more room below the plot than one line of text */
  g_assert_cmpfloat (400 - (a.y + a.height), >, 60);
  cairo_surface_destroy (surface);
}

static void
test_shapes (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("shapes");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  AiperfLayer *seg, *ell, *hl, *bars, *cells;
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  double px, py, px2, py2;

  seg = aiperf_chart_add_layer (chart, AIPERF_LAYER_SEGMENTS, -1);
  seg->color = aiperf_color_rgba (1, 0, 0, 1);
  seg->line_width = 4;
  /* far shorter than a pixel: drawn at its true length, nothing more */
  aiperf_layer_append_segment (seg, 50, 50.0001, 50, 0);
  aiperf_layer_append_segment (seg, 100, 200, 50, 1);
  ell = aiperf_chart_add_layer (chart, AIPERF_LAYER_ELLIPSES, -1);
  ell->color = aiperf_color_rgba (0, 0, 1, 1);
  ell->fill_opacity = 1;
  aiperf_layer_append_ellipse (ell, 10, 20, 5, 10, 0);
  hl = aiperf_chart_add_layer (chart, AIPERF_LAYER_HLINE, -1);
  hl->color = aiperf_color_rgba (0, 0.5, 0, 1);
  hl->line_width = 3;
  aiperf_layer_append_point (hl, 0, 90, -1);
  bars = aiperf_chart_add_layer (chart, AIPERF_LAYER_BARS, -1);
  bars->color = aiperf_color_rgba (1, 0, 1, 1);
  bars->fill_opacity = 1;
  aiperf_layer_append_bar (bars, 300, 100, 40, 0);
  cells = aiperf_chart_add_layer (chart, AIPERF_LAYER_CELLS, -1);
  cells->fill_opacity = 1;
  aiperf_layer_append_cell (cells, 500, 600, 60, 70, 0);
  aiperf_layer_append_cell (cells, 600, 700, 60, 70, 1);

  chart->x.scale = AIPERF_SCALE_LOG;
  memset (&vp, 0, sizeof vp);
  vp.x_scale = AIPERF_SCALE_LOG;
  vp.x_min = 1;
  vp.x_max = 1000;
  vp.y_min = 0;
  vp.y_max = 100;
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);

  /* the short one leaves no red bar beside it (no minimum length) */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 50, 50, FALSE, &px, &py));
  g_assert_false (pixel_near (read_pixel (surface, px + 1.5, py), 0xff0000, 60));
  /* the long one covers 100..200 and stops there */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 150, 50, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), 0xff0000, 30));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 200, 50, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px - 1.5, py), 0xff0000, 30));
  g_assert_false (pixel_near (read_pixel (surface, px + 1.5, py), 0xff0000, 60));
  /* the ellipse spans 5..15 on a log axis: filled at 6 and 14, not at 4 or 17 */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 6, 20, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), 0x0000ff, 30));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 14, 20, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), 0x0000ff, 30));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 10, 28, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), 0x0000ff, 30));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 4, 20, FALSE, &px, &py));
  g_assert_false (pixel_near (read_pixel (surface, px, py), 0x0000ff, 60));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 17, 20, FALSE, &px, &py));
  g_assert_false (pixel_near (read_pixel (surface, px, py), 0x0000ff, 60));
  /* the reference line crosses the whole plot */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1, 90, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, a.x + 3, py), 0x008000, 40));
  g_assert_true (pixel_near (read_pixel (surface, a.x + a.width - 3, py), 0x008000, 40));
  /* the bar from 250 to 350, 0 to 40 */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 300, 20, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), 0xff00ff, 30));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 300, 45, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (surface, px, py), 0xffffff, 8));
  /* cells: the low value dark, the high value light (a viridis-like ramp) */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 550, 65, FALSE, &px, &py));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 650, 65, FALSE, &px2, &py2));
  {
    Pixel lo = read_pixel (surface, px, py), hi = read_pixel (surface, px2, py2);

    g_assert_cmpint (lo.r + lo.g + lo.b, <, 300);
    g_assert_cmpint (hi.r + hi.g + hi.b, >, 400);
  }
  cairo_surface_destroy (surface);
}

/* Counts the pixels in a box around (x, y) that are close to white and
 * those close to black. */
static void
count_light_dark (cairo_surface_t *surface,
                  double           x,
                  double           y,
                  double           half,
                  guint           *light,
                  guint           *dark)
{
  *light = *dark = 0;
  for (double dy = -half; dy <= half; dy++)
    for (double dx = -half; dx <= half; dx++)
      {
        Pixel p = read_pixel (surface, x + dx, y + dy);

        *light += p.r + p.g + p.b > 600;
        *dark += p.r + p.g + p.b < 150;
      }
}

/* A value written on a heatmap cell reads on it: light on a dark cell,
 * dark on a light one (the GEMM heatmap's low cells are viridis' near-black
 * purple; black text on them could not be read). */
static void
test_cell_text_contrast (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("heatmap text");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  AiperfLayer *cells, *text;
  cairo_surface_t *surface;
  AiperfViewport vp;
  double px, py;
  guint light, dark;

  chart->has_color_scale = TRUE;
  cells = aiperf_chart_add_layer (chart, AIPERF_LAYER_CELLS, -1);
  cells->fill_opacity = 1;
  aiperf_layer_append_cell (cells, 0, 5, 0, 10, 0);
  aiperf_layer_append_cell (cells, 5, 10, 0, 10, 1);
  text = aiperf_chart_add_layer (chart, AIPERF_LAYER_TEXT, -1);
  text->color = aiperf_color_role (AIPERF_ROLE_FOREGROUND);
  aiperf_layer_append_labeled (text, 2.5, 5, -1, "888");
  aiperf_layer_append_labeled (text, 7.5, 5, -1, "888");
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 10);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);

  /* the dark cell (low value): its text is light, none of it black */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 2.5, 5, FALSE, &px, &py));
  count_light_dark (surface, px, py, 8, &light, &dark);
  g_test_message ("dark cell: %u light, %u dark pixels", light, dark);
  g_assert_cmpuint (light, >, 10);
  /* the light cell (high value): its text is dark */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 7.5, 5, FALSE, &px, &py));
  count_light_dark (surface, px, py, 8, &light, &dark);
  g_test_message ("light cell: %u light, %u dark pixels", light, dark);
  g_assert_cmpuint (dark, >, 10);
  g_assert_cmpuint (light, ==, 0);
  cairo_surface_destroy (surface);
}

/* Every kind in both themes; with AIPERF_RENDER_OUT=DIR the PNGs are kept
 * there for a look. */
static void
test_every_kind (void)
{
  g_autoptr(AiperfChart) chart = every_kind_chart ();
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  const char *out = g_getenv ("AIPERF_RENDER_OUT");

  for (int theme = AIPERF_THEME_LIGHT; theme <= AIPERF_THEME_DARK; theme++)
    {
      cairo_surface_t *surface = draw_chart (renderer, chart, NULL, theme, 1600, 800);
      AiperfRect a = aiperf_renderer_get_plot_area (renderer);

      g_assert_cmpfloat (a.width, >, 800);
      g_assert_cmpuint (aiperf_renderer_get_primitive_count (renderer), >, 50);
      if (out != NULL)
        {
          g_autofree char *name = g_strdup_printf ("every-kind-%s.png",
                                                   theme == AIPERF_THEME_DARK ? "dark" : "light");
          g_autofree char *path = g_build_filename (out, name, NULL);

          g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==,
                           CAIRO_STATUS_SUCCESS);
        }
      cairo_surface_destroy (surface);
    }
}

static void
test_surfaces (void)
{
  g_autoptr(AiperfChart) chart = every_kind_chart ();
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GByteArray) svg = g_byte_array_new ();
  g_autoptr(GByteArray) pdf = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  AiperfStyle style;

  aiperf_style_init (&style, AIPERF_THEME_DARK);

  surface = cairo_svg_surface_create_for_stream (append_bytes, svg, W, H);
  cr = cairo_create (surface);
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, W, H);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (svg->len, >, 1000);
  g_assert_nonnull (g_strstr_len ((const char *) svg->data, svg->len, "<svg"));
  /* vector output stays vector: markers are paths, not an embedded picture */
  g_assert_null (g_strstr_len ((const char *) svg->data, svg->len, "<image"));

  surface = cairo_pdf_surface_create_for_stream (append_bytes, pdf, W, H);
  cr = cairo_create (surface);
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, W, H);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (pdf->len, >, 1000);
  g_assert_true (memcmp (pdf->data, "%PDF", 4) == 0);

  /* a recording surface has no pixels at all */
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (surface);
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, W, H);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  aiperf_style_clear (&style);
}

/* Text and axes are measured into the margins: nothing touches the edges of
 * the canvas, whatever the size and scale. */
static void
test_nothing_clipped (void)
{
  g_autoptr(AiperfChart) chart = every_kind_chart ();
  const struct { int w, h; double scale; } cases[] = {
    { 1600, 800, 1.0 }, { 2400, 1200, 1.5 }, { 640, 400, 1.0 }, { 900, 500, 2.0 },
  };

  aiperf_axis_set_label (&chart->y, "A long axis title that needs its room", "tokens/sec/user");
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                             cases[k].w, cases[k].h);
      cairo_t *cr = cairo_create (surface);
      AiperfStyle style;
      guint edge = 0;

      aiperf_style_init (&style, AIPERF_THEME_LIGHT);
      style.scale = cases[k].scale;
      aiperf_renderer_draw (renderer, cr, chart, NULL, &style, cases[k].w, cases[k].h);
      cairo_destroy (cr);
      for (int x = 0; x < cases[k].w; x++)
        for (int d = 0; d < 2; d++)
          edge += !pixel_near (read_pixel (surface, x, d), 0xffffff, 30)
                + !pixel_near (read_pixel (surface, x, cases[k].h - 1 - d), 0xffffff, 30);
      for (int y = 0; y < cases[k].h; y++)
        for (int d = 0; d < 2; d++)
          edge += !pixel_near (read_pixel (surface, d, y), 0xffffff, 30)
                + !pixel_near (read_pixel (surface, cases[k].w - 1 - d, y), 0xffffff, 30);
      g_test_message ("%dx%d scale %g: %u ink pixels on the edges",
                      cases[k].w, cases[k].h, cases[k].scale, edge);
      g_assert_cmpuint (edge, ==, 0);
      aiperf_style_clear (&style);
      cairo_surface_destroy (surface);
    }
}

/* The topmost and bottommost pixel rows in column @x that the line's blue
 * reached (background is white, grid grey: blue has more blue than red). */
static void
blue_extent (cairo_surface_t *surface,
             double           x,
             double           y0,
             double           y1,
             double          *top,
             double          *bottom)
{
  *top = NAN;
  *bottom = NAN;
  for (double y = y0; y <= y1; y++)
    {
      Pixel p = read_pixel (surface, x, y);

      if ((int) p.b > (int) p.r + 30)
        {
          if (isnan (*top))
            *top = y;
          *bottom = y;
        }
    }
}

/* The centre of @series' legend swatch: 8 px into the entry (its
 * padding), a marker or line centred in 28 px, on the row's middle. */
static void
swatch_centre (AiperfRenderer *renderer,
               int             series,
               double         *cx,
               double         *cy)
{
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, y1 = -1;

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      if (aiperf_renderer_pick_legend (renderer, x, y) == series)
        x0 = MIN (x0, x), y0 = MIN (y0, y), y1 = MAX (y1, y);
  g_assert_cmpfloat (y1, >=, 0);
  *cx = x0 + 8 + 14;
  *cy = (y0 + y1 + 1) / 2.0;
}

static gboolean
blue_at (cairo_surface_t *surface,
         double           x,
         double           y)
{
  Pixel p = read_pixel (surface, x, y);

  return (int) p.b > (int) p.r + 30;
}

/* 6,348 time slices (a slow wave with noise, one slice far above and one
 * far below) in an 800 px chart: drawn as a line through each pixel
 * column's extremes, no more vertices than four a column, and the two
 * extremes reach exactly their pixels, and the legend's swatch is a line,
 * no marker. Zoomed to 50 slices they are markers again, one each, and so
 * is the swatch. */
static void
test_dense_points_as_line (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("Time slices");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (6348);
  int s = aiperf_chart_add_series (chart, "Time Slice Average", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);
  const guint high = 1234, low = 4321;
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  guint64 count;
  double px, py, top, bottom;

  layer->marker_size = 10;
  layer->dense_as_line = TRUE;
  for (guint i = 0; i < 6348; i++)
    {
      double v = 5 + 1.5 * sin (i / 700.0) + g_rand_double_range (rand, -0.3, 0.3);

      aiperf_layer_append_point (layer, i + 0.5, i == high ? 9.0 : i == low ? 1.0 : v, (int) i);
    }
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 0, 6348);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  count = aiperf_renderer_get_primitive_count (renderer);
  g_test_message ("6348 slices as a line: %" G_GUINT64_FORMAT " vertices, plot %g px wide", count, a.width);
  g_assert_cmpuint (count, >, 2 * (guint64) a.width);
  g_assert_cmpuint (count, <=, 4 * (guint64) ceil (a.width));

  /* the highest slice: its column's line reaches its pixel row, no further */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, high + 0.5, 9.0, FALSE, &px, &py));
  blue_extent (surface, px, a.y, a.y + a.height - 1, &top, &bottom);
  g_assert_cmpfloat (fabs (top - py), <=, 1.5);
  /* the lowest */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, low + 0.5, 1.0, FALSE, &px, &py));
  blue_extent (surface, px, a.y, a.y + a.height - 1, &top, &bottom);
  g_assert_cmpfloat (fabs (bottom - py), <=, 1.5);
  /* a column elsewhere stays within the wave's noise (5 ± 1.5 ± 0.3) */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 3000.5, 5.0, FALSE, &px, &py));
  blue_extent (surface, px, a.y, a.y + a.height - 1, &top, &bottom);
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 3000.5, 7.0, FALSE, NULL, &py));
  g_assert_cmpfloat (top, >=, py);
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 3000.5, 3.0, FALSE, NULL, &py));
  g_assert_cmpfloat (bottom, <=, py);
  /* the swatch: a line across its 28 px, thin (no 9 px marker in it) */
  {
    double cx, cy;

    swatch_centre (renderer, s, &cx, &cy);
    g_assert_true (blue_at (surface, cx - 10, cy) || blue_at (surface, cx - 10, cy - 1));
    g_assert_true (blue_at (surface, cx + 10, cy) || blue_at (surface, cx + 10, cy - 1));
    g_assert_false (blue_at (surface, cx, cy - 3.5));
    g_assert_false (blue_at (surface, cx, cy + 3));
  }
  cairo_surface_destroy (surface);

  /* zoomed in to 50 slices: room for their markers, one each (and one
   * each side, cut by the edges) */
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 1210, 1260);
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  g_assert_cmpuint (aiperf_renderer_get_primitive_count (renderer), ==, 52);
  /* the highest is a marker: as wide as one, not a line's width */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, high + 0.5, 9.0, FALSE, &px, &py));
  g_assert_true ((int) read_pixel (surface, px + 3, py).b > (int) read_pixel (surface, px + 3, py).r + 30);
  g_assert_true ((int) read_pixel (surface, px - 3, py).b > (int) read_pixel (surface, px - 3, py).r + 30);
  /* the swatch: a marker again, no line out to its ends */
  {
    double cx, cy;

    swatch_centre (renderer, s, &cx, &cy);
    g_assert_true (blue_at (surface, cx, cy - 3) && blue_at (surface, cx, cy + 2));
    g_assert_false (blue_at (surface, cx - 10, cy) || blue_at (surface, cx + 10, cy));
  }
  cairo_surface_destroy (surface);
}

/* Two panels of @n time slices each (a slow wave with noise), their
 * series named in a legend they share. */
static AiperfChart *
panels_of_slices (guint n)
{
  AiperfChart *chart = aiperf_chart_new ("Time slices by rank");

  aiperf_chart_add_series (chart, "Time Slice Average", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  for (guint p = 0; p < 2; p++)
    {
      g_autofree char *title = g_strdup_printf ("Rank %u", p);
      AiperfChart *panel = aiperf_chart_new (title);
      int s = aiperf_chart_add_series (panel, "Time Slice Average", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
      AiperfLayer *layer = aiperf_chart_add_layer (panel, AIPERF_LAYER_POINTS, s);

      ((AiperfSeries *) g_ptr_array_index (panel->series, s))->in_legend = FALSE;
      layer->marker_size = 10;
      layer->dense_as_line = TRUE;
      for (guint i = 0; i < n; i++)
        aiperf_layer_append_point (layer, i + 0.5, 5 + 1.5 * sin (i / (n / 9.0)) + 0.3 * sin (i * 7.7), (int) i);
      aiperf_chart_add_panel (chart, panel);
    }
  return chart;
}

/* The legend the panels share draws a series as the panels do: 6,348
 * slices a panel, drawn as a line, have a line for a swatch, no marker;
 * 12 a panel, drawn as markers, a marker. */
static void
test_panels_dense_as_line (void)
{
  g_autoptr(AiperfChart) dense = panels_of_slices (6348);
  g_autoptr(AiperfChart) sparse = panels_of_slices (12);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface;
  double cx, cy;

  surface = draw_chart (renderer, dense, NULL, AIPERF_THEME_LIGHT, W, H);
  swatch_centre (renderer, 0, &cx, &cy);
  g_test_message ("shared legend's swatch at %g, %g", cx, cy);
  /* right of the panels */
  g_assert_cmpfloat (cx, >, W / 2);
  g_assert_true (blue_at (surface, cx - 10, cy) || blue_at (surface, cx - 10, cy - 1));
  g_assert_true (blue_at (surface, cx + 10, cy) || blue_at (surface, cx + 10, cy - 1));
  g_assert_false (blue_at (surface, cx, cy - 3.5));
  g_assert_false (blue_at (surface, cx, cy + 3));
  cairo_surface_destroy (surface);

  surface = draw_chart (renderer, sparse, NULL, AIPERF_THEME_LIGHT, W, H);
  swatch_centre (renderer, 0, &cx, &cy);
  g_assert_true (blue_at (surface, cx, cy - 3) && blue_at (surface, cx, cy + 2));
  g_assert_false (blue_at (surface, cx - 10, cy) || blue_at (surface, cx + 10, cy));
  cairo_surface_destroy (surface);
}

/* Horizontal bars (GEMM's TFLOP/s per kernel) have a box for a swatch,
 * as vertical bars do, not a line: blue 4 px above and below its middle. */
static void
test_hbars_swatch (void)
{
  g_autoptr(AiperfChart) chart = aiperf_chart_new ("TFLOP/s per kernel");
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *surface;
  double cx, cy;

  for (guint i = 0; i < 2; i++)
    {
      int s = aiperf_chart_add_series (chart, i == 0 ? "bf16" : "fp32", aiperf_color_palette (i), AIPERF_LAYER_HBARS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_HBARS, s);

      aiperf_layer_append_hbar (layer, i, 0.8, 100 + 50 * i, NAN, NAN, 0);
    }
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, W, H);
  swatch_centre (renderer, 0, &cx, &cy);
  g_test_message ("hbars swatch at %g, %g", cx, cy);
  g_assert_true (blue_at (surface, cx, cy - 4));
  g_assert_true (blue_at (surface, cx, cy + 4));
  cairo_surface_destroy (surface);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/decimate/points", test_decimate_points);
  g_test_add_func ("/aiperf/render/decimate/line", test_decimate_line);
  g_test_add_func ("/aiperf/render/decimate/segments", test_decimate_segments);
  g_test_add_func ("/aiperf/render/decimate/dense-points-as-line", test_dense_points_as_line);
  g_test_add_func ("/aiperf/render/decimate/panels-dense-as-line", test_panels_dense_as_line);
  g_test_add_func ("/aiperf/render/axis/category-ticks", test_category_ticks);
  g_test_add_func ("/aiperf/render/layers/shapes", test_shapes);
  g_test_add_func ("/aiperf/render/layers/hbars-swatch", test_hbars_swatch);
  g_test_add_func ("/aiperf/render/layers/cell-text-contrast", test_cell_text_contrast);
  g_test_add_func ("/aiperf/render/layers/every-kind", test_every_kind);
  g_test_add_func ("/aiperf/render/surfaces/svg-pdf-recording", test_surfaces);
  g_test_add_func ("/aiperf/render/layout/nothing-clipped", test_nothing_clipped);
  return g_test_run ();
}
