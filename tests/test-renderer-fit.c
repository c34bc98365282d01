/* test-renderer-fit.c — what stays in its place: legends that do not run
 * off the image ("+N more", rows below the plot on narrow charts), data
 * that does not spill over the axes when zoomed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "renderer-test-util.h"

static AiperfChart *
many_series_chart (guint n)
{
  AiperfChart *chart = aiperf_chart_new ("Many runs");

  aiperf_axis_set_label (&chart->x, "Latency", "ms");
  aiperf_axis_set_label (&chart->y, "Throughput", "tokens/s");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Qwen_Qwen3-0.6B-openai-chat-concurrency%u", i + 1);
      int s = aiperf_chart_add_series (chart, name, aiperf_color_palette (i), AIPERF_LAYER_POINTS);
      AiperfLayer *layer = aiperf_chart_add_layer (chart, AIPERF_LAYER_POINTS, s);

      aiperf_layer_append_point (layer, i, 100.0 - i, (int) i);
    }
  return chart;
}

/* Series with a legend entry someone could click. */
static guint
count_entries (AiperfRenderer *renderer,
               guint           n_series,
               double          width,
               double          height)
{
  g_autofree gboolean *seen = g_new0 (gboolean, n_series);
  guint n = 0;

  for (double y = 1; y < height; y += 2)
    for (double x = 1; x < width; x += 3)
      {
        int s = aiperf_renderer_pick_legend (renderer, x, y);

        if (s >= 0 && !seen[s])
          {
            seen[s] = TRUE;
            n++;
          }
      }
  return n;
}

/* 100 entries in 800 px: all of them, in columns right of the plot, each
 * named by what it does not share with the others ("concurrency 7"); 600
 * do not fit: as many as the room holds, then "+N more". */
static void
test_more (void)
{
  g_autoptr(AiperfChart) chart = many_series_chart (100);
  g_autoptr(AiperfChart) crowd = many_series_chart (600);
  AiperfRenderer *renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, 1600, 800);
  AiperfRect area = aiperf_renderer_get_plot_area (renderer);
  double x0 = 0, y0 = 0, x = 0, y = 0;
  guint shown;

  g_assert_cmpuint (count_entries (renderer, 100, 1600, 800), ==, 100);
  g_assert_cmpstr (aiperf_renderer_get_legend_short_name (renderer, 6), ==, "concurrency 7");
  /* in columns: the 1st and the 100th side by side, right of the plot */
  g_assert_true (find_legend (renderer, 0, 1600, 800, &x0, &y0));
  g_assert_true (find_legend (renderer, 99, 1600, 800, &x, &y));
  g_assert_cmpfloat (x, >, x0 + 40);
  g_assert_cmpfloat (x0, >, area.x + area.width);
  g_assert_cmpfloat (y, <, 800 - 20);
  /* the plot keeps two thirds of the width */
  g_assert_cmpfloat (area.width, >, 1600 * 0.6);
  cairo_surface_destroy (surface);

  surface = draw_chart (renderer, crowd, NULL, AIPERF_THEME_LIGHT, 1600, 800);
  shown = count_entries (renderer, 600, 1600, 800);
  g_assert_cmpuint (shown, >, 100);
  g_assert_cmpuint (shown, <, 600);
  g_assert_true (find_legend (renderer, (int) shown - 1, 1600, 800, &x, &y));
  g_assert_cmpfloat (y, <, 800 - 20);
  g_assert_false (find_legend (renderer, 599, 1600, 800, &x, &y));
  g_assert_true (find_legend (renderer, AIPERF_LEGEND_MORE, 1600, 800, &x, &y));
  cairo_surface_destroy (surface);
  aiperf_renderer_free (renderer);
}

/* A narrow chart puts the legend below the plot, names whole. */
static void
test_below (void)
{
  g_autoptr(AiperfChart) chart = many_series_chart (3);
  AiperfRenderer *renderer = aiperf_renderer_new ();
  cairo_surface_t *surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, 420, 500);
  AiperfRect area = aiperf_renderer_get_plot_area (renderer);
  double x = 0, y = 0;

  g_assert_cmpuint (count_entries (renderer, 3, 420, 500), ==, 3);
  g_assert_true (find_legend (renderer, 0, 420, 500, &x, &y));
  g_assert_cmpfloat (y, >, area.y + area.height);
  /* The plot keeps (nearly) the whole width. */
  g_assert_cmpfloat (area.width, >, 420 * 0.7);
  cairo_surface_destroy (surface);
  aiperf_renderer_free (renderer);
}

