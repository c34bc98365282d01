/* test-render-kernels.c — the top kernels chart as drawn: in an SVG of the
 * EPLB OFF summary, the top bar (fused_moe_kernel, 2.000 s) starts at x = 0
 * and ends where 2 s is on the axis, at the top category; the second
 * (SendRecv, 1.000 s) half as long below it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aiperf-run-set-load.h"
#include "aiperf-plot-handlers.h"
#include "aiperf-kernels-private.h"
#include "aiperf-presets.h"
#include "renderer-test-util.h"

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static AiperfChart *
build (const char *preset,
       const char *first,
       ...)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) runs = NULL;
  g_autoptr(AiperfPlotConfig) config = aiperf_plot_config_load_default (&error);
  GPtrArray *plots = aiperf_plot_config_get_kind_plots (config, "kernels");
  g_autoptr(AiperfPlotSpec) spec = NULL;
  AiperfPlotColors *colors = aiperf_plot_colors_new ();
  AiperfChart *chart;
  va_list args;

  va_start (args, first);
  for (const char *name = first; name != NULL; name = va_arg (args, const char *))
    g_ptr_array_add (paths, g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", name, NULL));
  va_end (args);
  g_ptr_array_add (paths, NULL);
  runs = aiperf_run_set_load ((const char * const *) paths->pdata, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < plots->len && spec == NULL; i++)
    if (g_str_equal (((AiperfPlotSpec *) g_ptr_array_index (plots, i))->name, preset))
      spec = aiperf_plot_spec_copy (g_ptr_array_index (plots, i));
  g_assert_nonnull (spec);
  chart = aiperf_plot_build_multi_run (spec, runs, NULL, colors, &error);
  g_assert_no_error (error);
  aiperf_plot_colors_free (colors);
  return chart;
}

/* The first filled rectangle "M x0 y0 L x1 y0 L x1 y1 L x0 y1 Z" drawn
 * with @fill (a prefix of its style) whose vertical centre is within 2 px
 * of @cy. */
static gboolean
find_bar (const char *svg,
          const char *fill,
          double      cy,
          double     *x0,
          double     *x1,
          double     *y0,
          double     *y1)
{
  for (const char *p = strstr (svg, fill); p != NULL; p = strstr (p + 1, fill))
    {
      const char *d = strstr (p, " d=\"");
      const char *end = strchr (p, '>');

      if (d == NULL || end == NULL || d > end)
        continue;
      /* the layer's bars are the sub-paths of one path */
      for (const char *m = strchr (d, 'M'); m != NULL && m < end; m = strchr (m + 1, 'M'))
        {
          double v[8];

          if (sscanf (m, "M %lf %lf L %lf %lf L %lf %lf L %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
                      &v[6], &v[7]) == 8 && fabs ((v[1] + v[5]) / 2 - cy) < 2)
            {
              *x0 = MIN (v[0], v[2]);
              *x1 = MAX (v[0], v[2]);
              *y0 = MIN (v[1], v[5]);
              *y1 = MAX (v[1], v[5]);
              return TRUE;
            }
        }
    }
  return FALSE;
}

static char *
draw_svg (AiperfRenderer *renderer,
          AiperfChart    *chart,
          const char     *file)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, W, H);
  cairo_t *cr = cairo_create (surface);
  AiperfStyle style;
  char *text;

  aiperf_style_init (&style, AIPERF_THEME_LIGHT);
  aiperf_renderer_draw (renderer, cr, chart, NULL, &style, W, H);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  aiperf_style_clear (&style);
  text = g_strndup ((const char *) bytes->data, bytes->len);
  if (g_getenv ("AIPERF_RENDER_OUT") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("AIPERF_RENDER_OUT"), file, NULL);

      g_assert_true (g_file_set_contents (path, text, -1, NULL));
    }
  return text;
}

