/* test-writer.c — PNG, SVG and PDF files, and atomic writing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#include <glib/gstdio.h>
#include <string.h>

#include "aiperf-error.h"
#include "aiperf-writer.h"
#include "renderer-test-util.h"
#include "aiperf-renderer.h"

static AiperfChart *
make_chart (void)
{
  AiperfChart *chart = aiperf_chart_new ("Writer test");
  int s = aiperf_chart_add_series (chart, "run", aiperf_color_palette (0), AIPERF_LAYER_POINTS);
  AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);

  aiperf_axis_set_label (&chart->x, "Request Latency", "ms");
  aiperf_axis_set_label (&chart->y, "Output Token Throughput", "tokens/sec");
  layer->marker_size = 14;
  for (int i = 0; i < 20; i++)
    aiperf_layer_append_point (layer, i, i * i, i);
  return chart;
}

static char *
write_one (const char        *dir,
           AiperfImageFormat  format,
           int                width,
           int                height)
{
  g_autoptr(AiperfChart) chart = make_chart ();
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("chart.%s", aiperf_image_format_extension (format));
  char *path = g_build_filename (dir, name, NULL);
  AiperfStyle style;

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  style.scale = width / 1600.0;
  g_assert_true (aiperf_write_chart (chart, NULL, &style, format, width, height, path, &error));
  g_assert_no_error (error);
  aiperf_style_clear (&style);
  return path;
}

static guint32
read_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static guint32
rgb_of (AiperfRGBA c)
{
  return (guint32) lround (c.r * 255) << 16 | (guint32) lround (c.g * 255) << 8 |
         (guint32) lround (c.b * 255);
}

/* The PNG holds the chart, not just a header: decoded (by cairo's own
 * reader, whatever encoder wrote it) it shows the series colour at the
 * pixel of a known point, the paper and plot background where nothing is
 * drawn, and every pixel of a direct render of the same chart. */
static void
test_png (void)
{
  const int w = 1234, h = 567;
  g_autofree char *dir = g_dir_make_tmp ("aiperf-writer-XXXXXX", NULL);
  g_autofree char *path = write_one (dir, AIPERF_FORMAT_PNG, w, h);
  g_autofree char *data = NULL;
  g_autoptr(AiperfChart) chart = make_chart ();
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  cairo_surface_t *png, *direct;
  cairo_t *cr;
  AiperfStyle style;
  AiperfRect area;
  guint32 series, paper, plot;
  double px, py;
  guint differ = 0;
  gboolean found_plot = FALSE;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpuint (len, >, 33);
  g_assert_true (memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0);
  g_assert_true (memcmp (data + 12, "IHDR", 4) == 0);
  g_assert_cmpuint (read_be32 ((const guint8 *) data + 16), ==, (guint) w);
  g_assert_cmpuint (read_be32 ((const guint8 *) data + 20), ==, (guint) h);

  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, h);

  /* The same chart and style drawn directly: its layout says where things are. */
  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  style.scale = w / 1600.0;
  direct = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (direct);
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, w, h);
  cairo_destroy (cr);
  series = rgb_of (aiperf_style_resolve (&style, aiperf_color_palette (0)));
  paper = rgb_of (style.background);
  plot = rgb_of (style.plot_background);
  aiperf_style_clear (&style);

  /* Points (10, 100) and (19, 361): the marker centres are the series colour. */
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 10, 100, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (png, px, py), series, 24));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 19, 361, FALSE, &px, &py));
  g_assert_true (pixel_near (read_pixel (png, px, py), series, 24));
  /* Paper in the corner; plot background far below the curve at x = 15
   * (y = 40 against 225), allowing for a grid line through the spot. */
  g_assert_true (pixel_near (read_pixel (png, 1, 1), paper, 0));
  g_assert_true (pixel_near (read_pixel (png, w - 2, h - 2), paper, 0));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 15, 40, FALSE, &px, &py));
  area = aiperf_renderer_get_plot_area (renderer);
  g_assert_true (px > area.x && px < area.x + area.width && py > area.y && py < area.y + area.height);
  for (int dy = -3; dy <= 3; dy++)
    for (int dx = -3; dx <= 3; dx++)
      found_plot |= pixel_near (read_pixel (png, px + dx, py + dy), plot, 0);
  g_assert_true (found_plot);
  g_assert_false (pixel_near (read_pixel (png, px, py), series, 64));

  /* Lossless: the file is the render. */
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        Pixel a = read_pixel (png, x, y), b = read_pixel (direct, x, y);

        differ += a.r != b.r || a.g != b.g || a.b != b.b;
      }
  g_assert_cmpuint (differ, ==, 0);

  cairo_surface_destroy (direct);
  cairo_surface_destroy (png);
  g_unlink (path);
  g_rmdir (dir);
}

/* The PNG holds exactly the pixels the renderer draws on an image surface,
 * also when the writer reuses its surface for a second, different chart of
 * the same size (light, then dark). */