/* 300 series at 760 × 600, as the window draws them (scale 1) and as
 * --headless --size 760x600 does (scale 760/1600), with long names (runs
 * grouped by name) and short ones (by concurrency): the legend lists the
 * first entries and then "+N more", or every entry; every entry, and the
 * "+N more" whole, lies inside the image, and no text of it touches the
 * image's edge (it was cut at "+294"). */
static void
test_small_canvas (void)
{
  const double scales[] = { 1.0, 760 / 1600.0 };
  const int w = 760, h = 600;

  for (guint long_names = 0; long_names < 2; long_names++)
    for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
      {
        g_autoptr(AiperfChart) chart = many_series_chart (300);
        AiperfRenderer *renderer = aiperf_renderer_new ();
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
        cairo_t *cr = cairo_create (surface);
        g_autofree gboolean *seen = g_new0 (gboolean, 300);
        double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -1, y1 = -1;
        double mx0 = G_MAXDOUBLE, my0 = G_MAXDOUBLE, mx1 = -1, my1 = -1;
        guint shown = 0;
        AiperfStyle style;

        if (!long_names)
          for (guint i = 0; i < 300; i++)
            {
              AiperfSeries *series = g_ptr_array_index (chart->series, i);

              g_free (series->name);
              series->name = g_strdup_printf ("%u", i + 1);
            }
        aiperf_style_init (&style, AIPERF_THEME_LIGHT);
        style.scale = scales[k];
        aiperf_renderer_draw (renderer, cr, chart, NULL, &style, w, h);
        cairo_destroy (cr);
        aiperf_style_clear (&style);

        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++)
            {
              int series = aiperf_renderer_pick_legend (renderer, x, y);

              if (series == -1)
                continue;
              x0 = MIN (x0, x), y0 = MIN (y0, y), x1 = MAX (x1, x), y1 = MAX (y1, y);
              if (series == AIPERF_LEGEND_MORE)
                mx0 = MIN (mx0, x), my0 = MIN (my0, y), mx1 = MAX (mx1, x), my1 = MAX (my1, y);
              else if (!seen[series])
                {
                  seen[series] = TRUE;
                  shown++;
                }
            }
        g_test_message ("%s names, scale %.3f: %u entries shown, legend %g,%g to %g,%g", long_names ? "long" : "short",
                        scales[k], shown, x0, y0, x1, y1);
        /* the first entries, in order */
        g_assert_cmpuint (shown, >=, 3);
        for (guint i = 0; i < 300; i++)
          g_assert_cmpint (seen[i], ==, i < shown);
        /* "+N more" stands for the rest, if any; 300 numbers in the
         * export's small font fit in columns */
        if (!long_names && k == 1)
          g_assert_cmpuint (shown, ==, 300);
        else
          g_assert_cmpuint (shown, <, 300);
        g_assert_cmpint (mx1 >= 0, ==, shown < 300);
        /* all of it inside, clear of the edges */
        g_assert_cmpfloat (x0, >=, 2);
        g_assert_cmpfloat (y0, >=, 2);
        g_assert_cmpfloat (x1, <=, w - 3);
        g_assert_cmpfloat (y1, <=, h - 3);
        if (shown < 300)
          {
            g_assert_cmpfloat (mx1, <=, w - 3);
            g_assert_cmpfloat (my1, <=, h - 3);
            /* no ink of the "+N more" row at the right edge or below the image */
            g_assert_cmpuint (count_ink (surface, w - 3, my0, w, my1 + 1), ==, 0);
            g_assert_cmpuint (count_ink (surface, mx0, h - 2, mx1 + 1, h), ==, 0);
          }
        cairo_surface_destroy (surface);
        aiperf_renderer_free (renderer);
      }
}

/* A whole legend (a PDF's, a picture's): 60 long names at 1000 × 900
 * are every one listed, below the plot in rows, no "+N more", every entry
 * inside the image (rows as wide as the image start left of the plot). */