static void
test_top_bar (void)
{
  g_autoptr(AiperfChart) chart = build ("top_kernels", "EPLBOFF.csv", NULL);
  g_autoptr(AiperfRenderer) renderer = aiperf_renderer_new ();
  g_autofree char *svg = NULL;
  double zero_x, end_x, top_y, second_end_x, second_y, x0, x1, y0, y1;
  guint n;

  /* the largest (2 s, on an axis in seconds) at the top */
  g_assert_nonnull (chart->y.tick_labels);
  n = chart->y.tick_labels->len;
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpstr (g_ptr_array_index (chart->y.tick_labels, n - 1), ==, "fused_moe_kernel");
  g_assert_cmpstr (chart->x.unit, ==, "s");

  svg = draw_svg (renderer, chart, "top_kernels.svg");
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 0, n - 1, FALSE, &zero_x, &top_y));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 2.0, n - 1, FALSE, &end_x, &top_y));
  g_assert_true (aiperf_renderer_data_to_pixel (renderer, 1.0, n - 2, FALSE, &second_end_x, &second_y));
  g_assert_cmpfloat (end_x - zero_x, >, 200);

  /* one run: every bar in its colour, filled at 0.85 */
  g_assert_true (find_bar (svg, "fill-opacity:0.85", top_y, &x0, &x1, &y0, &y1));
  g_assert_cmpfloat_with_epsilon (x0, zero_x, 1.0);
  g_assert_cmpfloat_with_epsilon (x1, end_x, 1.0);
  g_assert_cmpfloat_with_epsilon ((y0 + y1) / 2, top_y, 1.0);
  g_assert_true (find_bar (svg, "fill-opacity:0.85", second_y, &x0, &x1, &y0, &y1));
  g_assert_cmpfloat_with_epsilon (x0, zero_x, 1.0);
  g_assert_cmpfloat_with_epsilon (x1, second_end_x, 1.0);
  g_assert_cmpfloat_with_epsilon (x1 - x0, (end_x - zero_x) / 2, 1.0);
}

/* The kernel the table selected is shown below the top ones when it is not
 * among them, banded, its bar's id its rank (what the table's rows know). */
static void
test_highlight_beyond_top (void)
{
  g_autofree char *off = g_test_build_filename (G_TEST_DIST, "data", "nsight", "eplb", "EPLBOFF.csv", NULL);
  const char *paths[] = { off, NULL };
  const char *memcpy_name = "Memcpy \"HtoD\" (pinned, async)";
  g_autoptr(GError) error = NULL;
  g_autoptr(AiperfRunSet) runs = aiperf_run_set_load (paths, NULL, NULL, NULL, &error);
  g_autoptr(AiperfPlotSpec) spec = NULL;
  g_autoptr(AiperfChart) chart = NULL;
  AiperfLayer *bars = NULL, *band = NULL;
  const AiperfPlotHandler *type;

  g_assert_no_error (error);
  type = aiperf_plot_handler_find ("top_kernels");
  g_assert_nonnull (type);
  spec = aiperf_plot_spec_new ("top_kernels", type);
  aiperf_plot_spec_set_extra (spec, "top", "3");
  aiperf_plot_spec_set_extra (spec, AIPERF_KERNELS_OPTION_HIGHLIGHT, memcpy_name);
  chart = aiperf_plot_build_multi_run (spec, runs, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chart->y.tick_labels->len, ==, 4);
  for (guint i = 0; i < chart->layers->len; i++)
    {
      AiperfLayer *layer = g_ptr_array_index (chart->layers, i);

      if (layer->kind == AIPERF_LAYER_HBARS && layer->pickable)
        bars = layer;
      else if (layer->kind == AIPERF_LAYER_HBARS)
        band = layer;
    }
  g_assert_nonnull (bars);
  g_assert_nonnull (band);
  /* the bottom row (y 0): 50 ms on an axis in s, the 7th kernel (rank 6) */
  g_assert_cmpuint (aiperf_layer_get_n (bars), ==, 4);
  g_assert_cmpfloat (aiperf_layer_y (bars, 3), ==, 0);
  g_assert_cmpfloat_with_epsilon (aiperf_layer_x (bars, 3), 0.05, 1e-12);
  g_assert_cmpint (g_array_index (bars->ids, int, 3), ==, 6);
  g_assert_cmpint (g_array_index (bars->ids, int, 0), ==, 0);
  g_assert_cmpfloat (aiperf_layer_y (band, 0), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aiperf/render/kernels/top-bar", test_top_bar);
  g_test_add_func ("/aiperf/render/kernels/highlight-beyond-top", test_highlight_beyond_top);
  return g_test_run ();
}