static void
test_png_pixels (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-writer-XXXXXX", NULL);
  g_autoptr(AiperfChart) chart = make_chart ();

  aiperf_writer_keep_surfaces (TRUE);
  for (int round = 0; round < 2; round++)
    {
      AiperfTheme theme = round == 0 ? AIPERF_THEME_LIGHT : AIPERF_THEME_DARK;
      g_autofree char *path = g_build_filename (dir, "pixels.png", NULL);
      g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
      g_autoptr(GError) error = NULL;
      cairo_surface_t *want = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 320);
      cairo_surface_t *got;
      cairo_t *cr = cairo_create (want);
      AiperfStyle style;
      int stride_w, stride_g, differ = 0;

      aiperf_style_init (&style, theme);
      style.scale = 640 / 1600.0;
      aiperf_renderer_draw (renderer, cr, chart, NULL, &style, 640, 320);
      cairo_destroy (cr);
      cairo_surface_flush (want);
      g_assert_true (aiperf_write_chart (chart, NULL, &style, AIPERF_FORMAT_PNG, 640, 320, path, &error));
      g_assert_no_error (error);
      aiperf_style_clear (&style);

      got = cairo_image_surface_create_from_png (path);
      g_assert_cmpint (cairo_surface_status (got), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (got), ==, 640);
      g_assert_cmpint (cairo_image_surface_get_height (got), ==, 320);
      stride_w = cairo_image_surface_get_stride (want);
      stride_g = cairo_image_surface_get_stride (got);
      for (int y = 0; y < 320; y++)
        differ += memcmp (cairo_image_surface_get_data (want) + (gsize) y * stride_w,
                          cairo_image_surface_get_data (got) + (gsize) y * stride_g, 640 * 4) != 0;
      g_assert_cmpint (differ, ==, 0);
      /* and it is a chart, not a blank: the corner is the theme's background */
      g_assert_cmphex (((guint32 *) (void *) cairo_image_surface_get_data (got))[0], ==,
                       round == 0 ? 0xffffffffu : 0xff252525u);
      cairo_surface_destroy (want);
      cairo_surface_destroy (got);
      g_unlink (path);
    }
  aiperf_writer_keep_surfaces (FALSE);
  g_rmdir (dir);
}

typedef struct {
  char *root;
  char *width;
  guint n_elements;
} SvgInfo;

static void
svg_start (GMarkupParseContext *context,
           const char          *element,
           const char         **names,
           const char         **values,
           gpointer             user_data,
           GError             **error)
{
  SvgInfo *info = user_data;

  if (info->root == NULL)
    {
      info->root = g_strdup (element);
      for (guint i = 0; names[i] != NULL; i++)
        if (strcmp (names[i], "width") == 0)
          info->width = g_strdup (values[i]);
    }
  info->n_elements++;
}

static void
test_svg (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-writer-XXXXXX", NULL);
  g_autofree char *path = write_one (dir, AIPERF_FORMAT_SVG, 800, 400);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  GMarkupParser parser = { svg_start, NULL, NULL, NULL, NULL };
  SvgInfo info = { 0 };
  GMarkupParseContext *context;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  context = g_markup_parse_context_new (&parser, 0, &info, NULL);
  g_assert_true (g_markup_parse_context_parse (context, data, len, &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (context);
  g_assert_cmpstr (info.root, ==, "svg");
  g_assert_true (g_str_has_prefix (info.width, "800"));
  g_assert_cmpuint (info.n_elements, >, 20);
  g_free (info.root);
  g_free (info.width);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_pdf (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-writer-XXXXXX", NULL);
  g_autofree char *path = write_one (dir, AIPERF_FORMAT_PDF, 800, 400);
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  /* PDF streams hold NUL bytes: search with memmem, not strstr. */
  g_assert_nonnull (memmem (data + len - 16, 16, "%%EOF", 5));
  g_assert_nonnull (memmem (data, len, "/MediaBox [ 0 0 800 400 ]", 25));
  g_unlink (path);
  g_rmdir (dir);
}

/* A target that cannot be replaced (here: a folder) fails cleanly and
 * leaves no temporary file behind. */
static void
test_atomic_failure (void)
{
  g_autofree char *dir = g_dir_make_tmp ("aiperf-writer-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (dir, "chart.png", NULL);
  g_autoptr(AiperfChart) chart = make_chart ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  AiperfStyle style;

  g_assert_cmpint (g_mkdir (target, 0755), ==, 0);
  aiperf_style_init (&style, AIPERF_THEME_DARK);
  g_assert_false (aiperf_write_chart (chart, NULL, &style, AIPERF_FORMAT_PNG, 400, 200,
                                      target, &error));
  g_assert_error (error, AIPERF_ERROR, AIPERF_ERROR_IO);
  g_assert_nonnull (strstr (error->message, target));
  aiperf_style_clear (&style);

  listing = g_dir_open (dir, 0, NULL);
  g_assert_cmpstr (g_dir_read_name (listing), ==, "chart.png");
  g_assert_null (g_dir_read_name (listing));
  g_rmdir (target);
  g_rmdir (dir);
}

static void
test_formats (void)
{
  AiperfImageFormat format;

  g_assert_true (aiperf_image_format_from_string ("SVG", &format));
  g_assert_cmpint (format, ==, AIPERF_FORMAT_SVG);
  g_assert_false (aiperf_image_format_from_string ("jpeg", &format));
  g_assert_cmpstr (aiperf_image_format_extension (AIPERF_FORMAT_PDF), ==, "pdf");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/writer/png", test_png);
  g_test_add_func ("/aiperf/render/writer/png-pixels", test_png_pixels);
  g_test_add_func ("/aiperf/render/writer/svg", test_svg);
  g_test_add_func ("/aiperf/render/writer/pdf", test_pdf);
  g_test_add_func ("/aiperf/render/writer/atomic-failure", test_atomic_failure);
  g_test_add_func ("/aiperf/render/writer/formats", test_formats);
  return g_test_run ();
}