static void
test_whole (void)
{
  const int w = 1000, h = 900;
  g_autoptr(AiperfChart) chart = many_series_chart (60);
  AiperfRenderer *renderer = aiperf_renderer_new ();
  cairo_surface_t *surface;
  AiperfRect area;
  double x0 = G_MAXDOUBLE, x1 = -1, y0 = G_MAXDOUBLE;
  guint more = 0;

  /* names as LLMPerf runs' are: three to a row fill the image's width */
  for (guint i = 0; i < 60; i++)
    {
      AiperfSeries *series = g_ptr_array_index (chart->series, i);

      g_free (series->name);
      series->name = g_strdup_printf ("org-%02u/serving-model-%02u-instruct (LLMPerf: anyscale)", i, i);
    }
  aiperf_renderer_set_whole_legend (renderer, TRUE);
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, w, h);
  area = aiperf_renderer_get_plot_area (renderer);
  g_assert_cmpuint (count_entries (renderer, 60, w, h), ==, 60);
  for (int y = 0; y < h; y += 2)
    for (int x = 0; x < w; x++)
      {
        int series = aiperf_renderer_pick_legend (renderer, x, y);

        more += series == AIPERF_LEGEND_MORE;
        if (series < 0)
          continue;
        x0 = MIN (x0, x), x1 = MAX (x1, x), y0 = MIN (y0, y);
      }
  g_assert_cmpuint (more, ==, 0);
  g_assert_cmpfloat (y0, >, area.y + area.height);
  g_assert_cmpfloat (x0, >=, 2);
  g_assert_cmpfloat (x1, <=, w - 3);
  g_assert_null (aiperf_renderer_get_legend_short_name (renderer, 0));
  /* the same chart without (the window's): all 60 too, beside the plot by
   * what their names do not share */
  aiperf_renderer_set_whole_legend (renderer, FALSE);
  cairo_surface_destroy (surface);
  surface = draw_chart (renderer, chart, NULL, AIPERF_THEME_LIGHT, w, h);
  g_assert_cmpuint (count_entries (renderer, 60, w, h), ==, 60);
  g_assert_nonnull (aiperf_renderer_get_legend_short_name (renderer, 0));
  area = aiperf_renderer_get_plot_area (renderer);
  g_assert_true (find_legend (renderer, 59, w, h, &x0, &y0));
  g_assert_cmpfloat (x0, >, area.x + area.width);
  cairo_surface_destroy (surface);
  aiperf_renderer_free (renderer);
}

/* Zoomed so a big marker sits on the plot's left edge: nothing of it is
 * drawn left of the edge, over the axis labels. */
static void
test_zoom_clips (void)
{
  g_autoptr(AiperfChart) chart = points_chart (AIPERF_SCALE_LINEAR);
  AiperfRenderer *renderer = aiperf_renderer_new ();
  AiperfLayer *layer = g_ptr_array_index (chart->layers, 0);
  cairo_surface_t *surface;
  AiperfViewport vp;
  AiperfRect a;
  double px, py;

  layer->marker_size = 30;
  fixed_view (&vp, AIPERF_SCALE_LINEAR, 100, 1100);
  vp.y_min = 0;
  vp.y_max = 10;
  surface = draw_chart (renderer, chart, &vp, AIPERF_THEME_LIGHT, W, H);
  a = aiperf_renderer_get_plot_area (renderer);
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 100, 5, FALSE, &px, &py));
  g_assert_cmpfloat_with_epsilon (px, a.x, 0.5);
  /* Inside: the marker's colour; outside, left of the axis: none of it. */
  g_assert_true (pixel_near (read_pixel (surface, a.x + 6, py), BLUE, 40));
  for (double x = a.x - 14; x < a.x - 1; x += 1)
    for (double y = py - 10; y < py + 10; y += 1)
      {
        Pixel p = read_pixel (surface, x, y);

        /* Tick labels and marks are grey; the marker is clearly blue. */
        g_assert_cmpint (p.b, <, p.r + 40);
      }
  cairo_surface_destroy (surface);
  aiperf_renderer_free (renderer);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aiperf/renderer/legend/more", test_more);
  g_test_add_func ("/aiperf/renderer/legend/below", test_below);
  g_test_add_func ("/aiperf/renderer/legend/760x600", test_small_canvas);
  g_test_add_func ("/aiperf/renderer/legend/whole", test_whole);
  g_test_add_func ("/aiperf/renderer/zoom-clips", test_zoom_clips);
  return g_test_run ();
}
